"""save_tests.py: progress on the player's own stick (issue 26, docs/save.md) — QEMU boots a writable
copy of the image as a USB stick on xHCI (SeaBIOS, OVMF), as a hard disk on q35's AHCI and pc's IDE:
a high score with a name, settings, a saved game and a crash report survive a power cut (QEMU
killed, never QMP's quit) and are there on the next boot; the host then reads the partition with
mtools, `fsck.fat -n` is clean, and every byte outside the save files' data sectors equals the image
as built. Power cuts at every sector write of a save (savecut=N, savetear=N) lose at most the save in
progress. A CD says `save: none`, a write-protected stick and a stick pulled mid-game turn saves off
and the game plays on. Used by run_tests.py; see README.md.
"""

import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))

import image                    # noqa: E402
import mksave                   # noqa: E402
import replay_tests             # noqa: E402
import stick_tests              # noqa: E402

READY_TIMEOUT_S = 25.0
RE_READY = r"^ready$"
RE_MENU = r"^session: menu$"
RE_OPEN = r"^save: (.+), partition (\d+), (\d+) valid records, newest seq=(\d+)$"
RE_WROTE = r"^save: wrote seq=(\d+) \((\w+)\) in ([\d.]+) ms$"
RE_SAVE_TIME = r"^save: wrote (?:seq=\d+ \((\w+)\)|(SCORES\.TXT)) in ([\d.]+) ms$"
NAME = "TESTER"
SECTOR = 512

# Where the image boots from: (Machine arguments, the disk's name on COM1).
DEVICES = {
    "usb_bios": (dict(boot="usb"), r"USB stick \(xHCI port \d+\)"),
    "usb_uefi": (dict(boot="usb", firmware="ovmf64"), r"USB stick \(xHCI port \d+\)"),
    "ahci": (dict(boot="hdd", machine="q35"), r"AHCI port \d+.*"),
    "ide": (dict(boot="hdd", machine="pc"), r"IDE primary master.*"),
}


RE_SAVES_OFF = r"^title: Progress is not saved: (.*)$"


def saves_off_args(m):
    """hostframe's arguments for the title's save line the kernel said on COM1 (none: saves are on)."""
    why = re.search(RE_SAVES_OFF, m.serial(), re.M)
    return ["--saves-off", why.group(1)] if why else []


RE_SAVES_KNOWN = r"^title: saves (on|off)$"
SAVES_KNOWN_TIMEOUT_S = 10.0    # the save area opens behind the title: the sticks' wait is at most 3 s of it


def saves_known(m, screendump=None, timeout=SAVES_KNOWN_TIMEOUT_S):
    """Wait until the kernel says the title's save line is known (`title: saves on|off`, after the save area
    opened or was found missing behind the title), then a little for the frame that shows it; with a
    name, that frame's screendump."""
    m.wait_for(RE_SAVES_KNOWN, timeout)
    time.sleep(0.2)
    return m.screendump(screendump) if screendump else None


def check_saves_band(ctx, m, frame):
    """The title's save band shows what COM1 says (`title: Progress is not saved: <why>`, or nothing):
    pixel for pixel the host's render of the title with that line. The frame must be taken after
    saves_known(m): before that the band is empty whatever the stick will say."""
    assert re.search(RE_SAVES_KNOWN, m.serial(), re.M), "the frame was taken before the save line was known"
    assert ctx.hostframe, "no --hostframe binary given: cannot render the save line on the host"
    png = os.path.join(ctx.outdir, "host_saves_band.png")
    out = subprocess.run([ctx.hostframe, "0", png] + saves_off_args(m), capture_output=True, text=True,
                         timeout=30)
    assert out.returncode == 0, "%s failed: %s" % (ctx.hostframe, out.stderr.strip())
    host = image.load_golden(png)
    bad = [p for p in image.diff_pixels(frame, host) if image.SAVES_RECT.contains(*p)]
    assert not bad, "the title's save band differs from the host's render of %r in %d pixels" % (
        saves_off_args(m)[1:] or "saves on", len(bad))


