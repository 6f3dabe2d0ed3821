#!/usr/bin/python3
"""Tests for the episode's levels (game/levels/e1l*.tmj): they convert, hold what each level teaches,
start the player on the ground, keep platforms on their paths, mark every pit, and (with REACH set to
build/reach) can be finished with run and jump only, without soft-locks.

Run from the repo root: /usr/bin/python3 tools/test_episode.py [EpisodeTest.test_name]
make test-tools runs the static checks; make test-episode also the route search.
"""

import concurrent.futures
import json
import os
import re
import struct
import subprocess
import sys
import tempfile
import time
import unittest

TOOLS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(TOOLS)
LEVELS = os.path.join(REPO, "game", "levels")
sys.path.insert(0, TOOLS)
sys.dont_write_bytecode = True      # keep tools/ free of __pycache__
import ascii2tmj  # noqa: E402
import level2bin  # noqa: E402

RULES = level2bin.Rules()
KIND = {v: k for k, v in RULES.kinds.items()}
EPISODE = tuple("e1l%d" % n for n in range(1, 11))
BOSS_LEVEL = "e1l10"
BONUS_LEVEL = "e1bonus"                # reached by e1l8's hidden bonus exit (game/shell/episode.c)
ALL_LEVELS = EPISODE + (BONUS_LEVEL,)
MAX_LEVEL_ACTORS = 64                   # half the pool: room for shards, prizes and spawned creatures
PATH_STEP = {1: (0, -1), 2: (1, -1), 3: (1, 0), 4: (1, 1), 5: (0, 1), 6: (-1, 1), 7: (-1, 0), 8: (-1, -1)}
PRIZES = ("GOURD", "TOMATO", "DIAMOND", "EMERALD", "HAMBURGER")
FOUNTAIN_RISE = {"FOUNTAIN_6": 6, "FOUNTAIN_9": 9, "FOUNTAIN_12": 12, "FOUNTAIN_15": 15}

# What each level must hold: actor kinds (at least one each) and tiles (by name).
TEACHES = {
	"e1l1": (("PLAYER", "EXIT", "GOURD", "TOMATO", "DIAMOND", "EMERALD", "HAMBURGER", "BARREL",
	          "BASKET", "CRITTER", "HOPPER", "SLUG", "BOMB_PICKUP"), ("SLOPE_UR", "SLOPE_UL", "SPIKES")),
	"e1l2": (("PLAYER", "EXIT", "FOOT_SWITCH", "PLATFORM", "FOUNTAIN_9", "FOUNTAIN_12", "TULIP",
	          "EYE_PLANT", "SCORPION", "SATELLITE", "FROZEN_FRIEND", "BOMB_PICKUP", "HOPPER"),
	         ("VINE_WALL", "SLOPE_ROCK_UR", "SLOPE_ROCK_UL", "SPIKES")),
	"e1l3": (("PLAYER", "EXIT", "BARREL", "BASKET", "CRITTER", "HOPPER", "SLUG", "DIAMOND"), ("PLANK", "SPIKES")),
	"e1l4": (("PLAYER", "EXIT", "FOOT_SWITCH", "PLATFORM", "BOMB_PICKUP", "CRITTER", "SLUG", "BARREL"),
	         ("SWITCH_KNOB_L", "SPIKES")),
	"e1l5": (("PLAYER", "EXIT", "FOUNTAIN_6", "FOUNTAIN_9", "FOUNTAIN_12", "FOUNTAIN_15", "TULIP", "EYE_PLANT",
	          "HOPPER", "SLUG"), ("MUD", "SPIKES")),
	"e1l6": (("PLAYER", "EXIT", "SLUG", "CRITTER", "HOPPER"), ("PLANK", "SPIKES")),
	"e1l7": (("PLAYER", "EXIT", "SCORPION", "EYE_PLANT", "TULIP", "SATELLITE", "FROZEN_FRIEND", "SLUG"),
	         ("CAVE_ROCK", "CAVE_BACK", "SPIKES")),
	"e1l8": (("PLAYER", "EXIT", "CRITTER", "HOPPER", "SLUG", "BARREL", "BASKET"), ("HEDGE_FRONT", "SPIKES")),
	"e1l9": (("PLAYER", "EXIT", "SCORPION", "TULIP", "EYE_PLANT", "FOUNTAIN_12", "SATELLITE", "SLUG"),
	         ("ICE", "SPIKES")),
	"e1l10": (("PLAYER", "EXIT", "BOSS", "HAMBURGER", "BOMB_PICKUP"), ("SPIKES",)),
}
# Every level hides at least one prize behind a tile drawn in front of the player.
SECRETS_FROM = 1
# The shortcuts (docs/episode.md): tile rectangles that block each level's secret way for build/reach
# --avoid, what blocks it ("ledges": invisible ledges, INVISIBLE_PLATFORM, and the cells above them
# where the player stands; "door": a hedge door through a wall, drawn in front of the player, with a
# prize in it), and the frames the secret way saves: blocked, the shortest route is that much longer.
SHORTCUTS = {
	"e1l1": (("94,13,96,15",), "ledges", 6),                                # two steps onto the mound
	"e1l2": (("101,12,133,13",), "ledges", 58),                             # the bridge over the chasm
	"e1l3": (("62,19,63,21",), "door", 13),                                 # through the tower's foot
	"e1l4": (("44,18,68,19", "102,15,124,16"), "ledges", 76),               # bridges over both chasms
	"e1l5": (("15,17,17,18", "106,17,108,18", "106,13,108,14", "106,9,108,10"), "ledges", 13),  # no waits
	"e1l6": (("23,32,25,33", "29,28,31,29", "35,24,37,25"), "ledges", 17),  # the diagonal stair
	"e1l7": (("17,21,18,23",), "door", 18),                                 # through the chimney's foot
	"e1l8": (("110,19,111,21",), "door", 12),                               # through the tower's foot
	"e1l9": (("67,21,68,23",), "door", 30),                                 # through the chimney's foot
	"e1l10": (("56,21,57,23",), "door", 11),                                # through the hall's wall
}


