/*
 * usbhcbulk.h: the bulk bookkeeping a controller keeps on plain data (the interface layer: no
 * registers) — a device's grace after its hub reported it (UsbHcOps.cancel: UHCI, OHCI, xHCI),
 * the driver's own bulk toggles after a control request and a transfer cut into chunks of the
 * controller's buffer (UHCI, OHCI).
 */
#ifndef DRIVERS_USBHCBULK_H
#define DRIVERS_USBHCBULK_H

#include <stdbool.h>
#include <stdint.h>

#include "usbhc.h"
#include "wait.h"

/* A device its hub reported during a bulk transfer (UsbHcOps.cancel): its grace, then gone. */
typedef struct UsbGrace {
	volatile bool suspect;          /* cancel: its hub reported its port during a bulk transfer ... */
	uint32_t suspect_due;           /* ... which ends by this PIT tick, or the device is gone */
	bool gone;                      /* it did not: every transfer to it fails at once */
} UsbGrace;

/* cancel: the transfer under way has USB_GONE_GRACE_MS more (a report inside the grace does not lengthen it). */
static inline void usb_grace_begin(UsbGrace *g)
{
	if (g->suspect)
		return;
	g->suspect_due = wait_deadline(USB_GONE_GRACE_MS);
	g->suspect = true;
}

/* Asked in a transfer's wait: the grace has run out. */
static inline bool usb_grace_over(const UsbGrace *g)
{
	return g->suspect && wait_passed(g->suspect_due);
}

/*
 * Asked in a bulk transfer's wait of a controller whose root port's connect
 * change is also a report (EHCI, UHCI, OHCI: a device pulled from a root
 * port may leave its transfer pending): that change begins the grace as a
 * hub's report would; true once the grace has run out.
 */
static inline bool usb_grace_gone(UsbGrace *g, bool root_port_changed)
{
	if (root_port_changed)
		usb_grace_begin(g);
	return usb_grace_over(g);
}

/*
 * A transfer's wait ended before its timeout: by the grace running out (the
 * device is gone from now on), or by the device, which answered (the report
 * was a stale one: forgotten).
 */
static inline void usb_grace_settle(UsbGrace *g, bool over)
{
	if (over)
		g->gone = true;
	else
		g->suspect = false;
}

/*
 * The driver's own bulk toggles ([0] OUT, [1] IN; bit n: endpoint n's next
 * is DATA1) after a control request that succeeded: DATA0 wherever the
 * device's are DATA0 again (usb_is_clear_halt, usb_resets_toggles).
 */
static inline void usb_toggles_after(uint16_t toggles[2], const UsbSetup *s)
{
	if (usb_is_clear_halt(s))
		toggles[(s->index & USB_REQ_IN) != 0] &= (uint16_t)~(1u << (s->index & 0x0F));
	if (usb_resets_toggles(s))
		toggles[0] = toggles[1] = 0;
}

/* One chunk of a bulk transfer (at most the controller's buffer): *moved of its len bytes moved. */
typedef UsbXfer (*UsbBulkChunk)(UsbHc *hc, uint8_t dev, const UsbEndpoint *ep, uint8_t *buf, uint32_t len,
                                uint32_t *moved, uint32_t ms);

/* A bulk transfer as chunks of at most `chunk` bytes, until len or a short one; *got (when asked) what has moved. */
static inline UsbXfer usb_bulk_chunks(UsbBulkChunk one, UsbHc *hc, uint8_t dev, const UsbEndpoint *ep, uint8_t *buf,
                                      uint32_t len, uint32_t chunk, uint32_t *got, uint32_t ms)
{
	uint32_t total = 0;

	do {
		uint32_t n = len - total > chunk ? chunk : len - total, moved = 0;
		UsbXfer r = one(hc, dev, ep, buf + total, n, &moved, ms);

		if (r != USB_XFER_OK)
			return r;
		total += moved;
		if (got)
			*got = total;
		if (moved < n)
			break;                  /* a short packet ends the transfer */
	} while (total < len);
	return USB_XFER_OK;
}

#endif
