/* keyboard.c: the 8042 controller initialised step by step (every wait bounded), then IRQ1 feeds the set-1 decoder. */
#include <stdbool.h>
#include <stdint.h>

#include "io.h"
#include "keyboard.h"

#define KBC_DATA        0x0060
#define KBC_STATUS      0x0064          /* read: status; write: controller command */
#define KBC_STAT_OUTFULL 0x01           /* a byte is waiting in the data port */
#define KBC_STAT_INFULL  0x02           /* the controller has not taken the last byte yet */
#define KBC_STAT_FLOATING 0xFF          /* no device answers the port: an open bus */

#define KBC_CMD_READ_CONFIG   0x20
#define KBC_CMD_WRITE_CONFIG  0x60
#define KBC_CMD_DISABLE_PORT2 0xA7
#define KBC_CMD_SELFTEST      0xAA
#define KBC_CMD_TEST_PORT1    0xAB
#define KBC_CMD_DISABLE_PORT1 0xAD
#define KBC_CMD_ENABLE_PORT1  0xAE

#define KBC_CFG_IRQ1      0x01          /* configuration byte bits */
#define KBC_CFG_IRQ12     0x02
#define KBC_CFG_PORT1_OFF 0x10          /* first port clock disabled */
#define KBC_CFG_PORT2_OFF 0x20
#define KBC_CFG_TRANSLATE 0x40          /* set 2 from the keyboard becomes set 1 */

#define KBC_SELFTEST_OK   0x55
#define KBC_PORT_OK       0x00
#define KBD_CMD_ENABLE_SCAN 0xF4
#define KBD_CMD_RESET     0xFF
#define KBD_ACK           0xFA
#define KBD_RESEND        0xFE
#define KBD_RESET_OK      0xAA

/* Timeouts in io_wait() steps, each about 1 us on ISA timing (port 0x80). */
#define KBC_WAIT_US       (20 * 1000)   /* the controller takes or answers a command */
#define KBC_SELFTEST_US   (200 * 1000)
#define KBD_RESET_US      (1000 * 1000) /* a keyboard's own self-test after reset: up to ~0.5 s */
#define KBC_FLUSH_LIMIT   64
#define KBD_RETRIES       3

static KbdState kbd;

/* Wait until (status & mask) == want, at most `us` steps. */
static bool kbc_wait(uint8_t mask, uint8_t want, uint32_t us)
{
	for (uint32_t i = 0; i < us; i++) {
		uint8_t st = inb(KBC_STATUS);

		if (st != KBC_STAT_FLOATING && (st & mask) == want)
			return true;
		io_wait();
	}
	return false;
}

static bool kbc_command(uint8_t cmd)
{
	if (!kbc_wait(KBC_STAT_INFULL, 0, KBC_WAIT_US))
		return false;
	outb(KBC_STATUS, cmd);
	return true;
}

static bool kbc_write_data(uint8_t v)
{
	if (!kbc_wait(KBC_STAT_INFULL, 0, KBC_WAIT_US))
		return false;
	outb(KBC_DATA, v);
	return true;
}

static bool kbc_read_data(uint8_t *v, uint32_t us)
{
	if (!kbc_wait(KBC_STAT_OUTFULL, KBC_STAT_OUTFULL, us))
		return false;
	*v = inb(KBC_DATA);
	return true;
}

/* A command with a one-byte answer. */
static bool kbc_query(uint8_t cmd, uint8_t *answer, uint32_t us)
{
	return kbc_command(cmd) && kbc_read_data(answer, us);
}

static int kbc_flush(void)
{
	int n = 0;

	while (n < KBC_FLUSH_LIMIT && (inb(KBC_STATUS) & KBC_STAT_OUTFULL)) {
		(void)inb(KBC_DATA);
		n++;
		io_wait();
	}
	return n;
}

/* A byte to the keyboard itself; true when it acknowledged (resending on 0xFE). */
static bool kbd_send(uint8_t v)
{
	for (int tries = 0; tries < KBD_RETRIES; tries++) {
		uint8_t reply;

		if (!kbc_write_data(v))
			return false;
		if (!kbc_read_data(&reply, KBC_WAIT_US * 5))
			return false;
		if (reply == KBD_ACK)
			return true;
		if (reply != KBD_RESEND)
			return false;
	}
	return false;
}

