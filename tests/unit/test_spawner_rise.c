/* test_spawner_rise.c: seed 000 spawners — rise 2 tiles a tick at ages 1..8, 1 tile at 9..10, become the actor at 11 or under a ceiling. */
#include "spawnerfix.h"

static Frame frame, want_frame;

/*
 * Seed 000 in open air: ages 1..8 rise 2 tiles a tick (16 tiles), 9 and 10
 * one tile, and age 11 rises its one tile and becomes the actor where it
 * is — 19 tiles up — drawn upside down that last time.
 */
static void open_air_heights_per_age(void **state)
{
	static const struct {
		int age, rise;
	} rows[] = {
		{ 1, 2 }, { 2, 4 }, { 3, 6 }, { 4, 8 }, { 5, 10 }, { 6, 12 }, { 7, 14 }, { 8, 16 },
		{ 9, 17 }, { 10, 18 },
	};

	(void)state;
	spawner_new(&w.spawners, KIND, X0, Y0);
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		const Spawner *sp = &w.spawners.slot[0];
		const SpawnerDraw *d = &w.spawners.draw[0];

		update();
		assert_row(sp->actor == KIND && sp->age == rows[i].age, "age %d: actor %u age %u",
		    rows[i].age, sp->actor, sp->age);
		assert_row(sp->x == X0 && sp->y == Y0 - rows[i].rise, "age %d: at (%d,%d), want (%d,%d)",
		    rows[i].age, sp->x, sp->y, X0, Y0 - rows[i].rise);
		assert_row(d->actor == KIND && d->x == X0 && d->y == Y0 - rows[i].rise &&
		    d->flags == DRAWF_FLIP_V, "age %d: drawn %u at (%d,%d) flags %u", rows[i].age,
		    d->actor, d->x, d->y, d->flags);
		assert_row(actor_count(&w) == 0, "age %d: an actor already", rows[i].age);
	}

	update();                               /* age 11 */
	assert_int_equal(w.spawners.slot[0].actor, ACT_NONE);
	assert_int_equal(actor_count(&w), 1);
	assert_int_equal(first_of_kind(KIND)->x, X0);
	assert_int_equal(first_of_kind(KIND)->y, Y0 - 19);
	assert_int_equal(w.spawners.draw[0].actor, KIND);
	assert_int_equal(w.spawners.draw[0].x, X0);
	assert_int_equal(w.spawners.draw[0].y, Y0 - 19);
	assert_int_equal(w.spawners.draw[0].flags, DRAWF_FLIP_V);     /* ORIGINAL: still upside down */

	update();                               /* the slot is idle now */
	assert_int_equal(w.spawners.draw[0].actor, ACT_NONE);
	assert_int_equal(actor_count(&w), 1);
}

/*
 * Seed 000 with a ceiling d rows above the sprite's top at the start: every
 * tile of the climb is tested, and the actor appears one tile below the
 * position that breached the ceiling (rise d - 1), drawn right side up.
 * Ages 1..8 test two positions each (2a - 1, 2a); from age 9 one (a + 8).
 * d = 19 breaches at age 11 itself: the ceiling wins over the time-out.
 * d = 20 is never reached: the age-11 end, 19 up, upside down.
 */
