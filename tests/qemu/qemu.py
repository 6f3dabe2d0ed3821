"""qemu.py: start Shardfall's ISO in QEMU, talk QMP (keys, screendumps), watch COM1, shut down cleanly.

A Machine is one QEMU run with its own output folder (build/test-qemu/<test>/):
serial.log (COM1), qemu.log (QEMU's stderr/stdout), the command line,
screendumps, and any options disk or WAV recording.

Kernel options take the real ISO path: GRUB's grub.cfg sources
/shardfall-opts.cfg from any attached disk, so options_disk() writes
`set opts="..."` into a small FAT image attached as a second IDE disk.
"""

import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time

import image

QEMU_BINARY = "qemu-system-i386"
QEMU_PACKAGE = "qemu-system-x86"        # Debian package that provides it
MTOOLS_PACKAGE = "mtools"
BOOT_PATHS = ("cdrom", "hdd", "usb", "usb_ehci")
# Firmware: SeaBIOS (QEMU's default), or UEFI (OVMF, Debian packages ovmf and ovmf-ia32). The
# 32-bit OVMF build Debian ships is the Secure Boot capable one: it needs SMM and a secure flash
# (no keys are enrolled in its variable store, so Secure Boot itself stays off).
OVMF64 = "/usr/share/ovmf/OVMF.fd"
OVMF32_CODE = "/usr/share/OVMF/OVMF32_CODE_4M.secboot.fd"
OVMF32_VARS = "/usr/share/OVMF/OVMF32_VARS_4M.fd"
OVMF64_SB_CODE = "/usr/share/OVMF/OVMF_CODE_4M.secboot.fd"
OVMF64_SB_VARS = "/usr/share/OVMF/OVMF_VARS_4M.ms.fd"     # Microsoft's keys enrolled: Secure Boot on
OVMF64_CODE = "/usr/share/OVMF/OVMF_CODE_4M.fd"           # the same PC with Secure Boot off (no SMM)
OVMF64_VARS = "/usr/share/OVMF/OVMF_VARS_4M.fd"
FIRMWARES = {
    "bios": {"binary": QEMU_BINARY, "machine": None},
    "ovmf64": {"binary": "qemu-system-x86_64", "machine": "q35", "files": (OVMF64,), "package": "ovmf"},
    "ovmf32": {"binary": "qemu-system-i386", "machine": "q35,smm=on", "files": (OVMF32_CODE, OVMF32_VARS),
               "package": "ovmf-ia32"},
    "ovmf64_secure_boot": {"binary": "qemu-system-x86_64", "machine": "q35,smm=on",
                           "files": (OVMF64_SB_CODE, OVMF64_SB_VARS), "package": "ovmf"},
    "ovmf64_4m": {"binary": "qemu-system-x86_64", "machine": "q35",
                  "files": (OVMF64_CODE, OVMF64_VARS), "package": "ovmf"},
}
# Graphics: the standard VGA (legacy ports + the bochs VBE), or cards with no legacy VGA at all.
VIDEOS = {
    "std": ["-vga", "std"],
    "bochs-display": ["-vga", "none", "-device", "bochs-display"],
    "ramfb": ["-vga", "none", "-device", "ramfb"],
}
SERIAL_TAIL_LINES = 20
RE_USB_ATTACHED = r"^bringup: stage=sticks "  # the devices behind the title: USB attached at boot
USB_ATTACH_TIMEOUT_S = 15.0


class HarnessError(Exception):
    """Something in the test setup failed (not the kernel under test)."""


class QemuNotFound(HarnessError):
    pass


class QemuTimeout(AssertionError):
    """The kernel did not print what was expected in time; the message has the serial tail."""


class QmpError(HarnessError):
    pass


def find_qemu(path=None, binary=QEMU_BINARY):
    """Path of qemu-system-i386 (or `binary`): `path` if given, else $SHARDFALL_QEMU (for
    qemu-system-i386 only), else $PATH.

    Raises QemuNotFound naming the Debian package if it is not there.
    """
    candidate = path or (os.environ.get("SHARDFALL_QEMU") if binary == QEMU_BINARY else None) \
        or shutil.which(binary)
    if not candidate or not (os.path.isfile(candidate) and os.access(candidate, os.X_OK)):
        raise QemuNotFound("QEMU binary %s not found (or not executable): install the Debian package "
            "%s (apt-get install %s)" % (candidate or binary, QEMU_PACKAGE, QEMU_PACKAGE))
    return candidate


