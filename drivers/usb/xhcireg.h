/* xhcireg.h: xHCI register map, TRB layout and the driver's private state (xhci.c, xhciport.c). */
#ifndef DRIVERS_XHCIREG_H
#define DRIVERS_XHCIREG_H

#include <stdbool.h>
#include <stdint.h>

#include "io.h"
#include "usbhc.h"
#include "usbhcbulk.h"
#include "wait.h"
#include "xhci.h"

/* Capability registers (xHCI 1.2, 5.3). */
#define CAP_LENGTH              0x00    /* CAPLENGTH byte 7:0, HCIVERSION 31:16 */
#define CAP_HCSPARAMS1          0x04
#define CAP_HCSPARAMS2          0x08
#define CAP_HCCPARAMS1          0x10
#define CAP_DBOFF               0x14
#define CAP_RTSOFF              0x18
#define CAP_VERSION(v)          ((v) >> 16)                     /* HCIVERSION, BCD */
#define HCS1_MAX_SLOTS(v)       ((v) & 0xFF)                    /* 7:0 */
#define HCS1_MAX_PORTS(v)       ((v) >> 24)                     /* 31:24 */
#define HCS2_SCRATCH_HI(v)      (((v) >> 21) & 0x1F)            /* Max Scratchpad Bufs Hi, 25:21 */
#define HCS2_SCRATCH_LO(v)      (((v) >> 27) & 0x1F)            /* Max Scratchpad Bufs Lo, 31:27 */
#define HCS2_SCRATCH(v)         (HCS2_SCRATCH_HI(v) << 5 | HCS2_SCRATCH_LO(v))
#define HCC_CSZ                 0x0004                          /* 64-byte contexts */
#define HCC_XECP(v)             ((v) >> 16)                     /* first extended capability, in dwords */
#define DBOFF_MASK              0xFFFFFFFCu                     /* doorbell array offset, 31:2 */
#define RTSOFF_MASK             0xFFFFFFE0u                     /* runtime registers offset, 31:5 */
#define REG_GONE                0xFFFFFFFFu     /* a register reads all ones: the device no longer answers */

/* Operational registers (5.4). */
#define OP_USBCMD               0x00
#define OP_USBSTS               0x04
#define OP_PAGESIZE             0x08
#define OP_DNCTRL               0x14
#define OP_CRCR                 0x18
#define OP_DCBAAP               0x30
#define OP_CONFIG               0x38
#define OP_PORTSC(p)            (0x400 + 0x10 * ((p) - 1))
#define CMD_RUN                 0x0001
#define CMD_HCRST               0x0002
#define STS_HCH                 0x0001  /* halted */
#define STS_HSE                 0x0004  /* host system error */
#define STS_CNR                 0x0800  /* controller not ready */
#define PAGESIZE_4K             0x0001  /* bit 0: 4 KiB pages supported */
#define CRCR_RCS                0x0001  /* ring cycle state */
#define CRCR_CA                 0x0004  /* command abort */
#define CRCR_CRR                0x0008  /* command ring running (read only) */

/* PORTSC bits (5.4.8). */
#define PORT_CCS                0x00000001u     /* device connected */
#define PORT_PED                0x00000002u     /* enabled (RW1C: writing 1 disables) */
#define PORT_PR                 0x00000010u     /* reset */
#define PORT_PP                 0x00000200u     /* power */
#define PORT_SPEED(v)           (((v) >> 10) & 0x0F)
#define PORT_CSC                0x00020000u     /* change bits 17..23, RW1C */
#define PORT_PRC                0x00200000u
#define PORT_CHANGES            0x00FE0000u
#define PORT_KEEP               0x0E00C200u     /* PP, PIC, wake bits: written back as read */

