#!/usr/bin/python3
"""fixtables.py: what the player's own computer sees when the stick is plugged in (issue 34, docs/storage.md).

grub-mkrescue's image (with the save area appended as partition 2) has a hybrid MBR whose protective
0xEE entry covers the whole disk, the save partition included ("MBR partitions 1 and 2 overlap!" in
`sgdisk -v`), and a GPT whose areas around the ESP and the save area (xorriso's Gap0, Gap1, and the
HFS+ view of the ISO tree for old Macs) are typed so that Windows and macOS offer to mount them:
Gap0/Gap1 as Microsoft basic data with no file system in them, which Windows offers to format.

Rewritten in place, after grub-mkrescue:
- GPT (primary and backup, both entry arrays and both header CRCs): every entry but the EFI system
  partition and the save area (the basic data partition holding a FAT volume labelled SHARDFALL)
  gets SHARDFALL_RESERVED, a type GUID of our own that no OS knows and so none mounts or formats;
- MBR: entry 1 becomes 0xEE from LBA 1 to the sector before the save area (UEFI firmware looks for
  an 0xEE entry starting at LBA 1), entry 2 (the save area, type 0x01, active) stays, 3 and 4 empty.
  The MBR's boot code (GRUB's) and the Apple partition map inside the system area are untouched.

Usage: fixtables.py IMAGE        rewrite IMAGE's tables (idempotent)
       fixtables.py --list IMAGE print each GPT entry and MBR entry (what the tests compare)
"""
import struct
import sys
import uuid
import zlib

SECTOR = 512
GPT_ESP = uuid.UUID("C12A7328-F81F-11D2-BA4B-00A0C93EC93B").bytes_le
GPT_BASIC_DATA = uuid.UUID("EBD0A0A2-B9E5-4433-87C0-68B6B72699C7").bytes_le
SHARDFALL_RESERVED = uuid.UUID("fd0e74b9-cbb0-4687-b607-874eb22ae5e5").bytes_le   # ours: "not a volume"
LABEL = b"SHARDFALL  "
MBR_PROTECTIVE = 0xEE
MBR_SAVE_TYPE = 0x01


class Bad(Exception):
	pass


def gpt_header(img, lba):
	h = img[lba * SECTOR:(lba + 1) * SECTOR]
	if h[:8] != b"EFI PART":
		raise Bad("no GPT header at LBA %d" % lba)
	size = struct.unpack_from("<I", h, 12)[0]
	if not 92 <= size <= SECTOR:
		raise Bad("GPT header at LBA %d has size %d" % (lba, size))
	crc = struct.unpack_from("<I", h, 16)[0]
	hh = bytearray(h[:size])
	hh[16:20] = bytes(4)
	if zlib.crc32(bytes(hh)) != crc:
		raise Bad("GPT header at LBA %d: CRC wrong" % lba)
	elba, n, esz, ecrc = struct.unpack_from("<QIII", h, 72)
	if esz != 128 or n == 0 or n > 1024:
		raise Bad("GPT at LBA %d: %d entries of %d bytes" % (lba, n, esz))
	ents = img[elba * SECTOR:elba * SECTOR + n * esz]
	if len(ents) != n * esz or zlib.crc32(ents) != ecrc:
		raise Bad("GPT entries of the header at LBA %d: CRC wrong" % lba)
	return size, elba, n, esz


def entries(img, elba, n, esz):
	out = []
	for i in range(n):
		o = elba * SECTOR + i * esz
		e = img[o:o + esz]
		if e[:16] == bytes(16):
			continue
		first, last, attrs = struct.unpack_from("<QQQ", e, 32)
		name = e[56:128].decode("utf-16le").rstrip("\0")
		out.append((i, o, e[:16], first, last, attrs, name))
	return out


def is_save_volume(img, first):
	bs = img[first * SECTOR:(first + 1) * SECTOR]
	return len(bs) == SECTOR and bs[510:512] == b"\x55\xAA" and bs[43:54] == LABEL


def rewrite_gpt(img, hdr_lba):
	"""Retype one GPT's entries and put both its CRCs right; the save area's (first, last)."""
	size, elba, n, esz = gpt_header(img, hdr_lba)
	save = None
	for i, o, typ, first, last, attrs, name in entries(img, elba, n, esz):
		if typ == GPT_ESP:
			continue
		if typ == GPT_BASIC_DATA and is_save_volume(img, first):
			save = (first, last)
			continue
		img[o:o + 16] = SHARDFALL_RESERVED
	if save is None:
		raise Bad("the GPT at LBA %d has no save area (basic data, FAT labelled SHARDFALL)" % hdr_lba)
	ents = bytes(img[elba * SECTOR:elba * SECTOR + n * esz])
	o = hdr_lba * SECTOR
	struct.pack_into("<I", img, o + 88, zlib.crc32(ents))
	struct.pack_into("<I", img, o + 16, 0)
	struct.pack_into("<I", img, o + 16, zlib.crc32(bytes(img[o:o + size])))
	return save


def mbr_entry(boot, typ, first, count):
	# CHS fields as "beyond CHS" (LBA only): 0xFE 0xFF 0xFF, what partitioners write past 8 GB.
	return bytes([boot, 0xFE, 0xFF, 0xFF, typ, 0xFE, 0xFF, 0xFF]) + struct.pack("<II", first, count)


def fix(img):
	if len(img) < 34 * SECTOR or img[510:512] != b"\x55\xAA":
		raise Bad("no MBR")
	save = rewrite_gpt(img, 1)
	alt = struct.unpack_from("<Q", img, SECTOR + 32)[0]
	if rewrite_gpt(img, alt) != save:
		raise Bad("the backup GPT's save area differs from the primary's")
	first, last = save
	mbr = [img[446 + 16 * i:462 + 16 * i] for i in range(4)]
	found = [e for e in mbr if e[4] == MBR_SAVE_TYPE and struct.unpack_from("<I", e, 8)[0] == first]
	if not found:
		raise Bad("the MBR has no type 0x%02X entry at LBA %d" % (MBR_SAVE_TYPE, first))
	boot = found[0][0]
	img[446:510] = (mbr_entry(0, MBR_PROTECTIVE, 1, first - 1) +
	                mbr_entry(boot, MBR_SAVE_TYPE, first, last - first + 1) + bytes(32))


def listing(img):
	lines = []
	size, elba, n, esz = gpt_header(img, 1)
	for i, o, typ, first, last, attrs, name in entries(img, elba, n, esz):
		lines.append("gpt %d %s %d %d %s" % (i + 1, uuid.UUID(bytes_le=bytes(typ)), first, last, name))
	for i in range(4):
		e = img[446 + 16 * i:462 + 16 * i]
		if e[4]:
			lines.append("mbr %d 0x%02X %d %d%s" % (i + 1, e[4], *struct.unpack_from("<II", e, 8),
			                                         " active" if e[0] == 0x80 else ""))
	return lines


def main(argv):
	if len(argv) == 3 and argv[1] == "--list":
		with open(argv[2], "rb") as f:
			print("\n".join(listing(f.read())))
		return
	if len(argv) != 2:
		sys.exit(__doc__)
	with open(argv[1], "r+b") as f:
		img = bytearray(f.read())
		try:
			fix(img)
		except Bad as e:
			sys.exit("fixtables: %s: %s" % (argv[1], e))
		f.seek(0)
		f.write(img)


if __name__ == "__main__":
	main(sys.argv)
