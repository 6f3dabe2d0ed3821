#!/usr/bin/python3
"""test_mkpe.py: tools/mkpe.py on a small ELF made here — the PE's layout as shim reads it, the multiboot2 tags as GRUB reads them, refusals."""

import os
import struct
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import mkpe  # noqa: E402

BASE = 0x100000


def mb2_header(room=True):
    """boot/entry.S's multiboot2 header: module-align tag, the 40-byte room tag, the end tag."""
    tags = struct.pack("<HHI", 6, 0, 8)
    if room:
        tags += struct.pack("<HHI", mkpe.MB2_TAG_SF_ROOM, 1, mkpe.MB2_SF_ROOM_BYTES) + bytes(32)
    tags += struct.pack("<HHI", 0, 0, 8)
    length = 16 + len(tags)
    return struct.pack("<IIII", mkpe.MB2_MAGIC, 0, length, -(mkpe.MB2_MAGIC + length) & 0xFFFFFFFF) + tags


def elf(room=True):
    """A 32-bit ELF: text (v1 header, the mb2 header, code) at 1 MiB, data 8 KiB above with a BSS."""
    text = struct.pack("<III", 0x1BADB002, 3, -(0x1BADB002 + 3) & 0xFFFFFFFF) + bytes(4) + mb2_header(room)
    text += b"\x90" * 100
    data = b"DATA" * 8
    phoff, ph = 52, 32
    text_off, data_off = 0x1000, 0x2000
    head = b"\x7fELF" + bytes([1, 1, 1]) + bytes(9)
    head += struct.pack("<HHIIIIIHHHHHH", 2, 3, 1, BASE + 16, phoff, 0, 0, 52, ph, 2, 40, 0, 0)
    head += struct.pack("<IIIIIIII", 1, text_off, BASE, BASE, len(text), len(text), 5, 0x1000)
    head += struct.pack("<IIIIIIII", 1, data_off, BASE + 0x2000, BASE + 0x2000, len(data), 0x3000, 6, 0x1000)
    img = bytearray(data_off + len(data))
    img[:len(head)] = head
    img[text_off:text_off + len(text)] = text
    img[data_off:] = data
    return bytes(img), text, data


class MkpeTest(unittest.TestCase):
    def make(self, room=True):
        tmp = tempfile.mkdtemp(prefix="test_mkpe-")
        src, sbat, out = (os.path.join(tmp, n) for n in ("k.elf", "sbat.csv", "k.pe"))
        with open(src, "wb") as f:
            f.write(elf(room)[0])
        with open(sbat, "w") as f:
            f.write("sbat,1,SBAT Version,sbat,1,x\nshardfall,1,Shardfall,shardfall,1,x\n")
        res = subprocess.run([sys.executable, os.path.join(HERE, "mkpe.py"), src, sbat, "-o", out],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        return res, out

    def test_pe_as_shim_reads_it(self):
        res, out = self.make()
        self.assertEqual(res.returncode, 0, res.stdout)
        with open(out, "rb") as f:
            pe = f.read()
        self.assertEqual(pe[:2], b"MZ")
        off = struct.unpack_from("<I", pe, 60)[0]
        self.assertEqual(pe[off:off + 4], b"PE\0\0")
        machine, nsect, _, _, _, optsize, chars = struct.unpack_from("<HHIIIHH", pe, off + 4)
        self.assertEqual(machine, 0x8664)                  # shimx64 verifies x86-64 images only
        self.assertEqual(optsize, 240)                      # PE32+ with 16 data directories
        self.assertFalse(chars & 0x0001)                    # relocations not stripped (shim refuses that)
        opt = off + 24
        self.assertEqual(struct.unpack_from("<H", pe, opt)[0], 0x20B)
        self.assertEqual(struct.unpack_from("<I", pe, opt + 108)[0], 16)
        names = [pe[opt + 240 + 40 * i:opt + 248 + 40 * i].rstrip(b"\0") for i in range(nsect)]
        self.assertEqual(names, [b".kernel", b".text", b".sbat"])
        sbat = struct.unpack_from("<IIII", pe, opt + 240 + 80 + 8)
        self.assertTrue(pe[sbat[3]:sbat[3] + 6] == b"sbat,1")

    def test_multiboot2_tags_as_grub_reads_them(self):
        res, out = self.make()
        self.assertEqual(res.returncode, 0, res.stdout)
        with open(out, "rb") as f:
            pe = f.read()
        _, text, data = elf()
        hdr = mkpe.mb2_header(pe)
        self.assertEqual(hdr, mkpe.HEADERS + 16)            # after the v1 header, in the first 32 KiB
        tags = {t[1]: t for t in mkpe.mb2_tags(pe, hdr)}
        header_addr, load, load_end, bss_end = struct.unpack_from("<IIII", pe, tags[2][0] + 8)
        self.assertEqual((header_addr, load), (BASE + 16, BASE))
        self.assertEqual(load_end, BASE + 0x2000 + len(data))
        self.assertEqual(bss_end, BASE + 0x2000 + 0x3000)
        self.assertEqual(struct.unpack_from("<I", pe, tags[3][0] + 8)[0], BASE + 16)
        offset = hdr - (header_addr - load)                 # GRUB's multiboot_mbi2.c, in short
        flat = pe[offset:offset + load_end - load]
        self.assertEqual(flat[:12], text[:12])
        self.assertEqual(flat[0x2000:], data)               # data at its address, the gap zeroed
        self.assertEqual(flat[len(text):0x2000], bytes(0x2000 - len(text)))
        self.assertNotIn(mkpe.MB2_TAG_SF_ROOM, tags)       # the room became the two tags
        check = subprocess.run([sys.executable, os.path.join(HERE, "mkpe.py"), "--check", out],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.assertEqual(check.returncode, 0, check.stdout)
        self.assertIn("GRUB loads file bytes 0x200..", check.stdout)

    def test_no_room_is_refused(self):
        res, _ = self.make(room=False)
        self.assertNotEqual(res.returncode, 0)
        self.assertIn("no 40-byte room tag", res.stdout)


if __name__ == "__main__":
    unittest.main()
