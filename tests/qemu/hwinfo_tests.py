"""hwinfo_tests.py: the hardware report (docs/hwinfo.md, issue 33) — every PCI function QEMU reports (QMP
query-pci) and every USB device by vendor:product in the COM1 copy, on pc, q35 and OVMF; its hash and bound."""
import os
import re
import subprocess
import time

HWINFO_TIMEOUT_S = 60.0
OVMF_TIMEOUT_S = 90.0
# QEMU's USB devices and their vendor:product.
KBD, TABLET, HUB, STORAGE = "0627:0001", "0627:0001", "0409:55aa", "46f4:0001"


def usb_devices(disk):
    """QEMU arguments: an xHCI with a keyboard on port 1 and a hub on port 2; behind the hub a tablet and a stick."""
    return ["-device", "qemu-xhci,id=xhci",
            "-device", "usb-kbd,bus=xhci.0,port=1",
            "-device", "usb-hub,bus=xhci.0,port=2",
            "-device", "usb-tablet,bus=xhci.0,port=2.1",
            "-drive", "if=none,id=hwstick,format=raw,file=%s" % disk,
            "-device", "usb-storage,drive=hwstick,bus=xhci.0,port=2.2"]


def fnv1a(data):
    h = 0x811C9DC5
    for b in data:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h


def parse(text):
    """A report's sections: [(kind, name, {key: value} of the header, [lines])], and the hash it states."""
    lines = text.split("\n")
    first = re.match(r"^HWINFO format=(\d+) hash=([0-9a-f]{8})$", lines[0])
    assert first, "first line %r" % lines[0]
    sections = []
    for line in lines[1:]:
        if line.startswith("["):
            m = re.match(r"^\[(\w+)(?: ([^\]]+))?\](.*)$", line)
            assert m, "bad header %r" % line
            keys = dict(t.split("=", 1) for t in m.group(3).split() if "=" in t)
            sections.append((m.group(1), m.group(2), keys, []))
        elif line and sections:
            sections[-1][3].append(line)
    return int(first.group(1)), int(first.group(2), 16), sections


def check_text(text):
    """The bound, the end line, the hash over the hardware sections; the parsed report."""
    data = text.encode("latin-1")
    assert len(data) <= 65536, "the report is %d bytes" % len(data)
    assert text.endswith("\n"), "no newline at the end"
    lines = text.split("\n")[:-1]
    end = re.match(r"^end lines=(\d+)(?: truncated=(\d+))?$", lines[-1])
    assert end, "the last line is %r" % lines[-1]
    assert int(end.group(1)) == len(lines) - 1, "end says %s lines, %d were written" % (end.group(1), len(lines) - 1)
    start = data.index(b"\n") + 1
    stop = data.find(b"\n[boot]\n") + 1 or data.rfind(b"\nend lines=") + 1
    fmt, stated, sections = parse(text)
    assert fmt == 1
    assert stated == fnv1a(data[start:stop]), "hash %08x, the hardware part hashes to %08x" % (
        stated, fnv1a(data[start:stop]))
    return stated, sections


def com1_report(m, timeout):
    """The report between `hwinfo: begin` and `hwinfo: end` on COM1."""
    m.wait_for(r"^hwinfo: end$", timeout)
    text = m.serial()
    a = text.index("hwinfo: begin\n") + len("hwinfo: begin\n")
    return text[a:text.index("hwinfo: end\n", a)]


def qmp_pci(m):
    """Every function QMP query-pci lists, bridges' buses included: {"bb:dd.f": "vvvv:dddd"}."""
    out = {}

    def walk(bus, devices):
        for d in devices:
            out["%02x:%02x.%x" % (d["bus"], d["slot"], d["function"])] = "%04x:%04x" % (
                d["id"]["vendor"], d["id"]["device"])
            if "pci_bridge" in d:
                walk(d["pci_bridge"]["bus"]["number"], d["pci_bridge"].get("devices", []))
    for bus in m.qmp.command("query-pci"):
        walk(bus["bus"], bus["devices"])
    return out


