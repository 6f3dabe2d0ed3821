/* ehcireg.h: the EHCI register map (memory), QH and qTD layouts and their builders, the driver's private state. */
#ifndef DRIVERS_EHCIREG_H
#define DRIVERS_EHCIREG_H

#include <stdbool.h>
#include <stdint.h>

#include "ehci.h"
#include "io.h"
#include "usbhc.h"
#include "usbhcbulk.h"
#include "wait.h"

/* Capability registers (EHCI 1.0 2.2). */
#define CAP_LENGTH              0x00
#define CAP_HCSPARAMS           0x04
#define HCS_N_PORTS(v)          ((v) & 0x0F)
#define HCS_PPC                 0x00000010u     /* ports have power switches */
#define HCS_N_CC(v)             (((v) >> 12) & 0x0F)    /* companion controllers */
#define CAP_HCCPARAMS           0x08
#define HCC_64BIT               0x00000001u     /* 64-bit structures (the high dwords: kept 0) */
#define HCC_EECP(v)             (((v) >> 8) & 0xFF)     /* first extended capability, in PCI configuration space */

/* Operational registers (EHCI 2.3), after CAPLENGTH. */
#define OP_USBCMD               0x00
#define OP_USBSTS               0x04
#define OP_USBINTR              0x08
#define OP_FRINDEX              0x0C
#define OP_CTRLDSSEGMENT        0x10
#define OP_PERIODICLISTBASE     0x14
#define OP_ASYNCLISTADDR        0x18
#define OP_CONFIGFLAG           0x40
#define OP_PORTSC(p)            (0x44 + 4 * ((p) - 1))  /* root port p, 1-based */

#define CMD_RUN                 0x00000001u
#define CMD_HCRESET             0x00000002u
#define CMD_PSE                 0x00000010u     /* periodic schedule enable */
#define CMD_ASE                 0x00000020u     /* asynchronous schedule enable */
#define CMD_IAAD                0x00000040u     /* interrupt on async advance doorbell */
#define CMD_ITC_8               0x00080000u     /* interrupt threshold: 8 microframes (the default) */
#define STS_INT_ALL             0x0000003Fu     /* USBINT, USBERRINT, PCD, FLR, HSE, IAA (RWC) */
#define STS_IAA                 0x00000020u
#define STS_HSE                 0x00000010u     /* host system error: the controller halted */
#define STS_HCHALTED            0x00001000u
#define STS_PSS                 0x00004000u     /* periodic schedule running */
#define STS_ASS                 0x00008000u     /* asynchronous schedule running */

/* PORTSC (EHCI 2.3.9): bits 1, 3 and 5 are write-1-to-clear; writing PED 0 disables the port. */
#define PORT_CCS                0x00000001u
#define PORT_CSC                0x00000002u
#define PORT_PED                0x00000004u
#define PORT_PEDC               0x00000008u
#define PORT_OCC                0x00000020u
#define PORT_PR                 0x00000100u
#define PORT_LS_MASK            0x00000C00u     /* line status: valid while the port is not enabled */
#define PORT_LS_K               0x00000400u     /* K state: a low-speed device */
#define PORT_PP                 0x00001000u
#define PORT_OWNER              0x00002000u     /* 1: the companion controller has the port */
#define PORT_RWC                (PORT_CSC | PORT_PEDC | PORT_OCC)

/* Link pointers (EHCI 3.1): the T bit, the type of what it points at. */
#define LINK_T                  0x00000001u
#define LINK_QH                 0x00000002u

/* qTD token (EHCI 3.5.3). */
#define QTD_ACTIVE              0x00000080u
#define QTD_HALTED              0x00000040u
#define QTD_ERRORS              0x0000007Cu     /* halted, buffer error, babble, transaction error, missed uframe */
#define QTD_PID_OUT             0u
#define QTD_PID_IN              1u
#define QTD_PID_SETUP           2u
#define QTD_CERR_3              (3u << 10)      /* three tries on errors */
#define QTD_IOC                 (1u << 15)
#define QTD_BYTES(t)            (((t) >> 16) & 0x7FFF)  /* bytes not transferred */
#define QTD_TOGGLE              0x80000000u
#define QTD_MAX_BYTES           0x4000u         /* 16 KiB: five page pointers from any start */

/* QH endpoint characteristics (EHCI 3.6.2, dword 1) and capabilities (dword 2). */
#define QH_EPS_FULL             0u
#define QH_EPS_LOW              1u
#define QH_EPS_HIGH             2u
#define QH_DTC                  (1u << 14)      /* data toggle from each qTD (control) */
#define QH_HEAD                 (1u << 15)      /* H: head of the reclamation list */
#define QH_CONTROL_EP           (1u << 27)      /* C: a full/low-speed control endpoint */
#define QH_RL_HS                (4u << 28)      /* NAK count reload (high speed, asynchronous only) */
#define QH_SMASK_INTR           0x01u           /* interrupt: start in microframe 0 */
#define QH_CMASK_SPLIT          0x1Cu           /* complete-splits in microframes 2, 3, 4 (EHCI 4.12.2) */
#define QH_MULT_1               (1u << 30)

/* A qTD with the 64-bit buffer dwords (used by 64-bit controllers, kept 0): 52 bytes, 32-aligned. */
typedef struct EhciQtd {
	volatile uint32_t next, alt, token, buf[5], buf_hi[5];
	uint32_t pad[3];
} __attribute__((aligned(32))) EhciQtd;

