"""fault_tests.py: the QEMU tests of faults and bad input — stack overflow, corrupt ESP, faults in the panic
and before the screen, lockups, machine checks, rejected boot options, impossible demo stats, Ctrl+Alt+Del.

Used by run_tests.py (each test gets its Context); see README.md for the table. Every crash runs with
-no-reboot and QEMU's `-d cpu_reset` log: a reset would end QEMU or add a "CPU Reset" entry.
"""

import os
import re
import subprocess
import sys
import time

from PIL import Image

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))

import demo_format              # noqa: E402
import kpack_tests              # noqa: E402
import layout_tests             # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
READY_TIMEOUT_S = 20.0
RE_READY = r"^ready$"
RE_BOOTING = r"^Shardfall kernel \S+ booting$"
RE_HALTED = r"^PANIC: halted$"
RE_SPRITE = r"^title: sprite tx=(\d+) ty=(\d+)$"
BLUE, RED, YELLOW = 1, 4, 14
HEADLINE_Y = 20                 # kernel/boot/panic.c: the headline's text row
ERROR_LINE_Y = 24               # game/shell/screens.c: the first detail line of the red screen, 10 px apart
LOCKUP_LIMIT_S = 2.0            # kernel/cpu/watchdog.h
MCE_INJECT = "mce 0 1 0xb200000000000000 0x5 0x1234000 0"       # uncorrected, PCC; no ADDRV
MCE_INJECT_ADDR = "mce 0 1 0xb600000000000000 0x5 0x1234000 0"  # the same with ADDRV


def kernel_symbol(name):
    """(start, end) of a function in build/kernel.elf, from nm."""
    elf = os.path.join(REPO, "build", "kernel.elf")
    nm = "i686-linux-gnu-nm" if subprocess.run(["which", "i686-linux-gnu-nm"], capture_output=True).returncode == 0 \
        else "nm"
    out = subprocess.run([nm, "-S", elf], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[3] == name:
            start = int(parts[0], 16)
            return start, start + int(parts[1], 16)
    raise AssertionError("no symbol %s in %s" % (name, elf))


def yellow_in_row(frame, y, h=8):
    return sum(1 for yy in range(y, y + h) for x in range(320) if frame.at(x, yy) == YELLOW)


def no_reset_after_panic(ctx, m):
    """The machine stays halted: QEMU runs on, no new CPU reset, no second boot, the screen is still."""
    r0 = m.resets()
    first = m.screendump("panic")
    time.sleep(0.5)
    assert m.running(), "QEMU exited after the panic: a reset under -no-reboot (triple fault?)"
    assert m.resets() == r0, "QEMU logged a CPU reset after the panic (%d -> %d)" % (r0, m.resets())
    assert len(re.findall(RE_BOOTING, m.serial(), re.M)) == 1, "the kernel booted twice"
    again = m.screendump("panic2")
    assert first == again, "the panic screen still changes"
    ctx.note("no reset: %d CPU resets logged by QEMU, all before the kernel started" % r0)
    return first


def panic_case(name, opts, headline, lines):
    """crashtest=...: the named headline, these COM1 lines, a halt, no reset, the blue panic screen with it."""
    def test(ctx):
        m = ctx.machine(opts=opts, log_resets=True)
        head = m.wait_for(r"^PANIC: %s$" % re.escape(headline), READY_TIMEOUT_S)
        m.wait_for(RE_HALTED, 5.0)
        text = m.serial()
        for pattern in lines:
            assert re.search(pattern, text, re.M), "COM1 lacks /%s/" % pattern
        ctx.note(head.group(0))
        frame = no_reset_after_panic(ctx, m)
        assert frame.dominant_colour() == BLUE, "panic screen is not blue (dominant %d)" % frame.dominant_colour()
        assert yellow_in_row(frame, HEADLINE_Y) > 40, "no headline drawn on the panic screen"
        assert yellow_in_row(frame, 36 + 12) > 20, "no EIP value on the panic screen"
    test.__name__ = name
    return test


test_crashtest_stack = panic_case(
    "crashtest_stack", "crashtest=stack", "KERNEL STACK OVERFLOW",
    [r"^fault: stack guard page at 0x[0-9a-f]{8}", r"^fault: double fault, taken by its task gate: esp=",
     r"^PANIC: exception 8 \(#DF double fault\)"])

test_crashtest_fiberstack = panic_case(
    "crashtest_fiberstack", "crashtest=fiberstack", "DEVICE FIBER STACK OVERFLOW",
    [r"^fault: stack guard page at 0x[0-9a-f]{8}", r"^fault: double fault, taken by its task gate: esp=",
     r"^PANIC: exception 8 \(#DF double fault\)"])

test_crashtest_esp = panic_case(
    "crashtest_esp", "crashtest=esp", "CORRUPT STACK POINTER",
    [r"^fault: ESP 0x0badf00c is outside the kernel's stacks", r"esp=0x0badf00c"])


def test_crashtest_inpanic(ctx):
    """A second fault while the panic screen is being drawn: a COM1 line for it, a red bar on the
    screen that says so, a halt, no reset."""
    m = ctx.machine(opts="crashtest=inpanic", log_resets=True)
    m.wait_for(r"^PANIC: EXCEPTION 6: #UD invalid opcode$", READY_TIMEOUT_S)
    second = m.wait_for(r"^PANIC: exception vector=0x00000006 eip=0x([0-9a-f]{8}) while reporting a panic$", 5)
    m.wait_for(RE_HALTED, 5)
    start, end = kernel_symbol("screen_begin")
    eip = int(second.group(1), 16)
    assert start <= eip < end, "second fault at 0x%08x, not in screen_begin (0x%08x..0x%08x)" % (eip, start, end)
    frame = no_reset_after_panic(ctx, m)
    bar = [frame.at(x, y) for y in range(188, 200) for x in range(320)]
    assert bar.count(RED) > len(bar) // 2, "no red bar at the bottom of the screen"
    assert sum(1 for x in range(320) for y in range(190, 198) if frame.at(x, y) == 15) > 100, \
        "the red bar has no text"
    ctx.note(second.group(0))


def test_crashtest_early(ctx):
    """A fault before the kernel sets up its screen: the report on COM1 and on the firmware's text
    screen (white on red), a halt, no reset."""
    m = ctx.machine(opts="crashtest=early", log_resets=True)
    m.wait_for(r"^PANIC: EXCEPTION 6: #UD invalid opcode$", READY_TIMEOUT_S)
    m.wait_for(RE_HALTED, 5)
    text = m.serial()
    assert "gfx:" not in text, "the screen was set up before the early fault"
    r0 = m.resets()
    time.sleep(0.5)
    assert m.running() and m.resets() == r0, "reset after the early panic"
    path = os.path.join(ctx.outdir, "early.ppm")
    m.qmp.command("screendump", filename=path)
    img = Image.open(path).convert("RGB")
    assert img.size == (720, 400), "not the text screen: %dx%d" % img.size
    top = [img.getpixel((x, y)) for y in range(0, 64) for x in range(0, 720, 3)]
    red = sum(1 for r, g, b in top if r > 120 and g < 60 and b < 60)
    white = sum(1 for r, g, b in top if r > 200 and g > 200 and b > 200)
    assert red > len(top) // 2 and white > 50, "the top four text rows are not white on red (%d red, %d white)" % (
        red, white)
    img.save(os.path.join(ctx.outdir, "early.png"))


