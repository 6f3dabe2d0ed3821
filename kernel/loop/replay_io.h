/* replay_io.h: the kernel's side of replays — Report a problem's REPLAY.DAT, the panic's CRASHRPL.DAT, a replay's end checked under demo=. */
#ifndef KERNEL_REPLAY_IO_H
#define KERNEL_REPLAY_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "replay.h"
#include "session.h"
#include "world.h"

#define REPLAY_FILE             "REPLAY.DAT"
#define REPLAY_PANIC_FILE       "CRASHRPL.DAT"          /* CRASH.TXT's companion */

/*
 * loop.c calls replay_io_init once the session is up: the panic may then
 * ask it for the level's replay (panic_set_replay). replay_io_store is the
 * session's SessionHooks.store_replay.
 */
void replay_io_init(Session *s);
bool replay_io_store(void *ctx, const ReplayParts *replay, char *why, size_t whylen);

/* The world's frame CRC (report_frame_crc, in the session's scratch): a replay's end under demo=. */
uint32_t replay_io_frame_crc(const World *w);

#endif
