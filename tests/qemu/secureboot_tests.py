"""secureboot_tests.py: Secure Boot on — shim, MokManager's enrolment of SHARDFALL.CER, our signed GRUB and kernel; tampered parts refused.

OVMF with Secure Boot on and Microsoft's keys (OVMF_CODE_4M.secboot.fd, a fresh copy of
OVMF_VARS_4M.ms.fd, q35 with SMM), the image as a USB stick on xHCI. MokManager's screens are
read from the serial console, where OVMF mirrors its text screens as VT100 (python3-pyte turns
them into a screen), and driven with QMP keys; each screen is also saved as a picture (QMP
screendump) for docs/secureboot.md. Used by run_tests.py (tests(checks)); README.md has the table.
"""

import os
import re
import shutil
import time

import qemu

FIRMWARE_S = 150.0              # OVMF to shim's first screen; slow under TCG on a shared machine
STEP_S = 30.0                   # one MokManager screen to the next
READY_S = 150.0                 # reset to the kernel's `ready` (OVMF, shim, GRUB, the kernel)
REFUSED_QUIET_S = 8.0           # after a refusal: this long without the kernel (or GRUB) starting
MENU_PRESSES = 8                # Down presses to reach a menu item, at most
CONSOLE = (100, 31)             # OVMF's serial console: 100 columns, 31 rows
MEMORY_MB = 256
REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SCREENS_DIR = os.path.join(REPO, "docs", "screens")
SCREEN_COLOURS = 16             # the pictures in docs/: 800x600 screendumps in 16 colours, a few KB each

RE_SB_ON = r"^secure boot: on \(the loader says so: GRUB had shim_lock=y.*$"
RE_SB_OFF = r"^secure boot: off \(the loader says so: GRUB found Secure Boot off.*$"


class Console:
    """The firmware's text screen as the serial console draws it (VT100, code page 437)."""

    def __init__(self, m):
        import pyte
        self.m = m
        self.screen = pyte.Screen(*CONSOLE)
        self.stream = pyte.ByteStream(self.screen)
        self.pos = 0

    def update(self):
        with open(self.m.serial_path, "rb") as f:
            f.seek(self.pos)
            data = f.read()
        self.pos += len(data)
        self.stream.feed(data.decode("cp437").encode("utf-8"))

    def text(self):
        self.update()
        return "\n".join(line.rstrip() for line in self.screen.display)

    def selected(self):
        """The highlighted menu item: MokManager draws it white on black inside its blue screen."""
        self.update()
        for row in range(self.screen.lines):
            line = self.screen.buffer[row]
            cells = [line[x] for x in range(self.screen.columns)]
            if not any(c.bg == "blue" for c in cells):      # a row of MokManager's screen has its blue border
                continue
            picked = "".join(c.data for c in cells if c.bg == "black").strip(" │┌┐└┘─")
            if picked:
                return picked
        return None

    def wait(self, pattern, timeout=STEP_S):
        """Wait until the screen shows `pattern` (a regex); return the screen's text."""
        deadline = time.monotonic() + timeout
        while True:
            text = self.text()
            if re.search(pattern, text):
                return text
            if not self.m.running():
                raise AssertionError("QEMU exited while waiting for /%s/ on the console" % pattern)
            if time.monotonic() > deadline:
                raise AssertionError("the console did not show /%s/ within %.0f s; it shows:\n%s" % (
                    pattern, timeout, "\n".join("    | " + l for l in text.splitlines() if l.strip())))
            time.sleep(0.2)

    def choose(self, item):
        """Move MokManager's highlight down to `item` (its own menu, read back each step), Enter."""
        for _ in range(MENU_PRESSES + 1):
            time.sleep(0.4)
            now = self.selected()
            if now and item in now:
                self.m.tap("ret", 0.1)
                return
            self.m.tap("down", 0.1)
        raise AssertionError("could not highlight %r in MokManager's menu (highlight: %r)" % (item, self.selected()))


def save_screen(ctx, m, name):
    """A screendump as a small PNG in the test's folder and, under --update-golden, docs/screens/."""
    from PIL import Image
    ppm = os.path.join(m.outdir, name + ".ppm")
    m.qmp.command("screendump", filename=ppm)
    with Image.open(ppm) as img:
        small = img.convert("RGB").quantize(SCREEN_COLOURS)
    png = os.path.join(m.outdir, name + ".png")
    small.save(png, optimize=True)
    if ctx.update:
        shutil.copyfile(png, os.path.join(SCREENS_DIR, name + ".png"))
        ctx.note("wrote docs/screens/%s.png" % name)


