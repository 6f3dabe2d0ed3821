/* png.h: writes a 320x200 indexed frame as a palette PNG (host only). */
#ifndef TESTS_HOST_PNG_H
#define TESTS_HOST_PNG_H

#include <stdint.h>

int png_write_indexed(const char *path, const uint8_t *px, int w, int h,
    const uint8_t rgb6[16][3]);

#endif
