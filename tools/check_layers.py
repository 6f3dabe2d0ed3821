#!/usr/bin/env python3
"""check_layers.py: fail when a source file includes a header, or calls a function, of a room it may not use.

The tree's architecture (README "Where things are"; docs/kernel.md):

    game/engine <- seeds <- world <- cast <- formats <- play <- shell
        each layer uses its own and lower layers.
    drivers/platform (port I/O, CPU, PCI, ACPI, timers, COM1, the log hook)
        <- video, input, sound       each uses platform only
        <- usb                       platform and input (the shared key table)
        <- storage                   platform and usb (mass storage sits on the USB layer)
    kernel/log: the kernel's services (the log, the formatter, the panic's declaration, the
        options): every kernel room may use it; it uses drivers/platform only.
    kernel/cpu, kernel/mem, kernel/present, kernel/sound, kernel/save, kernel/input, kernel/report: rooms of the kernel with the rules
        in KERNEL_ROOMS below; besides those, they may use kernel/log and never the glue.
    kernel/boot, kernel/loop: the glue (the boot flow, the main loop); they may use anything, and
        nothing but the glue uses them. No source sits at kernel/'s top.

drivers/usb and kernel/present are themselves in sub-layers (USB_LAYERS and
PRESENT_LAYERS below; docs/usb.md, docs/render.md), each
a list of units (a unit is the files whose names start with its prefix:
xhci.c, xhciport.c, xhcireg.h, xhci.h are the unit "xhci"):

    interface (usbhc.h: the host-controller operations), parsing (usbhid, hidparse, x360rep)
        <- controllers (xhci, uhci, ohci, ehci)         interface only
        <- devices (usbdev)                              interface, parsing
        <- classes (usbkbd, usbhub, usbpad)              devices, interface, parsing

A unit uses its own files and the layers its layer lists, which all come
before it, and never a peer of its own layer (a class driver no other class,
a controller no other controller): so the include and call graph of the USB
files is a DAG. Controllers report upward only through callbacks the device
layer registers (UsbHcEvents), never by name. Another driver room that uses
drivers/usb (storage) counts as a class.

game/ never uses drivers/ or kernel/; drivers/ never use game/ or kernel/. The
one way up is the log hook: drvlog() is declared in drivers/platform/drvlog.h
and defined by the kernel; a function's room is where its declaration lives.
The panic is the same in the kernel: declared in kernel/log/panic.h, defined
by the glue (kernel/boot/panic.c, which draws, saves and restarts through the
rooms that call it).

Includes are checked by bare name (one -I per room). Calls are checked by
name: every function declared in a header (or defined non-static in a .c
with no header) has a room, and a call to it from a room that may not use
that room is an error even when the caller declares it itself.

Usage: check_layers.py [ROOT]    (exit 1 and one line per wrong-way include or call)
"""
import os
import re
import sys

GAME_LAYERS = ["engine", "seeds", "world", "cast", "formats", "play", "shell"]

# drivers/ rooms and the other rooms each may use (besides itself).
DRIVER_ROOMS = {
    "platform": [],
    "video": ["platform"],
    "input": ["platform"],
    "sound": ["platform"],
    "usb": ["platform", "input"],
    "storage": ["platform", "usb"],
}

# kernel/ rooms: what each may use, as (top, room) pairs; ("game", "engine")
# means that game layer and the ones below it.
KERNEL_ROOMS = {
    "log": [("drivers", "platform")],                          # COM1; the drivers' log hook it defines
    "cpu": [("drivers", "platform"), ("drivers", "input"),    # restart reads Ctrl+Alt+Del itself
            ("kernel", "mem")],                                # acpiboot reads the loader's information
    "mem": [("drivers", "platform"), ("drivers", "video")],    # the loader's framebuffer description
    "present": [("drivers", "platform"), ("drivers", "video"), ("kernel", "mem"), ("game", "engine")],
    "sound": [("drivers", "platform"), ("drivers", "sound"),    # PCI, the HDA driver, the mixer, the synths
              ("kernel", "mem"), ("kernel", "cpu"),            # DMA pages, the PAE window for high BARs
              ("game", "shell")],                              # the game's tune names, System info's lines
    "input": [("drivers", "platform"), ("drivers", "input"),   # the PS/2 scan codes, the game port, pad.h
              ("drivers", "usb"),                              # USB pads' class driver
              ("game", "shell")],                              # the game's key codes, System info's lines
    "save": [("drivers", "platform"), ("drivers", "storage"),  # the disks, the save area on them
             ("drivers", "usb"),                               # mass storage's class driver, registered
             ("kernel", "mem"), ("kernel", "cpu")],            # DMA pages; the panic's crash report
    "report": [("drivers", "platform"), ("drivers", "video"),  # CPU, ACPI, SMBIOS; the framebuffer's format
               ("drivers", "sound"), ("drivers", "storage"),   # the HDA walk, AC'97 ids; the disks
               ("drivers", "usb"), ("kernel", "mem")],         # the device layer's records; the memory map
    "boot": None,                                              # the glue: kmain, the bring-up, System info, USB, the panic
    "loop": None,                                              # the glue: the main loop, demos and replays, its saves
}
KERNEL_SERVICES = "log"                                        # every kernel room may use it
# The glue, the rooms above all the others (None above): they may use anything; only the glue uses them.
KERNEL_GLUE = [room for room, rule in KERNEL_ROOMS.items() if rule is None]

