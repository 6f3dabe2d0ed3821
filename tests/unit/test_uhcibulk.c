/*
 * test_uhcibulk.c: UHCI bulk transfers (drivers/usb/uhcibulk.c) on the simulated controller
 * (uhcisim.h, its bulk endpoint pair): the cases of bulkfix.h, with UHCI's parameters below —
 * every TD's token (PID, address, endpoint, length, toggle) checked in each.
 */
#include <stdarg.h>
#include <stdio.h>

#include "testmain.h"

#include "uhci.h"
#include "uhcisim.h"
#include "usbhid.h"
#include "wait.h"

#define USAGE_RIGHT     0x4F

#include "simplatform.h"
#include "hcfix.h"          /* hc; kbd: here the handle of a device with a bulk pair */

#define HCSIM_NAME              "uhci0"
#define BULKFIX_IN              PID_IN
#define BULKFIX_OUT             PID_OUT
#define BULKFIX_STALL_STATUS    "TD status"

static UsbHc *hcsim_start_hc(void)
{
	assert_true(uhci_claim(0, SIM_IO, test_alloc));
	return uhci_start(0);
}

/* A packet as the simulation logs it: the TD's token (PID, address, endpoint, toggle, length). */
static uint32_t bulkfix_packet(int k)
{
	return sim.bulk_tokens[k];
}

static uint32_t bulkfix_packet_want(uint8_t pid, uint8_t addr, uint8_t ep, uint8_t toggle, uint32_t n)
{
	return uhci_token(pid, addr, ep, toggle, (uint16_t)n);
}

static uint16_t bulkfix_toggles(bool in)
{
	return uhci_of(hc)->dev[kbd].bulk_toggle[in];
}

/* The device on root port p pulled out: connect status gone, its change bit set (PORTSC). */
static void bulkfix_pull_port(int p)
{
	sim.portsc[p] = (uint16_t)((sim.portsc[p] & ~PORT_CCS) | PORT_CSC);
}

/* A transfer given up: the queue's element pointer terminated, no TD of it left. */
static void hcsim_assert_ctrl_idle(void)
{
	assert_int_equal(((UhciMem *)(uintptr_t)sim.flbase)->ctrl.element, LINK_TERM);
}

#include "bulkfix.h"          /* the cases, bulkfix_tests */

int main(int argc, char **argv)
{
	if (testmain_filter("uhcibulk", argc, argv, bulkfix_tests, ARRAY_LEN(bulkfix_tests)))
		return 0;
	return cmocka_run_group_tests(bulkfix_tests, NULL, NULL);
}
