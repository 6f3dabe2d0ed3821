/* episode.c: the episode's level table and the stats that carry over between its levels. */
#include <stdint.h>

#include "episode.h"
#include "world.h"

/* Episode 1 (game/levels/e1l*.tmj, the README's table): each level one idea, the fortress holds the boss. */
const char *const episode_levels[] = {
	"e1l1",         /* Meadow: run, jump, prizes, creatures */
	"e1l2",         /* Mudworks: fountains, the cling shaft, the foot switch */
	"e1l3",         /* Orchard: barrels and baskets, shard bursts */
	"e1l4",         /* Liftworks: moving platforms and their foot switch */
	"e1l5",         /* Geysers: mud fountains of every height */
	"e1l6",         /* Ascent: a vertical climb */
	"e1l7",         /* Deep Cave: a wide cave */
	"e1l8",         /* Hedgerow: hidden areas */
	"e1l9",         /* Scorpion Ridge: all of it, harder */
	"e1l10",        /* Fortress: the boss */
};

const uint8_t episode_level_count = sizeof episode_levels / sizeof episode_levels[0];

/* Hedgerow's tunnel hides the bonus exit: the vault, then on to Scorpion Ridge. */
const char *const episode_bonus_level = "e1bonus";
const uint8_t episode_bonus_from = 7;

void stats_new_game(PlayerStats *p)
{
	*p = (PlayerStats){
		.score = 0,
		.health = PLAYER_MAX_HEALTH,
		.lives = PLAYER_START_LIVES,
		.bombs = 0,
		.prizes = 0,
		.secrets = 0,
		.frames = 0,
	};
}

void stats_save(PlayerStats *p, const World *w)
{
	p->score = w->score;
	p->health = w->health;
	p->lives = w->lives;
	p->bombs = w->bombs;
	p->prizes += w->prizes_found;
	p->secrets += w->secrets_found;
	p->frames += w->tick;
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
	world_status_changed(w);
}
