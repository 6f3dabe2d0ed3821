/*
 * test_usbpad.c: the game-controller class (drivers/usb/usbpad.c) on the device layer (usbdev.c) and
 * the xHCI driver, on the simulated controller (xhcisim.h) whose EP0 the test's pads answer: the
 * requests a pad gets, in order; its reports through the interrupt ring to usbpad_get; unplugging;
 * two pads at once; an Xbox 360 pad; the devices it refuses, each with the reason.
 */
#include <stdarg.h>
#include <stdio.h>

#include "testmain.h"

#include "io.h"
#include "usbhid.h"
#include "wait.h"
#include "xhcisim.h"

#include "simplatform.h"    /* drvlog into logbuf, the waits stepping the simulation */

#include "padfix.h"
#include "padsim.h"
#include "usbdev.h"
#include "usbdevenum.h"
#include "usbdevrec.h"
#include "usbpad.h"

static const SimPad *on_slot[SIM_SLOTS + 1];
static UsbHc *hc;
static UsbDev *plugged[8];

#define TESTRAM_BYTES   (512 * 1024)
#include "testram.h"          /* test_alloc: the kernel's page allocator */

/* The simulated pads' EP0 (padsim.h), by the slot the controller gave each. */
static int pad_ep0(uint32_t slot, const UsbSetup *s, uint8_t *data)
{
	int n = padsim_answer(on_slot[slot], s->type, s->request, s->value, s->index, data);

	return n < 0 ? SIM_EP0_STALL : n;
}

/* A device on a root port: addressed by the controller, its descriptors read and offered to the classes. */
static UsbDev *plug(const SimPad *p, uint8_t port, uint8_t speed, bool *taken)
{
	UsbPortRef at = { .hc = hc, .port = port };
	UsbDev *d = usbdev_new(usbdev_free_entry(), &at, speed);

	assert_non_null(d);
	on_slot[d->handle] = p;
	*taken = usbdev_probe(d, p->device);
	if (!*taken) {
		usbdev_forget(d);
		return NULL;
	}
	for (int i = 0; i < 8; i++)
		if (!plugged[i]) {
			plugged[i] = d;
			break;
		}
	return d;
}

static UsbDev *plug_pad(const SimPad *p, uint8_t port, uint8_t speed)
{
	bool taken;
	UsbDev *d = plug(p, port, speed, &taken);

	if (!taken)
		fail_msg("not taken; log:\n%s", logbuf);
	return d;
}

static void unplug(UsbDev *d)
{
	for (int i = 0; i < 8; i++)
		if (plugged[i] == d)
			plugged[i] = NULL;
	usbdev_forget(d);
}

/* The device sends one interrupt-IN transfer on endpoint `ep`; the timer IRQ's poll delivers it. */
static void send(const UsbDev *d, uint8_t ep, const uint8_t *report, size_t len)
{
	assert_true(sim_intr(d->handle, 2u * (ep & 0x0F) + 1, CC_SUCCESS, report, (uint32_t)len));
	usbdev_tick();
}

static int group_setup(void **state)
{
	(void)state;
	sim.now_ms = 0;
	sim_reset();
	assert_true(xhci_claim(0, (uintptr_t)sim.regs, test_alloc));
	hc = xhci_start(0);
	assert_non_null(hc);
	usbdev_add_class(&usbpad_class);
	assert_true(usbdev_add_hc(hc));
	sim.ep0_device = pad_ep0;
	return 0;
}

static int fresh(void **state)
{
	(void)state;
	for (int i = 0; i < 8; i++)
		if (plugged[i])
			unplug(plugged[i]);
	usbpad_take_tablets(false);
	simdev_reset_all();             /* a device a test made misbehave (and left refused) behaves again */
	logbuf[0] = '\0';
	sim.nsetups = 0;
	return 0;
}

