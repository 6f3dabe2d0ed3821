"""usbold_tests.py: QEMU tests of USB keyboards on the controllers before xHCI (issue 25): UHCI
(`piix3-usb-uhci`, I/O BAR4) and OHCI (`pci-ohci`, memory BAR0), `-M pc,i8042=off` under SeaBIOS:
the USB keyboard is the only keyboard, so QMP input-send-event without a device reaches it.
SeaBIOS drives both kinds itself (its own UHCI/OHCI keyboard code) until the kernel takes them.
EHCI (drivers/usb/ehci*.c): QEMU's standalone `usb-ehci` (no companions; QEMU's usb-kbd is high
speed there) under `-M pc` and q35, and ICH9's EHCI with its three UHCI companions: a high-speed
keyboard stays on the EHCI, a full-speed usb-hub is handed to the companion (PORT_OWNER).
Used by run_tests.py through usb_tests.tests(); see README.md.
"""

import re
import statistics
import time

from usb_tests import (READY_TIMEOUT_S, RE_READY, UsbContext, measure, on_uefi, player_xs, test_usb_key_storm,
                       test_usb_plays_level1, usb_machine)

PC = ["-M", "pc,i8042=off"]
UHCI = PC + ["-device", "piix3-usb-uhci,id=uhci", "-device", "usb-kbd,id=kbd,bus=uhci.0"]
OHCI = PC + ["-device", "pci-ohci,id=ohci", "-device", "usb-kbd,id=kbd,bus=ohci.0"]
OHCI_HUB = PC + ["-device", "pci-ohci,id=ohci", "-device", "usb-hub,bus=ohci.0,port=1,id=hub",
                 "-device", "usb-kbd,id=kbd,bus=ohci.0,port=1.2"]
UHCI_HUB = PC + ["-device", "piix3-usb-uhci,id=uhci", "-device", "usb-hub,bus=uhci.0,port=1,id=hub",
                 "-device", "usb-kbd,id=kbd,bus=uhci.0,port=1.2"]


EHCI = PC + ["-device", "usb-ehci,id=ehci", "-device", "usb-kbd,id=kbd,bus=ehci.0"]
EHCI_Q35 = ["-M", "q35,i8042=off"] + EHCI[2:]
EHCI_DETAIL = "keyboard: USB (EHCI port 1, high speed)"        # System info's line

# ICH9's EHCI with its three UHCI companions (QEMU's docs/usb-storage example), the keyboard on the EHCI bus
EHCI_SET = ["-M", "q35,i8042=off", "-device", "ich9-usb-ehci1,id=ehci,addr=1d.7,multifunction=on",
            "-device", "ich9-usb-uhci1,masterbus=ehci.0,firstport=0,addr=1d.0,multifunction=on",
            "-device", "ich9-usb-uhci2,masterbus=ehci.0,firstport=2,addr=1d.1",
            "-device", "ich9-usb-uhci3,masterbus=ehci.0,firstport=4,addr=1d.2",
            "-device", "usb-kbd,id=kbd,bus=ehci.0"]
EHCI_SET_HUB = EHCI_SET[:-2] + ["-device", "usb-hub,bus=ehci.0,port=1,id=hub",
                                "-device", "usb-kbd,id=kbd,bus=ehci.0,port=1.2"]


