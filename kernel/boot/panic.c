/* panic.c: CPU exceptions and fatal errors end here: readable panic screen, serial report, halt. */
#include <stdbool.h>
#include <stdint.h>

#include "adlib.h"
#include "bringup.h"
#include "display.h"
#include "idt.h"
#include "io.h"
#include "kfmt.h"
#include "klog.h"
#include "mce.h"
#include "panic.h"
#include "restart.h"
#include "save.h"
#include "serial.h"
#include "speaker.h"
#include "watchdog.h"

#define PANIC_BG        1               /* blue */
#define PANIC_BAR       4               /* red */
#define PANIC_TEXT      15              /* white */
#define PANIC_VALUE     14              /* yellow */
#define LINE_CHARS      41
#define VECTOR_MC       18
#define TEXT_VRAM       0xB8000         /* the firmware's 80x25 text screen, before ours is set up */
#define TEXT_WHITE_ON_RED 0x4F00

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

static volatile int depth;              /* panics entered: 2 = a fault while reporting one */
static char report[2048];               /* the COM1 report, for CRASH.TXT on the stick */
static bool display_known;
static bool fault_in_drawing;           /* crashtest=inpanic */
static PanicReplayLine replay_line;     /* panic_set_replay */
static PanicReplaySave replay_save;
static char replay_text[LINE_CHARS + 40];       /* the replay's line, "" when there is none */
static bool report_saved;               /* CRASH.TXT was written (the screen's saved line) */

const char *panic_exception_name(unsigned vector)
{
	return vector < 32 ? exception_names[vector] : "not an exception";
}

void panic_display_ready(void)
{
	display_known = true;
}

void panic_fault_while_drawing(void)
{
	fault_in_drawing = true;
}

void panic_set_replay(PanicReplayLine line, PanicReplaySave save)
{
	replay_line = line;
	replay_save = save;
}

static void halt_forever(void) __attribute__((noreturn));
static void halt_forever(void)
{
	spk_tone(0);                    /* no stuck tone or chord over the panic screen */
	adlib_reset();                  /* (nothing without a card) */
	serial_write("PANIC: halted\n");
	restart_poll_forever();         /* interrupts off; only Ctrl+Alt+Del gets out */
}

/*
 * -- the display ---------------------------------------------------------
 * Everything the panic shows goes through the screen_ functions, so another back end
 * (a framebuffer) needs only them. Before the display is set up, the report
 * goes to the firmware's text screen, which is there on a BIOS PC.
 */
static int screen_page;

static void screen_begin(const char *headline)
{
	display_reset();                /* VGA: the mode set again; framebuffer: drawn in full */
	screen_page = display_front_page();
	display_fill(screen_page, 0, 0, SCREEN_W, SCREEN_H, PANIC_BG);
	display_fill(screen_page, 0, 0, SCREEN_W, 12, PANIC_BAR);
	display_text(screen_page, 4, 2, "SHARDFALL HAS STOPPED", PANIC_TEXT);
	if (fault_in_drawing) {
		fault_in_drawing = false;
		__asm__ volatile("ud2");        /* crashtest=inpanic: a fault half way through the screen */
	}
	display_text(screen_page, 8, 20, headline, PANIC_VALUE);
}

/* A label and its value on register row `row`, the value from character column value_col. */
static void screen_pair(int row, const char *label, const char *value, int value_col)
{
	display_text(screen_page, 8, 36 + row * 12, label, PANIC_TEXT);
	display_text(screen_page, 8 + value_col * 8, 36 + row * 12, value, PANIC_VALUE);
}

static void screen_line(int row, const char *label, const char *value)
{
	screen_pair(row, label, value, 8);
}

static void screen_footer(void)
{
	display_text(screen_page, 8, 176, "THE REPORT IS ALSO ON COM1.", PANIC_TEXT);
	display_text(screen_page, 8, 186, "CTRL+ALT+DEL RESTARTS THE PC.", PANIC_TEXT);
}

/* A fault while reporting: one red bar over whatever the screen shows, no mode set. */
static void screen_fault_bar(void)
{
	display_fill(display_front_page(), 0, 188, SCREEN_W, 12, PANIC_BAR);
	display_text(display_front_page(), 4, 190, "FAULT IN PANIC REPORT: SEE COM1", PANIC_TEXT);
}

/* One line on the firmware's text screen (row 0..24), white on red. */
static void text_screen_line(int row, const char *s)
{
	volatile uint16_t *cell = (volatile uint16_t *)(uintptr_t)TEXT_VRAM + row * 80;

	for (int i = 0; i < 80; i++)
		cell[i] = (uint16_t)(TEXT_WHITE_ON_RED | (uint8_t)(*s ? *s++ : ' '));
}

/* -- a fault while reporting: no formatter, no drawing beyond one bar --- */
static void raw_hex(uint32_t v)
{
	char s[11] = "0x";

	for (int i = 0; i < 8; i++)
		s[2 + i] = "0123456789abcdef"[(v >> (28 - 4 * i)) & 0xF];
	s[10] = '\0';
	serial_write(s);
}

