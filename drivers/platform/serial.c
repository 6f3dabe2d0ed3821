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

#define LCR_8N1         0x03
#define LCR_DLAB        0x80
#define FCR_ENABLE_CLR  0xC7            /* enable, clear both FIFOs, 14-byte threshold */
#define MCR_DTR_RTS_OUT2 0x0B
#define MCR_LOOPBACK    0x1E
#define LSR_THR_EMPTY   0x20
#define BAUD_DIVISOR    1               /* 115200 / 1 */
#define TX_SPIN_LIMIT   100000          /* never hang on a missing UART */

static bool present;

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
	for (spin = 0; spin < TX_SPIN_LIMIT; spin++)
		if (inb(UART_LSR) & LSR_THR_EMPTY)
			break;
	outb(UART_DATA, (uint8_t)c);
}

void serial_write(const char *s)
{
	while (*s)
		serial_putc(*s++);
}