def tile_attrs(name):
	with open(os.path.join(REPO, "game", "assets", name)) as f:
		doc = json.load(f)
	bits = {"BLOCK_SOUTH": 1, "BLOCK_NORTH": 2, "BLOCK_WEST": 4, "BLOCK_EAST": 8, "SLIPPERY": 0x10,
	        "IN_FRONT": 0x20, "SLOPED": 0x40, "CAN_CLING": 0x80}
	return ([t["name"] for t in doc["tiles"]], [sum(bits[a] for a in t["attrs"]) for t in doc["tiles"]])


SOLID_NAMES, SOLID_ATTRS = tile_attrs("tiles.json")
MASKED_NAMES, MASKED_ATTRS = tile_attrs("mtiles.json")


class Level:
	"""A converted episode level: its cells and actors, as the game loads them."""

	def __init__(self, stem):
		self.stem = stem
		self.tmj = os.path.join(LEVELS, stem + ".tmj")
		self.data = level2bin.convert(self.tmj, RULES)
		self.name, self.w, self.h, count = level2bin.parse_level(self.tmj, self.data)
		self.cells = struct.unpack_from("<%dH" % (self.w * self.h), self.data, 30)
		base = 30 + 2 * self.w * self.h
		self.actors = [(KIND[k], x, y) for k, x, y in
		               (struct.unpack_from("<HHH", self.data, base + 6 * i) for i in range(count))]

	def cell(self, x, y):
		return self.cells[y * self.w + x] if 0 <= x < self.w and 0 <= y < self.h else 0xFFFF

	def attr(self, x, y):
		c = self.cell(x, y)
		if c == 0xFFFF:
			return 0x0F
		if c & 0x8000:
			return MASKED_ATTRS[c & 0x7FFF]
		return SOLID_ATTRS[c - 8] if c > 8 else 0

	def tile_name(self, x, y):
		c = self.cell(x, y)
		if c & 0x8000:
			return "m:" + MASKED_NAMES[c & 0x7FFF]
		return SOLID_NAMES[c - 8] if c > 8 else ""

	def of(self, kind):
		return [(x, y) for k, x, y in self.actors if k == kind]


