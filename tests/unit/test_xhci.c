/*
 * test_xhci.c: the xHCI driver (drivers/usb/xhci.c, xhciport.c, xhciring.c, xhcibulk.c) on a simulated
 * controller (xhcisim.h) — what QEMU 7.2 cannot emulate (issue 27): an interrupt endpoint
 * that ends a transfer with a transaction error, a stall or a missed service (recovered: keys
 * flow again), and a command that never completes (that command aborted, the controller alive).
 * The bounded wait is faked: each ask steps the controller and advances a millisecond clock.
 */
#include <stdarg.h>
#include <stdio.h>

#include "testmain.h"

#include "usbhid.h"
#include "io.h"
#include "wait.h"
#include "xhcisim.h"

#define KBD_DCI         3               /* endpoint 0x81 */
#define USAGE_RIGHT     0x4F            /* HID usage: Right Arrow */
#define COMMAND_TIMEOUT_MS 5000         /* xhciring.c's COMMAND_MS */

#include "simplatform.h"    /* drvlog into logbuf, the waits stepping the simulation */

#include "hcfix.h"           /* the device layer's side, the kernel's page allocator */
#include "claimsteps.h"      /* the hand-off tests: a claim stepped as the main loop steps it */

/* A keyboard at root port 1: slot enabled and addressed, its interrupt endpoint running. */
static int setup(void **state)
{
	UsbDevAddr where = { .port = 1, .speed = USB_SPEED_HIGH };
	UsbEndpoint ep = { .address = 0x81, .max_packet = 8, .interval = 7 };

	(void)state;
	sim.now_ms = 0;
	sim_reset();
	logbuf[0] = '\0';
	memset(prev, 0, sizeof prev);
	memset(downs, 0, sizeof downs);
	reports = 0;
	testram_reset();
	assert_true(xhci_claim(0, (uintptr_t)sim.regs, test_alloc));
	hc = xhci_start(0);
	assert_non_null(hc);
	hc->events = &events;
	kbd = hc->ops->dev_add(hc, NULL, &where);
	assert_int_equal(kbd, 1);
	assert_true(hc->ops->intr_in(hc, kbd, &ep));
	sim.ncmds = 0;
	sim.nsetups = 0;
	return 0;
}

/* The device sends a report; the timer IRQ's poll takes it. */
static void key_report(const uint8_t *report)
{
	assert_true(sim_intr(kbd, KBD_DCI, CC_SUCCESS, report, 8));
	hc->ops->poll(hc);
}

/* Right goes down and up on the keyboard: did the key-down arrive? */
static int right_taps(void)
{
	int before = downs[USAGE_RIGHT];

	key_report(right_down);
	key_report(all_up);
	return downs[USAGE_RIGHT] - before;
}

static void keys_flow_on_a_healthy_endpoint(void **state)
{
	(void)state;
	assert_int_equal(right_taps(), 1);
	assert_int_equal(sim_queued(kbd, KBD_DCI), INTR_INFLIGHT);     /* each buffer taken is requeued */
	assert_int_equal(sim.ncmds, 0);
}

/* A halting completion code, then the main loop's check: which commands did the controller get? */
static void halt_then_check(uint32_t cc)
{
	assert_int_equal(right_taps(), 1);
	assert_true(sim_intr(kbd, KBD_DCI, cc, NULL, 0));
	hc->ops->poll(hc);
	assert_int_equal(sim.ep[kbd][KBD_DCI].state, EP_STATE_HALTED);
	assert_false(sim_intr(kbd, KBD_DCI, CC_SUCCESS, right_down, 8));    /* halted: nothing comes */
	assert_true(hc->ops->check(hc));
}

static void assert_recovery_commands(void)
{
	assert_int_equal(sim.ncmds, 2);
	assert_int_equal(sim.cmds[0].type, TRB_RESET_EP);
	assert_int_equal(sim.cmds[0].slot, kbd);
	assert_int_equal(sim.cmds[0].ep, KBD_DCI);
	assert_int_equal(sim.cmds[1].type, TRB_SET_TR_DEQUEUE);
	assert_int_equal(sim.cmds[1].ep, KBD_DCI);
	assert_int_equal(sim.cmds[1].p0 & 1, 1);                        /* DCS 1: a fresh ring */
	assert_int_equal(*sim_reg(SIM_DB + 4 * kbd), KBD_DCI);          /* the doorbell rang after it */
	sim_step();
	assert_int_equal(sim.ep[kbd][KBD_DCI].state, EP_STATE_RUNNING);
	assert_int_equal(sim.ep[kbd][KBD_DCI].deq, sim.cmds[1].p0 & ~0xFu);
	assert_int_equal(sim_queued(kbd, KBD_DCI), INTR_INFLIGHT);
}

