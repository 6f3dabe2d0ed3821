/* episode.h: the episode's levels in order, and the player's stats carried from one level to the next. */
#ifndef GAME_EPISODE_H
#define GAME_EPISODE_H

#include <stdint.h>

#include "world.h"

/* Level file stems, played in this order by "New game" (built-in or GRUB module). */
extern const char *const episode_levels[];
extern const uint8_t episode_level_count;

/*
 * The bonus level: level episode_bonus_from's bonus exit (ACT_EXIT_BONUS,
 * hidden) leads there, and after it the episode goes on with the level
 * after episode_bonus_from.
 */
extern const char *const episode_bonus_level;
extern const uint8_t episode_bonus_from;        /* index in episode_levels */

/*
 * What survives a level change: score, health, lives and bombs (and the
 * prizes, secrets and frames of each level, added up). world_load_level
 * starts every level afresh (world_init), so the session saves these from the
 * finished level and puts them into the next one.
 */
typedef struct PlayerStats {
	uint32_t score;
	uint8_t health, lives, bombs;
	uint16_t prizes, secrets;       /* summed over the finished levels, for the episode's end */
	uint32_t frames;                /* world frames played, summed likewise */
} PlayerStats;

void stats_new_game(PlayerStats *p);                    /* 0 points, full health, 3 lives, no bombs */
void stats_save(PlayerStats *p, const World *w);
void stats_apply(World *w, const PlayerStats *p);       /* into a freshly loaded level; redraws the status */

#endif
