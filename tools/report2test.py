#!/usr/bin/python3
"""report2test.py: a hardware report (HWINFO.TXT, docs/hwinfo.md) becomes fixtures for the unit tests.

    tools/report2test.py HWINFO.TXT                  check it; say what the tests will replay
    tools/report2test.py -o build/gen/reports.h A.txt B.txt ...
                                                     the C fixtures of every report (tests/unit/reportfix.h)

The fixtures are each report's USB controllers and devices (descriptors, HID report descriptors,
the class driver that took each), its HDA codecs' walks (every get verb and its answer, the paths
found) and its PCI functions; tests/unit/test_reports_*.c replay them on the simulated devices.
A report that breaks the format is one line on stderr, 'FILE:line N: what', and exit status 2.
"""

import argparse
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hwinfo_read import ReportError, read  # noqa: E402

HUB_POWER_ON = 0x32             # synthesised hub descriptor: bPwrOn2PwrGood 100 ms (QEMU's usb-hub says the same)


def load(path):
    """The Report of one file; ReportError (with the file's name) if it breaks the format."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
        ident(path)
        try:
            text = raw.decode("ascii")
        except UnicodeDecodeError as e:
            raise ReportError(raw.count(b"\n", 0, e.start) + 1, "byte 0x%02x is not ASCII" % raw[e.start])
        return read(text)
    except OSError as e:
        raise ReportError(0, "cannot read: %s" % e.strerror, path)
    except ReportError as e:
        e.path = path
        raise


def ident(path):
    stem = os.path.splitext(os.path.basename(path))[0]
    if not re.fullmatch(r"[A-Za-z0-9_-]+", stem):
        raise ReportError(0, "a report's file name is letters, digits, '-' and '_' (it names the test)")
    return stem, "r_" + stem.replace("-", "_")


def hub_descriptor(r, d):
    """
    A hub's class descriptor (USB 2.0 11.23.2.1). NOTE: the report does not carry it (only what the
    configuration holds); its port count is the highest port the report has a device on behind it.
    """
    below = [u.hub_ports[len(d.hub_ports)] for u in r.usb
             if u.hc is d.hc and u.port == d.port and len(u.hub_ports) > len(d.hub_ports)
             and u.hub_ports[:len(d.hub_ports)] == d.hub_ports]
    return bytes([9, 0x29, max(below, default=1), 0, 0, HUB_POWER_ON, 0, 0, 0xFF])


def c_bytes(data):
    rows = [", ".join("0x%02X" % b for b in data[i:i + 16]) for i in range(0, len(data), 16)]
    return "{\n\t" + ",\n\t".join(rows) + ",\n}" if data else "{ 0 }"


def c_report(path, r):
    """One report's arrays and its Report, as C."""
    name, c = ident(path)
    out = ["/* %s */" % os.path.basename(path)]
    devs = []
    for i, d in enumerate(sorted(r.usb, key=lambda u: (u.hc.name, u.port, u.hub_ports))):
        p = "%s_u%d" % (c, i)
        out.append("static const uint8_t %s_dev[] = %s;" % (p, c_bytes(d.device.ljust(18, b"\0"))))
        out.append("static const uint8_t %s_cfg[] = %s;" % (p, c_bytes(d.config)))
        hids = []
        for iface, data in sorted(d.hids.items()):
            out.append("static const uint8_t %s_hid%d[] = %s;" % (p, iface, c_bytes(data)))
            hids.append("{ .iface = %d, .rdesc = %s_hid%d, .len = %d }" % (iface, p, iface, len(data)))
        if hids:
            out.append("static const ReportHid %s_hids[] = { %s };" % (p, ", ".join(hids)))
        hub = hub_descriptor(r, d) if d.driver == "hub" else None
        if hub:
            out.append("static const uint8_t %s_hub[] = %s;" % (p, c_bytes(hub)))
        devs.append("\t{ .hc_kind = %d, .hc_index = %d, .port = %d, .route = 0x%05X, .depth = %d, .speed = %d,\n"
                    "\t  .device = %s_dev, .config = %s_cfg, .config_len = %d, .hub = %s, .hub_len = %d,\n"
                    "\t  .hids = %s, .nhids = %d, .taken = \"%s\", .where = \"%s\" },"
                    % (d.hc.kind, d.hc.index, d.port, d.route, len(d.hub_ports), d.speed, p, p, len(d.config),
                       p + "_hub" if hub else "NULL", len(hub or b""), p + "_hids" if hids else "NULL", len(hids),
                       "" if d.driver == "none" else d.driver, d.where))
    out.append("static const ReportUsbDev %s_usb[] = {\n%s\n};" % (c, "\n".join(devs) or "\t{ 0 }"))
    out.append("static const ReportHc %s_hcs[] = {\n%s\n};" % (c, "\n".join(
        "\t{ .kind = %d, .index = %d, .ports = %d, .bus = %d, .dev = %d, .fn = %d },"
        % ((h.kind, h.index, h.ports) + h.pci) for h in r.hcs) or "\t{ 0 }"))
    codecs = []
    for k, cd in enumerate(r.codecs):
        p = "%s_c%d" % (c, k)
        out.append("static const ReportVerb %s_verbs[] = {\n%s\n};" % (p, "\n".join(
            "\t{ 0x%02X, 0x%05X, 0x%08X, %s }," % (n, v, resp or 0, "true" if resp is None else "false")
            for n, v, resp in cd.verbs) or "\t{ 0 }"))
        out.append("static const ReportPath %s_paths[] = {\n%s\n};" % (p, "\n".join(
            "\t{ .pin = 0x%02X, .dac = 0x%02X, .device = %d }," % path for path in cd.paths) or "\t{ 0 }"))
        codecs.append("\t{ .cad = %d, .vendor = 0x%04X, .device = 0x%04X, .answered = %s, .verbs = %s_verbs, "
                      ".nverbs = %d,\n\t  .dropped = %d, .paths = %s_paths, .npaths = %d },"
                      % (cd.cad, cd.vendor, cd.device, "true" if cd.answered else "false", p, len(cd.verbs),
                         cd.dropped, p, len(cd.paths)))
    out.append("static const ReportCodec %s_codecs[] = {\n%s\n};" % (c, "\n".join(codecs) or "\t{ 0 }"))
    out.append("static const ReportPci %s_pci[] = {\n%s\n};" % (c, "\n".join(
        "\t{ .bus = 0x%02X, .dev = 0x%02X, .fn = %d, .vendor = 0x%04X, .device = 0x%04X, .class_rev = 0x%08X,\n"
        "\t  .header = 0x%02X, .bar = { %s } }," % (f.bus, f.dev, f.fn, f.vendor, f.device, f.cls << 8 | f.rev,
                                                    f.header, ", ".join("0x%08X" % b for b in f.bars))
        for f in r.pci) or "\t{ 0 }"))
    out.append("static const Report %s = { .name = \"%s\", .usb = %s_usb, .nusb = %d, .hcs = %s_hcs, .nhcs = %d,\n"
               "\t.codecs = %s_codecs, .ncodecs = %d, .pci = %s_pci, .npci = %d };"
               % (c, name, c, len(r.usb), c, len(r.hcs), c, len(r.codecs), c, len(r.pci)))
    return c, "\n".join(out) + "\n"


