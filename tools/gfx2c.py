#!/usr/bin/python3
"""gfx2c: turns the art in game/assets (font, tiles, sprites as PNG + JSON) into C data for gfx.h.

Usage: gfx2c.py --assets game/assets --out-c build/gen/assets.c --out-h build/gen/assets.h

Inputs (all colours must be one of the 16 EGA colours exactly; alpha 0 = transparent):
  font.png                  128x64, glyph n at column n % 16, row n / 16; white = set,
                            black or transparent = clear.
  tiles.png + tiles.json    8x8 solid tiles in reading order, tile 0 = EMPTY:
                            {"tiles": [{"name": "EMPTY", "attrs": []},
                                       {"name": "BRICK", "attrs": ["BLOCK_SOUTH", ...]}, ...]}
                            attrs are TILE_* bit names from game/engine/map.h without the prefix.
  mtiles.png + mtiles.json  8x8 masked tiles (transparency allowed), same schema, no EMPTY.
  sprites.png + sprites.json {"images": [{"name", "x", "y", "w", "h", "ox", "oy"}, ...]}.
  sprites_*.png + .json     more sheets in the same schema, appended in file-name order;
                            an image name may appear in one sheet only.
Any problem is reported as "gfx2c: error: <file>: ..." and the exit status is 1;
nothing is written unless everything converts. Needs Pillow (Debian: python3-pil).
"""

import argparse
import glob
import json
import os
import re
import sys

from PIL import Image

EGA_RGB = (
	(0x00, 0x00, 0x00), (0x00, 0x00, 0xAA), (0x00, 0xAA, 0x00), (0x00, 0xAA, 0xAA),
	(0xAA, 0x00, 0x00), (0xAA, 0x00, 0xAA), (0xAA, 0x55, 0x00), (0xAA, 0xAA, 0xAA),
	(0x55, 0x55, 0x55), (0x55, 0x55, 0xFF), (0x55, 0xFF, 0x55), (0x55, 0xFF, 0xFF),
	(0xFF, 0x55, 0x55), (0xFF, 0x55, 0xFF), (0xFF, 0xFF, 0x55), (0xFF, 0xFF, 0xFF),
)
EGA_INDEX = {rgb: i for i, rgb in enumerate(EGA_RGB)}
TRANSPARENT = 0xFF          # GFX_TRANSPARENT in gfx.h
BLACK, WHITE = 0, 15
TILE = 8                    # GFX_TILE_W == GFX_TILE_H
FONT_W, FONT_H = 128, 64
NAME_RE = re.compile(r"^[A-Z][A-Z0-9_]*$")
IMAGE_KEYS = ("name", "x", "y", "w", "h", "ox", "oy")
TILE_KEYS = ("name", "attrs")
# TILE_* attribute bits, as in game/engine/map.h.
TILE_ATTRS = {
	"BLOCK_SOUTH": 0x01, "BLOCK_NORTH": 0x02, "BLOCK_WEST": 0x04, "BLOCK_EAST": 0x08,
	"SLIPPERY": 0x10, "IN_FRONT": 0x20, "SLOPED": 0x40, "CAN_CLING": 0x80,
}


class AssetError(Exception):
	"""A problem in an input file; the message names the file and the place."""