#define assert_setup(i, t, r, v, x, l) do {                                     \
		assert_int_equal(sim.setups[i].type, (t));                      \
		assert_int_equal(sim.setups[i].request, (r));                   \
		assert_int_equal(sim.setups[i].value, (v));                     \
		assert_int_equal(sim.setups[i].index, (x));                     \
		assert_int_equal(sim.setups[i].length, (l));                    \
	} while (0)

/* A DualShock 4: the requests in order, COM1's line, a report to usbpad_get. */
static void ds4_is_enumerated_and_reports(void **state)
{
	uint8_t r[64] = { 0x01, 0xFF, 0x00, 0x80, 0x80, 0x28, 0x00, 0x00, 0x00, 0xFF };
	PadState st;
	UsbDev *d;

	(void)state;
	d = plug_pad(&ds4, 1, USB_SPEED_FULL);
	assert_int_equal(sim.nsetups, 6);
	assert_setup(0, 0x80, 0x06, 0x0100, 0, 18);             /* device descriptor */
	assert_setup(1, 0x80, 0x06, 0x0200, 0, 9);              /* configuration header */
	assert_setup(2, 0x80, 0x06, 0x0200, 0, 59);             /* the whole configuration */
	assert_setup(3, 0x00, 0x09, 1, 0, 0);                   /* SET_CONFIGURATION(1) */
	assert_setup(4, 0x81, 0x06, 0x2200, 3, 507);            /* GET_DESCRIPTOR(report) to interface 3 */
	assert_setup(5, 0x21, 0x0A, 0, 3, 0);                   /* SET_IDLE(0); no SET_PROTOCOL: not a boot interface */
	assert_non_null(strstr(logbuf, "pad 0: 054c:05c4 on xHCI port 1, HID gamepad, axes X Y Rx Ry Z Rz, hat yes, "
	    "buttons 14, endpoint 84, interval 5\n"));
	assert_int_equal(usbpad_count(), 1);
	assert_true(usbpad_get(0, &st));
	assert_true(st.present);
	assert_int_equal(st.kind, PAD_KIND_HID);
	assert_int_equal(st.vendor, 0x054C);
	assert_string_equal(st.name, "054c:05c4 on xHCI port 1");
	assert_int_equal(st.reports, 0);
	assert_int_equal(st.hat, PAD_HAT_NONE);
	send(d, 0x84, r, sizeof r);
	assert_true(usbpad_get(0, &st));
	assert_int_equal(st.reports, 1);
	assert_int_equal(st.axis[PAD_AXIS_X], PAD_AXIS_MAX);
	assert_int_equal(st.axis[PAD_AXIS_Y], PAD_AXIS_MIN);
	assert_int_equal(st.axis[PAD_AXIS_RX], PAD_AXIS_MIN);   /* L2 out */
	assert_int_equal(st.axis[PAD_AXIS_RY], PAD_AXIS_MAX);   /* R2 in */
	assert_int_equal(st.hat, PAD_HAT_NONE);
	assert_int_equal(st.buttons, 1u << 1);                  /* cross */
}

/* A stalled SET_IDLE is normal: logged, the pad taken; a boot-subclass interface gets SET_PROTOCOL(report) first. */
static void set_idle_stall_tolerated_and_set_protocol_on_boot_interfaces(void **state)
{
	const uint8_t r[8] = { 0x00, 0x00, 0x00, 0x00, 0xFF, 0x10, 0x00, 0x00 };
	PadState st;
	UsbDev *d;

	(void)state;
	d = plug_pad(&dragonrise, 1, USB_SPEED_LOW);
	assert_int_equal(sim.nsetups, 6);
	assert_setup(4, 0x81, 0x06, 0x2200, 0, 101);
	assert_setup(5, 0x21, 0x0A, 0, 0, 0);
	assert_non_null(strstr(logbuf, "pad: 0079:0006 on xHCI port 1: SET_IDLE refused (normal for a pad), going on\n"));
	assert_non_null(strstr(logbuf, "HID joystick, axes X Y, hat no, buttons 10, endpoint 81, interval 10"));
	send(d, 0x81, r, sizeof r);
	assert_true(usbpad_get(0, &st));
	assert_int_equal(st.axis[PAD_AXIS_Y], PAD_AXIS_MAX);
	assert_int_equal(st.buttons, 1u << 0);
	unplug(d);
	sim.nsetups = 0;
	plug_pad(&boot_pad, 2, USB_SPEED_LOW);
	assert_int_equal(sim.nsetups, 7);
	assert_setup(5, 0x21, 0x0B, 1, 0, 0);                   /* SET_PROTOCOL(report) */
	assert_setup(6, 0x21, 0x0A, 0, 0, 0);
}

