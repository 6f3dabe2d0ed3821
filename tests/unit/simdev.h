/*
 * simdev.h: the device side every simulated controller shares (uhcisim.h, ohcisim.h, ehcisim.h,
 * xhcisim.h) — what a real USB device checks and how it misbehaves, per device (by address, or
 * by slot on xHCI):
 *  - data toggles (USB 2.0 8.6): the device keeps its own per endpoint and direction. SETUP is
 *    DATA0 and sets EP0 to DATA1 for the data and status stages; SET_CONFIGURATION and
 *    SET_INTERFACE put every other endpoint back to DATA0, CLEAR_FEATURE(ENDPOINT_HALT) the one
 *    it names, SET_ADDRESS gives a fresh device. A packet with the wrong toggle is ACKed and
 *    dropped: an OUT's data is ignored (the host thinks it went); an IN's data is thrown away by
 *    the host, which tries again, while the device, ACKed, has moved on (8.6.4: that data is lost).
 *    Every drop is counted in simdev_drops, so a test can also insist on none.
 *  - misbehaviour a test turns on: NAK the next N packets (not SETUP: 8.5.3 a device must take
 *    it), EP0 IN packets shorter than wMaxPacketSize (the transfer ends short), babble on the next
 *    N interrupt IN packets, a STALL once on a request (then it is answered normally), an
 *    endpoint that halts once (it STALLs until CLEAR_FEATURE(ENDPOINT_HALT), as a real one does).
 */
#ifndef TESTS_UNIT_SIMDEV_H
#define TESTS_UNIT_SIMDEV_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#define SIMDEV_MAX      128
#define SIMDEV_ANY      (-1)

typedef struct SimDev {
	uint8_t toggle[16][2];          /* the device's next data toggle: [endpoint][1: IN] */
	/* misbehaviour, set by the test */
	uint32_t naks;                  /* the next N packets (not SETUP) are NAKed, then answered */
	uint8_t ep0_short;              /* EP0 IN packets bring at most this many bytes (0: off) */
	uint32_t babble;                /* the next N interrupt IN packets bring more than asked */
	int16_t stall_request;          /* the first SETUP with this bRequest is stalled at its next stage (-1: off) */
	int16_t stall_desc;             /* ... and, for GET_DESCRIPTOR, this descriptor type (SIMDEV_ANY: any) */
	int16_t stall_ep;               /* this endpoint (number, 0x80: IN) halts at its next packet (-1: off) */
	bool stall_now;                 /* that SETUP came: the next EP0 packet is a STALL */
	bool halted[16][2];             /* a halted endpoint STALLs until CLEAR_FEATURE(ENDPOINT_HALT) */
} SimDev;

static SimDev simdev[SIMDEV_MAX];
static int simdev_drops;                /* packets ACKed and dropped for a wrong data toggle */
static int simdev_naked, simdev_stalls, simdev_babbles; /* what the devices did, all of them */

static inline void simdev_reset_all(void)
{
	memset(simdev, 0, sizeof simdev);
	for (int i = 0; i < SIMDEV_MAX; i++)
		simdev[i].stall_request = simdev[i].stall_ep = -1;
	simdev_drops = simdev_naked = simdev_stalls = simdev_babbles = 0;
}

/* A device that stalls request `request` (for GET_DESCRIPTOR: descriptor type `desc`) the first time it comes. */
static inline void simdev_stall_once(SimDev *d, int request, int desc)
{
	d->stall_request = (int16_t)request;
	d->stall_desc = (int16_t)desc;
}

/* The device saw a SETUP (8 bytes): EP0 to DATA1; what the request puts back to DATA0 (USB 2.0 9.4.5, 9.1.1.5). */
static inline void simdev_setup(SimDev *d, const uint8_t *s)
{
	uint8_t type = s[0], req = s[1];

	d->toggle[0][0] = d->toggle[0][1] = 1;
	d->stall_now = false;
	if (req == d->stall_request && (d->stall_desc == SIMDEV_ANY || req != 0x06 || s[3] == d->stall_desc)) {
		d->stall_now = true;
		d->stall_request = -1;
	}
	if ((type == 0x00 && req == 0x09) || (type == 0x01 && req == 0x0B))     /* SET_CONFIGURATION, SET_INTERFACE */
		for (int ep = 1; ep < 16; ep++)
			d->toggle[ep][0] = d->toggle[ep][1] = 0;
	if (type == 0x02 && req == 0x01 && s[2] == 0 && s[3] == 0) {            /* CLEAR_FEATURE(ENDPOINT_HALT) */
		d->toggle[s[4] & 0x0F][(s[4] & 0x80) != 0] = 0;
		d->halted[s[4] & 0x0F][(s[4] & 0x80) != 0] = false;
	}
}

/*
 * SET_ADDRESS(addr) done at address 0: the device answers at addr from now on, its toggles fresh
 * and its misbehaviour with it (what the test set at address 0 follows the device); address 0
 * keeps its EP0 toggles (the status stage may come after this) and behaves for the next device.
 */
static inline void simdev_addressed(uint8_t addr)
{
	SimDev *d = &simdev[addr & 0x7F];

	if (!(addr & 0x7F))
		return;
	*d = simdev[0];
	memset(d->toggle, 0, sizeof d->toggle);
	simdev[0].naks = simdev[0].babble = 0;
	simdev[0].ep0_short = 0;
	simdev[0].stall_request = simdev[0].stall_ep = -1;
	simdev[0].stall_now = false;
	memset(simdev[0].halted, 0, sizeof simdev[0].halted);
}

/* One of `left` misbehaviours used (counted in *total); false when none is left. */
static inline bool simdev_take(uint32_t *left, int *total)
{
	if (!*left)
		return false;
	(*left)--;
	(*total)++;
	return true;
}

/* The device NAKs this packet (it is busy: nothing moves, no toggle changes). */
static inline bool simdev_nak(SimDev *d)
{
	return simdev_take(&d->naks, &simdev_naked);
}

/* The device stalls this packet: EP0's after the stalled SETUP (once), or a halted endpoint's (until cleared). */
static inline bool simdev_stall(SimDev *d, uint8_t ep, bool in)
{
	ep &= 0x0F;
	if (ep && d->stall_ep == (ep | (in ? 0x80 : 0))) {
		d->stall_ep = -1;
		d->halted[ep][in] = true;
	}
	if (ep ? !d->halted[ep][in] : !d->stall_now)
		return false;
	d->stall_now = false;
	simdev_stalls++;
	return true;
}

/*
 * A data packet on ep in direction `in` sent with the host's toggle `t`: true when it matches
 * the device's (the packet counts; the toggle moves on). False: a drop, counted; for IN the
 * device was ACKed all the same, so its toggle moves on (its data is the host's to throw away).
 */
static inline bool simdev_toggle(SimDev *d, uint8_t ep, bool in, uint32_t t)
{
	uint8_t *mine = &d->toggle[ep & 0x0F][in];
	bool ok = (t & 1) == *mine;

	if (ok || in)
		*mine ^= 1;
	if (!ok)
		simdev_drops++;
	return ok;
}

/* The device babbles on this interrupt IN packet. */
static inline bool simdev_babble(SimDev *d)
{
	return simdev_take(&d->babble, &simdev_babbles);
}

#endif
