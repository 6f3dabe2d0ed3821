/* usbhid.h: USB descriptors and HID boot-keyboard reports — pure parsing and diffing (host-testable). */
#ifndef DRIVERS_USBHID_H
#define DRIVERS_USBHID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Descriptor types (USB 2.0 table 9-5) and the classes we name. */
#define USB_DT_DEVICE           0x01
#define USB_DT_CONFIG           0x02
#define USB_DT_INTERFACE        0x04
#define USB_DT_ENDPOINT         0x05
#define USB_DT_HID              0x21

#define USB_CLASS_HID           0x03
#define USB_CLASS_STORAGE       0x08
#define USB_CLASS_HUB           0x09
#define HID_SUBCLASS_BOOT       0x01
#define HID_PROTOCOL_KEYBOARD   0x01
#define HID_PROTOCOL_MOUSE      0x02

#define USB_EP_DIR_IN           0x80
#define USB_EP_XFER_MASK        0x03
#define USB_EP_XFER_INTERRUPT   0x03

#define USB_DEVICE_DESC_LEN     18
#define HID_BOOT_REPORT_LEN     8       /* modifiers, reserved, six key usages */
#define HID_EVENTS_MAX          20      /* 8 modifiers + 6 releases + 6 presses */

typedef struct UsbDeviceInfo {
	uint16_t vendor, product;
	uint8_t dev_class, dev_subclass, dev_protocol;
	uint8_t max_packet0;            /* bMaxPacketSize0 */
	uint8_t configs;
} UsbDeviceInfo;

/* What a configuration offers: the first HID boot keyboard, else what its first interface is. */
typedef struct UsbConfigInfo {
	uint8_t config_value;           /* for SET_CONFIGURATION */
	uint8_t interfaces;             /* interface descriptors seen (alternates included) */
	uint8_t first_class, first_subclass, first_protocol;
	bool has_keyboard;
	uint8_t kbd_interface;          /* bInterfaceNumber */
	uint8_t kbd_endpoint;           /* interrupt IN endpoint address (0x8N) */
	uint16_t kbd_max_packet;
	uint8_t kbd_interval;           /* bInterval as the descriptor says */
	uint8_t first_ep;               /* the first interface's interrupt IN endpoint, 0 if none (a hub's) */
	uint16_t first_ep_max_packet;
	uint8_t first_ep_interval;
} UsbConfigInfo;

#define USB_DT_HUB              0x29    /* hub class descriptor */

typedef struct HidKeyEvent {
	uint8_t usage;                  /* keyboard page usage; modifiers are 0xE0..0xE7 */
	bool down;
} HidKeyEvent;

bool usbdesc_device(const uint8_t *buf, size_t len, UsbDeviceInfo *out);
bool usbdesc_config(const uint8_t *buf, size_t len, UsbConfigInfo *out);
const char *usbdesc_kind(uint8_t cls, uint8_t subclass, uint8_t protocol);

int hidboot_diff(uint8_t *prev, const uint8_t *report, size_t len, HidKeyEvent *out);
bool hidboot_is_rollover(const uint8_t *report, size_t len);
uint8_t hidboot_key(uint8_t usage);     /* usage -> kbdscan key code (set-1, 0x80|E0 code), 0 if none */

#endif
