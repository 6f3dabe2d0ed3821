#!/usr/bin/python3
"""test_cosmo_model: the model of the original's rules catches the divergences issue 18 found (it can fail)."""
import os
import re
import subprocess
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cosmo_model  # noqa: E402

DUMPS = os.path.join(cosmo_model.REPO, "tests", "golden", "dumps")


def edited(name, edit):
	"""A copy of the golden dump NAME with edit(line) applied to each line, named NAME.txt in a temp dir."""
	with open(os.path.join(DUMPS, name + ".txt")) as f:
		lines = [edit(l) for l in f]
	d = tempfile.mkdtemp()
	path = os.path.join(d, name + ".txt")
	with open(path, "w") as f:
		f.writelines(lines)
	return path


class ModelTest(unittest.TestCase):
	def test_the_golden_dumps_match(self):
		for name in ("seeds", "e1l2", "test"):
			self.assertEqual(cosmo_model.check(os.path.join(DUMPS, name + ".txt")), 0, name)

	def test_a_shard_walking_off_the_map_is_caught(self):
		# demo seeds, tick 17, shard 3: the project used to put it at x = -1
		path = edited("seeds", lambda l: re.sub(r"^(T=17 shard 3 x=)1 ", r"\g<1>-1 ", l))
		self.assertGreater(cosmo_model.check(path), 0)

	def test_platforms_starting_a_frame_early_are_caught(self):
		# e1l2: the fourth sink is at tick 101; a platform already moved at 101 breaks the rule
		def early(l):
			m = re.match(r"^T=101 platform 0 x=(\d+) ", l)
			return l.replace("x=%s " % m.group(1), "x=%d " % (int(m.group(1)) - 1), 1) if m else l
		self.assertGreater(cosmo_model.check(edited("e1l2", early)), 0)

	def test_a_push_sunk_in_the_same_frame_is_caught(self):
		def same_frame(l):
			# e1l2: the first push is at tick 79, its sink at 80; sunk at 79 already breaks the rule
			return re.sub(r"^(T=79 actor \d+ FOOT_SWITCH x=91 y=)10 (.*count=1 hp=1 vx=)0 ", r"\g<1>11 \g<2>1 ", l)
		self.assertGreater(cosmo_model.check(edited("e1l2", same_frame)), 0)

	def test_scripted_runs_on_every_level_match(self):
		"""Runs no demo makes: two scripted walks over each built-in level, dumped by build/hostrun."""
		hostrun = os.environ.get("HOSTRUN", os.path.join(cosmo_model.REPO, "build", "hostrun"))
		scripts = ("r6,rj4,r3,j2,.4,r10,rj5,.8,l12,lj4,.6,r20,rj3,r8,.10,r30,rj4,r12",
		           "l8,lj3,.5,r25,rj6,.3,r15,j3,r10,.20,rj5,r40")
		d = tempfile.mkdtemp()
		for level in ("seeds", "test", "e1l1", "e1l2", "e1l3"):
			for k, script in enumerate(scripts):
				path = os.path.join(d, "%s_%d.txt" % (level, k))
				with open(path, "w") as f:
					subprocess.run([hostrun, level, "200", "--input", script, "--dump"], stdout=f, check=True)
				self.assertEqual(cosmo_model.check(path, level), 0, (level, script))

	def test_the_slope_rule(self):
		m = cosmo_model.Map(6, 6, [0] * 36)
		slope = cosmo_model.SOLID_BASE + cosmo_model.SOLID_INDEX["SLOPE_UR"]
		brick = cosmo_model.SOLID_BASE + cosmo_model.SOLID_INDEX["BRICK"]
		m.set(2, 4, slope)
		self.assertEqual(cosmo_model.test_sprite_move(m, "W", 2, 2, 2, 4), cosmo_model.SLOPED_MOVE)
		m.set(2, 3, brick)
		self.assertEqual(cosmo_model.test_sprite_move(m, "W", 2, 2, 2, 4), cosmo_model.BLOCKED)
		self.assertEqual(cosmo_model.test_sprite_move(m, "W", 2, 2, 0, 4), cosmo_model.BLOCKED)
		self.assertEqual(cosmo_model.test_sprite_move(m, "E", 2, 2, 4, 1), cosmo_model.BLOCKED)


if __name__ == "__main__":
	unittest.main()
