/* panic.c: CPU exceptions and fatal errors end here: readable panic screen, serial report, halt. */
#include <stdbool.h>
#include <stdint.h>

#include "adlib.h"
#include "display.h"
#include "io.h"
#include "kfmt.h"
#include "klog.h"
#include "panic.h"
#include "speaker.h"

#define PANIC_BG        1               /* blue */
#define PANIC_BAR       4               /* red */
#define PANIC_TEXT      15              /* white */
#define PANIC_VALUE     14              /* yellow */
#define LINE_CHARS      41

static const char *const exception_names[32] = {
	[0] = "#DE divide error",           [1] = "#DB debug",
	[2] = "NMI interrupt",              [3] = "#BP breakpoint",
	[4] = "#OF overflow",               [5] = "#BR bound range exceeded",
	[6] = "#UD invalid opcode",         [7] = "#NM device not available",
	[8] = "#DF double fault",           [9] = "coprocessor segment overrun",
	[10] = "#TS invalid TSS",           [11] = "#NP segment not present",
	[12] = "#SS stack-segment fault",   [13] = "#GP general protection",
	[14] = "#PF page fault",            [15] = "reserved 15",
	[16] = "#MF x87 floating point",    [17] = "#AC alignment check",
	[18] = "#MC machine check",         [19] = "#XM SIMD floating point",
	[20] = "#VE virtualization",        [21] = "#CP control protection",
	[22] = "reserved 22", [23] = "reserved 23", [24] = "reserved 24",
	[25] = "reserved 25", [26] = "reserved 26", [27] = "reserved 27",
	[28] = "#HV hypervisor injection",  [29] = "#VC VMM communication",
	[30] = "#SX security",              [31] = "reserved 31",
};

static bool in_panic;

const char *panic_exception_name(unsigned vector)
{
	return vector < 32 ? exception_names[vector] : "not an exception";
}

static void halt_forever(void) __attribute__((noreturn));
static void halt_forever(void)
{
	spk_tone(0);                    /* no stuck tone or chord over the panic screen */
	adlib_reset();                  /* (nothing without a card) */
	klog("PANIC: halted\n");
	for (;;) {
		cpu_cli();
		cpu_hlt();
	}
}

/* Set the mode afresh (the crash may come before or during drawing) and paint the frame. */
static int screen_begin(const char *headline)
{
	int page;

	display_reset();                /* VGA: the mode set again; framebuffer: drawn in full */
	page = display_front_page();
	display_fill(page, 0, 0, SCREEN_W, SCREEN_H, PANIC_BG);
	display_fill(page, 0, 0, SCREEN_W, 12, PANIC_BAR);
	display_text(page, 4, 2, "SHARDFALL HAS STOPPED", PANIC_TEXT);
	display_text(page, 8, 20, headline, PANIC_VALUE);
	return page;
}

static void screen_line(int page, int row, const char *label, const char *value)
{
	display_text(page, 8, 36 + row * 12, label, PANIC_TEXT);
	display_text(page, 8 + 8 * 8, 36 + row * 12, value, PANIC_VALUE);
}

void panic_exception(const Regs *r)
{
	char head[LINE_CHARS], v[LINE_CHARS];
	int page;

	cpu_cli();
	if (in_panic) {
		klog("PANIC: exception %u inside the panic handler\n", (unsigned)r->vector);
		halt_forever();
	}
	in_panic = true;

	klog("PANIC: exception %u (%s) err=0x%08x\n",
	    (unsigned)r->vector, panic_exception_name(r->vector), (unsigned)r->err);
	klog("  eip=0x%08x cs=0x%04x eflags=0x%08x\n",
	    (unsigned)r->eip, (unsigned)r->cs, (unsigned)r->eflags);
	klog("  eax=0x%08x ebx=0x%08x ecx=0x%08x edx=0x%08x\n",
	    (unsigned)r->eax, (unsigned)r->ebx, (unsigned)r->ecx, (unsigned)r->edx);
	klog("  esi=0x%08x edi=0x%08x ebp=0x%08x esp=0x%08x\n",
	    (unsigned)r->esi, (unsigned)r->edi, (unsigned)r->ebp, (unsigned)r->esp_at_pusha);
	klog("  ds=0x%04x es=0x%04x fs=0x%04x gs=0x%04x\n",
	    (unsigned)r->ds, (unsigned)r->es, (unsigned)r->fs, (unsigned)r->gs);

	kfmt_snprintf(head, sizeof head, "EXCEPTION %u: %s", (unsigned)r->vector,
	    panic_exception_name(r->vector));
	page = screen_begin(head);
	kfmt_snprintf(v, sizeof v, "0x%08x", (unsigned)r->err);      screen_line(page, 0, "ERROR", v);
	kfmt_snprintf(v, sizeof v, "0x%08x", (unsigned)r->eip);      screen_line(page, 1, "EIP", v);
	kfmt_snprintf(v, sizeof v, "0x%04x", (unsigned)r->cs);       screen_line(page, 2, "CS", v);
	kfmt_snprintf(v, sizeof v, "0x%08x", (unsigned)r->eflags);   screen_line(page, 3, "EFLAGS", v);
	kfmt_snprintf(v, sizeof v, "%08x %08x", (unsigned)r->eax, (unsigned)r->ebx);
	screen_line(page, 5, "EAX EBX", v);
	kfmt_snprintf(v, sizeof v, "%08x %08x", (unsigned)r->ecx, (unsigned)r->edx);
	screen_line(page, 6, "ECX EDX", v);
	kfmt_snprintf(v, sizeof v, "%08x %08x", (unsigned)r->esi, (unsigned)r->edi);
	screen_line(page, 7, "ESI EDI", v);
	kfmt_snprintf(v, sizeof v, "%08x %08x", (unsigned)r->ebp, (unsigned)r->esp_at_pusha);
	screen_line(page, 8, "EBP ESP", v);
	kfmt_snprintf(v, sizeof v, "%04x %04x %04x %04x", (unsigned)r->ds, (unsigned)r->es,
	    (unsigned)r->fs, (unsigned)r->gs);
	screen_line(page, 9, "DS..GS", v);
	display_text(page, 8, 176, "THE REPORT IS ALSO ON COM1.", PANIC_TEXT);
	display_text(page, 8, 186, "PLEASE RESTART THE MACHINE.", PANIC_TEXT);
	halt_forever();
}

/* A fatal software error (not a CPU exception): same screen, the reason as headline. */
void panic(const char *why)
{
	cpu_cli();
	if (!in_panic) {
		in_panic = true;
		klog("PANIC: %s\n", why);
		screen_begin(why);
		display_text(display_front_page(), 8, 186, "PLEASE RESTART THE MACHINE.", PANIC_TEXT);
	}
	halt_forever();
}
