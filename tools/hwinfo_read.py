"""hwinfo_read.py: a strict reader of HWINFO.TXT (docs/hwinfo.md, format 1) for tools/report2test.py.

read(text) returns a Report: the USB controllers and devices (descriptors, HID report descriptors),
the HDA codecs (the walk's get verbs and answers, the paths found) and the PCI functions. Anything
that breaks the format raises ReportError naming the line; the reader never fails another way.
Unknown keys, rows and section kinds are skipped, as docs/hwinfo.md asks of readers.
"""

import re

FORMAT = 1
KINDS = ("cpu", "firmware", "memory", "acpi", "pci", "usbhc", "usb", "disk", "hda", "hdacodec", "ac97",
         "display", "clocks", "boot")
HC_KINDS = ("UHCI", "OHCI", "EHCI", "xHCI")
SPEEDS = {"full": 1, "low": 2, "high": 3, "super": 4}          # usbhc.h's USB_SPEED_*
DRIVERS = ("keyboard", "hub", "mass_storage", "pad", "none", "failed")      # class names, spaces as _
DESC_NAMES = {0x02: "config", 0x04: "interface", 0x05: "endpoint", 0x06: "qualifier", 0x07: "otherspeed",
              0x09: "otg", 0x0B: "iad", 0x21: "hid", 0x22: "report", 0x24: "cs_interface",
              0x25: "cs_endpoint", 0x29: "hub", 0x30: "ss_ep_comp", 0x31: "ssp_iso_comp"}
CONFIG_CUT = 512                # the kernel reads at most this much of a configuration (and report) descriptor
PATH_DEVICES = {"line-out": 0x0, "speaker": 0x1, "headphone": 0x2}     # hdareg.h's HDA_DEV_*

HEADER = re.compile(r"\[([a-z0-9]+)(?: ([^\] ]+))?\]((?: \S+)*)$")
FACT = re.compile(r"([a-z0-9_]+): ?(.*)$")
ROW_WORD = re.compile(r"[a-z_]+$")
HEXBYTE = re.compile(r"[0-9a-f]{2}$")
PCI_PLACE = re.compile(r"([0-9a-f]{2}):([0-9a-f]{2})\.([0-7])$")


class ReportError(Exception):
    """A report that breaks docs/hwinfo.md: str() is 'FILE:N: what' once the file is known, else 'line N: what'."""

    def __init__(self, line, what, path=None):
        super().__init__(what)
        self.line, self.what, self.path = line, what, path

    def __str__(self):
        return "%s:%d: %s" % (self.path, self.line, self.what) if self.path else "line %d: %s" % (self.line, self.what)


def fnv1a(data):
    h = 0x811C9DC5
    for b in data:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h


class Line:
    def __init__(self, no, text):
        self.no, self.text = no, text
        self.tokens = text.split(" ")

    def fail(self, what):
        raise ReportError(self.no, what)

    def keys(self, tokens):
        """key=value tokens of a header or row as a dict (bare tokens are left to the caller)."""
        out = {}
        for t in tokens:
            if "=" in t:
                k, v = t.split("=", 1)
                if not k:
                    self.fail("empty key in %r" % t)
                out[k] = v
        return out

    def need(self, keys, key):
        if key not in keys:
            self.fail("%s has no %s=" % (self.tokens[0], key))
        return keys[key]

    def hexnum(self, text, digits, what):
        if not re.fullmatch(r"[0-9a-f]{%d}" % digits, text):
            self.fail("%s %r is not %d lower-case hex digits" % (what, text, digits))
        return int(text, 16)

    def cnum(self, text, what):
        """0x... hex or decimal, as docs/hwinfo.md writes numbers."""
        if re.fullmatch(r"0x[0-9a-f]+", text):
            return int(text, 16)
        if re.fullmatch(r"[0-9]+", text):
            return int(text)
        self.fail("%s %r is not a number" % (what, text))

    def hexbytes(self, tokens, what):
        for t in tokens:
            if not HEXBYTE.match(t):
                self.fail("%s: bad hex byte %r" % (what, t))
        return bytes(int(t, 16) for t in tokens)


