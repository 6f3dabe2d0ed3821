/* replay.h: replay files (REPLAY.DAT, CRASHRPL.DAT) — a level's demo since its start, the tick reached and its frame CRC. */
#ifndef GAME_REPLAY_H
#define GAME_REPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "demo.h"

/*
 * Replay file, little-endian. The game is deterministic from its input,
 * so a level's start and every tick's input since (a whole demo file,
 * demo.h) bring the world back to the tick a player reported a problem
 * at, or the panic came at; the frame CRC there says whether it did:
 *
 *   offset  size        field
 *   0       4           magic "SFRP"
 *   4       u16         version = REPLAY_VERSION
 *   6       u16         flags: REPLAY_F_* below, no other bit
 *   8       u32         end_tick: world frames begun since the level started
 *   12      u32         frame_crc: the world's picture after frame end_tick
 *                       (replay_frame_crc in game/shell/report.h); 0 with MIDFRAME
 *   16      u8          episode_level: the level's index in the episode,
 *                       REPLAY_NO_EPISODE (0xFF) for level=NAME or a demo
 *   17      u8          bonus: 1 = the episode's bonus level (only with an episode level), else 0
 *   18      u8          source: REPLAY_SRC_PLAYER (keyboard or pad) or REPLAY_SRC_DEMO
 *   19      u8          reserved, 0
 *   20      u16         prizes   \  the episode's sums over the levels finished
 *   22      u16         secrets   | before this one (PlayerStats); the level's own
 *   24      u32         frames   /  start (seed, score, lives, health, bombs) is in the demo
 *   28      u32         reserved, 0
 *   32      u32         demo_len: DEMO_HEADER_SIZE + DEMO_CRC_SIZE .. DEMO_MAX_SIZE
 *   36      demo_len    the demo: a whole .dem file (demo_check), its ticks the inputs recorded
 *   ...     u32         CRC-32 (zlib's) of every byte before it
 *
 * The demo's ticks equal end_tick, except:
 *   REPLAY_F_INCOMPLETE  the recorder filled up (DEMO_MAX_RUNS run records, at least
 *                        DEMO_MAX_RUNS ticks: over 25 minutes at 10.8 frames a second):
 *                        the demo holds the first ticks only, fewer than end_tick
 *   REPLAY_F_PANIC       written by the panic (CRASHRPL.DAT), not by Report a problem
 *   REPLAY_F_MIDFRAME    the panic came inside a world frame: the demo's last input is
 *                        that frame's, there is no finished picture (frame_crc 0); PANIC too
 *
 * A replay is 36 + demo_len + 4 bytes; what follows it is not read (REPLAY.DAT is a
 * pre-sized file, the replay its first bytes).
 */
#define REPLAY_MAGIC            "SFRP"
#define REPLAY_VERSION          1
#define REPLAY_HEADER_SIZE      36
#define REPLAY_CRC_SIZE         4
#define REPLAY_MAX_SIZE         (REPLAY_HEADER_SIZE + DEMO_MAX_SIZE + REPLAY_CRC_SIZE)
#define REPLAY_ERR_SIZE         (DEMO_ERR_SIZE + 48)    /* a demo's message after "replay: the demo: " */
#define REPLAY_NO_EPISODE       0xFF

#define REPLAY_F_INCOMPLETE     0x0001
#define REPLAY_F_PANIC          0x0002
#define REPLAY_F_MIDFRAME       0x0004
#define REPLAY_F_ALL            (REPLAY_F_INCOMPLETE | REPLAY_F_PANIC | REPLAY_F_MIDFRAME)

#define REPLAY_SRC_PLAYER       0
#define REPLAY_SRC_DEMO         1

/* What a replay says besides its demo. */
typedef struct ReplayMeta {
	uint16_t flags;                 /* REPLAY_F_* */
	uint32_t end_tick;
	uint32_t frame_crc;
	uint8_t episode_level;          /* REPLAY_NO_EPISODE: none */
	uint8_t bonus;
	uint8_t source;                 /* REPLAY_SRC_* */
	uint16_t prizes, secrets;
	uint32_t frames;
} ReplayMeta;

/* A checked replay: its fields and where its demo lies in the caller's bytes. */
typedef struct ReplayInfo {
	ReplayMeta m;
	DemoHeader demo;                /* the demo's header (demo_check) */
	const uint8_t *demo_bytes;      /* demo_len bytes: open them with demo_open */
	uint32_t demo_len;
	size_t size;                    /* bytes the replay takes: header, demo, CRC */
} ReplayInfo;

/*
 * Checks the replay at the start of len bytes (data may be NULL when len
 * is 0): every field, the embedded demo (demo_check) and the CRC. On
 * success fills *out (if not NULL), empties err and returns true; on
 * failure writes "replay: <what is wrong>" to err (if errlen > 0; always
 * NUL-terminated, truncated to fit) and returns false. Never reads
 * data[len] or beyond; bytes after the replay are not read.
 */
bool replay_check(const uint8_t *data, size_t len, ReplayInfo *out, char *err, size_t errlen);

/*
 * A replay in three pieces, so the demo is written from where it was
 * recorded: head (the 36 header bytes), the demo's bytes, tail (the CRC).
 * size = REPLAY_HEADER_SIZE + demo_len + REPLAY_CRC_SIZE.
 */
typedef struct ReplayParts {
	uint8_t head[REPLAY_HEADER_SIZE];
	const uint8_t *demo;
	uint32_t demo_len;
	uint8_t tail[REPLAY_CRC_SIZE];
	uint32_t size;
} ReplayParts;

/* Header and CRC around a finished demo (demo_len <= DEMO_MAX_SIZE): m as given, not checked here. */
void replay_build(ReplayParts *p, const ReplayMeta *m, const uint8_t *demo, uint32_t demo_len);

/* The pieces one after another into out; returns p->size, or 0 (nothing written) if cap is smaller. */
size_t replay_flatten(const ReplayParts *p, uint8_t *out, size_t cap);

#endif
