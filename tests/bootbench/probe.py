#!/usr/bin/python3
"""probe.py: what a boot costs the host up to a point, counted instead of timed (issue 32, docs/boot.md).

Usage: tests/bootbench/probe.py [--iso build/shardfall.iso --elf build/kernel.elf]
                                [--trivial build/bootbench/trivial.iso --trivial-elf build/bootbench/trivial.elf]
                                [--media cdrom,hdd,usb] [--out build/bootbench/probe]

Each image boots under SeaBIOS with QEMU's gdb stub on a unix socket and one
breakpoint: the trivial kernel's trivial_main (its first act), ours the
`klog("ready\\n")` call after the first frame. Stopped there, with the guest
frozen, it reads from QEMU (these numbers do not depend on the host's load):
- the 2 MiB pieces of guest RAM the host has backed (/proc/PID/pagemap and
  /proc/kpageflags over the guest RAM mapping: a piece is a transparent huge
  page, some 4 KiB pages, or nothing; root only) and the AnonHugePages of
  every QEMU mapping (smaps): each first touch of a 2 MiB piece makes the
  host clear 2 MiB,
- the blocks QEMU translated so far (the "IN:" entries of its in_asm log:
  the stop at a breakpoint flushes QEMU's translations, so HMP `info jit`
  there says 0),
- the bytes and requests the boot medium served (QMP query-blockstats),
- the bytes the guest wrote to COM1 (QEMU writes each to its file with a
  system call of its own),
- the guest's stores that took QEMU's slow path for RAM pages holding
  translated code (trace event memory_notdirty_write_access), and the page
  that took most: code and busy data in one 4 KiB page cost a trip through
  QEMU's code-page tracking per store (docs/bootwall.md).
The trivial kernel's and ours side by side on each medium. Also `make probe-boot`.
"""
import argparse
import collections
import os
import re
import socket
import struct
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True
REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(REPO, "tests", "qemu"))
import qemu                             # noqa: E402

CROSS = os.environ.get("CROSS", "i686-linux-gnu-")
PIECE = 2 << 20
KPF_THP, KPF_ZERO = 1 << 22, 1 << 24


def symbol(elf, name):
    """A symbol's address from nm."""
    out = subprocess.run([CROSS + "nm", elf], capture_output=True, text=True, check=True).stdout
    hit = re.search(r"^([0-9a-f]+) \w %s$" % re.escape(name), out, re.M)
    if not hit:
        raise SystemExit("probe: no symbol %s in %s" % (name, elf))
    return int(hit.group(1), 16)


def ready_site(elf):
    """The address of the instruction that pushes the string "ready\\n" for klog (loop.c's log_ready)."""
    dump = subprocess.run([CROSS + "objdump", "-s", "-j", ".rodata", elf], capture_output=True, text=True,
                          check=True).stdout
    data, base = bytearray(), None
    for line in dump.splitlines():
        hit = re.match(r"^ ([0-9a-f]{6,8}) ((?:[0-9a-f]{2,8} ){1,4})", line)
        if hit:
            base = int(hit.group(1), 16) if base is None else base
            data += bytes.fromhex(hit.group(2).replace(" ", ""))
    at = data.find(b"\0ready\n\0")
    if base is None or at < 0:
        raise SystemExit("probe: no string \"ready\\n\" in %s" % elf)
    text = subprocess.run([CROSS + "objdump", "-d", elf], capture_output=True, text=True, check=True).stdout
    sites = re.findall(r"^\s*([0-9a-f]+):\s.*\bpush\s+\$0x%x$" % (base + at + 1), text, re.M)
    if len(sites) != 1:
        raise SystemExit("probe: %d pushes of \"ready\\n\" in %s, want 1" % (len(sites), elf))
    return int(sites[0], 16)


class Gdb:
    """Just enough of gdb's remote protocol: a breakpoint, continue, wait for the stop."""

    def __init__(self, path, timeout=240.0):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        for _ in range(500):
            try:
                self.sock.connect(path)
                break
            except OSError:
                time.sleep(0.01)
        else:
            raise SystemExit("probe: gdb socket %s did not come up" % path)
        self.buf = b""

    def send(self, body):
        self.sock.sendall(b"$%s#%02x" % (body, sum(body) & 0xFF))
        return self.reply()

    def reply(self):
        while True:
            start = self.buf.find(b"$")
            end = self.buf.find(b"#", start)
            if start >= 0 and end >= 0 and len(self.buf) >= end + 3:
                body, self.buf = self.buf[start + 1:end], self.buf[end + 3:]
                self.sock.sendall(b"+")
                return body
            chunk = self.sock.recv(4096)
            if not chunk:
                raise SystemExit("probe: gdb connection closed")
            self.buf += chunk


