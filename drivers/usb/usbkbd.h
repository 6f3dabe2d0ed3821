/* usbkbd.h: the HID boot keyboard class — reports into the shared key table (drivers/input). */
#ifndef DRIVERS_USBKBD_H
#define DRIVERS_USBKBD_H

#include <stdbool.h>
#include <stdint.h>

#include "usbdev.h"

#define USBKBD_MAX      8               /* keyboards at once, every controller */

extern const UsbClassDriver usbkbd_class;       /* for usbdev_add_class */

/* What is plugged in now, for COM1 and the title: where each keyboard is. */
typedef struct UsbKbdPlace {
	const char *kind;               /* its controller's kind, "xHCI" */
	uint8_t hc;                     /* controller index */
	uint8_t speed;                  /* USB_SPEED_* */
	char where[USBDEV_PORT_NAME];   /* root port and hub ports: "5", "5.2.1" */
} UsbKbdPlace;

int usbkbd_list(UsbKbdPlace *out, int max);

#endif
