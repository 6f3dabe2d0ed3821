/* main.c: kmain — bring the machine up in order, then run the game loop on the 140 Hz tick. */
#include <stdbool.h>
#include <stdint.h>

#include "acpi.h"
#include "acpiboot.h"
#include "adlib.h"
#include "bringup.h"
#include "cmdline.h"
#include "cpu.h"
#include "display.h"
#include "fault.h"
#include "gdt.h"
#include "idt.h"
#include "io.h"
#include "keyboard.h"
#include "hwinfo.h"
#include "klog.h"
#include "latemem.h"
#include "kfmt.h"
#include "loop.h"
#include "memcheck.h"
#include "mce.h"
#include "multiboot.h"
#include "music.h"
#include "pages.h"
#include "paging.h"
#include "pcm.h"
#include "panic.h"
#include "pic.h"
#include "pit.h"
#include "restart.h"
#include "serial.h"
#include "speaker.h"
#include "sysinfo.h"
#include "soundsetup.h"
#include "sysprobe.h"
#include "timer.h"
#include "title.h"
#include "watchdog.h"
#include "usb.h"

extern char __kernel_start[];   /* linker.ld */

static BootInfo boot;
static BootOptions opts;
static SysInfo sysinfo;
#define SERIAL_HOLD_TICKS 70            /* COM1 held back at most 0.5 s of ticks after the timer starts, if the title never comes */
static BringUp behind;                  /* the devices behind the title (bringup.c) */
static AcpiInfo acpi;                   /* read once; the timer and the restart use it */

/* Under QEMU -icount the TSC counts guest instructions: what BIOS and GRUB cost before us. */
static void log_entry_tsc(void)
{
	uint64_t tsc;

	if (cpu_timestamp(&tsc))
		klog("boot: kmain at tsc=%u%09u\n", (unsigned)(tsc / 1000000000u), (unsigned)(tsc % 1000000000u));
}

/* COM1: the CPU found. A 486 is the least the kernel is built for (-march=i486). */
static void cpu_log(void)
{
	const CpuInfo *c = cpu_info();

	if (c->klass < 4)
		klog("cpu: 386 class (EFLAGS.AC fixed): older than the 486 this game needs; trying anyway\n");
	if (!c->has_cpuid) {
		klog("cpu: 486 class, no CPUID (EFLAGS.ID fixed): no TSC, no MSRs, no local APIC used\n");
		return;
	}
	klog("cpu: %s family %d model %u stepping %u%s%s%s\n", c->vendor, cpu_family(),
	    (unsigned)((c->signature >> 4) & 0xF), (unsigned)(c->signature & 0xF),
	    c->brand[0] ? " \"" : "", c->brand, c->brand[0] ? "\"" : "");
	klog("cpu: features%s%s%s%s\n", cpu_has(CPU_F_FPU) ? " fpu" : " no-fpu",
	    cpu_has(CPU_F_TSC) ? " tsc" : " no-tsc", cpu_has(CPU_F_MSR) ? " msr" : " no-msr",
	    cpu_has(CPU_F_APIC) ? " apic" : " no-apic");
}

static void keyboard_irq(void);

/* The PS/2 controller and keyboard; without one the title says so (the game gets it as data). */
static void keyboard_start(void)
{
	KbdReport r;

	if (kbd_init(&r) != KBD_OK) {
		if (r.result == KBD_NO_CONTROLLER)
			klog("kbd: no PS/2 keyboard found: %s\n", kbd_result_text(r.result));
		else
			klog("kbd: no PS/2 keyboard found: %s (self-test 0x%02X, port test 0x%02X, reset 0x%02X)\n",
			    kbd_result_text(r.result), r.selftest, r.port_test, r.reset_reply);
		loop_set_notice("no PS/2 keyboard found");
		return;
	}
	klog("kbd: 8042 self-test 0x%02X, port 1 test 0x%02X, keyboard reset 0x%02X, config 0x%02X -> 0x%02X "
	    "(IRQ1, translation to set 1), %d stale bytes dropped\n", r.selftest, r.port_test, r.reset_reply,
	    r.config_before, r.config, r.flushed);
	irq_set_handler(IRQ_KEYBOARD, keyboard_irq);
	pic_unmask(IRQ_KEYBOARD);
}

static void timer_irq(void)
{
	pit_irq();
	spk_tick();
	pcm_tick();                     /* the effect's tone into the PCM mix, the DMA ring refilled */
	watchdog_tick();                /* lockup: no main-loop pass for 2 s */
	music_tick();                   /* never touches the game: only the AdLib */
	usb_tick();                     /* USB keyboard reports into the key table */
	serial_pump();                  /* COM1's queue: what the UART takes now */
	if (restart_combo(kbd_down)) {  /* Ctrl+Alt+Del held on a USB keyboard (PS/2: keyboard_irq) */
		klog("restart: Ctrl+Alt+Del\n");
		restart_now();
	}
}

/*
 * What the kernel occupies (its image, BSS and late BSS: stacks, pools, page
 * tables) and every module GRUB loaded must be usable RAM in the memory map.
 */
static void memory_check(void)
{
	static char why[96], head[128];
	uint32_t start = (uint32_t)(uintptr_t)__kernel_start, end = (uint32_t)(uintptr_t)__late_end;
	uint32_t mods = 0;

	for (int i = 0; i < boot.module_count; i++)
		mods += boot.modules[i].end - boot.modules[i].start;
	if (memcheck_boot(&boot, start, end, why, sizeof why)) {
		klog("memory: kernel 0x%08x..0x%08x (%u KiB with BSS), modules %u KiB: in usable RAM%s%s\n",
		    (unsigned)start, (unsigned)end, (unsigned)((end - start) / 1024), (unsigned)(mods / 1024),
		    why[0] ? "? " : "", why);
		return;
	}
	kfmt_snprintf(head, sizeof head, "NOT ENOUGH MEMORY: %s", why);
	panic(head);
}

