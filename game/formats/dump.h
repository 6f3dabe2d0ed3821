/* dump.h: the per-tick state dump — every thing in the world as stable, readable lines (golden demo dumps). */
#ifndef GAME_DUMP_H
#define GAME_DUMP_H

#include "actor.h"
#include "trace.h"

typedef struct World World;

#define DUMP_LINE 192                   /* longest dump line + 1; longer ones are cut */

/*
 * One line per thing, each starting "T=<tick>" (the world's tick: 0 after
 * loading, N after world frame N), in this order:
 *
 *   T=N world in=<held>/<pressed> cam=X,Y rng=0xSSSSSSSS sound=S flags=<level_done,game_over,..|->
 *   T=N player <slot> x= y= dir=E|W act=<action function> timer= vy= health= lives= score= bombs=
 *       bullets= hurt= cling=E|W|-          (one line; wrapped here)
 *   T=N actor <slot> <KIND> x= y= dir= act= timer= count= hp= vx= vy= anim=<action>.<frame> [born=N]
 *   T=N spawner <slot> x= y= age= actor=<KIND>
 *   T=N shard <slot> x= y= age= image= xmode= bounced=
 *   T=N platforms active=0|1 fast= slow=
 *   T=N platform <slot> x= y= step= state=moving|halted|frozen
 *   T=N fountain <slot> x= y= dir=N|S height= step= max= delay=
 *
 * Buttons are letters in BTN_ order (l r u d j f b p e), "-" for none. The
 * player is also listed as an actor (its animation, count, hp). Only live
 * actors, busy spawner and shard slots are listed.
 */
void dump_world(const World *w, TraceEmit emit, void *ctx);

/*
 * The name of an action function ("act_player_stand"). Unknown functions
 * print as "?" plus "start" when it is the kind's first action — stable
 * from build to build, unlike an address. Add new ones to the table in
 * dump.c (one line each).
 */
const char *dump_act_name(ActorTick fn);
const char *dump_act_fallback(const Actor *a);  /* what dump_world prints for an unnamed one */

/*
 * The stable id of an action function: its place in the same table, 1 for
 * act_player_stand and up, DUMP_ACT_NONE for NULL, DUMP_ACT_UNKNOWN for one
 * not in the table. The same from build to build (an address is not), so
 * host tools may key or order states by it (tests/host/plan.c does).
 */
#define DUMP_ACT_NONE    0
#define DUMP_ACT_UNKNOWN (-1)
int dump_act_id(ActorTick fn);

#endif
