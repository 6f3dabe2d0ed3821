/* xhci.c: xHCI controller bring-up (hand-off, reset, rings), the event ring, commands, its UsbHcOps. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drvlog.h"
#include "io.h"
#include "usbhc.h"
#include "wait.h"
#include "xhci.h"
#include "xhcireg.h"

#define XCAP_LIMIT      64              /* extended capabilities walked at most */
#define HANDOFF_MS      1000            /* BIOS gives the controller up */
#define HALT_MS         100             /* spec: 16 ms */
#define RESET_MS        1000
#define READY_MS        1000            /* Controller Not Ready clears (after power-on, after HCRST) */
#define HCRST_PAUSE_MS  1               /* before reading a register after HCRST (Intel xHCI can hang) */

#define SCRATCH_MAX     1023            /* HCSPARAMS2's 10-bit Max Scratchpad Buffers */

static Xhci *xhci_ctrl[XHCI_MAX_CTRL];     /* each from the kernel's allocator at claim */

/* The claim's phases (xhci_claim_step), in order. */
enum XhciClaim { CL_READY, CL_BIOS, CL_CLAIMED, CL_GIVEN_UP };

/*
 * USB legacy support: set OS-owned (each semaphore is written as its own
 * byte, xHCI 7.1.1); bios_begin starts the hand-off, bios_end ends it once
 * the BIOS let go, or after HANDOFF_MS (`forced`: its semaphore cleared, as
 * Linux does), SMIs off and their status cleared.
 */
static void bios_begin(Xhci *x)
{
	x->bios_owned = (mmio_read32(x->legsup) & LEGACY_BIOS_OWNED) != 0;
	mmio_write8(x->legsup + LEGACY_OS_SEM, LEGACY_SEM_SET);
}

static void bios_end(Xhci *x, bool forced)
{
	uintptr_t legsup = x->legsup;

	if (forced) {
		drvlog("xhci%u: timeout: BIOS hand-off (%u ms)\n", (unsigned)x->hc.index, (unsigned)HANDOFF_MS);
		drvlog("xhci%u: taking the controller from the BIOS anyway\n", (unsigned)x->hc.index);
		mmio_write8(legsup + LEGACY_BIOS_SEM, 0);
	}
	mmio_write32(legsup + LEGACY_CTLSTS,
	    (mmio_read32(legsup + LEGACY_CTLSTS) & ~LEGACY_SMI_ENABLES) | LEGACY_SMI_STATUS);
	drvlog("xhci%u: legacy support: BIOS %s, now %s\n", (unsigned)x->hc.index,
	    x->bios_owned ? "owned it" : "did not own it",
	    (mmio_read32(legsup) & LEGACY_OS_OWNED) ? "OS-owned" : "not OS-owned (the semaphore did not stick)");
}

/*
 * The extended capabilities: note where USB legacy support is (the BIOS
 * hand-off, xhci_claim_step's) and which root ports are USB 2 and which USB 3 (supported
 * protocol).
 */
static void walk_xcaps(Xhci *x, uint32_t hcc)
{
	uintptr_t p = x->cap + (HCC_XECP(hcc) << 2);

	if (HCC_XECP(hcc) == 0)
		return;
	for (int n = 0; n < XCAP_LIMIT; n++) {
		uint32_t v = mmio_read32(p), next = XCAP_NEXT(v);

		if (XCAP_ID(v) == XCAP_LEGACY) {
			x->legsup = p;
		} else if (XCAP_ID(v) == XCAP_PROTOCOL) {
			uint32_t ports = mmio_read32(p + PROTO_PORTS);
			uint32_t first = PROTO_FIRST_PORT(ports), count = PROTO_PORT_COUNT(ports);

			for (uint32_t i = first; i < first + count && i <= MAX_PORTS; i++)
				x->port_major[i] = (uint8_t)PROTO_MAJOR(v);
			drvlog("xhci%u: USB %u.%u on ports %u-%u\n", (unsigned)x->hc.index, (unsigned)PROTO_MAJOR(v),
			    (unsigned)PROTO_MINOR(v) >> 4, (unsigned)first, (unsigned)(first + count - 1));
		}
		if (next == 0)
			break;
		p += next << 2;
	}
}

