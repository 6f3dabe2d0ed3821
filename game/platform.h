/* platform.h: moving platforms and mud fountains (seed 003) — solid tiles written into the map. */
#ifndef GAME_PLATFORM_H
#define GAME_PLATFORM_H

#include <stdbool.h>
#include <stdint.h>

#include "frame.h"
#include "trace.h"

typedef struct World World;

#define MAX_PLATFORMS 10
#define MAX_FOUNTAINS 10
#define PLATFORM_W 5

typedef struct Platform {
	int16_t x, y;                   /* map tile of the CENTRE of the 5x1 span */
	uint16_t mapstash[PLATFORM_W];  /* the cells the platform covers, restored as it moves */
	uint8_t step;                   /* last direction step read (DIR8_*) */
	bool halted;                    /* ran into a 0 (or a bad path tile): stopped for good */
} Platform;

typedef struct Fountain {
	int16_t x, y;                   /* left tile of the 3-wide spray, row of the spray's platform tiles */
	int8_t dir;                     /* DIR4_NORTH rising, DIR4_SOUTH falling */
	uint16_t length;                /* current stream height in tiles */
	uint16_t max_height;            /* 6, 9, 12 or 15 by kind */
	uint16_t delay;                 /* pause ticks left at an end */
	uint16_t step;
} Fountain;

typedef struct PlatformPool {
	Platform plat[MAX_PLATFORMS];
	int count;
	Fountain fnt[MAX_FOUNTAINS];
	int fcount;
	bool active;                    /* false while the map has an unpressed foot switch */
	uint16_t spray_counter;         /* fountain spray animation runs at half rate */
} PlatformPool;

void platform_init(World *w);
bool platform_new(World *w, int x, int y);              /* false when the pool is full */
bool fountain_new(World *w, int x, int y, int height);
void platform_update(World *w);                         /* MovePlatforms */
void fountain_update(World *w);                         /* MoveFountains */
void fountain_draw(const World *w, Frame *f);
void platform_trace(const World *w, TraceEmit emit, void *ctx);

/*
 * MovePlayerPlatform (seed 003): the caller has checked the player's feet
 * row; if the player overlaps [x_west, x_east], move them by
 * (dir8_x[x_dir], dir8_y[y_dir]), release a wall cling when something is
 * under them, and apply the view-centering rules.
 */
void platform_carry_player(World *w, int x_west, int x_east, int x_dir, int y_dir);

#endif
