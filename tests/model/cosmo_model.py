#!/usr/bin/python3
"""cosmo_model: an independent model of the original game's rules, checked against the game's demo dumps.

Usage: cosmo_model.py DUMP.txt ...     (tests/golden/dumps/NAME.txt; the demo's level is read
                                         from game/demos/NAME.dem, the map from build/levels/LEVEL.lvl)
       cosmo_model.py --level LEVEL DUMP.txt ...   (dumps of LEVEL from `build/hostrun LEVEL N --dump`)

For every object-tick of a demo it takes the object's state from the dump at
tick T-1, applies the original's rules (written here from the reconstructed
source, cosmore src/game1.c, not from this project's C) with the map as it is
at that point of tick T, and compares the result with the dump at tick T:

- shards: MoveAndDrawShards (the x-modes, TestSpriteMove west/east with the
  map-edge and slope rules, the rise, the ejection loop, one bounce, removal
  at 16 off screen (IsSpriteVisible) or past 40);
- moving platforms: MovePlatforms (the step read from the path cell under
  the centre, only while arePlatformsActive);
- the foot switch: ActFootSwitch + InteractPlayer (a push when the player
  stands on the knob with none waiting; the knob sinks a row in the next
  frame's move; the fourth sink turns the platforms on, so they first move
  in the frame after it).

Restarting from the dump each tick, every mismatch is one object-tick; it
prints the count per subsystem and exits 1 on any mismatch. What it leaves
out: riding (the player's position between its own move and the platforms
is not in the dump), fountains and spawners (their own dumps are checked by
the unit tests against the seeds).
"""

import glob
import json
import math
import os
import re
import struct
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# map.h's cell encoding and TILE_* bits
PATH_LAST, SOLID_BASE, MASKED = 8, 8, 0x8000
SOUTH, NORTH, WEST, EAST, SLOPED = 0x01, 0x02, 0x04, 0x08, 0x40
ALL = 0x0F
ATTR = {"BLOCK_SOUTH": 0x01, "BLOCK_NORTH": 0x02, "BLOCK_WEST": 0x04, "BLOCK_EAST": 0x08,
        "SLIPPERY": 0x10, "IN_FRONT": 0x20, "SLOPED": 0x40, "CAN_CLING": 0x80}
FREE, BLOCKED, SLOPED_MOVE = 0, 1, 2
SCROLLW, SCROLLH = 38, 18                 # the view in tiles (world.h VIEW_W, VIEW_H)
DIR8 = [(0, 0), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)]
PLAYER_H = 2                              # the player's picture is 16x16 (2 tiles)


def tile_attrs(name):
	with open(os.path.join(REPO, "game", "assets", name)) as f:
		return [sum(ATTR[a] for a in t["attrs"]) for t in json.load(f)["tiles"]]


SOLID = tile_attrs("tiles.json")
MASK = tile_attrs("mtiles.json")
SOLID_NAMES = None


def image_sizes():
	"""(w, h) in tiles of every image, in the order the asset converter numbers them."""
	sheets = sorted(glob.glob(os.path.join(REPO, "game", "assets", "sprites*.json")))
	out = []
	for s in sheets:
		with open(s) as f:
			out += [(im["name"], math.ceil(im["w"] / 8), math.ceil(im["h"] / 8)) for im in json.load(f)["images"]]
	return out


IMAGES = image_sizes()


def attr(c):
	if c == 0xFFFF:
		return ALL
	if c & MASKED:
		k = c & ~MASKED
		return MASK[k] if k < len(MASK) else ALL
	if c <= SOLID_BASE:
		return 0
	s = c - SOLID_BASE
	return SOLID[s] if s < len(SOLID) else ALL


class Map:
	def __init__(self, w, h, cells):
		self.w, self.h, self.cells = w, h, list(cells)

	def get(self, x, y):
		if 0 <= x < self.w and 0 <= y < self.h:
			return self.cells[y * self.w + x]
		return 0xFFFF

	def set(self, x, y, c):
		if 0 <= x < self.w and 0 <= y < self.h:
			self.cells[y * self.w + x] = c

	def a(self, x, y):
		return attr(self.get(x, y))


def load_level(name):
	with open(os.path.join(REPO, "build", "levels", name + ".lvl"), "rb") as f:
		data = f.read()
	assert data[:4] == b"SFLV", name
	w, h = struct.unpack_from("<HH", data, 6)
	return Map(w, h, struct.unpack_from("<%dH" % (w * h), data, 30))


