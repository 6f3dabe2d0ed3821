/*
 * test_gameport.c: the game port driver (drivers/input/gameport.c) on a simulated port and PIT —
 * its port I/O and interrupt flag through tests/unit/simport/io.h. Each read of the port is
 * SIM_CLOCKS_PER_READ PIT clocks after the one before (an ISA read is about 1 us); an axis bit
 * stays 1 for its set time after the write that fires the one-shots. Timing to axis values around
 * the centre taken at detection, an axis that never drops (bounded, at the limit), an absent port
 * (0xFF forever: found missing, never hangs), a PIT counter that never moves (the read bound
 * ends it), buttons (0 = pressed), interrupts off during a timing and back on after.
 */
#include "testmain.h"

#include "gameport.h"
#include "pad.h"
#include "pit.h"

#define SIM_DIVISOR             8523u   /* the game's 140 Hz */
#define SIM_CLOCKS_PER_READ     2       /* about 1.7 us between two reads of port and counter */
#define NEVER                   0xFFFFFFFFu

static struct {
	bool absent;                    /* nothing at 0x201: every read 0xFF */
	bool counter_stuck;             /* no PIT: the counter never moves */
	uint32_t clock;                 /* PIT input clocks since the start */
	uint32_t fired_at;              /* the clock of the last write to the port */
	uint32_t axis_clocks[4];        /* how long each axis bit stays 1 (NEVER: for ever) */
	uint8_t buttons_down;           /* bits 0..3: A1 A2 B1 B2 held */
	bool irq_off;
	int cli_count, port_reads, port_writes;
	bool read_with_irq_on;          /* a port read while interrupts were on, during a timing */
} sim;

uint32_t sim_flags_cli(void)
{
	uint32_t was = sim.irq_off ? 0 : 0x200;

	sim.irq_off = true;
	sim.cli_count++;
	return was;
}

void sim_restore_flags(uint32_t f)
{
	sim.irq_off = (f & 0x200) == 0;
}

void sim_out(uint16_t port, uint32_t v, int bytes)
{
	(void)v;
	assert_int_equal(port, GAMEPORT_PORT);
	assert_int_equal(bytes, 1);
	sim.port_writes++;
	sim.fired_at = sim.clock;
}

uint32_t sim_in(uint16_t port, int bytes)
{
	uint8_t v = 0;

	assert_int_equal(port, GAMEPORT_PORT);
	assert_int_equal(bytes, 1);
	sim.port_reads++;
	sim.clock += SIM_CLOCKS_PER_READ;
	if (sim.absent)
		return 0xFF;
	for (int i = 0; i < 4; i++)
		if (sim.axis_clocks[i] == NEVER || sim.clock - sim.fired_at < sim.axis_clocks[i])
			v |= (uint8_t)(1u << i);
	return v | (uint8_t)((~sim.buttons_down & 0x0F) << 4);
}

/* Mode 3: counts down by 2 a clock from the divisor, reloading twice a period. */
uint16_t pit_channel0_count(void)
{
	uint32_t half = SIM_DIVISOR / 2;

	if (sim.counter_stuck)
		return 0x1234;
	return (uint16_t)(SIM_DIVISOR - 2 * (sim.clock % half));
}

uint16_t pit_channel0_divisor(void)
{
	return SIM_DIVISOR;
}

/* Microseconds to PIT clocks. */
static uint32_t us(uint32_t t)
{
	return t * (PIT_BASE_HZ / 1000) / 1000;
}

static int setup(void **state)
{
	(void)state;
	memset(&sim, 0, sizeof sim);
	sim.clock = 1000;                       /* not at a reload */
	for (int i = 0; i < 4; i++)
		sim.axis_clocks[i] = us(500);   /* a stick at rest: about half its travel */
	return 0;
}

static void a_port_with_one_joystick_is_found_with_its_two_axes_centred(void **state)
{
	GamePort gp;

	(void)state;
	sim.axis_clocks[2] = sim.axis_clocks[3] = NEVER;        /* no joystick B */
	assert_true(gameport_detect(&gp));
	assert_int_equal(gp.axes, GAMEPORT_AXIS_AX | GAMEPORT_AXIS_AY);
	assert_in_range(gp.centre[0], us(500) - 4, us(500) + 4);
	assert_in_range(gp.centre[1], us(500) - 4, us(500) + 4);
	assert_int_equal(sim.port_writes, 1);
	assert_false(sim.irq_off);              /* the flags are back as they were */
	assert_int_equal(sim.cli_count, 1);
}

static void an_absent_port_reads_ff_and_is_no_game_port_within_the_bound(void **state)
{
	GamePort gp;
	PadState p = { .reports = 0 };
	uint32_t start;

	(void)state;
	sim.absent = true;
	start = sim.clock;
	assert_false(gameport_detect(&gp));
	assert_false(gp.present);
	assert_true(sim.clock - start <= us(GAMEPORT_LIMIT_US) + 2 * SIM_CLOCKS_PER_READ);
	assert_true(sim.port_reads <= GAMEPORT_MAX_READS);
	sim.port_reads = 0;
	gameport_read(&gp, true, &p);           /* never touches the port again */
	assert_false(p.present);
	assert_int_equal(sim.port_reads, 0);
}

static void a_stuck_pit_counter_still_ends_the_timing_by_the_read_bound(void **state)
{
	GamePort gp;

	(void)state;
	sim.absent = true;
	sim.counter_stuck = true;
	assert_false(gameport_detect(&gp));
	assert_int_equal(sim.port_reads, GAMEPORT_MAX_READS);
	assert_false(sim.irq_off);
}

