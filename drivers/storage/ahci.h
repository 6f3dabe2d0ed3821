/* ahci.h: AHCI (SATA) — the HBA taken from the BIOS, each port's disk by DMA; every disk found a BlockDev. */
#ifndef DRIVERS_AHCI_H
#define DRIVERS_AHCI_H

#include <stdbool.h>
#include <stdint.h>

#define AHCI_MAX_DISKS  8               /* ports with a device, every controller */
#define AHCI_PORT_MEM   8192            /* DMA memory a port takes: command list, received FIS, table; a data page */

/* DMA memory from the kernel: `bytes` zeroed, 4 KiB-aligned, below 4 GiB and identity-mapped; NULL if none left. */
typedef void *(*AhciAlloc)(uint32_t bytes);

/* Controller `index` at abar (BAR5, mapped): hand-off, AHCI mode, each port started and identified. Disks registered. */
int ahci_probe(int index, uintptr_t abar, AhciAlloc alloc);

/* The Register H2D FIS of a command (SATA 3.x 10.5.6), for the command table (pure; tests/unit/test_ahci.c). */
#define AHCI_FIS_H2D_LEN 20
void ahci_fis_h2d(uint8_t fis[AHCI_FIS_H2D_LEN], uint8_t command, uint64_t lba, uint16_t count);

#endif
