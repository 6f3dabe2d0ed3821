/* usbpad.c: the USB game-controller class — HID joysticks and gamepads (report protocol), Xbox 360 wired pads; reports into PadStates. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drvlog.h"
#include "hidparse.h"
#include "pad.h"
#include "usbdev.h"
#include "usbhid.h"
#include "usbpad.h"
#include "x360rep.h"

#define RDESC_TRIES             2       /* GET_DESCRIPTOR(report) asked again once after a failure */

/* HID class requests (HID 1.11 7.1, 7.2). */
#define USB_REQ_IN_STD_IFACE    0x81    /* standard, interface, IN: GET_DESCRIPTOR(report) */
#define USB_DT_REPORT           0x22
#define HID_REQ_SET_IDLE        0x0A
#define HID_REQ_SET_PROTOCOL    0x0B
#define HID_PROTOCOL_REPORT     1
#define HID_IDLE_ON_CHANGE      0

/* Vendor interfaces (Linux's xpad): Xbox 360 wired and wireless, Xbox One (GIP). */
#define USB_CLASS_VENDOR        0xFF
#define X360_SUBCLASS           0x5D
#define X360_PROTO_WIRED        0x01
#define X360_PROTO_WIRELESS     0x81
#define XONE_SUBCLASS           0x47
#define XONE_PROTO              0xD0
/* xpad_start_xbox_360: a vendor, interface, IN request some third-party 360 pads wait for before they report. */
#define X360_REQ_TYPE           0xC1
#define X360_REQ                0x01
#define X360_REQ_VALUE          0x0100
#define X360_REQ_LEN            20

#define HID_DESC_TYPE           6       /* HID descriptor: bDescriptorType of its first class descriptor */
#define HID_DESC_LEN            7       /* ... and its wDescriptorLength */
#define USBPAD_MAX_IFACES       4       /* candidate interfaces of one device looked at */
#define USBPAD_COPY_TRIES       4       /* usbpad_get: copies that may be torn by a report before it gives up */
#define USBPAD_LOG_STATES       16      /* state changes logged per pad, then no more */
/* NOTE: the controllers' control transfers carry 512 bytes (CTRL_BUF; EHCI 1024): a longer report descriptor is refused. */
#define USBPAD_RDESC_MAX        512

typedef enum IfaceKind { IFACE_HID, IFACE_X360, IFACE_X360_WIRELESS, IFACE_XONE } IfaceKind;

/* An interface of the configuration that may be a pad. */
typedef struct PadIface {
	IfaceKind kind;
	uint8_t number, subclass;
	uint8_t ep;                     /* interrupt IN endpoint, 0 until found */
	uint16_t max_packet;
	uint8_t interval;
	uint16_t rdesc_len;             /* HID: the report descriptor's length */
} PadIface;

typedef struct UsbPad {
	bool used;
	PadKind kind;
	HidPadDesc desc;                /* HID: the controls */
	PadState live;                  /* written by the timer IRQ (usbpad_report) */
	volatile uint32_t seq;          /* odd while the IRQ writes live */
	PadState logged;                /* main line: the state last logged */
	uint8_t logs;
} UsbPad;

static UsbPad pads[USBPAD_MAX];
static bool take_tablets;
static char refused[USBPAD_REFUSED_MAX][USBPAD_REFUSED_LEN];
static int refused_n;
static uint8_t rdesc_scratch[USBPAD_RDESC_MAX];        /* probe only (main line, one device at a time) */
static HidPadDesc desc_scratch;

#define barrier() __asm__ volatile("" ::: "memory")

/* A small text builder: bounded, always terminated. */
typedef struct Text {
	char *buf;
	size_t size, len;
} Text;

static void put(Text *t, const char *s)
{
	while (*s && t->len + 1 < t->size)
		t->buf[t->len++] = *s++;
	t->buf[t->len] = '\0';
}

static void put_hex4(Text *t, uint16_t v)
{
	char s[5];

	for (int i = 0; i < 4; i++)
		s[i] = "0123456789abcdef"[v >> (12 - 4 * i) & 0xF];
	s[4] = '\0';
	put(t, s);
}

