/* test_savemk.c: the folder SHARDFALL created once on a FAT32 copy of the image without one (kernel/save/savemk.c through save_open): its files as mksave.py makes them, nothing else touched, and every power-cut point with what fsck.fat -n says, and the volume exactly consistent after the next boot. */
#include "testmain.h"

#include <sys/wait.h>
#include <unistd.h>

#include "blockdev.h"
#include "save.h"
#include "savefmt.h"
#include "savemk.h"
#include "saveio.h"
#include "saverec.h"

/* build/save/ (Makefile): stick-nofolder.img by `tools/mksave.py stick`, folder/ by `mksave.py folder`. */
#ifndef SAVE_DISKS
#define SAVE_DISKS "build/save"
#endif
#define ID              "0123456789abcdef"
#define STICK_SECTORS   70000           /* mksave.py stick_volume: FAT32, one sector a cluster */
#define FSINFO          1
#define FAT_START       32
#define FAT_SECTORS     539
#define DATA_START      (FAT_START + 2 * FAT_SECTORS)
#define SPC             1
#define CLUSTERS        ((STICK_SECTORS - DATA_START) / SPC)
#define FAT_BAD         0x0FFFFFF7
#define WALK_DIRS       64              /* the most directories the checker walks (the fixture has a few) */

static uint8_t *disk, *original;
static BlockDev dev;
static char logbuf[8192];
static uint32_t stopped_at, clock_us;

/* --- the platform and a one-disk block-device table, as the kernel has them --- */
void klog(const char *fmt, ...)
{
	va_list ap;
	size_t n = strlen(logbuf);

	va_start(ap, fmt);
	if (n < sizeof logbuf)
		vsnprintf(logbuf + n, sizeof logbuf - n, fmt, ap);
	va_end(ap);
}

uint32_t save_now_us(void) { return clock_us += 7143; }
void save_stop(uint32_t n) { stopped_at = n; }
int blockdev_count(void) { return 1; }
BlockDev *blockdev_at(int i) { return i == 0 ? &dev : NULL; }
const char *blockdev_err_name(BlockErr e) { return e == BLK_OK ? "ok" : "error"; }

BlockErr blockdev_read(BlockDev *d, uint64_t lba, uint32_t count, void *buf)
{
	if (count == 0 || lba >= d->sectors || count > d->sectors - lba)
		return BLK_RANGE;
	memcpy(buf, disk + lba * 512, (size_t)count * 512);
	return BLK_OK;
}

BlockErr blockdev_write(BlockDev *d, uint64_t lba, uint32_t count, const void *buf)
{
	if (count == 0 || lba >= d->sectors || count > d->sectors - lba)
		return BLK_RANGE;
	if (d->read_only)
		return BLK_WRITE_PROTECTED;
	memcpy(disk + lba * 512, buf, (size_t)count * 512);
	return BLK_OK;
}

BlockErr blockdev_flush(BlockDev *d)
{
	(void)d;
	return BLK_OK;
}

static void load(const char *name, uint8_t *into, size_t size)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", SAVE_DISKS, name);
	f = fopen(path, "rb");
	if (!f || fread(into, 1, size, f) != size) {
		fprintf(stderr, "cannot read %zu bytes of %s (made by the Makefile: tools/mksave.py)\n", size, path);
		exit(1);
	}
	fclose(f);
}

static void boot(void)
{
	dev = (BlockDev){ .kind = "usb", .name = "RAM stick", .sectors = STICK_SECTORS, .sector_size = 512,
	                  .removable = true };
	logbuf[0] = '\0';
	stopped_at = 0;
	saveio_reset();
	saveio_powercut(0, 0);
}

static void fresh(void)
{
	if (!disk) {
		disk = malloc(STICK_SECTORS * 512);
		original = malloc(STICK_SECTORS * 512);
		load("stick-nofolder.img", original, STICK_SECTORS * 512);
	}
	memcpy(disk, original, STICK_SECTORS * 512);
	boot();
}

