/*
 * bulkfix.h: the bulk-transfer cases test_uhcibulk.c and test_ohcibulk.c share, one list
 * (bulkfix_tests) run on each controller's simulation. Included after hcfix.h (hc, kbd) and the
 * controller's parameters: hcsimfix.h's (HCSIM_NAME, hcsim_start_hc(), hcsim_assert_ctrl_idle(),
 * the idle check here of a bulk transfer given up) and
 *   BULKFIX_IN, BULKFIX_OUT    the direction codes its packet log uses
 *   BULKFIX_STALL_STATUS       what its stall line says after "bulk endpoint 82: "
 *   bulkfix_packet(k)          packet k of the simulation's log; bulkfix_packet_want() the one expected
 *   bulkfix_toggles(in)        the driver's bulk toggles of kbd (bit n: endpoint n at DATA1)
 * Cases: transfers longer than one chunk (CTRL_BUF) in and out, every packet and the toggles
 * carried over, a short packet, a stall and CLEAR_FEATURE(ENDPOINT_HALT) setting the toggle back
 * to DATA0, a transfer that never completes (bounded, a COM1 line), a device its hub reports gone
 * (UsbHcOps.cancel), what is refused, and the device's side of the toggles (simdev.h) through
 * SET_CONFIGURATION, SET_INTERFACE and a halt cleared.
 */
#ifndef TESTS_UNIT_BULKFIX_H
#define TESTS_UNIT_BULKFIX_H

#include "hcsimfix.h"        /* the start on the simulation (its HCSIM_ parameters) */

#define BULK_EP         2
static const UsbEndpoint ep_in = { .address = 0x80 | BULK_EP, .max_packet = 64 };
static const UsbEndpoint ep_out = { .address = BULK_EP, .max_packet = 64 };

/* A running controller, a device on port 1 (low speed if asked) addressed, its bulk pair answering. */
static void start(bool low_speed)
{
	UsbDevAddr where = { .port = 1, .speed = low_speed ? USB_SPEED_LOW : USB_SPEED_FULL };
	uint8_t speed;

	hcsim_fresh();
	sim.low_speed = low_speed;
	hcsim_start_with_device(&speed);
	assert_int_equal(speed, where.speed);
	kbd = hc->ops->dev_add(hc, NULL, &where);
	assert_int_equal(kbd, 1);
	sim.bulk_ep = BULK_EP;
}

static int setup(void **state)
{
	(void)state;
	start(false);
	return 0;
}

static void fill(uint8_t *p, uint32_t n, uint8_t seed)
{
	for (uint32_t i = 0; i < n; i++)
		p[i] = (uint8_t)(seed + i * 7 + (i >> 8));
}

/*
 * The tokens logged from `from` on, for `moved` bytes of a transfer of `asked`: pid, address,
 * endpoint, each the endpoint's 64 bytes or what is left of its chunk, toggles from t0.
 */
static void tokens_are(int from, uint8_t pid, uint32_t moved, uint32_t asked, uint8_t t0)
{
	int k = from;

	for (uint32_t off = 0; off < moved || (moved == 0 && k == from); off += 64, k++) {
		uint32_t left = CTRL_BUF - off % CTRL_BUF, n = asked - off < left ? asked - off : left;

		n = n < 64 ? n : 64;

		assert_true(k < sim.nbulk);
		assert_int_equal(bulkfix_packet(k), bulkfix_packet_want(pid, kbd, BULK_EP, (uint8_t)((t0 + k - from) & 1), n));
	}
	assert_int_equal(k, sim.nbulk);
}

static uint16_t toggles(bool in)
{
	return bulkfix_toggles(in);
}

static void bulk_in_and_out_longer_than_a_chunk_keep_bytes_and_toggles(void **state)
{
	static uint8_t want[1100], buf[1100];
	uint32_t got = 0;

	(void)state;
	fill(want, 700, 0x11);
	memcpy(sim.bulk_in, want, 700);
	sim.bulk_in_len = 700;
	assert_int_equal(hc->ops->bulk(hc, kbd, &ep_in, buf, 700, &got, 1000), USB_XFER_OK);
	assert_int_equal(got, 700);
	assert_memory_equal(buf, want, 700);
	tokens_are(0, BULKFIX_IN, 700, 700, 0);	/* 8 packets in the first chunk, 3 in the second */
	assert_int_equal(toggles(true), 1u << BULK_EP); /* 11 packets: DATA1 next */
	sim.nbulk = 0;
	fill(want, 64, 0x40);
	memcpy(sim.bulk_in, want, 64);
	sim.bulk_in_len = 64;
	assert_int_equal(hc->ops->bulk(hc, kbd, &ep_in, buf, 64, &got, 1000), USB_XFER_OK);
	assert_memory_equal(buf, want, 64);
	tokens_are(0, BULKFIX_IN, 64, 64, 1);	/* carried over from the last transfer */
	sim.nbulk = 0;
	fill(want, 1100, 0x93);
	memcpy(buf, want, 1100);
	assert_int_equal(hc->ops->bulk(hc, kbd, &ep_out, buf, 1100, &got, 1000), USB_XFER_OK);
	assert_int_equal(got, 1100);
	assert_int_equal(sim.bulk_out_len, 1100);
	assert_memory_equal(sim.bulk_out, want, 1100);
	tokens_are(0, BULKFIX_OUT, 1100, 1100, 0);	/* OUT's toggle is its own */
	assert_int_equal(toggles(false), 0);            /* 8 + 8 + 2 packets: DATA0 next */
	assert_int_equal(toggles(true), 0);             /* 12 IN packets in all */
}

