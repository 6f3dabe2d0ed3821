/* main.c: kmain — bring the machine up in order, then run the game loop on the 140 Hz tick. */
#include <stdbool.h>
#include <stdint.h>

#include "cmdline.h"
#include "frame.h"
#include "gdt.h"
#include "gfx.h"
#include "gfxcache.h"
#include "idt.h"
#include "input.h"
#include "io.h"
#include "kbdscan.h"
#include "keyboard.h"
#include "keymap.h"
#include "kfmt.h"
#include "klog.h"
#include "multiboot.h"
#include "panic.h"
#include "pic.h"
#include "pit.h"
#include "render.h"
#include "serial.h"
#include "sound.h"
#include "speaker.h"
#include "title.h"
#include "vga.h"

#define KERNEL_VERSION "0.1"

static BootInfo boot;
static BootOptions opts;
static Frame frame;

static void timer_irq(void)
{
	pit_irq();
	spk_tick();
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

/* The tick's input record: held buttons from the key table, presses from the queue. */
static void input_sample(GameInput *in)
{
	uint8_t key;
	int b;

	*in = (GameInput){ 0 };
	for (int k = 0; k < KBD_KEYS; k++)
		if (kbd_down((uint8_t)k) && (b = keymap_button((uint8_t)k)) >= 0)
			in->held |= BTN_BIT(b);
	while (kbd_pop_press(&key))
		if ((b = keymap_button(key)) >= 0)
			in->pressed |= BTN_BIT(b);
}

static void play_sound(SoundId id)
{
	const SoundDef *d = &snd_defs[id];
	char list[160];
	int n = 0;

	if (id == SND_NONE || id >= SND_COUNT || !spk_play(d->divisors, d->length, d->priority))
		return;
	for (int i = 0; i < d->length && n < (int)sizeof list - 8; i++)
		n += kfmt_snprintf(list + n, sizeof list - (size_t)n, i ? ",%u" : "%u", d->divisors[i]);
	klog("sfx start id=%d div=%s\n", (int)id, list);
}

/*
 * Fixed timestep: the game advances one tick per PIT tick; if drawing fell
 * behind, logic catches up first, then one draw shows the newest state.
 * With ticks=N it stops after tick N and reports the displayed page's CRC.
 */
static void run_title(void)
{
	static TitleState title;
	uint32_t done = 0, start, look = 0;
	bool shown = false;

	title_init(&title);
	start = pit_ticks();
	for (;;) {
		uint32_t due = pit_ticks() - start;

		if (opts.ticks && due > opts.ticks)
			due = opts.ticks;
		while (done < due) {
			GameInput in;
			TitleEvents ev;

			input_sample(&in);
			title_tick(&title, &in, &ev);
			done++;
			play_sound(ev.sound);
			if (ev.moved)
				klog("title: sprite tx=%d ty=%d\n", title.tx, title.ty);
		}
		if (!shown || title_look(&title) != look) {
			look = title_look(&title);
			title_draw(&title, &frame);
			render_frame(&frame);
			if (!shown)
				klog("ready\n");
			shown = true;
		}
		if (opts.ticks && done >= opts.ticks) {
			klog("READY tick=%u crc=%08X\n", (unsigned)done, (unsigned)render_displayed_crc());
			for (;;)
				cpu_sti_hlt();          /* frozen: IRQs still finish any sound */
		}
		pit_wait_tick();
	}
}

void kmain(uint32_t magic, uint32_t info)
{
	serial_init();                  /* COM1 first: everything after logs there */
	klog("\nShardfall kernel " KERNEL_VERSION " booting\n");
	gdt_init();                     /* our flat code and data segments */
	idt_init();                     /* 32 exceptions to the panic screen, 16 IRQ gates */
	pic_init();                     /* IRQs 0-15 to vectors 0x20-0x2F, all masked */
	multiboot_parse(magic, info, &boot);
	multiboot_log(&boot);
	cmdline_parse(boot.cmdline, &opts);
	for (int i = 0; i < opts.problems && i < CMDLINE_MAX_PROBLEMS; i++)
		klog("cmdline: %s\n", opts.problem[i]);
	vga_init();                     /* mode 0Dh by registers, both pages cleared */
	vga_load_palette(gfx_palette);  /* EGA colours into the DAC */
	vga_set_font(gfx_font);
	gfxcache_init();                /* tiles into off-screen VRAM, sprites planar */
	pit_init();                     /* channel 0 at 140 Hz */
	irq_set_handler(IRQ_TIMER, timer_irq);
	kbd_init();                     /* scancode set 1 decoder, controller drained */
	irq_set_handler(IRQ_KEYBOARD, kbd_irq);
	spk_init();                     /* channel 2, silent */
	pic_unmask(IRQ_TIMER);
	pic_unmask(IRQ_KEYBOARD);
	klog("pit: channel 0 divisor %u (%u Hz)\n", (unsigned)pit_channel0_divisor(), PIT_TICK_HZ);
	if (opts.ticks)
		klog("test: freezing after %u ticks\n", (unsigned)opts.ticks);
	if (opts.crashtest != CRASH_NONE)
		crash_now(opts.crashtest);
	cpu_sti();
	run_title();
}
