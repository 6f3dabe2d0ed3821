/* usbdev.c: the USB device layer — root and hub ports to devices, descriptors, class drivers, unplug. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drvlog.h"
#include "usbdev.h"
#include "usbdevenum.h"
#include "usbhc.h"
#include "usbhid.h"
#include "wait.h"

#define DESC_REQ_TYPE           (USB_REQ_IN)    /* standard, device */
#define DD_MAX_PACKET0          7       /* device descriptor: bMaxPacketSize0 */
#define MPS0_LOW_FULL           8       /* EP0's packet size until the descriptor says more */
#define CD_HEAD_LEN             9       /* configuration descriptor header */
#define CD_TOTAL_LENGTH         2       /* configuration descriptor: wTotalLength (LE16) */
#define CONFIG_BUF              512     /* a keyboard's is far shorter; the parser stops at the end */

/* A controller as the device layer keeps it. */
typedef struct UsbHost {
	UsbHc *hc;
	volatile bool busy;             /* the main line uses it: the timer IRQ's poll keeps off */
	UsbDev *port_dev[USB_MAX_ROOT_PORTS + 1];       /* the device on each root port */
	uint32_t port_ignored;          /* bit p: a device we do not use (or could not set up), until it leaves */
} UsbHost;

static UsbHost hosts[USBDEV_MAX_HC];
static int host_count;
static const UsbClassDriver *classes[USBDEV_MAX_CLASSES];
static int class_count;
static UsbDev devs[USBDEV_MAX];

static UsbHost *host_of(const UsbHc *hc)
{
	for (int i = 0; i < host_count; i++)
		if (hosts[i].hc == hc)
			return &hosts[i];
	return &hosts[0];               /* not reached: every UsbDev's controller was added */
}

/* The main line takes a controller (nested calls keep it); release gives it back as it was. */
static bool take(UsbHost *h)
{
	bool was = h->busy;

	h->busy = true;
	return was;
}

static void release(UsbHost *h, bool was)
{
	h->busy = was;
}

/* The controller's callback: interrupt-IN data to the class driver that has the device. */
static void on_report(UsbDev *d, const uint8_t *data, size_t len)
{
	if (d && d->used && d->cls && d->cls->report)
		d->cls->report(d, data, len);
}

static const UsbHcEvents events = { .report = on_report };

void usbdev_port_name(const UsbDev *d, char name[USBDEV_PORT_NAME])
{
	usb_port_name(d->port, d->route, name);
}

const char *usbdev_kind(const UsbDev *d)
{
	return d->hc->ops->kind;
}

bool usbdev_control(UsbDev *d, uint8_t type, uint8_t req, uint16_t value, uint16_t index,
                    void *buf, uint16_t len, uint16_t *got)
{
	UsbSetup setup = { .type = type, .request = req, .value = value, .index = index, .length = len };
	UsbHost *h = host_of(d->hc);
	bool was = take(h), ok = d->hc->ops->control(d->hc, d->handle, &setup, buf, got);

	release(h, was);
	if (ok && got && type == USB_REQ_IN_STD_IFACE && req == USB_REQ_GET_DESCRIPTOR && value >> 8 == USB_DT_REPORT)
		usbdev_rec_report(d, (uint8_t)index, buf, *got);        /* kept for the hardware report */
	return ok;
}

bool usbdev_set_configuration(UsbDev *d, uint8_t value)
{
	return usbdev_control(d, USB_REQ_OUT_STD_DEVICE, USB_REQ_SET_CONFIGURATION, value, 0, NULL, 0, NULL);
}

bool usbdev_intr_in(UsbDev *d, uint8_t ep, uint16_t max_packet, uint8_t interval)
{
	UsbEndpoint e = { .address = ep, .max_packet = max_packet, .interval = interval };
	UsbHost *h = host_of(d->hc);
	bool was = take(h), ok = d->hc->ops->intr_in(d->hc, d->handle, &e);

	release(h, was);
	return ok;
}

