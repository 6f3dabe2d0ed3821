/* test_replay.c: Report a problem — the session records a level from its first frame; its replay loads, plays back to the same tick and CRC, and says what it lacks. */
#include "sessionfix.h"

#include "demo.h"
#include "level.h"
#include "play.h"
#include "replay.h"
#include "report.h"

static uint8_t stored[REPLAY_MAX_SIZE];
static size_t stored_len;
static int stores;
static World again;
static ReportScratch scr;
static DemoPlayer player;

/* The kernel's REPLAY.DAT, in memory. */
static bool store(void *ctx, const ReplayParts *p, char *why, size_t whylen)
{
	(void)ctx;
	(void)why;
	(void)whylen;
	stores++;
	stored_len = replay_flatten(p, stored, sizeof stored);
	return stored_len == p->size;
}

static bool refuse(void *ctx, const ReplayParts *p, char *why, size_t whylen)
{
	(void)ctx;
	(void)p;
	snprintf(why, whylen, "no REPLAY.DAT on this stick (an old one)");
	return false;
}

static int fresh(void **state)
{
	SessionHooks hooks = { .log = capture, .store_replay = store };

	(void)state;
	forget();
	stores = 0;
	stored_len = 0;
	memset(&s, 0xA5, sizeof s);
	session_init(&s, &hooks);
	return 0;
}

/* The stored replay's level played from its demo on a fresh world: its CRC at the end. */
static uint32_t play_back(ReplayInfo *r)
{
	const LevelBlob *b;
	char err[REPLAY_ERR_SIZE];
	GameInput in;

	assert_true(replay_check(stored, stored_len, r, err, sizeof err));
	assert_true(demo_open(&player, r->demo_bytes, r->demo_len, err, sizeof err));
	b = level_find(player.h.level);
	assert_non_null(b);
	assert_true(world_load_level(&again, b->data, b->len, player.h.seed, err, sizeof err));
	demo_apply_start(&player.h, &again);
	while (demo_next(&player, &in))
		world_tick(&again, &in);
	return report_frame_crc(&again, &scr);
}

/* New game, some play, P, F: REPLAY.DAT is the level from its first frame, the box says so. */
static void report_in_the_pause_replays_to_the_same_crc(void **state)
{
	ReplayInfo r;
	uint32_t crc;
	char line[96];

	(void)state;
	new_game();
	for (int i = 0; i < 60; i++)
		tick_keys(RIGHT | (i % 9 == 0 ? JUMP : 0), i % 9 == 0 ? JUMP : 0, 0);
	press(PAUSE);
	assert_int_equal(s.mode, SESSION_PAUSED);
	tap(GK_F);
	assert_int_equal(s.mode, SESSION_PAUSED);               /* the pause stays */
	assert_int_equal(stores, 1);
	assert_string_equal(s.replay_note[0], "Saved REPLAY.DAT");
	crc = play_back(&r);
	assert_int_equal(r.m.end_tick, s.world.tick);
	assert_int_equal(r.demo.ticks, s.world.tick);
	assert_int_equal(again.tick, s.world.tick);
	assert_int_equal(r.m.frame_crc, crc);
	assert_int_equal(crc, report_frame_crc(&s.world, &scr));
	assert_int_equal(r.m.flags, 0);
	assert_int_equal(r.m.episode_level, 0);
	assert_int_equal(r.m.source, REPLAY_SRC_PLAYER);
	assert_string_equal(r.demo.level, "e1l1");
	snprintf(line, sizeof line, "replay: saved REPLAY.DAT level=e1l1 ticks=%u crc=%08X", (unsigned)s.world.tick,
	    (unsigned)crc);
	assert_true(saw(line));
}

/* The pause's frames consume no input: playing on and reporting again gives the longer level. */
static void pauses_are_not_recorded(void **state)
{
	ReplayInfo r;

	(void)state;
	new_game();
	idle(20);
	press(PAUSE);
	idle(50);                                       /* paused: no world frame */
	press(PAUSE);
	idle(30);
	press(PAUSE);
	tap(GK_F);
	play_back(&r);
	assert_int_equal(r.m.end_tick, 50);
	assert_int_equal(s.world.tick, 50);
}

/* Saves off: nothing handed over, the box and COM1 say why. */
static void saves_off_says_why(void **state)
{
	(void)state;
	session_set_saves(&s, false, "booted from a CD");
	new_game();
	idle(5);
	press(PAUSE);
	tap(GK_F);
	assert_int_equal(stores, 0);
	assert_string_equal(s.replay_note[0], "REPLAY.DAT not saved:");
	assert_string_equal(s.replay_note[1], "booted from a CD");
	assert_true(saw("replay: NOT saved (booted from a CD)"));
}

static void a_refused_store_says_why(void **state)
{
	(void)state;
	s.hooks.store_replay = refuse;
	new_game();
	press(PAUSE);
	tap(GK_F);
	assert_string_equal(s.replay_note[1], "no REPLAY.DAT on this stick (an old one)");
	assert_true(saw("replay: NOT saved (no REPLAY.DAT on this stick (an old one))"));
}