def demo_level(dem):
	with open(dem, "rb") as f:
		data = f.read()
	return data[8:40].split(b"\0", 1)[0].decode()


def test_sprite_move(m, d, w, h, x, y):
	"""TestSpriteMove as the original writes it (x, y: the place asked for; cells outside block)."""
	if d == "N":
		return BLOCKED if any(m.a(x + i, y - h + 1) & NORTH for i in range(w)) else FREE
	if d == "S":
		for i in range(w):
			a = m.a(x + i, y)
			if a & SLOPED:
				return SLOPED_MOVE
			if a & SOUTH:
				return BLOCKED
		return FREE
	if d == "W":
		if x == 0:
			return BLOCKED
		col, bit = x, WEST
	else:
		if x + w == m.w:
			return BLOCKED
		col, bit = x + w - 1, EAST
	for i in range(h):
		if i == 0 and m.a(col, y) & SLOPED and not m.a(col, y - 1) & bit:
			return SLOPED_MOVE
		if m.a(col, y - i) & bit:
			return BLOCKED
	return FREE


def sprite_visible(w, h, x, y, cam):
	sx, sy = cam
	return ((sx <= x < sx + SCROLLW) or (sx >= x and x + w > sx)) and \
	       ((sy + SCROLLH > y - h + 1 and sy + SCROLLH <= y) or (y >= sy and sy + SCROLLH > y))


def shard_tick(m, s, cam):
	"""MoveAndDrawShards for one shard: (x, y, age, image, xmode, bounced) -> the next, or None (removed)."""
	x, y, age, img, xm, b = s
	w, h = IMAGES[img][1], IMAGES[img][2]
	if xm in (0, 3):
		if test_sprite_move(m, "E", w, h, x + 1, y + 1) == FREE:
			x += 2 if xm == 3 else 1
	elif xm in (1, 4):
		if test_sprite_move(m, "W", w, h, x - 1, y + 1) == FREE:
			x -= 2 if xm == 4 else 1
	while True:
		if age < 5:
			y -= 2
		if age == 5:
			y -= 1
		elif age == 8:
			if test_sprite_move(m, "S", w, h, x, y + 1) != FREE:
				age, y = 3, y + 2
				continue
			y += 1
		if age >= 9:
			if age > 16 and not sprite_visible(w, h, x, y, cam):
				return None
			again = False
			for _ in range(2):
				if not b and test_sprite_move(m, "S", w, h, x, y + 1) != FREE:
					age, b, again = 3, 1, True
					break
				y += 1
			if again:
				continue
		break
	age += 1
	if age > 40:
		return None
	return (x, y, age, img, xm, b)


LINE = re.compile(r"^T=(\d+) (\w+) (\S+)(.*)$")


def fields(rest):
	return dict(kv.split("=", 1) for kv in rest.split() if "=" in kv)


def read_dump(path):
	"""{tick: {"cam", "shards", "plats", "active", "switches", "player", "fountains"}}."""
	ticks = {}
	with open(path) as f:
		for line in f:
			mt = LINE.match(line)
			if not mt:
				continue
			t, kind, idx, rest = int(mt.group(1)), mt.group(2), mt.group(3), mt.group(4)
			st = ticks.setdefault(t, {"shards": {}, "plats": {}, "switches": {}, "fountains": {}})
			if kind == "world":
				cam = re.search(r"cam=(-?\d+),(-?\d+)", line)
				st["cam"] = (int(cam.group(1)), int(cam.group(2)))
			elif kind == "shard":
				f = fields(rest)
				st["shards"][int(idx)] = (int(f["x"]), int(f["y"]), int(f["age"]), int(f["image"]),
				                          int(f["xmode"]), int(f["bounced"]))
			elif kind == "platform":
				f = fields(rest)
				st["plats"][int(idx)] = (int(f["x"]), int(f["y"]), f["state"])
			elif kind == "platforms":
				f = fields(idx + rest)
				st["active"] = f["active"] == "1"
			elif kind == "fountain":
				f = fields(rest)
				st["fountains"][int(idx)] = (int(f["x"]), int(f["y"]))
			elif kind == "player":
				f = fields(rest)
				st["player"] = (int(f["x"]), int(f["y"]), f["act"])
			elif kind == "actor" and rest.split()[0] == "FOOT_SWITCH":
				f = fields(rest)
				st["switches"][int(idx)] = (int(f["x"]), int(f["y"]), int(f["count"]), int(f["vx"]))
	return ticks


PLATFORM_CELLS = None


