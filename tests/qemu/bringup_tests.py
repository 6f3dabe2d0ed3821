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


def stick_behind_hubs(disk, hubs=HUBS, drive_opts=""):
    """QEMU arguments: an xHCI, `hubs` hubs one behind the other on its port 1, the stick (id stick) behind;
    drive_opts: more of its -drive options (",throttling.iops-total=10": a slow stick)."""
    args = ["-device", "qemu-xhci,id=xhci"]
    port = "1"
    for i in range(hubs):
        args += ["-device", "usb-hub,bus=xhci.0,port=%s,id=hub%d" % (port, i)]
        port += ".1"
    args += ["-drive", "if=none,id=stickdrive,format=raw,cache=writethrough,file=%s%s" % (disk, drive_opts),
             "-device", "usb-storage,drive=stickdrive,bus=xhci.0,port=%s,id=stick" % port]
    return args


def stick_on_ehci(disk, drive_opts=""):
    """QEMU arguments: a standalone usb-ehci (no companions), the stick (id stick) on its root port: high
    speed, on EHCI's own bulk path (QEMU's hub is full speed: an EHCI would hand it to a companion)."""
    return ["-device", "usb-ehci,id=ehci",
            "-drive", "if=none,id=stickdrive,format=raw,cache=writethrough,file=%s%s" % (disk, drive_opts),
            "-device", "usb-storage,drive=stickdrive,bus=ehci.0,id=stick"]


def stick_on_companion(kind):
    """QEMU arguments for a full-speed stick (id stick) on port 1 of a UHCI (piix3-usb-uhci) or an OHCI
    (pci-ohci): the controllers whose transfers take whole 1 ms frames (a sector read about a tick)."""
    device = {"uhci": "piix3-usb-uhci", "ohci": "pci-ohci"}[kind]
    return lambda disk, drive_opts="": [
        "-device", "%s,id=hc" % device,
        "-drive", "if=none,id=stickdrive,format=raw,cache=writethrough,file=%s%s" % (disk, drive_opts),
        "-device", "usb-storage,drive=stickdrive,bus=hc.0,port=1,id=stick"]


STICK_PLACES = {"xhci": stick_behind_hubs, "ehci": stick_on_ehci,      # where the pulled stick is
                "uhci": stick_on_companion("uhci"), "ohci": stick_on_companion("ohci")}


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


SLOW_STICK = ",throttling.iops-total=10"       # a read every 100 ms: the save area's reads last seconds
SLOW_THROTTLE = dict(bps=0, bps_rd=0, bps_wr=0, iops=10, iops_rd=0, iops_wr=0)     # the same through QMP
SLOW_AFTER_READY = ("uhci", "ohci")     # slow only from `ready` on: SeaBIOS's own reads of a slow stick there take long


def stick_pulled(place):
    """The test below with the stick at STICK_PLACES[place]."""
    return lambda ctx: test_stick_pulled_during_the_save_reads(ctx, place)


