"""replay_tests.py: the QEMU tests of replays (issue 33, docs/testing.md "Replays") — keys sent by QMP
in a level, then Pause and F (Report a problem): REPLAY.DAT read off the writable stick reproduces its
tick and frame CRC on the host (build/hostrun --replay) and in QEMU (demo=disk, as make replay); a
lockup during play (crashtest=lockup) leaves CRASHRPL.DAT whose replay reaches the tick and CRC of the
panic report on COM1. Registered through save_tests.TESTS; see README.md.
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
import replay_format            # noqa: E402
from image import Rect          # noqa: E402

SECTOR = 512
RE_OPEN = r"^save: (.+), partition (\d+), (\d+) valid records, newest seq=(\d+)$"
RE_SAVED = r"^replay: saved REPLAY\.DAT level=(\w+) ticks=(\d+) crc=([0-9A-F]{8})$"
RE_PANIC_REPLAY = r"^replay: tick=(\d+) crc=([0-9A-F]{8}) level=(\w+)$"
RE_HOST_OK = r"^replay: ok tick=(\d+) crc=([0-9A-F]{8})$"
NOTE_RECT = Rect(64, 97, 192, 34)       # game/shell/screens.c: the 208x120 pause box's note rows (blue, yellow text)


def stick(ctx, name):
    """A writable copy of the built image, as `dd` puts it on a stick."""
    path = os.path.join(ctx.outdir, name)
    shutil.copyfile(ctx.iso, path)
    return path


def read_file(ctx, disk, name):
    """One file of the stick's save partition, read by mtools (not by our own reader), kept in the test's folder."""
    with open(disk, "rb") as f:
        img = f.read()
    _, first, _, _ = mksave.find_partition(img)
    out = os.path.join(ctx.outdir, name)
    r = subprocess.run(["mcopy", "-n", "-i", "%s@@%d" % (disk, first * SECTOR), "::SHARDFALL/" + name, out],
                       capture_output=True)
    if r.returncode != 0:
        r = subprocess.run(["mcopy", "-n", "-i", "%s@@%d" % (disk, first * SECTOR), "::" + name, out],
                           capture_output=True)
    assert r.returncode == 0, "mtools cannot read %s: %s" % (name, r.stderr.decode(errors="replace"))
    return out


def check_disk(ctx, disk):
    """save_tests.check_disk: fsck.fat -n clean, nothing outside the save files written; the sectors changed."""
    import save_tests           # it imports this module: here, not at the top
    return save_tests.check_disk(ctx, disk)


def host_replay(ctx, path):
    """build/hostrun --replay: (tick, crc) it reached, or the failure."""
    assert ctx.hostrun, "no --hostrun binary given: cannot replay on the host"
    out = subprocess.run([ctx.hostrun, "--replay", path], capture_output=True, text=True, timeout=120)
    ok = re.search(RE_HOST_OK, out.stdout, re.M)
    assert out.returncode == 0 and ok, "hostrun --replay %s: %s%s" % (path, out.stdout.strip(), out.stderr.strip())
    return int(ok.group(1)), ok.group(2)


def check_note(ctx, frame):
    """The pause box's note ("Saved REPLAY.DAT") pixel for pixel as the host draws it (build/hostframe, P, F)."""
    assert ctx.hostframe, "no --hostframe binary given: cannot render the pause box on the host"
    png = os.path.join(ctx.outdir, "host_reported.png")
    args = [ctx.hostframe, "0", png, "--level", "e1l1", "--keys", "p,f", "--report",
            os.path.join(ctx.outdir, "host_report.rpl")]
    out = subprocess.run(args, capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, "%s failed: %s" % (" ".join(args), out.stderr.strip())
    bad = [p for p in image.diff_pixels(frame, image.load_golden(png)) if NOTE_RECT.contains(*p)]
    assert not bad, "the pause box's note differs from the host's in %d pixels (%s)" % (len(bad), png)


def tap(m, key, pattern, timeout=3.0):
    mark = m.mark()
    m.tap(key)
    return m.wait_for(pattern, timeout, since=mark)


def test_report_replays(ctx):
    """level=e1l1 from a writable USB stick, Right held and Ctrl tapped through QMP, P, F: COM1 says
    `replay: saved REPLAY.DAT level=e1l1 ticks=N crc=X` and the box's note is the host's; REPLAY.DAT,
    read with mtools after a power cut,
    is a valid replay of N ticks (fsck clean, nothing outside the save files written) whose host replay
    ends at tick N with CRC X; booted as demo=disk
    (make replay's way) the kernel plays it to the same tick and says `replay: ok tick=N crc=X`."""
    disk = stick(ctx, "report.img")
    m = ctx.machine(opts="level=e1l1", disk=disk, boot="usb")
    m.wait_for(RE_OPEN, 25.0)
    m.wait_for(r"^title: saves on$", 10.0)
    m.press("right")
    time.sleep(0.8)
    for _ in range(2):
        m.tap("ctrl")
        time.sleep(0.4)
    m.release("right")
    time.sleep(0.3)
    tap(m, "p", r"^session: paused tick=\d+$")
    saved = tap(m, "f", RE_SAVED, 10.0)
    level, ticks, crc = saved.group(1), int(saved.group(2)), saved.group(3)
    time.sleep(0.3)
    check_note(ctx, m.screendump("reported"))
    assert level == "e1l1" and ticks > 10, "replay of %s, %d ticks: too short to show anything" % (level, ticks)
    m.power_cut()
    changed = check_disk(ctx, disk)
    path = read_file(ctx, disk, "REPLAY.DAT")
    with open(path, "rb") as f:
        h, _ = replay_format.parse(f.read())
    assert (h["end_tick"], "%08X" % h["frame_crc"], h["flags"]) == (ticks, crc, 0), h
    host = host_replay(ctx, path)
    assert host == (ticks, crc), "host replay reached tick %d crc %s, COM1 said tick %d crc %s" % (host + (ticks, crc))
    trimmed = os.path.join(ctx.outdir, "report.rpl")             # the replay alone: for tests/replays
    with open(path, "rb") as f, open(trimmed, "wb") as g:
        g.write(f.read()[:h["size"]])
    q = ctx.machine(opts="demo=disk", files={"demo.dem": path})
    ok = q.wait_for(r"^replay: (ok|CRC mismatch|incomplete|the panic).*$", 25.0 + ticks / 10.0)
    assert ok.group(0) == "replay: ok tick=%d crc=%s" % (ticks, crc), "QEMU's replay: %s" % ok.group(0)
    ctx.note("REPLAY.DAT: e1l1, %d ticks, crc %s: the host and QEMU replay both reach it (%s); %d sectors "
             "written, fsck clean" % (ticks, crc, trimmed, changed))


def test_panic_replays(ctx):
    """level=e1l1 with scripted input (input=) and crashtest=lockup from a writable stick: the lockup
    panic (once the devices are up, after 30 world frames) saves CRASH.TXT, then prints
    `replay: tick=N crc=X level=e1l1` and saves CRASHRPL.DAT; that file's replay reaches tick N with
    CRC X on the host."""
    disk = stick(ctx, "panic.img")
    m = ctx.machine(opts="level=e1l1 crashtest=lockup input=r40,rj6,r30,.200", disk=disk, boot="usb",
                    log_resets=True)
    m.wait_for(r"^PANIC: LOCKUP", 25.0)
    m.wait_for(r"^PANIC: crash report saved on the stick: CRASH\.TXT$", 15.0)
    line = m.wait_for(RE_PANIC_REPLAY, 5.0)
    ticks, crc = int(line.group(1)), line.group(2)
    m.wait_for(r"^PANIC: replay saved on the stick: CRASHRPL\.DAT$", 15.0)
    m.wait_for(r"^PANIC: halted$", 5.0)
    m.power_cut()
    check_disk(ctx, disk)
    crash = open(read_file(ctx, disk, "CRASH.TXT"), "rb").read().decode("latin-1")
    assert "PANIC: LOCKUP" in crash, "CRASH.TXT holds no report: %r" % crash[:200]
    path = read_file(ctx, disk, "CRASHRPL.DAT")
    with open(path, "rb") as f:
        h, _ = replay_format.parse(f.read())
    assert h["flags"] == replay_format.F_PANIC and h["end_tick"] == ticks, h
    assert ticks > 0, "the lockup came before the first world frame: nothing played"
    host = host_replay(ctx, path)
    assert host == (ticks, crc), "host replay reached tick %d crc %s, the panic said tick %d crc %s" % (
        host + (ticks, crc))
    ctx.note("CRASHRPL.DAT: e1l1 to tick %d, crc %s, as the panic report said" % (ticks, crc))


TESTS = [("replay_report", test_report_replays, (), ()), ("panic_replay", test_panic_replays, (), ())]
