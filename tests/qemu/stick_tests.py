"""stick_tests.py: the FAT32 file copy (issue 34, docs/save.md "The FAT32 copy") — the image's files on a FAT32
stick as Rufus's "ISO image" mode lays them out (an MBR, one FAT32 partition at 1 MiB) and as a hand copy
onto a stick with no partition table (tools/mkstick.py, with GRUB's i386-pc boot code as grub-install puts
it), booted under SeaBIOS and OVMF, on xHCI and on EHCI: it boots, the game finds /SHARDFALL by the image
id in its SAVE.DAT, Music off survives a power cut, `fsck.fat -n` stays clean and nothing outside the save
files' data changes. A read-only FAT32 stick and a full one name their medium on the title. Used by
run_tests.py; see README.md.
"""

import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))

import mkstick                  # noqa: E402
import mksave                   # noqa: E402
import qemu                     # noqa: E402

READY_TIMEOUT_S = 30.0
SECTOR = 512
CHUNK = 1 << 20
RE_READY = r"^ready$"
RE_MENU = r"^session: menu$"
RE_STICK = (r"^save: (.+?), (?:partition (\d+)|no partition table), folder SHARDFALL, (\d+) valid records, "
            r"newest seq=(\d+)$")
RE_RESCUE = r"error: unknown filesystem\."
RE_WROTE_SETTINGS = r"^save: wrote seq=(\d+) \(settings\) in ([\d.]+) ms$"
SAVE_FILES = ("SAVE.DAT",) + mksave.WRITTEN

# (layout, QEMU boot path, firmware): the cells of the file copy.
CELLS = {
    "rufus_bios_xhci": ("rufus", "usb", "bios"),
    "superfloppy_bios_ehci": ("superfloppy", "usb_ehci", "bios"),
    "rufus_ovmf_ehci": ("rufus", "usb_ehci", "ovmf64"),
    "superfloppy_ovmf_xhci": ("superfloppy", "usb", "ovmf64"),
}
DEVICE = {"usb": r"USB stick \(xHCI port \d+\)", "usb_ehci": r"USB stick \(EHCI port \d+\)"}


def make_stick(ctx, layout, name="stick.img", **kw):
    path = os.path.join(ctx.outdir, name)
    mkstick.make(ctx.iso, layout, path, **kw)
    return path


def allowed_sectors(path):
    """The sectors the game may write: SAVE.DAT's slots (not its header sector), and every other file but README.TXT."""
    vol = mkstick.volume_lba(path)
    ok = set()
    for name in SAVE_FILES:
        lbas = mkstick.file_sectors(path, vol, "/SHARDFALL/" + name)
        ok.update(lbas[1:] if name == "SAVE.DAT" else lbas)
    return ok


