#!/usr/bin/python3
"""make_replay_seeds: writes the handcrafted seed inputs in tests/fuzz/replay_corpus — valid replays and one file per way to be broken.

Run from the repo root: /usr/bin/python3 tests/fuzz/make_replay_seeds.py
Names: *.rpl must load, bad_* must be rejected (tests/fuzz/replay.c checks both). The layout is
game/formats/replay.h's; tools/replay_format.py reads and writes it.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.path.join(HERE, "replay_corpus")
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(REPO, "tools"))
sys.path.insert(0, HERE)

import demo_format              # noqa: E402
import replay_format            # noqa: E402
from make_demo_seeds import patch       # noqa: E402  (one field replaced, the file's last-4-bytes CRC made right)

R, J = 1 << 1, 1 << 4
DEMO = demo_format.build("e1l1", [(R, R)] + [(R, 0)] * 3 + [(R | J, J), (0, 0)])
GOOD = replay_format.build(DEMO, end_tick=6, frame_crc=0x12345678, episode_level=0)


SEEDS = {
	"report.rpl": GOOD,
	"panic.rpl": replay_format.build(DEMO, end_tick=6, frame_crc=0xCAFEF00D, flags=replay_format.F_PANIC),
	"midframe.rpl": replay_format.build(DEMO, end_tick=6, flags=replay_format.F_PANIC | replay_format.F_MIDFRAME),
	"incomplete.rpl": replay_format.build(DEMO, end_tick=900, frame_crc=1, flags=replay_format.F_INCOMPLETE),
	"demo_source.rpl": replay_format.build(DEMO, end_tick=6, source=1),
	"bonus.rpl": replay_format.build(DEMO, end_tick=6, episode_level=7, bonus=1, prizes=40, secrets=3,
	                                 frames=9000),
	"padded.rpl": GOOD + bytes(1000),                   # a pre-sized file's rest is not read
	"bad_empty": b"",
	"bad_header_only": GOOD[:36],
	"bad_magic": patch(GOOD, 3, "<B", ord("M")),
	"bad_zeros": bytes(98304),                          # a REPLAY.DAT never written
	"bad_version": patch(GOOD, 4, "<H", 2),
	"bad_flags": patch(GOOD, 6, "<H", 8),
	"bad_midframe_alone": patch(GOOD, 6, "<H", replay_format.F_MIDFRAME),
	"bad_midframe_crc": patch(GOOD, 6, "<H", replay_format.F_PANIC | replay_format.F_MIDFRAME),
	"bad_incomplete_flag": patch(GOOD, 6, "<H", replay_format.F_INCOMPLETE),
	"bad_end_tick_short": patch(GOOD, 8, "<I", 5),
	"bad_end_tick_long": patch(GOOD, 8, "<I", 7),
	"bad_bonus": patch(GOOD, 17, "<B", 2),
	"bad_bonus_no_episode": replay_format.build(DEMO, end_tick=6, bonus=1),
	"bad_source": patch(GOOD, 18, "<B", 2),
	"bad_demo_episode": patch(GOOD, 18, "<B", 1),
	"bad_reserved19": patch(GOOD, 19, "<B", 1),
	"bad_reserved28": patch(GOOD, 28, "<I", 1),
	"bad_demo_len_small": patch(GOOD, 32, "<I", 67),
	"bad_demo_len_huge": patch(GOOD, 32, "<I", 0xFFFFFFF0),
	"bad_demo_len_past_end": patch(GOOD, 32, "<I", len(DEMO) + 8),
	"bad_truncated": GOOD[:-1],
	"bad_crc": patch(GOOD, 12, "<B", 0x99, crc=False),
	"bad_demo_inside": patch(GOOD, 36 + 52, "<B", 0),        # the demo's lives 0 (its own CRC then wrong too)
}


def main():
	os.makedirs(CORPUS, exist_ok=True)
	for name, data in SEEDS.items():
		with open(os.path.join(CORPUS, name), "wb") as f:
			f.write(data)


if __name__ == "__main__":
	main()
