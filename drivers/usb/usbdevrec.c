/* usbdevrec.c: the device layer's records of what each attached device sent (descriptors, HID report descriptors), for the hardware report. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "latebss.h"
#include "usbdev.h"
#include "usbdevenum.h"
#include "usbdevrec.h"
#include "usbhc.h"
#include "usbhid.h"

#define HID_DESC_COUNT          5       /* HID descriptor: bNumDescriptors */
#define HID_DESC_FIRST          6       /* then (bDescriptorType, wDescriptorLength) each */
#define IF_NUMBER               2       /* interface descriptor: bInterfaceNumber */
#define IF_CLASS                5

static UsbRecord records[USBREC_MAX] LATE_BSS;

const UsbRecord *usbdev_record(int i)
{
	return i >= 0 && i < USBREC_MAX && records[i].used ? &records[i] : NULL;
}

static void copy(uint8_t *to, const uint8_t *from, uint32_t n)
{
	while (n--)
		*to++ = *from++;
}

/* Route nibbles of the first `depth` hub levels. */
static uint32_t route_mask(uint8_t depth)
{
	return depth >= 8 ? 0xFFFFFFFFu : (1u << (4 * depth)) - 1;
}

static UsbRecord *find(const UsbDev *d)
{
	for (int i = 0; i < USBREC_MAX; i++)
		if (records[i].used && records[i].hc == d->hc && records[i].port == d->port &&
		    records[i].depth == d->depth && records[i].route == d->route)
			return &records[i];
	return NULL;
}

/* A device's descriptor was read: its record starts (a device read before at its place is replaced). */
void usbdev_rec_device(const UsbDev *d, const uint8_t *desc, uint16_t len)
{
	UsbRecord *r = find(d);

	for (int i = 0; !r && i < USBREC_MAX; i++)
		if (!records[i].used)
			r = &records[i];
	if (!r)
		return;                 /* more devices than the table: not kept (the report has what fits) */
	*r = (UsbRecord){ .used = true, .hc = d->hc, .port = d->port, .route = d->route, .depth = d->depth,
	    .speed = d->speed, .driver = "none" };
	r->device_len = (uint8_t)(len < USBREC_DEVICE ? len : USBREC_DEVICE);
	copy(r->device, desc, r->device_len);
}

static bool have_report(const UsbRecord *r, uint8_t iface)
{
	for (int i = 0; i < r->hids; i++)
		if (r->hid[i].iface == iface)
			return true;
	return false;
}

/*
 * A report descriptor that came through usbdev_control (a class driver's
 * own request, or read_report's): kept, once an interface, as it came.
 */
void usbdev_rec_report(const UsbDev *d, uint8_t iface, const uint8_t *desc, uint16_t len)
{
	UsbRecord *r = find(d);
	uint16_t room;

	if (!r || r->hids == USBREC_HIDS || have_report(r, iface))
		return;
	room = (uint16_t)(USBREC_REPORTS - r->reports_used);
	if (len > room)
		len = room;
	r->hid[r->hids++] = (UsbRecHid){ .iface = iface, .offset = r->reports_used, .len = len, .error = len == 0 };
	copy(r->reports + r->reports_used, desc, len);
	r->reports_used = (uint16_t)(r->reports_used + len);
}

/* One HID interface's report descriptor that no class driver read: `want` bytes asked of the device. */
static void read_report(UsbDev *d, UsbRecord *r, uint8_t iface, uint16_t want)
{
	uint16_t room = (uint16_t)(USBREC_REPORTS - r->reports_used), got = 0;

	if (want > USBREC_REPORT_MAX)
		want = USBREC_REPORT_MAX;
	if (want > room)
		want = room;
	if (have_report(r, iface))
		return;
	if (!want || !usbdev_control(d, USB_REQ_IN_STD_IFACE, USB_REQ_GET_DESCRIPTOR, USB_DT_REPORT << 8, iface,
	    r->reports + r->reports_used, want, &got) || !got) {
		if (!have_report(r, iface) && r->hids < USBREC_HIDS)
			r->hid[r->hids++] = (UsbRecHid){ .iface = iface, .offset = r->reports_used, .error = true };
	}
}

/* The configuration descriptor as read, kept. */
void usbdev_rec_config(const UsbDev *d, const uint8_t *cfg, uint16_t len)
{
	UsbRecord *r = find(d);

	if (!r)
		return;
	r->config_len = len < USBREC_CONFIG ? len : USBREC_CONFIG;
	copy(r->config, cfg, r->config_len);
}

/*
 * Each HID interface's report descriptor asked for (its length from the
 * HID descriptor after the interface), as Linux's HID driver does at every
 * attach; after the class drivers were offered the device, so one that
 * took it has configured it first.
 */
void usbdev_rec_reports(UsbDev *d)
{
	UsbRecord *r = find(d);
	const uint8_t *cfg;
	int iface = -1;

	if (!r)
		return;
	cfg = r->config;
	for (uint32_t at = 0; at + 2 <= r->config_len && r->hids < USBREC_HIDS; at += cfg[at]) {
		const uint8_t *p = cfg + at;
		uint32_t n = p[0];

		if (n < 2 || at + n > r->config_len)
			break;
		if (p[1] == USB_DT_INTERFACE && n > IF_CLASS)
			iface = p[IF_CLASS] == USB_CLASS_HID ? p[IF_NUMBER] : -1;
		if (p[1] != USB_DT_HID || iface < 0 || n <= HID_DESC_COUNT)
			continue;
		for (uint32_t k = 0; k < p[HID_DESC_COUNT] && HID_DESC_FIRST + 3 * k + 2 < n; k++)
			if (p[HID_DESC_FIRST + 3 * k] == USB_DT_REPORT) {
				read_report(d, r, (uint8_t)iface,
				    (uint16_t)(p[HID_DESC_FIRST + 3 * k + 1] | p[HID_DESC_FIRST + 3 * k + 2] << 8));
				break;
			}
		iface = -1;             /* one report descriptor an interface */
	}
}

void usbdev_rec_driver(const UsbDev *d, const char *name)
{
	UsbRecord *r = find(d);

	if (r)
		r->driver = name;
}

/* A place was left: its record and every record behind it go (hub: depth and route of the hub's port). */
void usbdev_rec_drop(const UsbHc *hc, uint8_t port, uint8_t depth, uint32_t route)
{
	for (int i = 0; i < USBREC_MAX; i++) {
		UsbRecord *r = &records[i];

		if (r->used && r->hc == hc && r->port == port && r->depth >= depth &&
		    (r->route & route_mask(depth)) == (route & route_mask(depth)))
			r->used = false;
	}
}
