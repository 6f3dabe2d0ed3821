/*
 * test_usbpad_uhci.c: the game-controller class on the whole USB path of a UHCI controller — the
 * device layer's attach (debounce, port reset, SET_ADDRESS, descriptors) on the simulated
 * controller (uhcisim.h), whose devices the test's pads (padsim.h) answer by address: a pad at
 * boot, a second one plugged in while running, reports to each through the interrupt queues,
 * one pulled out, one no class takes. The tests run in order on one controller (a plug-in, then an unplug).
 */
#include <stdarg.h>
#include <stdio.h>

#include "testmain.h"

#include "uhci.h"
#include "uhcisim.h"
#include "usbhid.h"
#include "wait.h"

#include "simplatform.h"    /* drvlog into logbuf, the waits stepping the simulation */

#include "padsim.h"
#include "usbdev.h"
#include "usbpad.h"

#define ATTACH_LIMIT_MS 3000            /* debounce, reset, address, descriptors: well inside */

static UsbHc *hc;
static const SimPad *by_addr[128];
static const SimPad *enumerating;      /* the pad on the port being attached: address 0 is it */

#include "testram.h"          /* test_alloc: the kernel's page allocator */

/* Address 0 is the pad being attached; SET_ADDRESS gives it its address. */
static int pads_ep0(uint8_t addr, const uint8_t *setup, uint8_t *data)
{
	const SimPad *p = addr ? by_addr[addr] : enumerating;

	if (addr == 0 && setup[0] == 0x00 && setup[1] == 0x05)
		by_addr[setup[2] & 0x7F] = enumerating;
	return padsim_answer(p, setup[0], setup[1], (uint16_t)(setup[2] | setup[3] << 8),
	    (uint16_t)(setup[4] | setup[5] << 8), data);
}

/* The main loop and the tick until COM1 has `line` (or the limit passes). */
static bool run_until(const char *line)
{
	for (int ms = 0; ms < ATTACH_LIMIT_MS; ms++) {
		usbdev_service();
		usbdev_tick();
		if (strstr(logbuf, line))
			return true;
		wait_ms(1);
	}
	return false;
}

/* A report from the device at `addr`: frames pass until its interrupt QH takes it; the tick hands it up. */
static void send(uint8_t addr, const uint8_t *report)
{
	memcpy(sim.report, report, 8);
	sim.report_addr = addr;
	sim.report_ready = true;
	for (int ms = 0; ms < 64 && sim.report_ready; ms++)
		wait_ms(1);
	assert_false(sim.report_ready);
	usbdev_tick();
}

static uint8_t addr_of(const SimPad *p)
{
	for (int a = 1; a < 128; a++)
		if (by_addr[a] == p)
			return (uint8_t)a;
	fail_msg("no address for the pad");
	return 0;
}

/* A DragonRise joystick on port 1 at boot: attached by the device layer, taken by the class. */
static int group_setup(void **state)
{
	(void)state;
	sim.now_ms = 0;
	sim_reset();
	sim.ep0_device = pads_ep0;
	assert_true(uhci_claim(0, SIM_IO, test_alloc));
	hc = uhci_start(0);
	assert_non_null(hc);
	enumerating = &dragonrise;
	sim_plug(1);
	usbpad_take_tablets(true);
	usbdev_add_class(&usbpad_class);
	assert_true(usbdev_add_hc(hc));
	return 0;
}

static void a_pad_at_boot_is_attached_through_the_root_port(void **state)
{
	const uint8_t r[8] = { 0x00, 0x00, 0x00, 0xFF, 0x00, 0x30, 0x00, 0x00 };
	PadState st;

	(void)state;
	assert_non_null(strstr(logbuf, "pad 0: 0079:0006 on UHCI port 1, HID joystick, axes X Y, hat no, buttons 10, "
	    "endpoint 81, interval 10\n"));
	assert_int_equal(sim.setups[0][1], 0x05);               /* SET_ADDRESS first, as UHCI does it */
	assert_int_equal(usbpad_count(), 1);
	send(addr_of(&dragonrise), r);
	assert_true(usbpad_get(0, &st));
	assert_string_equal(st.name, "0079:0006 on UHCI port 1");
	assert_int_equal(st.axis[PAD_AXIS_X], PAD_AXIS_MAX);
	assert_int_equal(st.axis[PAD_AXIS_Y], PAD_AXIS_MIN);
	assert_int_equal(st.buttons, 1u << 0 | 1u << 1);
	assert_int_equal(st.reports, 1);
}

