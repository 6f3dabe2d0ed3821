/* controls.h: the player's key bindings — which keys give which game buttons; defaults, rebinding, keys=. */
#ifndef GAME_CONTROLS_H
#define GAME_CONTROLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "keys.h"

/*
 * The actions a player can bind, in the Controls screen's order. Each
 * gives one game button (BTN_*). Remapping lives here, at the input
 * layer: the world and demos only ever see buttons.
 */
typedef enum Control {
	CTL_LEFT,
	CTL_RIGHT,
	CTL_UP,                         /* look up (and up in menus) */
	CTL_DOWN,                       /* look down, let go of a wall */
	CTL_JUMP,
	CTL_FIRE,
	CTL_BOMB,
	CTL_KICK,
	CTL_PAUSE,
	CTL_COUNT
} Control;

#define CONTROL_KEYS    2               /* keys an action may have */

typedef struct ControlDef {
	const char *name;               /* on screen: "Jump" */
	const char *id;                 /* in keys= and the log: "jump" */
	uint8_t button;                 /* BTN_* */
	uint8_t keys[CONTROL_KEYS];     /* the default keys, GK_NONE = none */
	uint8_t pad;                    /* the default pad button (GK_JOY_*), GK_NONE = none */
} ControlDef;

extern const ControlDef control_defs[CTL_COUNT];

/*
 * The bindings: up to CONTROL_KEYS keyboard keys per action, the first
 * slot always set, empty slots GK_NONE after the used ones; and one pad
 * button per action (GK_JOY_1..GK_JOY_16, or GK_NONE). A key belongs to
 * one action at most. Esc and Enter are not in the table: they are fixed
 * (Esc pauses and goes back, Enter chooses) and cannot be bound; nor are
 * the pad's directions (always the arrows) and its Back button, Joy 9
 * (always Esc: kernel/padmap.c puts an Xbox pad's Back there).
 *
 * Defaults for a pad (kernel/padmap.c numbers every kind's buttons so):
 * Joy 1 (A, or a HID pad's button 1) jump, Joy 2 (B) fire, Joy 3 (X)
 * bomb, Joy 4 (Y) kick, Joy 10 (Start) pause, Joy 9 (Back/Select) Esc.
 */
typedef struct Controls {
	uint8_t keys[CTL_COUNT][CONTROL_KEYS];
	uint8_t pad[CTL_COUNT];
} Controls;

#define CONTROLS_PAD_BACK       GK_JOY_9        /* fixed: Esc */

typedef enum BindResult {
	BIND_OK,
	BIND_SAME,                      /* the key is already this action's: nothing changed */
	BIND_TAKEN,                     /* the key is another action's: refused */
	BIND_RESERVED,                  /* Esc, Enter or no key at all: refused */
	BIND_FULL,                      /* the action has CONTROL_KEYS keys already */
} BindResult;

void controls_defaults(Controls *c);
bool controls_are_default(const Controls *c);
bool controls_reserved(uint8_t key);
int controls_owner(const Controls *c, uint8_t key);            /* the Control the key gives, or -1 */

/*
 * Rebinding. A key another action has is refused (not swapped: a swap
 * could leave that action with no key, unnoticed); *owner (if given)
 * says whose it is. controls_set makes the key the action's only one
 * (BIND_SAME never: a key it already had becomes the only one);
 * controls_add gives the action a further key. A pad button goes to the
 * action's one pad slot either way, its keyboard keys untouched
 * (controls_add: BIND_SAME if it is the one it has).
 */
BindResult controls_set(Controls *c, Control a, uint8_t key, int *owner);
BindResult controls_add(Controls *c, Control a, uint8_t key, int *owner);

/*
 * The buttons (BTN_BIT mask) one key gives: in play, the action bound to
 * it plus the fixed keys (Esc: pause, Enter: enter); in the menus the
 * arrow keys are always directions, whatever they are bound to in play.
 */
uint16_t controls_buttons(const Controls *c, uint8_t key);
uint16_t controls_menu_buttons(const Controls *c, uint8_t key);

/* An action's keyboard key names joined by sep, e.g. "Ctrl/Alt" or "Ctrl or Alt"; "" if none. */
void controls_keys_text(const Controls *c, Control a, const char *sep, char *buf, size_t size);

/*
 * The keys of action a, or of a and b ("Left, Right"; b < 0: a only), in
 * at most `width` characters if it can be done: "Ctrl or Alt", else
 * "Ctrl/Alt", else the first keys only ("Ctrl"), which may still be wider.
 */
void controls_keys_fit(const Controls *c, int a, int b, int width, char *buf, size_t size);

/*
 * The status bar's key hints: "Ctrl/Alt jump", "Space fire", "Z kick",
 * "B bomb", "P pause", filled into lines of widths[i] characters in that
 * order, ", " between hints on a line. A hint too long for a line names
 * the first key only; one that finds no room is left out.
 */
#define CONTROLS_HELP_LINES     2
#define CONTROLS_HELP_SIZE      40
void controls_help(const Controls *c, const int widths[CONTROLS_HELP_LINES],
    char lines[CONTROLS_HELP_LINES][CONTROLS_HELP_SIZE]);

/*
 * keys=SPEC (the kernel's boot option): comma-separated action:key pairs,
 * e.g. "jump:a,fire:s"; actions by id (left right up down jump fire bomb
 * kick pause), keys by id or name (a, f1, ctrl, space, left, semicolon or
 * ";"), any case. An action named replaces its default keys; naming it
 * again adds a key ("jump:a,jump:s"). A pad button (joy1..joy16, not
 * joy9) becomes the action's pad button ("jump:joy2"), its keyboard keys
 * kept unless named too. The result must not give one key to two actions. All or nothing: on an error *c is unchanged and err says
 * what is wrong, naming the bad part.
 */
#define CONTROLS_ERR_SIZE       96
bool controls_parse(Controls *c, const char *spec, char *err, size_t size);

#endif