class Sheet:
	"""A PNG read as RGBA, with each pixel checked against the EGA palette."""

	def __init__(self, path):
		self.path = path
		try:
			with Image.open(path) as im:
				rgba = im.convert("RGBA")
		except (OSError, ValueError) as e:
			raise AssetError("%s: cannot read PNG: %s" % (path, e))
		self.w, self.h = rgba.size
		self.px = list(rgba.getdata())
		self.index = [self._classify(i) for i in range(self.w * self.h)]

	def _classify(self, i):
		r, g, b, a = self.px[i]
		if a == 0:
			return TRANSPARENT
		if a == 255 and (r, g, b) in EGA_INDEX:
			return EGA_INDEX[(r, g, b)]
		x, y = i % self.w, i // self.w
		what = "#%02X%02X%02X" % (r, g, b)
		if a != 255:
			what += " with alpha %d" % a
		raise AssetError("%s: pixel (%d, %d) is %s, not one of the 16 EGA colours "
		                 "(or fully transparent)" % (self.path, x, y, what))

	def at(self, x, y):
		return self.index[y * self.w + x]

	def fail(self, x, y, why):
		r, g, b, a = self.px[y * self.w + x]
		raise AssetError("%s: pixel (%d, %d) is #%02X%02X%02X alpha %d: %s"
		                 % (self.path, x, y, r, g, b, a, why))


def read_json(path, key):
	"""Loads {key: [...]} from path, refusing duplicate object keys."""
	def no_dups(pairs):
		seen = {}
		for k, v in pairs:
			if k in seen:
				raise AssetError("%s: duplicate key %r" % (path, k))
			seen[k] = v
		return seen
	try:
		with open(path, encoding="utf-8") as f:
			doc = json.load(f, object_pairs_hook=no_dups)
	except OSError as e:
		raise AssetError("%s: cannot read: %s" % (path, e.strerror))
	except ValueError as e:
		raise AssetError("%s: bad JSON: %s" % (path, e))
	if not isinstance(doc, dict) or set(doc) != {key} or not isinstance(doc[key], list):
		raise AssetError('%s: expected an object with exactly one key, "%s": [...]' % (path, key))
	if not doc[key]:
		raise AssetError('%s: "%s" is empty' % (path, key))
	return doc[key]


def check_name(path, what, name, seen):
	"""Names become C enum members (TILE_x / IMG_x), so they must be UPPER_SNAKE and unique."""
	if not isinstance(name, str) or not NAME_RE.match(name):
		raise AssetError("%s: %s name %r is not UPPER_SNAKE (A-Z, 0-9, _)" % (path, what, name))
	if name == "COUNT":
		raise AssetError("%s: %s name COUNT is reserved for the *_COUNT enum member" % (path, what))
	if name in seen:
		raise AssetError("%s: duplicate %s name %s" % (path, what, name))
	seen.add(name)


