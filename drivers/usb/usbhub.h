/* usbhub.h: the USB 2.0 hub class, hubs behind hubs to the USB limit — power and reset ports, attach and detach behind them. */
#ifndef DRIVERS_USBHUB_H
#define DRIVERS_USBHUB_H

#include "usbdev.h"

#define USBHUB_MAX      8               /* hubs at once, every controller */

extern const UsbClassDriver usbhub_class;       /* for usbdev_add_class */

#endif