def test_dir(out_root, name):
    """A fresh output folder out_root/name (old contents removed)."""
    path = os.path.join(out_root, name)
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def options_disk(outdir, opts, files=None, grub_lines=()):
    """Write a 1.44 MB FAT image holding /shardfall-opts.cfg with `set opts="<opts>"`; return its path.

    files: {name: host path} copied to the disk's root too. A file named
    level.lvl is also loaded by GRUB as a multiboot module called "disk"
    (boot/grub.cfg), so `level=disk` plays it; so is demo.dem (`demo=disk`).
    grub_lines: more GRUB commands for the file, e.g. `set gfxpayload=1024x768x16`."""
    for tool in ("mformat", "mcopy"):
        if not shutil.which(tool):
            raise HarnessError("%s not found: install the Debian package %s" % (tool, MTOOLS_PACKAGE))
    if '"' in opts or "\n" in opts:
        raise HarnessError("kernel options may not contain quotes or newlines: %r" % opts)
    cfg = os.path.join(outdir, "shardfall-opts.cfg")
    img = os.path.join(outdir, "opts.img")
    files = files or {}
    with open(cfg, "w") as f:
        f.write('set opts="%s"\n' % opts)
        if "level.lvl" in files:
            f.write('set level_module="($optdev)/level.lvl"\n')
        if "demo.dem" in files:
            f.write('set demo_module="($optdev)/demo.dem"\n')
        for line in grub_lines:
            f.write(line + "\n")
    if os.path.exists(img):
        os.remove(img)
    env = dict(os.environ, MTOOLS_SKIP_CHECK="1")
    cmds = [["mformat", "-i", img, "-C", "-f", "1440", "::"],
            ["mcopy", "-i", img, cfg, "::/shardfall-opts.cfg"]]
    cmds += [["mcopy", "-i", img, path, "::/" + name] for name, path in sorted(files.items())]
    for cmd in cmds:
        res = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if res.returncode != 0:
            raise HarnessError("%s failed: %s" % (" ".join(cmd), res.stdout.strip()))
    return img


class Qmp:
    """Minimal synchronous QMP client over a unix socket."""

    def __init__(self, path, timeout=10.0):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        self.sock.connect(path)
        self.buf = b""
        self.events = []
        greeting = self._read()
        if "QMP" not in greeting:
            raise QmpError("unexpected QMP greeting %r" % greeting)
        self.command("qmp_capabilities")

    def _read(self):
        while b"\n" not in self.buf:
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                raise QmpError("QMP: no answer within %.0f s" % self.sock.gettimeout())
            if not chunk:
                raise QmpError("QMP connection closed")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)

    def command(self, name, **arguments):
        """Run a QMP command and return its "return" value (events seen meanwhile are queued)."""
        msg = {"execute": name}
        if arguments:
            msg["arguments"] = arguments
        self.sock.sendall(json.dumps(msg).encode() + b"\n")
        while True:
            reply = self._read()
            if "event" in reply:
                self.events.append(reply)
            elif "error" in reply:
                raise QmpError("QMP %s: %s" % (name, reply["error"].get("desc", reply["error"])))
            elif "return" in reply:
                return reply["return"]

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