static void a_short_packet_ends_the_transfer_early(void **state)
{
	static uint8_t want[600], buf[1000];
	uint32_t got = 0;

	(void)state;
	fill(want, 600, 0x5A);
	memcpy(sim.bulk_in, want, 600);
	sim.bulk_in_len = 600;                          /* the second chunk short in its second packet */
	assert_int_equal(hc->ops->bulk(hc, kbd, &ep_in, buf, 1000, &got, 1000), USB_XFER_OK);
	assert_int_equal(got, 600);
	assert_memory_equal(buf, want, 600);
	tokens_are(0, BULKFIX_IN, 600, 1000, 0);	/* 10 packets went: nothing asked after the short one */
	assert_int_equal(toggles(true), 0);
	sim.nbulk = 0;
	memcpy(sim.bulk_in, want, 100);
	sim.bulk_in_len = 100;
	assert_int_equal(hc->ops->bulk(hc, kbd, &ep_in, buf, 512, &got, 1000), USB_XFER_OK);
	assert_int_equal(got, 100);
	assert_memory_equal(buf, want, 100);
	tokens_are(0, BULKFIX_IN, 100, 512, 0);
	sim.bulk_in_len = 0;                            /* a null packet: nothing, OK */
	assert_int_equal(hc->ops->bulk(hc, kbd, &ep_in, buf, 64, &got, 1000), USB_XFER_OK);
	assert_int_equal(got, 0);
}

static void a_stall_is_told_and_the_toggle_is_data0_as_after_clear_halt(void **state)
{
	UsbSetup clear = { .type = 0x02, .request = 1, .value = 0, .index = 0x80 | BULK_EP };
	uint8_t buf[64] = { 0 };
	uint32_t got = 99;

	(void)state;
	sim.bulk_in_len = 64;
	assert_int_equal(hc->ops->bulk(hc, kbd, &ep_in, buf, 64, &got, 1000), USB_XFER_OK);
	assert_int_equal(toggles(true), 1u << BULK_EP);
	sim.bulk_stall = true;
	assert_int_equal(hc->ops->bulk(hc, kbd, &ep_in, buf, 64, &got, 1000), USB_XFER_STALL);
	assert_int_equal(got, 0);
	assert_non_null(strstr(logbuf, HCSIM_NAME ": address 1: bulk endpoint 82: " BULKFIX_STALL_STATUS));
	assert_non_null(strstr(logbuf, "(stall)"));
	assert_int_equal(toggles(true), 0);             /* DATA0, as the device after CLEAR_FEATURE */
	sim.bulk_stall = false;
	sim.bulk_in_len = 64;
	assert_int_equal(hc->ops->bulk(hc, kbd, &ep_in, buf, 64, &got, 1000), USB_XFER_OK);
	assert_int_equal(toggles(true), 1u << BULK_EP);
	assert_true(usb_is_clear_halt(&clear));
	assert_true(hc->ops->control(hc, kbd, &clear, NULL, NULL));
	assert_int_equal(sim.setups[sim.nsetups - 1][1], 1);    /* the device saw CLEAR_FEATURE */
	assert_int_equal(toggles(true), 0);
	sim.nbulk = 0;
	sim.bulk_in_len = 64;
	assert_int_equal(hc->ops->bulk(hc, kbd, &ep_in, buf, 64, &got, 1000), USB_XFER_OK);
	tokens_are(0, BULKFIX_IN, 64, 64, 0);
}

