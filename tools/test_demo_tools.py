#!/usr/bin/python3
"""Tests for the demo tools: demo_format (parse/build), demo_bundle (C arrays), demo_from_log (serial log -> .dem).

Run from the repo root: /usr/bin/python3 tools/test_demo_tools.py [DemoToolsTest.test_name]
"""

import contextlib
import io
import os
import shutil
import struct
import sys
import tempfile
import unittest
import zlib

TOOLS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(TOOLS)
sys.path.insert(0, TOOLS)
sys.dont_write_bytecode = True      # keep tools/ free of __pycache__
import demo_bundle    # noqa: E402
import demo_format    # noqa: E402
import demo_from_log  # noqa: E402

R, J = 1 << 1, 1 << 4                   # BTN_RIGHT, BTN_JUMP (game/engine/input.h)


def hex_block(data, level="test", ticks=None, end="quit", crc=None, drop=None):
	"""A log block as kernel/loop/demo_io.c writes it; drop = index of a data line to leave out."""
	ticks = demo_format.parse(data)[0]["ticks"] if ticks is None else ticks
	lines = ["DEMO BEGIN level=%s bytes=%d ticks=%d end=%s" % (level, len(data), ticks, end)]
	for i, at in enumerate(range(0, len(data), 32)):
		if i != drop:
			lines.append("DEMO %06X %s" % (at, data[at:at + 32].hex().upper()))
	lines.append("DEMO END crc=%08X" % (zlib.crc32(data) if crc is None else crc))
	return "\n".join(lines) + "\n"


