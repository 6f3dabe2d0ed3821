/* test_ata.c: legacy IDE (drivers/storage/ata.c) on a simulated channel — register sequences, LBA28/48, ATAPI, timeouts — and AHCI's command FIS. */
#include "testmain.h"

#include "blockdev.c"
#include "ata.c"
#include "ahci.c"

/* The simulated primary channel: a master disk (or ATAPI drive), no slave; every port access through sim_in/sim_out. */
#define CMD     ATA_PRIMARY_CMD
#define CTL     ATA_PRIMARY_CTL

static struct {
	uint64_t sectors;
	bool atapi, lba48, hung, present;
	uint8_t *disk;
	uint8_t dev, status, command, err;
	uint8_t reg[8], hob[8];         /* LBA48: the previous byte of COUNT..LBA2 */
	uint16_t data[256];
	int data_at, data_len;
	bool writing;
	uint64_t lba;
	uint32_t count;
	int alt_reads_since_cmd;        /* the 400 ns: alternate-status reads after a command or select */
	int min_alt_before_status;      /* the fewest seen before the first status/data access after one */
	bool counting;
	uint32_t now_ms;
	char commands[256];             /* the command bytes issued, in hex */
} sim;

static uint8_t disk[4096 * 512];
/* Nothing moves on the channel between two asks of a wait: it answers each register access at once. */
static void sim_step(void)
{
}

#include "simplatform.h"    /* drvlog into logbuf, the waits stepping sim.now_ms */

static bool slave(void)
{
	return (sim.dev & DEV_SLAVE) != 0;
}

static void put_id_string(uint16_t *id, int word, const char *s, int words)
{
	char buf[80];

	memset(buf, ' ', sizeof buf);
	memcpy(buf, s, strlen(s));
	for (int i = 0; i < words; i++)
		id[word + i] = (uint16_t)((uint8_t)buf[2 * i] << 8 | (uint8_t)buf[2 * i + 1]);
}

static void execute(uint8_t command)
{
	size_t n = strlen(sim.commands);
	bool ext = command == CMD_READ_EXT || command == CMD_WRITE_EXT;

	snprintf(sim.commands + n, sizeof sim.commands - n, "%02x ", (unsigned)command);
	sim.command = command;
	sim.counting = true;
	sim.alt_reads_since_cmd = 0;
	if (sim.hung) {
		sim.status = ST_BSY;
		return;
	}
	sim.status = 0x40;              /* DRDY */
	sim.data_at = 0;
	sim.data_len = 0;
	if (ext) {
		sim.lba = (uint64_t)sim.reg[REG_LBA0] | (uint64_t)sim.reg[REG_LBA1] << 8 | (uint64_t)sim.reg[REG_LBA2] << 16 |
		    (uint64_t)sim.hob[REG_LBA0] << 24 | (uint64_t)sim.hob[REG_LBA1] << 32 | (uint64_t)sim.hob[REG_LBA2] << 40;
		sim.count = (uint32_t)sim.reg[REG_COUNT] | (uint32_t)sim.hob[REG_COUNT] << 8;
	} else {
		sim.lba = (uint64_t)sim.reg[REG_LBA0] | (uint64_t)sim.reg[REG_LBA1] << 8 | (uint64_t)sim.reg[REG_LBA2] << 16 |
		    (uint64_t)(sim.dev & 0x0F) << 24;
		sim.count = sim.reg[REG_COUNT] ? sim.reg[REG_COUNT] : 256;
	}
	switch (command) {
	case CMD_IDENTIFY:
		if (sim.atapi) {
			sim.status = 0x41;
			sim.reg[REG_LBA1] = ATAPI_SIG1;
			sim.reg[REG_LBA2] = ATAPI_SIG2;
			return;
		}
		/* fall through */
	case CMD_IDENTIFY_PACKET:
		memset(sim.data, 0, sizeof sim.data);
		put_id_string(sim.data, 27, sim.atapi ? "SIM CDROM" : "SIM DISK", 20);
		sim.data[0] = sim.atapi ? 0x8580 : 0x0040;
		sim.data[60] = (uint16_t)(sim.sectors > 0x0FFFFFFF ? 0x0FFFFFFF : sim.sectors);
		sim.data[61] = (uint16_t)((sim.sectors > 0x0FFFFFFF ? 0x0FFFFFFF : sim.sectors) >> 16);
		sim.data[83] = sim.lba48 ? 0x0400 : 0;
		for (int i = 0; i < 4; i++)
			sim.data[100 + i] = (uint16_t)(sim.sectors >> (16 * i));
		sim.data_len = 256;
		sim.status |= ST_DRQ;
		break;
	case CMD_READ:
	case CMD_READ_EXT:
		memcpy(sim.data, disk + (sim.lba % 4096) * 512, 512);
		sim.data_len = 256;
		sim.writing = false;
		sim.status |= ST_DRQ;
		break;
	case CMD_WRITE:
	case CMD_WRITE_EXT:
		sim.data_len = 256;
		sim.writing = true;
		sim.status |= ST_DRQ;
		break;
	default:
		break;
	}
}