/* A bulk transfer; refused (logged) on a controller that has none yet. */
UsbXfer usbdev_bulk(UsbDev *d, const UsbEndpoint *ep, void *buf, uint32_t len, uint32_t *got, uint32_t timeout_ms)
{
	UsbHost *h = host_of(d->hc);
	UsbXfer r;

	if (!d->hc->ops->bulk) {
		drvlog("%s%u: no bulk transfers on this controller yet\n", d->hc->ops->name, (unsigned)d->hc->index);
		return USB_XFER_ERROR;
	}
	bool was = take(h);
	d->in_bulk = true;
	r = d->hc->ops->bulk(d->hc, d->handle, ep, buf, len, got, timeout_ms);
	d->in_bulk = false;
	release(h, was);
	return r;
}

void usbdev_set_hub(UsbDev *d, uint8_t ports, uint8_t think_time)
{
	d->hc->ops->set_hub(d->hc, d->handle, ports, think_time);
}

/* GET_DESCRIPTOR, tried USB_ENUM_TRIES times; true if at least `least` bytes came. */
static bool get_descriptor(UsbDev *d, uint8_t type, void *buf, uint16_t len, uint16_t least, uint16_t *got)
{
	for (int t = 0; t < USB_ENUM_TRIES; t++) {
		*got = 0;
		if (usbdev_control(d, DESC_REQ_TYPE, USB_REQ_GET_DESCRIPTOR, (uint16_t)(type << 8), 0, buf, len, got) &&
		    *got >= least)
			return true;
	}
	return false;
}

/*
 * Offer a described device to each class driver in turn. None takes it:
 * it is named on COM1 and left alone.
 */
static bool offer(UsbDev *d, const UsbDescs *descs, const char *where)
{
	const UsbDeviceInfo *info = &descs->info;
	const UsbConfigInfo *cfg = &descs->cfg;
	uint8_t c, sub, proto;

	for (int i = 0; i < class_count; i++) {
		UsbProbe r;

		d->cls = classes[i];            /* before probe: reports may come while it sets up */
		d->cls_index = -1;
		r = classes[i]->probe(d, descs);
		if (r != USB_PROBE_NOT_MINE)    /* the record's driver stays "none" else */
			usbdev_rec_driver(d, r == USB_PROBE_TAKEN ? classes[i]->name : "failed");
		if (r == USB_PROBE_TAKEN)
			return true;
		d->cls = NULL;
		if (r == USB_PROBE_FAILED)
			return false;
	}
	c = info->dev_class ? info->dev_class : cfg->first_class;
	sub = info->dev_class ? info->dev_subclass : cfg->first_subclass;
	proto = info->dev_class ? info->dev_protocol : cfg->first_protocol;
	drvlog("usb: port %s: %04x:%04x %s (class %02x.%02x.%02x): not a boot keyboard, ignored%s\n", where,
	    (unsigned)info->vendor, (unsigned)info->product, usbdesc_kind(c, sub, proto), (unsigned)c,
	    (unsigned)sub, (unsigned)proto, "");
	return false;
}

/*
 * A device whose device descriptor's first 8 bytes were read (in `head`):
 * fix EP0's packet size for a full-speed device, read the whole device
 * descriptor and the configuration descriptor, then offer it to the class
 * drivers. True if one took it.
 */
