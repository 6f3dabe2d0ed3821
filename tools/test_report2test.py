#!/usr/bin/python3
"""Tests for tools/report2test.py and its reader (hwinfo_read.py, hwinfo_sections.py): a report's USB
devices, codec walks and PCI functions are read byte for byte; every way a report can break the format
(docs/hwinfo.md) is one clear error naming its line, exit status 2; mutated reports (a bounded random
run over every report in tests/reports) either read or give that error, never a traceback.

Run from the repo root: /usr/bin/python3 tools/test_report2test.py [ReaderTest.test_name]
"""

import contextlib
import glob
import io
import os
import random
import sys
import tempfile
import unittest

TOOLS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(TOOLS)
sys.path.insert(0, TOOLS)
sys.dont_write_bytecode = True
import report2test  # noqa: E402
from hwinfo_read import ReportError, fnv1a, read  # noqa: E402

REPORTS = sorted(glob.glob(os.path.join(REPO, "tests", "reports", "*.txt")))
MUTATIONS = 2000                # per run, spread over the reports: about a second

KBD_RDESC = ("05 01 09 06 a1 01 05 07 19 e0 29 e7 15 00 25 01 75 01 95 08 81 02 95 01 75 08 81 01 95 05 75 01 "
             "05 08 19 01 29 05 91 02 95 01 75 03 91 01 95 06 75 08 15 00 25 ff 05 07 19 00 29 ff 81 00 c0").split()

BODY = """[cpu]
class: 486
[firmware]
kind: BIOS
[pci 00:00.0] id=8086:1237 class=060000 rev=02 subsys=1af4:1100 header=00 irq=none pin=none
[pci 00:01.2] id=8086:7020 class=0c0300 rev=01 subsys=1af4:1100 header=00 irq=11 pin=D
bar 4 io 0xc040
[pci 00:04.0] id=1b36:000d class=0c0330 rev=01 subsys=1af4:1100 header=00 irq=11 pin=A
bar 0 mem64 0x00000000febf0000
[usbhc uhci0] kind=UHCI pci=00:01.2 ports=2 running=1
[usbhc xhci0] kind=xHCI pci=00:04.0 ports=8 running=1
[usb uhci0-1] speed=full id=0409:55aa class=09.00.00 driver=hub config_len=25
desc device 12 01 10 01 09 00 00 08 09 04 aa 55 01 01 00 00 00 01
desc config 09 02 19 00 01 01 00 e0 00
desc interface 09 04 00 00 01 09 00 00 00
desc endpoint 07 05 81 03 02 00 ff
[usb uhci0-1.3] speed=low id=0627:0001 class=03.01.01 driver=keyboard config_len=34
desc device 12 01 00 02 00 00 00 08 27 06 01 00 00 00 01 04 0b 01
desc config 09 02 22 00 01 01 07 a0 32
desc interface 09 04 00 00 01 03 01 01 00
desc hid 09 21 11 01 00 01 22 3f 00
desc endpoint 07 05 81 03 08 00 0a
hidreport if=0 len=63 +0000 %s
hidreport if=0 len=63 +0020 %s
[hdacodec 0] id=1af4:0022 answered=1 paths=1
path pin=0x03 dac=0x02 device=line-out
node 0x02 wcaps=0x00000411 type=dac
verb 00 f0000 1af40022
verb 03 f1c00 01014010
[mystery] shape=round
thing 1 2 3
[boot]
kernel: shardfall test
""" % (" ".join(KBD_RDESC[:32]), " ".join(KBD_RDESC[32:]))


def make(body, rehash=True, hash_=None):
    """A report around `body`: its first line (the hash of the hardware sections) and its end line."""
    lines = body.rstrip("\n").split("\n")
    boot = lines.index("[boot]") if "[boot]" in lines else len(lines)
    h = fnv1a("".join(t + "\n" for t in lines[:boot]).encode("ascii", "replace")) if rehash else hash_
    lines = ["HWINFO format=1 hash=%08x" % h] + lines
    return "\n".join(lines) + "\nend lines=%d\n" % len(lines)


def line_of(text, start):
    return next(i + 1 for i, t in enumerate(text.split("\n")) if t.startswith(start))


