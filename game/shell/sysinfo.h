/* sysinfo.h: what the machine turned out to be, as labelled lines the kernel fills and the System info screen shows. */
#ifndef GAME_SYSINFO_H
#define GAME_SYSINFO_H

#include <stdbool.h>

/*
 * The kernel probes the hardware and adds one line per fact ("CPU",
 * "GenuineIntel family 6 model 6"); the game only shows them. New probes
 * add lines — nothing here knows which facts there are.
 */
#define SYSINFO_MAX_LINES       16
#define SYSINFO_LABEL_SIZE      10      /* "Keyboard" + NUL */
#define SYSINFO_VALUE_SIZE      64      /* shown wrapped over two screen lines when long */

typedef struct SysInfoLine {
	char label[SYSINFO_LABEL_SIZE];
	char value[SYSINFO_VALUE_SIZE];
} SysInfoLine;

typedef struct SysInfo {
	int count;
	SysInfoLine line[SYSINFO_MAX_LINES];
} SysInfo;

void sysinfo_clear(SysInfo *si);
bool sysinfo_add(SysInfo *si, const char *label, const char *value);   /* false: full (dropped) */
const char *sysinfo_find(const SysInfo *si, const char *label);          /* its value, NULL if none */
void sysinfo_cut(SysInfo *si, int count);       /* keep the first count lines (facts that change are redone: pads) */

/*
 * The System info screen's body under its heading (game/shell/sysscreen.c):
 * the lines, the palette strip, the item "Save a report to the stick" or
 * what it did (note, good news or not).
 */
struct Frame;
void sysscreen_draw(const SysInfo *si, const char *note, bool note_ok, struct Frame *f);

#endif
