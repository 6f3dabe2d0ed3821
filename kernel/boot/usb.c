/* usb.c: USB keyboard glue — the class drivers on the device layer, PCI finds xHCI, EHCI, UHCI and OHCI controllers, tick and loop. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cpu.h"
#include "kfmt.h"
#include "klog.h"
#include "pages.h"
#include "paging.h"
#include "pci.h"
#include "pit.h"
#include "usb.h"
#include "usbdev.h"
#include "usbhub.h"
#include "usbkbd.h"
#include "usbpad.h"
#include "ehci.h"
#include "ohci.h"
#include "uhci.h"
#include "xhci.h"

#define XHCI_MMIO_SPAN  0x00100000u     /* registers mapped: capability to the last doorbell, 1 MiB */
#define UHCI_BAR        4               /* UHCI's registers: an I/O BAR */
#define UHCI_LEGSUP_REG 0xC0            /* UHCI 1.1 5.2: legacy support register (PCI configuration) */
#define UHCI_LEGSUP_OFF 0x8F00          /* its status bits cleared (RWC), SMI and PIRQ off: Linux's USBLEGSUP_RWC */

_Static_assert(XHCI_MAX_CTRL >= PCI_MAX_FOUND, "every controller the PCI scan keeps has a place");

static bool running;

/* Log the keyboards plugged in now (COM1 has the same words as the title). */
static void log_keyboards(void)
{
	char note[64];

	usb_note(note, sizeof note);
	klog("usb: %s\n", note[0] ? note : "no USB keyboard");
}

/* Controller i of the PCI scan in D0, its registers reachable, bus mastering on: a memory BAR's address, mapped. */
static bool mmio_bar(const char *name, int i, const PciDev *p, int bar, uintptr_t *at)
{
	uint64_t phys;

	pci_power_d0(p);                        /* before the BAR is read: D3hot -> D0 may reset it */
	if (!pci_bar_mmio(p, bar, &phys)) {
		klog("%s%d: %02x:%02x.%x: BAR%d is not a memory BAR, not used\n", name, i, (unsigned)p->bus,
		    (unsigned)p->dev, (unsigned)p->fn, bar);
		return false;
	}
	*at = (uintptr_t)phys;
	if (phys >> 32) {                       /* UEFI firmware puts 64-bit BARs above 4 GiB */
		*at = paging_map_high(phys, XHCI_MMIO_SPAN);
		klog("%s%d: registers at 0x%x%08x, above 4 GiB: %s 0x%08x\n", name, i, (unsigned)(phys >> 32),
		    (unsigned)phys, *at ? "mapped at" : "cannot be mapped,", (unsigned)*at);
		if (!*at)
			return false;
	}
	pci_enable_mmio_master(p);
	return true;
}

/* xHCI: BAR0, taken from the BIOS by the driver (its extended capabilities). */
static bool claim_xhci(int i, const PciDev *p)
{
	uintptr_t bar;

	return mmio_bar("xhci", i, p, 0, &bar) && xhci_claim_begin(i, bar, pages_alloc);
}

/* OHCI: BAR0, taken from SMM or the BIOS's driver by the driver (its own registers). */
static bool claim_ohci(int i, const PciDev *p)
{
	uintptr_t bar;

	return mmio_bar("ohci", i, p, 0, &bar) && ohci_claim_begin(i, bar, pages_alloc);
}

/*
 * UHCI: I/O BAR4; taken from the BIOS in PCI configuration space first
 * (LEGSUP: SMI routing off, its status bits cleared), before the driver
 * stops it.
 */
static bool claim_uhci(int i, const PciDev *p)
{
	uint16_t io;

	pci_power_d0(p);
	if (!pci_bar_io(p, UHCI_BAR, &io)) {
		klog("uhci%d: %02x:%02x.%x: BAR4 is not an I/O BAR, not used\n", i, (unsigned)p->bus,
		    (unsigned)p->dev, (unsigned)p->fn);
		return false;
	}
	klog("uhci%d: legacy support %04x, now %04x (SMI off)\n", i, (unsigned)pci_read16(p, UHCI_LEGSUP_REG),
	    (unsigned)UHCI_LEGSUP_OFF);
	pci_write16(p, UHCI_LEGSUP_REG, UHCI_LEGSUP_OFF);
	pci_enable_io_master(p);
	return uhci_claim(i, io, pages_alloc);
}

