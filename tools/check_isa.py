#!/usr/bin/python3
"""check_isa.py: fail if a kernel ELF holds an instruction a 486 (a 486SX: no FPU) cannot run.

Usage: tools/check_isa.py build/kernel.elf [--objdump i686-linux-gnu-objdump] [--min-instructions N]

Disassembles every executable section and checks each instruction against
what the i486 lacks: P6 conditional moves (cmov, fcmov), the P6 long NOP
(0F 1F nopl/nopw), CET's endbr32, every x87 instruction (a 486SX has no FPU;
the kernel is built -mgeneral-regs-only), MMX/SSE/AVX registers, and the
Pentium-and-later system instructions. RDTSC, CPUID, RDMSR and WRMSR are
allowed only inside the functions of drivers/platform/cpu.c that check the feature
first (GUARDED). Prints one line per offending instruction and exits 1, or
prints a summary and exits 0.
"""

import argparse
import re
import shutil
import subprocess
import sys

# Pentium and later: present only when CPUID says so; allowed only in these functions.
GUARDED = {
    "rdtsc": ("cpu_timestamp",),
    "cpuid": ("cpu_probe", "cpuid"),
    "rdmsr": ("cpu_msr_read",),
    "wrmsr": ("cpu_msr_write",),
}

# Mnemonics (after objdump's size suffixes are considered) a 486 does not have.
FORBIDDEN_EXACT = {
    "nopl", "nopw",                                 # 0F 1F: P6 long NOP
    "endbr32", "endbr64",                           # CET: 0F 1E is #UD on a 486
    "cmpxchg8b", "cmpxchg16b",                      # Pentium
    "sysenter", "sysexit", "syscall", "sysret",     # Pentium II / K6
    "rsm", "rdpmc", "rdtscp", "rdrand", "rdseed", "rdpid",
    "lfence", "mfence", "sfence", "clflush", "clflushopt", "movnti",
    "emms", "femms", "fxsave", "fxrstor", "ldmxcsr", "stmxcsr",
    "xsave", "xrstor", "xsaveopt", "xgetbv", "xsetbv",
    "popcnt", "lzcnt", "tzcnt", "movbe", "crc32",
    "andn", "bextr", "blsi", "blsmsk", "blsr", "bzhi", "pdep", "pext", "mulx",
    "rorx", "sarx", "shlx", "shrx", "adcx", "adox",
    "monitor", "mwait", "clac", "stac", "invpcid",
}
FORBIDDEN_PREFIX = ("cmov", "fcmov", "prefetch", "vmov", "vp")
X87 = re.compile(r"^f[a-z0-9]+$")                   # every x87 mnemonic starts with f
SIMD_REG = re.compile(r"%(x|y|z)?mm\d+\b|%k[0-7]\b")
NEWER_CR = re.compile(r"%cr4\b|%cr8\b")
CR4_GUARDED = ("cpu_cr4_set",)                      # drivers/platform/cpu.c: only after CPUID says CR4 has it

FUNC = re.compile(r"^([0-9a-f]+) <([^>]+)>:$")
INSN = re.compile(r"^\s*([0-9a-f]+):\t(?:[0-9a-f]{2} )+\s*\t(.*)$")
PREFIXES = {"lock", "rep", "repz", "repe", "repnz", "repne", "data16", "addr16", "cs", "ds", "es", "ss",
            "fs", "gs", "notrack", "bnd"}
# The multiboot header is data at the start of .text (the kernel's, the BIOS stub's: boot/unpack.S);
# objdump decodes it as instructions.
DATA_SYMBOLS = ("__kernel_start", "unpack_header")


def base_name(func):
    """The function a compiler clone belongs to: cpu_probe.part.0 -> cpu_probe."""
    return func.split(".")[0]


def why_forbidden(mnemonic, operands, func):
    """The reason this instruction cannot run on a 486, or None."""
    if mnemonic in GUARDED:
        if base_name(func) in GUARDED[mnemonic]:
            return None
        return "%s outside its guarded function (%s)" % (mnemonic, ", ".join(GUARDED[mnemonic]))
    if mnemonic in FORBIDDEN_EXACT:
        return "%s is not a 486 instruction" % mnemonic
    if mnemonic.startswith(FORBIDDEN_PREFIX):
        return "%s is not a 486 instruction" % mnemonic
    if X87.match(mnemonic) and mnemonic not in ("fs", "fwait"):
        return "%s is an x87 instruction (a 486SX has no FPU)" % mnemonic
    if SIMD_REG.search(operands):
        return "%s uses an MMX/SSE/AVX register" % mnemonic
    if NEWER_CR.search(operands) and base_name(func) not in CR4_GUARDED:
        return "%s uses a control register a 486 lacks" % mnemonic
    if mnemonic == "(bad)":
        return "undecodable bytes in code"
    return None


def check(lines):
    """Return (problems, count): problem strings for the objdump -d lines, and instructions seen."""
    problems, func, count = [], "?", 0
    for line in lines:
        m = FUNC.match(line)
        if m:
            func = m.group(2)
            continue
        m = INSN.match(line)
        if not m or func in DATA_SYMBOLS:
            continue
        words = m.group(2).split()
        while words and words[0] in PREFIXES:
            words = words[1:]
        if not words:
            continue
        count += 1
        mnemonic, operands = words[0], " ".join(words[1:])
        if mnemonic == ".byte":
            continue        # objdump's leftover bytes at a section's end
        why = why_forbidden(mnemonic, operands, func)
        if why:
            problems.append("0x%s <%s>: %s: %s" % (m.group(1), func, m.group(2).strip(), why))
    return problems, count


def disassemble(elf, objdump):
    out = subprocess.run([objdump, "-d", "-w", elf], capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit("check_isa: %s failed: %s" % (objdump, out.stderr.strip()))
    return out.stdout.splitlines()


def default_objdump():
    for name in ("i686-elf-objdump", "i686-linux-gnu-objdump", "objdump"):
        if shutil.which(name):
            return name
    raise SystemExit("check_isa: no objdump found (install binutils-i686-linux-gnu)")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("elf")
    ap.add_argument("--objdump", default=None)
    ap.add_argument("--min-instructions", type=int, default=1000,
                    help="fewer disassembled is a wrong file (the kernel: 1000; the BIOS stub, build/kpack/stub.elf: 100)")
    args = ap.parse_args(argv)
    problems, count = check(disassemble(args.elf, args.objdump or default_objdump()))
    for p in problems:
        print("check_isa: %s: %s" % (args.elf, p))
    if problems:
        print("check_isa: %d instruction(s) a 486 cannot run" % len(problems))
        return 1
    if count < args.min_instructions:
        print("check_isa: only %d instructions disassembled from %s: wrong file?" % (count, args.elf))
        return 1
    print("check_isa: %s: %d instructions, all on a 486 (rdtsc/cpuid/rdmsr/wrmsr only in guarded functions)"
          % (args.elf, count))
    return 0


if __name__ == "__main__":
    sys.exit(main())
