/* kfmt.h: a small freestanding snprintf for the kernel log and the panic screen. */
#ifndef KERNEL_KFMT_H
#define KERNEL_KFMT_H

#include <stdarg.h>
#include <stddef.h>

/* Supports %s %c %d %u %x %X %p %% with optional '0' flag and width. */
int kfmt_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int kfmt_snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
