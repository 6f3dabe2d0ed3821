/* save.c: the save service — finds the save area, loads and writes records, rewrites the text files. */
#include <stddef.h>

#include "kfmt.h"
#include "klog.h"
#include "save.h"
#include "savemk.h"
#include "saveio.h"
#include "saverec.h"
#include "savestate.h"

SaveState save_state;
#define S save_state                    /* the service's state (savestate.h), shared with savefile.c */

static SaveBoot boot_medium;            /* save_boot_medium: kept across save_open's reset */

void save_boot_medium(SaveBoot medium)
{
	boot_medium = medium;
}

static void copy(char *dst, const char *src, size_t size)
{
	size_t i = 0;

	for (; src && src[i] && i + 1 < size; i++)
		dst[i] = src[i];
	dst[i] = '\0';
}

static bool rd(void *ctx, uint64_t lba, uint8_t *sector)
{
	return saveio_read(ctx, lba, 1, sector) == BLK_OK;
}

static void off(const char *why)
{
	S.st.on = false;
	copy(S.st.why, why, sizeof S.st.why);
	klog("save: off (%s)\n", S.st.why);
}

bool save_failed(BlockErr e, const char *what)
{
	char why[sizeof S.st.why];

	S.busy = false;
	if (saveio_stopped())
		return false;           /* a power-cut test's stop (host): the machine is gone */
	if (e == BLK_WRITE_PROTECTED)
		copy(why, "the stick is write-protected", sizeof why);
	else if (e == BLK_GONE)
		copy(why, "the stick was removed", sizeof why);
	else
		kfmt_snprintf(why, sizeof why, "%s error on %s", what, S.dev->name);
	off(why);
	return false;
}

static SaveFind try_disk(BlockDev *d, const uint8_t *id, bool *other_image)
{
	SaveArea a = { 0 };
	SaveHeader h;
	SaveFind f;

	saveio_init(&S.io, d);
	f = savepart_find(rd, &S.io, d->sectors, &a);
	if (f == FIND_NONE && a.boot_cfg.sectors && id && !S.mine && savemk_cfg_names_us(&S.io, &a.boot_cfg, S.image_id, S.sec)) {
		S.mine = d;             /* our stick, copied without the folder: save_open creates it */
		S.mine_vol = a.boot_vol;
		S.mine_broken = a.broken_folder;
		S.mine_folder = a.boot_folder;
		S.mine_missing = a.boot_missing;
	}
	if (f != FIND_OK)
		return f;
	if (!rd(&S.io, a.file[SAVE_DAT].lba, S.sec))
		return FIND_READ;
	if (!saverec_header(S.sec, a.file[SAVE_DAT].sectors, &h))
		return FIND_NONE;
	if (id && !save_same(h.id, id, SAVEREC_ID_BYTES)) {
		*other_image = true;
		return FIND_NONE;
	}
	S.area = a;
	S.hdr = h;
	return FIND_OK;
}

/*
 * Our stick (its grub.cfg names this image) holds no folder SHARDFALL: it is
 * created once (savemk.c), then found as any copy's. why: the reason when not.
 */
static void create_folder(const uint8_t *id, char (*why)[sizeof S.st.why])
{
	uint32_t t0 = save_now_us();
	BlockDev *d = S.mine;
	BlockErr e;
	SaveMk r;
	bool other = false;

	if (d->read_only) {
		copy(*why, "the stick is write-protected", sizeof *why);
		return;
	}
	if (S.mine_broken) {
		copy(*why, "the folder SHARDFALL is incomplete", sizeof *why);
		return;
	}
	saveio_init(&S.io, d);
	r = savemk_create(&S.io, &S.mine_vol, S.mine_folder, S.mine_missing, id, &e);
	if (r == MK_WRITE && saveio_stopped())
		return;                 /* a power-cut test's stop (host) */
	if (r == MK_OK) {
		t0 = save_now_us() - t0;
		klog("save: created %s on %s in %u.%u ms\n", S.mine_folder ? "the missing files of SHARDFALL" :
		     "the folder SHARDFALL", d->name, (unsigned)(t0 / 1000), (unsigned)(t0 % 1000 / 100));
		if (try_disk(d, id, &other) == FIND_OK) {
			S.dev = d;
			return;
		}
		kfmt_snprintf(*why, sizeof *why, "read error on %s", d->name);
		return;
	}
	if (r == MK_NO_ROOM)
		copy(*why, "no room on the stick", sizeof *why);
	else if (r == MK_READ)
		kfmt_snprintf(*why, sizeof *why, "read error on %s", d->name);
	else if (r == MK_WRITE && e == BLK_WRITE_PROTECTED)
		copy(*why, "the stick is write-protected", sizeof *why);
	else if (r == MK_WRITE)
		kfmt_snprintf(*why, sizeof *why, "write error on %s", d->name);
	else
		copy(*why, "no save area on this stick", sizeof *why);
	klog("save: the folder SHARDFALL not created on %s: %s\n", d->name, *why);
}

