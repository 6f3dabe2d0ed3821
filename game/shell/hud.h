/* hud.h: the status bar as the player sees it — the world's fields plus key hints worded from the bindings. */
#ifndef GAME_HUD_H
#define GAME_HUD_H

#include "controls.h"
#include "frame.h"
#include "world.h"

/*
 * The status bar (render_status_bar) with two lines of key hints from
 * `keys`; NULL: the default bindings, which render_status shows.
 */
void render_status_keys(const World *w, const Controls *keys, Frame *f);
void render_status(const World *w, Frame *f);

#endif
