#!/usr/bin/python3
"""bootbench.py: guest instructions from reset to `ready`, our ISO against a trivial multiboot kernel's, on CD, HDD and USB.

Usage: tests/qemu/bootbench.py --iso build/shardfall.iso --trivial build/bootbench/trivial.iso
                               [--out build/bootbench] [--opts "ticks=1"] [--md docs/bootbench.md]

Each image boots under `-icount shift=0,sleep=off`: QEMU's virtual clock
advances one ns per guest instruction and jumps straight to the next timer
when the guest is halted, so the guest's TSC at a point is the instruction
count so far (plus the skipped idle time, the same for both images) and is
nearly the same on every run. Not quite: while the guest polls a disk
the host's I/O latency turns into counted instructions, so each image is
booted --runs times and the least count is kept (the spread is printed).
Ours prints the TSC at
kmain and at its first frame (`ready`); the trivial kernel
(tests/bootbench/trivial.c, grub.cfg beside it) prints it as its first act.
With --opts the options disk is attached too (the slow path, for reference).
"""
import argparse
import datetime
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu                             # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
MEDIA = ("cdrom", "hdd", "usb")
ICOUNT = ["-icount", "shift=0,sleep=off"]
LIMIT = 1.10                            # the bar: within 10% of the trivial kernel


def boot_min(iso, out, label, media, opts, patterns, runs):
    """boot() `runs` times: {name: least tsc}, and the spread of the last pattern's counts."""
    results = [boot(iso, qemu.test_dir(out, "%s-%s-%d" % (label, media, i)), media, opts, patterns)
               for i in range(runs)]
    last = patterns[-1][0]
    counts = [r[last] for r in results]
    return {name: min(r[name] for r in results) for name, _ in patterns}, max(counts) - min(counts)


def boot(iso, outdir, media, opts, patterns):
    """Boot and return {name: tsc} for each (name, regex) in patterns."""
    m = qemu.Machine(iso, outdir, boot=media, opts=opts, extra=ICOUNT)
    m.start()
    try:
        m.wait_for(r"^ready$", 120)
        text = m.serial()
    finally:
        m.quit()
    found = {}
    for name, pattern in patterns:
        hit = re.search(pattern, text, re.M)
        if not hit:
            raise SystemExit("bootbench: %s on %s printed no line matching /%s/ (see %s)"
                             % (os.path.basename(iso), media, pattern, outdir))
        found[name] = int(hit.group(1))
    return found


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iso", default=os.path.join(REPO, "build", "shardfall.iso"))
    ap.add_argument("--trivial", default=os.path.join(REPO, "build", "bootbench", "trivial.iso"))
    ap.add_argument("--out", default=os.path.join(REPO, "build", "bootbench"))
    ap.add_argument("--opts", default=None, help="also attach an options disk with these options")
    ap.add_argument("--runs", type=int, default=3, help="boots per image and media; the least count is kept")
    ap.add_argument("--md", default=None, help="also write the table as Markdown here (make bench-boot: docs/bootbench.md)")
    args = ap.parse_args(argv)
    rows, worst = [], 0.0
    for media in MEDIA:
        triv, tspread = boot_min(args.trivial, args.out, "trivial", media, args.opts and "",
                                 [("entry", r"^trivial: entry at tsc=(\d+)$")], args.runs)
        ours, ospread = boot_min(args.iso, args.out, "shardfall", media, args.opts,
                                 [("kmain", r"^boot: kmain at tsc=(\d+)$"),
                                  ("ready", r"^boot: first frame at tsc=(\d+)$")], args.runs)
        ratio = ours["ready"] / triv["entry"]
        worst = max(worst, ratio)
        rows.append((media, triv["entry"], tspread, ours["kmain"], ours["ready"], ospread, ratio))
    print("boot to ready, guest instructions (QEMU -icount shift=0,sleep=off; least of %d boots, "
          "+spread)%s:" % (args.runs, ", options disk attached: %r" % args.opts if args.opts is not None else ""))
    print("  %-6s %22s %14s %22s %8s" % ("media", "trivial: entry", "ours: kmain", "ours: ready", "ratio"))
    for media, t, ts, k, r, rs, ratio in rows:
        print("  %-6s %14s %7s %14s %14s %7s %7.3fx" % (
            media, "{:,}".format(t), "+%.1fM" % (ts / 1e6), "{:,}".format(k), "{:,}".format(r),
            "+%.1fM" % (rs / 1e6), ratio))
    verdict = "within" if worst <= LIMIT else "OVER"
    print("  worst ratio %.3fx: %s the %.2fx bar" % (worst, verdict, LIMIT))
    if args.md:
        write_md(args.md, rows, worst, verdict, args)
        print("bench-boot: wrote %s" % os.path.relpath(args.md, REPO))
    return 0


def write_md(path, rows, worst, verdict, args):
    """The table as docs/boot.md links to it: generated, never copied by hand."""
    version = subprocess.run([qemu.find_qemu(), "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    names = {"cdrom": "CD", "hdd": "hard disk", "usb": "USB stick (xHCI)"}
    with open(path, "w") as f:
        f.write("<!-- generated by tests/qemu/bootbench.py (make bench-boot) on %s with %s; do not edit -->\n"
                % (date, version))
        f.write("# Boot benchmark: reset to `ready`, against a trivial multiboot kernel\n\n")
        f.write("Measured %s, %s, SeaBIOS, `-icount shift=0,sleep=off`; least of %d boots each "
                "(the spread is the most minus the least)%s. What the columns mean and where the "
                "instructions go: [boot.md](boot.md).\n\n"
                % (date, version, args.runs, ", options disk attached: `%s`" % args.opts if args.opts is not None else ""))
        f.write("| medium | trivial kernel: entry | spread | ours: `kmain` | ours: `ready` | spread | ratio |\n")
        f.write("| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n")
        for media, t, ts, k, r, rs, ratio in rows:
            f.write("| %s | %s | %.1f M | %s | %s | %.1f M | %.3fx |\n" % (
                names.get(media, media), "{:,}".format(t), ts / 1e6, "{:,}".format(k), "{:,}".format(r),
                rs / 1e6, ratio))
        f.write("\nWorst ratio %.3fx: %s the %.2fx bar (issue 10).\n" % (worst, verdict, LIMIT))


if __name__ == "__main__":
    sys.exit(main())