# Rooms in sub-layers, lowest first: (layer, its units, the layers it may use, all earlier).
USB_LAYERS = [
    ("interface", ["usbhc"], []),
    ("parsing", ["usbhid", "hidparse", "x360rep"], []),
    ("controllers", ["xhci", "uhci", "ohci", "ehci"], ["interface"]),
    ("devices", ["usbdev"], ["interface", "parsing"]),
    ("classes", ["usbkbd", "usbhub", "usbpad"], ["devices", "interface", "parsing"]),
]
# The presenter as one pipeline (docs/render.md): keys -> diff -> plan -> draw, the display on top.
PRESENT_LAYERS = [
    ("stages", ["stages"], []),
    ("cells", ["cellcomp", "celldiff"], ["stages"]),
    ("keys", ["cellkeys"], ["cells", "stages"]),
    ("plan", ["cellplan"], ["keys", "cells", "stages"]),
    ("cache", ["gfxcache"], ["cells"]),
    ("draw", ["present"], ["plan", "keys", "cells", "cache", "stages"]),
    ("display", ["display"], ["draw", "cache", "cells"]),
]
SUB_LAYERS = {("drivers", "usb"): USB_LAYERS, ("kernel", "present"): PRESENT_LAYERS}
# How another room stands towards a room in sub-layers: as one of its layers, or None (free: the glue).
SUB_OUTSIDE = {("drivers", "usb"): "classes", ("kernel", "present"): None}
USB_OUTSIDE = SUB_OUTSIDE[("drivers", "usb")]

# Generated headers (build/gen/) and where they sit.
GENERATED = {"assets.h": ("game", "engine"), "songs.h": ("kernel", "sound")}   # the music glue is its one kernel user
FREESTANDING = {"stdint.h", "stdbool.h", "stddef.h", "stdarg.h", "limits.h"}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)

# A declaration or definition at column 0: `type name(` (not typedefs, not macros).
DECL = re.compile(r'^(?!typedef\b|#|static\b|extern\s+"C")[A-Za-z_][\w \t\*]*?\b([A-Za-z_]\w*)\s*\(', re.M)
# A definition at column 0: `type name(params) {` (the parameters hold no ';' or '{').
DEF = re.compile(r'^(?!typedef\b|#|static\b)[A-Za-z_][\w \t\*]*?\b([A-Za-z_]\w*)\s*\([^;{]*\)\s*'
                 r'(?:__attribute__\s*\(\([^;{]*\)\)\s*)?\{', re.M)
STATIC_DEF = re.compile(r'^static\b[\w \t\*]*?\b([A-Za-z_]\w*)\s*\(', re.M)
MACRO = re.compile(r'^\s*#\s*define\s+([A-Za-z_]\w*)', re.M)
CALL = re.compile(r'\b([A-Za-z_]\w*)\s*\(')
NOT_NAMES = {"if", "for", "while", "switch", "return", "sizeof", "void", "int", "char", "unsigned",
             "signed", "short", "long", "bool", "const", "volatile", "struct", "union", "enum",
             "inline", "__attribute__", "__asm__", "asm", "defined", "_Static_assert", "offsetof",
             "uint8_t", "uint16_t", "uint32_t", "uint64_t", "int8_t", "int16_t", "int32_t", "int64_t",
             "size_t", "uintptr_t"}


def sources(folder):
    for dirpath, dirs, names in os.walk(folder):
        dirs.sort()
        for n in sorted(names):
            if n.endswith((".c", ".h", ".S")):
                yield os.path.join(dirpath, n)


def code_only(text):
    """The text with comments, strings and character constants blanked (line numbers kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(c + " " * (j - i - 2) + c if j - i >= 2 else text[i:j])
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def home_of(root, path):
    """A file's room: ('game', layer) / ('drivers', room) / ('kernel', room or None) / (top, None)."""
    rel = os.path.relpath(path, root).split(os.sep)
    if rel[0] in ("game", "drivers"):
        return (rel[0], rel[1] if len(rel) >= 3 else None)
    if rel[0] == "kernel":
        return ("kernel", rel[1] if len(rel) >= 3 else None)
    return (rel[0], None)


