/*
 * reportsusb.h: the body of test_reports_xhci.c and test_reports_uhci.c — each report's USB
 * devices (build/gen/reports.h, tools/report2test.py) on the simulated controller of their kind,
 * one controller of one report per case, in a child process of its own (the device layer's
 * tables start empty). The device layer enumerates them (reportdev.h answers as the devices did)
 * and the checks are the report's: every device reached, configured when a class took it, the
 * class that took it the one the report names, a keyboard's report arriving as a key.
 *
 * The including test defines, for its controller (RHC_KIND: REPORT_HC_*, RHC_NAME: "xHCI", RHC_SHORT:
 * "xhci", RHC_STANDS_IN(kind): true for the kinds whose devices it replays too):
 *   static UsbHc *rhc_start(const ReportHc *c);     a fresh simulated controller, started
 *   static bool rhc_attach(UsbHc *hc);               the root ports' devices attached (usbdev)
 *   static bool rhc_send(const Rdev *d, uint8_t ep, const uint8_t *data, uint32_t len);
 */
#ifndef TESTS_UNIT_REPORTSUSB_H
#define TESTS_UNIT_REPORTSUSB_H

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "reportdev.h"
#include "reportfix.h"
#include "usbdev.h"
#include "usbdevrec.h"
#include "usbhub.h"
#include "usbkbd.h"
#include "usbpad.h"

static UsbHc *rhc_start(const ReportHc *c);
static bool rhc_attach(UsbHc *hc);
static bool rhc_send(const Rdev *d, uint8_t ep, const uint8_t *data, uint32_t len);

#define RHC_SETTLE_MS   5000            /* hubs' power-on, debounce, resets: all well inside */
#define RHC_USAGE_RIGHT 0x4F            /* HID keyboard page: Right Arrow */

static int keys_down[256];

/* usbkbd.c's way into the key table (drivers/input/keyboard.c in the kernel): counted here. */
void kbd_inject(uint8_t key, bool down)
{
	if (down)
		keys_down[key]++;
}

static int rhc_failed;

/* A check in the child: the first failure is printed with the log so far; the child then exits 1. */
#define rcheck(cond, ...) do {                                                  \
		if (!(cond)) {                                                  \
			printf("  %s:%d: ", __FILE__, __LINE__);                \
			printf(__VA_ARGS__);                                    \
			printf("\n");                                           \
			rhc_failed++;                                           \
		}                                                               \
	} while (0)

/* The main loop and the timer tick until no attach is under way (or the limit passes). */
static void rhc_settle(void)
{
	for (int ms = 0; ms < RHC_SETTLE_MS; ms++) {
		usbdev_service();
		usbdev_tick();
		if (ms > 2 * USB_DEBOUNCE_LIMIT_MS && !usbdev_settling())
			return;
		wait_ms(1);
	}
}

static bool rhc_is_tablet(const ReportUsbDev *u)
{
	return u->device[8] == 0x27 && u->device[9] == 0x06 && u->device[10] == 0x01 && u->device[11] == 0x00;
}

/* The keyboard the class lists at the device's place and speed. */
static bool rhc_keyboard_at(const ReportUsbDev *u)
{
	UsbKbdPlace k[USBKBD_MAX];
	int n = usbkbd_list(k, USBKBD_MAX);

	for (int i = 0; i < n; i++)
		if (strcmp(k[i].where, u->where) == 0 && k[i].speed == u->speed && strcmp(k[i].kind, RHC_NAME) == 0)
			return true;
	return false;
}

static bool rhc_pad_at(const ReportUsbDev *u)
{
	char tail[64];

	snprintf(tail, sizeof tail, " on %s port %s", RHC_NAME, u->where);
	for (int i = 0; i < USBPAD_MAX; i++) {
		PadState st;
		size_t n, t = strlen(tail);

		if (!usbpad_get(i, &st))
			continue;
		n = strlen(st.name);
		if (n >= t && strcmp(st.name + n - t, tail) == 0)
			return true;
	}
	return false;
}

