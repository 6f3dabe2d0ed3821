/* usbhub.h: the USB 2.0 hub class, one level deep — power and reset its ports, attach and detach behind it. */
#ifndef DRIVERS_USBHUB_H
#define DRIVERS_USBHUB_H

#include "usbdev.h"

#define USBHUB_MAX      4               /* hubs at once, every controller */

extern const UsbClassDriver usbhub_class;       /* for usbdev_add_class */

#endif
