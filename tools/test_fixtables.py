#!/usr/bin/python3
"""test_fixtables.py: the image's partition tables as the player's computer reads them (tools/fixtables.py).

An image made as `make iso` makes it (grub-mkrescue of a small tree, every GRUB platform, the save
area appended as partition 2), before and after fixtables.py:
- before: `sgdisk -v` reports the overlap and the GPT's Gap0/Gap1 are basic data (what was wrong);
- after: `sgdisk -v` finds no problem and its only warning is the gap before the entry array
  (docs/storage.md: why it is harmless); the only basic data partition is the save area; the ESP
  keeps its type; every other entry is SHARDFALL_RESERVED; the MBR holds 0xEE from LBA 1 up to the
  save area and the save area's own active 0x01 entry; the boot code, the Apple partition map and
  every sector outside the tables are unchanged; a second run changes nothing;
- build/shardfall.iso, when built, passes the same checks.
Needs grub-mkrescue (grub-pc-bin, grub-efi-*-bin), xorriso and sgdisk (gdisk).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

TOOLS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(TOOLS)
sys.path.insert(0, TOOLS)
import fixtables  # noqa: E402
import mksave  # noqa: E402

S = 512
ESP = "c12a7328-f81f-11d2-ba4b-00a0c93ec93b"
BASIC = "ebd0a0a2-b9e5-4433-87c0-68b6b72699c7"
OURS = "fd0e74b9-cbb0-4687-b607-874eb22ae5e5"


def sgdisk_v(path):
	return subprocess.run(["sgdisk", "-v", path], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout


def table_sectors(img):
	"""The sectors fixtables may change: the MBR, both GPT headers and both entry arrays."""
	out = {0}
	for lba in (1, int.from_bytes(img[S + 32:S + 40], "little")):
		h = img[lba * S:(lba + 1) * S]
		elba, n, esz = int.from_bytes(h[72:80], "little"), int.from_bytes(h[80:84], "little"), \
			int.from_bytes(h[84:88], "little")
		out.add(lba)
		out.update(range(elba, elba + (n * esz + S - 1) // S))
	return out


class FixTablesTest(unittest.TestCase):
	@classmethod
	def setUpClass(cls):
		cls.tmp = tempfile.mkdtemp(prefix="test-fixtables-")
		tree = os.path.join(cls.tmp, "tree", "boot")
		os.makedirs(tree)
		with open(os.path.join(tree, "hello.txt"), "w") as f:
			f.write("a small tree\n")
		part = os.path.join(cls.tmp, "part.img")
		with open(part, "wb") as f:
			f.write(mksave.make_partition("0123456789abcdef"))
		cls.before = os.path.join(cls.tmp, "before.iso")
		res = subprocess.run(["grub-mkrescue", "--locales=", "--fonts=", "--themes=", "-o", cls.before,
		                      os.path.join(cls.tmp, "tree"), "--", "-append_partition", "2", "0x01", part],
		                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
		if res.returncode != 0:
			raise AssertionError("grub-mkrescue failed:\n" + res.stdout)
		cls.after = os.path.join(cls.tmp, "after.iso")
		shutil.copyfile(cls.before, cls.after)
		res = subprocess.run([sys.executable, os.path.join(TOOLS, "fixtables.py"), cls.after],
		                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
		if res.returncode != 0:
			raise AssertionError("fixtables.py failed:\n" + res.stdout)

	@classmethod
	def tearDownClass(cls):
		shutil.rmtree(cls.tmp)

	def read(self, path):
		with open(path, "rb") as f:
			return f.read()

	def test_before_the_overlap_and_basic_data_gaps(self):
		self.assertIn("MBR partitions 1 and 2 overlap", sgdisk_v(self.before))
		types = [line.split()[2] for line in fixtables.listing(self.read(self.before)) if line.startswith("gpt")]
		self.assertGreater(types.count(BASIC), 1, "grub-mkrescue's gaps were not basic data: the test is stale")

	def check_fixed(self, path):
		out = sgdisk_v(path)
		self.assertIn("No problems found", out)
		self.assertNotIn("Problem", out)
		self.assertNotIn("Caution", out)
		warnings = re.findall(r"^Warning: (.*)$", out, re.M)
		self.assertTrue(all(w.startswith("There is a gap between the main metadata (sector 1)") for w in warnings),
		                warnings)
		img = self.read(path)
		lines = fixtables.listing(img)
		gpt = [line.split() for line in lines if line.startswith("gpt")]
		basic = [g for g in gpt if g[2] == BASIC]
		self.assertEqual(len(basic), 1, lines)
		_, first, count, _ = mksave.find_partition(img)
		self.assertEqual(int(basic[0][3]), first)
		self.assertEqual([g[2] for g in gpt if g[2] == ESP], [ESP])
		self.assertTrue(all(g[2] in (ESP, BASIC, OURS) for g in gpt), lines)
		mbr = [line for line in lines if line.startswith("mbr")]
		self.assertEqual(mbr, ["mbr 1 0xEE 1 %d" % (first - 1), "mbr 2 0x01 %d %d active" % (first, count)])
		return img

	def test_after_sgdisk_clean_and_only_the_save_area_mountable(self):
		self.check_fixed(self.after)

	def test_nothing_outside_the_tables_changed_and_idempotent(self):
		a, b = self.read(self.before), self.read(self.after)
		self.assertEqual(len(a), len(b))
		allowed = table_sectors(a)
		changed = {s for s in range(len(a) // S) if a[s * S:(s + 1) * S] != b[s * S:(s + 1) * S]}
		self.assertTrue(changed and changed <= allowed, sorted(changed - allowed)[:10])
		self.assertEqual(a[:446], b[:446], "the MBR's boot code changed")
		again = bytearray(b)
		fixtables.fix(again)
		self.assertEqual(bytes(again), b)

	def test_refuses_an_image_without_a_save_area(self):
		img = bytearray(self.read(self.before))
		_, first, _, _ = mksave.find_partition(bytes(img))
		img[first * S:(first + 1) * S] = bytes(S)
		with self.assertRaises(fixtables.Bad):
			fixtables.fix(img)

	def test_the_built_image(self):
		iso = os.path.join(REPO, "build", "shardfall.iso")
		if not os.path.exists(iso):
			self.skipTest("build/shardfall.iso not built (make iso)")
		self.check_fixed(iso)


if __name__ == "__main__":
	unittest.main()
