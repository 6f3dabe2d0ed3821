/*
 * test_ehci.c: the EHCI driver (drivers/usb/ehci.c, ehciqh.c, ehcixfer.c; its builders alone:
 * test_ehciqh.c) on a simulated PCI configuration space and register file (simehci/io.h routes
 * both here), stepped one millisecond at a time by the fake bounded waits: BIOS hand-off,
 * schedules and CONFIGFLAG, a QH placed in the periodic tree, reports, the companion hand-off;
 * a reset, a port reset, a control and a bulk transfer that never complete are bounded
 * timeouts with a COM1 line.
 */
#include <stdarg.h>
#include <stdio.h>

#include "testmain.h"

#include "ehci.h"
#include "ehcireg.h"
#include "pci.h"
#include "wait.h"

#include "ehcisim.h"
#include "claimsteps.h"

static void claimed_started_schedules_and_configflag(void **state)
{
	(void)state;
	started();
	assert_int_equal(cfg32(EECP) & 0x01010000u, 0x01000000u);     /* OS owned, BIOS not */
	assert_int_equal(cfg32(EECP + 4), 0xE0000000u);                /* SMIs off */
	assert_int_equal(R(OP_USBCMD) & (CMD_RUN | CMD_PSE | CMD_ASE), CMD_RUN | CMD_PSE | CMD_ASE);
	assert_int_equal(R(OP_CONFIGFLAG) + R(OP_USBINTR), 1);         /* ports to the EHCI, polled */
	assert_int_equal(R(OP_PERIODICLISTBASE), (uint32_t)(uintptr_t)mem.frame);
	assert_int_equal(R(OP_ASYNCLISTADDR), (uint32_t)(uintptr_t)&mem.head);
	assert_int_equal(mem.head.link, (uint32_t)(uintptr_t)&mem.head | LINK_QH);      /* a ring of one */
	assert_true(mem.head.chars & QH_HEAD);
	for (uint8_t p = 1; p <= NPORTS; p++)
		assert_true(R(OP_PORTSC(p)) & PORT_PP);
	assert_non_null(strstr(logbuf, "ehci0: legacy support: BIOS owned it, let go"));
	assert_non_null(strstr(logbuf, "ehci0: running, every root port routed to it"));
}

/* Reset a root port as the device layer does: start, then ask until it is over. */
static uint8_t reset_port(UsbHc *hc, uint8_t p, uint32_t *took)
{
	uint32_t t0 = sim.now_ms;
	uint8_t speed;

	hc->ops->port_reset(hc, p);
	while ((speed = hc->ops->port_reset_done(hc, p)) == USB_RESET_PENDING)
		assert_true(sim.now_ms - t0 < 1000);
	*took = sim.now_ms - t0;
	return speed;
}

static void root_ports_high_speed_kept_full_and_low_speed_to_the_companion(void **state)
{
	uint32_t took;
	UsbHc *hc;

	(void)state;
	sim.speed[1] = USB_SPEED_HIGH;
	sim.speed[2] = USB_SPEED_FULL;
	sim.speed[3] = USB_SPEED_LOW;
	hc = started();
	assert_int_equal(hc->ops->port_changes(hc), 0x1E);     /* every port looked at once */
	assert_true(hc->ops->port_state(hc, 1).connected);
	assert_int_equal(reset_port(hc, 1, &took), USB_SPEED_HIGH);
	assert_true(took >= 50 && !sim.owned[1]);               /* TDRSTR; kept */
	assert_int_equal(reset_port(hc, 2, &took), 0);          /* not enabled: full speed */
	assert_true(took >= 50);
	assert_true(sim.owned[2]);
	assert_false(hc->ops->port_state(hc, 2).connected);
	assert_int_equal(reset_port(hc, 3, &took), 0);          /* line state K: low speed, no reset */
	assert_true(took < 5);
	assert_true(sim.owned[3]);
	assert_non_null(strstr(logbuf, "ehci0: port 2: full-speed device, handed to the companion controller"));
	assert_non_null(strstr(logbuf, "ehci0: port 3: low-speed device, handed to the companion controller"));
}

static void without_companions_a_full_speed_device_stays(void **state)
{
	uint32_t took;
	UsbHc *hc;

	(void)state;
	regs[1] = HCS_PPC | NPORTS;                             /* N_CC 0 */
	sim.speed[1] = USB_SPEED_FULL;
	hc = started();
	assert_int_equal(reset_port(hc, 1, &took), 0);
	assert_false(sim.owned[1]);
	assert_non_null(strstr(logbuf, "a full-speed device and no companion controller, skipped"));
}