def header(paths):
    """build/gen/reports.h: every report's fixtures and the table `reports`."""
    parts, names = [], []
    for path in paths:
        c, text = c_report(path, load(path))
        parts.append(text)
        names.append(c)
    return ("/* reports.h: generated by tools/report2test.py from %s; do not edit. */\n"
            "#ifndef TESTS_GEN_REPORTS_H\n#define TESTS_GEN_REPORTS_H\n\n#include <stdbool.h>\n#include <stddef.h>\n"
            "#include <stdint.h>\n\n#include \"reportfix.h\"\n\n%s\nstatic const Report *const reports[] = { %s };\n\n"
            "#endif\n" % (" ".join(os.path.basename(p) for p in paths), "\n".join(parts),
                          ", ".join("&" + n for n in names)))


def summary(path, r):
    kinds = ("UHCI", "OHCI", "EHCI", "xHCI")
    lines = ["%s: %d USB controller%s, %d device%s, %d codec%s, %d PCI function%s%s" % (
        path, len(r.hcs), "" if len(r.hcs) == 1 else "s", len(r.usb), "" if len(r.usb) == 1 else "s",
        len(r.codecs), "" if len(r.codecs) == 1 else "s", len(r.pci), "" if len(r.pci) == 1 else "s",
        ", %d lines truncated" % r.truncated if r.truncated else "")]
    for d in sorted(r.usb, key=lambda u: (u.hc.name, u.port, u.hub_ports)):
        lines.append("  %s (%s) port %s: %04x:%04x, driver %s" % (d.hc.name, kinds[d.hc.kind], d.where,
                     d.device[8] | d.device[9] << 8 if len(d.device) >= 10 else 0,
                     d.device[10] | d.device[11] << 8 if len(d.device) >= 12 else 0, d.driver))
    for cd in r.codecs:
        lines.append("  hda codec %d: %04x:%04x, %d verbs, paths %s" % (cd.cad, cd.vendor, cd.device, len(cd.verbs),
                     " ".join("%d->%d" % p[:2] for p in cd.paths) or "none"))
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("reports", nargs="+", help="HWINFO.TXT files (tests/reports/NAME.txt)")
    ap.add_argument("-o", "--output", help="write the C fixtures of every report here")
    args = ap.parse_args(argv)
    try:
        if args.output:
            text = header(args.reports)
            with open(args.output + ".tmp", "w") as f:
                f.write(text)
            os.replace(args.output + ".tmp", args.output)
        else:
            for path in args.reports:
                print(summary(path, load(path)))
    except ReportError as e:
        print(e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
