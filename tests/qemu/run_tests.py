#!/usr/bin/python3
"""run_tests.py: Shardfall's QEMU test suite — boots the real ISO and checks COM1, screen and speaker.

Usage: tests/qemu/run_tests.py --iso build/shardfall.iso --out build/test-qemu [--update-golden] [-k NAME]... [-j JOBS]
Prints `PASS name (1.23 s)` or `FAIL name: reason` per test, then
`N passed, N failed`; exits 1 if any test failed. See README.md.
"""

import argparse
import subprocess
import concurrent.futures
import json
import os
import re
import sys
import threading
import time
import traceback

sys.dont_write_bytecode = True      # keep __pycache__ out of the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import audio                    # noqa: E402
import demo_tests               # noqa: E402
import disk_tests               # noqa: E402
import fault_tests              # noqa: E402
import harness_tests            # noqa: E402
import level_tests              # noqa: E402
import pc_tests                 # noqa: E402
import session_tests            # noqa: E402
import usb_tests                # noqa: E402
import uefi_tests               # noqa: E402
import secureboot_tests         # noqa: E402
import image                    # noqa: E402
import music_tests              # noqa: E402
import sound_tests              # noqa: E402
import ac97_tests               # noqa: E402
import save_tests               # noqa: E402
import bringup_tests            # noqa: E402
from save_tests import check_saves_band, saves_known, saves_off_args        # noqa: E402
import qemu                     # noqa: E402
from image import Rect, SAVES_RECT, TITLE_ANIM_RECT     # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
DEFAULT_GOLDEN_DIR = os.path.join(REPO, "tests", "golden")

BOOT_LIMIT_S = 10.0             # QEMU start to `ready`, any boot path
READY_TIMEOUT_S = 20.0          # how long we wait for `ready` before giving up
TICK_HZ = 140
FREEZE_TICKS = 280
SPRITE_START = (4, 20)          # title sprite's first tile position (tx, ty)
SPRITE_TILES = 2                # 16x16 sprite = 2x2 tiles of 8x8
HOLD_S = 1.0                    # hold_right: how long Right is held
TAP_S = 0.05                    # speaker_blip: Right press length
FREQ_TOLERANCE = 0.03           # speaker_blip: measured vs 1193182/D
CRASH_VECTORS = {"de": (0, "DE"), "bp": (3, "BP"), "ud": (6, "UD"), "gp": (13, "GP")}
PANIC_REGISTERS = ("eip", "cs", "eflags", "eax", "ebx", "ecx", "edx", "esi", "edi", "ebp", "esp")

RE_READY = r"^ready$"
RE_SPRITE = r"^title: sprite tx=(\d+) ty=(\d+)$"
RE_SFX = r"^sfx start id=(\d+) div=(\d+(?:,\d+)*)$"
RE_FROZEN = r"^READY tick=(\d+) crc=([0-9A-F]{8})$"
RE_PANIC = r"^PANIC: exception (\d+) \(#([A-Z]{2}) ([^)]*)\) err=0x([0-9A-Fa-f]{8})$"