/* A device added (SET_ADDRESS through the asynchronous ring) as the device layer does it. */
static uint8_t add_dev(UsbHc *hc, uint8_t speed, uint8_t tt_hub, uint8_t tt_port)
{
	UsbDevAddr where = { .port = 1, .route = tt_hub ? 0x2 : 0, .speed = speed, .tt_hub = tt_hub, .tt_port = tt_port };

	return hc->ops->dev_add(hc, NULL, &where);
}

static void split_interrupt_qh_in_the_periodic_tree(void **state)
{
	UsbEndpoint ep = { .address = 0x81, .max_packet = 8, .interval = 10 };
	uint8_t a;
	UsbHc *hc;

	(void)state;
	hc = started();
	a = add_dev(hc, USB_SPEED_FULL, 3, 2);
	assert_int_equal(a, 1);
	assert_true(sim.xfers >= 2);                            /* setup and status */
	assert_int_equal(mem.head.link, (uint32_t)(uintptr_t)&mem.head | LINK_QH);      /* unlinked again */
	assert_int_equal(mem.xfer.caps, ehci_qh_caps(USB_SPEED_FULL, 3, 2, false));
	assert_true(mem.xfer.chars & QH_CONTROL_EP);
	assert_true(hc->ops->intr_in(hc, a, &ep));
	assert_int_equal(mem.skel[3].link, (uint32_t)(uintptr_t)&mem.intr[0] | LINK_QH);        /* every 8 ms */
	assert_int_equal(mem.intr[0].link, (uint32_t)(uintptr_t)&mem.skel[2] | LINK_QH);
	assert_int_equal(mem.intr[0].chars, ehci_qh_chars(1, 1, USB_SPEED_FULL, 8, false, false));
	assert_int_equal(mem.intr[0].caps, 0x40000000u | 2u << 23 | 3u << 16 | 0x1C00u | 0x01u);
	assert_int_equal(mem.intr[0].next, (uint32_t)(uintptr_t)&mem.intr_td[0]);
	assert_int_equal(mem.intr_td[0].token, ehci_qtd_token(QTD_PID_IN, 8, false));
	assert_non_null(strstr(logbuf, "ehci0: port 1.2: full-speed device, address 1, "
	    "split transactions through hub 3 port 2"));
	hc->ops->dev_remove(hc, a);
	assert_int_equal(mem.skel[3].link, (uint32_t)(uintptr_t)&mem.skel[2] | LINK_QH);
}

static void on_report(UsbDev *owner, const uint8_t *data, size_t len)
{
	(void)owner;
	reported = len;
	report_first = data[0];
}

static const UsbHcEvents events = { .report = on_report };

/* The tick: a retired qTD is a report and is queued again; failures are retried, 50 in a row give it up. */
static void interrupt_reports_requeued_and_failures_given_up(void **state)
{
	UsbEndpoint ep = { .address = 0x81, .max_packet = 8, .interval = 7 };
	UsbHc *hc;

	(void)state;
	hc = started();
	hc->events = &events;
	assert_int_equal(add_dev(hc, USB_SPEED_HIGH, 0, 0), 1);
	assert_true(hc->ops->intr_in(hc, 1, &ep));
	assert_int_equal(mem.skel[3].link, (uint32_t)(uintptr_t)&mem.intr[0] | LINK_QH);        /* 64 uframes */
	hc->ops->poll(hc);
	assert_int_equal(reported, 0);                          /* still active: NAKed */
	mem.intr_buf[0][0] = 0x02;                              /* the controller: 6 of 8 bytes, retired */
	mem.intr_td[0].token = (mem.intr_td[0].token & ~(QTD_ACTIVE | 0x7FFF0000u)) | 2u << 16;
	mem.intr[0].next = LINK_T;
	hc->ops->poll(hc);
	assert_int_equal(reported, 6);
	assert_int_equal(report_first, 0x02);
	assert_int_equal(mem.intr_td[0].token, ehci_qtd_token(QTD_PID_IN, 8, false));   /* queued again */
	assert_int_equal(mem.intr[0].next, (uint32_t)(uintptr_t)&mem.intr_td[0]);
	for (int i = 0; i < 60; i++) {
		mem.intr_td[0].token = QTD_HALTED | 0x08;       /* transaction error, the QH halted */
		mem.intr[0].token |= QTD_HALTED;
		hc->ops->poll(hc);
		if (i == 0)
			assert_int_equal(mem.intr[0].token & QTD_HALTED, 0);    /* the halt cleared, retried */
	}
	assert_non_null(strstr(logbuf, "ehci0: port 1, address 1: interrupt transfer failed (token 00000048), retried"));
	assert_non_null(strstr(logbuf, "ehci0: port 1, address 1: interrupt endpoint given up after 50 failures"));
}

