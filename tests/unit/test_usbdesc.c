/* test_usbdesc.c: USB device and configuration descriptors — real shapes, and broken ones read no further than given. */
#include "testmain.h"

#include "usbfix.h"
#include "usbhid.h"

static void keyboard_device_descriptor(void **state)
{
	UsbDeviceInfo d;

	(void)state;
	assert_true(usbdesc_device(usbfix_kbd_device, sizeof usbfix_kbd_device, &d));
	assert_int_equal(d.vendor, 0x0627);
	assert_int_equal(d.product, 0x0001);
	assert_int_equal(d.max_packet0, 64);
	assert_int_equal(d.dev_class, 0);
	assert_int_equal(d.configs, 1);
	assert_false(usbdesc_device(usbfix_kbd_device, 17, &d));                /* short */
	assert_false(usbdesc_device(usbfix_kbd_config, sizeof usbfix_kbd_config, &d));  /* not a device */
}

static void boot_keyboard_is_found(void **state)
{
	UsbConfigInfo c;

	(void)state;
	assert_true(usbdesc_config(usbfix_kbd_config, sizeof usbfix_kbd_config, &c));
	assert_true(c.has_keyboard);
	assert_int_equal(c.config_value, 1);
	assert_int_equal(c.interfaces, 1);
	assert_int_equal(c.kbd_interface, 0);
	assert_int_equal(c.kbd_endpoint, 0x81);
	assert_int_equal(c.kbd_max_packet, 8);
	assert_int_equal(c.kbd_interval, 10);
	assert_int_equal(c.first_ep, 0x81);
}

static void composite_keyboard_and_media_takes_the_keyboard(void **state)
{
	UsbConfigInfo c;

	(void)state;
	assert_true(usbdesc_config(usbfix_composite_config, sizeof usbfix_composite_config, &c));
	assert_true(c.has_keyboard);
	assert_int_equal(c.interfaces, 2);
	assert_int_equal(c.kbd_interface, 0);
	assert_int_equal(c.kbd_endpoint, 0x81);             /* not the media interface's 0x82 */
	assert_int_equal(c.kbd_max_packet, 8);
}

static void keyboard_behind_a_mouse_interface(void **state)
{
	UsbConfigInfo c;

	(void)state;
	assert_true(usbdesc_config(usbfix_mouse_first_config, sizeof usbfix_mouse_first_config, &c));
	assert_true(c.has_keyboard);
	assert_int_equal(c.kbd_interface, 1);
	assert_int_equal(c.kbd_endpoint, 0x83);             /* the mouse's 0x81 is not taken */
	assert_int_equal(c.kbd_interval, 8);
	assert_int_equal(c.first_protocol, HID_PROTOCOL_MOUSE);
	assert_int_equal(c.first_ep, 0x81);                 /* the first interface's, not the keyboard's */
}

static void mouse_hub_and_storage_are_not_keyboards(void **state)
{
	static const struct {
		const char *name;
		const uint8_t *buf;
		size_t len;
		const char *kind;
	} rows[] = {
		{ "mouse", usbfix_mouse_config, sizeof usbfix_mouse_config, "mouse" },
		{ "hub", usbfix_hub_config, sizeof usbfix_hub_config, "hub" },
		{ "storage", usbfix_storage_config, sizeof usbfix_storage_config, "mass storage" },
	};
	UsbDeviceInfo d;

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		UsbConfigInfo c;

		assert_row(usbdesc_config(rows[i].buf, rows[i].len, &c), "%s: header", rows[i].name);
		assert_row(!c.has_keyboard, "%s taken for a keyboard", rows[i].name);
		assert_row(strcmp(usbdesc_kind(c.first_class, c.first_subclass, c.first_protocol), rows[i].kind) == 0,
		    "%s named %s", rows[i].name, usbdesc_kind(c.first_class, c.first_subclass, c.first_protocol));
	}
	assert_true(usbdesc_device(usbfix_hub_device, sizeof usbfix_hub_device, &d));
	{
		UsbConfigInfo h;                        /* a hub's status-change endpoint, for usbhub.c */

		assert_true(usbdesc_config(usbfix_hub_config, sizeof usbfix_hub_config, &h));
		assert_int_equal(h.first_ep, 0x81);
		assert_int_equal(h.first_ep_max_packet, 2);
		assert_int_equal(h.first_ep_interval, 0xFF);
	}
	assert_int_equal(d.dev_class, USB_CLASS_HUB);
	assert_string_equal(usbdesc_kind(3, 1, 1), "keyboard");
	assert_string_equal(usbdesc_kind(3, 0, 0), "HID device");
}