class Section:
    def __init__(self, line, kind, name, keys):
        self.line, self.kind, self.name, self.keys = line, kind, name, keys
        self.facts, self.rows = {}, []


class Report:
    def __init__(self):
        self.hcs, self.usb, self.codecs, self.pci = [], [], [], []
        self.truncated = 0


def split_lines(text):
    """The report's lines (trailing spaces and newlines at the end stripped); ReportError if not ASCII."""
    for i, ch in enumerate(text):
        if ch != "\n" and not " " <= ch <= "~":
            raise ReportError(text.count("\n", 0, i) + 1, "byte 0x%02x is not printable ASCII" % ord(ch))
    return text.rstrip(" \n").split("\n")


def sections(lines):
    """First line, end line, hash: checked; then the sections with their facts and rows."""
    first = Line(1, lines[0])
    m = re.fullmatch(r"HWINFO format=([0-9]+) hash=([0-9a-f]{8})", first.text)
    if not m:
        first.fail("not a report: the first line is not 'HWINFO format=N hash=XXXXXXXX'")
    if int(m.group(1)) > FORMAT:
        first.fail("format %s is newer than this reader's %d" % (m.group(1), FORMAT))
    end_at = next((i for i, t in enumerate(lines) if t == "end" or t.startswith("end ")), None)
    if end_at is None:
        raise ReportError(len(lines), "no 'end' line: the report was cut (a power cut while writing?)")
    end = Line(end_at + 1, lines[end_at])
    m_end = re.fullmatch(r"end lines=([0-9]+)(?: truncated=([0-9]+))?", end.text)
    if not m_end:
        end.fail("bad end line %r" % end.text)
    if int(m_end.group(1)) != end_at:
        end.fail("end says lines=%s, the report has %d before it" % (m_end.group(1), end_at))
    lines = lines[:end_at]
    boot = next((i for i, t in enumerate(lines) if t == "[boot]" or t.startswith("[boot] ")), len(lines))
    hashed = "".join(t + "\n" for t in lines[1:boot]).encode("ascii")
    if fnv1a(hashed) != int(m.group(2), 16):
        first.fail("hash=%s, but the hardware sections hash to %08x (edited or damaged)"
                   % (m.group(2), fnv1a(hashed)))
    out, cur = [], None
    for i, text in enumerate(lines[1:], start=2):
        ln = Line(i, text)
        if text.startswith("["):
            h = HEADER.match(text)
            if not h:
                ln.fail("bad section header %r" % text)
            cur = Section(ln, h.group(1), h.group(2), ln.keys(h.group(3).split()))
            if cur.kind in KINDS:
                out.append(cur)
            continue
        if cur is None:
            ln.fail("a line before the first section")
        f = FACT.match(text) if ln.tokens[0].endswith(":") else None
        if ln.tokens[0].endswith(":") and not f:
            ln.fail("bad fact %r" % text)
        if f:
            cur.facts[f.group(1)] = (ln, f.group(2))
        elif not ROW_WORD.match(ln.tokens[0]) or "" in ln.tokens:
            ln.fail("bad row %r (a row word, then tokens separated by single spaces)" % text)
        else:
            cur.rows.append(ln)
    return out, int(m_end.group(2) or 0)


def place(ln, text):
    m = PCI_PLACE.match(text or "")
    if not m:
        ln.fail("bad PCI place %r (BB:DD.F)" % text)
    return int(m.group(1), 16), int(m.group(2), 16), int(m.group(3))


def read(text):
    """The Report of a report's text; ReportError naming the line if it breaks the format."""
    from hwinfo_sections import read_hc, read_usb, read_codec, read_pci
    secs, truncated = sections(split_lines(text))
    r = Report()
    r.truncated = truncated
    readers = {"usbhc": read_hc, "usb": read_usb, "hdacodec": read_codec, "pci": read_pci}
    for s in secs:
        if s.kind in readers:
            readers[s.kind](r, s)
    return r
