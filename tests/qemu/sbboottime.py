#!/usr/bin/python3
"""sbboottime.py: wall time from QEMU's start to the kernel's `ready`, Secure Boot on against off (docs/secureboot.md).

Usage: tests/qemu/sbboottime.py --iso build/shardfall.iso --vars ENROLLED_VARS [--runs 3] [--out DIR]
ENROLLED_VARS: an OVMF_VARS_4M.ms.fd copy with SHARDFALL.CER enrolled (secureboot_chain leaves one
in build/test-qemu/secureboot_chain/ovmf-vars-sb.fd). Both boot the image as a USB stick on xHCI:
Secure Boot on (OVMF_CODE_4M.secboot.fd, SMM, that copy) and off (OVMF_CODE_4M.fd, OVMF_VARS_4M.fd),
one after the other, alternating; prints every run and the least of each. Both are later boots of
their variables (the off side's copy is booted once first, not counted), as a player's second boot:
a first boot of fresh variables costs OVMF a few seconds more. Wall time: it moves with the host's
load, so compare runs made together.
"""

import argparse
import os
import shutil
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu  # noqa: E402

READY_S = 150.0


def boot_time(iso, outdir, firmware, vars_file):
    m = qemu.Machine(iso, outdir, boot="usb", firmware=firmware, memory=256, vars_file=vars_file)
    try:
        m.start()
        m.wait_for(r"^ready$", READY_S)
        on = "secure boot: on" in m.serial()
        return m.elapsed(), on
    finally:
        m.quit()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iso", required=True)
    ap.add_argument("--vars", required=True)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    out = args.out or tempfile.mkdtemp(prefix="sbboottime-")
    os.makedirs(out, exist_ok=True)
    times = {"on": [], "off": []}
    primed = os.path.join(out, "off-vars.fd")
    shutil.copyfile(qemu.OVMF64_VARS, primed)
    os.makedirs(os.path.join(out, "prime"), exist_ok=True)
    t, _ = boot_time(args.iso, os.path.join(out, "prime"), "ovmf64_4m", primed)
    print("priming boot, Secure Boot off, fresh variables: QEMU start to `ready` %.2f s (not counted)" % t, flush=True)
    for i in range(args.runs):
        for kind, firmware in (("on", "ovmf64_secure_boot"), ("off", "ovmf64_4m")):
            d = os.path.join(out, "%s%d" % (kind, i))
            os.makedirs(d, exist_ok=True)
            vars_file = os.path.join(d, "vars.fd")
            shutil.copyfile(args.vars if kind == "on" else primed, vars_file)
            t, on = boot_time(args.iso, d, firmware, vars_file)
            if on != (kind == "on"):
                sys.exit("sbboottime: run %d with Secure Boot %s: the kernel says otherwise (%s)" % (i, kind, d))
            times[kind].append(t)
            print("run %d: Secure Boot %-3s QEMU start to `ready` %.2f s" % (i + 1, kind, t), flush=True)
    for kind in ("on", "off"):
        print("Secure Boot %-3s least %.2f s of %s" % (kind, min(times[kind]), ", ".join("%.2f" % t for t in times[kind])))


if __name__ == "__main__":
    main()
