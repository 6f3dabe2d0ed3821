"""bootlog_tests.py: LOG.TXT (issue 33 part 1, docs/save.md "LOG.TXT") — every boot that finds a writable
save area keeps its COM1 log on the stick, beside the previous boot's. On a writable xHCI stick, an EHCI
stick, an AHCI and an IDE disk: the file holds every COM1 line of the boot in order up to `ready`, and the
second boot keeps the first boot's log whole. Power cuts in the log's writes (logcut=N, logtear=N) leave
the older log readable and `fsck.fat -n` clean; a boot killed before it finished starting is reported by
the next one (COM1, and the title's line pixel for pixel as the host renders it). Registered through
save_tests.TESTS.
"""

import importlib.util
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import image                    # noqa: E402
import save_tests as st         # noqa: E402

RE_HEADER = r"^Shardfall boot log: boot (\d+), (starting|started), (\d+) lines lost"
RE_STARTED = r"^save: wrote LOG\.TXT \(\d+ bytes at \d+\) in [\d.]+ ms$"
RE_PADS = r"^bringup: stage=pads "
HALF = 32768
HEADER = 128
DEVICES = {
    "usb_xhci": (dict(boot="usb"), r"USB stick \(xHCI port \d+\)"),
    "usb_ehci": (dict(boot="usb_ehci"), r"USB stick \(EHCI port \d+\)"),
    "ahci": (dict(boot="hdd", machine="q35"), r"AHCI port \d+.*"),
    "ide": (dict(boot="hdd", machine="pc"), r"IDE primary master.*"),
}


def halves(disk):
    """LOG.TXT's two halves as (boot, state, text) or None, read by mtools."""
    data = st.files(disk)["LOG.TXT"]
    assert len(data) == 2 * HALF, "LOG.TXT has %d bytes" % len(data)
    out = []
    for h in range(2):
        part = data[h * HALF:(h + 1) * HALF].decode("latin-1")
        m = re.match(RE_HEADER, part)
        out.append((int(m.group(1)), m.group(2), part[HEADER:].rstrip(" \n") + "\n") if m else None)
        assert part.endswith("\n"), "half %d does not end in a newline" % h
    return out, data


def boot_started(ctx, disk, kw, opts=None):
    """A boot to the bring-up's end and its LOG.TXT write after it; then the power cut. Its COM1 text."""
    m = ctx.machine(disk=disk, opts=opts, **kw)
    m.wait_for(st.RE_READY, st.READY_TIMEOUT_S)
    mark = m.wait_for(RE_PADS, st.READY_TIMEOUT_S)
    m.wait_for(RE_STARTED, 5, since=m.serial().index(mark.group(0)))
    time.sleep(0.2)
    serial = m.serial()
    m.power_cut()
    return serial


def same_lines_to_ready(serial, text, what):
    """The file's text starts with the kernel's COM1 lines, in order, through `ready` (and goes on after it)."""
    lines = text.splitlines()
    got = serial.splitlines()
    assert lines, "%s: no text" % what
    start = got.index(lines[0]) if lines[0] in got else -1
    assert start >= 0, "%s: the file's first line %r is not on COM1" % (what, lines[0])
    ready = got.index("ready", start)
    want = got[start:ready + 1]
    assert lines[:len(want)] == want, "%s: LOG.TXT differs from COM1 at line %d: %r != %r" % (
        what, next(i for i, (a, b) in enumerate(zip(lines, want)) if a != b), lines, want)
    return len(want)


def log_kept(kind):
    def run(ctx):
        kw, device_re = DEVICES[kind]
        disk = st.stick(ctx)
        serial1 = boot_started(ctx, disk, kw)
        (h0, h1), _ = halves(disk)
        assert h0 and h0[:2] == (1, "started") and h1 is None, "after boot 1: %r %r" % (h0 and h0[:2], h1)
        n1 = same_lines_to_ready(serial1, h0[2], "boot 1")
        assert re.search(r"^save: %s, partition 4," % device_re, h0[2], re.M), "boot 1's log names no save area"
        serial2 = boot_started(ctx, disk, kw)
        (g0, g1), _ = halves(disk)
        assert g0 == h0, "boot 2 changed boot 1's half"
        assert g1 and g1[:2] == (2, "started"), "after boot 2: %r" % (g1 and g1[:2],)
        n2 = same_lines_to_ready(serial2, g1[2], "boot 2")
        assert "log: the last start" not in serial2, "boot 1 finished starting, yet it was reported"
        changed = st.check_disk(ctx, disk)
        ctx.note("%s: LOG.TXT holds COM1 through `ready` (%d and %d lines), boot 1's half kept whole by boot 2; "
                 "%d sectors changed, all inside the save files; fsck clean" % (kind, n1, n2, changed))
    return run


