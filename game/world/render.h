/* render.h: turns the world into frames — the scrolling view every tick, the status bar on change. */
#ifndef GAME_RENDER_H
#define GAME_RENDER_H

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
 * The seeds' sprites, from the draw records their updates leave
 * (render_view calls these in Cosmo's order; tests call them alone).
 */
void render_fountains(const World *w, Frame *f);        /* seed 003: spray and stream */
void render_shards(const World *w, Frame *f);           /* seed 001 */
void render_spawners(const World *w, Frame *f);         /* seed 000 */

/*
 * The status bar below the view: score, health bar, lives, bombs (with an
 * icon) and STATUS_HELP_LINES lines of key hints, worded by the caller
 * (game/shell/hud.c words them from the player's bindings). It only
 * changes when w->status_version does (the bindings cannot change during a
 * level), so a renderer may skip redrawing a page that already shows that
 * version (seed 004's score box idea).
 */
#define STATUS_HELP_LINES 2
#define STATUS_HELP_W   28              /* characters a hint line has, left of BOMBS */
void render_status_bar(const World *w, const char *const help[STATUS_HELP_LINES], Frame *f);

#endif
