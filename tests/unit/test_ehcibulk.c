/*
 * test_ehcibulk.c: a stick pulled during an EHCI bulk transfer (drivers/usb/ehcixfer.c,
 * UsbHcOps.cancel) on the simulated controller (ehcisim.h): the report of its port comes in
 * during the transfer's own wait (its hub's status change through the interrupt QH the wait
 * polls, or a connect change on its root port), the transfer ends USB_GONE_GRACE_MS later, out of
 * the ring with the doorbell answered and nothing left active, and every later transfer to the
 * device fails at once until it is added again; a device that answers within the grace (a stale
 * report) goes on; a doorbell answered late or never is waited for, bounded.
 */
#include <stdarg.h>
#include <stdio.h>

#include "testmain.h"

#include "ehci.h"
#include "ehcireg.h"
#include "pci.h"
#include "wait.h"

#include "ehcisim.h"

#define HUB             1               /* a high-speed hub on root port 1, its status endpoint polled */
#define STICK           2               /* a high-speed stick behind it, port 3 */
#define HUB_PORT        3
#define NEVER           0xFFFFFFFFu     /* NAKs: the device never answers */

static const UsbEndpoint bulk_in = { .address = 0x81, .max_packet = 512 };
static const UsbEndpoint status_ep = { .address = 0x81, .max_packet = 1, .interval = 12 };
static const UsbSetup get_status = { .type = USB_REQ_IN, .request = 0x00, .length = 2 };
static UsbHc *hc;
static uint32_t event_ms;               /* the simulated ms the test's event comes */
static bool event_root_port;            /* the event: root port 1 disconnects (else: the hub's report) */
static int cancels;                     /* the device layer's cancel calls */

/*
 * The device layer's part (usbdev_ports_changed): the hub's status endpoint names its port 3
 * (bit 3 of the bitmap): the device there, with a bulk transfer under way, may be gone.
 */
static void on_report(UsbDev *owner, const uint8_t *data, size_t len)
{
	(void)owner;
	reported = len;
	report_first = data[0];
	if (data[0] & 1u << HUB_PORT) {
		cancels++;
		hc->ops->cancel(hc, STICK);
	}
}

static const UsbHcEvents events = { .report = on_report };

/*
 * At event_ms: the hub's status endpoint answers "port 3 changed" (its interrupt qTD retired with
 * one byte, as the controller leaves it), or root port 1 loses its device (QEMU's detach: CCS
 * and PED cleared, CSC set).
 */
static void the_event(void)
{
	if (sim.now_ms != event_ms)
		return;
	if (event_root_port) {
		R(OP_PORTSC(1)) = (R(OP_PORTSC(1)) & ~(PORT_CCS | PORT_PED)) | PORT_CSC;
		return;
	}
	mem.intr_buf[HUB - 1][0] = 1u << HUB_PORT;
	mem.intr_td[HUB - 1].token &= ~(QTD_ACTIVE | 0x7FFF0000u);
	mem.intr[HUB - 1].next = LINK_T;
}

/* Root port 1 attached as the device layer does it (its change bits taken), the hub and the stick addressed. */
static int setup_hub_and_stick(void **state)
{
	UsbDevAddr hub = { .port = 1, .speed = USB_SPEED_HIGH };
	UsbDevAddr stick = { .port = 1, .route = HUB_PORT, .speed = USB_SPEED_HIGH };

	setup(state);
	sim.speed[1] = USB_SPEED_HIGH;
	hc = started();
	hc->events = &events;
	assert_true(hc->ops->port_changes(hc) & 1u << 1);      /* every port looked at once */
	assert_true(hc->ops->port_state(hc, 1).connected);
	hc->ops->port_reset(hc, 1);
	while (hc->ops->port_reset_done(hc, 1) == USB_RESET_PENDING)
		;
	assert_int_equal(hc->ops->dev_add(hc, NULL, &hub), HUB);
	assert_true(hc->ops->intr_in(hc, HUB, &status_ep));
	assert_int_equal(hc->ops->dev_add(hc, NULL, &stick), STICK);
	event_ms = 0;
	event_root_port = false;
	cancels = 0;
	sim.on_ms = the_event;
	return 0;
}

/* Out of the ring before the doorbell rang, answered before the transfer returned; nothing left active. */
static void stopped_cleanly(uint32_t returned_ms)
{
	uint32_t head = (uint32_t)(uintptr_t)&mem.head | LINK_QH;

	assert_int_equal(mem.head.link, head);
	assert_int_equal(sim.head_link_at_iaa, head);
	assert_false(sim.iaa_pending);
	assert_true(sim.iaa_answered_ms <= returned_ms);
	assert_int_equal(mem.bulk_td.token & (QTD_ACTIVE | QTD_HALTED), QTD_HALTED);
	assert_int_equal(mem.xfer.token & (QTD_ACTIVE | QTD_HALTED), QTD_HALTED);
	assert_int_equal(mem.xfer.next, LINK_T);
}

