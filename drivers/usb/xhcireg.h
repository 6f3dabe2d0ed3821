/* xhcireg.h: xHCI register map, TRB layout and the driver's private state (xhci.c, xhciport.c). */
#ifndef DRIVERS_XHCIREG_H
#define DRIVERS_XHCIREG_H

#include <stdbool.h>
#include <stdint.h>

#include "xhci.h"

/* Capability registers (xHCI 1.2, 5.3). */
#define CAP_LENGTH              0x00    /* byte */
#define CAP_HCSPARAMS1          0x04    /* slots 7:0, interrupters 18:8, ports 31:24 */
#define CAP_HCSPARAMS2          0x08    /* scratchpads hi 25:21, lo 31:27 */
#define CAP_HCCPARAMS1          0x10    /* AC64 bit 0, CSZ bit 2, xECP 31:16 (dwords) */
#define CAP_DBOFF               0x14
#define CAP_RTSOFF              0x18
#define HCC_CSZ                 0x0004

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
#define CRCR_RCS                0x0001

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
#define ERDP_EHB                0x08

/* Extended capabilities (7). */
#define XCAP_LEGACY             1
#define XCAP_PROTOCOL           2
#define LEGACY_BIOS_OWNED       (1u << 16)
#define LEGACY_OS_OWNED         (1u << 24)
#define LEGACY_SMI_ENABLES      0x0000E011u     /* USBLEGCTLSTS enable bits */
#define LEGACY_SMI_STATUS       0xE0000000u     /* RW1C */

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
#define CC_SUCCESS              1
#define CC_SHORT_PACKET         13

/* Endpoint types in the endpoint context (6.2.3). */
#define EP_TYPE_CONTROL         4
#define EP_TYPE_INTR_IN         7

/* Ring sizes (each a power of two; the last TRB is the link back). */
#define CMD_TRBS                32
#define EVENT_TRBS              64
#define EP0_TRBS                32
#define INTR_TRBS               32
#define INTR_INFLIGHT           16     /* reports the controller may hold for us between polls */
#define INTR_BUF                64      /* bytes per report buffer (>= max packet we accept) */
#define CTRL_BUF                512     /* control data: descriptors up to this long */
#define MAX_SCRATCH             32      /* scratchpad pages we can give */
#define MAX_PORTS               31      /* port_change is a 32-bit mask, bit 0 unused */

typedef struct Trb {
	uint32_t d[4];                  /* parameter lo, hi; status; control */
} Trb;

typedef struct Ring {
	volatile Trb *trb;
	uint32_t n, enq, cycle;
} Ring;

/* Memory one device slot uses; page-aligned pieces never cross a 64 KiB boundary. */
typedef struct SlotMem {
	uint8_t in_ctx[4096];           /* input context: 33 x 64 bytes at most */
	uint8_t out_ctx[2048];          /* device context: 32 x 64 */
	uint8_t ctrl_buf[CTRL_BUF];
	Trb ep0[EP0_TRBS];
	Trb intr[INTR_TRBS];
	uint8_t intr_buf[INTR_TRBS][INTR_BUF];
} __attribute__((aligned(4096))) SlotMem;

typedef struct XhciMem {
	uint64_t dcbaa[256];
	uint64_t scratch_ptrs[MAX_SCRATCH];
	Trb cmd[CMD_TRBS];
	Trb event[EVENT_TRBS];
	uint32_t erst[4];               /* one segment: base lo, hi, size, reserved */
	uint8_t scratch[MAX_SCRATCH][4096] __attribute__((aligned(4096)));
	SlotMem slot[XHCI_MAX_SLOTS];
} __attribute__((aligned(4096))) XhciMem;

typedef struct XhciSlot {
	bool used;
	uint8_t parent;                 /* slot of the hub it is behind, 0 on a root port */
	uint8_t hub_ports, hub_ttt;     /* a hub: its ports and TT think time, for its slot context */
	UsbDev dev;
	Ring ep0, intr;
	uint8_t intr_dci;
	uint16_t intr_len;
	bool intr_dead;
	/* the control transfer being waited for */
	volatile bool ep0_done;
	volatile uint8_t ep0_cc;
	volatile uint32_t ep0_residual;
	uint32_t ep0_wait;              /* address of the TRB whose event ends it */
} XhciSlot;

typedef struct Xhci {
	bool alive;
	volatile bool busy;             /* main line owns the rings: the IRQ poll keeps off */
	uintptr_t cap, op, rt, db;
	uint32_t ports, slots, ctx_size;
	uint8_t port_major[MAX_PORTS + 1];      /* 2 or 3 from the protocol capability */
	uint8_t port_slot[MAX_PORTS + 1];       /* slot of the device on it, 0 if none */
	volatile uint32_t port_change;          /* bit p: a port status change event for port p */
	Ring cmd;
	uint32_t ev_deq, ev_cycle;
	volatile bool cmd_done;
	volatile uint8_t cmd_cc, cmd_slot;
	XhciSlot slot[XHCI_MAX_SLOTS + 1];      /* by slot id; 0 unused */
	XhciMem *mem;
} Xhci;

extern Xhci xhci_ctrl[XHCI_MAX_CTRL];

/* xhci.c: rings, events, commands, waits. */
void xhci_ring_init(Ring *r, volatile Trb *trb, uint32_t n);
volatile Trb *xhci_ring_push(Ring *r, uint32_t p0, uint32_t p1, uint32_t status, uint32_t control);
void xhci_poll(Xhci *hc);
bool xhci_command(Xhci *hc, uint32_t p0, uint32_t control, const char *what);
bool xhci_wait_ms(Xhci *hc, volatile bool *flag, uint32_t ms, const char *what);
uint32_t xhci_index(const Xhci *hc);

/* xhciport.c: root ports, attach and detach. */
void xhci_ports_start(Xhci *hc);
bool xhci_ports_service(Xhci *hc);
void xhci_ports_forget(Xhci *hc);      /* the controller is gone: every device detached, no commands */

static inline uint32_t xr32(uintptr_t base, uint32_t off)
{
	return *(volatile uint32_t *)(base + off);
}

static inline void xw32(uintptr_t base, uint32_t off, uint32_t v)
{
	*(volatile uint32_t *)(base + off) = v;
}

#endif