/* A pass of a stepped open that asked for a sector not read yet (saveio.c): thrown away, nothing said. */
static bool pass_missed(void)
{
	if (!saveio_cache_missed())
		return false;
	S = (typeof(S)){ 0 };
	return true;
}

/*
 * A save area made by an older version lacks the optional files (LOG.TXT
 * on): the folder's creation machinery (savemk.c) makes those that fit, in
 * their order, smaller when it must (down to 1/8), in the partition's root
 * or the copy's folder; then the area is read again.
 */
static void make_missing(void)
{
	uint8_t want = S.area.missing & (uint8_t)~((1u << SAVE_FILES_V1) - 1);
	uint8_t id[SAVEREC_ID_BYTES];
	uint32_t t0 = save_now_us();
	bool other = false;
	BlockErr e;
	SaveMk r;

	if (!want || S.dev->read_only)
		return;
	saveio_cache_end();             /* it writes: never on a pass that may be thrown away */
	for (int i = 0; i < SAVEREC_ID_BYTES; i++)
		id[i] = S.hdr.id[i];
	saveio_init(&S.io, S.dev);
	r = savemk_create(&S.io, &S.area.vol, S.area.folder ? S.area.folder_cluster : SAVEMK_ROOT, want, id, &e);
	if (r != MK_OK) {
		klog("save: the files of this version not made on %s: %s\n", S.dev->name,
		     r == MK_NO_ROOM ? "no room" : r == MK_UNSUPPORTED ? "not on this volume" : r == MK_READ ? "read error" :
		     e == BLK_WRITE_PROTECTED ? "write-protected" : "write error");
		return;
	}
	t0 = save_now_us() - t0;
	klog("save: made the files of this version on %s in %u.%u ms\n", S.dev->name, (unsigned)(t0 / 1000),
	     (unsigned)(t0 % 1000 / 100));
	if (try_disk(S.dev, id, &other) != FIND_OK)
		klog("save: the save area on %s not found again after making its files\n", S.dev->name);
}

/* The optional files a save area made by an older build lacks: one COM1 line naming them. */
static void report_missing(void)
{
	char line[160];
	size_t n = 0;

	for (int k = SAVE_FILES_V1; k < SAVE_FILES; k++) {
		if (S.area.file[k].sectors)
			continue;
		n += (size_t)kfmt_snprintf(line + n, sizeof line - n, "%s%s", n ? ", " : "", save_file_names[k]);
		if (n >= sizeof line)
			n = sizeof line - 1;
	}
	if (n)
		klog("save: not on this stick (made by an older version): %s\n", line);
}