class DemoToolsTest(unittest.TestCase):

	def setUp(self):
		self.dir = tempfile.mkdtemp(prefix="demo_tools_test_")
		self.inputs = [(R, R)] + [(R, 0)] * 300 + [(R | J, J), (R | J, 0), (0, 0)]
		self.demo = demo_format.build("test", self.inputs, level_crc=0x984379A3)

	def tearDown(self):
		shutil.rmtree(self.dir)

	def path(self, name):
		return os.path.join(self.dir, name)

	def write(self, name, data):
		with open(self.path(name), "wb" if isinstance(data, bytes) else "w") as f:
			f.write(data)
		return self.path(name)

	def run_tool(self, module, argv):
		out, err = io.StringIO(), io.StringIO()
		with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
			rc = module.main(argv)
		return rc, out.getvalue(), err.getvalue()

	# -- demo_format -------------------------------------------------------

	def test_build_run_length_encodes_like_the_recorder(self):
		h, inputs = demo_format.parse(self.demo)
		self.assertEqual(inputs, self.inputs)
		self.assertEqual((h["level"], h["ticks"], h["runs"], h["seed"]), ("test", 304, 6, 1))
		runs = [demo_format.RUN.unpack_from(self.demo, 64 + 5 * i) for i in range(h["runs"])]
		self.assertEqual(runs, [(1, R, R), (255, R, 0), (45, R, 0), (1, R | J, J), (1, R | J, 0), (1, 0, 0)])

	def test_exact_runs(self):
		demo = demo_format.build("t", [(R, R)] + [(R, 0)] * 300 + [(0, 0)] * 2)
		h, _ = demo_format.parse(demo)
		runs = [demo_format.RUN.unpack_from(demo, 64 + 5 * i) for i in range(h["runs"])]
		self.assertEqual(runs, [(1, R, R), (255, R, 0), (45, R, 0), (2, 0, 0)])
		self.assertEqual(len(demo), 64 + 5 * 4 + 4)

	def test_the_committed_demos_parse(self):
		folder = os.path.join(REPO, "game", "demos")
		names = sorted(n for n in os.listdir(folder) if n.endswith(".dem"))
		self.assertIn("test.dem", names)
		self.assertIn("seeds.dem", names)
		for n in names:
			with open(os.path.join(folder, n), "rb") as f:
				data = f.read()
			h, inputs = demo_format.parse(data)
			self.assertEqual(len(inputs), h["ticks"], n)
			# The C recorder (hostrun --record, the kernel) and build() encode runs the same way.
			again = demo_format.build(h["level"], inputs, seed=h["seed"], level_crc=h["level_crc"],
			                          score=h["score"], lives=h["lives"], health=h["health"], bombs=h["bombs"])
			self.assertEqual(again, data, n)

	def test_parse_rejects_what_demo_check_rejects(self):
		def corrupt(at, value, fix_crc=True, fmt="<B"):
			d = bytearray(self.demo)
			struct.pack_into(fmt, d, at, value)
			if fix_crc:
				d[-4:] = struct.pack("<I", zlib.crc32(bytes(d[:-4])))
			return bytes(d)
		cases = {
			"shorter than the 64-byte header": self.demo[:63],
			"bad magic": corrupt(0, ord("X")),
			"version 2": corrupt(4, 2),
			"flags": corrupt(6, 1),
			"level name": corrupt(8, ord("T")),
			"starting lives 0": corrupt(52, 0),
			"starting lives 250": corrupt(52, 250),
			"starting bombs 255": corrupt(54, 255),
			"starting score 10000000": corrupt(48, 10000000, fmt="<I"),
			"health 4": corrupt(53, 4),
			"reserved": corrupt(55, 1),
			"runs need": self.demo[:-1],
			"CRC mismatch": corrupt(64, 7, fix_crc=False),
			"count 0": corrupt(64, 0),
			"unknown buttons": corrupt(66, 0x80),
			"overflows": corrupt(56, 100, fmt="<I"),          # ticks 100 < what the runs add up to
		}
		for want, data in cases.items():
			with self.assertRaises(demo_format.DemoError, msg=want) as cm:
				demo_format.parse(data)
			self.assertIn(want, str(cm.exception), want)

	def test_describe_lists_the_runs(self):
		text = demo_format.describe(self.demo)
		self.assertIn("level=test level_crc=0x984379A3 seed=1", text)
		self.assertIn("ticks 2..256 held=r pressed=-", text)
		self.assertIn("ticks 302..302 held=rj pressed=j", text)

	# -- demo_bundle -------------------------------------------------------

	def test_bundle_writes_arrays_and_the_table(self):
		a = self.write("test.dem", self.demo)
		b = self.write("my-run.dem", demo_format.build("seeds", [(0, 0)] * 3))
		out = self.path("demos.c")
		rc, _, err = self.run_tool(demo_bundle, ["-o", out, a, b])
		self.assertEqual(rc, 0, err)
		with open(out) as f:
			c = f.read()
		self.assertTrue(c.startswith("/* Generated by tools/demo_bundle.py"))
		self.assertIn("static const uint8_t demo_test[%d] = {" % len(self.demo), c)
		self.assertIn('{ .name = "my-run", .data = demo_my_run, .len = 73 },', c)
		self.assertIn("const uint16_t game_demo_count = 2;", c)
		self.assertIn("0x53, 0x46, 0x44, 0x4D,", c)     # "SFDM"

	def test_bundle_with_no_demos_still_compiles_a_table(self):
		out = self.path("demos.c")
		rc, _, err = self.run_tool(demo_bundle, ["-o", out])
		self.assertEqual(rc, 0, err)
		with open(out) as f:
			self.assertIn("const uint16_t game_demo_count = 0;", f.read())

	def test_bundle_rejects_bad_demos_and_names(self):
		bad = self.write("bad.dem", self.demo[:-1])
		rc, _, err = self.run_tool(demo_bundle, ["-o", self.path("x.c"), bad])
		self.assertEqual(rc, 1)
		self.assertIn("bad.dem: file is", err)
		upper = self.write("Upper.dem", self.demo)
		rc, _, err = self.run_tool(demo_bundle, ["-o", self.path("x.c"), upper])
		self.assertEqual(rc, 1)
		self.assertIn("file stem 'Upper'", err)
		a, b = self.write("a-b.dem", self.demo), self.write("a_b.dem", self.demo)
		rc, _, err = self.run_tool(demo_bundle, ["-o", self.path("x.c"), a, b])
		self.assertEqual(rc, 1)
		self.assertIn("two demos named a_b", err)
		self.assertFalse(os.path.exists(self.path("x.c")))

	# -- demo_from_log -----------------------------------------------------

	def test_log_round_trip(self):
		log = self.write("serial.log", "level: 'test' built in\r\nT=1 player 0 x=3\n" + hex_block(self.demo) +
		                 "ready\n")
		out = self.path("out.dem")
		rc, text, err = self.run_tool(demo_from_log, [log, "-o", out])
		self.assertEqual(rc, 0, err)
		self.assertIn("wrote %s: level test, 304 ticks" % out, text)
		with open(out, "rb") as f:
			self.assertEqual(f.read(), self.demo)

	def test_log_takes_the_last_block_or_the_one_asked_for(self):
		other = demo_format.build("seeds", [(J, J)] * 5)
		log = self.write("serial.log", hex_block(self.demo) + hex_block(other, level="seeds", end="exit"))
		rc, text, _ = self.run_tool(demo_from_log, [log, "--list"])
		self.assertEqual(rc, 0)
		self.assertIn("0: level=test ticks=304", text)
		self.assertIn("1: level=seeds ticks=5 bytes=73 end=exit", text)
		os.chdir(self.dir)
		try:
			self.assertEqual(self.run_tool(demo_from_log, [log])[0], 0)
			with open("seeds.dem", "rb") as f:
				self.assertEqual(f.read(), other)
			self.assertEqual(self.run_tool(demo_from_log, [log, "--index", "0", "-o", "first.dem"])[0], 0)
			with open("first.dem", "rb") as f:
				self.assertEqual(f.read(), self.demo)
		finally:
			os.chdir(REPO)

	def test_log_errors_name_the_problem(self):
		cases = {
			"no complete DEMO BEGIN": "ready\n",
			"offset 000040, want 000020": hex_block(self.demo, drop=1),
			"CRC": hex_block(self.demo, crc=0x12345678),
			"BEGIN said": hex_block(self.demo).replace("bytes=%d" % len(self.demo), "bytes=9"),
			"BEGIN says test, 7": hex_block(self.demo, ticks=7),
			"DEMO BEGIN inside": hex_block(self.demo).replace("DEMO END", "DEMO BEGIN level=x bytes=1 ticks=0 end=quit\nDEMO END"),
			"not a valid demo": hex_block(self.demo[:-4] + b"\0\0\0\0", ticks=304),
		}
		for want, text in cases.items():
			rc, _, err = self.run_tool(demo_from_log, [self.write("s.log", text), "-o", self.path("x.dem")])
			self.assertEqual(rc, 1, want)
			self.assertIn(want, err, want)


if __name__ == "__main__":
	unittest.main()
