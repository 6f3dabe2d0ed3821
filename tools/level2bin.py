#!/usr/bin/python3
"""level2bin: turns a Tiled map (game/levels/*.tmj) into a Shardfall level file, or bundles level files into C.

Usage:
  level2bin.py game/levels/test.tmj -o build/levels/test.lvl
  level2bin.py --bundle build/gen/levels.c build/levels/test.lvl [more.lvl ...]

The map (Tiled JSON, orthogonal, 8x8 tiles, not infinite) has exactly:
  - a tile layer "tiles" (CSV or uncompressed base64) using the external
    tilesets solid.tsj (tiles.png), masked.tsj (mtiles.png) and paths.tsj
    (editor-only arrows N, NE, E, SE, S, SW, W, NW = platform path steps 1..8);
  - an object layer "actors": each object's type (Tiled 1.8, 1.10+) or class
    (Tiled 1.9) is an actor kind from game/engine/actor.h without the ACT_ prefix;
    a tile object from the editor-only actors.tsj (sprite pictures) without a
    type of its own takes the type of its tile, as Tiled shows it.
    A tile object's y is its bottom edge, so it stands on tile (x//8 + A, y//8 - 1),
    A the tile's anchor_x property (0 if none: a platform's picture starts
    2 tiles left of its marker); a point or rectangle stands on (x//8, y//8).
The optional map property "name" (else the file stem) names the level.
The output format is described in game/formats/level.h; cell values in game/engine/map.h.
Errors read "level2bin: error: <file>: <problem>", exit status 1, and
nothing is written.
"""

import argparse
import base64
import json
import math
import os
import re
import struct
import sys
import zlib

TOOLS = os.path.dirname(os.path.abspath(__file__))
GAME = os.path.join(os.path.dirname(TOOLS), "game")

TILE = 8
FLIP_BITS = 0xF0000000          # Tiled's flip/rotate flags in the top bits of a gid
TILESET_KINDS = ("solid", "masked", "paths", "actors")
HEADER = struct.Struct("<4sHHHHH16s")
ACTOR = struct.Struct("<HHH")
MAGIC = b"SFLV"


class LevelError(Exception):
	"""A problem in an input file; the message names the file and the place."""


def read_defines(path, names):
	"""Integer #defines from a C header: {name: value} for each of names."""
	with open(path, encoding="utf-8") as f:
		text = f.read()
	out = {}
	for name in names:
		m = re.search(r"^#define\s+%s\s+(0x[0-9A-Fa-f]+|\d+)\b" % name, text, re.M)
		if not m:
			raise LevelError("%s: no #define %s" % (path, name))
		out[name] = int(m.group(1), 0)
	return out


def read_actor_kinds(path):
	"""{NAME: id} for the ACT_ names between the ACTOR KINDS BEGIN/END comments of actor.h."""
	with open(path, encoding="utf-8") as f:
		text = f.read()
	m = re.search(r"/\*\s*ACTOR KINDS BEGIN\s*\*/(.*?)/\*\s*ACTOR KINDS END\s*\*/", text, re.S)
	if not m:
		raise LevelError("%s: no /* ACTOR KINDS BEGIN */ ... /* ACTOR KINDS END */ block" % path)
	kinds = {}
	value = 0
	for line in m.group(1).splitlines():
		line = re.sub(r"/\*.*?\*/|//.*", "", line).strip()
		if not line:
			continue
		e = re.match(r"^ACT_([A-Z0-9_]+)\s*(?:=\s*(0x[0-9A-Fa-f]+|\d+))?\s*,?$", line)
		if not e:
			raise LevelError("%s: cannot read actor kind line %r" % (path, line))
		if e.group(2):
			value = int(e.group(2), 0)
		kinds[e.group(1)] = value
		value += 1
	return kinds