bool save_open(const char *image_id, SaveStatus *st)
{
	uint8_t idb[SAVEREC_ID_BYTES];
	const uint8_t *id = NULL;
	bool cd = false, other = false, read_ok;
	BlockDev *read_err = NULL, *wp = NULL;
	char why[sizeof S.st.why], why_mine[sizeof S.st.why] = "";

	S = (typeof(S)){ 0 };
	if (image_id && image_id[0]) {
		if (saverec_parse_id(image_id, idb)) {
			id = idb;
			copy(S.image_id, image_id, sizeof S.image_id);
		}
		else if (saveio_cache_fresh())  /* said once, not again on each pass of a stepped open */
			klog("save: imageid=%s is not 16 hex digits: any save area will do\n", image_id);
	}
	for (int i = 0; i < blockdev_count(); i++) {
		BlockDev *d = blockdev_at(i);
		SaveFind f;

		if (!d || d->gone)
			continue;
		if (d->kind && save_streq(d->kind, "atapi")) {
			cd = true;
			continue;
		}
		if (d->sector_size != SAVE_SECTOR)
			continue;
		f = try_disk(d, id, &other);
		if (f == FIND_READ && !read_err)
			read_err = d;
		if (f != FIND_OK)
			continue;
		if (d->read_only) {
			wp = d;
			continue;
		}
		S.dev = d;
		break;
	}
	if (pass_missed())
		return false;
	if (!S.dev && S.mine && !read_err) {
		saveio_cache_end();             /* it writes: never on a pass that may be thrown away */
		create_folder(id, &why_mine);
	}
	if (!S.dev) {
		if (why_mine[0])
			copy(why, why_mine, sizeof why);
		else if (read_err)
			kfmt_snprintf(why, sizeof why, "read error on %s", read_err->name);
		else
			copy(why, wp ? "the stick is write-protected" :
			     boot_medium == SAVE_BOOT_CD || (cd && boot_medium != SAVE_BOOT_DISK) ? "booted from a CD" :
			     "no save area on this stick", sizeof why);
		S = (typeof(S)){ 0 };
		copy(S.st.why, why, sizeof S.st.why);
		klog("save: none (%s)%s\n", why, other ? "; a save area of another build was passed over" : "");
		if (st)
			*st = S.st;
		return false;
	}
	make_missing();
	saveio_init(&S.io, S.dev);
	/* The guard's extents: the record slots (not SAVE.DAT's header sector), and every file but README.TXT that is there. */
	saveio_allow(&S.io, S.area.file[SAVE_DAT].lba + S.hdr.first_slot, S.hdr.slots * S.hdr.slot_sectors);
	for (int k = SAVE_SCORES; k < SAVE_FILES; k++)
		if (S.area.file[k].sectors)
			saveio_allow(&S.io, S.area.file[k].lba, S.area.file[k].sectors);
	saverec_scan(rd, &S.io, S.area.file[SAVE_DAT].lba, &S.hdr, &S.slots, NULL, 0, NULL);
	read_ok = !S.slots.read_error && rd(&S.io, S.area.file[SAVE_CRASH].lba, S.sec);
	if (pass_missed())
		return false;
	if (!read_ok) {
		kfmt_snprintf(why, sizeof why, "read error on %s", S.dev->name);
		S = (typeof(S)){ 0 };
		copy(S.st.why, why, sizeof S.st.why);
		klog("save: none (%s)\n", why);
		if (st)
			*st = S.st;
		return false;
	}
	S.st.on = true;
	copy(S.st.device, S.dev->name, sizeof S.st.device);
	S.st.partition = S.area.partition;
	S.st.valid_records = S.slots.count;
	S.st.newest_seq = S.slots.newest_seq;
	S.st.crash_pending = save_same(S.sec, (const uint8_t *)SAVE_CRASH_NEW "\n", sizeof SAVE_CRASH_NEW);
	S.st.folder = S.area.folder;
	if (S.area.folder && S.area.partition == 0)
		klog("save: %s, no partition table, folder SHARDFALL, %d valid records, newest seq=%u\n", S.st.device,
		     S.st.valid_records, (unsigned)S.st.newest_seq);
	else
		klog("save: %s, partition %d%s, %d valid records, newest seq=%u\n", S.st.device, S.st.partition,
		     S.area.folder ? ", folder SHARDFALL" : "", S.st.valid_records, (unsigned)S.st.newest_seq);
	report_missing();
	if (st)
		*st = S.st;
	return true;
}

bool save_status(SaveStatus *st)
{
	if (st)
		*st = S.st;
	return S.st.on;
}

