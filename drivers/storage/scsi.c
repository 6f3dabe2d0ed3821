/* scsi.c: Bulk-Only Transport's CBW and CSW, the SCSI commands mass storage uses and their answers — pure code. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "scsi.h"

#define USB_DT_INTERFACE        0x04
#define USB_DT_ENDPOINT         0x05
#define MSC_CLASS               0x08
#define MSC_SUBCLASS_SCSI       0x06
#define MSC_PROTOCOL_BOT        0x50
#define EP_XFER_BULK            0x02
#define EP_DIR_IN               0x80
#define CBW_FLAG_IN             0x80
#define SENSE_FIXED             0x70            /* response codes 70h/71h: fixed format (SPC-4 4.5.3) */
#define SENSE_DESCRIPTOR        0x72            /* 72h/73h: descriptor format (4.5.2) */
#define MODE6_WP                0x80            /* device-specific parameter, bit 7 (SBC-3 6.4.1) */

static void put32le(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get32le(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint32_t get32be(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/* BOT 5.1: signature, tag, transfer length, direction flag, LUN, CDB length, the CDB (zero-padded to 16). */
void bot_cbw(uint8_t cbw[BOT_CBW_LEN], uint32_t tag, uint8_t lun, const ScsiCmd *c)
{
	for (int i = 0; i < BOT_CBW_LEN; i++)
		cbw[i] = 0;
	put32le(cbw, BOT_CBW_SIG);
	put32le(cbw + 4, tag);
	put32le(cbw + 8, c->data_len);
	cbw[12] = c->in && c->data_len ? CBW_FLAG_IN : 0;
	cbw[13] = lun & 0x0F;
	cbw[14] = c->cdb_len & 0x1F;
	for (int i = 0; i < c->cdb_len && i < SCSI_CDB_MAX; i++)
		cbw[15 + i] = c->cdb[i];
}

/*
 * BOT 6.3: a CSW is valid if it is 13 bytes with the signature and the
 * CBW's tag; it is meaningful if its status is 0, 1 or 2. Anything else is
 * treated as a phase error would be (reset recovery).
 */
BotStatus bot_csw(const uint8_t *csw, uint32_t got, uint32_t tag, uint32_t *residue)
{
	if (got != BOT_CSW_LEN || get32le(csw) != BOT_CSW_SIG || get32le(csw + 4) != tag || csw[12] > 2)
		return BOT_INVALID;
	if (residue)
		*residue = get32le(csw + 8);
	return csw[12] == 0 ? BOT_PASSED : csw[12] == 1 ? BOT_FAILED : BOT_PHASE_ERROR;
}

const char *bot_status_name(BotStatus s)
{
	static const char *const names[] = { "passed", "failed", "phase error", "invalid CSW" };

	return (unsigned)s < 4 ? names[s] : "?";
}

static ScsiCmd cmd(uint8_t op, uint8_t cdb_len, uint32_t data_len, bool in)
{
	ScsiCmd c = { .cdb = { op }, .cdb_len = cdb_len, .data_len = data_len, .in = in };

	return c;
}

ScsiCmd scsi_test_unit_ready(void)
{
	return cmd(SCSI_TEST_UNIT_READY, 6, 0, false);
}

ScsiCmd scsi_request_sense(void)
{
	ScsiCmd c = cmd(SCSI_REQUEST_SENSE, 6, SCSI_SENSE_LEN, true);

	c.cdb[4] = SCSI_SENSE_LEN;
	return c;
}

ScsiCmd scsi_inquiry(void)
{
	ScsiCmd c = cmd(SCSI_INQUIRY, 6, SCSI_INQUIRY_LEN, true);

	c.cdb[4] = SCSI_INQUIRY_LEN;
	return c;
}

ScsiCmd scsi_mode_sense6(void)
{
	ScsiCmd c = cmd(SCSI_MODE_SENSE6, 6, SCSI_MODE6_LEN, true);

	c.cdb[2] = 0x3F;                /* page code: all pages, current values */
	c.cdb[4] = SCSI_MODE6_LEN;
	return c;
}

ScsiCmd scsi_read_capacity10(void)
{
	return cmd(SCSI_READ_CAPACITY10, 10, SCSI_CAPACITY10_LEN, true);
}

/* READ(10) / WRITE(10): LBA big-endian in bytes 2..5, the block count in 7..8. */
ScsiCmd scsi_rw10(bool write, uint32_t lba, uint16_t count, uint32_t block)
{
	ScsiCmd c = cmd(write ? SCSI_WRITE10 : SCSI_READ10, 10, (uint32_t)count * block, !write);

	c.cdb[2] = (uint8_t)(lba >> 24);
	c.cdb[3] = (uint8_t)(lba >> 16);
	c.cdb[4] = (uint8_t)(lba >> 8);
	c.cdb[5] = (uint8_t)lba;
	c.cdb[7] = (uint8_t)(count >> 8);
	c.cdb[8] = (uint8_t)count;
	return c;
}

ScsiCmd scsi_sync_cache10(void)
{
	return cmd(SCSI_SYNC_CACHE10, 10, 0, false);     /* LBA 0, 0 blocks: the whole cache */
}

/* The ASCII fields cut at their trailing spaces; anything not printable becomes '?'. */
static void ascii(char *out, const uint8_t *in, int n)
{
	int end = n;

	while (end > 0 && (in[end - 1] == ' ' || in[end - 1] == 0))
		end--;
	for (int i = 0; i < end; i++)
		out[i] = in[i] >= 0x20 && in[i] < 0x7F ? (char)in[i] : '?';
	out[end] = '\0';
}

bool scsi_parse_inquiry(const uint8_t *b, uint32_t len, ScsiInquiry *q)
{
	if (len < SCSI_INQUIRY_LEN)
		return false;
	q->type = b[0] & 0x1F;
	q->removable = (b[1] & 0x80) != 0;
	ascii(q->vendor, b + 8, 8);
	ascii(q->product, b + 16, 16);
	return true;
}

/* READ CAPACITY(10): the last LBA and the block length, big-endian. A last LBA of all ones: too big for (10). */
bool scsi_parse_capacity10(const uint8_t *b, uint32_t len, uint64_t *blocks, uint32_t *block_len)
{
	uint32_t last;

	if (len < SCSI_CAPACITY10_LEN)
		return false;
	last = get32be(b);
	*block_len = get32be(b + 4);
	*blocks = (uint64_t)last + 1;
	return last != 0xFFFFFFFFu && *block_len != 0;
}

bool scsi_parse_sense(const uint8_t *b, uint32_t len, ScsiSense *s)
{
	uint8_t code = b[0] & 0x7F;

	if (len >= 14 && (code == SENSE_FIXED || code == SENSE_FIXED + 1)) {
		*s = (ScsiSense){ .key = b[2] & 0x0F, .asc = b[12], .ascq = b[13] };
		return true;
	}
	if (len >= 4 && (code == SENSE_DESCRIPTOR || code == SENSE_DESCRIPTOR + 1)) {
		*s = (ScsiSense){ .key = b[1] & 0x0F, .asc = b[2], .ascq = b[3] };
		return true;
	}
	return false;
}

/* MODE SENSE(6)'s header: mode data length, medium type, device-specific parameter (bit 7: write-protected). */
bool scsi_parse_mode6_wp(const uint8_t *b, uint32_t len, bool *write_protected)
{
	if (len < 4)
		return false;
	*write_protected = (b[2] & MODE6_WP) != 0;
	return true;
}

const char *scsi_sense_key_name(uint8_t key)
{
	static const char *const names[16] = {
		"no sense", "recovered error", "not ready", "medium error", "hardware error", "illegal request",
		"unit attention", "data protect", "blank check", "vendor specific", "copy aborted",
		"aborted command", "reserved", "volume overflow", "miscompare", "completed",
	};

	return names[key & 0x0F];
}

/* Walk the descriptors: the first interface 08/06/50 (alternate 0) and a bulk IN and OUT endpoint of it. */
bool msc_find_interface(const uint8_t *config, uint32_t len, MscInterface *f)
{
	bool inside = false, found = false;

	*f = (MscInterface){ 0 };
	for (uint32_t at = 0; at + 2 <= len && config[at] >= 2; at += config[at]) {
		const uint8_t *d = config + at;

		if (at + d[0] > len)
			break;
		if (d[1] == USB_DT_INTERFACE && d[0] >= 9) {
			if (found)
				break;
			inside = d[3] == 0 && d[5] == MSC_CLASS && d[6] == MSC_SUBCLASS_SCSI && d[7] == MSC_PROTOCOL_BOT;
			if (inside) {
				found = true;
				f->number = d[2];
			}
		} else if (d[1] == USB_DT_ENDPOINT && d[0] >= 7 && inside && (d[3] & 0x03) == EP_XFER_BULK) {
			uint16_t mps = (uint16_t)((d[4] | d[5] << 8) & 0x07FF);

			if ((d[2] & EP_DIR_IN) && !f->ep_in) {
				f->ep_in = d[2];
				f->mps_in = mps;
			} else if (!(d[2] & EP_DIR_IN) && !f->ep_out) {
				f->ep_out = d[2];
				f->mps_out = mps;
			}
		}
	}
	return found && f->ep_in && f->ep_out && f->mps_in && f->mps_out;
}