def check_machine(ctx, timeout, more=(), **kw):
    import save_tests               # it imports more test modules: here, not at the top
    disk = save_tests.stick(ctx)
    m = ctx.machine(opts="hwinfo", extra=usb_devices(disk) + list(more), **kw)
    text = com1_report(m, timeout)
    with open("%s/hwinfo.txt" % ctx.outdir, "w") as f:
        f.write(text)
    stated, sections = check_text(text)
    want = qmp_pci(m)
    got = {name: keys.get("id") for kind, name, keys, _ in sections if kind == "pci"}
    missing = {a: i for a, i in want.items() if got.get(a) != i}
    assert not missing, "PCI functions QEMU lists but the report does not (or with another id): %s; report has %s" % (
        missing, got)
    extra = sorted(set(got) - set(want))
    assert not extra, "the report lists PCI functions QEMU does not: %s" % extra
    usb = sorted(keys.get("id") for kind, _, keys, _ in sections if kind == "usb")
    assert usb == sorted([KBD, TABLET, HUB, STORAGE]), "USB devices in the report: %s" % usb
    places = {name.split("-", 1)[1]: keys.get("id") for kind, name, keys, _ in sections if kind == "usb"}
    hub = [p for p, i in places.items() if i == HUB]        # xHCI numbers QEMU's USB 2 ports after its USB 3 ones
    assert len(hub) == 1 and places.get(hub[0] + ".1") == TABLET and places.get(hub[0] + ".2") == STORAGE, places
    for kind, name, keys, rows in sections:
        if kind != "usb":
            continue
        dev = [r for r in rows if r.startswith("desc device ")]
        assert dev and len(dev[0].split()) == 2 + 18, "%s: device descriptor row %r" % (name, dev)
        cfg = bytes(int(b, 16) for r in rows if r.startswith("desc ") and not r.startswith("desc device ")
                    for b in r.split()[2:])
        assert len(cfg) == int(keys["config_len"]) and cfg[1] == 2, "%s: config rows give %d bytes" % (name, len(cfg))
        assert int.from_bytes(cfg[2:4], "little") == len(cfg), "%s: wTotalLength %d, rows %d" % (
            name, int.from_bytes(cfg[2:4], "little"), len(cfg))
    hid = [r for kind, name, keys, rows in sections if kind == "usb" for r in rows if r.startswith("hidreport ")]
    assert any(r.split()[3] == "+0000" and r.split()[4:6] == ["05", "01"] for r in hid), \
        "no HID report descriptor starting with Usage Page (Generic Desktop): %s" % hid[:4]
    assert not any("error" in r for r in hid), "a HID report descriptor was not read: %s" % hid
    ctx.note("%d PCI functions, 4 USB devices as QEMU has them; %d bytes, hash %08x" % (
        len(want), len(text), stated))
    return m, text, sections


def test_hwinfo_pc(ctx):
    """-M pc (i440FX, SeaBIOS): the COM1 report lists every query-pci function and the four USB devices;
    SMBIOS says QEMU; the memory map and the CPU are there."""
    m, text, sections = check_machine(ctx, HWINFO_TIMEOUT_S)
    kinds = [s[0] for s in sections]
    for k in ("cpu", "firmware", "memory", "acpi", "usbhc", "display", "clocks", "boot"):
        assert k in kinds, "no [%s] section" % k
    fw = next(rows for kind, _, _, rows in sections if kind == "firmware")
    assert "kind: BIOS" in fw and "system_vendor: QEMU" in fw, fw
    assert any(r.startswith("smbios_entry: _SM") for r in fw) and "bios_vendor: SeaBIOS" in fw, fw
    assert not any("serial" in r.lower() or "uuid" in r.lower() for r in fw), fw


def test_hwinfo_q35(ctx):
    """-M q35 with ich9-intel-hda + hda-output: the same checks; the HDA controller in use and its codec's
    walk — the root's vendor answer, node rows, a path from an output pin to a DAC."""
    m, text, sections = check_machine(ctx, HWINFO_TIMEOUT_S, machine="q35", more=[
        "-audiodev", "none,id=snd", "-device", "ich9-intel-hda", "-device", "hda-output,audiodev=snd"])
    hda = [name for kind, name, _, _ in sections if kind == "hda"]
    pci = {name: keys["id"] for kind, name, keys, _ in sections if kind == "pci"}
    assert len(hda) == 1 and pci.get(hda[0]) == "8086:293e", "[hda] %s, PCI %s" % (hda, pci)
    codec = [(keys, rows) for kind, _, keys, rows in sections if kind == "hdacodec"]
    assert codec, "no [hdacodec] section"
    keys, rows = codec[0]
    assert keys.get("answered") == "1" and int(keys.get("paths", 0)) >= 1, keys
    verbs = [r.split() for r in rows if r.startswith("verb ")]
    assert ["verb", "00", "f0000", keys["id"].replace(":", "")] in verbs, verbs[:3]
    assert any(r.startswith("path pin=") for r in rows) and any(" type=pin " in r for r in rows), rows[:8]
    ctx.note("HDA codec %s: %d verbs as walked" % (keys["id"], len(verbs)))


def test_hwinfo_ovmf(ctx):
    """OVMF x64 on q35 (multiboot2, the framebuffer, SMBIOS from the EFI table): the same checks."""
    m, text, sections = check_machine(ctx, OVMF_TIMEOUT_S, firmware="ovmf64")
    fw = next(rows for kind, _, _, rows in sections if kind == "firmware")
    assert "kind: UEFI" in fw and "protocol: multiboot2" in fw, fw
    disp = next(keys for kind, _, keys, _ in sections if kind == "display")
    assert disp.get("kind") == "framebuffer", disp


RE_WROTE = r"^hwinfo: wrote HWINFO\.TXT hash=([0-9a-f]{8}) bytes=(\d+)( \(System info\))?$"
RE_SAME = r"^hwinfo: HWINFO\.TXT unchanged hash=([0-9a-f]{8})$"
RE_REPORT_LINE = r"^hwinfo: report hash=([0-9a-f]{8}) bytes=(\d+)$"


