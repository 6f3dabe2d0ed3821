/* usbkbd.c: the HID boot keyboard class — set up on the device layer, reports diffed into the shared key table. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drvlog.h"
#include "keyboard.h"
#include "usbdev.h"
#include "usbhid.h"
#include "usbkbd.h"

/* HID class requests (HID 1.11 7.2). */
#define HID_REQ_SET_IDLE        0x0A
#define HID_REQ_SET_PROTOCOL    0x0B
#define HID_PROTOCOL_BOOT       0
#define HID_IDLE_ON_CHANGE      0       /* SET_IDLE duration 0: report only when something changes */

typedef struct UsbKbd {
	bool used;
	const char *kind;
	uint8_t hc;
	uint8_t speed;                  /* USB_SPEED_* */
	char where[USBDEV_PORT_NAME];   /* "5", "5.2.1" */
	uint8_t prev[HID_BOOT_REPORT_LEN];      /* the last report taken */
} UsbKbd;

static UsbKbd kbds[USBKBD_MAX];

/* Apply events to the key table: each usage through the HID -> key code table. */
static void feed(const HidKeyEvent *ev, int n)
{
	for (int i = 0; i < n; i++) {
		uint8_t key = hidboot_key(ev[i].usage);

		if (key)
			kbd_inject(key, ev[i].down);
	}
}

/*
 * A configuration with a HID boot keyboard interface is ours: SET_CONFIGURATION,
 * SET_PROTOCOL boot, SET_IDLE 0 (refusals of these two are tolerated), then
 * its interrupt endpoint is started. Anything else is not ours.
 */
/* USB_SPEED_* as COM1 names them. */
static const char *const speed_names[] = { "unknown", "full", "low", "high", "super" };

static UsbProbe usbkbd_probe(UsbDev *d, const UsbDescs *descs)
{
	const UsbConfigInfo *cfg = &descs->cfg;
	char where[USBDEV_PORT_NAME];
	int k;

	if (!cfg->has_keyboard)
		return USB_PROBE_NOT_MINE;
	usbdev_port_name(d, where);
	for (k = 0; k < USBKBD_MAX && kbds[k].used; k++)
		;
	if (k == USBKBD_MAX) {
		drvlog("usb: port %s: keyboard ignored, already %d\n", where, USBKBD_MAX);
		return USB_PROBE_FAILED;
	}
	if (!usbdev_set_configuration(d, cfg->config_value)) {
		drvlog("usb: port %s: SET_CONFIGURATION failed\n", where);
		return USB_PROBE_FAILED;
	}
	if (!usbdev_control(d, USB_REQ_CLASS_IFACE, HID_REQ_SET_PROTOCOL, HID_PROTOCOL_BOOT, cfg->kbd_interface,
	    NULL, 0, NULL))
		drvlog("usb: port %s: SET_PROTOCOL(boot) refused, going on\n", where);
	if (!usbdev_control(d, USB_REQ_CLASS_IFACE, HID_REQ_SET_IDLE, HID_IDLE_ON_CHANGE, cfg->kbd_interface,
	    NULL, 0, NULL))
		drvlog("usb: port %s: SET_IDLE refused, going on\n", where);
	kbds[k] = (UsbKbd){ .used = true, .kind = usbdev_kind(d), .hc = d->hc->index, .speed = d->speed };
	for (int c = 0; c < USBDEV_PORT_NAME; c++)
		kbds[k].where[c] = where[c];
	d->cls_index = (int8_t)k;
	if (!usbdev_intr_in(d, cfg->kbd_endpoint, cfg->kbd_max_packet, cfg->kbd_interval)) {
		kbds[k].used = false;
		d->cls_index = -1;
		return USB_PROBE_FAILED;
	}
	drvlog("keyboard: USB (%s port %s) %04x:%04x, endpoint %02x, %u-byte reports, interval %u, %s speed%s\n",
	    kbds[k].kind, where, (unsigned)descs->info.vendor, (unsigned)descs->info.product,
	    (unsigned)cfg->kbd_endpoint, (unsigned)cfg->kbd_max_packet, (unsigned)cfg->kbd_interval,
	    d->speed < sizeof speed_names / sizeof speed_names[0] ? speed_names[d->speed] : "unknown",
	    d->tt_hub ? ", split transactions through a high-speed hub" : "");
	return USB_PROBE_TAKEN;
}

/* One interrupt-IN transfer: diff with the last report into key-downs and key-ups. */
static void usbkbd_report(UsbDev *d, const uint8_t *report, size_t len)
{
	HidKeyEvent ev[HID_EVENTS_MAX];
	int n;

	if (d->cls_index < 0 || !kbds[d->cls_index].used)
		return;
	n = hidboot_diff(kbds[d->cls_index].prev, report, len, ev);
	if (n > 0)
		feed(ev, n);
}

/* Unplugged: diff to an empty report so every key it held comes up. */
static void usbkbd_gone(UsbDev *d)
{
	static const uint8_t none[HID_BOOT_REPORT_LEN];
	HidKeyEvent ev[HID_EVENTS_MAX];
	char where[USBDEV_PORT_NAME];
	UsbKbd *k;
	int n;

	if (d->cls_index < 0 || !kbds[d->cls_index].used)
		return;
	k = &kbds[d->cls_index];
	n = hidboot_diff(k->prev, none, sizeof none, ev);
	feed(ev, n);
	usbdev_port_name(d, where);
	drvlog("keyboard: USB (%s port %s) removed, %d keys released\n", k->kind, where, n > 0 ? n : 0);
	k->used = false;
	d->cls_index = -1;
}

const UsbClassDriver usbkbd_class = {
	.name = "keyboard",
	.probe = usbkbd_probe,
	.report = usbkbd_report,
	.gone = usbkbd_gone,
	.service = NULL,
};

int usbkbd_list(UsbKbdPlace *out, int max)
{
	int n = 0;

	for (int k = 0; k < USBKBD_MAX && n < max; k++)
		if (kbds[k].used) {
			out[n] = (UsbKbdPlace){ .kind = kbds[k].kind, .hc = kbds[k].hc, .speed = kbds[k].speed };
			for (int c = 0; c < USBDEV_PORT_NAME; c++)
				out[n].where[c] = kbds[k].where[c];
			n++;
		}
	return n;
}
