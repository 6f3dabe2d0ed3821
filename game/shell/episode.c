/* episode.c: the episode's level table and the stats that carry over between its levels. */
#include <stdint.h>

#include "episode.h"
#include "world.h"

/* Episode 1 (game/levels/e1l*.tmj): the meadow teaches, the mudworks combine, the fortress holds the boss. */
const char *const episode_levels[] = {
	"e1l1",
	"e1l2",
	"e1l3",
};

const uint8_t episode_level_count = sizeof episode_levels / sizeof episode_levels[0];

void stats_new_game(PlayerStats *p)
{
	*p = (PlayerStats){
		.score = 0,
		.health = PLAYER_MAX_HEALTH,
		.lives = PLAYER_START_LIVES,
		.bombs = 0,
	};
}

void stats_save(PlayerStats *p, const World *w)
{
	p->score = w->score;
	p->health = w->health;
	p->lives = w->lives;
	p->bombs = w->bombs;
}

/*
 * A level is never started with no health: a player who touched the exit
 * while dying (the exit ignores the dying, so only if health was lost in
 * the same frame) still gets one point.
 */
void stats_apply(World *w, const PlayerStats *p)
{
	w->score = p->score;
	w->health = p->health ? p->health : 1;
	w->lives = p->lives;
	w->bombs = p->bombs;
	w->status_version++;
}