static void a_bulk_transfer_that_never_completes_is_a_bounded_timeout(void **state)
{
	uint8_t buf[64];
	uint32_t got = 99, start_ms = sim.now_ms;

	(void)state;
	sim.transfers_hang = true;
	assert_int_equal(hc->ops->bulk(hc, kbd, &ep_in, buf, 64, &got, 250), USB_XFER_TIMEOUT);
	assert_true(sim.now_ms - start_ms >= 250 && sim.now_ms - start_ms <= 260);
	assert_int_equal(got, 0);
	assert_non_null(strstr(logbuf, HCSIM_NAME ": timeout: bulk transfer (address 1, endpoint 82, 250 ms)"));
	hcsim_assert_ctrl_idle();
	sim.transfers_hang = false;
	sim.bulk_in_len = 64;
	assert_int_equal(hc->ops->bulk(hc, kbd, &ep_in, buf, 64, &got, 250), USB_XFER_OK);
	assert_int_equal(got, 64);
}

static uint32_t cancel_at_ms;

/* The device's hub reports its port (usbdev_ports_changed calls cancel) once the clock is there. */
static void hub_reports_the_port(void)
{
	if (sim.now_ms == cancel_at_ms)
		hc->ops->cancel(hc, kbd);
}

/*
 * A transfer left pending by a device that is gone, reported by `report`
 * (from the simulation's frame) `at_ms` in: the transfer ends within
 * USB_GONE_GRACE_MS of the report, never at its timeout; later ones at once.
 */
static void gone_within_the_grace(void (*report)(void), uint32_t at_ms)
{
	uint8_t buf[64];
	uint32_t got = 99, start_ms = sim.now_ms;
	UsbSetup get = { .type = USB_REQ_IN, .request = 0x06, .value = 0x0100, .length = 8 };

	sim.transfers_hang = true;
	cancel_at_ms = start_ms + at_ms;
	sim.on_frame = report;
	assert_int_equal(hc->ops->bulk(hc, kbd, &ep_in, buf, 64, &got, 5000), USB_XFER_ERROR);
	sim.on_frame = NULL;
	assert_true(sim.now_ms - start_ms >= at_ms + USB_GONE_GRACE_MS);
	assert_true(sim.now_ms - start_ms <= at_ms + USB_GONE_GRACE_MS + 10);
	assert_int_equal(got, 0);
	assert_non_null(strstr(logbuf, HCSIM_NAME ": address 1: bulk transfer given up 250 ms after its hub reported the port: "
	    "the device is gone"));
	assert_null(strstr(logbuf, "timeout"));
	hcsim_assert_ctrl_idle();
	sim.transfers_hang = false;
	start_ms = sim.now_ms;
	assert_int_equal(hc->ops->bulk(hc, kbd, &ep_in, buf, 64, &got, 5000), USB_XFER_ERROR);
	assert_false(hc->ops->control(hc, kbd, &get, buf, NULL));
	assert_true(sim.now_ms - start_ms <= 1);        /* at once, until its slot goes */
}

/* Pulled out during a bulk read: its hub's report 50 ms in. */
static void a_device_reported_gone_fails_its_bulk_transfer_within_the_grace(void **state)
{
	(void)state;
	gone_within_the_grace(hub_reports_the_port, 50);
}

/* Pulled from its root port (no hub between) once the clock is there: the port says connect changed, no device. */
static void root_port_pulled(void)
{
	if (sim.now_ms == cancel_at_ms)
		bulkfix_pull_port(1);
}

/*
 * Pulled from the root port during a bulk read, the transfer left pending
 * (as QEMU leaves it): the port's connect change is the root hub's report.
 */
static void a_device_pulled_from_its_root_port_fails_its_bulk_transfer_within_the_grace(void **state)
{
	(void)state;
	gone_within_the_grace(root_port_pulled, 30);
}

/* A report of a device that answers (a stale one): its transfer ends as usual, nothing is given up. */
static void a_stale_report_changes_nothing(void **state)
{
	uint8_t buf[64];
	uint32_t got = 0;

	(void)state;
	cancel_at_ms = sim.now_ms;
	sim.on_frame = hub_reports_the_port;
	sim.bulk_in_len = 64;
	assert_int_equal(hc->ops->bulk(hc, kbd, &ep_in, buf, 64, &got, 1000), USB_XFER_OK);
	sim.on_frame = NULL;
	assert_int_equal(got, 64);
	sim.now_ms += 2 * USB_GONE_GRACE_MS;
	sim.bulk_in_len = 64;
	simdev[kbd].naks = 5;                   /* a transfer that takes a few ms: no grace is running out */
	assert_int_equal(hc->ops->bulk(hc, kbd, &ep_in, buf, 64, &got, 1000), USB_XFER_OK);
	assert_int_equal(simdev_naked, 5);
	assert_null(strstr(logbuf, "the device is gone"));
}

