/* main.c: kmain — bring the machine up in order, then run the game loop on the 140 Hz tick. */
#include <stdbool.h>
#include <stdint.h>

#include "adlib.h"
#include "cmdline.h"
#include "display.h"
#include "gdt.h"
#include "idt.h"
#include "io.h"
#include "keyboard.h"
#include "klog.h"
#include "loop.h"
#include "multiboot.h"
#include "music.h"
#include "panic.h"
#include "pic.h"
#include "pit.h"
#include "serial.h"
#include "speaker.h"
#include "sysinfo.h"
#include "sysprobe.h"
#include "title.h"
#include "usb.h"

static BootInfo boot;
static BootOptions opts;
static SysInfo sysinfo;

static void timer_irq(void)
{
	pit_irq();
	spk_tick();
	music_tick();                   /* never touches the game: only the AdLib */
	usb_tick();                     /* USB keyboard reports into the key table */
}

/* USB keyboards come up after the other probes (their waits need the tick): their System info line. */
static void usb_fact(void)
{
	char note[SYSINFO_VALUE_SIZE];

	usb_note(note, sizeof note);
	if (note[0] && sysinfo_add(&sysinfo, "USB", note))
		klog("sysinfo: USB: %s\n", note);
}

/* The AdLib: found or not, said on COM1; without one the music is simply off. */
static AdlibProbe sound_init(uint8_t *status)
{
	uint8_t idle, timer;
	AdlibProbe p = adlib_detect(&idle, &timer);

	*status = p == ADLIB_FOUND || p == ADLIB_NO_TIMER ? timer : idle;
	if (p == ADLIB_FOUND)
		klog("adlib: OPL2 found at 0x388 (status %02x then %02x)\n", idle, timer);
	else
		klog("adlib: no OPL2 at 0x388 (status %02x then %02x): music off\n", idle, timer);
	music_init(p == ADLIB_FOUND);
	return p;
}

/* Deliberate CPU exceptions for the panic-screen tests (crashtest=). */
static void crash_now(CrashTest c)
{
	volatile int zero = 0;

	klog("crashtest: triggering exception on purpose\n");
	switch (c) {
	case CRASH_DE:
		__asm__ volatile("divl %1" : : "a"(1), "r"(zero), "d"(0));
		break;
	case CRASH_BP:
		__asm__ volatile("int3");
		break;
	case CRASH_UD:
		__asm__ volatile("ud2");
		break;
	case CRASH_GP:
		__asm__ volatile("mov %0, %%ds" : : "r"(0x0BAD));
		break;
	case CRASH_NONE:
		break;
	}
	panic("crashtest: the exception did not happen");
}

void kmain(uint32_t magic, uint32_t info)
{
	serial_init();                  /* COM1 first: everything after logs there */
	klog("\nShardfall kernel " GAME_VERSION " booting\n");
	gdt_init();                     /* our flat code and data segments */
	idt_init();                     /* 32 exceptions to the panic screen, 16 IRQ gates */
	pic_init();                     /* IRQs 0-15 to vectors 0x20-0x2F, all masked */
	multiboot_parse(magic, info, &boot);
	multiboot_log(&boot);
	cmdline_parse(boot.cmdline, &opts);
	for (int i = 0; i < opts.problems && i < CMDLINE_MAX_PROBLEMS; i++)
		klog("cmdline: %s\n", opts.problem[i]);
	display_init(&boot);            /* the loader's framebuffer (UEFI), else VGA mode 0Dh */
	pit_init();                     /* channel 0 at 140 Hz */
	irq_set_handler(IRQ_TIMER, timer_irq);
	kbd_init();                     /* scancode set 1 decoder, controller drained */
	irq_set_handler(IRQ_KEYBOARD, kbd_irq);
	spk_init();                     /* channel 2, silent */
	{
		uint8_t status;
		AdlibProbe p = sound_init(&status);     /* OPL2 timer test, music player */

		sysprobe_collect(&sysinfo, &boot, p, status);   /* CPU, memory, devices: System info */
		sysprobe_log(&sysinfo);
	}
	pic_unmask(IRQ_TIMER);
	pic_unmask(IRQ_KEYBOARD);
	klog("pit: channel 0 divisor %u (%u Hz)\n", (unsigned)pit_channel0_divisor(), PIT_TICK_HZ);
	if (opts.ticks)
		klog("test: freezing after %u ticks\n", (unsigned)opts.ticks);
	if (opts.crashtest != CRASH_NONE)
		crash_now(opts.crashtest);
	cpu_sti();
	usb_init();                     /* PCI scan, xHCI controllers, USB keyboards (waits need the tick) */
	usb_fact();                     /* System info: the USB keyboards found */
	loop_run(&opts, &boot, &sysinfo);       /* title, levels: never returns */
}
