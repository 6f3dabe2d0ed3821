#!/usr/bin/env python3
"""Tests for tools/check_layers.py: the real tree passes; a planted wrong-way include or call fails, named, per rule."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

TOOLS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(TOOLS)
sys.path.insert(0, TOOLS)
import check_layers  # noqa: E402


class CheckLayersTest(unittest.TestCase):
	def setUp(self):
		self.tmp = tempfile.mkdtemp()
		for top in ("game", "drivers", "kernel"):
			shutil.copytree(os.path.join(REPO, top), os.path.join(self.tmp, top),
			                ignore=shutil.ignore_patterns("assets", "levels", "demos"))

	def tearDown(self):
		shutil.rmtree(self.tmp)

	def plant(self, rel, line):
		path = os.path.join(self.tmp, rel)
		with open(path) as f:
			text = f.read()
		with open(path, "w") as f:
			f.write(line + "\n" + text)

	def test_the_tree_points_down(self):
		self.assertEqual(check_layers.check(REPO), [])
		run = subprocess.run([sys.executable, os.path.join(TOOLS, "check_layers.py"), REPO],
		                     capture_output=True, text=True)
		self.assertEqual(run.returncode, 0, run.stderr)

	def test_engine_including_the_world_fails(self):
		self.plant("game/engine/map.c", '#include "world.h"')
		errors = check_layers.check(self.tmp)
		self.assertEqual(len(errors), 1, errors)
		self.assertIn("game/engine/map.c:1: includes world.h: engine is below world", errors[0])
		run = subprocess.run([sys.executable, os.path.join(TOOLS, "check_layers.py"), self.tmp],
		                     capture_output=True, text=True)
		self.assertEqual(run.returncode, 1)
		self.assertIn("1 wrong-way include(s) or call(s)", run.stderr)

	def test_seeds_including_the_cast_or_the_renderer_fails(self):
		self.plant("game/seeds/shard.c", '#include "acts.h"')
		self.plant("game/seeds/spawner.c", '#include "render.h"')
		errors = check_layers.check(self.tmp)
		self.assertEqual(sorted(e.split(":")[0] for e in errors),
		                 ["game/seeds/shard.c", "game/seeds/spawner.c"])

	def test_game_including_a_driver_or_the_kernel_fails(self):  # noqa: E301
		self.plant("game/shell/session.c", '#include "vga.h"')
		self.plant("game/engine/rng.c", '#include "klog.h"')
		errors = check_layers.check(self.tmp)
		self.assertEqual(len(errors), 2, errors)
		self.assertTrue(all("game/ never uses" in e for e in errors), errors)

	def test_a_driver_including_the_game_fails(self):
		self.plant("drivers/video/vga.c", '#include "frame.h"')
		errors = check_layers.check(self.tmp)
		self.assertEqual(len(errors), 1, errors)
		self.assertIn("drivers/ use only drivers/", errors[0])

	def append(self, rel, text):
		path = os.path.join(self.tmp, rel)
		os.makedirs(os.path.dirname(path), exist_ok=True)
		with open(path, "a") as f:
			f.write("\n" + text + "\n")

	def assertOneError(self, *parts):
		errors = check_layers.check(self.tmp)
		self.assertEqual(len(errors), 1, errors)
		for p in parts:
			self.assertIn(p, errors[0])

	# One wrong-way include and one wrong-way call per rule of the rooms:
	# (file, a header it may not include, a function of that header, words of the error).
	ROOM_RULES = [
		("drivers/platform/pci.c", "keyboard.h", "kbd_init", "drivers/platform may use only nothing else, not drivers/input"),
		("drivers/video/vga.c", "speaker.h", "spk_tick", "drivers/video may use only platform, not drivers/sound"),
		("drivers/input/keyboard.c", "xhci.h", "xhci_start", "drivers/input may use only platform, not drivers/usb"),
		("drivers/sound/adlib.c", "vga.h", "vga_flip", "drivers/sound may use only platform, not drivers/video"),
		("drivers/usb/usbhub.c", "vga.h", "vga_flip", "drivers/usb may use only platform, input, not drivers/video"),
		("drivers/usb/xhci.c", "klog.h", "klog", "drivers/ use only drivers/ (drivers/usb reached kernel/)"),
		("drivers/sound/speaker.c", "world.h", "world_init", "drivers/ use only drivers/ (drivers/sound reached game/)"),
		("kernel/present/present.c", "session.h", "session_tick",
		 "kernel/present may use only drivers/platform, drivers/video, kernel/mem, game/engine, not game/shell"),
		("kernel/present/display.c", "xhci.h", "xhci_start",
		 "kernel/present may use only drivers/platform, drivers/video, kernel/mem, game/engine, not drivers/usb"),
		("kernel/present/cellplan.c", "loop.h", "loop_run", "kernel/present never uses the glue (kernel/loop)"),
		("kernel/cpu/idt.c", "display.h", "display_flip", "kernel/cpu may use only drivers/platform, drivers/input, kernel/mem, not kernel/present"),
		("kernel/cpu/timer.c", "speaker.h", "spk_tick", "kernel/cpu may use only drivers/platform, drivers/input, kernel/mem, not drivers/sound"),
		("kernel/mem/latemem.c", "keyboard.h", "kbd_init", "kernel/mem may use only drivers/platform, drivers/video, not drivers/input"),
		("kernel/mem/multiboot.c", "usb.h", "usb_tick", "kernel/mem never uses the glue (kernel/boot)"),
		("kernel/input/pads.c", "vga.h", "vga_flip",
		 "kernel/input may use only drivers/platform, drivers/input, drivers/usb, game/shell, not drivers/video"),
		("kernel/report/hwreport.c", "session.h", "session_tick",
		 "kernel/report may use only drivers/platform, drivers/video, drivers/sound, drivers/storage, drivers/usb, kernel/mem, not game/shell"),
		("game/engine/rng.c", "world.h", "world_init", "engine is below world"),
	]

	# drivers/usb's sub-layers: one wrong-way include and one wrong-way call per rule.
	USB_RULES = [
		("drivers/usb/xhci.c", "usbdev.h", "usbdev_service",
		 "drivers/usb controllers (xhci) may use only interface, not devices (usbdev)"),
		("drivers/usb/xhciport.c", "usbkbd.h", "usbkbd_list",
		 "drivers/usb controllers (xhci) may use only interface, not classes (usbkbd)"),
		("drivers/usb/xhciport.c", "usbhid.h", "usbdesc_config",
		 "drivers/usb controllers (xhci) may use only interface, not parsing (usbhid)"),
		("drivers/usb/usbdev.c", "xhci.h", "xhci_start",
		 "drivers/usb devices (usbdev) may use only interface, parsing, not controllers (xhci)"),
		("drivers/usb/usbdev.c", "usbkbd.h", "usbkbd_list",
		 "drivers/usb devices (usbdev) may use only interface, parsing, not classes (usbkbd)"),
		("drivers/usb/usbkbd.c", "xhcireg.h", "xhci_control",
		 "drivers/usb classes (usbkbd) may use only devices, interface, parsing, not controllers (xhci)"),
		("drivers/usb/usbhub.c", "usbkbd.h", "usbkbd_list",
		 "drivers/usb classes (usbhub) never use one another (usbkbd)"),
		("drivers/usb/usbhid.c", "usbdev.h", "usbdev_control",
		 "drivers/usb parsing (usbhid) may use only nothing else, not devices (usbdev)"),
	]

	# kernel/present's sub-layers (the pipeline): one wrong-way include and one wrong-way call per rule.
	PRESENT_RULES = [
		("kernel/present/celldiff.c", "cellkeys.h", "cellkeys_build",
		 "kernel/present cells (celldiff) may use only stages, not keys (cellkeys)"),
		("kernel/present/celldiff.c", "cellcomp.h", "cellcomp_pixels",
		 "kernel/present cells (celldiff) never use one another (cellcomp)"),
		("kernel/present/cellkeys.c", "cellplan.h", "cellplan_forget",
		 "kernel/present keys (cellkeys) may use only cells, stages, not plan (cellplan)"),
		("kernel/present/cellplan.c", "present.h", "present_forget",
		 "kernel/present plan (cellplan) may use only keys, cells, stages, not draw (present)"),
		("kernel/present/gfxcache.c", "cellplan.h", "cellplan_forget",
		 "kernel/present cache (gfxcache) may use only cells, not plan (cellplan)"),
		("kernel/present/present.c", "display.h", "display_flip",
		 "kernel/present draw (present) may use only plan, keys, cells, cache, stages, not display (display)"),
	]

	def planted(self, rel, text, at_top):
		"""Check the tree with `text` planted in `rel` (first line, or appended), then put the file back."""
		path = os.path.join(self.tmp, rel)
		with open(path) as f:
			kept = f.read()
		with open(path, "w") as f:
			f.write(text + "\n" + kept if at_top else kept + "\n" + text + "\n")
		try:
			return check_layers.check(self.tmp)
		finally:
			with open(path, "w") as f:
				f.write(kept)

	def test_every_rule_refuses_a_wrong_way_include(self):
		for rel, header, _, words in self.ROOM_RULES + self.USB_RULES + self.PRESENT_RULES:
			with self.subTest(rel=rel, header=header):
				errors = self.planted(rel, f'#include "{header}"', at_top=True)
				self.assertEqual(len(errors), 1, errors)
				self.assertIn(f"{rel}:1: includes {header}", errors[0])
				self.assertIn(words, errors[0])

	def test_every_rule_refuses_a_wrong_way_call(self):
		# The caller declares the function itself: there is no include to catch, the call is caught.
		homes = check_layers.function_homes(check_layers.scan(self.tmp))
		for rel, header, fn, words in self.ROOM_RULES + self.USB_RULES + self.PRESENT_RULES:
			with self.subTest(rel=rel, fn=fn):
				self.assertIn(header, [h[2] for h in homes[fn]])
				errors = self.planted(rel, f"void {fn}(void);\nvoid planted_{fn}(void)\n{{\n\t{fn}();\n}}",
				                      at_top=False)
				self.assertEqual(len(errors), 1, errors)
				for part in (f"calls {fn}() of ", header, words):
					self.assertIn(part, errors[0])

	def test_the_sub_layers_point_down(self):
		# Each layer uses only layers before it, so the USB files' graph and the presenter's have no circle.
		for room, layers in check_layers.SUB_LAYERS.items():
			order = [layer for layer, _, _ in layers]
			for i, (layer, _, allowed) in enumerate(layers):
				self.assertTrue(set(allowed) <= set(order[:i]), (room, layer))
			for name in os.listdir(os.path.join(REPO, *room)):
				self.assertIsNotNone(check_layers.sub_unit(room, name), (room, name))

	def test_a_new_presenter_file_needs_a_sub_layer(self):
		self.append("kernel/present/tiles.c", "int tiles;")
		self.assertOneError("kernel/present/tiles.c: a file in no sub-layer of check_layers.py (kernel/present)")

	def test_a_new_usb_file_needs_a_sub_layer(self):
		self.append("drivers/usb/musb.c", "int musb;")
		self.assertOneError("drivers/usb/musb.c: a file in no sub-layer of check_layers.py (drivers/usb)")

	def test_storage_uses_the_usb_device_layer_not_a_controller(self):
		self.append("drivers/storage/msc.c", '#include "usbdev.h"\nint msc;')
		self.assertEqual(check_layers.check(self.tmp), [])
		self.append("drivers/storage/msc.c", '#include "xhci.h"')
		self.assertOneError("drivers/storage/msc.c", "includes xhci.h",
		                    "drivers/usb classes (drivers/storage) may use only devices, interface, parsing, "
		                    "not controllers (xhci)")

	def test_the_log_hook_is_the_one_way_up(self):
		self.append("drivers/video/fb.c", '#include "drvlog.h"\nvoid planted(void)\n{\n\tdrvlog("fb: %d", 1);\n}')
		self.assertEqual(check_layers.check(self.tmp), [])

	def test_every_kernel_room_may_use_the_services(self):
		# kernel/log: the log, the formatter, the panic, the options, from any room.
		for rel in ("kernel/cpu/gdt.c", "kernel/present/cellplan.c", "kernel/report/hwreport.c"):
			with self.subTest(rel=rel):
				errors = self.planted(rel, '#include "klog.h"\n#include "panic.h"\n#include "cmdline.h"\n'
				                      'void planted(void)\n{\n\tklog("x");\n\tpanic("x");\n}', at_top=False)
				self.assertEqual(errors, [])

	def test_a_room_using_the_glue_fails(self):
		self.append("kernel/cpu/gdt.c", '#include "bringup.h"')
		self.assertOneError("kernel/cpu/gdt.c", "includes bringup.h", "kernel/cpu never uses the glue (kernel/boot)")

	def test_the_services_use_only_the_platform(self):
		self.append("kernel/log/kfmt.c", '#include "display.h"')
		self.assertOneError("kernel/log/kfmt.c", "includes display.h",
		                    "kernel/log may use only drivers/platform, not kernel/present")

	def test_the_glue_uses_anything(self):
		self.append("kernel/loop/loophooks.c", '#include "usbdev.h"\n#include "session.h"\n#include "bringup.h"\n#include "cellplan.h"')
		self.assertEqual(check_layers.check(self.tmp), [])

	def test_a_static_of_the_same_name_is_the_files_own(self):
		self.append("drivers/usb/usbhub.c", "static void vga_flip(void)\n{\n}\nvoid planted(void)\n{\n\tvga_flip();\n}")
		self.assertEqual(check_layers.check(self.tmp), [])

	def test_names_in_comments_and_strings_are_not_calls(self):
		self.append("drivers/usb/usbhub.c", '/* vga_flip() */\nconst char *planted = "vga_flip()";')
		self.assertEqual(check_layers.check(self.tmp), [])

	def test_a_new_room_needs_a_rule(self):
		self.append("drivers/network/nic.c", "int nic;")
		self.assertOneError("drivers/network: a room check_layers.py has no rule for")

	def test_the_storage_room_sits_on_usb(self):
		usb = sorted(n for n in os.listdir(os.path.join(self.tmp, "drivers", "usb"))
		             if n.endswith(".h") and n.startswith("usb"))[0]      # the device layer's, not a controller's
		self.append("drivers/storage/msc.c", f'#include "{usb}"\nint msc;')
		self.assertEqual(check_layers.check(self.tmp), [])
		self.append("drivers/storage/ahci.c", '#include "vga.h"\nint ahci;')
		self.assertOneError("drivers/storage may use only platform, usb, not drivers/video")

	def test_paths_and_hosted_headers_are_refused(self):
		self.plant("game/cast/boss.c", '#include "../world/world.h"')
		self.plant("game/engine/crc32.c", "#include <stdio.h>")
		errors = check_layers.check(self.tmp)
		self.assertEqual(len(errors), 2, errors)

	def test_a_source_outside_the_layers_fails(self):
		for top in ("game", "drivers", "kernel"):
			with self.subTest(top=top):
				path = os.path.join(self.tmp, top, "stray.c")
				with open(path, "w") as f:
					f.write("int stray;\n")
				errors = check_layers.check(self.tmp)
				os.remove(path)
				self.assertEqual(len(errors), 1, errors)
				self.assertIn(f"{top}/stray.c: a source outside the rooms", errors[0])


if __name__ == "__main__":
	unittest.main()
