/* usbkbd.h: the generic USB layer — read a device's descriptors, drive HID boot keyboards, feed the key table. */
#ifndef DRIVERS_USBKBD_H
#define DRIVERS_USBKBD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "xhci.h"

#define USBKBD_MAX      8               /* keyboards at once, every controller */

bool usbkbd_probe(UsbDev *d);           /* a new device: true if it became a keyboard */
void usbkbd_report(UsbDev *d, const uint8_t *report, size_t len);
void usbkbd_gone(UsbDev *d);            /* unplugged: its held keys come up */

/* What is plugged in now, for COM1 and the title: root port numbers of keyboards. */
int usbkbd_list(uint8_t *ports, uint8_t *hcs, int max);
uint32_t usbkbd_reports(void);          /* boot reports taken, all keyboards */

#endif
