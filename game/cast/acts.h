/* acts.h: the action functions of every actor kind (one typed signature: ActorTick). */
#ifndef GAME_ACTS_H
#define GAME_ACTS_H

#include "actor.h"

/*
 * The player's chain (player.c on the ground, player_air.c in the air,
 * player_kick.c): stand <-> fidget; stand/run/shoot/look_up/look_down on
 * the ground; begin_jump -> jump -> begin_fall -> fall -> land (or cling);
 * begin_kick -> kick; die. More below.
 */
void act_player_stand(Actor *self, World *w);
void act_player_begin_jump(Actor *self, World *w);
void act_player_jump(Actor *self, World *w);
void act_player_begin_fall(Actor *self, World *w);
void act_player_fall(Actor *self, World *w);
void act_player_die(Actor *self, World *w);     /* lie still, then respawn or game over */

/* The creature cast. creatures.c */
void act_critter_walk(Actor *self, World *w);
void act_critter_fall(Actor *self, World *w);
void act_slug_fly(Actor *self, World *w);       /* touching the player: a prize, then flee */
void act_slug_flee(Actor *self, World *w);
void act_barrel_sit(Actor *self, World *w);     /* barrel and basket */
void act_barrel_fall(Actor *self, World *w);
void act_blue_ball(Actor *self, World *w);
void act_parachute_drift(Actor *self, World *w);
void act_parachute_walk(Actor *self, World *w);
/* items.c */
void act_prize(Actor *self, World *w);
void act_foot_switch(Actor *self, World *w);   /* footswitch.c */
/*
 * The player on the switch's knob pushes it (and recoils) if it can take a
 * push; true if it did. Part of act_foot_switch; the route search calls it.
 */
bool foot_switch_touch(World *w, Actor *sw);
void act_satellite(Actor *self, World *w);
void act_frozen_friend(Actor *self, World *w);
void act_friend_leave(Actor *self, World *w);   /* thawed, walking off */
/* plants.c */
void act_tulip(Actor *self, World *w);
void act_eye_plant(Actor *self, World *w);
/* enemies.c — seed 004's walkers: begin -> hopper_walk / scorpion_walk -> walker_die */
void act_walker_begin(Actor *self, World *w);
void act_hopper_walk(Actor *self, World *w);
void act_scorpion_walk(Actor *self, World *w);
void act_walker_die(Actor *self, World *w);
/* boss.c, floater.c (floater_new is in floater.h) */
void act_boss(Actor *self, World *w);
void act_floater(Actor *self, World *w);

/* exit.c — the level exit (shell) */
void act_exit(Actor *self, World *w);

/*
 * How an actor is hit. actor_hit is the one entry point for every kind of
 * damage: the player's pounce, bullet and kick, and a bomb's explosion.
 */
typedef enum HitKind {
	HIT_POUNCE,
	HIT_SHOT,
	HIT_KICK,
	HIT_BOMB,
} HitKind;

bool actor_hit(World *w, Actor *victim, HitKind how);   /* true if it reacted (the hit is used up) */
bool actor_pounce(World *w, Actor *victim);     /* actor_hit(w, victim, HIT_POUNCE) */

/* The rest of the player's chain (player.c, player_air.c, player_kick.c). */
void act_player_fidget(Actor *self, World *w);
void act_player_run(Actor *self, World *w);
void act_player_shoot(Actor *self, World *w);
void act_player_look_up(Actor *self, World *w);
void act_player_look_down(Actor *self, World *w);
void act_player_land(Actor *self, World *w);
void act_player_cling(Actor *self, World *w);
void act_player_recoil(Actor *self, World *w);  /* a small pounce bounce (player_recoil) */
void act_player_begin_kick(Actor *self, World *w);
void act_player_kick(Actor *self, World *w);

/* weapons.c — the player's bullets and bombs. */
void act_bullet(Actor *self, World *w);
void act_bullet_die(Actor *self, World *w);     /* seed 004's kill_bullet */
void act_bomb(Actor *self, World *w);
void act_explosion(Actor *self, World *w);
void act_bomb_pickup(Actor *self, World *w);

#endif
