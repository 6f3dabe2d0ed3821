/* hwrepdev.c: HWINFO.TXT's device sections — PCI functions, USB controllers and devices with their descriptors, disks, the sound chip. */
#include <stdbool.h>
#include <stdint.h>

#include "hwreport.h"
#include "kfmt.h"

#define HID_ROW         32              /* report-descriptor bytes a hidreport row */
#define PCI_BAR_IO      0x01
#define PCI_BAR_64      0x04
#define PCI_BAR_PREF    0x08

/* A 64-bit count in decimal (kfmt has no long long). */
static const char *dec64(uint64_t v, char out[24])
{
	char t[24];
	int n = 0, k = 0;

	do {
		t[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v && n < 23);
	while (n)
		out[k++] = t[--n];
	out[k] = '\0';
	return out;
}

const char *hwreport_pci_addr(const HwPciFn *f, char out[8])
{
	kfmt_snprintf(out, 8, "%02x:%02x.%x", (unsigned)f->bus, (unsigned)f->dev, (unsigned)f->fn);
	return out;
}

/* A function's base address registers (a header type 0 has six, a bridge two). */
static void pci_bars(HwOut *o, const HwPciFn *f)
{
	int bars = f->header == 1 ? 2 : f->header == 0 ? 6 : 0;

	for (int i = 0; i < bars; i++) {
		uint32_t v = f->bar[i];

		if (!v)
			continue;
		if (v & PCI_BAR_IO) {
			hwout_line(o, "bar %d io 0x%04x", i, (unsigned)(v & 0xFFFCu));
		} else if ((v & 0x6) == PCI_BAR_64 && i + 1 < bars) {
			hwout_line(o, "bar %d mem64%s 0x%08x%08x", i, v & PCI_BAR_PREF ? "p" : "", (unsigned)f->bar[i + 1],
			    (unsigned)(v & 0xFFFFFFF0u));
			i++;
		} else {
			hwout_line(o, "bar %d mem32%s 0x%08x", i, v & PCI_BAR_PREF ? "p" : "", (unsigned)(v & 0xFFFFFFF0u));
		}
	}
}

void hwreport_pci(HwOut *o, const HwReport *r)
{
	for (int i = 0; i < r->pci_count; i++) {
		const HwPciFn *f = &r->pci[i];
		char at[8], irq[8], tail[40] = "";

		if (f->irq == 0xFF || (f->irq == 0 && !f->pin))
			kfmt_snprintf(irq, sizeof irq, "none");
		else
			kfmt_snprintf(irq, sizeof irq, "%u", (unsigned)f->irq);
		if (f->header == 0)
			kfmt_snprintf(tail, sizeof tail, " subsys=%04x:%04x", (unsigned)f->sub_vendor, (unsigned)f->sub_device);
		static const char *const pins[] = { "none", "A", "B", "C", "D" };

		hwout_line(o, "[pci %s] id=%04x:%04x class=%06x rev=%02x%s header=%02x irq=%s pin=%s",
		    hwreport_pci_addr(f, at), (unsigned)f->vendor, (unsigned)f->device, (unsigned)(f->class_rev >> 8),
		    (unsigned)(f->class_rev & 0xFF), tail, (unsigned)f->header, irq, pins[f->pin <= 4 ? f->pin : 0]);
		if (f->header == 1)
			hwout_line(o, "bridge secondary=%02x subordinate=%02x", (unsigned)f->secondary,
			    (unsigned)f->subordinate);
		pci_bars(o, f);
	}
}

static int hc_index(const HwReport *r, const void *hc)
{
	for (int i = 0; i < r->usbhc_count; i++)
		if (r->usbhc[i].hc == hc)
			return i;
	return r->usbhc_count;
}

/* A record's place as COM1 names it: root port, then each hub port ("3.2"). */
static void usb_place(const UsbRecord *u, char *out, int size)
{
	int n = kfmt_snprintf(out, (unsigned)size, "%u", (unsigned)u->port);

	for (int d = 0; d < u->depth && d < 8 && n < size; d++)
		n += kfmt_snprintf(out + n, (unsigned)(size - n), ".%u", (unsigned)((u->route >> (4 * d)) & 0xF));
}

/* Order: controller, root port, then hub ports level by level (a hub before what is behind it). */
static bool usb_before(const HwReport *r, const UsbRecord *a, const UsbRecord *b)
{
	int ha = hc_index(r, a->hc), hb = hc_index(r, b->hc);

	if (ha != hb)
		return ha < hb;
	if (a->port != b->port)
		return a->port < b->port;
	for (int d = 0; d < 8; d++) {
		uint32_t pa = d < a->depth ? (a->route >> (4 * d)) & 0xF : 0;
		uint32_t pb = d < b->depth ? (b->route >> (4 * d)) & 0xF : 0;

		if (pa != pb)
			return pa < pb;
	}
	return false;
}

static const char *desc_name(uint8_t type, char *other)
{
	static const struct {
		uint8_t type;
		const char *name;
	} names[] = {
		{ 0x02, "config" }, { 0x04, "interface" }, { 0x05, "endpoint" }, { 0x06, "qualifier" },
		{ 0x07, "otherspeed" }, { 0x09, "otg" }, { 0x0B, "iad" }, { 0x21, "hid" }, { 0x22, "report" },
		{ 0x24, "cs_interface" }, { 0x25, "cs_endpoint" }, { 0x29, "hub" }, { 0x30, "ss_ep_comp" },
		{ 0x31, "ssp_iso_comp" },
	};

	for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
		if (names[i].type == type)
			return names[i].name;
	kfmt_snprintf(other, 8, "type_%02x", (unsigned)type);
	return other;
}

/* The configuration descriptor, a row for each descriptor in it (the rest as one raw row when malformed). */
static void usb_config_rows(HwOut *o, const UsbRecord *u)
{
	uint32_t at = 0, len = u->config_len;

	while (at < len) {
		const uint8_t *p = u->config + at;
		char head[24], other[8];
		uint32_t n = p[0];

		if (n < 2 || at + n > len) {
			hwout_hex(o, "desc raw", p, len - at);
			return;
		}
		kfmt_snprintf(head, sizeof head, "desc %s", desc_name(p[1], other));
		hwout_hex(o, head, p, n);
		at += n;
	}
}

static void usb_device(HwOut *o, const HwReport *r, const UsbRecord *u)
{
	static const char *const speeds[] = { "unknown", "full", "low", "high", "super" };
	const uint8_t *d = u->device;
	char place[32], drv[24];
	uint8_t c[3] = { 0, 0, 0 };
	int h = hc_index(r, u->hc), k;

	usb_place(u, place, sizeof place);
	if (u->device_len >= 7 && d[4]) {
		c[0] = d[4], c[1] = d[5], c[2] = d[6];
	} else {                                /* the first interface's */
		for (uint32_t at = 0; at + 9 <= u->config_len && u->config[at] >= 2; at += u->config[at])
			if (u->config[at + 1] == 0x04) {
				c[0] = u->config[at + 5], c[1] = u->config[at + 6], c[2] = u->config[at + 7];
				break;
			}
	}
	for (k = 0; u->driver && u->driver[k] && k < (int)sizeof drv - 1; k++)
		drv[k] = u->driver[k] == ' ' ? '_' : u->driver[k];
	drv[k] = '\0';
	hwout_line(o, "[usb %s-%s] speed=%s id=%04x:%04x class=%02x.%02x.%02x driver=%s config_len=%u",
	    h < r->usbhc_count ? r->usbhc[h].name : "usb", place, u->speed <= 4 ? speeds[u->speed] : "unknown",
	    u->device_len >= 12 ? (unsigned)(d[8] | d[9] << 8) : 0u, u->device_len >= 12 ? (unsigned)(d[10] | d[11] << 8) : 0u,
	    (unsigned)c[0], (unsigned)c[1], (unsigned)c[2], k ? drv : "none", (unsigned)u->config_len);
	hwout_hex(o, "desc device", d, u->device_len);
	usb_config_rows(o, u);
	for (int i = 0; i < u->hids && i < USBREC_HIDS; i++) {
		const UsbRecHid *hid = &u->hid[i];
		char head[48];

		if (hid->error || !hid->len) {
			hwout_line(o, "hidreport if=%u len=0 error", (unsigned)hid->iface);
			continue;
		}
		for (uint32_t at = 0; at < hid->len; at += HID_ROW) {
			uint32_t n = hid->len - at < HID_ROW ? hid->len - at : HID_ROW;

			kfmt_snprintf(head, sizeof head, "hidreport if=%u len=%u +%04x", (unsigned)hid->iface,
			    (unsigned)hid->len, (unsigned)at);
			hwout_hex(o, head, u->reports + hid->offset + at, n);
		}
	}
}

void hwreport_usb(HwOut *o, const HwReport *r)
{
	bool done[USBREC_MAX] = { false };

	for (int i = 0; i < r->usbhc_count; i++) {
		const HwUsbHc *c = &r->usbhc[i];

		hwout_line(o, "[usbhc %s] kind=%s pci=%02x:%02x.%x running=%d", c->name, c->kind, (unsigned)c->bus,
		    (unsigned)c->dev, (unsigned)c->fn, c->running ? 1 : 0);
	}
	for (int n = 0; n < r->usb_count && n < USBREC_MAX; n++) {      /* selection sort: 32 at most */
		int best = -1;

		for (int i = 0; i < r->usb_count && i < USBREC_MAX; i++)
			if (!done[i] && (best < 0 || usb_before(r, r->usb[i], r->usb[best])))
				best = i;
		done[best] = true;
		usb_device(o, r, r->usb[best]);
	}
}

void hwreport_disks(HwOut *o, const HwReport *r)
{
	for (int i = 0; i < r->disk_count; i++) {
		const BlockDev *d = r->disk[i];
		uint32_t mib = (uint32_t)(d->sectors * d->sector_size >> 20);

		char sectors[24];

		hwout_line(o, "[disk %d] interface=%s sectors=%s sector_bytes=%u size_mib=%u removable=%d read_only=%d",
		    i, d->kind, dec64(d->sectors, sectors), (unsigned)d->sector_size, (unsigned)mib, d->removable ? 1 : 0,
		    d->read_only ? 1 : 0);
		hwout_fact(o, "model", d->model);
		hwout_fact(o, "where", d->name);
	}
}