static void a_transaction_error_is_recovered_and_keys_flow_again(void **state)
{
	(void)state;
	halt_then_check(CC_TRANSACTION);
	assert_recovery_commands();
	assert_int_equal(sim.nsetups, 0);                               /* no CLEAR_FEATURE: not a stall */
	assert_non_null(strstr(logbuf, "slot 1: interrupt endpoint recovered (completion code 4)"));
	assert_int_equal(right_taps(), 1);
	assert_int_equal(right_taps(), 1);
}

/* Babble on interrupt IN (more came than the TRB holds): halted, reset as a transaction error, keys flow again. */
static void babble_on_interrupt_in_is_recovered_and_keys_flow_again(void **state)
{
	(void)state;
	halt_then_check(CC_BABBLE);
	assert_recovery_commands();
	assert_int_equal(sim.nsetups, 0);
	assert_non_null(strstr(logbuf, "slot 1: interrupt endpoint recovered (completion code 3)"));
	assert_int_equal(right_taps(), 1);
}

static void a_stall_is_recovered_with_clear_feature_halt_and_keys_flow_again(void **state)
{
	(void)state;
	halt_then_check(CC_STALL);
	assert_recovery_commands();
	assert_int_equal(sim.nsetups, 1);                               /* the device's side of the halt */
	assert_int_equal(sim.setups[0].type, 0x02);                     /* standard, endpoint, OUT */
	assert_int_equal(sim.setups[0].request, 0x01);                  /* CLEAR_FEATURE */
	assert_int_equal(sim.setups[0].value, 0);                       /* ENDPOINT_HALT */
	assert_int_equal(sim.setups[0].index, 0x81);
	assert_int_equal(right_taps(), 1);
}

static void a_missed_service_needs_no_command_and_keys_keep_flowing(void **state)
{
	(void)state;
	assert_true(sim_intr(kbd, KBD_DCI, CC_MISSED_SERVICE, NULL, 0));
	hc->ops->poll(hc);
	assert_true(hc->ops->check(hc));
	assert_int_equal(sim.ncmds, 0);
	assert_int_equal(sim.ep[kbd][KBD_DCI].state, EP_STATE_RUNNING);
	assert_int_equal(sim_queued(kbd, KBD_DCI), INTR_INFLIGHT);     /* the buffer it ended was requeued */
	assert_int_equal(right_taps(), 1);
}

static void an_endpoint_that_halts_again_and_again_is_given_up_the_controller_lives(void **state)
{
	int halts = 0;

	(void)state;
	while (sim_intr(kbd, KBD_DCI, CC_TRANSACTION, NULL, 0) && halts < 20) {
		hc->ops->poll(hc);
		assert_true(hc->ops->check(hc));
		halts++;
	}
	assert_int_equal(halts, 9);                     /* INTR_RECOVER_MAX recoveries, then given up */
	assert_non_null(strstr(logbuf, "interrupt endpoint halted 8 times in a row, given up"));
	assert_true(hc->ops->running(hc));
}

static void a_command_that_never_completes_is_aborted_and_the_controller_lives(void **state)
{
	UsbDevAddr where = { .port = 1, .speed = USB_SPEED_FULL };
	uint32_t start = sim.now_ms;

	(void)state;
	sim.hang_type = TRB_EVALUATE_CTX;
	assert_false(hc->ops->set_mps0(hc, kbd, 64));
	assert_true(sim.now_ms - start >= COMMAND_TIMEOUT_MS);         /* not given up early */
	assert_true(sim.abort_seen);
	assert_false(sim.crr);
	assert_non_null(strstr(logbuf, "xhci0: timeout: Evaluate Context (5000 ms)"));
	assert_non_null(strstr(logbuf, "xhci0: Evaluate Context aborted, command ring restarted"));
	assert_null(strstr(logbuf, "given up"));
	assert_true(hc->ops->running(hc));
	assert_true(hc->ops->check(hc));
	sim.hang_type = 0;
	sim.ncmds = 0;
	assert_int_equal(hc->ops->dev_add(hc, NULL, &where), 2);      /* the next commands complete */
	assert_int_equal(sim.cmds[0].type, TRB_ENABLE_SLOT);
	assert_int_equal(sim.cmds[1].type, TRB_ADDRESS_DEVICE);
	assert_int_equal(right_taps(), 1);                              /* and the keyboard still types */
}

