"""kpack_tests.py: QEMU tests of the BIOS boot's packed kernel (boot/unpack.S, unpack.c; docs/boot.md): a damaged image is refused.

Every other BIOS boot of the suite goes through the stub too; this one breaks the packed bytes on purpose.
Registered through fault_tests.TESTS (run_tests.py is at its size limit).
"""

import os
import re
import time

import qemu

RE_DAMAGED = (r"^Shardfall: the kernel image on this disk is damaged \(unpacked (\d+) of (\d+) bytes\): "
              r"write the image again$")
RE_KERNEL = r"^Shardfall kernel \S+ booting$"
DAMAGED_TIMEOUT_S = 20.0        # QEMU's start, SeaBIOS, GRUB, the stub: a few seconds
STOPPED_S = 1.0                 # after the message: nothing more on COM1, the CPU halted
ZEROED = 4096                   # bytes of the packed stream zeroed: a 0 token then reads offset 0 (kunpack.c)
VGA_TEXT, VGA_CELLS = 0xB8000, 80 * 25


def damaged_copy(ctx):
    """A copy of the ISO with 4 KiB in the middle of the packed kernel's stream zeroed; returns its path."""
    with open(ctx.iso, "rb") as f:
        img = bytearray(f.read())
    with open(os.path.join(os.path.dirname(os.path.abspath(ctx.iso)), "kpack", "kernel.lz"), "rb") as f:
        blob = f.read()
    at = img.find(blob)
    assert at >= 0 and img.find(blob, at + 1) < 0, "the packed kernel does not lie once, whole, in the image"
    spot = at + len(blob) // 2
    img[spot:spot + ZEROED] = bytes(ZEROED)
    path = os.path.join(ctx.outdir, "damaged.iso")
    with open(path, "wb") as f:
        f.write(img)
    ctx.note("damaged.iso: %d bytes zeroed at offset %d of the %d-byte packed kernel (image offset 0x%x)" % (
        ZEROED, len(blob) // 2, len(blob), spot))
    return path


def vga_text(m):
    """The 80x25 text screen's characters (QMP pmemsave of 0xB8000), one string per row."""
    path = os.path.join(m.outdir, "vga-text.bin")
    m.qmp.command("pmemsave", val=VGA_TEXT, size=VGA_CELLS * 2, filename=path)
    with open(path, "rb") as f:
        cells = f.read()
    chars = "".join(chr(c) if 32 <= c < 127 else " " for c in cells[0::2])
    return [chars[r * 80:(r + 1) * 80] for r in range(25)], cells[1::2]


def test_damaged_image(ctx):
    """A CD whose packed kernel is damaged: the stub says so on COM1 and on the text screen, with how far it
    got, and stops there (halted, no kernel line) instead of jumping into half a kernel."""
    m = qemu.Machine(damaged_copy(ctx), ctx.outdir, boot="cdrom")
    ctx.machines.append(m)
    m.start()
    t0 = m.elapsed()
    got = m.wait_for(RE_DAMAGED, DAMAGED_TIMEOUT_S)
    done, total = int(got.group(1)), int(got.group(2))
    ctx.note("COM1 at %.2f s: %s" % (m.elapsed() - t0, got.group(0)))
    assert 0 < done < total, "unpacked %d of %d: the damage is mid-stream, so some but not all" % (done, total)
    time.sleep(STOPPED_S)
    assert not re.search(RE_KERNEL, m.serial(), re.M), "the kernel started after the stub's refusal"
    assert m.serial().count("Shardfall: the kernel image") == 1, "the line came more than once"
    regs = m.hmp("info registers")
    flags = re.search(r"EFL=([0-9a-f]{8})", regs)
    assert "HLT=1" in regs and flags and not int(flags.group(1), 16) & 0x200, \
        "the CPU is not halted with interrupts off after the message:\n%s" % regs.strip()
    rows, attrs = vga_text(m)
    screen = "".join(rows)
    want = got.group(0)
    assert screen.startswith(want), "the text screen does not start with the line:\n%s" % "\n".join(rows[:3])
    assert set(attrs[:len(want)]) == {0x4F}, "the line is not white on red"
    ctx.note("screen: %s" % rows[0].rstrip())


TESTS = [
    ("kpack_damaged_image", test_damaged_image, (), ()),
]