def stick(ctx, name="stick.img"):
    """A writable copy of the built image, as `dd` puts it on a stick."""
    path = os.path.join(ctx.outdir, name)
    shutil.copyfile(ctx.iso, path)
    return path


def files(path):
    """{NAME.EXT: bytes} of the save partition, read by mtools (not by our own reader)."""
    with open(path, "rb") as f:
        img = f.read()
    _, first, count, _ = mksave.find_partition(img)
    out = {}
    for name in ("SAVE.DAT", "README.TXT") + mksave.WRITTEN:
        r = subprocess.run(["mcopy", "-n", "-i", "%s@@%d" % (path, first * SECTOR), "::" + name, "-"],
                           capture_output=True)
        assert r.returncode == 0, "mtools cannot read %s: %s" % (name, r.stderr.decode(errors="replace"))
        out[name] = r.stdout
    return out


def allowed_sectors(img):
    """The sectors the game may write: SAVE.DAT's slots (not its header), and every other file but README.TXT."""
    _, first, _, _ = mksave.find_partition(img)
    part_files = mksave.read_files(img[first * SECTOR:(first + mksave.PART_SECTORS) * SECTOR])
    ok = set()
    for name, skip in [("SAVE.DAT", 1)] + [(n, 0) for n in mksave.WRITTEN]:
        start, size, _ = part_files[name]
        n = (size + SECTOR - 1) // SECTOR
        ok.update(first + start + k for k in range(skip, n))
    return ok