/* Unplugged: the slot reads empty at once, later reports go nowhere, the slot is free for the next pad. */
static void unplug_frees_the_slot(void **state)
{
	const uint8_t r[8] = { 0x00, 0x00, 0x00, 0xFF };
	PadState st;
	UsbDev *d;

	(void)state;
	d = plug_pad(&dragonrise, 1, USB_SPEED_LOW);
	send(d, 0x81, r, sizeof r);
	send(d, 0x81, r, sizeof r);
	unplug(d);
	assert_non_null(strstr(logbuf, "pad 0: 0079:0006 on xHCI port 1 removed after 2 reports\n"));
	assert_int_equal(usbpad_count(), 0);
	assert_false(usbpad_get(0, &st));
	d = plug_pad(&ds4, 1, USB_SPEED_FULL);
	assert_true(usbpad_get(0, &st));
	assert_int_equal(st.vendor, 0x054C);
	assert_int_equal(st.reports, 0);
}

/* Two pads at once, each report to its own slot. */
static void two_pads_at_once(void **state)
{
	uint8_t ds4_r[64] = { 0x01, 0x00, 0x80, 0x80, 0x80, 0x08 };
	const uint8_t dr_r[8] = { 0x00, 0x00, 0x00, 0xFF, 0x80, 0x00, 0x20, 0x00 };
	PadState a, b;
	UsbDev *pa, *pb;

	(void)state;
	pa = plug_pad(&ds4, 1, USB_SPEED_FULL);
	pb = plug_pad(&dragonrise, 2, USB_SPEED_LOW);
	assert_int_equal(usbpad_count(), 2);
	send(pa, 0x84, ds4_r, sizeof ds4_r);
	send(pb, 0x81, dr_r, sizeof dr_r);
	send(pb, 0x81, dr_r, sizeof dr_r);
	assert_true(usbpad_get(0, &a));
	assert_true(usbpad_get(1, &b));
	assert_int_equal(a.vendor, 0x054C);
	assert_int_equal(a.axis[PAD_AXIS_X], PAD_AXIS_MIN);
	assert_int_equal(a.reports, 1);
	assert_int_equal(b.vendor, 0x0079);
	assert_string_equal(b.name, "0079:0006 on xHCI port 2");
	assert_int_equal(b.axis[PAD_AXIS_X], PAD_AXIS_MAX);
	assert_int_equal(b.buttons, 1u << 9);
	assert_int_equal(b.reports, 2);
	unplug(pa);
	assert_false(usbpad_get(0, &a));
	assert_true(usbpad_get(1, &b));                         /* the other pad keeps its slot */
}

