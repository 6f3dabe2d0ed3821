"""pc_tests.py: the QEMU tests of other PCs — a 486 (pc, isapc), no PIT, no 8042 — and their COM1 reports.

Used by run_tests.py: on() runs an existing test on another machine (its
Machine arguments become the test's defaults) and then checks what the
kernel said about that machine on COM1. See README.md for the table.
"""

import os
import re
import subprocess

MIN_MEMORY = "4M"               # README: the least memory that boots and plays (3840K does, 3584K not)

# COM1 lines a 486 must give: CPUID says family 4 without a TSC, and the benchmark clock falls back.
RE_CPU486 = (r"^cpu: GenuineIntel family 4 model \d+ stepping \d+$",
             r"^cpu: features fpu no-tsc no-msr no-apic$",
             r"^boot: first frame \(no TSC on this CPU\)$")


def on(func, name, expect=(), **machine):
    """Test `func` with every machine started as Machine(**machine); then every line of
    `expect` (regexes) must be on the first machine's COM1."""
    def test(ctx):
        ctx.machine_defaults = machine
        func(ctx)
        text = ctx.machines[0].serial()
        for pattern in expect:
            assert re.search(pattern, text, re.M), "COM1 lacks a line matching /%s/" % pattern
        ctx.note("QEMU %s" % " ".join("%s=%s" % kv for kv in sorted(machine.items())))
    test.__name__ = name
    return test


def cpu486_tests(boot_test, ticks_test, hold_test):
    """The title golden, a ticks=N freeze equal to the host's CRC, and hold Right, on a 486:
    -M pc with 64 MB, and -M isapc (no PCI, no APIC) with the minimum memory."""
    tests = []
    for mtype, mem in (("pc", 64), ("isapc", MIN_MEMORY)):
        for what, func in (("boot", boot_test), ("ticks", ticks_test), ("hold_right", hold_test)):
            name = "cpu486_%s_%s" % (mtype, what)
            tests.append((name, on(func, name, RE_CPU486, machine=mtype, cpu="486", memory=mem)))
    return tests


NO_KBD_NOTICE = "no PS/2 keyboard found"
RE_KBD_OK = r"^kbd: 8042 self-test 0x55, port 1 test 0x00, keyboard reset 0xAA, config 0x[0-9A-F]{2} -> 0x[0-9A-F]{2}"
RE_NO_KBD = r"^kbd: no PS/2 keyboard found: no PS/2 controller \(port 0x64 floats or never answers\)$"
FREEZE_TICKS = 280


def test_no_i8042(ctx):
    """-M q35,i8042=off (port 0x64 reads 0xFF): boots without hanging, COM1 and the title say
    no PS/2 keyboard was found; the frozen title (ticks=280) equals the host's render with that
    notice, pixel for pixel."""
    m = ctx.machine(opts="ticks=%d" % FREEZE_TICKS, machine="q35,i8042=off")
    m.wait_for(RE_NO_KBD, 20)
    match = m.wait_for(r"^READY tick=(\d+) crc=([0-9A-F]{8})$", 25)
    assert int(match.group(1)) == FREEZE_TICKS
    crc = match.group(2)
    frame = m.screendump("title")
    assert frame.crc() == crc, "READY crc=%s but the screendump's planes give %s" % (crc, frame.crc())
    host_png = os.path.join(ctx.outdir, "host_notice.png")
    out = subprocess.run([ctx.hostframe, str(FREEZE_TICKS), host_png, "--notice", NO_KBD_NOTICE],
                         capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    host = re.search(r"crc=([0-9A-F]{8})", out.stdout).group(1)
    ctx.note("QEMU READY crc=%s, host with the notice crc=%s" % (crc, host))
    assert host == crc, "title crc=%s, host render with %r crc=%s (%s)" % (crc, NO_KBD_NOTICE, host, host_png)
    assert re.search(r"^kbd: ", m.serial(), re.M), "no kbd: line"


def test_kbd_probe_q35(ctx):
    """-M q35 with its 8042: our own set-up passes every step and Right moves the hero."""
    m = ctx.machine(machine="q35")
    m.wait_for(RE_KBD_OK, 20)
    m.wait_for(r"^ready$", 20)
    mark = m.mark()
    m.hold("right", 0.5)
    m.wait_for(r"^title: sprite tx=5 ty=20$", 3, since=mark)