def ram_pieces(pid, size):
    """The guest RAM mapping (the anonymous one of exactly `size` bytes): for each 2 MiB piece, 'H' (a
    transparent huge page), 'p' (4 KiB pages only), 'z' (the zero page only, read but never written) or '.'."""
    maps = open("/proc/%d/maps" % pid).read().splitlines()
    starts = [int(l.split("-")[0], 16) for l in maps
              if int(l.split()[0].split("-")[1], 16) - int(l.split("-")[0], 16) == size and len(l.split()) == 5]
    if len(starts) != 1:
        raise SystemExit("probe: %d anonymous mappings of %d bytes in QEMU, want 1" % (len(starts), size))
    out = []
    with open("/proc/%d/pagemap" % pid, "rb") as pm, open("/proc/kpageflags", "rb") as kf:
        for piece in range(size // PIECE):
            pm.seek((starts[0] + piece * PIECE) // 4096 * 8)
            entries = struct.unpack("<%dQ" % (PIECE // 4096), pm.read(PIECE // 4096 * 8))
            flags = []
            for e in entries:
                if e >> 63:
                    kf.seek((e & ((1 << 55) - 1)) * 8)
                    flags.append(struct.unpack("<Q", kf.read(8))[0])
            if not flags:
                out.append(".")
            elif any(f & KPF_THP for f in flags):
                out.append("H")
            elif all(f & KPF_ZERO for f in flags):
                out.append("z")
            else:
                out.append("p")
    return "".join(out)


def huge_mappings(pid):
    """[(mapping's size in KiB, its AnonHugePages in KiB)] for QEMU's mappings that hold any."""
    out, size = [], 0
    for line in open("/proc/%d/smaps" % pid):
        if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
            a, b = line.split()[0].split("-")
            size = (int(b, 16) - int(a, 16)) // 1024
        hit = re.match(r"^AnonHugePages:\s+(\d+) kB", line)
        if hit and int(hit.group(1)):
            out.append((size, int(hit.group(1))))
    return out


def log_counts(log):
    """From QEMU's log (in_asm and the notdirty trace, written a line at a time): the blocks translated so
    far (the "IN:" headers), the slow-path stores, and the 4 KiB page with most of them (address, stores)."""
    tbs, stores, pages = 0, 0, collections.Counter()
    with open(log, "rb") as f:
        for line in f:
            if line.startswith(b"IN:"):
                tbs += 1
            elif b"memory_notdirty_write_access" in line:
                stores += 1
                hit = re.search(rb"ram_addr 0x([0-9a-f]+)", line)
                if hit:
                    pages[int(hit.group(1), 16) >> 12] += 1
    top = pages.most_common(1)
    return tbs, stores, (top[0][0] << 12, top[0][1]) if top else (0, 0)


def probe(iso, address, media, outdir, memory=64, dump=False):
    """Boot `iso` from `media` to `address`; the counts there."""
    os.makedirs(outdir, exist_ok=True)
    sock = os.path.join(tempfile.mkdtemp(prefix="shardfall-gdb-"), "gdb.sock")
    log = os.path.join(outdir, "in_asm.log")
    m = qemu.Machine(iso, outdir, boot=media, memory=memory, extra=["-gdb", "unix:%s,server=on,wait=off" % sock,
                                                                     "-S", "-d", "in_asm", "-D", log,
                                                                     "-trace", "memory_notdirty_write_access"])
    m.start()
    try:
        gdb = Gdb(sock)
        if gdb.send(b"Z0,%x,1" % address) != b"OK":
            raise SystemExit("probe: QEMU refused the breakpoint at 0x%x" % address)
        gdb.sock.sendall(b"$c#63")
        stop = gdb.reply()
        if not stop.startswith(b"T05"):
            raise SystemExit("probe: stopped with %r, not at the breakpoint" % stop)
        blocks = {s["device"] or s.get("qdev", "?"): s["stats"] for s in m.qmp.command("query-blockstats")}
        pid = m.proc.pid
        result = {
            "pieces": ram_pieces(pid, memory << 20),
            "huge": sorted(huge_mappings(pid)),
            "log": log_counts(log),
            "com1": os.path.getsize(m.serial_path),
            "read": sum(s["rd_bytes"] for s in blocks.values()),
            "reads": sum(s["rd_operations"] for s in blocks.values()),
        }
        if dump:                        # after the pieces: reading every page would map them all
            m.qmp.command("pmemsave", val=0, size=memory << 20, filename=os.path.join(outdir, "ram.bin"))
    finally:
        m.quit()
    return result


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iso", default=os.path.join(REPO, "build", "shardfall.iso"))
    ap.add_argument("--elf", default=os.path.join(REPO, "build", "kernel.elf"))
    ap.add_argument("--trivial", default=os.path.join(REPO, "build", "bootbench", "trivial.iso"))
    ap.add_argument("--trivial-elf", default=os.path.join(REPO, "build", "bootbench", "trivial.elf"))
    ap.add_argument("--media", default="cdrom,hdd,usb")
    ap.add_argument("--out", default=os.path.join(REPO, "build", "bootbench", "probe"))
    ap.add_argument("--only", choices=("trivial", "ours"), default=None)
    ap.add_argument("--dump", action="store_true", help="also save the guest's RAM there (ram.bin)")
    args = ap.parse_args(argv)
    if os.geteuid() != 0:
        raise SystemExit("probe: needs root (/proc/kpageflags, the page frames in /proc/PID/pagemap)")
    images = [("trivial", args.trivial, symbol(args.trivial_elf, "trivial_main")),
              ("ours", args.iso, ready_site(args.elf))]
    print("%-6s %-8s %-34s %-27s %6s %6s %-24s %s" % ("media", "image", "guest RAM, 2 MiB pieces (H: THP)",
          "THPs in QEMU: n/mapping size", "TBs", "COM1", "slow stores (top page)", "bytes read (requests)"))
    for media in args.media.split(","):
        for name, iso, address in images:
            if args.only and name != args.only:
                continue
            r = probe(iso, address, media, os.path.join(args.out, "%s-%s" % (name, media)), dump=args.dump)
            tbs, stores, (page, most) = r["log"]
            print("%-6s %-8s %-34s %-27s %6d %6d %-24s %d (%d)" % (
                media, name, r["pieces"], " ".join("%d/%dM" % (h // 2048, size >> 10) for size, h in r["huge"]),
                tbs, r["com1"], "%d (0x%x: %d)" % (stores, page, most), r["read"], r["reads"]))
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
