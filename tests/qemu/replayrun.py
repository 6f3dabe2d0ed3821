#!/usr/bin/python3
"""replayrun: plays a replay (REPLAY.DAT, CRASHRPL.DAT, tests/replays/*.rpl) in QEMU and checks its end — make replay.

Usage: replayrun.py --iso build/shardfall.iso --out build/replay FILE [--level FILE.lvl]
The replay goes on an options disk as demo.dem with `demo=disk` (tests/qemu/optsdisk.py's way); the
kernel plays its demo and, at its end tick, prints `replay: ok tick=N crc=X` or what differs
(kernel/loop/demo_io.c). --level: the level file, for a replay recorded on level=disk. Exit 0 only on ok.
"""

import argparse
import os
import re
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools"))

import qemu                     # noqa: E402
import replay_format            # noqa: E402

RE_END = r"^(replay: (?:ok|CRC mismatch|incomplete|the panic).*|ERROR: .*)$"
BOOT_S = 30.0                   # QEMU start to the level, generously
FRAMES_PER_S = 10.0             # a world frame is 13 of 140 PIT ticks (10.8 a second), a little slack


def main(argv):
	ap = argparse.ArgumentParser(prog="replayrun", description=__doc__.splitlines()[0])
	ap.add_argument("--iso", required=True)
	ap.add_argument("--out", required=True)
	ap.add_argument("--level")
	ap.add_argument("file")
	args = ap.parse_args(argv)
	with open(args.file, "rb") as f:
		try:
			h, _ = replay_format.parse(f.read())
		except replay_format.ReplayError as e:
			print("replay: invalid: %s: %s" % (args.file, e))
			return 1
	print("replay: %s: level %s, %d ticks, crc %08X; playing in QEMU (about %d s)" % (
		args.file, h["level"], h["ticks"], h["frame_crc"], BOOT_S + h["ticks"] / FRAMES_PER_S))
	os.makedirs(args.out, exist_ok=True)
	files = {"demo.dem": os.path.abspath(args.file)}
	if args.level:
		files["level.lvl"] = os.path.abspath(args.level)
	try:
		with qemu.Machine(args.iso, args.out, opts="demo=disk", files=files) as m:
			end = m.wait_for(RE_END, BOOT_S + h["ticks"] / FRAMES_PER_S)
			for line in m.serial_lines():
				if line.startswith("replay:") or line.startswith("demo:"):
					print("COM1: " + line)
	except (qemu.HarnessError, AssertionError) as e:
		print("replay: QEMU: %s (COM1 in %s)" % (e, os.path.join(args.out, "serial.log")))
		return 1
	ok = re.match(r"^replay: ok tick=(\d+) crc=([0-9A-F]{8})$", end.group(0))
	return 0 if ok and int(ok.group(1)) == h["end_tick"] and ok.group(2) == "%08X" % h["frame_crc"] else 1


if __name__ == "__main__":
	sys.exit(main(sys.argv[1:]))
