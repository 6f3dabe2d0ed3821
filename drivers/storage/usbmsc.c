/* usbmsc.c: USB mass storage — Bulk-Only Transport and SCSI on the USB device layer; every stick a BlockDev. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "blockdev.h"
#include "drvlog.h"
#include "scsi.h"
#include "usbdev.h"
#include "usbmsc.h"
#include "wait.h"

#define CBW_MS          1000            /* a CBW or a CSW's own transfer */
#define DATA_MS         5000            /* a data stage, and the CSW after it (the device may still write) */
#define READY_TRIES     25              /* TEST UNIT READY while not ready (a stick spinning up its flash) ... */
#define READY_POLL_MS   100             /* ... this far apart: 2.5 s at most */
#define MAX_SECTORS     64              /* per READ(10)/WRITE(10): 32 KiB */
#define USB_REQ_CLEAR_FEATURE   0x01
#define USB_RECIP_ENDPOINT      0x02
#define USB_FEATURE_ENDPOINT_HALT 0

typedef struct UsbMsc {
	bool used;
	UsbDev *dev;
	BlockDev blk;
	UsbEndpoint in, out;
	uint8_t iface;
	uint32_t tag;
} UsbMsc;

static UsbMsc sticks[USBMSC_MAX];

static const char *name_of(const UsbMsc *m)
{
	return m->blk.name[0] ? m->blk.name : "USB stick";
}

/* CLEAR_FEATURE(ENDPOINT_HALT) to the device (USB 2.0 9.4.1): its side of a halted pipe. */
static bool clear_halt(UsbMsc *m, uint8_t ep)
{
	return usbdev_control(m->dev, USB_RECIP_ENDPOINT, USB_REQ_CLEAR_FEATURE, USB_FEATURE_ENDPOINT_HALT, ep,
	    NULL, 0, NULL);
}

/* BOT 5.3.4: Bulk-Only Mass Storage Reset, then both pipes' halts cleared. */
static bool reset_recovery(UsbMsc *m)
{
	bool ok = usbdev_control(m->dev, USB_REQ_CLASS_IFACE, BOT_RESET, 0, m->iface, NULL, 0, NULL);

	ok = clear_halt(m, m->in.address) && ok;
	ok = clear_halt(m, m->out.address) && ok;
	drvlog("usbmsc: %s: reset recovery %s\n", name_of(m), ok ? "done" : "failed");
	return ok;
}

static BlockErr xfer_err(UsbXfer r)
{
	return r == USB_XFER_TIMEOUT ? BLK_TIMEOUT : BLK_IO;
}

/* The CSW: a stalled IN pipe is cleared and the CSW read once more (BOT 6.7.2, Linux's usb-storage). */
static UsbXfer read_csw(UsbMsc *m, uint8_t csw[BOT_CSW_LEN], uint32_t *got)
{
	UsbXfer r = usbdev_bulk(m->dev, &m->in, csw, BOT_CSW_LEN, got, DATA_MS);

	if (r == USB_XFER_STALL && clear_halt(m, m->in.address))
		r = usbdev_bulk(m->dev, &m->in, csw, BOT_CSW_LEN, got, DATA_MS);
	return r;
}

static BlockErr command(UsbMsc *m, const ScsiCmd *c, void *data, uint32_t *got, BotStatus *status);

/* REQUEST SENSE after a failed command: why, logged. */
static void log_sense(UsbMsc *m, const char *what, ScsiSense *out)
{
	ScsiCmd c = scsi_request_sense();
	uint8_t b[SCSI_SENSE_LEN];
	uint32_t got = 0;
	BotStatus st;
	ScsiSense s = { 0 };

	if (command(m, &c, b, &got, &st) == BLK_OK && st == BOT_PASSED && scsi_parse_sense(b, got, &s))
		drvlog("usbmsc: %s: %s failed: sense key %x (%s), ASC %02x, ASCQ %02x\n", name_of(m), what,
		    (unsigned)s.key, scsi_sense_key_name(s.key), (unsigned)s.asc, (unsigned)s.ascq);
	else
		drvlog("usbmsc: %s: %s failed, no sense data\n", name_of(m), what);
	if (out)
		*out = s;
}

/*
 * One command through BOT (5.1-5.3, 6.7): the CBW, the data stage, the CSW.
 * A stall in the data stage: the pipe's halt cleared, then the CSW. A CSW
 * that is not valid, a phase error, or a CBW that did not go: reset
 * recovery. *status is the CSW's verdict when BLK_OK comes back.
 */