def on_hc(test, extra, kind, port_re=r"[\d/]+", count=1, speed=r"\w+", detail=None):
    """Run an existing PS/2 test with the keyboard on one USB controller kind only; COM1 must
    name it (`keyboard: USB (UHCI port 1)`) and its speed (`..., full speed`), and System info
    its place in full if `detail` is given (`keyboard: USB (UHCI port 1, hub port 2, full speed)`)."""
    def run(ctx):
        test(UsbContext(ctx, extra))
        for m in ctx.machines:
            text = m.serial()
            assert re.search(r"^keyboard: USB \(%s port %s\) 0627:0001, .*, %s speed$" % (kind, port_re, speed), text,
                             re.M), "COM1 never says `keyboard: USB (%s port N) ..., %s speed`" % (kind, speed)
            assert re.search(r"^usb: keyboard: USB \(%s port %s\)$" % (kind, port_re), text, re.M), (
                "no `usb: keyboard: USB (%s port N)` line" % kind)
            assert detail is None or re.search(r"^sysinfo: USB: %s$" % re.escape(detail), text, re.M), (
                "System info does not say `%s`" % detail)
            assert re.search(r"^usb: %d %s controllers? found, %d running" % (count, kind, count), text, re.M), (
                "no `usb: %d %s controller(s) found, %d running`" % (count, kind, count))
    return run


def hotplug(kind, extra, bus):
    """The hot-plug test on one controller kind (`bus`: the controller's QEMU bus)."""
    return lambda ctx: check_hotplug(ctx, kind, extra, bus)


def check_hotplug(ctx, kind, extra, bus):
    """level=test trace: a second usb-kbd plugged in mid-game (device_add) runs the player with
    Right; pulled out (device_del) with Right still down, its key comes up (COM1 says so) and
    the player stops; the first keyboard still works. UHCI has two ports: QEMU chains a usb-hub
    on the last free one and puts the keyboard behind it."""
    m = UsbContext(ctx, extra).machine(opts="level=test trace")
    m.wait_for(RE_READY, READY_TIMEOUT_S)
    m.wait_usb_attached()
    mark = m.mark()
    m.qmp.command("device_add", driver="usb-kbd", id="kbd2", bus=bus)     # QEMU's default keyboard now
    port = m.wait_for(r"^keyboard: USB \(%s port ([\d.]+)\) 0627:0001" % kind, 5, since=mark).group(1)
    m.wait_for(r"^usb: keyboards: USB \(%s ports [\d.]+, [\d.]+\)$" % kind, 2, since=mark)
    mark = m.mark()
    m.key("right", True)
    time.sleep(1.0)
    ran = player_xs(m, mark)
    assert len(ran) > 3 and ran[-1] > ran[0], "Right on the new keyboard did not run the player: x %s" % ran[:3]
    m.qmp.command("device_del", id="kbd2")
    gone = m.wait_for(r"^keyboard: USB \(%s port %s\) removed, (\d+) keys released$" % (kind, re.escape(port)), 5,
                      since=mark)
    assert gone.group(1) == "1", gone.group(0)
    time.sleep(1.0)
    mark2 = m.mark()
    time.sleep(1.0)
    still = player_xs(m, mark2)
    assert len(still) > 5 and len(set(still)) == 1, "the player still moves after the unplug: x %s" % still
    mark3 = m.mark()
    m.hold("left", 0.6)
    time.sleep(0.3)
    back = player_xs(m, mark3)
    assert back and back[-1] < back[0], "the first keyboard's Left did not move the player back: x %s" % back
    ctx.note("kbd2 on %s port %s ran the player x %d -> %d; %s; then still at x=%d; kbd Left x %d -> %d" % (
        kind, port, ran[0], ran[-1], gone.group(0), still[0], back[0], back[-1]))


def test_usb_uhci_plays_level1(ctx):
    """usb_plays_level1 on UHCI: the whole first level with only a USB keyboard on piix3-usb-uhci."""
    test_usb_plays_level1(UsbContext(ctx, UHCI))


def test_usb_ehci_plays_level1(ctx):
    """usb_plays_level1 on EHCI: the whole first level with only a USB keyboard on usb-ehci."""
    test_usb_plays_level1(UsbContext(ctx, EHCI))


def test_usb_ehci_key_storm(ctx):
    """usb_key_storm on EHCI, 8 s of it (the 20 s storms of the other kinds cover the queues'
    overflow; this one the EHCI's interrupt QH re-queued under load)."""
    u = UsbContext(ctx, EHCI)
    u.storm_s = 8.0
    test_usb_key_storm(u)


