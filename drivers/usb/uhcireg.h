/* uhcireg.h: the UHCI register map (I/O ports), TD and QH bits and their builders, the driver's private state. */
#ifndef DRIVERS_UHCIREG_H
#define DRIVERS_UHCIREG_H

#include <stdbool.h>
#include <stdint.h>

#include "io.h"
#include "uhci.h"
#include "usbhc.h"
#include "usbhcbulk.h"
#include "wait.h"

/* I/O registers (UHCI 1.1 section 2.1), offsets from BAR4. */
#define UHCI_USBCMD             0x00    /* 16 bits */
#define UHCI_USBSTS             0x02    /* 16 bits, write 1 to clear */
#define UHCI_USBINTR            0x04    /* 16 bits */
#define UHCI_FRNUM              0x06    /* 16 bits */
#define UHCI_FLBASEADD          0x08    /* 32 bits, 4 KiB aligned */
#define UHCI_SOFMOD             0x0C    /* 8 bits */
#define UHCI_PORTSC(p)          (0x10 + 2 * ((p) - 1))  /* 16 bits, root port p (1-based) */

#define CMD_RS                  0x0001  /* run/stop */
#define CMD_HCRESET             0x0002  /* host controller reset, clears itself */
#define CMD_GRESET              0x0004  /* global reset: the whole bus, held by us */
#define CMD_CF                  0x0040  /* configured (software's flag) */
#define CMD_MAXP                0x0080  /* 64-byte full-speed bandwidth reclamation packets */

#define STS_USBINT              0x0001
#define STS_ERROR               0x0002
#define STS_RD                  0x0004  /* resume detect */
#define STS_HSE                 0x0008  /* host system error (PCI) */
#define STS_HCPE                0x0010  /* host controller process error (a bad TD or QH) */
#define STS_HCH                 0x0020  /* halted */
#define STS_ALL                 0x003F
#define STS_GONE                0xFFFF  /* the registers read nothing: the controller is gone */

#define SOFMOD_DEFAULT          0x40    /* 12000 bit times a frame */

#define PORT_CCS                0x0001  /* current connect status */
#define PORT_CSC                0x0002  /* connect status change, write 1 to clear */
#define PORT_PE                 0x0004  /* port enabled */
#define PORT_PEC                0x0008  /* port enable change, write 1 to clear */
#define PORT_ALWAYS1            0x0080  /* reserved, reads 1 on a port that exists */
#define PORT_LSDA               0x0100  /* low-speed device attached */
#define PORT_PR                 0x0200  /* port reset, held by us */
#define PORT_W1C                (PORT_CSC | PORT_PEC)
#define PORT_RW                 0x1244  /* SUSP, PR, RD, PE: written back as read */

/* PCI configuration space: legacy support (UHCI 1.1 section 5.2; Linux's USBLEGSUP_RWC). */
#define UHCI_LEGSUP             0xC0
#define LEGSUP_OFF              0x8F00  /* clear the status bits (RWC), no SMI, no PIRQ: the OS owns it */

/* Link pointers (TD and QH) and the frame list. */
#define LINK_TERM               0x00000001u     /* nothing follows */
#define LINK_QH                 0x00000002u     /* it points at a QH, not a TD */
#define LINK_VF                 0x00000004u     /* depth first: the next TD in this frame */

/* TD control and status (dword 1). */
#define TD_ACTLEN(v)            (((v) + 1) & 0x7FF)     /* bytes moved: the field is n - 1 */
#define TD_BITSTUFF             (1u << 17)
#define TD_CRC_TIMEOUT          (1u << 18)
#define TD_NAK                  (1u << 19)
#define TD_BABBLE               (1u << 20)
#define TD_DBUF                 (1u << 21)
#define TD_STALLED              (1u << 22)
#define TD_ACTIVE               (1u << 23)
#define TD_ERRORS               (TD_STALLED | TD_DBUF | TD_BABBLE | TD_CRC_TIMEOUT | TD_BITSTUFF)
#define TD_IOC                  (1u << 24)
#define TD_LS                   (1u << 26)      /* low-speed device */
#define TD_CERR(n)              ((uint32_t)(n) << 27)   /* errors before it is given up (3) */
#define TD_SPD                  (1u << 29)      /* short packet stops the queue */

/* TD token (dword 2). */
#define PID_SETUP               0x2D
#define PID_IN                  0x69
#define PID_OUT                 0xE1
#define TOKEN_LEN_NULL          0x7FF   /* a zero-length packet */

/* A transfer descriptor: the controller's 16 bytes, 16-byte aligned (padded to 32). */
typedef struct __attribute__((aligned(16))) UhciTd {
	volatile uint32_t link, status, token, buffer;
	uint32_t pad[4];
} UhciTd;

/* A queue head: horizontal link and the element (first TD) link. */
typedef struct __attribute__((aligned(16))) UhciQh {
	volatile uint32_t head, element;
	uint32_t pad[2];
} UhciQh;

