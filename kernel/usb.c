/* usb.c: USB keyboard glue — the class drivers on the device layer, PCI finds xHCI controllers, tick and loop. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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
#include "xhci.h"

#define XHCI_MMIO_SPAN  0x00100000u     /* registers mapped: capability to the last doorbell, 1 MiB */

_Static_assert(XHCI_MAX_CTRL >= PCI_MAX_FOUND, "every controller the PCI scan keeps has a place");

static bool running;

/* Log the keyboards plugged in now (COM1 has the same words as the title). */
static void log_keyboards(void)
{
	char note[64];

	usb_note(note, sizeof note);
	klog("usb: %s\n", note[0] ? note : "no USB keyboard");
}

/*
 * Controller i of the PCI scan made ready for its driver: in D0, its BAR
 * mapped (above 4 GiB through the PAE window), memory decoding and bus
 * mastering on, taken from the BIOS. False (logged) if it is not used.
 */
static bool claim(int i, const PciDev *p)
{
	uint64_t phys;
	uintptr_t bar;

	pci_power_d0(p);                        /* before the BAR is read: D3hot -> D0 may reset it */
	if (!pci_bar_mmio(p, 0, &phys)) {
		klog("xhci%d: %02x:%02x.%x: BAR0 is not a memory BAR, not used\n", i, (unsigned)p->bus,
		    (unsigned)p->dev, (unsigned)p->fn);
		return false;
	}
	bar = (uintptr_t)phys;
	if (phys >> 32) {                       /* UEFI firmware puts 64-bit BARs above 4 GiB */
		bar = paging_map_high(phys, XHCI_MMIO_SPAN);
		klog("xhci%d: registers at 0x%x%08x, above 4 GiB: %s 0x%08x\n", i, (unsigned)(phys >> 32),
		    (unsigned)phys, bar ? "mapped at" : "cannot be mapped,", (unsigned)bar);
		if (!bar)
			return false;
	}
	pci_enable_mmio_master(p);
	return xhci_claim(i, bar, pages_alloc);
}

/*
 * Every xHCI controller: first each one taken from the BIOS (SMI code may
 * touch another controller during a hand-off), then each started and its
 * ports enumerated. Each costs only the memory it takes (pages_alloc); the
 * PCI scan keeps PCI_MAX_FOUND (32, every function is on COM1 anyway).
 */
void usb_init(void)
{
	PciDev found[PCI_MAX_FOUND];
	bool claimed[PCI_MAX_FOUND];
	uint32_t t0 = pit_ticks(), t1;
	int n = pci_scan(PCI_CLASS_SERIAL_BUS, PCI_SUBCLASS_USB, PCI_PROGIF_XHCI, found, PCI_MAX_FOUND);
	int up = 0;

	t1 = pit_ticks();

	usbdev_add_class(&usbkbd_class);        /* offered each new device in this order */
	usbdev_add_class(&usbhub_class);
	for (int i = 0; i < n; i++)
		claimed[i] = claim(i, &found[i]);
	for (int i = 0; i < n; i++) {
		UsbHc *hc = claimed[i] ? xhci_start(i) : NULL;

		up += hc && usbdev_add_hc(hc);
		if (claimed[i])
			pci_xhci_intel_ports(&found[i]);        /* after the hand-off; ports show up as hot-plug */
	}
	klog("usb: %d xHCI controller%s found, %d running (PCI scan %u ms, USB set-up %u ms)\n", n,
	    n == 1 ? "" : "s", up, (unsigned)((t1 - t0) * 1000 / PIT_TICK_HZ),
	    (unsigned)((pit_ticks() - t1) * 1000 / PIT_TICK_HZ));
	if (n)
		klog("usb: %u KiB of RAM above the kernel for the controllers' rings and scratchpads\n",
		    (unsigned)(pages_given() / 1024));
	running = up > 0;
	log_keyboards();
}

void usb_tick(void)
{
	if (running)
		usbdev_tick();
}

bool usb_service(void)
{
	if (!running || !usbdev_service())
		return false;
	log_keyboards();
	return true;
}

/* "keyboard: USB (xHCI port 5)", "keyboards: USB (xHCI ports 5, 1.2.1, 2/3)" (2/3: second controller). */
void usb_note(char *buf, size_t size)
{
	UsbKbdPlace k[USBKBD_MAX];
	int n = usbkbd_list(k, USBKBD_MAX), len;

	buf[0] = '\0';
	if (n == 0)
		return;
	len = kfmt_snprintf(buf, size, "keyboard%s: USB (%s port%s", n > 1 ? "s" : "", k[0].kind, n > 1 ? "s" : "");
	for (int i = 0; i < n && len < (int)size; i++) {
		len += kfmt_snprintf(buf + len, size - (size_t)len, i ? ", " : " ");
		if (k[i].hc && len < (int)size)
			len += kfmt_snprintf(buf + len, size - (size_t)len, "%u/", (unsigned)k[i].hc + 1);
		if (len < (int)size)
			len += kfmt_snprintf(buf + len, size - (size_t)len, "%s", k[i].where);
	}
	if (len < (int)size)
		kfmt_snprintf(buf + len, size - (size_t)len, ")");
}
