#!/usr/bin/python3
"""kpack.py: pack the kernel's loaded bytes for the BIOS boot's unpacking stub (boot/unpack.S, docs/boot.md).

Usage: tools/kpack.py build/kernel-stripped.elf -o OUT.lz --header OUT.h --ld OUT.ld
       tools/kpack.py --raw FILE -o OUT.lz          (pack any file: the unit test's vectors)
       tools/kpack.py --drop-section-headers ELF     (the stub's ELF: GRUB then reads no section table)

The ELF's PT_LOAD segments (text, rodata, data) are laid flat from the first segment's address to
the end of the last segment's file data, page gaps as zeros (tools/mkpe.py's elf_flat); the BSS
(memsz - filesz of the last segment) is not packed: the stub zeroes it. The flat bytes are packed
in this format (ours, LZ4's block format in all but its end rules):

  stream   := sequence*                        (empty when the unpacked length is 0)
  sequence := token [lit_ext] literals [offset [match_ext]]
  token    := one byte: high nibble L = literal count, low nibble M = match length - 4
  lit_ext  := when L == 15: bytes b1..bn, each 255 except the last (< 255); count = 15 + their sum
  literals := count bytes copied to the output
  offset   := 16-bit little-endian distance back from the output position, 1..65535, never
              before the output's start
  match_ext:= when M == 15: as lit_ext; match length = 4 + 15 + their sum (minimum 4);
              the copy runs forward byte by byte, so it may overlap its own output

The stream ends when the output reaches the unpacked length: right after a sequence's literals
(then the token's M must be 0 and no offset follows) or after its match. A stream with bytes
left over, one that ends early, a copy past the end or an offset of 0 or before the start is
refused (the C unpacker boot/kunpack.c and unpack() here agree; tools/test_kpack.py).

The packer is a lazy LZ77 parse over hash chains of 4-byte prefixes (newest first, CHAIN_DEPTH
candidates), matches up to 64 KiB back; the result is unpacked again here and compared before
anything is written. --header writes the stub's constants (C and assembler), --ld the stub's
link address for boot/unpack.ld: the kernel's BSS end rounded up to a page, and the stream's
CRC-32 (zlib's), which the stub checks before it unpacks (boot/kunpack.c's kpack_crc32).
"""

import argparse
import os
import struct
import sys
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mkpe import elf_flat  # noqa: E402

MIN_MATCH = 4
MAX_OFFSET = 65535
CHAIN_DEPTH = 48                # candidates tried per position (newest first)
LAZY_DEPTH = 16                 # at the next position, when deciding whether to wait a byte
PAGE = 4096
ELF_SHOFF, ELF_SHENTSIZE = 32, 46       # e_shoff; e_shentsize, e_shnum, e_shstrndx follow


class Bad(Exception):
    """A packed stream the unpacker refuses."""


