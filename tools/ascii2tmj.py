#!/usr/bin/python3
"""ascii2tmj: turns an ASCII-art level (game/levels/src/*.txt) into a Tiled map (.tmj) that level2bin reads.

Usage:
  ascii2tmj.py game/levels/src/e1l1.txt -o game/levels/e1l1.tmj
  ascii2tmj.py --check game/levels/src/*.txt     (exit 1 if a .tmj beside it is out of date)

Source format (UTF-8 text):
  name: e1l1                  the map property "name"
  legend:                     optional, adds to / overrides the default legend below
    c = TILE                  a solid tile of tiles.json by name
    c = m:TILE                a masked tile of mtiles.json
    c = path:E                a platform path step (N NE E SE S SW W NW)
    c = earth | rock | brick | metal   auto-textured ground (surface tile on top, fill below)
    c = TILE + KIND           a tile and an actor standing on that cell (KIND from game/engine/actor.h)
    c = + KIND                air and an actor
  map:
    one line per map row, every row the same width; the first character
    of a row is column 0. Each character is looked up in the legend.

An actor's cell is its bottom-left tile (level2bin's convention); an actor
in air inside a back wall (BRICK_BACK) gets the wall behind it. Actors
with a picture in actors.tsj (every kind: tools/actortiles.py) become tile
objects (Tiled shows the sprite); any other would be a point object named
after its kind.
"""

import argparse
import json
import os
import re
import sys

TOOLS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(TOOLS)
sys.dont_write_bytecode = True
sys.path.insert(0, TOOLS)
import level2bin  # noqa: E402

LEVELS = os.path.join(REPO, "game", "levels")
ASSETS = os.path.join(REPO, "game", "assets")
TILE = 8
FIRSTGID = {"solid": 1, "masked": 65, "paths": 81, "actors": 89}   # as test.tmj and seeds.tmj
BACKDROPS = ("BRICK_BACK",)             # back walls that show behind actors placed on them
PATH_STEPS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]

# Auto-textured ground: (surface tile, fill tiles by depth, deep fill pattern)
GROUND = {
	"earth": ("GRASS_TOP", ["DIRT", "DIRT", "DIRT"], ["DIRT", "DIRT", "DIRT_DARK", "DIRT", "DIRT"]),
	"rock": ("ROCK_TOP", ["CAVE_ROCK"], ["CAVE_ROCK", "CAVE_ROCK", "CAVE_ROCK", "STONE_DARK", "CAVE_ROCK"]),
	"brick": ("BRICK", ["BRICK"], ["BRICK"]),
	"metal": ("METAL_TOP", ["METAL"], ["METAL"]),
}

DEFAULT_LEGEND = {
	".": "", "#": "earth", "%": "rock", "B": "brick", "M": "metal",
	"S": "STONE", "s": "STONE_DARK", "W": "WOOD", "V": "VINE_WALL", "I": "ICE",
	"-": "PLATFORM_BLUE", "=": "PLANK", "/": "SLOPE_UR", "\\": "SLOPE_UL",
	"*": "SKY_STAR", "+": "SKY_STAR_BIG", "\"": "GRASS_TUFT", "(": "BUSH_L", ")": "BUSH_R",
	"f": "FLOWER", "m": "MUSHROOM", ",": "PEBBLES", "h": "HEDGE_FRONT", "p": "PIPE_FRONT",
	":": "CAVE_BACK", ";": "CAVE_BACK_CRACK", "'": "BRICK_BACK", "^": "SPIKES", "|": "TRUNK", "@": "LEAVES",
	"[": "LEAVES_L", "]": "LEAVES_R", "!": "COLUMN", "~": "MUD",
	"r": "m:ROPE", "c": "m:CHAIN", "g": "m:GRASS_BLADES", "w": "m:WINDOW", "F": "m:FENCE",
	"i": "m:SIGN", "x": "m:EXIT_SIGN_L", "X": "m:EXIT_SIGN_R", ">": "m:ARROW_RIGHT",
	"A": "m:ARROW_UP", "k": "m:DANGER", "t": "m:TORCH",
	"8": "path:N", "9": "path:NE", "6": "path:E", "3": "path:SE", "2": "path:S",
	"1": "path:SW", "4": "path:W", "7": "path:NW",
	"P": "+ PLAYER", "E": "+ EXIT", "C": "+ CRITTER", "H": "+ HOPPER", "Z": "+ SCORPION",
	"L": "+ SLUG", "O": "+ BARREL", "U": "+ BASKET", "G": "+ GOURD", "T": "+ TOMATO",
	"D": "+ DIAMOND", "R": "+ EMERALD", "Y": "+ HAMBURGER", "b": "+ BOMB_PICKUP",
	"Q": "+ TULIP", "e": "+ EYE_PLANT", "$": "+ SATELLITE", "&": "+ FROZEN_FRIEND",
	"K": "+ BOSS", "_": "+ FOOT_SWITCH",
}


