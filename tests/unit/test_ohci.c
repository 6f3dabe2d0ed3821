/*
 * test_ohci.c: the OHCI driver (drivers/usb/ohci.c, ohcixfer.c) — its ED and TD builders bit by
 * bit (OHCI 1.0a 4.2, 4.3), and the driver on a simulated controller (ohcisim.h): ownership from
 * SMM, reset with the frame interval, the HCCA's interrupt tree, per-port power, port reset to
 * PRSC, SET_ADDRESS first, keys through the interrupt ring; and what QEMU cannot do: SMM that
 * never lets go, an HCR that never ends, a transfer that never completes, interrupt transfers
 * that keep failing (each bounded, a COM1 line, the controller left running). The bounded wait
 * is faked: each ask is one frame, one ms.
 */
#include <stdarg.h>
#include <stdio.h>

#include "testmain.h"

#include "io.h"
#include "ohci.h"
#include "ohcisim.h"
#include "usbhid.h"
#include "wait.h"

#define USAGE_RIGHT     0x4F            /* HID usage: Right Arrow */

#include "simplatform.h"    /* drvlog into logbuf, the waits stepping the simulation */

#include "hcfix.h"           /* the device layer's side, the kernel's page allocator */
#include "claimsteps.h"      /* the hand-off tests: a claim stepped as the main loop steps it */

#define HCSIM_NAME      "ohci0"

static UsbHc *hcsim_start_hc(void)
{
	assert_true(ohci_claim(0, (uintptr_t)sim.regs, test_alloc));
	return ohci_start(0);
}

/* The control ED skipped and emptied (head == tail): no TD of the transfer left. */
static void hcsim_assert_ctrl_idle(void)
{
	OhciMem *m = ohci_of(hc)->mem;

	assert_true(m->ctrl.info & ED_SKIP);
	assert_int_equal(m->ctrl.head, m->ctrl.tail);
}

#include "hcsimfix.h"        /* the start, a key report, the cases both controllers share */

static void the_ed_packs_address_endpoint_direction_speed_skip_and_size(void **state)
{
	(void)state;
	/* FA 6:0, EN 10:7, D 12:11, S 13, K 14, MPS 26:16 */
	assert_int_equal(ohci_ed_info(5, 1, ED_DIR_IN, true, 8, true), 5u | 1u << 7 | 2u << 11 | 1u << 13 | 1u << 14 | 8u << 16);
	assert_int_equal(ohci_ed_info(127, 15, ED_DIR_OUT, false, 64, false), 127u | 15u << 7 | 1u << 11 | 64u << 16);
	assert_int_equal(ohci_ed_info(0, 0, ED_DIR_TD, false, 8, false), 8u << 16);
}

static void the_td_packs_pid_toggle_rounding_and_not_accessed(void **state)
{
	(void)state;
	/* CC 31:28 (15: not accessed), T 25:24 (1x: this TD's, 0x: the ED's), DI 23:21, DP 20:19, R 18 */
	assert_int_equal(ohci_td_info(TD_DP_SETUP, 0, false), 15u << 28 | 2u << 24 | 7u << 21);
	assert_int_equal(ohci_td_info(TD_DP_IN, 1, true), 15u << 28 | 3u << 24 | 7u << 21 | 2u << 19 | 1u << 18);
	assert_int_equal(ohci_td_info(TD_DP_OUT, 1, false), 15u << 28 | 3u << 24 | 7u << 21 | 1u << 19);
	assert_int_equal(ohci_td_info(TD_DP_IN, TD_TOGGLE_CARRY, true), 15u << 28 | 7u << 21 | 2u << 19 | 1u << 18);
}