/* Plugged in while running (padtest=tablet): QEMU's tablet on port 2 is pad 1; each pad gets only its reports. */
static void a_second_pad_plugged_in_while_running(void **state)
{
	const uint8_t tab[8] = { 0x04, 0x00, 0x00, 0xFF, 0x7F, 0x00 }, joy[8] = { 0x00, 0x00, 0x00, 0x80, 0xFF };
	PadState a, b;

	(void)state;
	enumerating = &tablet;
	sim_plug(2);
	assert_true(run_until("pad 1: 0627:0001 on UHCI port 2, HID tablet (padtest), axes X Y, hat no, buttons 3"));
	send(addr_of(&tablet), tab);
	send(addr_of(&dragonrise), joy);
	assert_true(usbpad_get(0, &a));
	assert_true(usbpad_get(1, &b));
	assert_int_equal(b.axis[PAD_AXIS_X], PAD_AXIS_MIN);
	assert_int_equal(b.axis[PAD_AXIS_Y], PAD_AXIS_MAX);
	assert_int_equal(b.buttons, 1u << 2);
	assert_int_equal(b.reports, 1);
	assert_int_equal(a.axis[PAD_AXIS_Y], PAD_AXIS_MAX);
	assert_int_equal(a.reports, 2);
}

/* Pulled out: the device layer sees the port go, the class frees the slot; the other pad stays. */
static void a_pad_pulled_out(void **state)
{
	PadState st;

	(void)state;
	sim.portsc[2] = (uint16_t)((sim.portsc[2] & ~(PORT_CCS | PORT_PE)) | PORT_CSC);
	assert_true(run_until("pad 1: 0627:0001 on UHCI port 2 removed after 1 reports\n"));
	assert_false(usbpad_get(1, &st));
	assert_true(usbpad_get(0, &st));
	assert_int_equal(usbpad_count(), 1);
}

/* Port 2 emptied (the pad there pulled out) and COM1's log cleared, for the next device. */
static void unplug2(void)
{
	sim.portsc[2] = (uint16_t)((sim.portsc[2] & ~(PORT_CCS | PORT_PE)) | PORT_CSC);
	run_until("removed after");
	for (int ms = 0; ms < 200; ms++) {
		usbdev_service();
		usbdev_tick();
		wait_ms(1);
	}
	logbuf[0] = '\0';
}

/* The pad on port 2, misbehaving as simdev[0] says (it takes that to its address): COM1 after 3 s at most. */
static bool plug2(const SimPad *p, const char *line)
{
	logbuf[0] = '\0';
	enumerating = p;
	sim_plug(2);
	return run_until(line);
}

#define TABLET_LINE     "pad 1: 0627:0001 on UHCI port 2, HID tablet (padtest), axes X Y, hat no, buttons 3"

/* 200 ms of NAKs on its first requests (well inside CONTROL_MS, 1 s): attached, nothing dropped. */
static void a_pad_that_naks_for_a_while_is_attached(void **state)
{
	(void)state;
	simdev[0].naks = 200;
	assert_true(plug2(&tablet, TABLET_LINE));
	assert_int_equal(simdev_naked, 200);
	assert_null(strstr(logbuf, "timeout"));
	assert_int_equal(simdev_drops, 0);
	unplug2();
}

/* NAKs past CONTROL_MS: that request times out (logged, bounded), the device layer tries again, attached. */
static void a_pad_that_naks_too_long_is_timed_out_then_tried_again(void **state)
{
	uint32_t t0 = sim.now_ms;

	(void)state;
	simdev[0].naks = 5000;
	assert_true(plug2(&tablet, TABLET_LINE));
	assert_non_null(strstr(logbuf, "uhci0: timeout: control transfer (request 06, address 2, 1000 ms)"));
	assert_non_null(strstr(logbuf, "usb: port 2: no device descriptor (try 1 of 3)"));
	assert_true(sim.now_ms - t0 < 3000);
	unplug2();
}

/* EP0 packets of 7 bytes (wMaxPacketSize 64): the device descriptor comes short, refused with the reason, then read again. */
static void short_packets_in_a_descriptor_read_are_refused_with_the_reason(void **state)
{
	(void)state;
	simdev[0].ep0_short = 7;
	assert_true(plug2(&tablet, TABLET_LINE));
	assert_non_null(strstr(logbuf, "usb: port 2: no device descriptor (try 1 of 3)"));
	unplug2();
}

/* GET_DESCRIPTOR(report) stalled once: asked again, the pad attached (usbpad.c RDESC_TRIES). */
static void a_stall_once_on_the_report_descriptor_is_asked_again(void **state)
{
	(void)state;
	simdev_stall_once(&simdev[0], 0x06, 0x22);
	assert_true(plug2(&tablet, TABLET_LINE));
	assert_int_equal(simdev_stalls, 1);
	assert_non_null(strstr(logbuf, "uhci0: address 2: request 06 failed"));
	assert_int_equal(simdev_drops, 0);
}

