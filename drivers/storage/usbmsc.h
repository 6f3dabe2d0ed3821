/* usbmsc.h: USB mass storage (Bulk-Only Transport, SCSI) as a class driver of the USB device layer; each stick a BlockDev. */
#ifndef DRIVERS_USBMSC_H
#define DRIVERS_USBMSC_H

#include "usbdev.h"

#define USBMSC_MAX      4               /* sticks at once */

extern const UsbClassDriver usbmsc_class;

#endif