/* fsck.fat -n on the disk as it is: its exit status, its output in out. */
static int fsck(char *out, size_t cap)
{
	char path[] = "/tmp/test-savemk-XXXXXX", cmd[256];
	int fd = mkstemp(path), st;
	FILE *p;
	size_t n = 0;

	assert_true(fd >= 0);
	assert_int_equal(write(fd, disk, STICK_SECTORS * 512), STICK_SECTORS * 512);
	close(fd);
	snprintf(cmd, sizeof cmd, "fsck.fat -n %s 2>&1", path);
	p = popen(cmd, "r");
	assert_non_null(p);
	n = fread(out, 1, cap - 1, p);
	out[n] = '\0';
	st = pclose(p);
	unlink(path);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static bool logged(const char *s)
{
	return strstr(logbuf, s) != NULL;
}

static void file_equals_mksave(uint64_t lba, uint32_t bytes, const char *name)
{
	uint8_t want[8704];
	char path[64];

	snprintf(path, sizeof path, "folder/%s", name);
	assert_true(bytes <= sizeof want);
	load(path, want, bytes);
	assert_row(memcmp(disk + lba * 512, want, bytes) == 0, "%s differs from mksave.py's", name);
}

static bool rd(void *ctx, uint64_t lba, uint8_t *sec)
{
	(void)ctx;
	if (lba >= STICK_SECTORS)
		return false;
	memcpy(sec, disk + lba * 512, 512);
	return true;
}

/* The sectors creation changed, outside FSInfo and the two FATs: the root's sector and one run of clusters. */
static void changed_only_the_root_and_one_run(void)
{
	uint64_t lo = STICK_SECTORS, hi = 0;
	int root = 0;

	for (uint64_t s = 0; s < STICK_SECTORS; s++) {
		if (!memcmp(disk + s * 512, original + s * 512, 512) || s == FSINFO || (s >= FAT_START && s < DATA_START))
			continue;
		if (s == DATA_START) {          /* the root directory: cluster 2 */
			root++;
			continue;
		}
		lo = s < lo ? s : lo;
		hi = s > hi ? s : hi;
	}
	assert_int_equal(root, 1);
	assert_true(hi >= lo && hi - lo < 1 + 2 + 17 + 4 + 8);    /* the folder's cluster and the four files' */
}

static uint32_t fat_entry(int copy, uint32_t c)
{
	const uint8_t *p = disk + (uint64_t)(FAT_START + copy * FAT_SECTORS) * 512 + c * 4;

	return (uint32_t)(p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24) & 0x0FFFFFFF;
}

/* A chain from first marked in owned (each cluster once, valid, ending in end of chain); false when not so. */
static bool mark_chain(uint8_t *owned, uint32_t first, uint32_t *len)
{
	uint32_t c = first;

	for (*len = 0; *len < CLUSTERS; (*len)++) {
		uint32_t next;

		if (c < 2 || c - 2 >= CLUSTERS || owned[c - 2])
			return false;
		owned[c - 2] = 1;
		next = fat_entry(0, c);
		if (next >= 0x0FFFFFF8) {
			(*len)++;
			return true;
		}
		c = next;
	}
	return false;
}

/*
 * The volume exactly consistent, as a FAT checker sees it: both FATs equal,
 * every chain reached from the root (directories walked, files followed)
 * whole and owned once, and no cluster allocated that no chain reaches.
 */
static void volume_consistent(const char *when)
{
	static uint8_t owned[CLUSTERS];
	uint32_t dirs[WALK_DIRS], ndirs = 1, len;

	assert_row(!memcmp(disk + FAT_START * 512, disk + (FAT_START + FAT_SECTORS) * 512, FAT_SECTORS * 512),
	           "%s: the FATs differ", when);
	memset(owned, 0, sizeof owned);
	dirs[0] = 2;
	for (uint32_t d = 0; d < ndirs; d++) {
		uint32_t c = dirs[d];

		assert_row(mark_chain(owned, c, &len), "%s: directory at %u: its chain is broken", when, c);
		for (uint32_t k = 0; k < len; k++, c = fat_entry(0, c)) {
			const uint8_t *sec = disk + (uint64_t)(DATA_START + (c - 2) * SPC) * 512;

			for (int i = 0; i < 16 * SPC && sec[32 * i]; i++) {
				const uint8_t *e = sec + 32 * i;
				uint32_t first = (uint32_t)(e[26] | e[27] << 8 | e[20] << 16 | e[21] << 24), n;

				if (e[0] == 0xE5 || (e[11] & 0x3F) == 0x0F || (e[11] & 0x08) || e[0] == '.' || first == 0)
					continue;
				if (e[11] & 0x10) {
					assert_row(ndirs < WALK_DIRS, "%s: more than %d directories", when, WALK_DIRS);
					dirs[ndirs++] = first;
				} else {
					assert_row(mark_chain(owned, first, &n), "%s: %.11s: its chain is broken", when, e);
				}
			}
		}
	}
	for (uint32_t c = 2; c < 2 + CLUSTERS; c++) {
		uint32_t v = fat_entry(0, c);

		assert_row((v != 0 && v != FAT_BAD) == (owned[c - 2] != 0), "%s: cluster %u is %s", when, c,
		           owned[c - 2] ? "used but free in the FAT" : "allocated to nothing");
	}
}

static uint32_t creation_writes;

static void creates_the_folder_once_as_mksave_makes_it(void **state)
{
	SaveStatus st;
	SaveArea a;
	char out[4096];
	uint8_t p[100], got[100];
	size_t len;

	(void)state;
	fresh();
	assert_true(save_open(ID, &st));
	assert_true(logged("save: created the folder SHARDFALL on RAM stick in "));
	assert_true(logged("save: RAM stick, no partition table, folder SHARDFALL, 0 valid records, newest seq=0\n"));
	assert_true(st.on && st.folder);
	creation_writes = saveio_writes();
	/* Its files, found by the reader, are byte for byte what mksave.py puts in the ISO's /SHARDFALL. */
	assert_int_equal(savepart_find(rd, NULL, STICK_SECTORS, &a), FIND_OK);
	assert_true(a.folder);
	assert_int_equal(a.partition, 0);
	for (int k = 0; k < SAVE_FILES; k++)
		file_equals_mksave(a.file[k].lba, a.file[k].bytes, save_file_names[k]);
	assert_int_equal(fsck(out, sizeof out), 0);
	assert_row(strstr(out, "Free cluster summary") == NULL, "FSInfo not put right: %s", out);
	changed_only_the_root_and_one_run();
	/* the next boot finds it and creates nothing; a save works and loads */
	boot();
	assert_true(save_open(ID, &st));
	assert_false(logged("created"));
	memset(p, 7, sizeof p);
	assert_true(save_write(p, sizeof p, "settings"));
	assert_true(save_load(got, sizeof got, &len) && len == sizeof p && !memcmp(got, p, sizeof p));
	assert_int_equal(fsck(out, sizeof out), 0);
	print_message("creation: %u sector writes\n", (unsigned)creation_writes);
}

static void without_our_grub_cfg_nothing_is_created(void **state)
{
	SaveStatus st;

	(void)state;
	fresh();
	assert_false(save_open("fedcba9876543210", &st));      /* another build's stick */
	assert_false(logged("created"));
	assert_int_equal(memcmp(disk, original, STICK_SECTORS * 512), 0);
	fresh();
	dev.read_only = true;
	assert_false(save_open(ID, &st));
	assert_string_equal(st.why, "the stick is write-protected");
}

static void a_full_stick_has_no_room(void **state)
{
	static uint8_t full[STICK_SECTORS * 512];
	SaveStatus st;

	(void)state;
	fresh();
	/* every 20th cluster after the fixture's own (2..5) marked bad in both FATs: no run of 33 free clusters */
	for (uint32_t copy = 0; copy < 2; copy++) {
		uint8_t *fat = disk + (FAT_START + copy * FAT_SECTORS) * 512;

		for (uint32_t c = 6; c < 68890 + 2; c += 20)
			fat[c * 4] = 0xF7, fat[c * 4 + 1] = 0xFF, fat[c * 4 + 2] = 0xFF, fat[c * 4 + 3] = 0x0F;
	}
	memcpy(full, disk, STICK_SECTORS * 512);
	assert_false(save_open(ID, &st));
	assert_string_equal(st.why, "no room on the stick");
	assert_true(logged("save: the folder SHARDFALL not created on RAM stick: no room on the stick\n"));
	assert_int_equal(memcmp(disk, full, STICK_SECTORS * 512), 0);
}

/*
 * The power cut after each sector write of the creation, and torn at each:
 * the stick stays readable (fsck.fat -n exits 0, or, only between the first
 * FAT write and the commit, names a FAT copy that differs or clusters no
 * file uses: the run allocated, not yet linked); the next boot undoes that
 * half-made folder (its intent record in the root), creates the folder and
 * saves, and leaves the volume exactly consistent (fsck.fat -n exits 0).
 * Prints what fsck said per cut.
 */
static void every_cut_point_of_the_creation(void **state)
{
	char out[4096], first[200], when[64];
	uint32_t points = 0, undone = 0;

	(void)state;
	assert_true(creation_writes > 4);
	for (int tear = 0; tear < 2; tear++) {
		for (uint32_t n = 1; n <= creation_writes; n++) {
			SaveStatus st;
			uint8_t p[40] = { 1, 2, 3 };
			int rc;
			char *nl;

			fresh();
			saveio_powercut(tear ? 0 : n, tear ? n : 0);
			assert_false(save_open(ID, &st));
			assert_int_equal(stopped_at, n);
			rc = fsck(out, sizeof out);
			nl = strchr(out, '\n');
			snprintf(first, sizeof first, "%.190s", nl ? nl + 1 : out);
			for (char *c = first; *c; c++)
				if (*c == '\n')
					*c = ' ';
			assert_row(rc == 0 || (rc == 1 && (strstr(out, "FATs differ") || strstr(out, "Reclaimed"))),
			           "cut %u%s: fsck.fat -n exit %d: %s", n, tear ? " torn" : "", rc, out);
			print_message("cut %u%s: fsck.fat -n exit %d: %s\n", n, tear ? " torn" : "", rc, first);
			boot();
			assert_row(save_open(ID, &st) && st.folder, "cut %u: the next boot has no folder: %s", n, logbuf);
			assert_row(rc == 0 || logged("save: undid the half-made folder of a power cut at clusters "),
			           "cut %u%s: the FATs' half-made run not undone: %s", n, tear ? " torn" : "", logbuf);
			assert_row(!logged("left alone") && !logged("refused"), "cut %u: %s", n, logbuf);
			undone += logged("save: undid the half-made folder") ? 1 : 0;
			assert_true(save_write(p, sizeof p, "settings"));
			snprintf(when, sizeof when, "cut %u%s, next boot", n, tear ? " torn" : "");
			volume_consistent(when);
			rc = fsck(out, sizeof out);
			assert_row(rc == 0, "%s: fsck.fat -n exit %d: %s", when, rc, out);
			points++;
		}
	}
	assert_int_equal(points, 2 * creation_writes);
	assert_true(undone >= 4);               /* at least after each FAT write, cut and torn */
	print_message("%u cut and tear points: each consistent after the next boot; %u half-made folders undone\n",
	              (unsigned)points, (unsigned)undone);
}

/* The plan line's numbers: the run's first cluster and the write number of the last FAT write. */
static void plan_of_log(uint32_t *first, uint32_t *last_fat)
{
	unsigned count, at, fsinfo, data, intent, fat;
	const char *l = strstr(logbuf, "save: creating ");

	assert_non_null(l);
	assert_int_equal(sscanf(l, "save: creating %u clusters at %u: writes fsinfo=%u data=%u intent=%u fat=%u", &count,
	                        &at, &fsinfo, &data, &intent, &fat), 6);
	*first = at;
	*last_fat = fsinfo + data + intent + fat;
}

static void set_fat(uint32_t c, uint32_t v)
{
	for (int copy = 0; copy < 2; copy++) {
		uint8_t *p = disk + (uint64_t)(FAT_START + copy * FAT_SECTORS) * 512 + c * 4;

		p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
	}
}

/* A root entry for a file of another OS at the root's end marker (cluster 2's sector; the next entry stays the end). */
static void root_file(uint32_t first, uint32_t bytes)
{
	uint8_t *root = disk + DATA_START * 512;

	for (int i = 0; i < 15; i++) {
		uint8_t *e = root + 32 * i;

		if (e[0] != 0)
			continue;
		assert_int_equal(e[32], 0);
		memset(e, 0, 32);
		memcpy(e, "OTHER   DAT", 11);
		e[11] = 0x20;
		e[26] = (uint8_t)first, e[27] = (uint8_t)(first >> 8), e[20] = (uint8_t)(first >> 16), e[21] = (uint8_t)(first >> 24);
		e[28] = (uint8_t)bytes, e[29] = (uint8_t)(bytes >> 8), e[30] = (uint8_t)(bytes >> 16);
		return;
	}
	fail_msg("no free root entry");
}

/*
 * After a cut that left the run allocated in both FATs, the stick is used on
 * a PC before the next boot. What that PC did to the run decides: a disk
 * check that freed it (the next boot clears the intent record and creates
 * the folder), or a file of its own in part of the run, with the creation's
 * very chain values (only the data tells it apart) or with other ones. Then
 * the next boot touches nothing of the run, says why, and creates the folder
 * in other clusters; the volume stays consistent.
 */
static void a_run_reused_by_another_os_is_left_untouched(void **state)
{
	static const struct {
		const char *what;
		uint32_t from, to;              /* the OS's file: clusters first+from..first+to, 0..0 none */
		bool same_chain;                /* its chain ends where SAVE.DAT's does (the creation's values) */
		const char *log;
	} rows[] = {
		{ "a disk check freed the run", 0, 0, false, "save: undid the half-made folder of a power cut at clusters " },
		{ "a file in SAVE.DAT's clusters, the same chain", 3, 19, true, "its clusters hold other data" },
		{ "a file over the folder's cluster and README's", 0, 2, false, "a FAT gives its clusters to something else" },
	};
	static uint8_t before[STICK_SECTORS * 512];

	(void)state;
	for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
		SaveStatus st;
		SaveArea a;
		uint32_t first, last_fat, c0, c1;
		char out[4096];

		fresh();
		assert_true(save_open(ID, &st));
		plan_of_log(&first, &last_fat);
		fresh();
		saveio_powercut(last_fat, 0);
		assert_false(save_open(ID, &st));
		for (uint32_t c = first; c < first + 32; c++)
			set_fat(c, 0);          /* the PC's disk check: the unlinked run freed */
		if (rows[r].to) {
			c0 = first + rows[r].from, c1 = first + rows[r].to;
			for (uint32_t c = c0; c <= c1; c++)
				set_fat(c, c < c1 ? c + 1 : 0x0FFFFFFF);
			memset(disk + (uint64_t)(DATA_START + (c0 - 2) * SPC) * 512, 0x5A, (c1 - c0 + 1) * SPC * 512);
			root_file(c0, (c1 - c0 + 1) * SPC * 512);
		}
		assert_row(fsck(out, sizeof out) == 0, "%s: the PC left a stick fsck does not pass: %s", rows[r].what, out);
		memcpy(before, disk, sizeof before);
		boot();
		assert_row(save_open(ID, &st) && st.folder, "%s: %s", rows[r].what, logbuf);
		assert_row(logged(rows[r].log), "%s: %s", rows[r].what, logbuf);
		if (rows[r].to) {
			for (uint32_t c = c0; c <= c1; c++)
				assert_row(fat_entry(0, c) == (c < c1 ? c + 1 : 0x0FFFFFFF) &&
				           !memcmp(disk + (uint64_t)(DATA_START + (c - 2) * SPC) * 512,
				                   before + (uint64_t)(DATA_START + (c - 2) * SPC) * 512, SPC * 512),
				           "%s: the PC's cluster %u changed", rows[r].what, c);
			assert_int_equal(savepart_find(rd, NULL, STICK_SECTORS, &a), FIND_OK);
			for (int k = 0; k < SAVE_FILES; k++) {
				uint64_t lo = DATA_START + (uint64_t)(c0 - 2) * SPC, hi = DATA_START + (uint64_t)(c1 - 1) * SPC;

				assert_row(a.file[k].lba + a.file[k].sectors <= lo || a.file[k].lba >= hi,
				           "%s: %s made in the PC's clusters", rows[r].what, save_file_names[k]);
			}
		}
		volume_consistent(rows[r].what);
		assert_row(fsck(out, sizeof out) == 0, "%s, next boot: %s", rows[r].what, out);
		/* the intent left alone is found again at each boot, and again changes nothing */
		memcpy(before, disk, sizeof before);
		boot();
		assert_true(save_open(ID, &st));
		assert_row(!memcmp(before, disk, sizeof before), "%s: a later boot wrote", rows[r].what);
	}
}

