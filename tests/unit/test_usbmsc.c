/* test_usbmsc.c: USB mass storage (drivers/storage/usbmsc.c, scsi.c) on a simulated Bulk-Only stick: CBW/CSW bytes and checks, stalls, reset recovery, sense, timeouts. */
#include "testmain.h"

#include "blockdev.c"
#include "scsi.c"
#include "usbmsc.c"
#include "usbfix.h"

/* The simulated stick: a RAM disk behind BOT, with faults to inject once. */
#define SIM_SECTORS     2048
enum { WANT_CBW, DATA_IN, DATA_OUT, WANT_CSW };
enum { FAULT_NONE, FAULT_STALL_DATA, FAULT_BAD_SIG, FAULT_BAD_TAG, FAULT_PHASE, FAULT_TIMEOUT, FAULT_SHORT };

static struct {
	uint8_t disk[SIM_SECTORS * 512];
	int state, fault;
	bool halted_in, halted_out, wp;
	uint8_t data[32768];
	uint32_t data_len, data_at, tag, residue;
	uint8_t status;
	uint8_t sense_key, asc;
	uint32_t rw_lba, rw_count;
	char ctl[512];                  /* control requests seen: "reset", "clear 81", ... */
	uint8_t last_cbw[BOT_CBW_LEN];
} sim;

#include "simlog.h"          /* drvlog into logbuf */

void wait_ms(uint32_t ms)
{
	(void)ms;
}

void usbdev_port_name(const UsbDev *d, char name[USBDEV_PORT_NAME])
{
	snprintf(name, USBDEV_PORT_NAME, "%u", (unsigned)d->port);
}

const char *usbdev_kind(const UsbDev *d)
{
	(void)d;
	return "xHCI";
}

bool usbdev_set_configuration(UsbDev *d, uint8_t value)
{
	(void)d;
	return value == 1;
}

bool usbdev_control(UsbDev *d, uint8_t type, uint8_t req, uint16_t value, uint16_t index, void *buf, uint16_t len,
                    uint16_t *got)
{
	size_t n = strlen(sim.ctl);

	(void)d, (void)value, (void)buf, (void)len, (void)got;
	if (type == USB_REQ_CLASS_IFACE && req == BOT_RESET) {
		snprintf(sim.ctl + n, sizeof sim.ctl - n, "reset ");
		sim.state = WANT_CBW;
	} else if (type == USB_RECIP_ENDPOINT && req == USB_REQ_CLEAR_FEATURE) {
		snprintf(sim.ctl + n, sizeof sim.ctl - n, "clear %02x ", (unsigned)index);
		if (index & 0x80)
			sim.halted_in = false;
		else
			sim.halted_out = false;
	}
	return true;
}

static void put_be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8), p[3] = (uint8_t)v;
}

/* The device's side of a CBW: what the command does, its data and its status. */
static void run_cbw(const uint8_t *cbw)
{
	const uint8_t *cdb = cbw + 15;
	uint32_t len = get32le(cbw + 8);

	memcpy(sim.last_cbw, cbw, BOT_CBW_LEN);
	sim.tag = get32le(cbw + 4);
	sim.status = 0;
	sim.residue = 0;
	sim.data_len = len;
	sim.data_at = 0;
	memset(sim.data, 0, sizeof sim.data);
	switch (cdb[0]) {
	case SCSI_INQUIRY:
		sim.data[1] = 0x80;
		memcpy(sim.data + 8, "QEMU    QEMU HARDDISK    2.5+", 29);
		break;
	case SCSI_READ_CAPACITY10:
		put_be32(sim.data, SIM_SECTORS - 1);
		put_be32(sim.data + 4, 512);
		break;
	case SCSI_MODE_SENSE6:
		sim.data[0] = 3;
		sim.data[2] = sim.wp ? 0x80 : 0;
		break;
	case SCSI_REQUEST_SENSE:
		sim.data[0] = 0x70;
		sim.data[2] = sim.sense_key;
		sim.data[7] = 10;
		sim.data[12] = sim.asc;
		break;
	case SCSI_READ10:
	case SCSI_WRITE10:
		sim.rw_lba = (uint32_t)cdb[2] << 24 | (uint32_t)cdb[3] << 16 | (uint32_t)cdb[4] << 8 | cdb[5];
		sim.rw_count = (uint32_t)cdb[7] << 8 | cdb[8];
		if (cdb[0] == SCSI_READ10)
			memcpy(sim.data, sim.disk + sim.rw_lba * 512, sim.rw_count * 512);
		break;
	default:
		break;
	}
	sim.state = len ? ((cbw[12] & 0x80) ? DATA_IN : DATA_OUT) : WANT_CSW;
}

