/* sessiondrawfix.h: a session drawn into a frame and rasterised, and finding its text and images (test_session_draw*.c). */
#ifndef TESTS_UNIT_SESSIONDRAWFIX_H
#define TESTS_UNIT_SESSIONDRAWFIX_H

#include "hud.h"
#include "sessionfix.h"

#include "assets.h"
#include "ctlmenu.h"
#include "episode.h"
#include "frame.h"
#include "gfx.h"
#include "raster.h"
#include "render.h"
#include "world.h"

static Frame frame;
static uint8_t fb[SCREEN_W * SCREEN_H];

static inline void draw(void)
{
	session_draw(&s, &frame);
	assert_int_equal(frame.dropped, 0);
	memset(fb, 0xEE, sizeof fb);
	raster_frame(&frame, fb);
}

/* The text command with exactly this string, or NULL. */
static inline const DrawCmd *find_text(const char *text)
{
	for (int i = 0; i < frame.count; i++)
		if (frame.cmds[i].kind == DRAW_TEXT && strcmp(&frame.text[frame.cmds[i].id], text) == 0)
			return &frame.cmds[i];
	return NULL;
}

static inline const DrawCmd *find_image(int image)
{
	for (int i = 0; i < frame.count; i++)
		if (frame.cmds[i].kind == DRAW_IMAGE && frame.cmds[i].id == image)
			return &frame.cmds[i];
	return NULL;
}

static inline int px(int x, int y)
{
	return fb[y * SCREEN_W + x];
}

/* Every mode's picture fits a frame and covers the whole screen (world modes: down to the status bar). */

#endif
