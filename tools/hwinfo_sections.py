"""hwinfo_sections.py: the sections of HWINFO.TXT that tools/report2test.py turns into tests, read strictly.

[usbhc] controllers, [usb] devices (descriptor rows checked against each other: every bLength, the
configuration's wTotalLength, the HID report descriptors' lengths), [hdacodec] walks (verb rows,
paths) and [pci] functions (BARs as their registers). Each reader raises ReportError (hwinfo_read)
naming the line of the first thing that breaks docs/hwinfo.md.
"""

import re

from hwinfo_read import (CONFIG_CUT, DESC_NAMES, DRIVERS, HC_KINDS, PATH_DEVICES, SPEEDS, ReportError,
                         place)


class UsbHc:
    def __init__(self, name, kind, index, ports, pci):
        self.name, self.kind, self.index, self.ports, self.pci = name, kind, index, ports, pci


class UsbDev:
    def __init__(self, hc, port, hub_ports, speed, driver, line):
        self.hc, self.port, self.hub_ports = hc, port, hub_ports
        self.speed, self.driver, self.line = speed, driver, line
        self.device, self.config, self.hids = b"", b"", {}

    @property
    def where(self):
        return ".".join(str(p) for p in [self.port] + self.hub_ports)

    @property
    def route(self):
        return sum(p << (4 * i) for i, p in enumerate(self.hub_ports))


class Codec:
    def __init__(self, cad, vendor, device, answered):
        self.cad, self.vendor, self.device, self.answered = cad, vendor, device, answered
        self.verbs, self.paths, self.dropped = [], [], 0


class Pci:
    def __init__(self, bus, dev, fn, vendor, device, cls, rev, header):
        self.bus, self.dev, self.fn = bus, dev, fn
        self.vendor, self.device, self.cls, self.rev, self.header = vendor, device, cls, rev, header
        self.bars = [0] * 6


def read_hc(r, s):
    ln = s.line
    m = re.fullmatch(r"(uhci|ohci|ehci|xhci)([0-9]+)", s.name or "")
    if not m:
        ln.fail("bad controller name %r (uhci0, xhci1, ...)" % s.name)
    kind = ln.need(s.keys, "kind")
    if kind not in HC_KINDS or kind.lower() != m.group(1):
        ln.fail("controller %s: kind=%s" % (s.name, kind))
    if any(h.name == s.name for h in r.hcs):
        ln.fail("controller %s twice" % s.name)
    ports = ln.cnum(s.keys.get("ports", "31"), "ports")         # NOTE: the kernel may leave it out: any port
    if not 1 <= ports <= 31:
        ln.fail("controller %s: ports=%d (1..31)" % (s.name, ports))
    r.hcs.append(UsbHc(s.name, HC_KINDS.index(kind), int(m.group(2)), ports, place(ln, ln.need(s.keys, "pci"))))


def usb_header(r, s):
    ln = s.line
    m = re.fullmatch(r"([a-z]+[0-9]+)-([0-9]+(?:\.[0-9]+)*)", s.name or "")
    if not m:
        ln.fail("bad USB device name %r (controller-place: xhci0-3.2)" % s.name)
    hc = next((h for h in r.hcs if h.name == m.group(1)), None)
    if hc is None:
        ln.fail("USB device on %s, which no [usbhc] section names" % m.group(1))
    ports = [int(p) for p in m.group(2).split(".")]
    if not 1 <= ports[0] <= hc.ports or any(not 1 <= p <= 15 for p in ports[1:]) or len(ports) > 6:
        ln.fail("USB place %s is not a port of %s (1..%d, hub ports 1..15, 5 hubs deep)"
                % (m.group(2), hc.name, hc.ports))
    if any(d.hc is hc and d.port == ports[0] and d.hub_ports == ports[1:] for d in r.usb):
        ln.fail("USB device %s twice" % s.name)
    speed = ln.need(s.keys, "speed")
    driver = ln.need(s.keys, "driver")
    if speed not in SPEEDS:
        ln.fail("speed=%s (low, full, high, super)" % speed)
    if driver not in DRIVERS:
        ln.fail("driver=%s (%s)" % (driver, ", ".join(DRIVERS)))
    return UsbDev(hc, ports[0], ports[1:], SPEEDS[speed], driver, ln)