class Context:
    """What one test gets: its output folder, machines, goldens, and a log for its report lines."""

    def __init__(self, name, args, writes):
        self.name = name
        self.args = args
        self.iso = args.iso
        self.update = args.update_golden
        self.golden_dir = args.golden
        self.hostframe = args.hostframe
        self.hostrun = args.hostrun
        self.writes = writes            # goldens this test (re)writes under --update-golden
        self.outdir = qemu.test_dir(args.out, name)
        self.notes = []
        self.record = {}
        self.machines = []
        self.machine_defaults = {}      # uefi_tests.py, pc_tests.on: Machine arguments for every machine
        self.ready_timeout = READY_TIMEOUT_S

    def note(self, text):
        self.notes.append(text)

    def machine(self, boot=None, opts=None, wav=None, files=None, **kw):
        kw = dict(self.machine_defaults, **kw)
        boot = boot or kw.pop("boot", "cdrom")
        kw.pop("boot", None)
        m = qemu.Machine(self.iso, self.outdir, boot=boot, opts=opts, wav=wav, files=files, **kw)
        self.machines.append(m)
        return m.start()

    def close(self):
        for m in self.machines:
            m.quit()

    def golden(self, name):
        return os.path.join(self.golden_dir, name)

    def load_golden(self, name):
        path = self.golden(name)
        if not os.path.exists(path):
            raise AssertionError("golden %s is missing: run `make golden` (run_tests.py --update-golden)" % path)
        return image.load_golden(path)

    def check_golden(self, frame, name, ignore=()):
        """Compare with tests/golden/<name>, or write it under --update-golden if this test owns it."""
        path = self.golden(name)
        if self.update and name in self.writes:
            os.makedirs(self.golden_dir, exist_ok=True)
            frame.save_png(path)
            self.note("wrote golden %s" % os.path.relpath(path))
            return
        self.load_golden(name)          # missing-golden message
        tolerated = image.compare_golden(frame, path, self.outdir, ignore=ignore,
                                         label=os.path.splitext(name)[0])
        if tolerated:
            self.note("%s: %d pixels differ inside the animated rect (allowed)" % (name, tolerated))


def boot_ready(ctx, m):
    """Wait for `ready`; return seconds from QEMU start to the line."""
    m.wait_for(RE_READY, ctx.ready_timeout)
    return m.elapsed()


def sprite_rect(tx, ty):
    return Rect(tx * 8, ty * 8, SPRITE_TILES * 8, SPRITE_TILES * 8)


def sprite_moves(text):
    return [(int(a), int(b)) for a, b in re.findall(RE_SPRITE, text, re.M)]


# -- tests ------------------------------------------------------------------

BOOT_MEDIUM = {"cdrom": r"CD-ROM \(BIOS drive E[0-9A-F]h\)", "hdd": r"disk or USB \(drive 80h\)",
               "usb": r"disk or USB \(drive 8[0-9A-F]h\)"}      # System info's Boot line (kernel/boot/sysprobe.c)


def boot_test(boot):
    def test(ctx):
        m = ctx.machine(boot=boot)
        t = boot_ready(ctx, m)
        medium = re.search(r"^sysinfo: Boot: (.*)$", m.serial(), re.M)
        assert medium and re.fullmatch(BOOT_MEDIUM[boot], medium.group(1)), (
            "System info says the boot medium is %r, want /%s/" % (medium and medium.group(1), BOOT_MEDIUM[boot]))
        ctx.note("sysinfo: Boot: %s" % medium.group(1))
        if (m.machine_type or "").split(",")[0] == "isapc":     # cpu486_isapc_boot: an ISA PC, no ACPI
            assert re.search(r"^acpi: no RSDP", m.serial(), re.M), "ACPI tables on isapc?"
        else:                                                    # SeaBIOS on pc: multiboot v1, BIOS area
            uefi_tests.check_acpi(ctx, m, uefi_tests.ACPI_FROM_BIOS, protocol=1, reset=False)
        ctx.record["boot_s"] = round(t, 3)
        ctx.note("boot %s: QEMU start to `ready` %.2f s (limit %.0f s)" % (boot, t, BOOT_LIMIT_S))
        assert t <= BOOT_LIMIT_S, "`ready` after %.2f s, limit %.0f s" % (t, BOOT_LIMIT_S)
        check_title(ctx, m)
    test.__name__ = "boot_" + boot
    return test


def check_title(ctx, m):
    """The live title screen equals title_boot.png outside the animated rect and the save band; the
    band shows what COM1 says about saves (once the save area behind the title is known)."""
    frame = saves_known(m, "title")
    ctx.check_golden(frame, "title_boot.png", ignore=[TITLE_ANIM_RECT, SAVES_RECT])
    check_saves_band(ctx, m, frame)


def test_ticks_freeze(ctx):
    check_freeze(ctx, ctx.machine(opts="ticks=%d" % FREEZE_TICKS))


