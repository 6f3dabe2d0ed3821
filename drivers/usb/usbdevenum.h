/* usbdevenum.h: private to the device layer — usbdev.c's table for the attach sequences of usbdevenum.c, and back. */
#ifndef DRIVERS_USBDEVENUM_H
#define DRIVERS_USBDEVENUM_H

#include <stdbool.h>
#include <stdint.h>

#include "usbdev.h"
#include "usbhc.h"

/* usbdev.c: the device table. */
UsbDev *usbdev_free_entry(void);        /* NULL if the table is full */
UsbDev *usbdev_new(UsbDev *d, const UsbPortRef *at, uint8_t speed);   /* addressed, or NULL */
bool usbdev_probe(UsbDev *d, const uint8_t *head);     /* descriptors read, a class took it */
void usbdev_forget(UsbDev *d);

/* usbdevrec.c: the records the hardware report reads (usbdevrec.h). */
void usbdev_rec_device(const UsbDev *d, const uint8_t *desc, uint16_t len);
void usbdev_rec_config(const UsbDev *d, const uint8_t *cfg, uint16_t len);
void usbdev_rec_reports(UsbDev *d);     /* after the class drivers: the HID report descriptors read */
void usbdev_rec_report(const UsbDev *d, uint8_t iface, const uint8_t *desc, uint16_t len);     /* one came */
void usbdev_rec_driver(const UsbDev *d, const char *name);
void usbdev_rec_drop(const UsbHc *hc, uint8_t port, uint8_t depth, uint32_t route);     /* and all behind */

/* usbdevenum.c: the attaches under way. */
bool usbdev_enum_step(UsbHc *hc);               /* main line: every due step on hc; true if one ended */
bool usbdev_enum_active(const UsbHc *hc);       /* any attach under way on hc */
void usbdev_enum_cancel(const UsbHc *hc, const UsbDev *hub, uint8_t port);  /* port 0: all under hub */

#endif