LOADED = {}


def level(stem):
	if stem not in LOADED:
		LOADED[stem] = Level(stem)
	return LOADED[stem]


class EpisodeTest(unittest.TestCase):

	def test_levels_convert_and_carry_their_titles(self):
		titles = {"e1l1": "Meadow", "e1l2": "Mudworks", "e1l3": "Orchard", "e1l4": "Liftworks",
		          "e1l5": "Geysers", "e1l6": "Ascent", "e1l7": "Deep Cave", "e1l8": "Hedgerow",
		          "e1l9": "Scorpion Ridge", "e1l10": "Fortress", "e1bonus": "Treasure Vault"}   # shown between levels
		for stem in ALL_LEVELS:
			lv = level(stem)
			self.assertEqual(lv.name, titles[stem])
			self.assertTrue(100 <= lv.w <= 256 and 24 <= lv.h <= 48, (stem, lv.w, lv.h))

	def test_each_level_has_one_player_and_an_exit(self):
		for stem in ALL_LEVELS:
			lv = level(stem)
			self.assertEqual(len(lv.of("PLAYER")), 1, stem)
			self.assertGreaterEqual(len(lv.of("EXIT")), 1, stem)
			self.assertLessEqual(len(lv.actors), MAX_LEVEL_ACTORS, stem)

	def test_player_starts_on_solid_ground_in_free_space(self):
		for stem in ALL_LEVELS:
			lv = level(stem)
			(x, y), = lv.of("PLAYER")
			self.assertTrue(lv.attr(x, y + 1) & 1 or lv.attr(x + 1, y + 1) & 1, "%s: nothing under (%d,%d)"
			                % (stem, x, y))
			for cx, cy in ((x, y), (x + 1, y), (x, y - 1), (x + 1, y - 1)):
				self.assertFalse(lv.attr(cx, cy) & 0x0F, "%s: the player starts inside a wall" % stem)

	def test_actors_stand_inside_the_map_and_not_in_walls(self):
		for stem in ALL_LEVELS:
			lv = level(stem)
			for kind, x, y in lv.actors:
				self.assertTrue(0 <= x < lv.w and 0 <= y < lv.h, (stem, kind, x, y))
				if kind.startswith("FOUNTAIN_") or kind == "PLATFORM":
					continue            # markers: a fountain sits on its floor, a platform on its path
				room = ((x, y), (x + 1, y), (x, y - 1), (x + 1, y - 1))          # a 16x16 sprite's room
				if kind == "FOOT_SWITCH":
					# its knob is its own row of solid tiles, sinking four rows (game/cast/footswitch.c):
					# free above it, its shaft inside the map
					self.assertLess(y + 4, lv.h, (stem, kind, x, y))
					room = ((x, y - 1), (x + 1, y - 1))
				for cx, cy in room:
					self.assertFalse(lv.attr(cx, cy) & 0x0F, "%s: %s at (%d,%d) overlaps a wall at (%d,%d)"
					                 % (stem, kind, x, y, cx, cy))

	def test_each_level_holds_what_it_teaches(self):
		for stem, (kinds, tiles) in TEACHES.items():
			lv = level(stem)
			for kind in kinds:
				self.assertTrue(lv.of(kind), "%s has no %s" % (stem, kind))
			used = {lv.tile_name(x, y) for x in range(lv.w) for y in range(lv.h)}
			for t in tiles:
				self.assertIn(t, used, "%s has no %s tile" % (stem, t))
		self.assertTrue(any(lv.attr(x, y) & 0x80 for lv in [level("e1l2")]
		                    for x in range(lv.w) for y in range(lv.h)), "e1l2 has nothing to cling to")

	def test_one_bonus_exit_in_the_episode_and_none_in_the_bonus_level(self):
		found = [stem for stem in ALL_LEVELS for _ in level(stem).of("EXIT_BONUS")]
		self.assertEqual(found, ["e1l8"])
		with open(os.path.join(REPO, "game", "shell", "episode.c")) as f:
			src = f.read()
		self.assertIn('episode_bonus_level = "%s"' % BONUS_LEVEL, src)
		self.assertIn("episode_bonus_from = %d;" % EPISODE.index("e1l8"), src)

	def test_the_boss_level_is_last_and_has_a_boss(self):
		self.assertEqual(EPISODE[-1], BOSS_LEVEL)
		self.assertEqual(len(level(BOSS_LEVEL).of("BOSS")), 1)
		for stem in EPISODE[:-1]:
			self.assertFalse(level(stem).of("BOSS"), stem)

	def test_platform_markers_sit_on_valid_paths(self):
		for stem in ALL_LEVELS:
			lv = level(stem)
			for x0, y0 in lv.of("PLATFORM"):
				c = lv.cell(x0, y0)
				self.assertTrue(1 <= c <= 8, "%s: platform at (%d,%d) is not on a path tile" % (stem, x0, y0))
				x, y, seen = x0, y0, set()
				while 1 <= lv.cell(x, y) <= 8 and (x, y) not in seen:
					seen.add((x, y))
					for sx in range(x - 2, x + 3):  # the 5x1 span: inside the map, over air or path
						self.assertTrue(0 <= sx < lv.w, "%s: platform path leaves the map at (%d,%d)" % (stem, x, y))
						self.assertLessEqual(lv.cell(sx, y), 8, "%s: platform path runs into %s at (%d,%d)"
						                     % (stem, lv.tile_name(sx, y), sx, y))
					dx, dy = PATH_STEP[lv.cell(x, y)]
					x, y = x + dx, y + dy
				self.assertEqual((x, y), (x0, y0), "%s: the platform from (%d,%d) does not come back "
				                 "(its path ends at (%d,%d)), so missing it would strand the player" % (stem, x0, y0, x, y))

	def test_foot_switch_levels_have_platforms(self):
		for stem in ALL_LEVELS:
			lv = level(stem)
			if lv.of("FOOT_SWITCH"):
				self.assertTrue(lv.of("PLATFORM"), stem)

	def test_fountain_sprays_rise_through_air(self):
		"""A spray's corners erase every cell they pass (seed 003): those columns must be plain air."""
		for stem in ALL_LEVELS:
			lv = level(stem)
			for kind, x, y in lv.actors:
				if kind in FOUNTAIN_RISE:
					for cx in (x - 1, x, x + 1):
						for cy in range(y - FOUNTAIN_RISE[kind], y):
							self.assertEqual(lv.cell(cx, cy), 0, "%s: %s at (%d,%d) rises through %s at (%d,%d)"
							                 % (stem, kind, x, y, lv.tile_name(cx, cy), cx, cy))

	def test_every_way_off_the_world_is_a_marked_pit(self):
		"""The map's last row is solid except in pits, and every pit shows spikes at its bottom."""
		for stem in ALL_LEVELS:
			lv = level(stem)
			for x in range(lv.w):
				bottom = lv.h - 1
				self.assertTrue(lv.attr(x, bottom) & 1 or lv.tile_name(x, bottom) == "SPIKES",
				                "%s: column %d is open to the bottom of the world without spikes" % (stem, x))

	def test_sources_and_maps_agree(self):
		for stem in ALL_LEVELS:
			src = os.path.join(LEVELS, "src", stem + ".txt")
			tmj = os.path.join(LEVELS, stem + ".tmj")
			with open(tmj, encoding="utf-8") as f:
				self.assertEqual(f.read(), ascii2tmj.dump(ascii2tmj.build(src)),
				                 "%s is out of date: run tools/ascii2tmj.py %s" % (tmj, src))

	def test_overviews_in_docs_show_the_whole_map(self):
		from PIL import Image
		for stem in ALL_LEVELS:
			lv = level(stem)
			with Image.open(os.path.join(REPO, "docs", stem + ".png")) as im:
				self.assertEqual(im.size, (lv.w * 8, lv.h * 8), "redraw with tools/levelpng.py")

	def test_the_makefile_builds_the_episode_first(self):
		with open(os.path.join(REPO, "Makefile")) as f:
			m = re.search(r"^LEVEL_SRC\s*:=((?:.*\\\n)*.*)$", f.read(), re.M)
		names = re.findall(r"game/levels/(\w+)\.tmj", m.group(1))
		self.assertEqual(names[:len(EPISODE)], list(EPISODE))

	def test_every_level_has_a_shortcut_that_is_hidden(self):
		"""Ledges: every invisible ledge of the level lies in the rectangles. Doors: every cell of the
		rectangles is drawn in front of the player, free to walk through, and one hides a prize."""
		self.assertEqual(sorted(SHORTCUTS), sorted(EPISODE))
		for stem, (rects, kind, _) in SHORTCUTS.items():
			lv = level(stem)
			covered = {(x, y) for r in rects for x0, y0, x1, y1 in [map(int, r.split(","))]
			           for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)}
			if kind == "ledges":
				ledges = {(x, y) for x in range(lv.w) for y in range(lv.h)
				          if lv.tile_name(x, y) == "INVISIBLE_PLATFORM"}
				self.assertTrue(ledges, "%s has no invisible ledge" % stem)
				self.assertLessEqual(ledges, covered, "%s: a ledge outside the shortcut's rectangles" % stem)
			else:
				for x, y in covered:
					self.assertEqual(lv.attr(x, y) & 0x2F, 0x20, "%s: door cell (%d,%d) is %s" % (
						stem, x, y, lv.tile_name(x, y)))
				self.assertTrue([k for k, x, y in lv.actors if k in PRIZES and (x, y) in covered],
				                "%s: no prize in the door" % stem)

	def test_levels_hide_prizes_behind_tiles_in_front(self):
		"""A secret: a prize on a cell drawn in front of the player (a hedge), so it cannot be seen."""
		for stem in EPISODE[SECRETS_FROM - 1:]:
			lv = level(stem)
			hidden = [(k, x, y) for k, x, y in lv.actors
			          if RULES.kinds.get(k) is not None and k in PRIZES and lv.attr(x, y) & 0x20]
			self.assertTrue(hidden, "%s hides no prize" % stem)


