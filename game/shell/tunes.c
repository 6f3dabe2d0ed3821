/* tunes.c: the tune the session wants — by mode, by level, the boss tune while the boss is in view. */
#include <stdbool.h>

#include "actor.h"
#include "session.h"
#include "tunes.h"
#include "world.h"

const char *const music_names[MUS_COUNT] = {
	[MUS_NONE] = "", [MUS_TITLE] = "title", [MUS_MEADOW] = "meadow", [MUS_MUDWORKS] = "mudworks",
	[MUS_FORTRESS] = "fortress", [MUS_BOSS] = "boss", [MUS_COMPLETE] = "complete",
	[MUS_GAME_OVER] = "gameover",
};

/*
 * Each episode level's tune, by its ground: the open air plays the meadow's,
 * mud, machines and caves the mudworks', the hard heights and the boss's
 * keep the fortress march. Any other level (the bonus vault, test, seeds, a
 * user's) plays the meadow's.
 */
static const struct {
	const char *level;
	MusicId tune;
} level_tunes[] = {
	{ "e1l1", MUS_MEADOW },         /* Meadow */
	{ "e1l2", MUS_MUDWORKS },       /* Mudworks */
	{ "e1l3", MUS_MEADOW },         /* Orchard */
	{ "e1l4", MUS_MUDWORKS },       /* Liftworks */
	{ "e1l5", MUS_MUDWORKS },       /* Geysers */
	{ "e1l6", MUS_FORTRESS },       /* Ascent */
	{ "e1l7", MUS_MUDWORKS },       /* Deep Cave */
	{ "e1l8", MUS_MEADOW },         /* Hedgerow */
	{ "e1l9", MUS_FORTRESS },       /* Scorpion Ridge */
	{ "e1l10", MUS_FORTRESS },      /* Fortress, and the boss's tune in its arena */
};

static bool same(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

/*
 * A living boss near the view: within half a view of it on each side, so
 * the tune does not flap while the camera sways at the arena's edge.
 */
static bool boss_in_view(const World *w)
{
	for (int i = 0; i < w->actor_end; i++) {
		const Actor *a = &w->actors[i];

		if (a->kind == ACT_BOSS && !a->dead && a->x + 4 >= w->cam_x - VIEW_W / 2 &&
		    a->x <= w->cam_x + VIEW_W + VIEW_W / 2 && a->y + 2 >= w->cam_y - VIEW_H / 2 &&
		    a->y - 6 <= w->cam_y + VIEW_H + VIEW_H / 2)
			return true;
	}
	return false;
}

static MusicId level_tune(const Session *s)
{
	if (boss_in_view(&s->world))
		return MUS_BOSS;
	for (unsigned i = 0; i < sizeof level_tunes / sizeof level_tunes[0]; i++)
		if (same(s->level_name, level_tunes[i].level))
			return level_tunes[i].tune;
	return MUS_MEADOW;
}

MusicId session_music(const Session *s)
{
	if (!s->music_on)
		return MUS_NONE;
	switch (s->mode) {
	case SESSION_TITLE:
	case SESSION_MENU:
	case SESSION_INSTRUCTIONS:
	case SESSION_CONTROLS:
	case SESSION_SYSINFO:
	case SESSION_HISCORES:
	case SESSION_NAME:
	case SESSION_WAITING:
		return MUS_TITLE;
	case SESSION_SLOTS:
		return s->slot_back == SESSION_PAUSED ? level_tune(s) : MUS_TITLE;
	case SESSION_PLAYING:
	case SESSION_PAUSED:
		return level_tune(s);
	case SESSION_LEVEL_DONE:
	case SESSION_EPISODE_END:
		return MUS_COMPLETE;
	case SESSION_GAME_OVER:
		return MUS_GAME_OVER;
	case SESSION_ERROR:
	case SESSION_HALTED:
	case SESSION_MODE_COUNT:
		break;
	}
	return MUS_NONE;
}
