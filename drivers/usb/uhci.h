/* uhci.h: the UHCI host controller driver (USB 1.1, Intel and VIA) — bring-up here, the rest through its UsbHcOps. */
#ifndef DRIVERS_UHCI_H
#define DRIVERS_UHCI_H

#include <stdbool.h>
#include <stdint.h>

#include "usbhc.h"
#include "wait.h"

#define UHCI_MAX_CTRL   8               /* controllers driven */

/* Memory for a controller's frame list, queues and buffers: zeroed, 4 KiB-aligned, below 4 GiB; NULL if none. */
typedef void *(*UhciAlloc)(uint32_t bytes);

/*
 * Two passes, as for xHCI: uhci_claim takes controller `index` at I/O port
 * base `io` (BAR4; the kernel has already written LEGSUP in its PCI
 * configuration space, which ends the BIOS's SMI emulation) and stops it;
 * uhci_start_step resets the bus (GRESET held 50 ms: started by one step,
 * ended by a later one), gives it its frame list and runs it: every root
 * port is then news for the device layer. STEP_FAILED (logged) if it did not.
 */
bool uhci_claim(int index, uint16_t io, UhciAlloc alloc);
StepResult uhci_start_step(int index, UsbHc **hc);     /* one step of the start, never a wait: main loop */
UsbHc *uhci_start(int index);                           /* the same steps run to their end (unit tests) */

#endif
