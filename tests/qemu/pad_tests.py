"""pad_tests.py: QEMU tests of the USB game-controller class's driver path (drivers/usb/usbpad.c).

QEMU 7.2 has no USB gamepad. Its usb-tablet is a report-protocol HID pointer with absolute X/Y
(0..0x7FFF) and three buttons; with the boot option padtest=tablet the pad class takes it as a
pad (docs/usb.md, "Game controllers"). These tests check the whole path on each controller kind:
enumeration (GET_DESCRIPTOR(report), SET_IDLE, the interrupt endpoint), COM1 naming the pad, and a
QMP `input-send-event` reaching a logged pad state (`pad N: x .. y .. buttons ..`: the class logs
a pad's first 16 state changes). Moving the hero is the game port's test (padgame).
"""

import re

RE_READY = r"^ready$"
ABS_MAX = 0x7FFF                        # QEMU's absolute axes: 0..0x7FFF
PAD_AXIS_MAX = 32767                    # drivers/input/pad.h

PC = ["-M", "pc,i8042=off"]
KINDS = {
    "xHCI": ["-M", "q35", "-device", "qemu-xhci,id=hc", "-device", "usb-tablet,id=tablet,bus=hc.0"],
    "EHCI": PC + ["-device", "usb-ehci,id=hc", "-device", "usb-tablet,id=tablet,bus=hc.0"],
    "UHCI": PC + ["-device", "piix3-usb-uhci,id=hc", "-device", "usb-tablet,id=tablet,bus=hc.0"],
    "OHCI": PC + ["-device", "pci-ohci,id=hc", "-device", "usb-tablet,id=tablet,bus=hc.0"],
}


def abs_event(m, x=None, y=None):
    events = []
    if x is not None:
        events.append({"type": "abs", "data": {"axis": "x", "value": x}})
    if y is not None:
        events.append({"type": "abs", "data": {"axis": "y", "value": y}})
    m.qmp.command("input-send-event", events=events)


def button(m, name, down):
    m.qmp.command("input-send-event", events=[{"type": "btn", "data": {"down": down, "button": name}}])


def state_re(x=r"-?\d+", y=r"-?\d+", buttons=r"[0-9a-f]{8}"):
    return r"^pad (\d): x (%s) y (%s) rx 0 ry 0 z 0 rz 0 hat -1 buttons (%s) reports (\d+)$" % (x, y, buttons)