class SourceError(Exception):
	pass


def tile_names(name):
	with open(os.path.join(ASSETS, name)) as f:
		return [t["name"] for t in json.load(f)["tiles"]]


def actor_pictures():
	"""{KIND: (local tile id, width, height, anchor_x)} from actors.tsj (tools/actortiles.py)."""
	with open(os.path.join(LEVELS, "actors.tsj")) as f:
		ts = json.load(f)
	out = {}
	for t in ts.get("tiles", []):
		anchor = next((p["value"] for p in t.get("properties", []) if p["name"] == "anchor_x"), 0)
		out[t.get("type") or t.get("class")] = (t["id"], t.get("imagewidth", 16), t.get("imageheight", 16), anchor)
	return out


def parse_source(path):
	"""(name, legend dict, rows) from a source file."""
	with open(path, encoding="utf-8") as f:
		lines = f.read().split("\n")
	name, legend, rows, section = None, dict(DEFAULT_LEGEND), [], None
	for n, line in enumerate(lines, 1):
		if section == "map":
			if line.strip():
				rows.append(line.rstrip("\n"))
			continue
		if not line.strip() or line.lstrip().startswith("//"):
			continue
		if line.startswith("name:"):
			name = line[5:].strip()
		elif line.strip() in ("legend:", "map:"):
			section = line.strip()[:-1]
		elif section == "legend":
			m = re.match(r"^\s+(\S)\s+=\s*(.*)$", line)
			if not m:
				raise SourceError("%s:%d: legend line must read 'c = VALUE'" % (path, n))
			legend[m.group(1)] = m.group(2).strip()
		else:
			raise SourceError("%s:%d: unexpected line %r" % (path, n, line))
	if not name or not rows:
		raise SourceError("%s: needs 'name:' and a 'map:' section" % path)
	width = len(rows[0])
	for i, r in enumerate(rows):
		if len(r) != width:
			raise SourceError("%s: map row %d is %d characters wide, row 0 is %d" % (path, i, len(r), width))
	return name, legend, rows


def parse_value(value, solid, masked, kinds):
	"""A legend value -> (cell kind, tile, actor kind or None)."""
	parts = [p.strip() for p in value.split("+")]
	tile, actor = parts[0], parts[1] if len(parts) > 1 else None
	if actor is not None and actor not in kinds:
		raise SourceError("unknown actor kind %r" % actor)
	if tile == "":
		return ("air", None, actor)
	if tile in GROUND:
		return ("ground", tile, actor)
	if tile.startswith("m:"):
		if tile[2:] not in masked:
			raise SourceError("no masked tile %r in mtiles.json" % tile[2:])
		return ("masked", masked.index(tile[2:]), actor)
	if tile.startswith("path:"):
		if tile[5:] not in PATH_STEPS:
			raise SourceError("bad path step %r" % tile[5:])
		return ("path", PATH_STEPS.index(tile[5:]), actor)
	if tile not in solid:
		raise SourceError("no solid tile %r in tiles.json" % tile)
	return ("solid", solid.index(tile), actor)


def ground_tile(kind, rows, cells, slopes, x, y):
	"""The auto-textured tile for ground of this kind at (x, y): surface on top, fill below.
	Ground under ground or under a slope tile is covered, so it is fill."""
	top, fills, deep = GROUND[kind]
	depth = 0
	while y - depth - 1 >= 0:
		what, tile, _ = cells[rows[y - depth - 1][x]]
		if what != "ground" and not (what == "solid" and tile in slopes):
			break
		depth += 1
	if depth == 0:
		return top
	if depth <= len(fills):
		return fills[depth - 1]
	return deep[((x * 7919) ^ (y * 104729)) % 97 % len(deep)]


def backdrop_under_actors(data, rows, cells, w, backdrop_gids):
	"""An actor standing in air inside a back wall shows the wall behind it, not a hole:
	its cell takes the nearest non-actor cell of its row when that is a backdrop tile."""
	for y, row in enumerate(rows):
		for x, ch in enumerate(row):
			what, _, actor = cells[ch]
			if not actor or what != "air":
				continue
			for dx in range(1, w):
				side = [n for n in (x - dx, x + dx) if 0 <= n < w and not (cells[row[n]][2] and cells[row[n]][0] == "air")]
				if side:
					if data[y * w + side[0]] in backdrop_gids:
						data[y * w + x] = data[y * w + side[0]]
					break


