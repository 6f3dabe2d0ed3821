# mksave_v1.py: tools/mksave.py as of 99ca3f2 (before issue 33), kept byte for byte below this header so the
# tests can make the 128 KiB save area an older version's image carries (old sticks must keep working).
#!/usr/bin/python3
"""mksave.py: the save area (docs/save.md) — a small FAT12 partition labelled SHARDFALL with
README.TXT, SAVE.DAT, SCORES.TXT and CRASH.TXT, each contiguous and at its final size.

Usage:
  mksave.py id FILE...                      print the image id: 16 hex digits of SHA-256 over the files
  mksave.py part --id HEX -o OUT            the partition (what the Makefile appends to the ISO)
  mksave.py disk --id HEX --table gpt|mbr -o OUT
                                            a small disk holding the same partition behind a partition
                                            table, as the ISO has it (the host tests read these)
  mksave.py folder --id HEX -o DIR         the same four files in DIR (the ISO's /SHARDFALL: a FAT32 copy of
                                            the image's files carries its save area with it, docs/save.md)
  mksave.py stick --id HEX -o OUT [--folder] [--bits 16]
                                            a FAT32 volume (35 MB, mtools; FAT16: 8 MiB) holding
                                            /boot/grub/grub.cfg with imageid=HEX, and /SHARDFALL with --folder:
                                            a copy of the image's files in small (the host tests create the
                                            folder on it)
  mksave.py check IMAGE [--id HEX]          find the partition in IMAGE (GPT or MBR) and check it
  mksave.py mtools --id HEX --bits 16|32 -o OUT
                                            the same files on a FAT16 or FAT32 volume that mtools formats
                                            (the host tests read FAT16/32 with them; never shipped)

The same functions build the image's partition and the test disks, so the tests read what ships.
Deterministic: no clock, no random numbers (the volume serial comes from the image id).
"""
import hashlib
import os
import struct
import sys
import zlib

SECTOR = 512
PART_SECTORS = 256                      # 128 KiB: FAT12, one sector per cluster
ROOT_ENTRIES = 64                       # 4 sectors of directory
FAT_SECTORS = 1
RESERVED = 1
LABEL = b"SHARDFALL  "
MBR_TYPE = 0x01                         # FAT12 (docs/save.md: why)
MBR_FAT_TYPES = (0x01, 0x04, 0x06, 0x0B, 0x0C, 0x0E)
GPT_BASIC_DATA = bytes.fromhex("a2a0d0ebe5b9334487c068b6b72699c7")   # EBD0A0A2-B9E5-4433-87C0-68B6B72699C7
GPT_ESP = bytes.fromhex("28732ac11ff8d211ba4b00a0c93ec93b")

# SAVE.DAT (kernel/save/saverec.h holds the same numbers)
SAVE_MAGIC = b"SHRDSAVE"
SAVE_VERSION = 1
SLOT_COUNT = 4
SLOT_SECTORS = 4                        # one header sector, three payload sectors (1536 bytes)
SAVE_SECTORS = 1 + SLOT_COUNT * SLOT_SECTORS
SCORES_BYTES = 2048
CRASH_BYTES = 4096
CRASH_NONE = "Shardfall keeps its last crash report here. There has been none.\n"
SCORES_NONE = "Shardfall - Hall of Fame\r\n\r\nNo game has been saved on this stick yet: the table is the game's own.\r\n"
README = """Shardfall save area
===================

This small partition on the Shardfall stick holds what the game keeps
between sessions. The game writes only inside these files, never
changes their size, and never touches anything else on the stick.

  SAVE.DAT    settings, high scores and saved games (binary records,
              each with a checksum; several copies, so a power cut while
              saving loses at most the save being written)
  SCORES.TXT  the high-score table as text, to read on any computer
  CRASH.TXT   the last crash report, if the game ever crashed

Please do not edit, move or resize SAVE.DAT: the game would then
turn saving off. SCORES.TXT and CRASH.TXT are rewritten by the game
and padded with spaces to their fixed size.
"""
# Fixed date of every directory entry (2026-01-01 00:00): the build does not depend on the clock.
FAT_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1
FAT_TIME = 0