/* EHCI: BAR0; taken from the BIOS and reset by the driver (its ports with the companions until it runs). */
static bool claim_ehci(int i, const PciDev *p)
{
	uintptr_t bar;

	return mmio_bar("ehci", i, p, 0, &bar) && ehci_claim_begin(i, p, bar, pages_alloc);
}

/*
 * A controller kind: its PCI programming interface, how many are driven,
 * its two passes (the claim begun, then stepped: NULL, nothing to wait for).
 */
typedef struct UsbKind {
	const char *kind, *name;
	uint8_t progif;
	int max;
	bool (*claim)(int i, const PciDev *p);
	StepResult (*claim_step)(int index);
	StepResult (*start_step)(int index, UsbHc **hc);
} UsbKind;

static const UsbKind kinds[] = {
	{ .kind = "EHCI", .name = "ehci", .progif = PCI_PROGIF_EHCI, .max = EHCI_MAX_CTRL, .claim = claim_ehci,
	  .claim_step = ehci_claim_step, .start_step = ehci_start_step },
	{ .kind = "xHCI", .name = "xhci", .progif = PCI_PROGIF_XHCI, .max = XHCI_MAX_CTRL, .claim = claim_xhci,
	  .claim_step = xhci_claim_step, .start_step = xhci_start_step },
	{ .kind = "UHCI", .name = "uhci", .progif = PCI_PROGIF_UHCI, .max = UHCI_MAX_CTRL, .claim = claim_uhci,
	  .start_step = uhci_start_step },
	{ .kind = "OHCI", .name = "ohci", .progif = PCI_PROGIF_OHCI, .max = OHCI_MAX_CTRL, .claim = claim_ohci,
	  .claim_step = ohci_claim_step, .start_step = ohci_start_step },
};
#define KINDS   (int)(sizeof kinds / sizeof kinds[0])

/* The controllers of every kind, as the PCI scan found them, and the one being started. */
typedef struct UsbFound {
	PciDev all[PCI_MAX_FOUND];
	PciDev pci[KINDS][PCI_MAX_FOUND];
	bool claimed[KINDS][PCI_MAX_FOUND];
	UsbHc *hc[KINDS][PCI_MAX_FOUND];        /* started (the hardware report names its devices by it) */
	int n[KINDS], up[KINDS];
	bool scanned;                   /* the first step: the scan */
	bool claiming, claims_done;     /* the controller f.ck/f.ci's claim begun; every claim ended */
	int ck, ci;                     /* the controller being claimed: kind, index */
	int k, i;                       /* the controller being started: kind, index */
	uint32_t t0, t1;                /* PIT ticks: the scan's start and end */
} UsbFound;

static UsbFound f;

/* The scan, every kind's class drivers. */
static void scan(UsbFound *f, bool pad_tablets)
{
	int n;

	f->t0 = pit_ticks();
	n = pci_scan(PCI_CLASS_SERIAL_BUS, PCI_SUBCLASS_USB, PCI_PROGIF_ANY, f->all, PCI_MAX_FOUND);
	for (int i = 0; i < n; i++)             /* one scan (every function logged once), sorted by kind */
		for (int k = 0; k < KINDS; k++)
			if (f->all[i].progif == kinds[k].progif && f->n[k] < PCI_MAX_FOUND)
				f->pci[k][f->n[k]++] = f->all[i];
	f->t1 = pit_ticks();
	usbdev_add_class(&usbkbd_class);        /* offered each new device in this order */
	usbdev_add_class(&usbhub_class);
	usbpad_take_tablets(pad_tablets);       /* padtest=tablet: QEMU's usb-tablet is a pad */
	usbdev_add_class(&usbpad_class);
}

/*
 * One step of the claims, kind by kind in the table's order: a controller's
 * claim begun (and its first step), or one step of its BIOS hand-off, whose
 * waits end in later steps. True once every controller is claimed or not used.
 */
static bool claim_next(UsbFound *f)
{
	while (f->ck < KINDS) {
		const UsbKind *kd = &kinds[f->ck];
		const PciDev *p = &f->pci[f->ck][f->ci];
		StepResult r;

		if (f->ci >= f->n[f->ck]) {
			f->ck++;
			f->ci = 0;
			continue;
		}
		if (f->ci >= kd->max) {
			klog("%s%d: %02x:%02x.%x: already %d %s controllers, not used\n", kd->name, f->ci, (unsigned)p->bus,
			    (unsigned)p->dev, (unsigned)p->fn, kd->max, kd->kind);
			f->ci++;
			continue;
		}
		if (!f->claiming) {
			f->claiming = true;
			r = kd->claim(f->ci, p) ? STEP_MORE : STEP_FAILED;
		} else {
			r = STEP_MORE;
		}
		if (r == STEP_MORE)
			r = kd->claim_step ? kd->claim_step(f->ci) : STEP_DONE;
		if (r == STEP_MORE)
			return false;
		f->claimed[f->ck][f->ci] = r == STEP_DONE;
		if (r == STEP_DONE && kd->progif == PCI_PROGIF_XHCI)
			pci_xhci_intel_ports(p);        /* shared ports to it before anything enumerates */
		f->claiming = false;
		f->ci++;
		return false;
	}
	return true;
}

