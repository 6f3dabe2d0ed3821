/* test_bomb.c: bombs — dropping, the fuse, the explosion's reach and damage, idle bombs to pick up. */
#include "playerfix.h"

/*
 * With bombs in hand, a Bomb press (standing at x 5, facing east) lays a
 * lit bomb in front (x 7, the feet row): one fewer, the status redrawn.
 * It blinks for BOMB_FUSE_FRAMES frames (the frame it is dropped first),
 * then explodes: the same slot becomes the explosion, centred on it (x 6,
 * y 15 for the 3x3-tile fireball), showing frames 0, 1, 2, and is gone.
 */
static void a_dropped_bomb_burns_then_explodes(void **state)
{
	uint32_t version;
	Actor *b;

	(void)state;
	w.bombs = 3;
	version = w.status_version;
	face_east(true);
	p->x = 20;                              /* the player out of the blast once it has dropped */
	frame(B, B);
	assert_int_equal(w.bombs, 2);
	assert_true(w.status_version > version);
	b = find_kind(ACT_BOMB);
	assert_non_null(b);
	assert_int_equal(b->x, 22);
	assert_int_equal(b->y, 14);
	for (int t = 1; t <= BOMB_FUSE_FRAMES; t++) {
		if (t > 1)
			frame(L, t == 2 ? L : 0);       /* walk away */
		assert_row(b->kind == ACT_BOMB, "frame %d: kind %d", t, b->kind);
		assert_row(actor_image(b) == IMG_BOMB_LIT0 || actor_image(b) == IMG_BOMB_LIT1, "frame %d", t);
		assert_int_equal(busy_shards(), 0);
	}
	frame(0, 0);
	assert_int_equal(b->kind, ACT_EXPLOSION);
	assert_int_equal(b->x, 21);
	assert_int_equal(b->y, 15);
	assert_int_equal(actor_image(b), IMG_EXPLOSION0);
	assert_int_equal(w.sound, SND_EXPLOSION);
	assert_int_equal(busy_shards(), EXPLOSION_EMBERS);
	assert_int_equal(w.health, PLAYER_MAX_HEALTH);  /* walked out of reach */
	frame(0, 0);
	assert_int_equal(actor_image(b), IMG_EXPLOSION1);
	frame(0, 0);
	assert_int_equal(actor_image(b), IMG_EXPLOSION2);
	frame(0, 0);
	assert_int_equal(b->kind, ACT_NONE);
}

static void the_bomb_blinks(void **state)
{
	int prev = -1, changes = 0;

	(void)state;
	w.bombs = 1;
	frame(B, B);
	for (int t = 0; t < BOMB_FUSE_FRAMES - 1; t++) {
		int img = actor_image(find_kind(ACT_BOMB));

		changes += prev >= 0 && img != prev;
		prev = img;
		frame(0, 0);
	}
	assert_int_equal(changes, BOMB_FUSE_FRAMES - 2);   /* a new picture every frame */
}

/*
 * The blast reaches BLAST_RADIUS (2) tiles all round the bomb's tile: for
 * a bomb at (7, 14) the tiles x 5..9, y 12..16. Critters (2x2 tiles)
 * overlapping that are hit (actor_hit, HIT_BOMB); the others are not.
 */
static void the_explosion_hits_what_is_in_reach_only(void **state)
{
	static const struct {
		int x, y;
		bool hit;
	} rows[] = {
		{ 4, 14, true }, { 3, 14, false }, { 9, 14, true }, { 10, 14, false },
		{ 7, 12, true }, { 7, 11, false }, { 12, 20, false }, { 5, 17, true }, { 5, 18, false },
	};
	Actor *c[ARRAY_LEN(rows)];

	(void)state;
	p->x = 40;
	actor_spawn(&w, ACT_BOMB, 7, 14);
	for (size_t i = 0; i < ARRAY_LEN(rows); i++)
		c[i] = still(ACT_CRITTER, rows[i].x, rows[i].y);
	for (int t = 0; t <= BOMB_FUSE_FRAMES; t++)
		frame(0, 0);
	assert_int_equal(count_kind(ACT_EXPLOSION), 1);
	for (size_t i = 0; i < ARRAY_LEN(rows); i++)
		assert_row((c[i]->kind == ACT_NONE) == rows[i].hit, "critter at (%d,%d): %s", rows[i].x, rows[i].y,
		    c[i]->kind == ACT_NONE ? "hit" : "missed");
	assert_int_equal(w.health, PLAYER_MAX_HEALTH);
}

