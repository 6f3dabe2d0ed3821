/* platform.c: STUB being replaced — seed 003 platforms, fountains, riding. */
#include "platform.h"
#include "world.h"

void platform_init(World *w) { (void)w; }
bool platform_new(World *w, int x, int y) { (void)w; (void)x; (void)y; return false; }
bool fountain_new(World *w, int x, int y, int h) { (void)w; (void)x; (void)y; (void)h; return false; }
void platform_update(World *w) { (void)w; }
void fountain_update(World *w) { (void)w; }
void fountain_draw(const World *w, Frame *f) { (void)w; (void)f; }
void platform_trace(const World *w, TraceEmit emit, void *ctx) { (void)w; (void)emit; (void)ctx; }
void platform_carry_player(World *w, int a, int b, int c, int d) { (void)w; (void)a; (void)b; (void)c; (void)d; }
