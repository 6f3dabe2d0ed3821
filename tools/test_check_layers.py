#!/usr/bin/env python3
"""Tests for tools/check_layers.py: the real tree passes; a planted wrong-way include fails, named."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

TOOLS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(TOOLS)
sys.path.insert(0, TOOLS)
import check_layers  # noqa: E402


class CheckLayersTest(unittest.TestCase):
	def setUp(self):
		self.tmp = tempfile.mkdtemp()
		for top in ("game", "drivers", "kernel"):
			shutil.copytree(os.path.join(REPO, top), os.path.join(self.tmp, top),
			                ignore=shutil.ignore_patterns("assets", "levels", "demos"))

	def tearDown(self):
		shutil.rmtree(self.tmp)

	def plant(self, rel, line):
		path = os.path.join(self.tmp, rel)
		with open(path) as f:
			text = f.read()
		with open(path, "w") as f:
			f.write(line + "\n" + text)

	def test_the_tree_points_down(self):
		self.assertEqual(check_layers.check(REPO), [])
		run = subprocess.run([sys.executable, os.path.join(TOOLS, "check_layers.py"), REPO],
		                     capture_output=True, text=True)
		self.assertEqual(run.returncode, 0, run.stderr)

	def test_engine_including_the_world_fails(self):
		self.plant("game/engine/map.c", '#include "world.h"')
		errors = check_layers.check(self.tmp)
		self.assertEqual(len(errors), 1, errors)
		self.assertIn("game/engine/map.c:1: includes world.h: engine is below world", errors[0])
		run = subprocess.run([sys.executable, os.path.join(TOOLS, "check_layers.py"), self.tmp],
		                     capture_output=True, text=True)
		self.assertEqual(run.returncode, 1)
		self.assertIn("1 wrong-way include", run.stderr)

	def test_seeds_including_the_cast_or_the_renderer_fails(self):
		self.plant("game/seeds/shard.c", '#include "acts.h"')
		self.plant("game/seeds/spawner.c", '#include "render.h"')
		errors = check_layers.check(self.tmp)
		self.assertEqual(sorted(e.split(":")[0] for e in errors),
		                 ["game/seeds/shard.c", "game/seeds/spawner.c"])

	def test_game_including_a_driver_or_the_kernel_fails(self):
		self.plant("game/shell/session.c", '#include "vga.h"')
		self.plant("game/engine/rng.c", '#include "klog.h"')
		errors = check_layers.check(self.tmp)
		self.assertEqual(len(errors), 2, errors)
		self.assertTrue(all("game/ never includes" in e for e in errors), errors)

	def test_a_driver_including_the_game_fails(self):
		self.plant("drivers/vga.c", '#include "frame.h"')
		errors = check_layers.check(self.tmp)
		self.assertEqual(len(errors), 1, errors)
		self.assertIn("drivers/ include only drivers/ headers", errors[0])

	def test_paths_and_hosted_headers_are_refused(self):
		self.plant("game/cast/boss.c", '#include "../world/world.h"')
		self.plant("game/engine/crc32.c", "#include <stdio.h>")
		errors = check_layers.check(self.tmp)
		self.assertEqual(len(errors), 2, errors)

	def test_a_source_outside_the_layers_fails(self):
		with open(os.path.join(self.tmp, "game", "stray.c"), "w") as f:
			f.write("int stray;\n")
		errors = check_layers.check(self.tmp)
		self.assertEqual(len(errors), 1, errors)
		self.assertIn("game/stray.c", errors[0])


if __name__ == "__main__":
	unittest.main()
