# Makefile: Shardfall — kernel, ISO, host tests and QEMU targets. Output goes to build/.

# Cross toolchain: i686-elf- when installed, else Debian's i686-linux-gnu- in freestanding mode.
CROSS ?= $(if $(shell command -v i686-elf-gcc 2>/dev/null),i686-elf-,i686-linux-gnu-)
CC      := $(CROSS)gcc
HOSTCC  ?= gcc
PYTHON  := /usr/bin/python3
QEMU    := qemu-system-i386
B       := build

WARN    := -Wall -Wextra -Werror
KCFLAGS := -std=gnu11 -O2 -g -m32 -march=i486 -ffreestanding -fno-pie -fno-stack-protector \
           -fno-asynchronous-unwind-tables -fno-builtin -fno-tree-loop-distribute-patterns \
           -mgeneral-regs-only -fno-omit-frame-pointer $(WARN) -MMD -MP
KLDFLAGS := -m32 -nostdlib -ffreestanding -no-pie -T linker.ld -Wl,--build-id=none
# Host builds: ASan and UBSan, and undefined behaviour stops the test (by default UBSan only prints).
HCFLAGS := -std=gnu11 -O1 -g $(WARN) -MMD -MP -fsanitize=address,undefined -fno-sanitize-recover=undefined

GAME_LAYERS := engine seeds world cast formats play shell
SAVE_TOOL   := tools/mksave.py

# Include paths: one -I per room, and tools/check_layers.py (in make test) keeps every include and
# call one way: game/ sees only game/ and the generated assets; each drivers/ room sees only the rooms
# below it; the kernel's rooms see what docs/kernel.md says; its glue (boot/, loop/) sees all.
DRIVER_ROOMS := platform video input sound usb storage
KERNEL_ROOMS := log cpu mem present sound save input report boot loop
GAME_INC   := $(GAME_LAYERS:%=-Igame/%) -I$(B)/gen
DRIVER_INC := $(DRIVER_ROOMS:%=-Idrivers/%)
KERNEL_INC := $(KERNEL_ROOMS:%=-Ikernel/%) $(DRIVER_INC) $(GAME_INC)