/* An Xbox 360 pad: the vendor request xpad sends, status packets ignored, input reports mapped. */
static void xbox360_pad(void **state)
{
	const uint8_t led[3] = { 0x01, 0x03, 0x06 };
	const uint8_t in[20] = { 0x00, 0x14, 0x09, 0x10, 0x00, 0xFF, 0xFF, 0x7F, 0xFF, 0x7F, 0x00, 0x00, 0x00, 0x00 };
	PadState st;
	UsbDev *d;

	(void)state;
	d = plug_pad(&x360, 1, USB_SPEED_FULL);
	assert_int_equal(sim.nsetups, 5);
	assert_setup(3, 0x00, 0x09, 1, 0, 0);
	assert_setup(4, 0xC1, 0x01, 0x0100, 0, 20);
	assert_non_null(strstr(logbuf, "pad 0: 045e:028e on xHCI port 1, Xbox 360 pad, axes X Y Rx Ry Z Rz, hat yes, "
	    "buttons 11, endpoint 81, interval 4\n"));
	send(d, 0x81, led, sizeof led);
	assert_true(usbpad_get(0, &st));
	assert_int_equal(st.kind, PAD_KIND_XBOX360);
	assert_int_equal(st.reports, 0);                        /* an LED status packet is not a report */
	send(d, 0x81, in, sizeof in);
	assert_true(usbpad_get(0, &st));
	assert_int_equal(st.reports, 1);
	assert_int_equal(st.hat, 1);                            /* up and right */
	assert_int_equal(st.buttons, 1u << 0);                  /* A */
	assert_int_equal(st.axis[PAD_AXIS_Z], PAD_AXIS_MIN);
	assert_int_equal(st.axis[PAD_AXIS_RZ], PAD_AXIS_MAX);
	assert_int_equal(st.axis[PAD_AXIS_X], PAD_AXIS_MAX);
	assert_int_equal(st.axis[PAD_AXIS_Y], PAD_AXIS_MIN);    /* stick up */
}

static bool refused_has(const char *text)
{
	char buf[USBPAD_REFUSED_LEN];

	for (int i = 0; usbpad_refused(i, buf, sizeof buf); i++)
		if (strcmp(buf, text) == 0)
			return true;
	return false;
}

/* Refused, each named with the reason on COM1 and in the list: an Xbox One pad, a broken descriptor, a fifth pad. */
static void refused_devices_are_named_with_the_reason(void **state)
{
	bool taken;

	(void)state;
	plug(&xone, 1, USB_SPEED_FULL, &taken);
	assert_false(taken);
	assert_true(refused_has("045e:02ea on xHCI port 1: not supported: Xbox One pads (GIP) need an init packet "
	    "on interrupt OUT"));
	assert_non_null(strstr(logbuf, "pad: 045e:02ea on xHCI port 1: not supported: Xbox One pads (GIP)"));
	plug(&broken, 2, USB_SPEED_LOW, &taken);
	assert_false(taken);
	assert_true(refused_has("0079:0006 on xHCI port 2: collection not ended at byte 6"));
	for (uint8_t p = 1; p <= USBPAD_MAX; p++)
		plug_pad(&dragonrise, p, USB_SPEED_LOW);
	plug(&ds4, 5, USB_SPEED_FULL, &taken);
	assert_false(taken);
	assert_true(refused_has("054c:05c4 on xHCI port 5: not used: already 4 pads"));
	plug(&tablet, 6, USB_SPEED_HIGH, &taken);              /* not a pad: ignored, not "already 4 pads" */
	assert_false(taken);
	assert_false(refused_has("0627:0001 on xHCI port 6: not used: already 4 pads"));
	assert_non_null(strstr(logbuf, "usb: port 6: 0627:0001 HID device (class 03.00.00): not a boot keyboard, ignored"));
	assert_int_equal(usbpad_count(), USBPAD_MAX);
	assert_false(usbpad_refused(USBPAD_REFUSED_MAX, (char[8]){ 0 }, 8));
}

/* Two HID interfaces: the first one's report descriptor is broken, the second is a pad and is taken. */
static void a_later_interface_can_be_the_pad(void **state)
{
	const uint8_t r[8] = { 0x00, 0x00, 0x00, 0xFF };
	PadState st;
	UsbDev *d;

	(void)state;
	d = plug_pad(&two_hid, 1, USB_SPEED_FULL);
	assert_setup(4, 0x81, 0x06, 0x2200, 0, 6);             /* interface 0's, refused by the parser */
	assert_setup(5, 0x81, 0x06, 0x2200, 1, 101);           /* interface 1's: the pad */
	assert_setup(6, 0x21, 0x0A, 0, 1, 0);
	assert_non_null(strstr(logbuf, "HID joystick, axes X Y, hat no, buttons 10, endpoint 82, interval 10\n"));
	send(d, 0x82, r, sizeof r);
	assert_true(usbpad_get(0, &st));
	assert_int_equal(st.axis[PAD_AXIS_X], PAD_AXIS_MAX);
}