def usb_descs(d, s):
    """desc rows: the device descriptor, then the configuration split at each bLength."""
    rows = [ln for ln in s.rows if ln.tokens[0] == "desc"]
    if not rows or rows[0].tokens[1:2] != ["device"]:
        (rows[0] if rows else s.line).fail("the first desc row is not 'desc device'")
    first = rows[0]
    d.device = first.hexbytes(first.tokens[2:], "desc device")
    if len(d.device) > 18 or (len(d.device) >= 2 and (d.device[0] != 18 or d.device[1] != 1)):
        first.fail("desc device: not a device descriptor (bLength %d, type %d, %d bytes)"
                   % (d.device[0], d.device[1], len(d.device)))
    config = b""
    for i, ln in enumerate(rows[1:]):
        if len(ln.tokens) < 2:
            ln.fail("desc row without a name")
        name = ln.tokens[1]
        data = ln.hexbytes(ln.tokens[2:], "desc " + name)
        if name == "device":
            ln.fail("a second desc device row")
        if name == "raw":
            if i != len(rows) - 2:
                ln.fail("desc raw is not the last desc row")
        elif len(data) < 2:
            ln.fail("desc %s: %d bytes, a descriptor has at least 2" % (name, len(data)))
        elif data[0] != len(data):
            ln.fail("desc %s: bLength %d but the row has %d bytes" % (name, data[0], len(data)))
        elif name != DESC_NAMES.get(data[1], "type_%02x" % data[1]):
            ln.fail("desc %s: bDescriptorType %02x is %s" % (name, data[1],
                                                            DESC_NAMES.get(data[1], "type_%02x" % data[1])))
        if not config and name != "raw" and data[1] != 0x02:
            ln.fail("the configuration does not start with a config descriptor")
        config += data
    return config


def usb_hids(d, s):
    """hidreport rows: each interface's rows in offset order, as long as len= says."""
    parts = {}
    for ln in s.rows:
        if ln.tokens[0] != "hidreport":
            continue
        keys = ln.keys(ln.tokens[1:3])
        iface = ln.cnum(ln.need(keys, "if"), "if")
        total = ln.cnum(ln.need(keys, "len"), "len")
        if total > CONFIG_CUT:
            ln.fail("hidreport len=%d, past the %d bytes the kernel reads" % (total, CONFIG_CUT))
        if ln.tokens[3:] == ["error"] and total == 0:
            parts.setdefault(iface, (ln, 0, []))
            continue
        if len(ln.tokens) < 4 or not re.fullmatch(r"\+[0-9a-f]{4}", ln.tokens[3]):
            ln.fail("hidreport without its +OOOO offset")
        off = int(ln.tokens[3][1:], 16)
        data = ln.hexbytes(ln.tokens[4:], "hidreport")
        if not 1 <= len(data) <= 32:
            ln.fail("hidreport: %d bytes in a row (1..32)" % len(data))
        first, want, got = parts.setdefault(iface, (ln, total, []))
        if want != total:
            ln.fail("hidreport if=%d: len=%d, an earlier row said %d" % (iface, total, want))
        if off != sum(len(p) for p in got):
            ln.fail("hidreport if=%d: offset +%04x, expected +%04x" % (iface, off, sum(len(p) for p in got)))
        got.append(data)
        if off + len(data) > total:
            ln.fail("hidreport if=%d: past its len=%d" % (iface, total))
    for iface, (ln, total, got) in parts.items():
        if sum(len(p) for p in got) != total:
            ln.fail("hidreport if=%d: %d bytes, len=%d" % (iface, sum(len(p) for p in got), total))
        d.hids[iface] = b"".join(got)


def read_usb(r, s):
    d = usb_header(r, s)
    ln = s.line
    d.config = usb_descs(d, s)
    usb_hids(d, s)
    config_len = ln.cnum(ln.need(s.keys, "config_len"), "config_len")
    if config_len != len(d.config):
        ln.fail("config_len=%d, the desc rows hold %d bytes" % (config_len, len(d.config)))
    if len(d.config) >= 4:
        total = d.config[2] | d.config[3] << 8
        if len(d.config) != min(total, CONFIG_CUT):
            ln.fail("the configuration's wTotalLength is %d, the desc rows hold %d bytes" % (total, len(d.config)))
    if d.driver not in ("none", "failed") and (len(d.device) < 18 or len(d.config) < 9):
        ln.fail("driver=%s, but its descriptors are not whole" % d.driver)
    for iface in d.hids:
        if iface not in hid_lengths(d.config):
            ln.fail("hidreport if=%d: interface %d has no HID descriptor" % (iface, iface))
    r.usb.append(d)


