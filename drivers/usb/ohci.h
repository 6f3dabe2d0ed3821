/* ohci.h: the OHCI host controller driver (USB 1.1, AMD, NVIDIA, SiS, NEC) — bring-up here, the rest through its UsbHcOps. */
#ifndef DRIVERS_OHCI_H
#define DRIVERS_OHCI_H

#include <stdbool.h>
#include <stdint.h>

#include "usbhc.h"

#define OHCI_MAX_CTRL   8               /* controllers driven */

/* Memory for a controller's HCCA, EDs, TDs and buffers: zeroed, 4 KiB-aligned, below 4 GiB; NULL if none. */
typedef void *(*OhciAlloc)(uint32_t bytes);

/*
 * Two passes, as for xHCI: ohci_claim takes controller `index` at mmio
 * (BAR0, mapped) from SMM (OwnershipChangeRequest) or from the BIOS's
 * driver; ohci_start resets it (the frame interval kept), gives it the
 * HCCA and its lists, makes it operational and powers its root ports:
 * every port is then news for the device layer. NULL (logged) if it did not.
 */
bool ohci_claim(int index, uintptr_t mmio, OhciAlloc alloc);
UsbHc *ohci_start(int index);

#endif
