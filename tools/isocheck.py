#!/usr/bin/python3
"""isocheck.py: check that the ISO boots every firmware it should (BIOS and UEFI entries, GRUB per platform) and say what each part costs.

Usage: tools/isocheck.py build/shardfall.iso i386-pc x86_64-efi i386-efi [--imageid HEX] [--layout FILE]
Exit status 1 (with the reason) when a platform is missing, or the save area (docs/save.md) is
missing or wrong: its partition (GPT basic data and MBR type 0x01), label, its eight files each
contiguous at its size, SAVE.DAT's header with the image id, which grub.cfg must pass as imageid=
too; or the Secure Boot chain is wrong (docs/secureboot.md): efi.img must hold shim as
BOOTX64.EFI, grubx64.efi and mmx64.efi beside it, SHARDFALL.CER at its root, and that certificate
must verify grubx64.efi and /boot/kernel.pe (sbverify), the latter a PE that GRUB can boot
(tools/mkpe.py --check); and the same eight save files must be in the ISO tree's /SHARDFALL (what a
FAT32 copy of the files carries); /boot/kernel, the packed kernel the BIOS boot loads, must be a
multiboot v1 kernel (grub-file); with --layout (tools/isolayout.py's weight list) the files it
names must lie back to back in its order. Prints one line per part with its size. Needs xorriso and mtools (both in the build set of tools/deps.sh).
"""

import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mksave  # noqa: E402

EFI_LOADERS = {"x86_64-efi": "BOOTX64.EFI", "i386-efi": "BOOTIA32.EFI"}
SHIM = "/usr/lib/shim/shimx64.efi.signed"
SB_FILES = ("::/SHARDFALL.CER", "::/EFI/BOOT/grubx64.efi", "::/EFI/BOOT/mmx64.efi", "::/EFI/BOOT/BOOTX64.EFI")


def run(cmd):
    res = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if res.returncode != 0:
        sys.exit("isocheck: %s failed:\n%s" % (" ".join(cmd), res.stdout))
    return res.stdout


def tree_bytes(path):
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, files in os.walk(path) for f in files)