def _ext(n):
    """The 255-extension bytes of a nibble's overflow n (n >= 0)."""
    return b"\xff" * (n // 255) + bytes([n % 255])


def _sequence(out, lits, mlen, off):
    """Append one sequence: literals, then a match of mlen (0: none) at off."""
    ln = len(lits)
    mn = mlen - MIN_MATCH if mlen else 0
    out.append((min(ln, 15) << 4) | min(mn, 15))
    if ln >= 15:
        out += _ext(ln - 15)
    out += lits
    if mlen:
        out += struct.pack("<H", off)
        if mn >= 15:
            out += _ext(mn - 15)


class _Matcher:
    """Hash chains over 4-byte prefixes: each position's key -> the positions so far, oldest first."""

    def __init__(self, data):
        self.data = data
        self.chains = {}
        self.next = 0           # positions below this are inserted

    def insert_to(self, end):
        data, chains = self.data, self.chains
        for i in range(self.next, min(end, len(data) - MIN_MATCH + 1)):
            key = data[i:i + 4]
            lst = chains.get(key)
            if lst is None:
                chains[key] = [i]
            else:
                lst.append(i)
        self.next = max(self.next, end)

    def longest(self, i, depth):
        """(length, offset) of the longest match for position i among earlier positions."""
        data = self.data
        lim = len(data) - i
        if lim < MIN_MATCH:
            return 0, 0
        lst = self.chains.get(data[i:i + 4])
        if not lst:
            return 0, 0
        best, boff = 0, 0
        for k in range(len(lst) - 1, max(len(lst) - 1 - depth, -1), -1):
            j = lst[k]
            if i - j > MAX_OFFSET:
                break
            if best and (best >= lim or data[j + best] != data[i + best]):
                continue
            n = MIN_MATCH
            while n < lim:
                s = min(64, lim - n)
                x = int.from_bytes(data[i + n:i + n + s], "little") ^ int.from_bytes(data[j + n:j + n + s], "little")
                if x:
                    n += ((x & -x).bit_length() - 1) >> 3
                    break
                n += s
            if n > best:
                best, boff = n, i - j
                if n >= lim:
                    break
        return best, boff


def pack(data):
    """The packed stream of data (bytes)."""
    data = bytes(data)
    n = len(data)
    out = bytearray()
    m = _Matcher(data)
    i = lit_start = 0
    while i < n:
        m.insert_to(i)
        mlen, off = m.longest(i, CHAIN_DEPTH)
        if mlen >= MIN_MATCH and i + 1 < n:
            m.insert_to(i + 1)
            nlen, _ = m.longest(i + 1, LAZY_DEPTH)
            if nlen > mlen + 1:         # a byte later a match longer by 2 or more: take a literal now
                i += 1
                continue
        if mlen < MIN_MATCH:
            i += 1
            continue
        _sequence(out, data[lit_start:i], mlen, off)
        i += mlen
        lit_start = i
    if lit_start < n:
        _sequence(out, data[lit_start:n], 0, 0)
    return bytes(out)


def _read_ext(src, at, nib):
    n = nib
    if nib == 15:
        while True:
            if at >= len(src):
                raise Bad("the stream ends inside a length")
            b = src[at]
            at += 1
            n += b
            if b != 255:
                break
    return n, at


def unpack(src, length):
    """The unpacked bytes of a stream that must give exactly length bytes; raises Bad otherwise."""
    out = bytearray()
    at = 0
    while len(out) < length:
        if at >= len(src):
            raise Bad("the stream ends at %d of %d bytes" % (len(out), length))
        token = src[at]
        at += 1
        lits, at = _read_ext(src, at, token >> 4)
        if at + lits > len(src) or len(out) + lits > length:
            raise Bad("a literal run past the end at %d of %d bytes" % (len(out), length))
        out += src[at:at + lits]
        at += lits
        if len(out) == length:
            if token & 15:
                raise Bad("a match after the last byte")
            break
        if at + 2 > len(src):
            raise Bad("the stream ends inside an offset")
        off = src[at] | src[at + 1] << 8
        at += 2
        mlen, at = _read_ext(src, at, token & 15)
        mlen += MIN_MATCH
        if off == 0 or off > len(out):
            raise Bad("offset %d at %d bytes" % (off, len(out)))
        if len(out) + mlen > length:
            raise Bad("a match past the end at %d of %d bytes" % (len(out), length))
        start = len(out) - off
        if off >= mlen:
            out += out[start:start + mlen]
        else:
            for k in range(mlen):
                out.append(out[start + k])
    if at != len(src):
        raise Bad("%d bytes after the end of the stream" % (len(src) - at))
    return bytes(out)


def pack_checked(data):
    packed = pack(data)
    if unpack(packed, len(data)) != bytes(data):
        sys.exit("kpack: the packed stream does not unpack to its input (a packer bug)")
    return packed


def header(base, length, bss_end, entry, packed, stub):
    return ("/* Generated by tools/kpack.py: do not edit. The packed kernel for boot/unpack.S (docs/boot.md). */\n"
            "#define KP_DEST        0x%08X      /* the kernel's load address: its first segment */\n"
            "#define KP_LEN         %d          /* unpacked bytes: text, rodata, data, page gaps */\n"
            "#define KP_BSS_END     0x%08X      /* the kernel's __kernel_end: zeroed from KP_DEST + KP_LEN */\n"
            "#define KP_ENTRY       0x%08X      /* the kernel's ELF entry */\n"
            "#define KP_PACKED_LEN  %d          /* the stream's bytes (.incbin) */\n"
            "#define KP_STUB_ADDR   0x%08X      /* where the stub is linked: KP_BSS_END up to a page */\n"
            "#define KP_CRC         0x%08X      /* CRC-32 of the stream (zlib's): a damaged copy is refused */\n"
            % (base, length, bss_end, entry, len(packed), stub, zlib.crc32(packed)))


def drop_section_headers(path):
    """Clear an ELF's section-header fields and cut the file after its last segment's bytes:
    GRUB's multiboot loader reads the table and loads every unallocated section somewhere."""
    with open(path, "rb") as f:
        elf = bytearray(f.read())
    if elf[:4] != b"\x7fELF" or elf[4] != 1:
        sys.exit("kpack: %s is not a 32-bit ELF file" % path)
    phoff = struct.unpack_from("<I", elf, 28)[0]
    phentsize, phnum = struct.unpack_from("<HH", elf, 42)
    end = phoff + phentsize * phnum
    for k in range(phnum):
        _, off, _, _, filesz = struct.unpack_from("<IIIII", elf, phoff + k * phentsize)
        end = max(end, off + filesz)
    struct.pack_into("<I", elf, ELF_SHOFF, 0)
    struct.pack_into("<HHH", elf, ELF_SHENTSIZE, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(elf[:end])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("elf", nargs="?")
    ap.add_argument("-o", dest="out")
    ap.add_argument("--header")
    ap.add_argument("--ld")
    ap.add_argument("--raw", metavar="FILE")
    ap.add_argument("--drop-section-headers", metavar="ELF")
    args = ap.parse_args()
    if args.drop_section_headers:
        drop_section_headers(args.drop_section_headers)
        return
    if not args.out or not (args.elf or args.raw):
        sys.exit(__doc__.strip().splitlines()[2])
    t0 = time.monotonic()
    if args.raw:
        with open(args.raw, "rb") as f:
            data = f.read()
    else:
        with open(args.elf, "rb") as f:
            base, data, bss_end, entry = elf_flat(f.read())
    packed = pack_checked(data)
    with open(args.out, "wb") as f:
        f.write(packed)
    if args.elf:
        stub = (bss_end + PAGE - 1) // PAGE * PAGE
        if args.header:
            with open(args.header, "w") as f:
                f.write(header(base, len(data), bss_end, entry, packed, stub))
        if args.ld:
            with open(args.ld, "w") as f:
                f.write("/* Generated by tools/kpack.py: do not edit. */\nKP_STUB_ADDR = 0x%08X;\n" % stub)
    print("kpack: %s: %d bytes -> %d (%.1f%%) in %.1f s" % (args.raw or args.elf, len(data), len(packed),
                                                          100.0 * len(packed) / max(len(data), 1),
                                                          time.monotonic() - t0))


if __name__ == "__main__":
    main()