def image_id(paths):
	h = hashlib.sha256()
	for p in paths:
		with open(p, "rb") as f:
			data = f.read()
		h.update(struct.pack("<Q", len(data)) + data)
	return h.hexdigest()[:16]


def padded_text(text, size):
	"""What the kernel writes too: the text, spaces up to size-1, and a final newline."""
	raw = text.encode("ascii")[:size - 1]
	return raw + b" " * (size - 1 - len(raw)) + b"\n"


def save_header(id_hex):
	"""SAVE.DAT's first sector, written only here (docs/save.md)."""
	h = SAVE_MAGIC + struct.pack("<I", SAVE_VERSION) + bytes.fromhex(id_hex) + \
		struct.pack("<IIII", SLOT_COUNT, SLOT_SECTORS, 1, 0)
	h += struct.pack("<I", zlib.crc32(h))
	note = b"Shardfall save records: do not edit.\n"
	return (h + b"\0" * (64 - len(h)) + note).ljust(SECTOR, b"\0")


def files(id_hex):
	return [("README", "TXT", padded_text(README, len(README) + 1)),
	        ("SAVE", "DAT", save_header(id_hex) + b"\0" * (SAVE_SECTORS - 1) * SECTOR),
	        ("SCORES", "TXT", padded_text(SCORES_NONE, SCORES_BYTES)),
	        ("CRASH", "TXT", padded_text(CRASH_NONE, CRASH_BYTES))]


def dirent(name, ext, attr, cluster, size):
	return (name.encode().ljust(8) + ext.encode().ljust(3) + bytes([attr, 0, 0]) +
	        struct.pack("<HHHHHHHI", FAT_TIME, FAT_DATE, FAT_DATE, 0, FAT_TIME, FAT_DATE, cluster, size))


def make_partition(id_hex):
	if len(id_hex) != 16 or any(c not in "0123456789abcdef" for c in id_hex):
		raise SystemExit("mksave: the image id is 16 lowercase hex digits, not %r" % id_hex)
	root_sectors = ROOT_ENTRIES * 32 // SECTOR
	data_start = RESERVED + 2 * FAT_SECTORS + root_sectors
	img = bytearray(PART_SECTORS * SECTOR)
	serial = int(id_hex[:8], 16)
	bpb = b"\xEB\x3C\x90" + b"MSWIN4.1" + struct.pack("<HBHBHHBHHHII", SECTOR, 1, RESERVED, 2, ROOT_ENTRIES,
	        PART_SECTORS, 0xF8, FAT_SECTORS, 32, 64, 0, 0)
	bpb += struct.pack("<BBBI", 0x80, 0, 0x29, serial) + LABEL + b"FAT12   "
	img[0:len(bpb)] = bpb
	img[0x3E:0x40] = b"\xCD\x18"    # not bootable: int 18h hands back to the firmware
	img[510:512] = b"\x55\xAA"
	fat = {0: 0xFF8, 1: 0xFFF}
	root = bytearray(dirent("SHARDFAL", "L", 0x08, 0, 0))
	root[0:11] = LABEL
	cluster = 2
	for name, ext, data in files(id_hex):
		n = (len(data) + SECTOR - 1) // SECTOR
		for i in range(n):
			fat[cluster + i] = cluster + i + 1 if i < n - 1 else 0xFFF
		off = (data_start + cluster - 2) * SECTOR
		img[off:off + len(data)] = data
		root += dirent(name, ext, 0x20, cluster, len(data))
		cluster += n
	fatb = bytearray(FAT_SECTORS * SECTOR)
	for c, v in fat.items():
		o = c * 3 // 2
		if c & 1:
			fatb[o] = (fatb[o] & 0x0F) | ((v << 4) & 0xF0)
			fatb[o + 1] = (v >> 4) & 0xFF
		else:
			fatb[o] = v & 0xFF
			fatb[o + 1] = (fatb[o + 1] & 0xF0) | ((v >> 8) & 0x0F)
	for k in range(2):
		o = (RESERVED + k * FAT_SECTORS) * SECTOR
		img[o:o + len(fatb)] = fatb
	o = (RESERVED + 2 * FAT_SECTORS) * SECTOR
	img[o:o + len(root)] = root
	return bytes(img)