class Ascii2tmjTest(unittest.TestCase):
	"""tools/ascii2tmj.py on tiny sources: what the episode's maps are made with."""

	def build(self, text):
		import tempfile
		with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
			f.write(text)
		try:
			return ascii2tmj.build(f.name)
		finally:
			os.unlink(f.name)

	def convert(self, doc):
		"""The map through level2bin, as if it were saved in game/levels."""
		return level2bin.convert_doc(os.path.join(LEVELS, "tiny.tmj"), doc, RULES)

	def test_tiny_level_converts_with_actors_on_their_cells(self):
		doc = self.build("name: tiny\nmap:\n......\n.P..E.\n######\n######\n")
		name, w, h, count = level2bin.parse_level("tiny", self.convert(doc))
		self.assertEqual((name, w, h, count), ("tiny", 6, 4, 2))
		objs = {o["type"]: o for o in doc["layers"][1]["objects"]}
		self.assertIn("gid", objs["PLAYER"])                 # actors.tsj has its picture
		self.assertEqual((objs["PLAYER"]["x"], objs["PLAYER"]["y"]), (8, 16))
		self.assertEqual((objs["EXIT"]["x"], objs["EXIT"]["y"]), (32, 16))
		self.assertEqual((objs["EXIT"]["width"], objs["EXIT"]["height"]), (16, 24))   # its picture's size

	def test_ground_gets_a_surface_then_fill(self):
		doc = self.build("name: tiny\nmap:\n.P....\n......\n####..\n######\n")
		data = doc["layers"][0]["data"]
		names = [SOLID_NAMES[g - 1] if g else "" for g in data]
		self.assertEqual(names[12:18], ["GRASS_TOP"] * 4 + ["", ""])
		self.assertEqual(names[18:24], ["DIRT"] * 4 + ["GRASS_TOP"] * 2)

	def test_an_actor_in_a_back_wall_shows_the_wall(self):
		doc = self.build("name: tiny\nmap:\n''P'..\n######\n")
		data = doc["layers"][0]["data"]
		self.assertEqual([SOLID_NAMES[g - 1] if g else "" for g in data[:6]],
		                 ["BRICK_BACK"] * 4 + ["", ""])

	def test_unknown_character_and_ragged_rows_are_errors(self):
		with self.assertRaisesRegex(ascii2tmj.SourceError, r"character '\?' is not in the legend"):
			self.build("name: tiny\nmap:\n.P?.\n####\n")
		with self.assertRaisesRegex(ascii2tmj.SourceError, "row 1 is 3 characters wide"):
			self.build("name: tiny\nmap:\n.P..\n###\n")
		with self.assertRaisesRegex(ascii2tmj.SourceError, "unknown actor kind"):
			self.build("name: tiny\nlegend:\n  q = + DRAGON\nmap:\n.Pq.\n####\n")


