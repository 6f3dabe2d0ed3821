#!/usr/bin/python3
"""Tests for tools/level2bin.py: tiny Tiled maps built in a temp dir, converted to exact bytes or rejected.

Run from the repo root: /usr/bin/python3 tools/test_level2bin.py [Level2binTest.test_name]
"""

import base64
import contextlib
import io
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import unittest
import zlib

TOOLS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(TOOLS)
sys.path.insert(0, TOOLS)
sys.dont_write_bytecode = True      # keep tools/ free of __pycache__
import level2bin  # noqa: E402

RULES = level2bin.Rules()
PLAYER, CRITTER, BARREL = RULES.kinds["PLAYER"], RULES.kinds["CRITTER"], RULES.kinds["BARREL"]
SOLID, MASKED, PATHS, ACTORS = 1, 33, 49, 57           # firstgids in the tiny map

# The tiny map: 3x2 cells
#   gid 0 (air), gid 1 (solid EMPTY = air), gid 2 (solid GRASS)
#   masked ROPE, path N, path NW
TINY_GIDS = [0, SOLID + 0, SOLID + 1, MASKED + 1, PATHS + 0, PATHS + 7]
TINY_CELLS = [0, 0, 8 + 1, 0x8001, 1, 8]


def tileset(name, image, w, h, tw=8, extra=None):
	doc = {"type": "tileset", "name": name, "image": image, "imagewidth": w, "imageheight": h,
	       "tilewidth": tw, "tileheight": tw, "columns": w // tw, "tilecount": (w // tw) * (h // tw)}
	doc.update(extra or {})
	return doc


class Level2binTest(unittest.TestCase):

	def setUp(self):
		self.dir = tempfile.mkdtemp(prefix="level2bin_test_")
		os.mkdir(os.path.join(self.dir, "assets"))
		os.mkdir(os.path.join(self.dir, "levels"))
		self.write("assets/tiles.json", {"tiles": [
			{"name": "EMPTY", "attrs": []}, {"name": "GRASS", "attrs": []},
			{"name": "DIRT", "attrs": []}]})
		self.write("assets/mtiles.json", {"tiles": [
			{"name": "LADDER", "attrs": []}, {"name": "ROPE", "attrs": []}]})
		self.write("levels/solid.tsj", tileset("solid", "../assets/tiles.png", 128, 16))
		self.write("levels/masked.tsj", tileset("masked", "../assets/mtiles.png", 128, 8))
		self.write("levels/paths.tsj", tileset("paths", "paths.png", 64, 8))
		self.write("levels/actors.tsj", tileset("actors", "../assets/sprites.png", 256, 64, 16, {
			"tiles": [{"id": 32, "type": "PLAYER"}, {"id": 36, "class": "CRITTER"}]}))
		self.map = {
			"type": "map", "orientation": "orthogonal", "infinite": False,
			"width": 3, "height": 2, "tilewidth": 8, "tileheight": 8,
			"properties": [{"name": "name", "type": "string", "value": "Tiny"}],
			"tilesets": [{"firstgid": SOLID, "source": "solid.tsj"},
			             {"firstgid": MASKED, "source": "masked.tsj"},
			             {"firstgid": PATHS, "source": "paths.tsj"},
			             {"firstgid": ACTORS, "source": "actors.tsj"}],
			"layers": [
				{"type": "tilelayer", "name": "tiles", "width": 3, "height": 2,
				 "data": list(TINY_GIDS)},
				{"type": "objectgroup", "name": "actors", "objects": [
					# tile object: y is its bottom edge -> tile (1, 16 // 8 - 1)
					{"id": 1, "gid": ACTORS + 32, "x": 8, "y": 16, "width": 16, "height": 16,
					 "type": "PLAYER"},
					# point object (Tiled 1.9 "class") -> tile (17.5 // 8, 3 // 8)
					{"id": 2, "x": 17.5, "y": 3, "point": True, "class": "CRITTER"},
				]},
			],
		}

	def tearDown(self):
		shutil.rmtree(self.dir)

	def write(self, rel, doc):
		with open(os.path.join(self.dir, rel), "w") as f:
			json.dump(doc, f)

	@property
	def tiles(self):
		return self.map["layers"][0]

	@property
	def objects(self):
		return self.map["layers"][1]["objects"]

	def convert(self):
		"""Runs main() in-process on the map; returns (exit code, stderr, output bytes or None)."""
		tmj = os.path.join(self.dir, "levels", "tiny.tmj")
		out = os.path.join(self.dir, "out", "tiny.lvl")
		with open(tmj, "w") as f:
			json.dump(self.map, f)
		err = io.StringIO()
		with contextlib.redirect_stderr(err):
			rc = level2bin.main([tmj, "-o", out])
		data = None
		if os.path.exists(out):
			with open(out, "rb") as f:
				data = f.read()
		return rc, err.getvalue(), data

	def assert_rejected(self, *fragments):
		rc, err, data = self.convert()
		self.assertNotEqual(rc, 0, "expected a rejection")
		self.assertIsNone(data, "nothing may be written on error")
		self.assertIn("level2bin: error: ", err)
		self.assertIn("tiny.tmj: ", err, "the message names the file")
		for frag in fragments:
			self.assertIn(frag, err)

	def tiny_bytes(self, actors=((PLAYER, 1, 1), (CRITTER, 2, 0)), name=b"Tiny"):
		"""The expected file, written out field by field as level.h describes it."""
		out = b"SFLV" + bytes([1, 0, 3, 0, 2, 0, len(actors), 0, 0, 0]) + name.ljust(16, b"\0")
		out += b"".join(struct.pack("<H", c) for c in TINY_CELLS)
		out += b"".join(struct.pack("<HHH", *a) for a in actors)
		return out + struct.pack("<I", zlib.crc32(out))

	# --- valid input -------------------------------------------------------

	def test_tiny_map_converts_to_exact_bytes(self):
		rc, err, data = self.convert()
		self.assertEqual(rc, 0, err)
		self.assertEqual(data.hex(" "), self.tiny_bytes().hex(" "))
		self.assertEqual(data[:30].hex(" "), "53 46 4c 56 01 00 03 00 02 00 02 00 00 00 "
		                 "54 69 6e 79 00 00 00 00 00 00 00 00 00 00 00 00")
		self.assertEqual(len(data), 30 + 2 * 6 + 6 * 2 + 4)

	def test_base64_uncompressed_layer_equals_csv(self):
		self.tiles["encoding"] = "base64"
		self.tiles["data"] = base64.b64encode(struct.pack("<6I", *TINY_GIDS)).decode()
		rc, err, data = self.convert()
		self.assertEqual(rc, 0, err)
		self.assertEqual(data, self.tiny_bytes())

	def test_name_defaults_to_file_stem(self):
		del self.map["properties"]
		rc, err, data = self.convert()
		self.assertEqual(rc, 0, err)
		self.assertEqual(data, self.tiny_bytes(name=b"tiny"))

	def test_tile_object_takes_its_tiles_type(self):
		self.objects[1] = {"id": 2, "gid": ACTORS + 36, "x": 16, "y": 8, "type": ""}
		rc, err, data = self.convert()
		self.assertEqual(rc, 0, err)
		self.assertEqual(data, self.tiny_bytes(actors=((PLAYER, 1, 1), (CRITTER, 2, 0))))

	def test_anchor_x_puts_a_wide_picture_on_its_actors_cell(self):
		"""actors.tsj's anchor_x: a 40-pixel platform picture whose marker is its middle tile."""
		self.write("levels/actors.tsj", tileset("actors", "../assets/sprites.png", 256, 64, 16, {
			"tiles": [{"id": 32, "type": "PLAYER"}, {"id": 36, "class": "CRITTER"},
			          {"id": 40, "type": "CRITTER", "properties": [{"name": "anchor_x", "type": "int", "value": 2}]}]}))
		self.objects[1] = {"id": 2, "gid": ACTORS + 40, "x": 0, "y": 8, "width": 40, "height": 8}
		rc, err, data = self.convert()
		self.assertEqual(rc, 0, err)
		self.assertEqual(data, self.tiny_bytes(actors=((PLAYER, 1, 1), (CRITTER, 2, 0))))
		self.objects[1]["x"] = 16                       # 2 + 2 is outside the 3-wide map
		os.unlink(os.path.join(self.dir, "out", "tiny.lvl"))
		self.assert_rejected("object 2 (CRITTER) at pixel (16, 8) is on tile (4, 0), outside the 3x2 map")

	def test_bad_anchor_x_rejected(self):
		self.write("levels/actors.tsj", tileset("actors", "../assets/sprites.png", 256, 64, 16, {
			"tiles": [{"id": 32, "type": "PLAYER", "properties": [{"name": "anchor_x", "value": -1}]}]}))
		rc, err, data = self.convert()
		self.assertEqual((rc, data), (1, None))
		self.assertIn("actors.tsj: tile 32: anchor_x is -1, want a whole number of tiles >= 0", err)

	def test_actor_kinds_come_from_actor_h(self):
		kinds = level2bin.read_actor_kinds(os.path.join(REPO, "game", "engine", "actor.h"))
		self.assertEqual(kinds["NONE"], 0)
		self.assertEqual(kinds["PLAYER"], 1)
		self.assertEqual(list(kinds.values()), list(range(len(kinds))))
		self.assertNotIn("COUNT", kinds)

	def test_rules_match_map_h(self):
		self.assertEqual((RULES.map_solid_base, RULES.map_masked_flag, RULES.map_path_last),
		                 (8, 0x8000, 8))
		self.assertEqual(RULES.max_actors, 128)

	def test_cli_exit_status(self):
		tmj = os.path.join(self.dir, "levels", "tiny.tmj")
		out = os.path.join(self.dir, "cli.lvl")
		with open(tmj, "w") as f:
			json.dump(self.map, f)
		args = [sys.executable, os.path.join(TOOLS, "level2bin.py"), tmj, "-o", out]
		ok = subprocess.run(args, capture_output=True, text=True)
		self.assertEqual(ok.returncode, 0, ok.stderr)
		self.objects.clear()
		with open(tmj, "w") as f:
			json.dump(self.map, f)
		os.remove(out)
		bad = subprocess.run(args, capture_output=True, text=True)
		self.assertEqual(bad.returncode, 1)
		self.assertIn("no PLAYER", bad.stderr)
		self.assertFalse(os.path.exists(out))

	# --- rejected input ----------------------------------------------------

	def test_bad_json_rejected(self):
		tmj = os.path.join(self.dir, "levels", "tiny.tmj")
		with open(tmj, "w") as f:
			f.write("{ nope")
		err = io.StringIO()
		with contextlib.redirect_stderr(err):
			rc = level2bin.main([tmj, "-o", os.path.join(self.dir, "x.lvl")])
		self.assertEqual(rc, 1)
		self.assertIn("tiny.tmj: bad JSON", err.getvalue())

	def test_compressed_layer_rejected(self):
		self.tiles.update(encoding="base64", compression="zlib",
		                  data=base64.b64encode(zlib.compress(struct.pack("<6I", *TINY_GIDS))).decode())
		self.assert_rejected('layer "tiles" is zlib-compressed', "Tile Layer Format to CSV")

	def test_flipped_tile_rejected(self):
		self.tiles["data"][2] |= 0x80000000
		self.assert_rejected("cell (2,0) is flipped or rotated (gid 0x80000002)")

	def test_wrong_cell_count_rejected(self):
		self.tiles["data"].pop()
		self.assert_rejected('layer "tiles" has 5 cells, the map needs 6')

	def test_unknown_actor_type_rejected(self):
		self.objects[1]["class"] = "DRAGON"
		self.assert_rejected("object 2 has unknown actor type 'DRAGON'", "PLAYER, CRITTER")

	def test_none_is_not_an_actor_type(self):
		self.objects[1]["class"] = "NONE"
		self.assert_rejected("object 2 has unknown actor type 'NONE'")

	def test_object_without_type_rejected(self):
		del self.objects[1]["class"]
		self.assert_rejected("object 2 has no type")

	def test_type_and_class_disagreeing_rejected(self):
		self.objects[1]["type"] = "BARREL"
		self.assert_rejected("object 2 has type 'BARREL' and class 'CRITTER'")

	def test_object_left_of_map_rejected(self):
		self.objects[1]["x"] = -0.5
		self.assert_rejected("object 2 (CRITTER) at pixel (-0.5, 3) is on tile (-1, 0), outside the 3x2 map")

	def test_object_past_right_edge_rejected(self):
		self.objects[1]["x"] = 24
		self.assert_rejected("object 2 (CRITTER) at pixel (24, 3) is on tile (3, 0), outside the 3x2 map")

	def test_tile_object_above_the_map_rejected(self):
		self.objects[0]["y"] = 7                # bottom edge in row 0 -> stands on row -1
		self.assert_rejected("object 1 (PLAYER) at pixel (8, 7) is on tile (1, -1), outside")

	def test_object_below_the_map_rejected(self):
		self.objects[1]["y"] = 16
		self.assert_rejected("on tile (2, 2), outside the 3x2 map")

	def test_no_player_rejected(self):
		del self.objects[0]
		self.assert_rejected('no PLAYER object in layer "actors"; want exactly one')

	def test_two_players_rejected(self):
		self.objects.append({"id": 7, "x": 0, "y": 0, "type": "PLAYER"})
		self.assert_rejected("2 PLAYER objects (ids 1, 7); want exactly one")

	def test_too_many_actors_rejected(self):
		for i in range(128):
			self.objects.append({"id": 10 + i, "x": 0, "y": 0, "type": "BARREL"})
		self.assert_rejected("130 actors, more than 128")

	def test_template_object_rejected(self):
		self.objects[1]["template"] = "critter.tx"
		self.assert_rejected("object 2 uses a template")

	def test_wrong_tile_size_rejected(self):
		self.map["tilewidth"] = self.map["tileheight"] = 16
		self.assert_rejected("tiles are 16x16 pixels, must be 8x8")

	def test_map_too_wide_rejected(self):
		self.map["width"] = 1025
		self.assert_rejected("map is 1025x2 tiles; must be 1x1 .. 1024x256")

	def test_map_with_too_many_cells_rejected(self):
		self.map["width"], self.map["height"] = 1024, 65
		self.assert_rejected("map is 1024x65 = 66560 cells, more than 65536")

	def test_infinite_map_rejected(self):
		self.map["infinite"] = True
		self.assert_rejected("infinite maps are not supported")

	def test_isometric_map_rejected(self):
		self.map["orientation"] = "isometric"
		self.assert_rejected("orientation is 'isometric', must be orthogonal")

	def test_embedded_tileset_rejected(self):
		self.map["tilesets"][0] = {"firstgid": 1, "name": "solid", "tilecount": 32}
		self.assert_rejected("tilesets[0] is embedded in the map")

	def test_unknown_tileset_rejected(self):
		self.map["tilesets"][2]["source"] = "arrows.tsj"
		self.assert_rejected("tileset arrows.tsj is not one of solid.tsj, masked.tsj, paths.tsj")

	def test_solid_tile_not_named_in_tiles_json_rejected(self):
		self.tiles["data"][2] = SOLID + 3
		self.assert_rejected("cell (2,0) uses solid.tsj tile 3, which tiles.json does not name (it has 3 tiles)")

	def test_masked_tile_not_named_in_mtiles_json_rejected(self):
		self.tiles["data"][3] = MASKED + 2
		self.assert_rejected("cell (0,1) uses masked.tsj tile 2, which mtiles.json does not name")

	def test_gid_in_no_tileset_rejected(self):
		self.tiles["data"][0] = ACTORS + 64
		self.assert_rejected("cell (0,0) has gid 121, which is in no tileset")

	def test_actor_picture_in_tile_layer_rejected(self):
		self.tiles["data"][0] = ACTORS + 32
		self.assert_rejected("cell (0,0) uses an actors.tsj picture")

	def test_extra_layer_rejected(self):
		self.map["layers"].append({"type": "imagelayer", "name": "backdrop"})
		self.assert_rejected("unexpected layer 'backdrop' (imagelayer)")

	def test_missing_actor_layer_rejected(self):
		del self.map["layers"][1]
		self.assert_rejected('no object layer named "actors"')

	def test_missing_tile_layer_rejected(self):
		del self.map["layers"][0]
		self.assert_rejected('no tile layer named "tiles"')

	def test_long_name_rejected(self):
		self.map["properties"][0]["value"] = "A Very Long Name!"
		self.assert_rejected("level name 'A Very Long Name!' must be 1..15 characters")

	def test_non_ascii_name_rejected(self):
		self.map["properties"][0]["value"] = "Caf\u00e9"
		self.assert_rejected("must be printable ASCII")

	# --- bundle ------------------------------------------------------------

	def bundle(self, *paths):
		out = os.path.join(self.dir, "gen", "levels.c")
		err = io.StringIO()
		with contextlib.redirect_stderr(err):
			rc = level2bin.main(["--bundle", out] + list(paths))
		text = None
		if rc == 0:
			with open(out) as f:
				text = f.read()
		return rc, err.getvalue(), text

	def test_bundle_emits_arrays_and_table(self):
		lvl = os.path.join(self.dir, "tiny.lvl")
		with open(lvl, "wb") as f:
			f.write(self.tiny_bytes())
		rc, err, text = self.bundle(lvl)
		self.assertEqual(rc, 0, err)
		self.assertTrue(text.startswith("/* Generated by tools/level2bin.py --bundle"))
		packed = level2bin.lz_pack(self.tiny_bytes())
		self.assertEqual(level2bin.lz_unpack(packed), self.tiny_bytes())
		self.assertIn("static const uint8_t level_tiny_packed[%d] = {\n\t0x%02X," % (len(packed), packed[0]), text)
		self.assertIn("static uint8_t level_tiny[58];", text)
		self.assertIn('\t{ .name = "tiny", .data = level_tiny, .len = 58, .packed = level_tiny_packed, '
		              '.packed_len = %d, .room = level_tiny },' % len(packed), text)
		self.assertIn("const uint16_t game_level_count = 1;", text)

	def test_lz_pack_round_trips_runs_literals_and_long_copies(self):
		cases = [b"", b"a", bytes(range(256)) * 3, b"\0" * 1000, b"ab" * 300 + bytes(range(200)),
		         bytes((i * 7) & 0xFF for i in range(70000)) + b"\x01" * 500]
		for data in cases:
			packed = level2bin.lz_pack(data)
			self.assertEqual(level2bin.lz_unpack(packed), data)
			for i, t in self.tokens(packed):
				if t >= 0x80:
					self.assertTrue(1 <= (packed[i + 1] | packed[i + 2] << 8) <= level2bin.LZ_WINDOW)
		self.assertLess(len(level2bin.lz_pack(b"\0" * 1000)), 30)   # 1000 zeros: a literal and 8 copies

	@staticmethod
	def tokens(packed):
		i = 0
		while i < len(packed):
			t = packed[i]
			yield i, t
			i += 1 + (t + 1 if t < 0x80 else 2)

	@unittest.skipUnless(shutil.which("gcc"), "gcc not installed")
	def test_bundle_compiles_against_level_h(self):
		lvl = os.path.join(self.dir, "tiny.lvl")
		with open(lvl, "wb") as f:
			f.write(self.tiny_bytes())
		rc, err, _ = self.bundle(lvl)
		self.assertEqual(rc, 0, err)
		gen = os.path.join(self.dir, "gen")
		cc = subprocess.run(["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic",
		                     "-I" + os.path.join(REPO, "game", "engine"), "-I" + os.path.join(REPO, "game", "formats"), "-c", os.path.join(gen, "levels.c"),
		                     "-o", os.path.join(gen, "levels.o")], capture_output=True, text=True)
		self.assertEqual(cc.returncode, 0, cc.stderr)

	def test_bundle_rejects_corrupt_level(self):
		lvl = os.path.join(self.dir, "tiny.lvl")
		data = bytearray(self.tiny_bytes())
		data[40] ^= 1
		with open(lvl, "wb") as f:
			f.write(data)
		rc, err, _ = self.bundle(lvl)
		self.assertEqual(rc, 1)
		self.assertIn("tiny.lvl: CRC mismatch", err)

	def test_bundle_rejects_name_that_is_not_an_identifier(self):
		lvl = os.path.join(self.dir, "Level-1.lvl")
		with open(lvl, "wb") as f:
			f.write(self.tiny_bytes())
		rc, err, _ = self.bundle(lvl)
		self.assertEqual(rc, 1)
		self.assertIn("file stem 'Level-1' is not a lower-case C identifier", err)

	# --- the real files ----------------------------------------------------

	def test_editor_tilesets_match_their_images(self):
		"""The tile grids; actors.tsj is a collection of pictures (tools/test_actortiles.py)."""
		from PIL import Image
		levels = os.path.join(REPO, "game", "levels")
		for name in ("solid", "masked", "paths"):
			with open(os.path.join(levels, name + ".tsj")) as f:
				ts = json.load(f)
			with Image.open(os.path.join(levels, ts["image"])) as im:
				w, h = im.size
			tw = ts["tilewidth"]
			self.assertEqual((ts["imagewidth"], ts["imageheight"]), (w, h), name)
			self.assertEqual(ts["columns"], w // tw, name)
			self.assertEqual(ts["tilecount"], (w // tw) * (h // ts["tileheight"]), name)

	def test_test_level_has_what_the_brief_asks_for(self):
		data = level2bin.convert(os.path.join(REPO, "game", "levels", "test.tmj"))
		name, w, h, count = level2bin.parse_level("test.lvl", data)
		self.assertEqual(name, "Test Meadow")
		self.assertGreaterEqual(w, 80)          # two 40-tile screens and more
		cells = struct.unpack_from("<%dH" % (w * h), data, 30)
		kinds = [struct.unpack_from("<HHH", data, 30 + 2 * w * h + 6 * i)[0] for i in range(count)]
		for kind, n in (("PLAYER", 1), ("CRITTER", 2), ("SLUG", 1), ("BARREL", 2)):
			self.assertEqual(kinds.count(RULES.kinds[kind]), n, kind)
		solid = {c - 8 for c in cells if 8 < c < 0x8000}
		with open(os.path.join(REPO, "game", "assets", "tiles.json")) as f:
			names = [t["name"] for t in json.load(f)["tiles"]]
		for t in ("PLATFORM_BLUE", "BRICK", "SLOPE_UR", "SLOPE_UL", "SKY_STAR", "HEDGE_FRONT"):
			self.assertIn(names.index(t), solid, t)
		self.assertTrue(any(c & 0x8000 for c in cells), "masked decor")
		pit = [x for x in range(w) if all(cells[y * w + x] <= 8 for y in range(h - 4, h))]
		self.assertTrue(pit, "a pit open to the bottom")


if __name__ == "__main__":
	unittest.main()
