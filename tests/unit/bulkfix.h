/*
 * bulkfix.h: a bulk test test_uhcibulk.c and test_ohcibulk.c share, included after their own
 * hc, kbd (the device), BULK_EP, ep_in and fill(): the simulated device's side of the toggles
 * (simdev.h) through SET_CONFIGURATION, SET_INTERFACE and a halt cleared.
 */
#ifndef TESTS_UNIT_BULKFIX_H
#define TESTS_UNIT_BULKFIX_H

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

#endif
