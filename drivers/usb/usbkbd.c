/* usbkbd.c: the generic USB layer — descriptors, HID boot keyboards, reports into the shared key table. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drvlog.h"
#include "keyboard.h"
#include "usbhid.h"
#include "usbhub.h"
#include "usbkbd.h"

#define DESC_REQ_TYPE   (USB_REQ_IN)            /* standard, device */
#define HID_PROTOCOL_BOOT 0

typedef struct UsbKbd {
	bool used;
	uint8_t hc, port, hub_port;
	uint8_t prev[HID_BOOT_REPORT_LEN];      /* the last report taken */
} UsbKbd;

static UsbKbd kbds[USBKBD_MAX];
static volatile uint32_t reports_taken;

/* "3", or "3.2" behind a hub on root port 3 (a static buffer: main line only). */
static const char *port_name(uint8_t port, uint8_t hub_port)
{
	static char name[8];
	int n = 0;

	if (port >= 10)
		name[n++] = (char)('0' + port / 10 % 10);
	name[n++] = (char)('0' + port % 10);
	if (hub_port) {
		name[n++] = '.';
		if (hub_port >= 10)
			name[n++] = (char)('0' + hub_port / 10 % 10);
		name[n++] = (char)('0' + hub_port % 10);
	}
	name[n] = '\0';
	return name;
}

static bool get_descriptor(UsbDev *d, uint8_t type, uint8_t index, void *buf, uint16_t len, uint16_t *got)
{
	return xhci_control(d, DESC_REQ_TYPE, USB_REQ_GET_DESCRIPTOR, (uint16_t)(type << 8 | index), 0,
	    buf, len, got);
}

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
 * A device was addressed: read its descriptors; a configuration with a HID
 * boot keyboard interface is set up (SET_CONFIGURATION, SET_PROTOCOL boot,
 * SET_IDLE 0 = report on change only) and its interrupt endpoint started.
 * Anything else is named on COM1 and left alone.
 */