def hid_lengths(config):
    """Interface number -> the report descriptor's length its HID descriptor gives."""
    out, iface, i = {}, None, 0
    while i + 2 <= len(config) and config[i] >= 2:
        n, kind = config[i], config[i + 1]
        if kind == 0x04 and n >= 3 and i + 3 <= len(config):
            iface = config[i + 2]
        elif kind == 0x21 and n >= 9 and i + 9 <= len(config) and iface is not None:
            out[iface] = config[i + 7] | config[i + 8] << 8
        i += n
    return out


def read_codec(r, s):
    ln = s.line
    if not re.fullmatch(r"[0-9]|1[0-4]", s.name or ""):
        ln.fail("bad codec address %r (0..14)" % s.name)
    vendor, device = ln.need(s.keys, "id").partition(":")[::2]
    c = Codec(int(s.name), ln.hexnum(vendor, 4, "id"), ln.hexnum(device, 4, "id"),
              ln.need(s.keys, "answered") == "1")
    seen = set()
    for row in s.rows:
        t = row.tokens
        if t[0] == "verb":
            if len(t) != 4:
                row.fail("verb row: node, verb, answer")
            nid, verb = row.hexnum(t[1], 2, "node"), row.hexnum(t[2], 5, "verb")
            resp = None if t[3] == "none" else row.hexnum(t[3], 8, "answer")
            if (nid, verb) in seen:
                row.fail("verb %s %s twice" % (t[1], t[2]))
            if c.verbs and c.verbs[-1][2] is None:
                row.fail("a verb row after one that got no answer")
            seen.add((nid, verb))
            c.verbs.append((nid, verb, resp))
        elif t[0] == "path":
            keys = row.keys(t[1:])
            dev = row.need(keys, "device")
            if dev not in PATH_DEVICES:
                row.fail("path device=%s (%s)" % (dev, ", ".join(PATH_DEVICES)))
            c.paths.append((row.cnum(row.need(keys, "pin"), "pin"), row.cnum(row.need(keys, "dac"), "dac"),
                            PATH_DEVICES[dev]))
    if "verbs_dropped" in s.facts:
        f, v = s.facts["verbs_dropped"]
        c.dropped = f.cnum(v, "verbs_dropped")
    paths = ln.cnum(ln.need(s.keys, "paths"), "paths")
    if paths != len(c.paths):
        ln.fail("paths=%d, but %d path rows" % (paths, len(c.paths)))
    r.codecs.append(c)


BAR_KINDS = {"io": 1, "mem32": 0, "mem32p": 8, "mem64": 4, "mem64p": 12}     # the register's low bits


def read_pci(r, s):
    ln = s.line
    bus, dev, fn = place(ln, s.name)
    vendor, device = ln.need(s.keys, "id").partition(":")[::2]
    cls = ln.hexnum(ln.need(s.keys, "class"), 6, "class")
    p = Pci(bus, dev, fn, ln.hexnum(vendor, 4, "id"), ln.hexnum(device, 4, "id"), cls,
            ln.hexnum(s.keys.get("rev", "00"), 2, "rev"), ln.hexnum(ln.need(s.keys, "header"), 2, "header"))
    if r.pci and (r.pci[-1].bus, r.pci[-1].dev, r.pci[-1].fn) >= (bus, dev, fn):
        ln.fail("PCI function %s out of order" % s.name)
    for row in s.rows:
        if row.tokens[0] != "bar":
            continue
        if len(row.tokens) != 4 or row.tokens[2] not in BAR_KINDS or not re.fullmatch(r"[0-5]", row.tokens[1]):
            row.fail("bar row: index 0..5, kind (%s), address" % ", ".join(BAR_KINDS))
        i, kind = int(row.tokens[1]), row.tokens[2]
        digits = {"io": 4, "mem32": 8, "mem32p": 8}.get(kind, 16)
        addr = row.hexnum(row.tokens[3][2:] if row.tokens[3].startswith("0x") else "?", digits, "bar address")
        if p.bars[i] or (kind.startswith("mem64") and (i == 5 or p.bars[i + 1])):
            row.fail("bar %d twice" % i)
        p.bars[i] = (addr & 0xFFFFFFFF) | BAR_KINDS[kind]
        if kind.startswith("mem64"):
            p.bars[i + 1] = addr >> 32 or 0
    r.pci.append(p)


__all__ = ["read_hc", "read_usb", "read_codec", "read_pci", "ReportError"]