def test_lockup(ctx, opts="crashtest=lockup", hang=r"^crashtest: the main loop hangs with interrupts on$",
                where="loophook_hang"):
    """`sti; jmp $` in the main loop (crashtest=lockup): the tick's check ends on the panic screen
    about 2 s later, naming the interrupted EIP, which is the hang's (kernel/loop/loophooks.c).
    crashtest=fiberhang: the same spin on the devices' fiber during the bring-up (a driver bug that
    never waits): the loop gets no pass, the same panic names fiber_hang (kernel/boot/bringup.c)."""
    m = ctx.machine(opts=opts, log_resets=True)
    m.wait_for(hang, READY_TIMEOUT_S)
    t0 = m.elapsed()
    line = m.wait_for(r"^lockup: no main-loop pass for (\d+) ticks; interrupted eip=0x([0-9a-f]{8})$", 5)
    t = m.elapsed() - t0
    m.wait_for(r"^PANIC: LOCKUP: NO FRAME FOR 2 SECONDS$", 1)
    m.wait_for(RE_HALTED, 2)
    ctx.note("lockup panic %.2f s after the hang (limit %.0f s of ticks)" % (t, LOCKUP_LIMIT_S))
    assert int(line.group(1)) == int(LOCKUP_LIMIT_S * 140), "lockup after %s ticks" % line.group(1)
    # 280 guest ticks; QEMU drops PIT ticks when the host is busy, so allow more than 2 s of wall clock.
    assert 1.0 <= t <= 8.0, "lockup reported after %.2f s" % t
    start, end = kernel_symbol(where)
    eip = int(line.group(2), 16)
    assert start <= eip < end, "interrupted eip 0x%08x is not in %s (0x%08x..0x%08x)" % (eip, where, start, end)
    frame = no_reset_after_panic(ctx, m)
    assert frame.dominant_colour() == BLUE and yellow_in_row(frame, HEADLINE_Y) > 40, "no lockup panic screen"