/* A controller that stops (host system error) is given up in the main loop, its ports back to the companions. */
static void a_controller_that_stops_gives_its_ports_back(void **state)
{
	UsbHc *hc;

	(void)state;
	hc = started();
	assert_true(hc->ops->check(hc));
	R(OP_USBSTS) |= STS_HSE;
	assert_false(hc->ops->check(hc) || hc->ops->running(hc));
	assert_int_equal(R(OP_CONFIGFLAG), 0);
	assert_non_null(strstr(logbuf, "ehci0: controller given up (stopped), its ports back to the companion controllers"));
}

static void a_reset_that_never_ends_is_a_bounded_timeout(void **state)
{
	(void)state;
	sim.reset_hangs = true;
	assert_false(ehci_claim(0, &dev, (uintptr_t)regs, alloc));
	assert_true(sim.now_ms < 400);
	assert_non_null(strstr(logbuf, "ehci0: timeout: HCRESET (250 ms)"));
	assert_int_equal(R(OP_CONFIGFLAG), 0);                  /* the ports with the companions */
}

/* The BIOS keeps the controller 300 ms: a step a millisecond meanwhile, then OS-owned, SMIs off, reset. */
static void a_bios_hand_off_of_300_ms_is_stepped(void **state)
{
	int steps;

	(void)state;
	sim.bios_lets_go_ms = 300;
	assert_true(ehci_claim_begin(0, &dev, (uintptr_t)regs, alloc));
	assert_int_equal(claim_by_steps(ehci_claim_step, &steps), STEP_DONE);
	assert_in_range(sim.now_ms, 300, 310);             /* the hand-off, then halt and HCRESET */
	assert_true(steps >= 300);
	assert_int_equal(cfg32(EECP) & 0x01010000u, 0x01000000u);
	assert_int_equal(cfg32(EECP + 4), 0xE0000000u);     /* SMI enables off */
	assert_non_null(strstr(logbuf, "ehci0: legacy support: BIOS owned it, let go\n"));
	assert_null(strstr(logbuf, "anyway"));
	assert_non_null(ehci_start(0));
}

static void a_bios_that_never_lets_go_is_a_bounded_timeout(void **state)
{
	int steps;

	(void)state;
	sim.bios_lets_go_ms = 0;
	assert_true(ehci_claim_begin(0, &dev, (uintptr_t)regs, alloc));
	assert_int_equal(claim_by_steps(ehci_claim_step, &steps), STEP_DONE);
	assert_true(sim.now_ms >= 1000 && sim.now_ms < 1400);
	assert_true(steps >= 1000);
	assert_int_equal(cfg32(EECP) & 0x01010000u, 0x01000000u);
	assert_int_equal(cfg32(EECP + 4), 0xE0000000u);
	assert_non_null(strstr(logbuf, "ehci0: timeout: BIOS hand-off (1000 ms), taken anyway\n"
	                                "ehci0: legacy support: BIOS owned it, let go\n"));
}

static void a_port_reset_that_never_ends_is_a_bounded_timeout(void **state)
{
	uint32_t took;
	UsbHc *hc;

	(void)state;
	sim.speed[1] = USB_SPEED_HIGH;
	sim.port_reset_hangs = true;
	hc = started();
	assert_int_equal(reset_port(hc, 1, &took), 0);
	assert_true(took < 100);
	assert_non_null(strstr(logbuf, "ehci0: timeout: port reset end (2 ms)"));
}

static void a_control_transfer_that_never_completes_is_a_bounded_timeout(void **state)
{
	uint32_t t0;
	UsbHc *hc;

	(void)state;
	hc = started();
	sim.xfers_complete = false;
	t0 = sim.now_ms;
	assert_int_equal(add_dev(hc, USB_SPEED_HIGH, 0, 0), 0);
	assert_true(sim.now_ms - t0 >= 1000 && sim.now_ms - t0 < 1200);
	assert_non_null(strstr(logbuf, "ehci0: timeout: control transfer (request 05, address 0, 1000 ms)"));
	assert_non_null(strstr(logbuf, "ehci0: port 1: SET_ADDRESS failed"));
	assert_int_equal(mem.head.link, (uint32_t)(uintptr_t)&mem.head | LINK_QH);
}