/* QEMU's tablet: a mouse, ignored by default; a pad with X/Y and 3 buttons once tablets are taken (padtest=tablet). */
static void tablets_only_when_asked(void **state)
{
	const uint8_t r[6] = { 0x01, 0xFF, 0x7F, 0x00, 0x00, 0x00 };
	PadState st;
	bool taken;
	UsbDev *d;

	(void)state;
	plug(&tablet, 1, USB_SPEED_HIGH, &taken);
	assert_false(taken);
	assert_non_null(strstr(logbuf, "usb: port 1: 0627:0001 HID device (class 03.00.00): not a boot keyboard, ignored"));
	usbpad_take_tablets(true);
	d = plug_pad(&tablet, 1, USB_SPEED_HIGH);
	assert_non_null(strstr(logbuf, "pad 0: 0627:0001 on xHCI port 1, HID tablet (padtest), axes X Y, hat no, "
	    "buttons 3, endpoint 81, interval 10\n"));
	send(d, 0x81, r, sizeof r);
	assert_true(usbpad_get(0, &st));
	assert_int_equal(st.axis[PAD_AXIS_X], PAD_AXIS_MAX);
	assert_int_equal(st.axis[PAD_AXIS_Y], PAD_AXIS_MIN);
	assert_int_equal(st.buttons, 1u << 0);
}

/* The record of the device at root port `port` (docs/hwinfo.md), NULL if none. */
static const UsbRecord *record_at(uint8_t port)
{
	for (int i = 0; i < USBREC_MAX; i++)
		if (usbdev_record(i) && usbdev_record(i)->port == port && usbdev_record(i)->depth == 0)
			return usbdev_record(i);
	return NULL;
}

/*
 * The hardware report's records: a pad's descriptors as sent and the report
 * descriptor the pad class read (no second request); a tablet no class
 * takes gets its report descriptor asked for once by the device layer.
 */
static void the_device_layer_keeps_what_it_read(void **state)
{
	const UsbRecord *r;
	bool taken;

	(void)state;
	plug_pad(&ds4, 1, USB_SPEED_FULL);
	assert_int_equal(sim.nsetups, 6);                       /* as ds4_is_enumerated_and_reports: nothing more */
	r = record_at(1);
	assert_non_null(r);
	assert_string_equal(r->driver, "pad");
	assert_int_equal(r->device_len, 18);
	assert_memory_equal(r->device, ds4_device, 18);
	assert_int_equal(r->config_len, sizeof ds4_config);
	assert_memory_equal(r->config, ds4_config, sizeof ds4_config);
	assert_int_equal(r->hids, 1);
	assert_int_equal(r->hid[0].iface, 3);
	assert_int_equal(r->hid[0].len, sizeof padfix_ds4_rdesc);
	assert_memory_equal(r->reports + r->hid[0].offset, padfix_ds4_rdesc, sizeof padfix_ds4_rdesc);
	sim.nsetups = 0;
	plug(&tablet, 2, USB_SPEED_HIGH, &taken);
	assert_false(taken);
	assert_int_equal(sim.setups[sim.nsetups - 1].type, 0x81);      /* the last request: its report descriptor */
	assert_int_equal(sim.setups[sim.nsetups - 1].value, 0x2200);
	r = record_at(2);
	assert_non_null(r);
	assert_string_equal(r->driver, "none");
	assert_int_equal(r->hids, 1);
	assert_int_equal(r->hid[0].len, sizeof padfix_tablet_rdesc);
	assert_memory_equal(r->reports + r->hid[0].offset, padfix_tablet_rdesc, sizeof padfix_tablet_rdesc);
}

