#!/usr/bin/env python3
"""check_layers.py: fail when a source file includes a header of a higher layer.

The tree's architecture, lowest first (README "Where things are"):

    game/engine  <- game/seeds <- game/world <- game/cast <- game/formats
                 <- game/play  <- game/shell

A file may include headers of its own layer and of any lower one, by bare
name ("map.h"); the Makefile gives one -I per layer. Outside game/: drivers/
include only drivers/ and freestanding headers, game/ never includes drivers/
or kernel/, and nothing in drivers/ or game/ includes kernel/. kernel/ is the
glue and may include anything.

Usage: check_layers.py [ROOT]    (exit 1 and one line per wrong-way include)
"""
import os
import re
import sys

GAME_LAYERS = ["engine", "seeds", "world", "cast", "formats", "play", "shell"]
GENERATED = {"assets.h": 0}     # build/gen/assets.h: the art, below everything
FREESTANDING = {"stdint.h", "stdbool.h", "stddef.h", "stdarg.h", "limits.h"}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)


def sources(folder):
    for dirpath, _, names in os.walk(folder):
        for n in sorted(names):
            if n.endswith((".c", ".h", ".S")):
                yield os.path.join(dirpath, n)


def header_homes(root):
    """Map a header's bare name to ('game', rank) / ('drivers',) / ('kernel',)."""
    homes = {}
    for rank, layer in enumerate(GAME_LAYERS):
        for p in sources(os.path.join(root, "game", layer)):
            if p.endswith(".h"):
                name = os.path.basename(p)
                if name in homes:
                    raise SystemExit(f"check_layers: {name} exists in two places")
                homes[name] = ("game", rank)
    for name, rank in GENERATED.items():
        homes[name] = ("game", rank)
    for top in ("drivers", "kernel"):
        for p in sources(os.path.join(root, top)):
            if p.endswith(".h"):
                homes.setdefault(os.path.basename(p), (top,))
    return homes


def file_home(root, path):
    rel = os.path.relpath(path, root).split(os.sep)
    if rel[0] == "game":
        if len(rel) < 3 or rel[1] not in GAME_LAYERS:
            return ("game", None)
        return ("game", GAME_LAYERS.index(rel[1]))
    return (rel[0],)


def check(root):
    homes = header_homes(root)
    errors = []
    folders = [os.path.join(root, "game"), os.path.join(root, "drivers")]
    for folder in folders:
        for path in sources(folder):
            me = file_home(root, path)
            rel = os.path.relpath(path, root)
            if me == ("game", None):
                errors.append(f"{rel}: a game source outside the layer folders {GAME_LAYERS}")
                continue
            with open(path, encoding="utf-8") as f:
                text = f.read()
            for m in INCLUDE.finditer(text):
                kind, name = m.group(1), m.group(2)
                line = text.count("\n", 0, m.start()) + 1
                where = f"{rel}:{line}: includes {name}"
                if kind == "<":
                    if name not in FREESTANDING:
                        errors.append(f"{where}: not a freestanding header")
                    continue
                if "/" in name:
                    errors.append(f"{where}: include by bare name (one -I per layer)")
                    continue
                home = homes.get(name)
                if home is None:
                    errors.append(f"{where}: no such header in game/, drivers/ or kernel/")
                elif me[0] == "drivers" and home != ("drivers",):
                    errors.append(f"{where}: drivers/ include only drivers/ headers")
                elif me[0] == "game" and home[0] != "game":
                    errors.append(f"{where}: game/ never includes {home[0]}/ headers")
                elif me[0] == "game" and home[1] > me[1]:
                    errors.append(f"{where}: {GAME_LAYERS[me[1]]} is below "
                                  f"{GAME_LAYERS[home[1]]} (dependencies run one way)")
    return errors


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    errors = check(os.path.abspath(root))
    for e in errors:
        print("check_layers: " + e, file=sys.stderr)
    if errors:
        print(f"check_layers: {len(errors)} wrong-way include(s)", file=sys.stderr)
        return 1
    print("check_layers: " + " <- ".join(GAME_LAYERS) + ": every include points down")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
