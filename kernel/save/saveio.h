/* saveio.h: every sector the save area reads or writes goes through here — the write guard and the power-cut layer. */
#ifndef KERNEL_SAVEIO_H
#define KERNEL_SAVEIO_H

#include <stdbool.h>
#include <stdint.h>

#include "blockdev.h"

#define SAVEIO_EXTENTS  12              /* SAVE.DAT and every file but README.TXT (never written): 7; the folder's creation: 7 */

typedef struct SaveIo {
	BlockDev *dev;
	int extents;
	uint64_t lba[SAVEIO_EXTENTS];   /* the files' data sectors: the only sectors ever written */
	uint32_t sectors[SAVEIO_EXTENTS];
	uint32_t refused;               /* writes the guard refused */
} SaveIo;

void saveio_init(SaveIo *io, BlockDev *dev);
bool saveio_allow(SaveIo *io, uint64_t lba, uint32_t sectors);   /* false: no room (a bug) */

BlockErr saveio_read(SaveIo *io, uint64_t lba, uint32_t count, void *buf);

/*
 * The stepped open (saveopen.c): between begin and end every read is
 * served from a cache of the sectors read so far; the first one not there
 * fails the read (saveio_cache_missed: the pass is thrown away) and
 * saveio_cache_fetch reads it (one sector: one step). fresh: nothing read
 * yet (a pass's notes are said once). SAVEIO_CACHE sectors at most, then
 * reads go to the disk again.
 */
#define SAVEIO_CACHE    128
void saveio_cache_begin(void);
bool saveio_cache_missed(void);
bool saveio_cache_fresh(void);
bool saveio_cache_fetch(void);          /* false: that read failed */
bool saveio_cache_lost(void);           /* a disk read from has gone (unplugged) */
void saveio_cache_end(void);
/*
 * The guard: a write of any sector outside the allowed extents is refused
 * whole (BLK_RANGE, one COM1 line `save: refused write ...`), nothing sent.
 * Then the power-cut layer: one sector at a time, counted, cut or torn.
 */
BlockErr saveio_write(SaveIo *io, uint64_t lba, uint32_t count, const void *buf);
BlockErr saveio_flush(SaveIo *io);

/*
 * Power-cut tests (boot options savecut=N, savetear=N; 0 = off): after the
 * N-th sector write of this boot the machine stops (save_stop). With tear the
 * N-th write puts only the sector's first half (256 bytes) new, the rest as
 * it was, then stops. A stopped machine does no more I/O (BLK_GONE), which
 * only matters on the host, where save_stop returns.
 */
void saveio_powercut(uint32_t cut, uint32_t tear);
void saveio_powercut_log(uint32_t cut, uint32_t tear); /* logcut=, logtear=: the same, counting LOG.TXT's writes */
void saveio_count_log(bool log);        /* the writes from now on are LOG.TXT's (true) or the other files' */
uint32_t saveio_writes(void);           /* sector writes so far this boot (not LOG.TXT's) */
uint32_t saveio_log_writes(void);       /* LOG.TXT's sector writes so far this boot */
bool saveio_stopped(void);
void saveio_reset(void);                /* the host tests' new boot: count from 0, running again */

/* The platform's side (kernel/save/saveplat.c; the host tests have their own). */
void save_stop(uint32_t n);             /* COM1 `savecut: stopped after write N`, then halt for good */
uint32_t save_now_us(void);             /* a microsecond clock (the reference clock, else the 140 Hz tick) */

#endif