def test_machine_check(ctx):
    """-cpu max: CR4.MCE on at boot; QEMU's monitor injects an uncorrected machine check in bank 1:
    the panic names #MC with MCG_STATUS and the bank's STATUS (and ADDR when ADDRV), on COM1 and
    on screen; no reset."""
    for cmd, addr in ((MCE_INJECT, False), (MCE_INJECT_ADDR, True)):
        m = ctx.machine(cpu="max", log_resets=True)     # one after the other: they share the test's folder
        m.wait_for(r"^mce: machine checks on \(CR4\.MCE\), MCA, (\d+) banks$", READY_TIMEOUT_S)
        m.wait_for(RE_READY, READY_TIMEOUT_S)
        r0 = m.resets()
        answer = m.hmp(cmd)
        assert "not" not in answer, "QEMU refused the injection: %r" % answer
        m.wait_for(r"^PANIC: exception 18 \(#MC machine check\)", 5)
        m.wait_for(RE_HALTED, 5)
        text = m.serial()
        assert re.search(r"^  MCG_STATUS 0x0000000000000005$", text, re.M), "no MCG_STATUS line"
        status = cmd.split()[3]
        assert re.search(r"^  MC1_STATUS %s$" % status, text, re.M), "no MC1_STATUS %s line" % status
        has_addr = re.search(r"^  MC1_ADDR 0x0000000001234000$", text, re.M) is not None
        assert has_addr == addr, "MC1_ADDR shown=%s, want %s (ADDRV %s)" % (has_addr, addr, "set" if addr else "clear")
        assert m.resets() == r0, "CPU reset after the machine check"
        frame = no_reset_after_panic(ctx, m)
        rows = 3 if addr else 2                 # MCG_STATUS, MC1_STATUS[, MC1_ADDR] on rows 5..
        for i in range(rows):
            assert yellow_in_row(frame, 36 + (5 + i) * 12) > 40, "machine-check row %d not on screen" % i
        assert yellow_in_row(frame, 36 + (5 + rows) * 12) == 0, "an extra machine-check row on screen"
        ctx.note("%s -> MC1_STATUS %s%s" % (cmd, status, " + MC1_ADDR" if addr else ""))
        m.quit()


def title_answers_right(m):
    """On the title, Right held moves the hero (title: sprite lines with growing tx)."""
    mark = m.mark()
    m.hold("right", 1.0)
    moves = [int(a) for a, _ in re.findall(RE_SPRITE, m.serial()[mark:], re.M)]
    assert len(moves) >= 2 and moves[-1] > moves[0], "the hero did not move right: %s" % moves
    return moves


def test_bad_options(ctx):
    """Every rejected option is listed on the red error screen, one line each, and on COM1;
    Enter goes to the title, where the hero still answers Right."""
    bad = ["ticks=abc", "level=E1L1", "level=\u00e9t\u00e9", "crashtest=pf", "w" * 300, "keys=" + "x" * 260]
    want = ["ticks=abc: want 1..999999999", "level=E1L1: want a-z 0-9 _ -", "level=??t??: not plain ASCII",
            "crashtest=pf: no such crash test", "wwwwwwwwwwwwww...: over 255 characters",
            "keys=xxxxxxxxx...: over 255 characters"]
    m = ctx.machine(opts=" ".join(bad + ["trace"]))
    m.wait_for(r"^ERROR: BAD BOOT OPTIONS: ticks=abc: want 1\.\.999999999$", READY_TIMEOUT_S)
    m.wait_for(RE_READY, 5)
    text = m.serial()
    shown = re.findall(r"^cmdline: on screen: (.*)$", text, re.M)
    assert shown == want, "red screen lines (COM1):\n  %s\nwant\n  %s" % ("\n  ".join(shown), "\n  ".join(want))
    assert len(re.findall(r"^cmdline: (?!on screen)", text, re.M)) == len(bad), "want one cmdline: line per bad option"
    time.sleep(0.3)
    frame = m.screendump("error")
    assert frame.dominant_colour() == RED, "error screen is not red"
    for i in range(len(want)):
        assert yellow_in_row(frame, ERROR_LINE_Y + 10 * i) > 20, "line %d of the list not on screen" % (i + 1)
    assert yellow_in_row(frame, ERROR_LINE_Y + 10 * len(want)) == 0, "more lines on screen than rejections"
    mark = m.mark()
    m.tap("ret")
    m.wait_for(r"^session: title$", 3, since=mark)
    moves = title_answers_right(m)
    ctx.note("6 rejections listed; after Enter the hero moved tx %d -> %d" % (moves[0], moves[-1]))


