/* shard.c: STUB being replaced — seed 001 shards. */
#include "shard.h"
#include "world.h"

void shard_init(World *w) { (void)w; }
void shard_new(World *w, int image, int x, int y) { (void)w; (void)image; (void)x; (void)y; }
void shard_update(World *w) { (void)w; }
void shard_draw(const World *w, Frame *f) { (void)w; (void)f; }
void shard_trace(const World *w, TraceEmit emit, void *ctx) { (void)w; (void)emit; (void)ctx; }
