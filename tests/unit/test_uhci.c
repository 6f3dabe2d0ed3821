/*
 * test_uhci.c: the UHCI driver (drivers/usb/uhci.c, uhcixfer.c) — its TD and QH builders bit by
 * bit (UHCI 1.1 section 3.2), and the driver on a simulated controller (uhcisim.h): bring-up
 * timings, a port reset held 50 ms before the port is enabled, SET_ADDRESS as the first request,
 * keys through the interrupt ring, and what QEMU cannot do: an HCRESET that never ends, a
 * transfer that never completes, interrupt transfers that keep failing (each bounded, a COM1
 * line, the controller left running). The bounded wait is faked: each ask is one frame, one ms.
 */
#include <stdarg.h>
#include <stdio.h>

#include "testmain.h"

#include "uhci.h"
#include "uhcisim.h"
#include "usbhid.h"
#include "wait.h"

#define USAGE_RIGHT     0x4F            /* HID usage: Right Arrow */

#include "simplatform.h"    /* drvlog into logbuf, the waits stepping the simulation */

#include "hcfix.h"           /* the device layer's side, the kernel's page allocator */

#define HCSIM_NAME      "uhci0"

static UsbHc *hcsim_start_hc(void)
{
	assert_true(uhci_claim(0, SIM_IO, test_alloc));
	return uhci_start(0);
}

/* The control QH's element pointer terminated: no TD of the transfer left. */
static void hcsim_assert_ctrl_idle(void)
{
	assert_int_equal(((UhciMem *)(uintptr_t)sim.flbase)->ctrl.element, LINK_TERM);
}

#include "hcsimfix.h"        /* the start, a key report, the cases both controllers share */

static void the_token_packs_pid_address_endpoint_toggle_and_length(void **state)
{
	(void)state;
	/* IN, address 5, endpoint 1, DATA1, 8 bytes: MaxLen 7 in 31:21, D 19, EndPt 18:15, addr 14:8 */
	assert_int_equal(uhci_token(PID_IN, 5, 1, 1, 8), 7u << 21 | 1u << 19 | 1u << 15 | 5u << 8 | 0x69);
	assert_int_equal(uhci_token(PID_SETUP, 0, 0, 0, 8), 7u << 21 | 0x2D);
	assert_int_equal(uhci_token(PID_OUT, 127, 15, 0, 64), 63u << 21 | 15u << 15 | 127u << 8 | 0xE1);
	assert_int_equal(uhci_token(PID_IN, 3, 0, 1, 0), 0x7FFu << 21 | 1u << 19 | 3u << 8 | 0x69);  /* null */
	assert_int_equal(uhci_token(PID_IN, 3, 0, 2, 1) & (1u << 19), 0);      /* the toggle is one bit */
}

static void the_status_says_active_three_tries_and_low_speed_and_spd_when_asked(void **state)
{
	(void)state;
	assert_int_equal(uhci_td_status(false, false), 1u << 23 | 3u << 27);
	assert_int_equal(uhci_td_status(true, false), 1u << 23 | 3u << 27 | 1u << 26);
	assert_int_equal(uhci_td_status(false, true), 1u << 23 | 3u << 27 | 1u << 29);
	assert_int_equal(TD_ACTLEN(0x7FF), 0);          /* a null packet moved nothing */
	assert_int_equal(TD_ACTLEN(7), 8);
}

static void links_say_td_or_qh_depth_first_and_terminate(void **state)
{
	(void)state;
	assert_int_equal(uhci_link_td(0x12340, true), 0x12344);
	assert_int_equal(uhci_link_td(0x12340, false), 0x12340);
	assert_int_equal(uhci_link_qh(0x12340), 0x12342);
	assert_int_equal(uhci_link_qh(0x1234F), 0x12342);       /* low bits are the controller's */
	assert_int_equal(LINK_TERM, 1);
}

/*
 * Issue 32: the start a step at a time (uhci_start_step): no step waits
 * (each goes on at most the simulation's one millisecond a step that waits),
 * GRESET still held 50 ms, and the controller runs in the end.
 */
static void the_start_is_steps_that_never_wait(void **state)
{
	UsbHc *up = NULL;
	StepResult r;
	int steps = 0;

	(void)state;
	hcsim_fresh();
	assert_true(uhci_claim(0, SIM_IO, test_alloc));
	do {
		uint32_t t0 = sim.now_ms;

		r = uhci_start_step(0, &up);
		assert_in_range(sim.now_ms - t0, 0, 1);
		steps++;
	} while (r == STEP_MORE && steps < 1000);
	assert_int_equal(r, STEP_DONE);
	assert_non_null(up);
	assert_true(steps >= 60);                                       /* GRESET 50 ms, then 10 */
	assert_true(sim.greset_off_ms - sim.greset_on_ms >= 50);
	assert_int_equal(uhci_start_step(0, &up), STEP_FAILED);         /* asked again after its end */
	assert_null(up);
}