static void bring_up_takes_it_from_smm_and_keeps_the_frame_interval(void **state)
{
	OhciMem *m;

	(void)state;
	hcsim_fresh();
	*sim_reg(HC_CONTROL) = CTL_IR | CTL_HCFS_OPER;
	assert_true(ohci_claim(0, (uintptr_t)sim.regs, test_alloc));
	assert_true(sim.ocr_seen);
	assert_non_null(strstr(logbuf, "ohci0: taken from SMM"));
	hc = ohci_start(0);
	assert_non_null(hc);
	assert_int_equal(*sim_reg(HC_FM_INTERVAL), FM_FIT | 10104u << 16 | 11999u);    /* FSMPS (6 (FI - 210)) / 7 */
	assert_int_equal(*sim_reg(HC_PERIODIC_START), 10799);
	assert_int_equal(*sim_reg(HC_CONTROL) & (CTL_HCFS_MASK | CTL_PLE | CTL_CLE), CTL_HCFS_OPER | CTL_PLE | CTL_CLE);
	assert_int_equal(*sim_reg(HC_HCCA) & 0xFF, 0);
	m = (OhciMem *)(uintptr_t)*sim_reg(HC_HCCA);
	assert_int_equal(m->hcca.intr[1], ohci_addr32(&m->skel[0]));
	assert_int_equal(m->hcca.intr[8], ohci_addr32(&m->skel[3]));
	assert_int_equal(m->hcca.intr[0], ohci_addr32(&m->skel[5]));
	assert_int_equal(m->skel[5].next, ohci_addr32(&m->skel[4]));
	assert_true(sim.global_power);
	assert_int_equal(sim.port_power, 0x06);
	assert_non_null(strstr(logbuf, "ohci0: 2 ports, power per port"));
}

/* SMM keeps the controller 300 ms after OwnershipChangeRequest: a step a millisecond meanwhile. */
static void smm_that_lets_go_after_300_ms_is_waited_for_stepwise(void **state)
{
	int steps;

	(void)state;
	hcsim_fresh();
	*sim_reg(HC_CONTROL) = CTL_IR;
	sim.smm_lets_go_ms = 300;
	assert_true(ohci_claim_begin(0, (uintptr_t)sim.regs, test_alloc));
	assert_int_equal(claim_by_steps(ohci_claim_step, &steps), STEP_DONE);
	assert_in_range(sim.now_ms, 300, 302);
	assert_true(steps >= 300);
	assert_non_null(strstr(logbuf, "ohci0: taken from SMM\n"));
	assert_null(strstr(logbuf, "anyway"));
	hc = ohci_start(0);
	assert_non_null(hc);
}

/*
 * A BIOS driver (operational) that switched a port off (SeaBIOS, for a device it has no driver for:
 * QEMU's OHCI then shows nobody there): the bus reset at take-over resets the root hub, the device
 * is seen again and is the device layer's news.
 */
static void a_port_the_bios_switched_off_has_its_device_back(void **state)
{
	UsbPortState st;

	(void)state;
	hcsim_fresh();
	*sim_reg(HC_CONTROL) = CTL_HCFS_OPER;
	sim_plug(1);
	sim.bios_off = 1u << 2;                         /* a device on port 2, its port powered down */
	assert_true(ohci_claim(0, (uintptr_t)sim.regs, test_alloc));
	hc = ohci_start(0);
	assert_non_null(hc);
	assert_int_equal(hc->ops->port_changes(hc), 0x06);
	st = hc->ops->port_state(hc, 2);
	assert_true(st.connected);
	assert_true(sim.now_ms >= 50);                  /* the bus held in reset (TDRSTR) first */
	st = hc->ops->port_state(hc, 1);
	assert_true(st.connected);
	assert_non_null(strstr(logbuf, "ohci0: taken from the BIOS driver (state 2), bus reset"));
}

static void smm_that_never_lets_go_is_a_bounded_timeout(void **state)
{
	int steps;

	(void)state;
	hcsim_fresh();
	*sim_reg(HC_CONTROL) = CTL_IR;
	sim.smm_ignores = true;
	assert_true(ohci_claim_begin(0, (uintptr_t)sim.regs, test_alloc));
	assert_int_equal(claim_by_steps(ohci_claim_step, &steps), STEP_DONE);
	assert_true(sim.now_ms >= 500 && sim.now_ms < 520);
	assert_true(steps >= 500);
	assert_non_null(strstr(logbuf, "ohci0: timeout: SMM ownership change (500 ms)\n"
	                                "ohci0: taking the controller from SMM anyway\n"));
}

static void an_hcr_that_never_ends_is_a_bounded_timeout(void **state)
{
	(void)state;
	hcsim_fresh();
	sim.hcr_hangs = true;
	assert_true(ohci_claim(0, (uintptr_t)sim.regs, test_alloc));
	assert_null(ohci_start(0));
	assert_true(sim.now_ms < 200);
	assert_non_null(strstr(logbuf, "ohci0: timeout: HCR (10 ms)"));
	assert_non_null(strstr(logbuf, "ohci0: controller given up"));
}

