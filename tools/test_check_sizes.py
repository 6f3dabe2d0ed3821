#!/usr/bin/env python3
"""Tests for tools/check_sizes.py: the real tree passes; a planted long file fails, named with its length."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

TOOLS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(TOOLS)
sys.path.insert(0, TOOLS)
import check_sizes  # noqa: E402


class CheckSizesTest(unittest.TestCase):
	def setUp(self):
		self.tmp = tempfile.mkdtemp()

	def tearDown(self):
		shutil.rmtree(self.tmp)

	def plant(self, rel, lines):
		path = os.path.join(self.tmp, rel)
		os.makedirs(os.path.dirname(path), exist_ok=True)
		with open(path, "w") as f:
			f.write("x\n" * lines)

	def run_tool(self, root):
		return subprocess.run([sys.executable, os.path.join(TOOLS, "check_sizes.py"), root],
		                      capture_output=True, text=True)

	def test_the_tree_is_within_the_limit(self):
		self.assertEqual(check_sizes.check(REPO), [])
		run = self.run_tool(REPO)
		self.assertEqual(run.returncode, 0, run.stderr)

	def test_the_limit_is_500_lines_and_inclusive(self):
		self.assertEqual(check_sizes.LIMIT, 500)
		self.plant("game/engine/ok.c", 500)
		self.assertEqual(check_sizes.check(self.tmp), [])
		self.plant("game/engine/long.c", 501)
		errors = check_sizes.check(self.tmp)
		self.assertEqual(errors, ["game/engine/long.c: 501 lines, over 500 (split it by subject)"])

	def test_every_kind_and_folder_is_checked_and_named(self):
		planted = ["boot/entry.S", "kernel/k.c", "drivers/d.h", "game/shell/s.c", "tools/t.py",
		           "tests/unit/test_big.c", "tests/qemu/big_tests.py"]
		for rel in planted:
			self.plant(rel, 600)
		errors = check_sizes.check(self.tmp)
		self.assertEqual(sorted(e.split(":")[0] for e in errors), sorted(planted))
		run = self.run_tool(self.tmp)
		self.assertEqual(run.returncode, 1)
		self.assertIn("7 file(s) over 500 lines", run.stderr)
		for rel in planted:
			self.assertIn(rel + ": 600 lines", run.stderr)

	def test_other_files_and_folders_are_not_checked(self):
		self.plant("game/levels/big.tmj", 900)
		self.plant("docs/long.md", 900)
		self.plant("build/gen/assets.c", 900)
		self.plant("tests/golden/dumps/seeds.txt", 900)
		self.assertEqual(check_sizes.check(self.tmp), [])
		self.assertEqual(self.run_tool(self.tmp).returncode, 0)


if __name__ == "__main__":
	unittest.main()