def start(ctx, name, iso, vars_file, firmware="ovmf64_secure_boot", **kw):
    """A machine with its own folder (ctx.outdir/name: serial.log, screens) for one boot."""
    outdir = os.path.join(ctx.outdir, name)
    os.makedirs(outdir, exist_ok=True)
    m = qemu.Machine(iso, outdir, boot="usb", firmware=firmware, memory=MEMORY_MB, reboot=True,
                     vars_file=vars_file, **kw)
    ctx.machines.append(m)
    return m.start()


def enroll(ctx, m):
    """First boot with Microsoft's keys only: shim refuses our GRUB and offers MokManager; enroll
    SHARDFALL.CER from the stick through MokManager's own menus, then Reboot."""
    con = Console(m)
    con.wait(r"Verification failed: \(0x1A\) Security Violation", FIRMWARE_S)
    ctx.note("shim: `Verification failed: (0x1A) Security Violation` after %.1f s" % m.elapsed())
    save_screen(ctx, m, "sb_1_verification_failed")
    m.tap("ret", 0.1)                           # OK
    con.wait(r"Press any key to perform MOK management")
    save_screen(ctx, m, "sb_2_press_any_key")
    m.tap("ret", 0.1)
    con.wait(r"Perform MOK management[\s\S]*Enroll key from disk")
    save_screen(ctx, m, "sb_3_mok_menu")
    con.choose("Enroll key from disk")
    text = con.wait(r"Select Key[\s\S]*(PciRoot|HD\()")
    save_screen(ctx, m, "sb_4_select_volume")
    volumes = [l.strip(" │") for l in text.splitlines() if "PciRoot" in l or "HD(" in l]
    con.choose(volumes[0][:20])                 # the EFI system partition comes first
    con.wait(r"SHARDFALL\.CER")
    save_screen(ctx, m, "sb_5_select_file")
    con.choose("SHARDFALL.CER")
    con.wait(r"\[Enroll MOK\][\s\S]*View key 0")
    con.choose("View key 0")
    text = con.wait(r"SHARDFALL local build key")
    save_screen(ctx, m, "sb_6_view_key")
    ctx.note("MokManager shows the key: %s" % " / ".join(
        l.strip(" │") for l in text.splitlines() if "SHARDFALL" in l or "Subject" in l))
    m.tap("ret", 0.1)
    con.wait(r"\[Enroll MOK\][\s\S]*Continue")
    con.choose("Continue")
    con.wait(r"Enroll the key\(s\)\?")
    save_screen(ctx, m, "sb_7_enroll_yes")
    con.choose("Yes")
    con.wait(r"Perform MOK management[\s\S]*Reboot")
    save_screen(ctx, m, "sb_8_reboot")
    con.choose("Reboot")


def check_refused(m, pattern, never, what):
    """The firmware's console shows `pattern` (its text screens have no line ends, so the
    console is read as a screen), and COM1 never shows `never` within REFUSED_QUIET_S after."""
    text = Console(m).wait(pattern, READY_S)
    found = re.search(r"^.*(%s).*$" % pattern, text, re.M).group(0).strip(" │")
    deadline = time.monotonic() + REFUSED_QUIET_S
    while time.monotonic() < deadline:
        assert not re.search(never, m.serial()), "%s started anyway after %r" % (what, found)
        time.sleep(0.2)
    return found