static void bulk_in_pieces_toggles_and_a_bulk_transfer_that_never_completes(void **state)
{
	static uint8_t buf[BULK_BUF + 512];
	UsbEndpoint in = { .address = 0x81, .max_packet = 512 };
	UsbSetup clear_halt = { .type = 0x02, .request = 0x01, .value = 0, .index = 0x81 };
	uint32_t got = 0, t0;
	UsbHc *hc;

	(void)state;
	hc = started();
	assert_int_equal(add_dev(hc, USB_SPEED_HIGH, 0, 0), 1);
	assert_int_equal(hc->ops->bulk(hc, 1, &in, buf, sizeof buf, &got, 0), USB_XFER_OK);
	assert_int_equal(got, sizeof buf);                      /* two qTDs: 16 KiB, then 512 bytes */
	assert_int_equal(buf[0], 0x5A);
	assert_int_equal(buf[sizeof buf - 1], 0x5A);
	assert_int_equal(mem.xfer.chars & (QH_DTC | QH_CONTROL_EP), QH_DTC);
	assert_int_equal(mem.bulk_td.token & QTD_TOGGLE, 0);    /* 32 packets, then the 33rd DATA0 */
	assert_int_equal(hc->ops->bulk(hc, 1, &in, buf, 512, &got, 0), USB_XFER_OK);
	assert_int_equal(mem.bulk_td.token & QTD_TOGGLE, QTD_TOGGLE);   /* DATA1 next */
	assert_true(hc->ops->control(hc, 1, &clear_halt, NULL, NULL));
	assert_int_equal(hc->ops->bulk(hc, 1, &in, buf, 512, &got, 0), USB_XFER_OK);
	assert_int_equal(mem.bulk_td.token & QTD_TOGGLE, 0);    /* CLEAR_FEATURE(ENDPOINT_HALT): DATA0 again */
	/* A STALL is told apart from errors and timeouts; our side of the toggle is DATA0 again at once. */
	assert_int_equal(hc->ops->bulk(hc, 1, &in, buf, 512, &got, 0), USB_XFER_OK);   /* DATA1 next */
	sim.stall_next = true;
	assert_int_equal(hc->ops->bulk(hc, 1, &in, buf, 512, &got, 0), USB_XFER_STALL);
	assert_int_equal(got, 0);
	assert_true(hc->ops->control(hc, 1, &clear_halt, NULL, NULL));        /* as the class does after a STALL */
	assert_int_equal(hc->ops->bulk(hc, 1, &in, buf, 512, &got, 0), USB_XFER_OK);
	assert_int_equal(mem.bulk_td.token & QTD_TOGGLE, 0);
	assert_int_equal(simdev_drops, 0);                      /* every packet had the toggle the device expected */
	sim.xfers_complete = false;
	t0 = sim.now_ms;
	assert_int_equal(hc->ops->bulk(hc, 1, &in, buf, 512, &got, 0), USB_XFER_TIMEOUT);
	assert_true(sim.now_ms - t0 >= 2000 && sim.now_ms - t0 < 2200);
	t0 = sim.now_ms;
	assert_int_equal(hc->ops->bulk(hc, 1, &in, buf, 512, &got, 300), USB_XFER_TIMEOUT);
	assert_true(sim.now_ms - t0 >= 300 && sim.now_ms - t0 < 400);       /* the caller's bound */
	assert_int_equal(got, 0);
	assert_non_null(strstr(logbuf, "ehci0: address 1: bulk IN endpoint 1 timeout"));
}

/*
 * USB 2.0 9.4.5: after SET_CONFIGURATION (and SET_INTERFACE) the device's bulk endpoints are at
 * DATA0 again, whatever toggles they had: our side must follow, or the device drops the packet
 * (simdev.h). An odd number of packets each way first, so both sides stand at DATA1.
 */
