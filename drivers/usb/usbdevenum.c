/* usbdevenum.c: attaching a device as a sequence the main loop steps — debounce, reset, address, descriptors, class. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drvlog.h"
#include "usbdev.h"
#include "usbdevenum.h"
#include "usbhc.h"
#include "wait.h"

#define DD_HEAD_LEN             8       /* the device descriptor's first 8 bytes: enough for EP0 */
#define STEPS_PER_PASS          8       /* steps due at once (a reset already over) done in one pass */

typedef enum AttachStep {
	ATTACH_FREE,
	ATTACH_DEBOUNCE,                /* `connected` asked every USB_DEBOUNCE_POLL_MS */
	ATTACH_RESET,                   /* the next try: start a reset */
	ATTACH_RESETTING,               /* `reset_done` asked until it is over or reset_ms passed */
	ATTACH_RECOVER,                 /* reset recovery over: Address Device */
	ATTACH_ADDRESSED,               /* address recovery over: descriptors, class drivers */
} AttachStep;

/* One attach under way: where, how far, and when to come back (a PIT tick). */
typedef struct UsbAttach {
	AttachStep step;
	UsbPortRef at;
	const UsbPortOps *ops;
	uint32_t due;                   /* the step runs once this tick has come */
	uint32_t limit;                 /* debounce or reset: given up once this tick has come */
	bool asked, last;               /* debounce: asked before, and what it said */
	uint32_t stable_ms;
	uint8_t tries, speed;
	UsbDev *d;                      /* addressed, not yet a class's */
	char where[USBDEV_PORT_NAME];
} UsbAttach;

static UsbAttach attaches[USBDEV_MAX_ATTACH];

static bool same_port(const UsbPortRef *a, const UsbPortRef *b)
{
	return a->hc == b->hc && a->hub == b->hub && a->port == b->port;
}

bool usbdev_attach_port(const UsbPortRef *at, const UsbPortOps *ops, uint32_t delay_ms)
{
	UsbAttach *a = NULL;

	for (int i = 0; i < USBDEV_MAX_ATTACH && !a; i++)
		if (attaches[i].step == ATTACH_FREE)
			a = &attaches[i];
	if (!a) {
		drvlog("usb: already %d devices being attached, one more waits for its next change\n",
		    USBDEV_MAX_ATTACH);
		return false;
	}
	*a = (UsbAttach){ .step = ATTACH_DEBOUNCE, .at = *at, .ops = ops, .due = wait_deadline(delay_ms),
	    .limit = wait_deadline(delay_ms + USB_DEBOUNCE_LIMIT_MS) };
	if (at->hub)
		usb_port_name(at->hub->port, at->hub->route | (uint32_t)(at->port & 0x0F) << (4 * at->hub->depth),
		    a->where);
	else
		usb_port_name(at->port, 0, a->where);
	return true;
}

bool usbdev_attaching(const UsbPortRef *at)
{
	for (int i = 0; i < USBDEV_MAX_ATTACH; i++)
		if (attaches[i].step != ATTACH_FREE && same_port(&attaches[i].at, at))
			return true;
	return false;
}

bool usbdev_enum_active(const UsbHc *hc)
{
	for (int i = 0; i < USBDEV_MAX_ATTACH; i++)
		if (attaches[i].step != ATTACH_FREE && attaches[i].at.hc == hc)
			return true;
	return false;
}

/* The port (or the hub above it) went away: the attach ends, a device it addressed forgotten. */
void usbdev_enum_cancel(const UsbHc *hc, const UsbDev *hub, uint8_t port)
{
	for (int i = 0; i < USBDEV_MAX_ATTACH; i++) {
		UsbAttach *a = &attaches[i];

		if (a->step == ATTACH_FREE || a->at.hc != hc || a->at.hub != hub || (port && a->at.port != port))
			continue;
		a->step = ATTACH_FREE;
		if (a->d && a->d->used)
			usbdev_forget(a->d);
		a->d = NULL;
	}
}

static void finish(UsbAttach *a, UsbDev *d, bool vacant)
{
	UsbPortRef at = a->at;

	a->step = ATTACH_FREE;
	a->d = NULL;
	a->ops->done(&at, d, vacant);
}

/* Debounce: one ask. Settled and connected: the first reset; settled empty, or never settled: vacant. */
static void step_debounce(UsbAttach *a)
{
	bool changed = false, now = a->ops->connected(&a->at, &changed);

	if (!a->asked && !now) {
		finish(a, NULL, true);          /* nobody there (a hub port at power-on, or gone already) */
		return;
	}
	if (a->asked && now == a->last && !changed)
		a->stable_ms += USB_DEBOUNCE_POLL_MS;
	else
		a->stable_ms = 0;
	a->asked = true;
	a->last = now;
	if (a->stable_ms >= USB_DEBOUNCE_MS) {
		if (now)
			a->step = ATTACH_RESET;
		else
			finish(a, NULL, true);
	} else if (wait_passed(a->limit)) {
		finish(a, NULL, true);
	} else {
		a->due = wait_deadline(USB_DEBOUNCE_POLL_MS);
	}
}

