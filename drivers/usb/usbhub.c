/* usbhub.c: the hub class — hubs at any tier (five deep): port power, debounce, reset, speed, hot-plug via the status endpoint. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drvlog.h"
#include "io.h"
#include "usbdev.h"
#include "usbhid.h"
#include "usbhub.h"

/* Hub class requests (USB 2.0 11.24). */
#define HUB_REQ_GET_DESC        0xA0    /* class, device, IN */
#define HUB_REQ_PORT_IN         0xA3    /* class, other (port), IN */
#define HUB_REQ_PORT_OUT        0x23
#define REQ_GET_STATUS          0x00
#define REQ_CLEAR_FEATURE       0x01
#define REQ_SET_FEATURE         0x03
#define PORT_RESET              4       /* port features (11.24.2) */
#define PORT_POWER              8
#define C_PORT_CONNECTION       16      /* the change features: C_PORT_CONNECTION + change bit */
#define C_PORT_RESET            20
#define PORT_CHANGE_BITS        5       /* C_CONNECTION, C_ENABLE, C_SUSPEND, C_OVER_CURRENT, C_RESET */
#define PORT_STAT_CONNECTION    0x0001
#define PORT_STAT_ENABLE        0x0002
#define PORT_STAT_LOW_SPEED     0x0200
#define PORT_STAT_HIGH_SPEED    0x0400
#define PORT_CHANGE_CONNECTION  0x0001
#define PORT_CHANGE_RESET       0x0010
#define HUB_DESC_PORTS          2       /* hub descriptor (11.23.2.1): bNbrPorts */
#define HUB_DESC_CHARS          3       /* wHubCharacteristics, low byte */
#define HUB_DESC_PWR_ON         5       /* bPwrOn2PwrGood, in 2 ms units */
#define HUB_DESC_MIN_LEN        7
#define HUB_CHARS_TTT(c)        (((c) >> 5) & 3)        /* TT think time, bits 6:5 */
#define HUB_STATUS_LEN          4       /* port status (11.24.2.7): wPortStatus, wPortChange */
#define HUB_MAX_PORTS           15      /* one route-string nibble */
#define HUB_RESET_MS            500
#define HUB_RESET_POLL_MS       10
#define HUB_POWER_EXTRA_MS      20      /* after bPwrOn2PwrGood, for slow hubs */

typedef struct UsbHub {
	bool used;
	UsbDev *dev;
	char name[USBDEV_PORT_NAME];    /* where the hub is: "5", "5.2" */
	uint8_t ports;
	volatile uint32_t pending;      /* bit p: port p changed (from the status-change endpoint) */
	uint32_t handled;               /* bit p: a device on port p was attached (or ignored) */
} UsbHub;

static UsbHub hubs[USBHUB_MAX];

static bool port_status(UsbDev *d, uint8_t port, uint16_t *status, uint16_t *change)
{
	uint8_t buf[HUB_STATUS_LEN];
	uint16_t got = 0;

	if (!usbdev_control(d, HUB_REQ_PORT_IN, REQ_GET_STATUS, 0, port, buf, HUB_STATUS_LEN, &got) ||
	    got < HUB_STATUS_LEN)
		return false;
	*status = (uint16_t)(buf[0] | buf[1] << 8);
	*change = (uint16_t)(buf[2] | buf[3] << 8);
	return true;
}

static bool port_feature(UsbDev *d, uint8_t req, uint16_t feature, uint8_t port)
{
	return usbdev_control(d, HUB_REQ_PORT_OUT, req, feature, port, NULL, 0, NULL);
}

/* A hub port as the device layer's attach asks about it: connected? (a connection change is cleared as it is seen) */
static bool hub_port_connected(const UsbPortRef *at, bool *changed)
{
	uint16_t status = 0, change = 0;

	if (!port_status(at->hub, at->port, &status, &change))
		return false;
	*changed = (change & PORT_CHANGE_CONNECTION) != 0;
	if (*changed)
		port_feature(at->hub, REQ_CLEAR_FEATURE, C_PORT_CONNECTION, at->port);
	return (status & PORT_STAT_CONNECTION) != 0;
}

