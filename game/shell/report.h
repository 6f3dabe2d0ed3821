/* report.h: Report a problem — every world frame's input kept since the level began, the replay built from it, its frame CRC. */
#ifndef GAME_REPORT_H
#define GAME_REPORT_H

#include <stdbool.h>
#include <stdint.h>

#include "demo.h"
#include "frame.h"
#include "input.h"
#include "replay.h"
#include "world.h"

/*
 * The session's recorder (game/formats/replay.h). Every level played,
 * from the keyboard, a pad or a demo, is recorded from its first frame:
 * report_rec_frame gets each world frame's input just before world_tick
 * consumes it (so a panic inside the frame still has its input), and
 * report_rec_done once the frame is over. The demo recorder's capacity
 * (DEMO_MAX_RUNS run records: at least that many frames, 25 minutes at
 * 10.8 frames a second, far more when keys are held) is never overrun:
 * past it the replay says it is incomplete, never drops its start.
 */
typedef struct ReportRec {
	DemoRecorder demo;
	ReplayMeta start;               /* episode fields and source; ticks and flags are filled in later */
	bool active;                    /* a level has started since boot: the world is its */
	uint32_t begun;                 /* world frames begun since the level started */
	bool in_frame;                  /* inside world_tick (a panic there has no finished picture) */
	ReplayMeta last;                /* what report_build made last */
} ReportRec;

/* Scratch for the frame CRC: the view, the status bar, the rasterised screen. */
typedef struct ReportScratch {
	Frame view, status;
	uint8_t fb[SCREEN_W * SCREEN_H];
} ReportScratch;

/*
 * A level has just been loaded into w (its seed applied, the carried stats
 * set): record it from here. level_crc: demo_level_crc of its file.
 * start: episode_level, bonus, source and the episode's sums.
 */
void report_rec_begin(ReportRec *r, const char *level, uint32_t level_crc, const World *w, const ReplayMeta *start);
void report_rec_frame(ReportRec *r, const GameInput *in);      /* this frame's input, before world_tick */
void report_rec_done(ReportRec *r);                             /* world_tick returned */

/*
 * The CRC of the world's picture: its view and the status bar with the
 * default key hints, rasterised and taken plane by plane
 * (planar_frame_crc) — what build/hostrun prints for a level played
 * without a demo label, and what the kernel's `crcs` option prints in play
 * with the default bindings.
 */
uint32_t report_frame_crc(const World *w, ReportScratch *scr);

/*
 * The replay of the level being played (false: no level since boot).
 * panic: written by the panic (REPLAY_F_PANIC; MIDFRAME if inside a frame,
 * then no CRC is taken). The parts point into r's demo recorder.
 */
bool report_build(ReportRec *r, const World *w, bool panic, ReportScratch *scr, ReplayParts *out);

#endif
