"""pc_tests.py: the QEMU tests of other PCs — a 486 (pc, isapc), no PIT, no 8042 — and their COM1 reports.

Used by run_tests.py: on() runs an existing test on another machine (its
Machine arguments become the test's defaults) and then checks what the
kernel said about that machine on COM1. See README.md for the table.
"""

import os
import re
import struct
import subprocess

import fault_tests
import uefi_tests
from save_tests import saves_off_args

MIN_MEMORY = "4M"               # README: the least memory that boots and plays (docs/pc.md: 4096K does, 3968K not)
OPTS_MEMORY = "6M"              # with an options disk GRUB loads its file systems: 5632K and up do, 5376K not

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
    -M pc with 64 MB, and -M isapc (no PCI, no APIC) with the minimum memory (the freeze
    needs an options disk, and GRUB more memory to read it)."""
    tests = []
    for mtype, mem in (("pc", 64), ("isapc", MIN_MEMORY)):
        for what, func in (("boot", boot_test), ("ticks", ticks_test), ("hold_right", hold_test)):
            name = "cpu486_%s_%s" % (mtype, what)
            m = OPTS_MEMORY if mtype == "isapc" and what == "ticks" else mem
            tests.append((name, on(func, name, RE_CPU486, machine=mtype, cpu="486", memory=m)))
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
    out = subprocess.run([ctx.hostframe, str(FREEZE_TICKS), host_png, "--notice", NO_KBD_NOTICE] +
                         saves_off_args(m), capture_output=True, text=True, timeout=30)
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


# -M q35,pit=off: the 8254 is not there; the local APIC timer must stand in, calibrated by the PM timer.
PIT_OFF = "q35,pit=off"
RE_LAPIC = (r"^timer: no PIT interrupt within 100 ms$",
            r"^timer: local APIC at 0x[0-9A-F]{8}, timer \d+ Hz \(bus / 16\) by the ACPI PM timer at port "
            r"0x[0-9A-F]{4}, count \d+: 1[34]\d\.\d{3} Hz$",
            r"^speaker: no PIT, so the PC speaker stays silent$",
            r"^sysinfo: Timer: local APIC 140 Hz \(no PIT; ACPI PM timer\)$")   # System info says so too
RATE_HZ = 140.0
RATE_TOLERANCE = 0.02
RATE_SECONDS = 5                # virtual seconds of ticks measured


def test_pit_off_rate(ctx):
    """The tick rate with no PIT, against QEMU's own clock. Under -icount shift=0,sleep=off
    QEMU's virtual clock counts one ns per instruction, idle time is skipped, and the guest's
    TSC reads that clock, so `clocklog` (tick count and TSC every 140 ticks) measures the LAPIC
    timer against QEMU's clock exactly, however loaded the host is: 140 Hz within 2%
    over RATE_SECONDS virtual seconds."""
    m = ctx.machine(opts="clocklog", machine=PIT_OFF, extra=["-icount", "shift=0,sleep=off"])
    for pattern in RE_LAPIC:
        m.wait_for(pattern, 30)
    want = int(RATE_HZ * (RATE_SECONDS + 1))
    m.wait_for(r"^clock: tick=(%d|[1-9]\d{%d,}) " % (want, len(str(want))), 120)
    samples = [(int(t), int(c)) for t, c in re.findall(r"^clock: tick=(\d+) tsc=(\d+)$", m.serial(), re.M)]
    assert len(samples) >= RATE_SECONDS + 1, "only %d clock lines" % len(samples)
    (t0, c0), (t1, c1) = samples[0], samples[-1]
    rate = (t1 - t0) / ((c1 - c0) / 1e9)
    ctx.note("%d ticks in %.6f s of QEMU's virtual clock: %.3f Hz (want %.0f Hz +-%.0f%%)" % (
        t1 - t0, (c1 - c0) / 1e9, rate, RATE_HZ, RATE_TOLERANCE * 100))
    assert abs(rate - RATE_HZ) <= RATE_HZ * RATE_TOLERANCE, "tick rate %.3f Hz" % rate
    steps = [(b[0] - a[0]) / ((b[1] - a[1]) / 1e9) for a, b in zip(samples, samples[1:])]
    worst = max(abs(s - RATE_HZ) for s in steps)
    ctx.note("per-second rates %.3f .. %.3f Hz" % (min(steps), max(steps)))
    assert worst <= RATE_HZ * RATE_TOLERANCE, "a one-second rate is off by %.3f Hz" % worst


# No clock at all: a 486 (no local APIC) on a board without an 8254. Every wait would spin for ever;
# the kernel says so on the panic screen instead (issue 27).
NO_CLOCK = "pc,pit=off"
NO_CLOCK_HEADLINE = "NO GAME CLOCK: NO PIT INTERRUPTS, NO LOCAL APIC"


def test_no_clock(ctx):
    """-M pc,pit=off -cpu 486: no PIT interrupts and no local APIC. COM1 says why, the panic screen
    shows the headline, the machine halts without a reset (Ctrl+Alt+Del still restarts it)."""
    m = ctx.machine(machine=NO_CLOCK, cpu="486", log_resets=True)
    m.wait_for(r"^timer: no PIT interrupt within \d+ ms", 30)
    m.wait_for(r"^timer: no local APIC \(CPUID\): nothing can run the game clock$", 5)
    m.wait_for(r"^PANIC: %s$" % re.escape(NO_CLOCK_HEADLINE), 5)
    m.wait_for(fault_tests.RE_HALTED, 5)
    assert "ready" not in m.serial().split("\n"), "the game started without a clock"
    frame = fault_tests.no_reset_after_panic(ctx, m)
    assert frame.dominant_colour() == fault_tests.BLUE, "no panic screen (dominant colour %d)" % frame.dominant_colour()
    assert fault_tests.yellow_in_row(frame, fault_tests.HEADLINE_Y) > 40, "no headline on the panic screen"


def pit_off_tests(ticks_test, hold_test):
    """Hold Right moves the hero and ticks=N freezes on the host's CRC with no PIT (real time)."""
    return [("pit_off_rate", test_pit_off_rate)] + [
        (name, on(func, name, RE_LAPIC, machine=PIT_OFF))
        for name, func in (("pit_off_ticks", ticks_test), ("pit_off_hold_right", hold_test))]