def map_at(base, st, switches0):
	"""The map as the shards see it in a tick: platforms, fountains' two cells, knobs and shafts written in."""
	m = Map(base.w, base.h, base.cells)
	plat_tile = SOLID_BASE + SOLID_INDEX["PLATFORM_0"]
	for (x, y, _) in st["plats"].values():
		for i in range(5):
			m.set(x - 2 + i, y, plat_tile + i)
	inv = SOLID_BASE + SOLID_INDEX["INVISIBLE_PLATFORM"]
	for (x, y) in st["fountains"].values():
		m.set(x, y, inv)
		m.set(x + 2, y, inv)
	for i, (x, y, _, _) in st["switches"].items():
		y0 = switches0[i][1]
		for r in range(y0, y):
			m.set(x, r, SOLID_BASE + SOLID_INDEX["SWITCH_SHAFT_L"])
			m.set(x + 1, r, SOLID_BASE + SOLID_INDEX["SWITCH_SHAFT_R"])
		m.set(x, y, SOLID_BASE + SOLID_INDEX["SWITCH_KNOB_L"])
		m.set(x + 1, y, SOLID_BASE + SOLID_INDEX["SWITCH_KNOB_R"])
	return m


def solid_index():
	with open(os.path.join(REPO, "game", "assets", "tiles.json")) as f:
		return {t["name"]: i for i, t in enumerate(json.load(f)["tiles"])}


SOLID_INDEX = solid_index()


def check(dump, level=None):
	name = os.path.basename(dump)[:-4]
	base = load_level(level or demo_level(os.path.join(REPO, "game", "demos", name + ".dem")))
	ticks = read_dump(dump)
	counts = {k: [0, 0] for k in ("shard", "platform", "switch")}
	switches0 = ticks[0]["switches"]
	sunk4 = {}                               # switch -> tick of its fourth sink
	for t in sorted(ticks):
		if t == 0 or t - 1 not in ticks:
			continue
		prev, cur = ticks[t - 1], ticks[t]
		bad = []
		# the foot switch: sink a push made in an earlier frame, then the player's touch
		for i, (x, y, count, sunk) in prev["switches"].items():
			if i not in cur["switches"]:
				continue
			if count > sunk:
				y, sunk = y + 1, sunk + 1
				if sunk == 4:
					sunk4[i] = t
			p = cur.get("player")
			if count < 4 and count == sunk and p and p[2] != "act_player_die" and \
			   p[1] == y - 1 and p[0] <= x + 1 and p[0] + 1 >= x:
				count += 1
			want = (x, y, count, sunk)
			counts["switch"][0] += 1
			if cur["switches"][i] != want:
				counts["switch"][1] += 1
				bad.append("switch %d: model %s, game %s" % (i, want, cur["switches"][i]))
		# platforms: active in tick t when no switch, or a fourth sink before t
		active = not switches0 or any(s < t for s in sunk4.values())
		for i, (x, y, _) in prev["plats"].items():
			c = base.get(x, y)
			step = c if 1 <= c <= PATH_LAST else 0
			if active:
				x, y = x + DIR8[step][0], y + DIR8[step][1]
			counts["platform"][0] += 1
			if cur["plats"][i][:2] != (x, y):
				counts["platform"][1] += 1
				bad.append("platform %d: model (%d,%d), game %s" % (i, x, y, cur["plats"][i][:2]))
		# shards, on the map of this tick (platforms, fountains and switches have moved)
		m = map_at(base, cur, switches0)
		for i, s in prev["shards"].items():
			want = shard_tick(m, s, cur["cam"])
			got = cur["shards"].get(i)
			counts["shard"][0] += 1
			if want != got:
				counts["shard"][1] += 1
				bad.append("shard %d: from %s model %s, game %s" % (i, s, want, got))
		for b in bad:
			print("%s T=%d %s" % (name, t, b))
	total_bad = 0
	parts = []
	for k, (n, nbad) in counts.items():
		parts.append("%s %d/%d" % (k, n - nbad, n))
		total_bad += nbad
	print("model %-8s object-ticks matching: %s" % (name, ", ".join(parts)))
	return total_bad


def main(argv):
	level = None
	if len(argv) > 1 and argv[0] == "--level":
		level, argv = argv[1], argv[2:]
	bad = sum(check(d, level) for d in argv)
	if bad:
		print("model: %d object-ticks differ from the original's rules" % bad)
		return 1
	print("model: every object-tick of %d dumps matches the original's rules" % len(argv))
	return 0


if __name__ == "__main__":
	sys.exit(main(sys.argv[1:]))