/*
 * Past the recorder's capacity (a new run record every frame) the replay
 * keeps the start and says it is incomplete; the frames go on counting.
 */
static void a_level_longer_than_the_recorder_is_incomplete(void **state)
{
	ReplayInfo r;
	char err[REPLAY_ERR_SIZE];

	(void)state;
	new_game();
	for (int i = 0; i < DEMO_MAX_RUNS + 10 && s.mode == SESSION_PLAYING; i++)
		tick_keys(i & 1 ? UP : DOWN, 0, 0);
	assert_int_equal(s.mode, SESSION_PLAYING);
	press(PAUSE);
	tap(GK_F);
	assert_true(replay_check(stored, stored_len, &r, err, sizeof err));
	assert_int_equal(r.m.flags, REPLAY_F_INCOMPLETE);
	assert_int_equal(r.demo.ticks, DEMO_MAX_RUNS);
	assert_int_equal(r.m.end_tick, DEMO_MAX_RUNS + 10);
	assert_string_equal(s.replay_note[1], "(incomplete: too long)");
}

/* The panic's replay: PANIC; inside a frame MIDFRAME with no CRC, that frame's input kept. */
static void the_panic_marks_its_replay(void **state)
{
	ReplayParts p;
	ReplayInfo r;
	char err[REPLAY_ERR_SIZE];
	GameInput in = { BTN_BIT(BTN_RIGHT), 0 };

	(void)state;
	assert_false(session_replay(&s, true, &p));     /* no level since boot */
	new_game();
	idle(12);
	assert_true(session_replay(&s, true, &p));
	stored_len = replay_flatten(&p, stored, sizeof stored);
	assert_true(replay_check(stored, stored_len, &r, err, sizeof err));
	assert_int_equal(r.m.flags, REPLAY_F_PANIC);
	assert_int_equal(r.m.frame_crc, report_frame_crc(&s.world, &scr));
	report_rec_frame(&s.report, &in);               /* as if the fault came inside world_tick */
	assert_true(session_replay(&s, true, &p));
	stored_len = replay_flatten(&p, stored, sizeof stored);
	assert_true(replay_check(stored, stored_len, &r, err, sizeof err));
	assert_int_equal(r.m.flags, REPLAY_F_PANIC | REPLAY_F_MIDFRAME);
	assert_int_equal(r.m.end_tick, 13);
	assert_int_equal(r.demo.ticks, 13);
	assert_int_equal(r.m.frame_crc, 0);
}

/* A level= game and a demo are recorded too, as what they are. */
static void single_levels_and_demos_are_recorded(void **state)
{
	ReplayParts p;
	ReplayInfo r;
	char err[REPLAY_ERR_SIZE];
	uint32_t crc;

	(void)state;
	session_play_level(&s, "test");
	idle(7);
	press(PAUSE);
	tap(GK_F);
	crc = play_back(&r);
	assert_int_equal(crc, r.m.frame_crc);
	assert_int_equal(r.m.episode_level, REPLAY_NO_EPISODE);
	session_play_demo(&s);
	assert_true(s.demo);
	idle(25);
	assert_true(session_replay(&s, false, &p));
	stored_len = replay_flatten(&p, stored, sizeof stored);
	assert_true(replay_check(stored, stored_len, &r, err, sizeof err));
	assert_int_equal(r.m.source, REPLAY_SRC_DEMO);
	crc = play_back(&r);
	assert_int_equal(crc, r.m.frame_crc);
	assert_int_equal(r.m.end_tick, 25);
}

/* Every byte matters: any single flipped bit of a replay is rejected (its CRC), with a message. */
static void every_bit_flip_is_rejected(void **state)
{
	char err[REPLAY_ERR_SIZE];

	(void)state;
	new_game();
	idle(9);
	press(PAUSE);
	tap(GK_F);
	assert_true(replay_check(stored, stored_len, NULL, err, sizeof err));
	for (size_t i = 0; i < stored_len * 8; i++) {
		stored[i / 8] ^= (uint8_t)(1 << (i % 8));
		assert_row(!replay_check(stored, stored_len, NULL, err, sizeof err), "bit %zu", i);
		assert_row(strncmp(err, "replay: ", 8) == 0, "bit %zu: %s", i, err);
		stored[i / 8] ^= (uint8_t)(1 << (i % 8));
	}
	for (size_t n = 0; n < stored_len; n++)
		assert_row(!replay_check(stored, n, NULL, err, sizeof err), "truncated to %zu", n);
}

#define T(f) cmocka_unit_test_setup(f, fresh)
static const struct CMUnitTest tests[] = {
	T(report_in_the_pause_replays_to_the_same_crc),
	T(pauses_are_not_recorded),
	T(saves_off_says_why),
	T(a_refused_store_says_why),
	T(a_level_longer_than_the_recorder_is_incomplete),
	T(the_panic_marks_its_replay),
	T(single_levels_and_demos_are_recorded),
	T(every_bit_flip_is_rejected),
};

int main(int argc, char **argv)
{
	if (testmain_filter("replay", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("replay", tests, NULL, NULL);
}