/* Times around the centre scale to -32767..32767: a short time is left/up, a long one right/down. */
static void times_give_axis_values_around_the_centre(void **state)
{
	static const struct { uint32_t t_us; int16_t lo, hi; } rows[] = {
		{ 500, -200, 200 },             /* at rest */
		{ 750, 16000, 16800 },          /* half way right */
		{ 1000, 32000, 32767 },         /* full right: twice the centre */
		{ 1400, 32767, 32767 },         /* past it: clamped */
		{ 250, -16800, -16000 },        /* half way left */
		{ 40, -32767, -29000 },         /* full left */
	};
	GamePort gp;
	PadState p = { .reports = 0 };

	(void)state;
	assert_true(gameport_detect(&gp));
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		sim.axis_clocks[0] = us(rows[i].t_us);
		gameport_read(&gp, true, &p);
		assert_row(p.axis[PAD_AXIS_X] >= rows[i].lo && p.axis[PAD_AXIS_X] <= rows[i].hi,
		    "%u us: X = %d, want %d..%d", (unsigned)rows[i].t_us, p.axis[PAD_AXIS_X], rows[i].lo, rows[i].hi);
		assert_row(p.axis[PAD_AXIS_Y] > -200 && p.axis[PAD_AXIS_Y] < 200, "%u us: Y moved", (unsigned)rows[i].t_us);
	}
	assert_true(p.present);
	assert_int_equal(p.kind, PAD_KIND_GAMEPORT);
	assert_int_equal(p.axes_used, (1u << PAD_AXIS_X) | (1u << PAD_AXIS_Y) | (1u << PAD_AXIS_RX) | (1u << PAD_AXIS_RY));
	assert_int_equal(p.reports, ARRAY_LEN(rows));
	assert_string_equal(p.name, "game port 201h");
}

/* A pot that goes open after detection (a cable pulled) never drops: the limit, in bounded time. */
static void an_axis_that_never_drops_reads_at_the_limit_without_hanging(void **state)
{
	GamePort gp;
	PadState p = { .reports = 0 };
	uint32_t start;

	(void)state;
	assert_true(gameport_detect(&gp));
	sim.axis_clocks[1] = NEVER;
	start = sim.clock;
	gameport_read(&gp, true, &p);
	assert_int_equal(p.axis[PAD_AXIS_Y], PAD_AXIS_MAX);
	assert_in_range(gp.clocks[1], us(GAMEPORT_LIMIT_US) - 2, us(GAMEPORT_LIMIT_US));
	assert_true(sim.clock - start <= us(GAMEPORT_LIMIT_US) + 4 * SIM_CLOCKS_PER_READ);
	assert_true(abs(p.axis[PAD_AXIS_X]) < 200);
}

/* The timing runs with interrupts off; a reading of the buttons only does not time (and does not fire). */
static void timing_is_done_with_interrupts_off_and_buttons_alone_do_not_time(void **state)
{
	GamePort gp;
	PadState p = { .reports = 0 };

	(void)state;
	assert_true(gameport_detect(&gp));
	sim.cli_count = sim.port_writes = 0;
	gameport_read(&gp, true, &p);
	assert_int_equal(sim.cli_count, 1);
	assert_int_equal(sim.port_writes, 1);
	assert_false(sim.irq_off);
	sim.port_reads = 0;
	sim.axis_clocks[0] = us(1000);
	gameport_read(&gp, false, &p);
	assert_int_equal(sim.port_writes, 1);
	assert_int_equal(sim.port_reads, 1);
	assert_true(abs(p.axis[PAD_AXIS_X]) < 200); /* the last timing's value */
}

/* Buttons read 0 while pressed: A1 A2 B1 B2 are buttons 1-4. */
static void buttons_are_low_while_pressed(void **state)
{
	static const struct { uint8_t down; uint32_t buttons; } rows[] = {
		{ 0x0, 0x0 }, { 0x1, 0x1 }, { 0x2, 0x2 }, { 0x4, 0x4 }, { 0x8, 0x8 }, { 0xF, 0xF }, { 0x5, 0x5 },
	};
	GamePort gp;
	PadState p = { .reports = 0 };

	(void)state;
	assert_true(gameport_detect(&gp));
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		sim.buttons_down = rows[i].down;
		gameport_read(&gp, false, &p);
		assert_row(p.buttons == rows[i].buttons, "down %x: buttons %x", rows[i].down, (unsigned)p.buttons);
	}
	assert_int_equal(p.buttons_used, 4);
}

static void scale_edges(void **state)
{
	(void)state;
	assert_int_equal(gameport_scale(100, 0), 0);
	assert_int_equal(gameport_scale(600, 600), 0);
	assert_int_equal(gameport_scale(0, 600), PAD_AXIS_MIN);
	assert_int_equal(gameport_scale(1200, 600), PAD_AXIS_MAX);
	assert_int_equal(gameport_scale(65535, 600), PAD_AXIS_MAX);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test_setup(a_port_with_one_joystick_is_found_with_its_two_axes_centred, setup),
	cmocka_unit_test_setup(an_absent_port_reads_ff_and_is_no_game_port_within_the_bound, setup),
	cmocka_unit_test_setup(a_stuck_pit_counter_still_ends_the_timing_by_the_read_bound, setup),
	cmocka_unit_test_setup(times_give_axis_values_around_the_centre, setup),
	cmocka_unit_test_setup(an_axis_that_never_drops_reads_at_the_limit_without_hanging, setup),
	cmocka_unit_test_setup(timing_is_done_with_interrupts_off_and_buttons_alone_do_not_time, setup),
	cmocka_unit_test_setup(buttons_are_low_while_pressed, setup),
	cmocka_unit_test(scale_edges),
};

int main(int argc, char **argv)
{
	if (testmain_filter("gameport", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("gameport", tests, NULL, NULL);
}
