"""layout_tests.py: QEMU tests of the image's layout (tools/isolayout.py; docs/bootwall.md): GRUB's BIOS boot
reads the files it needs from one run of blocks, and nothing scattered beyond it.

QEMU traces every sector the IDE disk (`ide_sector_read`) or the CD drive (`ide_atapi_cmd_read`) is asked
for. A read of the image must lie in the system area and directories (below the first file's data; the
kernel's look at the partition tables is there too), in GRUB's El Torito core image, or in the laid-out run
of files (build/isolayout.txt, beside the ISO); reads past the ISO 9660 volume are the kernel's, of its save
area behind the title. Registered through fault_tests.TESTS (run_tests.py is at its size limit).
"""

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from isocheck import image_files, laid_out      # noqa: E402  (xorriso's report_lba; the weight list)

ISO_BLOCK = 2048
GRUB_BLOCK = 16                         # GRUB's disk cache reads 32 KiB at a time, aligned: 16 ISO blocks
RE_HDD = re.compile(r"ide_sector_read sector=(\d+) nsectors=(\d+)")
RE_CD = re.compile(r"ide_atapi_cmd_read .*LBA=(\d+) nb_sectors=(\d+)")


def volume_blocks(iso):
    """The ISO 9660 volume's size in 2048-byte blocks (the primary volume descriptor, block 16)."""
    with open(iso, "rb") as f:
        f.seek(16 * ISO_BLOCK + 80)
        return int.from_bytes(f.read(4), "little")


def allowed_ranges(iso):
    """[(first, end)] of 2048-byte blocks a BIOS boot may read before the kernel runs (the system area and
    directories, GRUB's core, the laid-out files), the image's files, and the laid-out run's (first, end)."""
    files = {p: (lba, blocks) for p, (lba, blocks, _) in image_files(iso).items()}
    laid = laid_out(os.path.join(os.path.dirname(os.path.abspath(iso)), "isolayout.txt"))
    first_data = min(lba for lba, blocks in files.values() if blocks)
    core = files["/boot/grub/i386-pc/eltorito.img"]
    start, end = files[laid[0]][0], max(files[p][0] + files[p][1] for p in laid)
    ranges = [(0, first_data), (core[0], core[0] + core[1]), (start, end)]
    # A read of GRUB's, or SeaBIOS's of the core, covers the aligned 32 KiB around what it wants.
    return [(lo - lo % GRUB_BLOCK, hi + -hi % GRUB_BLOCK) for lo, hi in ranges], files, (start, end)


def traced_reads(path, pattern, per_block):
    """[(first block, blocks)] of the reads in QEMU's trace file (sectors of 2048 / per_block bytes)."""
    reads = []
    with open(path) as f:
        for line in f:
            hit = pattern.search(line)
            if hit:
                first, count = int(hit.group(1)), int(hit.group(2))
                reads.append((first // per_block, (first + count - 1) // per_block))
    return reads


def check_reads(ctx, boot):
    ranges, files, (start, end) = allowed_ranges(ctx.iso)
    volume = volume_blocks(ctx.iso)
    trace = os.path.join(ctx.outdir, "reads.trace")
    event, pattern, per_block = (("ide_sector_read", RE_HDD, 4) if boot == "hdd" else
                                 ("ide_atapi_cmd_read", RE_CD, 1))
    m = ctx.machine(boot=boot, extra=["-trace", "enable=%s,file=%s" % (event, trace)])
    m.wait_for(r"^ready$", ctx.ready_timeout)
    m.quit()                            # the trace file is whole once QEMU has ended
    reads = traced_reads(trace, pattern, per_block)
    assert reads, "QEMU traced no read of the boot %s (%s)" % (boot, trace)
    outside, in_run, read = [], set(), 0
    for first, last in reads:
        for lba in range(first, last + 1):
            if lba >= volume:
                continue                # the save partition behind the ISO 9660 volume: the kernel's
            read += 1
            if start <= lba < end:
                in_run.add(lba)
            if not any(lo <= lba < hi for lo, hi in ranges):
                outside.append(lba)
    read = read * ISO_BLOCK // (4 if boot == "hdd" else 1)     # an IDE read is a 512-byte sector
    names = sorted({p for lba in outside for p, (f, n) in files.items() if f <= lba < f + max(n, 1)})
    ctx.note("%s: %d KiB read from the image (partition tables, GRUB, the kernel), %d of the %d blocks laid out "
             "(%d files)" % (boot, read // 1024, len(in_run), end - start,
                             sum(1 for p, (f, n) in files.items() if start <= f < end)))
    assert not outside, ("GRUB read %d blocks outside the laid-out files (%s): %s; add them to ISO_LAYOUT "
                         "(Makefile)" % (len(outside), ", ".join(names[:12]) or "no file",
                                         sorted(set(outside))[:20]))


def test_reads_hdd(ctx):
    """A hard-disk boot reads only the system area, GRUB's core and the laid-out run of files."""
    check_reads(ctx, "hdd")


def test_reads_cd(ctx):
    """The same from a CD (GRUB's device is then the BIOS's El Torito drive, not a hard disk).

    NOTE: with another disk present, grub.cfg's `-e` look at it makes GRUB try file systems until one
    knows it (fat is loaded only after); those modules are laid out too (@-fs), but once loaded every one
    probes the boot device's superblocks at each later file open (~440 KB more from the CD, measured).
    Not tested here: an options disk shares the IDE trace with a hard-disk boot."""
    check_reads(ctx, "cdrom")


TESTS = [
    ("layout_reads_hdd", test_reads_hdd, (), ()),
    ("layout_reads_cd", test_reads_cd, (), ()),
]