def check_freeze(ctx, m):
    """ticks=280 on `m`: READY's CRC = the screendump's = the host render's; golden; frozen."""
    try:
        match = m.wait_for(RE_FROZEN, ctx.ready_timeout + FREEZE_TICKS / TICK_HZ)
    except qemu.QemuTimeout as err:
        raise qemu.QemuTimeout("%s\n(were the options passed? GRUB should source /shardfall-opts.cfg "
                               "from %s)" % (err, os.path.join(ctx.outdir, "opts.img")))
    tick, crc = int(match.group(1)), match.group(2)
    assert tick == FREEZE_TICKS, "READY reports tick=%d, want %d" % (tick, FREEZE_TICKS)
    first = m.screendump("frozen1")
    ctx.note("READY crc=%s, screendump crc=%s" % (crc, first.crc()))
    assert first.crc() == crc, "READY crc=%s but the screendump's planes give %s" % (crc, first.crc())
    time.sleep(0.5)
    second = m.screendump("frozen2")
    changed = image.diff_pixels(first, second)
    assert not changed, "screen changed after the freeze: %d pixels within %r" % (
        len(changed), image.bounding_box(changed))
    ctx.check_golden(first, "ticks_%d.png" % FREEZE_TICKS, ignore=[SAVES_RECT])
    # The same game code built for the host must draw the very same frame (with the save line COM1 says).
    assert ctx.hostframe, "no --hostframe binary given: cannot compare the host render"
    host_png = os.path.join(ctx.outdir, "host_%d.png" % FREEZE_TICKS)
    out = subprocess.run([ctx.hostframe, str(FREEZE_TICKS), host_png] + saves_off_args(m), capture_output=True,
                         text=True, timeout=30)
    assert out.returncode == 0, "%s failed: %s" % (ctx.hostframe, out.stderr.strip())
    host = re.search(r"crc=([0-9A-F]{8})", out.stdout)
    assert host, "no crc in host output %r" % out.stdout
    ctx.note("host render crc=%s (%s)" % (host.group(1), host_png))
    assert host.group(1) == crc, "host render crc=%s differs from QEMU's READY crc=%s; compare %s with %s" % (
        host.group(1), crc, host_png, os.path.join(ctx.outdir, "frozen1.png"))


def test_hold_right(ctx):
    m = ctx.machine()
    boot_ready(ctx, m)
    check_hold_right(ctx, m)


def check_hold_right(ctx, m):
    """Right held 1 s on the title: the hero steps one tile right at a time, nothing else changes."""
    before_text = m.serial()
    earlier = sprite_moves(before_text)
    start = earlier[-1] if earlier else SPRITE_START
    a = saves_known(m, "before")    # the save line is drawn before the first frame
    held = m.hold("right", HOLD_S)
    count = m.wait_quiet(RE_SPRITE, quiet=0.4, since=len(before_text))
    b = m.screendump("after")
    moves = sprite_moves(m.serial()[len(before_text):])
    assert count and moves, "no `title: sprite` line after holding Right %.2f s" % held
    end = moves[-1]
    ctx.note("held Right %.2f s: %d moves, sprite tx=%d ty=%d -> tx=%d ty=%d"
             % (held, len(moves), start[0], start[1], end[0], end[1]))
    path = [start] + moves
    for prev, cur in zip(path, path[1:]):
        assert cur == (prev[0] + 1, prev[1]), "sprite stepped %r -> %r, want one tile right" % (prev, cur)
    assert end[0] > start[0] and end[1] == start[1], "end %r not right of start %r" % (end, start)
    hold_ticks = held * TICK_HZ
    assert len(moves) >= 3, "only %d moves in %.0f ticks of holding: no key repeat?" % (len(moves), hold_ticks)
    assert len(moves) <= 2 + hold_ticks / 5, "%d moves in %.0f ticks: faster than one per ~10 ticks" % (
        len(moves), hold_ticks)
    allowed = [sprite_rect(*start), sprite_rect(*end), TITLE_ANIM_RECT]
    changed = image.diff_pixels(a, b)
    stray = [p for p in changed if not any(r.contains(*p) for r in allowed)]
    if stray:
        image.write_diff(b, a, os.path.join(ctx.outdir, "diff.png"), ignore=allowed, points=changed)
        raise AssertionError("%d pixels changed outside the start/end sprite rects and the animated rect "
                             "(within %r); see %s" % (len(stray), image.bounding_box(stray),
                                                      os.path.join(ctx.outdir, "diff.png")))
    for label, rect in (("end", allowed[1]), ("start", allowed[0])):
        assert any(rect.contains(*p) for p in changed), "nothing changed in the %s sprite rect %r" % (label, rect)