static bool hub_port_reset(const UsbPortRef *at)
{
	return port_feature(at->hub, REQ_SET_FEATURE, PORT_RESET, at->port);
}

/*
 * The reset hub_port_reset started (the device layer asks every
 * HUB_RESET_POLL_MS, HUB_RESET_MS at most): USB_RESET_PENDING until
 * C_PORT_RESET, then the speed; 0 if it did not come up enabled.
 */
static uint8_t hub_port_reset_done(const UsbPortRef *at)
{
	char name[USBDEV_PORT_NAME];
	uint16_t status = 0, change = 0;

	if (!port_status(at->hub, at->port, &status, &change))
		return 0;
	if (!(change & PORT_CHANGE_RESET))
		return USB_RESET_PENDING;
	port_feature(at->hub, REQ_CLEAR_FEATURE, C_PORT_RESET, at->port);
	if (!(status & PORT_STAT_ENABLE)) {
		usbdev_port_name(at->hub, name);
		drvlog("usb: hub port %s.%u: not enabled after reset\n", name, (unsigned)at->port);
		return 0;
	}
	return (status & PORT_STAT_LOW_SPEED) ? USB_SPEED_LOW :
	    (status & PORT_STAT_HIGH_SPEED) ? USB_SPEED_HIGH : USB_SPEED_FULL;
}

/* An attach on a hub port ended. Nobody was there: the port may be attached again at its next change. */
static void hub_port_done(const UsbPortRef *at, UsbDev *d, bool vacant)
{
	(void)d;
	if (vacant && at->hub->cls_index >= 0 && hubs[at->hub->cls_index].used)
		hubs[at->hub->cls_index].handled &= ~(1u << at->port);
}

static const UsbPortOps hub_ports = {
	.connected = hub_port_connected,
	.reset = hub_port_reset,
	.reset_done = hub_port_reset_done,
	.done = hub_port_done,
	.reset_ms = HUB_RESET_MS,
	.reset_poll_ms = HUB_RESET_POLL_MS,
};

/*
 * Look at one hub port: clear its changes, detach what left, start
 * attaching what arrived (the device layer debounces it). A port with an
 * attach under way is left to it.
 */
static bool service_port(UsbHub *h, uint8_t port)
{
	UsbPortRef at = { .hc = h->dev->hc, .hub = h->dev, .port = port };
	uint16_t status, change;
	uint32_t bit = 1u << port;
	bool changed = false;

	if (usbdev_attaching(&at) || !port_status(h->dev, port, &status, &change))
		return false;
	for (int f = 0; f < PORT_CHANGE_BITS; f++)
		if (change & (1u << f))
			port_feature(h->dev, REQ_CLEAR_FEATURE, (uint16_t)(C_PORT_CONNECTION + f), port);
	if ((h->handled & bit) && (!(status & PORT_STAT_CONNECTION) || (change & PORT_CHANGE_CONNECTION))) {
		drvlog("usb: hub port %s.%u: device removed\n", h->name, (unsigned)port);
		usbdev_detach_child(h->dev, port);
		h->handled &= ~bit;
		changed = true;
	}
	if (!(status & PORT_STAT_CONNECTION) || (h->handled & bit))
		return changed;
	h->handled |= bit;                      /* attached or ignored: not again until it leaves */
	usbdev_attach_port(&at, &hub_ports, 0);
	return changed;
}

/*
 * A hub, on a root port or behind other hubs (USB_MAX_HUB_DEPTH of them at
 * most, the USB limit): read its hub descriptor, configure it (the slot
 * context says hub, with its port count), start its status-change endpoint,
 * power its ports, and start attaching what is plugged in once their
 * power is good (which may be hubs: one level per hub, the device layer
 * steps them all).
 */