/*
 * The scratchpad pages the controller asks for (it keeps its own state
 * there), and the array of their addresses, from the kernel's memory;
 * false (logged) if there is not that much.
 */
static bool give_scratch(Xhci *x, uint32_t scratch)
{
	uint64_t *ptrs;
	uint8_t *pages;

	if (scratch == 0)
		return true;
	ptrs = scratch <= SCRATCH_MAX ? x->alloc(scratch * 8) : NULL;
	pages = ptrs ? x->alloc(scratch * 4096) : NULL;
	if (!pages) {
		drvlog("xhci%u: wants %u scratchpad pages: no memory for them, not used\n", (unsigned)x->hc.index,
		    (unsigned)scratch);
		return false;
	}
	for (uint32_t i = 0; i < scratch; i++)
		ptrs[i] = addr32(pages + i * 4096);
	x->mem->dcbaa[0] = addr32(ptrs);
	return true;
}

/* The bring-up's phases (xhci_start_step), in order. */
enum XhciPhase { PH_HALT, PH_HCRST_PAUSE, PH_RESET, PH_READY, PH_RUN, PH_POWER, PH_RUNNING, PH_GIVEN_UP };

/* A stepped register wait: STEP_FAILED logged ("xhci0: timeout: <what>"). */
static StepResult step_reg(Xhci *x, uintptr_t base, uint32_t off, uint32_t mask, uint32_t want, uint32_t ms,
                           const char *what)
{
	StepResult r = wait_step(&x->wait, (xr32(base, off) & mask) == want, ms);

	if (r == STEP_FAILED)
		drvlog("xhci%u: timeout: %s (%u ms)\n", (unsigned)x->hc.index, what, (unsigned)ms);
	return r;
}

/* Reset over: our DCBAA, command ring and event ring to the controller, then run it. */
static bool give_rings(Xhci *x, uint32_t scratch)
{
	XhciMem *m = x->mem;

	if (!(xr32(x->op, OP_PAGESIZE) & PAGESIZE_4K)) {
		drvlog("xhci%u: no 4 KiB page size, not used\n", (unsigned)x->hc.index);
		return false;
	}
	for (uint32_t i = 0; i < 256; i++)
		m->dcbaa[i] = 0;
	if (!give_scratch(x, scratch))
		return false;
	xw32(x->op, OP_CONFIG, x->slots);
	xw32(x->op, OP_DNCTRL, 0);
	xw32(x->op, OP_DCBAAP, addr32(m->dcbaa));
	xw32(x->op, OP_DCBAAP + 4, 0);
	xhci_cmd_ring_start(x);
	for (uint32_t i = 0; i < EVENT_TRBS; i++)
		m->event[i] = (Trb){ { 0, 0, 0, 0 } };
	m->erst[0] = addr32(m->event);
	m->erst[1] = 0;
	m->erst[2] = EVENT_TRBS;
	m->erst[3] = 0;
	x->ev_deq = 0;
	x->ev_cycle = 1;
	xw32(x->rt, RT_ERSTSZ, 1);
	xw32(x->rt, RT_ERDP, addr32(m->event));
	xw32(x->rt, RT_ERDP + 4, 0);
	xw32(x->rt, RT_ERSTBA, addr32(m->erst));
	xw32(x->rt, RT_ERSTBA + 4, 0);
	xw32(x->rt, RT_IMOD, 0);
	xw32(x->rt, RT_IMAN, IMAN_IP);          /* clear a pending flag; interrupts stay off: we poll */
	xw32(x->op, OP_USBCMD, CMD_RUN);
	return true;
}

/*
 * One step of the bring-up: halt, reset (a 1 ms pause after HCRST before
 * any register is read: Intel controllers can hang otherwise, Linux's
 * XHCI_INTEL_HOST quirk), the rings given, run, the ports powered and their
 * power settled. Each wait is started by one call and looked at by the next.
 * NOTE: no register is read before the pause after HCRST has passed.
 */
