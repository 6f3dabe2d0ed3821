"""uefi_tests.py: the same ISO under UEFI firmware (OVMF x64 and ia32) — CD, raw disk, USB stick, cards with no VGA, every pixel format.

Under OVMF the VGA's I/O ports are not routed to the card (and bochs-display
or ramfb have no VGA at all), so what shows the game is the kernel's
framebuffer back end (kernel/present/display.c, drivers/video/fb.c). Each screendump is read
back to 320x200 through image.frame_from_framebuffer (integer scale, centred,
black around, every block one colour) and compared with the very goldens of
the BIOS tests, pixel for pixel.

Used by run_tests.py, which passes its checks in (tests(checks)); see
README.md for the table.
"""

import os
import re

import image

READY_TIMEOUT_S = 60.0          # OVMF takes several seconds to reach GRUB, more with two QEMUs at once
FREEZE_TICKS = 280
RE_FB = r"^multiboot: framebuffer (\d+)x(\d+) (\d+) bpp (RGB|indexed)"
RE_DISPLAY = r"^display: framebuffer (\d+)x(\d+), picture x(\d+) at (\d+),(\d+); "
RE_FB_ADDR = r"^multiboot: framebuffer \d+x(\d+) \d+ bpp \w+ pitch (\d+) at 0x([0-9a-f]{16})"
RE_PLACE = r"^display: framebuffer at 0x([0-9a-f]{16}), (?:seen at 0x([0-9a-f]{8}), )?(.*)$"

# name: machine settings. The first four are the boot media and firmware kinds; the two after
# them are graphics cards with no legacy VGA, where only the firmware's GOP framebuffer exists.
CONFIGS = {
    "x64_cdrom": dict(firmware="ovmf64", boot="cdrom"),
    "x64_hdd": dict(firmware="ovmf64", boot="hdd"),
    "x64_usb": dict(firmware="ovmf64", boot="usb"),
    "ia32_cdrom": dict(firmware="ovmf32", boot="cdrom"),
    "x64_bochs_display": dict(firmware="ovmf64", video="bochs-display"),
    "x64_ramfb": dict(firmware="ovmf64", video="ramfb"),
}
# Issue 27: 8 GB guests, where OVMF lays out memory and BARs as on a big PC (the 64-bit PCI window
# above the RAM); the hero must move on Right. The second also has no 8254 (the local APIC ticks).
BIG_MEMORY = {
    "x64_ramfb_8g": dict(firmware="ovmf64", video="ramfb", memory=8192),
    "x64_pit_off_8g": dict(firmware="ovmf64", memory=8192, machine="q35,pit=off"),
}
# More pixel formats: GRUB's own bochs driver sets these on the standard VGA when asked
# (gfxpayload in /shardfall-opts.cfg), with the bits per pixel the name says.
FORMATS = {
    "x64_rgb565": ("set gfxpayload=1024x768x16", 16),
    "x64_indexed8": ("set gfxpayload=640x480x8", 8),
}


def on_uefi(settings, check):
    """A test running `check(ctx)` with every machine it starts under these settings."""
    def test(ctx):
        ctx.machine_defaults = dict(settings)
        ctx.ready_timeout = READY_TIMEOUT_S
        check(ctx)
    return test


def check_framebuffer(ctx, m, frame_size, bpp=None):
    """COM1 says the loader's framebuffer is used, where the picture goes matches the
    screendump's layout, and the kernel did not fall back to VGA."""
    text = m.serial()
    fb = re.search(RE_FB, text, re.M)
    shown = re.search(RE_DISPLAY, text, re.M)
    assert fb, "no `multiboot: framebuffer ...` line: GRUB handed over no framebuffer"
    assert shown, "no `display: framebuffer ...` line (%s)" % (
        re.search(r"^display: .*$", text, re.M) or "no display line at all")
    w, h, depth = int(fb.group(1)), int(fb.group(2)), int(fb.group(3))
    assert (w, h) == frame_size, "the loader said %dx%d, the screendump is %dx%d" % ((w, h) + frame_size)
    want = image.framebuffer_layout(w, h)
    got = tuple(int(g) for g in shown.groups()[2:])
    assert got == want, "kernel put the picture at x%d %d,%d, want x%d %d,%d" % (got + want)
    if bpp is not None:
        assert depth == bpp, "framebuffer has %d bits per pixel, this test wants %d" % (depth, bpp)
    ctx.record["framebuffer"] = "%dx%dx%d" % (w, h, depth)
    ctx.note("framebuffer %dx%d %d bpp %s: picture x%d at %d,%d" % (w, h, depth, fb.group(4), *got))