static UsbProbe usbhub_probe(UsbDev *d, const UsbDescs *descs)
{
	const UsbConfigInfo *cfg = &descs->cfg;
	char name[USBDEV_PORT_NAME];
	uint8_t desc[9];
	uint16_t got = 0;
	int i;
	UsbHub *h;

	if (descs->info.dev_class != USB_CLASS_HUB && cfg->first_class != USB_CLASS_HUB)
		return USB_PROBE_NOT_MINE;
	usbdev_port_name(d, name);
	if (d->depth >= USB_MAX_HUB_DEPTH) {
		drvlog("usb: port %s: hub ignored: already %d hubs above it (the USB limit)\n", name,
		    USB_MAX_HUB_DEPTH);
		return USB_PROBE_FAILED;
	}
	if (!cfg->first_ep) {
		drvlog("usb: port %s: hub without a status endpoint, ignored\n", name);
		return USB_PROBE_FAILED;
	}
	for (i = 0; i < USBHUB_MAX && hubs[i].used; i++)
		;
	if (i == USBHUB_MAX || !usbdev_control(d, HUB_REQ_GET_DESC, USB_REQ_GET_DESCRIPTOR, USB_DT_HUB << 8, 0,
	    desc, sizeof desc, &got) || got < HUB_DESC_MIN_LEN || desc[1] != USB_DT_HUB) {
		drvlog("usb: port %s: hub ignored (no hub descriptor or too many hubs)\n", name);
		return USB_PROBE_FAILED;
	}
	h = &hubs[i];
	*h = (UsbHub){ .used = true, .dev = d,
	    .ports = desc[HUB_DESC_PORTS] > HUB_MAX_PORTS ? HUB_MAX_PORTS : desc[HUB_DESC_PORTS] };
	for (int c = 0; c < USBDEV_PORT_NAME; c++)
		h->name[c] = name[c];
	if (!usbdev_set_configuration(d, cfg->config_value)) {
		h->used = false;
		return USB_PROBE_FAILED;
	}
	usbdev_set_hub(d, h->ports, (uint8_t)HUB_CHARS_TTT(desc[HUB_DESC_CHARS]));
	d->cls_index = (int8_t)i;
	if (!usbdev_intr_in(d, cfg->first_ep, cfg->first_ep_max_packet, cfg->first_ep_interval)) {
		h->used = false;
		d->cls_index = -1;
		return USB_PROBE_FAILED;
	}
	for (uint8_t p = 1; p <= h->ports; p++)
		port_feature(d, REQ_SET_FEATURE, PORT_POWER, p);
	drvlog("usb: port %s: hub with %u ports, %u hub%s above it\n", name, (unsigned)h->ports,
	    (unsigned)d->depth, d->depth == 1 ? "" : "s");
	for (uint8_t p = 1; p <= h->ports; p++) {       /* once power is good: an empty port ends at once */
		UsbPortRef at = { .hc = d->hc, .hub = d, .port = p };

		if (usbdev_attach_port(&at, &hub_ports, 2u * desc[HUB_DESC_PWR_ON] + HUB_POWER_EXTRA_MS))
			h->handled |= 1u << p;
	}
	return USB_PROBE_TAKEN;
}

/* The status-change endpoint: bit p set = port p changed (bit 0 is the hub itself). */
static void usbhub_report(UsbDev *d, const uint8_t *report, size_t len)
{
	UsbHub *h;
	uint32_t bits = 0;

	if (d->cls_index < 0 || !hubs[d->cls_index].used)
		return;
	h = &hubs[d->cls_index];
	for (size_t i = 0; i < len && i < 4; i++)
		bits |= (uint32_t)report[i] << (8 * i);
	h->pending |= bits & ((2u << h->ports) - 2);
	usbdev_ports_changed(d, bits & ((2u << h->ports) - 2));    /* a stick's read under way ends now */
}

/* The hub left: the device layer has already forgotten the devices behind it. */
static void usbhub_gone(UsbDev *d)
{
	if (d->cls_index < 0)
		return;
	hubs[d->cls_index].used = false;
	d->cls_index = -1;
}

/* Main loop: the ports of hubs on controller hc whose status endpoint reported a change. */
static bool usbhub_service(UsbHc *hc)
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

const UsbClassDriver usbhub_class = {
	.name = "hub",
	.probe = usbhub_probe,
	.report = usbhub_report,
	.gone = usbhub_gone,
	.service = usbhub_service,
};
