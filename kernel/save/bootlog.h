/* bootlog.h: LOG.TXT — this boot's COM1 log and the previous boot's, kept on the stick (issue 33, docs/save.md "LOG.TXT"). */
#ifndef KERNEL_BOOTLOG_H
#define KERNEL_BOOTLOG_H

#include <stdbool.h>
#include <stdint.h>

#define BOOTLOG_FILE            "LOG.TXT"
#define BOOTLOG_HEADER_BYTES    128     /* each half's first line, padded with spaces, '\n' last */
#define BOOTLOG_HALF_MAX        32768   /* a half of a 64 KiB LOG.TXT */
#define BOOTLOG_HALF_MIN        2048    /* a LOG.TXT under 4 KiB is not used */

/*
 * The save area opened (or not): when it holds LOG.TXT, the halves'
 * headers are read, the half not holding the newest boot gets this boot
 * (its number the newest + 1, "starting") and the log so far. True when the
 * newest boot there never finished starting (its header still "starting"):
 * COM1 says so, and the title (session_set_start_unfinished).
 */
bool bootlog_opened(void);
/* The bring-up is complete (the title up, every stage done): the header says "started", the log so far written. */
void bootlog_started(void);
/* A rest point (back at the title, the pause box, System info): the log so far, if it grew. Never inside a tick. */
void bootlog_rest(void);
/* The boot number this boot has in LOG.TXT (0: not written). */
uint32_t bootlog_boot(void);

#endif