static void __attribute__((noreturn)) nested(const Regs *r, const char *what)
{
	int d = ++depth;

	cpu_cli();
	if (d > 3)
		for (;;)
			cpu_hlt();              /* not even the serial line works: stop dead */
	serial_write("PANIC: ");
	serial_write(what);
	if (r) {
		serial_write(" vector=");
		raw_hex(r->vector);
		serial_write(" eip=");
		raw_hex(r->eip);
	}
	serial_write(d == 2 ? " while reporting a panic\n" : " again, inside the second report\n");
	if (d == 2 && display_known) {
		screen_fault_bar();
	} else if (d == 2) {
		text_screen_line(24, "SHARDFALL: FAULT WHILE REPORTING A PANIC - SEE COM1");
	}
	halt_forever();
}

/*
 * The report (COM1's lines since the panic began) into CRASH.TXT on the
 * stick, after the screen is up: bounded (the drivers' waits work with
 * interrupts off), no allocation, refused by the save code when saves are
 * off or the fault came from inside a save. The screen says whether it worked.
 * Not while a step of the devices' bring-up is under way (bringup.c): its
 * driver may be mid-transfer on the stick's controller, and a write through
 * a driver left half way could land anywhere on the stick.
 */
static void save_report(bool on_screen)
{
	bool saved;
	SaveStatus st;

	watchdog_stop();                /* the writes may take longer than the lockup watchdog's 2 s */
	if (bringup_devices_busy()) {
		klog("PANIC: crash report not saved (a device was being brought up: its driver may be mid-transfer, "
		    "so the stick is left alone)\n");
		if (on_screen)
			display_text(screen_page, 8, 165, "REPORT NOT SAVED: A DEVICE WAS BUSY", PANIC_TEXT);
		return;
	}
	saved = save_crash(report);
	report_saved = saved;
	save_status(&st);               /* no reason yet: the save area behind the title had not opened */
	klog("PANIC: crash report %s%s\n", saved ? "saved on the stick: CRASH.TXT" : "not saved ",
	    saved ? "" : st.why[0] ? "(saves are off)" : "(the save area was not open yet)");
	if (on_screen && saved)
		display_text(screen_page, 8, 165, "REPORT SAVED ON THE STICK: CRASH.TXT", PANIC_TEXT);
}

/*
 * The level's replay built and said on COM1, after CRASH.TXT is safe: building
 * it renders the world, which a corrupt world or a small stack (the double
 * fault's) could fault in, and a fault here must not cost the crash report.
 */
static void replay_begin(void)
{
	replay_text[0] = '\0';
	if (replay_line && replay_line(replay_text, sizeof replay_text))
		klog("%s\n", replay_text);
}

/* Its line on the screen (the words before level=), between the registers and the report's line. */
static void screen_replay(void)
{
	char shown[LINE_CHARS];
	int n = 0;

	while (replay_text[n] && n < LINE_CHARS - 1 && !(replay_text[n] == ' ' && replay_text[n + 1] == 'l'))
		shown[n] = replay_text[n], n++;
	shown[n] = '\0';
	if (n)
		display_text(screen_page, 8, 154, shown, PANIC_VALUE);
}

/* After CRASH.TXT: the replay into CRASHRPL.DAT, said on COM1 and on screen. */
static void replay_end(bool on_screen)
{
	char why[64];

	if (!replay_text[0] || !replay_save)
		return;
	if (bringup_devices_busy()) {   /* as save_report: the stick is left alone */
		klog("PANIC: replay not saved (a device was being brought up)\n");
		return;
	}
	why[0] = '\0';
	if (replay_save(why, sizeof why)) {
		klog("PANIC: replay saved on the stick: CRASHRPL.DAT\n");
		if (on_screen) {                /* over save_report's line: both files */
			display_fill(screen_page, 0, 165, SCREEN_W, 8, PANIC_BG);
			display_text(screen_page, 8, 165, report_saved ? "SAVED ON STICK: CRASH.TXT, CRASHRPL.DAT" :
			    "REPLAY SAVED ON THE STICK: CRASHRPL.DAT", PANIC_TEXT);
		}
	} else {
		klog("PANIC: replay not saved (%s)\n", why[0] ? why : "saves are off");
	}
}

/* -- the report ---------------------------------------------------------- */
static void log_regs(const Regs *r)
{
	klog("  eip=0x%08x cs=0x%04x eflags=0x%08x\n",
	    (unsigned)r->eip, (unsigned)r->cs, (unsigned)r->eflags);
	klog("  eax=0x%08x ebx=0x%08x ecx=0x%08x edx=0x%08x\n",
	    (unsigned)r->eax, (unsigned)r->ebx, (unsigned)r->ecx, (unsigned)r->edx);
	klog("  esi=0x%08x edi=0x%08x ebp=0x%08x esp=0x%08x\n",
	    (unsigned)r->esi, (unsigned)r->edi, (unsigned)r->ebp, (unsigned)r->esp_at_pusha);
	klog("  ds=0x%04x es=0x%04x fs=0x%04x gs=0x%04x\n",
	    (unsigned)r->ds, (unsigned)r->es, (unsigned)r->fs, (unsigned)r->gs);
}