/* Only shootable kinds are hit; the explosion hits each once, in its first frame only. */
static void the_blast_spares_unshootable_actors_and_hits_once(void **state)
{
	Actor *sw, *late;

	(void)state;
	p->x = 40;
	actor_spawn(&w, ACT_BOMB, 7, 14);
	sw = still(ACT_FOOT_SWITCH, 8, 14);     /* pounce only: not AF_SHOOTABLE */
	for (int t = 0; t <= BOMB_FUSE_FRAMES; t++)
		frame(0, 0);
	late = still(ACT_CRITTER, 6, 14);       /* arrives while the fireball still shows */
	frame(0, 0);
	frame(0, 0);
	assert_int_equal(sw->kind, ACT_FOOT_SWITCH);
	assert_int_equal(late->kind, ACT_CRITTER);
}

/* The player inside the blast is hurt (one point, the cooldown); with the last point, killed. */
static void the_blast_hurts_the_player_inside_it(void **state)
{
	(void)state;
	w.bombs = 2;
	face_east(true);
	frame(B, B);
	for (int t = 0; t < BOMB_FUSE_FRAMES; t++)
		frame(0, 0);
	assert_int_equal(count_kind(ACT_EXPLOSION), 1);
	assert_int_equal(w.health, PLAYER_MAX_HEALTH - 1);
	assert_int_equal(w.hurt_cooldown, HURT_COOLDOWN_FRAMES - 1);
	assert_int_equal(w.sound, SND_EXPLOSION);       /* outranks SND_HURT */

	on_the_floor(NULL);
	w.bombs = 1;
	w.health = 1;
	frame(B, B);
	for (int t = 0; t < BOMB_FUSE_FRAMES; t++)
		frame(0, 0);
	assert_state(act_player_die);
}

/* No bombs, or a wall in front: a Bomb press does nothing and spends nothing. */
static void no_bomb_without_bombs_or_room(void **state)
{
	(void)state;
	frame(B, B);
	assert_int_equal(count_kind(ACT_BOMB), 0);

	w.bombs = 4;
	map_column(&w.map, 4, 0, 14, plain_block());    /* facing west, against a wall */
	frame(B, B);
	assert_int_equal(count_kind(ACT_BOMB), 0);
	assert_int_equal(w.bombs, 4);

	face_east(true);
	frame(B, B);
	assert_int_equal(count_kind(ACT_BOMB), 1);
	assert_int_equal(find_kind(ACT_BOMB)->x, 7);
	frame(B, 0);                            /* held, not pressed: one bomb per press */
	assert_int_equal(count_kind(ACT_BOMB), 1);
	assert_int_equal(w.bombs, 3);
}

/*
 * Dropped in the air (second frame of a jump: feet on row 11 after the
 * rise), the bomb falls a tile a frame to the floor, starting in the frame
 * it is dropped.
 */
static void a_bomb_dropped_in_the_air_falls(void **state)
{
	static const int want_y[] = { 13, 14, 14 };
	Actor *b;

	(void)state;
	w.bombs = 1;
	frame(J, J);
	frame(J | B, B);
	b = find_kind(ACT_BOMB);
	assert_non_null(b);
	assert_int_equal(b->x, 4);              /* facing west: in front is left */
	assert_int_equal(p->y, 11);
	assert_int_equal(b->y, 12);
	for (size_t i = 0; i < ARRAY_LEN(want_y); i++) {
		frame(J, 0);
		assert_row(b->y == want_y[i], "frame %zu: y %d, want %d", i + 1, b->y, want_y[i]);
	}
}

