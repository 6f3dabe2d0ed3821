/* test_progress.c: the payload that survives power-off — defaults, the byte layout, round trips, every bad field rejected. */
#include "testmain.h"

#include "controls.h"
#include "episode.h"
#include "keys.h"
#include "progress.h"
#include "weapons.h"
#include "world.h"

static Progress p, q;
static uint8_t buf[PROGRESS_MAX_BYTES];

/* A payload with something in every field: keys moved, music off, a full table, three games (one bonus). */
static void busy(Progress *x)
{
	char err[CONTROLS_ERR_SIZE];

	progress_defaults(x);
	assert_true(controls_parse(&x->controls, "jump:a,jump:s,fire:f1,left:j,jump:joy5", err, sizeof err));
	x->music_on = false;
	x->crash_report = true;
	hiscore_insert(x->scores, 0, "ZED 9.-", 2000000);
	x->games[0] = (SavedGame){ true, 4, false, { 12345, 2, 3, 9, 7, 1, 9999 } };
	x->games[2] = (SavedGame){ true, episode_bonus_from, true, { 0xFFFFFFFFu, 1, 1, 0, 65535, 65535, 0xFFFFFFFFu } };
	x->games[8] = (SavedGame){ true, 0, false, { 0, 0, SAVED_LIVES_MAX, MAX_BOMBS, 0, 0, 0 } };
}

static void same(const Progress *a, const Progress *b)
{
	assert_memory_equal(&a->controls, &b->controls, sizeof a->controls);
	assert_int_equal(a->music_on, b->music_on);
	assert_int_equal(a->sfx_on, b->sfx_on);
	assert_int_equal(a->crash_report, b->crash_report);
	for (int i = 0; i < HISCORE_COUNT; i++) {
		assert_string_equal(a->scores[i].name, b->scores[i].name);
		assert_int_equal(a->scores[i].score, b->scores[i].score);
	}
	for (int i = 0; i < SAVE_SLOTS; i++) {
		const SavedGame *g = &a->games[i], *h = &b->games[i];

		assert_row(g->used == h->used && g->level == h->level && g->bonus == h->bonus, "slot %d", i);
		assert_row(g->stats.score == h->stats.score && g->stats.health == h->stats.health &&
		    g->stats.lives == h->stats.lives && g->stats.bombs == h->stats.bombs &&
		    g->stats.prizes == h->stats.prizes && g->stats.secrets == h->stats.secrets &&
		    g->stats.frames == h->stats.frames, "slot %d stats", i);
	}
}

static void defaults_are_the_originals_table_and_default_keys(void **state)
{
	static const char *const names[] = { "BART", "LISA", "MARGE", "ITCHY", "SCRATCHY", "MR. BURNS",
		"MAGGIE", "KRUSTY", "HOMER", "" };

	(void)state;
	memset(&p, 0xA5, sizeof p);
	progress_defaults(&p);
	assert_true(controls_are_default(&p.controls));
	assert_true(p.music_on && p.sfx_on && !p.crash_report);
	for (int i = 0; i < HISCORE_COUNT; i++) {
		assert_string_equal(p.scores[i].name, names[i]);
		assert_int_equal(p.scores[i].score, i < 9 ? 1000000u - 100000u * (uint32_t)i : 0);
	}
	for (int i = 0; i < SAVE_SLOTS; i++)
		assert_false(p.games[i].used);
}

/* The layout's bytes, where docs and the header say they are. */
static void encoding_is_little_endian_at_fixed_offsets(void **state)
{
	(void)state;
	busy(&p);
	memset(buf, 0xEE, sizeof buf);
	assert_int_equal(progress_encode(&p, buf, PROGRESS_BYTES - 1), 0);
	assert_int_equal(buf[0], 0xEE);                 /* nothing written when it does not fit */
	assert_int_equal(progress_encode(&p, buf, sizeof buf), PROGRESS_BYTES);
	assert_int_equal(PROGRESS_BYTES, 394);
	assert_int_equal(buf[0], 2);
	assert_int_equal(buf[1], 0);
	assert_int_equal(buf[2], PROGRESS_BYTES & 0xFF);
	assert_int_equal(buf[3], PROGRESS_BYTES >> 8);
	assert_int_equal(buf[4 + CTL_JUMP * 2], GK_A);
	assert_int_equal(buf[4 + CTL_JUMP * 2 + 1], GK_S);
	assert_int_equal(buf[22], 0x02 | 0x04);          /* effects on, crash report; music off */
	assert_memory_equal(buf + 23, "ZED 9.-\0\0\0\0\0\0\0\0\0", 16);
	assert_memory_equal(buf + 39, "\x80\x84\x1E\x00", 4);   /* 2000000 */
	assert_memory_equal(buf + 43, "BART", 5);
	/* slot 1: used, level 4, not bonus, health 2, lives 3, bombs 9, score 12345, 7, 1, 9999 */
	assert_memory_equal(buf + 223, "\x01\x04\x00\x02\x03\x09\x39\x30\x00\x00\x07\x00\x01\x00\x0F\x27\x00\x00", 18);
	for (int i = 223 + 18; i < 223 + 36; i++)
		assert_int_equal(buf[i], 0);            /* slot 2 unused: all zeros */
	assert_int_equal(buf[385 + CTL_JUMP], GK_JOY_5);        /* the pad buttons, appended in version 2 */
	assert_int_equal(buf[385 + CTL_FIRE], GK_JOY_2);
	assert_int_equal(buf[385 + CTL_PAUSE], GK_JOY_10);
	assert_int_equal(buf[385 + CTL_LEFT], GK_NONE);
	assert_int_equal(buf[PROGRESS_BYTES], 0xEE);    /* nothing past the end */
}