static void bring_up_holds_greset_and_builds_the_frame_list(void **state)
{
	UhciMem *m;
	uint32_t link;
	int hops = 0;

	(void)state;
	hcsim_fresh();
	assert_true(uhci_claim(0, SIM_IO, test_alloc));
	hc = uhci_start(0);
	assert_non_null(hc);
	assert_true(sim.greset_off_ms - sim.greset_on_ms >= 10);        /* UHCI 1.1: 10 ms at least */
	assert_int_equal(sim.cmd & (CMD_RS | CMD_CF | CMD_HCRESET), CMD_RS | CMD_CF);
	assert_int_equal(sim.intr, 0);                                  /* we poll */
	assert_int_equal(sim.flbase & 0xFFF, 0);
	m = (UhciMem *)(uintptr_t)sim.flbase;
	for (int f = 0; f < FRAMES; f++)
		assert_int_equal(m->frames[f] & 0x0F, LINK_QH);
	assert_int_equal(m->frames[1], uhci_link_qh(uhci_addr32(&m->skel[0])));
	assert_int_equal(m->frames[8], uhci_link_qh(uhci_addr32(&m->skel[3])));
	assert_int_equal(m->frames[0], uhci_link_qh(uhci_addr32(&m->skel[7])));
	for (link = m->frames[0]; !(link & LINK_TERM) && hops < 16; hops++)
		link = ((UhciQh *)(uintptr_t)(link & ~0x0Fu))->head;
	assert_int_equal(hops, SKEL_INTR + 1);          /* skel[7] .. skel[0], then the control QH */
	assert_non_null(strstr(logbuf, "uhci0: running at 0xc000: 2 ports"));
}

static void a_port_reset_is_held_50_ms_then_the_port_is_enabled(void **state)
{
	(void)state;
	hcsim_start_low_speed();
	assert_true(sim.pr_off_ms[1] - sim.pr_on_ms[1] >= 50);
	assert_true(sim.portsc[1] & PORT_PE);
	assert_false(sim.portsc[1] & PORT_CSC);        /* the reset's own connect change is not news */
	assert_int_equal(hc->ops->port_changes(hc), 0);
}

static void the_first_request_is_set_address_to_address_0_at_its_speed(void **state)
{
	(void)state;
	hcsim_first_request_is_set_address();
	assert_int_equal(sim.setup_tokens[0], uhci_token(PID_SETUP, 0, 0, 0, 8));
	assert_true(sim.setup_status[0] & TD_LS);
}

static void a_short_in_data_stage_ends_at_the_status_stage(void **state)
{
	UsbSetup get = { .type = USB_REQ_IN, .request = 6, .value = 0x0100, .length = 18 };
	uint8_t buf[18] = { 0 };
	uint16_t got = 0;

	(void)state;
	sim.ctrl_in_len = 12;                   /* 8 + 4 of 18: short in the second packet */
	for (int i = 0; i < 12; i++)
		sim.ctrl_in[i] = (uint8_t)(0xA0 + i);
	assert_true(hc->ops->control(hc, kbd, &get, buf, &got));
	assert_int_equal(got, 12);
	assert_int_equal(buf[11], 0xAB);
}

static void keys_flow_through_the_interrupt_ring(void **state)
{
	(void)state;
	hcsim_keys_flow();
	for (int i = 0; i < sim.nintr; i++)     /* DATA0, DATA1, ... in the order they moved */
		assert_int_equal(sim.intr_tokens[i], uhci_token(PID_IN, 1, 1, (uint8_t)(i & 1), 8));
}

static void an_hcreset_that_never_ends_is_a_bounded_timeout(void **state)
{
	(void)state;
	hcsim_fresh();
	sim.hcreset_hangs = true;
	assert_true(uhci_claim(0, SIM_IO, test_alloc));
	assert_null(uhci_start(0));
	assert_true(sim.now_ms < 200);
	assert_non_null(strstr(logbuf, "uhci0: timeout: HCRESET (10 ms)"));
	assert_non_null(strstr(logbuf, "uhci0: controller given up"));
}

static void a_transfer_that_never_completes_is_a_bounded_timeout_and_the_controller_lives(void **state)
{
	(void)state;
	hcsim_transfer_never_completes();
}

static void interrupt_transfers_that_keep_failing_are_given_up_the_controller_lives(void **state)
{
	(void)state;
	sim.ctrl_in_len = 8;                    /* what the last GET_DESCRIPTOR brings */
	hcsim_intr_keep_failing("interrupt transfer failed (status");
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(the_token_packs_pid_address_endpoint_toggle_and_length),
	cmocka_unit_test(the_status_says_active_three_tries_and_low_speed_and_spd_when_asked),
	cmocka_unit_test(links_say_td_or_qh_depth_first_and_terminate),
	cmocka_unit_test(bring_up_holds_greset_and_builds_the_frame_list),
	cmocka_unit_test(the_start_is_steps_that_never_wait),
	cmocka_unit_test(a_port_reset_is_held_50_ms_then_the_port_is_enabled),
	cmocka_unit_test(the_first_request_is_set_address_to_address_0_at_its_speed),
	cmocka_unit_test_setup(a_short_in_data_stage_ends_at_the_status_stage, hcsim_kbd_setup),
	cmocka_unit_test_setup(keys_flow_through_the_interrupt_ring, hcsim_kbd_setup),
	cmocka_unit_test(an_hcreset_that_never_ends_is_a_bounded_timeout),
	cmocka_unit_test_setup(a_transfer_that_never_completes_is_a_bounded_timeout_and_the_controller_lives, hcsim_kbd_setup),
	cmocka_unit_test_setup(interrupt_transfers_that_keep_failing_are_given_up_the_controller_lives, hcsim_kbd_setup),
};

int main(int argc, char **argv)
{
	if (testmain_filter("uhci", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