/* Removes SCORES.TXT from the folder as a file manager would: its entry deleted, its clusters freed in both FATs and FSInfo. */
static void remove_scores(void)
{
	SaveArea a;
	uint64_t dir;
	uint32_t c0;

	assert_int_equal(savepart_find(rd, NULL, STICK_SECTORS, &a), FIND_OK);
	dir = a.file[SAVE_README].lba - SPC;            /* the folder's cluster comes first in the run */
	c0 = (uint32_t)((a.file[SAVE_SCORES].lba - DATA_START) / SPC + 2);
	for (int i = 0; i < 16; i++)
		if (!memcmp(disk + dir * 512 + 32 * i, "SCORES  TXT", 11))
			disk[dir * 512 + 32 * i] = 0xE5;
	for (uint32_t copy = 0; copy < 2; copy++)
		for (uint32_t c = c0; c < c0 + 4; c++)
			memset(disk + (FAT_START + copy * FAT_SECTORS) * 512 + c * 4, 0, 4);
	disk[FSINFO * 512 + 488] += 4;          /* FSInfo's free count (its low byte: no carry here) */
}

static void a_missing_file_is_made_in_the_folder(void **state)
{
	SaveStatus st;
	SaveArea a;
	char out[4096];
	uint8_t p[64] = { 9, 8, 7 }, got[64];
	size_t len;
	uint32_t n;

	(void)state;
	fresh();
	assert_true(save_open(ID, &st));
	assert_true(save_write(p, sizeof p, "settings"));
	remove_scores();
	assert_row(fsck(out, sizeof out) == 0, "after the removal: %s", out);
	boot();
	assert_true(save_open(ID, &st));
	assert_true(logged("save: created the missing files of SHARDFALL on RAM stick in "));
	assert_true(st.folder && st.valid_records == 1);
	assert_true(save_load(got, sizeof got, &len) && len == sizeof p && !memcmp(got, p, sizeof p));
	assert_int_equal(savepart_find(rd, NULL, STICK_SECTORS, &a), FIND_OK);
	file_equals_mksave(a.file[SAVE_SCORES].lba, a.file[SAVE_SCORES].bytes, "SCORES.TXT");
	assert_int_equal(fsck(out, sizeof out), 0);
	/* cut after each of its writes: the stick readable, the next boot makes it and loads the record */
	for (n = 1; n <= 16; n++) {
		int rc;

		fresh();
		assert_true(save_open(ID, &st));
		assert_true(save_write(p, sizeof p, "settings"));
		remove_scores();
		boot();
		saveio_powercut(n, 0);
		if (save_open(ID, &st) && stopped_at == 0)
			break;                  /* fewer writes than n: every cut point done */
		assert_int_equal(stopped_at, n);
		rc = fsck(out, sizeof out);
		assert_row(rc == 0 || strstr(out, "Reclaimed") || strstr(out, "FATs differ"), "cut %u: %s", n, out);
		boot();
		assert_row(save_open(ID, &st) && save_load(got, sizeof got, &len) && len == sizeof p, "cut %u: %s", n,
		           logbuf);
	}
	assert_int_equal(n, 10);                /* FSInfo, 4 sectors of SCORES.TXT, 2 FATs, the folder's sector, FSInfo */
}

