/*
 * test_serial.c: COM1's transmit (drivers/platform/serial.c) on a simulated 16550A whose wire
 * runs at 115200 baud: every port access is a microsecond, a byte leaves the transmit FIFO every
 * 87 of them. Polled, a write waits for the wire; queued, it never does (unless the queue is
 * full), the pumps hand the UART what its FIFO takes, nothing is lost or reordered, and turning
 * the queue off (the panic, a restart, a halt) writes it all out.
 */
#include <string.h>

#include "testmain.h"

#include "io.h"         /* tests/unit/simport's: port I/O and the interrupt flag simulated below */
#include "serial.c"     /* the code under test (its own io.h include is the one above: one header guard) */

#define SIM_COM1        0x3F8           /* serial.c's COM1 */
#define US_PER_BYTE     87              /* 10 bits at 115200 baud */
#define FIFO            16

static struct {
	bool absent;                    /* no UART: the bus reads 0xFF, loopback fails */
	bool no_fifo;                   /* an 8250/16450: IIR says no FIFOs, THR holds one byte */
	bool loopback, irq_off, dlab;   /* dlab: LCR bit 7, ports 0 and 1 are the divisor latch */
	uint8_t loop_byte;
	uint32_t now_us;                /* a port access each */
	uint32_t fifo, next_out_us;     /* bytes in the transmit FIFO, when the oldest is on the wire */
	char wire[16384];               /* what went out, in order */
	uint32_t sent, lsr_reads, outs;
} uart;

uint32_t sim_flags_cli(void)
{
	uint32_t f = uart.irq_off ? 0 : 0x200;

	uart.irq_off = true;
	return f;
}

void sim_restore_flags(uint32_t f)
{
	uart.irq_off = !(f & 0x200);
}

/* Time passes: the FIFO empties onto the wire, a byte every US_PER_BYTE. */
static void tick(void)
{
	uart.now_us++;
	while (uart.fifo && uart.now_us >= uart.next_out_us) {
		uart.fifo--;
		uart.next_out_us += US_PER_BYTE;
	}
}

uint32_t sim_in(uint16_t port, int bytes)
{
	(void)bytes;
	tick();
	if (uart.absent)
		return 0xFF;
	switch (port - SIM_COM1) {
	case 0:
		return uart.loopback ? uart.loop_byte : 0;
	case 2:
		return uart.no_fifo ? 0x01 : 0xC1;
	case 5:
		uart.lsr_reads++;
		return uart.fifo == 0 ? 0x60 : 0x00;
	}
	return 0;
}

void sim_out(uint16_t port, uint32_t v, int bytes)
{
	(void)bytes;
	tick();
	if (uart.absent)
		return;
	if (port - SIM_COM1 == 3)
		uart.dlab = (v & 0x80) != 0;
	if (port - SIM_COM1 == 4)
		uart.loopback = (v & 0x10) != 0;
	if (port - SIM_COM1 != 0 || uart.dlab)
		return;
	if (uart.loopback) {
		uart.loop_byte = (uint8_t)v;
		return;
	}
	uart.outs++;
	assert_true(uart.fifo < (uart.no_fifo ? 1u : FIFO));   /* the driver never overfills the FIFO */
	if (uart.fifo == 0)
		uart.next_out_us = uart.now_us + US_PER_BYTE;
	uart.fifo++;
	assert_true(uart.sent < sizeof uart.wire);
	uart.wire[uart.sent++] = (char)v;
}

static void idle(uint32_t us)
{
	for (uint32_t i = 0; i < us; i++)
		tick();
}

static int reset(void **state)
{
	(void)state;
	memset(&uart, 0, sizeof uart);
	return 0;
}

static int reset_started(void **state)
{
	reset(state);
	assert_true(serial_init());
	uart.sent = uart.outs = uart.lsr_reads = 0;
	return 0;
}

/* A line as the wire must carry it: every \n as \r\n. */
static void assert_wire(const char *want)
{
	char crlf[16384];
	size_t n = 0;

	for (; *want; want++) {
		if (*want == '\n')
			crlf[n++] = '\r';
		crlf[n++] = *want;
	}
	assert_int_equal(uart.sent, n);
	assert_memory_equal(uart.wire, crlf, n);
}

