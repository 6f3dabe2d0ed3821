/* usbhub.c: USB 2.0 hubs on a root port — port power, reset, speed, hot-plug via the status endpoint. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drvlog.h"
#include "io.h"
#include "usbhub.h"
#include "usbkbd.h"

/* Hub class requests (USB 2.0 11.24). */
#define HUB_REQ_GET_DESC        0xA0    /* class, device, IN */
#define HUB_REQ_PORT_IN         0xA3    /* class, other (port), IN */
#define HUB_REQ_PORT_OUT        0x23
#define REQ_GET_STATUS          0x00
#define REQ_CLEAR_FEATURE       0x01
#define REQ_SET_FEATURE         0x03
#define PORT_RESET              4
#define PORT_POWER              8
#define C_PORT_CONNECTION       16
#define PORT_STAT_CONNECTION    0x0001
#define PORT_STAT_ENABLE        0x0002
#define PORT_STAT_LOW_SPEED     0x0200
#define PORT_STAT_HIGH_SPEED    0x0400
#define PORT_CHANGE_MASK        0x001F  /* C_CONNECTION, C_ENABLE, C_SUSPEND, C_OVER_CURRENT, C_RESET */
#define PORT_CHANGE_RESET       0x0010
#define HUB_MAX_PORTS           15      /* one route-string nibble */
#define HUB_RESET_MS            500
#define HUB_RESET_POLL_MS       10

typedef struct UsbHub {
	bool used;
	UsbDev *dev;
	uint8_t ports;
	volatile uint32_t pending;      /* bit p: port p changed (from the status-change endpoint) */
	uint32_t handled;               /* bit p: a device on port p was attached (or ignored) */
} UsbHub;

static UsbHub hubs[USBHUB_MAX];

static bool port_status(UsbDev *d, uint8_t port, uint16_t *status, uint16_t *change)
{
	uint8_t buf[4];
	uint16_t got = 0;

	if (!xhci_control(d, HUB_REQ_PORT_IN, REQ_GET_STATUS, 0, port, buf, 4, &got) || got < 4)
		return false;
	*status = (uint16_t)(buf[0] | buf[1] << 8);
	*change = (uint16_t)(buf[2] | buf[3] << 8);
	return true;
}

static bool port_feature(UsbDev *d, uint8_t req, uint16_t feature, uint8_t port)
{
	return xhci_control(d, HUB_REQ_PORT_OUT, req, feature, port, NULL, 0, NULL);
}

/* Reset a hub port with a device on it; its speed after the reset, 0 if it did not come up. */
static uint8_t reset_port(UsbDev *d, uint8_t port)
{
	uint16_t status = 0, change = 0;

	if (!port_feature(d, REQ_SET_FEATURE, PORT_RESET, port))
		return 0;
	for (int t = 0; t < HUB_RESET_MS / HUB_RESET_POLL_MS; t++) {
		xhci_pause_ms(HUB_RESET_POLL_MS);
		if (!port_status(d, port, &status, &change))
			return 0;
		if (change & PORT_CHANGE_RESET)
			break;
	}
	if (!(change & PORT_CHANGE_RESET)) {
		drvlog("usb: timeout: hub port %u.%u reset\n", (unsigned)d->port, (unsigned)port);
		return 0;
	}
	port_feature(d, REQ_CLEAR_FEATURE, C_PORT_CONNECTION + 4, port);      /* C_PORT_RESET = 20 */
	xhci_pause_ms(10);                                                      /* reset recovery */
	if (!(status & PORT_STAT_ENABLE))
		return 0;
	return (status & PORT_STAT_LOW_SPEED) ? USB_SPEED_LOW :
	    (status & PORT_STAT_HIGH_SPEED) ? USB_SPEED_HIGH : USB_SPEED_FULL;
}