UsbXfer usbdev_bulk(UsbDev *d, const UsbEndpoint *ep, void *buf, uint32_t len, uint32_t *got, uint32_t timeout_ms)
{
	bool in = (ep->address & 0x80) != 0;

	(void)d, (void)timeout_ms;
	*got = 0;
	if (in ? sim.halted_in : sim.halted_out)
		return USB_XFER_STALL;
	if (!in && sim.state == WANT_CBW) {
		if (len != BOT_CBW_LEN || get32le(buf) != BOT_CBW_SIG)
			return USB_XFER_ERROR;
		run_cbw(buf);
		*got = len;
		return USB_XFER_OK;
	}
	if ((sim.state == DATA_IN || sim.state == DATA_OUT) && in == (sim.state == DATA_IN)) {
		if (sim.fault == FAULT_STALL_DATA) {
			sim.fault = FAULT_NONE;
			sim.halted_in = in, sim.halted_out = !in;
			sim.state = WANT_CSW;
			sim.status = 1;
			sim.residue = sim.data_len;
			sim.sense_key = 3, sim.asc = 0x11;      /* medium error, unrecovered read error */
			return USB_XFER_STALL;
		}
		if (sim.fault == FAULT_TIMEOUT) {
			sim.fault = FAULT_NONE;
			return USB_XFER_TIMEOUT;
		}
		uint32_t n = len < sim.data_len ? len : sim.data_len;

		if (sim.fault == FAULT_SHORT) {
			sim.fault = FAULT_NONE;
			n /= 2;
			sim.residue = sim.data_len - n;
		}
		if (in)
			memcpy(buf, sim.data, n);
		else if (sim.last_cbw[15] == SCSI_WRITE10)
			memcpy(sim.disk + sim.rw_lba * 512, buf, n);
		*got = n;
		sim.state = WANT_CSW;
		return USB_XFER_OK;
	}
	if (in && sim.state == WANT_CSW && len >= BOT_CSW_LEN) {
		uint8_t *c = buf;

		put32le(c, BOT_CSW_SIG);
		put32le(c + 4, sim.tag);
		put32le(c + 8, sim.residue);
		c[12] = sim.status;
		if (sim.fault == FAULT_BAD_SIG)
			c[0] ^= 1;
		else if (sim.fault == FAULT_BAD_TAG)
			c[4] ^= 1;
		else if (sim.fault == FAULT_PHASE)
			c[12] = 2;
		if (sim.fault == FAULT_BAD_SIG || sim.fault == FAULT_BAD_TAG || sim.fault == FAULT_PHASE)
			sim.fault = FAULT_NONE;
		*got = BOT_CSW_LEN;
		sim.state = WANT_CBW;
		return USB_XFER_OK;
	}
	/* out of phase: the device stalls the pipe */
	if (in)
		sim.halted_in = true;
	else
		sim.halted_out = true;
	return USB_XFER_STALL;
}

static UsbDev dev;
static UsbHc hc;

