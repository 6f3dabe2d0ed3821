/* gfxcache.h: the game's pictures in the VGA's form — tiles in off-screen VRAM, sprites planar. */
#ifndef KERNEL_GFXCACHE_H
#define KERNEL_GFXCACHE_H

#include <stdbool.h>

#include "cellcomp.h"
#include "vga.h"

void gfxcache_init(void);                       /* after vga_init */
const VgaBitmap *gfxcache_image(int id);        /* NULL for a bad id; made planar on first use */
bool gfxcache_warm(int n);                      /* up to n more images made; true when all are */
const VgaBitmap *gfxcache_mtile(int id);
int gfxcache_mtile_on_empty(int id);            /* VRAM tile of mtile id over TILE_EMPTY, -1: none */
const VgaBitmap *gfxcache_image_shifted(int id, int sh);  /* moved right sh (1..7) pixels, NULL: none */

int gfxcache_cell(const CellKey *k);            /* VRAM tile of a composed cell, -1: no room */
int gfxcache_cell_held(const CellKey *k);       /* the same if it is there already (nothing composed), else -1 */

#endif