static void a_command_ring_that_never_stops_gives_the_controller_up(void **state)
{
	(void)state;
	sim.hang_type = TRB_EVALUATE_CTX;
	sim.ignore_abort = true;
	assert_false(hc->ops->set_mps0(hc, kbd, 64));
	assert_true(sim.abort_seen);
	assert_non_null(strstr(logbuf, "command ring abort (5000 ms), controller given up"));
	assert_false(hc->ops->running(hc));
}

/*
 * Controller Not Ready at hand-over (held 30 ms) and again for 20 ms after
 * HCRST: nothing is written to an operational register before CNR clears,
 * no register is touched sooner than 1 ms after HCRST, and the controller
 * runs in the end.
 */
static void cnr_is_waited_for_and_hcrst_is_followed_by_a_pause(void **state)
{
	(void)state;
	sim.now_ms = 0;
	sim.cnr_after_reset_ms = 20;
	sim_reset();
	sim.cnr_until_ms = 30;
	logbuf[0] = '\0';
	testram_reset();
	assert_true(xhci_claim(0, (uintptr_t)sim.regs, test_alloc));
	assert_true(sim.now_ms >= 30);                  /* claim waited for CNR */
	assert_int_equal(sim.writes_while_cnr, 0);
	hc = xhci_start(0);
	assert_non_null(hc);
	assert_true(sim.hcrst_seen);
	assert_int_equal(sim.accesses_after_hcrst, 0);
	assert_int_equal(sim.writes_while_cnr, 0);      /* nor after the reset, while CNR was set again */
	assert_true(sim.now_ms >= sim.hcrst_ms + 20);
	assert_true(hc->ops->running(hc));
	sim.cnr_after_reset_ms = 0;
}

/* The simulation itself: a write while CNR is set, and a read right after HCRST, are both caught. */
static void the_simulation_catches_an_early_write_and_an_early_read(void **state)
{
	(void)state;
	sim.now_ms = 0;
	sim_reset();
	sim.cnr_until_ms = 10;
	mmio_write32((uintptr_t)sim_reg(SIM_OP + OP_CONFIG), 1);
	assert_int_equal(sim.writes_while_cnr, 1);
	assert_true(mmio_read32((uintptr_t)sim_reg(SIM_OP + OP_USBSTS)) & STS_CNR);
	sim.now_ms = 10;
	assert_false(mmio_read32((uintptr_t)sim_reg(SIM_OP + OP_USBSTS)) & STS_CNR);
	mmio_write32((uintptr_t)sim_reg(SIM_OP + OP_USBCMD), CMD_HCRST);
	mmio_read32((uintptr_t)sim_reg(SIM_OP + OP_USBSTS));
	assert_int_equal(sim.accesses_after_hcrst, 1);
	sim.now_ms++;
	mmio_read32((uintptr_t)sim_reg(SIM_OP + OP_USBSTS));
	assert_int_equal(sim.accesses_after_hcrst, 1);
}

/* A controller with USB legacy support, BIOS-owned and SMIs on, whose BIOS lets go at hold_ms. */
static void bios_owns_until(uint32_t hold_ms)
{
	sim.now_ms = 0;
	sim_reset();
	logbuf[0] = '\0';
	testram_reset();
	*sim_reg(CAP_HCCPARAMS1) |= (SIM_LEGSUP / 4) << 16;
	*sim_reg(SIM_LEGSUP) = XCAP_LEGACY | LEGACY_BIOS_OWNED;
	*sim_reg(SIM_LEGSUP + LEGACY_CTLSTS) = LEGACY_SMI_ENABLES;
	sim.bios_until_ms = hold_ms;
}

