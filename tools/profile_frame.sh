#!/bin/sh
# profile_frame.sh: where the instructions of one world frame go, function by function (a developer's tool).
#
# usage: tools/profile_frame.sh DEMO N [FROM [TO]]
# Boots build/shardfall.iso as `make bench` does (needs build/bench/bench-DEMO/opts.img: run
# `python3 tests/qemu/bench.py -k DEMO --md ''` once), stops at the N+1-th call of FROM
# (default session_draw), logs every guest instruction (QEMU -singlestep, -d exec,nochain,
# switched on through the gdb stub) until TO (default display_flip), and prints a histogram of
# the functions they ran in. Counts equal the BENCH line's up to the stub's stop/start.
set -e
cd "$(dirname "$0")/.."
D=$1; N=$2; FROM=${3:-session_draw}; TO=${4:-display_flip}
[ -n "$D" ] && [ -n "$N" ] || { sed -n 3,9p "$0"; exit 2; }
OPTS=build/bench/bench-$D/opts.img
[ -f "$OPTS" ] || { echo "$OPTS missing: run python3 tests/qemu/bench.py -k $D --md ''" >&2; exit 2; }
OUT=$(mktemp -d)
PORT=$((20000 + $$ % 10000))
qemu-system-i386 -display none -vga std -m 64 -nic none -monitor none -serial file:"$OUT/serial.log" \
	-cdrom build/shardfall.iso -boot order=d -drive file="$OPTS",format=raw,if=ide,index=1,snapshot=on \
	-no-reboot -icount shift=0,sleep=off -singlestep -D "$OUT/exec.log" -gdb tcp::$PORT -S 2>/dev/null &
QP=$!
sleep 0.5
timeout 600 gdb -q -batch build/kernel.elf -ex "target remote :$PORT" -ex "break $FROM" -ex continue \
	-ex "ignore 1 $N" -ex continue -ex "delete 1" -ex "break $TO" -ex "monitor log exec,nochain" \
	-ex continue -ex "monitor log none" -ex kill >"$OUT/gdb.log" 2>&1 || true
kill $QP 2>/dev/null || true
python3 - "$OUT/exec.log" build/kernel.elf <<'PY'
import bisect, collections, re, subprocess, sys
syms = []
for l in subprocess.run(["nm", "-n", "--defined-only", sys.argv[2]], capture_output=True, text=True).stdout.splitlines():
    f = l.split()
    if len(f) >= 3 and f[1] in "tTwW":
        syms.append((int(f[0], 16), f[2]))
addrs = [a for a, _ in syms]
hist, total = collections.Counter(), 0
for l in open(sys.argv[1], errors="replace"):
    m = re.search(r"\[[0-9a-f]+/([0-9a-f]+)/", l)
    if m:
        i = bisect.bisect_right(addrs, int(m.group(1), 16)) - 1
        hist[syms[i][1] if i >= 0 else "?"] += 1
        total += 1
print("instructions: %d" % total)
for name, n in hist.most_common(40):
    print("%8d %5.1f%%  %s" % (n, 100.0 * n / max(total, 1), name))
PY
rm -rf "$OUT"