/* Look at one hub port: clear its changes, detach what left, attach what arrived. */
static bool service_port(UsbHub *h, uint8_t port)
{
	uint16_t status, change;
	uint32_t bit = 1u << port;
	bool changed = false;
	uint8_t speed;
	UsbDev *child;

	if (!port_status(h->dev, port, &status, &change))
		return false;
	for (int f = 0; f < 5; f++)
		if (change & (1u << f))
			port_feature(h->dev, REQ_CLEAR_FEATURE, (uint16_t)(C_PORT_CONNECTION + f), port);
	if ((h->handled & bit) && (!(status & PORT_STAT_CONNECTION) || (change & 1))) {
		drvlog("usb: hub port %u.%u: device removed\n", (unsigned)h->dev->port, (unsigned)port);
		xhci_child_detach(h->dev, port);
		h->handled &= ~bit;
		changed = true;
	}
	if (!(status & PORT_STAT_CONNECTION) || (h->handled & bit))
		return changed;
	h->handled |= bit;                      /* attached or ignored: not again until it leaves */
	speed = reset_port(h->dev, port);
	if (!speed) {
		drvlog("usb: hub port %u.%u: not enabled after reset, skipped\n", (unsigned)h->dev->port,
		    (unsigned)port);
		return changed;
	}
	child = xhci_child_attach(h->dev, port, speed);
	if (child && !usbkbd_probe(child))
		xhci_child_detach(h->dev, port);
	return true;
}

/*
 * A hub on a root port: read its hub descriptor, configure it (the slot
 * context says hub, with its port count), start its status-change endpoint,
 * power its ports, and attach what is already plugged in.
 */
bool usbhub_probe(UsbDev *d, const UsbConfigInfo *cfg)
{
	uint8_t desc[9];
	uint16_t got = 0;
	int i;
	UsbHub *h;

	if (!cfg->first_ep) {
		drvlog("usb: port %u: hub without a status endpoint, ignored\n", (unsigned)d->port);
		return false;
	}
	for (i = 0; i < USBHUB_MAX && hubs[i].used; i++)
		;
	if (i == USBHUB_MAX || !xhci_control(d, HUB_REQ_GET_DESC, USB_REQ_GET_DESCRIPTOR, USB_DT_HUB << 8, 0,
	    desc, sizeof desc, &got) || got < 7 || desc[1] != USB_DT_HUB) {
		drvlog("usb: port %u: hub ignored (no hub descriptor or too many hubs)\n", (unsigned)d->port);
		return false;
	}
	h = &hubs[i];
	*h = (UsbHub){ .used = true, .dev = d, .ports = desc[2] > HUB_MAX_PORTS ? HUB_MAX_PORTS : desc[2] };
	if (!xhci_control(d, 0x00, USB_REQ_SET_CONFIGURATION, cfg->config_value, 0, NULL, 0, NULL)) {
		h->used = false;
		return false;
	}
	xhci_hub_info(d, h->ports, (uint8_t)((desc[3] >> 5) & 3));
	d->hub = (int8_t)i;
	if (!xhci_intr_start(d, cfg->first_ep, cfg->first_ep_max_packet, cfg->first_ep_interval)) {
		h->used = false;
		d->hub = -1;
		return false;
	}
	for (uint8_t p = 1; p <= h->ports; p++)
		port_feature(d, REQ_SET_FEATURE, PORT_POWER, p);
	xhci_pause_ms(2u * desc[5] + 20);       /* bPwrOn2PwrGood, in 2 ms units, and some */
	drvlog("usb: port %u: hub with %u ports (hubs behind it are not followed)\n", (unsigned)d->port,
	    (unsigned)h->ports);
	for (uint8_t p = 1; p <= h->ports; p++)
		service_port(h, p);
	return true;
}

/* The status-change endpoint: bit p set = port p changed (bit 0 is the hub itself). */
void usbhub_report(UsbDev *d, const uint8_t *report, size_t len)
{
	UsbHub *h;
	uint32_t bits = 0;

	if (d->hub < 0 || !hubs[d->hub].used)
		return;
	h = &hubs[d->hub];
	for (size_t i = 0; i < len && i < 4; i++)
		bits |= (uint32_t)report[i] << (8 * i);
	h->pending |= bits & ((2u << h->ports) - 2);
}

void usbhub_gone(UsbDev *d)
{
	if (d->hub < 0)
		return;
	hubs[d->hub].used = false;
	d->hub = -1;
}

bool usbhub_service(uint8_t hc)
{
	bool changed = false;

	for (int i = 0; i < USBHUB_MAX; i++) {
		UsbHub *h = &hubs[i];
		uint32_t f, pending;

		if (!h->used || h->dev->hc != hc || !h->pending)
			continue;
		f = cpu_save_flags_cli();
		pending = h->pending;
		h->pending = 0;
		cpu_restore_flags(f);
		for (uint8_t p = 1; p <= h->ports && h->used; p++)
			if (pending & (1u << p))
				changed |= service_port(h, p);
	}
	return changed;
}