/* A queue head: link, characteristics, capabilities, current qTD, the overlay (a qTD). */
typedef struct EhciQh {
	volatile uint32_t link, chars, caps, current;
	volatile uint32_t next, alt, token, buf[5], buf_hi[5];
	uint32_t pad[7];
} __attribute__((aligned(32))) EhciQh;

#define FRAME_LIST      1024            /* frames (1 ms each) in the periodic frame list */
#define SKEL_INTR       6               /* skeleton QHs: every 1, 2, 4, 8, 16, 32 ms */
#define EHCI_MAX_DEVS   16              /* addresses 1..16 */
#define CTRL_BUF        1024            /* a control transfer's data, at most */
#define INTR_BUF        64
#define BULK_BUF        QTD_MAX_BYTES   /* a bulk transfer's bounce buffer, page-aligned: one qTD */
#define CTRL_TDS        3               /* setup, data, status */

/* The controller's memory: one allocation, 4 KiB-aligned (the frame list first), below 4 GiB. */
typedef struct EhciMem {
	volatile uint32_t frame[FRAME_LIST];
	uint8_t bulk_buf[BULK_BUF];
	EhciQh head;                    /* the asynchronous ring's head: H set, never runs anything */
	EhciQh xfer;                    /* a control or bulk transfer's QH, in the ring only meanwhile */
	EhciQh skel[SKEL_INTR];         /* periodic skeleton: halted, never run */
	EhciQh intr[EHCI_MAX_DEVS];     /* a device's interrupt-IN QH */
	EhciQtd ctrl_td[CTRL_TDS];
	EhciQtd bulk_td;
	EhciQtd intr_td[EHCI_MAX_DEVS];
	uint8_t setup[8];
	uint8_t ctrl_buf[CTRL_BUF];
	uint8_t intr_buf[EHCI_MAX_DEVS][INTR_BUF];
} EhciMem;

typedef struct EhciDev {
	bool used;
	uint8_t port, speed, tt_hub, tt_port;
	uint16_t mps0;
	uint16_t toggle_in, toggle_out;         /* bulk endpoints' next data toggle, bit per endpoint */
	UsbDev *owner;
	uint8_t intr_ep, intr_len, intr_skel;
	uint8_t intr_errors;
	bool intr_dead;
	UsbGrace grace;                 /* ehci_cancel: a report of its port came during a bulk transfer (usbhcbulk.h) */
} EhciDev;

typedef struct Ehci {
	UsbHc hc;
	uintptr_t mmio, op;
	bool alive;
	uint8_t ports, companions;
	bool bits64;
	uint32_t port_change;
	uint32_t reset_due[USB_MAX_ROOT_PORTS + 1];
	uint32_t released;              /* ports just handed to a companion (bit p) */
	EhciAlloc alloc;
	EhciMem *mem;
	EhciDev dev[EHCI_MAX_DEVS + 1]; /* [0]: the device being addressed */
	PciDev pci;                     /* its PCI function: USBLEGSUP lies in its configuration space */
	uint8_t legsup;                 /* USBLEGSUP's offset there (0: none) */
	bool bios_owned;                /* the BIOS owned it when the OS semaphore was set */
	uint8_t claim;                  /* ehci_claim_step: where the claim is (ehci.c's EhciClaim) */
	uint8_t phase;                  /* ehci_start_step: where the bring-up is (ehci.c's EhciPhase) */
	StepWait wait;                  /* its wait under way */
} Ehci;

static inline Ehci *ehci_of(UsbHc *hc)
{
	return (Ehci *)hc->state;
}

static inline uint32_t ehci_addr32(const volatile void *p)
{
	return (uint32_t)(uintptr_t)p;
}

static inline uint32_t er32(Ehci *e, uint32_t off) { return mmio_read32(e->op + off); }
static inline void ew32(Ehci *e, uint32_t off, uint32_t v) { mmio_write32(e->op + off, v); }

/* ehciqh.c: the builders (unit-tested on their own) */
uint32_t ehci_qh_chars(uint8_t addr, uint8_t ep, uint8_t speed, uint16_t mps, bool control, bool async);
uint32_t ehci_qh_caps(uint8_t speed, uint8_t tt_hub, uint8_t tt_port, bool periodic);
uint32_t ehci_qtd_token(uint32_t pid, uint32_t len, bool toggle);
void ehci_qtd_fill(EhciQtd *td, uint32_t pid, const volatile void *buf, uint32_t len, bool toggle,
                   const EhciQtd *next);
uint8_t ehci_intr_frames(uint8_t speed, uint8_t interval);
uint8_t ehci_skel_for(uint8_t frames);
void ehci_frame_list(EhciMem *m);

/* ehcixfer.c */
void ehci_schedule(Ehci *e);
void ehci_poll(UsbHc *hc);
bool ehci_control(UsbHc *hc, uint8_t dev, const UsbSetup *setup, void *buf, uint16_t *got);
bool ehci_intr_in(UsbHc *hc, uint8_t dev, const UsbEndpoint *ep);
void ehci_intr_unlink(Ehci *e, uint8_t dev);
UsbXfer ehci_bulk(UsbHc *hc, uint8_t dev, const UsbEndpoint *ep, void *buf, uint32_t len, uint32_t *got,
                  uint32_t timeout_ms);
void ehci_cancel(UsbHc *hc, uint8_t dev);

#endif
