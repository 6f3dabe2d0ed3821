/* sysprobe.c: what the kernel found — CPUID, memory, display, keyboard, timer, sound, boot — as labelled lines. */
#include <stdbool.h>
#include <stdint.h>

#include "adlib.h"
#include "cpu.h"
#include "display.h"
#include "io.h"
#include "kfmt.h"
#include "klog.h"
#include "multiboot.h"
#include "pit.h"
#include "sysinfo.h"
#include "sysprobe.h"
#include "timer.h"

#define KBC_STATUS      0x0064

/* CPUID.1 feature bits worth knowing for a game: EDX, then ECX. */
static const struct {
	uint8_t reg;                    /* 3 = EDX, 2 = ECX */
	uint8_t bit;
	const char *name;
} features[] = {
	{ 3, 0, "FPU" }, { 3, 4, "TSC" }, { 3, 8, "CX8" }, { 3, 9, "APIC" }, { 3, 15, "CMOV" },
	{ 3, 23, "MMX" }, { 3, 25, "SSE" }, { 3, 26, "SSE2" }, { 2, 0, "SSE3" }, { 2, 19, "SSE4.1" },
	{ 2, 28, "AVX" }, { 2, 31, "HYPERVISOR" },
};

/* From drivers/platform/cpu.c's probe at boot: CPUID runs only there (tools/check_isa.py). */
static void probe_cpu(SysInfo *si)
{
	const CpuInfo *c = cpu_info();
	const char *b = c->brand;
	uint32_t regs[4];
	char line[SYSINFO_VALUE_SIZE];
	int n = 0;

	if (!c->has_cpuid) {
		sysinfo_add(si, "CPU", c->klass == 3 ? "386 class (no CPUID)" : "486 class (no CPUID)");
		return;
	}
	while (*b == ' ')
		b++;
	sysinfo_add(si, "CPU", *b ? b : c->vendor);
	if (c->max_leaf < 1) {
		sysinfo_add(si, "CPU id", c->vendor);
		return;
	}
	{
		uint32_t sig = c->signature;
		unsigned fam = (sig >> 8) & 0xF, model = (sig >> 4) & 0xF, step = sig & 0xF;

		if (fam == 0xF)
			fam += (sig >> 20) & 0xFF;
		if (fam == 0x6 || fam >= 0xF)
			model |= ((sig >> 16) & 0xF) << 4;
		kfmt_snprintf(line, sizeof line, "%s fam %u mod %u st %u", c->vendor, fam, model, step);
	}
	sysinfo_add(si, "CPU id", line);
	regs[0] = regs[1] = 0;
	regs[2] = c->ecx1;
	regs[3] = c->edx1;
	line[0] = '\0';
	for (unsigned i = 0; i < sizeof features / sizeof features[0]; i++)
		if (regs[features[i].reg] & (1u << features[i].bit))
			n += kfmt_snprintf(line + n, sizeof line - (unsigned)n, n ? " %s" : "%s", features[i].name);
	sysinfo_add(si, "Features", n ? line : "none of note");
}

static void probe_memory(SysInfo *si, const BootInfo *b)
{
	char line[SYSINFO_VALUE_SIZE];

	if (b->mem_usable)
		kfmt_snprintf(line, sizeof line, "%u MiB usable", (unsigned)(b->mem_usable >> 20));
	else if (b->mem_upper_kb)
		kfmt_snprintf(line, sizeof line, "%u KiB above 1 MiB", (unsigned)b->mem_upper_kb);
	else
		kfmt_snprintf(line, sizeof line, "not reported by the loader");
	sysinfo_add(si, "Memory", line);
}

/* The boot loader's drive number, as BIOSes hand them out, and the loader's name. */
static void probe_boot(SysInfo *si, const BootInfo *b)
{
	char line[SYSINFO_VALUE_SIZE];

	if (!b->boot_device_valid)
		kfmt_snprintf(line, sizeof line, "not reported by the loader");
	else if (b->boot_drive < 0x80)
		kfmt_snprintf(line, sizeof line, "floppy (BIOS drive %02Xh)", b->boot_drive);
	else if (b->boot_drive < 0xE0)
		kfmt_snprintf(line, sizeof line, "disk or USB (drive %02Xh)", b->boot_drive);
	else
		kfmt_snprintf(line, sizeof line, "CD-ROM (BIOS drive %02Xh)", b->boot_drive);
	sysinfo_add(si, "Boot", line);
	sysinfo_add(si, "Loader", b->loader[0] ? b->loader : "unknown");
	/*
	 * NOTE: a multiboot v1 kernel is not told the firmware kind. GRUB's BIOS
	 * build reports the BIOS drive it booted from; its UEFI builds do not,
	 * and hand over a framebuffer instead. (The BIOS data area is no sign:
	 * OVMF fills it on some machines.)
	 */
	if (b->boot_device_valid)
		sysinfo_add(si, "Firmware", "BIOS (legacy boot)");
	else if (display_is_framebuffer())
		sysinfo_add(si, "Firmware", "UEFI (framebuffer, no BIOS drive)");
	else
		sysinfo_add(si, "Firmware", "not known");
}