/* COM1 gets a pad's state changes, the first 16, then one line saying no more. */
static void state_changes_are_logged_bounded(void **state)
{
	uint8_t r[8] = { 0x00, 0x00, 0x00, 0x00, 0x00 };
	int lines = 0;
	UsbDev *d;

	(void)state;
	d = plug_pad(&dragonrise, 1, USB_SPEED_LOW);
	for (int i = 0; i < 30; i++) {
		r[3] = (uint8_t)(i * 8);
		send(d, 0x81, r, sizeof r);
		usbdev_service();
	}
	for (const char *p = logbuf; (p = strstr(p, "pad 0: x ")) != NULL; p++)
		lines++;
	assert_int_equal(lines, 16);
	assert_non_null(strstr(logbuf, "pad 0: x -32767 y -32767 rx 0 ry 0 z 0 rz 0 hat -1 buttons 00000000 reports 1\n"));
	assert_non_null(strstr(logbuf, "pad 0: further state changes not logged\n"));
}

/* A pad on port 1 whose device (simdev.h, by slot) misbehaves as `how` says before it is probed; NULL if not taken. */
static UsbDev *plug_misbehaving(const SimPad *p, void (*how)(SimDev *))
{
	UsbPortRef at = { .hc = hc, .port = 1 };
	UsbDev *d = usbdev_new(usbdev_free_entry(), &at, USB_SPEED_FULL);

	assert_non_null(d);
	on_slot[d->handle] = p;
	how(&simdev[d->handle]);
	if (!usbdev_probe(d, p->device)) {
		usbdev_forget(d);
		return NULL;
	}
	plugged[0] = d;
	return d;
}

static void naks_and_a_report_descriptor_stall(SimDev *sd)
{
	sd->naks = 300;
	simdev_stall_once(sd, 0x06, 0x22);
}

static void short_ep0_packets(SimDev *sd)
{
	sd->ep0_short = 5;
}

/*
 * On xHCI: 300 NAKs on EP0 and a STALL on the first GET_DESCRIPTOR(report) (EP0 reset, asked
 * again): the DualShock 4 is attached; 5-byte EP0 answers: its descriptors come short and the
 * device is refused with the reason. Each within the control transfers' bounds.
 */
static void a_misbehaving_pad_on_xhci_attached_or_refused_with_the_reason(void **state)
{
	uint32_t t0 = sim.now_ms;

	(void)state;
	simdev_naked = simdev_stalls = 0;
	assert_non_null(plug_misbehaving(&ds4, naks_and_a_report_descriptor_stall));
	assert_int_equal(simdev_naked, 300);
	assert_int_equal(simdev_stalls, 1);
	assert_non_null(strstr(logbuf, "pad 0: 054c:05c4 on xHCI port 1, HID gamepad"));
	assert_true(sim.now_ms - t0 < 2000);
	unplug(plugged[0]);
	logbuf[0] = '\0';
	assert_null(plug_misbehaving(&ds4, short_ep0_packets));
	assert_non_null(strstr(logbuf, "usb: port 1: bad device descriptor, ignored"));
	assert_int_equal(usbpad_count(), 0);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test_setup(ds4_is_enumerated_and_reports, fresh),
	cmocka_unit_test_setup(set_idle_stall_tolerated_and_set_protocol_on_boot_interfaces, fresh),
	cmocka_unit_test_setup(unplug_frees_the_slot, fresh),
	cmocka_unit_test_setup(two_pads_at_once, fresh),
	cmocka_unit_test_setup(xbox360_pad, fresh),
	cmocka_unit_test_setup(refused_devices_are_named_with_the_reason, fresh),
	cmocka_unit_test_setup(a_later_interface_can_be_the_pad, fresh),
	cmocka_unit_test_setup(tablets_only_when_asked, fresh),
	cmocka_unit_test_setup(state_changes_are_logged_bounded, fresh),
	cmocka_unit_test_setup(a_misbehaving_pad_on_xhci_attached_or_refused_with_the_reason, fresh),
	cmocka_unit_test_setup(the_device_layer_keeps_what_it_read, fresh),
};

int main(int argc, char **argv)
{
	if (testmain_filter("usbpad", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("usbpad", tests, group_setup, NULL);
}
