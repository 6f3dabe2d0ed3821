/* cast.h: private to the creature cast — per-kind hit reactions and helpers shared by its files. */
#ifndef GAME_CAST_H
#define GAME_CAST_H

#include <stdbool.h>
#include <stdint.h>

#include "acts.h"
#include "world.h"

/*
 * Seed 004 (Tommy's Adventures) in our units. Tommy's clock runs at
 * 8 x 18.2 = 145.6 Hz; our frame lasts 13 PIT ticks at 140 Hz, which is
 * 13.5 of Tommy's clock ticks, so one frame adds 13 to a seed-style timer
 * (its delta_time). Tommy's frame counters (dying enemies, floating
 * scores) count frames of its motion cadence, one every 6 clock ticks
 * (player_fall's `time > 5`): a Tommy frame is 6 / 13.5 = 4/9 of ours.
 */
#define TOMMY_DELTA_TIME        13      /* Tommy clock ticks per game frame */
#define TOMMY_FRAMES(n)         ((n) * 4 / 9)   /* seed 004 frames -> ours, rounded down */

/* Creatures the tulips and the boss launch (blue balls and parachutes) live at most this many at once. */
#define LAUNCHED_MAX            6

/* A kind's answer to actor_hit: true when the hit is used up (damage.c calls it). */
typedef bool (*HitReaction)(World *w, Actor *victim, HitKind how);

/* damage.c — the common reactions and their pieces. */
bool hit_defeat(World *w, Actor *v, HitKind how);       /* points, floater, sound, gone */
bool hit_burst(World *w, Actor *v, HitKind how);        /* barrel, basket: pounce or bomb only */
void actor_defeat(World *w, Actor *v, HitKind how);
void hit_sound(World *w, HitKind how);
bool actor_take_damage(Actor *v, HitKind how);          /* true when its hp is gone */
void throw_shards(World *w, const Actor *v, int image, int variants, int n);
int face_player(World *w, Actor *a);                    /* turn toward the player; the new dir */
void actor_face(Actor *a, int dir);

/* enemies.c, plants.c, items.c, boss.c */
bool hit_walker(World *w, Actor *v, HitKind how);
bool hit_eye_plant(World *w, Actor *v, HitKind how);
bool hit_satellite(World *w, Actor *v, HitKind how);
bool hit_frozen_friend(World *w, Actor *v, HitKind how);
bool hit_boss(World *w, Actor *v, HitKind how);

int launched_count(const World *w);     /* blue balls and parachutes alive or on their way (spawners) */
int launch_kind(World *w);              /* ACT_BLUE_BALL or ACT_PARACHUTE, from w->rng */

#endif