static void ceiling_at_every_distance(void **state)
{
	static const struct {
		int d, age, rise, flags;
	} rows[] = {
		{ 1, 1, 0, 0 },   { 2, 1, 1, 0 },   { 3, 2, 2, 0 },   { 4, 2, 3, 0 },
		{ 5, 3, 4, 0 },   { 6, 3, 5, 0 },   { 7, 4, 6, 0 },   { 8, 4, 7, 0 },
		{ 9, 5, 8, 0 },   { 10, 5, 9, 0 },  { 11, 6, 10, 0 }, { 12, 6, 11, 0 },
		{ 13, 7, 12, 0 }, { 14, 7, 13, 0 }, { 15, 8, 14, 0 }, { 16, 8, 15, 0 },
		{ 17, 9, 16, 0 }, { 18, 10, 17, 0 }, { 19, 11, 18, 0 },
		{ 20, 11, 19, DRAWF_FLIP_V },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		const Spawner *sp = &w.spawners.slot[0];
		const SpawnerDraw *d = &w.spawners.draw[0];
		const Actor *a;
		int age = 0;

		fresh_world(NULL);
		ceiling_above_start(rows[i].d, CEILING);
		spawner_new(&w.spawners, KIND, X0, Y0);
		while (sp->actor != ACT_NONE && age < 20) {
			update();
			age++;
			/* While it runs, its top never overlaps the ceiling. */
			if (sp->actor != ACT_NONE)
				assert_row(top_row(KIND, sp->y) > top_row(KIND, Y0) - rows[i].d,
				    "d %d: age %d inside the ceiling at y %d", rows[i].d, age, sp->y);
		}
		a = first_of_kind(KIND);
		assert_row(age == rows[i].age, "d %d: became an actor at age %d, want %d", rows[i].d,
		    age, rows[i].age);
		assert_row(a && actor_count(&w) == 1, "d %d: %d actors", rows[i].d, actor_count(&w));
		assert_row(a->x == X0 && a->y == Y0 - rows[i].rise, "d %d: actor at (%d,%d), want (%d,%d)",
		    rows[i].d, a->x, a->y, X0, Y0 - rows[i].rise);
		assert_row(d->actor == KIND && d->x == X0 && d->y == Y0 - rows[i].rise &&
		    d->flags == rows[i].flags, "d %d: last drawing %u at (%d,%d) flags %u", rows[i].d,
		    d->actor, d->x, d->y, d->flags);
		/* The actor itself is clear of the ceiling. */
		assert_row(test_sprite_move(&w.map, DIR4_NORTH, actor_kind_image(KIND), a->x, a->y)
		    == MOVE_FREE, "d %d: actor inside the ceiling", rows[i].d);
	}
}

/*
 * Seed 000: the rise is made before the test and kept when it breaches, so
 * the finished slot is left one tile inside the ceiling, and the actor is
 * one tile below that. With the ceiling 1 row above, the very first rise
 * breaches: the actor appears where the spawner started.
 */
static void the_breaching_rise_is_kept_and_the_actor_backs_off_one(void **state)
{
	(void)state;
	ceiling_above_start(1, CEILING);
	spawner_new(&w.spawners, KIND, X0, Y0);
	update();
	assert_int_equal(w.spawners.slot[0].actor, ACT_NONE);
	assert_int_equal(w.spawners.slot[0].age, 1);
	assert_int_equal(w.spawners.slot[0].y, Y0 - 1);        /* in the ceiling, after one rise only */
	assert_int_equal(first_of_kind(KIND)->y, Y0);
	assert_int_equal(w.spawners.draw[0].y, Y0);
	assert_int_equal(w.spawners.draw[0].flags, 0);

	/* Odd and even distances: the first or the second rise of a tick breaches. */
	fresh_world(NULL);
	ceiling_above_start(7, CEILING);
	spawner_new(&w.spawners, KIND, X0, Y0);
	for (int age = 1; age <= 3; age++)
		update();
	assert_int_equal(w.spawners.slot[0].y, Y0 - 6);
	update();                               /* age 4: first rise to Y0 - 7 breaches, no second */
	assert_int_equal(w.spawners.slot[0].y, Y0 - 7);
	assert_int_equal(first_of_kind(KIND)->y, Y0 - 6);

	fresh_world(NULL);
	ceiling_above_start(8, CEILING);
	spawner_new(&w.spawners, KIND, X0, Y0);
	for (int age = 1; age <= 4; age++)
		update();
	assert_int_equal(w.spawners.slot[0].y, Y0 - 8);       /* age 4: second rise breaches */
	assert_int_equal(first_of_kind(KIND)->y, Y0 - 7);
}

/*
 * Seed 000: from age 9 the second rise and its test are skipped. With the
 * ceiling 18 rows up, age 9 stops one tile short of it — an age-8 spawner
 * would have tested that tile the same tick — and age 10 breaches.
 */
