"""kpack_tests.py: QEMU tests of the BIOS boot's packed kernel (boot/unpack.S, unpack.c, mbcheck.c; docs/boot.md):
a damaged image is refused, and so is a module GRUB put where the kernel is unpacked.

Every other BIOS boot of the suite goes through the stub too; these break the packed bytes, or leave out
grub-opts.cfg's --quirk-modules-after-kernel, on purpose. Registered through fault_tests.TESTS
(run_tests.py is at its size limit).
"""

import os
import re
import sys
import time
import zlib

import qemu

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
import kpack                   # noqa: E402  (tools/kpack.py: its unpacker, the stub's twin)

RE_DAMAGED = (r"^Shardfall: the kernel image on this disk is damaged \(checksum 0x([0-9A-F]+), want 0x([0-9A-F]+)\): "
              r"write the image again$")
RE_OVERLAP = (r"^Shardfall: the boot loader put its (.+) at 0x([0-9A-F]+) \((\d+) bytes\), where the kernel is "
              r"unpacked \(0x([0-9A-F]+) to 0x([0-9A-F]+)\): boot stopped$")
RE_KERNEL = r"^Shardfall kernel \S+ booting$"
DAMAGED_TIMEOUT_S = 20.0        # QEMU's start, SeaBIOS, GRUB, the stub: a few seconds
STOPPED_S = 1.0                 # after the message: nothing more on COM1, the CPU halted
MODULE_BYTES = 5000             # not a whole page: the line counts the file's bytes, not GRUB's pages
# GRUB 2.06's multiboot v1 loader puts a module at the lowest free address from 1 MiB up unless told
# --quirk-modules-after-kernel (boot/grub-opts.cfg passes it under BIOS): here it is not told. The
# options disk's file is read before grub-opts.cfg adds its entry, so this entry is the first, the default.
MODULE_ENTRY = (
    'menuentry "a module where the kernel is unpacked" {',
    "\tmultiboot /boot/kernel",
    "\tmodule ($optdev)/module.bin overlap",
    "\tboot",
    "}",
)
ZEROED = 4096                   # bytes of the packed stream zeroed: a 0 token then reads offset 0 (kunpack.c)
VGA_TEXT, VGA_CELLS = 0xB8000, 80 * 25


