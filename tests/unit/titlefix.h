/* titlefix.h: the title state and one-tick input helpers shared by the title tests (test_title*.c). */
#ifndef TESTS_UNIT_TITLEFIX_H
#define TESTS_UNIT_TITLEFIX_H

#include "testmain.h"

#include "input.h"
#include "title.h"

#define L BTN_BIT(BTN_LEFT)
#define R BTN_BIT(BTN_RIGHT)
#define U BTN_BIT(BTN_UP)
#define D BTN_BIT(BTN_DOWN)

static TitleState title;
static TitleEvents ev;

static inline int fresh_title(void **state)
{
	(void)state;
	memset(&title, 0xA5, sizeof title);
	title_init(&title);
	return 0;
}

/* One tick with these buttons held and these newly pressed (a press is also held). */
static inline void tick(uint16_t held, uint16_t pressed)
{
	GameInput in = { .held = (uint16_t)(held | pressed), .pressed = pressed };

	memset(&ev, 0xA5, sizeof ev);
	title_tick(&title, &in, &ev);
}

static inline void idle(int n)
{
	for (int i = 0; i < n; i++)
		tick(0, 0);
}

#endif