def test_speaker_blip(ctx):
    wav = os.path.join(ctx.outdir, "speaker.wav")
    m = ctx.machine(wav=wav, opts="music=off")      # the title's tune would play on the speaker too
    boot_ready(ctx, m)
    mark = m.mark()
    m.tap("right", TAP_S)
    sfx = m.wait_for(RE_SFX, 3.0, since=mark)
    time.sleep(1.0)
    m.quit()                            # the WAV header is finalised on exit
    starts = re.findall(RE_SFX, m.serial(), re.M)
    assert len(starts) == 1, "%d `sfx start` lines in the whole run, want exactly the tap's one: %s" % (
        len(starts), starts)
    divisors = [int(d) for d in sfx.group(2).split(",")]
    ctx.note("sfx id=%s divisors %s" % (sfx.group(1), audio.divisor_runs(divisors)))
    for line in audio.check_effect(wav, divisors, FREQ_TOLERANCE):
        ctx.note(line)


def crash_test(kind):
    vector, mnemonic = CRASH_VECTORS[kind]

    def test(ctx):
        m = ctx.machine(opts="crashtest=" + kind)
        head = m.wait_for(RE_PANIC, ctx.ready_timeout)
        m.wait_for(r"^PANIC: halted$", 5.0)
        assert int(head.group(1)) == vector and head.group(2) == mnemonic, (
            "got %r, want exception %d (#%s ...)" % (head.group(0), vector, mnemonic))
        text = m.serial()
        report = text[text.index(head.group(0)):text.index("PANIC: halted")]
        m2 = re.search(r"eip=0x([0-9A-Fa-f]{8}) cs=0x([0-9A-Fa-f]{4}) eflags=0x([0-9A-Fa-f]{8})", report)
        assert m2, "no `eip=0x........ cs=0x.... eflags=0x........` in the panic report"
        missing = [r for r in PANIC_REGISTERS if not re.search(r"\b%s=0x[0-9A-Fa-f]+" % r, report)]
        assert not missing, "panic report lacks %s" % ", ".join(r + "=" for r in missing)
        ctx.note("%s; eip=0x%s" % (head.group(0), m2.group(1)))
        assert m.running(), "QEMU exited after the panic (triple fault / reboot?)"
        frame = m.screendump("panic")
        time.sleep(0.3)
        again = m.screendump("panic2")
        assert frame == again, "panic screen still changing (%d pixels)" % len(image.diff_pixels(frame, again))
        title = ctx.load_golden("title_boot.png")
        differing = len(image.diff_pixels(frame, title))
        assert differing > 64000 // 4, "panic screen differs from the title in only %d pixels" % differing
        hist = frame.histogram()
        dominant = frame.dominant_colour()
        share = hist[dominant] / 64000.0
        ctx.note("dominant colour %d (%s), %.0f%% of the screen" % (dominant, image.EGA_NAMES[dominant], 100 * share))
        # Register values move with every code change (EIP, ESP...): the golden
        # covers everything but the value column, which must show yellow text on
        # each register row instead.
        for row in PANIC_VALUE_ROWS:
            y0 = PANIC_VALUES.y + row * 12
            yellow = sum(1 for y in range(y0, y0 + 8) for x in range(PANIC_VALUES.x, PANIC_VALUES.x + PANIC_VALUES.w)
                         if frame.at(x, y) == 14)
            assert yellow > 20, "panic screen: no value drawn on register row %d (y=%d)" % (row, y0)
        if kind == "ud":
            ctx.check_golden(frame, "panic_ud.png", ignore=[PANIC_VALUES])
        else:
            want = ctx.load_golden("panic_ud.png").dominant_colour()
            assert dominant == want, "dominant colour %s, panic_ud.png has %s" % (
                image.EGA_NAMES[dominant], image.EGA_NAMES[want])
        assert share > 0.5, "panic colour covers only %.0f%% of the screen" % (100 * share)
    test.__name__ = "crashtest_" + kind
    return test


