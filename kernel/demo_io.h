/* demo_io.h: the kernel's demo glue — demo=NAME replaces the keyboard, record dumps a level's input to COM1. */
#ifndef KERNEL_DEMO_IO_H
#define KERNEL_DEMO_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cmdline.h"
#include "input.h"
#include "multiboot.h"
#include "world.h"

/*
 * The level loop calls these hooks (kernel/loop.c, marked "DEMO:"):
 *
 *   demo_io_init          once, before the first level or title: finds demo=NAME
 *                         (GRUB module, then built-in), shows an error screen if bad
 *   demo_io_level         the level the demo plays (instead of level= / the title), or NULL
 *   demo_io_level_start   after a level is loaded (and any carried stats set): a demo
 *                         reloads it with its seed and sets its starting stats; `record`
 *                         starts recording
 *   demo_io_tick          with the tick's input, right before world_tick: a demo
 *                         replaces it; `record` records it. False: the demo is over,
 *                         end the level (never with ticks=N: then no input follows)
 *   demo_io_tick_done     right after world_tick: `crcs` draws (with draw) and logs the
 *                         screen CRC, `dump` logs the state dump, the demo's end is logged
 *   demo_io_level_end     whenever a level ends (exit, game over, Esc, demo over):
 *                         `record` writes the demo to COM1
 */
void demo_io_init(const BootOptions *o, const BootInfo *b);
const char *demo_io_level(void);
void demo_io_level_start(World *w, const char *name, const uint8_t *level, size_t len, uint32_t seed);
bool demo_io_tick(GameInput *in);
void demo_io_tick_done(const World *w, void (*draw)(void));
void demo_io_level_end(const World *w);

#endif
