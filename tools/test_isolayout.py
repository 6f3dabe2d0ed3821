#!/usr/bin/python3
"""test_isolayout.py: tools/isolayout.py — GRUB's read order (a module, then its dependencies not loaded yet), lists, paths, and refusals."""

import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import isolayout  # noqa: E402

GRUB = "/usr/lib/grub/i386-pc"
MODDEP = """normal: extcmd crypto boot
extcmd:
crypto:
boot:
multiboot: boot relocator
relocator: mmap
mmap: boot
part_a:
part_b: part_a
fat: fshelp
fshelp:
iso9660: fshelp
"""


class Layout(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.grub = self.tmp.name
        with open(os.path.join(self.grub, "moddep.lst"), "w") as f:
            f.write(MODDEP)
        with open(os.path.join(self.grub, "partmap.lst"), "w") as f:
            f.write("part_b\npart_a\n")
        with open(os.path.join(self.grub, "fs.lst"), "w") as f:
            f.write("fat\niso9660\n")

    def tearDown(self):
        self.tmp.cleanup()

    def names(self, items, tree=None):
        return [p.rsplit("/", 1)[1] for p in isolayout.layout(items, self.grub, tree)]

    def test_module_before_its_dependencies(self):
        # GRUB reads normal.mod, then loads its .moddeps in order: pre-order, each once.
        self.assertEqual(self.names(["normal.mod"]), ["normal.mod", "extcmd.mod", "crypto.mod", "boot.mod"])

    def test_loaded_modules_are_not_read_again(self):
        self.assertEqual(self.names(["normal.mod", "multiboot.mod"]),
                         ["normal.mod", "extcmd.mod", "crypto.mod", "boot.mod",
                          "multiboot.mod", "relocator.mod", "mmap.mod"])

    def test_list_in_order_and_reversed(self):
        self.assertEqual(self.names(["@partmap"]), ["part_b.mod", "part_a.mod"])
        self.assertEqual(self.names(["@-fs"]), ["iso9660.mod", "fshelp.mod", "fat.mod"])

    def test_paths_and_lists_keep_their_place(self):
        with open(os.path.join(self.grub, "command.lst"), "w") as f:
            f.write("x: y\n")
        os.makedirs(os.path.join(self.grub, "tree", "boot"))
        open(os.path.join(self.grub, "tree", "boot", "kernel"), "w").close()
        paths = isolayout.layout(["boot.mod", "command.lst", "/boot/kernel", "boot.mod"], self.grub,
                                 os.path.join(self.grub, "tree"))
        self.assertEqual(paths, ["/boot/grub/i386-pc/boot.mod", "/boot/grub/i386-pc/command.lst", "/boot/kernel"])

    def test_weights_fall_in_order(self):
        lines = isolayout.weights(["/a", "/b", "/c"])
        w = [int(line.split()[0]) for line in lines]
        self.assertEqual([line.split()[1] for line in lines], ["/a", "/b", "/c"])
        self.assertTrue(w[0] > w[1] > w[2] > 2, "above xorriso's default weights (0, boot images 2)")
        self.assertTrue(w[0] < 10 ** 9, "below the El Torito catalog's")

    def test_refusals(self):
        for items in (["nosuch.mod"], ["@nosuch"], ["nosuch.lst"], ["kernel"]):
            with self.assertRaises(isolayout.LayoutError, msg=items):
                isolayout.layout(items, self.grub)
        with self.assertRaises(isolayout.LayoutError):
            isolayout.layout(["/boot/missing"], self.grub, self.grub)

    def test_installed_grub(self):
        # The image's own list against the GRUB installed here: normal first of its group, all resolvable.
        if not os.path.isdir(GRUB):
            self.skipTest("no %s" % GRUB)
        paths = isolayout.layout(["@partmap", "normal.mod", "gzio.mod", "multiboot.mod", "@-fs"], GRUB)
        self.assertEqual(len(paths), len(set(paths)))
        self.assertLess(paths.index("/boot/grub/i386-pc/normal.mod"), paths.index("/boot/grub/i386-pc/terminal.mod"))
        self.assertIn("/boot/grub/i386-pc/gcry_crc.mod", paths)     # gzio's dependency
        for p in paths:
            self.assertTrue(os.path.isfile(os.path.join(GRUB, p.rsplit("/", 1)[1])), p)


if __name__ == "__main__":
    unittest.main()
