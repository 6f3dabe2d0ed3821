/* ctlmenu.h: the Controls screen's state machine — pick an action, press its new key(s), restore the defaults. */
#ifndef GAME_CTLMENU_H
#define GAME_CTLMENU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "controls.h"

/* Rows: one per action (Control), then these two. */
enum {
	CTLROW_DEFAULTS = CTL_COUNT,
	CTLROW_BACK,
	CTLROW_COUNT
};

/*
 * The stages:
 *   BROWSE  Up/Down move the cursor (wrapping); choose on an action asks
 *           for its key (FIRST), on "Restore defaults" restores them, on
 *           "Back" (or Esc) leaves.
 *   FIRST   "Press a key for JUMP...": the key pressed becomes the
 *           action's only key, then SECOND. Esc cancels, nothing changed.
 *           Enter (fixed), a key another action has, or a key the game
 *           has no name for is refused with a note; it keeps waiting.
 *   SECOND  "...and a second key?": another key is added; Enter, Esc or
 *           the first key again leave it at one key. Refusals as above.
 * A pad button pressed in FIRST or SECOND becomes the action's pad
 * button (its keys unchanged) and ends the choice (CTLO_PAD). With a pad
 * alone: its directions move, Joy 1 (jump) chooses, Joy 9 (Back) is Esc.
 */
typedef enum CtlStage {
	CTLS_BROWSE,
	CTLS_FIRST,
	CTLS_SECOND,
} CtlStage;

/* The note under the table: what the last key did. */
typedef enum CtlNote {
	CTLN_NONE,
	CTLN_DONE,                      /* "Jump: A, S" */
	CTLN_TAKEN,                     /* "Space is Fire's key" */
	CTLN_RESERVED,                  /* "Enter always chooses" */
	CTLN_UNNAMED,                   /* a key the game cannot name */
	CTLN_CANCELLED,
	CTLN_DEFAULTS,
} CtlNote;

typedef struct CtlMenu {
	uint8_t row;                    /* under the cursor: a Control or CTLROW_* */
	uint8_t stage;                  /* CtlStage */
	uint8_t note;                   /* CtlNote */
	uint8_t note_key;               /* the GameKey the note is about */
	int8_t note_owner;              /* CTLN_TAKEN: the Control that has it */
} CtlMenu;

/* One tick's input as the screen reads it (the session fills it from SessionInput). */
typedef struct CtlMenuInput {
	bool up, down, choose;          /* menu buttons pressed */
	bool back;                      /* Esc */
	uint8_t key;                    /* a GameKey pressed, GK_NONE if none */
	bool any;                       /* some key was pressed (maybe one without a name) */
} CtlMenuInput;

/* What a tick did (the session plays a sound, logs, redraws, or leaves). */
typedef enum CtlOutcome {
	CTLO_NONE,
	CTLO_MOVED,
	CTLO_WAITING,                   /* FIRST began */
	CTLO_FIRST_KEY,                 /* FIRST got its key: SECOND began */
	CTLO_DONE,                      /* SECOND ended: the action's keys are set */
	CTLO_REFUSED,
	CTLO_CANCELLED,
	CTLO_DEFAULTS,
	CTLO_LEAVE,
	CTLO_PAD,                       /* FIRST or SECOND got a pad button: the action's, back to BROWSE */
} CtlOutcome;

void ctlmenu_init(CtlMenu *m);
CtlOutcome ctlmenu_tick(CtlMenu *m, Controls *c, const CtlMenuInput *in);

/* A row's label: the action's name, "Restore defaults", "Back". */
const char *ctlmenu_row_label(int row);

/* A row's bindings as the screen shows them: "Ctrl, Alt" and the pad button apart ("Joy 1", "" if none). */
void ctlmenu_row_keys(const Controls *c, int row, char *keys, size_t keys_size, char *pad, size_t pad_size);

/* The two lines under the table: the prompt of the stage and the note. */
void ctlmenu_text(const CtlMenu *m, const Controls *c, char *prompt, char *note, size_t size);

/* The COM1 line for an outcome, e.g. "controls: jump = A, S" (see README). */
void ctlmenu_log(const CtlMenu *m, const Controls *c, CtlOutcome o, char *buf, size_t size);

#endif