static void a_port_reset_waits_for_prsc_and_says_the_speed(void **state)
{
	(void)state;
	hcsim_start_low_speed();
	assert_int_equal(*sim_reg(HC_RH_PORT(1)) & (PORT_PRSC | PORT_CSC), 0);
	assert_int_equal(hc->ops->port_changes(hc), 0);
}

static void the_first_request_is_set_address_to_address_0_at_its_speed(void **state)
{
	(void)state;
	hcsim_first_request_is_set_address();
	assert_int_equal(sim.setup_ed[0], ohci_ed_info(0, 0, ED_DIR_TD, true, 8, false));
}

static void keys_flow_through_the_interrupt_ring(void **state)
{
	(void)state;
	hcsim_keys_flow();
}

static void a_transfer_that_never_completes_is_a_bounded_timeout_and_the_controller_lives(void **state)
{
	(void)state;
	hcsim_transfer_never_completes();
}

static void interrupt_transfers_that_keep_failing_are_given_up_the_controller_lives(void **state)
{
	(void)state;
	hcsim_intr_keep_failing("interrupt transfer failed (condition code 5)");
}

/*
 * The keyboard misbehaves (simdev.h): its next interrupt IN babbles (retried, the key still
 * arrives), then it NAKs 100 times and stalls its next GET_DESCRIPTOR (a failed request,
 * logged; the one after is answered).
 */
static void babble_naks_and_a_stall_once_are_survived(void **state)
{
	UsbSetup get = { .type = USB_REQ_IN, .request = 6, .value = 0x0100, .length = 8 };
	uint8_t buf[8];

	(void)state;
	simdev[kbd].babble = 1;
	memcpy(sim.report, right_down, 8);
	sim.report_ready = true;
	for (int i = 0; i < 4 && sim.report_ready; i++) {
		wait_until(NULL, NULL, 8, 0);
		hc->ops->poll(hc);
	}
	assert_false(sim.report_ready);
	hc->ops->poll(hc);
	assert_int_equal(simdev_babbles, 1);
	assert_non_null(strstr(logbuf, "interrupt transfer failed (condition code 8)"));
	assert_int_equal(downs[USAGE_RIGHT], 1);
	simdev[kbd].naks = 100;
	simdev_stall_once(&simdev[kbd], 0x06, 0x01);
	assert_false(hc->ops->control(hc, kbd, &get, buf, NULL));
	assert_true(hc->ops->control(hc, kbd, &get, buf, NULL));
	assert_int_equal(simdev_stalls, 1);
	assert_int_equal(simdev_naked, 100);
	assert_true(hc->ops->running(hc));
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(the_ed_packs_address_endpoint_direction_speed_skip_and_size),
	cmocka_unit_test(the_td_packs_pid_toggle_rounding_and_not_accessed),
	cmocka_unit_test(bring_up_takes_it_from_smm_and_keeps_the_frame_interval),
	cmocka_unit_test(smm_that_lets_go_after_300_ms_is_waited_for_stepwise),
	cmocka_unit_test(a_port_the_bios_switched_off_has_its_device_back),
	cmocka_unit_test(smm_that_never_lets_go_is_a_bounded_timeout),
	cmocka_unit_test(an_hcr_that_never_ends_is_a_bounded_timeout),
	cmocka_unit_test(a_port_reset_waits_for_prsc_and_says_the_speed),
	cmocka_unit_test(the_first_request_is_set_address_to_address_0_at_its_speed),
	cmocka_unit_test_setup(keys_flow_through_the_interrupt_ring, hcsim_kbd_setup),
	cmocka_unit_test_setup(a_transfer_that_never_completes_is_a_bounded_timeout_and_the_controller_lives, hcsim_kbd_setup),
	cmocka_unit_test_setup(interrupt_transfers_that_keep_failing_are_given_up_the_controller_lives, hcsim_kbd_setup),
	cmocka_unit_test_setup(babble_naks_and_a_stall_once_are_survived, hcsim_kbd_setup),
};

int main(int argc, char **argv)
{
	if (testmain_filter("ohci", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
