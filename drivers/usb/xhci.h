/* xhci.h: xHCI host controller driver — root ports, slots, control and interrupt-IN transfers. */
#ifndef DRIVERS_XHCI_H
#define DRIVERS_XHCI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define XHCI_MAX_CTRL   2               /* controllers driven */
#define XHCI_MAX_SLOTS  8               /* devices per controller (MaxSlotsEn) */

/* Port speeds (PORTSC bits 13:10, the default protocol speed IDs). */
enum { USB_SPEED_FULL = 1, USB_SPEED_LOW = 2, USB_SPEED_HIGH = 3, USB_SPEED_SUPER = 4 };

/* One device on a root port, as the generic USB layer (usbkbd.c) sees it. */
typedef struct UsbDev {
	uint8_t hc;                     /* controller index (0 = the first found) */
	uint8_t port;                   /* root port number, 1-based as the spec counts */
	uint8_t hub_port;               /* port of the hub it is behind, 0 if on the root port */
	uint8_t slot;                   /* xHCI slot id */
	uint8_t speed;
	int8_t kbd;                     /* usbkbd's keyboard index, -1 if none */
	int8_t hub;                     /* usbhub's hub index, -1 if none */
} UsbDev;

/* Setup packet fields (USB 2.0 9.3). */
#define USB_REQ_IN              0x80
#define USB_REQ_CLASS_IFACE     0x21
#define USB_REQ_GET_DESCRIPTOR  0x06
#define USB_REQ_SET_CONFIGURATION 0x09
#define HID_REQ_SET_IDLE        0x0A
#define HID_REQ_SET_PROTOCOL    0x0B

bool xhci_init(int index, uint32_t mmio);
void xhci_poll_all(void);               /* timer IRQ: events (reports, port changes), never waits */
bool xhci_service_all(void);            /* main loop: attach/detach; true if anything changed */

bool xhci_control(UsbDev *d, uint8_t type, uint8_t req, uint16_t value, uint16_t index,
                  void *buf, uint16_t len, uint16_t *got);
bool xhci_set_mps0(UsbDev *d, uint16_t mps);
bool xhci_intr_start(UsbDev *d, uint8_t ep, uint16_t mps, uint8_t interval);

/* One hub level (usbhub.c): devices behind a hub on a root port. */
UsbDev *xhci_child_attach(UsbDev *hub, uint8_t hub_port, uint8_t speed);
void xhci_child_detach(UsbDev *hub, uint8_t hub_port);
void xhci_hub_info(UsbDev *d, uint8_t ports, uint8_t think_time);
void xhci_pause_ms(uint32_t ms);

#endif