# Where the kernel found the ACPI RSDP (kernel/cpu/acpiboot.c): under UEFI GRUB boots it with
# multiboot2 (boot/grub.cfg), which passes GRUB's copy of the RSDP (or the EFI system table);
# under BIOS, multiboot v1 and the BIOS area's RSDP.
ACPI_FROM_LOADER = r"^acpi: RSDP (from the multiboot2 ACPI tag|at 0x[0-9a-f]+ from the EFI configuration table)"
ACPI_FROM_BIOS = r"^acpi: RSDP at 0x000[ef][0-9a-f]{4} from the BIOS area$"
ACPI_FROM_SCAN = r"^acpi: RSDP at 0x[0-9a-f]+ from ACPI memory at 0x[0-9a-f]+$"
RE_ACPI_TABLES = r"^acpi: rev (\d+), (RSDT|XSDT) at (0x[0-9a-f]+), (\d+) tables; PM timer port 0x([0-9A-F]{4})"
RE_ACPI_RESET = r"^restart: ACPI reset register space \d address 0x[0-9a-f]{8} value 0x[0-9a-f]{2}$"


def check_acpi(ctx, m, source=ACPI_FROM_LOADER, protocol=2, reset=True):
    """COM1 names the RSDP's source, the tables give a PM timer and (q35's FADT; not the pc
    machine's ACPI 1.0 one) ACPI's reset register, and the loader spoke the multiboot protocol
    this firmware's grub.cfg branch asks for."""
    text = m.serial()
    mb2 = re.search(r"^multiboot: multiboot2 information, (\d+) bytes, (\d+) tags$", text, re.M)
    assert bool(mb2) == (protocol == 2), "want multiboot%s, COM1 says %s" % (
        "2" if protocol == 2 else " v1", mb2.group(0) if mb2 else "no multiboot2 line")
    found = re.search(source, text, re.M)
    assert found, "no /%s/ line; COM1 says %s" % (source, re.findall(r"^acpi: .*$", text, re.M))
    tables = re.search(RE_ACPI_TABLES, text, re.M)
    assert tables and int(tables.group(5), 16), "no PM timer in the ACPI tables: %s" % (
        tables and tables.group(0))
    assert not reset or re.search(RE_ACPI_RESET, text, re.M), "no ACPI reset register found"
    ctx.note("%s; %s %s, PM timer port 0x%s" % (found.group(0)[len("acpi: "):], tables.group(2),
                                               tables.group(3), tables.group(5)))


def check_place(ctx, m, want_wc=False):
    """COM1 says where the framebuffer is and how the CPU reaches it (kernel/cpu/paging.c): at the
    loader's address; identity-mapped below 4 GiB, through a PAE window (`seen at`) above it.
    want_wc: QEMU's default CPU (qemu64) has PAT and PAE, so it must be write-combining."""
    text = m.serial()
    mb, place = re.search(RE_FB_ADDR, text, re.M), re.search(RE_PLACE, text, re.M)
    assert mb and place, "no `multiboot: framebuffer ... at` or `display: framebuffer at` line"
    height, pitch, phys = int(mb.group(1)), int(mb.group(2)), int(mb.group(3), 16)
    assert int(place.group(1), 16) == phys, "display says 0x%s, the loader 0x%x" % (place.group(1), phys)
    high = phys + pitch * height > 1 << 32
    assert bool(place.group(2)) == high, "framebuffer at 0x%x (%s 4 GiB) %s through a window: %s" % (
        phys, "above" if high else "below", "seen" if place.group(2) else "not seen", place.group(0))
    if want_wc:
        assert place.group(3).endswith("write-combining (PAT)"), "not write-combining: %s" % place.group(0)
    ctx.record["framebuffer_at"] = "0x%x" % phys
    ctx.note(place.group(0))


def screen_size(m):
    from PIL import Image
    path = os.path.join(m.outdir, "size.ppm")
    m.qmp.command("screendump", filename=path)
    with Image.open(path) as img:
        return img.size


def test_harness_framebuffer(ctx):
    """Host-only: a synthetic framebuffer screendump (x3, centred on 1024x768) maps back to its
    frame; a stray border pixel or a block that is not one colour is refused."""
    import random
    from PIL import Image
    rng = random.Random(112)
    frame = image.Frame(bytes(rng.randrange(16) for _ in range(image.SCREEN_W * image.SCREEN_H)))
    w, h = 1024, 768
    scale, left, top = image.framebuffer_layout(w, h)
    assert (scale, left, top) == (3, 32, 84), "layout of 1024x768: %r" % ((scale, left, top),)
    small = frame.to_image()
    shot = Image.new("RGB", (w, h))
    shot.paste(small.resize((320 * scale, 200 * scale), Image.NEAREST), (left, top))
    assert image.frame_from_framebuffer(shot) == frame, "scaled screendump does not map back"
    for what, xy, colour in (("border pixel", (5, 5), (85, 85, 85)),
                             ("pixel inside a block", (left + 3 * 100 + 1, top + 3 * 50 + 2), (1, 2, 3))):
        bad = shot.copy()
        bad.putpixel(xy, colour if what.startswith("border") else
                     tuple(255 - c for c in shot.getpixel(xy)))
        try:
            image.frame_from_framebuffer(bad, source=what)
        except image.ImageError as err:
            ctx.note("refused: %s" % err)
            continue
        raise AssertionError("a wrong %s was not noticed" % what)


