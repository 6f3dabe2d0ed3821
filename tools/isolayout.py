#!/usr/bin/python3
"""isolayout.py: the order in which GRUB's BIOS boot reads the image's files, as xorriso sort weights, so they lie together.

Usage: tools/isolayout.py --grub /usr/lib/grub/i386-pc [--tree build/iso] -o build/isolayout.txt ITEM...

Why (docs/bootwall.md): GRUB reads a disk through a cache of 32 KiB blocks, one
request a 512-byte sector under SeaBIOS's ATA (QEMU: ~80-100 us each on the
build host), and grub-mkrescue lays the ~280 i386-pc modules out by name. The
20-odd that a boot loads lie scattered, each costing a whole block: 2,871
sectors were read to our kernel's entry from a hard disk, where the files GRUB
needs would fit in ~1,350. Given the files in the order GRUB reads them, this
writes one "WEIGHT PATH" line each (xorrisofs --sort-weight-list: the higher,
the lower the address), highest first, so the image holds them back to back in
that order: every block read carries what the boot reads next.

An ITEM is
  NAME.mod    GRUB loads the module: its file first, then each dependency not
              loaded before, in the order of moddep.lst (GRUB's dl.c reads a
              module, then loads its .moddeps, which moddep.lst lists in order);
  @LIST       every module LIST.lst names, each as NAME.mod (grub-mkrescue's
              core image runs `insmod` for each of partmap.lst's before it
              loads normal.mod: write_part in grub-mkrescue);
  @-LIST      the same, last line first: normal.mod's autoload of file
              systems tries fs.lst's modules in that order (it builds its
              list by prepending), one by one until one knows the device;
  NAME.lst    a list file of the module folder;
  /PATH       a file of the image (checked in --tree when given).
A file named twice counts at its first place. A module or list that GRUB
does not have is an error, so a GRUB that changes its files stops the build
rather than leaving them scattered.
"""

import argparse
import os
import sys

MODDIR = "/boot/grub/i386-pc"           # where grub-mkrescue puts the BIOS modules in the image
TOP_WEIGHT = 1000000                    # below the El Torito catalog's 10^9 (xorrisofs(1)), above 0


class LayoutError(Exception):
    pass


def read_moddeps(grub_dir):
    """{module: [dependency, ...]} from GRUB's moddep.lst, in its order."""
    deps = {}
    with open(os.path.join(grub_dir, "moddep.lst")) as f:
        for line in f:
            name, sep, rest = line.partition(":")
            if sep:
                deps[name.strip()] = rest.split()
    return deps


def module_reads(name, deps, loaded):
    """The module files GRUB reads to load `name`, in order; `loaded` (a set) is updated."""
    if name in loaded:
        return []
    if name not in deps:
        raise LayoutError("GRUB has no module %s (not in moddep.lst)" % name)
    loaded.add(name)
    order = [name]
    for dep in deps[name]:
        order += module_reads(dep, deps, loaded)
    return order


def list_names(grub_dir, lst):
    path = os.path.join(grub_dir, lst + ".lst")
    if not os.path.isfile(path):
        raise LayoutError("GRUB has no list %s.lst" % lst)
    with open(path) as f:
        return [line.split(":")[0].strip() for line in f if line.strip()]


def layout(items, grub_dir, tree=None):
    """The image paths in read order for ITEMs (see the module's doc)."""
    deps, loaded, paths = read_moddeps(grub_dir), set(), []
    for item in items:
        if item.startswith("/"):
            if tree is not None and not os.path.isfile(os.path.join(tree, item.lstrip("/"))):
                raise LayoutError("the image has no file %s (in %s)" % (item, tree))
            paths.append(item)
        elif item.endswith(".mod"):
            paths += ["%s/%s.mod" % (MODDIR, m) for m in module_reads(item[:-4], deps, loaded)]
        elif item.startswith("@"):
            names = list_names(grub_dir, item.lstrip("@-"))
            for name in (names[::-1] if item.startswith("@-") else names):
                paths += ["%s/%s.mod" % (MODDIR, m) for m in module_reads(name, deps, loaded)]
        elif item.endswith(".lst"):
            if not os.path.isfile(os.path.join(grub_dir, item)):
                raise LayoutError("GRUB has no list %s" % item)
            paths.append("%s/%s" % (MODDIR, item))
        else:
            raise LayoutError("%s: not NAME.mod, @LIST, NAME.lst or /PATH" % item)
    seen, order = set(), []
    for p in paths:
        if p not in seen:
            seen.add(p)
            order.append(p)
    return order


def weights(paths):
    """xorrisofs --sort-weight-list lines: the first path the highest weight."""
    return ["%d %s" % (TOP_WEIGHT - i, p) for i, p in enumerate(paths)]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--grub", required=True, help="GRUB's i386-pc folder (moddep.lst and the .lst files)")
    ap.add_argument("--tree", help="the image's folder, to check that /PATH items exist")
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("items", nargs="+")
    args = ap.parse_args(argv)
    try:
        lines = weights(layout(args.items, args.grub, args.tree))
    except (LayoutError, OSError) as e:
        sys.exit("isolayout: %s" % e)
    with open(args.output, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
