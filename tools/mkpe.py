#!/usr/bin/python3
"""mkpe.py: wrap the kernel in a PE32+ file that shim can verify and GRUB can boot as multiboot2 (docs/secureboot.md).

Usage: tools/mkpe.py build/kernel-stripped.elf SBAT.csv -o build/kernel.pe [--check FILE]

Under Secure Boot GRUB 2.06 hands every kernel it loads to shim's Verify(), which checks only
signed PE images (PE32+, machine x86-64 for shimx64) with an .sbat section. So the kernel's
loadable bytes are laid out flat, as they lie in memory from 1 MiB, in one PE section; the
multiboot2 header at the start of that section gets the address tag (type 2: load these file
bytes at load_addr, zero up to bss_end_addr) and the entry tag (type 3) in the room boot/entry.S
keeps for them, so GRUB loads the file without ELF headers. The result is unsigned: sbsign signs it.

A second section holds an x86-64 EFI entry that returns EFI_UNSUPPORTED: started as an EFI
application by mistake, the file says no instead of running 32-bit code in 64-bit mode.
--check FILE: read a PE made by this tool (signed or not) back and say what GRUB will load.
"""

import argparse
import struct
import sys

MB2_MAGIC = 0xE85250D6
MB2_SEARCH = 32768              # GRUB looks for the header in the first 32 KiB, 8-byte aligned
MB2_TAG_END, MB2_TAG_ADDRESS, MB2_TAG_ENTRY = 0, 2, 3
MB2_TAG_SF_ROOM = 0x5346        # boot/entry.S: the room for the two tags
MB2_SF_ROOM_BYTES = 40
FILE_ALIGN = 0x200
SECTION_ALIGN = 0x1000
HEADERS = 0x200                 # SizeOfHeaders: DOS, PE, optional header and 3 section headers fit
IMAGE_BASE = 0x10000000
MACHINE_X64 = 0x8664
PE32PLUS = 0x020B
SUBSYSTEM_EFI_APP = 10
DLL_NX_COMPAT = 0x0100          # shim may require it (MOK policy); the stub writes nothing
FILE_EXECUTABLE = 0x0002
FILE_LARGE_ADDRESS_AWARE = 0x0020
SCN_CODE, SCN_DATA = 0x00000020, 0x00000040
SCN_EXECUTE, SCN_READ = 0x20000000, 0x40000000
EFI_STUB = bytes.fromhex("48b80300000000000080c3")     # mov rax, EFI_UNSUPPORTED (0x8000000000000003); ret


def align(n, a):
    return (n + a - 1) // a * a


def elf_flat(elf):
    """(base, flat bytes, bss_end, entry) of a 32-bit ELF's PT_LOAD segments laid out as in memory."""
    if elf[:4] != b"\x7fELF" or elf[4] != 1:
        sys.exit("mkpe: not a 32-bit ELF file")
    entry, phoff = struct.unpack_from("<II", elf, 24)
    phentsize, phnum = struct.unpack_from("<HH", elf, 42)
    loads = []
    for i in range(phnum):
        ptype, off, vaddr, _, filesz, memsz = struct.unpack_from("<IIIIII", elf, phoff + i * phentsize)
        if ptype == 1 and memsz:
            loads.append((vaddr, off, filesz, memsz))
    if not loads:
        sys.exit("mkpe: no PT_LOAD segment")
    base = min(v for v, _, _, _ in loads)
    end = max(v + f for v, _, f, _ in loads)
    flat = bytearray(end - base)
    for vaddr, off, filesz, _ in loads:
        flat[vaddr - base:vaddr - base + filesz] = elf[off:off + filesz]
    return base, flat, max(v + m for v, _, _, m in loads), entry


def mb2_header(data, start=0):
    """Offset (from start) of the first valid multiboot2 header GRUB would find, or None."""
    for off in range(0, min(len(data) - start, MB2_SEARCH) - 16, 8):
        magic, arch, length, check = struct.unpack_from("<IIII", data, start + off)
        if magic == MB2_MAGIC and (magic + arch + length + check) & 0xFFFFFFFF == 0:
            return off
    return None


def mb2_tags(data, hdr):
    """[(offset, type, flags, size)] of the header's tags, up to the end tag."""
    length = struct.unpack_from("<I", data, hdr + 8)[0]
    out, off = [], hdr + 16
    while off < hdr + length:
        typ, flags, size = struct.unpack_from("<HHI", data, off)
        out.append((off, typ, flags, size))
        if typ == MB2_TAG_END:
            break
        off += align(size, 8)
    return out


def fill_room(flat, base, bss_end, entry):
    """Write the address and entry tags into boot/entry.S's room in the flat image's mb2 header."""
    hdr = mb2_header(flat)
    if hdr is None:
        sys.exit("mkpe: no multiboot2 header in the kernel's first 32 KiB")
    room = [t for t in mb2_tags(flat, hdr) if t[1] == MB2_TAG_SF_ROOM]
    if len(room) != 1 or room[0][3] != MB2_SF_ROOM_BYTES:
        sys.exit("mkpe: the multiboot2 header has no %d-byte room tag 0x%04X (boot/entry.S)" % (
            MB2_SF_ROOM_BYTES, MB2_TAG_SF_ROOM))
    tags = struct.pack("<HHIIIII", MB2_TAG_ADDRESS, 0, 24, base + hdr, base, base + len(flat), bss_end)
    tags += struct.pack("<HHII", MB2_TAG_ENTRY, 0, 12, entry) + bytes(4)
    flat[room[0][0]:room[0][0] + MB2_SF_ROOM_BYTES] = tags