def check_sysinfo(ctx, m):
    """System info tells the truth under UEFI: the framebuffer GRUB handed over, UEFI firmware."""
    text = m.serial()
    facts = dict(re.findall(r"^sysinfo: ([^:]+): (.*)$", text, re.M))
    size = re.search(r"^display: framebuffer (\d+)x(\d+)", text, re.M)
    assert size, "no `display: framebuffer` line"
    want = "framebuffer %sx%s, " % size.groups()
    assert facts.get("Display", "").startswith(want), "System info's Display is %r, want %r..." % (
        facts.get("Display"), want)
    assert facts.get("Firmware", "").startswith("UEFI"), "System info's Firmware is %r under UEFI" % (
        facts.get("Firmware"))
    ctx.note("sysinfo: Display: %s; Firmware: %s" % (facts["Display"], facts["Firmware"]))


def tests(checks):
    """The UEFI tests, given run_tests.py's checks: boot_ready(ctx, m), title(ctx, m),
    hold_right(ctx, m), freeze(ctx, m) and the whole tests speaker, demo_parity and crash_ud."""

    def live(ctx, want_wc=False):
        m = ctx.machine()
        t = checks["boot_ready"](ctx, m)
        ctx.record["boot_s"] = round(t, 3)
        ctx.note("QEMU start to `ready` %.2f s" % t)
        check_framebuffer(ctx, m, screen_size(m))
        check_place(ctx, m, want_wc)
        check_sysinfo(ctx, m)
        check_acpi(ctx, m)
        checks["title"](ctx, m)
        checks["hold_right"](ctx, m)

    def freeze(ctx, grub_lines=(), bpp=None):
        m = ctx.machine(opts="ticks=%d" % FREEZE_TICKS, grub_lines=grub_lines)
        checks["freeze"](ctx, m)
        check_framebuffer(ctx, m, screen_size(m), bpp)
        check_acpi(ctx, m)             # booted through grub-opts.cfg's entry: multiboot2 there too

    def multiboot1(ctx):
        """multiboot v1 under UEFI (`set mb=` in the options file undoes grub.cfg's choice): no
        ACPI tag, no EFI system table, so the kernel finds the RSDP by scanning the memory
        map's ACPI regions, and the game still boots and plays."""
        m = ctx.machine(opts="", grub_lines=("set mb=",))
        checks["boot_ready"](ctx, m)
        check_acpi(ctx, m, ACPI_FROM_SCAN, protocol=1)
        checks["hold_right"](ctx, m)

    out = [("harness_framebuffer", test_harness_framebuffer, (), ())]
    for name, settings in CONFIGS.items():
        out.append(("uefi_" + name, on_uefi(settings, live), (), ("title_boot.png",)))
        out.append(("uefi_%s_freeze" % name, on_uefi(settings, freeze), (), ("ticks_280.png",)))
    for name, settings in BIG_MEMORY.items():
        out.append(("uefi_" + name, on_uefi(settings, lambda ctx: live(ctx, want_wc=True)), (), ("title_boot.png",)))
    for name, (line, bpp) in FORMATS.items():
        out.append(("uefi_%s_freeze" % name,
                    on_uefi(dict(firmware="ovmf64"), lambda ctx, l=line, b=bpp: freeze(ctx, (l,), b)),
                    (), ("ticks_280.png",)))
    out.append(("uefi_x64_multiboot1_acpi_scan", on_uefi(dict(firmware="ovmf64"), multiboot1), (), ()))
    out.append(("uefi_demo_parity", on_uefi(dict(firmware="ovmf64", video="bochs-display"),
                                            checks["demo_parity"]), (), ()))
    out.append(("uefi_speaker_blip", on_uefi(dict(firmware="ovmf64"), checks["speaker"]), (), ()))
    out.append(("uefi_crashtest_ud", on_uefi(dict(firmware="ovmf64", video="ramfb"), checks["crash_ud"]),
                (), ("panic_ud.png", "title_boot.png")))
    return out
