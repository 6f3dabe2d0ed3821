/* render.h: turns the world into frames — the scrolling view every tick, the status bar on change. */
#ifndef GAME_RENDER_H
#define GAME_RENDER_H

#include "controls.h"
#include "frame.h"
#include "world.h"

/*
 * The view: border, map tiles of the 38x18 window (solid by tile copy,
 * masked over the sky), actors in slot order with the player last, then
 * the in-front tiles again over the sprites.
 */
void render_view(const World *w, Frame *f);

/*
 * A sprite in map coordinates: image's bottom row on map row y, left
 * column on map column x, clipped to the view by the caller's DRAW_CLIP
 * (render_view sets it before actors). flags: DRAWF_*; color for
 * DRAWF_SILHOUETTE. Skipped when no part is in the view.
 */
void render_sprite(const World *w, Frame *f, int image, int x, int y, int flags, int color);

/*
 * The status bar below the view: score, health bar, lives, bombs (with an
 * icon) and two lines of key hints from the player's bindings (keys; NULL:
 * the defaults, which render_status shows). It only changes when
 * w->status_version does (the bindings cannot change during a level), so
 * a renderer may skip redrawing a page that already shows that version
 * (seed 004's score box idea).
 */
#define STATUS_HELP_W   28              /* characters a hint line has, left of BOMBS */
void render_status_keys(const World *w, const Controls *keys, Frame *f);
void render_status(const World *w, Frame *f);

#endif
