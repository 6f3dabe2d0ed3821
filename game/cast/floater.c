/* floater.c: floating score points (seed 004's launch_floating_points / floating_points_go). */
#include <stdbool.h>
#include <stdint.h>

#include "actions.h"
#include "acts.h"
#include "collide.h"
#include "floater.h"
#include "world.h"

/* The point values there is art for, largest first. */
static const struct {
	uint32_t points;
	uint8_t action;
} floater_art[] = {
	{ 5000, ACTION_FLOATER_5000 },
	{ 1000, ACTION_FLOATER_1000 },
	{ 500, ACTION_FLOATER_500 },
	{ 200, ACTION_FLOATER_200 },
	{ 100, ACTION_FLOATER_100 },
};

#define FLOATER_ART_N (sizeof floater_art / sizeof floater_art[0])

Actor *floater_new(World *w, int x, int y, uint32_t points)
{
	Actor *a;
	unsigned i;

	if (points == 0 || !(a = actor_spawn(w, ACT_FLOATER, x, y)))
		return 0;
	for (i = 0; i < FLOATER_ART_N - 1 && floater_art[i].points > points; i++)
		;
	anim_set_action(&a->anim, floater_art[i].action);
	return a;
}

Actor *floater_over(World *w, const Actor *a, uint32_t points)
{
	int img = actor_image(a);

	return floater_new(w, a->x + (image_tiles_w(img) - 2) / 2, a->y - image_tiles_h(img), points);
}

/* Up a tile every FLOATER_RISE_EVERY frames (never above the map), gone after FLOATER_FRAMES. */
void act_floater(Actor *a, World *w)
{
	(void)w;
	a->count++;
	if (a->count % FLOATER_RISE_EVERY == 0 && a->y > 0)
		a->y--;
	if (a->count >= FLOATER_FRAMES)
		actor_remove(a);
}