static BlockDev *plug(void)
{
	UsbDescs descs = { .config = usbfix_storage_config, .config_len = sizeof usbfix_storage_config,
	    .cfg = { .config_value = 1 } };

	dev = (UsbDev){ .used = true, .hc = &hc, .port = 1, .cls_index = -1 };
	assert_int_equal(usbmsc_class.probe(&dev, &descs), USB_PROBE_TAKEN);
	return blockdev_at(blockdev_count() - 1);
}

static int reset(void **state)
{
	(void)state;
	for (int i = 0; i < USBMSC_MAX; i++)
		if (sticks[i].used)
			msc_gone(sticks[i].dev);
	memset(&sim, 0, sizeof sim);
	for (uint32_t i = 0; i < sizeof sim.disk; i++)
		sim.disk[i] = (uint8_t)(i * 13);
	logbuf[0] = '\0';
	return 0;
}

static void a_cbw_has_its_signature_tag_length_direction_and_cdb(void **state)
{
	ScsiCmd c = scsi_rw10(false, 0x01020304, 2, 512);
	uint8_t cbw[BOT_CBW_LEN];
	static const uint8_t want[BOT_CBW_LEN] = {
		0x55, 0x53, 0x42, 0x43, 0x78, 0x56, 0x34, 0x12, 0x00, 0x04, 0x00, 0x00, 0x80, 0x00, 0x0A,
		0x28, 0x00, 0x01, 0x02, 0x03, 0x04, 0x00, 0x00, 0x02, 0x00, 0, 0, 0, 0, 0, 0,
	};

	(void)state;
	bot_cbw(cbw, 0x12345678, 0, &c);
	assert_memory_equal(cbw, want, BOT_CBW_LEN);
	c = scsi_rw10(true, 7, 1, 512);
	bot_cbw(cbw, 1, 0, &c);
	assert_int_equal(cbw[12], 0x00);                /* OUT */
	assert_int_equal(cbw[15], SCSI_WRITE10);
}

static void a_csw_is_checked_for_length_signature_tag_and_status(void **state)
{
	uint8_t csw[BOT_CSW_LEN] = { 0x55, 0x53, 0x42, 0x53, 9, 0, 0, 0, 0x00, 0x02, 0, 0, 0 };
	uint32_t residue = 0;

	(void)state;
	assert_int_equal(bot_csw(csw, BOT_CSW_LEN, 9, &residue), BOT_PASSED);
	assert_int_equal(residue, 512);
	assert_int_equal(bot_csw(csw, BOT_CSW_LEN - 1, 9, NULL), BOT_INVALID);  /* short */
	assert_int_equal(bot_csw(csw, BOT_CSW_LEN, 10, NULL), BOT_INVALID);     /* another tag */
	csw[12] = 1;
	assert_int_equal(bot_csw(csw, BOT_CSW_LEN, 9, NULL), BOT_FAILED);
	csw[12] = 2;
	assert_int_equal(bot_csw(csw, BOT_CSW_LEN, 9, NULL), BOT_PHASE_ERROR);
	csw[12] = 3;
	assert_int_equal(bot_csw(csw, BOT_CSW_LEN, 9, NULL), BOT_INVALID);
	csw[12] = 0;
	csw[3] = 0x43;                                  /* "USBC": a CBW's signature */
	assert_int_equal(bot_csw(csw, BOT_CSW_LEN, 9, NULL), BOT_INVALID);
}

static void sense_capacity_and_write_protect_are_read(void **state)
{
	static const uint8_t fixed[18] = { 0x70, 0, 0x06, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0x28, 0x00 };
	static const uint8_t desc[8] = { 0x72, 0x05, 0x24, 0x01 };
	static const uint8_t cap[8] = { 0x00, 0x00, 0x07, 0xFF, 0x00, 0x00, 0x02, 0x00 };
	static const uint8_t mode[4] = { 3, 0, 0x80, 0 };
	ScsiSense s;
	uint64_t blocks;
	uint32_t block;
	bool wp = false;

	(void)state;
	assert_true(scsi_parse_sense(fixed, sizeof fixed, &s));
	assert_int_equal(s.key, 6);
	assert_int_equal(s.asc, 0x28);
	assert_true(scsi_parse_sense(desc, sizeof desc, &s));
	assert_int_equal(s.key, 5);
	assert_int_equal(s.ascq, 1);
	assert_false(scsi_parse_sense(cap, sizeof cap, &s));
	assert_true(scsi_parse_capacity10(cap, sizeof cap, &blocks, &block));
	assert_int_equal(blocks, 2048);
	assert_int_equal(block, 512);
	assert_true(scsi_parse_mode6_wp(mode, sizeof mode, &wp));
	assert_true(wp);
}

