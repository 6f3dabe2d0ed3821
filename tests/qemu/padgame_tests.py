"""padgame_tests.py: QEMU tests of a pad moving the hero through the whole USB path (issue 31). QEMU 7.2 has
no USB gamepad; its usb-tablet is a report-protocol HID device with absolute X/Y (0..32767) and
buttons, and the test-only boot option `padtest=tablet` lets the game-controller class
(drivers/usb/usbpad.c) take it as a pad: X/Y the left stick, the left button button 1 (Joy 1:
jump, which also chooses in the menus). One boot per cell, on each controller kind (xHCI, EHCI,
UHCI, OHCI), under SeaBIOS and OVMF:

  1. COM1 names the pad (`pad: 0627:0001 on <kind> port N: ...`), and System info's line too
     (`sysinfo: Pad 1: ...`);
  2. on the title, QMP `input-send-event` `abs` X at 32767 (then 0) steps the hero right (left),
     back at the centre lets go: the host time from the event to the title's `title: sprite`
     line is the latency (as usb_latency measures a key, tests/qemu/usb_tests.py);
  3. the left button twice (title -> menu -> New game), then X at 32767: the hero runs right in
     level 1 (the `trace` rows); the button again: he jumps (y goes up, then down);
  4. (xHCI under SeaBIOS) the tablet pulled out while X at 0 holds the hero running left: COM1
     says the pad is gone and the hero stops.

pad_refused_named: five tablets, four pads; System info names each pad and the fifth with the
class's reason (said on COM1 as `sysinfo: ...` lines).

Under SeaBIOS each cell records pad_latency_median_ms / _p90_ms / _max_ms; docs/usb.md's pad
table is made from them by tools/usb_latency_table.py. Used by run_tests.py (TESTS below).
"""

import os
import re
import statistics
import time

from usb_tests import READY_TIMEOUT_S, RE_READY, RE_SPRITE, on_uefi, player_xs, wait_line_fast

PC = ["-M", "pc"]
TABLET = "usb-tablet,id=tablet,bus=%s"
CELLS = {   # kind: QEMU arguments with a usb-tablet on that controller kind only
    "xHCI": PC + ["-device", "qemu-xhci,id=xhci", "-device", TABLET % "xhci.0"],
    # ICH9's EHCI with its UHCI companions, as usbold_tests.py's EHCI_SET: the tablet (high speed
    # in QEMU 7.2, usb_version=2) stays on the EHCI
    "EHCI": ["-M", "q35", "-device", "ich9-usb-ehci1,id=ehci,addr=1d.7,multifunction=on",
             "-device", "ich9-usb-uhci1,masterbus=ehci.0,firstport=0,addr=1d.0,multifunction=on",
             "-device", "ich9-usb-uhci2,masterbus=ehci.0,firstport=2,addr=1d.1",
             "-device", "ich9-usb-uhci3,masterbus=ehci.0,firstport=4,addr=1d.2",
             "-device", TABLET % "ehci.0"],
    "UHCI": PC + ["-device", "piix3-usb-uhci,id=uhci", "-device", TABLET % "uhci.0"],
    "OHCI": PC + ["-device", "pci-ohci,id=ohci", "-device", TABLET % "ohci.0"],
}
AXIS_MAX = 32767
CENTRE = 16384
TAPS = 16                       # latency samples per cell (the keyboard's tables use 30; time is short)
RE_PLAYER = r"^T=\d+ player \d+ x=(-?\d+) y=(-?\d+)"


def send(m, *events):
    """Events to the tablet: ("abs", axis, value) or ("btn", button, down)."""
    evs = []
    for kind, what, value in events:
        if kind == "abs":
            evs.append({"type": "abs", "data": {"axis": what, "value": value}})
        else:
            evs.append({"type": "btn", "data": {"button": what, "down": value}})
    m.qmp.command("input-send-event", events=evs)          # the tablet is the only absolute device; once polled, the first for buttons too


def click(m, hold_s=0.15):
    send(m, ("btn", "left", True))
    time.sleep(hold_s)
    send(m, ("btn", "left", False))


def measure(m, n=TAPS):
    """Host time from an `abs` X event past the press point (right, then left, in turn) to the
    title's `title: sprite` line; X back at the centre between samples."""
    regex = re.compile(RE_SPRITE, re.M)
    lat = []
    for i in range(n):
        since = os.path.getsize(m.serial_path)
        t0 = time.monotonic()
        send(m, ("abs", "x", AXIS_MAX if i % 2 == 0 else 0))
        lat.append((wait_line_fast(m, regex, since) - t0) * 1000)
        send(m, ("abs", "x", CENTRE))
        time.sleep(0.06)
    return lat


def players(m, since):
    return [(int(x), int(y)) for x, y in re.findall(RE_PLAYER, m.serial()[since:], re.M)]


