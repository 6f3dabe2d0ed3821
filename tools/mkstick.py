#!/usr/bin/python3
"""mkstick.py: a FAT32 stick made from the built image's files, as people make one besides `dd` (issue 34).

  mkstick.py --iso build/shardfall.iso --layout rufus -o stick.img
      as Rufus's "ISO image" mode lays it out: an MBR with one FAT32 partition (type 0x0C, active)
      at 1 MiB, the ISO's files and the EFI system partition's /EFI folder copied in
  mkstick.py --iso build/shardfall.iso --layout superfloppy -o stick.img
      the files copied by hand onto a stick formatted with no partition table (one FAT32 volume)

Options: --no-folder  leave out /SHARDFALL (the kernel creates it: docs/save.md)
         --full       fill the free space with /FILLER.BIN (a stick with no room)
         --no-bios    no GRUB i386-pc boot code (what a hand copy leaves: UEFI only)
         --size MIB   the volume's size (default 64 for rufus, 160 for superfloppy)

For BIOS, GRUB's i386-pc boot code goes in as grub-install would put it (GRUB's util/setup.c):
boot.img in sector 0 with its BPB area (0x03..0x59) kept from the sector it replaces and the
partition table area (0x1B8..0x1FD) kept too, the boot-drive check made two NOPs (a hard disk),
the boot drive byte (0x64) 0xFF (take the BIOS's), the first sector of core.img at 0x5C, and
core.img's own blocklist (at the end of its first sector, 12 bytes each, growing down: start LBA,
sectors, segment from 0x820) naming the rest. rufus: core.img embedded in the gap before the
partition (sectors 1..); superfloppy: the volume has no gap, so core.img is a file,
/boot/grub/i386-pc/core.img, read through blocklists (grub-install --force on a partitionless disk).
core.img (grub-mkimage -O i386-pc) holds biosdisk, part_msdos, fat and search, and a config that
finds the file system holding /boot/kernel.elf and sets $prefix there; the ISO's own
/boot/grub/i386-pc modules and grub.cfg do the rest.

No loop devices: mkfs.fat and mtools work on the image file. Deterministic apart from the files'
timestamps mtools writes.
"""
import argparse
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

SECTOR = 512
PART_START = 2048                       # 1 MiB, as Rufus and every partitioner since Vista
GRUB_PC = "/usr/lib/grub/i386-pc"
BPB_START, BPB_END = 0x03, 0x5A         # GRUB_BOOT_MACHINE_BPB_START/END
KERNEL_SECTOR = 0x5C                    # GRUB_BOOT_MACHINE_KERNEL_SECTOR (8 bytes)
BOOT_DRIVE = 0x64                       # GRUB_BOOT_MACHINE_BOOT_DRIVE
DRIVE_CHECK = 0x66                      # GRUB_BOOT_MACHINE_DRIVE_CHECK (2 bytes: a jmp)
NT_MAGIC, PART_END = 0x1B8, 0x1FE       # GRUB_BOOT_MACHINE_WINDOWS_NT_MAGIC .. PART_END
BLOCKLIST = 12                          # struct grub_boot_blocklist: u64 start, u16 len, u16 segment
FIRST_SEGMENT = 0x820                   # GRUB_BOOT_I386_PC_KERNEL_SEG + 512 / 16
CORE_MODULES = ["biosdisk", "part_msdos", "fat", "search", "search_fs_file"]
CORE_CFG = "search --no-floppy --file /boot/kernel.elf --set=root\nset prefix=($root)/boot/grub\n"


def run(cmd, **kw):
	res = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
	if res.returncode != 0:
		sys.exit("mkstick: %s failed:\n%s" % (" ".join(cmd), res.stdout))
	return res.stdout


