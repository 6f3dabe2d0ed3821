/* klog.h: kernel log — every message goes to COM1. */
#ifndef KERNEL_KLOG_H
#define KERNEL_KLOG_H

#include <stddef.h>

void klog(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* From now on every line also goes into buf (NUL-terminated, what does not fit is dropped): the panic's report. */
void klog_capture(char *buf, size_t size);

#endif
