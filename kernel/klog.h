/* klog.h: kernel log — every message goes to COM1. */
#ifndef KERNEL_KLOG_H
#define KERNEL_KLOG_H

void klog(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
