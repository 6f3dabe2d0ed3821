/* klog.h: kernel log — every message goes to COM1. */
#ifndef KERNEL_KLOG_H
#define KERNEL_KLOG_H

#include <stddef.h>
#include <stdint.h>

#define KLOG_RING       31744           /* bytes of COM1 text kept in RAM: what a half of LOG.TXT holds after its header (bootlog.c) */

void klog(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* From now on every line also goes into buf (NUL-terminated, what does not fit is dropped): the panic's report. */
void klog_capture(char *buf, size_t size);
/*
 * Everything logged since the first line that the ring holds (KLOG_RING
 * bytes; older lines are dropped whole), or its newest whole lines that fit
 * cap: the byte count copied; *lost: the lines dropped (the ring's and
 * those left out here). out NULL: only the count.
 */
size_t klog_ring_copy(char *out, size_t cap, uint32_t *lost);

#endif
