/* play.h: one game frame of a World, and a level file loaded into one. */
#ifndef GAME_PLAY_H
#define GAME_PLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "input.h"
#include "world.h"

void world_tick(World *w, const GameInput *in); /* one game frame (tick.c) */
bool world_load_level(World *w, const uint8_t *data, size_t len, uint32_t seed,
    char *err, size_t errlen);                  /* false + message on a bad level (load.c) */

#endif