def disk_hwinfo(path):
    """HWINFO.TXT's bytes on the stick's save partition, read by mtools (not by our own reader)."""
    import save_tests
    with open(path, "rb") as f:
        img = f.read()
    _, first, _, _ = save_tests.mksave.find_partition(img)
    r = subprocess.run(["mcopy", "-n", "-i", "%s@@%d" % (path, first * save_tests.SECTOR), "::HWINFO.TXT", "-"],
                       capture_output=True)
    assert r.returncode == 0, "mtools cannot read HWINFO.TXT: %s" % r.stderr.decode(errors="replace")
    return r.stdout


def text_of(data):
    """The report in a text file of the save area: its text, without the spaces and newline that pad it."""
    return data.rstrip(b" \n").decode("latin-1") + "\n"


def boot_stick(ctx, disk, extra=()):
    """A boot from the stick with the option hwinfo: (machine, COM1's report, the hwinfo: line about the file)."""
    m = ctx.machine(opts="hwinfo", disk=disk, boot="usb", extra=list(extra))
    text = com1_report(m, HWINFO_TIMEOUT_S)
    said = m.wait_for(r"^hwinfo: (?:wrote|HWINFO\.TXT) .*$", 10)
    return m, text, said


def test_hwinfo_stick(ctx):
    """A writable stick: the first boot writes HWINFO.TXT equal to COM1's copy; a second boot of the same
    machine leaves it (`unchanged`, the same bytes on the disk); a boot with a USB tablet added rewrites it
    with another hash; System info's item (Enter) writes it again and the screen says `Saved HWINFO.TXT`."""
    import save_tests
    disk = save_tests.stick(ctx)
    before = disk_hwinfo(disk)
    m, text, said = boot_stick(ctx, disk)
    wrote = re.match(RE_WROTE, said.group(0))
    assert wrote and not wrote.group(3), "first boot: %r" % said.group(0)
    stated, _ = check_text(text)
    assert "%08x" % stated == wrote.group(1)
    m.quit()
    first = disk_hwinfo(disk)
    assert len(first) == len(before) == 65536, "HWINFO.TXT is %d bytes (was %d)" % (len(first), len(before))
    assert text_of(first) == text, "HWINFO.TXT on the disk differs from COM1's copy"
    m, text2, said = boot_stick(ctx, disk)
    same = re.match(RE_SAME, said.group(0))
    assert same and same.group(1) == wrote.group(1), "second boot: %r (first wrote %s)" % (said.group(0), wrote.group(1))
    assert not re.search(RE_WROTE, m.serial(), re.M), "HWINFO.TXT written again on the same hardware"
    m.quit()
    assert disk_hwinfo(disk) == first, "HWINFO.TXT's bytes changed on the second boot"
    m, text3, said = boot_stick(ctx, disk, extra=["-device", "usb-tablet"])
    changed = re.match(RE_WROTE, said.group(0))
    assert changed and changed.group(1) != wrote.group(1), "a tablet added: %r" % said.group(0)
    assert TABLET in [k.get("id") for kind, _, k, _ in check_text(text3)[1] if kind == "usb"]
    m.wait_for(save_tests.RE_SAVES_KNOWN, 10)
    tap(m, "ret", r"^session: menu$")
    for i, name in ((9, "quit"), (8, "high scores"), (7, "restore game"), (6, "demo"), (5, "system info")):
        tap(m, "up", r"^menu: cursor=%d %s$" % (i, name))
    tap(m, "ret", r"^session: system info$")
    mark = m.mark()
    m.tap("ret")
    item = m.wait_for(r"^hwinfo: wrote HWINFO\.TXT hash=([0-9a-f]{8}) bytes=\d+ \(System info\)$", 10, since=mark)
    m.wait_for(r"^report: Saved HWINFO\.TXT$", 2, since=mark)
    assert item.group(1) == changed.group(1), "System info wrote hash %s, the boot %s" % (item.group(1), changed.group(1))
    time.sleep(0.3)
    frame = m.screendump("saved")
    green = [x for x in range(4, 4 + 8 * 16) for y in range(182, 190) if frame.at(x, y) == 10]     # light green
    assert green, "no light-green `Saved HWINFO.TXT` at the item's place on screen"
    m.quit()
    assert text_of(disk_hwinfo(disk)).startswith("HWINFO format=1 hash=%s\n" % item.group(1))
    ctx.note("first boot wrote hash %s; the second left it; a tablet made %s; System info wrote it (%d px of its line)" % (
        wrote.group(1), changed.group(1), len(green)))


def tap(m, key, pattern, timeout=3.0):
    mark = m.mark()
    m.tap(key)
    return m.wait_for(pattern, timeout, since=mark)


TESTS = [
    ("hwinfo_pc", test_hwinfo_pc, (), ()),
    ("hwinfo_q35", test_hwinfo_q35, (), ()),
    ("hwinfo_ovmf", test_hwinfo_ovmf, (), ()),
    ("hwinfo_stick", test_hwinfo_stick, (), ()),
]
