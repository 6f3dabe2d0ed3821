/* life.c: the player's health and lives — a hurt, with its cooldown, and a death that hands over to act_player_die. */
#include "acts.h"
#include "player.h"
#include "world.h"

/* The player dies at once: the death action takes over. */
void world_kill_player(World *w)
{
	Actor *p = world_player(w);

	if (!p || p->tick == act_player_die)
		return;
	w->health = 0;
	world_status_changed(w);
	p->tick = act_player_die;
	p->timer = 0;
	world_request_sound(w, SND_DEATH);
}

/* A hit: one health point, then HURT_COOLDOWN_FRAMES of immunity; the last point kills. */
void world_hurt_player(World *w)
{
	Actor *p = world_player(w);

	if (!p || w->hurt_cooldown > 0 || p->tick == act_player_die)
		return;
	if (w->health > 0)
		w->health--;
	w->hurt_cooldown = HURT_COOLDOWN_FRAMES;
	world_status_changed(w);
	if (w->health == 0)
		world_kill_player(w);
	else
		world_request_sound(w, SND_HURT);
}