def reach(args):
	exe = os.environ.get("REACH")
	p = subprocess.run([exe] + args, capture_output=True, text=True, timeout=300)
	return p.returncode, p.stdout + p.stderr


NUMBERS = []


def report(what, out):
	"""The search's numbers (states, frames to the exit, time), printed after the route tests."""
	states = re.search(r"searched (\d+) states", out).group(1)
	frame, jumps = re.search(r"exit: reached on frame (\d+) with (\d+) jumps", out).groups()
	secs = re.search(r"in ([\d.]+) s", out).group(1)
	NUMBERS.append("%-24s %8s states, exit on frame %3s (%2s jumps), %5s s" % (what, states, frame, jumps, secs))


def walk_zone(lv, x, y):
	"""The floor stretch a walker on (x, y) can cover (until a wall or a ledge), 3 rows high."""
	x0 = x1 = x
	while not (lv.attr(x0 - 1, y) & 0x0F) and lv.attr(x0 - 1, y + 1) & 1:
		x0 -= 1
	while not (lv.attr(x1 + 2, y) & 0x0F) and lv.attr(x1 + 2, y + 1) & 1:
		x1 += 1
	return "%d,%d,%d,%d" % (x0, y - 2, x1 + 1, y)


@unittest.skipUnless(os.environ.get("REACH"), "set REACH=build/reach (make test-episode)")
class RouteTest(unittest.TestCase):
	"""build/reach: a search over the game's own player code (see tests/host/reach.c)."""

	@classmethod
	def tearDownClass(cls):
		sys.stderr.write("\n" + "".join("reach %s\n" % n for n in NUMBERS))

	def test_every_level_can_be_finished_with_run_and_jump_and_nothing_is_a_soft_lock(self):
		for stem in ALL_LEVELS:
			rc, out = reach([stem, "--check-folds"])
			self.assertEqual(rc, 0, out)
			self.assertNotIn("TRUNCATED", out)          # the soft-lock check needs every state
			self.assertIn("replay (creatures removed): at the exit", out)
			self.assertIn("soft-locks: 0 stuck states", out)
			self.assertRegex(out, r"folds: \d+ states folded into different ones, 0 went elsewhere")
			report(stem, out)

	def test_a_search_that_stops_short_fails(self):
		rc, out = reach(["e1l1", "--max-nodes", "1000"])
		self.assertEqual(rc, 1, out)
		self.assertIn("search: TRUNCATED at 1000 states", out)
		self.assertIn("soft-locks: not checked (search truncated)", out)

	def test_the_scorpions_can_be_passed_without_touching_their_ground(self):
		lv = level("e1l2")
		args = ["e1l2"]
		for x, y in lv.of("SCORPION"):
			args += ["--avoid", walk_zone(lv, x, y)]
		rc, out = reach(args)
		self.assertEqual(rc, 0, out)
		report("e1l2 --avoid scorpions", out)

	def test_each_shortcut_saves_its_frames(self):
		"""The shortest route takes the secret way; blocked (--avoid), the route is longer by the stated frames."""
		for stem, (rects, _, saves) in SHORTCUTS.items():
			rc, out = reach([stem])
			self.assertEqual(rc, 0, out)
			secret = int(re.search(r"exit: reached on frame (\d+)", out).group(1))
			args = [stem]
			for r in rects:
				args += ["--avoid", r]
			rc, out = reach(args)
			self.assertEqual(rc, 0, out)
			blocked = int(re.search(r"exit: reached on frame (\d+)", out).group(1))
			NUMBERS.append("%-24s shortcut: %3d frames, blocked %3d: saves %d" % (stem, secret, blocked,
			               blocked - secret))
			self.assertEqual(blocked - secret, saves, "%s: %d frames by the secret way, %d without" % (
				stem, secret, blocked))

	def test_the_exit_is_reachable_over_the_boss(self):
		lv = level(BOSS_LEVEL)
		(x, y), = lv.of("BOSS")
		rc, out = reach([BOSS_LEVEL, "--avoid", "%d,%d,%d,%d" % (x - 6, y - 7, x + 8, y)])
		self.assertEqual(rc, 0, out)
		report(BOSS_LEVEL + " --avoid boss", out)