static void put_uint(Text *t, unsigned v)
{
	char s[11];
	int n = 10;

	s[n] = '\0';
	do
		s[--n] = (char)('0' + v % 10);
	while ((v /= 10) && n > 0);
	put(t, s + n);
}

/* "054c:05c4 on xHCI port 2" ("xHCI 2 port 1.3": the second xHCI, hub port 3). */
static void name_device(UsbDev *d, const UsbDescs *descs, char *buf, size_t size)
{
	Text t = { .buf = buf, .size = size };
	char where[USBDEV_PORT_NAME];

	usbdev_port_name(d, where);
	put_hex4(&t, descs->info.vendor);
	put(&t, ":");
	put_hex4(&t, descs->info.product);
	put(&t, " on ");
	put(&t, usbdev_kind(d));
	if (d->hc->index) {
		put(&t, " ");
		put_uint(&t, d->hc->index + 1u);
	}
	put(&t, " port ");
	put(&t, where);
}

/* A controller we cannot use: named on COM1 and kept for System info (the oldest goes when full). */
static UsbProbe refuse(const char *name, const char *why)
{
	char line[USBPAD_REFUSED_LEN];
	Text t = { .buf = line, .size = sizeof line };
	bool same;

	put(&t, name);
	put(&t, ": ");
	put(&t, why);
	drvlog("pad: %s\n", line);
	for (int i = 0; i < refused_n; i++) {
		same = true;
		for (size_t c = 0; c < sizeof line && same; c++) {
			same = refused[i][c] == line[c];
			if (!line[c])
				break;
		}
		if (same)
			return USB_PROBE_FAILED;
	}
	if (refused_n == USBPAD_REFUSED_MAX) {
		for (int i = 1; i < USBPAD_REFUSED_MAX; i++)
			for (size_t c = 0; c < USBPAD_REFUSED_LEN; c++)
				refused[i - 1][c] = refused[i][c];
		refused_n--;
	}
	for (size_t c = 0; c < sizeof line; c++)
		refused[refused_n][c] = line[c];
	refused_n++;
	return USB_PROBE_FAILED;
}

static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

/*
 * The interfaces (alternate setting 0) that may be a pad, in order: HID
 * ones with a report descriptor, Xbox 360 and Xbox One ones; each with its
 * first interrupt IN endpoint (none: not listed). The walk stops at a
 * malformed descriptor, as usbdesc_config does.
 */
static int scan_config(const uint8_t *buf, size_t len, PadIface *out)
{
	size_t total = len >= 4 ? le16(buf + 2) : 0;
	PadIface *cur = NULL;
	int n = 0;

	if (total > len)
		total = len;
	for (size_t pos = total ? buf[0] : total; pos + 2 <= total; pos += buf[pos]) {
		const uint8_t *d = buf + pos;

		if (d[0] < 2 || pos + d[0] > total)
			break;
		if (d[1] == USB_DT_INTERFACE && d[0] >= 9) {
			if (cur && cur->ep && (cur->kind != IFACE_HID || cur->rdesc_len))
				n++;
			cur = NULL;
			if (n == USBPAD_MAX_IFACES || d[3] != 0)
				continue;
			cur = &out[n];
			*cur = (PadIface){ .number = d[2], .subclass = d[6] };
			if (d[5] == USB_CLASS_HID)
				cur->kind = IFACE_HID;
			else if (d[5] == USB_CLASS_VENDOR && d[6] == X360_SUBCLASS && d[7] == X360_PROTO_WIRED)
				cur->kind = IFACE_X360;
			else if (d[5] == USB_CLASS_VENDOR && d[6] == X360_SUBCLASS && d[7] == X360_PROTO_WIRELESS)
				cur->kind = IFACE_X360_WIRELESS;
			else if (d[5] == USB_CLASS_VENDOR && d[6] == XONE_SUBCLASS && d[7] == XONE_PROTO)
				cur->kind = IFACE_XONE;
			else
				cur = NULL;
		} else if (cur && cur->kind == IFACE_HID && d[1] == USB_DT_HID && d[0] >= HID_DESC_LEN + 2 &&
		    d[HID_DESC_TYPE] == USB_DT_REPORT) {
			cur->rdesc_len = le16(d + HID_DESC_LEN);
		} else if (cur && !cur->ep && d[1] == USB_DT_ENDPOINT && d[0] >= 7 && (d[2] & USB_EP_DIR_IN) &&
		    (d[2] & 0x0F) && (d[3] & USB_EP_XFER_MASK) == USB_EP_XFER_INTERRUPT && (le16(d + 4) & 0x07FF)) {
			cur->ep = d[2];
			cur->max_packet = le16(d + 4) & 0x07FF;
			cur->interval = d[6];
		}
	}
	if (cur && cur->ep && (cur->kind != IFACE_HID || cur->rdesc_len))
		n++;
	return n;
}