/* One device against what the report says happened to it. */
static void rhc_check_device(const Rdev *d)
{
	const ReportUsbDev *u = d->fix;
	uint8_t value = u->config[5];
	char line[96];

	rcheck(d->requests > 0, "port %s: never reached by the controller", u->where);
	if (d->requests == 0)
		return;
	if (strcmp(u->taken, "keyboard") == 0) {
		rcheck(rhc_keyboard_at(u), "port %s: the keyboard class did not take it", u->where);
		rcheck(d->config == value, "port %s: configuration %u, the report's %u", u->where, d->config, value);
	} else if (strcmp(u->taken, "hub") == 0) {
		snprintf(line, sizeof line, "usb: port %s: hub with %u ports", u->where, (unsigned)u->hub[2]);
		rcheck(strstr(logbuf, line) != NULL, "no \"%s\"", line);
		rcheck(d->config == value, "port %s: configuration %u, the report's %u", u->where, d->config, value);
	} else if (strcmp(u->taken, "pad") == 0) {
		rcheck(rhc_pad_at(u), "port %s: the pad class did not take it", u->where);
		rcheck(d->config == value, "port %s: configuration %u, the report's %u", u->where, d->config, value);
	} else if (strcmp(u->taken, "mass_storage") == 0) {
		/* NOTE: the SCSI exchange is not simulated: the storage class is not offered it here. */
		rcheck(u->config[9 + 5] == 0x08, "port %s: storage, but interface class %02x", u->where, u->config[14]);
	} else if (strcmp(u->taken, "failed") == 0) {
		rcheck(!rhc_keyboard_at(u) && !rhc_pad_at(u), "port %s: taken, the report says its set-up failed", u->where);
	} else {
		snprintf(line, sizeof line, "usb: port %s: ", u->where);
		rcheck(!rhc_keyboard_at(u) && !rhc_pad_at(u), "port %s: taken, the report says by nobody", u->where);
		rcheck(strstr(logbuf, line) && strstr(strstr(logbuf, line), "ignored"),
		    "port %s: no \"ignored\" line", u->where);
	}
}

/*
 * What the device layer kept of the device for the hardware report
 * (usbdevrec.h) is what the report says: the speed, the descriptors and
 * HID report descriptors byte for byte, the class driver's name. (A stick's
 * class is not offered it here: its driver is not compared.)
 */
static void rhc_check_record(const Rdev *d)
{
	const ReportUsbDev *u = d->fix;
	const UsbRecord *rec = NULL;

	for (int i = 0; i < USBREC_MAX; i++)
		if (usbdev_record(i) && usbdev_record(i)->port == u->port && usbdev_record(i)->route == u->route)
			rec = usbdev_record(i);
	rcheck(rec != NULL, "port %s: the device layer kept no record of it", u->where);
	if (!rec)
		return;
	rcheck(rec->speed == u->speed, "port %s: speed %u, the report's %u", u->where, rec->speed, u->speed);
	rcheck(rec->device_len == 18 && memcmp(rec->device, u->device, 18) == 0, "port %s: another device descriptor",
	    u->where);
	rcheck(rec->config_len == u->config_len && memcmp(rec->config, u->config, u->config_len) == 0,
	    "port %s: another configuration descriptor (%u bytes, the report's %u)", u->where, rec->config_len,
	    u->config_len);
	for (int i = 0; i < u->nhids; i++) {
		const ReportHid *h = &u->hids[i];
		bool same = false;

		for (int k = 0; k < rec->hids && k < USBREC_HIDS; k++)
			same |= rec->hid[k].iface == h->iface && !rec->hid[k].error && rec->hid[k].len == h->len &&
			    memcmp(rec->reports + rec->hid[k].offset, h->rdesc, h->len) == 0;
		rcheck(same, "port %s: interface %u's report descriptor not kept as the report has it", u->where,
		    h->iface);
	}
	if (strcmp(u->taken, "mass_storage") != 0)
		rcheck(strcmp(rec->driver, u->taken[0] ? u->taken : "none") == 0, "port %s: driver %s, the report's %s",
		    u->where, rec->driver, u->taken[0] ? u->taken : "none");
}

/* A keyboard's interrupt endpoint runs: Right Arrow down arrives as its key. */
static void rhc_check_keys(const Rdev *d)
{
	uint8_t report[8] = { 0, 0, RHC_USAGE_RIGHT };
	UsbConfigInfo cfg;

	if (strcmp(d->fix->taken, "keyboard") != 0 || !usbdesc_config(d->fix->config, d->fix->config_len, &cfg))
		return;
	rcheck(rhc_send(d, cfg.kbd_endpoint, report, sizeof report), "port %s: no interrupt transfer queued",
	    d->fix->where);
	usbdev_tick();
	rcheck(keys_down[hidboot_key(RHC_USAGE_RIGHT)] == 1, "port %s: Right Arrow not seen", d->fix->where);
	memset(report, 0, sizeof report);
	rhc_send(d, cfg.kbd_endpoint, report, sizeof report);
	usbdev_tick();
	memset(keys_down, 0, sizeof keys_down);
}