/* Every controller started: each kind's line, the memory they took, the keyboards. */
static void log_started(const UsbFound *f)
{
	running = false;
	for (int k = 0; k < KINDS; k++) {
		running |= f->up[k] > 0;
		if (kinds[k].progif == PCI_PROGIF_XHCI || f->n[k])
			klog("usb: %d %s controller%s found, %d running (PCI scan %u ms, USB set-up %u ms)\n", f->n[k],
			    kinds[k].kind, f->n[k] == 1 ? "" : "s", f->up[k], (unsigned)((f->t1 - f->t0) * 1000 / PIT_TICK_HZ),
			    (unsigned)((pit_ticks() - f->t1) * 1000 / PIT_TICK_HZ));
	}
	if (pages_given())
		klog("usb: %u KiB of RAM above the kernel for the controllers' rings and scratchpads\n",
		    (unsigned)(pages_given() / 1024));
	log_keyboards();
}

/*
 * Every USB controller, a step at a time (the main loop's bring-up): the
 * first step scans; the next ones take each controller from the BIOS, one
 * claim step a pass, every one before any is started (SMI code may touch
 * another controller during a hand-off; an Intel xHCI takes the USB 2 ports
 * it shares with the EHCI right after its claim); each later step is one
 * step of one controller's start, in order (an EHCI before its companions), whose waits (resets,
 * power) end in later steps. A controller that runs is added to the device
 * layer at once: its ports attach from the loop's usb_service. Each costs
 * only the memory it takes (pages_alloc); `max` of a kind at most (more:
 * named on COM1). True once every controller is up or given up.
 */
bool usb_start_step(bool pad_tablets)
{
	if (!f.scanned) {
		scan(&f, pad_tablets);
		f.scanned = true;
		return false;
	}
	if (!f.claims_done) {
		f.claims_done = claim_next(&f);
		return false;
	}
	while (f.k < KINDS) {
		if (f.i >= f.n[f.k]) {
			f.k++;
			f.i = 0;
			continue;
		}
		if (f.claimed[f.k][f.i]) {
			UsbHc *hc = NULL;
			StepResult r = kinds[f.k].start_step(f.i, &hc);

			if (r == STEP_MORE)
				return false;
			if (r == STEP_DONE) {
				f.hc[f.k][f.i] = hc;
				f.up[f.k] += usbdev_add_hc_stepped(hc);     /* attached from the loop */
				running = true;
			}
		}
		f.i++;
		return false;
	}
	log_started(&f);
	return true;
}

void usb_tick(void)
{
	if (running)
		usbdev_tick();
}

/* The first USB keyboard attached: its TSC since reset (instructions under -icount; make bench-boot). */
static void log_first_keyboard(void)
{
	static bool seen;
	UsbKbdPlace k[USBKBD_MAX];
	uint64_t tsc;

	if (seen || usbkbd_list(k, USBKBD_MAX) == 0)
		return;
	seen = true;
	if (cpu_timestamp(&tsc))
		klog("boot: first USB keyboard at tsc=%u%09u\n", (unsigned)(tsc / 1000000000u),
		    (unsigned)(tsc % 1000000000u));
}

bool usb_service(void)
{
	if (!running || !usbdev_service())
		return false;
	log_keyboards();
	log_first_keyboard();
	return true;
}

/*
 * "keyboard: USB (xHCI port 5)", "keyboards: USB (xHCI ports 5, 1.2.1, 2/3)" (2/3: second controller
 * of that kind); keyboards on controllers of different kinds: "keyboards: USB (xHCI port 5, UHCI port 1)".
 */
