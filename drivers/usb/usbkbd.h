/* usbkbd.h: the generic USB layer — descriptors, HID boot keyboards, the shared key table. */
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

/* What is plugged in now, for COM1 and the title: where each keyboard is. */
typedef struct UsbKbdPlace {
	uint8_t hc, port, hub_port;     /* controller index, root port, hub port (0: none) */
} UsbKbdPlace;

int usbkbd_list(UsbKbdPlace *out, int max);
uint32_t usbkbd_reports(void);          /* boot reports taken, all keyboards */

#endif
