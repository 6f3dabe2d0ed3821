"""demo_tests.py: the QEMU tests of demos — the kernel replays demos exactly as the host build does, and records them.

Used by run_tests.py (each test gets its Context); see README.md for the table.
"""

import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))

import demo_format              # noqa: E402
import image                    # noqa: E402
from save_tests import check_saves_band, saves_known     # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
READY_TIMEOUT_S = 20.0          # as run_tests.py: QEMU start to the first frame, generously
TICK_HZ = 140
FRAME_TICKS = 13                # PIT ticks per world frame
RE_READY = r"^ready$"
RE_FROZEN = r"^READY tick=(\d+) crc=([0-9A-F]{8})$"
RE_DEMO_END = r"^demo: end tick=(\d+)$"
RE_TICK_CRC = r"^CRC tick=(\d+) crc=([0-9A-F]{8})$"
RE_DEMO_DONE = r"^DEMO END crc=([0-9A-F]{8})$"


def demo_file(name):
    return os.path.join(REPO, "game", "demos", name + ".dem")


def demo_header(path):
    with open(path, "rb") as f:
        return demo_format.parse(f.read())


def host_output(ctx, args):
    """stdout lines of build/hostrun with these arguments."""
    assert ctx.hostrun, "no --hostrun binary given: cannot compare with the host build"
    out = subprocess.run([ctx.hostrun] + args, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, "%s %s failed: %s" % (ctx.hostrun, " ".join(args), out.stderr.strip())
    return out.stdout.splitlines()


def same_lines(what, guest, host):
    """QEMU's lines equal the host's, one for one; the failure shows the first difference."""
    for i, (g, h) in enumerate(zip(guest, host)):
        assert g == h, "%s line %d differs:\n  QEMU: %s\n  host: %s" % (what, i + 1, g, h)
    assert len(guest) == len(host), "QEMU printed %d %s lines, host %d (first extra: %s)" % (
        len(guest), what, len(host), (guest[len(host):] or host[len(guest):])[0])


def test_demo_parity(ctx):
    """demo=test trace crcs ticks=N-1, N the demo's length: QEMU's trace lines, its screen
    CRC after every tick and its READY CRC equal the host build's replay of the demo.
    (The demo reaches the exit on its last tick, where a demo goes back to the title, so
    the run freezes one tick before; demo_end checks a demo's end.)"""
    n = demo_header(demo_file("test"))[0]["ticks"] - 1
    m = ctx.machine(opts="demo=test trace crcs ticks=%d" % n)
    m.wait_for(r"^demo: 'test' built in \(\d+ bytes\)$", ctx.ready_timeout)
    match = m.wait_for(RE_FROZEN, ctx.ready_timeout + n * FRAME_TICKS / TICK_HZ + 10)
    text = m.serial()
    host = host_output(ctx, ["--demo", "test", str(n), "--trace", "--every"])
    host_crcs = [tuple(l.split()) for l in host if l.startswith("tick=")][:n]
    guest_crcs = [("tick=" + t, "crc=" + c) for t, c in re.findall(RE_TICK_CRC, text, re.M)]
    assert len(guest_crcs) == n, "%d `CRC tick=` lines for %d ticks" % (len(guest_crcs), n)
    same_lines("per-tick CRC", [" ".join(c) for c in guest_crcs], [" ".join(c) for c in host_crcs])
    same_lines("trace", [l for l in text.splitlines() if l.startswith("T=")],
               [l for l in host if l.startswith("T=")])
    frame = m.screendump("end")
    ctx.note("%d ticks: %d trace lines and %d frame CRCs equal the host's; READY crc=%s" % (
        n, sum(1 for l in host if l.startswith("T=")), n, match.group(2)))
    assert match.group(2) == host_crcs[-1][1][4:] == frame.crc(), (
        "READY crc=%s, host's last crc %s, screendump %s" % (match.group(2), host_crcs[-1][1][4:], frame.crc()))


def test_demo_module(ctx):
    """The seeds demo as a GRUB module: demo=disk trace dump ticks=N+10 (ten ticks without
    input after its end): every trace and state-dump line and the READY CRC equal the
    host's replay of the same file for as many ticks."""
    path = demo_file("seeds")
    n = demo_header(path)[0]["ticks"]
    m = ctx.machine(opts="demo=disk trace dump ticks=%d" % (n + 10), files={"demo.dem": path})
    m.wait_for(r"^demo: 'disk' from GRUB module 0 \(\d+ bytes\)$", READY_TIMEOUT_S)
    match = m.wait_for(RE_FROZEN, READY_TIMEOUT_S + (n + 10) * FRAME_TICKS / TICK_HZ + 10)
    text = m.serial()
    ends = re.findall(RE_DEMO_END, text, re.M)
    assert ends == [str(n)], "want one `demo: end tick=%d` line, got %r" % (n, ends)
    host = host_output(ctx, ["--demo", path, str(n + 10), "--trace", "--dump"])
    same_lines("trace and dump", [l for l in text.splitlines() if l.startswith("T=")],
               [l for l in host if l.startswith("T=")])
    crc = host[-1].split("crc=")[1]
    frame = m.screendump("end")
    assert match.group(2) == crc == frame.crc(), "READY crc=%s, host %s, screendump %s" % (
        match.group(2), crc, frame.crc())
    ctx.note("%d trace and dump lines over %d ticks equal the host's; READY crc=%s" % (
        sum(1 for l in host if l.startswith("T=")), n + 10, crc))


def test_demo_end(ctx):
    """A demo made on the host (hostrun --record) plays in the kernel as a module without
    ticks=: it ends with `demo: end tick=N` after exactly its ticks, then the title comes back."""
    path = os.path.join(ctx.outdir, "short.dem")
    assert ctx.hostrun, "no --hostrun binary given"
    out = subprocess.run([ctx.hostrun, "test", "12", "--input", "r6,rj3,.3", "--record", path],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    m = ctx.machine(opts="demo=disk trace", files={"demo.dem": path})
    end = m.wait_for(RE_DEMO_END, READY_TIMEOUT_S + 12 * FRAME_TICKS / TICK_HZ + 5)
    assert end.group(1) == "12", end.group(0)
    m.wait_for(r"^session: title$", 5, since=m.serial().index(end.group(0)))
    guest = [l for l in m.serial_lines() if l.startswith("T=")]
    same_lines("trace", guest, [l for l in host_output(ctx, ["--demo", path, "--trace"]) if l.startswith("T=")])
    ctx.note("%s, then the title; %d trace lines equal the host's" % (end.group(0), len(guest)))


def test_demo_record(ctx):
    """record level=test trace: keys through QMP (Right held, Ctrl jumps, Esc pauses and Esc
    again abandons the level); the
    COM1 hex dump becomes a .dem (tools/demo_from_log.py) that replays on the host with
    exactly the trace QEMU printed while it was played."""
    m = ctx.machine(opts="record level=test trace")
    m.wait_for(r"^demo: recording level 'test'$", READY_TIMEOUT_S)
    m.wait_for(RE_READY, READY_TIMEOUT_S)
    m.wait_usb_attached()           # on_usb: the keyboard comes up behind the level
    m.press("right")
    time.sleep(1.0)
    m.tap("ctrl", 0.4)
    time.sleep(0.6)
    m.release("right")
    time.sleep(0.4)
    m.tap("esc")
    m.wait_for(r"^session: paused tick=\d+$", 5)
    m.tap("esc")
    m.wait_for(RE_DEMO_DONE, 10)
    log = os.path.join(ctx.outdir, "serial.log")
    dem = os.path.join(ctx.outdir, "recorded.dem")
    out = subprocess.run([sys.executable, os.path.join(REPO, "tools", "demo_from_log.py"), log, "-o", dem],
                         capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, "demo_from_log failed: %s" % out.stderr.strip()
    header, inputs = demo_header(dem)
    guest = [l for l in m.serial_lines() if l.startswith("T=")]
    players = [l for l in guest if " player " in l]
    assert len(players) == header["ticks"], "QEMU traced %d ticks, the demo has %d" % (len(players), header["ticks"])
    assert re.search(r"^DEMO BEGIN level=test bytes=\d+ ticks=%d end=quit$" % header["ticks"], m.serial(), re.M)
    right, jump = 1 << 1, 1 << 4
    assert sum(1 for h, p in inputs if h & right) >= 5, "fewer than 5 ticks of Right in the recording"
    assert any(p & jump for h, p in inputs), "no Jump press in the recording"
    host = [l for l in host_output(ctx, ["--demo", dem, "--trace"]) if l.startswith("T=")]
    same_lines("trace", guest, host)
    x0, x1 = (int(re.search(r" x=(-?\d+)", players[i]).group(1)) for i in (0, -1))
    ctx.note("recorded %d ticks (%d runs), player x %d -> %d; host replay = QEMU trace (%d lines)" % (
        header["ticks"], header["runs"], x0, x1, len(host)))
    assert x1 > x0 + 4, "the player did not run right (x %d -> %d)" % (x0, x1)


def test_demo_stop(ctx):
    """Esc during a demo stops it (a real key; the demo's own input never quits): the kernel
    says where it stopped and the menu comes up (the session's rule for any key in a demo)."""
    n = demo_header(demo_file("test"))[0]["ticks"]
    m = ctx.machine(opts="demo=test")
    m.wait_for(RE_READY, READY_TIMEOUT_S)
    time.sleep(1.0)
    m.tap("esc")
    stop = m.wait_for(r"^demo: stopped at tick (\d+) of (\d+)$", 5)
    assert 0 < int(stop.group(1)) < n and int(stop.group(2)) == n, stop.group(0)
    m.wait_for(r"^session: menu$", 5)
    assert not re.search(RE_DEMO_END, m.serial(), re.M), "a stopped demo also said it ended"
    ctx.note(stop.group(0))


def test_demo_bad(ctx):
    """A corrupt demo from the boot disk: a red error screen and a COM1 line naming the
    problem; Enter goes on to the title, drawn whole over the red (equal to title_boot.png
    outside the animated rectangle: no cell of the error screen is left)."""
    data = bytearray(open(demo_file("seeds"), "rb").read())
    data[70] ^= 0x01                    # inside the runs: the CRC no longer matches
    bad = os.path.join(ctx.outdir, "demo.dem")
    with open(bad, "wb") as f:
        f.write(data)
    m = ctx.machine(opts="demo=disk", files={"demo.dem": bad})
    line = m.wait_for(r"^ERROR: BAD DEMO FILE: demo: (.*)$", READY_TIMEOUT_S + 5)
    ctx.note("serial: %s" % line.group(0))
    assert "CRC mismatch" in line.group(1), "error does not name the CRC: %r" % line.group(1)
    time.sleep(0.3)
    frame = m.screendump("error")
    assert frame.dominant_colour() == 4, "error screen is not red (dominant %d)" % frame.dominant_colour()
    m.tap("ret")
    m.wait_for(RE_READY, 5, since=m.serial().index(line.group(0)))
    assert m.running(), "QEMU died on a bad demo"
    saves_known(m)
    title = m.screendump("title")
    ctx.check_golden(title, "title_boot.png", ignore=[image.TITLE_ANIM_RECT, image.SAVES_RECT])
    check_saves_band(ctx, m, title)


# The episode's demos (game/demos/README.md): each is played in QEMU to one tick before its
# end (a finished level or an ended demo goes back to the title), every tick's screen CRC
# compared with the host build's; at each checkpoint the host's frame must equal the golden
# PNG, so QEMU's frame (same CRC) does too; the frozen last frame is also screendumped.
EPISODE_DEMOS = {
    "e1l1": (30, 80),                   # a barrel pounced, the gourd's ledge; on the mound's top over the slug's tunnel
    "e1l2": (40, 100, 153, 200),        # the mud and the first climb; in the foot switch's shaft; riding the platform over the chasm; by the friend's ledge
    "e1l3": (8, 50),                    # Orchard: the first barrel's shards burst; in the hedge door through the tower's foot
    "e1l4": (80, 150),                  # Liftworks: riding the first platform over its chasm; riding the second
    "e1l5": (10, 90),                   # Geysers: on the first invisible ledge; the invisible steps by the 15-high fountain
    "e1l6": (20,),                      # Ascent: on the invisible diagonal stair
    "e1l7": (12,),                      # Deep Cave: behind the hedge door at the chimney's foot
    "e1l8": (82,),                      # Hedgerow: behind the hedge door at the tower's foot
    "e1l9": (50,),                      # Scorpion Ridge: the scorpions' floor, at the chimney's hedge door
    "e1l10": (40, 60, 95),              # Fortress: behind the hall wall's hedge door; the boss in the arena; shot down, bursting
    "e1bonus": (30,),                   # Treasure Vault: prizes on the planks
    "prizes": (20, 90),                 # gourd, tomato and emerald taken; in the slug's tunnel for the rest
    "spikes": (60, 90),                 # dead on the spikes; back at the start with a life less
}


# Demos replayed with an AdLib card and the music on, and the tunes they must hear in order:
# e1l10: the fortress tune, the boss tune once the arena is in view, the fortress again when it bursts.
MUSIC_DEMOS = {"e1l10": ("fortress", "boss", "fortress")}


def episode_goldens(name):
    n = demo_header(demo_file(name))[0]["ticks"] - 1
    return tuple("demo_%s_%d.png" % (name, t) for t in EPISODE_DEMOS[name] + (n,))


def episode_demo_test(name):
    def test(ctx):
        n = demo_header(demo_file(name))[0]["ticks"] - 1
        music = name in MUSIC_DEMOS             # with an AdLib: the music plays, the frames must not care
        m = ctx.machine(opts="demo=%s crcs ticks=%d" % (name, n),
                        opl_wav=os.path.join(ctx.outdir, "opl.wav") if music else None)
        m.wait_for(r"^demo: '%s' built in \(\d+ bytes\)$" % name, READY_TIMEOUT_S)
        match = m.wait_for(RE_FROZEN, READY_TIMEOUT_S + n * FRAME_TICKS / TICK_HZ + 10)
        host = host_output(ctx, ["--demo", name, str(n), "--every"])
        host_crcs = [l for l in host if l.startswith("tick=")][:n]
        guest_crcs = ["tick=%s crc=%s" % tc for tc in re.findall(RE_TICK_CRC, m.serial(), re.M)]
        assert len(guest_crcs) == n, "%d `CRC tick=` lines for %d ticks" % (len(guest_crcs), n)
        same_lines("per-tick CRC", guest_crcs, host_crcs)
        if music:
            tunes = re.findall(r"^music: play (\w+)$", m.serial(), re.M)
            assert tunes == list(MUSIC_DEMOS[name]), "tunes played %s, want %s" % (tunes, list(MUSIC_DEMOS[name]))
            ctx.note("AdLib on, tunes %s: every frame CRC still equals the host's (which has no music)" % tunes)
        for t in EPISODE_DEMOS[name]:
            png = os.path.join(ctx.outdir, "host_%d.png" % t)
            host_output(ctx, ["--demo", name, str(t), "--png", png])
            with image.Image.open(png) as img:
                ctx.check_golden(image.frame_from_image(img, source=png), "demo_%s_%d.png" % (name, t))
        frame = m.screendump("end")
        assert match.group(2) == frame.crc() == host_crcs[-1].split("crc=")[1], (
            "READY crc=%s, screendump %s, host %s" % (match.group(2), frame.crc(), host_crcs[-1]))
        ctx.check_golden(frame, "demo_%s_%d.png" % (name, n))
        ctx.note("%d ticks: every frame CRC equals the host's; %d checkpoint frames equal their goldens" % (
            n, len(EPISODE_DEMOS[name]) + 1))
    test.__doc__ = "demo=%s: every tick's frame CRC equals the host's; frames at ticks %s and the end equal the goldens." % (
        name, ", ".join(str(t) for t in EPISODE_DEMOS[name]))
    return test