/* The next try, from the reset; USB_ENUM_TRIES in all. */
static void step_reset(UsbAttach *a)
{
	if (!a->at.hc->ops->running(a->at.hc)) {
		finish(a, NULL, false);
		return;
	}
	if (++a->tries > USB_ENUM_TRIES) {
		drvlog("usb: port %s: given up after %d tries\n", a->where, USB_ENUM_TRIES);
		finish(a, NULL, false);
		return;
	}
	if (!a->ops->reset(&a->at))
		return;                         /* this try failed: the next one */
	a->step = ATTACH_RESETTING;
	a->limit = wait_deadline(a->ops->reset_ms);
}

static void step_resetting(UsbAttach *a)
{
	uint8_t speed = a->ops->reset_done(&a->at);

	if (speed == USB_RESET_PENDING) {
		if (wait_passed(a->limit)) {
			drvlog("usb: timeout: port %s reset (%u ms)\n", a->where, (unsigned)a->ops->reset_ms);
			a->step = ATTACH_RESET;
		} else {
			a->due = wait_deadline(a->ops->reset_poll_ms);
		}
		return;
	}
	if (!speed) {
		bool changed = false;

		if (!a->ops->connected(&a->at, &changed)) {
			finish(a, NULL, true);          /* gone, or handed to another controller (EHCI's companion) */
			return;
		}
		a->step = ATTACH_RESET;
		return;
	}
	a->speed = speed;
	a->step = ATTACH_RECOVER;
	a->due = wait_deadline(USB_RESET_RECOVERY_MS);          /* USB 2.0 7.1.7.5, TRSTRCY */
}

static void step_recover(UsbAttach *a)
{
	UsbDev *d = usbdev_free_entry();

	if (!d) {
		drvlog("usb: port %s: already %d devices, ignored\n", a->where, USBDEV_MAX);
		finish(a, NULL, false);
		return;
	}
	a->d = usbdev_new(d, &a->at, a->speed);
	if (!a->d) {
		a->step = ATTACH_RESET;
		return;
	}
	a->step = ATTACH_ADDRESSED;
	a->due = wait_deadline(USB_ADDRESS_RECOVERY_MS);        /* 9.2.6.3 asks 2 ms, Linux 10 */
}

/* The device descriptor's first 8 bytes (a failure: the next try), then the rest and the class drivers. */
static void step_addressed(UsbAttach *a)
{
	uint8_t head[DD_HEAD_LEN];
	uint16_t got = 0;
	UsbDev *d = a->d;

	if (usbdev_control(d, USB_REQ_IN, USB_REQ_GET_DESCRIPTOR, USB_DT_DEVICE << 8, 0, head, DD_HEAD_LEN, &got) &&
	    got == DD_HEAD_LEN) {
		a->d = NULL;                    /* from here the device is the class's, or forgotten */
		if (usbdev_probe(d, head)) {
			finish(a, d, false);
			return;
		}
		/*
		 * Ignored: it stays on the bus answering at its address, so it
		 * keeps it (and its controller slot) until it is unplugged, as
		 * Linux keeps a device no driver binds; a freed address would be
		 * given to the next device while this one still answers there.
		 */
		finish(a, NULL, false);
		return;
	}
	drvlog("usb: port %s: no device descriptor (try %d of %d)\n", a->where, (int)a->tries, USB_ENUM_TRIES);
	a->d = NULL;
	usbdev_forget(d);
	a->step = ATTACH_RESET;
}

static void step(UsbAttach *a)
{
	switch (a->step) {
	case ATTACH_DEBOUNCE:   step_debounce(a); break;
	case ATTACH_RESET:      step_reset(a); break;
	case ATTACH_RESETTING:  step_resetting(a); break;
	case ATTACH_RECOVER:    step_recover(a); break;
	case ATTACH_ADDRESSED:  step_addressed(a); break;
	case ATTACH_FREE:       break;
	}
}

/*
 * Main line: each attach on hc whose time has come goes as far as it can
 * without waiting (a few steps when a reset is already over). True if one
 * ended (a device came, or a port was given up).
 */
bool usbdev_enum_step(UsbHc *hc)
{
	bool ended = false;

	for (int i = 0; i < USBDEV_MAX_ATTACH; i++) {
		UsbAttach *a = &attaches[i];

		for (int n = 0; n < STEPS_PER_PASS && a->step != ATTACH_FREE && a->at.hc == hc &&
		     wait_passed(a->due); n++) {
			step(a);
			ended |= a->step == ATTACH_FREE;
		}
	}
	return ended;
}

/* Root ports as the attach sequence asks about them, through the controller. */
bool usbdev_root_connected(const UsbPortRef *at, bool *changed)
{
	UsbPortState st = at->hc->ops->port_state(at->hc, at->port);

	*changed = st.connect_changed;
	return st.connected;
}

bool usbdev_root_reset(const UsbPortRef *at)
{
	at->hc->ops->port_reset(at->hc, at->port);
	return true;
}

uint8_t usbdev_root_reset_done(const UsbPortRef *at)
{
	return at->hc->ops->port_reset_done(at->hc, at->port);
}