def read_font(path):
	"""Returns 128 glyphs of 8 row bytes, bit 7 = leftmost pixel."""
	sheet = Sheet(path)
	if (sheet.w, sheet.h) != (FONT_W, FONT_H):
		raise AssetError("%s: font must be %dx%d, is %dx%d" % (path, FONT_W, FONT_H, sheet.w, sheet.h))
	glyphs = []
	for n in range(128):
		gx, gy = (n % 16) * 8, (n // 16) * 8
		rows = []
		for y in range(gy, gy + 8):
			bits = 0
			for x in range(gx, gx + 8):
				c = sheet.at(x, y)
				if c == WHITE:
					bits |= 0x80 >> (x - gx)
				elif c not in (BLACK, TRANSPARENT):
					sheet.fail(x, y, "font pixels must be white (set) or black/transparent (clear)")
			rows.append(bits)
		glyphs.append(rows)
	return glyphs


def read_tile_list(js, masked):
	"""Returns [(name, attribute bits)] from tiles.json / mtiles.json."""
	entries = read_json(js, "tiles")
	seen = set()
	out = []
	for i, e in enumerate(entries):
		if not isinstance(e, dict):
			raise AssetError('%s: tiles[%d] is not an object {"name": ..., "attrs": [...]}' % (js, i))
		name = e.get("name")
		check_name(js, "tile", name, seen)
		if not masked and (name in TILE_ATTRS or name == "BLOCK_ALL"):
			raise AssetError("%s: tile name %s would clash with TILE_%s in game/engine/map.h" % (js, name, name))
		extra = sorted(set(e) - set(TILE_KEYS))
		if extra:
			raise AssetError("%s: tile %s has unknown key(s) %s" % (js, name, ", ".join(extra)))
		attrs = e.get("attrs")
		if not isinstance(attrs, list):
			raise AssetError('%s: tile %s: "attrs" must be a list of attribute names' % (js, name))
		bits = 0
		for a in attrs:
			if a not in TILE_ATTRS:
				raise AssetError("%s: tile %s: unknown attribute %r (known: %s)"
				                 % (js, name, a, ", ".join(TILE_ATTRS)))
			if bits & TILE_ATTRS[a]:
				raise AssetError("%s: tile %s: attribute %s listed twice" % (js, name, a))
			bits |= TILE_ATTRS[a]
		out.append((name, bits))
	if not masked and (out[0][0] != "EMPTY" or out[0][1] != 0):
		raise AssetError("%s: tile 0 must be EMPTY with no attrs, is %s" % (js, out[0][0]))
	return out


def read_tiles(png, js, masked=False):
	"""Returns [(name, attrs, 64 colour indices)] in sheet order (left to right, top to bottom).

	Solid tiles (tiles.png) are opaque and tile 0 is all black. Masked tiles
	(mtiles.png) may use transparency. Cells past the named ones must stay
	black (solid) or fully transparent (masked).
	"""
	names = read_tile_list(js, masked)
	sheet = Sheet(png)
	if sheet.w % TILE or sheet.h % TILE or sheet.w == 0:
		raise AssetError("%s: size %dx%d is not a multiple of %d" % (png, sheet.w, sheet.h, TILE))
	per_row = sheet.w // TILE
	cells = per_row * (sheet.h // TILE)
	if len(names) > cells:
		raise AssetError("%s names %d tiles but %s holds only %d" % (js, len(names), png, cells))
	blank = TRANSPARENT if masked else BLACK
	tiles = []
	for n in range(cells):
		tx, ty = (n % per_row) * TILE, (n // per_row) * TILE
		px = []
		for y in range(ty, ty + TILE):
			for x in range(tx, tx + TILE):
				c = sheet.at(x, y)
				if c == TRANSPARENT and not masked:
					sheet.fail(x, y, "tiles must be solid (no transparency)")
				if n >= len(names) and c != blank:
					sheet.fail(x, y, "tile %d is not named in %s (unused cells must stay %s)"
					           % (n, js, "transparent" if masked else "black"))
				if n == 0 and not masked and c != BLACK:
					sheet.fail(x, y, "tile 0 EMPTY must be all black")
				px.append(c)
		if n < len(names):
			tiles.append((names[n][0], names[n][1], px))
	return tiles


def read_images(png, js):
	"""Returns [(name, w, h, ox, oy, w*h colour indices or TRANSPARENT)] in JSON order."""
	entries = read_json(js, "images")
	sheet = Sheet(png)
	seen = set()
	images = []
	for i, e in enumerate(entries):
		if not isinstance(e, dict):
			raise AssetError("%s: images[%d] is not an object" % (js, i))
		name = e.get("name")
		check_name(js, "image", name, seen)
		extra = sorted(set(e) - set(IMAGE_KEYS))
		if extra:
			raise AssetError("%s: image %s has unknown key(s) %s" % (js, name, ", ".join(extra)))
		for k in ("x", "y", "w", "h"):
			if k not in e:
				raise AssetError("%s: image %s lacks %r" % (js, name, k))
		for k in IMAGE_KEYS[1:]:
			if k in e and (type(e[k]) is not int):
				raise AssetError("%s: image %s: %s must be an integer, is %r" % (js, name, k, e[k]))
		x, y, w, h = e["x"], e["y"], e["w"], e["h"]
		ox, oy = e.get("ox", 0), e.get("oy", h - 1)
		if w < 1 or h < 1:
			raise AssetError("%s: image %s has empty size %dx%d" % (js, name, w, h))
		if tiles_of(w) > 255 or tiles_of(h) > 255:
			raise AssetError("%s: image %s is %dx%d, over 255 tiles either way" % (js, name, w, h))
		if x < 0 or y < 0 or x + w > sheet.w or y + h > sheet.h:
			raise AssetError("%s: image %s rect (%d, %d) %dx%d lies outside %s (%dx%d)"
			                 % (js, name, x, y, w, h, png, sheet.w, sheet.h))
		if not (0 <= ox < w and 0 <= oy < h):
			raise AssetError("%s: image %s origin (%d, %d) is outside the %dx%d image"
			                 % (js, name, ox, oy, w, h))
		px = [sheet.at(xx, yy) for yy in range(y, y + h) for xx in range(x, x + w)]
		images.append((name, w, h, ox, oy, px))
	return images


def hex_rows(values, per_line, indent):
	"""Formats bytes as 0xNN, per_line to a line."""
	lines = []
	for i in range(0, len(values), per_line):
		lines.append(indent + ", ".join("0x%02X" % v for v in values[i:i + per_line]) + ",")
	return "\n".join(lines)


def glyph_comment(n):
	if 32 < n < 127 and chr(n) not in "*/\\'":
		return "%3d '%s'" % (n, chr(n))
	return "%3d" % n


def attr_expr(bits):
	"""Attribute bits as a C expression of TILE_* names from map.h, e.g. TILE_BLOCK_SOUTH | TILE_SLOPED."""
	names = ["TILE_" + a for a, bit in TILE_ATTRS.items() if bits & bit]
	return " | ".join(names) if names else "0"


def tiles_of(pixels):
	"""Whole tiles that cover a length in pixels."""
	return (pixels + TILE - 1) // TILE


def emit_h(banner, tiles, mtiles, images):
	out = [banner, "#ifndef GEN_ASSETS_H", "#define GEN_ASSETS_H", "", '#include "gfx.h"', "",
	       "/* Tiles in tiles.png order (tiles.json). */", "enum {"]
	out += ["\tTILE_%s," % t[0] for t in tiles]
	out += ["\tTILE_COUNT", "};", "", "/* Masked tiles in mtiles.png order (mtiles.json). */", "enum {"]
	out += ["\tMTILE_%s," % t[0] for t in mtiles]
	out += ["\tMTILE_COUNT", "};", "", "/* Images in sprites.json order. */", "enum {"]
	out += ["\tIMG_%s," % img[0] for img in images]
	out += ["\tIMG_COUNT", "};", "", "#endif", ""]
	return "\n".join(out)


def emit_c(banner, glyphs, tiles, mtiles, images):
	out = [banner, '#include "assets.h"', '#include "map.h"', "",
	       "/* font.png: glyph n at column n % 16, row n / 16; bit 7 = leftmost pixel. */",
	       "const uint8_t gfx_font[128][8] = {"]
	for n, rows in enumerate(glyphs):
		out.append("\t{ %s },\t/* %s */" % (", ".join("0x%02X" % r for r in rows), glyph_comment(n)))
	out += ["};", "", "/* tiles.png: 8x8 colour indices, row-major. */",
	        "const uint8_t gfx_tiles[TILE_COUNT][GFX_TILE_W * GFX_TILE_H] = {"]
	for name, _, px in tiles:
		out += ["\t[TILE_%s] = {" % name, hex_rows(px, TILE, "\t\t"), "\t},"]
	out += ["};", "", "const uint16_t gfx_tile_count = TILE_COUNT;", "",
	        "/* tiles.json: TILE_* attribute bits (map.h). */",
	        "const uint8_t gfx_tile_attrs[TILE_COUNT] = {"]
	out += ["\t[TILE_%s] = %s," % (name, attr_expr(bits)) for name, bits, _ in tiles]
	out += ["};", "", "/* mtiles.png: 8x8 colour indices, row-major, 0xFF = GFX_TRANSPARENT. */",
	        "const uint8_t gfx_mtiles[MTILE_COUNT][GFX_TILE_W * GFX_TILE_H] = {"]
	for name, _, px in mtiles:
		out += ["\t[MTILE_%s] = {" % name, hex_rows(px, TILE, "\t\t"), "\t},"]
	out += ["};", "", "/* mtiles.json: TILE_* attribute bits (map.h). */",
	        "const uint8_t gfx_mtile_attrs[MTILE_COUNT] = {"]
	out += ["\t[MTILE_%s] = %s," % (name, attr_expr(bits)) for name, bits, _ in mtiles]
	out += ["};", "", "const uint16_t gfx_mtile_count = MTILE_COUNT;", "",
	        "/* sprites.png: colour indices, 0xFF = GFX_TRANSPARENT. */"]
	for name, w, h, ox, oy, px in images:
		out += ["static const uint8_t img_%s_px[%d * %d] = {" % (name.lower(), w, h),
		        hex_rows(px, min(w, 16), "\t"), "};", ""]
	out.append("const GfxImage gfx_images[IMG_COUNT] = {")
	for name, w, h, ox, oy, px in images:
		out.append("\t[IMG_%s] = { .w = %d, .h = %d, .ox = %d, .oy = %d, .px = img_%s_px },"
		           % (name, w, h, ox, oy, name.lower()))
	out += ["};", "", "/* Each image's size in whole tiles (collide.h: image_tiles_w, image_tiles_h). */",
	        "const GfxTileSize gfx_image_tiles[IMG_COUNT] = {"]
	out += ["\t[IMG_%s] = { %d, %d }," % (img[0], tiles_of(img[1]), tiles_of(img[2])) for img in images]
	out += ["};", "", "const uint16_t gfx_image_count = IMG_COUNT;", ""]
	return "\n".join(out)


def write_atomically(path, text):
	d = os.path.dirname(path)
	if d:
		os.makedirs(d, exist_ok=True)
	tmp = path + ".tmp"
	with open(tmp, "w", encoding="ascii", newline="\n") as f:
		f.write(text)
	os.replace(tmp, path)


def convert(assets, out_c, out_h):
	"""Reads everything first, then writes both outputs; raises AssetError on bad input."""
	src = lambda name: os.path.join(assets, name)
	glyphs = read_font(src("font.png"))
	tiles = read_tiles(src("tiles.png"), src("tiles.json"))
	mtiles = read_tiles(src("mtiles.png"), src("mtiles.json"), masked=True)
	images = read_images(src("sprites.png"), src("sprites.json"))
	# More sprite sheets: sprites_<part>.png + .json, appended in name order.
	seen = set(name for name, *_ in images)
	for js in sorted(glob.glob(src("sprites_*.json"))):
		for img in read_images(js[:-len(".json")] + ".png", js):
			if img[0] in seen:
				raise AssetError("%s: image %s is already named by another sheet" % (js, img[0]))
			seen.add(img[0])
			images.append(img)
	shown = assets.replace(os.sep, "/").rstrip("/")
	banner = "/* Generated by tools/gfx2c.py from %s; do not edit. */" % shown
	write_atomically(out_h, emit_h(banner, tiles, mtiles, images))
	write_atomically(out_c, emit_c(banner, glyphs, tiles, mtiles, images))


def main(argv):
	ap = argparse.ArgumentParser(prog="gfx2c", description="Convert game/assets PNGs to C data.")
	ap.add_argument("--assets", required=True, help="folder with font.png, tiles.*, mtiles.*, sprites.*")
	ap.add_argument("--out-c", required=True, help="C file to write (assets.c)")
	ap.add_argument("--out-h", required=True, help="header to write (assets.h)")
	args = ap.parse_args(argv)
	try:
		convert(args.assets, args.out_c, args.out_h)
	except AssetError as e:
		print("gfx2c: error: %s" % e, file=sys.stderr)
		return 1
	return 0


if __name__ == "__main__":
	sys.exit(main(sys.argv[1:]))
