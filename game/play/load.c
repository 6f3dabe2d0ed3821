/* load.c: a level file into a fresh World — the map, the player's start, actors, platforms, fountains, switches. */
#include <stddef.h>
#include <stdint.h>

#include "level.h"
#include "play.h"
#include "world.h"

/* Mud fountain heights by kind (seed 003). */
static const uint8_t fountain_heights[] = { 6, 9, 12, 15 };

/* Load a level file into a fresh world: map, actors, camera on the player. */
bool world_load_level(World *w, const uint8_t *data, size_t len, uint32_t seed, char *err, size_t errlen)
{
	static LevelSpawn spawns[LEVEL_MAX_ACTORS];
	int n = 0;

	world_init(w, seed);
	if (!level_load(&w->map, spawns, &n, data, len, err, errlen))
		return false;
	for (int i = 0; i < n; i++) {
		const LevelSpawn *sp = &spawns[i];

		switch (sp->kind) {
		case ACT_PLATFORM:
			platform_new(&w->platforms, &w->map, sp->x, sp->y);
			break;
		case ACT_FOUNTAIN_6:
		case ACT_FOUNTAIN_9:
		case ACT_FOUNTAIN_12:
		case ACT_FOUNTAIN_15:
			fountain_new(&w->platforms, sp->x, sp->y, fountain_heights[sp->kind - ACT_FOUNTAIN_6]);
			break;
		case ACT_FOOT_SWITCH:
			w->platforms.active = false;    /* seed 003: frozen until it is pressed */
			actor_spawn(w, sp->kind, sp->x, sp->y);
			break;
		case ACT_PLAYER:
			w->start_x = (int16_t)sp->x;
			w->start_y = (int16_t)sp->y;
			actor_spawn(w, sp->kind, sp->x, sp->y);
			break;
		default:
			actor_spawn(w, sp->kind, sp->x, sp->y);
			break;
		}
	}
	world_camera_follow(w);
	return true;
}