def gpt_entry(type_guid, uniq, first, last, name):
	return type_guid + uniq + struct.pack("<QQQ", first, last, 0) + name.encode("utf-16le").ljust(72, b"\0")


def gpt_header(cur, alt, first, last, entries_lba, entries, count):
	h = bytearray(b"EFI PART" + struct.pack("<IIIIQQQQ", 0x10000, 92, 0, 0, cur, alt, first, last) +
	              bytes(range(1, 17)) + struct.pack("<QIII", entries_lba, count, 128, zlib.crc32(entries)))
	h[16:20] = struct.pack("<I", zlib.crc32(bytes(h)))
	return bytes(h).ljust(SECTOR, b"\0")


def make_disk(id_hex, table, total=4096, start=3800, entries=128):
	"""A disk with our partition at start: behind an MBR (with a stand-in ESP), or a hybrid as grub-mkrescue
	makes it (protective entry and ours in the MBR, a GPT whose 4th entry is ours, a backup GPT at the end).
	The host tests use the defaults; the fuzz seeds a small disk (fewer GPT entries, no ESP)."""
	esec = entries * 128 // SECTOR
	part = make_partition(id_hex)
	disk = bytearray(total * SECTOR)
	disk[start * SECTOR:start * SECTOR + len(part)] = part
	mbr = bytearray(SECTOR)
	mbr[510:512] = b"\x55\xAA"
	esp = start >= 2112
	if table == "mbr":
		if esp:
			mbr[446:462] = bytes([0, 0, 0, 0, 0xEF, 0, 0, 0]) + struct.pack("<II", 64, 2048)
		mbr[462:478] = bytes([0x80, 0, 0, 0, MBR_TYPE, 0, 0, 0]) + struct.pack("<II", start, PART_SECTORS)
	else:
		mbr[446:462] = bytes([0, 0, 2, 0, 0xEE, 0, 0, 0]) + struct.pack("<II", 1, start - 1)
		mbr[462:478] = bytes([0x80, 0, 0, 0, MBR_TYPE, 0, 0, 0]) + struct.pack("<II", start, PART_SECTORS)
		ents = bytearray(entries * 128)
		first, last = 2 + esec, total - 2 - esec
		if esp:
			ents[0:128] = gpt_entry(GPT_BASIC_DATA, b"\1" * 16, first, 63, "Gap0")
			ents[128:256] = gpt_entry(GPT_ESP, b"\2" * 16, 64, 2111, "EFI boot partition")
		ents[384:512] = gpt_entry(GPT_BASIC_DATA, b"\4" * 16, start, start + PART_SECTORS - 1, "Appended2")
		ents = bytes(ents)
		disk[2 * SECTOR:(2 + esec) * SECTOR] = ents
		disk[SECTOR:2 * SECTOR] = gpt_header(1, total - 1, first, last, 2, ents, entries)
		disk[(total - 1 - esec) * SECTOR:(total - 1) * SECTOR] = ents
		disk[(total - 1) * SECTOR:] = gpt_header(total - 1, 1, first, last, total - 1 - esec, ents, entries)
	disk[0:SECTOR] = mbr
	return bytes(disk)


def mtools_volume(id_hex, bits, out):
	"""A volume mformat makes (FAT16: 8 MiB, FAT32: 35 MB, one sector per cluster), our files mcopied in."""
	import subprocess
	import tempfile
	sectors = {16: 16384, 32: 70000}[bits]
	if os.path.exists(out):
		os.remove(out)
	subprocess.run(["mformat", "-C", "-i", out, "-v", "SHARDFALL", "-T", str(sectors), "-h", "64", "-s", "32",
	                "-c", "1"] + (["-F"] if bits == 32 else []) + ["::"], check=True)
	with tempfile.TemporaryDirectory(prefix="mksave-") as tmp:
		for name, ext, data in files(id_hex):
			path = os.path.join(tmp, name + "." + ext)
			with open(path, "wb") as f:
				f.write(data)
			subprocess.run(["mcopy", "-i", out, path, "::" + name + "." + ext], check=True)


