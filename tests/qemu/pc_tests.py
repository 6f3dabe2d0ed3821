"""pc_tests.py: the QEMU tests of other PCs — a 486 (pc, isapc), no PIT, no 8042 — and their COM1 reports.

Used by run_tests.py: on() runs an existing test on another machine (its
Machine arguments become the test's defaults) and then checks what the
kernel said about that machine on COM1. See README.md for the table.
"""

import re

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
