/* usbdevrec.h: what the device layer read of each attached device, kept for the hardware report (docs/hwinfo.md). */
#ifndef DRIVERS_USBDEVREC_H
#define DRIVERS_USBDEVREC_H

#include <stdbool.h>
#include <stdint.h>

#include "usbhc.h"

#define USBREC_MAX              32      /* devices kept (the device table's size) */
#define USBREC_DEVICE           18      /* the device descriptor */
#define USBREC_CONFIG           512     /* the configuration descriptor as read (usbdev.c's CONFIG_BUF) */
#define USBREC_HIDS             4       /* HID interfaces whose report descriptor is kept */
#define USBREC_REPORTS          1024    /* their bytes, all interfaces together */
#define USBREC_REPORT_MAX       512     /* one report descriptor: the controllers' control transfers' limit */

/* One HID interface's report descriptor: where in the record's pool, or why not. */
typedef struct UsbRecHid {
	uint8_t iface;
	bool error;                     /* it was asked for and did not come */
	uint16_t offset, len;           /* in UsbRecord.reports */
} UsbRecHid;

/*
 * A device attached now, by its place (controller, root port, route), as
 * the device layer read it: the descriptors byte for byte (no string
 * descriptor is ever read), the report descriptors, and which class driver
 * took it. Kept until its port is left (unplugged, replaced, controller lost).
 */
typedef struct UsbRecord {
	bool used;
	const UsbHc *hc;
	uint8_t port;                   /* root port */
	uint32_t route;                 /* hub ports below it (usbhc.h) */
	uint8_t depth;                  /* hubs between the root port and it */
	uint8_t speed;                  /* USB_SPEED_* */
	const char *driver;             /* the class driver's name, "none", or "failed" */
	uint8_t device_len;
	uint8_t device[USBREC_DEVICE];
	uint16_t config_len;
	uint8_t config[USBREC_CONFIG];
	uint8_t hids;
	UsbRecHid hid[USBREC_HIDS];
	uint16_t reports_used;
	uint8_t reports[USBREC_REPORTS];
} UsbRecord;

/* The records, for the report: NULL past the last or for a free entry. */
const UsbRecord *usbdev_record(int i);

#endif