/* The BIOS keeps the controller 300 ms: a step a millisecond meanwhile, then it is the OS's, SMIs off. */
static void a_bios_hand_off_of_300_ms_is_stepped(void **state)
{
	int steps;

	(void)state;
	bios_owns_until(300);
	assert_true(xhci_claim_begin(0, (uintptr_t)sim.regs, test_alloc));
	assert_int_equal(claim_by_steps(xhci_claim_step, &steps), STEP_DONE);
	assert_in_range(sim.now_ms, 300, 302);
	assert_true(steps >= 300);
	assert_non_null(strstr(logbuf, "xhci0: legacy support: BIOS owned it, now OS-owned\n"));
	assert_null(strstr(logbuf, "anyway"));
	assert_int_equal(*sim_reg(SIM_LEGSUP) & (LEGACY_BIOS_OWNED | LEGACY_OS_OWNED), LEGACY_OS_OWNED);
	assert_int_equal(*sim_reg(SIM_LEGSUP + LEGACY_CTLSTS) & LEGACY_SMI_ENABLES, 0);
	hc = xhci_start(0);
	assert_non_null(hc);
	assert_true(hc->ops->running(hc));
}

/* A BIOS that never lets go: taken anyway after 1000 ms (its semaphore cleared, SMIs off), logged. */
static void a_bios_that_never_lets_go_is_overruled_after_a_second(void **state)
{
	int steps;

	(void)state;
	bios_owns_until(UINT32_MAX);
	assert_true(xhci_claim_begin(0, (uintptr_t)sim.regs, test_alloc));
	assert_int_equal(claim_by_steps(xhci_claim_step, &steps), STEP_DONE);
	assert_in_range(sim.now_ms, 1000, 1002);
	assert_true(steps >= 1000);
	assert_non_null(strstr(logbuf, "xhci0: timeout: BIOS hand-off (1000 ms)\n"
	                                "xhci0: taking the controller from the BIOS anyway\n"
	                                "xhci0: legacy support: BIOS owned it, now OS-owned\n"));
	assert_int_equal(*sim_reg(SIM_LEGSUP) & (LEGACY_BIOS_OWNED | LEGACY_OS_OWNED), LEGACY_OS_OWNED);
	assert_int_equal(*sim_reg(SIM_LEGSUP + LEGACY_CTLSTS) & LEGACY_SMI_ENABLES, 0);
}

/* Mass storage's pipes on slot 1 (xhcibulk.c): 0x81 IN (DCI 3 is the keyboard's; these are 0x82, 0x02). */
static const UsbEndpoint bulk_in = { .address = 0x82, .max_packet = 512 }, bulk_out = { .address = 0x02, .max_packet = 512 };
#define BULK_IN_DCI     5
#define BULK_OUT_DCI    4

static int bulk_setup(void **state)
{
	setup(state);
	sim.bulk_dcis[kbd] = 1u << BULK_IN_DCI | 1u << BULK_OUT_DCI;
	sim.bulk_cc = CC_SUCCESS;
	sim.bulk_in_len = 4096 + 600;
	return 0;
}

/* The first use configures the endpoint; IN data comes in chunks through the slot's page, OUT data goes out whole. */
static void bulk_transfers_move_the_bytes(void **state)
{
	static uint8_t buf[5000];
	uint8_t cbw[31];
	uint32_t got = 0;

	(void)state;
	assert_int_equal(hc->ops->bulk(hc, kbd, &bulk_in, buf, sizeof buf, &got, 1000), USB_XFER_OK);
	assert_int_equal(got, 4096 + 600);              /* a short packet in the second chunk ends it */
	for (uint32_t i = 0; i < got; i++)
		assert_int_equal(buf[i], (uint8_t)((i % 4096) ^ 0x5A));
	assert_int_equal(sim.cmds[0].type, TRB_CONFIGURE_EP);
	for (int i = 0; i < 31; i++)
		cbw[i] = (uint8_t)(i + 1);
	assert_int_equal(hc->ops->bulk(hc, kbd, &bulk_out, cbw, sizeof cbw, &got, 1000), USB_XFER_OK);
	assert_int_equal(got, 31);
	assert_int_equal(sim.bulk_out_len, 31);
	assert_memory_equal(sim.bulk_out, cbw, 31);
	assert_int_equal(sim.ncmds, 2);                 /* each endpoint configured once */
}

