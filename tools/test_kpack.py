#!/usr/bin/python3
"""test_kpack.py: tools/kpack.py — round trips, short and empty inputs, long runs, incompressible data, its refusals, the shared vector the C unpacker checks too, the stub's ELF fields."""

import os
import random
import struct
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import kpack  # noqa: E402

# Also in tests/unit/test_kunpack.c (SHARED_DATA, SHARED_PACKED): the packer's output, the C unpacker's input.
SHARED_DATA = b"Shardfall shards fall, shards fall!"
SHARED_PACKED = bytes.fromhex("b0536861726466616c6c20730a002073200c00182c0d001021")


def tokens(stream, length):
    """[(literals, match length)] of a valid stream."""
    out, at, done = [], 0, 0
    while done < length:
        t = stream[at]
        lits, at = kpack._read_ext(stream, at + 1, t >> 4)
        at += lits
        done += lits
        if done == length:
            out.append((lits, 0))
            break
        mlen, at = kpack._read_ext(stream, at + 2, t & 15)
        out.append((lits, mlen + kpack.MIN_MATCH))
        done += mlen + kpack.MIN_MATCH
    return out


class KpackTest(unittest.TestCase):
    def round_trip(self, data):
        packed = kpack.pack(data)
        self.assertEqual(kpack.unpack(packed, len(data)), data)
        return packed

    def test_shared_vector(self):
        self.assertEqual(kpack.pack(SHARED_DATA), SHARED_PACKED)
        self.assertEqual(kpack.unpack(SHARED_PACKED, len(SHARED_DATA)), SHARED_DATA)

    def test_empty_and_short(self):
        self.assertEqual(self.round_trip(b""), b"")
        for n in range(1, 12):
            data = bytes(range(n))
            packed = self.round_trip(data)
            self.assertEqual(packed, bytes([n << 4]) + data, "%d distinct bytes: one literal run" % n)

    def test_long_runs_use_extension_bytes(self):
        data = b"\x00" * 100000
        packed = self.round_trip(data)
        self.assertLess(len(packed), 450)
        self.assertEqual(tokens(packed, len(data)), [(1, 99999)])
        data = b"x" * 15 + bytes(range(256)) * 3        # literal counts 15, 270, ... through the 255 bytes
        self.round_trip(data)

    def test_incompressible_grows_by_little(self):
        rnd = random.Random(32)
        data = bytes(rnd.getrandbits(8) for _ in range(70000))
        packed = self.round_trip(data)
        self.assertLessEqual(len(packed), len(data) + len(data) // 255 + 2)

    def test_mixed_data_round_trips(self):
        rnd = random.Random(7)
        words = [bytes(rnd.getrandbits(8) for _ in range(rnd.randint(1, 40))) for _ in range(50)]
        data = b"".join(rnd.choice(words) for _ in range(5000))
        packed = self.round_trip(data)
        self.assertLess(len(packed), len(data) // 3)
        self.assertTrue(all(m == 0 or m >= kpack.MIN_MATCH for _, m in tokens(packed, len(data))))

    def test_matches_reach_64k_back_not_further(self):
        rnd = random.Random(3)
        block = bytes(rnd.getrandbits(8) for _ in range(1000))
        filler = bytes(rnd.getrandbits(8) for _ in range(kpack.MAX_OFFSET - 1000))
        near = self.round_trip(block + filler + block)
        far = self.round_trip(block + filler + b"!!" + block)
        self.assertLess(len(near), len(far) - 900, "a repeat 64 KiB back is a match, 2 bytes further is not")

    def test_refusals(self):
        cases = {
            "offset 0": (b"\x10a\x00\x00", 10),
            "offset before the start": (b"\x10a\x02\x00", 10),
            "match past the end": (b"\x1fa\x01\x00\x0a", 10),
            "literal run past the end": (b"\x50abcde", 3),
            "stream ends early": (b"\x50ab", 5),
            "trailing garbage": (b"\x30abc\x00", 3),
            "match after the last byte": (b"\x11a", 1),
            "inside a length": (b"\xf0\xff", 300),
            "inside an offset": (b"\x10a\x01", 10),
            "empty stream, bytes wanted": (b"", 5),
        }
        for what, (stream, length) in cases.items():
            with self.assertRaises(kpack.Bad, msg=what):
                kpack.unpack(stream, length)

    def test_elf_mode_writes_header_and_link_address(self):
        with tempfile.TemporaryDirectory(prefix="test_kpack-") as tmp:
            elf = os.path.join(tmp, "k.elf")
            text = struct.pack("<III", 0x1BADB002, 3, -(0x1BADB002 + 3) & 0xFFFFFFFF) + b"\x90" * 500
            data = b"DATA" * 8
            head = b"\x7fELF" + bytes([1, 1, 1]) + bytes(9)
            head += struct.pack("<HHIIIIIHHHHHH", 2, 3, 1, 0x100004, 52, 0, 0, 52, 32, 2, 40, 0, 0)
            head += struct.pack("<IIIIIIII", 1, 0x1000, 0x100000, 0x100000, len(text), len(text), 5, 0x1000)
            head += struct.pack("<IIIIIIII", 1, 0x2000, 0x102000, 0x102000, len(data), 0x3000, 6, 0x1000)
            img = bytearray(0x2000 + len(data))
            img[:len(head)] = head
            img[0x1000:0x1000 + len(text)] = text
            img[0x2000:] = data
            with open(elf, "wb") as f:
                f.write(img)
            out, hdr, ld = (os.path.join(tmp, n) for n in ("k.lz", "k.h", "k.ld"))
            res = subprocess.run([sys.executable, os.path.join(HERE, "kpack.py"), elf, "-o", out, "--header", hdr,
                                  "--ld", ld], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            self.assertEqual(res.returncode, 0, res.stdout)
            with open(out, "rb") as f:
                flat = kpack.unpack(f.read(), 0x2000 + len(data))
            self.assertEqual(flat[:len(text)], text)
            self.assertEqual(flat[len(text):0x2000], bytes(0x2000 - len(text)), "the page gap is zeros")
            self.assertEqual(flat[0x2000:], data)
            with open(hdr) as f:
                h = f.read()
            for want in ("KP_DEST        0x00100000", "KP_LEN         %d" % (0x2000 + len(data)),
                         "KP_BSS_END     0x00105000", "KP_ENTRY       0x00100004", "KP_STUB_ADDR   0x00105000"):
                self.assertIn(want, h)
            with open(ld) as f:
                self.assertIn("KP_STUB_ADDR = 0x00105000;", f.read())
            kpack.drop_section_headers(elf)
            with open(elf, "rb") as f:
                cut = f.read()
            self.assertEqual(struct.unpack_from("<I", cut, 32)[0], 0)
            self.assertEqual(struct.unpack_from("<HHH", cut, 46), (0, 0, 0))
            self.assertEqual(len(cut), 0x2000 + len(data), "cut after the last segment's bytes")


if __name__ == "__main__":
    unittest.main()