# The planned demos (game/demos/README.md): each one's documented build/plan command must give
# the committed file byte for byte. The planner is deterministic (its states are keyed by stable
# action ids, dump_act_id, not function addresses), so a change that re-plans one shows up here;
# re-plan with the same command on purpose then (the README says what follows).
PLANNED_DEMOS = ("e1l1.dem", "e1l2.dem", "e1l3.dem", "e1l4.dem", "e1l5.dem", "e1l6.dem", "e1l7.dem",
                 "e1l8.dem", "e1l9.dem", "e1l10.dem", "e1bonus.dem", "prizes.dem", "spikes.dem")
PLAN_JOBS = 2                           # plans at once (about 1.5 min of CPU in all; e1l4 and e1l2 the longest)


def demo_commands():
	"""{demo file name: its build/plan argument list}, from the table in game/demos/README.md."""
	with open(os.path.join(REPO, "game", "demos", "README.md")) as f:
		text = f.read()
	cmds = {}
	for m in re.finditer(r"^\| `([\w.]+\.dem)` \| `build/plan ([^`]+)`", text, re.M):
		cmds[m.group(1)] = m.group(2).split()
	return cmds


def replan(name, args, tmp):
	"""Runs build/plan ARGS with --out in tmp: (exit code, output, the file's bytes or None, seconds)."""
	args = list(args)
	at = args.index("--out") + 1
	args[at] = os.path.join(tmp, name)
	t0 = time.monotonic()
	run = subprocess.run([os.environ["PLAN"]] + args, cwd=REPO, capture_output=True, text=True)
	secs = time.monotonic() - t0
	data = None
	if os.path.exists(args[at]):
		with open(args[at], "rb") as f:
			data = f.read()
	return run.returncode, run.stdout + run.stderr, data, secs


