#!/usr/bin/python3
"""synthcompare.py: our OPL2 synthesizer against QEMU's own OPL2 emulation, song by song (docs/music.md).

For each song the game can be made to play from the command line (title on
the title screen; meadow, mudworks, fortress in levels e1l1, e1l2, e1l6) the
ISO boots with `-device adlib` recorded to a WAV (until the tune changes on
COM1: the title screen's demo reel starts after about 19 s), and the song is rendered
by build/synth/synthrender from its start. tests/host/wavnotes gives each
0.1 s window's power at every MIDI note 36..96; "the note heard" in a window
is the strongest. QEMU's recording has no faithful timeline (it starts when
the card is first used and a row may last up to a quarter longer), so the two
window sequences are aligned by dynamic time warping on their whole note
spectra (cosine distance of the log powers), never on the notes compared;
then each QEMU window's match is moved, within one window, to the synth
window (windows every 0.01 s) whose spectrum is nearest, and every QEMU
window that sounds (RMS above 1/20 of its recording's
loudest window) and whose aligned synth window sounds counts, and agrees
when both strongest notes are the same. Target (issue 24): >= 90 % per song.
QEMU runs under -icount and records with a 0.1 ms audio timer
(TIMER_PERIOD_US), so its AdLib hears each register write within 0.1 ms of
when the kernel makes it, in the guest's time.

Usage: synthcompare.py --iso build/shardfall.iso --render build/synth/synthrender
       --wavnotes build/synth/wavnotes --out build/synthcompare [--seconds 30] [--songs title,meadow]
"""
import argparse
import datetime
import math
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu                             # noqa: E402

SONGS = {"title": None, "meadow": "level=e1l1", "mudworks": "level=e1l2", "fortress": "level=e1l6"}
TARGET = 0.90
SOUNDING = 1 / 20.0
FINE = 10                       # synth windows every 0.01 s, to place each QEMU window within a window
# QEMU's audio timer, in microseconds (its default is 10000). QEMU's AdLib makes its samples a timer
# period at a time, so a register write is heard from the next period's start: at 10 ms, voices keyed
# on at different ticks sound with a relative phase that differs from recording to recording, and
# where two voices share a pitch (the lead's E5 over the pad's E4, whose second harmonic it is) their
# sum, and so the strongest note, with it. Two such recordings of meadow agreed with each other in only
# 87.9 and 89.9 % of the windows. And under -icount the guest's PIT and the audio timer run on the
# same virtual clock, so a busy host no longer moves a tick against the samples (docs/music.md).
TIMER_PERIOD_US = 100
ICOUNT = "shift=0"


def windows(wavnotes, path, hop=0.1):
    """[(rms, [log power per note])] per 0.1 s window, one every `hop` seconds."""
    out = []
    text = subprocess.run([wavnotes, path, "0.1", str(hop)], capture_output=True, text=True, check=True).stdout
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        f = [float(x) for x in line.split()]
        out.append((f[1], [math.log10(p + 1e-6) for p in f[2:]]))
    return out


def from_first_sound(w, step=1):
    loud = max(r for r, _ in w) if w else 0
    first = next((i for i, (r, _) in enumerate(w) if r > loud * SOUNDING), len(w))
    return w[first - first % step:], loud


def unit(v):
    m = sum(v) / len(v)
    c = [x - m for x in v]
    n = math.sqrt(sum(x * x for x in c)) or 1.0
    return [x / n for x in c]


def align(a, b):
    """DTW path of a (QEMU) onto a prefix of b (synth): for each index of a, its index in b."""
    ua, ub = [unit(v) for _, v in a], [unit(v) for _, v in b]
    inf = float("inf")
    n, m = len(ua), len(ub)
    cost = [[inf] * (m + 1) for _ in range(n + 1)]
    back = [[0] * (m + 1) for _ in range(n + 1)]
    cost[0][0] = 0.0
    for i in range(1, n + 1):
        row, prev, ai = cost[i], cost[i - 1], ua[i - 1]
        for j in range(1, m + 1):
            d = 1.0 - sum(x * y for x, y in zip(ai, ub[j - 1]))
            best, step = prev[j - 1], 0
            if prev[j] < best:
                best, step = prev[j], 1
            if row[j - 1] < best:
                best, step = row[j - 1], 2
            row[j] = d + best
            back[i][j] = step
    j = min(range(1, m + 1), key=lambda k: cost[n][k])     # open end: the synth may run on
    match = [0] * n
    i = n
    while i > 0 and j > 0:
        match[i - 1] = j - 1
        step = back[i][j]
        if step == 0:
            i, j = i - 1, j - 1
        elif step == 1:
            i -= 1
        else:
            j -= 1
    return match


def strongest(v):
    return max(range(len(v)), key=lambda k: v[k]) + 36


