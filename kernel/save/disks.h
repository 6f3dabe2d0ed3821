/* disks.h: the disks at boot — IDE and AHCI found on PCI, USB mass storage offered to the USB layer — and a self-test. */
#ifndef KERNEL_DISKS_H
#define KERNEL_DISKS_H

#include <stdbool.h>
#include <stdint.h>

#define DISKS_USB_MS    3000            /* at most this long at boot for the USB sticks to be enumerated */

void disks_init(void);                  /* before usb_init: the mass-storage class first */
/* Step the USB layer (service: the kernel's usb_service) until no attach is under way, at most ms; then one COM1 line per disk. */
void disks_wait_usb(uint32_t ms, bool (*service)(void));
/* disktest=KIND: the last disk of that kind (COM1's order): its last sector read, written with a pattern, flushed, read back. */
void disks_selftest(const char *kind);

#endif
