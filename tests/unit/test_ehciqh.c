/*
 * test_ehciqh.c: EHCI's builders (drivers/usb/ehciqh.c), which QEMU cannot show: QH endpoint
 * characteristics (address, endpoint, EPS speed, DTC, the C bit of a full/low-speed control
 * endpoint, the NAK reload) and capabilities with the split-transaction fields (hub address,
 * port, S-mask, C-mask, Mult), qTDs across pages, an interrupt endpoint's period and its place
 * in the periodic tree, the frame list of skeleton QHs.
 */
#include "testmain.h"

#include "ehcireg.h"

static EhciMem mem __attribute__((aligned(4096)));

static void qh_characteristics_and_split_fields(void **state)
{
	(void)state;
	/* high-speed interrupt endpoint 1 of address 5, 8 bytes: EPS 2, no C, no DTC, no RL */
	assert_int_equal(ehci_qh_chars(5, 1, USB_SPEED_HIGH, 8, false, false), 0x00082105u);
	/* full-speed control endpoint: DTC, C, EPS 0, no NAK counter */
	assert_int_equal(ehci_qh_chars(7, 0, USB_SPEED_FULL, 64, true, true), 0x08404007u);
	/* low-speed control: EPS 1 */
	assert_int_equal(ehci_qh_chars(7, 0, USB_SPEED_LOW, 8, true, true), 0x08085007u);
	/* high-speed control on the async ring: DTC, RL 4, no C */
	assert_int_equal(ehci_qh_chars(1, 0, USB_SPEED_HIGH, 64, true, true), 0x40406001u);
	/* full speed behind hub 3 port 2, periodic: S-mask 0x01, C-mask 0x1C, hub, port, Mult 1 */
	assert_int_equal(ehci_qh_caps(USB_SPEED_FULL, 3, 2, true), 0x40000000u | 2u << 23 | 3u << 16 | 0x1C00u | 0x01u);
	/* low speed behind hub 9 port 7, asynchronous: hub and port, no masks */
	assert_int_equal(ehci_qh_caps(USB_SPEED_LOW, 9, 7, false), 0x40000000u | 7u << 23 | 9u << 16);
	/* high speed: no split even behind a hub; periodic: S-mask only */
	assert_int_equal(ehci_qh_caps(USB_SPEED_HIGH, 0, 0, true), 0x40000001u);
	assert_int_equal(ehci_qh_caps(USB_SPEED_FULL, 0, 0, true), 0x40000001u);     /* on a root port: no split */
}

static void qtd_builder(void **state)
{
	static uint8_t buf[0x3000] __attribute__((aligned(4096)));
	static EhciQtd td[2];

	(void)state;
	ehci_qtd_fill(&td[0], QTD_PID_IN, buf + 0xFF0, 0x40, true, &td[1]);
	assert_int_equal(td[0].token, 0x80400D80u);     /* toggle 1, 64 bytes, CERR 3, IN, active */
	assert_int_equal(td[0].next, (uint32_t)(uintptr_t)&td[1]);
	assert_int_equal(td[0].alt, LINK_T);
	assert_int_equal(td[0].buf[0], (uint32_t)(uintptr_t)(buf + 0xFF0));
	assert_int_equal(td[0].buf[1], (uint32_t)(uintptr_t)(buf + 0x1000));   /* the packet crosses a page */
	assert_int_equal(td[0].buf[2], (uint32_t)(uintptr_t)(buf + 0x2000));
	ehci_qtd_fill(&td[1], QTD_PID_SETUP, NULL, 0, false, NULL);
	assert_int_equal(td[1].token, 0x00000E80u);     /* SETUP, no bytes */
	assert_int_equal(td[1].next + td[1].buf[0], LINK_T);
}

static void interval_placement_and_frame_list(void **state)
{
	(void)state;
	assert_int_equal(ehci_intr_frames(USB_SPEED_FULL, 10), 10);	/* milliseconds */
	assert_int_equal(ehci_skel_for(10), 3);                         /* every 8 ms */
	assert_int_equal(ehci_skel_for(ehci_intr_frames(USB_SPEED_FULL, 1)), 0);
	assert_int_equal(ehci_skel_for(ehci_intr_frames(USB_SPEED_LOW, 255)), 5);       /* 32 ms at most */
	assert_int_equal(ehci_intr_frames(USB_SPEED_HIGH, 4), 1);       /* 8 microframes: every frame */
	assert_int_equal(ehci_intr_frames(USB_SPEED_HIGH, 7), 8);       /* 64 microframes */
	assert_int_equal(ehci_intr_frames(USB_SPEED_HIGH, 16) + ehci_intr_frames(USB_SPEED_FULL, 0), 256);
	memset(&mem, 0, sizeof mem);
	ehci_frame_list(&mem);
	for (uint32_t i = 0; i < FRAME_LIST; i++) {
		int k = 0;

		while (k < 5 && !(i & (1u << k)))
			k++;
		assert_row(mem.frame[i] == ((uint32_t)(uintptr_t)&mem.skel[k] | LINK_QH), "frame %u", (unsigned)i);
	}
	for (int k = 1; k < SKEL_INTR; k++)
		assert_int_equal(mem.skel[k].link, (uint32_t)(uintptr_t)&mem.skel[k - 1] | LINK_QH);
	assert_int_equal(mem.skel[0].link, LINK_T);
	assert_int_equal(mem.skel[3].token, QTD_HALTED);                /* never runs */
	assert_int_equal(mem.skel[3].caps & 0xFF, 0x01);               /* a valid S-mask */
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(qh_characteristics_and_split_fields),
	cmocka_unit_test(qtd_builder),
	cmocka_unit_test(interval_placement_and_frame_list),
};

int main(int argc, char **argv)
{
	if (testmain_filter("ehciqh", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
