"""harness_tests.py: host-only tests of the harness itself — a missing QEMU, image planes and CRCs, tone measurement.

Used by run_tests.py (each test gets its Context); see README.md for the table.
"""

import os

import audio
import image
import qemu

TICK_HZ = 140                   # as run_tests.py
FREQ_TOLERANCE = 0.03           # as run_tests.py: measured vs 1193182/D


def test_missing_qemu(ctx):
    bogus = os.path.join(ctx.outdir, "no-such-dir", "qemu-system-i386")
    try:
        qemu.Machine(ctx.iso, ctx.outdir, qemu=bogus)
    except qemu.QemuNotFound as err:
        text = str(err)
        assert bogus in text and qemu.QEMU_PACKAGE in text, "unclear error: %s" % text
        ctx.note("raised: %s" % text)
        return
    raise AssertionError("Machine() with %s did not raise QemuNotFound" % bogus)


def test_harness_image(ctx):
    """Host-only: planes, CRC and screendump mapping on synthetic frames (no QEMU)."""
    import random
    import zlib
    rng = random.Random(280)
    px = bytearray(rng.randrange(16) for _ in range(image.SCREEN_W * image.SCREEN_H))
    px[0], px[7], px[8] = 0b0101, 0b1000, 0b0011     # known bits in the first bytes
    frame = image.Frame(px)
    planes = frame.planes()
    assert [len(p) for p in planes] == [image.PLANE_BYTES] * 4
    assert planes[0][0] & 0x80 and not planes[1][0] & 0x80 and planes[2][0] & 0x80, "pixel 0 bits"
    assert planes[3][0] & 0x01 and planes[0][1] & 0x80 and planes[1][1] & 0x80, "pixels 7 and 8 bits"
    assert image.frame_from_planes(planes) == frame, "planes do not round-trip"
    assert frame.crc() == "%08X" % zlib.crc32(b"".join(planes)), "crc is not zlib.crc32 of planes 0..3"
    assert image.Frame(bytes(64000)).crc() == "%08X" % zlib.crc32(bytes(32000)), "black frame crc"
    from PIL import Image
    dump = Image.new("RGB", (640, 400))
    dump.putdata([image.EGA_RGB_QEMU[px[(y // 2) * 320 + x // 2]] for y in range(400) for x in range(640)])
    assert image.frame_from_image(dump) == frame, "640x400 QEMU-level screendump does not map back"
    path = os.path.join(ctx.outdir, "frame.png")
    frame.save_png(path)
    assert image.load_golden(path) == frame, "golden PNG does not round-trip"
    ctx.note("synthetic frame crc %s" % frame.crc())


def test_harness_audio(ctx):
    """Host-only: the tone measurement on a generated square-wave WAV (no QEMU)."""
    path = os.path.join(ctx.outdir, "synthetic.wav")
    divisors = [1193] * 6 + [795] * 6 + [0] * 2 + [2386] * 6
    audio.write_square_wav(path, [(audio.PIT_HZ / d if d else 0, 1.0 / TICK_HZ) for d in divisors])
    for line in audio.check_effect(path, divisors, FREQ_TOLERANCE):
        ctx.note(line)
    try:
        audio.check_effect(path, [1250] * 6 + [795] * 6 + [0] * 2 + [2386] * 6, FREQ_TOLERANCE)
    except audio.AudioError:
        return
    raise AssertionError("a 4.6% frequency error was not detected")