def test_first_option_slash(ctx):
    """An option with a '/' first on the line is an option (GRUB 2 passes no kernel path): a bad one
    is reported, a good one (keys=jump:/) applied; neither is dropped as the kernel's path."""
    a = ctx.machine(opts="level=../e1l1")         # one after the other: they share the test's folder
    a.wait_for(r"^multiboot: loader \"GRUB 2\.", READY_TIMEOUT_S)
    a.wait_for(r"^cmdline: bad value for level: '\.\./e1l1'", READY_TIMEOUT_S)
    a.wait_for(r"^ERROR: BAD BOOT OPTIONS: level=\.\./e1l1: want a-z 0-9 _ -$", 5)
    time.sleep(0.3)
    assert a.screendump("level").dominant_colour() == RED, "no red error screen for level=../e1l1"
    a.quit()
    b = ctx.machine(opts="keys=jump:/ trace")    # '/' is a key like any other: applied, not dropped
    b.wait_for(r"^controls: jump = /$", READY_TIMEOUT_S)
    b.wait_for(RE_READY, 5)
    assert "ERROR" not in b.serial() and "cmdline:" not in b.serial(), "keys=jump:/ was rejected"


def test_demo_bombs(ctx):
    """A demo whose header says 255 bombs (the status bar showed "55"): BAD DEMO FILE naming the field."""
    data = bytearray(open(os.path.join(REPO, "game", "demos", "seeds.dem"), "rb").read())
    data[54] = 255
    end = len(data) - 4
    data[end:] = (demo_format.zlib.crc32(bytes(data[:end]))).to_bytes(4, "little")
    path = os.path.join(ctx.outdir, "demo.dem")
    with open(path, "wb") as f:
        f.write(data)
    m = ctx.machine(opts="demo=disk", files={"demo.dem": path})
    line = m.wait_for(r"^ERROR: BAD DEMO FILE: demo: (.*)$", READY_TIMEOUT_S + 5)
    assert line.group(1) == "starting bombs 255 outside 0..9", "got %r" % line.group(1)
    time.sleep(0.3)
    assert m.screendump("error").dominant_colour() == RED, "error screen is not red"


