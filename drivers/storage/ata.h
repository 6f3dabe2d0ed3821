/* ata.h: legacy IDE — ATA PIO (LBA28, LBA48), IDENTIFY (PACKET), FLUSH CACHE; every drive found a BlockDev. */
#ifndef DRIVERS_ATA_H
#define DRIVERS_ATA_H

#include <stdbool.h>
#include <stdint.h>

#define ATA_PRIMARY_CMD         0x01F0  /* compatibility-mode ports (PCI IDE 1.0) */
#define ATA_PRIMARY_CTL         0x03F6
#define ATA_SECONDARY_CMD       0x0170
#define ATA_SECONDARY_CTL       0x0376
#define ATA_MAX                 8       /* drives at once: two controllers' worth */

/* One channel: its command block, its control block (alternate status, device control), which it is. */
typedef struct AtaPorts {
	uint16_t cmd, ctl;
	uint8_t channel;                /* 0 primary, 1 secondary */
} AtaPorts;

int ata_probe_channel(const AtaPorts *p);      /* master and slave identified and registered: how many */

/* IDENTIFY DEVICE's words (ACS-3 7.12.7), shared with AHCI: the model (27..46), the size and LBA48 (60-61, 83, 100-103). */
void ata_id_model(const uint16_t *id, char *out);       /* BLOCKDEV_MODEL bytes */
uint64_t ata_id_sectors(const uint16_t *id, bool *lba48);

#endif
