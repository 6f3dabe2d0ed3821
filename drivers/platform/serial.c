/* serial.c: 16550 UART on COM1 at 115200 8N1, polled transmit for the kernel log. */
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

static bool present;
static int tx_burst = 1;                /* bytes a THR-empty wait makes room for: the FIFO's, else 1 */
static int tx_room;                     /* bytes that may go out before the next wait */

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
	present = true;
	return true;
}

void serial_putc(char c)
{
	int spin;

	if (!present)
		return;
	if (c == '\n')
		serial_putc('\r');
	if (tx_room <= 0) {
		for (spin = 0; spin < TX_SPIN_LIMIT; spin++)
			if (inb(UART_LSR) & LSR_THR_EMPTY)
				break;
		tx_room = tx_burst;
	}
	tx_room--;
	outb(UART_DATA, (uint8_t)c);
}

void serial_write(const char *s)
{
	while (*s)
		serial_putc(*s++);
}
