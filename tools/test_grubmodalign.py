#!/usr/bin/python3
"""test_grubmodalign.py: tools/grubmodalign.py — the system's test.mod gets .text aligned to a page and nothing else changes; bad inputs are refused."""

import os
import struct
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import grubmodalign  # noqa: E402

MODULE = "/usr/lib/grub/i386-pc/test.mod"


def sections(data):
    """{name: (offset of its header, sh_addralign)} of a 32-bit ELF."""
    shoff, = struct.unpack_from("<I", data, 0x20)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x2E)
    strtab, = struct.unpack_from("<I", data, shoff + shstrndx * shentsize + 16)
    out = {}
    for i in range(shnum):
        at = shoff + i * shentsize
        name, = struct.unpack_from("<I", data, at)
        end = data.index(b"\0", strtab + name)
        out[data[strtab + name:end].decode()] = (at, struct.unpack_from("<I", data, at + 32)[0])
    return out


class AlignText(unittest.TestCase):
    def setUp(self):
        with open(MODULE, "rb") as f:
            self.data = f.read()

    def test_text_gets_a_page_and_every_other_byte_stays(self):
        out = grubmodalign.align_text(self.data)
        before, after = sections(self.data), sections(out)
        self.assertLess(before[".text"][1], 4096)
        self.assertEqual(after[".text"][1], 4096)
        at = after[".text"][0] + 32
        self.assertEqual(len(out), len(self.data))
        self.assertEqual(out[:at], self.data[:at])
        self.assertEqual(out[at + 4:], self.data[at + 4:])
        for name, (_, align) in before.items():
            if name != ".text":
                self.assertEqual(after[name][1], align, name)

    def test_done_twice_is_the_same(self):
        once = grubmodalign.align_text(self.data)
        self.assertEqual(grubmodalign.align_text(once), once)

    def test_refusals(self):
        with self.assertRaisesRegex(ValueError, "ELF"):
            grubmodalign.align_text(b"MZ" + self.data[2:])
        sixty_four = bytearray(self.data)
        sixty_four[4] = 2
        with self.assertRaisesRegex(ValueError, "32-bit"):
            grubmodalign.align_text(bytes(sixty_four))
        with self.assertRaisesRegex(ValueError, "section header"):
            grubmodalign.align_text(self.data[:0x200])
        # .text renamed (its name's first byte): no .text
        secs = sections(self.data)
        name, = struct.unpack_from("<I", self.data, secs[".text"][0])
        strtab = struct.unpack_from("<I", self.data, sections(self.data)[".shstrtab"][0] + 16)[0]
        renamed = bytearray(self.data)
        renamed[strtab + name + 1] = ord("x")
        with self.assertRaisesRegex(ValueError, "no .text"):
            grubmodalign.align_text(bytes(renamed))
        # a .text over a page
        big = bytearray(self.data)
        struct.pack_into("<I", big, secs[".text"][0] + 20, 5000)
        with self.assertRaisesRegex(ValueError, "more than a page"):
            grubmodalign.align_text(bytes(big))


if __name__ == "__main__":
    unittest.main()