def test_stick_pulled_during_the_save_reads(ctx, place="xhci"):
    """Issue 32: the stick pulled while the save area is read from it. The stick is slow (QEMU
    throttles it to 10 reads a second, so the save stage's reads, a sector a main-loop pass, last
    seconds), behind three hubs on xHCI, on an EHCI's root port, or on a UHCI's or an OHCI's;
    device_del a quarter second after the sticks' stage found it, with a read under way. The hub's
    (or root port's) report ends that read USB_GONE_GRACE_MS (250 ms) later, not after the
    mass-storage timeouts (about 20 s); the loop runs meanwhile (Enter on PS/2 opens the menu within
    a second, a new frame) and no run of the bring-up's fiber held it past the tick it waited for
    (the save stage's `longest_step_ticks` <= 1: the grace is waited out between the loop's ticks);
    `title: saves off` follows within 8 s, the title saying the stick was removed, and no transfer
    waited for its timeout."""
    disk = stick(ctx)
    late = place in SLOW_AFTER_READY
    m = ctx.machine(extra=STICK_PLACES[place](disk, drive_opts="" if late else SLOW_STICK))
    if late:
        m.wait_for(RE_READY, READY_TIMEOUT_S)
        m.qmp.command("block_set_io_throttle", device="stickdrive", **SLOW_THROTTLE)
    m.wait_for(r"^disk: USB stick ", READY_TIMEOUT_S + SAVES_KNOWN_TIMEOUT_S)      # found by the sticks' stage
    time.sleep(0.25)
    pulled_at = m.mark()
    m.qmp.command("device_del", id="stick")
    t_pull = time.monotonic()
    first = m.screendump("after_pull")
    tap(m, "ret", r"^session: menu$", 1.0)
    assert time.monotonic() - t_pull < 1.5, "the loop did not answer Enter within a second of the pull"
    time.sleep(0.3)                 # the menu's frame presented
    assert m.screendump("menu").crc() != first.crc(), "no new frame after the pull"
    m.wait_for(r"^title: saves (on|off)$", 8.0)
    took = time.monotonic() - t_pull
    after = m.serial()[pulled_at:]
    assert re.search(r"^title: saves off$", after, re.M), "saves on with the stick gone"
    why = re.search(save_tests.RE_SAVES_OFF, after, re.M).group(1)
    save = re.search(r"^bringup: stage=save longest_step_ticks=(\d+)", after, re.M)
    assert save, "the save stage had ended before the pull"
    ctx.note("the title %.1f s after the pull: %s; the save stage's longest step %s ticks" % (
        took, why, save.group(1)))
    assert why == "the stick was removed", "the title says %r" % why
    assert int(save.group(1)) <= 1, "the save stage held the loop %s ticks at once" % save.group(1)
    assert "timeout" not in after, "a transfer waited for its timeout: %s" % re.findall(r".*timeout.*", after)


RE_STAGE = r"^bringup: stage=(\w+) longest_step_ticks=(\d+)"
STAGES = ("sound", "disks", "usb", "sticks", "save", "pads", "hwinfo", "gfx")
ICOUNT_BOOT_S = 90.0    # -icount shift=0 (1 instruction a ns: the ticks a step holds do not depend on the host's load), sleep=off (idle time skipped)
TICK_MACHINES = {       # name: (-M, devices); DISK is the stick's image
    "q35_xhci_hda": ("q35", ["-device", "qemu-xhci,id=xhci", "-device", "usb-hub,bus=xhci.0,port=1,id=hub",
                             "-device", "usb-kbd,bus=xhci.0,port=1.1",
                             "-drive", "if=none,id=stickdrive,format=raw,file=DISK",
                             "-device", "usb-storage,drive=stickdrive,bus=xhci.0,port=1.2",
                             "-audiodev", "none,id=snd", "-device", "ich9-intel-hda",
                             "-device", "hda-output,audiodev=snd"],
                     r"^sound: Intel HDA "),
    "pc_uhci_ac97": ("pc", ["-device", "piix3-usb-uhci,id=uhci", "-device", "usb-kbd,bus=uhci.0,port=1",
                            "-audiodev", "none,id=snd", "-device", "AC97,audiodev=snd"],
                     r"^sound: AC'97 "),     # no stick: SeaBIOS's own look at a UHCI stick takes a minute under -icount

}


def steps_within_a_tick(name):
    """The test below on TICK_MACHINES[name]."""
    return lambda ctx: test_no_step_longer_than_a_tick(ctx, name)