static const char *const axis_names[PAD_AXES] = {
	[PAD_AXIS_X] = "X", [PAD_AXIS_Y] = "Y", [PAD_AXIS_RX] = "Rx", [PAD_AXIS_RY] = "Ry",
	[PAD_AXIS_Z] = "Z", [PAD_AXIS_RZ] = "Rz",
};

/* COM1: the pad, its place, what it has. */
static void log_pad(int slot, const UsbPad *p, const PadIface *f, const char *what)
{
	char axes[32];
	Text t = { .buf = axes, .size = sizeof axes };

	axes[0] = '\0';
	for (int a = 0; a < PAD_AXES; a++)
		if (p->live.axes_used >> a & 1) {
			put(&t, t.len ? " " : "");
			put(&t, axis_names[a]);
		}
	drvlog("pad %d: %s, %s, axes %s, hat %s, buttons %u, endpoint %02x, interval %u\n", slot, p->live.name, what,
	    axes[0] ? axes : "none", p->live.has_hat ? "yes" : "no", (unsigned)p->live.buttons_used, (unsigned)f->ep,
	    (unsigned)f->interval);
}

/*
 * A HID interface: its report descriptor read and parsed. True if it is a
 * joystick or gamepad (or, with tablets on, a pointer with absolute X and
 * Y) with controls; *why says why not when it is a HID device we had to
 * give up on (NULL: simply not a pad).
 */
static bool read_hid(UsbDev *d, const PadIface *f, const char **why)
{
	HidPadDesc *h = &desc_scratch;
	uint16_t got = 0, len = f->rdesc_len;
	bool pointer, read = false;

	*why = NULL;
	if (len > USBPAD_RDESC_MAX) {
		*why = "report descriptor longer than 512 bytes (our control transfers' limit)";
		return false;
	}
	/* NOTE: a pad may STALL its first GET_DESCRIPTOR(report) while it starts up: asked RDESC_TRIES times (Linux's usbhid: 4). */
	for (int tries = 0; tries < RDESC_TRIES && !read; tries++)
		read = usbdev_control(d, USB_REQ_IN_STD_IFACE, USB_REQ_GET_DESCRIPTOR, USB_DT_REPORT << 8, f->number,
		    rdesc_scratch, len, &got) && got != 0;
	if (!read) {
		*why = "GET_DESCRIPTOR(report) failed";
		return false;
	}
	if (!hidparse_desc(rdesc_scratch, got, h)) {
		*why = h->reason;
		return false;
	}
	pointer = h->app_page == HID_PAGE_DESKTOP && (h->app_usage == HID_USAGE_MOUSE ||
	    h->app_usage == HID_USAGE_POINTER);
	if (pointer && !(take_tablets && (h->axes_used & 3) == 3))
		return false;           /* a mouse: not a pad */
	if (h->app_page != HID_PAGE_DESKTOP || (!pointer && h->app_usage != HID_USAGE_JOYSTICK &&
	    h->app_usage != HID_USAGE_GAMEPAD))
		return false;
	if (!h->axes_used && !h->buttons && !h->has_hat) {
		*why = "a gamepad with no axes, hat or buttons we know";
		return false;
	}
	return true;
}

/*
 * Offered a new device: ours if an interface is a HID joystick or gamepad
 * (report descriptor's application collection) or an Xbox 360 wired pad.
 * SET_CONFIGURATION, then for HID: GET_DESCRIPTOR(report),
 * SET_PROTOCOL(report) on a boot-subclass interface and SET_IDLE(0) (a
 * refusal of either, a STALL, is normal and tolerated); for a 360 pad the
 * vendor request xpad sends (tolerated too). Then its interrupt IN
 * endpoint is polled at its interval. Xbox One pads and the 360 wireless
 * receiver are refused with the reason.
 */
