/* usbhid.c: USB descriptor parsing and HID boot-report diffing (pure, bad-input-safe). */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "usbhid.h"

#define HID_USAGE_ROLLOVER      0x01    /* ErrorRollOver: too many keys, report says nothing */
#define HID_USAGE_UNDEFINED     0x03    /* 0x02 POSTFail, 0x03 ErrorUndefined */
#define HID_USAGE_MOD0          0xE0    /* left Ctrl; bit n of byte 0 is usage 0xE0 + n */
#define HID_FIRST_KEY_BYTE      2

static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

/* The 18-byte device descriptor; false if short or not one. */
bool usbdesc_device(const uint8_t *buf, size_t len, UsbDeviceInfo *out)
{
	if (len < USB_DEVICE_DESC_LEN || buf[0] < USB_DEVICE_DESC_LEN || buf[1] != USB_DT_DEVICE)
		return false;
	out->dev_class = buf[4];
	out->dev_subclass = buf[5];
	out->dev_protocol = buf[6];
	out->max_packet0 = buf[7];
	out->vendor = le16(buf + 8);
	out->product = le16(buf + 10);
	out->configs = buf[17];
	return true;
}

/*
 * A whole configuration descriptor (the header and every descriptor after it,
 * up to wTotalLength or len, whichever is less). Walks descriptor by
 * descriptor, never past the buffer: a zero or overlong bLength stops the
 * walk. The keyboard is the first interface of class 3/1/1 with an
 * interrupt IN endpoint; false if the header itself is bad.
 */
bool usbdesc_config(const uint8_t *buf, size_t len, UsbConfigInfo *out)
{
	size_t total, pos;
	bool in_kbd = false, in_first = false;

	*out = (UsbConfigInfo){ .config_value = 0 };
	if (len < 9 || buf[0] < 9 || buf[1] != USB_DT_CONFIG)
		return false;
	total = le16(buf + 2);
	if (total > len)
		total = len;
	out->config_value = buf[5];
	for (pos = buf[0]; pos + 2 <= total; pos += buf[pos]) {
		const uint8_t *d = buf + pos;

		if (d[0] < 2 || pos + d[0] > total)
			break;                  /* malformed: stop, keep what was found */
		if (d[1] == USB_DT_INTERFACE && d[0] >= 9) {
			in_first = out->interfaces == 0;
			if (out->interfaces == 0) {
				out->first_class = d[5];
				out->first_subclass = d[6];
				out->first_protocol = d[7];
			}
			if (out->interfaces < 255)
				out->interfaces++;
			in_kbd = !out->has_keyboard && d[3] == 0 && d[5] == USB_CLASS_HID &&
			    d[6] == HID_SUBCLASS_BOOT && d[7] == HID_PROTOCOL_KEYBOARD;
			if (in_kbd)
				out->kbd_interface = d[2];
		} else if (d[1] == USB_DT_ENDPOINT && d[0] >= 7 && in_first && !out->first_ep &&
		    (d[2] & USB_EP_DIR_IN) && (d[3] & USB_EP_XFER_MASK) == USB_EP_XFER_INTERRUPT && (d[2] & 0x0F) &&
		    (le16(d + 4) & 0x07FF)) {
			out->first_ep = d[2];
			out->first_ep_max_packet = le16(d + 4) & 0x07FF;
			out->first_ep_interval = d[6];
		}
		if (d[1] == USB_DT_ENDPOINT && d[0] >= 7 && in_kbd) {
			if ((d[2] & USB_EP_DIR_IN) && (d[3] & USB_EP_XFER_MASK) == USB_EP_XFER_INTERRUPT &&
			    (d[2] & 0x0F) != 0) {
				out->has_keyboard = true;
				out->kbd_endpoint = d[2];
				out->kbd_max_packet = le16(d + 4) & 0x07FF;
				out->kbd_interval = d[6];
				in_kbd = false;
			}
		}
	}
	if (out->has_keyboard && out->kbd_max_packet == 0)
		out->has_keyboard = false;      /* an endpoint that moves nothing */
	return true;
}