/*
 * Pulled during a read: its hub's report comes 40 ms into the transfer, through the hub's
 * interrupt QH the wait polls; the read fails USB_GONE_GRACE_MS later (not at its 5 s timeout),
 * and at once every later bulk and control transfer to the stick, none reaching the bus; the hub
 * itself is not touched. A new device at the address (the stick forgotten, another added) works.
 */
static void a_hub_report_fails_the_bulk_read_within_the_grace(void **state)
{
	static uint8_t buf[512];
	UsbDevAddr again = { .port = 1, .route = HUB_PORT, .speed = USB_SPEED_HIGH };
	uint32_t got = 99, t0 = sim.now_ms, xfers, bells;
	uint16_t two = 0;

	(void)state;
	simdev[STICK].naks = NEVER;
	event_ms = t0 + 40;
	assert_int_equal(hc->ops->bulk(hc, STICK, &bulk_in, buf, sizeof buf, &got, 5000), USB_XFER_ERROR);
	assert_int_equal(cancels, 1);
	assert_int_equal(report_first, 1u << HUB_PORT);
	assert_in_range(sim.now_ms - t0, 40 + USB_GONE_GRACE_MS, 40 + USB_GONE_GRACE_MS + 5);
	assert_int_equal(got, 0);
	assert_non_null(strstr(logbuf, "ehci0: address 2: bulk transfer given up 250 ms after a report of its port: "
	    "the device is gone\n"));
	assert_null(strstr(logbuf, "timeout"));
	stopped_cleanly(sim.now_ms);
	t0 = sim.now_ms;
	xfers = sim.xfers;
	bells = sim.doorbells;
	simdev[STICK].naks = 0;                         /* even if it would answer now */
	assert_int_equal(hc->ops->bulk(hc, STICK, &bulk_in, buf, sizeof buf, &got, 5000), USB_XFER_ERROR);
	assert_false(hc->ops->control(hc, STICK, &get_status, &two, NULL));
	assert_false(hc->ops->intr_in(hc, STICK, &status_ep));
	assert_true(sim.now_ms - t0 <= 1);
	assert_int_equal(sim.xfers, xfers);             /* nothing went on the bus, no doorbell rung */
	assert_int_equal(sim.doorbells, bells);
	assert_true(hc->ops->control(hc, HUB, &get_status, &two, NULL));       /* the hub goes on */
	hc->ops->dev_remove(hc, STICK);
	assert_int_equal(hc->ops->dev_add(hc, NULL, &again), STICK);
	assert_int_equal(hc->ops->bulk(hc, STICK, &bulk_in, buf, sizeof buf, &got, 5000), USB_XFER_OK);
	assert_int_equal(got, sizeof buf);
}

/*
 * A stick on the root port itself (QEMU's case: its hubs are full speed, an EHCI hands them to
 * a companion): the port's connect change is the report. The read fails within the grace; the
 * change is left for the main loop's look at its ports.
 */
static void a_root_port_disconnect_fails_the_bulk_read_within_the_grace(void **state)
{
	static uint8_t buf[512];
	uint32_t got = 99, t0 = sim.now_ms;

	(void)state;
	simdev[STICK].naks = NEVER;
	event_root_port = true;
	event_ms = t0 + 30;
	assert_int_equal(hc->ops->bulk(hc, STICK, &bulk_in, buf, sizeof buf, &got, 5000), USB_XFER_ERROR);
	assert_in_range(sim.now_ms - t0, 30 + USB_GONE_GRACE_MS, 30 + USB_GONE_GRACE_MS + 5);
	assert_int_equal(cancels, 0);                   /* not the hub's report */
	stopped_cleanly(sim.now_ms);
	assert_int_equal(hc->ops->port_changes(hc), 1u << 1);
	assert_false(hc->ops->port_state(hc, 1).connected);
}

/*
 * A report of a device that answers (a stale one: its hub reported the port as the transfer
 * began, the device answers after 200 ms of NAKs, inside the grace): the read ends as usual,
 * and so do later ones past the grace.
 */
static void a_stale_report_changes_nothing(void **state)
{
	static uint8_t buf[512];
	uint32_t got = 0, t0 = sim.now_ms;

	(void)state;
	simdev[STICK].naks = 200;
	event_ms = t0 + 1;
	assert_int_equal(hc->ops->bulk(hc, STICK, &bulk_in, buf, sizeof buf, &got, 5000), USB_XFER_OK);
	assert_int_equal(cancels, 1);
	assert_int_equal(got, sizeof buf);
	assert_int_equal(buf[0], 0x5A);
	assert_true(sim.now_ms - t0 >= 200 && sim.now_ms - t0 < USB_GONE_GRACE_MS);
	wait_ms(2 * USB_GONE_GRACE_MS);
	simdev[STICK].naks = USB_GONE_GRACE_MS + 50;    /* slower than the grace, but no report this time */
	assert_int_equal(hc->ops->bulk(hc, STICK, &bulk_in, buf, sizeof buf, &got, 5000), USB_XFER_OK);
	assert_null(strstr(logbuf, "the device is gone"));
	assert_int_equal(mem.bulk_td.token & (QTD_ACTIVE | QTD_ERRORS), 0);
}

