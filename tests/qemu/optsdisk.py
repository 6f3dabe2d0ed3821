#!/usr/bin/python3
"""optsdisk: writes the FAT options disk GRUB reads (/shardfall-opts.cfg), for `make run OPTS=...`.

Usage: optsdisk.py OUT.img --opts "record level=test" [--level FILE.lvl] [--demo FILE.dem]
--level and --demo put the file on the disk; GRUB loads it as module "disk"
(play it with level=disk / demo=disk). Same disk as the QEMU tests use (qemu.options_disk).
"""

import argparse
import os
import shutil
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import qemu                     # noqa: E402


def main(argv):
	ap = argparse.ArgumentParser(prog="optsdisk", description=__doc__.splitlines()[0])
	ap.add_argument("out")
	ap.add_argument("--opts", default="")
	ap.add_argument("--level")
	ap.add_argument("--demo")
	args = ap.parse_args(argv)
	files = {}
	if args.level:
		files["level.lvl"] = args.level
	if args.demo:
		files["demo.dem"] = args.demo
	for path in files.values():
		if not os.path.isfile(path):
			print("optsdisk: no such file %s" % path, file=sys.stderr)
			return 1
	work = tempfile.mkdtemp(prefix="shardfall-opts-")
	try:
		img = qemu.options_disk(work, args.opts, files)
		shutil.move(img, args.out)
	except qemu.HarnessError as e:
		print("optsdisk: %s" % e, file=sys.stderr)
		return 1
	finally:
		shutil.rmtree(work, ignore_errors=True)
	print("optsdisk: %s: opts \"%s\"%s" % (args.out, args.opts, "".join(" + " + n for n in sorted(files))))
	return 0


if __name__ == "__main__":
	sys.exit(main(sys.argv[1:]))
