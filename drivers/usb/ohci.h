/* ohci.h: the OHCI host controller driver (USB 1.1, AMD, NVIDIA, SiS, NEC) — bring-up here, the rest through its UsbHcOps. */
#ifndef DRIVERS_OHCI_H
#define DRIVERS_OHCI_H

#include <stdbool.h>
#include <stdint.h>

#include "usbhc.h"
#include "wait.h"

#define OHCI_MAX_CTRL   8               /* controllers driven */

/* Memory for a controller's HCCA, EDs, TDs and buffers: zeroed, 4 KiB-aligned, below 4 GiB; NULL if none. */
typedef void *(*OhciAlloc)(uint32_t bytes);

/*
 * Two passes, as for xHCI: ohci_claim_begin reads controller `index` at
 * mmio (BAR0, mapped), ohci_claim_step takes it from SMM
 * (OwnershipChangeRequest, STEP_MORE while SMM lets go) or from the BIOS's
 * driver; ohci_start_step resets it (the frame interval kept), gives it the
 * HCCA and its lists, makes it operational and powers its root ports:
 * every port is then news for the device layer (a step at a time: each wait
 * started by one call, looked at by the next). STEP_FAILED (logged) if not.
 */
bool ohci_claim_begin(int index, uintptr_t mmio, OhciAlloc alloc);
StepResult ohci_claim_step(int index);                  /* one step of the claim, never a wait: main loop */
bool ohci_claim(int index, uintptr_t mmio, OhciAlloc alloc);    /* the steps to their end (unit tests) */
StepResult ohci_start_step(int index, UsbHc **hc);     /* one step of the start, never a wait: main loop */
UsbHc *ohci_start(int index);                           /* the same steps run to their end (unit tests) */

#endif
