/* ohcireg.h: the OHCI register map (memory), HCCA, ED and TD bits and their builders, the driver's private state. */
#ifndef DRIVERS_OHCIREG_H
#define DRIVERS_OHCIREG_H

#include <stdbool.h>
#include <stdint.h>

#include "io.h"
#include "ohci.h"
#include "usbhc.h"
#include "usbhcbulk.h"
#include "wait.h"

/* Operational registers (OHCI 1.0a chapter 7), offsets from BAR0. */
#define HC_REVISION             0x00
#define HC_CONTROL              0x04
#define HC_COMMAND_STATUS       0x08
#define HC_INT_STATUS           0x0C
#define HC_INT_DISABLE          0x14
#define HC_HCCA                 0x18
#define HC_CONTROL_HEAD         0x20
#define HC_CONTROL_CURRENT      0x24
#define HC_BULK_HEAD            0x28
#define HC_FM_INTERVAL          0x34
#define HC_PERIODIC_START       0x40
#define HC_LS_THRESHOLD         0x44
#define HC_RH_DESC_A            0x48
#define HC_RH_STATUS            0x50
#define HC_RH_PORT(p)           (0x54 + 4 * ((p) - 1))  /* root port p, 1-based */

#define CTL_CBSR_4_1            0x00000003u     /* control/bulk service ratio 4:1 */
#define CTL_PLE                 0x00000004u     /* periodic list enable */
#define CTL_CLE                 0x00000010u     /* control list enable */
#define CTL_HCFS_MASK           0x000000C0u     /* functional state */
#define CTL_HCFS_RESET          0x00000000u
#define CTL_HCFS_RESUME         0x00000040u
#define CTL_HCFS_OPER           0x00000080u
#define CTL_IR                  0x00000100u     /* interrupt routing: SMM owns the controller */

#define CS_HCR                  0x00000001u     /* host controller reset */
#define CS_CLF                  0x00000002u     /* control list filled */
#define CS_OCR                  0x00000008u     /* ownership change request */

#define INT_WDH                 0x00000002u     /* done head written to the HCCA */
#define INT_UE                  0x00000010u     /* unrecoverable error */
#define INT_ALL                 0xC000007Fu

#define FI_DEFAULT              11999   /* frame interval: 12000 bit times - 1 */
#define FSMPS(fi)               ((6u * ((fi) - 210u) / 7u) << 16)      /* largest data packet (OHCI 7.3.1) */
#define FM_FIT                  0x80000000u
#define PERIODIC_START(fi)      ((fi) * 9u / 10u)
#define LS_THRESHOLD            0x0628

#define RHA_NDP(v)              ((v) & 0xFF)    /* root ports */
#define RHA_PSM                 0x00000100u     /* power switched per port */
#define RHA_NPS                 0x00000200u     /* no power switching: always on */
#define RHA_POTPGT(v)           ((v) >> 24)     /* power on to power good, 2 ms units */
#define RHS_LPSC                0x00010000u     /* write: set global power */

/* Root port status: reads are status, writes of 1 are commands (bit 0 disables the port!). */
#define PORT_CCS                0x00000001u
#define PORT_PES                0x00000002u     /* write: set port enable */
#define PORT_PRS                0x00000010u     /* write: set port reset */
#define PORT_PPS                0x00000100u     /* write: set port power */
#define PORT_LSDA               0x00000200u
#define PORT_CSC                0x00010000u
#define PORT_PESC               0x00020000u
#define PORT_PRSC               0x00100000u
#define PORT_CHANGES            0x001F0000u

/* Endpoint descriptor dword 0, HeadP's flags. */
#define ED_DIR_TD               0u              /* direction from each TD (control) */
#define ED_DIR_OUT              1u
#define ED_DIR_IN               2u
#define ED_LOW_SPEED            (1u << 13)
#define ED_SKIP                 (1u << 14)
#define ED_HALTED               0x1u            /* in HeadP */
#define ED_CARRY                0x2u            /* in HeadP: the toggle carried */

/* General TD dword 0. */
#define TD_ROUNDING             (1u << 18)      /* a short packet is no error */
#define TD_DP_SETUP             0u
#define TD_DP_OUT               1u
#define TD_DP_IN                2u
#define TD_DI_NONE              7u              /* no interrupt for it */
#define TD_TOGGLE_CARRY         (-1)            /* the ED's toggle carry (interrupt endpoints) */
#define TD_CC(v)                ((v) >> 28)
#define CC_NO_ERROR             0
#define CC_STALL                4
#define CC_DATA_UNDERRUN        9
#define CC_NOT_ACCESSED         0xF

typedef struct __attribute__((aligned(16))) OhciEd {
	volatile uint32_t info, tail, head, next;
} OhciEd;

typedef struct __attribute__((aligned(16))) OhciTd {
	volatile uint32_t info, cbp, next, be;
} OhciTd;

