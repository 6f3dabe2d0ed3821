#!/usr/bin/python3
"""test_mksave.py: the save area's partition as tools/mksave.py makes it, and after the kernel's code wrote to it.

- the partition: fsck.fat -n clean, the label and the four files read back by mtools at their sizes,
  each contiguous, made the same twice (no clock, no randomness);
- mksave.check finds it behind a GPT and an MBR and names what is wrong when something is;
- build/save/after-writes.img (left by build/tests/test_save after a run of saves of every kind,
  or $SAVE_AFTER): fsck.fat -n still clean, SCORES.TXT and CRASH.TXT hold what was written at
  their fixed sizes, and every byte outside the files' data sectors equals the image as made.
Needs fsck.fat (dosfstools) and mtools.
"""
import os
import subprocess
import sys
import tempfile
import unittest

TOOLS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(TOOLS)
sys.path.insert(0, TOOLS)
import mksave  # noqa: E402

ID = "0123456789abcdef"
S = mksave.SECTOR


def run(cmd):
	return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def fsck(part):
	with tempfile.NamedTemporaryFile(prefix="test-mksave-") as f:
		f.write(part)
		f.flush()
		return run(["fsck.fat", "-n", f.name])


def mtools(part, *args):
	with tempfile.NamedTemporaryFile(prefix="test-mksave-") as f:
		f.write(part)
		f.flush()
		res = subprocess.run([args[0], "-i", f.name] + list(args[1:]), stdout=subprocess.PIPE,
		                     stderr=subprocess.PIPE)
		if res.returncode != 0:
			raise AssertionError("%s failed: %s" % (args[0], res.stderr.decode()))
		return res.stdout


class PartitionTest(unittest.TestCase):
	def test_fsck_clean_and_files_read_back_by_mtools(self):
		part = mksave.make_partition(ID)
		self.assertEqual(len(part), mksave.PART_SECTORS * S)
		res = fsck(part)
		self.assertEqual(res.returncode, 0, res.stdout)
		listing = mtools(part, "mdir", "-a", "::").decode()
		self.assertIn("Volume in drive : is SHARDFALL", listing)
		for name, size in (("SAVE     DAT", 8704), ("SCORES   TXT", 2048), ("CRASH    TXT", 4096), ("LOG      TXT", 65536),
		                   ("HWINFO   TXT", 65536), ("REPLAY   DAT", 98304), ("CRASHRPL DAT", 98304)):
			self.assertRegex(listing, name + r"\s+" + str(size) + " ")
		self.assertTrue(mtools(part, "mtype", "::README.TXT").startswith(b"Shardfall save area"))
		scores = mtools(part, "mtype", "::SCORES.TXT")
		self.assertEqual(len(scores), 2048)
		self.assertTrue(scores.startswith(b"Shardfall - Hall of Fame\r\n") and scores.endswith(b" \n"))
		self.assertTrue(mtools(part, "mtype", "::SAVE.DAT").startswith(b"SHRDSAVE"))

	def test_each_file_contiguous_and_build_deterministic(self):
		part = mksave.make_partition(ID)
		files = mksave.read_files(part)
		self.assertEqual(sorted(files), ["CRASH.TXT", "CRASHRPL.DAT", "HWINFO.TXT", "LOG.TXT", "README.TXT", "REPLAY.DAT",
		                                 "SAVE.DAT", "SCORES.TXT"])
		self.assertTrue(all(f[2] for f in files.values()))
		self.assertEqual(part, mksave.make_partition(ID))
		self.assertNotEqual(part, mksave.make_partition("fedcba9876543210"))

	def test_check_finds_it_behind_gpt_and_mbr(self):
		for table, num in (("gpt", 4), ("mbr", 2)):
			probs, found = mksave.check(mksave.make_disk(ID, table), ID)
			self.assertEqual(probs, [], table)
			self.assertEqual((found[0], found[1], found[2]), (num, 3800, mksave.PART_SECTORS), table)

	def test_check_names_what_is_wrong(self):
		disk = mksave.make_disk(ID, "mbr")
		self.assertIn("image id", mksave.check(disk, "fedcba9876543210")[0][0])
		bad = bytearray(disk)
		bad[(3800 + 1) * S + 5 * 3 // 2 + 3] = 0x00    # SAVE.DAT's chain cut after its first clusters
		self.assertTrue(any("not contiguous" in p for p in mksave.check(bytes(bad), ID)[0]))
		bad = bytearray(disk)
		bad[(3800 + 7) * S:(3800 + 8) * S] = bytes(S)   # no root directory: no label entry, no files
		bad[3800 * S + 43:3800 * S + 54] = b"OTHER      "
		self.assertIn("no FAT partition labelled SHARDFALL", mksave.check(bytes(bad), ID)[0][0])

	def test_image_id_is_16_hex_digits_of_the_inputs(self):
		me = os.path.abspath(__file__)
		a = mksave.image_id([me])
		self.assertRegex(a, "^[0-9a-f]{16}$")
		self.assertEqual(a, mksave.image_id([me]))
		self.assertNotEqual(a, mksave.image_id([me, me]))


class AfterWritesTest(unittest.TestCase):
	"""What build/tests/test_save left after a run of saves through the kernel's code."""

	def setUp(self):
		path = os.environ.get("SAVE_AFTER", os.path.join(REPO, "build", "save", "after-writes.img"))
		with open(path, "rb") as f:
			self.disk = f.read()
		self.made = mksave.make_disk(ID, "gpt")
		self.assertEqual(len(self.disk), len(self.made))
		probs, found = mksave.check(self.disk, ID)
		self.assertEqual(probs, [])
		self.first = found[1]
		self.part = self.disk[self.first * S:(self.first + mksave.PART_SECTORS) * S]

	def test_fsck_still_clean(self):
		res = fsck(self.part)
		self.assertEqual(res.returncode, 0, res.stdout)

	def test_text_files_hold_what_was_written(self):
		scores = mtools(self.part, "mtype", "::SCORES.TXT")
		self.assertEqual(len(scores), 2048)
		self.assertTrue(scores.startswith(b"Shardfall high scores\n\n 1. ANNA            12345\n   "))
		crash = mtools(self.part, "mtype", "::CRASH.TXT")
		self.assertEqual(len(crash), 4096)
		self.assertTrue(crash.startswith(b"Shardfall crash report (not yet shown)\nPANIC: test report\n  "))
		self.assertTrue(crash.endswith(b" \n"))

	def test_nothing_outside_the_files_data_changed(self):
		files = mksave.read_files(self.part)
		data = set()
		for name in ("SAVE.DAT", "SCORES.TXT", "CRASH.TXT", "LOG.TXT", "HWINFO.TXT", "REPLAY.DAT", "CRASHRPL.DAT"):
			first, size, _ = files[name]
			skip = 1 if name == "SAVE.DAT" else 0           # its header sector: never written
			data.update(range(self.first + first + skip, self.first + first + (size + S - 1) // S))
		changed = [s for s in range(len(self.disk) // S) if self.disk[s * S:(s + 1) * S] != self.made[s * S:(s + 1) * S]]
		self.assertTrue(changed, "the run wrote nothing")
		self.assertEqual([s for s in changed if s not in data], [])


if __name__ == "__main__":
	unittest.main()