/* Ctrl+Alt+Del restarts the PC from anywhere (kernel/cpu/restart.c). */
static void keyboard_irq(void)
{
	kbd_irq();
	if (restart_combo(kbd_down)) {
		klog("restart: Ctrl+Alt+Del\n");
		restart_now();
	}
}

/*
 * The loader's framebuffer where the CPU can write it: kernel/cpu/paging.c
 * shows one above 4 GiB through PAE windows and makes it write-combining
 * where the CPU has PAT (and PAE). Nothing is mapped without a pixel
 * framebuffer (BIOS: GRUB's text mode), so the BIOS path keeps its paging.
 */
static DisplayFbMap map_framebuffer(const BootInfo *b)
{
	uint64_t size = (uint64_t)b->fb.pitch * b->fb.height;
	PagingFb p;

	if (b->fb_type != 0 && b->fb_type != 1)
		return (DisplayFbMap){ NULL, "not a pixel framebuffer" };
	if (size > UINT32_MAX)
		return (DisplayFbMap){ NULL, "larger than 4 GiB: it cannot be mapped" };
	p = paging_map_framebuffer(b->fb.addr, (uint32_t)size);
	return (DisplayFbMap){ (uint8_t *)p.va, p.how };
}

void kmain(uint32_t magic, uint32_t info)
{
	serial_init();                  /* COM1 first: everything after logs there */
	/*
	 * ... from a queue, held (serial.c): nothing before the title waits for
	 * the UART (QEMU: a host write per byte, ~2,000 bytes to the title). The
	 * tick pumps it once the timer runs: the hold ends at the first frame
	 * (log_ready) or SERIAL_HOLD_TICKS later. A panic, a CPU exception, a
	 * restart or the halt turns the queue off, which writes it all out first.
	 * NOTE: a triple fault before the timer (a fault before idt_init and
	 * fault_init have set the gates, or one the double-fault task cannot
	 * take) resets the PC with the queued lines unsent. Accepted: those few
	 * steps log little, and any fault they can report reaches the panic.
	 */
	serial_queue(true);
	serial_hold(SERIAL_HOLD_TICKS);
	klog("\nShardfall kernel " GAME_VERSION " booting\n");
	cpu_probe();                    /* 386/486 flags test, CPUID only if EFLAGS.ID toggles */
	log_entry_tsc();                /* make bench-boot: firmware + loader cost */
	cpu_log();
	gdt_init();                     /* flat code and data, the stack segment that guards the stack's bottom */
	idt_init();                     /* 32 exceptions to the panic screen, 16 IRQ gates */
	fault_init();                   /* double fault: a task gate to its own TSS and stack */
	mce_init();                     /* machine checks to the panic screen, when the CPU has them */
	pic_init();                     /* IRQs 0-15 to vectors 0x20-0x2F, all masked */
	multiboot_parse(magic, info, &boot);
	multiboot_log(&boot);
	memory_check();                 /* the image, BSS and modules in usable RAM, or a message and a halt */
	latemem_claim(&boot);           /* modules moved off the late BSS, which is zeroed: its pools usable */
	pages_init(&boot, (uint32_t)(uintptr_t)__late_end);   /* RAM above it all: USB controllers' memory */
	cmdline_parse(boot.cmdline, cmdline_loader_puts_path(boot.loader), &opts);     /* QEMU: path first */
	for (int i = 0; i < opts.problems && i < CMDLINE_MAX_PROBLEMS; i++)
		klog("cmdline: %s\n", opts.problem[i]);
	if (opts.crashtest == CRASH_EARLY)
		fault_crashtest(opts.crashtest);        /* before there is a screen of ours */
	acpiboot_find(&boot, &acpi);    /* the firmware's ACPI tables (loader tag, EFI table, scans): PM timer, HPET, reset */
	restart_init(&acpi);            /* Ctrl+Alt+Del: ACPI's reset register, if the FADT has one */
	display_init(&boot, map_framebuffer(&boot));    /* the loader's framebuffer (UEFI), else VGA mode 0Dh */
	panic_display_ready();          /* from here a panic draws its screen */
	if (timer_start(timer_irq, &acpi) == TICK_NONE)        /* PIT at 140 Hz, else the local APIC timer */
		panic(timer_problem()); /* every wait would spin for ever: say so on screen, halt */
	keyboard_start();               /* the 8042 set up by us; IRQ1 on only if a keyboard answered */
	spk_init();                     /* channel 2, silent */
	uint8_t status;
	AdlibProbe adlib = sound_init(&opts, &status);  /* OPL2 timer test, music player */

	sysprobe_collect(&sysinfo, &boot, adlib, status);       /* CPU, memory, devices: System info */
	sysprobe_secure_boot(&sysinfo, &boot, opts.secureboot); /* what the loader says of Secure Boot */
	sysprobe_log(&sysinfo);
	if (opts.ticks)
		klog("test: freezing after %u ticks\n", (unsigned)opts.ticks);
	if (opts.crashtest != CRASH_NONE && !crashtest_on_fiber(opts.crashtest))
		fault_crashtest(opts.crashtest);        /* crashtest=lockup is the main loop's, fiber* the bring-up's */
	cpu_sti();
	/* disks, USB, the sticks, the save area, HDA/AC'97, pads: behind the title, stepped by the loop (bringup.c) */
	bringup_init(&behind, &opts, &boot, &acpi, &sysinfo, adlib == ADLIB_FOUND);
	loop_run(&opts, &boot, &sysinfo, &behind);      /* title, levels: never returns */
}