def build(path):
	"""The Tiled map document for a source file."""
	name, legend, rows = parse_source(path)
	solid, masked = tile_names("tiles.json"), tile_names("mtiles.json")
	slopes = {i for i, n in enumerate(solid) if n.startswith("SLOPE_")}
	kinds = level2bin.Rules().kinds
	pictures = actor_pictures()
	cells = {}
	for ch, value in legend.items():
		try:
			cells[ch] = parse_value(value, solid, masked, kinds)
		except SourceError as e:
			raise SourceError("%s: legend %r: %s" % (path, ch, e))
	w, h = len(rows[0]), len(rows)
	data, objects = [], []
	for y, row in enumerate(rows):
		for x, ch in enumerate(row):
			if ch not in cells:
				raise SourceError("%s: map (%d,%d): character %r is not in the legend" % (path, x, y, ch))
			what, tile, actor = cells[ch]
			if what == "air":
				gid = 0
			elif what == "ground":
				gid = FIRSTGID["solid"] + solid.index(ground_tile(tile, rows, cells, slopes, x, y))
			elif what == "solid":
				gid = FIRSTGID["solid"] + tile if tile else 0
			elif what == "masked":
				gid = FIRSTGID["masked"] + tile
			else:
				gid = FIRSTGID["paths"] + tile
			data.append(gid)
			if actor:
				objects.append(actor_object(len(objects) + 1, actor, x, y, pictures))
	backdrop_under_actors(data, rows, cells, w, {FIRSTGID["solid"] + solid.index(t) for t in BACKDROPS})
	return {
		"compressionlevel": -1, "height": h, "width": w, "infinite": False,
		"layers": [
			{"data": data, "encoding": "csv", "height": h, "id": 1, "name": "tiles", "opacity": 1,
			 "type": "tilelayer", "visible": True, "width": w, "x": 0, "y": 0},
			{"draworder": "topdown", "id": 2, "name": "actors", "objects": objects, "opacity": 1,
			 "type": "objectgroup", "visible": True, "x": 0, "y": 0},
		],
		"nextlayerid": 3, "nextobjectid": len(objects) + 1, "orientation": "orthogonal",
		"properties": [{"name": "name", "type": "string", "value": name}],
		"renderorder": "right-down", "tiledversion": "1.10.2", "tileheight": TILE, "tilewidth": TILE,
		"tilesets": [{"firstgid": FIRSTGID[k], "source": k + ".tsj"}
		             for k in ("solid", "masked", "paths", "actors")],
		"type": "map", "version": "1.10",
	}


def actor_object(oid, kind, x, y, pictures):
	"""A tile object (bottom-left at the cell's bottom, anchor_x tiles to its left) when actors.tsj
	has a picture, else a point."""
	if kind in pictures:
		tid, pw, ph, anchor = pictures[kind]
		return {"gid": FIRSTGID["actors"] + tid, "height": ph, "id": oid, "name": "",
		        "rotation": 0, "type": kind, "visible": True, "width": pw,
		        "x": (x - anchor) * TILE, "y": (y + 1) * TILE}
	return {"height": 0, "id": oid, "name": kind, "point": True, "rotation": 0, "type": kind,
	        "visible": True, "width": 0, "x": x * TILE + TILE // 2, "y": y * TILE + TILE // 2}


def dump(doc):
	"""Tiled-like JSON: one-space indent, the tile data as one CSV row of the map per line."""
	text = json.dumps(doc, indent=1)
	w = doc["width"]
	data = ",\n".join(",".join(str(g) for g in doc["layers"][0]["data"][i:i + w])
	                  for i in range(0, len(doc["layers"][0]["data"]), w))
	return re.sub(r'"data": \[[^\]]*\]', lambda m: '"data": [\n' + data + "]", text, count=1) + "\n"


def main(argv):
	ap = argparse.ArgumentParser(prog="ascii2tmj", description="ASCII level source to Tiled .tmj")
	ap.add_argument("sources", nargs="+")
	ap.add_argument("-o", "--output", help="the .tmj to write (one source)")
	ap.add_argument("--check", action="store_true", help="fail if game/levels/NAME.tmj differs")
	args = ap.parse_args(argv)
	stale = 0
	try:
		for src in args.sources:
			out = args.output or os.path.join(LEVELS, os.path.splitext(os.path.basename(src))[0] + ".tmj")
			text = dump(build(src))
			if args.check:
				old = open(out, encoding="utf-8").read() if os.path.exists(out) else ""
				if old != text:
					print("ascii2tmj: %s is out of date with %s" % (out, src), file=sys.stderr)
					stale = 1
				continue
			with open(out, "w", encoding="utf-8") as f:
				f.write(text)
	except (SourceError, OSError) as e:
		print("ascii2tmj: error: %s" % e, file=sys.stderr)
		return 1
	return stale


if __name__ == "__main__":
	sys.exit(main(sys.argv[1:]))