static void a_file_in_pieces_leaves_the_folder_alone(void **state)
{
	SaveStatus st;
	SaveArea a;
	uint32_t c0;
	static uint8_t before[STICK_SECTORS * 512];

	(void)state;
	fresh();
	assert_true(save_open(ID, &st));
	assert_int_equal(savepart_find(rd, NULL, STICK_SECTORS, &a), FIND_OK);
	c0 = (uint32_t)((a.file[SAVE_CRASH].lba - DATA_START) / SPC + 2);
	disk[FAT_START * 512 + c0 * 4] = (uint8_t)(c0 + 5);       /* its second cluster is no longer the next one */
	memcpy(before, disk, sizeof before);
	boot();
	assert_false(save_open(ID, &st));
	assert_string_equal(st.why, "the folder SHARDFALL is incomplete");
	assert_int_equal(memcmp(disk, before, sizeof before), 0);
}

/* The folder's long-name entry in the root (cluster 2, the fixture's root: one sector a cluster). */
static uint8_t *folder_lfn(void)
{
	for (int i = 0; i < 16; i++)
		if (disk[DATA_START * 512 + 32 * i + 11] == 0x0F)
			return disk + DATA_START * 512 + 32 * i;
	fail_msg("no long-name entry in the root");
	return NULL;
}

