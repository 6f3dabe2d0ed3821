/* main.c: kmain — bring the machine up in order, then run the game loop on the 140 Hz tick. */
#include <stdbool.h>
#include <stdint.h>

#include "cmdline.h"
#include "display.h"
#include "fault.h"
#include "gdt.h"
#include "idt.h"
#include "io.h"
#include "keyboard.h"
#include "klog.h"
#include "kfmt.h"
#include "loop.h"
#include "memcheck.h"
#include "mce.h"
#include "multiboot.h"
#include "panic.h"
#include "pic.h"
#include "pit.h"
#include "restart.h"
#include "serial.h"
#include "speaker.h"
#include "watchdog.h"
#include "usb.h"

#define KERNEL_VERSION "0.1"

extern char __kernel_start[], __kernel_end[];   /* linker.ld */

static BootInfo boot;
static BootOptions opts;

static void timer_irq(void)
{
	pit_irq();
	spk_tick();
	watchdog_tick();                /* lockup: no main-loop pass for 2 s */
	usb_tick();                     /* USB keyboard reports into the key table */
}

/*
 * What the kernel occupies (its image and BSS: stacks, pools, page tables)
 * and every module GRUB loaded must be usable RAM in the memory map.
 */
static void memory_check(void)
{
	static char why[96], head[128];
	uint32_t start = (uint32_t)(uintptr_t)__kernel_start, end = (uint32_t)(uintptr_t)__kernel_end;
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

/* Ctrl+Alt+Del restarts the PC from anywhere (kernel/restart.c). */
static void keyboard_irq(void)
{
	kbd_irq();
	if (restart_combo(kbd_down)) {
		klog("restart: Ctrl+Alt+Del\n");
		restart_now();
	}
}

void kmain(uint32_t magic, uint32_t info)
{
	serial_init();                  /* COM1 first: everything after logs there */
	klog("\nShardfall kernel " KERNEL_VERSION " booting\n");
	gdt_init();                     /* flat code and data, the stack segment that guards the stack's bottom */
	idt_init();                     /* 32 exceptions to the panic screen, 16 IRQ gates */
	fault_init();                   /* double fault: a task gate to its own TSS and stack */
	mce_init();                     /* machine checks to the panic screen, when the CPU has them */
	pic_init();                     /* IRQs 0-15 to vectors 0x20-0x2F, all masked */
	multiboot_parse(magic, info, &boot);
	multiboot_log(&boot);
	memory_check();                 /* the image, BSS and modules in usable RAM, or a message and a halt */
	cmdline_parse(boot.cmdline, cmdline_loader_puts_path(boot.loader), &opts);     /* QEMU: path first */
	for (int i = 0; i < opts.problems && i < CMDLINE_MAX_PROBLEMS; i++)
		klog("cmdline: %s\n", opts.problem[i]);
	if (opts.crashtest == CRASH_EARLY)
		fault_crashtest(opts.crashtest);        /* before there is a screen of ours */
	restart_init();                 /* Ctrl+Alt+Del: ACPI's reset register, if the FADT has one */
	display_init(&boot);            /* the loader's framebuffer (UEFI), else VGA mode 0Dh */
	panic_display_ready();          /* from here a panic draws its screen */
	pit_init();                     /* channel 0 at 140 Hz */
	irq_set_handler(IRQ_TIMER, timer_irq);
	kbd_init();                     /* scancode set 1 decoder, controller drained */
	irq_set_handler(IRQ_KEYBOARD, keyboard_irq);
	spk_init();                     /* channel 2, silent */
	pic_unmask(IRQ_TIMER);
	pic_unmask(IRQ_KEYBOARD);
	klog("pit: channel 0 divisor %u (%u Hz)\n", (unsigned)pit_channel0_divisor(), PIT_TICK_HZ);
	if (opts.ticks)
		klog("test: freezing after %u ticks\n", (unsigned)opts.ticks);
	if (opts.crashtest != CRASH_NONE)
		fault_crashtest(opts.crashtest);        /* crashtest=lockup is the main loop's */
	cpu_sti();
	usb_init();                     /* PCI scan, xHCI controllers, USB keyboards (waits need the tick) */
	loop_run(&opts, &boot);        /* title, levels: never returns */
}