static void access_after_command(void)
{
	if (sim.counting) {
		if (sim.alt_reads_since_cmd < sim.min_alt_before_status)
			sim.min_alt_before_status = sim.alt_reads_since_cmd;
		sim.counting = false;
	}
}

uint32_t sim_in(uint16_t port, int bytes)
{
	(void)bytes;
	if (port == CTL) {
		sim.alt_reads_since_cmd++;
		return slave() || !sim.present ? 0 : sim.status;
	}
	if (slave() || !sim.present)
		return port == CMD + REG_STATUS ? 0 : 0;
	access_after_command();
	switch (port - CMD) {
	case REG_DATA: {
		uint16_t v = sim.data_at < sim.data_len ? sim.data[sim.data_at++] : 0;

		if (sim.data_at == sim.data_len)
			sim.status &= (uint8_t)~ST_DRQ;
		return v;
	}
	case REG_ERROR:
		return sim.err;
	case REG_STATUS:
		return sim.status;
	default:
		return sim.reg[port - CMD];
	}
}

void sim_out(uint16_t port, uint32_t v, int bytes)
{
	(void)bytes;
	if (port == CTL || port < CMD || port > CMD + 7)
		return;
	switch (port - CMD) {
	case REG_DEVICE:
		sim.dev = (uint8_t)v;
		sim.counting = true;
		sim.alt_reads_since_cmd = 0;
		return;
	case REG_STATUS:
		if (!slave() && sim.present)
			execute((uint8_t)v);
		return;
	case REG_DATA:
		access_after_command();
		if (sim.writing && sim.data_at < sim.data_len) {
			sim.data[sim.data_at++] = (uint16_t)v;
			if (sim.data_at == sim.data_len) {
				memcpy(disk + (sim.lba % 4096) * 512, sim.data, 512);
				sim.status &= (uint8_t)~ST_DRQ;
			}
		}
		return;
	default:
		sim.hob[port - CMD] = sim.reg[port - CMD];
		sim.reg[port - CMD] = (uint8_t)v;
		return;
	}
}

static const AtaPorts primary = { .cmd = CMD, .ctl = CTL, .channel = 0 };

static int reset(void **state)
{
	(void)state;
	for (int i = blockdev_count() - 1; i >= 0; i--)
		blockdev_unregister(blockdev_at(i));
	drive_count = 0;
	memset(&sim, 0, sizeof sim);
	sim.present = true;
	sim.sectors = 2048;
	sim.min_alt_before_status = 1 << 30;
	for (size_t i = 0; i < sizeof disk; i++)
		disk[i] = (uint8_t)(i * 13);
	logbuf[0] = '\0';
	return 0;
}

static void a_master_disk_is_identified_and_registered(void **state)
{
	BlockDev *b;

	(void)state;
	assert_int_equal(ata_probe_channel(&primary), 1);       /* no slave */
	b = blockdev_at(0);
	assert_string_equal(b->name, "IDE primary master");
	assert_string_equal(b->model, "SIM DISK");
	assert_string_equal(b->kind, "ide");
	assert_int_equal(b->sectors, 2048);
	assert_false(b->read_only);
	assert_string_equal(sim.commands, "ec ");
}

static void an_empty_channel_has_no_drives(void **state)
{
	(void)state;
	sim.present = false;
	assert_int_equal(ata_probe_channel(&primary), 0);
	assert_int_equal(blockdev_count(), 0);
}

static void an_atapi_drive_is_listed_read_only(void **state)
{
	BlockDev *b;

	(void)state;
	sim.atapi = true;
	assert_int_equal(ata_probe_channel(&primary), 1);
	b = blockdev_at(0);
	assert_string_equal(b->kind, "atapi");
	assert_string_equal(b->model, "SIM CDROM");
	assert_true(b->read_only);
	assert_string_equal(sim.commands, "ec a1 ");
}