static void the_folder_is_found_by_its_whole_long_name(void **state)
{
	SaveStatus st;
	SaveArea a;
	uint8_t *e;

	(void)state;
	fresh();
	assert_true(save_open(ID, &st));
	e = folder_lfn();
	e[1] = 's', e[3] = 'h';                 /* "shARDFALL": the name in any case */
	assert_int_equal(savepart_find(rd, NULL, STICK_SECTORS, &a), FIND_OK);
	assert_true(a.folder);
	e[13] ^= 1;                             /* the checksum no longer that of the short entry after it */
	assert_int_equal(savepart_find(rd, NULL, STICK_SECTORS, &a), FIND_NONE);
	assert_true(a.boot_cfg.sectors > 0 && a.boot_folder == 0);     /* our stick, without a folder */
	e[13] ^= 1;
	e[22] = 'X';                            /* "SHARDFALLX": the tenth character where the name ends */
	assert_int_equal(savepart_find(rd, NULL, STICK_SECTORS, &a), FIND_NONE);
	e[22] = 0;
	e[0] = 0x42;                            /* a name of two pieces: not ours */
	assert_int_equal(savepart_find(rd, NULL, STICK_SECTORS, &a), FIND_NONE);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(creates_the_folder_once_as_mksave_makes_it),
	cmocka_unit_test(without_our_grub_cfg_nothing_is_created),
	cmocka_unit_test(a_full_stick_has_no_room),
	cmocka_unit_test(every_cut_point_of_the_creation),
	cmocka_unit_test(a_run_reused_by_another_os_is_left_untouched),
	cmocka_unit_test(a_missing_file_is_made_in_the_folder),
	cmocka_unit_test(a_file_in_pieces_leaves_the_folder_alone),
	cmocka_unit_test(the_folder_is_found_by_its_whole_long_name),
};

int main(int argc, char **argv)
{
	if (testmain_filter("savemk", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("savemk", tests, NULL, NULL);
}