static const char LINE[] = "usb: keyboard: USB keyboard on xhci0 port 5.2 (HID boot protocol)\n";

/* Polled (until the timer runs): the write waits for the wire, as before. */
static void a_polled_write_waits_for_the_wire(void **state)
{
	uint32_t t0 = uart.now_us;

	(void)state;
	serial_write(LINE);
	assert_wire(LINE);
	assert_true(uart.now_us - t0 >= (strlen(LINE) + 1 - FIFO) * US_PER_BYTE);
}

/* Queued: the write hands over what the FIFO takes and returns; the pumps send the rest, in order. */
static void a_queued_write_returns_at_once_and_the_pumps_send_the_rest(void **state)
{
	uint32_t t0 = uart.now_us;
	int pumps = 0;

	(void)state;
	serial_queue(true);
	serial_write(LINE);
	assert_true(uart.now_us - t0 < 64);     /* about 20 port accesses, not 5 ms */
	assert_int_equal(uart.sent, FIFO);
	assert_int_equal(serial_queued(), strlen(LINE) + 1 - FIFO);
	while (serial_queued() && pumps < 100) {
		idle(7142);                     /* a 140 Hz tick */
		serial_pump();
		pumps++;
	}
	assert_int_equal(pumps, 4);             /* 16 bytes a tick */
	assert_wire(LINE);
}

/* A tick's pump never waits either: it reads the transmitter once when it is busy. */
static void a_pump_with_the_fifo_busy_reads_the_transmitter_once(void **state)
{
	uint32_t reads;

	(void)state;
	serial_queue(true);
	serial_write(LINE);
	reads = uart.lsr_reads;
	serial_pump();
	assert_int_equal(uart.lsr_reads, reads + 1);
	assert_int_equal(uart.sent, FIFO);
}

/* More than the queue holds: the write waits for room instead of dropping; order kept. */
static void a_full_queue_waits_for_room_and_loses_nothing(void **state)
{
	static char big[12001];

	(void)state;
	for (int i = 0; i < 12000; i++)
		big[i] = (char)('a' + i % 26);
	big[12000] = '\0';
	serial_queue(true);
	serial_write(big);
	assert_true(serial_queued() <= 8192);
	serial_queue(false);                    /* the panic's: all of it out, then polled again */
	assert_int_equal(serial_queued(), 0);
	assert_wire(big);
}

/* Turned off, the queue is written out first, so the panic's lines come after everything before. */
static void turning_the_queue_off_keeps_the_order(void **state)
{
	(void)state;
	serial_queue(true);
	serial_write("boot: first frame\nready\n");
	serial_putc('!');
	serial_queue(false);
	serial_write("PANIC: halted\n");
	assert_wire("boot: first frame\nready\n!PANIC: halted\n");
	assert_false(uart.irq_off);             /* the flags given back */
}

/* Held (the boot, until the title is up): nothing goes until the release, or until the pumps allowed have passed. */
static void held_bytes_wait_for_the_release_or_their_pumps(void **state)
{
	(void)state;
	serial_queue(true);
	serial_hold(3);
	serial_write(LINE);
	serial_putc('x');
	assert_int_equal(uart.sent, 0);
	serial_pump();
	serial_pump();
	assert_int_equal(uart.sent, 0);         /* two of the three pumps let pass */
	serial_release();
	assert_int_equal(uart.sent, FIFO);      /* what the FIFO takes, at once */
	serial_queue(false);
	assert_wire("usb: keyboard: USB keyboard on xhci0 port 5.2 (HID boot protocol)\nx");
	reset_started(state);
	serial_queue(true);
	serial_hold(2);
	serial_write("held\n");
	serial_pump();
	serial_pump();
	assert_int_equal(uart.sent, 0);
	serial_pump();                          /* the hold's pumps are spent: it goes */
	assert_wire("held\n");
}

/*
 * The boot (kernel/boot/main.c): queued and held from serial_init on, so the
 * lines before the timer never wait for the UART (no status read, no byte
 * out). With no tick ever (a panic before the timer) turning the queue off
 * writes every one out, in order, before the panic's own; with the timer,
 * the hold's pumps pass and the first frame's release sends them.
 */
