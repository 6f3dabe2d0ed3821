#!/usr/bin/python3
"""demo_format: reads and writes Shardfall demo files (.dem, layout in game/formats/demo.h) for the demo tools.

Usage as a program: demo_format.py FILE.dem   prints the header and the input runs.
"""

import re
import struct
import sys
import zlib

MAGIC = b"SFDM"
VERSION = 1
HEADER = struct.Struct("<4sHH32sIIIBBBBII")     # magic .. runs: 64 bytes
RUN = struct.Struct("<BHH")                     # count, held, pressed
RUN_MAX = 255
MAX_RUNS = 16384
BUTTONS = "lrudjfbpek"                          # BTN_ bits 0..9 (game/engine/input.h)
BUTTON_MASK = (1 << len(BUTTONS)) - 1
MAX_HEALTH = 3                                  # PLAYER_MAX_HEALTH (game/world/world.h)
START_LIVES = 3                 # PLAYER_START_LIVES (game/world/world.h): lives are only ever lost
MAX_BOMBS = 9                   # MAX_BOMBS (game/cast/player.h)
MAX_SCORE = 9999999             # DEMO_MAX_SCORE (game/formats/demo.h): the status bar's seven digits
NAME_RE = re.compile(r"^[a-z0-9_-]{1,31}$")

assert HEADER.size == 64 and RUN.size == 5


class DemoError(Exception):
	pass


def need(cond, fmt, *args):
	if not cond:
		raise DemoError(fmt % args if args else fmt)


def parse(data):
	"""Check a demo file like demo_check (game/formats/demo.c); return (header dict, [(held, pressed)] per tick)."""
	need(len(data) >= HEADER.size, "file is %d bytes, shorter than the 64-byte header", len(data))
	(magic, version, flags, level, level_crc, seed, score, lives, health, bombs, reserved,
	 ticks, runs) = HEADER.unpack_from(data)
	need(magic == MAGIC, "bad magic %r, not %r", magic, MAGIC)
	need(version == VERSION, "version %d not supported (want %d)", version, VERSION)
	need(flags == 0, "flags 0x%04X not supported", flags)
	name = level.split(b"\0", 1)[0]
	need(level == name + b"\0" * (32 - len(name)), "level name not NUL-terminated and NUL-padded")
	name = name.decode("latin-1")
	need(NAME_RE.match(name), "level name %r: want 1..31 of a-z 0-9 _ -", name)
	need(1 <= lives <= START_LIVES, "starting lives %d outside 1..%d", lives, START_LIVES)
	need(bombs <= MAX_BOMBS, "starting bombs %d outside 0..%d", bombs, MAX_BOMBS)
	need(score <= MAX_SCORE, "starting score %d over %d", score, MAX_SCORE)
	need(1 <= health <= MAX_HEALTH, "starting health %d outside 1..%d", health, MAX_HEALTH)
	need(reserved == 0, "reserved byte is 0x%02X, not 0", reserved)
	need(runs <= MAX_RUNS, "%d runs, more than %d", runs, MAX_RUNS)
	want = HEADER.size + RUN.size * runs + 4
	need(len(data) == want, "file is %d bytes; %d runs need %d", len(data), runs, want)
	crc = struct.unpack_from("<I", data, want - 4)[0]
	need(crc == zlib.crc32(data[:want - 4]), "CRC mismatch (file 0x%08X, computed 0x%08X)",
	     crc, zlib.crc32(data[:want - 4]))
	inputs = []
	for i in range(runs):
		count, held, pressed = RUN.unpack_from(data, HEADER.size + RUN.size * i)
		need(count >= 1, "run %d has count 0", i)
		need(not (held | pressed) & ~BUTTON_MASK, "run %d has unknown buttons", i)
		inputs += [(held, pressed)] * count
		need(len(inputs) <= ticks, "run %d overflows the %d ticks of the header", i, ticks)
	need(len(inputs) == ticks, "runs add up to %d ticks, the header says %d", len(inputs), ticks)
	header = dict(level=name, level_crc=level_crc, seed=seed, score=score, lives=lives,
	              health=health, bombs=bombs, ticks=ticks, runs=runs)
	return header, inputs


def build(level, inputs, seed=1, level_crc=0, score=0, lives=3, health=3, bombs=0):
	"""A demo file from per-tick (held, pressed) pairs, run-length encoded like the recorder."""
	runs = []
	for held, pressed in inputs:
		if runs and runs[-1][0] < RUN_MAX and tuple(runs[-1][1:]) == (held, pressed):
			runs[-1][0] += 1
		else:
			runs.append([1, held, pressed])
	out = HEADER.pack(MAGIC, VERSION, 0, level.encode("ascii"), level_crc, seed, score, lives, health,
	                  bombs, 0, len(inputs), len(runs))
	out += b"".join(RUN.pack(*r) for r in runs)
	return out + struct.pack("<I", zlib.crc32(out))


def buttons(bits):
	return "".join(c for i, c in enumerate(BUTTONS) if bits >> i & 1) or "-"


def describe(data):
	"""Human-readable header and runs, one line each."""
	h, inputs = parse(data)
	lines = ["level=%(level)s level_crc=0x%(level_crc)08X seed=%(seed)d score=%(score)d lives=%(lives)d "
	         "health=%(health)d bombs=%(bombs)d ticks=%(ticks)d runs=%(runs)d" % h]
	tick = 0
	for i in range(h["runs"]):
		count, held, pressed = RUN.unpack_from(data, HEADER.size + RUN.size * i)
		lines.append("ticks %d..%d held=%s pressed=%s" % (tick + 1, tick + count, buttons(held), buttons(pressed)))
		tick += count
	return "\n".join(lines)


def main(argv):
	if len(argv) != 1:
		print(__doc__.strip(), file=sys.stderr)
		return 2
	try:
		with open(argv[0], "rb") as f:
			print(describe(f.read()))
	except (OSError, DemoError) as e:
		print("demo_format: %s: %s" % (argv[0], e), file=sys.stderr)
		return 1
	return 0


if __name__ == "__main__":
	sys.exit(main(sys.argv[1:]))
