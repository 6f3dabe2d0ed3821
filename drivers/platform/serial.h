/* serial.h: COM1 log output, 115200 8N1: polled, or queued and taken by the UART as its FIFO empties. */
#ifndef DRIVERS_SERIAL_H
#define DRIVERS_SERIAL_H

#include <stdbool.h>
#include <stdint.h>

bool serial_init(void);                 /* polled transmit (waits for the UART, bounded) until serial_queue */
void serial_putc(char c);
void serial_write(const char *s);

/*
 * Queued transmit on: a write queues its bytes and hands the UART what its
 * FIFO takes now, never waiting for the wire (unless the queue is full: then
 * it waits for a byte's room); serial_pump hands over more. Off: the queue
 * is written out, waiting as the polled transmit does, and every write after
 * waits again (the panic, a restart, a halt: nothing may stay queued).
 */
void serial_queue(bool on);
void serial_pump(void);                 /* the timer IRQ and the main loop: what the UART takes now, no waiting */
uint32_t serial_queued(void);           /* bytes still queued */

/*
 * Queued bytes held back (serial_queue on): nothing goes to the UART until
 * serial_release, or until `pumps` calls of serial_pump have let it be (a
 * boot that never gets to its release still logs), or the queue is full.
 * serial_queue(false) writes everything out regardless.
 */
void serial_hold(uint32_t pumps);
void serial_release(void);

#endif
