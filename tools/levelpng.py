#!/usr/bin/python3
"""levelpng: draws a whole Tiled level (.tmj) into one PNG — tiles, platforms, fountains and actors — for docs/.

Usage:
  levelpng.py game/levels/e1l1.tmj -o docs/e1l1.png [--scale 0.5]

Tiles come from game/assets/tiles.png and mtiles.png (masked tiles over
black, as the game draws them); actors are drawn with the first image of
any game/assets/sprites*.json sheet named after their kind (PLAYER_R0,
CRITTER0, HOPPER..., EXIT...), else as a labelled box. Platform paths are
dotted, moving platforms drawn at their start, fountains at rest.
"""

import argparse
import glob
import json
import os
import sys

from PIL import Image, ImageDraw

TOOLS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(TOOLS)
ASSETS = os.path.join(REPO, "game", "assets")
sys.dont_write_bytecode = True
sys.path.insert(0, TOOLS)
import level2bin  # noqa: E402

T = 8
# Kinds drawn with a named image of the base sheet (the rest are looked up by kind name).
PICTURES = {"PLAYER": "PLAYER_R0", "CRITTER": "CRITTER0", "SLUG": "SLUG0",
            "FOOT_SWITCH": "FOOT_SWITCH_UP"}
MARKER_COLOURS = [(255, 85, 85), (255, 255, 85), (85, 255, 255), (255, 85, 255), (85, 255, 85)]


def sheet_tiles(name):
	im = Image.open(os.path.join(ASSETS, name)).convert("RGBA")
	cols = im.width // T
	return [im.crop(((i % cols) * T, (i // cols) * T, (i % cols) * T + T, (i // cols) * T + T))
	        for i in range(cols * (im.height // T))]


def sprite_images():
	"""{image name: RGBA image} from every sprites*.json sheet."""
	out = {}
	for js in sorted(glob.glob(os.path.join(ASSETS, "sprites*.json"))):
		sheet = Image.open(os.path.splitext(js)[0] + ".png").convert("RGBA")
		with open(js) as f:
			for im in json.load(f)["images"]:
				out[im["name"]] = sheet.crop((im["x"], im["y"], im["x"] + im["w"], im["y"] + im["h"]))
	return out


def picture_for(kind, images):
	if kind in PICTURES and PICTURES[kind] in images:
		return images[PICTURES[kind]]
	for name in sorted(images):
		rest = name[len(kind):]
		if name.startswith(kind) and (rest == "" or rest[0] in "_0123456789"):
			return images[name]
	return None


def render(tmj, scale=1.0):
	rules = level2bin.Rules()
	data = level2bin.convert(tmj, rules)
	name, w, h, count = level2bin.parse_level(tmj, data)
	cells = list(memoryview(data)[30:30 + 2 * w * h].cast("H"))
	ids = {v: k for k, v in rules.kinds.items()}
	actors = [(ids[k], x, y) for k, x, y in
	          (memoryview(data)[30 + 2 * w * h + 6 * i:30 + 2 * w * h + 6 * i + 6].cast("H")
	           for i in range(count))]
	solid, masked = sheet_tiles("tiles.png"), sheet_tiles("mtiles.png")
	with open(os.path.join(ASSETS, "tiles.json")) as f:
		names = [t["name"] for t in json.load(f)["tiles"]]
	images = sprite_images()
	out = Image.new("RGBA", (w * T, h * T), (0, 0, 0, 255))
	draw = ImageDraw.Draw(out)
	for i, c in enumerate(cells):
		x, y = (i % w) * T, (i // w) * T
		if c & 0x8000:
			out.alpha_composite(masked[c & 0x7FFF], (x, y))
		elif c > 8:
			out.paste(solid[c - 8], (x, y))
		elif c:
			draw.rectangle((x + 3, y + 3, x + 4, y + 4), fill=(85, 85, 255, 255))   # a path step
	for n, (kind, x, y) in enumerate(actors):
		if kind == "PLATFORM":
			for k in range(5):
				out.paste(solid[names.index("PLATFORM_%d" % k)], ((x - 2 + k) * T, y * T))
			continue
		if kind.startswith("FOUNTAIN_"):
			pic = images.get("SPRAY0")
			if pic:
				out.alpha_composite(pic, ((x - 1) * T, (y + 1) * T - pic.height))
			continue
		pic = picture_for(kind, images)
		if pic is not None:
			px, py = x * T, (y + 1) * T - pic.height
			out.alpha_composite(pic, (max(0, px), max(0, py)))
		else:
			colour = MARKER_COLOURS[sum(map(ord, kind)) % len(MARKER_COLOURS)] + (255,)
			draw.rectangle((x * T, y * T - T, x * T + 2 * T - 1, y * T + T - 1), outline=colour)
			words = kind.split("_")
			label = words[0][:2] if len(words) == 1 else words[0][0] + words[1][0]
			draw.text((x * T + 2, y * T - T + 3), label, fill=colour)
	if scale != 1.0:
		out = out.resize((int(w * T * scale), int(h * T * scale)), Image.LANCZOS)
	return out.convert("RGB").quantize(colors=64, method=Image.MEDIANCUT, dither=Image.NONE)


def main(argv):
	ap = argparse.ArgumentParser(prog="levelpng", description=__doc__.splitlines()[0])
	ap.add_argument("tmj")
	ap.add_argument("-o", "--output", required=True)
	ap.add_argument("--scale", type=float, default=1.0)
	args = ap.parse_args(argv)
	try:
		render(args.tmj, args.scale).save(args.output, optimize=True)
	except level2bin.LevelError as e:
		print("levelpng: error: %s" % e, file=sys.stderr)
		return 1
	return 0


if __name__ == "__main__":
	sys.exit(main(sys.argv[1:]))
