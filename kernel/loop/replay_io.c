/* replay_io.c: Report a problem's REPLAY.DAT and the panic's CRASHRPL.DAT on the stick, through the save area's file writes. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kfmt.h"
#include "klog.h"
#include "panic.h"
#include "pit.h"
#include "replay.h"
#include "replay_io.h"
#include "report.h"
#include "save.h"
#include "session.h"
#include "watchdog.h"

static Session *session;                /* replay_io_init: the loop's session */
static ReplayParts panic_parts;         /* the panic's replay, built by panic_line, written by panic_save */
static bool panic_have;

/* The three pieces at their offsets (panic: the panic-safe writes, no COM1 lines from the save code). */
static bool write_parts(const char *file, const ReplayParts *p, bool panic)
{
	bool (*write)(const char *, uint32_t, const void *, uint32_t) = panic ? save_file_write_panic : save_file_write;

	return write(file, 0, p->head, REPLAY_HEADER_SIZE) &&
	    write(file, REPLAY_HEADER_SIZE, p->demo, p->demo_len) &&
	    write(file, REPLAY_HEADER_SIZE + p->demo_len, p->tail, REPLAY_CRC_SIZE);
}

/* Room for it first: a stick made before replays has no REPLAY.DAT (mksave.py makes it now). */
static bool fits(const char *file, const ReplayParts *p, char *why, size_t whylen)
{
	uint32_t room = save_file_size(file);

	if (room == 0)
		kfmt_snprintf(why, whylen, "no %s on this stick", file);
	else if (p->size > room)
		kfmt_snprintf(why, whylen, "%u bytes, %s holds %u", (unsigned)p->size, file, (unsigned)room);
	return room != 0 && p->size <= room;
}

bool replay_io_store(void *ctx, const ReplayParts *p, char *why, size_t whylen)
{
	uint32_t t0 = pit_ticks();
	bool ok;

	(void)ctx;
	if (!fits(REPLAY_FILE, p, why, whylen))
		return false;
	watchdog_stop();                /* up to 80 KB, read back: bounded, but it may pass the lockup's 2 s */
	ok = write_parts(REPLAY_FILE, p, false);
	watchdog_start(PIT_TICK_HZ);
	if (!ok) {
		kfmt_snprintf(why, whylen, "the write failed");
		return false;
	}
	klog("replay: wrote %u bytes of %s in %u ms\n", (unsigned)p->size, REPLAY_FILE,
	    (unsigned)((pit_ticks() - t0) * 1000u / PIT_TICK_HZ));
	return true;
}

/*
 * The panic's first step (before its screen): the replay built, its line
 * for COM1 and the screen — "replay: tick=N crc=XXXXXXXX level=NAME", or
 * crc=none when the panic came inside a world frame. False: no level since boot.
 */
static bool panic_line(char *line, size_t size)
{
	const ReplayMeta *m;

	panic_have = session && session_replay(session, true, &panic_parts);
	if (!panic_have)
		return false;
	m = &session->report.last;
	if (m->flags & REPLAY_F_MIDFRAME)
		kfmt_snprintf(line, size, "replay: tick=%u crc=none (inside frame %u) level=%s", (unsigned)m->end_tick,
		    (unsigned)m->end_tick, session->report.demo.h.level);
	else
		kfmt_snprintf(line, size, "replay: tick=%u crc=%08X level=%s%s", (unsigned)m->end_tick,
		    (unsigned)m->frame_crc, session->report.demo.h.level,
		    m->flags & REPLAY_F_INCOMPLETE ? " incomplete" : "");
	return true;
}

/* The panic's last step, after CRASH.TXT: the replay into CRASHRPL.DAT; false (and why) if not. */
static bool panic_save(char *why, size_t whylen)
{
	if (!panic_have || !fits(REPLAY_PANIC_FILE, &panic_parts, why, whylen))
		return false;
	if (!write_parts(REPLAY_PANIC_FILE, &panic_parts, true)) {
		kfmt_snprintf(why, whylen, "the write failed or saves are off");
		return false;
	}
	return true;
}

void replay_io_init(Session *s)
{
	session = s;
	panic_set_replay(panic_line, panic_save);
}

uint32_t replay_io_frame_crc(const World *w)
{
	return report_frame_crc(w, &session->report_scr);
}
