/* report.c: Report a problem — the level's input recorded from its first frame, and the replay (with its frame CRC) built from it. */
#include <stdbool.h>
#include <stdint.h>

#include "demo.h"
#include "frame.h"
#include "hud.h"
#include "planar.h"
#include "raster.h"
#include "render.h"
#include "replay.h"
#include "report.h"
#include "world.h"

/*
 * world_load_level seeds the RNG before anything can draw on it, and
 * demo_begin_world seeds it again right after the load, so before the first
 * frame the generator's state is the seed a replay needs (rng_seed keeps
 * any seed but 0 as it is; 0 becomes a state that seeding with it gives too).
 */
void report_rec_begin(ReportRec *r, const char *level, uint32_t level_crc, const World *w, const ReplayMeta *start)
{
	demo_rec_begin(&r->demo, level, level_crc, w->rng.s, w);
	r->start = *start;
	r->active = true;
	r->begun = 0;
	r->in_frame = false;
}

/* Recorded until the recorder is full; the frames after that are only counted. */
void report_rec_frame(ReportRec *r, const GameInput *in)
{
	if (!r->active)
		return;
	demo_rec_add(&r->demo, in);
	r->begun++;
	r->in_frame = true;
}

void report_rec_done(ReportRec *r)
{
	r->in_frame = false;
}

uint32_t report_frame_crc(const World *w, ReportScratch *scr)
{
	render_view(w, &scr->view);
	render_status(w, &scr->status);
	raster_frame(&scr->view, scr->fb);
	raster_frame(&scr->status, scr->fb);
	return planar_frame_crc(scr->fb);
}

bool report_build(ReportRec *r, const World *w, bool panic, ReportScratch *scr, ReplayParts *out)
{
	ReplayMeta m = r->start;
	size_t len;

	if (!r->active)
		return false;
	m.flags = 0;
	m.end_tick = r->begun;
	if (r->demo.h.ticks < r->begun)
		m.flags |= REPLAY_F_INCOMPLETE;
	if (panic)
		m.flags |= REPLAY_F_PANIC;
	if (panic && r->in_frame)
		m.flags |= REPLAY_F_MIDFRAME;
	m.frame_crc = m.flags & REPLAY_F_MIDFRAME ? 0 : report_frame_crc(w, scr);
	len = demo_rec_finish(&r->demo);
	r->last = m;
	replay_build(out, &m, r->demo.bytes, (uint32_t)len);
	return true;
}