def test_unknown_option(ctx):
    m = ctx.machine(opts="bogus=1")
    t = boot_ready(ctx, m)
    ctx.note("`ready` after %.2f s" % t)
    m.wait_for(r"^cmdline: unknown option 'bogus=1' ignored$", 0.5)   # printed before `ready`


TITLE = ("title_boot.png",)
PANIC = ("panic_ud.png",)
PANIC_VALUES = image.Rect(72, 36, 248, 116)     # kernel/boot/panic.c: value column, rows at 36 + 12 * n
PANIC_VALUE_ROWS = (0, 1, 2, 3, 5, 6, 7, 8, 9)


# name, function, goldens it owns (written by --update-golden), goldens of other tests it reads
TESTS = [
    ("missing_qemu", harness_tests.test_missing_qemu, (), ()),      # tests/qemu/harness_tests.py
    ("harness_image", harness_tests.test_harness_image, (), ()),
    ("harness_audio", harness_tests.test_harness_audio, (), ()),
    ("boot_cdrom", boot_test("cdrom"), TITLE, ()),
    ("boot_hdd", boot_test("hdd"), (), TITLE),
    ("boot_usb_xhci", boot_test("usb"), (), TITLE),
    ("ticks_freeze", test_ticks_freeze, ("ticks_%d.png" % FREEZE_TICKS,), ()),
    ("hold_right", test_hold_right, (), ()),
    ("speaker_blip", test_speaker_blip, (), ()),
    ("crashtest_ud", crash_test("ud"), PANIC, TITLE),
    ("crashtest_de", crash_test("de"), (), TITLE + PANIC),
    ("crashtest_gp", crash_test("gp"), (), TITLE + PANIC),
    ("crashtest_bp", crash_test("bp"), (), TITLE + PANIC),
    ("unknown_option", test_unknown_option, (), ()),
    ("level_golden", level_tests.test_level_golden, ("level_test_%d.png" % level_tests.LEVEL_TICKS,), ()),  # level_tests.py
    ("level_bad", level_tests.test_level_bad, (), ()),
    ("seeds_golden", level_tests.test_seeds_golden, ("seeds_%d.png" % level_tests.SEEDS_TICKS,), ()),
    ("seeds_trace", level_tests.test_seeds_trace, (), ()),
    ("level_module", level_tests.test_level_module, (), ()),
    ("level_select", level_tests.test_level_select, (), ()),
    ("menu_new_game", session_tests.test_menu_new_game, (), ()),
    ("menu_quit", session_tests.test_menu_quit, ("halt.png",), ()),
    ("attract", session_tests.test_attract, ("attract_e1l1_40.png",), ()),
    ("ending", session_tests.test_ending, ("ending.png",), ()),
    ("pause_box", session_tests.test_pause_box, ("pause_box.png",), ()),
    ("play_session", session_tests.test_play_session, (), ()),
    ("controls_rebind_jump", session_tests.test_controls_rebind_jump, (), ()),
    ("keys_option", session_tests.test_keys_option, (), ()),
    ("keys_option_bad", session_tests.test_keys_option_bad, (), ()),
    ("hiscores_menu", session_tests.test_hiscores_menu, ("hiscores.png",), ()),
    ("save_restore_game", session_tests.test_save_restore_game, (), ()),
    ("attract_hiscores", session_tests.test_attract_hiscores, (), ()),
    ("demo_parity", demo_tests.test_demo_parity, (), ()),      # tests/qemu/demo_tests.py
    ("demo_module", demo_tests.test_demo_module, (), ()),
    ("demo_record", demo_tests.test_demo_record, (), ()),
    ("demo_end", demo_tests.test_demo_end, (), ()),
    ("demo_stop", demo_tests.test_demo_stop, (), ()),
    ("demo_bad", demo_tests.test_demo_bad, (), ()),
    ("music_title_theme", music_tests.test_music_title_theme, (), ()),     # tests/qemu/music_tests.py
    ("music_level_tune", music_tests.test_music_level_tune, (), ()),
    ("music_off", music_tests.test_music_off, (), ()),
    ("music_no_card", music_tests.test_music_no_card, (), ()),
    ("music_stops_on_quit", music_tests.test_music_stops_on_quit, (), ()),
    ("sysinfo_screen", music_tests.test_sysinfo_screen, ("sysinfo.png",), ()),
] + [("demo_" + name, demo_tests.episode_demo_test(name), demo_tests.episode_goldens(name), ())
     for name in sorted(demo_tests.EPISODE_DEMOS)]