BOOT_SRC   := boot/entry.S boot/isr.S
# The kernel, by room: log/ (the services: the log, the formatter, the options, the panic's
# declaration), cpu/ (descriptor tables, interrupts, the tick, faults, paging, restart), mem/
# (multiboot, late BSS, the memory check), present/ (frames onto VGA or a framebuffer), sound/ (the PCM
# output's glue: Intel HDA found on PCI, mapped, fed by the mixer on the tick), save/ (the save area on
# the boot stick: partition and FAT reader, records, text files, LOG.TXT; docs/save.md), input/,
# report/; then the glue — boot/ (kmain, the bring-up, System info's probes, USB, the hardware report
# gathered, the panic screen) and loop/ (the main loop, its hooks and saves, demos and replays).
KERNEL_SRC := $(foreach r,$(KERNEL_ROOMS),$(sort $(wildcard kernel/$(r)/*.c)))
# drivers/ by room: platform (port I/O, CPU, PCI, ACPI, timers, COM1), video (VGA, framebuffer),
# input (PS/2), sound (speaker, AdLib, the music and effect sequencers, the PCM mixer, Intel HDA),
# usb (xHCI, devices, classes), storage (the block-device table and its drivers).
DRIVER_SRC := $(foreach r,$(DRIVER_ROOMS),$(sort $(wildcard drivers/$(r)/*.c)))
# game/ by layer, lowest first; each may include only its own and lower layers' headers
# (tools/check_layers.py, in make test). README "Where things are" says what each holds.
GAME_SRC   := $(foreach l,$(GAME_LAYERS),$(sort $(wildcard game/$(l)/*.c)))
ASSET_SRC  := $(B)/gen/assets.c
ASSETS     := $(wildcard game/assets/*.png game/assets/*.json)

# Levels: Tiled maps -> .lvl files -> one C file of byte arrays (game_levels[] in level.h).
# Table order is the order here.
LEVEL_SRC  := game/levels/e1l1.tmj game/levels/e1l2.tmj game/levels/e1l3.tmj game/levels/e1l4.tmj \
              game/levels/e1l5.tmj game/levels/e1l6.tmj game/levels/e1l7.tmj game/levels/e1l8.tmj \
              game/levels/e1l9.tmj game/levels/e1l10.tmj game/levels/e1bonus.tmj \
              game/levels/test.tmj game/levels/seeds.tmj
LEVELS     := $(LEVEL_SRC:game/levels/%.tmj=$(B)/levels/%.lvl)
LEVEL_DEPS := tools/level2bin.py game/engine/map.h game/engine/actor.h game/formats/level.h \
              $(wildcard game/levels/*.tsj) game/assets/tiles.json game/assets/mtiles.json

# Songs: game/songs/NAME.txt (the tracker format in docs/music.md) -> one C file of Song structs
# (drivers/sound/song.h, songs[] in build/gen/songs.h). A malformed song stops the build naming its line.
SONGS      := $(sort $(wildcard game/songs/*.txt))

# Demos: game/demos/NAME.dem (game/formats/demo.h; see game/demos/README.md) -> one C file
# (game_demos[] in demo.h). Adding a demo = adding its file; table order is by name.
DEMOS      := $(sort $(wildcard game/demos/*.dem))
DEMO_TOOLS := tools/demo_bundle.py tools/demo_format.py

KOBJ := $(BOOT_SRC:%.S=$(B)/k/%.o) $(KERNEL_SRC:%.c=$(B)/k/%.o) $(DRIVER_SRC:%.c=$(B)/k/%.o) \
        $(GAME_SRC:%.c=$(B)/k/%.o) $(B)/k/gen/assets.o $(B)/k/gen/levels.o $(B)/k/gen/demos.o \
        $(B)/k/gen/songs.o

KERNEL := $(B)/kernel.elf
ISO    := $(B)/shardfall.iso

# Host build: the pure logic (game, decoders, parsers) for unit tests. The save area's readers
# (kernel/save: partition, FAT, records) are pure too: the unit tests and fuzz-replay link them.
SAVE_PURE  := kernel/save/savecrc.c kernel/save/savepart.c kernel/save/savefat.c kernel/save/saverec.c
HOST_LOGIC := $(SAVE_PURE) $(GAME_SRC) drivers/input/kbdscan.c drivers/sound/sfxseq.c drivers/video/fb.c drivers/usb/usbhid.c drivers/usb/hidparse.c drivers/usb/hidparserep.c drivers/usb/x360rep.c \
              drivers/sound/musicseq.c drivers/sound/oplnote.c drivers/sound/oplregs.c drivers/sound/oplsynth.c drivers/sound/synthplay.c drivers/sound/spkmusic.c \
              drivers/sound/pcmmix.c kernel/log/cmdline.c kernel/log/kfmt.c kernel/input/keymap.c kernel/input/padmap.c \
              kernel/present/celldiff.c kernel/present/cellcomp.c kernel/present/cellplan.c kernel/present/cellkeys.c \
              kernel/mem/memcheck.c kernel/mem/multiboot2.c kernel/mem/pages.c drivers/platform/refclock.c \
              drivers/platform/acpitab.c drivers/platform/smbios.c kernel/report/hwreport.c kernel/report/hwrepdev.c kernel/report/hwrepsnd.c
HOBJ  := $(HOST_LOGIC:%.c=$(B)/h/%.o) $(B)/h/gen/assets.o $(B)/h/gen/levels.o $(B)/h/gen/demos.o \
         $(B)/h/gen/songs.o
HINC  := $(GAME_INC) $(DRIVER_INC) $(KERNEL_ROOMS:%=-Ikernel/%)
TESTS := $(patsubst tests/unit/%.c,$(B)/tests/%,$(wildcard tests/unit/test_*.c))

.SECONDARY:
.PHONY: all iso run run-uefi run-secureboot run-gdb bench bench-boot probe-boot bench-fb bench-save bench-secureboot test test-isa test-unit test-tools test-episode test-qemu \
        golden deps-build deps-run deps-run-uefi deps-test clean levels fuzz fuzz-level fuzz-demo fuzz-usbdesc \
        fuzz-hidboot fuzz-hidparse fuzz-cmdline fuzz-keys fuzz-input fuzz-kbdscan fuzz-savedisk fuzz-saverec fuzz-smbios fuzz-hwreport \
        fuzz-replayfile fuzz-replay test-dumps test-replays replay golden-dumps test-model \
        bench-synth synth-compare FORCE
all: $(KERNEL)

deps-build deps-run deps-run-uefi deps-test: deps-%:
	@sh tools/deps.sh $*

$(B)/gen/assets.c $(B)/gen/assets.h: tools/gfx2c.py $(ASSETS)
	@mkdir -p $(B)/gen
	$(PYTHON) tools/gfx2c.py --assets game/assets --out-c $(B)/gen/assets.c --out-h $(B)/gen/assets.h

levels: $(LEVELS)
$(B)/levels/%.lvl: game/levels/%.tmj $(LEVEL_DEPS)
	@mkdir -p $(@D)
	$(PYTHON) tools/level2bin.py $< -o $@
$(B)/gen/levels.c: $(LEVELS) tools/level2bin.py
	@mkdir -p $(@D)
	$(PYTHON) tools/level2bin.py --bundle $@ $(LEVELS)
$(B)/gen/songs.c $(B)/gen/songs.h: $(SONGS) tools/song2c.py
	@mkdir -p $(B)/gen
	$(PYTHON) tools/song2c.py -o $(B)/gen/songs.c --header $(B)/gen/songs.h $(SONGS)
$(B)/gen/demos.c: $(DEMOS) $(DEMO_TOOLS)
	@mkdir -p $(@D)
	$(PYTHON) tools/demo_bundle.py -o $@ $(DEMOS)

# Cold code — bring-up, enumeration, the save area, System info's probes — is built for size: GRUB
# must load the whole kernel on a 486 with 4 MB (README, docs/pc.md), and none of it runs per frame.
# The USB controllers' per-tick polling is a few hundred instructions a tick at -Os too (docs/usb.md).
KCOLD_FLAGS := -Os
KCOLD_SRC   := $(sort $(wildcard drivers/usb/*.c drivers/storage/*.c kernel/save/*.c)) \
               kernel/boot/sysprobe.c kernel/boot/usb.c kernel/input/pads.c kernel/log/cmdline.c kernel/boot/panic.c drivers/input/gameport.c \
               kernel/cpu/fault.c kernel/cpu/mce.c kernel/cpu/acpiboot.c kernel/mem/multiboot.c kernel/mem/multiboot2.c \
               kernel/mem/memcheck.c drivers/platform/acpi.c drivers/platform/acpitab.c drivers/platform/pci.c \
               drivers/sound/hda.c drivers/sound/hdacodec.c drivers/sound/ac97.c \
               kernel/boot/hwinfo.c kernel/report/hwreport.c kernel/report/hwrepdev.c kernel/report/hwrepsnd.c drivers/platform/smbios.c \
               kernel/boot/main.c kernel/boot/bringup.c kernel/loop/loopsave.c kernel/loop/loophooks.c kernel/log/kfmt.c kernel/mem/pages.c \
               kernel/cpu/paging.c kernel/sound/soundsetup.c game/formats/dump.c game/formats/level.c \
               game/shell/session_save.c game/shell/ctlmenu.c game/shell/controls.c game/shell/screens.c \
               game/shell/title.c game/shell/progress.c game/shell/scrkit.c game/shell/savescreens.c \
               game/shell/interstitials.c game/shell/session_menus.c game/shell/demoreel.c
# A name here that is not in the tree (a file moved or renamed) would build at -O2 unnoticed: stop.
$(if $(filter-out $(wildcard $(KCOLD_SRC)),$(KCOLD_SRC)),$(error KCOLD_SRC names no file: $(filter-out $(wildcard $(KCOLD_SRC)),$(KCOLD_SRC))))
$(KCOLD_SRC:%.c=$(B)/k/%.o): KCFLAGS += $(KCOLD_FLAGS)

# Objects depend on the flags they were built with: a flags change (e.g. -march) rebuilds them all.
KFLAGS_STAMP := $(B)/k/cflags.txt
$(KFLAGS_STAMP): FORCE
	@mkdir -p $(@D)
	@echo '$(CC) $(KCFLAGS) cold: $(KCOLD_FLAGS) $(KCOLD_SRC)' | cmp -s - $@ || \
		echo '$(CC) $(KCFLAGS) cold: $(KCOLD_FLAGS) $(KCOLD_SRC)' > $@
FORCE:

$(B)/k/boot/%.o: boot/%.S $(KFLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(KCFLAGS) -c $< -o $@
$(B)/k/kernel/%.o: kernel/%.c $(B)/gen/assets.h $(B)/gen/songs.h $(KFLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(KCFLAGS) $(KERNEL_INC) -c $< -o $@
$(B)/k/drivers/%.o: drivers/%.c $(KFLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(KCFLAGS) $(DRIVER_INC) -c $< -o $@
$(B)/k/game/%.o: game/%.c $(B)/gen/assets.h $(KFLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(KCFLAGS) $(GAME_INC) -c $< -o $@
$(B)/k/gen/songs.o: $(B)/gen/songs.c $(B)/gen/songs.h $(KFLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(KCFLAGS) $(DRIVER_INC) -I$(B)/gen -c $< -o $@
$(B)/k/gen/%.o: $(B)/gen/%.c $(B)/gen/assets.h $(KFLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(KCFLAGS) $(GAME_INC) -c $< -o $@

# kernel/save calls the block-device table (drivers/storage/blockdev.c): until that is in the tree
# its objects are compiled (checked) but not linked; nothing else calls them yet.
KLINK := $(if $(wildcard drivers/storage/blockdev.c),$(KOBJ),$(filter-out $(B)/k/kernel/save/%,$(KOBJ)))
$(KERNEL): $(KOBJ) linker.ld
	$(CC) $(KLDFLAGS) -o $@ $(KLINK) -lgcc
	@grub-file --is-x86-multiboot $@ || { echo "error: $@ is not multiboot v1" >&2; exit 1; }
	@grub-file --is-x86-multiboot2 $@ || { echo "error: $@ is not multiboot2" >&2; exit 1; }

# The ISO ships the kernel without symbols and debug info (GRUB reads less; gdb uses $(KERNEL)).
KERNEL_ISO := $(B)/kernel-stripped.elf
$(KERNEL_ISO): $(KERNEL)
	$(CROSS)strip --strip-all -o $@ $<
	@grub-file --is-x86-multiboot $@ || { echo "error: $@ is not multiboot v1" >&2; exit 1; }
	@grub-file --is-x86-multiboot2 $@ || { echo "error: $@ is not multiboot2" >&2; exit 1; }

# The BIOS boot's kernel image (docs/boot.md): the kernel's loaded bytes packed by tools/kpack.py behind
# a stub that unpacks them to the kernel's load address, zeroes its BSS and enters it (boot/unpack.S,
# unpack.c, mbcheck.c, kunpack.c; boot/unpack.ld links it above the kernel's BSS). GRUB reads that instead of
# the ELF under BIOS (grub.cfg: /boot/kernel$elf); UEFI and Secure Boot boot kernel.elf, kernel.pe.
KPACK       := $(B)/kpack
KERNEL_BIOS := $(KPACK)/kernel-bios.elf
STUB_CFLAGS := $(filter-out -MMD -MP -fno-omit-frame-pointer,$(KCFLAGS)) -fomit-frame-pointer -I$(KPACK) -Iboot -Idrivers/platform
$(KPACK)/kernel.lz: $(KERNEL_ISO) tools/kpack.py tools/mkpe.py
	@mkdir -p $(@D)
	$(PYTHON) tools/kpack.py $(KERNEL_ISO) -o $@ --header $(KPACK)/kpack.h --ld $(KPACK)/kpack.ld
$(KPACK)/kpack.h $(KPACK)/kpack.ld: $(KPACK)/kernel.lz ;
$(KPACK)/unpack_entry.o: boot/unpack.S $(KPACK)/kernel.lz $(KPACK)/kpack.h $(KFLAGS_STAMP)
	$(CC) $(STUB_CFLAGS) -Wa,-I$(KPACK) -c $< -o $@
$(KPACK)/unpack.o $(KPACK)/kunpack.o $(KPACK)/mbcheck.o: $(KPACK)/%.o: boot/%.c boot/kunpack.h boot/mbcheck.h $(KPACK)/kpack.h drivers/platform/io.h drivers/platform/serial.h $(KFLAGS_STAMP)
	$(CC) $(STUB_CFLAGS) -c $< -o $@
# The stub's COM1 line goes through the kernel's own UART code (the driver owns the register map).
$(KPACK)/serial.o: drivers/platform/serial.c drivers/platform/serial.h drivers/platform/io.h $(KFLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(STUB_CFLAGS) -c $< -o $@
$(KPACK)/stub.elf: $(KPACK)/unpack_entry.o $(KPACK)/unpack.o $(KPACK)/mbcheck.o $(KPACK)/kunpack.o $(KPACK)/serial.o boot/unpack.ld $(KPACK)/kpack.ld
	$(CC) -m32 -nostdlib -ffreestanding -no-pie -T boot/unpack.ld -L$(KPACK) -Wl,--build-id=none,-n,--no-warn-rwx-segments -o $@ \
		$(filter %.o,$^) -lgcc
$(KERNEL_BIOS): $(KPACK)/stub.elf tools/kpack.py
	$(CROSS)strip --strip-all -o $@ $<
	$(PYTHON) tools/kpack.py --drop-section-headers $@
	@grub-file --is-x86-multiboot $@ || { echo "error: $@ is not multiboot v1" >&2; exit 1; }

# One hybrid image for every firmware (docs/uefi.md): BIOS (i386-pc: El Torito and an MBR for
# disks) and UEFI (an EFI system partition with BOOTX64.EFI and BOOTIA32.EFI). grub-mkrescue takes
# every platform installed under /usr/lib/grub when given no -d (given several -d, only the last
# counts), so tools/isocheck.py checks the result has these. No locales, fonts or themes: the menu
# is never shown (about 4 MB less).
GRUB_PLATFORMS := i386-pc x86_64-efi i386-efi
iso: $(ISO)
# GRUB reads its config at a cost per statement and byte, so the image carries boot/*.cfg without
# comments and indentation, and test.mod (the `[` of grub.cfg) in a folder of its own per platform,
# which GRUB finds faster than among all its modules (docs/boot.md).
GRUB_CFGS := boot/grub.cfg boot/grub-disk.cfg boot/grub-opts.cfg
# The save area (docs/save.md): a FAT12 partition made by tools/mksave.py, appended after the ISO
# as partition 2 (MBR type 0x01; in the GPT a basic data partition). The image's id (SHA-256 of the
# kernel, the configs and the tool, 16 hex digits) goes into SAVE.DAT's header and, as imageid=, onto
# the kernel's command line (boot/*.cfg's @IMAGEID@), so the kernel knows the stick it booted from.
# Secure Boot (docs/secureboot.md): x64 UEFI boots Debian's Microsoft-signed shim, which starts our
# GRUB (every module and config inside, SBAT, signed with the builder's key), which boots the kernel
# wrapped in a signed PE file (boot/kernel.pe; tools/mkpe.py). tools/sbchain.sh makes them;
# tools/espwrap.py, grub-mkrescue's xorriso, lays them and SHARDFALL.CER into efi.img. The key pair
# lives outside the repository, made on the first build: $$SHARDFALL_KEYS, else ~/.config/shardfall/keys.
SB_KEYS    := $(or $(SHARDFALL_KEYS),$(HOME)/.config/shardfall/keys)
SB_SOURCES := tools/sbchain.sh tools/mkpe.py tools/espwrap.py boot/grub-sb.cfg boot/sbat-grub.csv boot/sbat-kernel.csv
# Which key signs is a prerequisite too: the stamp changes (when make reads this file) with
# $$SHARDFALL_KEYS, so another key signs the image anew.
SB_KEY_STAMP := $(B)/sb-key.txt
$(shell mkdir -p $(B) && { echo '$(SB_KEYS)' | cmp -s - $(SB_KEY_STAMP) || echo '$(SB_KEYS)' >$(SB_KEY_STAMP); })
# The files GRUB's BIOS boot reads, in the order it reads them (tools/isolayout.py, docs/bootwall.md):
# the image holds them back to back, so a boot from a hard disk reads 1,591 sectors to the kernel's entry
# instead of 2,871 scattered ones. The part_* modules first (grub-mkrescue's core loads them), then normal
# and what it loads (gzio, four lists), grub.cfg, test.mod, the options path of a PC with another disk
# (`source`: configfile, grub-disk.cfg, fat, grub-opts.cfg), multiboot and the kernel; last the file
# systems GRUB tries one by one when grub-disk.cfg looks into a disk it cannot read (a PC's own NTFS or
# ext4 disk). tests/qemu/layout_tests.py checks that a boot reads nothing else before the kernel.
ISO_LAYOUT := @partmap normal.mod gzio.mod command.lst fs.lst crypto.lst terminal.lst /boot/grub/grub.cfg \
              /boot/grub/fast/i386-pc/test.mod configfile.mod /boot/grub/grub-disk.cfg fat.mod /boot/grub/grub-opts.cfg \
              multiboot.mod /boot/kernel @-fs
ISO_LAYOUT_STAMP := $(B)/isolayout-items.txt
$(shell mkdir -p $(B) && { echo '$(ISO_LAYOUT)' | cmp -s - $(ISO_LAYOUT_STAMP) || echo '$(ISO_LAYOUT)' >$(ISO_LAYOUT_STAMP); })
$(ISO): $(KERNEL_ISO) $(KERNEL_BIOS) $(GRUB_CFGS) $(wildcard iso/*) tools/isocheck.py tools/grubmodalign.py $(SAVE_TOOL) $(SB_SOURCES) $(SB_KEY_STAMP) tools/fixtables.py tools/isolayout.py $(ISO_LAYOUT_STAMP)
	@rm -rf $(B)/iso && mkdir -p $(B)/iso/boot/grub
	cp -r iso/. $(B)/iso/
	cp $(KERNEL_ISO) $(B)/iso/boot/kernel.elf
	cp $(KERNEL_BIOS) $(B)/iso/boot/kernel
	$(PYTHON) $(SAVE_TOOL) id $(KERNEL_ISO) $(GRUB_CFGS) $(SAVE_TOOL) >$(B)/imageid.txt
	for f in $(GRUB_CFGS); do \
		sed -e 's/^[[:space:]]*//' -e '/^#/d' -e '/^$$/d' -e 's/[[:space:]][[:space:]]*#.*$$//' \
			-e "s/@IMAGEID@/$$(cat $(B)/imageid.txt)/g" $$f >$(B)/iso/boot/grub/$${f#boot/} || exit 1; done
	for p in $(GRUB_PLATFORMS); do mkdir -p $(B)/iso/boot/grub/fast/$$p && \
		cp /usr/lib/grub/$$p/test.mod $(B)/iso/boot/grub/fast/$$p/ || exit 1; done
	$(PYTHON) tools/grubmodalign.py /usr/lib/grub/i386-pc/test.mod $(B)/iso/boot/grub/fast/i386-pc/test.mod
	$(PYTHON) $(SAVE_TOOL) part --id $$(cat $(B)/imageid.txt) -o $(B)/save-part.img
	$(PYTHON) $(SAVE_TOOL) folder --id $$(cat $(B)/imageid.txt) -o $(B)/iso/SHARDFALL
	sh tools/sbchain.sh $(B)/iso $(B)/sb "$(SB_KEYS)"
	$(PYTHON) tools/isolayout.py --grub /usr/lib/grub/i386-pc --tree $(B)/iso -o $(B)/isolayout.txt $(ISO_LAYOUT)
	SHARDFALL_ESP=$(B)/sb/esp grub-mkrescue --xorriso=tools/espwrap.py --locales= --fonts= --themes= -o $@ $(B)/iso \
		-- -append_partition 2 0x01 $(B)/save-part.img -as mkisofs --sort-weight-list $(B)/isolayout.txt -- \
		2>$(B)/grub-mkrescue.log || { cat $(B)/grub-mkrescue.log >&2; exit 1; }
	$(PYTHON) tools/fixtables.py $@ || { rm -f $@; exit 1; }
	@$(PYTHON) tools/isocheck.py $@ $(GRUB_PLATFORMS) --imageid $$(cat $(B)/imageid.txt) --layout $(B)/isolayout.txt || { rm -f $@; exit 1; }

# Host objects and unit tests (cmocka).
$(B)/h/%.o: %.c $(B)/gen/assets.h $(B)/gen/songs.h
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) $(HINC) -c $< -o $@
$(B)/h/gen/%.o: $(B)/gen/%.c $(B)/gen/assets.h $(B)/gen/songs.h
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) $(HINC) -c $< -o $@
$(B)/hostframe: tests/host/hostframe.c tests/host/png.c $(HOBJ)
	$(HOSTCC) $(HCFLAGS) $(HINC) -Itests/host tests/host/hostframe.c tests/host/png.c $(HOBJ) -o $@

$(B)/hostrun: tests/host/hostrun.c tests/host/png.c $(HOBJ)
	$(HOSTCC) $(HCFLAGS) $(HINC) -Itests/host tests/host/hostrun.c tests/host/png.c $(HOBJ) -o $@

# Route search over the built-in levels (tests/host/reach.c, make test-episode). It plays millions
# of player frames, so it is built at -O2 without the sanitizers, from objects of its own.
REACH_SRC := tests/host/reach.c tests/host/reachsearch.c tests/host/reachenv.c tests/host/reachkey.c tests/host/png.c
RCFLAGS   := -std=gnu11 -O2 -g $(WARN) -MMD -MP
ROBJ      := $(GAME_SRC:%.c=$(B)/r/%.o) $(B)/r/gen/assets.o $(B)/r/gen/levels.o $(B)/r/gen/demos.o
$(B)/r/%.o: %.c $(B)/gen/assets.h
	@mkdir -p $(@D)
	$(HOSTCC) $(RCFLAGS) $(HINC) -c $< -o $@
$(B)/r/gen/%.o: $(B)/gen/%.c $(B)/gen/assets.h
	@mkdir -p $(@D)
	$(HOSTCC) $(RCFLAGS) $(HINC) -c $< -o $@
$(B)/reach: $(REACH_SRC) tests/host/reach.h tests/host/reachenv.h tests/host/reachkey.h tests/host/png.h $(ROBJ)
	$(HOSTCC) $(RCFLAGS) $(HINC) -Itests/host $(REACH_SRC) $(ROBJ) -o $@

# Demo planner (tests/host/plan.c): a beam search with every creature, guided by the route search.
PLAN_SRC := tests/host/plan.c tests/host/planfield.c tests/host/planphase.c tests/host/reachsearch.c tests/host/reachenv.c tests/host/reachkey.c
$(B)/plan: $(PLAN_SRC) tests/host/planfield.h tests/host/planphase.h tests/host/reach.h tests/host/reachenv.h tests/host/reachkey.h $(ROBJ)
	$(HOSTCC) $(RCFLAGS) $(HINC) -Itests/host $(PLAN_SRC) $(ROBJ) -o $@

# The BIOS stub's unpacker (boot/kunpack.c) on the host (tests/unit/test_kunpack.c): vectors packed by
# tools/kpack.py at build time — the stripped kernel, a level, a PNG, text, empty, a run of zeros.
KUNPACK_VEC := $(KPACK)/vec
KUNPACK_SRC := $(KERNEL_ISO) $(B)/levels/e1l1.lvl game/assets/font.png tools/kpack.py
$(KUNPACK_VEC)/stamp: $(KUNPACK_SRC) tools/mkpe.py
	@rm -rf $(@D) && mkdir -p $(@D)
	@set -e; for v in kernel:$(KERNEL_ISO) level:$(B)/levels/e1l1.lvl png:game/assets/font.png text:tools/kpack.py; do \
		cp $${v#*:} $(@D)/$${v%%:*}.bin; done
	: >$(@D)/empty.bin
	head -c 100000 /dev/zero >$(@D)/zeros.bin
	@set -e; for f in $(@D)/*.bin; do $(PYTHON) tools/kpack.py --raw $$f -o $${f%.bin}.lz; done
	@touch $@
$(B)/tests/test_kunpack: tests/unit/test_kunpack.c boot/kunpack.c boot/kunpack.h $(KUNPACK_VEC)/stamp
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -Iboot -Itests/unit -DKUNPACK_VEC='"$(KUNPACK_VEC)"' $< boot/kunpack.c -lcmocka -o $@
# The stub's check of GRUB's hand-over (boot/mbcheck.c) on the host (tests/unit/test_mbcheck.c): no PIE,
# so the test's information, strings and lists lie below 4 GiB, at addresses the 32-bit fields can hold.
$(B)/tests/test_mbcheck: tests/unit/test_mbcheck.c boot/mbcheck.c boot/mbcheck.h
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -fno-pie -no-pie -Iboot -Itests/unit $< boot/mbcheck.c -lcmocka -o $@

# A driver's register logic tested on the host: the test fakes the CPU (CPUID bits, an MSR file) and
# links the driver's own source (tests/unit/test_lapic.c).
$(B)/tests/test_lapic: tests/unit/test_lapic.c drivers/platform/lapic.c $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) $(HINC) -Itests/unit $< drivers/platform/lapic.c $(HOBJ) -lcmocka -lm -o $@

# The bounded waits (tests/unit/test_wait.c includes drivers/platform/wait.c) on a simulated PIT: the
# interrupt flag through tests/unit/simpit/io.h (forced first: wait.c finds the real io.h beside it), so the waits run "with interrupts off" on the counter.
$(B)/tests/test_wait: tests/unit/test_wait.c tests/unit/simpit/io.h drivers/platform/wait.c $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -include tests/unit/simpit/io.h $(HINC) -Itests/unit $< $(HOBJ) -lcmocka -lm -o $@

# Legacy IDE on a simulated channel (tests/unit/test_ata.c includes drivers/storage/ata.c, ahci.c, blockdev.c):
# port I/O through tests/unit/simuhci/io.h (sim_in / sim_out, defined by the test), as test_uhci.
$(B)/tests/test_ata: tests/unit/test_ata.c tests/unit/simuhci/io.h drivers/storage/ata.c drivers/storage/ahci.c \
		drivers/storage/blockdev.c $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -Itests/unit/simuhci $(HINC) -Itests/unit $< $(HOBJ) -lcmocka -lm -o $@

# The USB mass-storage class on a simulated Bulk-Only stick (tests/unit/test_usbmsc.c includes the sources).
$(B)/tests/test_usbmsc: tests/unit/test_usbmsc.c drivers/storage/usbmsc.c drivers/storage/scsi.c drivers/storage/blockdev.c $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) $(HINC) -Itests/unit $< $(HOBJ) -lcmocka -lm -o $@

# PCI power management on a simulated configuration space (tests/unit/test_pci.c): port I/O goes
# through tests/unit/simpci/io.h (forced first: pci.c finds the real io.h beside it, which its guard then skips);
# wait_ms and drvlog are the test's.
$(B)/tests/test_pci: tests/unit/test_pci.c tests/unit/simpci/io.h drivers/platform/pci.c $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -include tests/unit/simpci/io.h $(HINC) -Itests/unit $< drivers/platform/pci.c $(HOBJ) -lcmocka -lm -o $@

# The xHCI driver on a simulated controller (tests/unit/test_xhci.c, xhcisim.h): the driver hands the
# controller 32-bit addresses, so the test is linked without PIE (its statics lie below 4 GiB). Its
# register accesses go through tests/unit/simio/io.h, so the simulation sees each one and its time.
XHCI_SRC := drivers/usb/xhci.c drivers/usb/xhciport.c drivers/usb/xhciring.c drivers/usb/xhcibulk.c
$(B)/tests/test_xhci: tests/unit/test_xhci.c tests/unit/xhcisim.h tests/unit/simio/io.h $(XHCI_SRC) $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -fno-pie -no-pie -Itests/unit/simio $(HINC) -Itests/unit $< $(XHCI_SRC) $(HOBJ) -lcmocka -lm -o $@

# The framebuffer above 4 GiB (issue 27): the page-table numbers of kernel/cpu/pagemap.c (pure code) and
# fb.c drawing into a host buffer that stands for the PAE window.
$(B)/tests/test_fbhigh: tests/unit/test_fbhigh.c kernel/cpu/pagemap.c $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) $(HINC) -Itests/unit $< kernel/cpu/pagemap.c $(HOBJ) -lcmocka -lm -o $@

# The Intel HDA driver on a simulated controller and codecs (tests/unit/test_hda.c), as test_xhci:
# its register accesses through tests/unit/simio/io.h, linked without PIE (the DMA pages lie below 4 GiB).
HDA_SRC := drivers/sound/hda.c drivers/sound/hdacodec.c
$(B)/tests/test_hda: tests/unit/test_hda.c tests/unit/hdasim.h tests/unit/simio/io.h $(HDA_SRC) $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -fno-pie -no-pie -Itests/unit/simio $(HINC) -Itests/unit $< $(HDA_SRC) $(HOBJ) -lcmocka -lm -o $@

# The game port on a simulated port and PIT (tests/unit/test_gameport.c): its port I/O and the
# interrupt flag through tests/unit/simport/io.h (sim_in / sim_out / sim_flags_cli, defined by the test).
$(B)/tests/test_gameport: tests/unit/test_gameport.c tests/unit/simport/io.h drivers/input/gameport.c $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -Itests/unit/simport $(HINC) -Itests/unit $< drivers/input/gameport.c $(HOBJ) -lcmocka -lm -o $@

# COM1's transmit, polled and queued (tests/unit/test_serial.c), on a simulated 16550A at 115200 baud:
# port I/O and the interrupt flag through tests/unit/simport/io.h, as test_gameport.
$(B)/tests/test_serial: tests/unit/test_serial.c tests/unit/simport/io.h drivers/platform/serial.c $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -Itests/unit/simport $(HINC) -Itests/unit $< $(HOBJ) -lcmocka -lm -o $@

# The AC'97 driver on a simulated ICH controller and codec (tests/unit/test_ac97.c): its port I/O through
# tests/unit/simuhci/io.h (sim_in / sim_out, defined by the test), linked without PIE (the DMA pages below 4 GiB).
$(B)/tests/test_ac97: tests/unit/test_ac97.c tests/unit/simuhci/io.h drivers/sound/ac97.c $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -fno-pie -no-pie -Itests/unit/simuhci $(HINC) -Itests/unit $< drivers/sound/ac97.c $(HOBJ) -lcmocka -lm -o $@

# The game-controller class (tests/unit/test_usbpad.c) on the xHCI driver and its simulated controller
# (xhcisim.h, its EP0 answered by the test's pads): the device layer reads the descriptors, the class
# its report descriptor, reports come through the interrupt ring; linked without PIE, as test_xhci.
PAD_SRC := drivers/usb/usbdev.c drivers/usb/usbdevenum.c drivers/usb/usbdevrec.c drivers/usb/usbpad.c
$(B)/tests/test_usbpad: tests/unit/test_usbpad.c tests/unit/xhcisim.h tests/unit/padfix.h tests/unit/padsim.h \
		tests/unit/simio/io.h $(XHCI_SRC) $(PAD_SRC) $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -fno-pie -no-pie -Itests/unit/simio $(HINC) -Itests/unit $< $(XHCI_SRC) $(PAD_SRC) $(HOBJ) -lcmocka -lm -o $@

# The UHCI driver on a simulated controller (tests/unit/test_uhci.c, uhcisim.h), linked without PIE as
# test_xhci is; its port I/O goes through tests/unit/simuhci/io.h to the simulation.
UHCI_SRC := drivers/usb/uhci.c drivers/usb/uhcixfer.c drivers/usb/uhcibulk.c
$(B)/tests/test_uhci: tests/unit/test_uhci.c tests/unit/uhcisim.h tests/unit/simuhci/io.h $(UHCI_SRC) $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -fno-pie -no-pie -Itests/unit/simuhci $(HINC) -Itests/unit $< $(UHCI_SRC) $(HOBJ) -lcmocka -lm -o $@
# The game-controller class on the whole UHCI path (tests/unit/test_usbpad_uhci.c): the device layer's attach
# on the simulated controller, whose devices the test's pads answer (padsim.h); as test_uhci.
$(B)/tests/test_usbpad_uhci: tests/unit/test_usbpad_uhci.c tests/unit/uhcisim.h tests/unit/padsim.h tests/unit/padfix.h \
		tests/unit/simuhci/io.h $(UHCI_SRC) $(PAD_SRC) $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -fno-pie -no-pie -Itests/unit/simuhci $(HINC) -Itests/unit $< $(UHCI_SRC) $(PAD_SRC) $(HOBJ) -lcmocka -lm -o $@
# Its bulk transfers (tests/unit/test_uhcibulk.c) on the same simulation, as test_uhci.
$(B)/tests/test_uhcibulk: tests/unit/test_uhcibulk.c tests/unit/uhcisim.h tests/unit/simuhci/io.h $(UHCI_SRC) $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -fno-pie -no-pie -Itests/unit/simuhci $(HINC) -Itests/unit $< $(UHCI_SRC) $(HOBJ) -lcmocka -lm -o $@

# The OHCI driver on a simulated controller (tests/unit/test_ohci.c, ohcisim.h): its registers are memory,
# so it uses test_xhci's stand-in io.h (tests/unit/simio), the simulation defining sim_mmio_*.
OHCI_SRC := drivers/usb/ohci.c drivers/usb/ohcixfer.c drivers/usb/ohcibulk.c
$(B)/tests/test_ohci: tests/unit/test_ohci.c tests/unit/ohcisim.h tests/unit/simio/io.h $(OHCI_SRC) $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -fno-pie -no-pie -Itests/unit/simio $(HINC) -Itests/unit $< $(OHCI_SRC) $(HOBJ) -lcmocka -lm -o $@
# Its bulk transfers (tests/unit/test_ohcibulk.c) on the same simulation, as test_ohci.
$(B)/tests/test_ohcibulk: tests/unit/test_ohcibulk.c tests/unit/ohcisim.h tests/unit/simio/io.h $(OHCI_SRC) $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -fno-pie -no-pie -Itests/unit/simio $(HINC) -Itests/unit $< $(OHCI_SRC) $(HOBJ) -lcmocka -lm -o $@

# The EHCI driver (tests/unit/test_ehci.c): PCI configuration and the registers both through
# tests/unit/simehci/io.h (forced first, as test_pci), the test's waits step the simulation; linked without PIE.
# Its builders alone (tests/unit/test_ehciqh.c): no registers, only host memory (below 4 GiB: no PIE).
$(B)/tests/test_ehciqh: tests/unit/test_ehciqh.c drivers/usb/ehciqh.c $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -fno-pie -no-pie $(HINC) -Itests/unit $< drivers/usb/ehciqh.c $(HOBJ) -lcmocka -lm -o $@

EHCI_SRC := drivers/usb/ehci.c drivers/usb/ehciqh.c drivers/usb/ehcixfer.c drivers/platform/pci.c
$(B)/tests/test_ehci: tests/unit/test_ehci.c tests/unit/ehcisim.h tests/unit/simehci/io.h $(EHCI_SRC) $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -fno-pie -no-pie -include tests/unit/simehci/io.h $(HINC) -Itests/unit $< $(EHCI_SRC) \
		$(HOBJ) -lcmocka -lm -o $@
# A stick pulled during a bulk transfer (tests/unit/test_ehcibulk.c: UsbHcOps.cancel) on the same simulation.
$(B)/tests/test_ehcibulk: tests/unit/test_ehcibulk.c tests/unit/ehcisim.h tests/unit/simehci/io.h $(EHCI_SRC) $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -fno-pie -no-pie -include tests/unit/simehci/io.h $(HINC) -Itests/unit $< $(EHCI_SRC) \
		$(HOBJ) -lcmocka -lm -o $@

# Hardware reports become tests (docs/hwinfo.md, "A report becomes a test"): tools/report2test.py reads
# every tests/reports/*.txt (HWINFO.TXT as QEMU's machines wrote it; tools/capturereports.py refreshes
# them) into build/gen/reports.h, and test_reports_* replay them: the USB devices on the simulated
# controller of their kind with the device layer and the class drivers (reportdev.h answers as the
# devices did), the HDA codec walk against the recorded verbs, the PCI scan on the recorded functions.
REPORTS     := $(sort $(wildcard tests/reports/*.txt))
ifeq ($(REPORTS),)
TESTS       := $(filter-out $(B)/tests/test_reports_%,$(TESTS))      # no report: nothing to replay
endif
REPORT_TOOL := tools/report2test.py tools/hwinfo_read.py tools/hwinfo_sections.py
REPORT_USB  := drivers/usb/usbdev.c drivers/usb/usbdevenum.c drivers/usb/usbdevrec.c drivers/usb/usbkbd.c drivers/usb/usbhub.c \
               drivers/usb/usbpad.c
REPORT_DEPS := tests/unit/reportfix.h tests/unit/reportdev.h tests/unit/reportsusb.h $(B)/gen/reports.h
$(B)/gen/reports.h: $(REPORTS) $(REPORT_TOOL) tests/reports        # the folder: a report removed
	@mkdir -p $(@D)
	$(PYTHON) tools/report2test.py -o $@ $(REPORTS)
$(B)/tests/test_reports_xhci: tests/unit/test_reports_xhci.c tests/unit/xhcisim.h $(REPORT_DEPS) $(XHCI_SRC) $(REPORT_USB) $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -fno-pie -no-pie -Itests/unit/simio $(HINC) -Itests/unit $< $(XHCI_SRC) $(REPORT_USB) $(HOBJ) -lcmocka -lm -o $@
$(B)/tests/test_reports_uhci: tests/unit/test_reports_uhci.c tests/unit/uhcisim.h $(REPORT_DEPS) $(UHCI_SRC) $(REPORT_USB) $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -fno-pie -no-pie -Itests/unit/simuhci $(HINC) -Itests/unit $< $(UHCI_SRC) $(REPORT_USB) $(HOBJ) -lcmocka -lm -o $@
$(B)/tests/test_reports_hda: tests/unit/test_reports_hda.c $(REPORT_DEPS) $(HDA_SRC) $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) $(HINC) -Itests/unit $< drivers/sound/hdacodec.c $(HOBJ) -lcmocka -lm -o $@
$(B)/tests/test_reports_pci: tests/unit/test_reports_pci.c tests/unit/simpci/io.h $(REPORT_DEPS) drivers/platform/pci.c $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -include tests/unit/simpci/io.h $(HINC) -Itests/unit $< drivers/platform/pci.c $(HOBJ) -lcmocka -lm -o $@

# The save area's code on the host (tests/unit/test_savefmt.c, test_save.c): on RAM disks made by the
# same tool as the image's partition (tools/mksave.py), so the tests read what ships. saveplat.c (the
# PIT clock, the halt) is the kernel's; the tests bring their own, and their own block-device table.
SAVE_HOST := kernel/save/saveio.c kernel/save/save.c kernel/save/saveopen.c kernel/save/savefile.c kernel/save/savemk.c kernel/save/savemkrun.c \
             kernel/save/savemkfile.c kernel/save/savemkfix.c kernel/save/savemkdir.c
# vol-fat16/32.img: the same files on volumes mtools formats, for the FAT16 and FAT32 paths.
SAVE_DISKS := $(B)/save/disk-gpt.img $(B)/save/disk-mbr.img $(B)/save/vol-fat16.img $(B)/save/vol-fat32.img
$(B)/save/disk-%.img: $(SAVE_TOOL)
	@mkdir -p $(@D)
	$(PYTHON) $(SAVE_TOOL) disk --id 0123456789abcdef --table $* -o $@
$(B)/save/vol-fat%.img: $(SAVE_TOOL)
	@mkdir -p $(@D)
	$(PYTHON) $(SAVE_TOOL) mtools --id 0123456789abcdef --bits $* -o $@
# test_savebounds.c: each bound of those readers at its last accepted and first refused value, on the same disks.
$(B)/tests/test_savefmt $(B)/tests/test_savebounds: $(B)/tests/%: tests/unit/%.c tests/unit/ramdisk.h $(SAVE_DISKS) $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) $(HINC) -Itests/unit $< $(HOBJ) -lcmocka -lm -o $@
# stick-nofolder.img: a FAT32 copy of the image's files in small, without /SHARDFALL; folder/: the files the ISO
# ships there (test_savemk creates the folder and compares; test_savemkcut cuts the power during it).
$(B)/save/stick-nofolder.img: $(SAVE_TOOL)
	@mkdir -p $(@D)
	$(PYTHON) $(SAVE_TOOL) stick --id 0123456789abcdef -o $@
	$(PYTHON) $(SAVE_TOOL) folder --id 0123456789abcdef -o $(B)/save/folder
$(B)/save/stick16-nofolder.img: $(SAVE_TOOL)
	@mkdir -p $(@D)
	$(PYTHON) $(SAVE_TOOL) stick --bits 16 --id 0123456789abcdef -o $@
$(B)/tests/test_savemk $(B)/tests/test_savemkcut: $(B)/tests/%: tests/unit/%.c tests/unit/savestick.h $(SAVE_HOST) \
                                                $(B)/save/stick-nofolder.img $(B)/save/stick16-nofolder.img $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) $(HINC) -Itests/unit $< $(SAVE_HOST) $(HOBJ) -lcmocka -lm -o $@
# disk-v1.img: a stick the previous version made (tests/oldsticks/mksave_v1.py, that version's tool: 128 KiB,
# four files), in a disk of the same size; test_savefile opens it (issue 33: old sticks keep working).
$(B)/save/disk-v1.img: tests/oldsticks/mksave_v1.py
	@mkdir -p $(@D)
	$(PYTHON) -c "import sys; sys.path.insert(0, 'tests/oldsticks'); import mksave_v1 as m; \
		open('$@', 'wb').write(m.make_disk('0123456789abcdef', 'gpt', total=8192))"
$(B)/tests/test_save $(B)/tests/test_savefile: $(B)/tests/%: tests/unit/%.c tests/unit/savefix.h tests/unit/ramdisk.h \
                                             $(SAVE_HOST) $(SAVE_DISKS) $(B)/save/disk-v1.img $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) $(HINC) -Itests/unit $< $(SAVE_HOST) $(HOBJ) -lcmocka -lm -o $@
# LOG.TXT (kernel/save/bootlog.c) on the same RAM stick; the test stands in for klog's ring.
$(B)/tests/test_bootlog: tests/unit/test_bootlog.c tests/unit/savefix.h tests/unit/ramdisk.h kernel/save/bootlog.c \
                         $(SAVE_HOST) $(SAVE_DISKS) $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) $(HINC) -Itests/unit $< kernel/save/bootlog.c $(SAVE_HOST) $(HOBJ) -lcmocka -lm -o $@

$(B)/tests/%: tests/unit/%.c $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) $(HINC) -Itests/unit $< $(HOBJ) -lcmocka -lm -o $@

# The presenter's top and draw stage (kernel/present/present.c) on the host: not in HOST_LOGIC,
# it calls the VGA driver, which tests/unit/test_present.c stubs.
$(B)/tests/test_present: tests/unit/test_present.c $(B)/h/kernel/present/present.o $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) $(HINC) -Itests/unit $< $(B)/h/kernel/present/present.o $(HOBJ) -lcmocka -lm -o $@

# Fuzzing the parsers (clang's libFuzzer): make fuzz FUZZ_SECONDS=60 [FUZZ_TARGETS=demo].
# Targets: level (game/formats/level.c), demo (game/formats/demo.c), usbdesc and hidboot
# (drivers/usb/usbhid.c: USB descriptors, boot-keyboard report diffing), cmdline (kernel/log/cmdline.c),
# keys (the keys= spec, game/shell/controls.c), input (the input= script, game/engine/script.c),
# kbdscan (drivers/input/kbdscan.c), savedisk (the save area's partition and FAT readers, kernel/save) and
# saverec (SAVE.DAT's record loader), replayfile (REPLAY.DAT and CRASHRPL.DAT, game/formats/replay.c); each has a seed corpus (and regressions) in tests/fuzz/. fuzz-replay
# runs the same checks over the saved inputs with the host compiler. The kernel reads no options
# file (GRUB sources it).
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= level demo usbdesc hidboot hidparse cmdline keys input kbdscan savedisk saverec smbios hwreport replayfile
FUZZ_LIBS    := game/formats/level.c game/formats/demo.c game/engine/textbuf.c game/engine/crc32.c drivers/usb/usbhid.c \
                $(B)/gen/assets.c $(B)/gen/levels.c $(B)/gen/demos.c
FUZZ_LIBS_level   := $(FUZZ_LIBS)
FUZZ_LIBS_demo    := $(FUZZ_LIBS)
FUZZ_LIBS_cmdline := kernel/log/cmdline.c kernel/log/kfmt.c
FUZZ_LIBS_keys    := game/shell/controls.c game/engine/keys.c game/engine/textbuf.c game/engine/crc32.c
FUZZ_LIBS_input   := game/engine/script.c
FUZZ_LIBS_kbdscan := drivers/input/kbdscan.c
FUZZ_LIBS_savedisk := $(SAVE_PURE)
FUZZ_LIBS_saverec  := $(SAVE_PURE)
FUZZ_LIBS_replayfile  := game/formats/replay.c game/formats/demo.c game/engine/textbuf.c game/engine/crc32.c $(B)/gen/demos.c
FUZZ_INPUTS_level := tests/fuzz/corpus tests/fuzz/regressions
FUZZ_INPUTS_demo  := tests/fuzz/demo_corpus tests/fuzz/demo_regressions
FUZZ_INPUTS_cmdline := tests/fuzz/cmdline_corpus
FUZZ_INPUTS_keys    := tests/fuzz/keys_corpus
FUZZ_INPUTS_input   := tests/fuzz/input_corpus
FUZZ_INPUTS_kbdscan := tests/fuzz/kbdscan_corpus tests/fuzz/kbdscan_regressions
FUZZ_INPUTS_savedisk := tests/fuzz/savedisk_corpus $(wildcard tests/fuzz/savedisk_regressions)
FUZZ_INPUTS_saverec  := tests/fuzz/saverec_corpus $(wildcard tests/fuzz/saverec_regressions)
FUZZ_INPUTS_replayfile  := tests/fuzz/replay_corpus $(wildcard tests/fuzz/replay_regressions) $(wildcard tests/replays/*.rpl)
FUZZ_SEEDS_level  := $(B)/levels $(FUZZ_INPUTS_level)
FUZZ_SEEDS_demo   := game/demos $(FUZZ_INPUTS_demo)
FUZZ_SEEDS_cmdline := $(FUZZ_INPUTS_cmdline)
FUZZ_SEEDS_keys    := $(FUZZ_INPUTS_keys)
FUZZ_SEEDS_input   := $(FUZZ_INPUTS_input)
FUZZ_SEEDS_kbdscan := $(FUZZ_INPUTS_kbdscan)
FUZZ_SEEDS_savedisk := $(FUZZ_INPUTS_savedisk)
FUZZ_SEEDS_saverec  := $(FUZZ_INPUTS_saverec)
FUZZ_SEEDS_replayfile  := tests/fuzz/replay_corpus $(wildcard tests/fuzz/replay_regressions) tests/replays
# USB (drivers/usb/usbhid.c): configuration descriptors, and streams of boot-keyboard reports
FUZZ_INPUTS_usbdesc := tests/fuzz/usb_corpus $(wildcard tests/fuzz/usb_regressions)
FUZZ_INPUTS_hidboot := tests/fuzz/hid_corpus $(wildcard tests/fuzz/hid_regressions)
FUZZ_SEEDS_usbdesc  := $(FUZZ_INPUTS_usbdesc)
FUZZ_SEEDS_hidboot  := $(FUZZ_INPUTS_hidboot)
FUZZ_LIBS_usbdesc   := $(FUZZ_LIBS)
FUZZ_LIBS_hidboot   := $(FUZZ_LIBS)
# The HID report-descriptor parser and the report readers (drivers/usb/hidparse.c, hidparserep.c, x360rep.c).
FUZZ_INPUTS_hidparse := tests/fuzz/hidparse_corpus $(wildcard tests/fuzz/hidparse_regressions)
FUZZ_SEEDS_hidparse  := $(FUZZ_INPUTS_hidparse)
FUZZ_LIBS_hidparse   := drivers/usb/hidparse.c drivers/usb/hidparserep.c drivers/usb/x360rep.c
# The hardware report (docs/hwinfo.md): the SMBIOS parser (drivers/platform/smbios.c) and the report's writer
# and first-line reader (kernel/report/hwreport.c) on devices that send any bytes.
FUZZ_INPUTS_smbios   := tests/fuzz/smbios_corpus
FUZZ_SEEDS_smbios    := $(FUZZ_INPUTS_smbios)
FUZZ_LIBS_smbios     := drivers/platform/smbios.c drivers/platform/acpitab.c
FUZZ_INPUTS_hwreport := tests/fuzz/hwreport_corpus
FUZZ_SEEDS_hwreport  := $(FUZZ_INPUTS_hwreport)
FUZZ_LIBS_hwreport   := kernel/report/hwreport.c kernel/report/hwrepdev.c kernel/report/hwrepsnd.c kernel/log/kfmt.c

.SECONDEXPANSION:
$(B)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $$(FUZZ_LIBS_$$*) $(B)/gen/assets.h
	@mkdir -p $(@D)
	$(FUZZ_CC) -std=gnu11 -O1 -g $(WARN) -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		$(HINC) $< $(FUZZ_LIBS_$*) -o $@

fuzz: $(FUZZ_TARGETS:%=fuzz-%)
fuzz-level fuzz-demo fuzz-usbdesc fuzz-hidboot fuzz-hidparse fuzz-cmdline fuzz-keys fuzz-input fuzz-kbdscan fuzz-savedisk fuzz-saverec \
fuzz-smbios fuzz-hwreport fuzz-replayfile: fuzz-%: $(B)/fuzz/fuzz_% $(LEVELS)
	@mkdir -p $(B)/fuzz/corpus_$* $(B)/fuzz/crashes_$*
	@echo "fuzz $*: $(FUZZ_SECONDS) s, log in $(B)/fuzz/fuzz_$*.log"
	@$(B)/fuzz/fuzz_$* -max_total_time=$(FUZZ_SECONDS) -artifact_prefix=$(B)/fuzz/crashes_$*/ \
		$(B)/fuzz/corpus_$* $(FUZZ_SEEDS_$*) >$(B)/fuzz/fuzz_$*.log 2>&1; st=$$?; \
		grep -E "^Done|ERROR|SUMMARY" $(B)/fuzz/fuzz_$*.log | sed 's/^/fuzz $*: /'; exit $$st

$(B)/fuzz/replay_%: tests/fuzz/replay.c tests/fuzz/fuzz_%.c $(HOBJ)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) $(HINC) -DFUZZ_TARGET='"fuzz_$*.c"' $< $(HOBJ) -o $@

fuzz-replay: $(B)/fuzz/replay_level $(B)/fuzz/replay_demo $(B)/fuzz/replay_usbdesc $(B)/fuzz/replay_hidboot $(LEVELS) \
             $(B)/fuzz/replay_hidparse \
             $(B)/fuzz/replay_cmdline $(B)/fuzz/replay_keys $(B)/fuzz/replay_input $(B)/fuzz/replay_kbdscan \
             $(B)/fuzz/replay_savedisk $(B)/fuzz/replay_saverec $(B)/fuzz/replay_smbios $(B)/fuzz/replay_hwreport \
             $(B)/fuzz/replay_replayfile
	$(B)/fuzz/replay_level $(LEVELS) $(FUZZ_INPUTS_level)
	$(B)/fuzz/replay_demo $(DEMOS) $(FUZZ_INPUTS_demo)
	$(B)/fuzz/replay_usbdesc $(FUZZ_INPUTS_usbdesc)
	$(B)/fuzz/replay_hidboot $(FUZZ_INPUTS_hidboot)
	$(B)/fuzz/replay_hidparse $(FUZZ_INPUTS_hidparse)
	$(B)/fuzz/replay_cmdline $(FUZZ_INPUTS_cmdline)
	$(B)/fuzz/replay_keys $(FUZZ_INPUTS_keys)
	$(B)/fuzz/replay_input $(FUZZ_INPUTS_input)
	$(B)/fuzz/replay_kbdscan $(FUZZ_INPUTS_kbdscan)
	$(B)/fuzz/replay_savedisk $(FUZZ_INPUTS_savedisk)
	$(B)/fuzz/replay_saverec $(FUZZ_INPUTS_saverec)
	$(B)/fuzz/replay_smbios $(FUZZ_INPUTS_smbios)
	$(B)/fuzz/replay_hwreport $(FUZZ_INPUTS_hwreport)
	$(B)/fuzz/replay_replayfile $(FUZZ_INPUTS_replayfile)

# The PC speaker and an AdLib (docs/music.md) share the host's audio.
QEMU_AUDIO = $(shell if command -v pactl >/dev/null 2>&1 && pactl info >/dev/null 2>&1; then \
	echo "-audiodev pa,id=snd -machine pcspk-audiodev=snd -device adlib,audiodev=snd"; \
	elif [ -d /dev/snd ]; then echo "-audiodev alsa,id=snd -machine pcspk-audiodev=snd -device adlib,audiodev=snd"; fi)
QEMU_DISPLAY = $(if $(DISPLAY)$(WAYLAND_DISPLAY),,-display vnc=127.0.0.1:0)
# Kernel options for make run / run-gdb go on an options disk, as the QEMU tests pass them:
#   make run OPTS="record level=test"        (see README: Demos)
#   make run OPTS="demo=disk" RUN_DEMO=my.dem   RUN_LEVEL=my.lvl for level=disk
# COM1 goes to the terminal and to build/serial.log (tools/demo_from_log.py reads it).
RUN_OPTS_IMG := $(B)/run-opts.img
RUN_DRIVE := -drive file=$(RUN_OPTS_IMG),format=raw,if=ide,index=1,snapshot=on
RUN_DISK = $(if $(OPTS)$(RUN_LEVEL)$(RUN_DEMO),$(RUN_DRIVE))
RUN_PREP = $(if $(RUN_DISK),$(PYTHON) tests/qemu/optsdisk.py $(RUN_OPTS_IMG) --opts "$(OPTS)" \
           $(if $(RUN_LEVEL),--level $(RUN_LEVEL)) $(if $(RUN_DEMO),--demo $(RUN_DEMO)))
QEMU_RUN = $(QEMU) -m 64 -cdrom $(ISO) -boot order=d -chardev stdio,id=com1,logfile=$(B)/serial.log -serial chardev:com1 \
           -no-reboot $(QEMU_AUDIO) $(QEMU_DISPLAY) $(RUN_DISK)

run: deps-run
	@$(MAKE) --no-print-directory iso
	@$(if $(QEMU_AUDIO),,echo "note: no host audio found; the PC speaker is silent and there is no AdLib (no music)")
	@$(if $(QEMU_DISPLAY),echo "note: no display; connect a VNC viewer to 127.0.0.1:5900")
	$(RUN_PREP)
	$(QEMU_RUN)

# The same image under UEFI (OVMF, 64-bit): the game on GRUB's framebuffer (docs/uefi.md).
run-uefi: deps-run-uefi
	@$(MAKE) --no-print-directory iso
	@$(if $(QEMU_DISPLAY),echo "note: no display; connect a VNC viewer to 127.0.0.1:5900")
	$(RUN_PREP)
	$(subst $(QEMU) ,qemu-system-x86_64 -M q35 -bios /usr/share/ovmf/OVMF.fd ,$(subst -m 64,-m 128,$(QEMU_RUN)))

# A PC as it leaves the factory: OVMF with Secure Boot on and Microsoft's keys (a fresh copy of
# the variables each time, in build/), the image as a USB stick on xHCI: the first boot a player
# sees, shim's refusal and MokManager to enrol SHARDFALL.CER (docs/secureboot.md). The copy keeps
# the enrolled key until the next run; `make run-secureboot SB_VARS=keep` boots it again as it is.
SB_RUN_VARS := $(B)/ovmf-vars-secureboot.fd
# NOTE: this OVMF connects only the devices in QEMU's boot order, so the options disk is a second
# USB stick with a boot index of its own (an IDE one stays unseen by GRUB).
RUN_STICK_SB = -drive if=none,id=opts,file=$(RUN_OPTS_IMG),format=raw,snapshot=on -device usb-storage,drive=opts,bootindex=1
RUN_DISK_SB = $(if $(RUN_DISK),$(RUN_STICK_SB))
run-secureboot: deps-run-uefi
	@$(MAKE) --no-print-directory iso
	@$(if $(QEMU_DISPLAY),echo "note: no display; connect a VNC viewer to 127.0.0.1:5900")
	@echo "note: COM1 and the firmware's text screens go to the terminal and $(B)/serial.log"
	$(if $(filter keep,$(SB_VARS)),test -f $(SB_RUN_VARS),cp /usr/share/OVMF/OVMF_VARS_4M.ms.fd $(SB_RUN_VARS))
	$(RUN_PREP)
	qemu-system-x86_64 -machine q35,smm=on -m 256 -global driver=cfi.pflash01,property=secure,value=on \
		-drive if=pflash,format=raw,unit=0,file=/usr/share/OVMF/OVMF_CODE_4M.secboot.fd,readonly=on \
		-drive if=pflash,format=raw,unit=1,file=$(SB_RUN_VARS) \
		-drive if=none,id=stick,format=raw,file=$(ISO),snapshot=on -device qemu-xhci \
		-device usb-storage,drive=stick,bootindex=0 \
		-chardev stdio,id=com1,logfile=$(B)/serial.log -serial chardev:com1 $(QEMU_AUDIO) $(QEMU_DISPLAY) $(RUN_DISK_SB)

run-gdb: deps-run
	@$(MAKE) --no-print-directory iso
	@echo "QEMU waits for gdb: gdb $(KERNEL) -ex 'target remote :1234'"
	$(RUN_PREP)
	$(QEMU_RUN) -s -S

test: deps-test
	@$(MAKE) --no-print-directory test-isa test-unit test-tools test-episode fuzz-replay test-dumps test-replays test-model test-qemu

# The kernel runs on a 486: no instruction past it outside the CPUID-guarded functions (tools/check_isa.py);
# nor does the BIOS stub that unpacks it.
test-isa: $(KERNEL) $(KPACK)/stub.elf
	$(PYTHON) tools/test_check_isa.py
	$(PYTHON) tools/check_isa.py $(KERNEL)
	$(PYTHON) tools/check_isa.py --min-instructions 100 $(KPACK)/stub.elf

# tools/test_mksave.py reads what build/tests/test_save left (build/save/after-writes.img): fsck.fat, mtools.
test-unit: $(TESTS)
	@fail=0; for t in $(TESTS); do $$t || fail=1; done; \
		$(PYTHON) tools/test_mksave.py || fail=1; exit $$fail

# The image is built first: tools/test_fixtables.py checks the partition tables of the real one (sgdisk -v).
test-tools: $(ISO)
	$(PYTHON) tools/check_layers.py
	$(PYTHON) tools/test_check_layers.py
	$(PYTHON) tools/check_sizes.py
	$(PYTHON) tools/test_check_sizes.py
	$(PYTHON) tools/test_docs.py
	$(PYTHON) tools/test_gfx2c.py
	$(PYTHON) tools/test_grubmodalign.py
	$(PYTHON) tools/test_isolayout.py
	$(PYTHON) tools/test_level2bin.py
	$(PYTHON) tools/test_actortiles.py
	$(PYTHON) tools/test_demo_tools.py
	$(PYTHON) tools/test_song2c.py
	$(PYTHON) tools/test_usb_latency_table.py
	$(PYTHON) tools/test_save_table.py
	$(PYTHON) tools/test_fixtables.py
	$(PYTHON) tools/test_mkstick.py
	$(PYTHON) tools/test_mkpe.py
	$(PYTHON) tools/test_kpack.py
	$(PYTHON) tools/test_report2test.py
	$(PYTHON) tools/opltables.py --check drivers/sound/opltables.h
	$(PYTHON) tools/test_episode.py

# The episode's levels can be finished with run and jump, with no soft-lock (tests/host/reach.c).
test-episode: $(B)/reach $(B)/plan
	REACH=$(B)/reach PLAN=$(B)/plan $(PYTHON) tools/test_episode.py RouteTest PlanTest

test-qemu: $(ISO) $(B)/hostframe $(B)/hostrun $(B)/synth/synthrender
	$(PYTHON) tests/qemu/run_tests.py --iso $(ISO) --hostframe $(B)/hostframe --hostrun $(B)/hostrun --out $(B)/test-qemu

golden: $(ISO) $(B)/hostframe $(B)/hostrun $(B)/synth/synthrender
	$(PYTHON) tests/qemu/run_tests.py --iso $(ISO) --hostframe $(B)/hostframe --hostrun $(B)/hostrun --out $(B)/test-qemu --update-golden
	@$(MAKE) --no-print-directory golden-dumps

# Golden demo dumps: every built-in demo replayed on the host (hostrun --demo --dump) must
# match tests/golden/dumps/NAME.txt; golden-dumps rewrites them (review the diff before committing).
test-dumps: $(B)/hostrun
	$(PYTHON) tools/demo_dumps.py --hostrun $(B)/hostrun --out $(B)/dumps $(DEMOS)
golden-dumps: $(B)/hostrun
	$(PYTHON) tools/demo_dumps.py --hostrun $(B)/hostrun --out $(B)/dumps --update $(DEMOS)

# Replays (REPLAY.DAT, CRASHRPL.DAT: game/formats/replay.h) kept as regression tests: every file in
# tests/replays plays on the host to its end tick and must give the frame CRC it carries (docs/testing.md).
# make replay FILE=X.rpl [LEVEL=X.lvl] plays one in QEMU (demo=disk) and checks the CRC the kernel prints.
REPLAYS := $(sort $(wildcard tests/replays/*.rpl))
test-replays: $(B)/hostrun
	@fail=0; for f in $(REPLAYS); do out=$$($(B)/hostrun --replay $$f) || fail=1; \
		echo "$$f: $$(echo "$$out" | tail -1)"; done; exit $$fail
replay: $(ISO)
	@test -n "$(FILE)" || { echo "usage: make replay FILE=REPLAY.DAT [LEVEL=level.lvl]" >&2; exit 2; }
	$(PYTHON) tests/qemu/replayrun.py --iso $(ISO) --out $(B)/replay $(FILE) $(if $(LEVEL),--level $(LEVEL))

# An independent model of the original's rules (shards, platforms, the foot switch; tests/model/)
# checks every object-tick of the golden demo dumps.
test-model: $(LEVELS) $(B)/hostrun
	$(PYTHON) tests/model/cosmo_model.py $(DEMOS:game/demos/%.dem=tests/golden/dumps/%.txt)
	HOSTRUN=$(B)/hostrun $(PYTHON) tests/model/test_cosmo_model.py

bench: deps-test $(ISO) $(B)/hostrun
	$(PYTHON) tests/qemu/bench.py --iso $(ISO) --hostrun $(B)/hostrun --out $(B)/bench

# The time to present a whole frame on QEMU's framebuffers under OVMF (-icount): docs/uefi.md's generated table.
bench-fb: deps-test $(ISO)
	$(PYTHON) tests/qemu/fbbench.py --iso $(ISO) --out $(B)/fbbench --md docs/uefi.md

# The OPL2 synthesizer's cost per second of music (tests/qemu/synthbench.py, docs/music.md): its sources
# in a bare multiboot kernel built with the kernel's flags, run under -icount; and on the host under callgrind.
SYNTH_SRC   := drivers/sound/oplsynth.c drivers/sound/oplregs.c drivers/sound/musicseq.c drivers/sound/oplnote.c \
               drivers/sound/synthplay.c
SYNTH_INC   := -Idrivers/sound -Idrivers/platform -I$(B)/gen -Itests/host
SYNTH_DEPS  := $(SYNTH_SRC) drivers/sound/oplsynth.h drivers/sound/opltables.h drivers/sound/oplregs.h drivers/sound/synthplay.h \
               tests/host/synthsong.h $(B)/gen/songs.c
$(B)/synth/synthrender: tests/host/synthrender.c $(SYNTH_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu11 -O2 -g $(WARN) $(SYNTH_INC) -Igame/engine $< $(SYNTH_SRC) game/engine/crc32.c $(B)/gen/songs.c -o $@
$(B)/synth/synthbench.elf: tests/synthbench/synthbench.c $(SYNTH_DEPS) linker.ld
	@mkdir -p $(@D)
	$(CC) $(filter-out -MMD -MP,$(KCFLAGS)) $(SYNTH_INC) $(KLDFLAGS) -o $@ $< $(SYNTH_SRC) $(B)/gen/songs.c -lgcc
bench-synth: $(B)/synth/synthrender $(B)/synth/synthbench.elf
	$(PYTHON) tests/qemu/synthbench.py --kernel $(B)/synth/synthbench.elf --render $(B)/synth/synthrender

# Time per save on each disk kind (USB stick on xHCI under SeaBIOS and OVMF, AHCI, IDE): the QEMU save
# tests that record it (tests/qemu/save_tests.py), then the table in docs/save.md (tools/save_table.py).
# Wall time to `ready` with Secure Boot on against off (docs/secureboot.md's generated table); the
# enrolled variables come from the secureboot_chain test (run here first when they are missing).
SB_VARS := $(B)/test-qemu/secureboot_chain/ovmf-vars-sb.fd
bench-secureboot: $(ISO) $(B)/hostframe $(B)/hostrun
	test -f $(SB_VARS) || $(PYTHON) tests/qemu/run_tests.py --iso $(ISO) --hostframe $(B)/hostframe \
		--hostrun $(B)/hostrun --out $(B)/test-qemu -k secureboot_chain
	$(PYTHON) tests/qemu/sbboottime.py --iso $(ISO) --vars $(SB_VARS) --runs 3 --out $(B)/bench-secureboot \
		--md docs/secureboot.md

bench-save: $(ISO) $(B)/hostframe $(B)/hostrun
	$(PYTHON) tests/qemu/run_tests.py --iso $(ISO) --hostframe $(B)/hostframe --hostrun $(B)/hostrun \
		--out $(B)/bench-save -k save_usb_bios -k save_usb_uefi -k save_ahci -k save_ide
	$(PYTHON) tools/save_table.py $(B)/bench-save/results.json docs/save.md

# The synthesizer against QEMU's own OPL2 (-device adlib) song by song: the note heard in each 0.1 s
# window (tests/qemu/synthcompare.py; tests/host/wavnotes.c measures the notes).
$(B)/synth/wavnotes: tests/host/wavnotes.c
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu11 -O2 $(WARN) $< -lm -o $@
synth-compare: $(ISO) $(B)/synth/synthrender $(B)/synth/wavnotes
	$(PYTHON) tests/qemu/synthcompare.py --iso $(ISO) --render $(B)/synth/synthrender \
		--wavnotes $(B)/synth/wavnotes --out $(B)/synthcompare --md docs/music.md

# Boot cost: guest instructions and wall time from reset to `ready` on CD, HDD and USB, ours against a trivial
# multiboot kernel's ISO built the same way (tests/bootbench/, docs/boot.md).
TRIVIAL_ISO := $(B)/bootbench/trivial.iso
$(B)/bootbench/trivial.elf: tests/bootbench/trivial.c linker.ld
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -O2 -m32 -fno-pie -fno-stack-protector $(WARN) $(KLDFLAGS) -o $@ $< -lgcc
	@grub-file --is-x86-multiboot $@ || { echo "error: $@ is not multiboot v1" >&2; exit 1; }
$(TRIVIAL_ISO): $(B)/bootbench/trivial.elf tests/bootbench/grub.cfg
	@rm -rf $(B)/bootbench/iso && mkdir -p $(B)/bootbench/iso/boot/grub
	$(CROSS)strip --strip-all -o $(B)/bootbench/iso/boot/kernel.elf $<
	cp tests/bootbench/grub.cfg $(B)/bootbench/iso/boot/grub/grub.cfg
	grub-mkrescue --locales= --fonts= --themes= -o $@ $(B)/bootbench/iso 2>$(B)/bootbench/grub-mkrescue.log || \
		{ cat $(B)/bootbench/grub-mkrescue.log >&2; exit 1; }

# The same trivial kernel in an image laid out as ours is (ISO_LAYOUT, tools/isolayout.py): bench-boot's
# second table, what the layout alone gains and ours against it.
TRIVIAL_LAID_ISO := $(B)/bootbench/trivial-laid.iso
TRIVIAL_LAYOUT   := @partmap normal.mod gzio.mod command.lst fs.lst crypto.lst terminal.lst /boot/grub/grub.cfg \
                    multiboot.mod /boot/kernel.elf @-fs
$(TRIVIAL_LAID_ISO): $(TRIVIAL_ISO) tools/isolayout.py
	$(PYTHON) tools/isolayout.py --grub /usr/lib/grub/i386-pc --tree $(B)/bootbench/iso -o $(B)/bootbench/isolayout.txt \
		$(TRIVIAL_LAYOUT)
	grub-mkrescue --locales= --fonts= --themes= -o $@ $(B)/bootbench/iso \
		-- -as mkisofs --sort-weight-list $(B)/bootbench/isolayout.txt -- 2>$(B)/bootbench/grub-mkrescue.log || \
		{ cat $(B)/bootbench/grub-mkrescue.log >&2; exit 1; }

# What a boot costs the host, counted at the trivial kernel's entry and our `ready` (SeaBIOS; root: the page
# frames): 2 MiB pieces of guest RAM backed, QEMU's translations, COM1 bytes, slow-path stores, bytes read.
probe-boot: deps-test $(ISO) $(TRIVIAL_ISO)
	$(PYTHON) tests/bootbench/probe.py --iso $(ISO) --elf $(KERNEL) --trivial $(TRIVIAL_ISO) \
	    --trivial-elf $(B)/bootbench/trivial.elf --out $(B)/bootbench/probe

bench-boot: deps-test $(ISO) $(TRIVIAL_ISO) $(TRIVIAL_LAID_ISO)
	$(PYTHON) tests/qemu/bootbench.py --iso $(ISO) --trivial $(TRIVIAL_ISO) --trivial-laid $(TRIVIAL_LAID_ISO) \
	    --out $(B)/bootbench --md docs/bootbench.md --boot-md docs/boot.md

clean:
	rm -rf $(B)

-include $(shell find $(B) -name '*.d' 2>/dev/null)