static BlockErr command(UsbMsc *m, const ScsiCmd *c, void *data, uint32_t *got, BotStatus *status)
{
	uint8_t cbw[BOT_CBW_LEN], csw[BOT_CSW_LEN];
	uint32_t n = 0, residue = 0, tag = ++m->tag;
	UsbXfer r;

	*got = 0;
	bot_cbw(cbw, tag, 0, c);
	r = usbdev_bulk(m->dev, &m->out, cbw, BOT_CBW_LEN, &n, CBW_MS);
	if (r != USB_XFER_OK || n != BOT_CBW_LEN) {
		drvlog("usbmsc: %s: command %02x: CBW not taken (%s)\n", name_of(m), (unsigned)c->cdb[0],
		    r == USB_XFER_STALL ? "stall" : r == USB_XFER_TIMEOUT ? "timeout" : "error");
		reset_recovery(m);
		return r == USB_XFER_OK ? BLK_IO : xfer_err(r);
	}
	if (c->data_len) {
		r = usbdev_bulk(m->dev, c->in ? &m->in : &m->out, data, c->data_len, got, DATA_MS);
		if (r == USB_XFER_STALL)
			clear_halt(m, c->in ? m->in.address : m->out.address);
		else if (r != USB_XFER_OK) {
			drvlog("usbmsc: %s: command %02x: data stage %s\n", name_of(m), (unsigned)c->cdb[0],
			    r == USB_XFER_TIMEOUT ? "timed out" : "failed");
			reset_recovery(m);
			return xfer_err(r);
		}
	}
	r = read_csw(m, csw, &n);
	*status = r == USB_XFER_OK ? bot_csw(csw, n, tag, &residue) : BOT_INVALID;
	if (r != USB_XFER_OK || *status == BOT_INVALID || *status == BOT_PHASE_ERROR) {
		drvlog("usbmsc: %s: command %02x: %s\n", name_of(m), (unsigned)c->cdb[0],
		    r != USB_XFER_OK ? "no CSW" : bot_status_name(*status));
		reset_recovery(m);
		return r == USB_XFER_TIMEOUT ? BLK_TIMEOUT : BLK_IO;
	}
	if (*status == BOT_PASSED && residue > c->data_len)
		*status = BOT_FAILED;           /* a residue larger than asked for: meaningless */
	return BLK_OK;
}

/* A command that must pass: BLK_IO (sense logged) if the device says it failed. */
static BlockErr must_pass(UsbMsc *m, const ScsiCmd *c, void *data, uint32_t *got, const char *what)
{
	BotStatus st;
	BlockErr e = command(m, c, data, got, &st);

	if (e == BLK_OK && st != BOT_PASSED) {
		log_sense(m, what, NULL);
		return BLK_IO;
	}
	return e;
}

static BlockErr msc_rw(BlockDev *d, uint64_t lba, uint32_t count, uint8_t *buf, bool write)
{
	UsbMsc *m = d->state;

	if (lba + count > 0xFFFFFFFFull + 1)
		return BLK_RANGE;       /* READ(10) reaches 2 TiB; bigger sticks need READ(16) */
	while (count) {
		uint16_t n = count > MAX_SECTORS ? MAX_SECTORS : (uint16_t)count;
		ScsiCmd c = scsi_rw10(write, (uint32_t)lba, n, d->sector_size);
		uint32_t got = 0;
		BlockErr e = must_pass(m, &c, buf, &got, write ? "WRITE(10)" : "READ(10)");

		if (e != BLK_OK)
			return m->dev ? e : BLK_GONE;
		if (got != c.data_len) {
			drvlog("usbmsc: %s: %s moved %u of %u bytes\n", name_of(m), write ? "WRITE(10)" : "READ(10)",
			    (unsigned)got, (unsigned)c.data_len);
			return BLK_IO;
		}
		lba += n;
		count -= n;
		buf += c.data_len;
	}
	return BLK_OK;
}

static BlockErr msc_read(BlockDev *d, uint64_t lba, uint32_t count, void *buf)
{
	return msc_rw(d, lba, count, buf, false);
}

static BlockErr msc_write(BlockDev *d, uint64_t lba, uint32_t count, const void *buf)
{
	return msc_rw(d, lba, count, (uint8_t *)(uintptr_t)buf, true);
}

/* SYNCHRONIZE CACHE(10); a stick that does not know it (illegal request) has no cache to flush. */
static BlockErr msc_flush(BlockDev *d)
{
	UsbMsc *m = d->state;
	ScsiCmd c = scsi_sync_cache10();
	uint32_t got;
	BotStatus st;
	ScsiSense s;
	BlockErr e = command(m, &c, NULL, &got, &st);

	if (e != BLK_OK || st == BOT_PASSED)
		return e;
	log_sense(m, "SYNCHRONIZE CACHE(10)", &s);
	return s.key == 0x05 ? BLK_OK : BLK_IO;
}

static const BlockOps msc_ops = { .read = msc_read, .write = msc_write, .flush = msc_flush };