/* The token of a packet: PID, device address, endpoint, data toggle, length (0 = a null packet). */
static inline uint32_t uhci_token(uint8_t pid, uint8_t addr, uint8_t ep, uint8_t toggle, uint16_t len)
{
	uint32_t maxlen = len ? (uint32_t)(len - 1) & 0x7FF : TOKEN_LEN_NULL;

	return maxlen << 21 | (uint32_t)(toggle & 1) << 19 | (uint32_t)(ep & 0x0F) << 15 |
	    (uint32_t)(addr & 0x7F) << 8 | pid;
}

/* A TD's status as handed to the controller: active, three tries, low speed and short-packet stop if asked. */
static inline uint32_t uhci_td_status(bool low_speed, bool spd)
{
	return TD_ACTIVE | TD_CERR(3) | (low_speed ? TD_LS : 0) | (spd ? TD_SPD : 0);
}

/* Link pointers to a TD (depth first or not) and to a QH; addresses are 16-byte aligned. */
static inline uint32_t uhci_link_td(uint32_t addr, bool depth_first)
{
	return (addr & ~0x0Fu) | (depth_first ? LINK_VF : 0);
}

static inline uint32_t uhci_link_qh(uint32_t addr)
{
	return (addr & ~0x0Fu) | LINK_QH;
}

/* The skeleton: interrupt QHs for 1, 2, 4 .. 128 ms, in the frame list's tree, then the control QH. */
#define SKEL_INTR               8
#define FRAMES                  1024
#define CTRL_BUF                512     /* the longest control transfer (a configuration descriptor) */
#define CTRL_TDS                (2 + CTRL_BUF / 8)      /* setup, data at 8 bytes a packet, status */
#define INTR_TDS                4       /* an interrupt endpoint's ring: reports between two polls */
#define INTR_BUF                64
#define UHCI_MAX_DEVS           16      /* devices per controller: USB addresses 1..16 */
#define MAX_PORTS               8       /* root ports looked for (two on Intel's PIIX) */

typedef struct UhciDevMem {
	UhciQh qh;                      /* its interrupt endpoint's queue */
	UhciTd td[INTR_TDS];
	uint8_t buf[INTR_TDS][INTR_BUF];
} UhciDevMem;

/* What the controller reads, from the kernel's DMA-able pages: the frame list first (4 KiB aligned). */
typedef struct UhciMem {
	volatile uint32_t frames[FRAMES];
	UhciQh skel[SKEL_INTR];         /* skel[k]: endpoints polled every 2^k ms */
	UhciQh ctrl;
	UhciTd ctrl_td[CTRL_TDS];
	uint8_t ctrl_setup[8];
	uint8_t ctrl_buf[CTRL_BUF];
	UhciDevMem dev[UHCI_MAX_DEVS];
} UhciMem;

typedef struct UhciDev {
	bool used;
	UsbDev *owner;
	uint8_t port, speed;
	uint16_t mps0;
	uint8_t intr_ep, intr_skel, intr_len;   /* intr_ep 0: no interrupt endpoint */
	uint8_t intr_next;                      /* the ring's TD to look at next */
	uint16_t intr_errors;                   /* failed transfers in a row */
	bool intr_dead;
	uint16_t bulk_toggle[2];                /* [0] OUT, [1] IN: bit n, endpoint n's next data toggle */
	UsbGrace grace;                         /* uhci_cancel: its hub reported it during a bulk transfer (usbhcbulk.h) */
} UhciDev;

typedef struct Uhci {
	UsbHc hc;
	uint16_t io;                    /* BAR4 */
	bool alive;
	uint8_t ports;
	uint32_t port_change;           /* bit p: look at root port p (set at start) */
	uint32_t reset_due[MAX_PORTS + 1];      /* the PIT tick a port's reset ends */
	UhciAlloc alloc;
	UhciMem *mem;
	UhciDev dev[UHCI_MAX_DEVS + 1]; /* by handle = USB address; 0 unused */
	uint8_t phase;                  /* uhci_start_step: where the bring-up is (uhci.c's UhciPhase) */
	StepWait wait;                  /* its wait under way */
} Uhci;

static inline Uhci *uhci_of(UsbHc *hc)
{
	return (Uhci *)hc->state;
}

static inline uint32_t uhci_addr32(const volatile void *p)
{
	return (uint32_t)(uintptr_t)p;
}

static inline uint16_t ur16(Uhci *u, uint16_t off) { return inw((uint16_t)(u->io + off)); }
static inline void uw16(Uhci *u, uint16_t off, uint16_t v) { outw((uint16_t)(u->io + off), v); }

/* uhcixfer.c */
void uhci_poll(UsbHc *hc);
bool uhci_control(UsbHc *hc, uint8_t dev, const UsbSetup *setup, void *buf, uint16_t *got);
bool uhci_intr_in(UsbHc *hc, uint8_t dev, const UsbEndpoint *ep);
UsbXfer uhci_bulk(UsbHc *hc, uint8_t dev, const UsbEndpoint *ep, void *buf, uint32_t len, uint32_t *got,
                  uint32_t timeout_ms);
void uhci_cancel(UsbHc *hc, uint8_t dev);
void uhci_intr_unlink(Uhci *u, uint8_t dev);
void uhci_skeleton(UhciMem *m);

#endif
