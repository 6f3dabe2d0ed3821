/* serial.h: COM1 log output, 115200 8N1. */
#ifndef DRIVERS_SERIAL_H
#define DRIVERS_SERIAL_H

#include <stdbool.h>

bool serial_init(void);
void serial_putc(char c);
void serial_write(const char *s);

#endif
