#!/usr/bin/python3
"""replay_format: reads and writes Shardfall replay files (REPLAY.DAT, CRASHRPL.DAT; layout in game/formats/replay.h).

Usage as a program: replay_format.py FILE   prints the header and the demo's (demo_format.py).
"""

import struct
import sys
import zlib

import demo_format

MAGIC = b"SFRP"
VERSION = 1
HEADER = struct.Struct("<4sHHIIBBBBHHIII")      # magic .. demo_len: 36 bytes
F_INCOMPLETE, F_PANIC, F_MIDFRAME = 1, 2, 4
NO_EPISODE = 0xFF
DEMO_MAX_SIZE = demo_format.HEADER.size + demo_format.RUN.size * demo_format.MAX_RUNS + 4

assert HEADER.size == 36


class ReplayError(Exception):
	pass


def need(cond, fmt, *args):
	if not cond:
		raise ReplayError(fmt % args if args else fmt)


def build(demo, end_tick, frame_crc=0, flags=0, episode_level=NO_EPISODE, bonus=0, source=0, prizes=0,
          secrets=0, frames=0):
	"""A replay around a demo file's bytes (no check: bad ones are built on purpose)."""
	out = HEADER.pack(MAGIC, VERSION, flags, end_tick, frame_crc, episode_level, bonus, source, 0, prizes,
	                  secrets, frames, 0, len(demo)) + demo
	return out + struct.pack("<I", zlib.crc32(out))


def parse(data):
	"""Check a replay like replay_check (game/formats/replay.c); return (header dict, demo bytes). Bytes after it are not read."""
	need(len(data) >= HEADER.size, "file is %d bytes, shorter than the 36-byte header", len(data))
	(magic, version, flags, end_tick, frame_crc, episode_level, bonus, source, reserved1, prizes, secrets,
	 frames, reserved2, demo_len) = HEADER.unpack_from(data)
	need(magic == MAGIC, "bad magic %r, not %r (no replay written here)", magic, MAGIC)
	need(version == VERSION, "version %d not supported (want %d)", version, VERSION)
	need(not flags & ~(F_INCOMPLETE | F_PANIC | F_MIDFRAME), "flags 0x%04X has unknown bits", flags)
	need(not flags & F_MIDFRAME or (flags & F_PANIC and frame_crc == 0), "mid-frame needs panic and crc 0")
	need(source <= 1, "source %d unknown", source)
	need(bonus <= 1 and not (bonus and episode_level == NO_EPISODE), "bonus %d wrong", bonus)
	need(source == 0 or episode_level == NO_EPISODE, "a demo's input with an episode level")
	need(reserved1 == 0 and reserved2 == 0, "reserved fields not 0")
	need(demo_format.HEADER.size + 4 <= demo_len <= DEMO_MAX_SIZE, "demo_len %d out of range", demo_len)
	end = HEADER.size + demo_len
	need(len(data) >= end + 4, "file is %d bytes; a demo of %d needs %d", len(data), demo_len, end + 4)
	crc = struct.unpack_from("<I", data, end)[0]
	need(crc == zlib.crc32(data[:end]), "CRC mismatch (file 0x%08X, computed 0x%08X)", crc, zlib.crc32(data[:end]))
	demo = bytes(data[HEADER.size:end])
	try:
		dh, _ = demo_format.parse(demo)
	except demo_format.DemoError as e:
		raise ReplayError("the demo: %s" % e)
	need(dh["ticks"] <= end_tick, "the demo has %d ticks, past end_tick %d", dh["ticks"], end_tick)
	need((dh["ticks"] < end_tick) == bool(flags & F_INCOMPLETE), "the incomplete flag disagrees with the ticks")
	header = dict(flags=flags, end_tick=end_tick, frame_crc=frame_crc, episode_level=episode_level, bonus=bonus,
	              source=source, prizes=prizes, secrets=secrets, frames=frames, demo_len=demo_len, size=end + 4,
	              level=dh["level"], ticks=dh["ticks"])
	return header, demo


def main(argv):
	if len(argv) != 1:
		print(__doc__.strip(), file=sys.stderr)
		return 2
	with open(argv[0], "rb") as f:
		data = f.read()
	try:
		h, demo = parse(data)
	except ReplayError as e:
		print("%s: %s" % (argv[0], e), file=sys.stderr)
		return 1
	print("replay: level=%(level)s end_tick=%(end_tick)d frame_crc=%(frame_crc)08X flags=%(flags)d "
	      "episode_level=%(episode_level)d bonus=%(bonus)d source=%(source)d size=%(size)d" % h)
	print(demo_format.describe(demo))
	return 0


if __name__ == "__main__":
	sys.exit(main(sys.argv[1:]))