/* Runtime registers: interrupter 0 (5.5.2). */
#define RT_IMAN                 0x20
#define RT_IMOD                 0x24
#define RT_ERSTSZ               0x28
#define RT_ERSTBA               0x30
#define RT_ERDP                 0x38
#define IMAN_IP                 0x0001  /* interrupt pending, RW1C; IE (bit 1) stays off: we poll */
#define ERDP_EHB                0x08    /* event handler busy, RW1C */

/* Extended capabilities (7): a header dword, then the capability's own registers. */
#define XCAP_ID(v)              ((v) & 0xFF)
#define XCAP_NEXT(v)            (((v) >> 8) & 0xFF)             /* in dwords, 0: the last */
#define XCAP_LEGACY             1
#define XCAP_PROTOCOL           2

/* USB legacy support (7.1): USBLEGSUP, whose semaphores are bytes of their own, and USBLEGCTLSTS. */
#define LEGACY_BIOS_SEM         2               /* byte of USBLEGSUP: HC BIOS Owned Semaphore */
#define LEGACY_OS_SEM           3               /* byte: HC OS Owned Semaphore */
#define LEGACY_SEM_SET          0x01            /* a semaphore byte's value when owned */
#define LEGACY_BIOS_OWNED       (1u << (8 * LEGACY_BIOS_SEM))   /* bit 16 of USBLEGSUP */
#define LEGACY_OS_OWNED         (1u << (8 * LEGACY_OS_SEM))     /* bit 24 */
#define LEGACY_CTLSTS           0x04            /* USBLEGCTLSTS */
#define LEGACY_SMI_ENABLES      0x0000E011u     /* USB SMI, on OS ownership, PCI command, BAR change */
#define LEGACY_SMI_STATUS       0xE0000000u     /* their status bits, RW1C */

/* Supported protocol (7.2): revision in the header, ports in the third dword. */
#define PROTO_MAJOR(v)          ((v) >> 24)
#define PROTO_MINOR(v)          (((v) >> 16) & 0xFF)            /* BCD: 0x10 is .1 */
#define PROTO_PORTS             0x08
#define PROTO_FIRST_PORT(v)     ((v) & 0xFF)
#define PROTO_PORT_COUNT(v)     (((v) >> 8) & 0xFF)

/* TRB types (6.4.6) and control-word bits. */
#define TRB_NORMAL              1
#define TRB_SETUP               2
#define TRB_DATA                3
#define TRB_STATUS              4
#define TRB_LINK                6
#define TRB_ENABLE_SLOT         9
#define TRB_DISABLE_SLOT        10
#define TRB_ADDRESS_DEVICE      11
#define TRB_CONFIGURE_EP        12
#define TRB_EVALUATE_CTX        13
#define TRB_RESET_EP            14
#define TRB_SET_TR_DEQUEUE      16
#define TRB_EV_TRANSFER         32
#define TRB_EV_COMMAND          33
#define TRB_EV_PORT             34
#define TRB_TYPE(t)             ((uint32_t)(t) << 10)
#define TRB_GET_TYPE(c)         (((c) >> 10) & 0x3F)
#define TRB_CYCLE               0x0001
#define TRB_TC                  0x0002  /* link: toggle cycle */
#define TRB_ISP                 0x0004
#define TRB_IOC                 0x0020
#define TRB_IDT                 0x0040
#define TRB_DIR_IN              (1u << 16)
#define TRB_SLOT(s)             ((uint32_t)(s) << 24)
#define TRB_EP(e)               ((uint32_t)(e) << 16)
#define TRB_TRT(t)              ((uint32_t)(t) << 16)   /* setup: transfer type */
#define TRT_NONE                0
#define TRT_OUT                 2
#define TRT_IN                  3
#define TRB_SETUP_LEN           8       /* a setup TRB's length: the packet itself (IDT) */
#define TRB_GET_SLOT(c)         ((c) >> 24)             /* events: slot id, control 31:24 */
#define TRB_GET_EP(c)           (((c) >> 16) & 0x1F)    /* transfer event: endpoint id (DCI) */
#define TRB_GET_CC(s)           ((s) >> 24)             /* events: completion code, status 31:24 */
#define TRB_GET_LEN(s)          ((s) & 0xFFFFFF)        /* transfer event: bytes not transferred */
#define TRB_GET_PORT(p0)        ((p0) >> 24)            /* port status change event: port id */
#define CC_SUCCESS              1       /* completion codes (6.4.5) */
#define CC_BABBLE               3
#define CC_TRANSACTION          4       /* USB transaction error (CErr retries used up) */
#define CC_STALL                6
#define CC_SHORT_PACKET         13
#define CC_MISSED_SERVICE       23
#define CC_CMD_RING_STOPPED     24
#define CC_CMD_ABORTED          25
#define CC_SPLIT_TRANSACTION    36