static void a_plugged_stick_is_a_disk_with_its_name_size_and_flags(void **state)
{
	BlockDev *b;

	(void)state;
	b = plug();
	assert_string_equal(b->name, "USB stick (xHCI port 1)");
	assert_string_equal(b->model, "QEMU QEMU HARDDISK");
	assert_int_equal(b->sectors, SIM_SECTORS);
	assert_true(b->removable);
	assert_false(b->read_only);
	reset(state);
	sim.wp = true;
	b = plug();
	assert_true(b->read_only);
	assert_int_equal(blockdev_write(b, 0, 1, sim.data), BLK_WRITE_PROTECTED);
}

static void sectors_are_read_and_written_through_bot(void **state)
{
	static uint8_t buf[3 * 512], back[3 * 512];
	BlockDev *b;

	(void)state;
	b = plug();
	assert_int_equal(blockdev_read(b, 100, 3, buf), BLK_OK);
	assert_memory_equal(buf, sim.disk + 100 * 512, sizeof buf);
	for (size_t i = 0; i < sizeof buf; i++)
		buf[i] = (uint8_t)(i ^ 0xA5);
	assert_int_equal(blockdev_write(b, 2045, 3, buf), BLK_OK);
	assert_memory_equal(sim.disk + 2045 * 512, buf, sizeof buf);
	assert_int_equal(blockdev_flush(b), BLK_OK);
	assert_int_equal(blockdev_read(b, 2045, 3, back), BLK_OK);
	assert_memory_equal(back, buf, sizeof buf);
	assert_int_equal(blockdev_read(b, 2046, 3, back), BLK_RANGE);
	assert_string_equal(sim.ctl, "");               /* no recovery needed */
}

/* A stalled data stage: the pipe's halt cleared, the CSW read, REQUEST SENSE logged, an I/O error; then it reads again. */
static void a_stall_clears_the_halt_and_the_sense_is_logged(void **state)
{
	uint8_t buf[512];
	BlockDev *b;

	(void)state;
	b = plug();
	sim.fault = FAULT_STALL_DATA;
	assert_int_equal(blockdev_read(b, 5, 1, buf), BLK_IO);
	assert_string_equal(sim.ctl, "clear 81 ");
	assert_non_null(strstr(logbuf, "READ(10) failed: sense key 3 (medium error), ASC 11"));
	assert_int_equal(blockdev_read(b, 5, 1, buf), BLK_OK);
	assert_memory_equal(buf, sim.disk + 5 * 512, 512);
}

/* A CSW with a bad signature, another tag, or a phase error: reset recovery (reset, both halts cleared). */
static void a_bad_csw_or_phase_error_gives_reset_recovery(void **state)
{
	static const int faults[] = { FAULT_BAD_SIG, FAULT_BAD_TAG, FAULT_PHASE };
	static const char *const said[] = { "invalid CSW", "invalid CSW", "phase error" };
	uint8_t buf[512];

	for (size_t i = 0; i < ARRAY_LEN(faults); i++) {
		BlockDev *b;

		reset(state);
		b = plug();
		sim.fault = faults[i];
		assert_int_equal(blockdev_read(b, 7, 1, buf), BLK_IO);
		assert_row(strcmp(sim.ctl, "reset clear 81 clear 02 ") == 0, "fault %d: control requests '%s'",
		    faults[i], sim.ctl);
		assert_row(strstr(logbuf, said[i]) && strstr(logbuf, "reset recovery done"), "fault %d: log %s",
		    faults[i], logbuf);
		assert_int_equal(blockdev_read(b, 7, 1, buf), BLK_OK);
		assert_memory_equal(buf, sim.disk + 7 * 512, 512);
	}
}