static void from_age_9_the_second_rise_and_test_are_skipped(void **state)
{
	(void)state;
	ceiling_above_start(18, CEILING);
	spawner_new(&w.spawners, KIND, X0, Y0);
	for (int age = 1; age <= 8; age++)
		update();
	assert_int_equal(w.spawners.slot[0].y, Y0 - 16);
	update();                               /* age 9 */
	assert_int_equal(w.spawners.slot[0].actor, KIND);
	assert_int_equal(w.spawners.slot[0].y, Y0 - 17);
	assert_int_equal(test_sprite_move(&w.map, DIR4_NORTH, actor_kind_image(KIND), X0, Y0 - 18),
	    MOVE_BLOCKED);                      /* the next tile up is the ceiling */
	assert_int_equal(actor_count(&w), 0);
	update();                               /* age 10 */
	assert_int_equal(w.spawners.slot[0].actor, ACT_NONE);
	assert_int_equal(first_of_kind(KIND)->y, Y0 - 17);
}

/* Seed 000: any north-blocking tile over any column of the sprite's top; nothing else. */
static void only_north_blocking_tiles_over_the_sprite_stop_it(void **state)
{
	(void)state;
	/* Ledges (south-blocking only) across the whole climb, a brick just beside it. */
	for (int y = Y0 - 20; y < Y0 - 1; y++) {
		map_set_tile(&w.map, X0, y, LEDGE);
		map_set_tile(&w.map, X0 + 2, y, CEILING);
		map_set_tile(&w.map, X0 - 1, y, CEILING);
	}
	spawner_new(&w.spawners, KIND, X0, Y0);
	for (int age = 1; age <= 11; age++)
		update();
	assert_int_equal(first_of_kind(KIND)->y, Y0 - 19);
	assert_int_equal(w.spawners.draw[0].flags, DRAWF_FLIP_V);

	/* One brick over the right column, 5 rows above the top, is a ceiling. */
	fresh_world(NULL);
	map_set_tile(&w.map, X0 + 1, top_row(KIND, Y0) - 5, CEILING);
	spawner_new(&w.spawners, KIND, X0, Y0);
	for (int age = 1; age <= 3; age++)
		update();
	assert_int_equal(w.spawners.slot[0].actor, ACT_NONE);
	assert_int_equal(first_of_kind(KIND)->y, Y0 - 4);
	assert_int_equal(w.spawners.draw[0].flags, 0);
}

/* Outside the map everything blocks, so the top edge is a ceiling. */
static void the_top_of_the_map_is_a_ceiling(void **state)
{
	(void)state;
	spawner_new(&w.spawners, KIND, X0, 6);           /* top row 5: row -1 is 6 tiles up */
	for (int age = 1; age <= 3; age++)
		update();
	assert_int_equal(w.spawners.slot[0].actor, ACT_NONE);
	assert_int_equal(first_of_kind(KIND)->y, 1);
	assert_int_equal(top_row(KIND, first_of_kind(KIND)->y), 0);
}

/*
 * Seed 000: the spawner shows frame 0 of its actor's sprite — the same
 * image tested against the map — upside down while rising.
 */
