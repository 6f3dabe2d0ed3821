/* spawner.c: STUB being replaced — seed 000 spawners. */
#include "spawner.h"
#include "world.h"

void spawner_init(World *w) { (void)w; }
void spawner_new(World *w, int actor, int x, int y) { (void)w; (void)actor; (void)x; (void)y; }
void spawner_update(World *w) { (void)w; }
void spawner_draw(const World *w, Frame *f) { (void)w; (void)f; }
void spawner_trace(const World *w, TraceEmit emit, void *ctx) { (void)w; (void)emit; (void)ctx; }