def check_disk(ctx, path):
    """fsck.fat -n clean on the partition; nothing outside the save files' data sectors changed."""
    with open(ctx.iso, "rb") as f:
        built = f.read()
    with open(path, "rb") as f:
        now = f.read()
    assert len(now) == len(built), "the disk changed size: %d -> %d" % (len(built), len(now))
    ok = allowed_sectors(built)
    changed = [s for s in range(len(built) // SECTOR)
               if built[s * SECTOR:(s + 1) * SECTOR] != now[s * SECTOR:(s + 1) * SECTOR]]
    bad = [s for s in changed if s not in ok]
    assert not bad, "sectors outside the save files written: %s" % bad[:10]
    _, first, count, _ = mksave.find_partition(now)
    part = os.path.join(ctx.outdir, "part.img")
    with open(part, "wb") as f:
        f.write(now[first * SECTOR:(first + count) * SECTOR])
    r = subprocess.run(["fsck.fat", "-n", part], capture_output=True, text=True)
    assert r.returncode == 0, "fsck.fat -n: %s%s" % (r.stdout, r.stderr)
    return len(changed)


def tap(m, key, pattern, timeout=3.0):
    mark = m.mark()
    m.tap(key)
    return m.wait_for(pattern, timeout, since=mark)


def typed(m, text):
    for ch in text:
        m.tap(ch.lower() if ch != " " else "spc")
        time.sleep(0.08)


def opened(m, device_re):
    found = m.wait_for(RE_OPEN, READY_TIMEOUT_S)
    assert re.fullmatch(device_re, found.group(1)), "save area on %r, want %s" % (found.group(1), device_re)
    return int(found.group(3)), int(found.group(4))


def high_score(m):
    """`ending`: the episode by its demos to the ending screen, a key, the name prompt, NAME, Enter."""
    score = int(m.wait_for(r"^session: episode end score=(\d+)$", 40).group(1))
    time.sleep(0.8)                     # the screen ignores keys for its first 0.5 s
    tap(m, "ret", r"^session: name prompt score=%d$" % score)
    typed(m, NAME)
    mark = m.mark()
    m.tap("ret")
    m.wait_for(r"^scores: \d+\. %s$" % NAME, 3, since=mark)
    m.wait_for(RE_WROTE.replace(r"(\w+)", "scores"), 5, since=mark)
    m.wait_for(r"^save: wrote SCORES\.TXT in [\d.]+ ms$", 5, since=mark)
    return score


def menu_music_off(m):
    """From the table: Esc to the title (after the screen's first 0.5 s), Enter to the menu, Music off."""
    time.sleep(0.7)
    tap(m, "esc", r"^session: title$")
    tap(m, "ret", RE_MENU)
    for item in ("instructions", "controls", "music"):
        tap(m, "down", r"^menu: cursor=\d+ %s$" % item)
    mark = m.mark()
    m.tap("ret")
    m.wait_for(r"^menu: music off$", 2, since=mark)
    return int(m.wait_for(RE_WROTE.replace(r"(\w+)", "settings"), 5, since=mark).group(1))


def save_slot3(m):
    """New game, P, S, 3: `slots: Saved in slot 3`, a record written."""
    tap(m, "up", r"^menu: cursor=2 controls$")
    tap(m, "up", r"^menu: cursor=1 instructions$")
    tap(m, "up", r"^menu: cursor=0 new game$")
    tap(m, "ret", r"^session: level 1 start name=e1l1$")
    time.sleep(0.4)
    tap(m, "p", r"^session: paused tick=\d+$")
    tap(m, "s", r"^session: save game$")
    mark = m.mark()
    m.tap("3")
    m.wait_for(r"^slots: Saved in slot 3", 2, since=mark)
    return int(m.wait_for(RE_WROTE.replace(r"(\w+)", "game"), 5, since=mark).group(1))


def survives_power_cut(kind):
    def run(ctx):
        kw, device_re = DEVICES[kind]
        disk = stick(ctx)
        # 1: a high score with a name, Music off, a game saved in slot 3; then the power goes.
        m = ctx.machine(opts="ending", disk=disk, **kw)
        records, _ = opened(m, device_re)
        assert records == 0, "a fresh image holds %d records" % records
        score = high_score(m)
        menu_music_off(m)
        seq = save_slot3(m)
        t_ms = {(what or text): float(ms) for what, text, ms in re.findall(RE_SAVE_TIME, m.serial(), re.M)}
        m.power_cut()
        # 2: a crash after the saves are open: the panic writes CRASH.TXT; the power goes again.
        m = ctx.machine(opts="crashtest=lockup", disk=disk, **kw)
        opened(m, device_re)
        m.wait_for(r"^PANIC: crash report saved on the stick: CRASH\.TXT$", 15)
        m.power_cut()
        # 3: all of it is there.
        m = ctx.machine(disk=disk, **kw)
        records, newest = opened(m, device_re)
        assert newest == seq and records >= 3, "after the cut: %d records, newest %d (wrote %d)" % (
            records, newest, seq)
        m.wait_for(r"^progress: loaded, music off", 5)
        m.wait_for(r"^scores: \d+\. %s %d$" % (NAME, score), 5)
        m.wait_for(RE_READY, READY_TIMEOUT_S)
        m.wait_for(r"^save: a crash report is waiting: CRASH\.TXT \(said on the title\)$", 2)
        tap(m, "ret", RE_MENU)
        m.wait_for(r"^save: CRASH\.TXT marked as shown$", 5)
        for _ in range(3):
            m.tap("up")
            time.sleep(0.1)
        m.wait_for(r"^menu: cursor=7 restore game$", 2)
        tap(m, "ret", r"^session: restore game$")
        tap(m, "3", r"^session: restored slot 3$")
        m.power_cut()
        got = files(disk)
        scores = got["SCORES.TXT"].decode("latin-1")
        assert NAME in scores and str(score) in scores, "SCORES.TXT lacks %s %d:\n%s" % (NAME, score, scores[:400])
        crash = got["CRASH.TXT"].decode("latin-1")
        assert crash.startswith("Shardfall crash report (shown at boot)\n"), crash[:80]
        assert "PANIC:" in crash, "CRASH.TXT holds no report: %r" % crash[:200]
        changed = check_disk(ctx, disk)
        ctx.record.update({"save_%s_ms" % what.replace(".", "_").lower(): ms for what, ms in t_ms.items()})
        ctx.note("%s: score %d as %s, Music off, slot 3, a crash report: all back after two power cuts; "
                 "saves took %s ms; %d sectors changed, all inside the save files; fsck clean"
                 % (kind, score, NAME, t_ms, changed))
    return run


def cut_settings(n, tear):
    """savecut/savetear=n on a Music-off save (a record: payload sector, then header sector): the next
    boot loads the old record (music on) or the new one (music off), never garbage."""
    def run(ctx):
        disk = stick(ctx)
        opt = "%s=%d" % ("savetear" if tear else "savecut", n)
        m = ctx.machine(opts=opt, disk=disk, boot="usb")
        opened(m, DEVICES["usb_bios"][1])
        m.wait_for(RE_READY, READY_TIMEOUT_S)
        tap(m, "ret", RE_MENU)
        for item in ("instructions", "controls", "music"):
            tap(m, "down", r"^menu: cursor=\d+ %s$" % item)
        m.tap("ret")
        m.wait_for(r"^savecut: stopped after write %d$" % n, 5)
        m.power_cut()
        m = ctx.machine(disk=disk, boot="usb")
        records, newest = opened(m, DEVICES["usb_bios"][1])
        m.wait_for(RE_READY, READY_TIMEOUT_S)
        # The header sector (write 2) makes the record. savetear keeps the first half of the sector new:
        # the header's fields and CRC all lie there, so that torn sector still makes the whole new record
        # (the payload was flushed before it); torn payload (write 1): the old state.
        new = n >= 2
        if new:
            assert (records, newest) == (1, 1), "cut after the header: %d records, seq %d" % (records, newest)
            m.wait_for(r"^progress: loaded, music off", 2)
        else:
            assert (records, newest) == (0, 0), "cut before the header: %d records, seq %d" % (records, newest)
            assert "progress: loaded" not in m.serial(), "a record loaded from a cut save"
        # saving works again after the cut
        tap(m, "ret", RE_MENU)
        for item in ("instructions", "controls", "music"):
            tap(m, "down", r"^menu: cursor=\d+ %s$" % item)
        mark = m.mark()
        m.tap("ret")
        m.wait_for(RE_WROTE.replace(r"(\w+)", "settings"), 5, since=mark)
        m.power_cut()
        check_disk(ctx, disk)
        ctx.note("%s: next boot %s; saving works again; fsck clean" % (opt, "new record" if new else "old state"))
    return run


SCORES_WRITES = 6      # a scores save: the record's payload sector, its header sector, SCORES.TXT's 4 sectors
CRASH_WRITES = 8       # the panic's CRASH.TXT: its 8 sectors


def test_cuts_in_a_scores_save(ctx):
    """The power cut after every sector write of a high-score save (and torn at the record's header):
    the next boot has the old table (cut before the header) or the new one with the name (after it),
    never garbage; SCORES.TXT is the old or new text, or part of each (the write in progress);
    fsck clean, nothing outside the save files written."""
    cases = [(n, False) for n in range(1, SCORES_WRITES + 1)] + [(1, True), (2, True)]
    for n, tear in cases:
        disk = stick(ctx, "cut%d%s.img" % (n, "t" if tear else ""))
        m = ctx.machine(opts="ending %s=%d" % ("savetear" if tear else "savecut", n), disk=disk, boot="usb")
        score = int(m.wait_for(r"^session: episode end score=(\d+)$", 40).group(1))
        time.sleep(0.8)
        tap(m, "ret", r"^session: name prompt score=%d$" % score)
        typed(m, NAME)
        m.tap("ret")
        m.wait_for(r"^savecut: stopped after write %d$" % n, 5)
        m.power_cut()
        m = ctx.machine(disk=disk, boot="usb")
        records, newest = opened(m, DEVICES["usb_bios"][1])
        m.wait_for(RE_READY, READY_TIMEOUT_S)
        m.wait_for(RE_SAVES_KNOWN, SAVES_KNOWN_TIMEOUT_S)      # the table is logged as the area opens
        listed = re.search(r"^scores: \d+\. %s %d$" % (NAME, score), m.serial(), re.M)
        if n >= 2:
            assert (records, newest) == (1, 1) and listed, "cut %d: %d records, seq %d, name listed %s" % (
                n, records, newest, bool(listed))
        else:
            assert (records, newest) == (0, 0) and not listed, "cut %d: %d records" % (n, records)
        m.power_cut()
        text = files(disk)["SCORES.TXT"].decode("latin-1")
        assert text.startswith("Shardfall - Hall of Fame\r\n"), "SCORES.TXT garbage after cut %d: %r" % (n, text[:60])
        check_disk(ctx, disk)
    ctx.note("scores save cut after each of its %d writes, and torn at writes 1 and 2: old or new table, "
             "fsck clean each time" % SCORES_WRITES)


def test_cuts_in_a_crash_report(ctx):
    """The power cut after every sector write of the panic's CRASH.TXT: the next boot plays, its
    records are untouched, it announces the report once the first sector (the mark) is on the disk."""
    for n in range(1, CRASH_WRITES + 1):
        disk = stick(ctx, "crash%d.img" % n)
        m = ctx.machine(opts="crashtest=lockup savecut=%d" % n, disk=disk, boot="usb")
        m.wait_for(r"^savecut: stopped after write %d$" % n, 15)
        m.power_cut()
        m = ctx.machine(disk=disk, boot="usb")
        opened(m, DEVICES["usb_bios"][1])
        m.wait_for(RE_READY, READY_TIMEOUT_S)
        m.wait_for(RE_SAVES_KNOWN, SAVES_KNOWN_TIMEOUT_S)      # announced as the area opens
        assert re.search(r"^save: a crash report is waiting: CRASH\.TXT", m.serial(), re.M), (
            "cut %d: the report's first sector is on the disk, but no announcement" % n)
        m.power_cut()
        crash = files(disk)["CRASH.TXT"].decode("latin-1")
        assert crash.startswith("Shardfall crash report (not yet shown)\nPANIC:"), crash[:80]
        check_disk(ctx, disk)
    ctx.note("CRASH.TXT cut after each of its %d writes: the next boot plays and announces it; fsck clean"
             % CRASH_WRITES)


def test_cd_says_none(ctx):
    """Booted from the CD: `save: none (booted from a CD)`, the title says so, the game plays."""
    m = ctx.machine(boot="cdrom")
    m.wait_for(r"^save: none \(booted from a CD\)$", READY_TIMEOUT_S)
    m.wait_for(r"^title: Progress is not saved: booted from a CD$", 5)
    m.wait_for(RE_READY, READY_TIMEOUT_S)
    tap(m, "ret", RE_MENU)
    tap(m, "ret", r"^session: level 1 start name=e1l1$")
    ctx.note("CD: save: none, the title's line, level 1 starts")


def test_486_isapc_ide(ctx):
    """A 486 on an ISA PC (no PCI: the IDE at its fixed ports) booted from its hard disk: Music off is
    saved, the power goes, and the next boot has it."""
    disk = stick(ctx)
    kw = dict(boot="hdd", machine="isapc", cpu="486", memory=16)
    m = ctx.machine(disk=disk, **kw)
    opened(m, r"IDE primary master.*")
    assert re.search(r"^disk: no IDE controller on PCI: the ISA ports 1F0h and 170h$", m.serial(), re.M)
    m.wait_for(RE_READY, READY_TIMEOUT_S)
    tap(m, "ret", RE_MENU)
    for item in ("instructions", "controls", "music"):
        tap(m, "down", r"^menu: cursor=\d+ %s$" % item)
    mark = m.mark()
    m.tap("ret")
    ms = m.wait_for(RE_WROTE.replace(r"(\w+)", "settings"), 5, since=mark).group(2)
    m.power_cut()
    m = ctx.machine(disk=disk, **kw)
    records, _ = opened(m, r"IDE primary master.*")
    assert records == 1, "%d records after the cut" % records
    m.wait_for(r"^progress: loaded, music off", 5)
    m.power_cut()
    check_disk(ctx, disk)
    ctx.note("486 isapc, ISA IDE: Music off saved in %s ms and back after the power cut" % ms)


def test_no_save_area(ctx):
    """The image as a stick writer that rebuilds the disk leaves it: the save partition's sectors
    are gone (zeroed here). `save: none (no save area on this stick)`, the title's line; the game
    plays; nothing is written anywhere."""
    disk = stick(ctx)
    with open(disk, "r+b") as f:
        img = f.read()
        _, first, count, _ = mksave.find_partition(img)
        f.seek(first * SECTOR)
        f.write(bytes(count * SECTOR))
    with open(disk, "rb") as f:
        before = f.read()
    m = ctx.machine(disk=disk, boot="usb")
    m.wait_for(r"^save: none \(no save area on this stick\)$", READY_TIMEOUT_S)
    m.wait_for(r"^title: Progress is not saved: no save area on this stick$", 5)
    m.wait_for(RE_READY, READY_TIMEOUT_S)
    tap(m, "ret", RE_MENU)
    tap(m, "ret", r"^session: level 1 start name=e1l1$")
    m.power_cut()
    with open(disk, "rb") as f:
        assert f.read() == before, "a disk without our save area was written"
    ctx.note("no save partition: saves off, said; level 1 starts; the disk untouched")


def test_write_protected(ctx):
    """A write-protected stick (readonly=on): saves off on screen and COM1, Music off writes nothing."""
    m = ctx.machine(boot="usb")             # the harness's read-only stick
    m.wait_for(r"^disk: USB stick \(xHCI port \d+\).*read-only", READY_TIMEOUT_S)
    m.wait_for(r"^save: none \(the stick is write-protected\)$", READY_TIMEOUT_S)
    m.wait_for(r"^title: Progress is not saved: the stick is write-protected$", 5)
    m.wait_for(RE_READY, READY_TIMEOUT_S)
    tap(m, "ret", RE_MENU)
    for item in ("instructions", "controls", "music"):
        tap(m, "down", r"^menu: cursor=\d+ %s$" % item)
    tap(m, "ret", r"^menu: music off$")
    time.sleep(0.5)
    assert "save: wrote" not in m.serial(), "a write to a write-protected stick"
    ctx.note("read-only stick: saves off, said on the title, nothing written")


def test_stick_pulled(ctx):
    """The stick pulled mid-game (device_del): `save: off (the stick was removed)`, the title's
    line, the game goes on (a level starts, Music off asks for no write), no hang."""
    disk = stick(ctx)
    m = ctx.machine(disk=disk, boot="usb")
    opened(m, DEVICES["usb_bios"][1])
    m.wait_for(RE_READY, READY_TIMEOUT_S)
    tap(m, "ret", RE_MENU)
    tap(m, "ret", r"^session: level 1 start name=e1l1$")
    mark = m.mark()
    m.qmp.command("device_del", id="stick")
    m.wait_for(r"^save: off \(the stick was removed\)$", 5, since=mark)
    m.wait_for(r"^title: Progress is not saved: the stick was removed$", 2, since=mark)
    tap(m, "esc", r"^session: paused tick=\d+$")
    tap(m, "esc", r"^session: abandoned$")
    for item in ("instructions", "controls", "music"):
        tap(m, "down", r"^menu: cursor=\d+ %s$" % item)
    tap(m, "ret", r"^menu: music off$")
    time.sleep(0.5)
    assert "save: wrote" not in m.serial()[mark:], "a write after the stick was pulled"
    m.power_cut()
    check_disk(ctx, disk)
    ctx.note("stick pulled in play: saves off, said; the game went on; the disk untouched")


TESTS = [("save_%s" % k, survives_power_cut(k), (), ()) for k in DEVICES]
TESTS += [("save_cut_settings_%d%s" % (n, "_torn" if tear else ""), cut_settings(n, tear), (), ())
          for n in (1, 2) for tear in (False, True)]
TESTS += [("save_cuts_scores", test_cuts_in_a_scores_save, (), ()),
          ("save_cuts_crash", test_cuts_in_a_crash_report, (), ())]
TESTS += [("save_486_isapc_ide", test_486_isapc_ide, (), ()), ("save_cd", test_cd_says_none, (), ()), ("save_no_area", test_no_save_area, (), ()), ("save_write_protected", test_write_protected, (), ()),
          ("save_stick_pulled", test_stick_pulled, (), ())]
TESTS += stick_tests.TESTS      # the FAT32 file copy: Rufus's ISO mode, a hand copy (stick_tests.py)
TESTS += replay_tests.TESTS     # REPLAY.DAT and CRASHRPL.DAT: a report and a panic replayed (replay_tests.py)
TESTS += __import__("bootlog_tests").TESTS     # LOG.TXT (bootlog_tests.py; imported last: it imports this module)