def may_use(me, home, name=None):
    """Why `me` may not use something in `home` (None when it may)."""
    if home == me:
        return None
    top, room = me
    if top == "game":
        if home[0] != "game":
            return f"game/ never uses {home[0]}/"
        if GAME_LAYERS.index(home[1]) > GAME_LAYERS.index(room):
            return f"{room} is below {home[1]} (dependencies run one way)"
        return None
    if top == "drivers":
        if home[0] != "drivers":
            return f"drivers/ use only drivers/ (drivers/{room} reached {home[0]}/)"
        if home[1] not in DRIVER_ROOMS[room]:
            allowed = ", ".join(DRIVER_ROOMS[room]) or "nothing else"
            return f"drivers/{room} may use only {allowed}, not drivers/{home[1]}"
        return None
    if top == "kernel" and room is not None:
        if room in KERNEL_GLUE:
            return None                         # the glue
        if home == ("kernel", KERNEL_SERVICES):
            return None
        if home[0] == "kernel" and (home[1] in KERNEL_GLUE or home[1] is None):
            return (f"kernel/{room} never uses the glue (kernel/{home[1] or ''}): "
                    f"only kernel/{KERNEL_SERVICES} and its rule's rooms")
        for t, r in KERNEL_ROOMS[room]:
            if home[0] == t == "game" and GAME_LAYERS.index(home[1]) <= GAME_LAYERS.index(r):
                return None
            if home == (t, r):
                return None
        allowed = ", ".join(f"{t}/{r}" for t, r in KERNEL_ROOMS[room])
        where = f"{home[0]}/{home[1]}" if home[1] else f"{home[0]}/"
        return f"kernel/{room} may use only {allowed}, not {where}"
    return None


def sub_unit(room, name):
    """A file's (layer, unit) in a room of sub-layers: the longest unit prefix of its name; None if none."""
    best = None
    for layer, units, _ in SUB_LAYERS[room]:
        for unit in units:
            if name.startswith(unit) and (best is None or len(unit) > len(best[1])):
                best = (layer, unit)
    return best


def usb_unit(name):
    return sub_unit(("drivers", "usb"), name)


def sub_may_use(me, my_name, home, home_name):
    """Why `me` may not use `home_name` of a room in sub-layers (None when it may, or no sub-layers)."""
    if home not in SUB_LAYERS:
        return None
    layers = SUB_LAYERS[home]
    there = sub_unit(home, home_name)
    if there is None:
        return None                             # reported by sub_known
    if me == home:
        mine = sub_unit(home, my_name)
        if mine is None or mine[1] == there[1]:
            return None
        layer, unit = mine
    elif me[0] == home[0] and SUB_OUTSIDE[home]:
        layer, unit = SUB_OUTSIDE[home], f"{me[0]}/{me[1]}"
    else:
        return None
    allowed = next(a for l, _, a in layers if l == layer)
    if there[0] in allowed:
        return None
    where = f"{home[0]}/{home[1]}"
    if there[0] == layer:
        return f"{where} {layer} ({unit}) never use one another ({there[1]}): a DAG, one way"
    return (f"{where} {layer} ({unit}) may use only {', '.join(allowed) or 'nothing else'}, "
            f"not {there[0]} ({there[1]})")


def usb_may_use(me, my_name, home_name):
    return sub_may_use(me, my_name, ("drivers", "usb"), home_name)


def sub_known(root):
    """Errors for files of a room in sub-layers that are in none (a new unit needs a line in its table)."""
    errors = []
    for room, layers in SUB_LAYERS.items():
        order = [l for l, _, _ in layers]
        for i, (layer, _, allowed) in enumerate(layers):
            for a in allowed:
                if a not in order[:i]:
                    raise SystemExit(f"check_layers: {room[0]}/{room[1]} layer {layer} may use {a}, "
                                     "which is not below it")
        base = os.path.join(root, *room)
        for path in sources(base) if os.path.isdir(base) else []:
            if sub_unit(room, os.path.basename(path)) is None:
                errors.append(f"{os.path.relpath(path, root)}: a file in no sub-layer of check_layers.py "
                              f"({room[0]}/{room[1]})")
    return errors


def usb_known(root):
    return [e for e in sub_known(root) if "(drivers/usb)" in e]


