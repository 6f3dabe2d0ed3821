#!/usr/bin/python3
"""make_seeds: writes the handcrafted seed inputs in tests/fuzz/corpus — one valid tiny level and one file per way to be broken.

Run from the repo root after `make levels`: /usr/bin/python3 tests/fuzz/make_seeds.py
Names: *.lvl must load, bad_* must be rejected (tests/fuzz/replay.c checks both).
"""

import os
import shutil
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus")
PLAYER, CRITTER, SLUG = 1, 2, 3


def level(w=3, h=2, cells=None, actors=((PLAYER, 0, 0), (CRITTER, 2, 1)), name=b"tiny",
          magic=b"SFLV", version=1, flags=0, count=None, crc=True):
	cells = cells if cells is not None else [0, 1, 9, 0x8000, 8, 9][:w * h] + [0] * max(0, w * h - 6)
	out = struct.pack("<4sHHHHH16s", magic, version, w, h, len(actors) if count is None else count,
	                  flags, name)
	out += struct.pack("<%dH" % len(cells), *cells)
	for a in actors:
		out += struct.pack("<HHH", *a)
	return out + struct.pack("<I", zlib.crc32(out) if crc else 0xDEADBEEF)


SEEDS = {
	"tiny.lvl": level(),
	"bad_empty": b"",
	"bad_header_only": level()[:30],
	"bad_magic": level(magic=b"SFLX"),
	"bad_version": level(version=2),
	"bad_flags": level(flags=1),
	"bad_size_zero": level(w=0, cells=[]),
	"bad_too_many_cells": level(w=1024, h=65, cells=[]),
	"bad_too_many_actors": level(actors=[(PLAYER, 0, 0)] + [(SLUG, 1, 1)] * 128),
	"bad_name_unterminated": level(name=b"sixteen-letters!"),
	"bad_name_padding": level(name=b"ab\0c"),
	"bad_length_short": level()[:-1],
	"bad_length_long": level() + b"\0",
	"bad_count_mismatch": level(count=3),
	"bad_crc": level(crc=False),
	"bad_cell_solid": level(cells=[0, 0, 0x7FFF, 0, 0, 0]),
	"bad_cell_masked": level(cells=[0xFFFF, 0, 0, 0, 0, 0]),
	"bad_actor_none": level(actors=((PLAYER, 0, 0), (0, 1, 1))),
	"bad_actor_kind": level(actors=((PLAYER, 0, 0), (999, 1, 1))),
	"bad_actor_outside": level(actors=((PLAYER, 0, 0), (CRITTER, 3, 1))),
	"bad_no_player": level(actors=((CRITTER, 0, 0),)),
	"bad_two_players": level(actors=((PLAYER, 0, 0), (PLAYER, 1, 0))),
}


def main():
	os.makedirs(CORPUS, exist_ok=True)
	for name, data in SEEDS.items():
		with open(os.path.join(CORPUS, name), "wb") as f:
			f.write(data)
	built = os.path.join(os.path.dirname(os.path.dirname(HERE)), "build", "levels")
	for name in sorted(os.listdir(built)) if os.path.isdir(built) else []:
		if name.endswith(".lvl"):
			shutil.copy(os.path.join(built, name), os.path.join(CORPUS, name))


if __name__ == "__main__":
	main()
