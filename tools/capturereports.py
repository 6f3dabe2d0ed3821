#!/usr/bin/python3
"""capturereports.py: boot the ISO on QEMU's machines with the `hwinfo` option and keep each report.

    tools/capturereports.py [--iso build/shardfall.iso] [--out tests/reports] [-k NAME]

Each machine below boots the real ISO (tests/qemu/qemu.py's Machine, the options disk for `hwinfo`),
COM1's text between `hwinfo: begin` and `hwinfo: end` is the report (docs/hwinfo.md), written to
OUT/NAME.txt once tools/report2test.py reads it. `make test-unit` then replays every report
(tests/unit/test_reports_*.c). About ten seconds a machine on 2 cores.
"""

import argparse
import os
import shutil
import sys

sys.dont_write_bytecode = True
TOOLS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(TOOLS)
sys.path[:0] = [TOOLS, os.path.join(REPO, "tests", "qemu")]
import qemu  # noqa: E402
import report2test  # noqa: E402

HDA = ["-device", "intel-hda", "-device", "hda-duplex"]
ICH9_HDA = ["-device", "ich9-intel-hda", "-device", "hda-duplex"]
WAIT_S = 60.0                   # bring-up with every controller, then the report at 115200 baud

# name -> how it boots: QEMU machine (-M), firmware, boot path, devices.
MACHINES = {
    # pc (i440FX) with PIIX3's UHCI: a hub on port 1 with the keyboard behind it, the tablet on port 2.
    "pc-uhci": dict(machine="pc", extra=["-device", "piix3-usb-uhci,id=uhci",
                                         "-device", "usb-hub,bus=uhci.0,port=1",
                                         "-device", "usb-kbd,bus=uhci.0,port=1.1",
                                         "-device", "usb-tablet,bus=uhci.0,port=2"] + HDA),
    # q35 with ICH9's EHCI and its UHCI companions (usb=on): the keyboard (full speed) on a companion.
    "q35-ehci": dict(machine="q35,usb=on", extra=["-device", "usb-kbd", "-device", "usb-tablet"] + ICH9_HDA),
    # An OHCI (pci-ohci): keyboard and tablet on its root ports.
    "pc-ohci": dict(machine="pc", extra=["-device", "pci-ohci,id=ohci", "-device", "usb-kbd,bus=ohci.0",
                                         "-device", "usb-tablet,bus=ohci.0"]),
    # qemu-xhci: a hub with the keyboard behind it, the tablet; booted from a USB stick on the same
    # controller (the stick is the storage class's).
    "pc-xhci": dict(machine="pc", boot="usb", extra=["-device", "usb-hub,port=2", "-device", "usb-kbd,port=2.1",
                                                     "-device", "usb-tablet,port=3"] + HDA),
    # isapc: no PCI at all (no USB, no HDA); the report is the CPU, firmware, memory, display and clocks.
    "isapc": dict(machine="isapc", extra=[]),
    # AC'97 on pc (and no USB): its codec's ids.
    "pc-ac97": dict(machine="pc", extra=["-device", "AC97"]),
    # UEFI (OVMF x64 on q35): qemu-xhci with the keyboard.
    "ovmf-xhci": dict(firmware="ovmf64", extra=["-device", "qemu-xhci,id=xhci", "-device", "usb-kbd,bus=xhci.0"]
                      + ICH9_HDA),
}


def report_of(serial):
    """The lines between `hwinfo: begin` and `hwinfo: end` (docs/hwinfo.md), as the file's text."""
    lines = serial.split("\n")
    begin = next((i for i, t in enumerate(lines) if t.strip() == "hwinfo: begin"), None)
    end = next((i for i, t in enumerate(lines) if t.strip() == "hwinfo: end" and begin is not None and i > begin),
               None)
    if begin is None or end is None:
        return None
    return "\n".join(lines[begin + 1:end]) + "\n"


def capture(name, how, iso, out, work):
    outdir = os.path.join(work, name)
    os.makedirs(outdir, exist_ok=True)
    m = qemu.Machine(iso, outdir, boot=how.get("boot", "cdrom"), opts="hwinfo", firmware=how.get("firmware", "bios"),
                     machine=how.get("machine"), extra=how["extra"], memory=128)
    with m:
        m.wait_for(r"^hwinfo: end", timeout=WAIT_S)
        text = report_of(m.serial())
    if text is None:
        raise SystemExit("%s: no report between 'hwinfo: begin' and 'hwinfo: end' (%s)" % (name, m.serial_path))
    path, kept = os.path.join(out, name + ".txt"), os.path.join(outdir, name + ".txt")
    with open(kept, "w") as f:
        f.write(text)
    try:
        r = report2test.load(kept)
    except report2test.ReportError as e:
        raise SystemExit("%s: the report does not read: %s" % (name, e))
    shutil.copyfile(kept, path)
    print(report2test.summary(path, r))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--iso", default=os.path.join(REPO, "build", "shardfall.iso"))
    ap.add_argument("--out", default=os.path.join(REPO, "tests", "reports"))
    ap.add_argument("--work", default=os.path.join(REPO, "build", "capturereports"), help="QEMU's logs")
    ap.add_argument("-k", dest="only", help="only machines whose name contains this")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for name, how in MACHINES.items():
        if not args.only or args.only in name:
            capture(name, how, args.iso, args.out, args.work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