/* A short word for a log line: what a device or interface class is. */
const char *usbdesc_kind(uint8_t cls, uint8_t subclass, uint8_t protocol)
{
	if (cls == USB_CLASS_HID && subclass == HID_SUBCLASS_BOOT && protocol == HID_PROTOCOL_KEYBOARD)
		return "keyboard";
	if (cls == USB_CLASS_HID && protocol == HID_PROTOCOL_MOUSE)
		return "mouse";
	if (cls == USB_CLASS_HID)
		return "HID device";
	if (cls == USB_CLASS_STORAGE)
		return "mass storage";
	if (cls == USB_CLASS_HUB)
		return "hub";
	return "device";
}

/* True if any key slot holds an error usage (ErrorRollOver and friends): the report is void. */
bool hidboot_is_rollover(const uint8_t *report, size_t len)
{
	for (size_t i = HID_FIRST_KEY_BYTE; i < len && i < HID_BOOT_REPORT_LEN; i++)
		if (report[i] >= HID_USAGE_ROLLOVER && report[i] <= HID_USAGE_UNDEFINED)
			return true;
	return false;
}

static bool has_key(const uint8_t *r, uint8_t usage)
{
	for (int i = HID_FIRST_KEY_BYTE; i < HID_BOOT_REPORT_LEN; i++)
		if (r[i] == usage)
			return true;
	return false;
}

/* A usage in a key slot that is a key: not an error code, not a modifier (those come as bits). */
static bool slot_key(uint8_t usage)
{
	return usage > HID_USAGE_UNDEFINED && usage < HID_USAGE_MOD0;
}

/*
 * The events that take the keyboard from prev (the last report taken, 8
 * bytes) to report: modifier bits first, then released keys, then new ones,
 * each usage once. A short report counts as zeros past its end; bytes past
 * the eighth are not looked at; a modifier usage in a key slot is not a key
 * (boot reports give modifiers only as bits). A rollover report, or one with no key bytes,
 * gives -1: ignore it and keep prev. Otherwise prev becomes the report.
 */
int hidboot_diff(uint8_t *prev, const uint8_t *report, size_t len, HidKeyEvent *out)
{
	uint8_t now[HID_BOOT_REPORT_LEN] = { 0 };
	int n = 0;

	if (len < HID_FIRST_KEY_BYTE + 1 || hidboot_is_rollover(report, len))
		return -1;
	for (size_t i = 0; i < len && i < HID_BOOT_REPORT_LEN; i++)
		now[i] = report[i];
	for (int b = 0; b < 8; b++) {
		bool was = prev[0] >> b & 1, is = now[0] >> b & 1;

		if (was != is)
			out[n++] = (HidKeyEvent){ .usage = (uint8_t)(HID_USAGE_MOD0 + b), .down = is };
	}
	for (int i = HID_FIRST_KEY_BYTE; i < HID_BOOT_REPORT_LEN; i++) {
		uint8_t u = prev[i];

		if (slot_key(u) && !has_key(now, u)) {
			bool dup = false;

			for (int j = HID_FIRST_KEY_BYTE; j < i; j++)
				dup |= prev[j] == u;
			if (!dup)
				out[n++] = (HidKeyEvent){ .usage = u, .down = false };
		}
	}
	for (int i = HID_FIRST_KEY_BYTE; i < HID_BOOT_REPORT_LEN; i++) {
		uint8_t u = now[i];
		bool dup = false;

		for (int j = HID_FIRST_KEY_BYTE; j < i; j++)
			dup |= now[j] == u;
		if (slot_key(u) && !dup && !has_key(prev, u))
			out[n++] = (HidKeyEvent){ .usage = u, .down = true };
	}
	for (int i = 0; i < HID_BOOT_REPORT_LEN; i++)
		prev[i] = now[i];
	return n;
}

/*
 * Keyboard page usages (HID Usage Tables 1.12, chapter 10) to the key codes
 * the PS/2 decoder uses (kbdscan.h: set-1 make code, 0x80 | code for E0
 * keys), so both keyboards land in the same key table and keymap.c names
 * them once. The keypad is the keypad (its arrows are set-1 0x48.., as a
 * PS/2 keypad with NumLock off). Pause has no key code (kbdscan drops it).
 */
