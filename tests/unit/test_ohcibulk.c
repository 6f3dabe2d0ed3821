/*
 * test_ohcibulk.c: OHCI bulk transfers (drivers/usb/ohcibulk.c) on the simulated controller
 * (ohcisim.h, its bulk endpoint pair): the cases of bulkfix.h, with OHCI's parameters below —
 * every packet (direction, address, endpoint, length, toggle: the ED's and TD's fields as the
 * controller uses them) checked in each.
 */
#include <stdarg.h>
#include <stdio.h>

#include "testmain.h"

#include "io.h"
#include "ohci.h"
#include "ohcisim.h"
#include "usbhid.h"
#include "wait.h"

#define USAGE_RIGHT     0x4F

#include "simplatform.h"
#include "hcfix.h"          /* hc; kbd: here the handle of a device with a bulk pair */

#define HCSIM_NAME              "ohci0"
#define BULKFIX_IN              TD_DP_IN
#define BULKFIX_OUT             TD_DP_OUT
#define BULKFIX_STALL_STATUS    "condition code 4 (stall)"

static UsbHc *hcsim_start_hc(void)
{
	assert_true(ohci_claim(0, (uintptr_t)sim.regs, test_alloc));
	return ohci_start(0);
}

/* A packet as the simulation logs it: the ED's and TD's fields as the controller used them (SIM_PACKET). */
static uint32_t bulkfix_packet(int k)
{
	return sim.bulk_packets[k];
}

static uint32_t bulkfix_packet_want(uint8_t dp, uint8_t addr, uint8_t ep, uint8_t toggle, uint32_t n)
{
	return SIM_PACKET(dp, addr, ep, toggle, n);
}

static uint16_t bulkfix_toggles(bool in)
{
	return ohci_of(hc)->dev[kbd].bulk_toggle[in];
}

/* The device on root port p pulled out: connect status gone, its change bit set (RhPortStatus). */
static void bulkfix_pull_port(int p)
{
	*sim_reg(HC_RH_PORT(p)) = (*sim_reg(HC_RH_PORT(p)) & ~PORT_CCS) | PORT_CSC;
}

/* A transfer given up: the ED skipped and emptied (head == tail), no TD of it left. */
static void hcsim_assert_ctrl_idle(void)
{
	OhciMem *m = ohci_of(hc)->mem;

	assert_true(m->ctrl.info & ED_SKIP);
	assert_int_equal(m->ctrl.head, m->ctrl.tail);
}

#include "bulkfix.h"          /* the cases, bulkfix_tests */

int main(int argc, char **argv)
{
	if (testmain_filter("ohcibulk", argc, argv, bulkfix_tests, ARRAY_LEN(bulkfix_tests)))
		return 0;
	return cmocka_run_group_tests(bulkfix_tests, NULL, NULL);
}