class Machine:
    """One QEMU run of the ISO.

    boot: "cdrom" (-cdrom), "hdd" (raw image as first IDE disk, what dd to a
    USB stick gives), "usb" (USB mass storage on xHCI) or "usb_ehci" (on a
    standalone usb-ehci). opts: kernel
    options passed through an options disk, or None for none. wav: path to
    record the PC speaker to; opl_wav: add an AdLib card (OPL2 at 0x388) and
    record it there. cpu: the -cpu model (default under BIOS: qemu32, pinned
    because System info shows it). firmware: a FIRMWARES key; video: a VIDEOS key.
    Under UEFI the kernel shows the game on the framebuffer GRUB hands over,
    so screendumps are read back through image.frame_from_framebuffer.
    """

    def __init__(self, iso, outdir, boot="cdrom", opts=None, wav=None, qemu=None, memory=64, files=None,
                 icount=False, firmware="bios", video="std", grub_lines=(), machine=None, cpu=None, extra=None,
                 key_device=None, reboot=False, log_resets=False, kernel=None, initrd=None, opl_wav=None,
                 disk=None, vars_file=None, opts_on_usb=False):
        if boot not in BOOT_PATHS:
            raise HarnessError("unknown boot path %r (want one of %s)" % (boot, ", ".join(BOOT_PATHS)))
        if firmware not in FIRMWARES or video not in VIDEOS:
            raise HarnessError("unknown firmware %r or video %r" % (firmware, video))
        fw = FIRMWARES[firmware]
        for path in fw.get("files", ()):
            if not os.path.isfile(path):
                raise HarnessError("%s not found: install the Debian package %s" % (path, fw["package"]))
        self.firmware = firmware
        self.video = video
        self.grub_lines = tuple(grub_lines)
        self.framebuffer = firmware != "bios"
        if self.framebuffer:
            memory = max(memory, 128)   # OVMF wants more than the game
        self.binary = find_qemu(qemu if firmware == "bios" else None, fw["binary"])
        if not os.path.isfile(iso):
            raise HarnessError("ISO %s does not exist: run `make iso` first" % iso)
        self.iso = os.path.abspath(iso)
        self.disk = os.path.abspath(disk) if disk else None     # boot a writable copy of the image (saves)
        self.vars_file = vars_file      # pflash firmware: keep the UEFI variables here across boots (MOKs)
        self.opts_on_usb = opts_on_usb  # the options disk as a USB stick beside a USB boot stick, not IDE
        self.outdir = outdir
        self.boot = boot
        self.opts = opts
        self.files = files
        self.icount = icount
        self.extra = list(extra or [])         # more QEMU arguments (machine type, USB devices), appended last
        self.key_device = key_device           # QMP id of the keyboard keys go to (None: QEMU's choice)
        self.wav = wav
        self.opl_wav = opl_wav
        self.cpu = cpu or ("qemu32" if firmware == "bios" else None)
        self.memory = memory
        self.machine_type = machine     # -M value, e.g. "isapc" or "q35,pit=off"; None: the firmware's
        self.cpu = cpu                  # -cpu value, e.g. "486"; None: QEMU's default qemu32
        self.kernel = kernel            # boot this ELF with QEMU's own multiboot loader instead of the ISO
        self.initrd = initrd            # ... with this file as its module
        self.reboot = reboot            # False: -no-reboot, a reset makes QEMU exit
        self.resets_path = os.path.join(outdir, "cpu_reset.log") if log_resets else None
        self.serial_path = os.path.join(outdir, "serial.log")
        self.proc = None
        self.qmp = None
        self.started = None
        self._sockdir = None
        self._dumps = 0

    # -- life cycle --------------------------------------------------------

    def command_line(self, qmp_path):
        args = [self.binary, "-display", "none"] + VIDEOS[self.video] + [
                "-m", str(self.memory), "-nic", "none", "-monitor", "none",
                "-serial", "file:" + self.serial_path,
                "-qmp", "unix:%s,server=on,wait=off" % qmp_path]
        if self.cpu:
            args += ["-cpu", self.cpu]
        fw = FIRMWARES[self.firmware]
        if self.machine_type or fw["machine"]:
            args += ["-M", self.machine_type or fw["machine"]]
        if self.firmware == "ovmf64":
            args += ["-bios", OVMF64]
        elif self.firmware in ("ovmf32", "ovmf64_secure_boot", "ovmf64_4m"):
            code, variables = fw["files"]       # code and a writable copy of the variables
            vars_copy = self.vars_file or os.path.join(self.outdir, "ovmf-vars.fd")
            if not (self.vars_file and os.path.exists(self.vars_file)):     # a given file is kept
                shutil.copyfile(variables, vars_copy)
            if self.firmware != "ovmf64_4m":        # SMM firmware wants its flash secure
                args += ["-global", "driver=cfi.pflash01,property=secure,value=on"]
            args += ["-drive", "if=pflash,format=raw,unit=0,readonly=on,file=" + code,
                     "-drive", "if=pflash,format=raw,unit=1,file=" + vars_copy]
        if self.kernel:
            args += ["-kernel", self.kernel] + (["-initrd", self.initrd] if self.initrd else [])
        elif self.boot == "cdrom":
            args += ["-cdrom", self.iso, "-boot", "order=d"]
        elif self.boot == "hdd":
            args += ["-drive", "file=%s,format=raw,if=ide,index=0,%s" % (
                self.disk or self.iso, "cache=writethrough" if self.disk else "snapshot=on")]
        else:                           # usb: the stick on xHCI; usb_ehci: on a standalone EHCI (high speed)
            args += ["-drive", "if=none,id=usbstick,format=raw,file=%s,%s" % (
                         self.disk or self.iso, "cache=writethrough" if self.disk else "readonly=on")]
            args += (["-device", "usb-ehci,id=ehci", "-device", "usb-storage,bus=ehci.0,drive=usbstick,bootindex=0,id=stick"]
                     if self.boot == "usb_ehci" else
                     ["-device", "qemu-xhci", "-device", "usb-storage,drive=usbstick,bootindex=0,id=stick"])
        if self.opts is not None:
            disk = options_disk(self.outdir, self.opts, self.files, self.grub_lines)
            # NOTE: OVMF's 4M flash builds connect only the devices QEMU's boot order names (the
            # stick's bootindex): an IDE/AHCI options disk stays unseen by GRUB there, a second
            # USB stick with a bootindex of its own is connected.
            if self.opts_on_usb:
                args += ["-drive", "if=none,id=optsdisk,format=raw,snapshot=on,file=" + disk,
                         "-device", "usb-storage,drive=optsdisk,bootindex=1"]
            else:
                args += ["-drive", "file=%s,format=raw,if=ide,index=1,snapshot=on" % disk]
        if not self.reboot:
            args += ["-no-reboot"]
        if self.cpu:
            args += ["-cpu", self.cpu]
        if self.resets_path:
            args += ["-d", "cpu_reset", "-D", self.resets_path]
        if self.icount:                        # 1 instruction = 1 ns: TSC deltas count instructions
            args += ["-icount", self.icount if isinstance(self.icount, str) else "shift=0"]
        if self.wav:
            args += ["-audiodev", "wav,id=snd,path=%s" % self.wav, "-machine", "pcspk-audiodev=snd"]
        if self.opl_wav:                # an AdLib (OPL2 at 0x388) recorded to its own WAV
            args += ["-audiodev", "wav,id=opl,path=%s" % self.opl_wav, "-device", "adlib,audiodev=opl"]
        return args + self.extra

    def start(self):
        self._sockdir = tempfile.mkdtemp(prefix="shardfall-qmp-")
        qmp_path = os.path.join(self._sockdir, "qmp.sock")
        args = self.command_line(qmp_path)
        with open(os.path.join(self.outdir, "qemu.cmd"), "w") as f:
            f.write(" ".join(args) + "\n")
        open(self.serial_path, "w").close()
        self._log = open(os.path.join(self.outdir, "qemu.log"), "w")
        self.started = time.monotonic()
        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=self._log, stderr=subprocess.STDOUT)
        deadline = self.started + 10.0
        while True:
            if self.proc.poll() is not None:
                raise HarnessError("QEMU exited at once with status %d: %s"
                    % (self.proc.returncode, self._qemu_log_tail()))
            if os.path.exists(qmp_path):
                try:
                    self.qmp = Qmp(qmp_path)
                    break
                except (OSError, QmpError):
                    pass
            if time.monotonic() > deadline:
                raise HarnessError("QMP socket %s did not come up within 10 s" % qmp_path)
            time.sleep(0.02)
        return self

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.quit()
        return False

    def quit(self, timeout=5.0):
        """Ask QEMU to quit over QMP; kill it if it has not exited within timeout."""
        if self.proc is None:
            return
        if self.proc.poll() is None and self.qmp is not None:
            try:
                self.qmp.command("quit")
            except (OSError, QmpError):
                pass
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        if self.qmp is not None:
            self.qmp.close()
            self.qmp = None
        self._log.close()
        shutil.rmtree(self._sockdir, ignore_errors=True)

    def power_cut(self):
        """Switch the PC off: QEMU killed at once (SIGKILL), nothing flushed by QMP's quit."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.quit()

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def elapsed(self):
        return time.monotonic() - self.started

    def _qemu_log_tail(self):
        self._log.flush()
        try:
            with open(os.path.join(self.outdir, "qemu.log")) as f:
                return f.read().strip()[-2000:] or "(no output)"
        except OSError:
            return "(no qemu.log)"

    # -- serial ------------------------------------------------------------

    def serial(self):
        """Everything COM1 has printed so far."""
        with open(self.serial_path, "rb") as f:
            return f.read().decode("latin-1").replace("\r\n", "\n")

    def serial_lines(self):
        return self.serial().splitlines()

    def mark(self):
        """Position in the serial log; pass to wait_for(since=) to wait for a new line."""
        return len(self.serial())

    def wait_for(self, pattern, timeout=10.0, since=0):
        """Wait for a serial line matching regex `pattern` (searched per line) after `since`.

        Returns the re.Match. On timeout, or if QEMU exits first, raises
        QemuTimeout with the last SERIAL_TAIL_LINES lines of COM1.
        """
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while True:
            text = self.serial()[since:]
            for line in text[:text.rfind("\n") + 1].splitlines():   # complete lines only
                m = regex.search(line)
                if m:
                    return m
            if not self.running():
                why = "QEMU exited (status %s) before serial printed /%s/" % (
                    self.proc.returncode if self.proc else "?", pattern)
                break
            if time.monotonic() > deadline:
                why = "no serial line matching /%s/ within %.1f s" % (pattern, timeout)
                break
            time.sleep(0.01)
        tail = self.serial_lines()[-SERIAL_TAIL_LINES:]
        raise QemuTimeout("%s; last %d serial lines (%s):\n%s" % (
            why, len(tail), self.serial_path, "\n".join("    | " + l for l in tail) or "    (nothing)"))

    def wait_usb_attached(self, timeout=USB_ATTACH_TIMEOUT_S):
        """Wait until the USB devices plugged at boot are attached: the kernel brings USB up behind the
        title (`bringup: stage=sticks ...` once no attach is under way, or after its 3 s bound), so a
        USB key pressed right after `ready` may come before the keyboard is there."""
        return self.wait_for(RE_USB_ATTACHED, timeout)

    def wait_quiet(self, pattern, quiet=0.3, timeout=5.0, since=0):
        """Wait until no new line matching `pattern` has appeared for `quiet` seconds."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        count, changed = -1, time.monotonic()
        while time.monotonic() < deadline:
            n = sum(1 for line in self.serial()[since:].splitlines() if regex.search(line))
            if n != count:
                count, changed = n, time.monotonic()
            elif time.monotonic() - changed >= quiet:
                return count
            time.sleep(0.02)
        raise QemuTimeout("serial lines matching /%s/ still coming after %.1f s" % (pattern, timeout))

    def resets(self):
        """CPU resets QEMU logged so far (-d cpu_reset; log_resets=True): QEMU logs one or two at start."""
        try:
            with open(self.resets_path) as f:
                return f.read().count("CPU Reset")
        except OSError:
            return 0

    def hmp(self, command):
        """A human-monitor command through QMP (e.g. `mce ...`); returns its text output."""
        return self.qmp.command("human-monitor-command", **{"command-line": command})

    # -- input -------------------------------------------------------------

    def key(self, qcode, down, device=None):
        """One key event; to `device` (a QMP device id), else to key_device, else QEMU's default."""
        args = {"events": [{"type": "key", "data": {"down": down, "key": {"type": "qcode", "data": qcode}}}]}
        if device or self.key_device:
            args["device"] = device or self.key_device
        self.qmp.command("input-send-event", **args)

    def press(self, qcode):
        self.key(qcode, True)

    def release(self, qcode):
        self.key(qcode, False)

    def hold(self, qcode, seconds):
        """Press a key, keep it down for `seconds`, release it; returns the real hold time."""
        t0 = time.monotonic()
        self.press(qcode)
        time.sleep(seconds)
        self.release(qcode)
        return time.monotonic() - t0

    def tap(self, qcode, seconds=0.05):
        return self.hold(qcode, seconds)

    # -- screen ------------------------------------------------------------

    def screendump(self, name=None):
        """Screendump to <outdir>/<name>.ppm (also <name>.png, 320x200); returns an image.Frame."""
        self._dumps += 1
        name = name or "screen%02d" % self._dumps
        path = os.path.join(self.outdir, name + ".ppm")
        self.qmp.command("screendump", filename=path)
        frame = image.load_ppm(path, framebuffer=self.framebuffer)
        frame.save_png(os.path.join(self.outdir, name + ".png"))
        return frame