def section(name, vsize, rva, raw_size, raw_off, flags):
    return struct.pack("<8sIIIIIIHHI", name, vsize, rva, raw_size, raw_off, 0, 0, 0, 0, flags)


def build_pe(flat, sbat):
    """The PE32+ file: headers, .kernel (the flat image at file offset HEADERS), .text (the stub), .sbat."""
    parts = [(b".kernel", bytes(flat), SCN_CODE | SCN_EXECUTE | SCN_READ),
             (b".text", EFI_STUB, SCN_CODE | SCN_EXECUTE | SCN_READ),
             (b".sbat", sbat, SCN_DATA | SCN_READ)]
    rva, raw, headers, body = SECTION_ALIGN, HEADERS, b"", b""
    stub_rva = 0
    for name, data, flags in parts:
        raw_size = align(len(data), FILE_ALIGN)
        headers += section(name, len(data), rva, raw_size, raw, flags)
        body += data + bytes(raw_size - len(data))
        if name == b".text":
            stub_rva = rva
        rva = align(rva + len(data), SECTION_ALIGN)
        raw += raw_size
    code = align(len(flat), FILE_ALIGN) + align(len(EFI_STUB), FILE_ALIGN)
    opt = struct.pack("<HBBIIIIIQIIHHHHHHIIIIHHQQQQII", PE32PLUS, 0, 0, code, align(len(sbat), FILE_ALIGN), 0,
                      stub_rva, SECTION_ALIGN, IMAGE_BASE, SECTION_ALIGN, FILE_ALIGN, 0, 0, 0, 0, 0, 0, 0,
                      rva, HEADERS, 0, SUBSYSTEM_EFI_APP, DLL_NX_COMPAT, 0x10000, 0x10000, 0, 0, 0, 16)
    opt += bytes(16 * 8)                        # data directories: none (sbsign fills the certificate table)
    coff = struct.pack("<HHIIIHH", MACHINE_X64, len(parts), 0, 0, 0, len(opt),
                       FILE_EXECUTABLE | FILE_LARGE_ADDRESS_AWARE)
    dos = b"MZ" + bytes(58) + struct.pack("<I", 64)
    head = dos + b"PE\0\0" + coff + opt + headers
    assert len(head) <= HEADERS
    return head + bytes(HEADERS - len(head)) + body


def check(data):
    """What GRUB's multiboot2 loader and shim will see in a PE made here; exits on a problem."""
    if data[:2] != b"MZ":
        sys.exit("mkpe --check: no MZ header")
    pe = struct.unpack_from("<I", data, 60)[0]
    machine, nsect = struct.unpack_from("<HH", data, pe + 4)
    magic = struct.unpack_from("<H", data, pe + 24)[0]
    cert_off, cert_size = struct.unpack_from("<II", data, pe + 24 + 112 + 4 * 8)
    hdr = mb2_header(data)
    if machine != MACHINE_X64 or magic != PE32PLUS or hdr is None:
        sys.exit("mkpe --check: machine 0x%04x magic 0x%04x mb2 header %s" % (machine, magic, hdr))
    tags = {t[1]: t for t in mb2_tags(data, hdr)}
    if MB2_TAG_ADDRESS not in tags or MB2_TAG_ENTRY not in tags:
        sys.exit("mkpe --check: the multiboot2 header has no address or entry tag")
    header_addr, load, load_end, bss_end = struct.unpack_from("<IIII", data, tags[MB2_TAG_ADDRESS][0] + 8)
    entry = struct.unpack_from("<I", data, tags[MB2_TAG_ENTRY][0] + 8)[0]
    offset = hdr - (header_addr - load)
    print("mkpe: %d sections, multiboot2 header at file offset 0x%x: GRUB loads file bytes 0x%x..0x%x "
          "at 0x%08x..0x%08x, zeroes to 0x%08x, enters at 0x%08x; %s" % (
              nsect, hdr, offset, offset + load_end - load, load, load_end, bss_end, entry,
              "signed (certificate table %d bytes at 0x%x)" % (cert_size, cert_off) if cert_size else "unsigned"))
    if not (offset >= HEADERS and offset + load_end - load <= len(data) and load <= entry < load_end):
        sys.exit("mkpe --check: the load range or entry lies outside the file's kernel")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("elf", nargs="?")
    ap.add_argument("sbat", nargs="?")
    ap.add_argument("-o", dest="out")
    ap.add_argument("--check", metavar="FILE")
    args = ap.parse_args()
    if args.check:
        with open(args.check, "rb") as f:
            check(f.read())
        return
    if not (args.elf and args.sbat and args.out):
        sys.exit(__doc__.strip().splitlines()[2])
    with open(args.elf, "rb") as f:
        base, flat, bss_end, entry = elf_flat(f.read())
    fill_room(flat, base, bss_end, entry)
    with open(args.sbat, "rb") as f:
        sbat = f.read()
    with open(args.out, "wb") as f:
        f.write(build_pe(flat, sbat))


if __name__ == "__main__":
    main()
