/* usbdev.h: the USB device layer — enumeration, descriptors, configuration, hubs' children, unplug, the device table. */
#ifndef DRIVERS_USBDEV_H
#define DRIVERS_USBDEV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "usbhc.h"
#include "usbhid.h"

#define USBDEV_MAX              32      /* devices at once, every controller */
#define USBDEV_MAX_HC           32      /* controllers of every kind (140 bytes each) */
#define USBDEV_MAX_CLASSES      6       /* class drivers (mass storage, keyboard, hub, pad; room for two) */
#define USBDEV_PORT_NAME        USB_PORT_NAME   /* "31.15.15.15.15.15" and its NUL */

/* Enumeration timings (USB 2.0 7.1.7.3, 7.1.7.5, 9.2.6.3; Linux's hub driver). */
#define USB_DEBOUNCE_MS         100     /* a connection stable this long before the reset */
#define USB_DEBOUNCE_POLL_MS    25
#define USB_DEBOUNCE_LIMIT_MS   1500    /* a port that never settles is left alone */
#define USB_RESET_RECOVERY_MS   10      /* after a port reset, before the first request */
#define USB_ADDRESS_RECOVERY_MS 10      /* after SET_ADDRESS / Address Device (spec 2 ms, Linux 10) */
#define USB_ENUM_TRIES          3       /* reset, address and descriptor reads, before a port is given up */
#define USB_ROOT_RESET_MS       200     /* a root port's reset (USB 2 ports) */
#define USBDEV_MAX_ATTACH       32      /* attaches under way at once, every controller */

/* Standard requests (USB 2.0 9.4) and bmRequestType values the classes use. */
#define USB_REQ_OUT_STD_DEVICE  0x00
#define USB_REQ_CLASS_IFACE     0x21    /* class, interface, OUT */
#define USB_REQ_IN_STD_IFACE    0x81    /* standard, interface, IN */
#define USB_DT_REPORT           0x22    /* HID report descriptor */
#define USB_REQ_GET_DESCRIPTOR  0x06
#define USB_REQ_SET_CONFIGURATION 0x09

/* What the device layer read of a new device, for the class drivers to choose by. */
typedef struct UsbDescs {
	UsbDeviceInfo info;
	UsbConfigInfo cfg;
	const uint8_t *config;          /* the configuration descriptor (for a class that parses its own) */
	uint16_t config_len;
} UsbDescs;

typedef enum UsbProbe {
	USB_PROBE_NOT_MINE,             /* the next class driver may try */
	USB_PROBE_TAKEN,                /* set up and running */
	USB_PROBE_FAILED,               /* it was this class's, but set-up failed (logged): left alone */
} UsbProbe;

/*
 * A class driver: the device layer offers each new device to the class
 * drivers in the order they were added, and hands each device's
 * interrupt-IN data and its unplugging to the one that took it.
 */
typedef struct UsbClassDriver {
	const char *name;
	UsbProbe (*probe)(UsbDev *d, const UsbDescs *descs);            /* main loop */
	void (*report)(UsbDev *d, const uint8_t *data, size_t len);     /* timer IRQ (or inside a wait) */
	void (*gone)(UsbDev *d);                                        /* main loop: unplugged */
	bool (*service)(UsbHc *hc);     /* main loop, may be NULL: its devices on hc; true if any came or went */
} UsbClassDriver;

/* A device in the table. Class drivers read it; only the device layer writes it (but cls_index). */
struct UsbDev {
	bool used;
	UsbHc *hc;                      /* the controller it hangs on */
	UsbDev *parent;                 /* the hub it is behind, NULL on a root port */
	uint8_t port;                   /* root port, 1-based */
	uint8_t hub_port;               /* port of the hub it is behind, 0 on a root port */
	uint8_t depth;                  /* hubs between the root port and it: 0 .. USB_MAX_HUB_DEPTH */
	uint32_t route;                 /* route string: hub ports below the root port (usbhc.h) */
	uint8_t speed;                  /* USB_SPEED_* */
	uint8_t tt_hub, tt_port;        /* the high-speed hub whose transaction translator it uses, its port */
	uint8_t handle;                 /* the controller's name for it (xHCI: slot id) */
	const UsbClassDriver *cls;      /* the class driver it is offered to or taken by */
	int8_t cls_index;               /* that driver's own index for it, -1 if none */
};

