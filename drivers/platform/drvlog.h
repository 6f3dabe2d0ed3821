/* drvlog.h: the one log call drivers make; the kernel (klog.c) defines it and sends it to COM1. */
#ifndef DRIVERS_DRVLOG_H
#define DRIVERS_DRVLOG_H

void drvlog(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
