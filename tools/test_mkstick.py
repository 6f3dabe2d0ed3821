#!/usr/bin/python3
"""test_mkstick.py: the FAT32 sticks tools/mkstick.py makes for the QEMU tests, checked on the host.

From a small image made as `make iso` makes it (grub-mkrescue of a tree with /boot/kernel.elf and
/SHARDFALL), for both layouts:
- fsck.fat -n clean, the ISO's files and the EFI partition's /EFI on the volume;
- GRUB's boot code as grub-install puts it (GRUB's util/setup.c): boot.img's code in sector 0 with
  the volume's BPB (or the MBR's partition table) kept, the boot-drive check two NOPs, boot drive
  0xFF, and core.img found again by following 0x5C and core.img's blocklist: its first sector
  GRUB's diskboot.img, the rest the sectors grub-mkimage wrote;
- rufus: one active FAT32 (0x0C) partition at 1 MiB; superfloppy: no table, BPB at sector 0.
Needs grub-mkrescue, grub-mkimage, mkfs.fat, mtools, xorriso.
"""
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import unittest

TOOLS = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, TOOLS)
import mksave  # noqa: E402
import mkstick  # noqa: E402

S = 512


def core_from_boot_code(img, vol_lba):
	"""core.img as GRUB's boot.img and diskboot.img would load it: the sector at 0x5C, then the blocklist."""
	first = struct.unpack_from("<Q", img, mkstick.KERNEL_SECTOR)[0]
	core = bytearray(img[first * S:(first + 1) * S])
	at = S - mkstick.BLOCKLIST
	segment = mkstick.FIRST_SEGMENT
	while True:
		start, n, seg = struct.unpack_from("<QHH", core, at)
		if n == 0:
			return bytes(core)
		assert seg == segment, "blocklist segment 0x%x, want 0x%x" % (seg, segment)
		core += img[start * S:(start + n) * S]
		segment += n * S >> 4
		at -= mkstick.BLOCKLIST


class MkStickTest(unittest.TestCase):
	@classmethod
	def setUpClass(cls):
		cls.tmp = tempfile.mkdtemp(prefix="test-mkstick-")
		tree = os.path.join(cls.tmp, "tree")
		os.makedirs(os.path.join(tree, "boot", "grub"))
		with open(os.path.join(tree, "boot", "kernel.elf"), "wb") as f:
			f.write(b"\x7fELF not a kernel, only a file to find\n")
		with open(os.path.join(tree, "boot", "grub", "grub.cfg"), "w") as f:
			f.write("set timeout=0\n")
		mksave.write_folder("0123456789abcdef", os.path.join(tree, "SHARDFALL"))
		cls.iso = os.path.join(cls.tmp, "small.iso")
		res = subprocess.run(["grub-mkrescue", "--locales=", "--fonts=", "--themes=", "-o", cls.iso, tree],
		                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
		if res.returncode != 0:
			raise AssertionError("grub-mkrescue failed:\n" + res.stdout)
		with open(os.path.join(mkstick.GRUB_PC, "boot.img"), "rb") as f:
			cls.boot_img = f.read()
		with open(os.path.join(mkstick.GRUB_PC, "diskboot.img"), "rb") as f:
			cls.diskboot = f.read()

	@classmethod
	def tearDownClass(cls):
		shutil.rmtree(cls.tmp)

	def make(self, layout):
		out = os.path.join(self.tmp, layout + ".img")
		mkstick.make(self.iso, layout, out, size_mib=48 if layout == "rufus" else 140)
		with open(out, "rb") as f:
			return out, f.read()

	def check_volume(self, path, vol_lba):
		vol = os.path.join(self.tmp, "vol.img")
		with open(path, "rb") as src, open(vol, "wb") as dst:
			src.seek(vol_lba * S)
			dst.write(src.read())
		res = subprocess.run(["fsck.fat", "-n", vol], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
		self.assertEqual(res.returncode, 0, res.stdout)
		self.assertNotIn("differences", res.stdout)
		listing = subprocess.run(["mdir", "-/", "-b", "-i", vol, "::/"], stdout=subprocess.PIPE, text=True).stdout
		for want in ("::/boot/kernel.elf", "::/SHARDFALL/SAVE.DAT", "::/EFI/boot/BOOTX64.EFI"):
			self.assertIn(want.lower(), listing.lower())

	def check_boot_code(self, img, kept):
		"""kept(i): byte i of sector 0 comes from the sector boot.img replaced (the BPB area, the table)."""
		s0 = img[:S]
		# boot.img's code, but for what grub-install keeps and patches
		same = [i for i in range(S) if not (kept(i) or 0x5C <= i < 0x68)]
		self.assertTrue(all(s0[i] == self.boot_img[i] for i in same))
		self.assertEqual(s0[mkstick.DRIVE_CHECK:mkstick.DRIVE_CHECK + 2], b"\x90\x90")
		self.assertEqual(s0[mkstick.BOOT_DRIVE], 0xFF)
		core = core_from_boot_code(img, 0)
		self.assertEqual(core[:400], self.diskboot[:400])   # diskboot.img's code; its blocklist at the end is ours
		self.assertGreater(len(core), 20 * S)

	def test_rufus_layout(self):
		path, img = self.make("rufus")
		entry = img[0x1BE:0x1CE]
		self.assertEqual(entry[0], 0x80)
		self.assertEqual(entry[4], 0x0C)
		self.assertEqual(struct.unpack_from("<I", entry, 8)[0], mkstick.PART_START)
		self.assertEqual(img[0x1CE:0x1FE], bytes(48))
		self.assertEqual(mkstick.volume_lba(path), mkstick.PART_START)
		self.check_boot_code(img, lambda i: mkstick.BPB_START <= i < mkstick.BPB_END or i >= mkstick.NT_MAGIC)
		self.check_volume(path, mkstick.PART_START)

	def test_no_partition_table(self):
		path, img = self.make("superfloppy")
		self.assertEqual(img[82:90], b"FAT32   ")
		self.assertEqual(mkstick.volume_lba(path), 0)
		self.check_boot_code(img, lambda i: mkstick.BPB_START <= i < mkstick.BPB_END or i >= mkstick.NT_MAGIC)
		backup = struct.unpack_from("<H", img, 50)[0]
		self.assertEqual(img[backup * S:(backup + 1) * S], img[:S])
		self.check_volume(path, 0)
		# core.img is the file the blocklist reads
		core = core_from_boot_code(img, 0)
		res = subprocess.run(["mtype", "-i", path, "::/boot/grub/i386-pc/core.img"], stdout=subprocess.PIPE)
		self.assertEqual(core[:len(res.stdout)], res.stdout)


if __name__ == "__main__":
	unittest.main()