TESTS += usb_tests.tests(test_hold_right, TITLE)     # tests/qemu/usb_tests.py, usbhw_tests.py: USB keyboards; pads (padgame_tests.py)
TESTS += fault_tests.TESTS      # tests/qemu/fault_tests.py: faults, bad input, restart
TESTS += sound_tests.TESTS      # tests/qemu/sound_tests.py: Intel HDA, the PCM output
TESTS += ac97_tests.TESTS       # tests/qemu/ac97_tests.py: AC'97, the PCM output
TESTS += disk_tests.TESTS       # tests/qemu/disk_tests.py: USB mass storage, IDE (docs/storage.md)
TESTS += save_tests.TESTS + bringup_tests.TESTS        # save_tests.py: progress on the stick, power cuts; bringup_tests.py: the title before the devices
CHECKS = {
    "boot_ready": boot_ready, "title": check_title, "hold_right": check_hold_right, "freeze": check_freeze,
    "speaker": test_speaker_blip, "demo_parity": demo_tests.test_demo_parity, "crash_ud": crash_test("ud"),
}
TESTS += uefi_tests.tests(CHECKS)       # tests/qemu/uefi_tests.py: the same checks under UEFI firmware
TESTS += secureboot_tests.tests(CHECKS)         # tests/qemu/secureboot_tests.py: shim, MokManager, signed GRUB and kernel
# Other PCs (tests/qemu/pc_tests.py): a 486 on pc and isapc.
TESTS += [(name, func, (), TITLE) for name, func in
          pc_tests.cpu486_tests(boot_test("cdrom"), test_ticks_freeze, test_hold_right)]
TESTS += [("no_i8042", pc_tests.test_no_i8042, (), ()), ("kbd_probe_q35", pc_tests.test_kbd_probe_q35, (), ())]
TESTS += [(name, func, (), ()) for name, func in pc_tests.pit_off_tests(test_ticks_freeze, test_hold_right)]
TESTS += [("panic_no_clock", pc_tests.test_no_clock, (), ())]
TESTS += [("options_disk_paths", pc_tests.test_options_disk_paths, (), ())]
TESTS += [(name, func, (), TITLE + ("ticks_%d.png" % FREEZE_TICKS,)) for name, func in pc_tests.ovmf_pit_off_tests(CHECKS)]


def update_waves(selected):
    """Under --update-golden: groups of tests to run one after another, so that a
    golden is rewritten before the tests reading it start."""
    owned = {g for t in selected for g in t[2]}
    waves, done, left = [], set(), list(selected)
    while left:
        wave = [t for t in left if all(g in done or g not in owned for g in t[3])]
        waves.append(wave)
        done |= {g for t in wave for g in t[2]}
        left = [t for t in left if t not in wave]
    return waves