/* LBA28: READ SECTORS with bits 27:24 in the device register; WRITE SECTORS; FLUSH CACHE. Each after 400 ns. */
static void lba28_reads_writes_and_flushes(void **state)
{
	uint8_t buf[512], back[512];
	BlockDev *b;

	(void)state;
	ata_probe_channel(&primary);
	b = blockdev_at(0);
	assert_int_equal(blockdev_read(b, 1234, 1, buf), BLK_OK);
	assert_int_equal(sim.lba, 1234);
	assert_memory_equal(buf, disk + 1234 * 512, 512);
	for (int i = 0; i < 512; i++)
		buf[i] = (uint8_t)(i ^ 0x3C);
	assert_int_equal(blockdev_write(b, 2047, 1, buf), BLK_OK);
	assert_int_equal(blockdev_flush(b), BLK_OK);
	assert_int_equal(blockdev_read(b, 2047, 1, back), BLK_OK);
	assert_memory_equal(back, buf, 512);
	assert_string_equal(sim.commands, "ec 20 30 e7 20 ");
	assert_true(sim.min_alt_before_status >= 4);    /* every status read came 400 ns after */
}

/* LBA48 (word 83 bit 10): a sector past 2^28 goes by READ SECTORS EXT, the high bytes written first. */
static void lba48_beyond_28_bits(void **state)
{
	uint8_t buf[512];
	BlockDev *b;

	(void)state;
	sim.lba48 = true;
	sim.sectors = 0x200000000ull;
	ata_probe_channel(&primary);
	b = blockdev_at(0);
	assert_int_equal(b->sectors, 0x200000000ull);
	assert_int_equal(blockdev_read(b, 0x123456789ull, 1, buf), BLK_OK);
	assert_int_equal(sim.lba, 0x123456789ull);
	assert_int_equal(sim.count, 1);
	assert_int_equal(blockdev_flush(b), BLK_OK);
	assert_string_equal(sim.commands, "ec 24 ea ");
}

/* A drive that stays busy: a bounded return (BLK_TIMEOUT), one log line, the simulated time about the limit. */
static void a_busy_drive_times_out_bounded_and_logged(void **state)
{
	uint8_t buf[512];
	BlockDev *b;
	uint32_t t0;

	(void)state;
	ata_probe_channel(&primary);
	b = blockdev_at(0);
	sim.hung = true;
	t0 = sim.now_ms;
	assert_int_equal(blockdev_read(b, 5, 1, buf), BLK_TIMEOUT);
	assert_true(sim.now_ms - t0 >= BSY_MS);
	assert_true(sim.now_ms - t0 <= 2 * BSY_MS + 10);
	assert_non_null(strstr(logbuf, "ata: IDE primary master: timeout: status 80"));
}

/* AHCI's Register H2D FIS (SATA 10.5.6): type 27h, C bit, command, LBA 48 bits in 4-6 and 8-10, device 40h, count. */
static void the_ahci_command_fis(void **state)
{
	uint8_t fis[AHCI_FIS_H2D_LEN];
	static const uint8_t want[AHCI_FIS_H2D_LEN] = {
		0x27, 0x80, 0x25, 0x00, 0x56, 0x34, 0x12, 0x40, 0x90, 0x78, 0x00, 0x00, 0x08, 0x00, 0, 0, 0, 0, 0, 0,
	};

	(void)state;
	ahci_fis_h2d(fis, ATA_READ_DMA_EXT, 0x7890123456ull, 8);
	assert_memory_equal(fis, want, sizeof want);
	ahci_fis_h2d(fis, ATA_FLUSH_EXT, 0, 0);
	assert_int_equal(fis[2], 0xEA);
	assert_int_equal(fis[12], 0);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test_setup(a_master_disk_is_identified_and_registered, reset),
	cmocka_unit_test_setup(an_empty_channel_has_no_drives, reset),
	cmocka_unit_test_setup(an_atapi_drive_is_listed_read_only, reset),
	cmocka_unit_test_setup(lba28_reads_writes_and_flushes, reset),
	cmocka_unit_test_setup(lba48_beyond_28_bits, reset),
	cmocka_unit_test_setup(a_busy_drive_times_out_bounded_and_logged, reset),
	cmocka_unit_test_setup(the_ahci_command_fis, reset),
};

int main(int argc, char **argv)
{
	if (testmain_filter("ata", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("ata", tests, NULL, NULL);
}
