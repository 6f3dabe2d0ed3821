/*
 * hcsimfix.h: what the UHCI and OHCI tests share on their simulations (uhcisim.h, ohcisim.h: the
 * same sim clock, log, ports, keyboard report and failure switches) — test_uhci.c, test_ohci.c
 * and, through bulkfix.h, test_uhcibulk.c and test_ohcibulk.c. Included after hcfix.h and the
 * controller's parameters:
 *   HCSIM_NAME                 its name in COM1 lines ("uhci0")
 *   hcsim_start_hc()           the controller claimed on the simulation and started
 *   hcsim_assert_ctrl_idle()   its control/bulk schedule left with nothing of a transfer given up
 */
#ifndef TESTS_UNIT_HCSIMFIX_H
#define TESTS_UNIT_HCSIMFIX_H

#define HCSIM_CONTROL_MS        1000    /* uhcixfer.c's and ohcixfer.c's CONTROL_MS */

/* The clock at 0, the simulation and the log empty, the device layer's side fresh. */
static inline void hcsim_fresh(void)
{
	sim.now_ms = 0;
	sim_reset();
	logbuf[0] = '\0';
	hcfix_reset();
}

/* A running controller with a device on port 1, reset; *speed its speed. */
static inline void hcsim_start_with_device(uint8_t *speed)
{
	hc = hcsim_start_hc();
	assert_non_null(hc);
	hc->events = &events;
	sim_plug(1);
	assert_int_equal(hc->ops->port_changes(hc), 0x06);     /* both ports once after start */
	assert_true(hc->ops->port_state(hc, 1).connected);
	hc->ops->port_reset(hc, 1);
	while ((*speed = hc->ops->port_reset_done(hc, 1)) == USB_RESET_PENDING)
		wait_ms(1);
}

/* From a fresh start: a running controller with a low-speed device on port 1, reset. */
static inline void hcsim_start_low_speed(void)
{
	uint8_t speed;

	hcsim_fresh();
	sim.low_speed = true;
	hcsim_start_with_device(&speed);
	assert_int_equal(speed, USB_SPEED_LOW);
}

/* That device's first request: SET_ADDRESS(1), to address 0, and a COM1 line. */
static inline void hcsim_first_request_is_set_address(void)
{
	UsbDevAddr where = { .port = 1, .speed = USB_SPEED_LOW };

	hcsim_start_low_speed();
	assert_int_equal(hc->ops->dev_add(hc, NULL, &where), 1);
	assert_int_equal(sim.nsetups, 1);
	assert_int_equal(sim.setups[0][1], 0x05);               /* SET_ADDRESS */
	assert_int_equal(sim.setups[0][2], 1);                  /* to 1 */
	assert_non_null(strstr(logbuf, HCSIM_NAME ": port 1: low-speed device, address 1"));
}

/* A keyboard addressed on root port 1, its interrupt endpoint running. */
static inline int hcsim_kbd_setup(void **state)
{
	UsbDevAddr where = { .port = 1, .speed = USB_SPEED_FULL };
	UsbEndpoint ep = { .address = 0x81, .max_packet = 8, .interval = 10 };
	uint8_t speed;

	(void)state;
	hcsim_fresh();
	hcsim_start_with_device(&speed);
	kbd = hc->ops->dev_add(hc, NULL, &where);
	assert_int_equal(kbd, 1);
	assert_true(hc->ops->intr_in(hc, kbd, &ep));
	return 0;
}

/* The device has a report; frames pass until it is taken; the tick's poll hands it up. */
static inline void hcsim_key_report(const uint8_t *report)
{
	memcpy(sim.report, report, 8);
	sim.report_ready = true;
	wait_until(NULL, NULL, 16, 0);          /* the 8 ms skeleton QH (UHCI) or ED (OHCI) comes round */
	assert_false(sim.report_ready);
	hc->ops->poll(hc);
}

/* Right pressed and released six times: six downs in twelve reports, no packet dropped. */
static inline void hcsim_keys_flow(void)
{
	for (int i = 0; i < 6; i++) {
		hcsim_key_report(right_down);
		hcsim_key_report(all_up);
	}
	assert_int_equal(downs[USAGE_RIGHT], 6);
	assert_int_equal(reports, 12);
	assert_int_equal(simdev_drops, 0);              /* every report with the toggle the device sent it with */
}

/* A control transfer that never completes: timed out at CONTROL_MS, logged, the schedule idle, the controller alive. */
static inline void hcsim_transfer_never_completes(void)
{
	UsbSetup get = { .type = USB_REQ_IN, .request = 6, .value = 0x0100, .length = 8 };
	uint8_t buf[8];
	uint32_t start = sim.now_ms;

	sim.transfers_hang = true;
	assert_false(hc->ops->control(hc, kbd, &get, buf, NULL));
	assert_true(sim.now_ms - start >= HCSIM_CONTROL_MS && sim.now_ms - start <= HCSIM_CONTROL_MS + 10);
	assert_non_null(strstr(logbuf, HCSIM_NAME ": timeout: control transfer (request 06, address 1, 1000 ms)"));
	hcsim_assert_ctrl_idle();
	assert_true(hc->ops->running(hc));
	assert_true(hc->ops->check(hc));
	sim.transfers_hang = false;
	hcsim_key_report(right_down);
	assert_int_equal(downs[USAGE_RIGHT], 1);
}

/* Interrupt INs failing 60 times: each logged (failed is the controller's words for it), given up after 50, control still works. */
static inline void hcsim_intr_keep_failing(const char *failed)
{
	UsbSetup get = { .type = USB_REQ_IN, .request = 6, .value = 0x0100, .length = 8 };
	uint8_t buf[8];

	sim.intr_fails = true;
	for (int i = 0; i < 60; i++) {
		wait_until(NULL, NULL, 8, 0);
		hc->ops->poll(hc);
	}
	assert_non_null(strstr(logbuf, failed));
	assert_non_null(strstr(logbuf, HCSIM_NAME ": port 1, address 1: interrupt endpoint given up after 50 failures"));
	assert_true(hc->ops->running(hc));
	sim.intr_fails = false;
	assert_true(hc->ops->control(hc, kbd, &get, buf, NULL));
}

#endif