static void round_trip_keeps_every_field(void **state)
{
	(void)state;
	busy(&p);
	assert_int_equal(progress_encode(&p, buf, sizeof buf), PROGRESS_BYTES);
	memset(&q, 0x5A, sizeof q);
	assert_true(progress_decode(&q, buf, PROGRESS_BYTES));
	same(&p, &q);
	progress_defaults(&p);
	assert_int_equal(progress_encode(&p, buf, sizeof buf), PROGRESS_BYTES);
	assert_true(progress_decode(&q, buf, PROGRESS_BYTES));
	same(&p, &q);
}

/* One byte changed: rejected, and the target untouched. */
static void reject(const char *what, size_t at, uint8_t value)
{
	uint8_t bad[PROGRESS_MAX_BYTES];

	busy(&p);
	assert_int_equal(progress_encode(&p, bad, sizeof bad), PROGRESS_BYTES);
	bad[at] = value;
	memset(&q, 0x5A, sizeof q);
	assert_row(!progress_decode(&q, bad, PROGRESS_BYTES), "%s (byte %zu = %u) was accepted", what, at, value);
	for (size_t i = 0; i < sizeof q; i++)
		assert_row(((uint8_t *)&q)[i] == 0x5A, "%s: the target changed at %zu", what, i);
}

#define GAME(slot, field) (223 + (slot) * 18 + (field))

static void every_bad_field_is_rejected(void **state)
{
	(void)state;
	reject("version 0", 0, 0);
	reject("version 1 at version 2's length", 0, 1);
	reject("version 3", 0, 3);
	reject("version high byte", 1, 1);
	reject("length", 2, 0);
	reject("no first key", 4 + CTL_LEFT * 2, GK_NONE);
	reject("a key out of the table", 4 + CTL_FIRE * 2, GK_COUNT);
	reject("Esc bound", 4 + CTL_FIRE * 2, GK_ESC);
	reject("Enter bound", 4 + CTL_BOMB * 2, GK_ENTER);
	reject("a key twice", 4 + CTL_KICK * 2, GK_A);           /* jump has A */
	reject("a key twice in one action", 4 + CTL_JUMP * 2 + 1, GK_A);
	reject("a gap before a key", 4 + CTL_JUMP * 2, GK_NONE);
	reject("unknown flag bits", 22, 0x08 | 0x01);
	reject("a control character in a name", 23 + 2, '\n');
	reject("a byte over 126 in a name", 23, 0xC4);
	reject("no NUL in a name", 23 + 15, 'X');
	reject("a byte after the NUL", 23 + 10, 'X');
	reject("a table out of order", 23 + 20 * 9 + 16 + 3, 0x7F);  /* the tenth row beats the ninth */
	reject("used is 2", GAME(0, 0), 2);
	reject("level out of range", GAME(0, 1), episode_level_count);
	reject("bonus is 2", GAME(0, 2), 2);
	reject("bonus from the wrong level", GAME(0, 2), 1);
	reject("health over the maximum", GAME(0, 3), PLAYER_MAX_HEALTH + 1);
	reject("no lives", GAME(0, 4), 0);
	reject("too many lives", GAME(0, 4), SAVED_LIVES_MAX + 1);
	reject("too many bombs", GAME(0, 5), MAX_BOMBS + 1);
	reject("an unused slot with data", GAME(1, 7), 1);
	reject("an unused slot with a level", GAME(1, 1), 3);
	reject("a pad button twice", 385 + CTL_BOMB, GK_JOY_2);         /* fire has Joy 2 */
	reject("a keyboard key in a pad slot", 385 + CTL_BOMB, GK_X);
	reject("a pad button in a keyboard slot", 4 + CTL_BOMB * 2, GK_JOY_7);
	reject("Joy 9 (Back, fixed) bound", 385 + CTL_BOMB, GK_JOY_9);
	reject("a pad direction bound", 385 + CTL_LEFT, GK_JOY_LEFT);
	reject("a pad key out of the table", 385 + CTL_LEFT, GK_COUNT);
}