/* An idle bomb in the level: touching it adds one (SND_PICKUP) and it is gone. */
static void picking_up_an_idle_bomb(void **state)
{
	Actor *pick;
	uint32_t version = w.status_version;

	(void)state;
	pick = actor_spawn(&w, ACT_BOMB_PICKUP, 8, 14);
	assert_non_null(pick);
	frame(R, R);                            /* the body at 6..7: not yet */
	assert_int_equal(w.bombs, 0);
	assert_int_equal(actor_image(pick), IMG_BOMB_IDLE);
	frame(R, 0);                            /* 7..8: touching */
	assert_int_equal(w.bombs, 1);
	assert_int_equal(w.sound, SND_PICKUP);
	assert_true(w.status_version > version);
	assert_int_equal(pick->kind, ACT_NONE);
}

/* With MAX_BOMBS (9) in hand an idle bomb stays where it is for later. */
static void nine_bombs_at_most(void **state)
{
	Actor *pick;

	(void)state;
	assert_int_equal(MAX_BOMBS, 9);
	w.bombs = 8;
	actor_spawn(&w, ACT_BOMB_PICKUP, 8, 14);
	pick = actor_spawn(&w, ACT_BOMB_PICKUP, 12, 14);
	for (int t = 0; t < 4; t++)
		frame(R, t == 0 ? R : 0);
	assert_int_equal(w.bombs, 9);
	for (int t = 0; t < 3; t++)
		frame(R, 0);                    /* onto the second one: 10, 11, 12 */
	assert_int_equal(w.bombs, 9);
	assert_int_equal(pick->kind, ACT_BOMB_PICKUP);
	frame(0, 0);
	w.bombs = 8;                            /* one used: now it can be taken */
	frame(0, 0);
	assert_int_equal(w.bombs, 9);
	assert_int_equal(pick->kind, ACT_NONE);
}

/* An idle bomb placed in the air falls to the ground like the prizes. */
static void an_idle_bomb_falls_to_the_ground(void **state)
{
	Actor *pick;

	(void)state;
	pick = actor_spawn(&w, ACT_BOMB_PICKUP, 20, 8);
	for (int t = 0; t < 10; t++)
		frame(0, 0);
	assert_int_equal(pick->y, 14);
}

/* The weapon kinds in the table: what starts them, what they show, what they are. */
static void the_weapon_kinds(void **state)
{
	(void)state;
	assert_ptr_equal(actor_kinds[ACT_BULLET].start, act_bullet);
	assert_ptr_equal(actor_kinds[ACT_BOMB].start, act_bomb);
	assert_ptr_equal(actor_kinds[ACT_EXPLOSION].start, act_explosion);
	assert_ptr_equal(actor_kinds[ACT_BOMB_PICKUP].start, act_bomb_pickup);
	assert_int_equal(actor_kind_image(ACT_BULLET), IMG_BULLET);
	assert_int_equal(actor_kind_image(ACT_BOMB), IMG_BOMB_LIT0);
	assert_int_equal(actor_kind_image(ACT_EXPLOSION), IMG_EXPLOSION0);
	assert_int_equal(actor_kind_image(ACT_BOMB_PICKUP), IMG_BOMB_IDLE);
	assert_string_equal(actor_kinds[ACT_BOMB_PICKUP].name, "BOMB_PICKUP");
	assert_true(actor_kinds[ACT_CRITTER].flags & AF_SHOOTABLE);
	for (int k = ACT_BULLET; k <= ACT_BOMB_PICKUP; k++)
		assert_false(actor_kinds[k].flags & (AF_HURTS | AF_SHOOTABLE | AF_POUNCE | AF_MARKER));
}

#define T(fn) cmocka_unit_test_setup(fn, on_the_floor)
static const struct CMUnitTest tests[] = {
	T(a_dropped_bomb_burns_then_explodes),
	T(the_bomb_blinks),
	T(the_explosion_hits_what_is_in_reach_only),
	T(the_blast_spares_unshootable_actors_and_hits_once),
	T(the_blast_hurts_the_player_inside_it),
	T(no_bomb_without_bombs_or_room),
	T(a_bomb_dropped_in_the_air_falls),
	T(picking_up_an_idle_bomb),
	T(nine_bombs_at_most),
	T(an_idle_bomb_falls_to_the_ground),
	T(the_weapon_kinds),
};

int main(int argc, char **argv)
{
	if (testmain_filter("bomb", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("bomb", tests, NULL, NULL);
}