void usb_note(char *buf, size_t size)
{
	UsbKbdPlace k[USBKBD_MAX];
	int n = usbkbd_list(k, USBKBD_MAX), len;
	bool mixed = false;

	buf[0] = '\0';
	if (n == 0)
		return;
	for (int i = 1; i < n; i++)
		mixed |= k[i].kind != k[0].kind;        /* each kind's one const string (its UsbHcOps) */
	len = kfmt_snprintf(buf, size, "keyboard%s: USB (", n > 1 ? "s" : "");
	if (!mixed && len < (int)size)
		len += kfmt_snprintf(buf + len, size - (size_t)len, "%s port%s ", k[0].kind, n > 1 ? "s" : "");
	for (int i = 0; i < n && len < (int)size; i++) {
		if (i)
			len += kfmt_snprintf(buf + len, size - (size_t)len, ", ");
		if (mixed && len < (int)size)
			len += kfmt_snprintf(buf + len, size - (size_t)len, "%s port ", k[i].kind);
		if (k[i].hc && len < (int)size)
			len += kfmt_snprintf(buf + len, size - (size_t)len, "%u/", (unsigned)k[i].hc + 1);
		if (len < (int)size)
			len += kfmt_snprintf(buf + len, size - (size_t)len, "%s", k[i].where);
	}
	if (len < (int)size)
		kfmt_snprintf(buf + len, size - (size_t)len, ")");
}

/* "hub port 2" (one hub), "hub ports 2.1" (two): the route below the root port of a "3.2.1" name. */
static int hub_ports(char *buf, size_t size, const char *where)
{
	const char *dot = where;
	int hubs = 0;

	while (*dot && *dot != '.')
		dot++;
	if (!*dot)
		return 0;
	for (const char *c = dot; *c; c++)
		hubs += *c == '.';
	return kfmt_snprintf(buf, size, ", hub port%s %s", hubs > 1 ? "s" : "", dot + 1);
}

/*
 * The System info line: each keyboard's controller, root port, hub ports
 * and speed, "keyboard: USB (EHCI port 3, hub port 2, full speed)";
 * several: "keyboards: USB (xHCI port 5, high speed; UHCI port 2/1, full
 * speed)" (2/1: the second UHCI); the short form (usb_note) if it does
 * not fit.
 */
void usb_detail(char *buf, size_t size)
{
	static const char *const speeds[] = { "unknown", "full", "low", "high", "super" };
	UsbKbdPlace k[USBKBD_MAX];
	int n = usbkbd_list(k, USBKBD_MAX), len;

	buf[0] = '\0';
	if (n == 0)
		return;
	len = kfmt_snprintf(buf, size, "keyboard%s: USB (", n > 1 ? "s" : "");
	for (int i = 0; i < n && len < (int)size; i++) {
		char root[USB_PORT_NAME];
		int r = 0;

		while (k[i].where[r] && k[i].where[r] != '.' && r < USB_PORT_NAME - 1) {
			root[r] = k[i].where[r];
			r++;
		}
		root[r] = '\0';
		len += kfmt_snprintf(buf + len, size - (size_t)len, "%s%s port ", i ? "; " : "", k[i].kind);
		if (k[i].hc && len < (int)size)
			len += kfmt_snprintf(buf + len, size - (size_t)len, "%u/", (unsigned)k[i].hc + 1);
		if (len < (int)size)
			len += kfmt_snprintf(buf + len, size - (size_t)len, "%s", root);
		if (len < (int)size)
			len += hub_ports(buf + len, size - (size_t)len, k[i].where);
		if (len < (int)size)
			len += kfmt_snprintf(buf + len, size - (size_t)len, ", %s speed",
			    k[i].speed < sizeof speeds / sizeof speeds[0] ? speeds[k[i].speed] : "unknown");
	}
	if (len < (int)size)
		len += kfmt_snprintf(buf + len, size - (size_t)len, ")");
	if (len >= (int)size - 1)
		usb_note(buf, size);            /* too long for the line: the short form */
}

/* The controllers started, in the order they came up, for the hardware report. */
int usb_controllers(HwUsbHc *out, int max)
{
	int n = 0;

	for (int k = 0; k < KINDS; k++)
		for (int i = 0; i < f.n[k] && n < max; i++) {
			UsbHc *hc = f.hc[k][i];

			if (!hc)
				continue;
			out[n] = (HwUsbHc){ .hc = hc, .kind = kinds[k].kind, .bus = f.pci[k][i].bus, .dev = f.pci[k][i].dev,
			    .fn = f.pci[k][i].fn, .running = hc->ops->running(hc) };
			kfmt_snprintf(out[n].name, sizeof out[n].name, "%s%d", kinds[k].name, i);
			n++;
		}
	return n;
}