class Rules:
	"""The game's limits and names, read from game/engine/map.h, actor.h and game/formats/level.h so there is one source of truth."""

	def __init__(self, game=GAME):
		d = read_defines(os.path.join(game, "engine", "map.h"),
		                 ("MAP_SOLID_BASE", "MAP_PATH_LAST", "MAP_MASKED_FLAG",
		                  "MAP_MAX_W", "MAP_MAX_H", "MAP_MAX_CELLS"))
		d.update(read_defines(os.path.join(game, "engine", "actor.h"), ("MAX_ACTORS",)))
		d.update(read_defines(os.path.join(game, "formats", "level.h"), ("LEVEL_VERSION", "LEVEL_NAME_SIZE")))
		self.__dict__.update({k.lower(): v for k, v in d.items()})
		self.kinds = read_actor_kinds(os.path.join(game, "engine", "actor.h"))
		if self.kinds.get("PLAYER") is None:
			raise LevelError("%s: no ACT_PLAYER" % os.path.join(game, "engine", "actor.h"))


def load_json(path, what):
	try:
		with open(path, encoding="utf-8") as f:
			return json.load(f)
	except OSError as e:
		raise LevelError("%s: cannot read %s: %s" % (path, what, e.strerror))
	except ValueError as e:
		raise LevelError("%s: bad JSON: %s" % (path, e))


def need(cond, path, fmt, *args):
	if not cond:
		raise LevelError(path + ": " + (fmt % args if args else fmt))


def is_int(v):
	return type(v) is int


class Tileset:
	"""One external tileset of the map: its kind, firstgid and how many tiles the game has in it."""

	def __init__(self, tmj, entry, index, rules):
		need(isinstance(entry, dict) and is_int(entry.get("firstgid")) and entry["firstgid"] >= 1,
		     tmj, "tilesets[%d] has no valid firstgid", index)
		self.firstgid = entry["firstgid"]
		source = entry.get("source")
		need(isinstance(source, str), tmj,
		     "tilesets[%d] is embedded in the map; use the external solid.tsj, masked.tsj "
		     "or paths.tsj (Tiled: Export Tileset As..., then Replace Tileset)", index)
		self.kind = os.path.splitext(os.path.basename(source))[0]
		need(self.kind in TILESET_KINDS, tmj, "tileset %s is not one of %s",
		     source, ", ".join(k + ".tsj" for k in TILESET_KINDS))
		self.path = os.path.join(os.path.dirname(tmj), source)
		ts = load_json(self.path, "tileset")
		need(isinstance(ts, dict), self.path, "not a Tiled tileset")
		tilecount = ts.get("tilecount")
		need(is_int(tilecount) and tilecount >= 1, self.path, "no valid tilecount")
		self.tilecount = tilecount
		if self.kind == "actors":
			# Editor-only sprite pictures; a tile's type (1.9: class) is an actor kind, its
			# int property anchor_x the tiles from the picture's left edge to the actor's cell.
			self.classes, self.anchors = {}, {}
			for t in ts.get("tiles", []):
				if isinstance(t, dict) and is_int(t.get("id")):
					self.classes[t["id"]] = t.get("type") or t.get("class") or ""
					for p in t.get("properties") or []:
						if isinstance(p, dict) and p.get("name") == "anchor_x":
							need(is_int(p.get("value")) and p["value"] >= 0, self.path,
							     "tile %d: anchor_x is %r, want a whole number of tiles >= 0",
							     t["id"], p.get("value"))
							self.anchors[t["id"]] = p["value"]
			self.tilecount = max([tilecount] + [i + 1 for i in self.classes])
			return
		need(ts.get("tilewidth") == TILE and ts.get("tileheight") == TILE, self.path,
		     "tiles are %sx%s pixels, must be 8x8", ts.get("tilewidth"), ts.get("tileheight"))
		if self.kind == "paths":
			need(tilecount == rules.map_path_last, self.path,
			     "has %d tiles, must have %d (N, NE, E, SE, S, SW, W, NW)", tilecount, rules.map_path_last)
			self.names = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"][:tilecount]
		else:
			image = ts.get("image")
			need(isinstance(image, str), self.path, "has no image")
			js = os.path.splitext(os.path.join(os.path.dirname(self.path), image))[0] + ".json"
			doc = load_json(js, "tile names")
			need(isinstance(doc, dict) and isinstance(doc.get("tiles"), list), js, 'no "tiles" list')
			self.names = [t.get("name") if isinstance(t, dict) else t for t in doc["tiles"]]
			self.names_file = js

	def cell(self, local, where, tmj, rules):
		"""The map.h cell value for local tile id `local` of this tileset."""
		if self.kind == "actors":
			raise LevelError('%s: %s uses an actors.tsj picture; actors go in the object layer "actors"'
			                 % (tmj, where))
		if self.kind == "paths":
			return 1 + local
		if local >= len(self.names):
			raise LevelError("%s: %s uses %s tile %d, which %s does not name (it has %d tiles)"
			                 % (tmj, where, os.path.basename(self.path), local,
			                    os.path.basename(self.names_file), len(self.names)))
		if self.kind == "masked":
			return rules.map_masked_flag | local
		return 0 if local == 0 else rules.map_solid_base + local