bool usbdev_probe(UsbDev *d, const uint8_t *head)
{
	uint8_t buf[CONFIG_BUF];
	char where[USBDEV_PORT_NAME];
	UsbDescs descs;
	uint16_t got = 0, total;
	uint8_t mps0 = head[DD_MAX_PACKET0];
	bool taken;

	usbdev_port_name(d, where);
	if (d->speed == USB_SPEED_FULL && mps0 > MPS0_LOW_FULL && !d->hc->ops->set_mps0(d->hc, d->handle, mps0))
		return false;
	if (!get_descriptor(d, USB_DT_DEVICE, buf, USB_DEVICE_DESC_LEN, 0, &got) ||
	    !usbdesc_device(buf, got, &descs.info)) {
		drvlog("usb: port %s: bad device descriptor, ignored\n", where);
		return false;
	}
	usbdev_rec_device(d, buf, got);         /* kept for the hardware report, as the config below */
	if (!get_descriptor(d, USB_DT_CONFIG, buf, CD_HEAD_LEN, CD_HEAD_LEN, &got)) {
		drvlog("usb: port %s: %04x:%04x: no configuration descriptor, ignored\n", where,
		    (unsigned)descs.info.vendor, (unsigned)descs.info.product);
		return false;
	}
	total = (uint16_t)(buf[CD_TOTAL_LENGTH] | buf[CD_TOTAL_LENGTH + 1] << 8);
	if (total > sizeof buf)
		total = sizeof buf;
	if (total < CD_HEAD_LEN || !get_descriptor(d, USB_DT_CONFIG, buf, total, CD_HEAD_LEN, &got) ||
	    !usbdesc_config(buf, got, &descs.cfg)) {
		drvlog("usb: port %s: %04x:%04x: bad configuration descriptor, ignored\n", where,
		    (unsigned)descs.info.vendor, (unsigned)descs.info.product);
		return false;
	}
	usbdev_rec_config(d, buf, got);
	descs.config = buf;
	descs.config_len = got;
	taken = offer(d, &descs, where);
	usbdev_rec_reports(d);
	return taken;
}

UsbDev *usbdev_free_entry(void)
{
	for (int i = 0; i < USBDEV_MAX; i++)
		if (!devs[i].used)
			return &devs[i];
	return NULL;
}

/*
 * A new entry in the device table for a device on a root port or a hub's
 * port, addressed by its controller: its route string is the hub's with
 * this port in the next nibble; a full- or low-speed device under a
 * high-speed hub uses that hub's transaction translator, one further down
 * inherits its hub's. NULL if the controller refused it.
 */
UsbDev *usbdev_new(UsbDev *d, const UsbPortRef *at, uint8_t speed)
{
	UsbDev *hub = at->hub;
	UsbHc *hc = at->hc;
	uint8_t port = hub ? hub->port : at->port, hub_port = hub ? at->port : 0;
	UsbDevAddr where;

	*d = (UsbDev){ .used = true, .hc = hc, .parent = hub, .port = port, .hub_port = hub_port,
	    .speed = speed, .cls_index = -1 };
	if (hub) {
		d->depth = (uint8_t)(hub->depth + 1);
		d->route = hub->route | (uint32_t)(hub_port & 0x0F) << (4 * hub->depth);
		d->tt_hub = hub->tt_hub;
		d->tt_port = hub->tt_port;
		if (hub->speed == USB_SPEED_HIGH && (speed == USB_SPEED_FULL || speed == USB_SPEED_LOW)) {
			d->tt_hub = hub->handle;
			d->tt_port = hub_port;
		}
	}
	if (speed == USB_SPEED_HIGH || speed == USB_SPEED_SUPER)
		d->tt_hub = d->tt_port = 0;
	where = (UsbDevAddr){ .port = port, .route = d->route, .speed = speed, .tt_hub = d->tt_hub,
	    .tt_port = d->tt_port };
	d->handle = hc->ops->dev_add(hc, d, &where);
	if (!d->handle) {
		d->used = false;
		return NULL;
	}
	return d;
}

/*
 * A device is gone: attaches behind a hub and a hub's own devices first,
 * then its class driver (keys come up), then its controller slot.
 */
void usbdev_forget(UsbDev *d)
{
	usbdev_enum_cancel(d->hc, d, 0);
	for (int i = 0; i < USBDEV_MAX; i++)
		if (devs[i].used && devs[i].parent == d)
			usbdev_forget(&devs[i]);
	if (d->cls && d->cls->gone)
		d->cls->gone(d);
	d->cls = NULL;
	d->hc->ops->dev_remove(d->hc, d->handle);
	d->used = false;
}