/* Babble on interrupt IN: the TD retried, the next report flows; babble on and on: the endpoint given up, the controller lives. */
static void babble_on_interrupt_in_is_retried_then_given_up(void **state)
{
	const uint8_t r[8] = { 0x01, 0x00, 0x00, 0xFF, 0x7F, 0x00 };
	uint8_t a;
	PadState st;

	(void)state;
	for (a = 127; a > 0 && by_addr[a] != &tablet; a--)
		;
	simdev[a].babble = 1;
	memcpy(sim.report, r, 8);
	sim.report_addr = a;
	sim.report_ready = true;
	for (int ms = 0; ms < 64 && sim.report_ready; ms++) {
		wait_ms(1);
		usbdev_tick();
	}
	assert_false(sim.report_ready);
	usbdev_tick();
	assert_int_equal(simdev_babbles, 1);
	assert_non_null(strstr(logbuf, "interrupt transfer failed"));
	assert_true(usbpad_get(1, &st));
	assert_int_equal(st.reports, 1);
	simdev[a].babble = 1000;
	sim.report_ready = true;
	for (int ms = 0; ms < 1000 && !strstr(logbuf, "interrupt endpoint given up"); ms++) {
		wait_ms(1);
		usbdev_tick();
	}
	assert_non_null(strstr(logbuf, "interrupt endpoint given up after 50 failures"));
	assert_true(hc->ops->running == NULL || hc->ops->running(hc));
	unplug2();
}

/* The address the device at `p` answers at now (the last SET_ADDRESS that reached it); 0 if none. */
static uint8_t addr_now(const SimPad *p)
{
	for (int a = 127; a > 0; a--)
		if (by_addr[a] == p)
			return (uint8_t)a;
	return 0;
}

/*
 * A device no class takes (the tablet, tablets not taken) still answers at its address on the
 * bus: it keeps it until it is pulled out, so the next device gets another one (two devices at
 * one address else); pulled out, its address is free again.
 */
static void an_ignored_device_keeps_its_address_until_it_is_pulled_out(void **state)
{
	uint8_t ignored, pad;

	(void)state;
	sim.portsc[1] = (uint16_t)((sim.portsc[1] & ~(PORT_CCS | PORT_PE)) | PORT_CSC);
	assert_true(run_until("pad 0: 0079:0006 on UHCI port 1 removed after"));
	memset(by_addr, 0, sizeof by_addr);
	usbpad_take_tablets(false);
	assert_true(plug2(&tablet, "usb: port 2: 0627:0001 HID device (class 03.00.00): not a boot keyboard, ignored"));
	ignored = addr_now(&tablet);
	assert_int_equal(ignored, 1);                   /* the lowest free: the pad's, given back when it left */
	logbuf[0] = '\0';
	enumerating = &dragonrise;
	sim_plug(1);
	assert_true(run_until("pad 0: 0079:0006 on UHCI port 1"));
	pad = addr_now(&dragonrise);
	assert_int_not_equal(pad, 0);
	assert_int_not_equal(pad, ignored);
	assert_ptr_equal(by_addr[ignored], &tablet);    /* nobody else was sent to its address */
	sim.portsc[2] = (uint16_t)((sim.portsc[2] & ~(PORT_CCS | PORT_PE)) | PORT_CSC);
	for (int ms = 0; ms < 200; ms++) {
		usbdev_service();
		usbdev_tick();
		wait_ms(1);
	}
	by_addr[ignored] = NULL;
	assert_true(plug2(&tablet, "not a boot keyboard, ignored"));
	assert_int_equal(addr_now(&tablet), ignored);   /* pulled out, its address came back */
	usbpad_take_tablets(true);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(a_pad_at_boot_is_attached_through_the_root_port),
	cmocka_unit_test(a_second_pad_plugged_in_while_running),
	cmocka_unit_test(a_pad_pulled_out),
	cmocka_unit_test(a_pad_that_naks_for_a_while_is_attached),
	cmocka_unit_test(a_pad_that_naks_too_long_is_timed_out_then_tried_again),
	cmocka_unit_test(short_packets_in_a_descriptor_read_are_refused_with_the_reason),
	cmocka_unit_test(a_stall_once_on_the_report_descriptor_is_asked_again),
	cmocka_unit_test(babble_on_interrupt_in_is_retried_then_given_up),
	cmocka_unit_test(an_ignored_device_keeps_its_address_until_it_is_pulled_out),
};

int main(int argc, char **argv)
{
	if (testmain_filter("usbpad_uhci", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("usbpad_uhci", tests, group_setup, NULL);
}
