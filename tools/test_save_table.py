#!/usr/bin/env python3
"""test_save_table.py: tools/save_table.py makes docs/save.md's table from a run's results.json: a row
per disk kind that passed, its numbers as recorded, the rest of the document untouched."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

TOOL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "save_table.py")
sys.path.insert(0, os.path.dirname(TOOL))
import save_table  # noqa: E402


class SaveTableTest(unittest.TestCase):
	def test_rows_from_passed_records_only(self):
		records = {"save_usb_bios": {"save_scores_ms": 14, "save_scores_txt_ms": 7, "save_settings_ms": 7,
		                             "save_game_ms": 21},
		           "save_ide": {"save_scores_ms": 43, "save_settings_ms": 0}}
		t = save_table.table(records).splitlines()
		self.assertEqual(len(t), 4)
		self.assertEqual(t[2], "| USB stick on xHCI, SeaBIOS | 14.0 ms | 7.0 ms | 7.0 ms | 21.0 ms |")
		self.assertEqual(t[3], "| hard disk on IDE (pc) | 43.0 ms | - | 0.0 ms | - |")

	def test_doc_rewritten_between_markers(self):
		with tempfile.TemporaryDirectory() as d:
			res, doc = os.path.join(d, "results.json"), os.path.join(d, "save.md")
			with open(res, "w") as f:
				json.dump({"tests": [{"name": "save_ahci", "passed": True, "save_scores_ms": 29},
				                     {"name": "save_ide", "passed": False, "save_scores_ms": 1}]}, f)
			with open(doc, "w") as f:
				f.write("before\n%s\nold\n%s\nafter\n" % (save_table.BEGIN, save_table.END))
			subprocess.run([sys.executable, TOOL, res, doc], check=True, capture_output=True)
			text = open(doc).read()
			self.assertTrue(text.startswith("before\n") and text.endswith("after\n"))
			self.assertIn("| hard disk on AHCI (q35) | 29.0 ms | - | - | - |", text)
			self.assertNotIn("old", text)
			self.assertNotIn("IDE", text)


if __name__ == "__main__":
	unittest.main()
