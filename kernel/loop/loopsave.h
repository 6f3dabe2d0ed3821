/* loopsave.h: the main loop's side of the save area — the progress when it opens, the requests, the stick going away. */
#ifndef KERNEL_LOOPSAVE_H
#define KERNEL_LOOPSAVE_H

#include "bringup.h"
#include "cmdline.h"
#include "session.h"

void saves_opened(Session *s, const BootOptions *o);  /* bringup: save_open ran; the options win */
void saves_service(Session *s, const BringUp *up);         /* a request the session raised: written between ticks */
void saves_check(Session *s);           /* USB changed: the stick may be gone */

#endif
