/*
 * reportdev.h: a report's USB devices as simulated devices — each answers its EP0 from the bytes
 * the report recorded (device, configuration, HID report and hub descriptors), remembers the
 * address and configuration it was given, and a hub keeps its ports' status and changes as
 * USB 2.0 11.24 says, with the report's devices behind them. A thin layer over any simulated
 * controller: the controller's EP0 hook finds the device by its handle (a slot or an address);
 * at the default address answers the first device, in port order, that was reset and has no
 * address yet (QEMU's UHCI and hub do the same: the first enabled port whose device matches).
 */
#ifndef TESTS_UNIT_REPORTDEV_H
#define TESTS_UNIT_REPORTDEV_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "reportfix.h"

#define RDEV_MAX        32
#define RDEV_HUB_PORTS  16
#define RDEV_STALL      (-1)

/* Hub port status and change bits (USB 2.0 11.24.2.7). */
#define RDEV_PS_CONNECTION      0x0001
#define RDEV_PS_ENABLE          0x0002
#define RDEV_PS_RESET           0x0010
#define RDEV_PS_POWER           0x0100
#define RDEV_PS_LOW_SPEED       0x0200
#define RDEV_PS_HIGH_SPEED      0x0400
#define RDEV_PC_CONNECTION      0x0001
#define RDEV_PC_RESET           0x0010

typedef struct Rdev {
	const ReportUsbDev *fix;
	bool bound;                     /* the controller reached it: handle is its slot or address */
	uint32_t handle;
	bool at_default;                /* reset, no address yet: it answers at address 0 */
	uint8_t address;                /* SET_ADDRESS (0: none yet) */
	uint8_t config;                 /* SET_CONFIGURATION (0: unconfigured) */
	int requests;                   /* setup packets it answered */
	uint16_t status[RDEV_HUB_PORTS], change[RDEV_HUB_PORTS];
} Rdev;

static Rdev rdevs[RDEV_MAX];
static int nrdevs;
static int rdev_reused;                 /* handles given again while their old device was bound (rdev_bind) */
static char rdev_error[160];            /* the first thing a device saw that it did not expect */

/* The device on a root port (route 0) or behind hubs. */
static inline Rdev *rdev_at(uint8_t port, uint32_t route)
{
	for (int i = 0; i < nrdevs; i++)
		if (rdevs[i].fix->port == port && rdevs[i].fix->route == route)
			return &rdevs[i];
	return NULL;
}

static inline Rdev *rdev_child(const Rdev *hub, uint8_t hub_port)
{
	return rdev_at(hub->fix->port, hub->fix->route | (uint32_t)(hub_port & 0x0F) << (4 * hub->fix->depth));
}

/* A hub's ports as they power up: connected where the report has a device, no change read yet. */
static inline void rdev_hub_ports(Rdev *h)
{
	for (uint8_t p = 1; p < RDEV_HUB_PORTS; p++) {
		const Rdev *c = rdev_child(h, p);

		if (!c)
			continue;
		h->status[p] = RDEV_PS_CONNECTION | (c->fix->speed == 2 ? RDEV_PS_LOW_SPEED : 0) |
		    (c->fix->speed == 3 ? RDEV_PS_HIGH_SPEED : 0);
		h->change[p] = RDEV_PC_CONNECTION;
	}
}

/* The report's devices on one controller (kind, index): each a fresh simulated device. */
static inline int rdev_load(const Report *r, uint8_t kind, uint8_t index)
{
	nrdevs = 0;
	rdev_reused = 0;
	rdev_error[0] = '\0';
	memset(rdevs, 0, sizeof rdevs);
	for (int i = 0; i < r->nusb && nrdevs < RDEV_MAX; i++)
		if (r->usb[i].hc_kind == kind && r->usb[i].hc_index == index)
			rdevs[nrdevs++].fix = &r->usb[i];
	for (int i = 0; i < nrdevs; i++)
		if (rdevs[i].fix->hub)
			rdev_hub_ports(&rdevs[i]);
	return nrdevs;
}

static inline Rdev *rdev_by_handle(uint32_t handle)
{
	for (int i = 0; i < nrdevs; i++)
		if (rdevs[i].bound && rdevs[i].handle == handle)
			return &rdevs[i];
	return NULL;
}

/*
 * The controller reached device d by `handle` (its slot, or the address it
 * was just given). Another device that had it keeps it no more. A device
 * the layer ignored still answers at its address on the bus: rdev_reused
 * counts a handle given again while its device is still there (a failure:
 * two devices at one address, reportsusb.h).
 */