def extract(iso, tree):
	"""The ISO's files, and the files of its EFI system partition (efi.img: /EFI, SHARDFALL.CER), as Rufus copies them."""
	run(["xorriso", "-osirrox", "on", "-indev", iso, "-extract", "/", tree])
	for d, _, fs in os.walk(tree):
		os.chmod(d, 0o755)
		for f in fs:
			os.chmod(os.path.join(d, f), 0o644)
	efi = os.path.join(tree, "efi.img")
	if os.path.exists(efi):         # its /efi as /EFI, and what lies beside it (SHARDFALL.CER for MokManager)
		for entry in run(["mdir", "-b", "-i", efi, "::/"]).split():
			name = entry.rstrip("/").split("/")[-1]
			dest = os.path.join(tree, "EFI" if name.lower() == "efi" else name)
			run(["mcopy", "-s", "-n", "-i", efi, "::/" + name, dest])


def core_image(tmp):
	cfg = os.path.join(tmp, "core.cfg")
	with open(cfg, "w") as f:
		f.write(CORE_CFG)
	core = os.path.join(tmp, "core.img")
	run(["grub-mkimage", "-O", "i386-pc", "-d", GRUB_PC, "-p", "/boot/grub", "-c", cfg, "-o", core] + CORE_MODULES)
	with open(core, "rb") as f:
		data = bytearray(f.read())
	data += bytes(-len(data) % SECTOR)
	return data


def runs_of(sectors):
	out = []
	for s in sectors:
		if out and out[-1][0] + out[-1][1] == s:
			out[-1][1] += 1
		else:
			out.append([s, 1])
	return out


def set_blocklist(core, sectors):
	"""core.img's blocklists for its sectors after the first (sectors: the disk LBA of each of its sectors)."""
	runs = runs_of(sectors[1:])
	if (len(runs) + 1) * BLOCKLIST > 0x1F4 - 0x100:
		sys.exit("mkstick: core.img is in %d pieces: too many for its blocklist" % len(runs))
	seg = FIRST_SEGMENT
	at = SECTOR - BLOCKLIST
	for start, n in runs:
		struct.pack_into("<QHH", core, at, start, n, seg)
		seg += n * SECTOR >> 4
		at -= BLOCKLIST
	struct.pack_into("<QHH", core, at, 0, 0, 0)     # the terminator


def boot_sector(old, first_core_sector):
	with open(os.path.join(GRUB_PC, "boot.img"), "rb") as f:
		boot = bytearray(f.read())
	boot[BPB_START:BPB_END] = old[BPB_START:BPB_END]
	boot[DRIVE_CHECK:DRIVE_CHECK + 2] = b"\x90\x90"
	boot[NT_MAGIC:PART_END] = old[NT_MAGIC:PART_END]
	struct.pack_into("<Q", boot, KERNEL_SECTOR, first_core_sector)
	boot[BOOT_DRIVE] = 0xFF
	boot[510:512] = b"\x55\xAA"
	return boot


def file_sectors(img, vol_lba, path):
	"""The disk LBAs of a file's sectors on the FAT volume at vol_lba, from mshowfat's cluster runs and the BPB."""
	with open(img, "rb") as f:
		f.seek(vol_lba * SECTOR)
		bs = f.read(SECTOR)
	spc, res, nfats = bs[13], struct.unpack_from("<H", bs, 14)[0], bs[16]
	fatsz = struct.unpack_from("<I", bs, 36)[0]
	data = res + nfats * fatsz
	out = []
	listing = run(["mshowfat", "-i", "%s@@%d" % (img, vol_lba * SECTOR), "::" + path])
	for a, b in re.findall(r"<(\d+)(?:-(\d+))?>", listing):
		for c in range(int(a), int(b or a) + 1):
			out += [vol_lba + data + (c - 2) * spc + k for k in range(spc)]
	return out


