/*
 * hcfix.h: what a USB host-controller test shares (test_xhci.c, test_uhci.c, test_ohci.c) — the
 * device layer's side (reports diffed into key events, as usbkbd.c does) and the kernel's page
 * allocator (testram.h).
 */
#ifndef TESTS_HCFIX_H
#define TESTS_HCFIX_H

#include <string.h>

#include "usbhc.h"
#include "usbhid.h"

static uint8_t prev[HID_BOOT_REPORT_LEN];
static int downs[256], reports;

static void on_report(UsbDev *owner, const uint8_t *data, size_t len)
{
	HidKeyEvent ev[HID_EVENTS_MAX];
	int n = hidboot_diff(prev, data, len, ev);

	(void)owner;
	reports++;
	for (int i = 0; i < n; i++)
		if (ev[i].down)
			downs[ev[i].usage]++;
}

static const UsbHcEvents events = { .report = on_report };
static UsbHc *hc;
static uint8_t kbd;

static const uint8_t right_down[8] = { 0, 0, USAGE_RIGHT, 0, 0, 0, 0, 0 };
static const uint8_t all_up[8];

#include "testram.h"          /* test_alloc: the kernel's page allocator */

/* A fresh start for the device layer's side: no report seen, no key down, the pages all free. */
static inline void hcfix_reset(void)
{
	memset(prev, 0, sizeof prev);
	memset(downs, 0, sizeof downs);
	reports = 0;
	testram_reset();
}

#endif
