/* demo_io.h: the kernel's demo glue — demo=NAME replaces the keyboard, record dumps a level's input to COM1. */
#ifndef KERNEL_DEMO_IO_H
#define KERNEL_DEMO_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cmdline.h"
#include "demoreel.h"
#include "input.h"
#include "multiboot.h"
#include "world.h"

/*
 * The session loop (kernel/loop/loop.c, marked "DEMO:") calls:
 *
 *   demo_io_init          once at boot: finds demo=NAME (GRUB module, then built-in),
 *                         shows an error screen if it is bad
 *   demo_io_named         a demo=NAME is waiting: the loop starts it (session_play_demo)
 *   demo_io_source        the session's demo source: demo=NAME, then the built-in demos
 *   demo_io_level_start   a level started from the keyboard: `record` starts recording
 *   demo_io_tick_done     after each world frame: `record` records its input, `crcs`
 *                         draws (with draw) and logs the screen CRC, `dump` logs the
 *                         state dump, the demo's end is logged
 *   demo_io_level_end     whenever a level ends (exit, game over, Esc, demo over or
 *                         stopped): `record` writes the demo to COM1
 */
void demo_io_init(const BootOptions *o, const BootInfo *b);
bool demo_io_named(void);
DemoSource demo_io_source(void);
void demo_io_level_start(World *w, const char *name, const uint8_t *level, size_t len, uint32_t seed);
void demo_io_tick_done(const World *w, void (*draw)(void));
void demo_io_level_end(const World *w);

#endif