/* Set-up (kernel glue): class drivers first, then each controller as it comes up. */
void usbdev_add_class(const UsbClassDriver *cls);
bool usbdev_add_hc(UsbHc *hc);          /* enumerate its ports; false if it was given up meanwhile */
bool usbdev_add_hc_stepped(UsbHc *hc);  /* the same, its attaches left to usbdev_service (the main loop) */
void usbdev_tick(void);                 /* timer IRQ: poll every controller the main line is not using */
bool usbdev_service(void);              /* main loop: attach/detach; true if any device came or went */
bool usbdev_settling(void);             /* an attach is under way on some controller (boot: wait for sticks) */

/* For class drivers: requests and endpoints of their device. */
bool usbdev_control(UsbDev *d, uint8_t type, uint8_t req, uint16_t value, uint16_t index,
                    void *buf, uint16_t len, uint16_t *got);
bool usbdev_set_configuration(UsbDev *d, uint8_t value);
bool usbdev_intr_in(UsbDev *d, uint8_t ep, uint16_t max_packet, uint8_t interval);
UsbXfer usbdev_bulk(UsbDev *d, const UsbEndpoint *ep, void *buf, uint32_t len, uint32_t *got, uint32_t timeout_ms);
void usbdev_set_hub(UsbDev *d, uint8_t ports, uint8_t think_time);

/*
 * Attaching a device, for the device layer's root ports and the hub class's
 * ports: a sequence the main loop steps (usbdev_service), never holding it
 * up longer than one request; its waits are deadlines on the PIT tick.
 * Debounce (USB 2.0 7.1.7.3, as Linux's hub_port_debounce): `connected`
 * asked every USB_DEBOUNCE_POLL_MS until it has said connected, with no
 * change, for USB_DEBOUNCE_MS (nothing there at the first ask, or no
 * settling within USB_DEBOUNCE_LIMIT_MS: the port is vacant). Then reset
 * (`reset` starts it, `reset_done` asked every reset_poll_ms, at most
 * reset_ms), USB_RESET_RECOVERY_MS, Address Device, USB_ADDRESS_RECOVERY_MS,
 * the descriptors and the class drivers; a failure starts again from the
 * reset, USB_ENUM_TRIES times in all. `done` ends it: the device a class
 * took, or NULL (vacant: nobody was there; else given up or not used).
 */
typedef struct UsbPortRef {
	UsbHc *hc;
	UsbDev *hub;                    /* NULL: a root port */
	uint8_t port;                   /* the root port, or the hub's port */
} UsbPortRef;

typedef struct UsbPortOps {
	bool (*connected)(const UsbPortRef *at, bool *changed);        /* *changed: came or went since asked */
	bool (*reset)(const UsbPortRef *at);                            /* start a reset; false: it failed */
	uint8_t (*reset_done)(const UsbPortRef *at);    /* USB_RESET_PENDING, the speed, 0: not enabled */
	void (*done)(const UsbPortRef *at, UsbDev *d, bool vacant);
	uint32_t reset_ms, reset_poll_ms;
} UsbPortOps;

/* Start attaching what is on a port, after delay_ms (a hub's power-on time); false if too many at once. */
bool usbdev_attach_port(const UsbPortRef *at, const UsbPortOps *ops, uint32_t delay_ms);
bool usbdev_attaching(const UsbPortRef *at);    /* an attach runs there: it reads the port itself */
void usbdev_detach_child(UsbDev *hub, uint8_t hub_port);

/* Names for COM1: "3" or "3.2" (root port 3, hub port 2); the controller kind, "xHCI". */
void usbdev_port_name(const UsbDev *d, char name[USBDEV_PORT_NAME]);
const char *usbdev_kind(const UsbDev *d);

#endif
