#!/usr/bin/python3
"""actortiles: draws game/levels/actors.tsj, the Tiled tileset of actor kinds, from the game's own sprites.

Usage:
  actortiles.py             write game/levels/actors.tsj and game/levels/actors/<kind>.png
  actortiles.py --check     exit 1 (naming what differs) if they are out of date

One tile per kind of game/cast/kinds.c's kinds table (ACT_NONE aside), tile id =
kind id - 1, type = the kind's name, so a tile object dropped in Tiled is
that actor (tools/level2bin.py). The picture is the one the game gives the
kind (actor_kind_image: frame 0 of the first view of the kind's first
action in game/engine/actions.c), cut from the game/assets/sprites*.png sheets.
The level markers have no action; they get what the game makes of them:
  PLATFORM      the five platform tiles (tiles.png PLATFORM_0..4); the
                marker is the middle one, so the tile says anchor_x = 2
  FOUNTAIN_N    the spray (SPRAY0) with its height N above it in the game's
                font; the marker is the spray's middle column, anchor_x = 1
anchor_x (a custom int property) counts tiles from the picture's left edge
to the actor's own cell; level2bin and ascii2tmj honour it. The tileset is
an image collection: each tile its own PNG at its real size, bottom-left
aligned as the game draws sprites (x = left tile, y = bottom row).
Needs Pillow (/usr/bin/python3).
"""

import argparse
import glob
import json
import os
import re
import sys

from PIL import Image

TOOLS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(TOOLS)
GAME = os.path.join(REPO, "game")
ASSETS = os.path.join(GAME, "assets")
LEVELS = os.path.join(GAME, "levels")
TSJ = os.path.join(LEVELS, "actors.tsj")
PICTURES = "actors"                     # folder beside actors.tsj
sys.dont_write_bytecode = True
sys.path.insert(0, TOOLS)
import level2bin  # noqa: E402

TILE = 8
FONT_INK = (0xFF, 0xFF, 0x55, 0xFF)     # EGA yellow: a fountain's height over its spray
PLATFORM_TILES = ["PLATFORM_%d" % i for i in range(5)]
MARKERS = {"PLATFORM": 2}               # kinds drawn from tiles, and their anchor_x
FOUNTAIN = re.compile(r"^FOUNTAIN_(\d+)$")


class TilesError(Exception):
	pass


def table_entries(path, prefix):
	"""{NAME: initialiser body} of the designated initialisers [PREFIX_NAME] = { ... } starting a line."""
	with open(path, encoding="utf-8") as f:
		text = f.read()
	return {m.group(1): m.group(2) for m in
	        re.finditer(r"^\s*\[%s_(\w+)\]\s*=\s*\{(.*?)\}" % prefix, text, re.M | re.S)}


def kind_table():
	"""[(id, name, picture)] for every kind but NONE: picture an IMG_ name, or the kind for markers."""
	ids = level2bin.Rules(GAME).kinds
	entries = table_entries(os.path.join(GAME, "cast", "kinds.c"), "ACT")
	actions = table_entries(os.path.join(GAME, "engine", "actions.c"), "ACTION")
	out = []
	for name, kid in sorted(ids.items(), key=lambda kv: kv[1]):
		if name in ("NONE", "COUNT"):
			continue
		body = entries.get(name)
		if body is None:
			raise TilesError("game/cast/kinds.c: ACT_%s has no entry in the kinds table" % name)
		m = re.search(r'\.name\s*=\s*"(\w+)"', body)
		if not m or m.group(1) != name:
			raise TilesError('game/cast/kinds.c: ACT_%s is named %r, not "%s"' % (name, m and m.group(1), name))
		if re.search(r"\bAF_MARKER\b", body):
			out.append((kid, name, None))
			continue
		m = re.search(r"\.action\s*=\s*ACTION_(\w+)", body)
		if not m or m.group(1) not in actions:
			raise TilesError("game/cast/kinds.c: ACT_%s has no action in game/engine/actions.c" % name)
		first = re.search(r"\.first\s*=\s*IMG_(\w+)", actions[m.group(1)])
		if not first:
			raise TilesError("game/engine/actions.c: ACTION_%s has no .first image" % m.group(1))
		out.append((kid, name, first.group(1)))
	return out


def sprite_images():
	"""{image name: RGBA picture} from sprites.png and every sprites_*.png, as gfx2c reads them."""
	out = {}
	for js in [os.path.join(ASSETS, "sprites.json")] + sorted(glob.glob(os.path.join(ASSETS, "sprites_*.json"))):
		with Image.open(os.path.splitext(js)[0] + ".png") as im:
			sheet = im.convert("RGBA")
		with open(js) as f:
			for d in json.load(f)["images"]:
				out[d["name"]] = sheet.crop((d["x"], d["y"], d["x"] + d["w"], d["y"] + d["h"]))
	return out


