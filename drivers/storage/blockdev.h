/* blockdev.h: a disk by 512-byte sectors — a USB stick, an AHCI or IDE disk — for the save area and the crash report. */
#ifndef DRIVERS_BLOCKDEV_H
#define DRIVERS_BLOCKDEV_H

#include <stdbool.h>
#include <stdint.h>

#define BLOCK_SECTOR    512             /* the only sector size the save area uses */
#define BLOCKDEV_MAX    8               /* disks at once, every driver */
#define BLOCKDEV_NAME   40              /* "USB stick (xHCI port 1)" and its NUL */
#define BLOCKDEV_MODEL  41              /* "QEMU HARDDISK": ATA's 40 characters, SCSI's 8 + 1 + 16 */

typedef enum BlockErr {
	BLK_OK,
	BLK_TIMEOUT,                    /* the device did not answer in time (logged by the driver) */
	BLK_IO,                         /* it answered with an error (sense data logged by the driver) */
	BLK_WRITE_PROTECTED,            /* a write to a read-only disk: nothing was sent */
	BLK_GONE,                       /* unplugged, or given up after an error it could not recover */
	BLK_RANGE,                      /* outside the disk, or a count of 0 */
} BlockErr;

typedef struct BlockDev BlockDev;

/*
 * What a block driver does. Each call is waited for (polled, every wait
 * bounded) and works with interrupts off too: the panic writes the crash
 * report through it. buf is the caller's (any kernel address, any
 * alignment): a driver that needs DMA memory copies through its own.
 */
typedef struct BlockOps {
	BlockErr (*read)(BlockDev *d, uint64_t lba, uint32_t count, void *buf);
	BlockErr (*write)(BlockDev *d, uint64_t lba, uint32_t count, const void *buf);
	BlockErr (*flush)(BlockDev *d);         /* the device's write cache to the medium */
} BlockOps;

struct BlockDev {
	const BlockOps *ops;
	void *state;                    /* the driver's */
	const char *kind;               /* "usb", "ahci", "ide", "atapi": what reasons on screen name */
	char name[BLOCKDEV_NAME];       /* for COM1 and the title: "USB stick (xHCI port 1)", "IDE primary master" */
	char model[BLOCKDEV_MODEL];     /* what the device says it is (IDENTIFY, INQUIRY), for COM1 */
	uint64_t sectors;               /* of sector_size bytes */
	uint32_t sector_size;           /* 512 for the save area; other sizes are listed but not used */
	bool read_only;                 /* write-protected (MODE SENSE), or a CD */
	bool removable;
	bool gone;                      /* unplugged: every call returns BLK_GONE */
};

/* The table of disks: drivers register what they found; the kernel's save code looks through it. */
bool blockdev_register(BlockDev *d);    /* false: the table is full (logged) */
void blockdev_unregister(BlockDev *d);  /* unplugged: marks it gone and takes it out */
int blockdev_count(void);
BlockDev *blockdev_at(int i);
const char *blockdev_err_name(BlockErr e);      /* "timeout", "I/O error", ... */
void blockdev_copy_name(char *out, int size, const char *const *parts);  /* parts joined, NULL-ended, cut to size */

/* Calls through the table with the checks every driver would repeat (range, read-only, gone). */
BlockErr blockdev_read(BlockDev *d, uint64_t lba, uint32_t count, void *buf);
BlockErr blockdev_write(BlockDev *d, uint64_t lba, uint32_t count, const void *buf);
BlockErr blockdev_flush(BlockDev *d);

#endif