/*
 * The doorbell answered 60 ms late (QEMU's frame timer held back by a loaded host): the gone
 * device's transfer returns only after the answer. Never answered: given up after IAA_MS (100
 * ms, logged), the qTD and the overlay halted, so the controller still holding the QH runs
 * nothing even once the device answers: its data never lands in the buffer, nothing retires.
 */
static void a_late_doorbell_is_waited_for_and_one_never_answered_leaves_nothing_to_run(void **state)
{
	static uint8_t buf[512];
	uint32_t got = 99, t0 = sim.now_ms, xfers;

	(void)state;
	simdev[STICK].naks = NEVER;
	event_ms = t0 + 10;
	sim.iaa_delay_ms = 60;
	assert_int_equal(hc->ops->bulk(hc, STICK, &bulk_in, buf, sizeof buf, &got, 5000), USB_XFER_ERROR);
	assert_true(sim.iaa_answered_ms - sim.iaa_rung_ms >= 60);
	assert_in_range(sim.now_ms - t0, 10 + USB_GONE_GRACE_MS + 60, 10 + USB_GONE_GRACE_MS + 70);
	stopped_cleanly(sim.now_ms);
	assert_null(strstr(logbuf, "timeout"));

	hc->ops->dev_remove(hc, STICK);                 /* forgotten, found again: the same again, no answer */
	assert_int_equal(hc->ops->dev_add(hc, NULL, &(UsbDevAddr){ .port = 1, .route = HUB_PORT,
	    .speed = USB_SPEED_HIGH }), STICK);
	simdev[STICK].naks = NEVER;
	sim.iaa_delay_ms = NEVER;
	t0 = sim.now_ms;
	event_ms = t0 + 10;
	memset(buf, 0, sizeof buf);
	assert_int_equal(hc->ops->bulk(hc, STICK, &bulk_in, buf, sizeof buf, &got, 5000), USB_XFER_ERROR);
	assert_in_range(sim.now_ms - t0, 10 + USB_GONE_GRACE_MS + 100, 10 + USB_GONE_GRACE_MS + 110);
	assert_non_null(strstr(logbuf, "ehci0: timeout: async advance doorbell (100 ms)"));
	assert_true(sim.iaa_pending);                   /* the controller may still hold the QH */
	assert_int_equal(mem.head.link, (uint32_t)(uintptr_t)&mem.head | LINK_QH);
	xfers = sim.xfers;
	simdev[STICK].naks = 0;                         /* the device answers after all */
	wait_ms(20);
	assert_int_equal(sim.xfers, xfers);
	assert_int_equal(mem.bulk_td.token & QTD_ACTIVE, 0);
	assert_int_equal(mem.bulk_buf[0], 0);
}

/* Bad handles: refused, nothing cancelled; the stick's transfers then go on. */
static void cancel_of_no_device_changes_nothing(void **state)
{
	static uint8_t buf[512];
	uint32_t got = 0;

	(void)state;
	hc->ops->cancel(hc, 0);
	hc->ops->cancel(hc, 7);                         /* no device there */
	hc->ops->cancel(hc, EHCI_MAX_DEVS + 1);
	assert_int_equal(hc->ops->bulk(hc, 7, &bulk_in, buf, sizeof buf, &got, 100), USB_XFER_ERROR);
	assert_int_equal(hc->ops->bulk(hc, EHCI_MAX_DEVS + 1, &bulk_in, buf, sizeof buf, &got, 100), USB_XFER_ERROR);
	wait_ms(2 * USB_GONE_GRACE_MS);
	simdev[STICK].naks = USB_GONE_GRACE_MS + 20;
	assert_int_equal(hc->ops->bulk(hc, STICK, &bulk_in, buf, sizeof buf, &got, 5000), USB_XFER_OK);
	assert_int_equal(got, sizeof buf);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test_setup(a_hub_report_fails_the_bulk_read_within_the_grace, setup_hub_and_stick),
	cmocka_unit_test_setup(a_root_port_disconnect_fails_the_bulk_read_within_the_grace, setup_hub_and_stick),
	cmocka_unit_test_setup(a_stale_report_changes_nothing, setup_hub_and_stick),
	cmocka_unit_test_setup(a_late_doorbell_is_waited_for_and_one_never_answered_leaves_nothing_to_run,
	    setup_hub_and_stick),
	cmocka_unit_test_setup(cancel_of_no_device_changes_nothing, setup_hub_and_stick),
};

int main(int argc, char **argv)
{
	if (testmain_filter("ehcibulk", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