static UsbProbe usbpad_probe(UsbDev *d, const UsbDescs *descs)
{
	PadIface ifaces[USBPAD_MAX_IFACES], *f = NULL;
	char name[PAD_NAME_LEN], fault_copy[USBPAD_REFUSED_LEN];
	const char *why = NULL;
	int n = scan_config(descs->config, descs->config_len, ifaces), slot;
	UsbPad *p;

	if (n == 0)
		return USB_PROBE_NOT_MINE;
	name_device(d, descs, name, sizeof name);
	if (ifaces[0].kind == IFACE_XONE)
		return refuse(name, "not supported: Xbox One pads (GIP) need an init packet on interrupt OUT");
	if (ifaces[0].kind == IFACE_X360_WIRELESS)
		return refuse(name, "not supported: the Xbox 360 wireless receiver");
	if (!usbdev_set_configuration(d, descs->cfg.config_value))
		return refuse(name, "SET_CONFIGURATION failed");
	for (int i = 0; i < n && !f; i++) {
		const char *fault = NULL;

		if (ifaces[i].kind == IFACE_X360 || (ifaces[i].kind == IFACE_HID && read_hid(d, &ifaces[i], &fault)))
			f = &ifaces[i];
		else if (fault && !why) {       /* the first interface we could not read; a later one may be the pad */
			Text t = { .buf = fault_copy, .size = sizeof fault_copy };

			put(&t, fault);         /* copied: a later parse overwrites the scratch reason */
			why = fault_copy;
		}
	}
	if (!f && why)
		return refuse(name, why);
	if (!f)
		return USB_PROBE_NOT_MINE;      /* HID, but a mouse or such: the device layer names it */
	for (slot = 0; slot < USBPAD_MAX && pads[slot].used; slot++)
		;
	if (slot == USBPAD_MAX)
		return refuse(name, "not used: already 4 pads");
	p = &pads[slot];
	*p = (UsbPad){ .kind = f->kind == IFACE_X360 ? PAD_KIND_XBOX360 : PAD_KIND_HID };
	if (f->kind == IFACE_HID) {
		p->desc = desc_scratch;
		hidparse_pad_init(&p->desc, &p->live);
		if (f->subclass == HID_SUBCLASS_BOOT &&
		    !usbdev_control(d, USB_REQ_CLASS_IFACE, HID_REQ_SET_PROTOCOL, HID_PROTOCOL_REPORT, f->number,
		    NULL, 0, NULL))
			drvlog("pad: %s: SET_PROTOCOL(report) refused, going on\n", name);
		if (!usbdev_control(d, USB_REQ_CLASS_IFACE, HID_REQ_SET_IDLE, HID_IDLE_ON_CHANGE, f->number, NULL, 0,
		    NULL))
			drvlog("pad: %s: SET_IDLE refused (normal for a pad), going on\n", name);
	} else {
		uint8_t dummy[X360_REQ_LEN];
		uint16_t got = 0;

		x360rep_init(&p->live);
		if (!usbdev_control(d, X360_REQ_TYPE, X360_REQ, X360_REQ_VALUE, f->number, dummy, sizeof dummy, &got))
			drvlog("pad: %s: the Xbox 360 start request refused, going on\n", name);
	}
	p->live.kind = p->kind;
	p->live.vendor = descs->info.vendor;
	p->live.product = descs->info.product;
	for (int c = 0; c < PAD_NAME_LEN; c++)
		p->live.name[c] = name[c];
	p->live.present = true;
	p->logged = p->live;
	d->cls_index = (int8_t)slot;
	p->used = true;                 /* before the endpoint starts: its first report finds the slot */
	if (!usbdev_intr_in(d, f->ep, f->max_packet, f->interval)) {
		p->used = false;
		d->cls_index = -1;
		return refuse(name, "its interrupt endpoint could not be started");
	}
	log_pad(slot, p, f, p->kind == PAD_KIND_XBOX360 ? "Xbox 360 pad" :
	    p->desc.app_usage == HID_USAGE_JOYSTICK ? "HID joystick" :
	    p->desc.app_usage == HID_USAGE_GAMEPAD ? "HID gamepad" : "HID tablet (padtest)");
	return USB_PROBE_TAKEN;
}