/*
 * Poll: a hub's status endpoint says these ports changed. A device on one (or behind it) waiting for
 * a bulk transfer has gone: the transfer ends now, not at its timeout (the controller's cancel).
 */
void usbdev_ports_changed(UsbDev *hub, uint32_t ports)
{
	for (int i = 0; i < USBDEV_MAX; i++)
		for (UsbDev *d = &devs[i], *at = d, *up = d->parent; d->used && d->in_bulk && up; at = up, up = up->parent)
			if (up == hub && (ports >> at->hub_port & 1) && d->hc->ops->cancel) {
				d->hc->ops->cancel(d->hc, d->handle);
				break;
			}
}

void usbdev_detach_child(UsbDev *hub, uint8_t hub_port)
{
	usbdev_enum_cancel(hub->hc, hub, hub_port);
	usbdev_rec_drop(hub->hc, hub->port, (uint8_t)(hub->depth + 1),
	    hub->route | (uint32_t)(hub_port & 0x0F) << (4 * hub->depth));
	for (int i = 0; i < USBDEV_MAX; i++)
		if (devs[i].used && devs[i].parent == hub && devs[i].hub_port == hub_port)
			usbdev_forget(&devs[i]);
}

/* An attach on a root port ended: a device a class took, or nobody there; else left alone (and addressed) until unplugged. */
static void root_done(const UsbPortRef *at, UsbDev *d, bool vacant)
{
	UsbHost *h = host_of(at->hc);

	if (d)
		h->port_dev[at->port] = d;
	if (d || vacant)
		h->port_ignored &= ~(1u << at->port);
}

static const UsbPortOps root_ports = {
	.connected = usbdev_root_connected,
	.reset = usbdev_root_reset,
	.reset_done = usbdev_root_reset_done,
	.done = root_done,
	.reset_ms = USB_ROOT_RESET_MS,
	.reset_poll_ms = 0,
};

/*
 * A device appeared on a root port: its attach starts (debounce first). A
 * device no class takes keeps its address and slot (it still answers
 * there); the port is left alone until it is unplugged.
 */
static void attach_port(UsbHost *h, uint8_t port)
{
	UsbPortRef at = { .hc = h->hc, .port = port };

	h->port_ignored |= 1u << port;          /* until it is unplugged, unless it works */
	if (!usbdev_attach_port(&at, &root_ports, 0))
		h->port_ignored &= ~(1u << port);
}

/*
 * The device on a root port went away: its keys come up, its slot (and a hub's devices') freed; an
 * ignored one there gives its address back only now (it answered at it until it left).
 */
static void detach_port(UsbHost *h, uint8_t port)
{
	UsbDev *d = h->port_dev[port];

	usbdev_enum_cancel(h->hc, NULL, port);
	usbdev_rec_drop(h->hc, port, 0, 0);
	h->port_dev[port] = NULL;
	h->port_ignored &= ~(1u << port);
	for (int i = 0; i < USBDEV_MAX; i++)
		if (devs[i].used && &devs[i] != d && devs[i].hc == h->hc && !devs[i].parent && devs[i].port == port)
			usbdev_forget(&devs[i]);
	if (!d)
		return;
	drvlog("%s%u: port %u: device removed\n", h->hc->ops->name, (unsigned)h->hc->index, (unsigned)port);
	usbdev_forget(d);
}

/*
 * Root ports with news: detach what left (or was replaced: a connect
 * change on a port with a device) and start attaching what arrived. True
 * if any device went.
 */
