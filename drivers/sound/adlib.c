/* adlib.c: the AdLib's OPL2 register map, the classic timer detection, and voice-level writes. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "adlib.h"
#include "io.h"
#include "oplregs.h"

#define OPL_ADDR        0x0388          /* write: register index; read: status */
#define OPL_DATA        0x0389

/* Registers (the voice-level ones are in oplregs.h). */
#define OPL_TIMER1      0x02            /* count, 80 us units, up from this value to 0xFF */
#define OPL_TIMER_CTRL  0x04
#define OPL_TC_RESET_IRQ 0x80           /* clear the status flags */
#define OPL_TC_MASK_BOTH 0x60           /* mask both timers */
#define OPL_TC_START_T1 0x21            /* start timer 1, mask timer 2 */

/* Status register. */
#define OPL_ST_FLAGS    0xE0            /* IRQ, timer 1 expired, timer 2 expired */
#define OPL_ST_T1_DONE  0xC0            /* IRQ and timer 1 */

/* Delays, counted in status reads (about 1 us each on an ISA bus). */
#define OPL_ADDR_READS  6               /* 3.3 us after an index write */
#define OPL_DATA_READS  35              /* 23 us after a data write */
#define OPL_TIMER_READS 200             /* >= 80 us for timer 1 to overflow once */
#define OPL_TIMER_POLLS 100             /* then poll this many more times at most */

static bool present;

static void status_reads(int n)
{
	for (int i = 0; i < n; i++)
		(void)inb(OPL_ADDR);
}

static void opl_out(uint8_t reg, uint8_t value)
{
	outb(OPL_ADDR, reg);
	status_reads(OPL_ADDR_READS);
	outb(OPL_DATA, value);
	status_reads(OPL_DATA_READS);
}

static void opl_port_write(void *ctx, uint8_t reg, uint8_t value)
{
	(void)ctx;
	opl_out(reg, value);
}

static OplRegs regs = { .write = opl_port_write };     /* the voice-level writes (oplregs.c) */

/*
 * The detection every DOS game used: reset both timers, read the status
 * (must show no flags), run timer 1 for one 80 us step, read it again
 * (must show IRQ and timer 1: 0xC0). Every wait is a fixed number of
 * status reads, so a floating bus (0xFF) or a dead card never hangs us.
 */
AdlibProbe adlib_detect(uint8_t *status_idle, uint8_t *status_timer)
{
	uint8_t s1, s2 = 0;
	AdlibProbe r;

	opl_out(OPL_TIMER_CTRL, OPL_TC_MASK_BOTH);
	opl_out(OPL_TIMER_CTRL, OPL_TC_RESET_IRQ);
	s1 = inb(OPL_ADDR);
	if (s1 == 0xFF) {
		r = ADLIB_FLOATING;
	} else if (s1 & OPL_ST_FLAGS) {
		r = ADLIB_BAD_IDLE;
	} else {
		opl_out(OPL_TIMER1, 0xFF);
		opl_out(OPL_TIMER_CTRL, OPL_TC_START_T1);
		status_reads(OPL_TIMER_READS);
		for (int i = 0; i < OPL_TIMER_POLLS; i++) {
			s2 = inb(OPL_ADDR);
			if ((s2 & OPL_ST_FLAGS) == OPL_ST_T1_DONE)
				break;
		}
		r = (s2 & OPL_ST_FLAGS) == OPL_ST_T1_DONE ? ADLIB_FOUND : ADLIB_NO_TIMER;
		opl_out(OPL_TIMER_CTRL, OPL_TC_MASK_BOTH);
		opl_out(OPL_TIMER_CTRL, OPL_TC_RESET_IRQ);
	}
	if (status_idle)
		*status_idle = s1;
	if (status_timer)
		*status_timer = s2;
	present = r == ADLIB_FOUND;
	return r;
}

bool adlib_present(void)
{
	return present;
}

void adlib_write(uint8_t reg, uint8_t value)
{
	if (present)
		opl_out(reg, value);
}

/* Silence and a clean slate: the writes of oplregs_reset. */
void adlib_reset(void)
{
	if (!present)
		return;
	oplregs_reset(&regs);
}

/* Voice level: the same writes a synthesizer gets through oplregs.c. */
void adlib_voice_instrument(int ch, const OplInstrument *ins)
{
	if (present)
		oplregs_instrument(&regs, ch, ins);
}

void adlib_voice_on(int ch, uint16_t fnum, uint8_t block)
{
	if (present)
		oplregs_note_on(&regs, ch, fnum, block);
}

void adlib_voice_off(int ch)
{
	if (present)
		oplregs_note_off(&regs, ch);
}