bool usbkbd_probe(UsbDev *d)
{
	uint8_t buf[512];
	UsbDeviceInfo info;
	UsbConfigInfo cfg;
	uint16_t got = 0, total;
	int k;

	if (!get_descriptor(d, USB_DT_DEVICE, 0, buf, 8, &got) || got < 8) {
		drvlog("usb: port %s: no device descriptor, ignored\n", port_name(d->port, d->hub_port));
		return false;
	}
	if (d->speed == USB_SPEED_FULL && buf[7] != 8 && buf[7] >= 8 && !xhci_set_mps0(d, buf[7]))
		return false;
	if (!get_descriptor(d, USB_DT_DEVICE, 0, buf, USB_DEVICE_DESC_LEN, &got) ||
	    !usbdesc_device(buf, got, &info)) {
		drvlog("usb: port %s: bad device descriptor, ignored\n", port_name(d->port, d->hub_port));
		return false;
	}
	if (!get_descriptor(d, USB_DT_CONFIG, 0, buf, 9, &got) || got < 9) {
		drvlog("usb: port %s: %04x:%04x: no configuration descriptor, ignored\n",
		    port_name(d->port, d->hub_port),
		    (unsigned)info.vendor, (unsigned)info.product);
		return false;
	}
	total = (uint16_t)(buf[2] | buf[3] << 8);
	if (total > sizeof buf)
		total = sizeof buf;             /* a keyboard's is far shorter; the parser stops at the end */
	if (total < 9 || !get_descriptor(d, USB_DT_CONFIG, 0, buf, total, &got) || !usbdesc_config(buf, got, &cfg)) {
		drvlog("usb: port %s: %04x:%04x: bad configuration descriptor, ignored\n",
		    port_name(d->port, d->hub_port),
		    (unsigned)info.vendor, (unsigned)info.product);
		return false;
	}
	if (!cfg.has_keyboard && (info.dev_class == USB_CLASS_HUB || cfg.first_class == USB_CLASS_HUB) &&
	    d->hub_port == 0)
		return usbhub_probe(d, &cfg);
	if (!cfg.has_keyboard) {
		uint8_t c = info.dev_class ? info.dev_class : cfg.first_class;

		drvlog("usb: port %s: %04x:%04x %s (class %02x.%02x.%02x): not a boot keyboard, ignored%s\n",
		    port_name(d->port, d->hub_port), (unsigned)info.vendor, (unsigned)info.product,
		    usbdesc_kind(c, info.dev_class ? info.dev_subclass : cfg.first_subclass,
		        info.dev_class ? info.dev_protocol : cfg.first_protocol),
		    (unsigned)c, (unsigned)(info.dev_class ? info.dev_subclass : cfg.first_subclass),
		    (unsigned)(info.dev_class ? info.dev_protocol : cfg.first_protocol),
		    c == USB_CLASS_HUB ? " (a hub behind a hub is not followed)" : "");
		return false;
	}
	for (k = 0; k < USBKBD_MAX && kbds[k].used; k++)
		;
	if (k == USBKBD_MAX) {
		drvlog("usb: port %s: keyboard ignored, already %d\n", port_name(d->port, d->hub_port), USBKBD_MAX);
		return false;
	}
	if (!xhci_control(d, 0x00, USB_REQ_SET_CONFIGURATION, cfg.config_value, 0, NULL, 0, NULL)) {
		drvlog("usb: port %s: SET_CONFIGURATION failed\n", port_name(d->port, d->hub_port));
		return false;
	}
	if (!xhci_control(d, USB_REQ_CLASS_IFACE, HID_REQ_SET_PROTOCOL, HID_PROTOCOL_BOOT, cfg.kbd_interface,
	    NULL, 0, NULL))
		drvlog("usb: port %s: SET_PROTOCOL(boot) refused, going on\n", port_name(d->port, d->hub_port));
	if (!xhci_control(d, USB_REQ_CLASS_IFACE, HID_REQ_SET_IDLE, 0, cfg.kbd_interface, NULL, 0, NULL))
		drvlog("usb: port %s: SET_IDLE refused, going on\n", port_name(d->port, d->hub_port));
	kbds[k] = (UsbKbd){ .used = true, .hc = d->hc, .port = d->port, .hub_port = d->hub_port };
	d->kbd = (int8_t)k;
	if (!xhci_intr_start(d, cfg.kbd_endpoint, cfg.kbd_max_packet, cfg.kbd_interval)) {
		kbds[k].used = false;
		d->kbd = -1;
		return false;
	}
	drvlog("keyboard: USB (xHCI port %s) %04x:%04x, endpoint %02x, %u-byte reports, interval %u\n",
	    port_name(d->port, d->hub_port), (unsigned)info.vendor, (unsigned)info.product,
	    (unsigned)cfg.kbd_endpoint, (unsigned)cfg.kbd_max_packet, (unsigned)cfg.kbd_interval);
	return true;
}

/* One interrupt-IN transfer: diff with the last report into key-downs and key-ups. */
void usbkbd_report(UsbDev *d, const uint8_t *report, size_t len)
{
	HidKeyEvent ev[HID_EVENTS_MAX];
	int n;

	if (d->hub >= 0) {
		usbhub_report(d, report, len);
		return;
	}
	if (d->kbd < 0 || !kbds[d->kbd].used)
		return;
	reports_taken++;
	n = hidboot_diff(kbds[d->kbd].prev, report, len, ev);
	if (n > 0)
		feed(ev, n);
}

/* Unplugged: diff to an empty report so every key it held comes up. */
void usbkbd_gone(UsbDev *d)
{
	static const uint8_t none[HID_BOOT_REPORT_LEN];
	HidKeyEvent ev[HID_EVENTS_MAX];
	UsbKbd *k;
	int n;

	usbhub_gone(d);
	if (d->kbd < 0 || !kbds[d->kbd].used)
		return;
	k = &kbds[d->kbd];
	n = hidboot_diff(k->prev, none, sizeof none, ev);
	feed(ev, n);
	drvlog("keyboard: USB (xHCI port %s) removed, %d keys released\n", port_name(k->port, k->hub_port),
	    n > 0 ? n : 0);
	k->used = false;
	d->kbd = -1;
}

int usbkbd_list(UsbKbdPlace *out, int max)
{
	int n = 0;

	for (int k = 0; k < USBKBD_MAX && n < max; k++)
		if (kbds[k].used)
			out[n++] = (UsbKbdPlace){ .hc = kbds[k].hc, .port = kbds[k].port, .hub_port = kbds[k].hub_port };
	return n;
}

uint32_t usbkbd_reports(void)
{
	return reports_taken;
}