static bool service_ports(UsbHost *h)
{
	UsbHc *hc = h->hc;
	uint32_t pending = hc->ops->port_changes(hc);
	bool changed = false;

	for (uint8_t p = 1; p <= USB_MAX_ROOT_PORTS && pending && hc->ops->running(hc); p++) {
		uint32_t bit = 1u << p;
		UsbPortState st;

		if (!(pending & bit) || usbdev_attaching(&(UsbPortRef){ .hc = hc, .port = p }))
			continue;               /* an attach under way reads the port itself */
		st = hc->ops->port_state(hc, p);
		if ((h->port_dev[p] || (h->port_ignored & bit)) && (!st.connected || st.connect_changed)) {
			detach_port(h, p);
			changed = true;
		}
		if (st.connected && !h->port_dev[p] && !(h->port_ignored & bit))
			attach_port(h, p);      /* it counts as a change when it ends */
	}
	return changed;
}

void usbdev_add_class(const UsbClassDriver *cls)
{
	if (class_count < USBDEV_MAX_CLASSES)
		classes[class_count++] = cls;
}

/*
 * A controller is up (its ports powered, every port marked as news): take
 * what is plugged in, waiting here (before the main loop) until every
 * attach has ended.
 */
/* The controller joins the hosts (busy: the timer IRQ leaves it alone), its root ports looked at once. */
static UsbHost *add_host(UsbHc *hc)
{
	UsbHost *h;

	if (host_count == USBDEV_MAX_HC) {
		drvlog("%s%u: already %d USB controllers, not used\n", hc->ops->name, (unsigned)hc->index,
		    USBDEV_MAX_HC);
		return NULL;
	}
	h = &hosts[host_count];
	*h = (UsbHost){ .hc = hc, .busy = true };
	hc->events = &events;
	host_count++;                           /* only now may the timer IRQ see it */
	service_ports(h);
	return h;
}

bool usbdev_add_hc(UsbHc *hc)
{
	UsbHost *h = add_host(hc);

	if (!h)
		return false;
	for (;;) {                              /* every attach (and a hub's, behind it) to its end */
		usbdev_enum_step(hc);
		if (!usbdev_enum_active(hc) || !hc->ops->running(hc))
			break;
		h->busy = false;                /* meanwhile the timer IRQ polls the controller */
		wait_ms(1);
		h->busy = true;
	}
	h->busy = false;
	return hc->ops->running(hc);
}

/*
 * The boot behind the title: the attaches the root ports start are stepped
 * by usbdev_service from the main loop, as a hot-plug's are
 * (usbdev_settling says when they are all done).
 */
bool usbdev_add_hc_stepped(UsbHc *hc)
{
	UsbHost *h = add_host(hc);

	if (!h)
		return false;
	usbdev_enum_step(hc);
	h->busy = false;
	return hc->ops->running(hc);
}

void usbdev_tick(void)
{
	for (int i = 0; i < host_count; i++)
		if (!hosts[i].busy && hosts[i].hc->ops->running(hosts[i].hc))
			hosts[i].hc->ops->poll(hosts[i].hc);
}

/*
 * Main loop: a controller that stopped by itself is given up and its
 * devices forgotten (keys come up); on the others, root ports with news,
 * each class driver's own work (a hub's ports), then every attach whose
 * time has come, one step each: nothing here waits longer than a request.
 */
bool usbdev_service(void)
{
	bool changed = false;

	for (int i = 0; i < host_count; i++) {
		UsbHost *h = &hosts[i];
		UsbHc *hc = h->hc;

		if (!hc->ops->running(hc))
			continue;
		h->busy = true;
		if (!hc->ops->check(hc)) {
			for (uint8_t p = 1; p <= USB_MAX_ROOT_PORTS; p++)
				detach_port(h, p);
			h->busy = false;
			changed = true;
			continue;
		}
		changed |= service_ports(h);
		for (int c = 0; c < class_count && hc->ops->running(hc); c++)
			if (classes[c]->service)
				changed |= classes[c]->service(hc);
		if (hc->ops->running(hc))
			changed |= usbdev_enum_step(hc);
		h->busy = false;
	}
	return changed;
}

bool usbdev_settling(void)
{
	for (int i = 0; i < host_count; i++)
		if (hosts[i].hc->ops->running(hosts[i].hc) && usbdev_enum_active(hosts[i].hc))
			return true;
	return false;
}