@unittest.skipUnless(os.environ.get("PLAN"), "set PLAN=build/plan (make test-episode)")
class PlanTest(unittest.TestCase):
	"""build/plan: each planned demo's documented command gives the committed demo, byte for byte."""

	def test_every_planned_demo_has_its_command(self):
		self.assertEqual(sorted(demo_commands()), sorted(PLANNED_DEMOS))

	def test_documented_commands_reproduce_the_planned_demos(self):
		cmds = demo_commands()
		with tempfile.TemporaryDirectory() as tmp, concurrent.futures.ThreadPoolExecutor(PLAN_JOBS) as pool:
			for name in PLANNED_DEMOS:
				self.assertEqual(cmds[name][cmds[name].index("--out") + 1], "game/demos/" + name)
			t0 = time.monotonic()
			runs = dict(zip(PLANNED_DEMOS, pool.map(lambda n: replan(n, cmds[n], tmp), PLANNED_DEMOS)))
			total = time.monotonic() - t0
		times = ["plan %-12s %5.1f s\n" % (name, runs[name][3]) for name in PLANNED_DEMOS]
		sys.stderr.write("\n" + "".join(times) + "plan: %d demos re-planned in %.1f s, %d at a time\n" % (
			len(PLANNED_DEMOS), total, PLAN_JOBS))
		for name in PLANNED_DEMOS:
			rc, out, data, _ = runs[name]
			with self.subTest(demo=name):
				self.assertEqual(rc, 0, out)
				with open(os.path.join(REPO, "game", "demos", name), "rb") as g:
					self.assertEqual(data, g.read(), "%s: build/plan %s gives other bytes" % (name, " ".join(cmds[name])))


if __name__ == "__main__":
	unittest.main()
