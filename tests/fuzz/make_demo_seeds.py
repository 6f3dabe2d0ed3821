#!/usr/bin/python3
"""make_demo_seeds: writes the handcrafted seed inputs in tests/fuzz/demo_corpus — valid demos and one file per way to be broken.

Run from the repo root: /usr/bin/python3 tests/fuzz/make_demo_seeds.py
Names: *.dem must load, bad_* must be rejected (tests/fuzz/replay.c checks both).
"""

import os
import shutil
import struct
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.path.join(HERE, "demo_corpus")
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(REPO, "tools"))

import demo_format              # noqa: E402

R, J = 1 << 1, 1 << 4
TINY = demo_format.build("tiny", [(R, R)] + [(R, 0)] * 3 + [(R | J, J), (0, 0)])


def patch(data, at, fmt, value, crc=True):
	"""data with one field replaced (and the CRC made right again unless crc=False)."""
	d = bytearray(data)
	struct.pack_into(fmt, d, at, value)
	if crc:
		d[-4:] = struct.pack("<I", zlib.crc32(bytes(d[:-4])))
	return bytes(d)


SEEDS = {
	"tiny.dem": TINY,
	"empty.dem": demo_format.build("tiny", []),
	"long_run.dem": demo_format.build("test", [(J, 0)] * 600, score=12345, lives=1, health=1, bombs=9),
	"bad_empty": b"",
	"bad_header_only": TINY[:64],
	"bad_magic": patch(TINY, 3, "<B", ord("X")),
	"bad_version": patch(TINY, 4, "<H", 2),
	"bad_flags": patch(TINY, 6, "<H", 1),
	"bad_level_upper": patch(TINY, 8, "<B", ord("T")),
	"bad_level_empty": patch(TINY, 8, "<B", 0),
	"bad_level_padding": patch(TINY, 39, "<B", ord("x")),
	"bad_lives": patch(TINY, 52, "<B", 0),
	"bad_health": patch(TINY, 53, "<B", 200),
	"bad_reserved": patch(TINY, 55, "<B", 1),
	"bad_too_many_runs": patch(TINY, 60, "<I", 16385),
	"bad_length_short": TINY[:-1],
	"bad_length_long": TINY + b"\0",
	"bad_crc": patch(TINY, 64, "<B", 2, crc=False),
	"bad_run_count_zero": patch(TINY, 64, "<B", 0),
	"bad_run_buttons": patch(TINY, 65, "<H", 0x0400),    # the bit above BTN_KICK
	"bad_run_overflow": patch(TINY, 56, "<I", 3),
	"bad_run_underflow": patch(TINY, 56, "<I", 7),
}


def main():
	os.makedirs(CORPUS, exist_ok=True)
	for name, data in SEEDS.items():
		with open(os.path.join(CORPUS, name), "wb") as f:
			f.write(data)
	for name in ("test.dem", "seeds.dem"):
		shutil.copy(os.path.join(REPO, "game", "demos", name), os.path.join(CORPUS, "game_" + name))


if __name__ == "__main__":
	main()