def save_area(iso, image_id, sizes):
    """The save area's problems; its size goes into sizes."""
    with open(iso, "rb") as f:
        img = f.read()
    probs, found = mksave.check(img, image_id)
    if found is None:
        return ["save area: " + p for p in probs]
    num, first, count, how, _ = found
    sizes.append(("save area (partition %d, %s)" % (num, how), count * mksave.SECTOR))
    mbr = [img[446 + 16 * i:462 + 16 * i] for i in range(4)]
    if not any(e[4] == mksave.MBR_TYPE and int.from_bytes(e[8:12], "little") == first for e in mbr):
        probs.append("the MBR has no type 0x%02X entry for it (Windows reads a hybrid MBR)" % mksave.MBR_TYPE)
    with tempfile.NamedTemporaryFile(prefix="isocheck-save-") as part:
        part.write(img[first * mksave.SECTOR:(first + count) * mksave.SECTOR])
        part.flush()
        res = subprocess.run(["fsck.fat", "-n", part.name], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if res.returncode != 0:
            probs.append("fsck.fat -n: " + res.stdout.strip().replace("\n", "; "))
    return ["save area: " + p for p in probs]


def secure_boot_chain(tmp, efi_img, sizes):
    """The Secure Boot chain's problems (docs/secureboot.md); its parts' sizes go into sizes."""
    probs = []
    here = os.path.dirname(os.path.abspath(__file__))
    got = {}
    for name in SB_FILES:
        dest = os.path.join(tmp, "sb-" + name.rsplit("/", 1)[1])
        res = subprocess.run(["mcopy", "-n", "-i", efi_img, name, dest], env=dict(os.environ, MTOOLS_SKIP_CHECK="1"),
                             stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True)
        if res.returncode != 0:
            probs.append("efi.img has no %s" % name[2:])
        else:
            got[name] = dest
    if len(got) < len(SB_FILES):
        return ["Secure Boot: " + p for p in probs]
    with open(got["::/EFI/BOOT/BOOTX64.EFI"], "rb") as a, open(SHIM, "rb") as b:
        if a.read() != b.read():
            probs.append("EFI/BOOT/BOOTX64.EFI is not Debian's signed shim (%s)" % SHIM)
    pem = os.path.join(tmp, "sb-cert.pem")
    run(["openssl", "x509", "-inform", "DER", "-in", got["::/SHARDFALL.CER"], "-out", pem])
    kernel = os.path.join(tmp, "boot", "kernel.pe")
    for what, path in (("EFI/BOOT/grubx64.efi", got["::/EFI/BOOT/grubx64.efi"]), ("/boot/kernel.pe", kernel)):
        if not os.path.exists(path):
            probs.append("no %s" % what)
            continue
        res = subprocess.run(["sbverify", "--cert", pem, path], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True)
        if res.returncode != 0:
            probs.append("SHARDFALL.CER does not verify %s: %s" % (what, res.stdout.strip().splitlines()[-1:]))
    if os.path.exists(kernel):
        res = subprocess.run([sys.executable, os.path.join(here, "mkpe.py"), "--check", kernel],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if res.returncode != 0:
            probs.append(res.stdout.strip())
        sizes.append(("kernel.pe (signed)", os.path.getsize(kernel)))
    sizes.append(("shim + MokManager + our GRUB", sum(os.path.getsize(got[n]) for n in SB_FILES[1:])))
    return ["Secure Boot: " + p for p in probs]


def image_files(iso):
    """{path: (first 2048-byte block, blocks, bytes)} of every file in the ISO 9660 tree (xorriso's report_lba;
    tests/qemu/layout_tests.py uses it too)."""
    where = {}
    for line in run(["xorriso", "-indev", iso, "-find", "/", "-type", "f", "-exec", "report_lba", "--"]).splitlines():
        hit = re.match(r"File data lba:\s*\d+\s*,\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*,\s*'(.*)'$", line)
        if hit:
            where[hit.group(4)] = (int(hit.group(1)), int(hit.group(2)), int(hit.group(3)))
    return where


def laid_out(layout):
    """The image paths of tools/isolayout.py's weight list, in its order."""
    with open(layout) as f:
        return [line.split(None, 1)[1].strip() for line in f if line.strip()]


def layout_problems(iso, layout, sizes):
    """The files of tools/isolayout.py's list must follow each other in the image, in its order, with no other
    file's blocks between them (GRUB's BIOS boot then reads one run of blocks: docs/bootwall.md)."""
    paths, where = laid_out(layout), image_files(iso)
    problems, prev, total = [], None, 0
    for p in paths:
        if p not in where:
            problems.append("the layout names %s, which the image lacks" % p)
            continue
        lba, blocks, size = where[p]
        if prev is not None and lba != prev[1] + prev[2]:
            problems.append("%s is at block %d, not right after %s (blocks %d..%d)" % (
                p, lba, prev[0], prev[1], prev[1] + prev[2] - 1))
        prev, total = (p, lba, blocks), total + size
    sizes.append(("GRUB's BIOS reads (%d files back to back)" % len(paths), total))
    return problems


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__.strip().splitlines()[2])
    iso, platforms = argv[1], argv[2:]
    image_id = None
    if "--imageid" in platforms:
        i = platforms.index("--imageid")
        image_id = platforms[i + 1]
        platforms = platforms[:i] + platforms[i + 2:]
    layout = None
    if "--layout" in platforms:
        i = platforms.index("--layout")
        layout = platforms[i + 1]
        platforms = platforms[:i] + platforms[i + 2:]
    problems = []
    torito = run(["xorriso", "-indev", iso, "-report_el_torito", "plain"])
    kinds = {line.split()[6] for line in torito.splitlines() if line.startswith("El Torito boot img :")}
    if "i386-pc" in platforms and "BIOS" not in kinds:
        problems.append("no BIOS El Torito entry")
    if any(p in EFI_LOADERS for p in platforms) and "UEFI" not in kinds:
        problems.append("no UEFI El Torito entry")
    with tempfile.TemporaryDirectory(prefix="isocheck-") as tmp:
        run(["xorriso", "-osirrox", "on", "-indev", iso, "-extract", "/", tmp])
        sizes = [("kernel.elf", os.path.getsize(os.path.join(tmp, "boot", "kernel.elf")))]
        packed = os.path.join(tmp, "boot", "kernel")     # what GRUB boots under BIOS (grub.cfg, docs/boot.md)
        if not os.path.isfile(packed):
            problems.append("no /boot/kernel (the packed kernel the BIOS boot loads)")
        elif subprocess.run(["grub-file", "--is-x86-multiboot", packed]).returncode != 0:
            problems.append("/boot/kernel is not a multiboot v1 kernel")
        else:
            sizes.append(("kernel (BIOS, packed)", os.path.getsize(packed)))
        for p in platforms:
            d = os.path.join(tmp, "boot", "grub", p)
            if not os.path.isdir(d):
                problems.append("no /boot/grub/%s (is grub-%s-bin installed?)" % (p, {
                    "i386-pc": "pc", "x86_64-efi": "efi-amd64", "i386-efi": "efi-ia32"}.get(p, p)))
                continue
            sizes.append(("GRUB %s modules" % p, tree_bytes(d)))
        extra = sorted(set(os.listdir(os.path.join(tmp, "boot", "grub"))) - set(platforms) -
                       {"grub.cfg", "grub-disk.cfg", "grub-opts.cfg", "fast", "fonts", "locale", "roms",
                        "themes"})
        efi_img = os.path.join(tmp, "efi.img")
        if os.path.exists(efi_img):
            sizes.append(("efi.img (EFI system partition)", os.path.getsize(efi_img)))
            listing = run(["mdir", "-b", "-i", efi_img, "::/efi/boot"]).upper()
            for p, loader in EFI_LOADERS.items():
                if p in platforms and loader not in listing:
                    problems.append("efi.img has no /EFI/BOOT/%s" % loader)
            if "x86_64-efi" in platforms:
                problems += secure_boot_chain(tmp, efi_img, sizes)
        elif any(p in EFI_LOADERS for p in platforms):
            problems.append("no /efi.img (EFI system partition)")
        if image_id is not None:        # /SHARDFALL: the save folder a FAT32 copy of the files carries (docs/save.md)
            for name, ext, data in mksave.files(image_id):
                path = os.path.join(tmp, "SHARDFALL", name + "." + ext)
                if not os.path.exists(path):
                    problems.append("no /SHARDFALL/%s.%s" % (name, ext))
                    continue
                with open(path, "rb") as f:
                    if f.read() != data:
                        problems.append("/SHARDFALL/%s.%s is not what mksave.py makes" % (name, ext))
        with open(os.path.join(tmp, "boot", "grub", "grub.cfg")) as f:
            ids = re.findall(r"imageid=(\S+)", f.read())
        if image_id is not None and ids != [image_id]:
            problems.append("grub.cfg passes imageid %s, not %s" % (ids, image_id))
    problems += save_area(iso, image_id, sizes)
    if layout is not None:
        problems += layout_problems(iso, layout, sizes)
    total = os.path.getsize(iso)
    print("isocheck: %s %.2f MB: %s" % (iso, total / 1e6, ", ".join(
        "%s %.2f MB" % (name, n / 1e6) for name, n in sizes)))
    if extra:
        print("isocheck: note: GRUB platforms beyond the wanted ones are in the image: %s" % ", ".join(extra))
    if problems:
        sys.exit("isocheck: %s does not boot everywhere or its save area is wrong: %s" % (iso, "; ".join(problems)))


if __name__ == "__main__":
    main(sys.argv)
