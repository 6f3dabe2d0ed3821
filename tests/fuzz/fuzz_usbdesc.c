/* fuzz_usbdesc.c: libFuzzer target — the USB configuration/device descriptor parser on any bytes, within bounds and consistent. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzzkit.h"
#include "usbhid.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* For tests/fuzz/replay.c: *.cfg files must parse to a keyboard, bad_* must not. */
#define FUZZ_VALID_EXT ".cfg"
__attribute__((unused)) static bool fuzz_accepts(const uint8_t *data, size_t size, char *err, size_t errlen)
{
	UsbConfigInfo c;

	(void)err;
	(void)errlen;
	return usbdesc_config(data, size, &c) && c.has_keyboard;
}

/* Field by field: a struct's padding bytes are not part of the answer. */
static bool same_info(const UsbConfigInfo *a, const UsbConfigInfo *b)
{
	return a->config_value == b->config_value && a->interfaces == b->interfaces &&
	    a->first_class == b->first_class && a->first_subclass == b->first_subclass &&
	    a->first_protocol == b->first_protocol && a->has_keyboard == b->has_keyboard &&
	    a->kbd_interface == b->kbd_interface && a->kbd_endpoint == b->kbd_endpoint &&
	    a->kbd_max_packet == b->kbd_max_packet && a->kbd_interval == b->kbd_interval &&
	    a->first_ep == b->first_ep && a->first_ep_max_packet == b->first_ep_max_packet &&
	    a->first_ep_interval == b->first_ep_interval;
}

/*
 * The input is a configuration descriptor as a device might send it, in a
 * buffer of exactly its size (ASan catches any read past it). A keyboard
 * found must be what usbhid.h promises: an interrupt IN endpoint with a
 * number and a packet size, and an interface 3/1/1 in the bytes before it.
 * Bytes past wTotalLength change nothing; the same bytes as a device
 * descriptor parse within bounds too.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *copy = malloc(size ? size : 1), *longer;
	UsbConfigInfo c, again;
	UsbDeviceInfo d;
	bool ok;

	expect(copy != NULL);
	memcpy(copy, data, size);
	ok = usbdesc_config(copy, size, &c);
	expect(ok == (size >= 9 && copy[0] >= 9 && copy[1] == USB_DT_CONFIG));
	if (ok && c.has_keyboard) {
		bool iface = false;

		expect((c.kbd_endpoint & USB_EP_DIR_IN) && (c.kbd_endpoint & 0x0F) != 0);
		expect(c.kbd_max_packet > 0 && c.kbd_max_packet <= 0x07FF);
		expect(c.interfaces >= 1);
		for (size_t i = 9; i + 9 <= size; i++)
			iface |= copy[i] >= 9 && copy[i + 1] == USB_DT_INTERFACE && copy[i + 2] == c.kbd_interface &&
			    copy[i + 5] == USB_CLASS_HID && copy[i + 6] == HID_SUBCLASS_BOOT &&
			    copy[i + 7] == HID_PROTOCOL_KEYBOARD;
		expect(iface);
	}
	if (ok && c.first_ep)
		expect((c.first_ep & USB_EP_DIR_IN) && (c.first_ep & 0x0F) && c.first_ep_max_packet > 0 &&
		    c.first_ep_max_packet <= 0x07FF && c.interfaces >= 1);
	if (ok) {
		size_t total = (size_t)(copy[2] | copy[3] << 8);

		if (total >= 9 && total < size) {
			expect(usbdesc_config(copy, total, &again));
			expect(same_info(&c, &again));
		}
		longer = malloc(size + 64);
		expect(longer != NULL);
		memcpy(longer, copy, size);
		memset(longer + size, 0x09, 64);        /* trailing junk that looks like descriptors */
		if (total <= size) {
			expect(usbdesc_config(longer, size + 64, &again));
			expect(same_info(&c, &again));
		}
		free(longer);
	}
	(void)usbdesc_kind(c.first_class, c.first_subclass, c.first_protocol);
	(void)usbdesc_device(copy, size, &d);
	free(copy);
	return 0;
}
