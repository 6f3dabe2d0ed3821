#!/usr/bin/python3
"""Tests for tools/check_isa.py: assembled snippets with and without instructions a 486 lacks.

Run from the repo root: /usr/bin/python3 tools/test_check_isa.py [CheckIsaTest.test_name]
"""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

TOOLS = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, TOOLS)
sys.dont_write_bytecode = True
import check_isa  # noqa: E402

AS = next((a for a in ("i686-elf-as", "i686-linux-gnu-as") if shutil.which(a)), None)
OBJDUMP = check_isa.default_objdump()

# Each line: one function holding one instruction a 486 cannot run.
BAD = {
    "cmovne %eax, %ebx": "cmovne",
    "fcomi %st(1), %st": "fcomi",
    "fld1": "x87",
    "nopl 0(%eax)": "nopl",
    "endbr32": "endbr32",
    "rdtsc": "rdtsc outside",
    "cpuid": "cpuid outside",
    "rdmsr": "rdmsr outside",
    "wrmsr": "wrmsr outside",
    "sysenter": "sysenter",
    "cmpxchg8b (%eax)": "cmpxchg8b",
    "movq %mm0, %mm1": "MMX/SSE",
    "pxor %xmm0, %xmm0": "MMX/SSE",
    "movl %cr4, %eax": "control register",
    "popcnt %eax, %ebx": "popcnt",
}
# 486 instructions, and the guarded ones inside their guarded functions.
GOOD = ["bswap %eax", "cmpxchg %ebx, (%eax)", "xadd %eax, (%ebx)", "invlpg (%eax)", "wbinvd",
        "rep movsb", "lock incl (%eax)", "ud2", "movl %cr0, %eax", "movl %cr3, %eax", "pushfl", "hlt"]


def assemble(body):
    """Assemble `body` (GNU as text) to an ELF object in a temp dir; return its path."""
    d = tempfile.mkdtemp(prefix="check_isa_")
    src, obj = os.path.join(d, "t.s"), os.path.join(d, "t.o")
    with open(src, "w") as f:
        f.write("\t.text\n" + body)
    subprocess.run([AS, "--32", src, "-o", obj], check=True)
    return obj


def func(name, insn):
    return "\t.globl %s\n%s:\n\t%s\n\tret\n" % (name, name, insn)


@unittest.skipIf(AS is None, "no i686 assembler (binutils-i686-linux-gnu)")
class CheckIsaTest(unittest.TestCase):

	def problems(self, body):
		return check_isa.check(check_isa.disassemble(assemble(body), OBJDUMP))[0]

	def test_each_forbidden_instruction_is_named(self):
		for i, (insn, why) in enumerate(BAD.items()):
			with self.subTest(insn=insn):
				found = self.problems(func("f%d" % i, insn))
				self.assertEqual(len(found), 1, found)
				self.assertIn(why, found[0])
				self.assertIn("<f%d>" % i, found[0])

	def test_486_instructions_pass(self):
		self.assertEqual(self.problems("".join(func("g%d" % i, s) for i, s in enumerate(GOOD))), [])

	def test_guarded_instructions_pass_in_their_functions(self):
		body = (func("cpu_timestamp", "rdtsc") + func("cpu_probe", "cpuid") +
		        func("cpu_msr_read", "rdmsr") + func("cpu_msr_write.part.0", "wrmsr"))
		self.assertEqual(self.problems(body), [])

	def test_guarded_instruction_in_the_wrong_guarded_function(self):
		found = self.problems(func("cpu_timestamp", "cpuid"))
		self.assertEqual(len(found), 1)
		self.assertIn("cpuid outside", found[0])

	def test_kernel_built_for_i686_would_fail(self):
		"""What -march=i686 made of a C conditional: a cmov."""
		found = self.problems(func("put_num", "cmovle %edx, %eax") + func("ok", "movl %edx, %eax"))
		self.assertEqual(len(found), 1, found)
		self.assertIn("<put_num>", found[0])


if __name__ == "__main__":
	unittest.main()