def tampered_copy(ctx, part, name):
    """A copy of the image with one byte of `part` (a file as it lies, whole, in the image) changed."""
    with open(ctx.iso, "rb") as f:
        img = bytearray(f.read())
    with open(part, "rb") as f:
        body = f.read()
    at = img.find(body)
    assert at >= 0 and img.find(body, at + 1) < 0, "%s does not lie once, whole, in the image" % part
    spot = at + len(body) // 2                   # mid-file: code, far from the signature at the end
    img[spot] ^= 0x01
    path = os.path.join(ctx.outdir, name)
    with open(path, "wb") as f:
        f.write(img)
    ctx.note("%s: byte 0x%x of %s (image offset 0x%x) changed" % (name, len(body) // 2, os.path.basename(part), spot))
    return path


def test_secureboot_chain(ctx, checks):
    """Secure Boot on, from the first boot a player sees to refusals: MokManager enrols the key,
    the game boots and plays; a second boot goes straight in; one byte changed in the kernel is
    refused by GRUB (shim's verdict), one byte changed in GRUB is refused by shim; a multiboot module
    (demo=disk) is refused by GRUB's policy and the kernel says why it has no demo."""
    build = os.path.dirname(os.path.abspath(ctx.iso))
    vars_file = os.path.join(ctx.outdir, "ovmf-vars-sb.fd")
    m = start(ctx, "first_boot", ctx.iso, vars_file)
    enroll(ctx, m)
    mark = m.mark()
    m.wait_for(RE_SB_ON, READY_S, since=mark)
    m.wait_for(r"^ready$", READY_S, since=mark)
    ctx.note("after Reboot: %s" % re.search(r"^secure boot: .*$", m.serial()[mark:], re.M).group(0))
    sysinfo = re.search(r"^sysinfo: Sec\. Boot: (.*)$", m.serial()[mark:], re.M)
    assert sysinfo and sysinfo.group(1) == "on (key SHARDFALL enrolled)", "System info says %r" % (
        sysinfo and sysinfo.group(1))
    checks["hold_right"](ctx, m)
    m.quit()

    m = start(ctx, "second_boot", ctx.iso, vars_file)      # the same variables: the key stays enrolled
    m.wait_for(r"^ready$", READY_S)
    boot_s = m.elapsed()
    text = m.serial()
    assert re.search(RE_SB_ON, text, re.M), "second boot: no `secure boot: on` line"
    assert "Verification failed" not in text and "MOK management" not in text, "second boot met MokManager"
    ctx.record["boot_s"] = round(boot_s, 2)
    ctx.note("second boot, Secure Boot on: QEMU start to `ready` %.2f s, no MokManager" % boot_s)
    m.quit()

    demo = os.path.join(REPO, "game", "demos", "test.dem")     # a multiboot module: refused, and said so
    m = start(ctx, "module_refused", ctx.iso, vars_file, opts="demo=disk", files={"demo.dem": demo},
              opts_on_usb=True)
    grub = m.wait_for(r"error: prohibited by secure boot policy", READY_S)
    shown = m.wait_for(r"^ERROR: DEMO NOT FOUND: disk: no GRUB module\. Under Secure Boot GRUB loads no modules$", 30.0)
    ctx.note("demo=disk under Secure Boot: GRUB `%s`, the kernel `%s`" % (grub.group(0), shown.group(0)))
    m.quit()

    bad_kernel = tampered_copy(ctx, os.path.join(build, "iso", "boot", "kernel.pe"), "kernel-tampered.iso")
    m = start(ctx, "tampered_kernel", bad_kernel, vars_file)
    why = check_refused(m, r"error: bad shim signature", r"Shardfall kernel", "the kernel")
    ctx.note("tampered kernel: GRUB says `%s`; the kernel never started" % why)
    m.quit()
    os.remove(bad_kernel)

    bad_grub = tampered_copy(ctx, os.path.join(build, "sb", "esp", "EFI", "BOOT", "grubx64.efi"), "grub-tampered.iso")
    m = start(ctx, "tampered_grub", bad_grub, vars_file)
    why = check_refused(m, r"Verification failed: \(0x1A\) Security Violation", r"Welcome to GRUB|Shardfall kernel",
                        "GRUB")
    ctx.note("tampered grubx64.efi: shim says `%s`; GRUB never ran" % why)
    m.quit()
    os.remove(bad_grub)


def test_secureboot_off(ctx, checks):
    """The same PC with Secure Boot off (OVMF_CODE_4M.fd, OVMF_VARS_4M.fd): shim passes straight
    through, our GRUB boots the PE kernel, which says `secure boot: off` and plays."""
    m = start(ctx, "boot", ctx.iso, None, firmware="ovmf64_4m")
    m.wait_for(r"^ready$", READY_S)
    boot_s = m.elapsed()
    line = m.wait_for(RE_SB_OFF, 1.0)
    ctx.record["boot_s"] = round(boot_s, 2)
    ctx.note("Secure Boot off: QEMU start to `ready` %.2f s; %s" % (boot_s, line.group(0)))
    text = m.serial()
    assert "Verification failed" not in text, "shim refused something with Secure Boot off"
    sysinfo = re.search(r"^sysinfo: Sec\. Boot: (.*)$", text, re.M)
    assert sysinfo and sysinfo.group(1) == "off (the loader says so)", "System info says %r" % (
        sysinfo and sysinfo.group(1))
    checks["hold_right"](ctx, m)


def test_secureboot_bios_line(ctx):
    """Under BIOS (SeaBIOS, multiboot v1 of kernel.elf) the kernel says Secure Boot is off: not UEFI; also
    when an options file says secureboot=on (only our signed GRUB's word is believed)."""
    m = ctx.machine()
    m.wait_for(r"^ready$", ctx.ready_timeout)
    line = m.wait_for(r"^secure boot: off \(a BIOS boot.*$", 1.0)
    sysinfo = re.search(r"^sysinfo: Sec\. Boot: (.*)$", m.serial(), re.M)
    assert sysinfo and sysinfo.group(1) == "off (not UEFI: BIOS boot)", "System info says %r" % (
        sysinfo and sysinfo.group(1))
    ctx.note(line.group(0))
    # An options file cannot claim Secure Boot on a BIOS boot: the word is reported, not believed.
    m.quit()
    m = ctx.machine(opts="secureboot=on")
    m.wait_for(r"^ready$", ctx.ready_timeout)
    line = m.wait_for(r"^secure boot: off \(a BIOS boot.*the secureboot= option is not believed\)$", 1.0)
    sysinfo = re.search(r"^sysinfo: Sec\. Boot: (.*)$", m.serial(), re.M)
    assert sysinfo and sysinfo.group(1) == "off (not UEFI: BIOS boot)", "with secureboot=on in the options, " \
        "System info says %r" % (sysinfo and sysinfo.group(1))
    ctx.note("options secureboot=on: " + line.group(0))


FAT32_STICK_MB = 64
FAT32_START_LBA = 2048          # Rufus: the partition at 1 MiB


def fat32_copy(ctx, name, partitioned):
    """The image's files copied onto a FAT32 stick, as Rufus's "ISO image" mode or a file manager
    makes it: the ISO's tree plus efi.img's EFI folder; with an MBR and one FAT32 partition (type
    0x0C) at 1 MiB, or FAT32 on the whole stick. Returns the stick image's path."""
    import struct
    import subprocess
    tree = os.path.join(ctx.outdir, name + "-files")
    shutil.rmtree(tree, ignore_errors=True)
    env = dict(os.environ, MTOOLS_SKIP_CHECK="1")

    def run(cmd):
        res = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if res.returncode != 0:
            raise qemu.HarnessError("%s failed: %s" % (" ".join(cmd), res.stdout.strip()[-500:]))
    run(["xorriso", "-osirrox", "on", "-indev", ctx.iso, "-extract", "/", tree])
    for d, _, files in os.walk(tree):
        os.chmod(d, 0o755)
        for f in files:
            os.chmod(os.path.join(d, f), 0o644)
    run(["mcopy", "-s", "-i", os.path.join(tree, "efi.img"), "::/efi", tree])
    stick = os.path.join(ctx.outdir, name + ".img")
    with open(stick, "wb") as f:
        f.truncate(FAT32_STICK_MB << 20)
    target = stick
    if partitioned:
        sectors = (FAT32_STICK_MB << 20) // 512
        entry = struct.pack("<B3sB3sII", 0x80, b"\xfe\xff\xff", 0x0C, b"\xfe\xff\xff",
                            FAT32_START_LBA, sectors - FAT32_START_LBA)
        with open(stick, "r+b") as f:
            f.seek(446)
            f.write(entry)
            f.seek(510)
            f.write(b"\x55\xaa")
        target = "%s@@%d" % (stick, FAT32_START_LBA * 512)
    run(["mformat", "-i", target, "-F", "-v", "SHARDSTICK", "::"])
    run(["mcopy", "-s", "-i", target] + [os.path.join(tree, n) for n in sorted(os.listdir(tree))] + ["::/"])
    shutil.rmtree(tree)
    return stick


def fat32_test(partitioned):
    def test(ctx, checks):
        """The image's files on a FAT32 stick (issue 34: Rufus's "ISO image" mode), UEFI with
        Secure Boot off: shim, our GRUB finds /boot/kernel.pe on FAT32 (search --file, no ISO
        UUID), the game plays."""
        stick = fat32_copy(ctx, "stick", partitioned)
        m = start(ctx, "boot", stick, None, firmware="ovmf64_4m")
        m.wait_for(r"^ready$", READY_S)
        ctx.note("FAT32 %s: QEMU start to `ready` %.2f s; %s" % (
            "partition at 1 MiB (MBR)" if partitioned else "on the whole stick", m.elapsed(),
            re.search(RE_SB_OFF, m.serial(), re.M).group(0)))
        assert "unknown filesystem" not in m.serial(), "GRUB said `unknown filesystem`"
        checks["hold_right"](ctx, m)
    return test


def tests(checks):
    """name, function, goldens written, goldens read (run_tests.py's TESTS rows)."""
    return [("secureboot_chain", lambda ctx: test_secureboot_chain(ctx, checks), (), ()),
            ("secureboot_off", lambda ctx: test_secureboot_off(ctx, checks), (), ()),
            ("secureboot_bios_line", test_secureboot_bios_line, (), ()),
            ("secureboot_fat32_mbr", lambda ctx: fat32_test(True)(ctx, checks), (), ()),
            ("secureboot_fat32_whole", lambda ctx: fat32_test(False)(ctx, checks), (), ())]