static void held_from_the_start_nothing_waits_and_a_panic_writes_it_all(void **state)
{
	static const char early[] = "\nShardfall kernel booting\ncpu: GenuineIntel family 6\nacpi: RSDP at 0x000f59d0\n";
	uint32_t t0;

	reset(state);
	assert_true(serial_init());
	uart.sent = uart.lsr_reads = 0;
	t0 = uart.now_us;
	serial_queue(true);
	serial_hold(70);
	serial_write(early);
	serial_putc('!');
	assert_int_equal(uart.sent, 0);
	assert_int_equal(uart.lsr_reads, 0);    /* not even a look at the transmitter */
	assert_true(uart.now_us - t0 < 8);      /* the flags saved and given back, nothing else */
	serial_queue(false);                    /* the panic: no pump has run */
	serial_write("PANIC: timer\n");
	assert_wire("\nShardfall kernel booting\ncpu: GenuineIntel family 6\nacpi: RSDP at 0x000f59d0\n!PANIC: timer\n");

	reset(state);
	assert_true(serial_init());
	uart.sent = 0;
	serial_queue(true);
	serial_hold(70);
	serial_write(early);
	for (int i = 0; i < 69; i++)            /* the timer runs; the title is not up yet */
		serial_pump();
	assert_int_equal(uart.sent, 0);
	serial_write("boot: first frame\nready\n");
	serial_release();                       /* log_ready */
	assert_int_equal(uart.sent, FIFO);
	serial_queue(false);
	assert_wire("\nShardfall kernel booting\ncpu: GenuineIntel family 6\nacpi: RSDP at 0x000f59d0\n"
	    "boot: first frame\nready\n");
}

/* A full queue while held still goes out rather than losing a byte; turning the queue off drops the hold. */
static void a_full_queue_goes_out_even_when_held(void **state)
{
	static char big[9001];

	(void)state;
	memset(big, 'h', 9000);
	serial_queue(true);
	serial_hold(1000);
	serial_write(big);
	assert_true(uart.sent > 0);
	serial_queue(false);
	assert_wire(big);
	assert_int_equal(serial_queued(), 0);
}

/* An 8250/16450 (no FIFO): one byte each time the transmitter is empty, never more. */
static void without_a_fifo_one_byte_goes_at_a_time(void **state)
{
	(void)state;
	uart.no_fifo = true;
	assert_true(serial_init());
	uart.sent = 0;
	serial_queue(true);
	serial_write(LINE);
	assert_int_equal(uart.sent, 1);
	idle(US_PER_BYTE);
	serial_pump();
	assert_int_equal(uart.sent, 2);
	serial_queue(false);
	assert_wire(LINE);
}

/* No UART: nothing is queued or waited for; no port is touched after the probe. */
static void without_a_uart_nothing_is_written_or_waited_for(void **state)
{
	uint32_t t0;

	(void)state;
	uart.absent = true;
	assert_false(serial_init());
	t0 = uart.now_us;
	serial_queue(true);
	serial_hold(70);                        /* as the boot does */
	serial_write(LINE);
	serial_pump();
	serial_release();
	serial_queue(false);
	assert_int_equal(uart.now_us, t0);
	assert_int_equal(serial_queued(), 0);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test_setup(a_polled_write_waits_for_the_wire, reset_started),
	cmocka_unit_test_setup(a_queued_write_returns_at_once_and_the_pumps_send_the_rest, reset_started),
	cmocka_unit_test_setup(a_pump_with_the_fifo_busy_reads_the_transmitter_once, reset_started),
	cmocka_unit_test_setup(a_full_queue_waits_for_room_and_loses_nothing, reset_started),
	cmocka_unit_test_setup(turning_the_queue_off_keeps_the_order, reset_started),
	cmocka_unit_test_setup(held_bytes_wait_for_the_release_or_their_pumps, reset_started),
	cmocka_unit_test_setup(a_full_queue_goes_out_even_when_held, reset_started),
	cmocka_unit_test(held_from_the_start_nothing_waits_and_a_panic_writes_it_all),
	cmocka_unit_test_setup(without_a_fifo_one_byte_goes_at_a_time, reset),
	cmocka_unit_test_setup(without_a_uart_nothing_is_written_or_waited_for, reset),
};

int main(int argc, char **argv)
{
	if (testmain_filter("serial", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("serial", tests, NULL, NULL);
}
