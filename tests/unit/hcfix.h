/*
 * hcfix.h: what a USB host-controller test shares (test_xhci.c, test_uhci.c, test_ohci.c) — the
 * device layer's side (reports diffed into key events, as usbkbd.c does) and the kernel's page
 * allocator (statics lie below 4 GiB: these tests are linked without PIE, as DMA memory must).
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

static uint8_t ram[256 * 1024] __attribute__((aligned(4096)));
static uint32_t ram_used;

static void *test_alloc(uint32_t bytes)
{
	uint32_t size = (bytes + 4095) & ~4095u;
	void *p;

	if (size > sizeof ram - ram_used)
		return NULL;
	p = ram + ram_used;
	memset(p, 0, size);
	ram_used += size;
	return p;
}

/* A fresh start for the device layer's side: no report seen, no key down, the pages all free. */
static inline void hcfix_reset(void)
{
	memset(prev, 0, sizeof prev);
	memset(downs, 0, sizeof downs);
	reports = 0;
	ram_used = 0;
}

#endif