static inline Rdev *rdev_bind(Rdev *d, uint32_t handle)
{
	for (int i = 0; i < nrdevs; i++)
		if (&rdevs[i] != d && rdevs[i].bound && rdevs[i].handle == handle) {
			rdevs[i].bound = false;
			rdev_reused++;
		}
	d->bound = true;
	d->handle = handle;
	d->at_default = false;
	return d;
}

/* A port reset: the device there answers at address 0 until it gets an address. */
static inline void rdev_reset(Rdev *d)
{
	d->bound = false;
	d->address = 0;
	d->config = 0;
	d->at_default = true;
}

/* Who answers at the default address: the first device, in port order, reset and not yet addressed. */
static inline Rdev *rdev_default(void)
{
	for (int i = 0; i < nrdevs; i++)
		if (rdevs[i].at_default)
			return &rdevs[i];
	if (!rdev_error[0])
		snprintf(rdev_error, sizeof rdev_error, "a request to address 0 with no device reset");
	return NULL;
}

static inline int rdev_bytes(uint8_t *data, const uint8_t *bytes, size_t len)
{
	memcpy(data, bytes, len);
	return (int)len;
}

/* A hub's class requests: its descriptor, a port's status, port features set and cleared. */
static inline int rdev_hub_request(Rdev *h, uint8_t type, uint8_t req, uint16_t value, uint16_t port, uint8_t *data)
{
	if (type == 0xA0 && req == 0x06 && value >> 8 == 0x29)
		return rdev_bytes(data, h->fix->hub, h->fix->hub_len);
	if (port == 0 || port >= RDEV_HUB_PORTS)
		return RDEV_STALL;
	if (type == 0xA3 && req == 0x00) {
		const uint8_t st[4] = { (uint8_t)h->status[port], (uint8_t)(h->status[port] >> 8),
		    (uint8_t)h->change[port], (uint8_t)(h->change[port] >> 8) };

		return rdev_bytes(data, st, 4);
	}
	if (type == 0x23 && req == 0x03 && value == 8) {                /* SET_FEATURE(PORT_POWER) */
		h->status[port] |= RDEV_PS_POWER;
		return 0;
	}
	if (type == 0x23 && req == 0x03 && value == 4) {                /* SET_FEATURE(PORT_RESET): done at once */
		Rdev *c = rdev_child(h, (uint8_t)port);

		if (c && (h->status[port] & RDEV_PS_CONNECTION)) {
			h->status[port] |= RDEV_PS_ENABLE;
			h->change[port] |= RDEV_PC_RESET;
			rdev_reset(c);
		}
		return 0;
	}
	if (type == 0x23 && req == 0x01 && value >= 16 && value <= 20) {        /* CLEAR_FEATURE(C_PORT_*) */
		h->change[port] &= (uint16_t)~(1u << (value - 16));
		return 0;
	}
	return RDEV_STALL;
}

/*
 * One setup packet to device d: its answer's length (IN data in `data`), 0
 * for a request it accepts without data, RDEV_STALL for one it refuses.
 */
static inline int rdev_answer(Rdev *d, const uint8_t setup[8], uint8_t *data)
{
	uint8_t type = setup[0], req = setup[1];
	uint16_t value = (uint16_t)(setup[2] | setup[3] << 8), index = (uint16_t)(setup[4] | setup[5] << 8);

	d->requests++;
	if (type == 0x80 && req == 0x06 && value >> 8 == 0x01)
		return rdev_bytes(data, d->fix->device, 18);
	if (type == 0x80 && req == 0x06 && value >> 8 == 0x02)
		return rdev_bytes(data, d->fix->config, d->fix->config_len);
	if (type == 0x00 && req == 0x05) {
		d->address = (uint8_t)(value & 0x7F);
		return 0;
	}
	if (type == 0x00 && req == 0x09) {
		d->config = (uint8_t)value;
		return 0;
	}
	if (type == 0x81 && req == 0x06 && value >> 8 == 0x22) {
		for (int i = 0; i < d->fix->nhids; i++)
			if (d->fix->hids[i].iface == index)
				return rdev_bytes(data, d->fix->hids[i].rdesc, d->fix->hids[i].len);
		return RDEV_STALL;
	}
	if (type == 0x21 && (req == 0x0A || req == 0x0B))               /* SET_IDLE, SET_PROTOCOL */
		return 0;
	if (d->fix->hub && (type & 0x60) == 0x20)
		return rdev_hub_request(d, type, req, value, index, data);
	return RDEV_STALL;
}

#endif