def partitioned_options_disk(outdir, opts):
    """An 8 MB disk with an MBR and one FAT partition at 1 MiB holding /shardfall-opts.cfg
    (what a USB stick formatted on a PC looks like); returns its path."""
    img = os.path.join(outdir, "opts-partitioned.img")
    data = bytearray(8 << 20)
    start, count = 2048, (8 << 20) // 512 - 2048
    data[446:462] = struct.pack("<B3sB3sII", 0, b"\0\0\0", 0x0C, b"\0\0\0", start, count)
    data[510:512] = b"\x55\xaa"
    with open(img, "wb") as f:
        f.write(data)
    cfg = os.path.join(outdir, "shardfall-opts.cfg")
    with open(cfg, "w") as f:
        f.write('set opts="%s"\n' % opts)
    env = dict(os.environ, MTOOLS_SKIP_CHECK="1")
    for cmd in (["mformat", "-i", img + "@@1M", "-T", str(count), "-h", "2", "-s", "32", "::"],
                ["mcopy", "-i", img + "@@1M", cfg, "::/shardfall-opts.cfg"]):
        subprocess.run(cmd, env=env, check=True, capture_output=True)
    return img


def test_options_disk_paths(ctx):
    """boot/grub.cfg finds /shardfall-opts.cfg on a disk other than the boot disk: the harness's
    whole-disk FAT image when booting from a hard disk and from a USB stick, and a partitioned
    disk (FAT in partition 1) when booting from CD."""
    for media in ("hdd", "usb"):
        m = ctx.machine(boot=media, opts="ticks=3 bogus=%s" % media)
        m.wait_for(r"^multiboot: cmdline \"imageid=[0-9a-f]{16} ticks=3 bogus=%s\"$" % media, 30)
        m.wait_for(r"^READY tick=3 ", 30)
        m.quit()
        ctx.note("%s: options disk read" % media)
    img = partitioned_options_disk(ctx.outdir, "ticks=3 bogus=partitioned")
    m = ctx.machine(extra=["-drive", "file=%s,format=raw,if=ide,index=1,snapshot=on" % img])
    m.wait_for(r"^multiboot: cmdline \"imageid=[0-9a-f]{16} ticks=3 bogus=partitioned\"$", 30)
    m.wait_for(r"^READY tick=3 ", 30)
    ctx.note("cdrom: options from partition 1 of a partitioned disk")


OVMF_READY_S = 60.0             # as uefi_tests.py: OVMF is slow to reach GRUB with two QEMUs at once


def ovmf_pit_off_tests(checks):
    """-M q35,pit=off under OVMF x64 (the RSDP from GRUB's multiboot2 ACPI tag, check_acpi):
    the LAPIC/PM timer lines, the title on the framebuffer equal to the golden, Right moves the
    hero; and the ticks=280 freeze equal to the golden and the host's CRC. `checks` are
    run_tests.py's (as uefi_tests.py gets them)."""
    settings = dict(firmware="ovmf64", machine=PIT_OFF)

    def live(ctx):
        ctx.machine_defaults, ctx.ready_timeout = dict(settings), OVMF_READY_S
        m = ctx.machine()
        checks["boot_ready"](ctx, m)
        for pattern in RE_LAPIC:
            m.wait_for(pattern, 5)
        uefi_tests.check_acpi(ctx, m)
        checks["title"](ctx, m)
        checks["hold_right"](ctx, m)

    def freeze(ctx):
        ctx.machine_defaults, ctx.ready_timeout = dict(settings), OVMF_READY_S
        m = ctx.machine(opts="ticks=%d" % FREEZE_TICKS)
        checks["freeze"](ctx, m)
        text = m.serial()
        for pattern in RE_LAPIC:
            assert re.search(pattern, text, re.M), "COM1 lacks a line matching /%s/" % pattern

    return [("uefi_x64_pit_off", live), ("uefi_x64_pit_off_freeze", freeze)]
