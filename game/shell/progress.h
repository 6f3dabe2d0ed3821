/* progress.h: what survives power-off — settings, the high-score table, nine saved games, the crash flag — and its bytes. */
#ifndef GAME_PROGRESS_H
#define GAME_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "controls.h"
#include "episode.h"

#define HISCORE_COUNT   10
#define HISCORE_NAME    16              /* 15 characters and NUL, as the original */
#define SAVE_SLOTS      9

/* One row of the table: a name of printable ASCII (may be empty, as the original's tenth row) and its score. */
typedef struct HiScore {
	char name[HISCORE_NAME];
	uint32_t score;
} HiScore;

/*
 * A saved game: the state at the beginning of a level, as the original
 * saves (restoring starts that level afresh): the episode level, whether
 * it is the bonus level reached from it, and the stats it was started with.
 */
typedef struct SavedGame {
	bool used;
	uint8_t level;                  /* index in episode_levels */
	bool bonus;                     /* the bonus level (only from level episode_bonus_from) */
	PlayerStats stats;              /* what stats_apply puts into the level, and the sums for the ending */
} SavedGame;

typedef struct Progress {
	Controls controls;
	bool music_on, sfx_on;
	HiScore scores[HISCORE_COUNT];  /* best first; ties keep the older entry first */
	SavedGame games[SAVE_SLOTS];    /* slot 1 is games[0] */
	bool crash_report;              /* CRASH.TXT holds a report the player has not been told about */
} Progress;

/*
 * The encoding (version 2), little-endian, fixed layout, PROGRESS_BYTES:
 *   0  u16 version (2)          2  u16 length (PROGRESS_BYTES)
 *   4  controls: CTL_COUNT x CONTROL_KEYS GameKeys (controls.h rules: first key set, no key twice,
 *      none reserved, empty slots GK_NONE after the used ones)
 *  22  u8 flags: bit 0 music on, bit 1 sound effects on, bit 2 crash report; other bits 0
 *  23  10 scores x (16 name bytes: printable ASCII, NUL, then NULs; u32 score), best first
 * 223  9 games x 18 bytes: u8 used (0/1), u8 level, u8 bonus (0/1), u8 health, u8 lives, u8 bombs,
 *      u32 score, u16 prizes, u16 secrets, u32 frames; an unused slot is all zeros
 * 385  pad buttons: CTL_COUNT GameKeys (GK_JOY_1..GK_JOY_16 or GK_NONE; none fixed, none twice)
 * 394  end
 * Version 1 (issue 26) is the same without the pad buttons (385 bytes): it still loads, with the
 * default pad buttons.
 */
#define PROGRESS_VERSION    2
#define PROGRESS_BYTES      394
#define PROGRESS_V1_BYTES   385
#define PROGRESS_MAX_BYTES  1024        /* the largest encoding: the save area's slot must hold it */
#define SAVED_LIVES_MAX     9

void progress_defaults(Progress *p);    /* default keys, music and effects on, the original's table, no games */
size_t progress_encode(const Progress *p, uint8_t *buf, size_t cap);   /* bytes, 0 if cap too small */
bool progress_decode(Progress *p, const uint8_t *buf, size_t len);     /* validates every field; *p untouched on false */

/* The table: where a score would go (-1: it does not qualify: it must beat a row, as the original). */
int hiscore_rank(const HiScore *table, uint32_t score);
/* Put score (and name) in at rank, the rows below moving down one, the last dropped. */
void hiscore_insert(HiScore *table, int rank, const char *name, uint32_t score);
bool hiscore_name_ok(const char *name);      /* printable ASCII, at most HISCORE_NAME - 1 characters */
char hiscore_key_char(uint8_t key);          /* a name prompt's GameKey as a character ('A', '7', ' '), 0 if none */

/*
 * The table as text, for the kernel: one row as COM1 prints it after
 * "scores: " ("1. BART 1000000", "10.  0" for an empty name), and the
 * whole table as SCORES.TXT (a title line, a blank line, then
 * " 1.  1000000  BART" per row, CRLF line ends for every PC's editor).
 * progress_scores_text returns the bytes written (the NUL not counted),
 * 0 if cap is too small; PROGRESS_SCORES_TEXT_MAX always suffices.
 */
#define PROGRESS_SCORES_TEXT_MAX 512
void hiscore_line(const HiScore *h, int rank, char *buf, size_t size);
size_t progress_scores_text(const Progress *p, char *buf, size_t cap);

#endif
