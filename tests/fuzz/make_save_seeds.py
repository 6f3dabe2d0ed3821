#!/usr/bin/python3
"""make_save_seeds.py: seeds for fuzz_savedisk (save_corpus/*.disk) and fuzz_saverec (save_corpus/*.sav).

The disks and SAVE.DAT come from tools/mksave.py (what the image ships); the records are written
here by a second implementation of the format in docs/save.md, so the seeds check the C loader too.
Usage: tests/fuzz/make_save_seeds.py   (rewrites tests/fuzz/save_corpus/ and saverec_corpus/)
"""
import os
import struct
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "tools"))
import mksave  # noqa: E402

ID = "0123456789abcdef"
S = mksave.SECTOR


def record(slot, seq, payload):
	h = b"SREC" + struct.pack("<HHIIIII", 1, 32, seq, len(payload), slot, 0, 0)
	h += struct.pack("<I", zlib.crc32(h + payload))
	return h.ljust(S, b"\0") + payload.ljust((mksave.SLOT_SECTORS - 1) * S, b"\0")


def save_dat(records):
	"""SAVE.DAT as mksave.py makes it, with records [(slot, seq, payload)] laid in."""
	dat = bytearray(mksave.files(ID)[1][2])
	for slot, seq, payload in records:
		at = (1 + slot * mksave.SLOT_SECTORS) * S
		dat[at:at + mksave.SLOT_SECTORS * S] = record(slot, seq, payload)
	return bytes(dat)


def write(folder, name, data):
	"""Disks lose their trailing zeros (fuzz_savedisk reads past the bytes given as zeros)."""
	if folder.endswith("savedisk_corpus"):
		data = data.rstrip(b"\0")
	os.makedirs(folder, exist_ok=True)
	with open(os.path.join(folder, name), "wb") as f:
		f.write(data)


def copy_volume(folder):
	"""A 1 MiB FAT12 volume with no partition table as a copy of the image leaves it, in small: /boot/grub/grub.cfg
	naming the image, and (folder) /SHARDFALL, a long name, with the four files (what the FAT32 copy carries)."""
	import subprocess
	import tempfile
	with tempfile.TemporaryDirectory(prefix="seeds-") as tmp:
		img = os.path.join(tmp, "vol.img")
		subprocess.run(["mformat", "-C", "-i", img, "-T", "2048", "-h", "2", "-s", "16", "-c", "1", "-N", "5348524d",
		                "::"], check=True)
		os.makedirs(os.path.join(tmp, "boot", "grub"))
		with open(os.path.join(tmp, "boot", "grub", "grub.cfg"), "w") as f:
			f.write("multiboot /boot/kernel.elf imageid=%s\n" % ID)
		subprocess.run(["mcopy", "-s", "-i", img, os.path.join(tmp, "boot"), "::/"], check=True)
		if folder:
			mksave.write_folder(ID, os.path.join(tmp, "SHARDFALL"))
			subprocess.run(["mcopy", "-s", "-i", img, os.path.join(tmp, "SHARDFALL"), "::/"], check=True)
		with open(img, "rb") as f:
			return f.read()


def main():
	disks = os.path.join(HERE, "savedisk_corpus")
	recs = os.path.join(HERE, "saverec_corpus")
	gpt = mksave.make_disk(ID, "gpt", total=1068, start=8, entries=4)[:1066 * S]   # without the backup GPT
	mbr = mksave.make_disk(ID, "mbr", total=1032, start=8)
	write(disks, "gpt.disk", gpt)
	write(disks, "mbr.disk", mbr)
	bad = bytearray(mbr)
	bad[8 * S + 43:8 * S + 54] = b"OTHER      "
	bad[15 * S:15 * S + 11] = b"OTHER      "              # the root directory's label entry
	write(disks, "bad_label", bytes(bad))
	bad = bytearray(gpt)
	bad[S + 16] ^= 1                                        # GPT header CRC; no MBR entry left either
	bad[462:478] = bytes(16)
	write(disks, "bad_gpt_crc", bytes(bad))
	write(disks, "copy_folder.disk", copy_volume(folder=True))
	write(disks, "copy_no_folder", copy_volume(folder=False))
	write(recs, "empty", save_dat([]))
	write(recs, "one.sav", save_dat([(0, 1, bytes(range(200)))]))
	write(recs, "full.sav", save_dat([(i, 10 + i, bytes([i]) * (100 * i + 1)) for i in range(4)]))
	write(recs, "max_len.sav", save_dat([(2, 7, bytes(range(256)) * 6)]))
	broken = bytearray(save_dat([(1, 3, b"settings")]))
	broken[(1 + mksave.SLOT_SECTORS) * S + 1] ^= 0xFF       # the payload's CRC no longer holds
	write(recs, "bad_crc", bytes(broken))
	moved = bytearray(save_dat([]))
	moved[S:S + mksave.SLOT_SECTORS * S] = record(1, 3, b"x")     # slot 1's record in slot 0: refused
	write(recs, "bad_wrong_slot", bytes(moved))
	print("make_save_seeds: wrote", disks, recs)


if __name__ == "__main__":
	main()