static const uint8_t usage_keys[256] = {
	[0x04] = 0x1E, [0x05] = 0x30, [0x06] = 0x2E, [0x07] = 0x20, [0x08] = 0x12,      /* A-E */
	[0x09] = 0x21, [0x0A] = 0x22, [0x0B] = 0x23, [0x0C] = 0x17, [0x0D] = 0x24,      /* F-J */
	[0x0E] = 0x25, [0x0F] = 0x26, [0x10] = 0x32, [0x11] = 0x31, [0x12] = 0x18,      /* K-O */
	[0x13] = 0x19, [0x14] = 0x10, [0x15] = 0x13, [0x16] = 0x1F, [0x17] = 0x14,      /* P-T */
	[0x18] = 0x16, [0x19] = 0x2F, [0x1A] = 0x11, [0x1B] = 0x2D, [0x1C] = 0x15,      /* U-Y */
	[0x1D] = 0x2C,                                                                  /* Z */
	[0x1E] = 0x02, [0x1F] = 0x03, [0x20] = 0x04, [0x21] = 0x05, [0x22] = 0x06,      /* 1-5 */
	[0x23] = 0x07, [0x24] = 0x08, [0x25] = 0x09, [0x26] = 0x0A, [0x27] = 0x0B,      /* 6-0 */
	[0x28] = 0x1C, [0x29] = 0x01, [0x2A] = 0x0E, [0x2B] = 0x0F, [0x2C] = 0x39,      /* Enter Esc BS Tab Space */
	[0x2D] = 0x0C, [0x2E] = 0x0D, [0x2F] = 0x1A, [0x30] = 0x1B, [0x31] = 0x2B,      /* - = [ ] \ */
	[0x32] = 0x2B, [0x33] = 0x27, [0x34] = 0x28, [0x35] = 0x29, [0x36] = 0x33,      /* # ; ' ` , */
	[0x37] = 0x34, [0x38] = 0x35, [0x39] = 0x3A,                                    /* . / CapsLock */
	[0x3A] = 0x3B, [0x3B] = 0x3C, [0x3C] = 0x3D, [0x3D] = 0x3E, [0x3E] = 0x3F,      /* F1-F5 */
	[0x3F] = 0x40, [0x40] = 0x41, [0x41] = 0x42, [0x42] = 0x43, [0x43] = 0x44,      /* F6-F10 */
	[0x44] = 0x57, [0x45] = 0x58,                                                   /* F11 F12 */
	[0x46] = 0xB7, [0x47] = 0x46,                                                   /* PrtSc ScrollLock */
	[0x49] = 0xD2, [0x4A] = 0xC7, [0x4B] = 0xC9, [0x4C] = 0xD3, [0x4D] = 0xCF,      /* Ins Home PgUp Del End */
	[0x4E] = 0xD1, [0x4F] = 0xCD, [0x50] = 0xCB, [0x51] = 0xD0, [0x52] = 0xC8,      /* PgDn Right Left Down Up */
	[0x53] = 0x45, [0x54] = 0xB5, [0x55] = 0x37, [0x56] = 0x4A, [0x57] = 0x4E,      /* NumLock KP/ KP* KP- KP+ */
	[0x58] = 0x9C, [0x59] = 0x4F, [0x5A] = 0x50, [0x5B] = 0x51, [0x5C] = 0x4B,      /* KPEnter KP1-KP4 */
	[0x5D] = 0x4C, [0x5E] = 0x4D, [0x5F] = 0x47, [0x60] = 0x48, [0x61] = 0x49,      /* KP5-KP9 */
	[0x62] = 0x52, [0x63] = 0x53, [0x64] = 0x56, [0x65] = 0xDD,                     /* KP0 KP. Intl Menu */
	[0xE0] = 0x1D, [0xE1] = 0x2A, [0xE2] = 0x38, [0xE3] = 0xDB,               /* left Ctrl Shift Alt GUI */
	[0xE4] = 0x9D, [0xE5] = 0x36, [0xE6] = 0xB8, [0xE7] = 0xDC,               /* right Ctrl Shift Alt GUI */
};

uint8_t hidboot_key(uint8_t usage)
{
	return usage_keys[usage];
}