/* Contexts (6.2): the input control context's add flags, slot and endpoint context fields. */
#define ICC_ADD(dci)            (1u << (dci))           /* dword 1: add context dci (0 = slot) */
#define DCI_EP0                 1
#define DCI(ep)                 (((ep) & 0x0F) * 2u + (((ep) & 0x80) ? 1u : 0u))   /* endpoint address */
#define SLOT_ROUTE(r)           ((uint32_t)(r))         /* dword 0: route string 19:0 */
#define SLOT_ROUTE_MASK         0x000FFFFFu
#define SLOT_SPEED(s)           ((uint32_t)(s) << 20)
#define SLOT_HUB                (1u << 26)
#define SLOT_ENTRIES(n)         ((uint32_t)(n) << 27)   /* context entries, 31:27 */
#define SLOT_ENTRIES_MASK       0xF8000000u
#define SLOT_ROOT_PORT(p)       ((uint32_t)(p) << 16)   /* dword 1: root hub port 23:16 */
#define SLOT_PORTS(n)           ((uint32_t)(n) << 24)   /* number of ports (a hub), 31:24 */
#define SLOT_PORTS_MASK         0xFF000000u
#define SLOT_TT_HUB(s)          ((uint32_t)(s))         /* dword 2: TT hub slot 7:0 */
#define SLOT_TT_PORT(p)         ((uint32_t)(p) << 8)    /* TT port 15:8 */
#define SLOT_TTT(t)             ((uint32_t)((t) & 3) << 16)     /* TT think time 17:16 */
#define SLOT_TTT_MASK           0x00030000u
#define EP_INTERVAL(n)          ((uint32_t)(n) << 16)   /* dword 0: 2^n x 125 us */
#define EP_CERR(n)              ((uint32_t)(n) << 1)    /* dword 1: error count 2:1 */
#define EP_TYPE(t)              ((uint32_t)(t) << 3)    /* endpoint type 5:3 */
#define EP_MPS(m)               ((uint32_t)(m) << 16)   /* max packet size 31:16 */
#define EP_MPS_MASK             0xFFFF0000u
#define EP_DCS                  0x0001                  /* dword 2: dequeue cycle state */
#define EP_AVG_TRB(n)           ((uint32_t)(n))         /* dword 4: average TRB length 15:0 */
#define EP_MAX_ESIT(n)          ((uint32_t)(n) << 16)   /* max ESIT payload 31:16 */
#define EP_TYPE_CONTROL         4
#define EP_TYPE_INTR_IN         7
#define EP_TYPE_BULK_OUT        2
#define EP_TYPE_BULK_IN         6

/* Ring sizes (each a power of two; the last TRB is the link back). */
#define CMD_TRBS                32
#define EVENT_TRBS              64
#define EP0_TRBS                32
#define INTR_TRBS               32
#define INTR_INFLIGHT           16     /* reports the controller may hold for us between polls */
#define INTR_BUF                64      /* bytes per report buffer (>= max packet we accept) */
#define CTRL_BUF                512     /* control data: descriptors up to this long */
#define BULK_TRBS               16      /* each bulk ring: one TRB a chunk, waited for before the next */
#define BULK_BUF                4096    /* bulk data goes through this buffer, a chunk at a time */
#define MAX_PORTS               USB_MAX_ROOT_PORTS