def make(iso, layout, out, folder=True, full=False, bios=True, size_mib=None):
	size_mib = size_mib or (64 if layout == "rufus" else 160)
	spc = 1 if layout == "rufus" else 4
	with tempfile.TemporaryDirectory(prefix="mkstick-") as tmp:
		tree = os.path.join(tmp, "tree")
		extract(iso, tree)
		if not folder:
			shutil.rmtree(os.path.join(tree, "SHARDFALL"), ignore_errors=True)
		vol = os.path.join(tmp, "vol.img")
		sectors = size_mib * 2048
		hidden = PART_START if layout == "rufus" else 0
		run(["mkfs.fat", "-F", "32", "-s", str(spc), "-n", "ISOIMAGE", "-i", "5348524D", "-h", str(hidden),
		     "-C", vol, str(sectors // 2)])
		names = sorted(os.listdir(tree))
		run(["mcopy", "-s", "-i", vol] + [os.path.join(tree, n) for n in names] + ["::/"])
		core = core_image(tmp) if bios else None
		if core is not None and layout == "superfloppy":
			cpath = os.path.join(tmp, "core.img")
			with open(cpath, "wb") as f:
				f.write(core)
			run(["mcopy", "-o", "-i", vol, cpath, "::/boot/grub/i386-pc/core.img"])
		if full:
			free = int(re.search(r"([\d ]+) bytes free", run(["mdir", "-i", vol, "::/"])).group(1).replace(" ", ""))
			filler = os.path.join(tmp, "FILLER.BIN")
			with open(filler, "wb") as f:
				f.truncate(free)
			run(["mcopy", "-i", vol, filler, "::/FILLER.BIN"])
		if core is not None and layout == "superfloppy":
			lbas = file_sectors(vol, 0, "/boot/grub/i386-pc/core.img")[:len(core) // SECTOR]
			set_blocklist(core, lbas)
			with open(vol, "r+b") as f:
				old = f.read(SECTOR)
				for i, lba in enumerate(lbas):
					f.seek(lba * SECTOR)
					f.write(core[i * SECTOR:(i + 1) * SECTOR])
				boot = boot_sector(old, lbas[0])
				f.seek(0)
				f.write(boot)
				f.seek(struct.unpack_from("<H", old, 50)[0] * SECTOR)   # the backup boot sector (BPB offset 50) too: fsck.fat compares them
				f.write(boot)
		if os.path.exists(out):
			os.remove(out)
		if layout == "superfloppy":
			shutil.move(vol, out)
			return
		mbr = bytearray(SECTOR)
		struct.pack_into("<I", mbr, NT_MAGIC, 0x5348524D)        # disk signature
		mbr[0x1BE:0x1CE] = bytes([0x80, 0xFE, 0xFF, 0xFF, 0x0C, 0xFE, 0xFF, 0xFF]) + \
			struct.pack("<II", PART_START, sectors)
		mbr[510:512] = b"\x55\xAA"
		if core is not None:
			n = len(core) // SECTOR
			if n > PART_START - 1:
				sys.exit("mkstick: core.img (%d sectors) does not fit the gap" % n)
			set_blocklist(core, list(range(1, 1 + n)))
			mbr = boot_sector(mbr, 1)
		with open(out, "wb") as f:
			f.write(mbr)
			if core is not None:
				f.write(core)
			f.seek(PART_START * SECTOR)
			with open(vol, "rb") as v:
				shutil.copyfileobj(v, f, 1 << 20)


def volume_lba(img_path):
	"""Where the FAT32 volume starts in a stick made here: 0 (superfloppy) or the MBR's first partition."""
	with open(img_path, "rb") as f:
		s0 = f.read(SECTOR)
	if s0[82:90] == b"FAT32   ":
		return 0
	return struct.unpack_from("<I", s0, 0x1BE + 8)[0]


def main():
	ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
	ap.add_argument("--iso", required=True)
	ap.add_argument("--layout", choices=("rufus", "superfloppy"), required=True)
	ap.add_argument("-o", required=True)
	ap.add_argument("--no-folder", action="store_true")
	ap.add_argument("--full", action="store_true")
	ap.add_argument("--no-bios", action="store_true")
	ap.add_argument("--size", type=int)
	a = ap.parse_args()
	make(a.iso, a.layout, a.o, folder=not a.no_folder, full=a.full, bios=not a.no_bios, size_mib=a.size)


if __name__ == "__main__":
	main()