bool save_load(uint8_t *payload, size_t cap, size_t *len)
{
	size_t n = 0;

	if (len)
		*len = 0;
	if (!S.st.on)
		return false;
	S.busy = true;
	saverec_scan(rd, &S.io, S.area.file[SAVE_DAT].lba, &S.hdr, &S.slots, S.payload, sizeof S.payload, &n);
	S.busy = false;
	S.st.valid_records = S.slots.count;
	S.st.newest_seq = S.slots.newest_seq;
	if (S.slots.newest < 0 || (n == 0 && S.slots.len[S.slots.newest] != 0))
		return false;
	if (n > cap) {
		klog("save: the newest record (%u bytes) does not fit %u\n", (unsigned)n, (unsigned)cap);
		return false;
	}
	for (size_t i = 0; i < n; i++)
		payload[i] = S.payload[i];
	if (len)
		*len = n;
	return true;
}

bool save_write(const uint8_t *payload, size_t len, const char *what)
{
	uint32_t t0 = save_now_us(), seq, nsec = (uint32_t)((len + SAVE_SECTOR - 1) / SAVE_SECTOR);
	uint64_t at;
	int slot;
	BlockErr e;

	if (!S.st.on)
		return false;
	if (len > saverec_capacity(&S.hdr)) {
		klog("save: %u bytes do not fit a slot of %u\n", (unsigned)len, (unsigned)saverec_capacity(&S.hdr));
		return false;
	}
	slot = saverec_target(&S.hdr, &S.slots);
	if (slot < 0)
		return false;
	S.busy = true;
	seq = S.slots.newest < 0 ? 1 : S.slots.newest_seq + 1;
	at = S.area.file[SAVE_DAT].lba + saverec_slot_sector(&S.hdr, (uint32_t)slot);
	/* Payload first, flushed; the header sector (which makes the record valid) last. */
	for (uint32_t k = 0; k < nsec; k++) {
		for (uint32_t i = 0; i < SAVE_SECTOR; i++)
			S.sec[i] = k * SAVE_SECTOR + i < len ? payload[k * SAVE_SECTOR + i] : 0;
		if ((e = saveio_write(&S.io, at + 1 + k, 1, S.sec)) != BLK_OK)
			return save_failed(e, "write");
	}
	if ((e = saveio_flush(&S.io)) != BLK_OK)
		return save_failed(e, "write");
	saverec_make(S.sec, seq, (uint32_t)slot, payload, (uint32_t)len);
	if ((e = saveio_write(&S.io, at, 1, S.sec)) != BLK_OK || (e = saveio_flush(&S.io)) != BLK_OK)
		return save_failed(e, "write");
	/* Read back and compared, sector by sector. */
	if ((e = saveio_read(&S.io, at, 1, S.back)) != BLK_OK)
		return save_failed(e, "read");
	if (!save_same(S.sec, S.back, SAVE_SECTOR))
		return save_failed(BLK_IO, "write");
	for (uint32_t k = 0; k < nsec; k++) {
		uint32_t part = len - k * SAVE_SECTOR < SAVE_SECTOR ? (uint32_t)len - k * SAVE_SECTOR : SAVE_SECTOR;

		if ((e = saveio_read(&S.io, at + 1 + k, 1, S.back)) != BLK_OK)
			return save_failed(e, "read");
		if (!save_same(payload + k * SAVE_SECTOR, S.back, part))
			return save_failed(BLK_IO, "write");
	}
	if (!S.slots.valid[slot])
		S.slots.count++;
	S.slots.valid[slot] = true;
	S.slots.seq[slot] = seq;
	S.slots.len[slot] = (uint32_t)len;
	S.slots.newest = slot;
	S.slots.newest_seq = seq;
	S.st.valid_records = S.slots.count;
	S.st.newest_seq = seq;
	S.busy = false;
	t0 = save_now_us() - t0;
	klog("save: wrote seq=%u (%s) in %u.%u ms\n", (unsigned)seq, what ? what : "record",
	     (unsigned)(t0 / 1000), (unsigned)(t0 % 1000 / 100));
	return true;
}

bool save_device_present(void)
{
	return S.st.on && S.dev && !S.dev->gone;
}

void save_lost(void)
{
	off("the stick was removed");   /* open (saves_check), or a stepped open's stick gone (saveopen.c) */
}

void save_powercut(uint32_t cut, uint32_t tear)
{
	saveio_powercut(cut, tear);
}

void save_powercut_log(uint32_t cut, uint32_t tear)
{
	saveio_powercut_log(cut, tear);
}