/* A data stage that moved less than asked (residue): an I/O error, not half a sector taken as good. */
static void a_short_data_stage_is_an_error(void **state)
{
	uint8_t buf[512];
	BlockDev *b;

	(void)state;
	b = plug();
	sim.fault = FAULT_SHORT;
	assert_int_equal(blockdev_read(b, 9, 1, buf), BLK_IO);
	assert_non_null(strstr(logbuf, "READ(10) moved 256 of 512 bytes"));
}

/* A timeout in the data stage: a bounded return (BLK_TIMEOUT), logged, reset recovery, and the stick works after. */
static void a_timeout_is_a_bounded_return_and_a_log_line(void **state)
{
	uint8_t buf[512];
	BlockDev *b;

	(void)state;
	b = plug();
	sim.fault = FAULT_TIMEOUT;
	assert_int_equal(blockdev_read(b, 9, 1, buf), BLK_TIMEOUT);
	assert_non_null(strstr(logbuf, "data stage timed out"));
	assert_string_equal(sim.ctl, "reset clear 81 clear 02 ");
	assert_int_equal(blockdev_read(b, 9, 1, buf), BLK_OK);
}

static void an_unplugged_stick_is_gone(void **state)
{
	uint8_t buf[512];
	BlockDev *b;
	int n;

	(void)state;
	b = plug();
	n = blockdev_count();
	msc_gone(&dev);
	assert_int_equal(blockdev_count(), n - 1);
	assert_int_equal(blockdev_read(b, 0, 1, buf), BLK_GONE);
}

static void the_configuration_walk_finds_the_bulk_pipes(void **state)
{
	MscInterface f;
	uint8_t hid[sizeof usbfix_storage_config];

	(void)state;
	assert_true(msc_find_interface(usbfix_storage_config, sizeof usbfix_storage_config, &f));
	assert_int_equal(f.ep_in, 0x81);
	assert_int_equal(f.ep_out, 0x02);
	assert_int_equal(f.mps_in, 512);
	memcpy(hid, usbfix_storage_config, sizeof hid);
	hid[9 + 7] = 0x62;                              /* UAS, not Bulk-Only */
	assert_false(msc_find_interface(hid, sizeof hid, &f));
	assert_false(msc_find_interface(usbfix_storage_config, 25, &f));       /* the OUT endpoint cut off */
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test_setup(a_cbw_has_its_signature_tag_length_direction_and_cdb, reset),
	cmocka_unit_test_setup(a_csw_is_checked_for_length_signature_tag_and_status, reset),
	cmocka_unit_test_setup(sense_capacity_and_write_protect_are_read, reset),
	cmocka_unit_test_setup(the_configuration_walk_finds_the_bulk_pipes, reset),
	cmocka_unit_test_setup(a_plugged_stick_is_a_disk_with_its_name_size_and_flags, reset),
	cmocka_unit_test_setup(sectors_are_read_and_written_through_bot, reset),
	cmocka_unit_test_setup(a_stall_clears_the_halt_and_the_sense_is_logged, reset),
	cmocka_unit_test_setup(a_bad_csw_or_phase_error_gives_reset_recovery, reset),
	cmocka_unit_test_setup(a_short_data_stage_is_an_error, reset),
	cmocka_unit_test_setup(a_timeout_is_a_bounded_return_and_a_log_line, reset),
	cmocka_unit_test_setup(an_unplugged_stick_is_gone, reset),
};

int main(int argc, char **argv)
{
	if (testmain_filter("usbmsc", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("usbmsc", tests, NULL, NULL);
}