def run_one(name, func, writes, args, print_lock):
    t0 = time.monotonic()
    ctx = None
    try:
        ctx = Context(name, args, writes)
        func(ctx)
        ok, reason = True, None
    except AssertionError as err:
        ok, reason = False, str(err) or "assertion failed"
    except Exception as err:        # harness or unexpected error: still a failure, never a skip
        ok, reason = False, "%s: %s" % (type(err).__name__, err)
        if ctx:
            with open(os.path.join(ctx.outdir, "traceback.txt"), "w") as f:
                f.write(traceback.format_exc())
    finally:
        if ctx:
            ctx.close()
    if ok and ctx and "crashtest_" not in name and not name.startswith("panic_"):   # panic_*: a panic is the point
        panics = [l for m in ctx.machines for l in m.serial_lines() if l.startswith("PANIC")]
        if panics:
            ok, reason = False, "unexpected panic: %s" % panics[0]
    seconds = time.monotonic() - t0
    lines = []
    if ok:
        lines.append("PASS %s (%.2f s)" % (name, seconds))
    else:
        first, _, rest = reason.partition("\n")
        lines.append("FAIL %s: %s" % (name, first))
        if rest:
            lines += ["    " + l for l in rest.splitlines()]
    if ctx:
        lines += ["    " + n for n in ctx.notes]
        with open(os.path.join(ctx.outdir, "result.txt"), "w") as f:
            f.write("\n".join(lines) + "\n")
    with print_lock:
        print("\n".join(lines), flush=True)
    record = {"name": name, "passed": ok, "seconds": round(seconds, 2)}
    if not ok:
        record["reason"] = reason
    if ctx:
        record.update(ctx.record)
    return record


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iso", default=os.path.join(REPO, "build", "shardfall.iso"))
    parser.add_argument("--out", default=os.path.join(REPO, "build", "test-qemu"))
    parser.add_argument("--hostrun", help="host build of the level player (build/hostrun)")
    parser.add_argument("--hostframe", help="host build of the game (build/hostframe) for CRC parity")
    parser.add_argument("--golden", default=DEFAULT_GOLDEN_DIR, help="golden PNG folder (default tests/golden)")
    parser.add_argument("--update-golden", action="store_true",
                        help="rewrite tests/golden/*.png from this run (make golden)")
    parser.add_argument("-k", action="append", metavar="NAME",
                        help="run only tests whose name contains NAME (repeatable)")
    parser.add_argument("-j", "--jobs", type=int, default=2, help="QEMU tests run at once (default 2)")
    parser.add_argument("--list", action="store_true", help="list test names and exit")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(t[0] for t in TESTS))
        return 0
    selected = [t for t in TESTS if not args.k or any(k in t[0] for k in args.k)]
    if not selected:
        print("no test matches -k %s (tests: %s)" % (" ".join(args.k), ", ".join(t[0] for t in TESTS)))
        print("0 passed, 1 failed")
        return 1
    os.makedirs(args.out, exist_ok=True)
    print("%d tests, ISO %s, output %s, %d at a time%s" % (
        len(selected), args.iso, args.out, args.jobs, ", UPDATING GOLDENS" if args.update_golden else ""),
        flush=True)
    if args.update_golden:
        phases = update_waves(selected)
    else:
        phases = [selected]
    lock = threading.Lock()
    records = []
    t0 = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for phase in phases:
            futures = [pool.submit(run_one, name, func, writes, args, lock) for name, func, writes, _ in phase]
            records += [f.result() for f in futures]
    passed = sum(1 for r in records if r["passed"])
    failed = len(records) - passed
    total = time.monotonic() - t0
    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump({"iso": args.iso, "seconds": round(total, 2), "tests": records}, f, indent=1)
    print("total %.1f s; details in %s" % (total, args.out))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