def test_no_step_longer_than_a_tick(ctx, name):
    """Issue 32: the devices come up behind the title in steps that return within a PIT tick. A CD
    boot under -icount with a USB keyboard and a PCM device (q35: xHCI, a hub with the keyboard and a
    stick, Intel HDA; pc: UHCI with the keyboard, AC'97): every stage's, to the last (`bringup: done`), `bringup: stage=NAME
    longest_step_ticks=N` has N <= 1, the PCM device plays, the keyboard attaches, and the save area
    opens on the stick (q35) or is known missing (pc: "booted from a CD")."""
    machine, devices, re_pcm = TICK_MACHINES[name]
    has_stick = any("DISK" in a for a in devices)
    disk = stick(ctx) if has_stick else ""
    m = ctx.machine(machine=machine, icount="shift=0,sleep=off", extra=[a.replace("DISK", disk) for a in devices])
    m.wait_for(r"^bringup: done; ", ICOUNT_BOOT_S)
    text = m.serial()
    held = dict((st, int(n)) for st, n in re.findall(RE_STAGE, text, re.M))
    assert tuple(held) == STAGES, "stages %s, want %s" % (list(held), list(STAGES))
    ctx.note("longest step of each stage (ticks): %s" % ", ".join("%s=%d" % kv for kv in held.items()))
    over = dict((st, n) for st, n in held.items() if n > 1)
    assert not over, "stages that held the loop longer than a tick: %s" % over
    assert re.search(re_pcm, text, re.M), "the PCM device did not play"
    assert re.search(r"^usb: keyboard: USB ", text, re.M), "the USB keyboard did not attach"
    saves = "on" if has_stick else "off"
    assert re.search(r"^title: saves %s$" % saves, text, re.M), "the title does not say saves %s" % saves


def test_panic_mid_step_leaves_the_stick(ctx):
    """crashtest=fiberlate: the devices' fiber hangs in the step after the save area opened (a driver that
    never waits). The watchdog's panic then comes while that step is under way, its driver perhaps mid-transfer
    on the stick's controller: the crash report and the replay are not written through it. COM1 says so, and
    CRASH.TXT and CRASHRPL.DAT on the stick are byte for byte as built (nothing outside the save files either)."""
    disk = save_tests.stick(ctx)
    before = save_tests.files(disk)
    m = ctx.machine(opts="crashtest=fiberlate", disk=disk, boot="usb")
    save_tests.opened(m, save_tests.DEVICES["usb_bios"][1])
    m.wait_for(r"^crashtest: the devices' fiber hangs without a wait$", 5)
    m.wait_for(r"^PANIC: LOCKUP: NO FRAME FOR 2 SECONDS$", 10)
    m.wait_for(r"^PANIC: crash report not saved \(a device was being brought up: its driver may be mid-transfer, "
               r"so the stick is left alone\)$", 2)
    m.wait_for(r"^PANIC: halted$", 5)
    assert "crash report saved" not in m.serial(), "the report was written anyway"
    m.power_cut()
    after = save_tests.files(disk)
    for name in ("CRASH.TXT", "CRASHRPL.DAT"):
        assert after[name] == before[name], "%s changed though the panic left the stick alone" % name
    changed = save_tests.check_disk(ctx, disk)
    ctx.note("panic mid-step: CRASH.TXT and CRASHRPL.DAT untouched; %d sectors changed before it (the boot's "
             "own log), all inside the save files" % changed)


TESTS = [("bringup_ps2_key_while_usb_enumerates", test_ps2_key_while_usb_enumerates, (), ()),
         ("bringup_saved_music_off", test_saved_music_off_silences_the_title, (), ()),
         ("bringup_high_scores_wait", test_high_scores_wait_for_the_stick, (), ()),
         ("bringup_stick_never_answers", test_stick_that_never_answers, (), ()),
         ("crashtest_fiberlate_stick", test_panic_mid_step_leaves_the_stick, (), ()),
         ("bringup_stick_pulled_during_save", stick_pulled("xhci"), (), ()),
         ("bringup_stick_pulled_during_save_ehci", stick_pulled("ehci"), (), ()),
         ("bringup_stick_pulled_during_save_uhci", stick_pulled("uhci"), (), ()),
         ("bringup_stick_pulled_during_save_ohci", stick_pulled("ohci"), (), ())] + [
        ("bringup_steps_within_a_tick_" + name, steps_within_a_tick(name), (), ())
        for name in sorted(TICK_MACHINES)]
TESTS += handover_tests.TESTS       # the title's tune from the speaker to the PCM device (handover_tests.py)
