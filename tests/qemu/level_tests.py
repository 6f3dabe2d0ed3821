"""level_tests.py: the QEMU tests of levels — scripted play equal to the host and the goldens, the seed trace, level files.

Used by run_tests.py (each test gets its Context); see README.md for the table.
"""

import os
import re
import subprocess
import time

import session_tests            # host_session: the host render of a session

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
READY_TIMEOUT_S = 20.0          # as run_tests.py: QEMU start to the first frame, generously
TICK_HZ = 140                   # as run_tests.py
RE_FROZEN = r"^READY tick=(\d+) crc=([0-9A-F]{8})$"   # as run_tests.py
LEVEL_TICKS = 40                        # world frames (13 PIT ticks each)
LEVEL_INPUT = "r24,rj5,r6,l3,.2"        # game/engine/script.h: walk, jump up the hill, turn
SEEDS_TICKS = 14                        # the frame with all four seed subsystems on screen
SEEDS_INPUT = "r3,rj4,j2,.4"            # run, jump, pounce the barrel under the low ceiling
TRACE_TICKS = 60


def run_host(ctx, args):
    """Run the host build of the game (build/hostrun); return its last `crc=` value."""
    assert ctx.hostrun, "no --hostrun binary given: cannot compare with the host build"
    out = subprocess.run([ctx.hostrun] + args, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, "%s %s failed: %s" % (ctx.hostrun, " ".join(args), out.stderr.strip())
    crcs = re.findall(r"crc=([0-9A-F]{8})", out.stdout)
    assert crcs, "no crc in host output %r" % out.stdout
    return crcs[-1]


def level_parity(ctx, level, ticks, script, golden):
    """Play `level` for `ticks` frames of `script` in QEMU and on the host: the
    READY crc, the screendump's crc and the host's crc agree, and the frame
    equals tests/golden/<golden>."""
    m = ctx.machine(opts="level=%s ticks=%d input=%s" % (level, ticks, script))
    match = m.wait_for(RE_FROZEN, READY_TIMEOUT_S + ticks * 13 / TICK_HZ + 5)
    tick, crc = int(match.group(1)), match.group(2)
    assert tick == ticks, "READY reports tick=%d, want %d" % (tick, ticks)
    frame = m.screendump(level)
    assert frame.crc() == crc, "READY crc=%s but the screendump's planes give %s" % (crc, frame.crc())
    host_png = os.path.join(ctx.outdir, "host_%s.png" % level)
    host = run_host(ctx, [level, str(ticks), "--input", script, "--png", host_png])
    ctx.note("QEMU READY crc=%s, host crc=%s" % (crc, host))
    assert host == crc, "host crc=%s differs from QEMU's %s; compare %s with %s" % (
        host, crc, host_png, os.path.join(ctx.outdir, level + ".png"))
    ctx.check_golden(frame, golden)


def test_level_golden(ctx):
    """The test level after LEVEL_TICKS frames of scripted input: QEMU, host and golden agree."""
    level_parity(ctx, "test", LEVEL_TICKS, LEVEL_INPUT, "level_test_%d.png" % LEVEL_TICKS)


def test_seeds_golden(ctx):
    """Seed subsystems on screen at once: a shard burst, a spawner under a low
    ceiling, a platform on its loop, a fountain at full height (game/levels/seeds.tmj)."""
    level_parity(ctx, "seeds", SEEDS_TICKS, SEEDS_INPUT, "seeds_%d.png" % SEEDS_TICKS)


def test_seeds_trace(ctx):
    """The `trace` option: QEMU's per-frame lines for every spawner, shard,
    platform and fountain equal the host build's, frame for frame."""
    m = ctx.machine(opts="level=seeds ticks=%d input=%s trace" % (TRACE_TICKS, SEEDS_INPUT))
    m.wait_for(RE_FROZEN, READY_TIMEOUT_S + TRACE_TICKS * 13 / TICK_HZ + 10)
    guest = [l for l in m.serial_lines() if l.startswith("T=")]
    assert ctx.hostrun, "no --hostrun binary given"
    out = subprocess.run([ctx.hostrun, "seeds", str(TRACE_TICKS), "--input", SEEDS_INPUT, "--trace"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    host = [l for l in out.stdout.splitlines() if l.startswith("T=")]
    kinds = sorted({l.split()[1] for l in guest})
    ctx.note("%d trace lines from QEMU (%s)" % (len(guest), ", ".join(kinds)))
    for want in ("player", "spawner", "shard", "platform", "fountain"):
        assert want in kinds, "no %s line in the trace" % want
    for i, (g, h) in enumerate(zip(guest, host)):
        assert g == h, "trace line %d differs:\n  QEMU: %s\n  host: %s" % (i + 1, g, h)
    assert len(guest) == len(host), "QEMU printed %d trace lines, host %d" % (len(guest), len(host))


def test_level_bad(ctx):
    """A corrupt level file from the boot disk: a clear error on screen and COM1, no crash."""
    good = os.path.join(REPO, "build", "levels", "test.lvl")
    assert os.path.exists(good), "%s missing: run make" % good
    data = bytearray(open(good, "rb").read())
    data[30] ^= 0x55                    # first map cell: the CRC no longer matches
    bad = os.path.join(ctx.outdir, "level.lvl")
    with open(bad, "wb") as f:
        f.write(data)
    m = ctx.machine(opts="level=disk", files={"level.lvl": bad})
    line = m.wait_for(r"^ERROR: BAD LEVEL FILE: level: (.*)$", READY_TIMEOUT_S + 5)
    ctx.note("serial: %s" % line.group(0))
    assert "CRC" in line.group(1), "error does not name the CRC problem: %r" % line.group(1)
    time.sleep(0.3)
    frame = m.screendump("error")
    hist = frame.histogram()
    assert frame.dominant_colour() == 4, "error screen is not red (dominant %d)" % frame.dominant_colour()
    assert hist[14] > 200 and hist[15] > 200, "error screen lacks its yellow/white text"
    assert m.running(), "QEMU died on a bad level"


def test_level_module(ctx):
    """A good level file next to the kernel (GRUB module) is played instead of the built-in one.
    GRUB puts the module right after the image it loaded, in the late BSS: the kernel moves it
    above (kernel/mem/latemem.c) before zeroing that, and the level's own CRC-32 still checks."""
    good = os.path.join(REPO, "build", "levels", "test.lvl")
    size = os.path.getsize(good)
    m = ctx.machine(opts="level=disk ticks=5", files={"level.lvl": good})
    moved = m.wait_for(r"^latemem: module 0 moved from 0x([0-9a-f]{8}) to 0x([0-9a-f]{8}) \((\d+) bytes\)$",
                       READY_TIMEOUT_S + 5)
    assert int(moved.group(3)) == size, "moved %s bytes, the file has %d" % (moved.group(3), size)
    m.wait_for(r"^level: 'disk' from GRUB module 0 \(%d bytes\)$" % size, READY_TIMEOUT_S + 5)
    m.wait_for(RE_FROZEN, 5)
    ctx.note("module moved 0x%s -> 0x%s, %d bytes; the level checks and plays" % (moved.group(1), moved.group(2), size))


EPISODE_LEVELS = ["e1l%d" % n for n in range(1, 11)] + ["e1bonus"]   # game/shell/episode.c


def test_level_select(ctx):
    """level=NAME boots each episode level and the bonus level alone: `session: level 1
    start name=NAME`, and the first frame (ticks=1) equals the host's (hostframe --level NAME)."""
    sizes = []
    for name in EPISODE_LEVELS:
        m = ctx.machine(opts="level=%s ticks=1" % name)
        m.wait_for(r"^session: level 1 start name=%s$" % name, READY_TIMEOUT_S)
        size = m.wait_for(r"^level: (\d+x\d+) tiles, (\d+) actors$", 5)
        match = m.wait_for(RE_FROZEN, 10)
        crc, png = session_tests.host_session(ctx, "level_" + name, "1", level=name)
        assert match.group(2) == crc, "%s: READY crc=%s, host %s (%s)" % (name, match.group(2), crc, png)
        m.quit()
        sizes.append("%s %s" % (name, size.group(1)))
    ctx.note("%d levels booted by name, first frames equal the host's: %s" % (len(sizes), ", ".join(sizes)))
