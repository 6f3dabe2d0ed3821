/* sessionfix.h: a session with captured log lines and one-tick key helpers, shared by test_session*.c. */
#ifndef TESTS_UNIT_SESSIONFIX_H
#define TESTS_UNIT_SESSIONFIX_H

#include "testmain.h"

#include "input.h"
#include "keys.h"
#include "session.h"

#define ENTER   BTN_BIT(BTN_ENTER)
#define UP      BTN_BIT(BTN_UP)
#define DOWN    BTN_BIT(BTN_DOWN)
#define RIGHT   BTN_BIT(BTN_RIGHT)
#define JUMP    BTN_BIT(BTN_JUMP)
#define FIRE    BTN_BIT(BTN_FIRE)
#define PAUSE   BTN_BIT(BTN_PAUSE)

#define LOG_LINES 256

static Session s;                       /* holds a World (~140 KB): static */
static SessionEvents ev;
static struct {
	char line[LOG_LINES][128];
	int n;
} logged;

static inline void capture(void *ctx, const char *line)
{
	(void)ctx;
	assert_true(strlen(line) < sizeof logged.line[0]);
	strcpy(logged.line[logged.n % LOG_LINES], line);
	logged.n++;
}

/* The session logged exactly this line since the last forget(). */
static inline bool saw(const char *line)
{
	for (int i = 0; i < logged.n && i < LOG_LINES; i++)
		if (strcmp(logged.line[i], line) == 0)
			return true;
	return false;
}

/* The session logged a line starting with this since the last forget(). */
static inline bool saw_prefix(const char *prefix)
{
	for (int i = 0; i < logged.n && i < LOG_LINES; i++)
		if (strncmp(logged.line[i], prefix, strlen(prefix)) == 0)
			return true;
	return false;
}

static inline void forget(void)
{
	logged.n = 0;
}

static inline int fresh_session(void **state)
{
	SessionHooks hooks = { .log = capture };

	(void)state;
	forget();
	memset(&s, 0xA5, sizeof s);
	session_init(&s, &hooks);
	return 0;
}

/*
 * One tick: buttons held and newly pressed (a press is also held), extra
 * keys (SKEY_*). The screens see the same buttons (as from a script).
 */
static inline void tick_keys(uint16_t held, uint16_t pressed, uint8_t keys)
{
	SessionInput in = { .pad = { (uint16_t)(held | pressed), pressed },
	    .keys = (uint8_t)(keys | (pressed ? SKEY_ANY : 0)), .key = GK_NONE };

	in.menu = in.pad;
	memset(&ev, 0xA5, sizeof ev);
	session_tick(&s, &in, &ev);
}

/* One tick of the keyboard: these game keys pressed (and down), through the bindings as the kernel does. */
static inline void tap_keys(const uint8_t *keys, int n)
{
	KeyboardTick k = { .presses = 0 };
	SessionInput in;

	for (int i = 0; i < n; i++) {
		k.down[keys[i]] = true;
		keyboard_tick_press(&k, keys[i]);
	}
	session_keyboard(&s, &k, &in);
	memset(&ev, 0xA5, sizeof ev);
	session_tick(&s, &in, &ev);
}

static inline void tap(uint8_t key)
{
	tap_keys(&key, 1);
}

static inline void press(uint16_t buttons)
{
	tick_keys(0, buttons, 0);
}

static inline void idle(int n)
{
	for (int i = 0; i < n; i++)
		tick_keys(0, 0, 0);
}

/* A high-score table whose last row is `lowest` (scores at or under it do not qualify: no name prompt). */
static inline void table_full(uint32_t lowest)
{
	for (int i = 0; i < HISCORE_COUNT; i++)
		s.progress.scores[i].score = lowest + (uint32_t)(HISCORE_COUNT - 1 - i) * 1000u;
}

/* Title -> menu -> New game: level 1 is being played. */
static inline void new_game(void)
{
	press(ENTER);
	assert_int_equal(s.mode, SESSION_MENU);
	press(ENTER);
	assert_int_equal(s.mode, SESSION_PLAYING);
}

#endif
