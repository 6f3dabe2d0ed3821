/* dir.h: Cosmo's direction vocabulary — DIR4_ for tests and moves, DIR8_ for platform paths. */
#ifndef GAME_DIR_H
#define GAME_DIR_H

#include <stdint.h>

enum { DIR4_NONE, DIR4_NORTH, DIR4_SOUTH, DIR4_WEST, DIR4_EAST };

enum {
	DIR8_NONE, DIR8_NORTH, DIR8_NORTHEAST, DIR8_EAST, DIR8_SOUTHEAST,
	DIR8_SOUTH, DIR8_SOUTHWEST, DIR8_WEST, DIR8_NORTHWEST, DIR8_COUNT
};

extern const int8_t dir8_x[DIR8_COUNT];
extern const int8_t dir8_y[DIR8_COUNT];

#endif
