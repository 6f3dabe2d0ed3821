/*
 * serial.c: 16550 UART on COM1 at 115200 8N1, transmit for the kernel log:
 * polled, or (serial_queue) through a queue the UART takes from as its FIFO
 * empties, so a log line never holds its caller for the line's time on the
 * wire (a 60-byte line is 5 ms at 115200: most of a 140 Hz tick).
 */
#include <stdbool.h>
#include <stdint.h>

#include "io.h"
#include "serial.h"

#define COM1            0x03F8
#define UART_DATA       (COM1 + 0)      /* DLAB=0: data; DLAB=1: divisor low */
#define UART_IER        (COM1 + 1)      /* DLAB=0: interrupt enable; DLAB=1: divisor high */
#define UART_FCR        (COM1 + 2)      /* FIFO control */
#define UART_LCR        (COM1 + 3)      /* line control */
#define UART_MCR        (COM1 + 4)      /* modem control */
#define UART_LSR        (COM1 + 5)      /* line status */
#define UART_IIR        (COM1 + 2)      /* read: interrupt identification (bits 7-6: FIFOs on) */

#define LCR_8N1         0x03
#define LCR_DLAB        0x80
#define FCR_ENABLE_CLR  0xC7            /* enable, clear both FIFOs, 14-byte threshold */
#define MCR_DTR_RTS_OUT2 0x0B
#define MCR_LOOPBACK    0x1E
#define LSR_THR_EMPTY   0x20
#define BAUD_DIVISOR    1               /* 115200 / 1 */
#define TX_SPIN_LIMIT   100000          /* never hang on a missing UART */
#define IIR_FIFOS_ON    0xC0            /* a 16550A with working FIFOs reads both bits set */
#define TX_FIFO_BYTES   16              /* a 16550A's transmit FIFO */
#define TXQ_BYTES       8192            /* the queue: a boot's lines to the title are about 2 KB */

static bool present;
static int tx_burst = 1;                /* bytes a THR-empty wait makes room for: the FIFO's, else 1 */
static int tx_room;                     /* bytes that may go out before the next wait */

/* The queue (serial_queue on): bytes not yet handed to the UART, oldest at tail. */
static struct {
	bool on;
	uint32_t hold;                  /* serial_hold: pumps still to let pass with nothing sent; 0: not held */
	uint32_t head, tail;            /* free-running; head - tail bytes are waiting */
	char byte[TXQ_BYTES];
} txq;

/* Program the UART and check it with a loopback byte; false if there is none. */
bool serial_init(void)
{
	outb(UART_IER, 0x00);
	outb(UART_LCR, LCR_DLAB);
	outb(UART_DATA, BAUD_DIVISOR & 0xFF);
	outb(UART_IER, BAUD_DIVISOR >> 8);
	outb(UART_LCR, LCR_8N1);
	outb(UART_FCR, FCR_ENABLE_CLR);
	outb(UART_MCR, MCR_LOOPBACK);
	outb(UART_DATA, 0xAE);
	if (inb(UART_DATA) != 0xAE) {
		present = false;
		return false;
	}
	outb(UART_MCR, MCR_DTR_RTS_OUT2);
	/*
	 * THR empty means the whole transmit FIFO is empty on a 16550A: 16 bytes
	 * go out per wait instead of one (each LSR read is a trip to the UART).
	 * An 8250/16450, or a 16550 with broken FIFOs, does not read IIR 11xxxxxx.
	 */
	tx_burst = (inb(UART_IIR) & IIR_FIFOS_ON) == IIR_FIFOS_ON ? TX_FIFO_BYTES : 1;
	tx_room = 0;
	txq.on = false;
	txq.hold = 0;
	txq.head = txq.tail = 0;
	present = true;
	return true;
}

/* One byte to the UART, waiting (bounded) for the transmitter to take it. */
static void put_waiting(char c)
{
	if (tx_room <= 0) {
		for (int spin = 0; spin < TX_SPIN_LIMIT; spin++)
			if (inb(UART_LSR) & LSR_THR_EMPTY)
				break;
		tx_room = tx_burst;
	}
	tx_room--;
	outb(UART_DATA, (uint8_t)c);
}

/*
 * The queue to the UART without waiting: a burst each time it reads its
 * transmitter empty. A UART that takes bytes at once (QEMU's) takes them
 * all here; a real one at 115200 takes 16 every 1.4 ms.
 */
static void pump(void)
{
	while (txq.head != txq.tail && (inb(UART_LSR) & LSR_THR_EMPTY))
		for (int n = 0; n < tx_burst && txq.head != txq.tail; n++)
			outb(UART_DATA, (uint8_t)txq.byte[txq.tail++ % TXQ_BYTES]);
	tx_room = 0;                    /* the next waiting put looks at the transmitter first */
}

/* The queue to its end, waiting as the polled transmit does (bounded per burst). */
static void drain(void)
{
	while (txq.head != txq.tail)
		put_waiting(txq.byte[txq.tail++ % TXQ_BYTES]);
}

static void queue_byte(char c)
{
	if (txq.head - txq.tail == TXQ_BYTES) {
		pump();
		if (txq.head - txq.tail == TXQ_BYTES)   /* the UART is that far behind: wait for a byte's room */
			put_waiting(txq.byte[txq.tail++ % TXQ_BYTES]);
	}
	txq.byte[txq.head++ % TXQ_BYTES] = c;
}

void serial_write(const char *s)
{
	uint32_t f;

	if (!present)
		return;
	if (!txq.on) {
		for (; *s; s++) {
			if (*s == '\n')
				put_waiting('\r');
			put_waiting(*s);
		}
		return;
	}
	f = cpu_save_flags_cli();       /* a line is queued whole: an IRQ's line goes before or after it */
	for (; *s; s++) {
		if (*s == '\n')
			queue_byte('\r');
		queue_byte(*s);
	}
	if (!txq.hold)
		pump();
	cpu_restore_flags(f);
}

void serial_putc(char c)
{
	char s[2] = { c, '\0' };

	serial_write(s);
}

void serial_queue(bool on)
{
	uint32_t f;

	if (!present)
		return;
	f = cpu_save_flags_cli();
	if (!on) {
		drain();
		txq.hold = 0;
	}
	txq.on = on;
	cpu_restore_flags(f);
}

void serial_pump(void)
{
	uint32_t f;

	if (!present || !txq.on || txq.head == txq.tail)
		return;
	f = cpu_save_flags_cli();
	if (txq.hold)
		txq.hold--;
	else
		pump();
	cpu_restore_flags(f);
}

void serial_hold(uint32_t pumps)
{
	txq.hold = pumps;
}

void serial_release(void)
{
	txq.hold = 0;
	serial_pump();
}

uint32_t serial_queued(void)
{
	return txq.head - txq.tail;
}