/* ED dword 0: function address, endpoint, direction, speed, packet size, skip. */
static inline uint32_t ohci_ed_info(uint8_t addr, uint8_t ep, uint32_t dir, bool low_speed, uint16_t mps, bool skip)
{
	return (uint32_t)(addr & 0x7F) | (uint32_t)(ep & 0x0F) << 7 | (dir & 3u) << 11 |
	    (low_speed ? ED_LOW_SPEED : 0) | (skip ? ED_SKIP : 0) | (uint32_t)(mps & 0x7FF) << 16;
}

/* TD dword 0: PID, toggle (0, 1, or TD_TOGGLE_CARRY), rounding, no interrupt; condition "not accessed". */
static inline uint32_t ohci_td_info(uint32_t dp, int toggle, bool rounding)
{
	uint32_t t = toggle == TD_TOGGLE_CARRY ? 0u : 2u | (uint32_t)(toggle & 1);

	return (uint32_t)CC_NOT_ACCESSED << 28 | t << 24 | TD_DI_NONE << 21 | (dp & 3u) << 19 |
	    (rounding ? TD_ROUNDING : 0);
}

#define HCCA_INTR               32      /* the HCCA's interrupt table */
#define SKEL_INTR               6       /* skeleton EDs: every 1, 2, 4 .. 32 ms */
#define CTRL_BUF                512
#define CTRL_TDS                4       /* setup, data, status and the dummy tail */
#define INTR_TDS                4       /* a ring: three queued, one the dummy tail */
#define INTR_BUF                64
#define OHCI_MAX_DEVS           16
#define MAX_PORTS               15

/* The HCCA (OHCI 4.4): 256 bytes, 256-aligned. */
typedef struct __attribute__((aligned(256))) OhciHcca {
	volatile uint32_t intr[HCCA_INTR];
	volatile uint16_t frame, pad1;
	volatile uint32_t done_head;
	uint8_t reserved[116];
} OhciHcca;

typedef struct OhciDevMem {
	OhciEd ed;
	OhciTd td[INTR_TDS];
	uint8_t buf[INTR_TDS][INTR_BUF];
} OhciDevMem;

typedef struct OhciMem {
	OhciHcca hcca;                  /* first: the page is 4 KiB-aligned */
	OhciEd skel[SKEL_INTR];
	OhciEd ctrl;
	OhciTd ctrl_td[CTRL_TDS];
	uint8_t ctrl_setup[8];
	uint8_t ctrl_buf[CTRL_BUF];
	OhciDevMem dev[OHCI_MAX_DEVS];
} OhciMem;

typedef struct OhciDev {
	bool used;
	UsbDev *owner;
	uint8_t port, speed;
	uint16_t mps0;
	uint8_t intr_ep, intr_skel, intr_len;
	uint8_t intr_next;              /* the ring's oldest queued TD */
	uint16_t intr_errors;
	bool intr_dead;
	uint16_t bulk_toggle[2];        /* [0] OUT, [1] IN: bit n, endpoint n's next data toggle */
	UsbGrace grace;                 /* ohci_cancel: its hub reported it during a bulk transfer (usbhcbulk.h) */
} OhciDev;

typedef struct Ohci {
	UsbHc hc;
	uintptr_t mmio;
	bool alive;
	uint8_t ports;
	uint32_t port_change;
	OhciAlloc alloc;
	OhciMem *mem;
	OhciDev dev[OHCI_MAX_DEVS + 1];
	uint8_t claim;                  /* ohci_claim_step: where the claim is (ohci.c's OhciClaim) */
	uint8_t phase;                  /* ohci_start_step: where the bring-up is (ohci.c's OhciPhase) */
	uint32_t settle_ms;             /* after the ownership: the resume's or the bus reset's time (claim) */
	uint32_t power_ms;              /* port power good */
	StepWait wait;                  /* its wait under way */
} Ohci;

static inline Ohci *ohci_of(UsbHc *hc)
{
	return (Ohci *)hc->state;
}

static inline uint32_t ohci_addr32(const volatile void *p)
{
	return (uint32_t)(uintptr_t)p;
}

static inline uint32_t or32(Ohci *o, uint32_t off) { return mmio_read32(o->mmio + off); }
static inline void ow32(Ohci *o, uint32_t off, uint32_t v) { mmio_write32(o->mmio + off, v); }

/* ohcixfer.c */
void ohci_schedule(Ohci *o);
void ohci_poll(UsbHc *hc);
bool ohci_control(UsbHc *hc, uint8_t dev, const UsbSetup *setup, void *buf, uint16_t *got);
UsbXfer ohci_bulk(UsbHc *hc, uint8_t dev, const UsbEndpoint *ep, void *buf, uint32_t len, uint32_t *got,
                  uint32_t timeout_ms);
bool ohci_intr_in(UsbHc *hc, uint8_t dev, const UsbEndpoint *ep);
void ohci_cancel(UsbHc *hc, uint8_t dev);
void ohci_intr_unlink(Ohci *o, uint8_t dev);

#endif