def layer_data(tmj, layer, count):
	"""The gids of a tile layer: a CSV array, or uncompressed base64 of little-endian u32s."""
	enc = layer.get("encoding", "csv")
	comp = layer.get("compression", "")
	data = layer.get("data")
	if comp:
		raise LevelError('%s: layer "tiles" is %s-compressed; set Map > Map Properties > '
		                 'Tile Layer Format to CSV (or uncompressed Base64)' % (tmj, comp))
	if enc == "csv":
		need(isinstance(data, list) and all(is_int(g) for g in data), tmj,
		     'layer "tiles": data is not a list of integers')
		gids = data
	elif enc == "base64":
		need(isinstance(data, str), tmj, 'layer "tiles": base64 data is not a string')
		try:
			raw = base64.b64decode(data, validate=True)
		except ValueError as e:
			raise LevelError('%s: layer "tiles": bad base64: %s' % (tmj, e))
		need(len(raw) % 4 == 0, tmj, 'layer "tiles": base64 data is %d bytes, not whole u32s', len(raw))
		gids = list(struct.unpack("<%dI" % (len(raw) // 4), raw))
	else:
		raise LevelError('%s: layer "tiles" has unknown encoding %r' % (tmj, enc))
	need(len(gids) == count, tmj, 'layer "tiles" has %d cells, the map needs %d', len(gids), count)
	return gids


def map_name(tmj, doc, rules):
	name = os.path.splitext(os.path.basename(tmj))[0]
	props = doc.get("properties", [])
	need(isinstance(props, list), tmj, "properties is not a list")
	for p in props:
		if isinstance(p, dict) and p.get("name") == "name":
			name = p.get("value")
			need(isinstance(name, str), tmj, 'map property "name" is not a string')
	limit = rules.level_name_size - 1
	need(1 <= len(name) <= limit, tmj, "level name %r must be 1..%d characters", name, limit)
	need(all(0x20 <= ord(c) <= 0x7E for c in name), tmj,
	     "level name %r must be printable ASCII", name)
	return name


def tileset_of(tilesets, gid):
	"""(tileset, local id) of a gid without flip bits, or (None, None)."""
	ts = next((t for t in reversed(tilesets) if t.firstgid <= gid), None)
	if ts is None or gid - ts.firstgid >= ts.tilecount:
		return None, None
	return ts, gid - ts.firstgid


def actor_of(tmj, obj, w, h, rules, tilesets):
	"""(kind, x, y, object id) for one object of the actors layer."""
	need(isinstance(obj, dict), tmj, 'layer "actors" holds a non-object')
	oid = obj.get("id", "?")
	need("template" not in obj, tmj, "object %s uses a template; detach it (Tiled: Detach)", oid)
	kind_type, kind_class = obj.get("type", ""), obj.get("class", "")
	need(not (kind_type and kind_class and kind_type != kind_class), tmj,
	     "object %s has type %r and class %r; give it one", oid, kind_type, kind_class)
	kind = kind_type or kind_class
	gid = obj.get("gid")
	anchor = 0
	if is_int(gid) and gid > 0:
		ts, local = tileset_of(tilesets, gid & ~FLIP_BITS)
		if ts is not None and ts.kind == "actors":
			anchor = ts.anchors.get(local, 0)
			kind = kind or ts.classes.get(local, "")
	known = ", ".join(k for k in rules.kinds if k != "NONE")
	need(isinstance(kind, str) and kind, tmj,
	     "object %s has no type (Tiled 1.9: class); want one of %s", oid, known)
	need(kind in rules.kinds and kind != "NONE", tmj,
	     "object %s has unknown actor type %r; want one of %s", oid, kind, known)
	px, py = obj.get("x"), obj.get("y")
	need(type(px) in (int, float) and type(py) in (int, float) and
	     math.isfinite(px) and math.isfinite(py), tmj, "object %s (%s) has no x/y", oid, kind)
	tx = math.floor(px / TILE) + anchor
	ty = math.floor(py / TILE) - (1 if obj.get("gid") else 0)
	need(0 <= tx < w and 0 <= ty < h, tmj,
	     "object %s (%s) at pixel (%g, %g) is on tile (%d, %d), outside the %dx%d map",
	     oid, kind, px, py, tx, ty, w, h)
	return rules.kinds[kind], tx, ty, oid


def convert_doc(tmj, doc, rules):
	"""Returns the level file bytes for the Tiled map doc read from tmj."""
	need(isinstance(doc, dict) and doc.get("type", "map") == "map", tmj, "not a Tiled map")
	need(doc.get("orientation") == "orthogonal", tmj,
	     "orientation is %r, must be orthogonal", doc.get("orientation"))
	need(not doc.get("infinite"), tmj, "infinite maps are not supported; untick Map Properties > Infinite")
	need(doc.get("tilewidth") == TILE and doc.get("tileheight") == TILE, tmj,
	     "tiles are %sx%s pixels, must be 8x8", doc.get("tilewidth"), doc.get("tileheight"))
	w, h = doc.get("width"), doc.get("height")
	need(is_int(w) and is_int(h), tmj, "width/height missing")
	need(1 <= w <= rules.map_max_w and 1 <= h <= rules.map_max_h, tmj,
	     "map is %dx%d tiles; must be 1x1 .. %dx%d", w, h, rules.map_max_w, rules.map_max_h)
	need(w * h <= rules.map_max_cells, tmj,
	     "map is %dx%d = %d cells, more than %d", w, h, w * h, rules.map_max_cells)
	name = map_name(tmj, doc, rules)

	entries = doc.get("tilesets", [])
	need(isinstance(entries, list), tmj, "tilesets is not a list")
	tilesets = sorted((Tileset(tmj, e, i, rules) for i, e in enumerate(entries)),
	                  key=lambda t: t.firstgid)
	for a, b in zip(tilesets, tilesets[1:]):
		need(a.kind != b.kind, tmj, "tileset %s.tsj is used twice", a.kind)
		need(a.firstgid + a.tilecount <= b.firstgid, tmj,
		     "tilesets %s.tsj and %s.tsj overlap in gids", a.kind, b.kind)

	tile_layer = actor_layer = None
	layers = doc.get("layers", [])
	need(isinstance(layers, list), tmj, "layers is not a list")
	for layer in layers:
		need(isinstance(layer, dict), tmj, "layers holds a non-object")
		lname, ltype = layer.get("name"), layer.get("type")
		if lname == "tiles" and ltype == "tilelayer" and tile_layer is None:
			tile_layer = layer
		elif lname == "actors" and ltype == "objectgroup" and actor_layer is None:
			actor_layer = layer
		else:
			raise LevelError('%s: unexpected layer %r (%s); a level has one tile layer "tiles" '
			                 'and one object layer "actors"' % (tmj, lname, ltype))
	need(tile_layer is not None, tmj, 'no tile layer named "tiles"')
	need(actor_layer is not None, tmj, 'no object layer named "actors"')
	need(tile_layer.get("width", w) == w and tile_layer.get("height", h) == h, tmj,
	     'layer "tiles" is %sx%s, the map is %dx%d', tile_layer.get("width"),
	     tile_layer.get("height"), w, h)

	cells = []
	for i, gid in enumerate(layer_data(tmj, tile_layer, w * h)):
		where = "cell (%d,%d)" % (i % w, i // w)
		need(0 <= gid <= 0xFFFFFFFF, tmj, "%s has gid %d, not a 32-bit value", where, gid)
		need(not gid & FLIP_BITS, tmj, "%s is flipped or rotated (gid 0x%08X); Shardfall tiles "
		     "cannot be flipped - use an unflipped tile", where, gid)
		if gid == 0:
			cells.append(0)
			continue
		ts, local = tileset_of(tilesets, gid)
		need(ts is not None, tmj, "%s has gid %d, which is in no tileset", where, gid)
		cells.append(ts.cell(local, where, tmj, rules))

	objects = actor_layer.get("objects", [])
	need(isinstance(objects, list), tmj, 'layer "actors": objects is not a list')
	actors = [actor_of(tmj, o, w, h, rules, tilesets) for o in objects]
	need(len(actors) <= rules.max_actors, tmj, "%d actors, more than %d", len(actors), rules.max_actors)
	players = [oid for kind, _, _, oid in actors if kind == rules.kinds["PLAYER"]]
	need(players, tmj, 'no PLAYER object in layer "actors"; want exactly one')
	need(len(players) == 1, tmj, "%d PLAYER objects (ids %s); want exactly one",
	     len(players), ", ".join(str(p) for p in players))

	out = bytearray(HEADER.pack(MAGIC, rules.level_version, w, h, len(actors), 0,
	                            name.encode("ascii")))
	out += struct.pack("<%dH" % len(cells), *cells)
	for kind, x, y, _ in actors:
		out += ACTOR.pack(kind, x, y)
	out += struct.pack("<I", zlib.crc32(out))
	return bytes(out)


def convert(tmj, rules=None):
	rules = rules or Rules()
	return convert_doc(tmj, load_json(tmj, "map"), rules)


def parse_level(path, data):
	"""Header fields of a level file, after checking its length and CRC (for --bundle)."""
	need(len(data) >= HEADER.size + 4, path, "%d bytes, too short for a level", len(data))
	magic, version, w, h, count, flags, name = HEADER.unpack_from(data)
	need(magic == MAGIC, path, "not a level file (magic %r)", magic)
	need(len(data) == HEADER.size + 2 * w * h + ACTOR.size * count + 4, path,
	     "length %d does not match its %dx%d map and %d actors", len(data), w, h, count)
	crc = struct.unpack_from("<I", data, len(data) - 4)[0]
	need(crc == zlib.crc32(data[:-4]), path, "CRC mismatch")
	return name.rstrip(b"\0").decode("ascii", "replace"), w, h, count


LZ_LITERAL_MAX = 128                    # game/formats/lzunpack.h
LZ_COPY_MIN, LZ_COPY_MAX = 3, 0x7F + 3
LZ_WINDOW = 0xFFFF
LZ_TRIES = 32                           # candidates looked at per position (newest first)


def lz_pack(data):
	"""Packs data as lzunpack.h describes: greedy longest copy among recent equal 3-byte starts."""
	out, lit, heads, i, n = bytearray(), bytearray(), {}, 0, len(data)

	def flush():
		while lit:
			chunk = lit[:LZ_LITERAL_MAX]
			out.append(len(chunk) - 1)
			out.extend(chunk)
			del lit[:LZ_LITERAL_MAX]

	def remember(k):
		if k + LZ_COPY_MIN <= n:
			heads.setdefault(bytes(data[k:k + LZ_COPY_MIN]), []).append(k)

	while i < n:
		best_len, best_off = 0, 0
		for j in reversed(heads.get(bytes(data[i:i + LZ_COPY_MIN]), [])[-LZ_TRIES:]):
			if i - j > LZ_WINDOW:
				break
			length = 0
			while i + length < n and length < LZ_COPY_MAX and data[j + length] == data[i + length]:
				length += 1
			if length > best_len:
				best_len, best_off = length, i - j
		if best_len >= LZ_COPY_MIN:
			flush()
			out += bytes([0x80 | (best_len - LZ_COPY_MIN), best_off & 0xFF, best_off >> 8])
			for k in range(i, i + best_len):
				remember(k)
			i += best_len
		else:
			lit.append(data[i])
			remember(i)
			i += 1
	flush()
	return bytes(out)


def lz_unpack(packed):
	"""The inverse of lz_pack, as game/formats/lzunpack.c does it (for the round-trip check)."""
	out, i = bytearray(), 0
	while i < len(packed):
		t = packed[i]
		i += 1
		if t < 0x80:
			out += packed[i:i + t + 1]
			i += t + 1
		else:
			off = packed[i] | packed[i + 1] << 8
			i += 2
			for _ in range((t & 0x7F) + LZ_COPY_MIN):
				out.append(out[-off])
	return bytes(out)


def emit_bundle(levels):
	"""C source with each level packed (lzunpack.h), room to unpack it, and the game_levels table (level.h)."""
	shown = " ".join(p.replace(os.sep, "/") for p, _ in levels)
	out = ["/* Generated by tools/level2bin.py --bundle from %s; do not edit. */" % shown,
	       '#include "level.h"', ""]
	syms = []
	for path, data in levels:
		stem = os.path.splitext(os.path.basename(path))[0]
		need(re.match(r"^[a-z][a-z0-9_]*$", stem), path,
		     "file stem %r is not a lower-case C identifier", stem)
		need(stem not in (s for s, _, _ in syms), path, "two levels named %s", stem)
		name, w, h, count = parse_level(path, data)
		packed = lz_pack(data)
		need(lz_unpack(packed) == data, path, "packing does not round-trip (level2bin.py bug)")
		out += ["/* %s: \"%s\", %dx%d, %d actors; %d bytes packed to %d */" % (
		        path.replace(os.sep, "/"), name.replace("*/", "* /"), w, h, count, len(data), len(packed)),
		        "static const uint8_t level_%s_packed[%d] = {" % (stem, len(packed))]
		for i in range(0, len(packed), 16):
			out.append("\t" + ", ".join("0x%02X" % b for b in packed[i:i + 16]) + ",")
		out += ["};", "static uint8_t level_%s[%d];" % (stem, len(data)), ""]
		syms.append((stem, len(data), len(packed)))
	out.append("const LevelBlob game_levels[] = {")
	for stem, n, np in syms:
		out.append('\t{ .name = "%s", .data = level_%s, .len = %d, .packed = level_%s_packed, .packed_len = %d, '
		           '.room = level_%s },' % (stem, stem, n, stem, np, stem))
	out += ["};", "", "const uint16_t game_level_count = %d;" % len(syms), ""]
	return "\n".join(out)


def write_atomically(path, data):
	d = os.path.dirname(path)
	if d:
		os.makedirs(d, exist_ok=True)
	tmp = path + ".tmp"
	with open(tmp, "wb") as f:
		f.write(data)
	os.replace(tmp, path)


def main(argv):
	ap = argparse.ArgumentParser(prog="level2bin", description="Convert Tiled maps to Shardfall levels.")
	ap.add_argument("inputs", nargs="+", metavar="FILE", help="a .tmj map (or .lvl files with --bundle)")
	ap.add_argument("-o", "--output", help="level file to write (one .tmj input)")
	ap.add_argument("--bundle", metavar="OUT_C", help="write the .lvl inputs as C arrays to OUT_C")
	args = ap.parse_args(argv)
	try:
		if args.bundle:
			need(not args.output, "level2bin", "--bundle and -o do not mix")
			levels = []
			for path in args.inputs:
				try:
					with open(path, "rb") as f:
						levels.append((path, f.read()))
				except OSError as e:
					raise LevelError("%s: cannot read: %s" % (path, e.strerror))
			write_atomically(args.bundle, emit_bundle(levels).encode("ascii"))
		else:
			need(len(args.inputs) == 1 and args.output, "level2bin", "want one .tmj and -o FILE.lvl")
			write_atomically(args.output, convert(args.inputs[0]))
	except LevelError as e:
		print("level2bin: error: %s" % e, file=sys.stderr)
		return 1
	return 0


if __name__ == "__main__":
	sys.exit(main(sys.argv[1:]))
