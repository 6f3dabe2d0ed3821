/*
 * test_reports_pci.c: each report's PCI functions (tests/reports/, build/gen/reports.h) as a
 * simulated configuration space behind 0x0CF8/0x0CFC (tests/unit/simpci/io.h), scanned by the
 * kernel's own pci_scan (drivers/platform/pci.c): it must find every function the report lists
 * and no other, log each as the report has it, find the USB controllers the report names in the
 * order that gives them those names (uhci0, uhci1, ...) with the report's BARs, and the HDA
 * controllers. A function 0 is multi-function when the report has another function beside it
 * (the report clears the header type's bit 7, docs/hwinfo.md).
 */
#include <stdarg.h>
#include <stdio.h>

#include "testmain.h"

#include "pci.h"
#include "reports.h"

#define SIMLOG_BYTES    16384
#include "simlog.h"          /* drvlog into logbuf */

static const Report *on_bus;            /* the report whose functions the configuration space holds */
static uint32_t config_address;

void wait_ms(uint32_t ms)
{
	(void)ms;
}

static const ReportPci *function_at(uint8_t bus, uint8_t dev, uint8_t fn)
{
	for (int i = 0; i < on_bus->npci; i++)
		if (on_bus->pci[i].bus == bus && on_bus->pci[i].dev == dev && on_bus->pci[i].fn == fn)
			return &on_bus->pci[i];
	return NULL;
}

void sim_outl(uint16_t port, uint32_t v)
{
	if (port == 0x0CF8)
		config_address = v;             /* writes to the functions themselves are not kept */
}

uint32_t sim_inl(uint16_t port)
{
	uint8_t bus = (uint8_t)(config_address >> 16), dev = config_address >> 11 & 0x1F;
	uint8_t fn = config_address >> 8 & 7, off = config_address & 0xFC;
	const ReportPci *f = function_at(bus, dev, fn);
	bool multi = false;

	if (port != 0x0CFC || !(config_address & 0x80000000u) || !f)
		return 0xFFFFFFFFu;
	for (uint8_t k = 1; k < 8 && fn == 0; k++)
		multi |= function_at(bus, dev, k) != NULL;
	if (off == 0x00)
		return f->vendor | (uint32_t)f->device << 16;
	if (off == 0x08)
		return f->class_rev;
	if (off == 0x0C)
		return (uint32_t)(f->header | (multi ? 0x80 : 0)) << 16;
	if (off >= 0x10 && off < 0x28)
		return f->bar[(off - 0x10) / 4];
	return 0;
}

/* What the kernel's scan finds of one class on the report's bus. */
static int scan(uint8_t cls, uint8_t subclass, int progif, PciDev *found)
{
	logbuf[0] = '\0';
	return pci_scan(cls, subclass, progif, found, PCI_MAX_FOUND);
}

static void functions_found(void **state)
{
	const Report *r = *state;
	PciDev found[PCI_MAX_FOUND];
	char line[96];

	on_bus = r;
	scan(0xFF, 0xFF, PCI_PROGIF_ANY, found);
	snprintf(line, sizeof line, "pci: %d functions\n", r->npci);
	assert_non_null(strstr(logbuf, line));
	for (int i = 0; i < r->npci; i++) {
		const ReportPci *f = &r->pci[i];

		snprintf(line, sizeof line, "pci: %02x:%02x.%x %04x:%04x class %02x.%02x.%02x\n", f->bus, f->dev, f->fn,
		    f->vendor, f->device, f->class_rev >> 24, f->class_rev >> 16 & 0xFF, f->class_rev >> 8 & 0xFF);
		assert_row(strstr(logbuf, line) != NULL, "not found: %s", line);
	}
}

/* The kernel names USB controllers by their order of each kind in the scan (kernel/boot/usb.c): the report's names follow. */
static void usb_controllers_named_and_mapped(void **state)
{
	static const uint8_t progif[REPORT_HC_KINDS] = { PCI_PROGIF_UHCI, PCI_PROGIF_OHCI, PCI_PROGIF_EHCI, PCI_PROGIF_XHCI };
	const Report *r = *state;
	PciDev found[PCI_MAX_FOUND];

	on_bus = r;
	for (int h = 0; h < r->nhcs; h++) {
		const ReportHc *c = &r->hcs[h];
		int n = scan(PCI_CLASS_SERIAL_BUS, PCI_SUBCLASS_USB, progif[c->kind], found);
		const ReportPci *f = function_at(c->bus, c->dev, c->fn);
		uint64_t mmio = 0;
		uint16_t io = 0;

		assert_true(c->index < n);
		assert_row(found[c->index].bus == c->bus && found[c->index].dev == c->dev && found[c->index].fn == c->fn,
		    "controller %d of kind %d is %02x:%02x.%x in the scan, the report's is %02x:%02x.%x", c->index,
		    c->kind, found[c->index].bus, found[c->index].dev, found[c->index].fn, c->bus, c->dev, c->fn);
		assert_non_null(f);
		if (c->kind == REPORT_HC_UHCI) {
			assert_true(pci_bar_io(&found[c->index], 4, &io));
			assert_int_equal(io, f->bar[4] & ~3u);
		} else {
			assert_true(pci_bar_mmio(&found[c->index], 0, &mmio));
			assert_int_equal(mmio, (f->bar[0] & ~0xFu) | ((f->bar[0] & 6) == 4 ? (uint64_t)f->bar[1] << 32 : 0));
		}
	}
}

int main(int argc, char **argv)
{
	static struct CMUnitTest tests[64];
	static char names[64][80];
	size_t n = 0;

	for (size_t i = 0; i < ARRAY_LEN(reports) && n + 2 <= ARRAY_LEN(tests); i++) {
		snprintf(names[n], sizeof names[n], "%s/functions_found", reports[i]->name);
		tests[n] = (struct CMUnitTest){ .name = names[n], .test_func = functions_found,
		    .initial_state = (void *)reports[i] };
		n++;
		if (reports[i]->nhcs == 0)
			continue;
		snprintf(names[n], sizeof names[n], "%s/usb_controllers_named_and_mapped", reports[i]->name);
		tests[n] = (struct CMUnitTest){ .name = names[n], .test_func = usb_controllers_named_and_mapped,
		    .initial_state = (void *)reports[i] };
		n++;
	}
	if (testmain_filter("test_reports_pci", argc, argv, tests, n))
		return 0;
	return _cmocka_run_group_tests("test_reports_pci", tests, n, NULL, NULL);
}