typedef struct Trb {
	uint32_t d[4];                  /* parameter lo, hi; status; control */
} Trb;

typedef struct Ring {
	volatile Trb *trb;
	uint32_t n, enq, cycle;
} Ring;

/*
 * Memory one device slot uses, two pages: every piece 64-byte aligned inside
 * one 4 KiB page (so none crosses a 64 KiB boundary either).
 */
typedef struct SlotMem {
	uint8_t in_ctx[2112];           /* page 1: input context, 33 x 64 bytes at most */
	uint8_t ctrl_buf[CTRL_BUF];
	Trb ep0[EP0_TRBS];
	Trb intr[INTR_TRBS];
	uint8_t out_ctx[2048] __attribute__((aligned(4096)));  /* page 2: device context, 32 x 64 */
	uint8_t intr_buf[INTR_TRBS][INTR_BUF];
	Trb bulk[2][BULK_TRBS] __attribute__((aligned(4096)));  /* page 3: bulk OUT and IN rings */
	uint8_t bulk_buf[BULK_BUF] __attribute__((aligned(4096)));     /* page 4: bulk data */
} __attribute__((aligned(4096))) SlotMem;

/* A controller's own memory; its scratchpad pages come from a pool all controllers share (xhci.c). */
typedef struct XhciMem {
	uint64_t dcbaa[256];
	Trb cmd[CMD_TRBS];
	Trb event[EVENT_TRBS];
	uint32_t erst[4];               /* one segment: base lo, hi, size, reserved */
	SlotMem slot[XHCI_MAX_SLOTS];
} __attribute__((aligned(4096))) XhciMem;

/* A bulk endpoint of a slot (mass storage): its ring and the chunk being waited for. */
typedef struct XhciBulk {
	Ring ring;
	uint8_t dci;                    /* 0: not configured yet */
	uint16_t mps;
	volatile bool done;
	volatile uint8_t cc;
	volatile uint32_t residual;
	uint32_t wait;                  /* address of the TRB whose event ends the chunk */
} XhciBulk;

typedef struct XhciSlot {
	bool used;
	UsbDev *owner;                  /* the device layer's, handed back with each report */
	uint8_t port, speed;            /* root port (for COM1), speed (for the endpoint interval) */
	uint8_t hub_ports, hub_ttt;     /* a hub: its ports and TT think time, for its slot context */
	Ring ep0, intr;
	uint8_t intr_dci;
	uint16_t intr_len;
	bool intr_dead;                 /* given up: no more reports until it is replugged */
	volatile uint8_t intr_halted;   /* the completion code that halted it, 0: running (set by the poll) */
	uint8_t intr_recovered;         /* recoveries since the last report */
	/* the control transfer being waited for */
	volatile bool ep0_done;
	volatile uint8_t ep0_cc;
	volatile uint32_t ep0_residual;
	uint32_t ep0_wait;              /* address of the TRB whose event ends it */
	XhciBulk bulk[2];               /* [0] OUT, [1] IN */
	UsbGrace grace;                 /* xhci_cancel: its hub reported it during a bulk transfer (usbhcbulk.h) */
} XhciSlot;