def zeroed(blob):
    """4 KiB in the middle of the stream zeroed (the unpacker itself refuses that)."""
    return blob[:len(blob) // 2] + bytes(ZEROED) + blob[len(blob) // 2 + ZEROED:]


def one_bit(blob):
    """One bit of the stream's last byte flipped: a literal the unpacker takes as it is (checked below), so
    only the checksum can tell."""
    return blob[:-1] + bytes([blob[-1] ^ 1])


def damaged_copy(ctx, damage):
    """A copy of the ISO whose packed kernel is damage(stream); returns its path and the damaged stream."""
    with open(ctx.iso, "rb") as f:
        img = bytearray(f.read())
    with open(build_file(ctx, "kernel.lz"), "rb") as f:
        blob = f.read()
    at = img.find(blob)
    assert at >= 0 and img.find(blob, at + 1) < 0, "the packed kernel does not lie once, whole, in the image"
    bad = damage(blob)
    img[at:at + len(blob)] = bad
    path = os.path.join(ctx.outdir, "damaged.iso")
    with open(path, "wb") as f:
        f.write(img)
    ctx.note("damaged.iso: %s, %d bytes of the %d-byte packed kernel differ (image offset 0x%x)" % (
        damage.__name__, sum(a != b for a, b in zip(blob, bad)), len(blob), at))
    return path, blob, bad


def build_file(ctx, name):
    """A file of the build beside the ISO (build/kpack/...)."""
    return os.path.join(os.path.dirname(os.path.abspath(ctx.iso)), "kpack", name)


def kpack_constants(ctx):
    """The stub's KP_ constants from build/kpack/kpack.h (tools/kpack.py), as {name: int}."""
    with open(build_file(ctx, "kpack.h")) as f:
        return {m.group(1): int(m.group(2), 0) for m in re.finditer(r"^#define (KP_\w+)\s+(\S+)", f.read(), re.M)}


def vga_text(m):
    """The 80x25 text screen's characters (QMP pmemsave of 0xB8000), one string per row."""
    path = os.path.join(m.outdir, "vga-text.bin")
    m.qmp.command("pmemsave", val=VGA_TEXT, size=VGA_CELLS * 2, filename=path)
    with open(path, "rb") as f:
        cells = f.read()
    chars = "".join(chr(c) if 32 <= c < 127 else " " for c in cells[0::2])
    return [chars[r * 80:(r + 1) * 80] for r in range(25)], cells[1::2]


def assert_stopped(ctx, m, line):
    """After the stub's one line (`line`, a COM1 match): nothing more, no kernel, no reset, the CPU halted with
    interrupts off, and the line white on red at the top of the text screen."""
    resets = m.resets()
    time.sleep(STOPPED_S)
    assert m.running(), "QEMU exited after the stub's line: a reset under -no-reboot (triple fault?)"
    assert m.resets() == resets, "QEMU logged a CPU reset after the stub's line (%d -> %d)" % (resets, m.resets())
    assert not re.search(RE_KERNEL, m.serial(), re.M), "the kernel started after the stub's refusal"
    assert m.serial().count("Shardfall: ") == 1, "the line came more than once, or another after it"
    regs = m.hmp("info registers")
    flags = re.search(r"EFL=([0-9a-f]{8})", regs)
    assert "HLT=1" in regs and flags and not int(flags.group(1), 16) & 0x200, \
        "the CPU is not halted with interrupts off after the message:\n%s" % regs.strip()
    rows, attrs = vga_text(m)
    screen = "".join(rows)
    want = line.group(0)
    assert screen.startswith(want), "the text screen does not start with the line:\n%s" % "\n".join(rows[:3])
    assert set(attrs[:len(want)]) == {0x4F}, "the line is not white on red"
    ctx.note("stopped: halted, interrupts off, %d CPU resets logged (all at QEMU's start); screen: %s" % (
        resets, rows[0].rstrip()))


def damaged_image(damage):
    """A CD whose packed kernel is damaged: the stub's checksum (tools/kpack.py's CRC-32 of the stream) says
    so on COM1 and on the text screen, with both values, and it stops there (halted, no kernel line) instead
    of unpacking it and jumping into a kernel that is not ours."""
    def run(ctx):
        path, blob, bad = damaged_copy(ctx, damage)
        if damage is one_bit:
            kpack.unpack(bad, kpack_constants(ctx)["KP_LEN"])  # raises kpack.Bad if the unpacker alone would refuse
        m = qemu.Machine(path, ctx.outdir, boot="cdrom", log_resets=True)
        ctx.machines.append(m)
        m.start()
        t0 = m.elapsed()
        got = m.wait_for(RE_DAMAGED, DAMAGED_TIMEOUT_S)
        crc, want = int(got.group(1), 16), int(got.group(2), 16)
        ctx.note("COM1 at %.2f s: %s" % (m.elapsed() - t0, got.group(0)))
        assert want == zlib.crc32(blob), "the stub wants 0x%08X, the stream's CRC-32 is 0x%08X" % (
            want, zlib.crc32(blob))
        assert crc == zlib.crc32(bad), "the stub's checksum 0x%08X is not the damaged stream's" % crc
        assert_stopped(ctx, m, got)
    return run


def test_module_over_kernel(ctx):
    """GRUB told to load a module without --quirk-modules-after-kernel puts it at 1 MiB, where the kernel is
    unpacked: the stub names it (the module, its address and size, the kernel's range) on COM1 and the text
    screen and stops, the module's bytes still as GRUB loaded them (nothing unpacked over them)."""
    kp = kpack_constants(ctx)
    module = b"".join(b"Shardfall module line %06d\n" % i for i in range(MODULE_BYTES // 29 + 1))[:MODULE_BYTES]
    path = os.path.join(ctx.outdir, "module.bin")
    with open(path, "wb") as f:
        f.write(module)
    m = qemu.Machine(ctx.iso, ctx.outdir, boot="cdrom", opts="", files={"module.bin": path},
                     grub_lines=MODULE_ENTRY, log_resets=True)
    ctx.machines.append(m)
    m.start()
    got = m.wait_for(RE_OVERLAP, DAMAGED_TIMEOUT_S)
    ctx.note("COM1 at %.2f s: %s" % (m.elapsed(), got.group(0)))
    what, at, size = got.group(1), int(got.group(2), 16), int(got.group(3))
    assert what == "module", "the stub named its %s, not the module" % what
    assert (int(got.group(4), 16), int(got.group(5), 16)) == (kp["KP_DEST"], kp["KP_BSS_END"]), \
        "the range named is not kpack.h's KP_DEST to KP_BSS_END (0x%X to 0x%X)" % (kp["KP_DEST"], kp["KP_BSS_END"])
    assert kp["KP_DEST"] <= at < kp["KP_BSS_END"] and size == MODULE_BYTES, \
        "the module at 0x%X (%d bytes) is not the %d-byte file inside the kernel's range" % (at, size, MODULE_BYTES)
    assert_stopped(ctx, m, got)
    dump = os.path.join(ctx.outdir, "module-in-ram.bin")
    m.qmp.command("pmemsave", val=at, size=MODULE_BYTES, filename=dump)
    with open(dump, "rb") as f:
        assert f.read() == module, "the module's bytes at 0x%X are not the file's: written over" % at
    ctx.note("guest RAM at 0x%X: the module's %d bytes as loaded" % (at, MODULE_BYTES))


TESTS = [
    ("kpack_damaged_image", damaged_image(zeroed), (), ()),
    ("kpack_one_bit_image", damaged_image(one_bit), (), ()),
    ("kpack_module_over_kernel", test_module_over_kernel, (), ()),
]