static StepResult start_phase(Xhci *x)
{
	StepResult r = STEP_DONE;

	switch (x->phase) {
	case PH_HALT:
		if (!(xr32(x->op, OP_USBSTS) & STS_HCH)) {
			xw32(x->op, OP_USBCMD, xr32(x->op, OP_USBCMD) & ~CMD_RUN);
			r = step_reg(x, x->op, OP_USBSTS, STS_HCH, STS_HCH, HALT_MS, "halt");
		}
		if (r == STEP_DONE)
			xw32(x->op, OP_USBCMD, CMD_HCRST);
		break;
	case PH_HCRST_PAUSE:
		r = wait_step_pause(&x->wait, HCRST_PAUSE_MS);
		break;
	case PH_RESET:
		r = step_reg(x, x->op, OP_USBCMD, CMD_HCRST, 0, RESET_MS, "reset");
		break;
	case PH_READY:
		r = step_reg(x, x->op, OP_USBSTS, STS_CNR, 0, READY_MS, "controller ready after reset");
		if (r == STEP_DONE && !give_rings(x, HCS2_SCRATCH(xr32(x->cap, CAP_HCSPARAMS2))))
			r = STEP_FAILED;
		break;
	case PH_RUN:
		r = step_reg(x, x->op, OP_USBSTS, STS_HCH, 0, HALT_MS, "run");
		if (r != STEP_DONE)
			break;
		drvlog("xhci%u: running: %u ports, %u slots, %u-byte contexts, %u scratchpad pages\n",
		    (unsigned)x->hc.index, (unsigned)x->ports, (unsigned)x->slots, (unsigned)x->ctx_size,
		    (unsigned)HCS2_SCRATCH(xr32(x->cap, CAP_HCSPARAMS2)));
		x->power_ms = xhci_ports_power(x);
		break;
	case PH_POWER:
		r = x->power_ms ? wait_step_pause(&x->wait, x->power_ms) : STEP_DONE;
		break;
	}
	if (r == STEP_DONE)
		x->phase++;
	return r;
}

static bool xhci_running(UsbHc *hc)
{
	return xhci_of(hc)->alive;
}

/*
 * Main loop: a controller that halted by itself or reports a host system
 * error is given up (the device layer forgets its devices, their keys come
 * up; nothing more is asked of it). On a live one, interrupt endpoints that
 * halted are recovered.
 */
static bool xhci_check(UsbHc *hc)
{
	Xhci *x = xhci_of(hc);
	uint32_t sts = xr32(x->op, OP_USBSTS);

	if (!(sts & (STS_HCH | STS_HSE)) && sts != REG_GONE) {
		xhci_intr_recover(x);
		return x->alive;
	}
	drvlog("xhci%u: controller stopped (USBSTS %08x), given up\n", (unsigned)hc->index, (unsigned)sts);
	x->alive = false;
	return false;
}

static const UsbHcOps xhci_ops = {
	.kind = "xHCI",
	.name = "xhci",
	.poll = xhci_poll,
	.running = xhci_running,
	.check = xhci_check,
	.port_changes = xhci_port_changes,
	.port_state = xhci_port_state,
	.port_reset = xhci_port_reset,
	.port_reset_done = xhci_port_reset_done,
	.dev_add = xhci_dev_add,
	.dev_remove = xhci_dev_remove,
	.set_mps0 = xhci_set_mps0,
	.set_hub = xhci_set_hub,
	.control = xhci_control,
	.intr_in = xhci_intr_in,
	.bulk = xhci_bulk,
	.cancel = xhci_cancel,
};

/*
 * Controller `index` at mmio: its capabilities read (xhci_claim_step then
 * takes it). False (logged) if it is not to be used.
 */
