/* screens_int.h: private to the screens (screens.c, interstitials.c, scrkit.c) — the drawing kit and the still screens. */
#ifndef SCREENS_INT_H
#define SCREENS_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "frame.h"
#include "session.h"

#define CHAR_W          8
#define FLOOR_Y         176             /* grass and dirt along the bottom, as on the title */

/* scrkit.c */
int scr_text_len(const char *s);
void scr_centered(Frame *f, int y, const char *s, int color);
void scr_big_text(Frame *f, int x, int y, const char *s, int color, int scale);
void scr_heading(Frame *f, int y, const char *s, int color, int shadow, int scale);
int scr_digits(uint32_t v);
void scr_label_number(char *buf, int size, const char *label, uint32_t v, int digits);
void scr_box(Frame *f, int x, int y, int w, int h, int line, int border, int fill);
void scr_backdrop(Frame *f, bool floor);
void scr_image_at(Frame *f, int x, int y, int img);
void scr_logo(Frame *f, int y);

/* interstitials.c */
void screens_level_done(const Session *s, Frame *f);
void screens_game_over(const Session *s, Frame *f);
void screens_episode_end(const Session *s, Frame *f);
void screens_error(const Session *s, Frame *f);
void screens_halted(Frame *f);

/* savescreens.c */
void screens_hiscores(const Session *s, Frame *f);
void screens_name(const Session *s, Frame *f);
void screens_slots(const Session *s, Frame *f);
void screens_waiting(Frame *f);
void screens_title_lines(const Session *s, Frame *f);

#endif
