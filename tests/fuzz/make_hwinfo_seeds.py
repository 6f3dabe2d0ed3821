#!/usr/bin/python3
"""make_hwinfo_seeds.py: writes the seed corpora of fuzz_smbios and fuzz_hwreport (tests/fuzz/smbios_corpus,
hwreport_corpus).

SMBIOS: a BIOS area image whose entry point (2.8 "_SM_", or 3.0 "_SM3_") names a structure table inside
the same bytes (types 0, 1 with a serial number and UUID, 127); *.smb must be found, bad_* have a broken
checksum. hwreport: *.hwr start with a report's first line (docs/hwinfo.md) and then, read as device bytes
by the target, hold USB descriptors of QEMU's keyboard and HDA answers; bad_* do not start as a report.
"""

import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
AREA = 0xF0000
KBD_DEV = bytes([0x12, 0x01, 0x00, 0x02, 0x00, 0x00, 0x00, 0x40, 0x27, 0x06, 0x01, 0x00,
                 0x00, 0x00, 0x01, 0x04, 0x0B, 0x01])
KBD_CFG = bytes([0x09, 0x02, 0x22, 0x00, 0x01, 0x01, 0x08, 0xA0, 0x32,
                 0x09, 0x04, 0x00, 0x00, 0x01, 0x03, 0x01, 0x01, 0x00,
                 0x09, 0x21, 0x11, 0x01, 0x00, 0x01, 0x22, 0x3F, 0x00,
                 0x07, 0x05, 0x81, 0x03, 0x08, 0x00, 0x07])
KBD_REPORT = bytes.fromhex("05010906a101750195080507" "19e029e7150025018102950175088101950575010508"
                           "1901290591029501750391019506750815" "0025ff0507190029ff8100c0")


def fix(b, at):
    """The byte at `at` set so that the bytes sum to 0."""
    b[at] = 0
    b[at] = -sum(b) & 0xFF


def table():
    t0 = bytes([0, 0x18, 0, 0, 1, 2, 0, 0xE8, 3]) + bytes(15) + b"SeaBIOS\0rel-1.16\0" b"04/01/2014\0\0"
    t1 = bytes([1, 0x1B, 1, 0, 1, 2, 3, 4]) + bytes([0xDE, 0xAD, 0xBE, 0xEF] * 4) + bytes([6, 0, 0]) + \
        b"QEMU\0Standard PC (i440FX + PIIX, 1996)\0pc-i440fx-7.2\0SERIAL-12345\0\0"
    return t0 + t1 + bytes([127, 4, 2, 0, 0, 0])


def ep2(table_at, length):
    b = bytearray(31)
    b[0:4] = b"_SM_"
    b[5], b[6], b[7] = 0x1F, 2, 8
    b[16:21] = b"_DMI_"
    struct.pack_into("<HIH", b, 22, length, table_at, 3)
    dmi = bytearray(b[16:31])
    fix(dmi, 5)
    b[16:31] = dmi
    fix(b, 4)
    return bytes(b)


def ep3(table_at, length):
    b = bytearray(24)
    b[0:5] = b"_SM3_"
    b[6], b[7], b[8] = 0x18, 3, 0
    struct.pack_into("<IQ", b, 12, length, table_at)
    fix(b, 5)
    return bytes(b)


def area(entry, at=0x40, table_off=0x100):
    img = bytearray(0x400)
    img[at:at + len(entry)] = entry
    t = table()
    img[table_off:table_off + len(t)] = t
    return bytes(img)


def write(folder, name, data):
    os.makedirs(os.path.join(HERE, folder), exist_ok=True)
    with open(os.path.join(HERE, folder, name), "wb") as f:
        f.write(data)


def main():
    t = table()
    write("smbios_corpus", "seabios28.smb", area(ep2(AREA + 0x100, len(t))))
    write("smbios_corpus", "smbios30.smb", area(ep3(AREA + 0x100, len(t))))
    broken = bytearray(area(ep2(AREA + 0x100, len(t))))
    broken[0x40 + 6] ^= 1
    write("smbios_corpus", "bad_checksum", bytes(broken))
    write("smbios_corpus", "bad_empty", b"")
    head = b"HWINFO format=1 hash=0a1b2c3d\n"
    usb = bytes([1, 3, 5, 0, 0, len(KBD_CFG), 0, len(KBD_REPORT), 0]) + KBD_DEV + KBD_CFG + KBD_REPORT
    verbs = b"".join(struct.pack("<II", (0x0 << 20) | 0xF0000 | p, r)
                     for p, r in ((0, 0x1AF40022), (4, 0x00010001), (9, 0x00400000)))
    write("hwreport_corpus", "qemu_kbd.hwr", head + usb + verbs + b"xhci0: port 5: reset timed out")
    write("hwreport_corpus", "bad_no_header", usb + verbs)
    write("hwreport_corpus", "bad_upper_hash", b"HWINFO format=1 hash=0A1B2C3D\n")


if __name__ == "__main__":
    main()