/* Every prefix of a good descriptor parses without reading past it (ASan watches the copy's end). */
static void truncated_configuration_reads_nothing_past_its_end(void **state)
{
	(void)state;
	for (size_t n = 0; n <= sizeof usbfix_kbd_config; n++) {
		uint8_t *copy = malloc(n ? n : 1);
		UsbConfigInfo c;
		bool ok;

		memcpy(copy, usbfix_kbd_config, n);
		ok = usbdesc_config(copy, n, &c);
		assert_row(ok == (n >= 9), "%zu bytes: header verdict %d", n, ok);
		assert_row(c.has_keyboard == (n == sizeof usbfix_kbd_config), "%zu bytes: keyboard %d", n, c.has_keyboard);
		free(copy);
	}
}

static void malformed_descriptors_stop_the_walk(void **state)
{
	uint8_t buf[sizeof usbfix_kbd_config];
	UsbConfigInfo c;

	(void)state;
	memcpy(buf, usbfix_kbd_config, sizeof buf);
	buf[9] = 0;                                         /* interface bLength 0: would loop forever */
	assert_true(usbdesc_config(buf, sizeof buf, &c));
	assert_false(c.has_keyboard);
	memcpy(buf, usbfix_kbd_config, sizeof buf);
	buf[27] = 0x20;                                     /* endpoint runs past the end */
	assert_true(usbdesc_config(buf, sizeof buf, &c));
	assert_false(c.has_keyboard);
	memcpy(buf, usbfix_kbd_config, sizeof buf);
	buf[2] = 0xFF;                                      /* wTotalLength beyond what came: use what came */
	assert_true(usbdesc_config(buf, sizeof buf, &c));
	assert_true(c.has_keyboard);
	memcpy(buf, usbfix_kbd_config, sizeof buf);
	buf[29] = 0x01;                                     /* an OUT endpoint: no keyboard */
	assert_true(usbdesc_config(buf, sizeof buf, &c));
	assert_false(c.has_keyboard);
	assert_int_equal(c.first_ep, 0);
	memcpy(buf, usbfix_kbd_config, sizeof buf);
	buf[12] = 1;                                        /* alternate setting 1: not the default */
	assert_true(usbdesc_config(buf, sizeof buf, &c));
	assert_false(c.has_keyboard);
	memcpy(buf, usbfix_kbd_config, sizeof buf);
	buf[31] = buf[32] = 0;                              /* max packet 0 */
	assert_true(usbdesc_config(buf, sizeof buf, &c));
	assert_false(c.has_keyboard);
	buf[1] = USB_DT_DEVICE;                             /* not a configuration */
	assert_false(usbdesc_config(buf, sizeof buf, &c));
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(keyboard_device_descriptor),
	cmocka_unit_test(boot_keyboard_is_found),
	cmocka_unit_test(composite_keyboard_and_media_takes_the_keyboard),
	cmocka_unit_test(keyboard_behind_a_mouse_interface),
	cmocka_unit_test(mouse_hub_and_storage_are_not_keyboards),
	cmocka_unit_test(truncated_configuration_reads_nothing_past_its_end),
	cmocka_unit_test(malformed_descriptors_stop_the_walk),
};

int main(int argc, char **argv)
{
	if (testmain_filter("usbdesc", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("usbdesc", tests, NULL, NULL);
}
