/*
 * test_usbpad_uhci.c: the game-controller class on the whole USB path of a UHCI controller — the
 * device layer's attach (debounce, port reset, SET_ADDRESS, descriptors) on the simulated
 * controller (uhcisim.h), whose devices the test's pads (padsim.h) answer by address: a pad at
 * boot, a second one plugged in while running, reports to each through the interrupt queues,
 * one pulled out. The tests run in order on one controller (a plug-in, then an unplug).
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

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(a_pad_at_boot_is_attached_through_the_root_port),
	cmocka_unit_test(a_second_pad_plugged_in_while_running),
	cmocka_unit_test(a_pad_pulled_out),
};

int main(int argc, char **argv)
{
	if (testmain_filter("usbpad_uhci", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("usbpad_uhci", tests, group_setup, NULL);
}