def tablet_pad(kind):
    """padtest=tablet, a usb-tablet on `kind`: COM1 names the pad (0627:0001, its place, axes X Y,
    3 buttons); abs X at its maximum is logged as x 32767; the left button as button 1; without
    padtest the same tablet is only named and ignored."""
    def run(ctx):
        m = ctx.machine(opts="padtest=tablet", extra=KINDS[kind])
        m.wait_for(RE_READY, ctx.ready_timeout)
        m.wait_usb_attached()
        text = m.serial()
        named = re.search(r"^pad (\d): 0627:0001 on %s port (\d+), HID tablet \(padtest\), axes X Y, hat no, "
                          r"buttons 3, endpoint 81, interval (\d+)$" % kind, text, re.M)
        assert named, "COM1 never names the tablet as a pad"
        slot = named.group(1)
        mark = m.mark()
        abs_event(m, x=ABS_MAX, y=ABS_MAX // 2)
        moved = m.wait_for(state_re(x=str(PAD_AXIS_MAX)), 3, since=mark)
        assert moved.group(1) == slot, moved.group(0)
        mark = m.mark()
        button(m, "left", True)
        pressed = m.wait_for(state_re(buttons="00000001"), 3, since=mark)
        button(m, "left", False)
        m.wait_for(state_re(buttons="00000000"), 3, since=mark)
        assert not re.search(r"^pad: .*refused|^usb: .*0627:0001.*ignored", m.serial(), re.M), \
            "the tablet was refused or ignored as well"
        plain = ctx.machine(extra=KINDS[kind])
        plain.wait_for(RE_READY, ctx.ready_timeout)
        plain.wait_usb_attached()
        plain_text = plain.serial()
        assert re.search(r"^usb: port \d+: 0627:0001 .*ignored$", plain_text, re.M), \
            "without padtest the tablet is not named and ignored"
        assert not re.search(r"^pad \d: ", plain_text, re.M), "without padtest the tablet became a pad"
        ctx.note("%s; abs x max -> %s; left button -> %s" % (named.group(0), moved.group(0), pressed.group(0)))
    return run


def test_pad_tablet_hotplug(ctx):
    """padtest=tablet on xHCI with a hub and no tablet at boot: two tablets plugged in while the
    game runs (QMP device_add; one behind the hub, `P.3`) are pads 0 and 1, named with their places;
    abs X reaches the newest (QEMU sends absolute events to the last tablet added); pulled out
    (device_del) each is removed with its report count and its slot is free again."""
    m = ctx.machine(opts="padtest=tablet", extra=["-M", "q35", "-device", "qemu-xhci,id=hc",
                                                  "-device", "usb-hub,bus=hc.0,port=1,id=hub"])
    m.wait_for(RE_READY, ctx.ready_timeout)
    m.wait_usb_attached()
    assert not re.search(r"^pad \d: ", m.serial(), re.M), "a pad before any was plugged in"
    mark = m.mark()
    m.qmp.command("device_add", driver="usb-tablet", id="t1", bus="hc.0", port="2")
    first = m.wait_for(r"^pad (\d): 0627:0001 on xHCI port (\d+), HID tablet \(padtest\)", 10, since=mark)
    m.qmp.command("device_add", driver="usb-tablet", id="t2", bus="hc.0", port="1.3")
    second = m.wait_for(r"^pad (\d): 0627:0001 on xHCI port (\d+\.3), HID tablet \(padtest\)", 10, since=mark)
    assert {first.group(1), second.group(1)} == {"0", "1"}, (first.group(0), second.group(0))
    mark = m.mark()
    abs_event(m, x=ABS_MAX, y=0)
    moved = m.wait_for(state_re(x=str(PAD_AXIS_MAX), y=str(-PAD_AXIS_MAX)), 3, since=mark)
    assert moved.group(1) == second.group(1), "abs X reached pad %s, not the newest tablet" % moved.group(1)
    mark = m.mark()
    m.qmp.command("device_del", id="t2")
    gone = m.wait_for(r"^pad %s: 0627:0001 on xHCI port %s removed after (\d+) reports$" % (
        second.group(1), re.escape(second.group(2))), 5, since=mark)
    assert int(gone.group(1)) >= 1, gone.group(0)
    m.qmp.command("device_del", id="t1")
    m.wait_for(r"^pad %s: 0627:0001 on xHCI port %s removed after \d+ reports$" % (first.group(1), first.group(2)), 5,
               since=mark)
    mark = m.mark()
    m.qmp.command("device_add", driver="usb-tablet", id="t3", bus="hc.0", port="2")
    again = m.wait_for(r"^pad (\d): 0627:0001 on xHCI port %s, HID tablet" % first.group(2), 10, since=mark)
    assert again.group(1) == "0", "the freed slot 0 was not reused: %s" % again.group(0)
    ctx.note("%s; %s; abs -> %s; %s; replugged: %s" % (first.group(0), second.group(0), moved.group(0),
                                                     gone.group(0), again.group(0)))


def tests():
    """As run_tests.py lists them: (name, function, goldens it writes, goldens it reads)."""
    import usb_tests                # it imports this module: here, not at the top
    return [("pad_tablet_%s" % kind.lower(), tablet_pad(kind), (), ()) for kind in KINDS] + [
        ("pad_tablet_hotplug", test_pad_tablet_hotplug, (), ()),
        ("pad_tablet_uefi_xhci", usb_tests.on_uefi(tablet_pad("xHCI")), (), ())]
