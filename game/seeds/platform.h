/* platform.h: moving platforms and mud fountains (seed 003): solid tiles written into the map. */
#ifndef GAME_PLATFORM_H
#define GAME_PLATFORM_H

#include <stdbool.h>
#include <stdint.h>

#include "map.h"
#include "trace.h"

typedef struct World World;

#define MAX_PLATFORMS 10
#define MAX_FOUNTAINS 10
#define PLATFORM_W 5                    /* tiles; x is the centre one */

/* The four fountain kinds, by nominal height (Cosmo: special actor type 2..5, times 3). */
#define FOUNTAIN_SMALL  6
#define FOUNTAIN_MEDIUM 9
#define FOUNTAIN_LARGE  12
#define FOUNTAIN_HUGE   15
#define FOUNTAIN_PAUSE  10              /* ticks a fountain waits after turning round */
#define FOUNTAIN_FRAMES 4               /* fountain_images[]: 0-1 spray, 2-3 stream */

typedef struct Platform {
	int16_t x, y;                   /* map tile of the CENTRE of the 5x1 span */
	uint16_t mapstash[PLATFORM_W];  /* the cells the platform covers, restored as it moves */
	uint8_t step;                   /* last direction step read (DIR8_*) */
	bool halted;                    /* ran into a 0 (or a bad path tile): stopped for good */
} Platform;

typedef struct Fountain {
	int16_t x, y;                   /* left column of the 3-wide spray; row of its two solid corners */
	uint8_t dir;                    /* DIR4_NORTH rising, DIR4_SOUTH falling */
	uint16_t height;                /* tiles above the resting row; the stream is height + 1 tiles */
	uint16_t step;                  /* moves made since the last turn */
	uint16_t step_max;              /* the kind (FOUNTAIN_*): the step that turns it round */
	uint16_t delay;                 /* pause ticks left after a turn */
} Fountain;

typedef struct PlatformPool {
	Platform plat[MAX_PLATFORMS];
	int count;
	Fountain fnt[MAX_FOUNTAINS];
	int fcount;
	bool active;                    /* false while the map has an unpressed foot switch */
	uint16_t fast_count;            /* fountain ticks seen; slow_count follows at half rate */
	uint16_t slow_count;            /* picks the spray and stream animation frames */
} PlatformPool;

/* Stream tiles run from the spray's lower row down to the resting row: height + 1 of them, i = 0.. */
static inline int fountain_stream_row(const Fountain *f, int i)
{
	return f->y + 1 + i;
}

/* The five cells a platform writes, west to east, and a fountain's two corner cells. */
extern const uint16_t platform_cells[PLATFORM_W];
extern const uint16_t fountain_top_cell;
/* Fountain pictures by frame: 0-1 the spray, 2-3 the stream (IMG_* ids). */
extern const int16_t fountain_images[FOUNTAIN_FRAMES];

void platform_init(PlatformPool *pp);                   /* empty pools, platforms active */

/*
 * A platform centred on (x, y). Call after the map is loaded: the cells
 * under it are stashed now and the platform appears on its first update.
 * False when the pool is full or the 5x1 span is not inside the map.
 */
bool platform_new(PlatformPool *pp, const Map *m, int x, int y);

/*
 * A fountain placed by the level at (x, y) (the special actor's position);
 * height is its kind, FOUNTAIN_SMALL .. FOUNTAIN_HUGE. False when the pool
 * is full or height is not one of the four kinds.
 */
bool fountain_new(PlatformPool *pp, int x, int y, int height);

void platform_update(PlatformPool *pp, World *w);       /* MovePlatforms */

/*
 * MoveFountains, then what DrawFountains does besides drawing: advance the
 * half-rate animation counter and hurt the player touching a stream.
 */
void fountain_update(PlatformPool *pp, World *w);
void platform_trace(const PlatformPool *pp, uint32_t tick, TraceEmit emit, void *ctx);

/* Riding them (MovePlayerPlatform) is the world's: platform_carry_player in seedhost.h. */

#endif