/* The child: one controller of one report. Exit status 0 if every check held. */
static int rhc_replay(const Report *r, const ReportHc *c)
{
	UsbHc *hc;
	bool tablets = false;

	rdev_load(r, c->kind, c->index);
	for (int i = 0; i < nrdevs; i++)
		tablets |= strcmp(rdevs[i].fix->taken, "pad") == 0 && rhc_is_tablet(rdevs[i].fix);
	usbdev_add_class(&usbkbd_class);        /* the kernel's order (kernel/boot/usb.c) */
	usbdev_add_class(&usbhub_class);
	usbpad_take_tablets(tablets);
	usbdev_add_class(&usbpad_class);
	hc = rhc_start(c);
	rcheck(hc != NULL, "the controller did not start");
	if (!hc)
		return 1;
	rcheck(rhc_attach(hc), "the controller was given up");
	rhc_settle();
	rcheck(!rdev_error[0], "%s", rdev_error);
	for (int i = 0; i < nrdevs; i++)
		rhc_check_device(&rdevs[i]);
	for (int i = 0; i < nrdevs; i++)
		rhc_check_record(&rdevs[i]);
	for (int i = 0; i < nrdevs; i++)
		rhc_check_keys(&rdevs[i]);
	rcheck(rdev_reused == 0, "%d address%s given again while the device that had it was still on the bus",
	    rdev_reused, rdev_reused == 1 ? "" : "es");
	if (rhc_failed || getenv("REPORTS_LOG"))
		printf("  log:\n%s", logbuf);
	fflush(stdout);
	return rhc_failed ? 1 : 0;
}

typedef struct RhcCase {
	const Report *report;
	const ReportHc *hc;
	char name[80];
} RhcCase;

static RhcCase rhc_cases[64];
static struct CMUnitTest rhc_tests[64];

static void rhc_case(void **state)
{
	const RhcCase *k = *state;
	pid_t pid;
	int st = 0;

	fflush(stdout);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0)
		_exit(rhc_replay(k->report, k->hc));
	assert_int_equal(waitpid(pid, &st, 0), pid);
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
		fail_msg("%s: the report's devices did not come up as it says", k->name);
}

static bool rhc_has_devices(const Report *r, const ReportHc *c)
{
	for (int i = 0; i < r->nusb; i++)
		if (r->usb[i].hc_kind == c->kind && r->usb[i].hc_index == c->index)
			return true;
	return false;
}

/*
 * One case per controller of RHC_KIND with devices in each report: "q35/uhci1"; and per
 * controller whose kind has no simulation with a device model yet (OHCI,
 * EHCI) when RHC_STANDS_IN says this one replays their devices instead:
 * "q35/ehci0_on_xhci" (the device layer and the classes, not that controller).
 */
static int rhc_main(const char *group, int argc, char **argv)
{
	static const char *const hc_names[REPORT_HC_KINDS] = { "uhci", "ohci", "ehci", "xhci" };
	int n = 0;

	for (size_t i = 0; i < ARRAY_LEN(reports); i++)
		for (int h = 0; h < reports[i]->nhcs && n < (int)ARRAY_LEN(rhc_cases); h++) {
			RhcCase *k = &rhc_cases[n];

			if ((reports[i]->hcs[h].kind != RHC_KIND && !RHC_STANDS_IN(reports[i]->hcs[h].kind)) ||
			    !rhc_has_devices(reports[i], &reports[i]->hcs[h]))
				continue;
			*k = (RhcCase){ .report = reports[i], .hc = &reports[i]->hcs[h] };
			snprintf(k->name, sizeof k->name, "%s/%s%u%s", reports[i]->name, hc_names[reports[i]->hcs[h].kind],
			    (unsigned)reports[i]->hcs[h].index, reports[i]->hcs[h].kind == RHC_KIND ? "" : "_on_" RHC_SHORT);
			rhc_tests[n] = (struct CMUnitTest){ .name = k->name, .test_func = rhc_case, .initial_state = k };
			n++;
		}
	if (testmain_filter(group, argc, argv, rhc_tests, (size_t)n))
		return 0;
	if (n == 0) {
		printf("%s: no report has a controller of this kind\n", group);
		return 1;
	}
	return _cmocka_run_group_tests(group, rhc_tests, (size_t)n, NULL, NULL);
}

#endif
