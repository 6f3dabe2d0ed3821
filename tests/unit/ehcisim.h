/*
 * ehcisim.h: a simulated EHCI for test_ehci.c — PCI configuration space, the register file,
 * the asynchronous ring run one millisecond at a time (IN data 0x5A, a STALL on request) to
 * devices that check data toggles and misbehave as the test asks (simdev.h, by address),
 * the BIOS's legacy semaphore, and the fake bounded waits that step it. The async-advance
 * doorbell is answered iaa_delay_ms after it is rung; until then the controller still runs the
 * QH it last ran, linked or not (EHCI 4.8.2), as QEMU does when its frame timer comes late.
 */
#ifndef TESTS_EHCISIM_H
#define TESTS_EHCISIM_H

#include "simdev.h"
#include "simlog.h"          /* drvlog into logbuf */

#define EECP            0x68            /* the legacy capability in configuration space */
#define OP              0x20            /* CAPLENGTH */
#define R(off)          regs[(OP + (off)) / 4]
#define NPORTS          4

typedef struct Sim {
	uint8_t cfg[256];
	uint32_t addr, now_ms;
	uint32_t bios_lets_go_ms;       /* 0: never */
	bool reset_hangs, port_reset_hangs, xfers_complete, stall_next;
	uint8_t speed[NPORTS + 1];      /* what is plugged in: 0 nothing, USB_SPEED_* */
	bool owned[NPORTS + 1];         /* handed to the companion */
	int xfers;
	void (*on_ms)(void);            /* the test's own event at the start of each simulated ms */
	uint32_t iaa_delay_ms;          /* the doorbell is answered this long after it is rung */
	bool iaa_pending;               /* rung, not answered yet */
	uint32_t iaa_rung_ms, iaa_answered_ms, doorbells;
	uint32_t head_link_at_iaa;      /* the ring's head link when the doorbell was rung */
	EhciQh *held;                   /* the QH the controller last ran: it may run it until the doorbell's answer */
} Sim;

static Sim sim;
static uint32_t regs[0x100 / 4];
static EhciMem mem __attribute__((aligned(4096)));
static size_t reported;                 /* the last interrupt report's length and first byte */
static uint8_t report_first;

static uint32_t cfg32(uint8_t off)
{
	uint32_t v;

	memcpy(&v, &sim.cfg[off], 4);
	return v;
}

static void set32(uint8_t off, uint32_t v)
{
	memcpy(&sim.cfg[off], &v, 4);
}

void sim_outl(uint16_t port, uint32_t v)
{
	if (port == 0x0CF8)
		sim.addr = v;
	else
		set32((uint8_t)(sim.addr & 0xFC), v);
}

uint32_t sim_inl(uint16_t port)
{
	(void)port;
	return cfg32((uint8_t)(sim.addr & 0xFC));
}

uint32_t sim_mmio_read32(uintptr_t addr)
{
	return regs[(addr - (uintptr_t)regs) / 4];
}

/* A root port's register as the device on it makes it: connected, line state, owner. */
static uint32_t port_idle(uint8_t p)
{
	if (sim.owned[p])
		return PORT_OWNER | PORT_PP;
	if (!sim.speed[p])
		return PORT_PP;
	return PORT_PP | PORT_CCS | (sim.speed[p] == USB_SPEED_LOW ? PORT_LS_K : 0x800u);
}

/* PORTSC: change bits write-1-to-clear, PED only cleared, PR released ends the reset (enabled if high speed). */
static void port_write(uint8_t p, uint32_t v)
{
	uint32_t *r = &R(OP_PORTSC(p)), old = *r;

	if ((v & PORT_OWNER) && !(old & PORT_OWNER)) {
		sim.owned[p] = true;
		*r = port_idle(p);
		return;
	}
	*r = (old & ~(v & PORT_RWC)) & ~PORT_PR;
	if (!(v & PORT_PED))
		*r &= ~PORT_PED;
	if (v & PORT_PR)
		*r |= PORT_PR;
	else if ((old & PORT_PR) && sim.port_reset_hangs)
		*r |= PORT_PR;
	else if ((old & PORT_PR) && sim.speed[p] == USB_SPEED_HIGH)
		*r = (*r & ~PORT_LS_MASK) | PORT_PED;
}

void sim_mmio_write32(uintptr_t addr, uint32_t v)
{
	uint32_t off = (uint32_t)(addr - (uintptr_t)regs) - OP;

	if (off == OP_USBSTS)
		R(OP_USBSTS) &= ~(v & STS_INT_ALL);
	else if (off >= OP_PORTSC(1) && off <= OP_PORTSC(NPORTS))
		port_write((uint8_t)((off - OP_PORTSC(1)) / 4 + 1), v);
	else
		R(off) = v;
}

