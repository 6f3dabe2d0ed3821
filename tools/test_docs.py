#!/usr/bin/env python3
"""test_docs.py: the README and docs/ in step with the code.

- README.md's target table names exactly the Makefile's .PHONY targets;
- docs/options.md's option table names exactly the options in kernel/log/cmdline.c's table
  (boot_options), each written as its kind takes it: a flag `name`, the rest `name=...`;
- every relative link and every repository path in backquotes in the README,
  docs/*.md and the other READMEs names a file or folder that exists.
"""
import glob
import os
import re
import sys
import unittest

TOOLS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(TOOLS)
TOPS = ("boot/", "kernel/", "drivers/", "game/", "tools/", "tests/", "docs/", "iso/")


def read(rel):
	with open(os.path.join(REPO, rel), encoding="utf-8") as f:
		return f.read()


def phony_targets(makefile):
	"""The names on the Makefile's .PHONY lines (backslash continuations joined)."""
	text = makefile.replace("\\\n", " ")
	names = set()
	for m in re.finditer(r"^\.PHONY:(.*)$", text, re.M):
		names.update(m.group(1).split())
	names.discard("FORCE")          # the flags stamp's always-stale prerequisite, not a target to type
	return names


def readme_targets(readme):
	"""`make X` in the first column of the README's target table."""
	return set(re.findall(r"^\| `make ([\w-]+)` \|", readme, re.M))


def cmdline_options(source):
	"""{name: 'flag' or 'value'} from the rows of kernel/log/cmdline.c's boot_options table."""
	rows = re.findall(r'^\s*\{ "([a-z]+)",\s*(OPT_[A-Z]+),', source, re.M)
	return {name: "flag" if kind == "OPT_FLAG" else "value" for name, kind in rows}


def docs_options(page):
	"""{name: 'flag' or 'value'} from the option table's first column: `name` or `name=...`."""
	return {name: "flag" if end == "`" else "value"
	        for name, end in re.findall(r"^\| `([a-z]+)([=`])", page, re.M)}


def doc_files():
	files = ["README.md", "tests/qemu/README.md", "tests/fuzz/README.md", "game/demos/README.md"]
	files += sorted(os.path.relpath(p, REPO) for p in glob.glob(os.path.join(REPO, "docs", "*.md")))
	return [f for f in files if os.path.exists(os.path.join(REPO, f))]


def is_concrete(path):
	"""A path with no placeholder (NAME, e1lN, <x>, *, {a,b}, ...) and not a build output."""
	if path.startswith(("build/", "tests/golden/demo_")):
		return False
	return not re.search(r"[*{}<>$]|\.\.\.|[A-Z]{2,}|e1lN|e1l\d\.\.|_TICK|\bN\b", path)


def missing_paths(rel, text):
	missing = []
	base = os.path.dirname(rel)
	for m in re.finditer(r"\]\(([^)#\s]+)(#[^)]*)?\)", text):
		target = m.group(1)
		if "://" in target:
			continue
		if not os.path.exists(os.path.join(REPO, base, target)):
			missing.append(f"{rel}: link {target}")
	for m in re.finditer(r"`([^`\s]+)`", text):
		path = m.group(1).rstrip(".,:;")
		if not path.startswith(TOPS) or not is_concrete(path):
			continue
		if not glob.glob(os.path.join(REPO, path)):
			missing.append(f"{rel}: path {path}")
	return missing


class DocsTest(unittest.TestCase):
	def test_readme_lists_every_make_target(self):
		phony = phony_targets(read("Makefile"))
		listed = readme_targets(read("README.md"))
		self.assertTrue(listed, "README.md has no target table (| `make X` | ... |)")
		self.assertEqual(sorted(phony - listed), [], "Makefile targets missing from README.md's table")
		self.assertEqual(sorted(listed - phony), [], "README.md lists targets the Makefile does not have")

	def test_options_page_lists_every_kernel_option(self):
		code = cmdline_options(read("kernel/log/cmdline.c"))
		page = docs_options(read("docs/options.md"))
		self.assertGreater(len(code), 10, "no option table found in kernel/log/cmdline.c ({ \"name\", OPT_... })")
		self.assertEqual(sorted(code.keys() - page.keys()), [], "options kernel/log/cmdline.c accepts, missing from docs/options.md")
		self.assertEqual(sorted(page.keys() - code.keys()), [], "options in docs/options.md that kernel/log/cmdline.c does not accept")
		wrong = sorted(f"{n}: a {code[n]} in the code, written as a {page[n]}" for n in code if n in page and code[n] != page[n])
		self.assertEqual(wrong, [], "docs/options.md writes options as another kind")

	def test_every_path_in_the_docs_exists(self):
		missing = []
		for rel in doc_files():
			missing += missing_paths(rel, read(rel))
		self.assertEqual(missing, [], "the docs name files that do not exist")

	def test_the_checks_catch_what_they_should(self):
		self.assertEqual(readme_targets("| `make foo` | x |\n| `make bar-baz` | y |\n"), {"foo", "bar-baz"})
		self.assertEqual(phony_targets(".PHONY: a b \\\n  c\nx:\n.PHONY: d\n"), {"a", "b", "c", "d"})
		self.assertEqual(docs_options("| `ticks=N` | x |\n| `bench` | y |\n| `crashtest=de\\|bp` | z |\n"),
		                 {"ticks": "value", "bench": "flag", "crashtest": "value"})
		self.assertEqual(cmdline_options('\t{ "ticks",      OPT_COUNT,      FIELD(ticks) },\n\t{ "bench", OPT_FLAG, FIELD(bench) },\n'),
		                 {"ticks": "value", "bench": "flag"})
		self.assertEqual(missing_paths("README.md", "see `game/nowhere.c` and [x](docs/nope.md)"),
		                 ["README.md: link docs/nope.md", "README.md: path game/nowhere.c"])
		self.assertEqual(missing_paths("README.md", "`game/levels/NAME.tmj`, `build/kernel.elf`, `tools/`"), [])


if __name__ == "__main__":
	unittest.main(argv=sys.argv[:1] + sys.argv[1:])
