/*
 * reportfix.h: what a hardware report (HWINFO.TXT, docs/hwinfo.md) becomes for the unit tests —
 * the types of build/gen/reports.h, which tools/report2test.py writes from the reports in tests/reports:
 * each report's USB devices (where, speed, descriptors, HID report descriptors, the class that
 * took each), its HDA codecs (every get verb the driver's walk sent and its answer, and the
 * output paths it found) and its PCI functions.
 */
#ifndef TESTS_UNIT_REPORTFIX_H
#define TESTS_UNIT_REPORTFIX_H

#include <stdbool.h>
#include <stdint.h>

enum { REPORT_HC_UHCI, REPORT_HC_OHCI, REPORT_HC_EHCI, REPORT_HC_XHCI, REPORT_HC_KINDS };

/* One interface's HID report descriptor, as the device sent it. */
typedef struct ReportHid {
	uint8_t iface;
	const uint8_t *rdesc;
	uint16_t len;
} ReportHid;

/* A USB device: where it was, what it said, who took it. */
typedef struct ReportUsbDev {
	uint8_t hc_kind;                /* REPORT_HC_* */
	uint8_t hc_index;               /* among the report's controllers of that kind: uhci1 is 1 */
	uint8_t port;                   /* root port, 1-based */
	uint32_t route;                 /* hub ports below it (usbhc.h's route string), 0 on a root port */
	uint8_t depth;                  /* hubs between the root port and it */
	uint8_t speed;                  /* USB_SPEED_* */
	const uint8_t *device;          /* 18 bytes */
	const uint8_t *config;          /* the whole configuration descriptor */
	uint16_t config_len;
	const uint8_t *hub;             /* a hub's hub descriptor, else NULL */
	uint8_t hub_len;
	const ReportHid *hids;
	int nhids;
	const char *taken;              /* the class driver that took it ("keyboard", "hub", "pad", "failed",
	                                   "mass_storage"), "" if none did */
	const char *where;              /* its port name as COM1 gives it: "1", "1.2" */
} ReportUsbDev;

/* A USB controller of the report ([usbhc]): its kind, index among its kind, root ports, PCI function. */
typedef struct ReportHc {
	uint8_t kind;                   /* REPORT_HC_* */
	uint8_t index;
	uint8_t ports;
	uint8_t bus, dev, fn;
} ReportHc;

/* One get verb of a codec walk and its answer ([hdacodec] verb rows); none: it got no answer. */
typedef struct ReportVerb {
	uint8_t nid;
	uint32_t verb;                  /* the command's low 20 bits: verb and payload */
	uint32_t resp;
	bool none;
} ReportVerb;

/* An output path the driver found: pin -> DAC, the pin's device (HDA_DEV_*). */
typedef struct ReportPath {
	uint8_t pin, dac, device;
} ReportPath;

typedef struct ReportCodec {
	uint8_t cad;
	uint16_t vendor, device;
	bool answered;
	const ReportVerb *verbs;
	int nverbs;
	int dropped;                    /* verbs the report had no room for */
	const ReportPath *paths;
	int npaths;
} ReportCodec;

/* A PCI function ([pci]): its ids, class and revision, header type (bit 7 clear), BARs as registers. */
typedef struct ReportPci {
	uint8_t bus, dev, fn;
	uint16_t vendor, device;
	uint32_t class_rev;             /* configuration offset 08h */
	uint8_t header;
	uint32_t bar[6];
} ReportPci;

typedef struct Report {
	const char *name;               /* tests/reports/NAME.txt */
	const ReportUsbDev *usb;
	int nusb;
	const ReportHc *hcs;
	int nhcs;
	const ReportCodec *codecs;
	int ncodecs;
	const ReportPci *pci;
	int npci;
} Report;

#endif
