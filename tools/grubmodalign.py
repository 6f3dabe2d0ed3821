#!/usr/bin/python3
"""grubmodalign.py: a copy of a GRUB i386-pc module whose code starts on a 4 KiB page of its own.

Usage: tools/grubmodalign.py IN.mod OUT.mod

GRUB 2.06 loads a module as one block, aligned to the largest sh_addralign of
its sections (grub_dl_load_segments, grub_memalign). test.mod's sections ask
for 4 bytes at most, so its code lands in the same 4 KiB page as GRUB's
busiest small buffers. Under QEMU's TCG a page that holds translated code
sends every store to it down a slow path (code-page tracking): once grub.cfg's
first `[` has run, 52,000 stores of the BIOS boot took it, 20-30 ms of host
time (docs/bootwall.md). With .text aligned to 4096 the block starts a page
that holds only the module (its code is under 4 KiB). Nothing else changes:
the same bytes, relocations and symbols; only .text's sh_addralign. i386-pc
loads modules unverified; the UEFI images are left alone.
"""
import struct
import sys

PAGE = 4096


def align_text(data):
    """The module's bytes with .text's sh_addralign set to PAGE; ValueError if it is not a 32-bit LE ELF with a .text under a page."""
    if data[:4] != b"\x7fELF" or data[4] != 1 or data[5] != 1:
        raise ValueError("not a 32-bit little-endian ELF file")
    shoff, = struct.unpack_from("<I", data, 0x20)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x2E)
    if shentsize != 40 or shstrndx >= shnum or shoff + shnum * shentsize > len(data):
        raise ValueError("bad section header table")
    strtab_off, = struct.unpack_from("<I", data, shoff + shstrndx * shentsize + 16)
    out = bytearray(data)
    for i in range(shnum):
        at = shoff + i * shentsize
        name, _type, flags, _addr, _off, size, _link, _info, align = struct.unpack_from("<IIIIIIIII", data, at)
        end = data.index(b"\0", strtab_off + name)
        if data[strtab_off + name:end] == b".text":
            if size > PAGE:
                raise ValueError(".text is %d bytes: more than a page" % size)
            struct.pack_into("<I", out, at + 32, PAGE)
            return bytes(out)
    raise ValueError("no .text section")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.split("\n\n")[1])
    with open(sys.argv[1], "rb") as f:
        data = f.read()
    try:
        out = align_text(data)
    except ValueError as e:
        sys.exit("grubmodalign: %s: %s" % (sys.argv[1], e))
    with open(sys.argv[2], "wb") as f:
        f.write(out)


if __name__ == "__main__":
    main()
