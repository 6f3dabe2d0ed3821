/* ehci.h: the EHCI host controller driver (USB 2: Intel, AMD, NVIDIA, VIA chipsets 2002-2013) — bring-up here, the rest through its UsbHcOps. */
#ifndef DRIVERS_EHCI_H
#define DRIVERS_EHCI_H

#include <stdbool.h>
#include <stdint.h>

#include "pci.h"
#include "usbhc.h"
#include "wait.h"

#define EHCI_MAX_CTRL   8               /* controllers driven */

/* Memory for a controller's frame list, QHs, qTDs and buffers: zeroed, 4 KiB-aligned, below 4 GiB; NULL if none. */
typedef void *(*EhciAlloc)(uint32_t bytes);

/*
 * Two passes, as for the other kinds: ehci_claim_begin reads controller
 * `index` (PCI function p, registers at mmio) and asks the BIOS for it
 * (USBLEGSUP's OS semaphore); ehci_claim_step waits for the BIOS to let go
 * (SMIs off), halts and resets it, a step at a time (STEP_MORE while it
 * waits), which clears CONFIGFLAG: until it runs,
 * every root port belongs to a companion UHCI/OHCI. ehci_start_step gives it
 * its schedules, runs it, sets CONFIGFLAG (every port to the EHCI) and
 * powers its ports: each is then news for the device layer, and a full- or
 * low-speed device found on one is handed to the companion (PORT_OWNER) if
 * there are companions (a step at a time: each wait started by one call,
 * looked at by the next). STEP_FAILED (logged) if it did not start; its ports then
 * stay with the companions.
 */
bool ehci_claim_begin(int index, const PciDev *p, uintptr_t mmio, EhciAlloc alloc);
StepResult ehci_claim_step(int index);                  /* one step of the claim, never a wait: main loop */
bool ehci_claim(int index, const PciDev *p, uintptr_t mmio, EhciAlloc alloc);  /* the steps to their end */
StepResult ehci_start_step(int index, UsbHc **hc);     /* one step of the start, never a wait: main loop */
UsbHc *ehci_start(int index);                           /* the same steps run to their end */

#endif