/* TEST UNIT READY until it passes: READY_TRIES at most, READY_POLL_MS apart (a unit attention is normal at first). */
static bool wait_ready(UsbMsc *m)
{
	for (int i = 0; i < READY_TRIES; i++) {
		ScsiCmd c = scsi_test_unit_ready();
		uint32_t got;
		BotStatus st;
		ScsiSense s;

		if (command(m, &c, NULL, &got, &st) != BLK_OK)
			return false;
		if (st == BOT_PASSED)
			return true;
		log_sense(m, "TEST UNIT READY", &s);
		wait_ms(READY_POLL_MS);
	}
	drvlog("usbmsc: %s: not ready after %u tries\n", name_of(m), READY_TRIES);
	return false;
}

/* INQUIRY, TEST UNIT READY, READ CAPACITY(10), MODE SENSE(6): what the stick is, its size, write protection. */
static bool msc_identify(UsbMsc *m)
{
	uint8_t b[SCSI_MODE6_LEN];
	uint32_t got, block = 0;
	ScsiCmd c = scsi_inquiry();
	ScsiInquiry q;
	BotStatus st;
	bool wp = false;

	if (must_pass(m, &c, b, &got, "INQUIRY") != BLK_OK || !scsi_parse_inquiry(b, got, &q))
		return false;
	blockdev_copy_name(m->blk.model, BLOCKDEV_MODEL, (const char *const[]){ q.vendor, q.vendor[0] ? " " : "",
	    q.product, NULL });
	m->blk.removable = q.removable;
	if (!wait_ready(m))
		return false;
	c = scsi_read_capacity10();
	if (must_pass(m, &c, b, &got, "READ CAPACITY(10)") != BLK_OK ||
	    !scsi_parse_capacity10(b, got, &m->blk.sectors, &block)) {
		drvlog("usbmsc: %s: no capacity\n", name_of(m));
		return false;
	}
	m->blk.sector_size = block;
	c = scsi_mode_sense6();
	if (command(m, &c, b, &got, &st) == BLK_OK && st == BOT_PASSED && scsi_parse_mode6_wp(b, got, &wp))
		m->blk.read_only = wp;
	else
		drvlog("usbmsc: %s: no MODE SENSE(6): taken as writable\n", name_of(m));
	return true;
}

static UsbProbe msc_probe(UsbDev *d, const UsbDescs *descs)
{
	MscInterface f;
	UsbMsc *m = NULL;
	char port[USBDEV_PORT_NAME];

	if (!msc_find_interface(descs->config, descs->config_len, &f))
		return USB_PROBE_NOT_MINE;
	for (int i = 0; i < USBMSC_MAX && !m; i++)
		if (!sticks[i].used)
			m = &sticks[i];
	usbdev_port_name(d, port);
	if (!m) {
		drvlog("usbmsc: already %d sticks: the one on %s port %s is not used\n", USBMSC_MAX, usbdev_kind(d), port);
		return USB_PROBE_FAILED;
	}
	*m = (UsbMsc){ .used = true, .dev = d, .iface = f.number, .in = { .address = f.ep_in, .max_packet = f.mps_in },
	    .out = { .address = f.ep_out, .max_packet = f.mps_out } };
	m->blk = (BlockDev){ .ops = &msc_ops, .state = m, .kind = "usb" };
	blockdev_copy_name(m->blk.name, BLOCKDEV_NAME, (const char *const[]){ "USB stick (", usbdev_kind(d), " port ",
	    port, ")", NULL });
	if (!usbdev_set_configuration(d, descs->cfg.config_value) || !msc_identify(m)) {
		drvlog("usbmsc: %s: not usable\n", m->blk.name);
		m->used = false;
		return USB_PROBE_FAILED;
	}
	d->cls_index = (int8_t)(m - sticks);
	if (!blockdev_register(&m->blk)) {
		m->used = false;
		return USB_PROBE_FAILED;
	}
	drvlog("usbmsc: %s: %s, %u sectors of %u%s%s\n", m->blk.name, m->blk.model, (unsigned)m->blk.sectors,
	    (unsigned)m->blk.sector_size, m->blk.removable ? ", removable" : "", m->blk.read_only ? ", read-only" : "");
	return USB_PROBE_TAKEN;
}

/* Unplugged: the disk is gone for whoever holds it; its place free. */
static void msc_gone(UsbDev *d)
{
	if (d->cls_index < 0 || d->cls_index >= USBMSC_MAX || !sticks[d->cls_index].used)
		return;
	UsbMsc *m = &sticks[d->cls_index];

	drvlog("usbmsc: %s: unplugged\n", m->blk.name);
	blockdev_unregister(&m->blk);
	m->dev = NULL;
	m->used = false;
}

const UsbClassDriver usbmsc_class = {
	.name = "mass storage",
	.probe = msc_probe,
	.report = NULL,
	.gone = msc_gone,
	.service = NULL,
};
