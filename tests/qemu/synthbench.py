#!/usr/bin/python3
"""synthbench.py: what the OPL2 synthesizer (drivers/sound/oplsynth.c) costs per second of music (make bench-synth).

Two figures per song, 10 s of it at 48000 Hz through the music player:
  guest: tests/synthbench/synthbench.c, the synthesizer built with the kernel's
         compiler and flags (i486, -O2) in a bare multiboot kernel, under QEMU
         `-icount shift=0,sleep=off` (TSC deltas count guest instructions);
  host:  build/synth/synthrender (x86-64, -O2) under valgrind's callgrind,
         counting oplsynth_render's instructions.
Target (issue 24): <= 30 M guest instructions per second of the title theme.
"""
import argparse
import re
import shutil
import subprocess
import sys

SECONDS = 10
TARGET = 30e6


def guest(kernel, qemu="qemu-system-i386"):
    cmd = [qemu, "-kernel", kernel, "-icount", "shift=0,sleep=off", "-display", "none", "-serial", "stdio",
           "-device", "isa-debug-exit,iobase=0xf4,iosize=0x04", "-m", "32", "-no-reboot"]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=300).stdout
    found = {}
    for m in re.finditer(r"^synthbench: (\w+) seconds=(\d+) instructions=(\d+)$", out, re.M):
        found[m.group(1)] = int(m.group(3)) / int(m.group(2))
    if "synthbench: done" not in out:
        sys.exit("synthbench: the guest did not finish:\n" + out)
    return found


def host(render, song):
    if not shutil.which("valgrind"):
        return None
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", "--toggle-collect=oplsynth_render",
           render, song, str(SECONDS), "-"]
    err = subprocess.run(cmd, capture_output=True, text=True, timeout=600).stderr
    m = re.search(r"Collected : (\d+)", err)
    return int(m.group(1)) / SECONDS if m else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kernel", required=True, help="build/synth/synthbench.elf")
    ap.add_argument("--render", required=True, help="build/synth/synthrender")
    ap.add_argument("--host-songs", default="title", help="songs to measure on the host (comma-separated, or all)")
    args = ap.parse_args()
    g = guest(args.kernel)
    songs = sorted(g) if args.host_songs == "all" else args.host_songs.split(",")
    print("OPL2 synthesizer, 48000 Hz, %d s of each song: instructions per second of music" % SECONDS)
    print("%-10s %14s %14s" % ("song", "guest (i486)", "host (x86-64)"))
    for name in sorted(g):
        h = host(args.render, name) if name in songs else None
        print("%-10s %13.1fM %14s" % (name, g[name] / 1e6, "%.1fM" % (h / 1e6) if h else "-"))
    verdict = "ok" if g.get("title", TARGET + 1) <= TARGET else "OVER"
    print("title theme: %.1f M guest instructions per second (target <= %.0f M): %s"
          % (g.get("title", 0) / 1e6, TARGET / 1e6, verdict))
    return 0 if verdict == "ok" else 1


if __name__ == "__main__":
    sys.exit(main())