def pad_cell(kind, uefi=False, unplug=False):
    """One cell: the tablet on `kind`'s controller; see the module's doc. unplug: then pull it
    out while it holds the hero running (check_unplug)."""
    def run(ctx):
        m = ctx.machine(extra=CELLS[kind], opts="padtest=tablet trace")
        m.wait_for(RE_READY, getattr(ctx, "ready_timeout", READY_TIMEOUT_S))
        m.wait_usb_attached()
        named = m.wait_for(r"^pad: (0627:0001 on %s port [\d./]+: [^\n]*)$" % kind, 5)
        m.wait_for(r"^sysinfo: Pad 1: %s$" % re.escape(named.group(1)), 1)      # System info's line, said on COM1
        send(m, ("abs", "x", CENTRE), ("abs", "y", CENTRE))     # the stick at rest
        time.sleep(0.3)
        lat = sorted(measure(m))
        med, p90 = statistics.median(lat), lat[int(len(lat) * 0.9) - 1]
        ctx.note("%s; abs X to the title's step: median %.1f ms, 90%% %.1f ms, max %.1f ms (%d events)" % (
            named.group(1), med, p90, lat[-1], len(lat)))
        if not uefi:
            ctx.record["pad_latency_median_ms"] = round(med, 2)
            ctx.record["pad_latency_p90_ms"] = round(p90, 2)
            ctx.record["pad_latency_max_ms"] = round(lat[-1], 2)
        assert med < 100, "median latency %.1f ms" % med

        click(m)                                                # Joy 1 chooses: the menu
        m.wait_for(r"^session: menu", 3)
        time.sleep(0.2)         # a pad is read as a state once a pass: a release and a press must not share one
        mark = m.mark()
        click(m)                                                # New game
        m.wait_for(r"^T=\d+ player ", 5, since=mark)
        time.sleep(0.5)
        mark = m.mark()
        send(m, ("abs", "x", AXIS_MAX))
        time.sleep(1.2)
        send(m, ("abs", "x", CENTRE))
        ran = player_xs(m, mark)
        assert len(ran) > 5 and ran[-1] > ran[0], "abs X at its maximum did not run the hero right: x %s" % ran[:8]
        time.sleep(0.6)
        mark = m.mark()
        click(m, 0.3)
        time.sleep(1.0)
        ys = [y for _, y in players(m, mark)]
        assert ys and min(ys) < ys[0], "the button did not jump: y %s" % ys[:12]
        ctx.note("X max ran the hero x %d -> %d; the button jumped y %d -> %d" % (ran[0], ran[-1], ys[0], min(ys)))
        if unplug:
            check_unplug(m, ctx, named.group(1))
    return on_uefi(run) if uefi else run


def check_unplug(m, ctx, name):
    """The pad pulled out (device_del) while X at 0 holds the hero running left (back the way he
    came: right of him is the wall he ran into): COM1 says it is gone, and the hero stops: nothing
    of it stays held."""
    time.sleep(0.5)
    mark = m.mark()
    send(m, ("abs", "x", 0))
    time.sleep(0.4)
    m.qmp.command("device_del", id="tablet")
    m.wait_for(r"^pad: gone: %s$" % re.escape(name.split(": ")[0]), 5, since=mark)
    gone = m.mark()
    ran = player_xs(m, mark)
    assert len(ran) > 2 and ran[-1] < ran[0], "X at 0 did not run the hero left before the unplug: x %s" % ran
    time.sleep(1.0)                 # held on, he would run on to the left edge (x 5) within this second
    still = player_xs(m, gone)[2:]  # a frame or two may still be under way when COM1 says it
    assert len(still) > 5 and len(set(still)) == 1, "the hero still runs after the pad went: x %s" % still
    ctx.note("unplugged while running left (x %d -> %d): pad gone, the hero stays at x=%d" % (
        ran[0], ran[-1], still[0]))


def test_pad_refused_named(ctx):
    """Five tablets taken as pads on one xHCI (QEMU chains a hub for the last two): four are pads, System info gets a line for each
    (`sysinfo: Pad 1: ...` .. `Pad 4`), and the fifth, refused by the class, a line with the
    reason (`sysinfo: No pad: 0627:0001 on xHCI port N: not used: already 4 pads`)."""
    extra = PC + ["-device", "qemu-xhci,id=xhci"] + [
        a for i in range(5) for a in ("-device", "usb-tablet,id=tablet%d,bus=xhci.0" % i)]
    m = ctx.machine(extra=extra, opts="padtest=tablet")
    m.wait_for(RE_READY, READY_TIMEOUT_S)
    m.wait_usb_attached()
    refused = m.wait_for(r"^sysinfo: No pad: (0627:0001 on xHCI port [\d.]+: not used: already 4 pads)$", 5)
    text = m.serial()
    for n in range(1, 5):
        assert re.search(r"^sysinfo: Pad %d: 0627:0001 on xHCI port [\d.]+: HID, axes X Y, 3 buttons$" % n, text, re.M), (
            "System info has no line for pad %d" % n)
    assert not re.search(r"^sysinfo: Pad 5:", text, re.M), "a fifth pad line"
    ctx.note("four pads named; %s" % refused.group(1))


TESTS = [("pad_refused_named", test_pad_refused_named, (), ())] + [("pad_%s_bios" % k.lower(), pad_cell(k, unplug=k == "xHCI"), (), ()) for k in CELLS] + \
        [("pad_%s_uefi" % k.lower(), pad_cell(k, uefi=True), (), ()) for k in CELLS]