def changed_sectors(a, b):
    """Sectors that differ between two images of one size, read a MiB at a time."""
    out = []
    with open(a, "rb") as fa, open(b, "rb") as fb:
        base = 0
        while True:
            x, y = fa.read(CHUNK), fb.read(CHUNK)
            assert len(x) == len(y), "the stick changed size"
            if not x:
                return out
            if x != y:
                out += [base + i // SECTOR for i in range(0, len(x), SECTOR) if x[i:i + SECTOR] != y[i:i + SECTOR]]
            base += len(x) // SECTOR


def fsck(ctx, path):
    """fsck.fat -n on the stick's FAT32 volume (cut out of a partitioned stick first): its output."""
    vol = mkstick.volume_lba(path)
    target = path
    if vol:
        target = os.path.join(ctx.outdir, "volume.img")
        with open(path, "rb") as src, open(target, "wb") as dst:
            src.seek(vol * SECTOR)
            while True:
                block = src.read(CHUNK)
                if not block:
                    break
                dst.write(block)
    r = subprocess.run(["fsck.fat", "-n", target], capture_output=True, text=True)
    assert r.returncode == 0 and "differences" not in r.stdout, "fsck.fat -n: %s%s" % (r.stdout, r.stderr)
    return r.stdout.strip().splitlines()[-1]


def check_stick(ctx, before, after):
    """fsck clean; every sector written lies in the save files' data (SAVE.DAT's header sector excluded)."""
    ok = allowed_sectors(after)
    changed = changed_sectors(before, after)
    bad = [s for s in changed if s not in ok]
    assert not bad, "sectors outside the save files written: %s" % bad[:10]
    return len(changed), fsck(ctx, after)


def opened(m, boot):
    found = m.wait_for(RE_STICK, READY_TIMEOUT_S)
    assert re.fullmatch(DEVICE[boot], found.group(1)), "the save folder on %r, want %s" % (found.group(1), DEVICE[boot])
    return int(found.group(3)), int(found.group(4))


def tap(m, key, pattern, timeout=3.0):
    mark = m.mark()
    m.tap(key)
    return m.wait_for(pattern, timeout, since=mark)


def music_off(m):
    """Title -> menu -> Music: Off; the settings record written."""
    tap(m, "ret", RE_MENU)
    for item in ("instructions", "controls", "music"):
        tap(m, "down", r"^menu: cursor=\d+ %s$" % item)
    mark = m.mark()
    m.tap("ret")
    m.wait_for(r"^menu: music off$", 2, since=mark)
    return m.wait_for(RE_WROTE_SETTINGS, 5, since=mark)


def cell(name):
    layout, boot, firmware = CELLS[name]

    def run(ctx):
        disk = make_stick(ctx, layout)
        before = os.path.join(ctx.outdir, "as-made.img")
        subprocess.run(["cp", "--sparse=always", disk, before], check=True)
        m = ctx.machine(disk=disk, boot=boot, firmware=firmware)
        first = m.wait_for(RE_STICK + "|" + RE_RESCUE, READY_TIMEOUT_S)
        assert "unknown filesystem" not in first.group(0), (
            "GRUB's EFI image (grub-mkrescue's) says `error: unknown filesystem.` and stops at `grub rescue>`: it "
            "does not find its files on a FAT32 partition. This cell needs the EFI GRUB of issue 34's Secure Boot "
            "chain (branch sb), whose embedded config searches for /boot/kernel.elf on any file system")
        records, _ = opened(m, boot)
        assert records == 0, "a fresh copy holds %d records" % records
        m.wait_for(RE_READY, READY_TIMEOUT_S)
        wrote = music_off(m)
        m.power_cut()
        m = ctx.machine(disk=disk, boot=boot, firmware=firmware)
        records, newest = opened(m, boot)
        assert (records, newest) == (1, int(wrote.group(1))), "after the cut: %d records, newest %d" % (records, newest)
        m.wait_for(r"^progress: loaded, music off", 5)
        m.wait_for(RE_READY, READY_TIMEOUT_S)
        m.power_cut()
        changed, summary = check_stick(ctx, before, disk)
        ctx.note("%s: %s layout, %s, %s: Music off saved in %s ms and back after a power cut; %d sectors changed, "
                 "all inside the save files; fsck.fat -n: %s" % (name, layout, boot, firmware, wrote.group(2),
                                                                changed, summary))
    return run


def reason_test(layout, readonly=False, full=False, folder=True, want=""):
    """The title's reason on a FAT32 copy that cannot keep progress."""
    def run(ctx):
        disk = make_stick(ctx, layout, folder=folder, full=full)
        before = os.path.join(ctx.outdir, "as-made.img")
        subprocess.run(["cp", "--sparse=always", disk, before], check=True)
        if readonly:                    # the harness's read-only stick (readonly=on), holding this copy
            m = qemu.Machine(disk, ctx.outdir, boot="usb")
            ctx.machines.append(m)
            m.start()
        else:
            m = ctx.machine(disk=disk, boot="usb")
        m.wait_for(r"^save: none \(%s\)$" % re.escape(want), READY_TIMEOUT_S)
        m.wait_for(r"^title: Progress is not saved: %s$" % re.escape(want), 5)
        m.wait_for(RE_READY, READY_TIMEOUT_S)
        from save_tests import check_saves_band, saves_known    # (save_tests registers these tests: imported late)
        check_saves_band(ctx, m, saves_known(m, "title"))   # the title's line, pixel for pixel the host's render
        m.power_cut()
        assert not changed_sectors(before, disk), "a stick that cannot keep progress was written"
        ctx.note("%s copy%s%s: `save: none (%s)` and the title's line (as the host renders it); nothing written" % (
            layout, " read-only" if readonly else "", " full" if full else "", want))
    return run


def test_created_once(ctx):
    """A copy without /SHARDFALL (no partition table, clusters of 4 sectors, SeaBIOS, EHCI): the kernel
    creates it (`save: created the folder SHARDFALL`), Music off is saved; after a power cut the next boot
    finds the folder, creates nothing and has Music off; fsck.fat -n clean; the folder's files read back by
    mtools as the ISO ships them. (stick_create_cuts creates on the Rufus layout, one sector a cluster.)"""
    disk = make_stick(ctx, "superfloppy", folder=False)
    m = ctx.machine(disk=disk, boot="usb_ehci")
    made = m.wait_for(r"^save: created the folder SHARDFALL on (.+) in ([\d.]+) ms$", READY_TIMEOUT_S)
    opened(m, "usb_ehci")
    m.wait_for(RE_READY, READY_TIMEOUT_S)
    wrote = music_off(m)
    m.power_cut()
    m = ctx.machine(disk=disk, boot="usb_ehci")
    records, newest = opened(m, "usb_ehci")
    assert "created the folder" not in m.serial(), "created twice"
    assert (records, newest) == (1, int(wrote.group(1))), "after the cut: %d records, newest %d" % (records, newest)
    m.wait_for(r"^progress: loaded, music off", 5)
    m.power_cut()
    summary = fsck(ctx, disk)
    vol = mkstick.volume_lba(disk)
    for name in ("README.TXT", "SCORES.TXT", "CRASH.TXT"):
        r = subprocess.run(["mtype", "-i", "%s@@%d" % (disk, vol * SECTOR), "::/SHARDFALL/" + name],
                           capture_output=True)
        shipped_path = os.path.join(ctx.outdir, "shipped-" + name)
        subprocess.run(["xorriso", "-osirrox", "on", "-indev", ctx.iso, "-extract", "/SHARDFALL/" + name,
                        shipped_path], capture_output=True, check=True)
        with open(shipped_path, "rb") as f:
            shipped = f.read()
        assert r.returncode == 0 and r.stdout == shipped, "/SHARDFALL/%s differs from the ISO's" % name
    ctx.note("created in %s ms, Music off back after a power cut; fsck.fat -n: %s" % (made.group(2), summary))


RE_PLAN = (r"^save: creating \d+ clusters at \d+: writes fsinfo=(\d+) data=(\d+) intent=(\d+) fat=(\d+) dir=(\d+) "
           r"fsinfo=(\d+)$")
RE_UNDID = r"^save: undid the half-made folder of a power cut at clusters (\d+)\.\.(\d+) \((.+)\)$"


def test_create_cuts(ctx):
    """savecut=N at the writes of the folder's creation that matter (the kernel's plan line gives their
    numbers): after the first and the last FAT write (clusters allocated, not yet linked), after the
    directory sector (the commit) and after the last write. Right after each cut fsck.fat -n exits 0, or
    after a FAT write names only the FATs' difference and the clusters no file uses; the next boot undoes
    such a half-made folder (its intent record; COM1 `save: undid ...`), creates the folder and saves Music
    off, and fsck.fat -n then exits 0 at every point (docs/save.md). Every cut and tear point: test_savemk."""
    disk = make_stick(ctx, "rufus", name="plan.img", folder=False)
    m = ctx.machine(disk=disk, boot="usb")
    plan = [int(g) for g in m.wait_for(RE_PLAN, READY_TIMEOUT_S).groups()]
    m.wait_for(RE_STICK, READY_TIMEOUT_S)
    m.power_cut()
    fsinfo, data, intent, fat, dirs, _ = plan
    first_fat = fsinfo + data + intent + 1
    cuts = (first_fat, first_fat + fat - 1, first_fat + fat + dirs - 1, sum(plan))
    notes = []
    for n in cuts:
        disk = make_stick(ctx, "rufus", name="cut%d.img" % n, folder=False)
        m = ctx.machine(disk=disk, boot="usb", opts="savecut=%d" % n)
        m.wait_for(r"^savecut: stopped after write %d$" % n, READY_TIMEOUT_S)
        m.power_cut()
        vol = mkstick.volume_lba(disk)
        target = os.path.join(ctx.outdir, "volume.img")
        with open(disk, "rb") as src, open(target, "wb") as dst:
            src.seek(vol * SECTOR)
            dst.write(src.read())
        r = subprocess.run(["fsck.fat", "-n", target], capture_output=True, text=True)
        half = r.returncode != 0
        assert r.returncode == 0 or (r.returncode == 1 and first_fat <= n < first_fat + fat and
                                     ("Reclaimed" in r.stdout or "FATs differ" in r.stdout)), \
            "cut %d: fsck.fat -n: %s" % (n, r.stdout)
        m = ctx.machine(disk=disk, boot="usb")
        opened(m, "usb")
        undid = re.search(RE_UNDID, m.serial(), re.M)
        assert bool(undid) == half, "cut %d: fsck said %s, the next boot %s" % (
            n, "exit %d" % r.returncode, undid.group(0) if undid else "undid nothing")
        m.wait_for(RE_READY, READY_TIMEOUT_S)
        music_off(m)
        m.power_cut()
        after = fsck(ctx, disk)         # exit 0, or it raises
        notes.append("%d: %s; next boot %s, fsck.fat -n exit 0 (%s)" % (
            n, "fsck.fat -n exit 1 (run allocated, not linked)" if half else "fsck.fat -n exit 0",
            "undid it (%s)" % undid.group(3) if undid else "created or opened", after))
    ctx.note("creation's writes %s; cut after %s" % (plan, "; ".join(notes)))


TESTS = [("stick_" + name, cell(name), (), ()) for name in CELLS]
TESTS += [("stick_created_once", test_created_once, (), ()), ("stick_create_cuts", test_create_cuts, (), ()),
          ("stick_full", reason_test("superfloppy", full=True, folder=False, want="no room on the stick"), (), ())]
TESTS += [("stick_readonly", reason_test("superfloppy", readonly=True, want="the stick is write-protected"), (), ())]