def solid_tile(name):
	with open(os.path.join(ASSETS, "tiles.json")) as f:
		names = [t["name"] for t in json.load(f)["tiles"]]
	with Image.open(os.path.join(ASSETS, "tiles.png")) as im:
		sheet = im.convert("RGBA")
	i, cols = names.index(name), sheet.width // TILE
	return sheet.crop(((i % cols) * TILE, (i // cols) * TILE, (i % cols + 1) * TILE, (i // cols + 1) * TILE))


def glyph(ch):
	"""The game's 8x8 font glyph for ch, in FONT_INK on transparent."""
	with Image.open(os.path.join(ASSETS, "font.png")) as im:
		font = im.convert("RGBA")
	n = ord(ch)
	g = font.crop(((n % 16) * TILE, (n // 16) * TILE, (n % 16 + 1) * TILE, (n // 16 + 1) * TILE))
	out = Image.new("RGBA", (TILE, TILE), (0, 0, 0, 0))
	for y in range(TILE):
		for x in range(TILE):
			if g.getpixel((x, y))[:3] == (255, 255, 255):
				out.putpixel((x, y), FONT_INK)
	return out


def marker_picture(name, images):
	"""(picture, anchor_x) for a level marker."""
	if name == "PLATFORM":
		out = Image.new("RGBA", (TILE * len(PLATFORM_TILES), TILE), (0, 0, 0, 0))
		for i, t in enumerate(PLATFORM_TILES):
			out.paste(solid_tile(t), (i * TILE, 0))
		return out, MARKERS[name]
	m = FOUNTAIN.match(name)
	if not m:
		raise TilesError("no picture for the marker %s: add it to tools/actortiles.py" % name)
	spray = images["SPRAY0"]
	out = Image.new("RGBA", (spray.width, spray.height + TILE), (0, 0, 0, 0))
	out.alpha_composite(spray, (0, TILE))
	digits = m.group(1)
	x0 = (spray.width - TILE * len(digits)) // 2
	for i, ch in enumerate(digits):
		out.alpha_composite(glyph(ch), (x0 + i * TILE, 0))
	return out, 1


def build():
	"""(tileset document, {file name: picture}) for the current kinds table and sprites."""
	images = sprite_images()
	tiles, files = [], {}
	for kid, name, img in kind_table():
		if img is None:
			pic, anchor = marker_picture(name, images)
		elif img in images:
			pic, anchor = images[img], 0
		else:
			raise TilesError("ACT_%s shows IMG_%s, which no sprites*.json names" % (name, img))
		fname = "%s/%s.png" % (PICTURES, name.lower())
		files[fname] = pic
		tile = {"id": kid - 1, "image": fname, "imageheight": pic.height, "imagewidth": pic.width}
		if anchor:
			tile["properties"] = [{"name": "anchor_x", "type": "int", "value": anchor}]
		tile["type"] = name
		tiles.append(tile)
	doc = {
		"columns": 0, "grid": {"height": 1, "orientation": "orthogonal", "width": 1},
		"margin": 0, "name": "actors", "objectalignment": "bottomleft", "spacing": 0,
		"tilecount": len(tiles),
		"tiledversion": "1.10.2",
		"tileheight": max(t["imageheight"] for t in tiles),
		"tiles": tiles,
		"tilewidth": max(t["imagewidth"] for t in tiles),
		"type": "tileset", "version": "1.10",
	}
	return doc, files


def dump(doc):
	return json.dumps(doc, indent=1) + "\n"


def differences():
	"""What in game/levels differs from what build() makes (empty when in step)."""
	doc, files = build()
	out = []
	try:
		with open(TSJ, encoding="utf-8") as f:
			if f.read() != dump(doc):
				out.append("game/levels/actors.tsj")
	except FileNotFoundError:
		out.append("game/levels/actors.tsj (missing)")
	for fname, pic in sorted(files.items()):
		path = os.path.join(LEVELS, fname)
		try:
			with Image.open(path) as im:
				same = im.size == pic.size and im.convert("RGBA").tobytes() == pic.tobytes()
		except FileNotFoundError:
			same = False
		if not same:
			out.append("game/levels/" + fname)
	known = set(files)
	for path in sorted(glob.glob(os.path.join(LEVELS, PICTURES, "*.png"))):
		if "%s/%s" % (PICTURES, os.path.basename(path)) not in known:
			out.append("game/levels/%s/%s (no such kind)" % (PICTURES, os.path.basename(path)))
	return out


def write():
	doc, files = build()
	os.makedirs(os.path.join(LEVELS, PICTURES), exist_ok=True)
	for path in glob.glob(os.path.join(LEVELS, PICTURES, "*.png")):
		if "%s/%s" % (PICTURES, os.path.basename(path)) not in files:
			os.unlink(path)
	for fname, pic in files.items():
		pic.save(os.path.join(LEVELS, fname), optimize=True)
	with open(TSJ, "w", encoding="utf-8") as f:
		f.write(dump(doc))


def main(argv):
	ap = argparse.ArgumentParser(prog="actortiles", description=__doc__.splitlines()[0])
	ap.add_argument("--check", action="store_true", help="only report what is out of date")
	args = ap.parse_args(argv)
	try:
		if args.check:
			stale = differences()
			for s in stale:
				print("actortiles: out of date: %s (run tools/actortiles.py)" % s, file=sys.stderr)
			return 1 if stale else 0
		write()
	except (TilesError, level2bin.LevelError) as e:
		print("actortiles: error: %s" % e, file=sys.stderr)
		return 1
	return 0


if __name__ == "__main__":
	sys.exit(main(sys.argv[1:]))
