/* demofix.h: a demo under test — recorded from a stream, edited byte by byte — shared by test_demo*.c. */
#ifndef TESTS_UNIT_DEMOFIX_H
#define TESTS_UNIT_DEMOFIX_H

#include "testmain.h"

#include "crc32.h"
#include "demo.h"
#include "world.h"

static World w;                         /* for the stats the recorder takes; ~140 KB */
static DemoRecorder rec;
static DemoPlayer pl;
static uint8_t dem[DEMO_MAX_SIZE + 8];  /* a demo under test, edited in place */
static size_t dem_len;
static char err[DEMO_ERR_SIZE];
static GameInput stream[4000];          /* what was recorded, tick by tick */

static inline int fresh(void **state)
{
	(void)state;
	world_init(&w, 1);
	memset(&rec, 0, sizeof rec);
	memset(err, 0, sizeof err);
	return 0;
}

static inline GameInput gi(uint16_t held, uint16_t pressed)
{
	return (GameInput){ .held = held, .pressed = pressed };
}

/* Record n inputs of stream[] on level "tiny" and copy the file into dem[]. */
static inline void record_stream(int n)
{
	demo_rec_begin(&rec, "tiny", 0xCAFEF00D, 7, &w);
	for (int i = 0; i < n; i++)
		assert_true(demo_rec_add(&rec, &stream[i]));
	dem_len = demo_rec_finish(&rec);
	memcpy(dem, rec.bytes, dem_len);
}

static inline void put16(size_t at, uint16_t v)
{
	dem[at] = (uint8_t)v;
	dem[at + 1] = (uint8_t)(v >> 8);
}

static inline void put32(size_t at, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		dem[at + i] = (uint8_t)(v >> (8 * i));
}

static inline void fix_crc(void)
{
	put32(dem_len - DEMO_CRC_SIZE, crc32_update(0, dem, dem_len - DEMO_CRC_SIZE));
}

/* demo_check on an exact-size heap copy, so ASan sees any read past the end. */
static inline bool check_copy(const uint8_t *data, size_t len, DemoHeader *h, char *e, size_t elen)
{
	uint8_t *copy = malloc(len ? len : 1);
	bool ok;

	memcpy(copy, data, len);
	ok = demo_check(copy, len, h, e, elen);
	free(copy);
	return ok;
}

/* The demo in dem[] is rejected with exactly this message. */
static inline void assert_rejected(const char *want)
{
	assert_false(check_copy(dem, dem_len, NULL, err, sizeof err));
	assert_string_equal(err, want);
}

/* The reference demo: 10 ticks in 5 runs — Right pressed, held; Jump pressed, held; nothing. */
static inline void build_small(void)
{
	for (int i = 0; i < 10; i++)
		stream[i] = i < 4 ? gi(BTN_BIT(BTN_RIGHT), i == 0 ? BTN_BIT(BTN_RIGHT) : 0) :
		    i < 6 ? gi(BTN_BIT(BTN_RIGHT) | BTN_BIT(BTN_JUMP), i == 4 ? BTN_BIT(BTN_JUMP) : 0) : gi(0, 0);
	record_stream(10);
}

#endif