static void low_speed_devices_and_bad_arguments_are_refused(void **state)
{
	UsbEndpoint zero = { .address = 0x82, .max_packet = 0 }, big = { .address = 0x82, .max_packet = 128 };
	uint8_t buf[64];
	uint32_t got = 99;

	(void)state;
	assert_int_equal(hc->ops->bulk(hc, 0, &ep_in, buf, 64, &got, 100), USB_XFER_ERROR);
	assert_int_equal(hc->ops->bulk(hc, 2, &ep_in, buf, 64, &got, 100), USB_XFER_ERROR);    /* no device 2 */
	assert_int_equal(hc->ops->bulk(hc, 200, &ep_in, buf, 64, &got, 100), USB_XFER_ERROR);
	assert_int_equal(hc->ops->bulk(hc, kbd, &zero, buf, 64, &got, 100), USB_XFER_ERROR);
	assert_int_equal(hc->ops->bulk(hc, kbd, &big, buf, 64, &got, 100), USB_XFER_ERROR);
	assert_int_equal(got, 0);
	start(true);
	sim.bulk_in_len = 64;
	assert_int_equal(hc->ops->bulk(hc, kbd, &ep_in, buf, 64, &got, 100), USB_XFER_ERROR);
	assert_int_equal(sim.nbulk, 0);                 /* nothing went on the wire */
	assert_int_equal(sim.bulk_in_len, 64);
}

/*
 * The device's side (simdev.h): after SET_CONFIGURATION and SET_INTERFACE its bulk endpoints are
 * at DATA0 (USB 2.0 9.4.5, 9.4.10), so ours must be, or it drops the packet and its data is lost;
 * an endpoint that halts once STALLs until CLEAR_FEATURE(ENDPOINT_HALT), then answers again.
 */
static void requests_that_reset_toggles_and_a_halt_cleared_lose_no_packet(void **state)
{
	static const UsbSetup requests[] = {
		{ .type = 0x00, .request = 0x09, .value = 1 },                  /* SET_CONFIGURATION(1) */
		{ .type = 0x01, .request = 0x0B, .value = 0, .index = 0 },      /* SET_INTERFACE(0, 0) */
		{ .type = 0x02, .request = 0x01, .value = 0, .index = 0x80 | BULK_EP }, /* CLEAR_FEATURE(HALT) */
	};
	static uint8_t want[64], buf[64];
	uint32_t got;

	(void)state;
	fill(want, 64, 0x21);
	for (size_t i = 0; i < ARRAY_LEN(requests); i++) {
		if (i == 0) {
			sim.bulk_in_len = 64;           /* one packet: both sides at DATA1 */
			assert_int_equal(hc->ops->bulk(hc, kbd, &ep_in, buf, 64, &got, 1000), USB_XFER_OK);
		}
		assert_int_equal(simdev[kbd].toggle[BULK_EP][1], 1);
		if (i == 2) {                           /* the endpoint halts: a STALL until cleared */
			simdev[kbd].stall_ep = 0x80 | BULK_EP;
			assert_int_equal(hc->ops->bulk(hc, kbd, &ep_in, buf, 64, &got, 1000), USB_XFER_STALL);
			assert_int_equal(hc->ops->bulk(hc, kbd, &ep_in, buf, 64, &got, 1000), USB_XFER_STALL);
		}
		assert_true(hc->ops->control(hc, kbd, &requests[i], NULL, NULL));
		memcpy(sim.bulk_in, want, 64);
		sim.bulk_in_len = 64;
		memset(buf, 0, sizeof buf);
		assert_int_equal(hc->ops->bulk(hc, kbd, &ep_in, buf, 64, &got, 1000), USB_XFER_OK);
		assert_int_equal(got, 64);
		assert_memory_equal(buf, want, 64);
		assert_int_equal(simdev_drops, 0);
	}
	assert_int_equal(simdev_stalls, 2);
}

static const struct CMUnitTest bulkfix_tests[] = {
	cmocka_unit_test_setup(bulk_in_and_out_longer_than_a_chunk_keep_bytes_and_toggles, setup),
	cmocka_unit_test_setup(a_short_packet_ends_the_transfer_early, setup),
	cmocka_unit_test_setup(a_stall_is_told_and_the_toggle_is_data0_as_after_clear_halt, setup),
	cmocka_unit_test_setup(a_bulk_transfer_that_never_completes_is_a_bounded_timeout, setup),
	cmocka_unit_test_setup(a_stale_report_changes_nothing, setup),
	cmocka_unit_test_setup(a_device_reported_gone_fails_its_bulk_transfer_within_the_grace, setup),
	cmocka_unit_test_setup(a_device_pulled_from_its_root_port_fails_its_bulk_transfer_within_the_grace, setup),
	cmocka_unit_test_setup(low_speed_devices_and_bad_arguments_are_refused, setup),
	cmocka_unit_test_setup(requests_that_reset_toggles_and_a_halt_cleared_lose_no_packet, setup),
};

#endif
