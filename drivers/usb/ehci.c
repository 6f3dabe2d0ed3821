/* ehci.c: EHCI (USB 2) — not driven yet: the BIOS hand-off and a reset, so every root port is routed to its companion controllers. */
#include <stdbool.h>
#include <stdint.h>

#include "drvlog.h"
#include "ehci.h"
#include "io.h"
#include "pci.h"
#include "wait.h"

#define CAP_LENGTH      0x00            /* capability registers (EHCI 2.2) */
#define CAP_HCSPARAMS   0x04
#define HCS_N_CC(v)     (((v) >> 12) & 0x0F)    /* companion controllers */
#define CAP_HCCPARAMS   0x08
#define HCC_EECP(v)     (((v) >> 8) & 0xFF)     /* first extended capability, in PCI configuration space */
#define OP_USBCMD       0x00            /* operational registers (EHCI 2.3), after CAPLENGTH */
#define OP_USBSTS       0x04
#define OP_CONFIGFLAG   0x40
#define CMD_RUN         0x00000001u
#define CMD_HCRESET     0x00000002u
#define STS_HCHALTED    0x00001000u

#define XCAP_LIMIT      8               /* extended capabilities walked at most */
#define XCAP_LEGACY     0x01            /* USBLEGSUP (EHCI 5.1) */
#define LEGSUP_BIOS     0x00010000u     /* HC BIOS Owned Semaphore */
#define LEGSUP_OS       0x01000000u     /* HC OS Owned Semaphore */
#define LEGCTLSTS_OFF   0xE0000000u     /* USBLEGCTLSTS: every SMI enable off, the three RWC status bits cleared */

#define HANDOFF_MS      1000            /* the BIOS lets go (Linux waits 1 s) */
#define HALT_MS         20              /* 16 microframes at most, with slack */
#define RESET_MS        250             /* HCRESET clears (Linux: 250 ms) */

/* USB legacy support: OS-owned set, the BIOS's semaphore waited for (or taken), SMIs off. */
static void take_from_bios(int index, const PciDev *p, uint8_t eecp)
{
	for (int n = 0; n < XCAP_LIMIT && eecp >= 0x40; n++) {
		uint32_t v = pci_read32(p, eecp);

		if ((v & 0xFF) == XCAP_LEGACY) {
			bool bios = (v & LEGSUP_BIOS) != 0;
			uint32_t t = 0;

			pci_write32(p, eecp, v | LEGSUP_OS);
			while (bios && (pci_read32(p, eecp) & LEGSUP_BIOS) && t < HANDOFF_MS) {
				wait_ms(1);
				t++;
			}
			if (bios && t >= HANDOFF_MS) {
				drvlog("ehci%d: timeout: BIOS hand-off (%u ms), taken anyway\n", index, (unsigned)HANDOFF_MS);
				pci_write32(p, eecp, (pci_read32(p, eecp) & ~LEGSUP_BIOS) | LEGSUP_OS);
			}
			pci_write32(p, (uint8_t)(eecp + 4), LEGCTLSTS_OFF);
			drvlog("ehci%d: legacy support: BIOS %s\n", index, bios ? "owned it, let go" : "did not own it");
			return;
		}
		eecp = (uint8_t)((v >> 8) & 0xFF);
	}
}

/*
 * NOTE: an EHCI without companions (Intel 5- to 7-series: every port behind
 * its rate-matching hub) is left alone: reset, it would take the keyboard
 * from the firmware's PS/2 emulation and give it to nobody.
 */
bool ehci_release_ports(int index, const PciDev *p, uintptr_t mmio)
{
	uintptr_t op = mmio + mmio_read8(mmio + CAP_LENGTH);
	uint32_t ncc = HCS_N_CC(mmio_read32(mmio + CAP_HCSPARAMS));

	if (ncc == 0) {
		drvlog("ehci%d: not driven, no companion controllers: left to the firmware\n", index);
		return false;
	}
	take_from_bios(index, p, (uint8_t)HCC_EECP(mmio_read32(mmio + CAP_HCCPARAMS)));
	mmio_write32(op + OP_USBCMD, mmio_read32(op + OP_USBCMD) & ~CMD_RUN);
	if (!wait_mmio32(op + OP_USBSTS, STS_HCHALTED, STS_HCHALTED, HALT_MS)) {
		drvlog("ehci%d: timeout: halt (%u ms)\n", index, (unsigned)HALT_MS);
		return false;
	}
	mmio_write32(op + OP_USBCMD, CMD_HCRESET);
	if (!wait_mmio32(op + OP_USBCMD, CMD_HCRESET, 0, RESET_MS)) {
		drvlog("ehci%d: timeout: HCRESET (%u ms)\n", index, (unsigned)RESET_MS);
		return false;
	}
	mmio_write32(op + OP_CONFIGFLAG, 0);    /* reset clears it; said again: every port to the companions */
	drvlog("ehci%d: not driven: reset, every root port routed to its %u companion controllers\n", index,
	    (unsigned)ncc);
	return true;
}
