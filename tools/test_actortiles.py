#!/usr/bin/python3
"""Tests for game/levels/actors.tsj and tools/actortiles.py: a picture for every actor kind, in step with the game.

Run from the repo root: /usr/bin/python3 tools/test_actortiles.py [ActorTilesTest.test_name]
"""

import json
import os
import re
import shutil
import sys
import tempfile
import unittest

from PIL import Image

TOOLS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(TOOLS)
LEVELS = os.path.join(REPO, "game", "levels")
sys.path.insert(0, TOOLS)
sys.dont_write_bytecode = True      # keep tools/ free of __pycache__
import actortiles  # noqa: E402
import ascii2tmj  # noqa: E402
import level2bin  # noqa: E402

RULES = level2bin.Rules()
EGA = {(r, g, b) for r, g, b in (
	(0x00, 0x00, 0x00), (0x00, 0x00, 0xAA), (0x00, 0xAA, 0x00), (0x00, 0xAA, 0xAA),
	(0xAA, 0x00, 0x00), (0xAA, 0x00, 0xAA), (0xAA, 0x55, 0x00), (0xAA, 0xAA, 0xAA),
	(0x55, 0x55, 0x55), (0x55, 0x55, 0xFF), (0x55, 0xFF, 0x55), (0x55, 0xFF, 0xFF),
	(0xFF, 0x55, 0x55), (0xFF, 0x55, 0xFF), (0xFF, 0xFF, 0x55), (0xFF, 0xFF, 0xFF))}


def tileset():
	with open(os.path.join(LEVELS, "actors.tsj")) as f:
		return json.load(f)


def table_names():
	"""The kinds named in game/cast/kinds.c's kinds table, read here independently of actortiles."""
	with open(os.path.join(REPO, "game", "cast", "kinds.c")) as f:
		text = f.read()
	return dict(re.findall(r'^\s*\[ACT_(\w+)\]\s*=\s*\{\s*\.name\s*=\s*"(\w+)"', text, re.M))