def write_folder(id_hex, out):
	"""The four files, uppercase 8.3 names, as the ISO's /SHARDFALL folder."""
	os.makedirs(out, exist_ok=True)
	for name, ext, data in files(id_hex):
		with open(os.path.join(out, name + "." + ext), "wb") as f:
			f.write(data)


def stick_volume(id_hex, out, folder=False, bits=32):
	"""A FAT32 volume (FAT16: 8 MiB) as a copy of the image's files leaves it, in small: grub.cfg names the image."""
	import subprocess
	import tempfile
	if os.path.exists(out):
		os.remove(out)
	subprocess.run(["mformat", "-C", "-i", out, "-v", "ISOIMAGE", "-T", "70000" if bits == 32 else "16384", "-h", "64",
	                "-s", "32", "-c", "1"] + (["-F"] if bits == 32 else []) + ["-N", "5348524d", "::"], check=True)
	with tempfile.TemporaryDirectory(prefix="mksave-") as tmp:
		os.makedirs(os.path.join(tmp, "boot", "grub"))
		with open(os.path.join(tmp, "boot", "grub", "grub.cfg"), "w") as f:
			f.write("set timeout=0\nmenuentry \"Shardfall\" {\n\tmultiboot$mb /boot/kernel.elf imageid=%s\n"
			        "\tboot\n}\n" % id_hex)
		subprocess.run(["mcopy", "-s", "-i", out, os.path.join(tmp, "boot"), "::/"], check=True)
		if folder:
			write_folder(id_hex, os.path.join(tmp, "SHARDFALL"))
			subprocess.run(["mcopy", "-s", "-i", out, os.path.join(tmp, "SHARDFALL"), "::/"], check=True)


class Bad(Exception):
	pass


def find_partition(img):
	"""(number, first LBA, sectors, how) of the SHARDFALL FAT partition, through the GPT or the MBR."""
	if len(img) < 2 * SECTOR or img[510:512] != b"\x55\xAA":
		raise Bad("no MBR signature")
	cands = []
	if img[SECTOR:SECTOR + 8] == b"EFI PART":
		h = img[SECTOR:2 * SECTOR]
		crc = struct.unpack_from("<I", h, 16)[0]
		hh = bytearray(h[:92])
		hh[16:20] = b"\0\0\0\0"
		if zlib.crc32(bytes(hh)) != crc:
			raise Bad("GPT header CRC wrong")
		lba, n, esz, ecrc = struct.unpack_from("<QIII", h, 72)
		ents = img[lba * SECTOR:lba * SECTOR + n * esz]
		if zlib.crc32(ents) != ecrc:
			raise Bad("GPT entries CRC wrong")
		for i in range(n):
			e = ents[i * esz:(i + 1) * esz]
			if e[:16] == GPT_BASIC_DATA:
				first, last = struct.unpack_from("<QQ", e, 32)
				cands.append((i + 1, first, last - first + 1, "GPT basic data"))
	for i in range(4):
		e = img[446 + 16 * i:462 + 16 * i]
		if e[4] in MBR_FAT_TYPES:
			first, count = struct.unpack_from("<II", e, 8)
			cands.append((i + 1, first, count, "MBR type 0x%02X" % e[4]))
	for c in cands:
		bs = img[c[1] * SECTOR:(c[1] + 1) * SECTOR]
		if len(bs) == SECTOR and bs[43:54] == LABEL and bs[54:62] == b"FAT12   ":
			return c
	raise Bad("no FAT partition labelled SHARDFALL (candidates: %s)" % (cands,))


