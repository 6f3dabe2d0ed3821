/* usbhc.h: the one interface of a USB host-controller driver (xHCI; UHCI, OHCI, EHCI next) to the device layer above. */
#ifndef DRIVERS_USBHC_H
#define DRIVERS_USBHC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define USB_MAX_ROOT_PORTS      31      /* a controller's root ports as a 32-bit mask, bit 0 unused */

/* Port speeds: the xHCI default protocol speed IDs (PORTSC 13:10), used by every controller kind. */
enum { USB_SPEED_FULL = 1, USB_SPEED_LOW = 2, USB_SPEED_HIGH = 3, USB_SPEED_SUPER = 4 };

#define USB_RESET_PENDING       0xFF    /* port_reset_done: the reset is not over yet */
#define USB_GONE_GRACE_MS       250     /* cancel: a transfer still running this long after is to a gone device */

/* bmRequestType bit 7 (USB 2.0 9.3.1): data stage from the device. */
#define USB_REQ_IN              0x80

/* A setup packet (USB 2.0 9.3): the controller sends it as it is, with `length` data bytes. */
typedef struct UsbSetup {
	uint8_t type;                   /* bmRequestType: direction, kind, recipient */
	uint8_t request;
	uint16_t value, index, length;
} UsbSetup;

/* An endpoint as its descriptor gives it. */
typedef struct UsbEndpoint {
	uint8_t address;                /* bEndpointAddress: number, USB_REQ_IN bit for IN */
	uint16_t max_packet;
	uint8_t interval;               /* bInterval as the descriptor says (the controller converts) */
} UsbEndpoint;

#define USB_MAX_HUB_DEPTH       5       /* hubs between a root port and a device (USB 2.0 4.1.1: 7 tiers) */
#define USB_PORT_NAME           18      /* "31.15.15.15.15.15" and its NUL */

/* Where a new device is, for the controller to address it. */
typedef struct UsbDevAddr {
	uint8_t port;                   /* root port, 1-based as the specs count */
	uint32_t route;                 /* route string (USB 3.0 8.9): the hub ports below the root port,
	                                   4 bits a tier, the hub nearest the root lowest; 0 on a root port */
	uint8_t speed;                  /* USB_SPEED_* */
	uint8_t tt_hub;                 /* full/low speed behind a high-speed hub: that hub's handle, else 0 */
	uint8_t tt_port;                /* the port of that hub it is reached through */
} UsbDevAddr;

/* "5", "5.2", "5.2.1": a root port and the route string's hub ports, for COM1 and the title. */
static inline void usb_port_name(uint8_t port, uint32_t route, char name[USB_PORT_NAME])
{
	int n = 0;

	if (port >= 10)
		name[n++] = (char)('0' + port / 10 % 10);
	name[n++] = (char)('0' + port % 10);
	for (int tier = 0; tier < USB_MAX_HUB_DEPTH && (route >> (4 * tier)); tier++) {
		uint32_t p = (route >> (4 * tier)) & 0x0F;

		name[n++] = '.';
		if (p >= 10)
			name[n++] = '1';
		name[n++] = (char)('0' + p % 10);
	}
	name[n] = '\0';
}

/*
 * CLEAR_FEATURE(ENDPOINT_HALT) (USB 2.0 9.4.1): the device's data toggle of
 * the endpoint in `index` is DATA0 again. A controller that saw it succeed
 * sets its own side back too (bulk endpoints: the mass-storage reset recovery).
 */
static inline bool usb_is_clear_halt(const UsbSetup *s)
{
	return s->type == 0x02 && s->request == 0x01 && s->value == 0;
}

/*
 * SET_CONFIGURATION and SET_INTERFACE (USB 2.0 9.1.1.5, 9.4.5, 9.4.10): the device's endpoints
 * other than EP0 are at DATA0 again; a controller that keeps toggles itself must follow.
 * NOTE: SET_INTERFACE resets only its own interface's endpoints; controllers here keep one set
 * per device and reset them all (every class we drive uses one interface of a device).
 */
static inline bool usb_resets_toggles(const UsbSetup *s)
{
	return (s->type == 0x00 && s->request == 0x09) || (s->type == 0x01 && s->request == 0x0B);
}

/*
 * A periodic endpoint's skeleton on the controllers whose schedule is a tree
 * of skeletons, skeleton k polled every 2^k ms (UHCI, OHCI; EHCI's in frames):
 * the largest 2^k not above its period, k below `skels`.
 */
static inline uint8_t usb_skel_for(uint32_t period, uint8_t skels)
{
	uint8_t k = 0;

	while (k < skels - 1 && (2u << k) <= period)
		k++;
	return k;
}