/*
 * A version 1 record (issue 26: no pad buttons, 385 bytes) still loads:
 * its keys, flags, table and games as they were, the pad buttons the
 * defaults; saved again it is version 2.
 */
static void a_version_1_record_loads_with_the_default_pad_buttons(void **state)
{
	uint8_t old[PROGRESS_MAX_BYTES];

	(void)state;
	busy(&p);
	assert_int_equal(progress_encode(&p, buf, sizeof buf), PROGRESS_BYTES);
	memcpy(old, buf, PROGRESS_V1_BYTES);
	old[0] = 1;                             /* what issue 26's build wrote: version 1, 385 bytes */
	old[2] = PROGRESS_V1_BYTES & 0xFF;
	old[3] = PROGRESS_V1_BYTES >> 8;
	memset(&q, 0x5A, sizeof q);
	assert_true(progress_decode(&q, old, PROGRESS_V1_BYTES));
	for (int a = 0; a < CTL_COUNT; a++)
		assert_row(q.controls.pad[a] == control_defs[a].pad, "action %d: pad %d", a, q.controls.pad[a]);
	p.controls.pad[CTL_JUMP] = GK_JOY_1;    /* all else as saved */
	same(&p, &q);
	assert_false(progress_decode(&q, old, PROGRESS_BYTES));         /* version 1 at the new length */
	old[0] = 2;
	assert_false(progress_decode(&q, old, PROGRESS_V1_BYTES));      /* version 2 at the old length */
	assert_int_equal(progress_encode(&q, buf, sizeof buf), PROGRESS_BYTES);
	assert_int_equal(buf[0], 2);
}

static void wrong_lengths_are_rejected(void **state)
{
	(void)state;
	busy(&p);
	assert_int_equal(progress_encode(&p, buf, sizeof buf), PROGRESS_BYTES);
	memset(&q, 0x5A, sizeof q);
	assert_false(progress_decode(&q, buf, PROGRESS_BYTES - 1));
	assert_false(progress_decode(&q, buf, PROGRESS_BYTES + 1));
	assert_false(progress_decode(&q, buf, 0));
	assert_false(progress_decode(&q, NULL, PROGRESS_BYTES));
	assert_true(progress_decode(&q, buf, PROGRESS_BYTES));
}

/* As the original: a score must beat a row; it goes above the rows it beats, the last one drops off. */
static void the_table_ranks_and_inserts(void **state)
{
	(void)state;
	progress_defaults(&p);
	assert_int_equal(hiscore_rank(p.scores, 0), -1);
	assert_int_equal(hiscore_rank(p.scores, 1), 9);
	assert_int_equal(hiscore_rank(p.scores, 200000), 9);
	assert_int_equal(hiscore_rank(p.scores, 200001), 8);
	assert_int_equal(hiscore_rank(p.scores, 1000001), 0);
	hiscore_insert(p.scores, 1, "A NAME FAR TOO LONG TO FIT", 950000);
	assert_string_equal(p.scores[0].name, "BART");
	assert_string_equal(p.scores[1].name, "A NAME FAR TOO ");     /* 15 characters */
	assert_int_equal(p.scores[1].score, 950000);
	assert_string_equal(p.scores[2].name, "LISA");
	assert_string_equal(p.scores[9].name, "HOMER");               /* the empty row dropped off */
	assert_int_equal(progress_encode(&p, buf, sizeof buf), PROGRESS_BYTES);
	assert_true(progress_decode(&q, buf, PROGRESS_BYTES));
}

static void name_keys_give_letters_digits_and_space(void **state)
{
	(void)state;
	assert_int_equal(hiscore_key_char(GK_A), 'A');
	assert_int_equal(hiscore_key_char(GK_Z), 'Z');
	assert_int_equal(hiscore_key_char(GK_M), 'M');
	assert_int_equal(hiscore_key_char(GK_1), '1');
	assert_int_equal(hiscore_key_char(GK_9), '9');
	assert_int_equal(hiscore_key_char(GK_0), '0');
	assert_int_equal(hiscore_key_char(GK_SPACE), ' ');
	assert_int_equal(hiscore_key_char(GK_PERIOD), '.');
	assert_int_equal(hiscore_key_char(GK_ENTER), 0);
	assert_int_equal(hiscore_key_char(GK_BACKSPACE), 0);
	assert_int_equal(hiscore_key_char(GK_F1), 0);
	assert_int_equal(hiscore_key_char(GK_NONE), 0);
	for (uint8_t k = 0; k < GK_COUNT; k++) {
		char c = hiscore_key_char(k);

		assert_row(c == 0 || (c >= ' ' && c <= '~'), "key %u gives %d", k, c);
	}
	assert_true(hiscore_name_ok(""));
	assert_true(hiscore_name_ok("MR. BURNS"));
	assert_false(hiscore_name_ok("TAB\there"));
	assert_false(hiscore_name_ok("SIXTEEN CHARS XX"));
}