def read_files(part):
	"""{NAME.EXT: (first sector in the partition, size, contiguous)} from the root directory."""
	bps, spc, res, nfats, nroot, tot16, _, fatsz = struct.unpack_from("<HBHBHHBH", part, 11)
	if bps != SECTOR or spc != 1:
		raise Bad("unexpected BPB: %d bytes per sector, %d per cluster" % (bps, spc))
	root = (res + nfats * fatsz) * SECTOR
	data = res + nfats * fatsz + nroot * 32 // SECTOR
	fat = part[res * SECTOR:(res + fatsz) * SECTOR]

	def nxt(c):
		v = struct.unpack_from("<H", fat, c * 3 // 2)[0]
		return (v >> 4) if c & 1 else (v & 0xFFF)
	out = {}
	for i in range(nroot):
		e = part[root + 32 * i:root + 32 * i + 32]
		if e[0] == 0:
			break
		if e[0] == 0xE5 or e[11] & 0x08:
			continue
		name = e[0:8].decode().rstrip() + "." + e[8:11].decode().rstrip()
		c, size = struct.unpack_from("<HI", e, 26)
		n = (size + SECTOR - 1) // SECTOR
		contiguous = True
		for k in range(n - 1):
			if nxt(c + k) != c + k + 1:
				contiguous = False
		if n and nxt(c + n - 1) < 0xFF8:
			contiguous = False
		out[name] = (data + c - 2, size, contiguous)
	return out


def check(img, id_hex=None):
	"""Problems with the save area in a disk image (an empty list: all fine), and what was found."""
	try:
		num, first, count, how = find_partition(img)
	except Bad as e:
		return [str(e)], None
	part = img[first * SECTOR:(first + count) * SECTOR]
	probs = []
	if count != PART_SECTORS or len(part) != PART_SECTORS * SECTOR:
		probs.append("partition %d has %d sectors, want %d" % (num, count, PART_SECTORS))
	fl = read_files(part)
	want = {"README.TXT": None, "SAVE.DAT": SAVE_SECTORS * SECTOR, "SCORES.TXT": SCORES_BYTES,
	        "CRASH.TXT": CRASH_BYTES}
	for name, size in want.items():
		if name not in fl:
			probs.append("no %s" % name)
			continue
		if not fl[name][2]:
			probs.append("%s is not contiguous" % name)
		if size is not None and fl[name][1] != size:
			probs.append("%s has %d bytes, want %d" % (name, fl[name][1], size))
	if "SAVE.DAT" in fl:
		s = fl["SAVE.DAT"][0] * SECTOR
		hdr = part[s:s + 40]
		if hdr[:8] != SAVE_MAGIC or zlib.crc32(hdr[:36]) != struct.unpack_from("<I", hdr, 36)[0]:
			probs.append("SAVE.DAT has no valid header")
		elif id_hex is not None and hdr[12:20].hex() != id_hex:
			probs.append("SAVE.DAT's image id %s is not %s" % (hdr[12:20].hex(), id_hex))
	return probs, (num, first, count, how, fl)


def main(argv):
	if len(argv) < 2:
		sys.exit(__doc__)
	cmd, args = argv[1], argv[2:]
	opts = {}
	rest = []
	i = 0
	while i < len(args):
		if args[i] in ("--id", "-o", "--table", "--bits"):
			opts[args[i]] = args[i + 1]
			i += 2
		else:
			rest.append(args[i])
			i += 1
	if cmd == "id":
		print(image_id(rest))
	elif cmd == "part":
		with open(opts["-o"], "wb") as f:
			f.write(make_partition(opts["--id"]))
	elif cmd == "disk":
		with open(opts["-o"], "wb") as f:
			f.write(make_disk(opts["--id"], opts.get("--table", "gpt")))
	elif cmd == "stick":
		stick_volume(opts["--id"], opts["-o"], folder="--folder" in rest, bits=int(opts.get("--bits", "32")))
	elif cmd == "folder":
		write_folder(opts["--id"], opts["-o"])
	elif cmd == "mtools":
		mtools_volume(opts["--id"], int(opts["--bits"]), opts["-o"])
	elif cmd == "check":
		with open(rest[0], "rb") as f:
			img = f.read()
		probs, found = check(img, opts.get("--id"))
		if probs:
			sys.exit("mksave: %s: %s" % (rest[0], "; ".join(probs)))
		print("mksave: %s: partition %d (%s) at LBA %d, %d sectors: %s" % (rest[0], found[0], found[3], found[1],
		      found[2], ", ".join("%s %d" % (k, v[1]) for k, v in sorted(found[4].items()))))
	else:
		sys.exit(__doc__)


if __name__ == "__main__":
	main(sys.argv)