def companion_hub(test):
    """The ICH9 set with a usb-hub (full speed) on the EHCI bus: the EHCI hands that port to
    its companion (COM1 says so, once), where the keyboard behind the hub is driven."""
    def run(ctx):
        on_hc(test, EHCI_SET_HUB, "UHCI", r"1\.2", count=3, speed="full",
              detail="keyboard: USB (UHCI port 1, hub port 2, full speed)")(ctx)
        for m in ctx.machines:
            text = m.serial()
            handed = re.findall(r"^ehci0: port 1: full-speed device, handed to the companion controller$", text, re.M)
            assert len(handed) == 1, "the EHCI handed port 1 to its companion %d times" % len(handed)
            assert re.search(r"^usb: 1 EHCI controller found, 1 running", text, re.M), "the EHCI is not running"
    return run


def test_usb_xhci_and_uhci(ctx):
    """A usb-kbd on a qemu-xhci and another on a piix3-usb-uhci: both controllers run, the note
    names each keyboard's kind, and a Right tap (QEMU sends it to the newest keyboard, the
    UHCI one) steps the hero."""
    extra = PC + ["-device", "qemu-xhci,id=xhci", "-device", "usb-kbd,id=kbd,bus=xhci.0",
                  "-device", "piix3-usb-uhci,id=uhci", "-device", "usb-kbd,id=kbd2,bus=uhci.0"]
    m = UsbContext(ctx, extra).machine()
    m.wait_for(RE_READY, READY_TIMEOUT_S)
    m.wait_usb_attached()
    text = m.serial()
    for kind in ("xHCI", "UHCI"):
        assert re.search(r"^usb: 1 %s controller found, 1 running" % kind, text, re.M), "%s not running" % kind
    note = m.wait_for(r"^usb: keyboards: USB \(xHCI port 5, UHCI port 1\)$", 1)
    mark = m.mark()
    m.tap("right", 0.05)
    step = m.wait_for(r"^title: sprite tx=(\d+) ty=(\d+)$", 2, since=mark)
    ctx.note("%s; Right: %s" % (note.group(0), step.group(0)))


def test_usb_old_latency(ctx):
    """Measured, not asserted (beyond a sanity bound), as usb_latency: host time from a QMP
    key-down to the title's reaction on COM1, 30 taps, with the keyboard on UHCI, on OHCI, then
    on EHCI (all polled on the 140 Hz tick; the keyboard's endpoint every 8 ms). The table in
    docs/usb.md is made from the record this writes (tools/usb_latency_table.py)."""
    medians = {}
    for kind, extra in (("UHCI", UHCI), ("OHCI", OHCI), ("EHCI", EHCI)):
        m = UsbContext(ctx, extra).machine()
        m.wait_for(RE_READY, READY_TIMEOUT_S)
        m.wait_usb_attached()
        s = sorted(measure(m, None))
        m.quit()
        medians[kind] = statistics.median(s)
        ctx.note("%s key-down to game: median %.1f ms, 90%% %.1f ms, max %.1f ms (%d taps)" % (
            kind, medians[kind], s[int(len(s) * 0.9) - 1], s[-1], len(s)))
        ctx.record["%s_latency_median_ms" % kind.lower()] = round(medians[kind], 2)
        ctx.record["%s_latency_p90_ms" % kind.lower()] = round(s[int(len(s) * 0.9) - 1], 2)
        ctx.record["%s_latency_max_ms" % kind.lower()] = round(s[-1], 2)
    assert max(medians.values()) < 100, "median latency %s" % medians