/*
 * One qTD's packets as the device takes them (simdev.h): a SETUP seen; data packets of the QH's
 * packet size, each checked against the device's toggle — from the qTD (DTC=1) or the toggle the
 * controller keeps in the QH (DTC=0, written back there). An IN packet with the wrong toggle is
 * thrown away by the controller and asked for again; an OUT one the device ignores. False: the
 * device NAKed (the qTD stays active) or stalled it (halted).
 */
static bool sim_qtd(EhciQh *q, EhciQtd *td)
{
	uint8_t addr = q->chars & 0x7F, ep = q->chars >> 8 & 0x0F, pid = (td->token >> 8) & 3;
	uint32_t mps = q->chars >> 16 & 0x7FF, left = QTD_BYTES(td->token);
	uint32_t t = (q->chars & QH_DTC ? td->token : q->token) >> 31;
	SimDev *d = &simdev[addr];
	bool in = pid == QTD_PID_IN;

	if (pid == QTD_PID_SETUP) {
		const uint8_t *s = (const uint8_t *)(uintptr_t)td->buf[0];

		simdev_setup(d, s);
		if (addr == 0 && s[0] == 0x00 && s[1] == 0x05)
			simdev_addressed(s[2]);
		return true;
	}
	if (simdev_nak(d))
		return false;
	if (sim.stall_next || simdev_stall(d, ep, in)) {    /* the endpoint answers STALL: halted, nothing moved */
		sim.stall_next = false;
		td->token = (td->token & ~QTD_ACTIVE) | QTD_HALTED;
		q->token = td->token;
		return false;
	}
	if (in && left)
		memset((void *)(uintptr_t)td->buf[0], 0x5A, left);
	for (uint32_t tries = 0; tries < 2 * QTD_MAX_BYTES; tries++) {
		uint32_t n = left < mps ? left : mps;

		if (!simdev_toggle(d, ep, in, t) && in)
			continue;               /* thrown away: the same packet again, the same toggle */
		t ^= 1;
		left -= n;
		if (left == 0)
			break;
	}
	if (!(q->chars & QH_DTC))
		q->token = (q->token & ~QTD_TOGGLE) | t << 31;
	return true;
}

/* One QH: its active qTDs done in order (IN data 0x5A) while the device answers; a halted QH runs nothing. */
static void run_qh(EhciQh *q)
{
	uint32_t next = q->next;

	while (!(next & LINK_T) && !(q->token & QTD_HALTED)) {
		EhciQtd *td = (EhciQtd *)(uintptr_t)next;

		if (!(td->token & QTD_ACTIVE) || !sim_qtd(q, td))
			break;
		td->token &= ~(QTD_ACTIVE | 0x7FFF0000u);
		q->token = (q->token & QTD_TOGGLE) | (td->token & ~QTD_TOGGLE);
		q->next = next = td->next;
		sim.xfers++;
	}
}

/*
 * The controller runs the asynchronous ring: every linked QH, and one it still holds from
 * before an unlink whose doorbell is not answered yet.
 */
static void run_async(void)
{
	EhciQh *head = (EhciQh *)(uintptr_t)R(OP_ASYNCLISTADDR);
	EhciQh *q = (EhciQh *)(uintptr_t)(head->link & ~0x1Fu);
	bool held_linked = false;

	for (; q != head; q = (EhciQh *)(uintptr_t)(q->link & ~0x1Fu)) {
		run_qh(q);
		held_linked |= q == sim.held;
		sim.held = q;
	}
	if (sim.held && !held_linked && sim.iaa_pending)
		run_qh(sim.held);
}

/* USBCMD's doorbell: the ring's state noted when it is rung, answered (IAA) iaa_delay_ms later. */
static void doorbell(void)
{
	if (!sim.iaa_pending) {
		sim.iaa_pending = true;
		sim.iaa_rung_ms = sim.now_ms;
		sim.head_link_at_iaa = ((EhciQh *)(uintptr_t)R(OP_ASYNCLISTADDR))->link;
		sim.doorbells++;
	}
	if (sim.now_ms - sim.iaa_rung_ms >= sim.iaa_delay_ms) {
		R(OP_USBCMD) &= ~CMD_IAAD;
		R(OP_USBSTS) |= STS_IAA;
		sim.iaa_pending = false;
		sim.iaa_answered_ms = sim.now_ms;
		sim.held = NULL;                /* the controller let go of what it held */
	}
}