typedef struct Xhci {
	UsbHc hc;                       /* what the device layer holds: ops, this as state */
	bool alive;
	uintptr_t cap, op, rt, db;
	uint32_t ports, slots, ctx_size;
	uint8_t port_major[MAX_PORTS + 1];      /* 2 or 3 from the protocol capability */
	volatile uint32_t port_change;          /* bit p: a port status change event for port p */
	Ring cmd;
	uint32_t ev_deq, ev_cycle;
	volatile bool cmd_done;
	volatile uint8_t cmd_cc, cmd_slot;
	XhciSlot slot[XHCI_MAX_SLOTS + 1];      /* by slot id; 0 unused */
	XhciMem *mem;                   /* from alloc at claim: only controllers that are there cost memory */
	XhciAlloc alloc;
	uint8_t claim;                  /* xhci_claim_step: where the claim is (xhci.c's XhciClaim) */
	bool bios_owned;                /* USBLEGSUP read BIOS-owned before the OS semaphore was set */
	uintptr_t legsup;               /* the legacy support capability (0: none) */
	uint8_t phase;                  /* xhci_start_step: where the bring-up is (xhci.c's XhciPhase) */
	uint32_t power_ms;              /* ports just powered: their settling time */
	StepWait wait;                  /* its wait under way */
} Xhci;

/* xhciring.c: rings, events, commands (aborted on a timeout), the wait for an event, interrupt-IN recovery. */
void xhci_ring_init(Ring *r, volatile Trb *trb, uint32_t n);
volatile Trb *xhci_ring_push(Ring *r, uint32_t p0, uint32_t p1, uint32_t status, uint32_t control);
void xhci_doorbell(Xhci *x, uint32_t slot, uint32_t target);
void xhci_cmd_ring_start(Xhci *x);
bool xhci_command(Xhci *x, uint32_t p0, uint32_t control, const char *what);
bool xhci_wait_event(Xhci *x, volatile bool *flag, uint32_t ms, const char *what);
void xhci_poll(UsbHc *hc);
void xhci_intr_fill(Xhci *x, uint8_t slot);
void xhci_intr_recover(Xhci *x);

/* xhciport.c: the UsbHcOps of ports, devices and transfers. */
uint32_t xhci_ports_power(Xhci *x);     /* the ms their power needs to settle (0: none was off) */
uint32_t xhci_port_changes(UsbHc *hc);
UsbPortState xhci_port_state(UsbHc *hc, uint8_t port);
void xhci_cancel(UsbHc *hc, uint8_t dev);
void xhci_port_reset(UsbHc *hc, uint8_t port);
uint8_t xhci_port_reset_done(UsbHc *hc, uint8_t port);
uint8_t xhci_dev_add(UsbHc *hc, UsbDev *owner, const UsbDevAddr *where);
void xhci_dev_remove(UsbHc *hc, uint8_t dev);
bool xhci_set_mps0(UsbHc *hc, uint8_t dev, uint16_t mps);
void xhci_set_hub(UsbHc *hc, uint8_t dev, uint8_t ports, uint8_t think_time);
bool xhci_control(UsbHc *hc, uint8_t dev, const UsbSetup *setup, void *buf, uint16_t *got);
bool xhci_intr_in(UsbHc *hc, uint8_t dev, const UsbEndpoint *ep);

/* xhcibulk.c: bulk endpoints (Configure Endpoint at first use), transfers waited for, a stall's reset. */
UsbXfer xhci_bulk(UsbHc *hc, uint8_t dev, const UsbEndpoint *ep, void *buf, uint32_t len, uint32_t *got,
                  uint32_t timeout_ms);
void xhci_bulk_event(XhciSlot *s, uint32_t dci, uint32_t cc, uint32_t residual, uint32_t ptr);
void xhci_bulk_halt_cleared(Xhci *x, uint8_t dev, uint8_t address);
void xhci_bulk_toggles_reset(Xhci *x, uint8_t dev);

/* The driver's state behind a UsbHc. */
static inline Xhci *xhci_of(UsbHc *hc)
{
	return (Xhci *)hc->state;
}

/* Register accessors: through io.h's MMIO helpers (a host test routes them through its simulation). */
static inline uint32_t xr32(uintptr_t base, uint32_t off)
{
	return mmio_read32(base + off);
}

static inline void xw32(uintptr_t base, uint32_t off, uint32_t v)
{
	mmio_write32(base + off, v);
}

static inline uint32_t addr32(const volatile void *p)
{
	return (uint32_t)(uintptr_t)p;
}

#endif
