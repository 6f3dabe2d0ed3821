/* soundsetup.h: the sound devices at boot — the AdLib before the title, the PCM device behind it (bringup.c). */
#ifndef KERNEL_SOUNDSETUP_H
#define KERNEL_SOUNDSETUP_H

#include <stdbool.h>
#include <stdint.h>

#include "adlib.h"
#include "cmdline.h"
#include "sysinfo.h"

AdlibProbe sound_init(const BootOptions *opts, uint8_t *status);       /* OPL2 timer test, the music player */
bool sound_start_step(const BootOptions *opts, SysInfo *sysinfo, bool adlib); /* HDA or AC'97, a step a call: true when done */

#endif
