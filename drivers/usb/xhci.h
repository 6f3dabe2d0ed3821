/* xhci.h: the xHCI host controller driver — bring-up here, everything else through its UsbHcOps (usbhc.h). */
#ifndef DRIVERS_XHCI_H
#define DRIVERS_XHCI_H

#include <stdbool.h>
#include <stdint.h>

#include "usbhc.h"
#include "wait.h"

#define XHCI_MAX_CTRL   32              /* controllers driven: a table of pointers; each one's state and memory from XhciAlloc */
#define XHCI_MAX_SLOTS  8               /* devices per controller (MaxSlotsEn) */

/*
 * Controllers come up in two passes, every hand-off before any probe (SMI
 * code may touch another controller during a hand-off): xhci_claim_begin
 * reads controller `index` at mmio (BAR0, identity-mapped or mapped by the
 * kernel), false (logged) if it is not to be used; xhci_claim_step then
 * takes it from the BIOS once it is ready, its memory from alloc, a step
 * at a time (STEP_MORE while it waits for CNR or the BIOS), STEP_FAILED
 * (logged) if it is not to be used.
 * xhci_start_step then resets it, gives it its rings and powers its ports
 * (a step at a time: each wait started by one call, looked at by the next),
 * which are then news for the device layer (usbdev_add_hc); STEP_FAILED
 * (logged) if it did not come up.
 */
/*
 * Memory for a controller's rings, contexts and scratchpad pages, given by
 * the kernel from RAM below 4 GiB (identity-mapped, DMA-able): `bytes`
 * zeroed and 4 KiB-aligned, NULL if there is none left.
 */
typedef void *(*XhciAlloc)(uint32_t bytes);

bool xhci_claim_begin(int index, uintptr_t mmio, XhciAlloc alloc);
StepResult xhci_claim_step(int index);                  /* one step of the claim, never a wait: main loop */
bool xhci_claim(int index, uintptr_t mmio, XhciAlloc alloc);    /* the same steps run to their end (unit tests) */
StepResult xhci_start_step(int index, UsbHc **hc);     /* one step of the start, never a wait: main loop */
UsbHc *xhci_start(int index);                           /* the same steps run to their end (unit tests) */

#endif