bool xhci_claim_begin(int index, uintptr_t mmio, XhciAlloc alloc)
{
	Xhci *x = index < XHCI_MAX_CTRL ? alloc(sizeof *x) : NULL;
	uint32_t hcs1, hcc;

	if (!x) {
		drvlog("xhci%u: no memory for its state, not used\n", (unsigned)index);
		return false;
	}
	xhci_ctrl[index] = x;
	*x = (Xhci){ .alive = false };
	x->hc = (UsbHc){ .ops = &xhci_ops, .state = x, .index = (uint8_t)index };
	x->alloc = alloc;
	x->cap = mmio;
	x->op = mmio + mmio_read8(mmio + CAP_LENGTH);
	hcs1 = xr32(x->cap, CAP_HCSPARAMS1);
	hcc = xr32(x->cap, CAP_HCCPARAMS1);
	x->rt = mmio + (xr32(x->cap, CAP_RTSOFF) & RTSOFF_MASK);
	x->db = mmio + (xr32(x->cap, CAP_DBOFF) & DBOFF_MASK);
	x->ports = HCS1_MAX_PORTS(hcs1);
	if (x->ports > MAX_PORTS)
		x->ports = MAX_PORTS;
	x->slots = HCS1_MAX_SLOTS(hcs1);
	if (x->slots > XHCI_MAX_SLOTS)
		x->slots = XHCI_MAX_SLOTS;
	x->ctx_size = (hcc & HCC_CSZ) ? 64 : 32;
	drvlog("xhci%u: at 0x%08x, version %x\n", (unsigned)index, (unsigned)mmio,
	    (unsigned)CAP_VERSION(xr32(x->cap, CAP_LENGTH)));
	if (hcs1 == REG_GONE || x->slots == 0 || x->ports == 0) {
		drvlog("xhci%u: registers read nonsense, not used\n", (unsigned)index);
		x->claim = CL_GIVEN_UP;
		return false;
	}
	return true;
}

/*
 * One step of the claim: wait until the controller is ready (CNR clear:
 * nothing may be written before), its memory, its port protocols, then the
 * BIOS hand-off (HANDOFF_MS at most, then taken anyway). Each wait is
 * started by one call and looked at by the next.
 */
StepResult xhci_claim_step(int index)
{
	Xhci *x = index < XHCI_MAX_CTRL ? xhci_ctrl[index] : NULL;
	StepResult r;

	if (!x || x->claim >= CL_CLAIMED)
		return STEP_FAILED;     /* never begun, or asked again after its end */
	if (x->claim == CL_READY) {
		r = wait_step(&x->wait, !(xr32(x->op, OP_USBSTS) & STS_CNR), READY_MS);
		if (r == STEP_MORE)
			return r;
		if (r == STEP_FAILED) {
			drvlog("xhci%u: timeout: controller ready (%u ms)\n", (unsigned)index, (unsigned)READY_MS);
			drvlog("xhci%u: controller given up\n", (unsigned)index);
			x->claim = CL_GIVEN_UP;
			return r;
		}
		x->mem = x->alloc(sizeof(XhciMem));
		if (!x->mem) {
			drvlog("xhci%u: no memory for its rings (%u KiB), not used\n", (unsigned)index,
			    (unsigned)(sizeof(XhciMem) / 1024));
			x->claim = CL_GIVEN_UP;
			return STEP_FAILED;
		}
		walk_xcaps(x, xr32(x->cap, CAP_HCCPARAMS1));
		if (x->legsup)
			bios_begin(x);
		x->claim = CL_BIOS;
	}
	r = x->legsup && x->bios_owned ? wait_step(&x->wait, !(mmio_read32(x->legsup) & LEGACY_BIOS_OWNED), HANDOFF_MS)
	                               : STEP_DONE;
	if (r == STEP_MORE)
		return r;
	if (x->legsup)
		bios_end(x, r == STEP_FAILED);
	x->claim = CL_CLAIMED;
	return STEP_DONE;
}

bool xhci_claim(int index, uintptr_t mmio, XhciAlloc alloc)
{
	return xhci_claim_begin(index, mmio, alloc) && STEP_RUN(xhci_claim_step(index)) == STEP_DONE;
}

/* One step of controller `index`'s start: STEP_MORE until it runs (*hc set, STEP_DONE) or is given up (logged). */
StepResult xhci_start_step(int index, UsbHc **hc)
{
	Xhci *x = index < XHCI_MAX_CTRL ? xhci_ctrl[index] : NULL;
	StepResult r;

	*hc = NULL;
	if (!x || x->claim != CL_CLAIMED || x->phase >= PH_RUNNING)
		return STEP_FAILED;     /* never claimed, or asked again after its end */
	r = start_phase(x);
	if (r == STEP_FAILED) {
		drvlog("xhci%u: controller given up\n", (unsigned)index);
		x->phase = PH_GIVEN_UP;
		return STEP_FAILED;
	}
	if (x->phase < PH_RUNNING)
		return STEP_MORE;
	x->alive = true;
	*hc = &x->hc;
	return STEP_DONE;
}

UsbHc *xhci_start(int index)
{
	UsbHc *hc = NULL;

	STEP_RUN(xhci_start_step(index, &hc));
	return hc;
}
