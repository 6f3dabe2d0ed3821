#!/usr/bin/env python3
"""make_pad_seeds.py: write tests/fuzz/hidparse_corpus/ from the published descriptors in tests/unit/padfix.h.

Each seed: a 2-byte little-endian descriptor length, the descriptor, then reports (one length
byte, the bytes). NAME.hid must parse (fuzz_hidparse.c, replayed by make fuzz-replay); bad_* must
be refused.
"""
import os
import re
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PADFIX = os.path.join(HERE, "..", "unit", "padfix.h")
OUT = os.path.join(HERE, "hidparse_corpus")


def arrays(path):
    text = open(path).read()
    found = {}
    for m in re.finditer(r"static const uint8_t (\w+)\[\d+\] = \{(.*?)\};", text, re.S):
        found[m.group(1)] = bytes(int(x, 16) for x in re.findall(r"0x([0-9A-Fa-f]{2})", m.group(2)))
    return found


def seed(desc, reports=()):
    out = struct.pack("<H", len(desc)) + desc
    for r in reports:
        out += bytes([len(r)]) + r
    return out


def main():
    fx = arrays(PADFIX)
    os.makedirs(OUT, exist_ok=True)
    x360 = bytes([0x00, 0x14, 0x09, 0x10, 0x00, 0xFF, 0xFF, 0x7F, 0x00, 0x80]) + bytes(10)
    seeds = {
        "ds4.hid": seed(fx["padfix_ds4_rdesc"], [bytes([1, 0xFF, 0, 0x80, 0x80, 0x22, 1, 5, 0xFF, 0]) + bytes(54),
                                                 bytes([1, 0, 0xFF, 0x80, 0x80, 0x08]), x360]),
        "dragonrise.hid": seed(fx["padfix_dragonrise_rdesc"], [bytes([0x10, 0x20, 0x30, 0xFF, 0, 0x1F, 0x20, 0])]),
        "f310.hid": seed(fx["padfix_f310_rdesc"], [bytes([0x80, 0x7F, 0, 0xFF, 0x16, 0x80, 0, 0]), bytes([0, 0, 0, 0, 0x0F])]),
        "8bitdo.hid": seed(fx["padfix_8bitdo_rdesc"], [bytes([1, 0xFF, 0xFF, 0, 0, 0, 0x80, 0, 0x80, 0xFF, 3, 0, 0, 3, 1, 2]),
                                                      bytes([4, 0x64])]),
        "tablet.hid": seed(fx["padfix_tablet_rdesc"], [bytes([5, 0xFF, 0x7F, 0, 0x40, 1])]),
        "array_buttons.hid": seed(bytes([0x05, 0x01, 0x09, 0x05, 0xA1, 0x01, 0x05, 0x09, 0x19, 0x01, 0x29, 0x08,
                                         0x15, 0x01, 0x25, 0x08, 0x75, 0x04, 0x95, 0x02, 0x81, 0x00, 0xC0]),
                                  [bytes([0x31]), bytes([0x09])]),
        "push_pop_long.hid": seed(bytes([0x05, 0x01, 0x09, 0x04, 0xA1, 0x01, 0x15, 0x00, 0x26, 0xFF, 0x00, 0x75, 0x08,
                                         0x95, 0x01, 0xA4, 0x15, 0x81, 0x25, 0x7F, 0x75, 0x10, 0x09, 0x30, 0x81, 0x02,
                                         0xFE, 0x03, 0xF0, 0x09, 0x31, 0x81, 0xB4, 0x09, 0x31, 0x81, 0x02, 0xC0]),
                                  [bytes([0x81, 0xFF, 0xFF])]),
        "dpad.hid": seed(bytes([0x05, 0x01, 0x09, 0x05, 0xA1, 0x01, 0x15, 0x00, 0x25, 0x01, 0x75, 0x01, 0x19, 0x90,
                                0x29, 0x93, 0x95, 0x04, 0x81, 0x02, 0x05, 0x09, 0x19, 0x01, 0x29, 0x04, 0x95, 0x04,
                                0x81, 0x02, 0xC0]), [bytes([0x15]), bytes([0x03]), bytes([0x00])]),
        "bad_unclosed": seed(fx["padfix_ds4_rdesc"][:-1]),
        "bad_pop": seed(bytes([0xB4])),
        "bad_truncated": seed(bytes([0x05, 0x01, 0x09, 0x05, 0xA1, 0x01, 0x26, 0xFF])),
        "bad_report_id_zero": seed(bytes([0x85, 0x00])),
        "bad_deep": seed(bytes([0xA1, 0x00] * 9)),
    }
    for name, data in seeds.items():
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
    print("%d seeds in %s" % (len(seeds), OUT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