class ReaderTest(unittest.TestCase):
    def test_a_report_reads_byte_for_byte(self):
        r = read(make(BODY))
        self.assertEqual([h.name for h in r.hcs], ["uhci0", "xhci0"])
        self.assertEqual(r.hcs[1].pci, (0, 4, 0))
        hub, kbd = r.usb
        self.assertEqual((hub.driver, hub.where, hub.route, len(hub.config)), ("hub", "1", 0, 25))
        self.assertEqual((kbd.driver, kbd.where, kbd.route, kbd.speed), ("keyboard", "1.3", 3, 2))
        self.assertEqual(kbd.device[8:12], bytes([0x27, 0x06, 0x01, 0x00]))
        self.assertEqual(kbd.hids[0], bytes(int(b, 16) for b in KBD_RDESC))
        self.assertEqual(r.codecs[0].verbs, [(0, 0xF0000, 0x1AF40022), (3, 0xF1C00, 0x01014010)])
        self.assertEqual(r.codecs[0].paths, [(3, 2, 0)])
        self.assertEqual(r.pci[1].bars[4], 0xC041)                      # an I/O BAR's register
        self.assertEqual(r.pci[2].bars[0:2], [0xFEBF0004, 0])           # a 64-bit BAR, both halves

    def test_unknown_sections_keys_and_rows_are_skipped(self):
        self.assertEqual(len(read(make(BODY.replace("running=1", "running=1 colour=blue"))).usb), 2)
        self.assertEqual(len(read(make(BODY.replace("[boot]", "[future] x=1\nrow 1 2\nfact: 3\n[boot]"))).usb), 2)

    def test_boot_is_not_hashed(self):
        read(make(BODY).replace("kernel: shardfall test", "kernel: shardfall other"))

    def test_each_break_is_one_error_naming_its_line(self):
        cases = [   # (what, changed to, the start of the line the error names, words of the error)
            ("desc config 09 02 19 00", "desc config 0a 02 19 00", "desc config 0a", "bLength 10 but the row has 9"),
            ("desc endpoint 07 05 81 03 02 00 ff", "desc endpoint 07 05 81 03 02 00 ff 00", "desc endpoint 07 05 81 03 02",
             "bLength 7 but the row has 8"),
            ("desc config 09 02 22 00", "desc config 09 02 23 00", "[usb uhci0-1.3]", "wTotalLength is 35"),
            ("desc hid 09 21 11 01 00 01 22 3f 00", "desc hid 09 21 11 01 00 01 22 3f 0g", "desc hid", "bad hex byte '0g'"),
            ("desc hid 09 21 11 01 00 01 22 3f 00", "desc hid 09 21 11 01 00 01 22 3F 00", "desc hid", "bad hex byte '3F'"),
            ("desc interface 09 04 00 00 01 09", "desc endpoint 09 04 00 00 01 09", "desc endpoint 09", "is interface"),
            ("config_len=34", "config_len=33", "[usb uhci0-1.3]", "config_len=33, the desc rows hold 34"),
            ("hidreport if=0 len=63 +0020", "hidreport if=0 len=63 +0021", "hidreport if=0 len=63 +0021",
             "offset +0021, expected +0020"),
            ("hidreport if=0 len=63 +0000", "hidreport if=0 len=64 +0000", "hidreport if=0 len=63 +0020",
             "len=63, an earlier row said 64"),
            ("[usb uhci0-1.3]", "[usb uhci1-1.3]", "[usb uhci1-1.3]", "uhci1, which no [usbhc] section names"),
            ("[usb uhci0-1]", "[usb uhci0-3]", "[usb uhci0-3]", "not a port of uhci0"),
            ("driver=keyboard", "driver=mouse", "[usb uhci0-1.3]", "driver=mouse"),
            ("speed=low", "speed=slow", "[usb uhci0-1.3]", "speed=slow"),
            ("verb 00 f0000 1af40022", "verb 00 f0000 none", "verb 03", "after one that got no answer"),
            ("paths=1", "paths=2", "[hdacodec 0]", "paths=2, but 1 path rows"),
            ("bar 4 io 0xc040", "bar 7 io 0xc040", "bar 7", "bar row"),
            ("[pci 00:04.0]", "[pci 00:00.1]", "[pci 00:00.1]", "out of order"),
            ("[usbhc xhci0] kind=xHCI", "[usbhc xhci0] kind=EHCI", "[usbhc xhci0]", "kind=EHCI"),
            ("desc device 12 01 10 01", "desc config 12 01 10 01", "desc config 12", "not 'desc device'"),
            ("[cpu]", "[cpu", "[cpu", "bad section header"),
            ("class: 486", "Class: 486", "Class:", "bad fact"),
            ("thing 1 2 3", "thing 1  2 3", "thing", "bad row"),
        ]
        for old, new, at, words in cases:
            with self.subTest(new=new):
                self.assertIn(old, BODY)
                text = make(BODY.replace(old, new, 1))
                with self.assertRaises(ReportError) as e:
                    read(text)
                self.assertIn(words, e.exception.what)
                self.assertEqual(e.exception.line, line_of(text, at))

    def test_the_frame_is_checked(self):
        good = make(BODY)
        cases = [
            (good.replace("format=1", "format=2"), 1, "newer than this reader"),
            (good.replace("hash=", "hash=0"), 1, "not a report"),
            (make(BODY, rehash=False, hash_=0x12345678), 1, "hash=12345678, but the hardware sections hash to"),
            (make(BODY.replace("[cpu]", "[cpu] x=1"), rehash=False, hash_=fnv1a(b"")), 1, "edited or damaged"),
            (good.rsplit("end ", 1)[0], None, "no 'end' line"),
            (good.replace("\nend lines=", "\nend lines=1"), None, "the report has"),
            (good.replace("class: 486", "class: 48\u00e96"), 3, "not printable ASCII"),
            ("[cpu]\n" + good, 1, "not a report"),
        ]
        for text, line, words in cases:
            with self.subTest(words=words):
                with self.assertRaises(ReportError) as e:
                    read(text)
                self.assertIn(words, e.exception.what)
                if line:
                    self.assertEqual(e.exception.line, line)