/* One ms of the controller and the BIOS. */
static void sim_step(void)
{
	uint32_t cmd = R(OP_USBCMD);

	sim.now_ms++;
	if (sim.on_ms)
		sim.on_ms();
	R(OP_USBSTS) = (R(OP_USBSTS) & ~STS_HCHALTED) | ((cmd & CMD_RUN) ? 0 : STS_HCHALTED);
	if ((cmd & CMD_HCRESET) && !sim.reset_hangs) {
		R(OP_USBCMD) = CMD_ITC_8;
		R(OP_CONFIGFLAG) = 0;
		for (uint8_t p = 1; p <= NPORTS; p++)   /* what is plugged in shows up: connected, changed */
			R(OP_PORTSC(p)) = port_idle(p) | (sim.speed[p] ? PORT_CSC : 0);
	}
	if ((cmd & (CMD_RUN | CMD_ASE)) == (CMD_RUN | CMD_ASE) && sim.xfers_complete)
		run_async();
	if (cmd & CMD_IAAD)
		doorbell();
	if (sim.bios_lets_go_ms && sim.now_ms >= sim.bios_lets_go_ms)
		set32(EECP, cfg32(EECP) & ~0x00010000u);
}

void wait_ms(uint32_t ms)
{
	for (uint32_t i = 0; i < ms; i++)
		sim_step();
}

bool wait_mmio32(uintptr_t addr, uint32_t mask, uint32_t want, uint32_t timeout_ms)
{
	for (uint32_t t = 0;; t++) {
		sim_step();
		if ((sim_mmio_read32(addr) & mask) == want)
			return true;
		if (t >= timeout_ms)
			return false;
	}
}

uint32_t wait_deadline(uint32_t ms)
{
	return sim.now_ms + ms;
}

bool wait_passed(uint32_t deadline)
{
	sim_step();
	return (int32_t)(sim.now_ms - deadline) >= 0;
}

/* The stepped waits: each step that goes on waiting lets the simulation run a millisecond. */
StepResult wait_step(StepWait *w, bool met, uint32_t timeout_ms)
{
	if (met) {
		w->armed = false;
		return STEP_DONE;
	}
	if (!w->armed)
		*w = (StepWait){ .deadline = sim.now_ms + timeout_ms, .armed = true };
	else if ((int32_t)(sim.now_ms - w->deadline) >= 0) {
		w->armed = false;
		return STEP_FAILED;
	}
	sim_step();
	return STEP_MORE;
}

StepResult wait_step_pause(StepWait *w, uint32_t ms)
{
	if (!w->armed)
		*w = (StepWait){ .deadline = sim.now_ms + ms, .armed = true };
	if ((int32_t)(sim.now_ms - w->deadline) < 0) {
		sim_step();
		return STEP_MORE;
	}
	w->armed = false;
	return STEP_DONE;
}

static void *alloc(uint32_t bytes)
{
	assert_true(bytes <= sizeof mem);
	memset(&mem, 0, sizeof mem);
	return &mem;
}

static const PciDev dev = { .bus = 0, .dev = 0x1D, .fn = 7 };

/* An ICH9-like EHCI, running, owned by the BIOS with SMIs on, three companions, power switches. */
static int setup(void **state)
{
	(void)state;
	memset(&sim, 0, sizeof sim);
	simdev_reset_all();
	memset(regs, 0, sizeof regs);
	logbuf[0] = '\0';
	reported = 0;
	regs[0] = OP;                                   /* CAPLENGTH */
	regs[1] = 3u << 12 | HCS_PPC | NPORTS;          /* HCSPARAMS: N_CC 3 */
	regs[2] = (uint32_t)EECP << 8;                  /* HCCPARAMS: EECP */
	R(OP_USBCMD) = CMD_RUN;
	R(OP_CONFIGFLAG) = 1;
	set32(EECP, 0x00010001);                        /* USBLEGSUP: BIOS owned, no next */
	set32(EECP + 4, 0xE000003F);                    /* USBLEGCTLSTS: SMIs on, status set */
	sim.bios_lets_go_ms = 5;
	sim.xfers_complete = true;
	return 0;
}

static UsbHc *started(void)
{
	UsbHc *hc;

	assert_true(ehci_claim(0, &dev, (uintptr_t)regs, alloc));
	hc = ehci_start(0);
	assert_non_null(hc);
	return hc;
}

#endif