def test_unfinished_start_reported(ctx):
    """A boot stopped after the save area opened, before the bring-up's end was written (logcut=65: the
    first write is the half's 63 text sectors and its header; the 65th is the "started" write's first):
    the next boot says so on COM1 and on the title, pixel for pixel the host's render; the menu clears
    it; the boot after that says nothing."""
    disk = st.stick(ctx)
    m = ctx.machine(disk=disk, boot="usb", opts="logcut=%d" % (FIRST_WRITE + 1))
    m.wait_for(r"^log: boot 1 into half 0 of LOG\.TXT", st.READY_TIMEOUT_S)
    m.wait_for(r"^savecut: stopped after write %d$" % (FIRST_WRITE + 1), 10)
    m.power_cut()
    (h0, h1), _ = halves(disk)
    assert h0 and h0[:2] == (1, "starting") and h1 is None, "after the cut: %r %r" % (h0 and h0[:2], h1)
    m = ctx.machine(disk=disk, boot="usb")
    m.wait_for(st.RE_READY, st.READY_TIMEOUT_S)
    m.wait_for(r"^log: the last start \(boot 1\) did not finish: LOG\.TXT has its log$", 10)
    m.wait_for(r"^title: The last start did not finish: LOG\.TXT has its log$", 2)
    frame = st.saves_known(m, "unfinished.ppm")
    host = os.path.join(ctx.outdir, "host_unfinished.png")
    out = subprocess.run([ctx.hostframe, "0", host, "--start-unfinished"], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    band = image.Rect(0, 99, 320, 20)           # the crash report's band, which this line shares
    bad = [p for p in image.diff_pixels(frame, image.load_golden(host)) if band.contains(*p)]
    assert not bad, "the title's line differs from the host's render in %d pixels" % len(bad)
    st.tap(m, "ret", st.RE_MENU)
    mark = m.wait_for(RE_PADS, st.READY_TIMEOUT_S)
    m.wait_for(RE_STARTED, 5, since=m.serial().index(mark.group(0)))
    time.sleep(0.2)
    m.power_cut()
    (g0, g1), _ = halves(disk)
    assert g0 == h0 and g1 and g1[:2] == (2, "started"), "boot 2: %r" % (g1 and g1[:2],)
    assert "did not finish: LOG.TXT" in g1[2], "boot 2's log does not say boot 1 did not finish"
    m = ctx.machine(disk=disk, boot="usb")
    m.wait_for(st.RE_READY, st.READY_TIMEOUT_S)
    m.wait_for(r"^log: boot 3 into half 0 of LOG\.TXT", 10)
    assert "did not finish" not in m.serial(), "boot 2 finished starting, yet reported"
    m.power_cut()
    st.check_disk(ctx, disk)
    ctx.note("a start stopped before its `started` write: boot 2 says so on COM1 and the title (the host's "
             "render, pixel for pixel), boot 1's log kept; boot 3 says nothing")


FIRST_WRITE = 64                        # a boot's first write: its half's 63 text sectors, then the header sector
LOG_CUTS = (1, 2, 32, 63, 64, 65)       # 65: the first sector of the "started" write


def test_log_power_cuts(ctx):
    """logcut=N and logtear=N on the second boot's log writes (the first write's text sectors, its
    header sector, the next write): the first boot's log stays whole and readable, the stick fsck-clean,
    and the boot after names the newest complete log's boot right."""
    base = st.stick(ctx, "log-base.img")
    boot_started(ctx, base, dict(boot="usb"))
    (h0, _), _ = halves(base)
    for n in LOG_CUTS:
        for tear in (False, True):
            disk = os.path.join(ctx.outdir, "logcut%d%s.img" % (n, "t" if tear else ""))
            with open(base, "rb") as a, open(disk, "wb") as b:
                b.write(a.read())
            m = ctx.machine(disk=disk, boot="usb", opts="%s=%d" % ("logtear" if tear else "logcut", n))
            m.wait_for(r"^savecut: stopped after write %d$" % n, st.READY_TIMEOUT_S)
            m.power_cut()
            (g0, g1), _ = halves(disk)
            assert g0 == h0, "cut %d%s: boot 1's log changed" % (n, " torn" if tear else "")
            # the header sector is written last: before it, half 1 has no header; from it on, boot 2's
            assert (g1 is None) == (n < 64), "cut %d%s: half 1 is %r" % (n, " torn" if tear else "", g1 and g1[:2])
            st.check_disk(ctx, disk)
    ctx.note("LOG.TXT cut and torn at writes %s of the second boot: boot 1's log whole each time, "
             "boot 2's header only once its text was on the stick; fsck clean" % (LOG_CUTS,))


V1_TOOL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "oldsticks", "mksave_v1.py")  # 99ca3f2's tool


