/* disks.h: the disks at boot — IDE and AHCI found on PCI, USB mass storage offered to the USB layer — and a self-test. */
#ifndef KERNEL_DISKS_H
#define KERNEL_DISKS_H

#include <stdbool.h>
#include <stdint.h>

#include "ata.h"
#include "pci.h"

#define DISKS_USB_MS    3000            /* at most this long at boot for the USB sticks to be enumerated */

/* The disks' bring-up, a step a call (disks.c): AHCI, then the IDE channels one a step. */
typedef struct DisksProbe {
	bool begun, found;              /* the first step (mass storage, AHCI) done; the IDE channels listed */
	int channels, next;             /* IDE channels listed, the next to probe */
	AtaPorts ch[2 * PCI_MAX_FOUND];
} DisksProbe;
bool disks_init_step(DisksProbe *p);    /* before the USB stage: the mass-storage class first; true when done */
/* The USB sticks at boot, looked at once a main-loop pass (which steps the USB layer): at most ms. */
typedef struct DisksUsbWait {
	uint32_t t0, ms, deadline;      /* PIT ticks at the start, the bound, wait_deadline(ms) */
} DisksUsbWait;
void disks_usb_begin(DisksUsbWait *w, uint32_t ms);
/* True once no attach is under way or ms have passed: then one COM1 line per disk. */
bool disks_usb_settled(DisksUsbWait *w);
/* disktest=KIND: the last disk of that kind (COM1's order): its last sector read, written with a pattern, flushed, read back. */
void disks_selftest(const char *kind);

#endif