class ToolTest(unittest.TestCase):
    def run_tool(self, *args):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            rc = report2test.main(list(args))
        return rc, out.getvalue(), err.getvalue()

    def test_a_broken_descriptor_is_one_line_and_exit_2(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "broken.txt")
            text = make(BODY.replace("desc config 09 02 22 00 01 01 07 a0 32", "desc config 09 02 22 00 01 01 07 a0"))
            with open(path, "w") as f:
                f.write(text)
            for args in ([path], ["-o", os.path.join(tmp, "reports.h"), path]):
                rc, out, err = self.run_tool(*args)
                self.assertEqual(rc, 2)
                self.assertEqual(err, "%s:%d: desc config: bLength 9 but the row has 8 bytes\n"
                                 % (path, line_of(text, "desc config 09 02 22")))
                self.assertFalse(os.path.exists(os.path.join(tmp, "reports.h")))

    def test_the_fixtures_hold_the_report(self):
        with tempfile.TemporaryDirectory() as tmp:
            path, out = os.path.join(tmp, "two-hcs.txt"), os.path.join(tmp, "reports.h")
            with open(path, "w") as f:
                f.write(make(BODY))
            self.assertEqual(self.run_tool("-o", out, path)[0], 0)
            with open(out) as f:
                h = f.read()
        self.assertTrue(h.startswith("/* reports.h: generated by tools/report2test.py"))
        self.assertIn(".route = 0x00003, .depth = 1, .speed = 2", h)
        self.assertIn('.taken = "keyboard", .where = "1.3"', h)
        self.assertIn("0x09, 0x29, 0x03, 0x00", h)              # the hub's descriptor: 3 ports, as far as the report sees
        self.assertIn("{ 0x03, 0xF1C00, 0x01014010, false },", h)
        self.assertIn("static const Report *const reports[] = { &r_two_hcs };", h)

    def test_every_committed_report_reads(self):
        for path in REPORTS:
            with self.subTest(report=os.path.basename(path)):
                rc, out, err = self.run_tool(path)
                self.assertEqual((rc, err), (0, ""))


class MutationTest(unittest.TestCase):
    """Mutated reports: read, or a ReportError naming a line of the report; nothing else (a bounded fuzz run)."""

    def mutate(self, rng, text):
        lines = text.split("\n")
        i = rng.randrange(len(lines))
        kind = rng.randrange(7)
        if kind == 0:                                           # a character changed
            t = lines[i]
            if t:
                k = rng.randrange(len(t))
                lines[i] = t[:k] + rng.choice("0 9af:=.+[]-xg\x7f") + t[k + 1:]
        elif kind == 1:
            del lines[i]
        elif kind == 2:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif kind == 3:                                         # a token dropped or doubled
            toks = lines[i].split(" ")
            k = rng.randrange(len(toks))
            toks[k:k + 1] = [] if rng.random() < 0.5 else [toks[k], toks[k]]
            lines[i] = " ".join(toks)
        elif kind == 4:
            lines = lines[:i]
        elif kind == 5:                                         # a hex byte's value changed
            toks = lines[i].split(" ")
            k = rng.randrange(len(toks))
            if len(toks[k]) == 2:
                toks[k] = "%02x" % rng.randrange(256)
            lines[i] = " ".join(toks)
        else:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines)

    def rehash(self, text):
        lines = text.split("\n")
        body = [t for t in lines[1:] if not t.startswith("end")]
        return make("\n".join(body)) if lines and lines[0].startswith("HWINFO") else text

    def test_mutated_reports_read_or_fail_cleanly(self):
        rng = random.Random(33)
        seeds = [open(p).read() for p in REPORTS] + [make(BODY)]
        outcomes = {"read": 0, "error": 0}
        for n in range(MUTATIONS):
            text = seeds[n % len(seeds)]
            for _ in range(rng.randrange(1, 4)):
                text = self.mutate(rng, text)
            if n % 2:
                text = self.rehash(text)                        # past the hash, into the sections
            try:
                r = read(text)
                report2test.c_report("mutated.txt", r)
                outcomes["read"] += 1
            except ReportError as e:
                self.assertTrue(0 <= e.line <= text.count("\n") + 1, "line %d of %d" % (e.line, text.count("\n")))
                self.assertTrue(e.what)
                outcomes["error"] += 1
            except Exception as e:                              # noqa: BLE001 - the point of the test
                self.fail("mutation %d: %r\n%s" % (n, e, text))
        self.assertGreater(outcomes["error"], MUTATIONS // 4)
        self.assertGreater(outcomes["read"], 0)


if __name__ == "__main__":
    unittest.main()
