#!/usr/bin/python3
"""demo_from_log: turns a recorded demo in a COM1 log (kernel option `record`) back into a .dem file.

Usage: demo_from_log.py SERIAL.log [-o OUT.dem] [--index N] [--list]
The kernel writes each recorded level as
    DEMO BEGIN level=NAME bytes=N ticks=T end=exit|game-over|quit[ full]
    DEMO 000000 <up to 32 bytes as hex>
    ...
    DEMO END crc=XXXXXXXX                   (zlib CRC-32 of the N bytes)
Lines in between that are not DEMO lines are ignored. Every block is checked
(offsets, length, CRC, then the demo format itself). Without --index the last
complete block is written; OUT defaults to NAME.dem in the current folder.
"""

import argparse
import os
import re
import sys
import zlib

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import demo_format              # noqa: E402

RE_BEGIN = re.compile(r"^DEMO BEGIN level=(\S+) bytes=(\d+) ticks=(\d+) end=(\S+)( full)?$")
RE_DATA = re.compile(r"^DEMO ([0-9A-F]{6}) ((?:[0-9A-F]{2})+)$")
RE_END = re.compile(r"^DEMO END crc=([0-9A-F]{8})$")


class LogError(Exception):
	pass


def blocks(text):
	"""Every DEMO BEGIN .. END block in the log, checked: a list of dicts with level, ticks, end, full, data."""
	found, cur = [], None
	for n, raw in enumerate(text.replace("\r\n", "\n").split("\n"), 1):
		line = raw.strip()
		if not line.startswith("DEMO "):
			continue
		m = RE_BEGIN.match(line)
		if m:
			if cur:
				raise LogError("line %d: DEMO BEGIN inside the block begun on line %d" % (n, cur["line"]))
			cur = dict(line=n, level=m.group(1), size=int(m.group(2)), ticks=int(m.group(3)),
			           end=m.group(4), full=bool(m.group(5)), data=bytearray())
			continue
		if cur is None:
			raise LogError("line %d: %r outside a DEMO BEGIN .. END block" % (n, line[:40]))
		m = RE_DATA.match(line)
		if m:
			if int(m.group(1), 16) != len(cur["data"]):
				raise LogError("line %d: offset %s, want %06X (a line is missing?)" % (n, m.group(1), len(cur["data"])))
			cur["data"] += bytes.fromhex(m.group(2))
			continue
		m = RE_END.match(line)
		if not m:
			raise LogError("line %d: malformed DEMO line %r" % (n, line[:60]))
		data = bytes(cur["data"])
		if len(data) != cur["size"]:
			raise LogError("line %d: block has %d bytes, BEGIN said %d" % (n, len(data), cur["size"]))
		if "%08X" % zlib.crc32(data) != m.group(1):
			raise LogError("line %d: CRC %08X of the bytes, END says %s" % (n, zlib.crc32(data), m.group(1)))
		try:
			header, _ = demo_format.parse(data)
		except demo_format.DemoError as e:
			raise LogError("block of line %d is not a valid demo: %s" % (cur["line"], e))
		if header["ticks"] != cur["ticks"] or header["level"] != cur["level"]:
			raise LogError("block of line %d: header says level %s, %d ticks; BEGIN says %s, %d"
			               % (cur["line"], header["level"], header["ticks"], cur["level"], cur["ticks"]))
		cur["data"] = data
		found.append(cur)
		cur = None
	return found


def main(argv):
	ap = argparse.ArgumentParser(prog="demo_from_log", description=__doc__.splitlines()[0])
	ap.add_argument("log", help="serial log (- for stdin)")
	ap.add_argument("-o", "--output", help="demo file to write (default LEVEL.dem)")
	ap.add_argument("--index", type=int, help="which block, 0 = first, -1 = last (default)")
	ap.add_argument("--list", action="store_true", help="list the blocks and write nothing")
	args = ap.parse_args(argv)
	try:
		if args.log == "-":
			text = sys.stdin.buffer.read().decode("latin-1")
		else:
			with open(args.log, "rb") as f:
				text = f.read().decode("latin-1")
		found = blocks(text)
		if args.list:
			for i, b in enumerate(found):
				print("%d: level=%s ticks=%d bytes=%d end=%s%s (log line %d)" % (
					i, b["level"], b["ticks"], len(b["data"]), b["end"], " full" if b["full"] else "", b["line"]))
			return 0
		if not found:
			raise LogError("no complete DEMO BEGIN .. END block in %s (was the kernel booted with `record`, "
			               "and did the level end?)" % args.log)
		index = -1 if args.index is None else args.index
		if not -len(found) <= index < len(found):
			raise LogError("--index %d: the log has %d blocks" % (index, len(found)))
		block = found[index]
		out = args.output or block["level"] + ".dem"
		with open(out, "wb") as f:
			f.write(block["data"])
	except (OSError, LogError) as e:
		print("demo_from_log: error: %s" % e, file=sys.stderr)
		return 1
	print("demo_from_log: wrote %s: level %s, %d ticks, %d bytes (ended by %s)%s" % (
		out, block["level"], block["ticks"], len(block["data"]), block["end"],
		"; the recorder was full, the rest of the level is missing" if block["full"] else ""))
	return 0


if __name__ == "__main__":
	sys.exit(main(sys.argv[1:]))
