#!/usr/bin/python3
"""Tests for tools/usb_latency_table.py: the table between the markers is made from a results.json
record (every kind it measured, numbers to 0.1 ms), the rest of the document is left as it was,
and missing markers or a missing record are errors. docs/usb.md has the markers.

Run from the repo root: /usr/bin/python3 tools/test_usb_latency_table.py
"""

import json
import os
import sys
import tempfile
import unittest

TOOLS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(TOOLS)
sys.path.insert(0, TOOLS)
sys.dont_write_bytecode = True
import usb_latency_table as ult  # noqa: E402

RECORD = {"name": "usb_old_latency", "passed": True, "uhci_latency_median_ms": 15.81, "uhci_latency_p90_ms": 19.1,
          "uhci_latency_max_ms": 26.3, "ehci_latency_median_ms": 17.24, "ehci_latency_p90_ms": 20.2,
          "ehci_latency_max_ms": 23.94}


class LatencyTableTest(unittest.TestCase):
    def run_tool(self, doc_text, tests):
        with tempfile.TemporaryDirectory() as d:
            doc, res = os.path.join(d, "usb.md"), os.path.join(d, "results.json")
            with open(doc, "w") as f:
                f.write(doc_text)
            with open(res, "w") as f:
                json.dump({"tests": tests}, f)
            ult.main(["usb_latency_table.py", res, doc])
            with open(doc) as f:
                return f.read()

    def test_table_between_the_markers(self):
        doc = "before\n%s\nold | table\n%s\nafter\n" % (ult.BEGIN, ult.END)
        out = self.run_tool(doc, [{"name": "other", "passed": True}, RECORD])
        self.assertTrue(out.startswith("before\n" + ult.BEGIN + "\n| keyboard | median | 90% | max |\n"))
        self.assertIn("| USB on UHCI (`piix3-usb-uhci`) | 15.8 ms | 19.1 ms | 26.3 ms |\n", out)
        self.assertIn("| USB on EHCI (`usb-ehci`, high speed) | 17.2 ms | 20.2 ms | 23.9 ms |\n" + ult.END, out)
        self.assertNotIn("OHCI", out)                   # not measured: no row
        self.assertNotIn("old | table", out)
        self.assertTrue(out.endswith(ult.END + "\nafter\n"))

    def test_errors(self):
        with self.assertRaises(SystemExit):
            self.run_tool("no markers\n", [RECORD])
        with self.assertRaises(SystemExit):
            self.run_tool("%s\n%s\n" % (ult.BEGIN, ult.END), [dict(RECORD, passed=False)])
        with self.assertRaises(SystemExit):             # pad records, no pad markers
            self.run_tool("%s\n%s\n" % (ult.BEGIN, ult.END), [{"name": "pad_xhci_bios", "passed": True,
                          "pad_latency_median_ms": 1, "pad_latency_p90_ms": 1, "pad_latency_max_ms": 1}])

    def test_the_document_has_the_markers(self):
        with open(os.path.join(REPO, "docs", "usb.md")) as f:
            text = f.read()
        self.assertLess(text.index(ult.BEGIN), text.index(ult.END))
        self.assertLess(text.index(ult.PAD_BEGIN), text.index(ult.PAD_END))

    def test_pad_table_from_the_cells(self):
        doc = "a\n%s\nold kbd\n%s\nb\n%s\nold pad\n%s\nc\n" % (ult.BEGIN, ult.END, ult.PAD_BEGIN, ult.PAD_END)
        cells = [{"name": "pad_xhci_bios", "passed": True, "pad_latency_median_ms": 9.04, "pad_latency_p90_ms": 12.0,
                  "pad_latency_max_ms": 14.26},
                 {"name": "pad_ohci_bios", "passed": True, "pad_latency_median_ms": 8.0, "pad_latency_p90_ms": 9.0,
                  "pad_latency_max_ms": 10.0},
                 {"name": "pad_uhci_bios", "passed": False, "pad_latency_median_ms": 1.0, "pad_latency_p90_ms": 1.0,
                  "pad_latency_max_ms": 1.0},
                 {"name": "pad_ehci_uefi", "passed": True, "pad_latency_median_ms": 2.0, "pad_latency_p90_ms": 2.0,
                  "pad_latency_max_ms": 2.0}]
        out = self.run_tool(doc, cells)
        self.assertIn("old kbd", out)                   # no keyboard record: that table as it was
        self.assertNotIn("old pad", out)
        self.assertIn("| xHCI (`qemu-xhci`) | 9.0 ms | 12.0 ms | 14.3 ms |\n| OHCI (`pci-ohci`) | 8.0 ms", out)
        self.assertNotIn("UHCI", out)                   # failed: no row
        self.assertNotIn("EHCI", out)                   # UEFI cells are not in the table
        self.assertTrue(out.endswith(ult.PAD_END + "\nc\n"))


if __name__ == "__main__":
    unittest.main()
