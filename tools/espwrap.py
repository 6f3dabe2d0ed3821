#!/usr/bin/python3
"""espwrap.py: grub-mkrescue's --xorriso: lay the Secure Boot chain into the EFI system partition, then run xorriso.

grub-mkrescue builds efi.img (the El Torito UEFI image, also the stick's EFI system partition) in
its work folder and then calls xorriso on it. Called in xorriso's place (the Makefile passes
--xorriso=tools/espwrap.py), this makes a new efi.img that keeps grub-mkrescue's files (the
ia32 GRUB BOOTIA32.EFI among them) and adds, over them, every file under $SHARDFALL_ESP:
EFI/BOOT/BOOTX64.EFI (shim), grubx64.efi (our signed GRUB), mmx64.efi (MokManager) and
SHARDFALL.CER at the root (docs/secureboot.md). Any other xorriso call passes through unchanged.
"""

import os
import shutil
import subprocess
import sys
import tempfile

SECTOR = 512
SLACK = 64 * 1024               # FAT tables, directories, cluster rounding


def run(cmd):
    res = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                         env=dict(os.environ, MTOOLS_SKIP_CHECK="1"))
    if res.returncode != 0:
        sys.exit("espwrap: %s failed: %s" % (" ".join(cmd), res.stdout.strip()))
    return res.stdout


def efi_image(args):
    """Path of the efi.img grub-mkrescue made, or None when this call builds no image."""
    if "--efi-boot" not in args:
        return None
    name = args[args.index("--efi-boot") + 1]
    for a in args:
        if os.path.isdir(a) and os.path.isfile(os.path.join(a, name)):
            return os.path.join(a, name)
    sys.exit("espwrap: xorriso is given --efi-boot %s but no folder holds it" % name)


def folder(tree, parts):
    """tree/parts..., each part matched without regard to case (FAT's rule), made when missing."""
    path = tree
    for part in parts:
        same = [n for n in os.listdir(path) if n.lower() == part.lower()]
        path = os.path.join(path, same[0] if same else part)
        os.makedirs(path, exist_ok=True)
    return path


def rebuild(img, extra):
    """efi.img again, with grub-mkrescue's files and then extra's (a folder laid out as the ESP)."""
    with tempfile.TemporaryDirectory(prefix="espwrap-") as tmp:
        tree = os.path.join(tmp, "esp")
        os.mkdir(tree)
        run(["mcopy", "-s", "-n", "-i", img, "::/efi", tree])
        for d, _, files in os.walk(extra):
            rel = os.path.relpath(d, extra)
            dest_dir = folder(tree, [] if rel == "." else rel.split(os.sep))
            for f in files:
                for old in os.listdir(dest_dir):       # FAT is case-insensitive: ours replaces theirs
                    if old.lower() == f.lower():
                        os.remove(os.path.join(dest_dir, old))
                shutil.copyfile(os.path.join(d, f), os.path.join(dest_dir, f))
        total = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(tree) for f in fs)
        sectors = (total + SLACK + SECTOR - 1) // SECTOR
        sectors = (sectors + 63) // 64 * 64
        new = os.path.join(tmp, "efi.img")
        with open(new, "wb") as f:
            f.truncate(sectors * SECTOR)
        run(["mformat", "-i", new, "-T", str(sectors), "-h", "2", "-s", "32", "-N", "5348", "::"])
        for name in sorted(os.listdir(tree)):
            run(["mcopy", "-s", "-i", new, os.path.join(tree, name), "::/"])
        shutil.copyfile(new, img)


def main(argv):
    args = argv[1:]
    img = efi_image(args)
    extra = os.environ.get("SHARDFALL_ESP")
    if img and extra:
        if not os.path.isdir(extra):
            sys.exit("espwrap: $SHARDFALL_ESP %s is no folder" % extra)
        rebuild(img, extra)
    os.execvp("xorriso", ["xorriso"] + args)


if __name__ == "__main__":
    main(sys.argv)