/* Machine-check lines (kernel/cpu/mce.c): to COM1 (ctx NULL), or onto screen rows row..last. */
typedef struct McShow {
	int row, last;
} McShow;

static void mc_line(void *ctx, const char *label, const char *value)
{
	McShow *m = ctx;

	if (!m) {
		klog("  %s %s\n", label, value);
	} else if (m->row <= m->last) {
		screen_pair(m->row++, label, value, 12);        /* wider labels than the registers' */
	}
}

/* The registers on screen: rows 0-3 always, the general registers (rows 5-9) when all is true. */
static void show_regs(const Regs *r, bool all)
{
	char v[LINE_CHARS];

	kfmt_snprintf(v, sizeof v, "0x%08x", (unsigned)r->err);      screen_line(0, "ERROR", v);
	kfmt_snprintf(v, sizeof v, "0x%08x", (unsigned)r->eip);      screen_line(1, "EIP", v);
	kfmt_snprintf(v, sizeof v, "0x%04x", (unsigned)r->cs);       screen_line(2, "CS", v);
	kfmt_snprintf(v, sizeof v, "0x%08x", (unsigned)r->eflags);   screen_line(3, "EFLAGS", v);
	if (!all)
		return;
	kfmt_snprintf(v, sizeof v, "%08x %08x", (unsigned)r->eax, (unsigned)r->ebx);
	screen_line(5, "EAX EBX", v);
	kfmt_snprintf(v, sizeof v, "%08x %08x", (unsigned)r->ecx, (unsigned)r->edx);
	screen_line(6, "ECX EDX", v);
	kfmt_snprintf(v, sizeof v, "%08x %08x", (unsigned)r->esi, (unsigned)r->edi);
	screen_line(7, "ESI EDI", v);
	kfmt_snprintf(v, sizeof v, "%08x %08x", (unsigned)r->ebp, (unsigned)r->esp_at_pusha);
	screen_line(8, "EBP ESP", v);
	kfmt_snprintf(v, sizeof v, "%04x %04x %04x %04x", (unsigned)r->ds, (unsigned)r->es,
	    (unsigned)r->fs, (unsigned)r->gs);
	screen_line(9, "DS..GS", v);
}

/* Early (no display yet): the headline and EIP on the firmware's text screen. */
static void text_report(const char *headline, const Regs *r)
{
	char v[80];

	text_screen_line(0, "SHARDFALL HAS STOPPED (before its screen was set up)");
	text_screen_line(1, headline);
	kfmt_snprintf(v, sizeof v, "EIP 0x%08x  ESP 0x%08x  ERROR 0x%08x", (unsigned)r->eip,
	    (unsigned)r->esp_at_pusha, (unsigned)r->err);
	text_screen_line(2, v);
	text_screen_line(3, "The report is also on COM1. Ctrl+Alt+Del restarts the PC.");
}

void panic_regs(const char *headline, const Regs *r)
{
	McShow mc = { .row = 5, .last = 10 };

	cpu_cli();
	serial_queue(false);            /* COM1's queue written out; the report waits for the UART */
	if (depth)
		nested(r, "fault");
	depth = 1;
	klog_capture(report, sizeof report);
	klog("PANIC: %s\n", headline);
	if (r->vector < 32)
		klog("PANIC: exception %u (%s) err=0x%08x\n",
		    (unsigned)r->vector, panic_exception_name(r->vector), (unsigned)r->err);
	log_regs(r);
	if (r->vector == VECTOR_MC)
		mce_describe(mc_line, NULL);    /* COM1 first: the screen may fail */
	if (!display_known) {
		text_report(headline, r);
		save_report(false);
		replay_begin();
		replay_end(false);
		halt_forever();
	}
	screen_begin(headline);
	show_regs(r, r->vector != VECTOR_MC);
	if (r->vector == VECTOR_MC)
		mce_describe(mc_line, &mc);     /* rows 5-10 instead of the general registers */
	screen_footer();
	save_report(true);
	replay_begin();
	if (r->vector != VECTOR_MC)
		screen_replay();
	replay_end(true);
	halt_forever();
}

void panic_exception(const Regs *r)
{
	char head[LINE_CHARS];

	if (depth)
		nested(r, "exception");
	kfmt_snprintf(head, sizeof head, "EXCEPTION %u: %s", (unsigned)r->vector,
	    panic_exception_name(r->vector));
	panic_regs(head, r);
}

/* A fatal software error (not a CPU exception): same screen, the reason as headline. */
void panic(const char *why)
{
	cpu_cli();
	serial_queue(false);            /* COM1's queue written out; the report waits for the UART */
	if (depth)
		nested(NULL, why);
	depth = 1;
	klog_capture(report, sizeof report);
	klog("PANIC: %s\n", why);
	if (!display_known) {
		text_screen_line(0, "SHARDFALL HAS STOPPED");
		text_screen_line(1, why);
		save_report(false);
		replay_begin();
		replay_end(false);
		halt_forever();
	}
	screen_begin(why);
	screen_footer();
	save_report(true);
	replay_begin();
	screen_replay();
	replay_end(true);
	halt_forever();
}
