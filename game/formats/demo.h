/* demo.h: demo files (.dem) — a level's recorded per-tick input, the validator, the player and the recorder. */
#ifndef GAME_DEMO_H
#define GAME_DEMO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "input.h"

typedef struct World World;

/*
 * Demo file, little-endian. Input is the only thing that enters the game
 * (input.h), so a level's start plus its stream of GameInputs replays it
 * exactly:
 *
 *   offset  size        field
 *   0       4           magic "SFDM"
 *   4       u16         version = DEMO_VERSION
 *   6       u16         flags, must be 0
 *   8       char[32]    level: the name level=NAME takes (a-z 0-9 _ -, 1..31 chars),
 *                       NUL-terminated, NUL-padded
 *   40      u32         level_crc: the level file's own CRC field (its last 4 bytes)
 *                       when recorded, 0 = unknown; a mismatch only warns
 *   44      u32         seed: the world's RNG seed (world_load_level)
 *   48      u32         score    \
 *   52      u8          lives     | the player's stats at the first tick, so a
 *   53      u8          health    | demo can start in the middle of an episode;
 *   54      u8          bombs    /  lives 1..PLAYER_START_LIVES, health 1..PLAYER_MAX_HEALTH,
 *                                      bombs 0..MAX_BOMBS, score 0..DEMO_MAX_SCORE (what the HUD shows)
 *   55      u8          reserved, must be 0
 *   56      u32         ticks: world frames the demo plays
 *   60      u32         runs: run records that follow, 0..DEMO_MAX_RUNS
 *   64      5 * runs    run records: u8 count (1..255), u16 held, u16 pressed —
 *                       `count` consecutive ticks with this input (bits BTN_*,
 *                       none at or above BTN_COUNT); the counts add up to ticks
 *   ...     u32         CRC-32 (zlib's) of every byte before it
 *
 * A valid file is exactly 64 + 5 * runs + 4 bytes long. A run of more than
 * 255 equal ticks is split into several records. Nothing else is checked
 * or needed: two neighbouring records with the same input are allowed.
 */
#define DEMO_MAGIC          "SFDM"
#define DEMO_VERSION        1
#define DEMO_HEADER_SIZE    64
#define DEMO_LEVEL_SIZE     32          /* == CMDLINE_LEVEL_LEN in kernel/log/cmdline.h */
#define DEMO_RUN_SIZE       5
#define DEMO_CRC_SIZE       4
#define DEMO_RUN_MAX        255         /* ticks in one run record */
#define DEMO_MAX_RUNS       16384       /* a recorder's capacity; ~80 KB, tens of minutes of play */
#define DEMO_MAX_SCORE      9999999u    /* the status bar shows 7 digits */
#define DEMO_MAX_SIZE       (DEMO_HEADER_SIZE + DEMO_RUN_SIZE * DEMO_MAX_RUNS + DEMO_CRC_SIZE)
#define DEMO_ERR_SIZE       112         /* room for any demo_check message */
#define DEMO_BUTTONS        ((uint16_t)((1u << BTN_COUNT) - 1))

typedef struct DemoHeader {
	uint16_t version;
	char level[DEMO_LEVEL_SIZE];    /* NUL-terminated */
	uint32_t level_crc;
	uint32_t seed;
	uint32_t score;
	uint8_t lives, health, bombs;
	uint32_t ticks;
	uint32_t runs;
} DemoHeader;

/*
 * Checks every byte of a demo of len bytes (data may be NULL when len is 0).
 * On success fills *out (if not NULL), empties err and returns true; on
 * failure writes "demo: <what is wrong>" to err (if errlen > 0; always
 * NUL-terminated, truncated to fit) and returns false. Never reads data[len]
 * or beyond.
 */
bool demo_check(const uint8_t *data, size_t len, DemoHeader *out, char *err, size_t errlen);

/* Plays a checked demo back, one GameInput per tick. Points into the caller's bytes. */
typedef struct DemoPlayer {
	DemoHeader h;
	const uint8_t *runs;            /* the first run record */
	uint32_t run;                   /* record being played */
	uint32_t left;                  /* ticks left in it */
	uint32_t played;                /* ticks handed out so far */
} DemoPlayer;

/* demo_check, then ready to play from the first tick. On failure *p is left unusable (ended). */
bool demo_open(DemoPlayer *p, const uint8_t *data, size_t len, char *err, size_t errlen);

/* The next tick's input; false (and no buttons in *in) once every tick has been played. */
bool demo_next(DemoPlayer *p, GameInput *in);
bool demo_ended(const DemoPlayer *p);

/* Put the demo's starting stats (score, lives, health, bombs) into a freshly loaded world. */
void demo_apply_start(const DemoHeader *h, World *w);

/* The CRC a level file carries in its last 4 bytes (what level_crc records), 0 if too short. */
uint32_t demo_level_crc(const uint8_t *level, size_t len);

/*
 * The recorder: a fixed buffer laid out as the file itself (header space,
 * then run records), so finishing only writes the header and the CRC.
 * When DEMO_MAX_RUNS records are used up it stops recording and sets full;
 * what it has stays a valid, shorter demo.
 */
typedef struct DemoRecorder {
	uint8_t bytes[DEMO_MAX_SIZE];
	DemoHeader h;
	bool full;                      /* ran out of run records; later ticks were dropped */
} DemoRecorder;

/*
 * Start recording a level: its name (truncated to 31 characters), the
 * level file's CRC (demo_level_crc), the seed it was loaded with, and the
 * player's stats taken from w (after the level is loaded and any carried
 * stats are set).
 */
void demo_rec_begin(DemoRecorder *r, const char *level, uint32_t level_crc, uint32_t seed, const World *w);
bool demo_rec_add(DemoRecorder *r, const GameInput *in);        /* false once full */

/* Header and CRC written into r->bytes; returns the file's length (r->bytes[0 .. len-1]). */
size_t demo_rec_finish(DemoRecorder *r);

/* The demos built into the program (build/gen/demos.c, from the NAME.dem files in game/demos). */
typedef struct DemoBlob {
	const char *name;               /* file stem, e.g. "test" */
	const uint8_t *data;
	uint32_t len;
} DemoBlob;

extern const DemoBlob game_demos[];
extern const uint16_t game_demo_count;

/* The built-in demo with this file stem, or NULL. */
const DemoBlob *demo_find(const char *name);

#endif
