#!/usr/bin/python3
"""bench.py: cost of the busiest test scene, measured in QEMU with -icount (deterministic).

Boots the real ISO with `-icount shift=0` (one guest instruction per
nanosecond of virtual time, so TSC deltas count instructions) and the
kernel options `level=test ticks=N input=<run right> bench`, then prints
the kernel's BENCH line: guest instructions per frame for logic and for
drawing, and VRAM bytes written per drawn frame. Also reports boot cost:
guest instructions from reset to the first frame, and wall time to
`ready` without -icount.
"""
import argparse
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu                             # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
FRAMES = 60
SCRIPT = "r40,rj6,r14"                  # run right, scrolling all the way, with a jump


def run(iso, out, opts, icount, pattern, timeout):
    outdir = qemu.test_dir(out, "bench-icount" if icount else "bench-wall")
    m = qemu.Machine(iso, outdir, opts=opts, icount=icount)
    t0 = time.monotonic()
    m.start()
    try:
        match = m.wait_for(pattern, timeout)
        return match, time.monotonic() - t0, m.serial()
    finally:
        m.quit()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iso", default=os.path.join(REPO, "build", "shardfall.iso"))
    ap.add_argument("--out", default=os.path.join(REPO, "build", "bench"))
    args = ap.parse_args()

    opts = "level=test ticks=%d input=%s bench" % (FRAMES, SCRIPT)
    _, wall, serial = run(args.iso, args.out, opts, True, r"^READY tick=\d+ crc=[0-9A-F]{8}$", 120)
    bench = re.search(r"^BENCH (.*)$", serial, re.M)
    boot = re.search(r"^boot: first frame at tsc=(\d+)$", serial, re.M)
    if not bench or not boot:
        print("bench: no BENCH/boot line in the serial log", file=sys.stderr)
        return 1
    fields = dict(kv.split("=") for kv in bench.group(1).split())
    print("scene: test level, %d frames of scripted input %r (QEMU -icount shift=0)" % (FRAMES, SCRIPT))
    print("  logic:  %8s guest instructions per frame" % fields["logic_tsc_per_frame"])
    print("  draw:   %8s guest instructions per drawn frame (max %s)" % (
        fields["draw_tsc_per_draw"], fields["draw_tsc_max"]))
    print("  VRAM:   %8s bytes written per drawn frame (max %s)" % (
        fields["vram_bytes_per_draw"], fields["vram_bytes_max"]))
    print("  boot:   %8s guest instructions from reset to the first level frame" % boot.group(1))
    _, wall, _ = run(args.iso, args.out, "", False, r"^ready$", 30)
    print("  boot:   %8.2f s wall time from QEMU start to `ready` (title, no -icount)" % wall)
    return 0


if __name__ == "__main__":
    sys.exit(main())