void sysprobe_collect(SysInfo *si, const BootInfo *b, AdlibProbe adlib, uint8_t adlib_status)
{
	char line[SYSINFO_VALUE_SIZE];

	sysinfo_clear(si);
	probe_cpu(si);
	probe_memory(si, b);
	if (display_is_framebuffer())
		kfmt_snprintf(line, sizeof line, "framebuffer %ux%u, %u-bit", (unsigned)b->fb.width,
		    (unsigned)b->fb.height, (unsigned)b->fb.bpp);
	else if (b->fb_type == 0 || b->fb_type == 1)   /* NOTE: COM1's `display:` lines say why */
		kfmt_snprintf(line, sizeof line, "VGA 0Dh: the loader's %ux%u framebuffer unusable",
		    (unsigned)b->fb.width, (unsigned)b->fb.height);
	else
		kfmt_snprintf(line, sizeof line, "VGA 0Dh, 320x200, 16 colours");
	sysinfo_add(si, "Display", line);
	sysinfo_add(si, "Keyboard", inb(KBC_STATUS) == 0xFF ? "no 8042 answered at 64h" : "PS/2 (8042 at 60h/64h)");
	switch (timer_clock()) {
	case TICK_PIT:
		kfmt_snprintf(line, sizeof line, "PIT %u Hz (divisor %u)", PIT_TICK_HZ, (unsigned)pit_channel0_divisor());
		break;
	case TICK_LAPIC_PM:
		kfmt_snprintf(line, sizeof line, "local APIC %u Hz (no PIT; ACPI PM timer)", PIT_TICK_HZ);
		break;
	case TICK_LAPIC_HPET:
		kfmt_snprintf(line, sizeof line, "local APIC %u Hz (no PIT; HPET)", PIT_TICK_HZ);
		break;
	default:
		kfmt_snprintf(line, sizeof line, "none: no PIT, no APIC timer");
		break;
	}
	sysinfo_add(si, "Timer", line);
	if (adlib == ADLIB_FOUND)
		kfmt_snprintf(line, sizeof line, "speaker, AdLib OPL2 at 388h");
	else
		kfmt_snprintf(line, sizeof line, "speaker; no AdLib (%s %02Xh)",
		    adlib == ADLIB_FLOATING ? "bus" : adlib == ADLIB_BAD_IDLE ? "idle" : "timer", adlib_status);
	sysinfo_add(si, "Sound", line);
	probe_boot(si, b);
}

/*
 * Secure Boot, as the kernel can know it: a 32-bit kernel started with boot
 * services gone cannot read the SecureBoot variable itself, so it believes
 * the loader. Our signed x64 GRUB writes secureboot=on when it had
 * shim_lock=y (Secure Boot on, shim verified this kernel, signed with the
 * builder's key: so the key is enrolled) and secureboot=off otherwise
 * (boot/grub-sb.cfg). A BIOS boot has no Secure Boot, whatever an options
 * file's secureboot= word claims. Anything else (the unsigned ia32 GRUB)
 * says nothing, and so do we.
 */
void sysprobe_secure_boot(SysInfo *si, const BootInfo *b, SecureBootWord word)
{
	const char *shown, *how;

	if (b->boot_device_valid) {
		/* NOTE: only an options file can put the word on a BIOS GRUB's line: not believed. */
		shown = "off (not UEFI: BIOS boot)";
		how = word == SECBOOT_UNSAID ? "a BIOS boot (the loader names a BIOS drive): Secure Boot is UEFI's" :
		    "a BIOS boot (the loader names a BIOS drive): Secure Boot is UEFI's; the secureboot= option is not believed";
		word = SECBOOT_OFF;
	} else if (word == SECBOOT_ON) {
		shown = "on (key SHARDFALL enrolled)";
		how = "the loader says so: GRUB had shim_lock=y, so shim verified this kernel's signature";
	} else if (word == SECBOOT_OFF) {
		shown = "off (the loader says so)";
		how = "the loader says so: GRUB found Secure Boot off (no shim_lock)";
	} else {
		shown = "not reported by the loader";
		how = "no secureboot= word from the loader (an unsigned GRUB: off or not enforced)";
	}
	klog("secure boot: %s (%s)\n", word == SECBOOT_ON ? "on" : word == SECBOOT_OFF ? "off" : "unknown", how);
	sysinfo_add(si, "Sec. Boot", shown);
}

void sysprobe_log(const SysInfo *si)
{
	for (int i = 0; i < si->count; i++)
		klog("sysinfo: %s: %s\n", si->line[i].label, si->line[i].value);
}
