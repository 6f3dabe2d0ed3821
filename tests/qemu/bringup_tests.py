"""bringup_tests.py: the title before the devices (issue 32) — the PS/2 keyboard, the saved settings, the
waiting High scores and a stick that never answers, while USB and the save area come up behind the title."""
import os
import re
import time

import audio
import handover_tests
import save_tests
from music_tests import recorded
from save_tests import READY_TIMEOUT_S, RE_SAVES_KNOWN, SAVES_KNOWN_TIMEOUT_S, stick, tap
from session_tests import host_session

RE_READY = r"^ready$"
RE_STICKS = r"^bringup: stage=sticks "
HUBS = 3                        # hubs in a row before the stick: each one's attach (debounce, reset) takes time


def stick_behind_hubs(disk, hubs=HUBS):
    """QEMU arguments: an xHCI, `hubs` hubs one behind the other on its port 1, the stick (id stick) behind."""
    args = ["-device", "qemu-xhci,id=xhci"]
    port = "1"
    for i in range(hubs):
        args += ["-device", "usb-hub,bus=xhci.0,port=%s,id=hub%d" % (port, i)]
        port += ".1"
    args += ["-drive", "if=none,id=stickdrive,format=raw,cache=writethrough,file=%s" % disk,
             "-device", "usb-storage,drive=stickdrive,bus=xhci.0,port=%s,id=stick" % port]
    return args


def before(m, first, second):
    """True if COM1's first line matching `first` comes before the first matching `second`."""
    text = m.serial()
    a, b = re.search(first, text, re.M), re.search(second, text, re.M)
    assert a, "no /%s/ on COM1" % first
    return not b or a.start() < b.start()


def test_ps2_key_while_usb_enumerates(ctx):
    """A CD boot with a stick behind three hubs on xHCI: Enter on the PS/2 keyboard right after `ready`
    opens the menu while USB is still enumerating (`session: menu` before `bringup: stage=sticks`)."""
    disk = stick(ctx)
    m = ctx.machine(extra=stick_behind_hubs(disk))
    m.wait_for(RE_READY, READY_TIMEOUT_S)
    mark = m.mark()
    m.tap("ret")
    m.wait_for(r"^session: menu$", 3, since=mark)
    assert before(m, r"^session: menu$", RE_STICKS), "the menu opened only after USB had settled"
    m.wait_usb_attached()
    m.wait_for(RE_SAVES_KNOWN, SAVES_KNOWN_TIMEOUT_S)
    ctx.note("Enter on PS/2 honoured before the USB attach ended")


def test_saved_music_off_silences_the_title(ctx):
    """A stick whose settings say Music: Off (saved by a first boot's menu), booted again with an AdLib:
    the title theme may start at `ready`, but `music: stop` follows within a second of it, and no tune
    starts after the save area opened; the OPL WAV's last second is silent."""
    disk = stick(ctx)
    m = ctx.machine(disk=disk, boot="usb")
    m.wait_for(RE_SAVES_KNOWN, READY_TIMEOUT_S + SAVES_KNOWN_TIMEOUT_S)
    tap(m, "ret", r"^session: menu$")
    for item in ("instructions", "controls", "music"):
        tap(m, "down", r"^menu: cursor=\d+ %s$" % item)
    tap(m, "ret", r"^menu: music off$")
    m.wait_for(save_tests.RE_WROTE.replace(r"(\w+)", "settings"), 5)
    m.quit()
    wav = os.path.join(ctx.outdir, "opl.wav")
    m = ctx.machine(disk=disk, boot="usb", opl_wav=wav)
    m.wait_for(RE_READY, READY_TIMEOUT_S)
    t_ready = time.monotonic()
    m.wait_for(r"^progress: loaded, music off", SAVES_KNOWN_TIMEOUT_S)
    opened_at = m.serial().index(m.wait_for(r"^save: .+, partition \d+, ", 1).group(0))
    if "music: play" in m.serial()[:opened_at]:
        m.wait_for(r"^music: stop$", 1.0, since=opened_at)
    assert time.monotonic() - t_ready < 1.0 + 0.5, "the title's music ran on past a second of `ready`"
    time.sleep(1.5)
    m.quit()
    after = m.serial()[opened_at:]
    assert "music: play" not in after, "a tune started after the save area opened: %s" % (
        re.findall(r"music: play \w+", after))
    rate, samples, span = recorded(ctx, wav)
    tail = samples[-rate:]
    assert audio.peak_level(tail) < 200, "the OPL WAV's last second is not silent (peak %d)" % audio.peak_level(tail)
    ctx.note("saved Music: Off applied as the area opened; silent since")


def test_high_scores_wait_for_the_stick(ctx):
    """A CD boot with the stick behind three hubs: Enter, Up, Up, Enter right after `ready` choose High
    scores before the stick is found: `session: waiting for the stick` (the screen says "Looking for the
    stick..."), then, once the area is open, `session: high scores` and the table the host draws."""
    disk = stick(ctx)
    m = ctx.machine(extra=stick_behind_hubs(disk))
    m.wait_for(RE_READY, READY_TIMEOUT_S)
    tap(m, "ret", r"^session: menu$")
    tap(m, "up", r"^menu: cursor=9 quit$")
    tap(m, "up", r"^menu: cursor=8 high scores$")
    tap(m, "ret", r"^session: (waiting for the stick|high scores)$")
    assert before(m, r"^session: waiting for the stick$", RE_SAVES_KNOWN), \
        "High scores did not wait: the save area was known first"
    waiting = m.screendump("waiting")
    m.wait_for(r"^session: high scores$", SAVES_KNOWN_TIMEOUT_S)
    assert before(m, r"^title: saves on$", r"^session: high scores$"), "the table came before the area was open"
    time.sleep(0.3)
    table = m.screendump("hiscores")
    crc, host_png = host_session(ctx, "hiscores", "enter,up,up,enter")
    assert table.crc() == crc, "High scores crc=%s, host render %s (%s)" % (table.crc(), crc, host_png)
    assert waiting.crc() != table.crc(), "the waiting screen looked like the table"
    ctx.note("High scores waited for the stick, then showed the table")


def test_stick_that_never_answers(ctx):
    """A stick removed while it is being enumerated (device_del right after `ready`, behind three hubs):
    the bring-up ends (`bringup: stage=sticks`, `title: saves off` with the title's reason), the
    keyboard works throughout, no hang."""
    disk = stick(ctx)
    m = ctx.machine(extra=stick_behind_hubs(disk))
    m.wait_for(RE_READY, READY_TIMEOUT_S)
    m.qmp.command("device_del", id="stick")
    m.wait_usb_attached()
    m.wait_for(r"^title: saves off$", SAVES_KNOWN_TIMEOUT_S)
    why = m.wait_for(save_tests.RE_SAVES_OFF, 1).group(1)
    assert why == "booted from a CD", "the title says %r" % why
    tap(m, "ret", r"^session: menu$")
    ctx.note("the stick pulled during enumeration: %s; the menu still opens" % why)


TESTS = [("bringup_ps2_key_while_usb_enumerates", test_ps2_key_while_usb_enumerates, (), ()),
         ("bringup_saved_music_off", test_saved_music_off_silences_the_title, (), ()),
         ("bringup_high_scores_wait", test_high_scores_wait_for_the_stick, (), ()),
         ("bringup_stick_never_answers", test_stick_that_never_answers, (), ())]
TESTS += handover_tests.TESTS       # the title's tune from the speaker to the PCM device (handover_tests.py)