def test_usb_ohci_kbd_tablet(ctx):
    """A usb-kbd on OHCI port 1 and a usb-tablet on port 2: SeaBIOS powers the tablet's port down
    (it has no driver for it) and QEMU then shows no device there until the root hub is reset; the
    take-over's bus reset brings it back: the tablet is addressed and named (ignored) on COM1."""
    m = usb_machine(ctx, extra=PC + ["-device", "pci-ohci,id=ohci", "-device", "usb-kbd,bus=ohci.0,port=1",
                                     "-device", "usb-tablet,bus=ohci.0,port=2"])
    m.wait_for(RE_READY, READY_TIMEOUT_S)
    m.wait_usb_attached()
    line = m.wait_for(r"^usb: port 2: 0627:0001 HID device \(class 03\.00\.00\): not a boot keyboard, ignored$", 3)
    text = m.serial()
    assert re.search(r"^ohci0: port 2: full-speed device, address 2$", text, re.M), "the tablet got no address 2"
    assert re.search(r"^usb: keyboard: USB \(OHCI port 1\)$", text, re.M), "the keyboard is not listed"
    assert re.search(r"^ohci0: taken from the BIOS driver \(state \d\), bus reset$", text, re.M), "no bus reset"
    ctx.note(line.group(0))


def tests(hold_right):
    """(name, function, goldens it writes, goldens it reads), as run_tests.py lists them."""
    return [
        ("usb_uhci_hold_right", on_hc(hold_right, UHCI, "UHCI"), (), ()),
        ("usb_uhci_hub_hold_right", on_hc(hold_right, UHCI_HUB, "UHCI", r"1\.2"), (), ()),
        ("usb_uhci_hotplug", hotplug("UHCI", UHCI, "uhci.0"), (), ()),
        ("usb_uhci_plays_level1", test_usb_uhci_plays_level1, (), ()),
        ("usb_uhci_key_storm", lambda ctx: test_usb_key_storm(UsbContext(ctx, UHCI)), (), ()),
        ("usb_uefi_uhci_hold_right", on_uefi(on_hc(hold_right, UHCI, "UHCI")), (), ()),
        ("usb_ohci_hold_right", on_hc(hold_right, OHCI, "OHCI"), (), ()),
        ("usb_ohci_hub_hold_right", on_hc(hold_right, OHCI_HUB, "OHCI", r"1\.2"), (), ()),
        ("usb_ohci_hotplug", hotplug("OHCI", OHCI, "ohci.0"), (), ()),
        ("usb_ohci_key_storm", lambda ctx: test_usb_key_storm(UsbContext(ctx, OHCI)), (), ()),
        ("usb_uefi_ohci_hold_right", on_uefi(on_hc(hold_right, OHCI, "OHCI")), (), ()),
        ("usb_ohci_kbd_tablet", test_usb_ohci_kbd_tablet, (), ()),
        ("usb_xhci_and_uhci", test_usb_xhci_and_uhci, (), ()),
        ("usb_ehci_hold_right", on_hc(hold_right, EHCI, "EHCI", speed="high", detail=EHCI_DETAIL), (), ()),
        ("usb_ehci_q35_hold_right", on_hc(hold_right, EHCI_Q35, "EHCI", speed="high", detail=EHCI_DETAIL), (), ()),
        ("usb_ehci_hotplug", hotplug("EHCI", EHCI, "ehci.0"), (), ()),
        ("usb_ehci_plays_level1", test_usb_ehci_plays_level1, (), ()),
        ("usb_ehci_key_storm", test_usb_ehci_key_storm, (), ()),
        ("usb_ehci_ich9_hold_right", on_hc(hold_right, EHCI_SET, "EHCI", speed="high", detail=EHCI_DETAIL), (), ()),
        ("usb_ehci_companion_hub_hold_right", companion_hub(hold_right), (), ()),
        ("usb_uefi_ehci_ich9_hold_right",
         on_uefi(on_hc(hold_right, EHCI_SET, "EHCI", speed="high", detail=EHCI_DETAIL)), (), ()),
        ("usb_old_latency", test_usb_old_latency, (), ()),
    ]