static void sprite_is_frame_0_of_the_actors_image(void **state)
{
	static const int kinds[] = { ACT_BARREL, ACT_CRITTER, ACT_SLUG, ACT_PLAYER };

	(void)state;
	assert_int_equal(actor_kind_image(ACT_BARREL), IMG_BARREL);
	assert_int_equal(actor_kind_image(ACT_CRITTER), IMG_CRITTER0);
	assert_int_equal(actor_kind_image(ACT_SLUG), IMG_SLUG0);
	assert_int_equal(actor_kind_image(ACT_PLAYER), IMG_PLAYER_R0);
	w.cam_x = 0;
	w.cam_y = Y0 - VIEW_H + 1;
	for (size_t i = 0; i < ARRAY_LEN(kinds); i++)
		spawner_new(&w.spawners, kinds[i], 2 + 4 * (int)i, Y0);
	for (int age = 1; age <= 3; age++) {
		update();
		frame_clear(&frame);
		render_spawners(&w, &frame);
		frame_clear(&want_frame);
		for (size_t i = 0; i < ARRAY_LEN(kinds); i++)
			render_sprite(&w, &want_frame, actor_kind_image(kinds[i]), 2 + 4 * (int)i,
			    Y0 - 2 * age, DRAWF_FLIP_V, 0);
		assert_row(frame.count == ARRAY_LEN(kinds), "age %d: %u commands", age, frame.count);
		assert_row(want_frame.count == frame.count, "age %d: want %u commands", age, want_frame.count);
		for (int c = 0; c < frame.count; c++) {
			const DrawCmd *got = &frame.cmds[c], *want = &want_frame.cmds[c];

			assert_row(got->kind == DRAW_IMAGE && got->id == want->id && got->x == want->x &&
			    got->y == want->y && got->flags == DRAWF_FLIP_V,
			    "age %d cmd %d: kind %u image %u at (%d,%d) flags %u, want image %u at (%d,%d)",
			    age, c, got->kind, got->id, got->x, got->y, got->flags, want->id, want->x, want->y);
		}
	}
}

/* The frame it becomes an actor: right side up under a ceiling, upside down at age 11. */
static void last_drawing_is_where_the_actor_appears(void **state)
{
	(void)state;
	w.cam_x = 0;
	w.cam_y = Y0 - VIEW_H + 1;
	map_set_tile(&w.map, X0, top_row(KIND, Y0) - 3, CEILING);     /* slot 0: ceiling 3 up */
	spawner_new(&w.spawners, KIND, X0, Y0);
	spawner_new(&w.spawners, KIND, X0 + 4, Y0 - 2);                          /* slot 1: open air */
	update();
	update();                               /* age 2: slot 0 breaches at Y0 - 3 */
	frame_clear(&frame);
	render_spawners(&w, &frame);
	frame_clear(&want_frame);
	render_sprite(&w, &want_frame, IMG_BARREL, X0, Y0 - 2, 0, 0);
	render_sprite(&w, &want_frame, IMG_BARREL, X0 + 4, Y0 - 6, DRAWF_FLIP_V, 0);
	assert_int_equal(frame.count, 2);
	assert_memory_equal(frame.cmds, want_frame.cmds, 2 * sizeof(DrawCmd));

	/* Slot 1 runs out at age 11, 19 up from Y0 - 2 (rows 18..19): move the view up to it. */
	w.cam_y = 10;
	for (int age = 3; age <= 11; age++)
		update();
	assert_int_equal(w.spawners.slot[1].actor, ACT_NONE);
	frame_clear(&frame);
	render_spawners(&w, &frame);
	frame_clear(&want_frame);
	render_sprite(&w, &want_frame, IMG_BARREL, X0 + 4, Y0 - 21, DRAWF_FLIP_V, 0);
	assert_int_equal(frame.count, 1);
	assert_memory_equal(frame.cmds, want_frame.cmds, sizeof(DrawCmd));

	/* After that, neither slot draws anything. */
	update();
	frame_clear(&frame);
	render_spawners(&w, &frame);
	assert_int_equal(frame.count, 0);
}

#define T(fn) cmocka_unit_test_setup(fn, fresh_world)
static const struct CMUnitTest tests[] = {
	T(open_air_heights_per_age),
	T(ceiling_at_every_distance),
	T(the_breaching_rise_is_kept_and_the_actor_backs_off_one),
	T(from_age_9_the_second_rise_and_test_are_skipped),
	T(only_north_blocking_tiles_over_the_sprite_stop_it),
	T(the_top_of_the_map_is_a_ceiling),
	T(sprite_is_frame_0_of_the_actors_image),
	T(last_drawing_is_where_the_actor_appears),
};

int main(int argc, char **argv)
{
	if (testmain_filter("spawner_rise", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("spawner_rise", tests, NULL, NULL);
}