def test_old_stick(ctx):
    """A stick made by the previous version: the built image with its save partition as that version's
    tools/mksave.py made it (128 KiB, four files; the rest of the partition zeros). It opens, the kernel
    makes the new files that fit in its root (a quarter of their size), LOG.TXT is written, Music off is
    saved and back after a power cut; fsck.fat -n clean; nothing outside the partition written."""
    src = V1_TOOL
    spec = importlib.util.spec_from_file_location("mksave_v1", src)
    v1 = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(v1)
    with open(os.path.join(os.path.dirname(os.path.abspath(ctx.iso)), "imageid.txt")) as f:
        image_id = f.read().strip()
    disk = st.stick(ctx, "old.img")
    with open(disk, "r+b") as f:
        img = f.read()
        _, first, count, _ = st.mksave.find_partition(img)
        f.seek(first * st.SECTOR)
        f.write(v1.make_partition(image_id) + bytes((count - v1.PART_SECTORS) * st.SECTOR))
    with open(disk, "rb") as f:
        before = f.read()
    m = ctx.machine(disk=disk, boot="usb")
    m.wait_for(r"^save: creating 160 clusters at 33: ", st.READY_TIMEOUT_S)
    m.wait_for(r"^save: made the files of this version on USB stick", 10)
    records, _ = st.opened(m, st.DEVICES["usb_bios"][1])
    m.wait_for(r"^log: boot 1 into half 0 of LOG\.TXT \(8192 bytes each\)$", 5)
    m.wait_for(st.RE_READY, st.READY_TIMEOUT_S)
    st.tap(m, "ret", st.RE_MENU)
    for item in ("instructions", "controls", "music"):
        st.tap(m, "down", r"^menu: cursor=\d+ %s$" % item)
    mark = m.mark()
    m.tap("ret")
    m.wait_for(st.RE_WROTE.replace(r"(\w+)", "settings"), 5, since=mark)
    m.power_cut()
    m = ctx.machine(disk=disk, boot="usb")
    records, _ = st.opened(m, st.DEVICES["usb_bios"][1])
    assert records == 1, "%d records after the cut" % records
    m.wait_for(r"^progress: loaded, music off", 5)
    m.wait_for(r"^log: boot 2 into half 1 of LOG\.TXT", 5)
    assert "creating" not in m.serial(), "the files made twice"
    m.power_cut()
    with open(disk, "rb") as f:
        now = f.read()
    outside = [s for s in range(len(now) // st.SECTOR) if not first <= s < first + count and
               now[s * st.SECTOR:(s + 1) * st.SECTOR] != before[s * st.SECTOR:(s + 1) * st.SECTOR]]
    assert not outside, "sectors outside the save partition written: %s" % outside[:10]
    part = os.path.join(ctx.outdir, "old-part.img")
    with open(part, "wb") as f:
        f.write(now[first * st.SECTOR:(first + v1.PART_SECTORS) * st.SECTOR])
    r = subprocess.run(["fsck.fat", "-n", part], capture_output=True, text=True)
    assert r.returncode == 0, "fsck.fat -n: %s" % r.stdout
    r = subprocess.run(["mdir", "-i", part, "::"], capture_output=True, text=True)
    sizes = {a + "." + b: int(c) for a, b, c in re.findall(r"^(\w+)\s+(TXT|DAT)\s+(\d+)", r.stdout, re.M)}
    assert sizes.get("LOG.TXT") == 16384 and sizes.get("CRASHRPL.DAT") == 24576, "the files: %s" % sizes
    ctx.note("an old 128 KiB save area: opened, the new files made in its root (%s), Music off back after a "
             "power cut, fsck clean, nothing outside the partition written" % sizes)


TESTS = [("bootlog_%s" % k, log_kept(k), (), ()) for k in DEVICES]
TESTS += [("save_old_stick", test_old_stick, (), ())]
TESTS += [("bootlog_unfinished", test_unfinished_start_reported, (), ()),
          ("bootlog_cuts", test_log_power_cuts, (), ())]