class ActorTilesTest(unittest.TestCase):

	def test_actors_tsj_is_in_step_with_the_game(self):
		self.assertEqual(actortiles.differences(), [], "run tools/actortiles.py")

	def test_every_kind_in_the_kinds_table_has_its_tile(self):
		tiles = {t["id"]: t for t in tileset()["tiles"]}
		names = table_names()
		kinds = {k: v for k, v in RULES.kinds.items() if k != "NONE"}
		self.assertEqual(set(names) - {"NONE"}, set(kinds), "actor.h and actor.c's table list the same kinds")
		for kind, kid in kinds.items():
			t = tiles.get(kid - 1)
			self.assertIsNotNone(t, "%s (kind %d) has no tile %d in actors.tsj" % (kind, kid, kid - 1))
			self.assertEqual(t["type"], kind)
			self.assertEqual(names[kind], kind, "the table's .name")
			self.assertEqual(t["image"], "actors/%s.png" % kind.lower())
			with Image.open(os.path.join(LEVELS, t["image"])) as im:
				self.assertEqual(im.size, (t["imagewidth"], t["imageheight"]), kind)
		self.assertEqual(len(tiles), len(kinds), "one tile per kind, no strays")
		self.assertEqual(tileset()["tilecount"], len(kinds))

	def test_pictures_are_the_games_own_sprites(self):
		"""The first image of each kind's first action: spot checks written out by hand."""
		sprites = actortiles.sprite_images()
		want = {"PLAYER": "PLAYER_R0", "CRITTER": "CRITTER0", "HOPPER": "HOPPER_R0", "SCORPION": "SCORPION_R0",
		        "SLUG": "SLUG0", "TULIP": "TULIP_CLOSED", "EYE_PLANT": "EYE_PLANT_R0", "SATELLITE": "SATELLITE0",
		        "FROZEN_FRIEND": "FRIEND_FROZEN", "BOSS": "BOSS_R0", "BOMB_PICKUP": "BOMB_IDLE",
		        "EXIT": "EXIT0", "BASKET": "BASKET", "DIAMOND": "DIAMOND", "FOOT_SWITCH": "FOOT_SWITCH_UP"}
		for kind, image in want.items():
			with Image.open(os.path.join(LEVELS, "actors", kind.lower() + ".png")) as im:
				self.assertEqual(im.convert("RGBA").tobytes(), sprites[image].tobytes(), kind)

	def test_pictures_use_the_ega_palette_and_show_something(self):
		for t in tileset()["tiles"]:
			with Image.open(os.path.join(LEVELS, t["image"])) as im:
				px = list(im.convert("RGBA").getdata())
			opaque = [p[:3] for p in px if p[3]]
			self.assertTrue(all(p[3] in (0, 255) for p in px), t["type"])
			self.assertLessEqual(set(opaque), EGA, t["type"])
			self.assertGreater(len(opaque), 4, "%s's picture is (nearly) empty" % t["type"])

	def test_markers_show_what_the_game_builds(self):
		tiles = {t["type"]: t for t in tileset()["tiles"]}
		anchor = {k: next((p["value"] for p in t.get("properties", []) if p["name"] == "anchor_x"), 0)
		          for k, t in tiles.items()}
		self.assertEqual((tiles["PLATFORM"]["imagewidth"], tiles["PLATFORM"]["imageheight"], anchor["PLATFORM"]),
		                 (40, 8, 2))                         # 5 tiles, the marker in the middle
		for n in (6, 9, 12, 15):                             # the spray's middle column, its height above it
			t = tiles["FOUNTAIN_%d" % n]
			self.assertEqual((t["imagewidth"], t["imageheight"], anchor["FOUNTAIN_%d" % n]), (24, 24, 1))
		self.assertEqual({k for k, a in anchor.items() if a}, {"PLATFORM", "FOUNTAIN_6", "FOUNTAIN_9",
		                                                       "FOUNTAIN_12", "FOUNTAIN_15"})

	def test_every_kind_placed_through_tiled_lands_on_its_cell(self):
		"""ascii2tmj makes a tile object of each kind; level2bin reads each back on the cell it was put."""
		kinds = sorted(k for k in RULES.kinds if k not in ("NONE", "PLAYER"))       # P: the one player
		chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOQ"[:len(kinds)]
		legend = "".join("  %s = + %s\n" % (c, k) for c, k in zip(chars, kinds))
		w = 4 * len(kinds) + 4
		row = "...." + "".join(c + "..." for c in chars)
		src = "name: all\nlegend:\n%smap:\n%s\n%s\n.P%s\n%s\n" % (legend, "." * w, row, "." * (w - 2), "#" * w)
		with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
			f.write(src)
		try:
			doc = ascii2tmj.build(f.name)
		finally:
			os.unlink(f.name)
		self.assertTrue(all("gid" in o for o in doc["layers"][1]["objects"]), "every kind has a picture")
		data = level2bin.convert_doc(os.path.join(LEVELS, "all.tmj"), doc, RULES)
		name, mw, mh, count = level2bin.parse_level("all", data)
		ids = {v: k for k, v in RULES.kinds.items()}
		base = 30 + 2 * mw * mh
		placed = {}
		for i in range(count):
			k, x, y = (int.from_bytes(data[base + 6 * i + j:base + 6 * i + j + 2], "little") for j in (0, 2, 4))
			placed.setdefault(ids[k], []).append((x, y))
		for i, kind in enumerate(kinds):
			self.assertEqual(placed[kind], [(4 + 4 * i, 1)], kind)
		self.assertEqual(placed["PLAYER"], [(1, 2)])

	def test_check_names_a_stale_or_stray_picture(self):
		tmp = tempfile.mkdtemp(prefix="actortiles_test_")
		saved = actortiles.LEVELS, actortiles.TSJ
		try:
			shutil.copytree(os.path.join(LEVELS, "actors"), os.path.join(tmp, "actors"))
			shutil.copy(os.path.join(LEVELS, "actors.tsj"), tmp)
			actortiles.LEVELS, actortiles.TSJ = tmp, os.path.join(tmp, "actors.tsj")
			self.assertEqual(actortiles.differences(), [])
			Image.new("RGBA", (16, 16)).save(os.path.join(tmp, "actors", "hopper.png"))
			Image.new("RGBA", (16, 16)).save(os.path.join(tmp, "actors", "dragon.png"))
			self.assertEqual(actortiles.differences(), ["game/levels/actors/hopper.png",
			                                            "game/levels/actors/dragon.png (no such kind)"])
			actortiles.write()
			self.assertEqual(actortiles.differences(), [])
			self.assertFalse(os.path.exists(os.path.join(tmp, "actors", "dragon.png")))
		finally:
			actortiles.LEVELS, actortiles.TSJ = saved
			shutil.rmtree(tmp)


if __name__ == "__main__":
	unittest.main()