/* COM1's row ("scores: " + this) and SCORES.TXT, byte for byte. */
static void the_table_as_text(void **state)
{
	static const char want[] =
	    "Shardfall - Hall of Fame\r\n\r\n"
	    " 1.    1000000  BART\r\n"
	    " 2.     950000  A LONG NAME 15C\r\n"
	    " 3.     900000  LISA\r\n"
	    " 4.     800000  MARGE\r\n"
	    " 5.     700000  ITCHY\r\n"
	    " 6.     600000  SCRATCHY\r\n"
	    " 7.     500000  MR. BURNS\r\n"
	    " 8.     400000  MAGGIE\r\n"
	    " 9.     300000  KRUSTY\r\n"
	    "10.     200000  HOMER\r\n";
	char text[PROGRESS_SCORES_TEXT_MAX + 8], line[40];

	(void)state;
	progress_defaults(&p);
	hiscore_line(&p.scores[0], 0, line, sizeof line);
	assert_string_equal(line, "1. BART 1000000");
	hiscore_line(&p.scores[9], 9, line, sizeof line);
	assert_string_equal(line, "10.  0");
	hiscore_insert(p.scores, 1, "A LONG NAME 15C", 950000);
	memset(text, 'x', sizeof text);
	assert_int_equal(progress_scores_text(&p, text, PROGRESS_SCORES_TEXT_MAX - 1), 0);
	assert_int_equal(progress_scores_text(&p, text, sizeof text), strlen(want));
	assert_string_equal(text, want);
	p.scores[0].score = 0xFFFFFFFFu;        /* the widest row fits too */
	assert_true(progress_scores_text(&p, text, PROGRESS_SCORES_TEXT_MAX) < PROGRESS_SCORES_TEXT_MAX);
}

/*
 * 200000 payloads made from good ones by changing 1-4 random bytes: each
 * is either rejected with the target untouched, or accepted and then
 * encodes to exactly the same bytes (the encoding is canonical: nothing a
 * decoder accepts is lost or changed by a round trip).
 */
static void mutated_payloads_are_rejected_or_canonical(void **state)
{
	uint8_t good[2][PROGRESS_MAX_BYTES], bad[PROGRESS_MAX_BYTES], again[PROGRESS_MAX_BYTES];
	uint32_t seed = 12345, accepted = 0;

	(void)state;
	progress_defaults(&p);
	assert_int_equal(progress_encode(&p, good[0], sizeof good[0]), PROGRESS_BYTES);
	busy(&p);
	assert_int_equal(progress_encode(&p, good[1], sizeof good[1]), PROGRESS_BYTES);
	for (int i = 0; i < 200000; i++) {
		int n;

		memcpy(bad, good[i & 1], PROGRESS_BYTES);
		seed = seed * 1103515245u + 12345u;
		n = 1 + (int)(seed >> 29) % 4;
		for (int k = 0; k < n; k++) {
			seed = seed * 1103515245u + 12345u;
			bad[(seed >> 8) % PROGRESS_BYTES] = (uint8_t)(seed >> 24);
		}
		memset(&q, 0x5A, sizeof q);
		if (!progress_decode(&q, bad, PROGRESS_BYTES)) {
			assert_row(((uint8_t *)&q)[0] == 0x5A, "mutant %d: rejected but the target changed", i);
			continue;
		}
		accepted++;
		assert_int_equal(progress_encode(&q, again, sizeof again), PROGRESS_BYTES);
		assert_row(memcmp(again, bad, PROGRESS_BYTES) == 0, "mutant %d: accepted but not canonical", i);
	}
	print_message("%u of 200000 mutants accepted (and canonical)\n", accepted);
	assert_true(accepted > 1000);           /* e.g. score and name bytes: the test does reach the accept path */
	assert_true(accepted < 190000);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(defaults_are_the_originals_table_and_default_keys),
		cmocka_unit_test(encoding_is_little_endian_at_fixed_offsets),
		cmocka_unit_test(round_trip_keeps_every_field),
		cmocka_unit_test(every_bad_field_is_rejected),
		cmocka_unit_test(wrong_lengths_are_rejected),
		cmocka_unit_test(a_version_1_record_loads_with_the_default_pad_buttons),
		cmocka_unit_test(the_table_ranks_and_inserts),
		cmocka_unit_test(name_keys_give_letters_digits_and_space),
		cmocka_unit_test(the_table_as_text),
		cmocka_unit_test(mutated_payloads_are_rejected_or_canonical),
	};

	if (testmain_filter("progress", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