def compare(qw, fine):
    """QEMU's windows against the synth's, whose windows start every 1/FINE of a window (fine grid)."""
    q, qloud = from_first_sound(qw)
    f, sloud = from_first_sound(fine, FINE)
    coarse = f[::FINE]
    match = align(q, coarse)
    both = agree = 0
    for i, (rms, v) in enumerate(q):
        # the coarse match, moved to the fine window (within one window) whose spectrum is nearest
        u = unit(v)
        lo, hi = max(0, match[i] * FINE - FINE), min(len(f) - 1, match[i] * FINE + FINE)
        k = max(range(lo, hi + 1), key=lambda j: sum(x * y for x, y in zip(u, unit(f[j][1]))))
        if rms > qloud * SOUNDING and f[k][0] > sloud * SOUNDING:
            both += 1
            agree += strongest(v) == strongest(f[k][1])
    return both, agree


def record(iso, outdir, name, opts, seconds):
    """QEMU's recording of the song, and how many seconds of it are the song: the title screen
    starts its demo reel after a while, and the demo's level plays its own tune."""
    wav = os.path.join(outdir, name + "-qemu.wav")
    m = qemu.Machine(iso, outdir, opts=opts, icount=ICOUNT, extra=[
        "-audiodev", "wav,id=opl,path=%s,timer-period=%d" % (wav, TIMER_PERIOD_US), "-device", "adlib,audiodev=opl"])
    m.start()
    try:
        m.wait_for(r"^music: play %s$" % name, 30.0)
        start, mark = time.monotonic(), m.mark()
        try:
            m.wait_for(r"^music: (play|stop)", seconds, since=mark)
        except qemu.QemuTimeout:
            pass
        heard = min(seconds, time.monotonic() - start)
    finally:
        m.quit()
    return wav, heard


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iso", required=True)
    ap.add_argument("--render", required=True)
    ap.add_argument("--wavnotes", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--songs", default=",".join(SONGS))
    ap.add_argument("--control", type=int, default=1, help="1: also QEMU against a second recording of its own")
    ap.add_argument("--md", default="", help="doc whose generated table to update (make synth-compare: docs/music.md)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    ok = True
    rows = []
    print("OPL2 synthesizer vs QEMU's OPL2 (-device adlib): the strongest note per 0.1 s window")
    for name in args.songs.split(","):
        outdir = os.path.join(args.out, name)
        os.makedirs(outdir, exist_ok=True)
        qwav, heard = record(args.iso, outdir, name, SONGS[name], args.seconds)
        swav = os.path.join(outdir, name + "-synth.wav")
        subprocess.run([args.render, name, str(args.seconds * 1.5), swav, "48000"], check=True,
                       capture_output=True)
        # the windows before the tune changed, less 0.3 s for the log's lag (under -icount the
        # recording, in the guest's time, may be shorter than the seconds waited)
        qw = windows(args.wavnotes, qwav)
        qw = qw[:max(0, min(int((heard - 0.3) / 0.1), len(qw) - 3))]
        heard = len(qw) * 0.1
        both, agree = compare(qw, windows(args.wavnotes, swav, 0.1 / FINE))
        share = agree / both if both else 0.0
        ok &= share >= TARGET
        control = ""
        if args.control:                # the measure's own noise: QEMU against a second recording of QEMU
            cdir = os.path.join(outdir, "control")
            os.makedirs(cdir, exist_ok=True)
            cwav, _ = record(args.iso, cdir, name, SONGS[name], args.seconds)
            cboth, cagree = compare(qw, windows(args.wavnotes, cwav, 0.1 / FINE))
            control = "%.1f %%" % (100.0 * cagree / cboth) if cboth else "-"
        rows.append((name, heard, both, agree, share, control))
        print("%-10s %5.1f s: %4d windows sound in both, %4d agree: %5.1f %% %s%s" % (
            name, heard, both, agree, 100 * share, "ok" if share >= TARGET else "BELOW %.0f %%" % (100 * TARGET),
            "; QEMU vs QEMU " + control if control else ""))
    if args.md:
        update_md(args.md, rows)
    return 0 if ok else 1


BEGIN = "<!-- synth-compare: generated by tests/qemu/synthcompare.py (make synth-compare)"
END = "<!-- end of synth-compare -->"


def update_md(path, rows):
    """The doc's generated table (between BEGIN and END) replaced by this run's figures."""
    version = subprocess.run([qemu.find_qemu(), "--version"], capture_output=True,
                             text=True).stdout.split("\n")[0]
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [BEGIN + " on %s with %s; do not edit -->" % (date, version),
             "| song | seconds | windows sounding in both | agree | QEMU against a second QEMU recording |",
             "| --- | --- | --- | --- | --- |"]
    for name, heard, both, agree, share, control in rows:
        lines.append("| %s | %.1f | %d | %.1f %% | %s |" % (name, heard, both, 100 * share, control or "-"))
    lines.append(END)
    with open(path, encoding="utf-8") as f:
        doc = f.read()
    start, end = doc.find(BEGIN), doc.find(END)
    if start < 0 or end < start:
        raise SystemExit("%s has no generated block (%s ... %s)" % (path, BEGIN, END))
    with open(path, "w", encoding="utf-8") as f:
        f.write(doc[:start] + "\n".join(lines) + "\n" + doc[end + len(END) + 1:])


if __name__ == "__main__":
    sys.exit(main())
