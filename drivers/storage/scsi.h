/* scsi.h: USB mass storage's Bulk-Only Transport wrappers (CBW, CSW) and the SCSI commands and answers it uses — pure code. */
#ifndef DRIVERS_SCSI_H
#define DRIVERS_SCSI_H

#include <stdbool.h>
#include <stdint.h>

/* Bulk-Only Transport 1.0, 5.1 and 5.2. */
#define BOT_CBW_LEN             31
#define BOT_CSW_LEN             13
#define BOT_CBW_SIG             0x43425355u     /* "USBC" little-endian */
#define BOT_CSW_SIG             0x53425355u     /* "USBS" */
#define BOT_RESET               0xFF            /* Bulk-Only Mass Storage Reset (class, interface, OUT) */

/* SCSI operation codes (SPC-4, SBC-3) and lengths. */
#define SCSI_TEST_UNIT_READY    0x00
#define SCSI_REQUEST_SENSE      0x03
#define SCSI_INQUIRY            0x12
#define SCSI_MODE_SENSE6        0x1A
#define SCSI_READ_CAPACITY10    0x25
#define SCSI_READ10             0x28
#define SCSI_WRITE10            0x2A
#define SCSI_SYNC_CACHE10       0x35
#define SCSI_INQUIRY_LEN        36
#define SCSI_SENSE_LEN          18
#define SCSI_CAPACITY10_LEN     8
#define SCSI_MODE6_LEN          192
#define SCSI_CDB_MAX            16

/* A command: its CDB and the data stage the device should see. */
typedef struct ScsiCmd {
	uint8_t cdb[SCSI_CDB_MAX];
	uint8_t cdb_len;
	uint32_t data_len;
	bool in;                        /* data from the device */
} ScsiCmd;

typedef enum BotStatus {
	BOT_PASSED,                     /* bCSWStatus 0 */
	BOT_FAILED,                     /* 1: REQUEST SENSE says why */
	BOT_PHASE_ERROR,                /* 2: reset recovery */
	BOT_INVALID,                    /* not a valid CSW (length, signature, tag, status): reset recovery */
} BotStatus;

void bot_cbw(uint8_t cbw[BOT_CBW_LEN], uint32_t tag, uint8_t lun, const ScsiCmd *c);
BotStatus bot_csw(const uint8_t *csw, uint32_t got, uint32_t tag, uint32_t *residue);
const char *bot_status_name(BotStatus s);

/* The commands, built. */
ScsiCmd scsi_test_unit_ready(void);
ScsiCmd scsi_request_sense(void);
ScsiCmd scsi_inquiry(void);
ScsiCmd scsi_mode_sense6(void);                 /* all pages: the header's write-protect bit */
ScsiCmd scsi_read_capacity10(void);
ScsiCmd scsi_rw10(bool write, uint32_t lba, uint16_t count, uint32_t block);
ScsiCmd scsi_sync_cache10(void);

/* The answers, read (false: too short or malformed). */
typedef struct ScsiInquiry {
	uint8_t type;                   /* peripheral device type: 0 disk, 5 CD */
	bool removable;
	char vendor[9], product[17];    /* trailing spaces cut */
} ScsiInquiry;

typedef struct ScsiSense {
	uint8_t key, asc, ascq;
} ScsiSense;

bool scsi_parse_inquiry(const uint8_t *b, uint32_t len, ScsiInquiry *q);
bool scsi_parse_capacity10(const uint8_t *b, uint32_t len, uint64_t *blocks, uint32_t *block_len);
bool scsi_parse_sense(const uint8_t *b, uint32_t len, ScsiSense *s);
bool scsi_parse_mode6_wp(const uint8_t *b, uint32_t len, bool *write_protected);
const char *scsi_sense_key_name(uint8_t key);

/* A configuration descriptor's first mass-storage interface (08/06/50) and its bulk endpoints. */
typedef struct MscInterface {
	uint8_t number;                 /* bInterfaceNumber */
	uint8_t ep_in, ep_out;          /* endpoint addresses */
	uint16_t mps_in, mps_out;
} MscInterface;

bool msc_find_interface(const uint8_t *config, uint32_t len, MscInterface *f);

#endif