def test_not_enough_memory(ctx):
    """QEMU's own loader with -m 4: the kernel (image and BSS up to about 3.2 MiB) fits and boots;
    add a 1.2 MB module and the module ends past the RAM: "NOT ENOUGH MEMORY" naming it, on COM1
    and the text screen, and a halt."""
    kernel = os.path.join(os.path.dirname(os.path.abspath(ctx.iso)), "kernel.elf")
    m = ctx.machine(kernel=kernel, memory=4)
    line = m.wait_for(r"^memory: kernel 0x00100000\.\.0x([0-9a-f]{8}) \((\d+) KiB with BSS\), modules 0 KiB: "
                      r"in usable RAM$", READY_TIMEOUT_S)
    m.wait_for(RE_READY, READY_TIMEOUT_S)
    ctx.note(line.group(0))
    m.quit()
    big = os.path.join(ctx.outdir, "big.bin")
    with open(big, "wb") as f:
        f.write(bytes(range(256)) * (1200000 // 256))
    m = ctx.machine(kernel=kernel, initrd=big, memory=4, log_resets=True)
    line = m.wait_for(r"^PANIC: NOT ENOUGH MEMORY: module 0 needs RAM up to (\d+) KiB; none at (\d+) KiB$",
                      READY_TIMEOUT_S)
    m.wait_for(RE_HALTED, 5)
    assert "gfx:" not in m.serial() and "ready" not in m.serial(), "the kernel went on"
    ctx.note(line.group(0))
    r0 = m.resets()
    time.sleep(0.3)
    assert m.running() and m.resets() == r0, "reset after the memory message"
    path = os.path.join(ctx.outdir, "text.ppm")
    m.qmp.command("screendump", filename=path)
    img = Image.open(path).convert("RGB")
    top = [img.getpixel((x, y)) for y in range(0, 32) for x in range(0, 720, 3)]
    assert sum(1 for r, g, b in top if r > 120 and g < 60 and b < 60) > len(top) // 2, "no message on screen"


# No keyboard controller, a USB keyboard: the reset pulse goes nowhere, so ACPI's reset register must do it.
Q35_NO_KBC_USB = ["-M", "q35,i8042=off", "-device", "qemu-xhci,id=xhci", "-device", "usb-kbd,id=kbd,bus=xhci.0"]
RE_ACPI_RESET = r"^restart: ACPI reset register space 1 address 0x00000cf9 value 0x0f$"   # q35: 0xCF9, 0x0F


def restart_test(name, opts, ready, keys=(), extra=None, firmware=None, via_acpi=False):
    """Ctrl+Alt+Del (without -no-reboot): the kernel pulses the reset line (or, with no keyboard
    controller, writes ACPI's reset register), QEMU logs a CPU reset and the kernel boots again."""
    def test(ctx):
        kw = dict(extra=extra, key_device=None) if extra else {}
        if firmware:
            kw["firmware"] = firmware
        m = ctx.machine(opts=opts, reboot=True, log_resets=True, **kw)
        m.wait_for(ready, READY_TIMEOUT_S * (3 if firmware else 1))
        if via_acpi:
            m.wait_for(RE_ACPI_RESET, 1)
        for k in keys:
            mark = m.mark()
            m.tap(k)
            time.sleep(0.3)
        m.wait_for(ready if not keys else r"^halt$", 5)
        if extra and not keys:
            m.wait_usb_attached()       # the USB keyboard comes up behind the title: its keys count from then
        time.sleep(0.3)
        r0 = m.resets()
        mark = m.mark()
        for k in ("ctrl", "alt", "delete"):
            m.press(k)
        time.sleep(0.1)
        for k in ("delete", "alt", "ctrl"):
            m.release(k)
        m.wait_for(r"^restart: keyboard-controller reset pulse$", 3, since=mark)
        if via_acpi:
            m.wait_for(r"^restart: ACPI reset register$", 3, since=mark)
        m.wait_for(RE_BOOTING, 60 if firmware else 10, since=mark)
        assert m.resets() > r0, "QEMU logged no CPU reset (%d before, %d after)" % (r0, m.resets())
        if via_acpi:
            assert "restart: triple fault" not in m.serial()[mark:], "the ACPI write did not reset the PC"
        ctx.note("CPU resets logged %d -> %d; booted again%s" % (r0, m.resets(),
                 " through ACPI's reset register" if via_acpi else ""))
    test.__name__ = name
    return test


test_restart_title = restart_test("restart_title", None, RE_READY)
test_restart_panic = restart_test("crashtest_restart", "crashtest=ud", RE_HALTED)
test_restart_halt = restart_test("restart_halt", None, RE_READY, keys=("ret", "up", "ret"))
test_restart_acpi = restart_test("restart_acpi", None, RE_READY, extra=Q35_NO_KBC_USB, via_acpi=True)
test_restart_acpi_uefi = restart_test("uefi_restart_acpi", None, RE_READY, extra=Q35_NO_KBC_USB,
                                      firmware="ovmf64", via_acpi=True)

TESTS = [
    ("crashtest_stack", test_crashtest_stack, (), ()),
    ("crashtest_fiberstack", test_crashtest_fiberstack, (), ()),
    ("crashtest_esp", test_crashtest_esp, (), ()),
    ("crashtest_inpanic", test_crashtest_inpanic, (), ()),
    ("crashtest_early", test_crashtest_early, (), ()),
    ("crashtest_lockup", test_lockup, (), ()),
    ("crashtest_fiberhang", lambda ctx: test_lockup(ctx, "crashtest=fiberhang",
                                                   r"^crashtest: the devices' fiber hangs without a wait$", "fiber_hang"),
     (), ()),
    ("crashtest_machine_check", test_machine_check, (), ()),
    ("bad_options", test_bad_options, (), ()),
    ("first_option_slash", test_first_option_slash, (), ()),
    ("demo_bombs", test_demo_bombs, (), ()),
    ("crashtest_memory", test_not_enough_memory, (), ()),
    ("restart_title", test_restart_title, (), ()),
    ("crashtest_restart", test_restart_panic, (), ()),
    ("restart_halt", test_restart_halt, (), ()),
    ("restart_acpi", test_restart_acpi, (), ()),
    ("uefi_restart_acpi", test_restart_acpi_uefi, (), ()),
] + kpack_tests.TESTS           # tests/qemu/kpack_tests.py: the BIOS boot's packed kernel refused
TESTS += layout_tests.TESTS     # tests/qemu/layout_tests.py: GRUB reads one run of laid-out files