/* The setup packet's 8 bytes as they go on the wire (USB 2.0 9.3: little-endian fields). */
static inline void usb_setup_bytes(const UsbSetup *s, uint8_t out[8])
{
	out[0] = s->type;
	out[1] = s->request;
	out[2] = (uint8_t)s->value;
	out[3] = (uint8_t)(s->value >> 8);
	out[4] = (uint8_t)s->index;
	out[5] = (uint8_t)(s->index >> 8);
	out[6] = (uint8_t)s->length;
	out[7] = (uint8_t)(s->length >> 8);
}

/* A root port's state, read with its change bits cleared. */
typedef struct UsbPortState {
	bool connected;                 /* a device is there */
	bool connect_changed;           /* it came or went (or was replaced) since last read */
} UsbPortState;

/* How a bulk transfer ended: a stall is told apart (the class clears the device's halt). */
typedef enum UsbXfer {
	USB_XFER_OK,                    /* done, or a short packet (*got says how much) */
	USB_XFER_STALL,                 /* the endpoint stalled; the controller's side is reset already */
	USB_XFER_TIMEOUT,               /* no end in time (logged; the transfer was stopped) */
	USB_XFER_ERROR,                 /* a transaction error, babble, or the controller refused (logged) */
} UsbXfer;

typedef struct UsbHc UsbHc;
typedef struct UsbDev UsbDev;           /* the device layer's; opaque here, handed back in events */

/*
 * What a controller driver does, one function each. Devices are named by a
 * handle the controller gives out in dev_add (xHCI: the slot id; 0 is
 * none). Everything runs on the main line except poll (the timer IRQ, never
 * waits); every wait is bounded and a timeout is logged by the controller.
 */
typedef struct UsbHcOps {
	const char *kind;               /* "xHCI": on COM1 and the title */
	const char *name;               /* "xhci": log prefix with the index, "xhci0: ..." */
	void (*poll)(UsbHc *hc);                        /* timer IRQ: take events, deliver reports */
	bool (*running)(UsbHc *hc);                     /* false once the controller is given up */
	bool (*check)(UsbHc *hc);                       /* main loop: false if it stopped just now (given up) */
	uint32_t (*port_changes)(UsbHc *hc);            /* root ports with news since last asked (bit p), taken */
	UsbPortState (*port_state)(UsbHc *hc, uint8_t port);
	void (*port_reset)(UsbHc *hc, uint8_t port);    /* start a reset (USB 3 ports train by themselves) */
	uint8_t (*port_reset_done)(UsbHc *hc, uint8_t port);    /* USB_RESET_PENDING, the speed, 0 (logged) */
	uint8_t (*dev_add)(UsbHc *hc, UsbDev *owner, const UsbDevAddr *where);  /* addressed: its handle, 0 */
	void (*dev_remove)(UsbHc *hc, uint8_t dev);     /* gone: its resources back */
	bool (*set_mps0)(UsbHc *hc, uint8_t dev, uint16_t mps);         /* EP0's packet size, once read */
	void (*set_hub)(UsbHc *hc, uint8_t dev, uint8_t ports, uint8_t think_time); /* before intr_in */
	bool (*control)(UsbHc *hc, uint8_t dev, const UsbSetup *setup, void *buf, uint16_t *got);
	bool (*intr_in)(UsbHc *hc, uint8_t dev, const UsbEndpoint *ep);  /* start: data to events->report */
	/*
	 * One bulk transfer, waited for by polling (interrupts on or off), bounded
	 * by timeout_ms; the endpoint is set up at its first use. NULL: the
	 * controller has none yet (usbdev_bulk refuses).
	 */
	UsbXfer (*bulk)(UsbHc *hc, uint8_t dev, const UsbEndpoint *ep, void *buf, uint32_t len, uint32_t *got,
	                uint32_t timeout_ms);
	/*
	 * The device may be gone (its hub said its port changed while a bulk
	 * transfer to it was under way; a stale report of an old change says
	 * the same): that transfer waits at most USB_GONE_GRACE_MS more. If it
	 * has not ended by then the device is taken as gone: USB_XFER_ERROR,
	 * and every later transfer fails at once until dev_remove. Called from
	 * a wait's own poll. NULL: the controller waits its transfers out.
	 */
	void (*cancel)(UsbHc *hc, uint8_t dev);
} UsbHcOps;

/* How a controller tells the device layer what happened: registered by the device layer. */
typedef struct UsbHcEvents {
	void (*report)(UsbDev *owner, const uint8_t *data, size_t len);  /* timer IRQ: interrupt-IN data */
} UsbHcEvents;

/* One controller: its operations, its own state (opaque above it), the device layer's callbacks. */
struct UsbHc {
	const UsbHcOps *ops;
	void *state;
	uint8_t index;                  /* among controllers of its kind: xhci0, xhci1 */
	const UsbHcEvents *events;      /* set by usbdev_add_hc before any port is looked at */
};

#endif