/* A stall is told apart from other errors, and the controller's side is reset (Reset Endpoint, Set TR Dequeue). */
static void a_bulk_stall_is_reported_and_the_endpoint_reset(void **state)
{
	uint8_t buf[13];
	uint32_t got = 0;

	(void)state;
	sim.bulk_cc = CC_STALL;
	assert_int_equal(hc->ops->bulk(hc, kbd, &bulk_in, buf, sizeof buf, &got, 1000), USB_XFER_STALL);
	assert_int_equal(sim.cmds[1].type, TRB_RESET_EP);
	assert_int_equal(sim.cmds[1].ep, BULK_IN_DCI);
	assert_int_equal(sim.cmds[2].type, TRB_SET_TR_DEQUEUE);
	assert_non_null(strstr(logbuf, "(stall)"));
	sim.bulk_cc = CC_SUCCESS;
	sim.bulk_in_len = 13;
	assert_int_equal(hc->ops->bulk(hc, kbd, &bulk_in, buf, sizeof buf, &got, 1000), USB_XFER_OK);
	assert_int_equal(got, 13);
}

/* A device that never answers: a bounded return after the timeout, logged, the endpoint stopped and rewound. */
static void a_bulk_timeout_is_bounded_logged_and_the_endpoint_stopped(void **state)
{
	uint8_t buf[512];
	uint32_t got = 0, t0;

	(void)state;
	sim.bulk_cc = 0;
	t0 = sim.now_ms;
	assert_int_equal(hc->ops->bulk(hc, kbd, &bulk_in, buf, sizeof buf, &got, 700), USB_XFER_TIMEOUT);
	assert_true(sim.now_ms - t0 >= 700 && sim.now_ms - t0 < 800);
	assert_non_null(strstr(logbuf, "xhci0: timeout: bulk transfer (700 ms)"));
	assert_int_equal(sim.cmds[1].type, 15);         /* Stop Endpoint */
	assert_int_equal(sim.cmds[2].type, TRB_SET_TR_DEQUEUE);
	sim.bulk_cc = CC_SUCCESS;
	sim.bulk_in_len = 512;
	assert_int_equal(hc->ops->bulk(hc, kbd, &bulk_in, buf, sizeof buf, &got, 1000), USB_XFER_OK);
	assert_int_equal(got, 512);
}

/*
 * Issue 32: its hub reported the port of a device during a bulk transfer
 * (cancel, from the wait's poll). A device that answers was a stale report:
 * the transfer ends as ever. One that does not (pulled) ends USB_GONE_GRACE_MS
 * later with an error, not at its 5 s timeout, with no command for its
 * endpoint; later transfers to it, control too, fail at once.
 */
static void a_cancelled_device_fails_its_transfers_soon(void **state)
{
	UsbSetup get = { .type = 0x80, .request = 0x06, .value = 0x0100, .length = 8 };
	uint8_t buf[512];
	uint32_t got = 0, t0;
	int cmds;

	(void)state;
	sim.bulk_cc = CC_SUCCESS;
	sim.bulk_in_len = 64;
	hc->ops->cancel(hc, kbd);       /* a stale report: the device answers */
	assert_int_equal(hc->ops->bulk(hc, kbd, &bulk_in, buf, 64, &got, 5000), USB_XFER_OK);
	assert_int_equal(got, 64);
	sim.bulk_cc = 0;                /* now it never answers */
	cmds = sim.ncmds;
	t0 = sim.now_ms;
	hc->ops->cancel(hc, kbd);
	assert_int_equal(hc->ops->bulk(hc, kbd, &bulk_in, buf, sizeof buf, &got, 5000), USB_XFER_ERROR);
	assert_in_range(sim.now_ms - t0, USB_GONE_GRACE_MS, USB_GONE_GRACE_MS + 50);
	assert_non_null(strstr(logbuf, "the device is gone"));
	t0 = sim.now_ms;
	assert_int_equal(hc->ops->bulk(hc, kbd, &bulk_in, buf, sizeof buf, &got, 5000), USB_XFER_ERROR);
	assert_false(hc->ops->control(hc, kbd, &get, buf, NULL));
	assert_true(sim.now_ms - t0 < 10);
	assert_int_equal(sim.ncmds, cmds);
	assert_null(strstr(logbuf, "timeout"));
}

