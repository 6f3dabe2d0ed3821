/* demoframes.h: a built-in demo played frame by frame and drawn as the kernel shows it (view with DEMO label, status bar). */
#ifndef TESTS_UNIT_DEMOFRAMES_H
#define TESTS_UNIT_DEMOFRAMES_H

#include <stdbool.h>
#include <stdint.h>

#include "testmain.h"

#include "demo.h"
#include "frame.h"
#include "hud.h"
#include "level.h"
#include "play.h"
#include "render.h"
#include "session.h"
#include "world.h"

typedef struct DemoFrames {
	DemoPlayer p;
	World *w;
	Frame *view, *status;
	uint32_t t;                     /* the tick the frames show (0: the level as loaded) */
	bool started;
} DemoFrames;

/* Demo d (game_demos[d]) loaded into w as the session loads it; demoframes_next draws its first frame. */
static inline void demoframes_open(DemoFrames *df, uint32_t d, World *w, Frame *view, Frame *status)
{
	char err[DEMO_ERR_SIZE > LEVEL_ERR_SIZE ? DEMO_ERR_SIZE : LEVEL_ERR_SIZE];
	const LevelBlob *lb;

	*df = (DemoFrames){ .w = w, .view = view, .status = status };
	assert_true(demo_open(&df->p, game_demos[d].data, game_demos[d].len, err, sizeof err));
	lb = level_find(df->p.h.level);
	assert_non_null(lb);
	assert_true(world_load_level(w, lb->data, lb->len, df->p.h.seed, err, sizeof err));
	demo_apply_start(&df->p.h, w);
}

/* The next tick (none before the first frame) drawn into view and status; false past the demo's last tick. */
static inline bool demoframes_next(DemoFrames *df)
{
	GameInput in;

	if (df->started) {
		if (df->t >= df->p.h.ticks)
			return false;
		demo_next(&df->p, &in);
		world_tick(df->w, &in);
		df->t++;
	}
	df->started = true;
	render_view(df->w, df->view);
	session_draw_demo_label(df->view);
	render_status(df->w, df->status);
	return true;
}

#endif