/* Timer IRQ: one interrupt-IN transfer into the pad's live state, bracketed by the sequence count. */
static void usbpad_report(UsbDev *d, const uint8_t *data, size_t len)
{
	UsbPad *p;
	bool ok;

	if (d->cls_index < 0 || d->cls_index >= USBPAD_MAX || !pads[d->cls_index].used)
		return;
	p = &pads[d->cls_index];
	p->seq++;
	barrier();
	ok = p->kind == PAD_KIND_XBOX360 ? x360rep_report(data, len, &p->live) :
	    hidparse_report(&p->desc, data, len, &p->live);
	if (ok)
		p->live.reports++;
	barrier();
	p->seq++;
}

/* Main loop: unplugged; its slot is free at once (usbpad_get says false). */
static void usbpad_gone(UsbDev *d)
{
	int slot = d->cls_index;

	if (slot < 0 || slot >= USBPAD_MAX || !pads[slot].used)
		return;
	drvlog("pad %d: %s removed after %u reports\n", slot, pads[slot].live.name, (unsigned)pads[slot].live.reports);
	pads[slot].used = false;
	d->cls_index = -1;
}

bool usbpad_get(int slot, PadState *out)
{
	UsbPad *p;

	if (slot < 0 || slot >= USBPAD_MAX || !pads[slot].used)
		return false;
	p = &pads[slot];
	for (int t = 0; t < USBPAD_COPY_TRIES; t++) {
		uint32_t s = p->seq;
		PadState copy;

		barrier();
		copy = p->live;
		barrier();
		if (!(s & 1) && p->seq == s) {
			*out = copy;
			return true;
		}
	}
	return false;
}

int usbpad_count(void)
{
	int n = 0;

	for (int i = 0; i < USBPAD_MAX; i++)
		n += pads[i].used;
	return n;
}

void usbpad_take_tablets(bool on)
{
	take_tablets = on;
}

bool usbpad_refused(int i, char *buf, size_t size)
{
	Text t = { .buf = buf, .size = size };

	if (i < 0 || i >= refused_n || size == 0)
		return false;
	put(&t, refused[i]);
	return true;
}

/*
 * Main loop: COM1 gets a pad's state when it changed since the last line,
 * the first USBPAD_LOG_STATES times after it came (bounded: a pad held
 * by a player does not fill the log).
 */
static bool usbpad_service(UsbHc *hc)
{
	(void)hc;
	for (int i = 0; i < USBPAD_MAX; i++) {
		PadState s;
		bool changed = false;

		if (!pads[i].used || pads[i].logs > USBPAD_LOG_STATES || !usbpad_get(i, &s))
			continue;
		for (int a = 0; a < PAD_AXES; a++)
			changed |= s.axis[a] != pads[i].logged.axis[a];
		changed |= s.hat != pads[i].logged.hat || s.buttons != pads[i].logged.buttons;
		if (!changed)
			continue;
		pads[i].logged = s;
		if (pads[i].logs++ == USBPAD_LOG_STATES) {
			drvlog("pad %d: further state changes not logged\n", i);
			continue;
		}
		drvlog("pad %d: x %d y %d rx %d ry %d z %d rz %d hat %d buttons %08x reports %u\n", i,
		    s.axis[PAD_AXIS_X], s.axis[PAD_AXIS_Y], s.axis[PAD_AXIS_RX], s.axis[PAD_AXIS_RY], s.axis[PAD_AXIS_Z],
		    s.axis[PAD_AXIS_RZ], s.hat == PAD_HAT_NONE ? -1 : s.hat, (unsigned)s.buttons, (unsigned)s.reports);
	}
	return false;
}

const UsbClassDriver usbpad_class = {
	.name = "pad",
	.probe = usbpad_probe,
	.report = usbpad_report,
	.gone = usbpad_gone,
	.service = usbpad_service,
};