static void set_configuration_puts_bulk_toggles_back_to_data0(void **state)
{
	static const UsbSetup requests[] = {
		{ .type = 0x00, .request = 0x09, .value = 1 },                  /* SET_CONFIGURATION(1) */
		{ .type = 0x01, .request = 0x0B, .value = 0, .index = 0 },      /* SET_INTERFACE(0, 0) */
	};
	static uint8_t buf[512];
	UsbEndpoint in = { .address = 0x81, .max_packet = 512 }, out = { .address = 0x02, .max_packet = 512 };
	uint32_t got;
	UsbHc *hc;

	(void)state;
	hc = started();
	assert_int_equal(add_dev(hc, USB_SPEED_HIGH, 0, 0), 1);
	assert_int_equal(hc->ops->bulk(hc, 1, &in, buf, 512, &got, 0), USB_XFER_OK);
	assert_int_equal(hc->ops->bulk(hc, 1, &out, buf, 512, &got, 0), USB_XFER_OK);
	for (size_t i = 0; i < ARRAY_LEN(requests); i++) {
		assert_int_equal(simdev[1].toggle[1][1], 1);
		assert_int_equal(simdev[1].toggle[2][0], 1);
		assert_true(hc->ops->control(hc, 1, &requests[i], NULL, NULL));
		assert_int_equal(simdev[1].toggle[1][1], 0);
		assert_int_equal(hc->ops->bulk(hc, 1, &in, buf, 512, &got, 0), USB_XFER_OK);
		assert_int_equal(hc->ops->bulk(hc, 1, &out, buf, 512, &got, 0), USB_XFER_OK);
		assert_int_equal(simdev_drops, 0);
		assert_int_equal(simdev[1].toggle[1][1], 1);            /* one packet each way since: both at DATA1 */
		assert_int_equal(simdev[1].toggle[2][0], 1);
	}
}

/*
 * A device that NAKs 300 times (inside CONTROL_MS) and stalls its first GET_DESCRIPTOR: the
 * stall is a failed request, logged, and the next one is answered; the NAKs only take time.
 * Its toggles on EP0 (DTC: from each qTD) all as the device expects.
 */
static void naks_and_a_stall_once_on_control_transfers(void **state)
{
	UsbSetup get_dev = { .type = 0x80, .request = 0x06, .value = 0x0100, .length = 18 };
	static uint8_t buf[18];
	uint16_t got = 0;
	uint32_t t0;
	UsbHc *hc;

	(void)state;
	hc = started();
	simdev[0].naks = 300;                   /* it takes them to its address */
	simdev_stall_once(&simdev[0], 0x06, 0x01);
	t0 = sim.now_ms;
	assert_int_equal(add_dev(hc, USB_SPEED_HIGH, 0, 0), 1);
	assert_false(hc->ops->control(hc, 1, &get_dev, buf, &got));
	assert_non_null(strstr(logbuf, "ehci0: address 1: request 06 failed"));
	assert_true(hc->ops->control(hc, 1, &get_dev, buf, &got));
	assert_int_equal(got, 18);
	assert_int_equal(simdev_naked, 300);
	assert_int_equal(simdev_stalls, 1);
	assert_int_equal(simdev_drops, 0);
	assert_true(sim.now_ms - t0 >= 300 && sim.now_ms - t0 < 1000);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test_setup(claimed_started_schedules_and_configflag, setup),
	cmocka_unit_test_setup(root_ports_high_speed_kept_full_and_low_speed_to_the_companion, setup),
	cmocka_unit_test_setup(without_companions_a_full_speed_device_stays, setup),
	cmocka_unit_test_setup(split_interrupt_qh_in_the_periodic_tree, setup),
	cmocka_unit_test_setup(interrupt_reports_requeued_and_failures_given_up, setup),
	cmocka_unit_test_setup(a_controller_that_stops_gives_its_ports_back, setup),
	cmocka_unit_test_setup(a_reset_that_never_ends_is_a_bounded_timeout, setup),
	cmocka_unit_test_setup(a_bios_hand_off_of_300_ms_is_stepped, setup),
	cmocka_unit_test_setup(a_bios_that_never_lets_go_is_a_bounded_timeout, setup),
	cmocka_unit_test_setup(a_port_reset_that_never_ends_is_a_bounded_timeout, setup),
	cmocka_unit_test_setup(a_control_transfer_that_never_completes_is_a_bounded_timeout, setup),
	cmocka_unit_test_setup(bulk_in_pieces_toggles_and_a_bulk_transfer_that_never_completes, setup),
	cmocka_unit_test_setup(set_configuration_puts_bulk_toggles_back_to_data0, setup),
	cmocka_unit_test_setup(naks_and_a_stall_once_on_control_transfers, setup),
};

int main(int argc, char **argv)
{
	if (testmain_filter("ehci", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
