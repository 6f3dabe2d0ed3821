/* session_int.h: private to the session's three files — shared key sets, log lines, mode changes, per-mode ticks. */
#ifndef GAME_SESSION_INT_H
#define GAME_SESSION_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "input.h"
#include "session.h"

#define BUTTONS(a) ((uint16_t)(a))
#define CHOOSE   BUTTONS(BTN_BIT(BTN_ENTER) | BTN_BIT(BTN_FIRE) | BTN_BIT(BTN_JUMP))
#define RESUME   BUTTONS(CHOOSE | BTN_BIT(BTN_PAUSE))

#define NO_NUMBER (-1)

/* session.c: log lines, mode changes, levels and demos. */
void session_say(const Session *s, const char *a, int64_t n, const char *b, const char *c);
void session_tick_sysinfo(Session *s, const SessionInput *in, SessionEvents *ev);     /* session_save.c */
void session_say_pair(const Session *s, const char *a, uint32_t n1, const char *b, uint32_t n2);
void session_enter(Session *s, SessionMode m, SessionEvents *ev);
bool session_any_key(const SessionInput *in);
void session_go_title(Session *s, SessionEvents *ev);
void session_go_menu(Session *s, SessionEvents *ev);
void session_start_episode_level(Session *s, uint8_t index, SessionEvents *ev);
void session_start_bonus_level(Session *s, SessionEvents *ev);
void session_start_demo(Session *s, SessionEvents *ev);

/* session_menus.c */
void session_tick_title(Session *s, const SessionInput *in, SessionEvents *ev);
void session_tick_menu(Session *s, const SessionInput *in, SessionEvents *ev);
void session_tick_instructions(Session *s, const SessionInput *in, SessionEvents *ev);
void session_tick_controls(Session *s, const SessionInput *in, SessionEvents *ev);

/* session_play.c */
void session_tick_playing(Session *s, const SessionInput *in, SessionEvents *ev);
void session_tick_paused(Session *s, const SessionInput *in, SessionEvents *ev);
void session_tick_level_done(Session *s, const SessionInput *in, SessionEvents *ev);
bool session_screen_done(const Session *s, const SessionInput *in, uint32_t timeout);   /* interstitials */

/* session_save.c: progress, the high-score table, the name prompt, the save slots. */
void session_request(Session *s, uint8_t req);          /* settings copied into progress, the bit set */
/* The player changed settings (SETTING_* bits): a request now at a rest point, else when play stops. */
void session_settings_changed(Session *s, uint8_t what);
void session_after_game(Session *s, SessionEvents *ev); /* game over or the end: NAME if the score qualifies */
void session_show_table(Session *s, SessionMode after, int mark, SessionEvents *ev);
void session_open_slots(Session *s, bool saving, SessionEvents *ev);
void session_tick_hiscores(Session *s, const SessionInput *in, SessionEvents *ev);
void session_tick_waiting(Session *s, const SessionInput *in, SessionEvents *ev);
void session_tick_name(Session *s, const SessionInput *in, SessionEvents *ev);
void session_tick_slots(Session *s, const SessionInput *in, SessionEvents *ev);

#endif