/* CLEAR_FEATURE(ENDPOINT_HALT) on a bulk pipe (reset recovery): the controller's side starts over (drop + add). */
static void clearing_a_bulk_halt_restarts_our_side_too(void **state)
{
	UsbSetup clear = { .type = 0x02, .request = 0x01, .value = 0, .index = 0x82 };
	uint8_t buf[64];
	uint32_t got = 0;

	(void)state;
	sim.bulk_in_len = 64;
	assert_int_equal(hc->ops->bulk(hc, kbd, &bulk_in, buf, sizeof buf, &got, 1000), USB_XFER_OK);
	assert_true(hc->ops->control(hc, kbd, &clear, NULL, NULL));
	assert_int_equal(sim.ncmds, 2);
	assert_int_equal(sim.cmds[1].type, TRB_CONFIGURE_EP);
	sim.bulk_in_len = 64;
	assert_int_equal(hc->ops->bulk(hc, kbd, &bulk_in, buf, sizeof buf, &got, 1000), USB_XFER_OK);
	assert_int_equal(got, 64);
	clear.index = 0x81;                             /* the keyboard's interrupt pipe: no bulk endpoint, no command */
	assert_true(hc->ops->control(hc, kbd, &clear, NULL, NULL));
	assert_int_equal(sim.ncmds, 2);
	assert_int_equal(simdev_drops, 0);              /* the controller's toggle and the device's agreed throughout */
}

/*
 * SET_CONFIGURATION puts the device's bulk endpoints at DATA0 (USB 2.0 9.4.5); the controller
 * keeps our side, so the driver must add its bulk endpoints again (xHCI 4.6.6) or the next packet
 * goes with the old toggle and the device drops it (simdev.h).
 */
static void set_configuration_restarts_the_controllers_toggles(void **state)
{
	UsbSetup set_config = { .type = 0x00, .request = 0x09, .value = 1 };
	uint8_t buf[64];
	uint32_t got = 0;

	(void)state;
	sim.bulk_in_len = 64;
	assert_int_equal(hc->ops->bulk(hc, kbd, &bulk_in, buf, sizeof buf, &got, 1000), USB_XFER_OK);
	assert_int_equal(hc->ops->bulk(hc, kbd, &bulk_out, buf, sizeof buf, &got, 1000), USB_XFER_OK);
	assert_int_equal(simdev[kbd].toggle[2][1], 1);
	assert_true(hc->ops->control(hc, kbd, &set_config, NULL, NULL));
	assert_int_equal(simdev[kbd].toggle[2][1], 0);
	sim.bulk_in_len = 64;
	assert_int_equal(hc->ops->bulk(hc, kbd, &bulk_in, buf, sizeof buf, &got, 1000), USB_XFER_OK);
	assert_int_equal(hc->ops->bulk(hc, kbd, &bulk_out, buf, sizeof buf, &got, 1000), USB_XFER_OK);
	assert_int_equal(simdev_drops, 0);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test_setup(clearing_a_bulk_halt_restarts_our_side_too, bulk_setup),
	cmocka_unit_test_setup(set_configuration_restarts_the_controllers_toggles, bulk_setup),
	cmocka_unit_test_setup(bulk_transfers_move_the_bytes, bulk_setup),
	cmocka_unit_test_setup(a_bulk_stall_is_reported_and_the_endpoint_reset, bulk_setup),
	cmocka_unit_test_setup(a_bulk_timeout_is_bounded_logged_and_the_endpoint_stopped, bulk_setup),
	cmocka_unit_test_setup(a_cancelled_device_fails_its_transfers_soon, bulk_setup),
	cmocka_unit_test_setup(keys_flow_on_a_healthy_endpoint, setup),
	cmocka_unit_test_setup(a_transaction_error_is_recovered_and_keys_flow_again, setup),
	cmocka_unit_test_setup(babble_on_interrupt_in_is_recovered_and_keys_flow_again, setup),
	cmocka_unit_test_setup(a_stall_is_recovered_with_clear_feature_halt_and_keys_flow_again, setup),
	cmocka_unit_test_setup(a_missed_service_needs_no_command_and_keys_keep_flowing, setup),
	cmocka_unit_test_setup(an_endpoint_that_halts_again_and_again_is_given_up_the_controller_lives, setup),
	cmocka_unit_test_setup(a_command_that_never_completes_is_aborted_and_the_controller_lives, setup),
	cmocka_unit_test_setup(a_command_ring_that_never_stops_gives_the_controller_up, setup),
	cmocka_unit_test(cnr_is_waited_for_and_hcrst_is_followed_by_a_pause),
	cmocka_unit_test(the_simulation_catches_an_early_write_and_an_early_read),
	cmocka_unit_test(a_bios_hand_off_of_300_ms_is_stepped),
	cmocka_unit_test(a_bios_that_never_lets_go_is_overruled_after_a_second),
};

int main(int argc, char **argv)
{
	if (testmain_filter("xhci", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
