/* xhci.h: the xHCI host controller driver — bring-up here, everything else through its UsbHcOps (usbhc.h). */
#ifndef DRIVERS_XHCI_H
#define DRIVERS_XHCI_H

#include <stdbool.h>
#include <stdint.h>

#include "usbhc.h"

#define XHCI_MAX_CTRL   8               /* controllers driven (memory for each in the late BSS) */
#define XHCI_MAX_SLOTS  8               /* devices per controller (MaxSlotsEn) */

/*
 * Controllers come up in two passes, every hand-off before any probe (SMI
 * code may touch another controller during a hand-off): xhci_claim takes
 * controller `index` at mmio (BAR0, identity-mapped or mapped by the kernel)
 * from the BIOS once it is ready; false (logged) if it is not to be used.
 * xhci_start then resets it, gives it its rings and powers its ports, which
 * are then news for the device layer (usbdev_add_hc); NULL (logged) if it
 * did not come up.
 */
bool xhci_claim(int index, uintptr_t mmio);
UsbHc *xhci_start(int index);

#endif