/*
 * The OSDev wiki's order: both ports off, flush, configuration with IRQs
 * and translation off, controller self-test, configuration again (a
 * self-test may reset it), first-port test, first port on, keyboard reset
 * and scanning on, then IRQ1 and translation on, flush. A port that reads
 * 0xFF, or any step that times out, means no controller: nothing hangs.
 */
KbdResult kbd_init(KbdReport *r)
{
	uint8_t cfg;

	kbdscan_reset(&kbd);
	*r = (KbdReport){ .result = KBD_NO_CONTROLLER };
	if (inb(KBC_STATUS) == KBC_STAT_FLOATING)
		return r->result;
	if (!kbc_command(KBC_CMD_DISABLE_PORT1) || !kbc_command(KBC_CMD_DISABLE_PORT2))
		return r->result;
	r->flushed = kbc_flush();
	if (!kbc_query(KBC_CMD_READ_CONFIG, &cfg, KBC_WAIT_US))
		return r->result;
	r->config_before = cfg;
	cfg &= (uint8_t)~(KBC_CFG_IRQ1 | KBC_CFG_IRQ12 | KBC_CFG_TRANSLATE);
	if (!kbc_command(KBC_CMD_WRITE_CONFIG) || !kbc_write_data(cfg))
		return r->result;
	r->result = KBD_SELFTEST_FAILED;
	if (!kbc_query(KBC_CMD_SELFTEST, &r->selftest, KBC_SELFTEST_US) || r->selftest != KBC_SELFTEST_OK)
		return r->result;
	if (!kbc_command(KBC_CMD_WRITE_CONFIG) || !kbc_write_data(cfg))
		return r->result;
	r->result = KBD_PORT_FAILED;
	if (!kbc_query(KBC_CMD_TEST_PORT1, &r->port_test, KBC_WAIT_US) || r->port_test != KBC_PORT_OK)
		return r->result;
	if (!kbc_command(KBC_CMD_ENABLE_PORT1))
		return r->result;
	r->result = KBD_NO_KEYBOARD;
	if (!kbd_send(KBD_CMD_RESET) || !kbc_read_data(&r->reset_reply, KBD_RESET_US) ||
	    r->reset_reply != KBD_RESET_OK || !kbd_send(KBD_CMD_ENABLE_SCAN))
		return r->result;
	cfg = (uint8_t)((cfg | KBC_CFG_IRQ1 | KBC_CFG_TRANSLATE | KBC_CFG_PORT2_OFF) & ~KBC_CFG_PORT1_OFF);
	if (!kbc_command(KBC_CMD_WRITE_CONFIG) || !kbc_write_data(cfg))
		return r->result;
	r->config = cfg;
	r->flushed += kbc_flush();
	r->result = KBD_OK;
	return r->result;
}

const char *kbd_result_text(KbdResult r)
{
	static const char *const text[] = {
		[KBD_OK] = "keyboard ready",
		[KBD_NO_CONTROLLER] = "no PS/2 controller (port 0x64 floats or never answers)",
		[KBD_SELFTEST_FAILED] = "controller self-test failed",
		[KBD_PORT_FAILED] = "first PS/2 port test failed",
		[KBD_NO_KEYBOARD] = "no keyboard answers on the first PS/2 port",
	};

	return (unsigned)r < sizeof text / sizeof text[0] ? text[r] : "?";
}

void kbd_irq(void)
{
	kbdscan_byte(&kbd, inb(KBC_DATA));
}

void kbd_inject(uint8_t key, bool down)
{
	uint32_t f = cpu_save_flags_cli();

	kbdscan_key(&kbd, key, down);
	cpu_restore_flags(f);
}

bool kbd_down(uint8_t key)
{
	return kbd.down[key];
}

/* The table four keys at a time (the struct starts with it: aligned), then the held ones of a word. */
int kbd_down_keys(uint8_t *keys, int max)
{
	typedef uint32_t __attribute__((may_alias)) word;
	const volatile word *w = (const volatile word *)(const volatile void *)kbd.down;
	int n = 0;

	for (int q = 0; q < KBD_KEYS / 4; q++) {
		if (!w[q])
			continue;
		for (int k = q * 4; k < q * 4 + 4; k++)
			if (kbd.down[k] && n < max)
				keys[n++] = (uint8_t)k;
	}
	return n;
}

bool kbd_pop_press(uint8_t *key)
{
	uint32_t f = cpu_save_flags_cli();
	bool got = kbdscan_pop(&kbd, key);

	cpu_restore_flags(f);
	return got;
}