def rooms_known(root):
    """Errors for folders the rules do not know (a new room needs a rule)."""
    errors = []
    for top, known in (("game", GAME_LAYERS), ("drivers", DRIVER_ROOMS), ("kernel", KERNEL_ROOMS)):
        base = os.path.join(root, top)
        if not os.path.isdir(base):
            continue
        for name in sorted(os.listdir(base)):
            p = os.path.join(base, name)
            if os.path.isdir(p) and name not in known and any(sources(p)):
                errors.append(f"{top}/{name}: a room check_layers.py has no rule for")
            elif os.path.isfile(p) and p.endswith((".c", ".h")):
                errors.append(f"{top}/{name}: a source outside the rooms {sorted(known)}")
    return errors


def scan(root):
    """Every source of the three trees with its room and its code (comments and strings blanked)."""
    files = []
    for top in ("game", "drivers", "kernel"):
        for path in sources(os.path.join(root, top)):
            me = home_of(root, path)
            if me[1] is None:
                continue            # reported by rooms_known
            if me[0] == "game" and me[1] not in GAME_LAYERS:
                continue
            with open(path, encoding="utf-8") as f:
                text = f.read()
            files.append((path, os.path.relpath(path, root), me, text, code_only(text)))
    return files


def header_homes(files):
    homes = {}
    for path, rel, me, _, _ in files:
        if path.endswith(".h"):
            name = os.path.basename(path)
            if name in homes and homes[name] != me:
                raise SystemExit(f"check_layers: {name} exists in two rooms")
            homes[name] = me
    for name, home in GENERATED.items():
        homes[name] = home
    return homes


def function_homes(files):
    """Function name -> the rooms that declare it (headers first; a .c's own only without one)."""
    declared, defined = {}, {}
    for path, rel, me, _, code in files:
        table = declared if path.endswith(".h") else defined
        home = me + (os.path.basename(path),)
        for m in (DECL if path.endswith(".h") else DEF).finditer(code):
            name = m.group(1)
            if name not in NOT_NAMES:
                table.setdefault(name, set()).add(home)
        if path.endswith(".h"):
            for m in STATIC_DEF.finditer(code):
                declared.setdefault(m.group(1), set()).add(home)
    for name, where in defined.items():
        declared.setdefault(name, where)
    return declared


def check(root):
    errors = rooms_known(root) + sub_known(root)
    files = scan(root)
    homes = header_homes(files)
    funcs = function_homes(files)
    for path, rel, me, text, code in files:
        for m in INCLUDE.finditer(text):
            kind, name = m.group(1), m.group(2)
            line = text.count("\n", 0, m.start()) + 1
            where = f"{rel}:{line}: includes {name}"
            if kind == "<":
                if name not in FREESTANDING:
                    errors.append(f"{where}: not a freestanding header")
                continue
            if "/" in name:
                errors.append(f"{where}: include by bare name (one -I per room)")
                continue
            home = homes.get(name)
            if home is None:
                errors.append(f"{where}: no such header in game/, drivers/ or kernel/")
                continue
            why = may_use(me, home, name) or sub_may_use(me, os.path.basename(path), home, name)
            if why:
                errors.append(f"{where}: {why}")
        # Calls: names this file does not define for itself (statics, macros).
        own = {m.group(1) for m in STATIC_DEF.finditer(code)} | {m.group(1) for m in MACRO.finditer(code)}
        if path.endswith(".c"):
            own |= {m.group(1) for m in DEF.finditer(code)}     # its own definitions
        seen = set()
        for m in CALL.finditer(code):
            name = m.group(1)
            if name in own or name in seen or name not in funcs:
                continue
            rooms = funcs[name]
            reasons = [may_use(me, h[:2], h[2]) or sub_may_use(me, os.path.basename(path), h[:2], h[2])
                       for h in rooms]
            if all(reasons):
                seen.add(name)
                line = code.count("\n", 0, m.start()) + 1
                home = sorted(rooms, key=str)[0]
                where = f"{home[0]}/{home[1]}/{home[2]}" if home[1] else f"{home[0]}/{home[2]}"
                errors.append(f"{rel}:{line}: calls {name}() of {where}: {reasons[0]}")
    return errors


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    errors = check(os.path.abspath(root))
    for e in errors:
        print("check_layers: " + e, file=sys.stderr)
    if errors:
        print(f"check_layers: {len(errors)} wrong-way include(s) or call(s)", file=sys.stderr)
        return 1
    print("check_layers: game " + " <- ".join(GAME_LAYERS) + "; drivers " +
          ", ".join(DRIVER_ROOMS) + " (usb: " + " <- ".join(l for l, _, _ in USB_LAYERS) + "); kernel " +
          ", ".join(KERNEL_ROOMS) + " (present: " + " <- ".join(l for l, _, _ in PRESENT_LAYERS) + ")" +
          ": every include and call points the allowed way")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
