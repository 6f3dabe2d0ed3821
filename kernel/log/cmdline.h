/* cmdline.h: kernel command-line options (the GRUB line), parsed into a struct. */
#ifndef KERNEL_CMDLINE_H
#define KERNEL_CMDLINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum CrashTest {
	CRASH_NONE,
	CRASH_DE,                       /* divide error, vector 0 */
	CRASH_BP,                       /* breakpoint (int3), vector 3 */
	CRASH_UD,                       /* invalid opcode (ud2), vector 6 */
	CRASH_GP,                       /* general protection (bad selector), vector 13 */
	CRASH_STACK,                    /* endless recursion: the stack guard, then #DF via its task gate */
	CRASH_ESP,                      /* ESP set to garbage with interrupts on: the next IRQ notices */
	CRASH_INPANIC,                  /* #UD, then another fault while the panic screen is drawn */
	CRASH_EARLY,                    /* #UD before the display is set up */
	CRASH_LOCKUP,                   /* sti; jmp $ — the main loop never finishes a tick again */
	CRASH_FIBER_STACK,              /* CRASH_STACK on the devices' fiber (its first step): its own guard page */
	CRASH_FIBER_HANG,               /* the devices' fiber spins without a wait: the loop's watchdog */
	CRASH_FIBER_LATE,               /* the same in the first step after the save area opened (the stick left alone) */
} CrashTest;

/* The crashtests the devices' fiber runs (kernel/boot/bringup.c), not kmain. */
static inline bool crashtest_on_fiber(CrashTest c)
{
	return c == CRASH_FIBER_STACK || c == CRASH_FIBER_HANG || c == CRASH_FIBER_LATE;
}

#define CRASH_NAMES "de, bp, ud, gp, stack, esp, inpanic, early, lockup, fiberstack or fiberhang"

/* sound=NAME: which devices play (docs/sound.md). */
typedef enum SoundChoice {
	SOUND_AUTO,                     /* every device found: speaker, AdLib (music), HDA or else AC'97 (PCM) */
	SOUND_SPEAKER,                  /* the PC speaker alone */
	SOUND_ADLIB,                    /* the speaker and the AdLib; no PCM device */
	SOUND_HDA,                      /* the speaker and Intel HDA; the AdLib left alone */
	SOUND_AC97,                     /* the speaker and AC'97; the AdLib left alone */
	SOUND_OFF,                      /* nothing sounds */
} SoundChoice;

#define SOUND_NAMES "auto, speaker, adlib, hda, ac97 or off"

/* padtest=NAME: test-only pad sources (drivers/usb/usbpad.h). */
typedef enum PadTest {
	PADTEST_NONE,
	PADTEST_TABLET,                 /* a report-protocol HID pointer with absolute X/Y (QEMU's usb-tablet) is a pad */
} PadTest;

#define PADTEST_NAMES "tablet"
/* secureboot=on|off: what the boot loader found (docs/secureboot.md); only our signed GRUB says it. */
typedef enum SecureBootWord {
	SECBOOT_UNSAID,                 /* no secureboot= word: a BIOS boot, or a loader that does not tell */
	SECBOOT_ON,                     /* GRUB had shim_lock=y: Secure Boot on, shim verified this kernel */
	SECBOOT_OFF,                    /* GRUB found Secure Boot off */
} SecureBootWord;

#define CMDLINE_WORD_MAX        256     /* longest option word + 1 */
#define CMDLINE_MAX_PROBLEMS    8
#define CMDLINE_LEVEL_LEN       32
#define CMDLINE_INPUT_LEN       240
#define CMDLINE_PROBLEM_LEN     128
#define CMDLINE_SHOWN_WORD      14      /* characters of a rejected word on the red screen */
#define CMDLINE_SHOWN_LEN       40      /* "WORD...: why" — one line of the red screen */

typedef struct BootOptions {
	uint32_t ticks;                 /* ticks=N: freeze after N ticks, 0 = run forever */
	CrashTest crashtest;            /* crashtest=NAME (CRASH_NAMES) */
	char level[CMDLINE_LEVEL_LEN];  /* level=NAME: boot straight into it ("" = title) */
	char input[CMDLINE_INPUT_LEN];  /* input=SCRIPT: scripted input (game/engine/script.h) */
	bool bench;                     /* bench: per-frame cost report with the READY line */
	bool trace;                     /* trace: one COM1 line per active mover per world frame */
	bool hwinfo;                    /* hwinfo: the hardware report on COM1 at the end of bring-up (docs/hwinfo.md) */
	bool clocklog;                  /* clocklog: `clock: tick=N tsc=T` every 140 ticks (timer tests) */
	bool music_off;                 /* music=off: start with the music off (music=on: the default) */
	SoundChoice sound;              /* sound=NAME (SOUND_NAMES): which devices play */
	uint32_t musiccrc;              /* musiccrc=S: log a CRC-32 of the synthesizer's first S seconds of a song */
	/* Demos (kernel/loop/demo_io.c, game/formats/demo.h). */
	char demo[CMDLINE_LEVEL_LEN];   /* demo=NAME: play this demo instead of the keyboard ("" = none) */
	char disktest[CMDLINE_LEVEL_LEN];       /* disktest=KIND: the last disk of that kind (usb, ide, ahci) tested at boot */
	bool record;                    /* record: levels played are recorded, dumped to COM1 at the end */
	bool ending;                    /* ending: the episode played by its demos at once, then its ending */
	bool crcs;                      /* crcs: log the screen CRC after every world frame */
	bool dump;                      /* dump: log the full state dump (game/formats/dump.h) after every world frame */
	int problems;                   /* unknown or malformed options (all kept if <= max) */
	char problem[CMDLINE_MAX_PROBLEMS][CMDLINE_PROBLEM_LEN];       /* COM1: the long message */
	char shown[CMDLINE_MAX_PROBLEMS][CMDLINE_SHOWN_LEN];           /* red screen: "WORD: why" */
	/* Controls (game/shell/controls.h): the session parses the value and shows what is wrong with it. */
	bool keys_given;                /* keys=SPEC was on the line (even empty) */
	char keys[CMDLINE_WORD_MAX];    /* keys=SPEC: key bindings, e.g. jump:a,fire:s */
	/* The save area (kernel/save/save.h, docs/save.md). */
	char imageid[17];               /* imageid=HEX: the image's id, put there by the build ("" = none) */
	uint32_t savecut;               /* savecut=N: stop the machine after the N-th sector write (0 = never) */
	uint32_t savetear;              /* savetear=N: tear the N-th sector write (half old, half new), then stop */
	uint32_t logcut, logtear;       /* logcut=N, logtear=N: the same for LOG.TXT's writes (savecut= does not count them) */
	PadTest padtest;                /* padtest=NAME (PADTEST_NAMES): test-only pad sources */
	SecureBootWord secureboot;      /* secureboot=on|off: put there by the signed GRUB; the first word counts */
} BootOptions;

const char *sound_choice_name(SoundChoice c);   /* "auto", "hda", ... */

/* path_first: the first word is the kernel's path and is skipped (see cmdline_loader_puts_path). */
bool cmdline_loader_puts_path(const char *loader);
void cmdline_parse(const char *line, bool path_first, BootOptions *o);

/* The red screen's lines for what was rejected (keys_err: a bad keys= too, or NULL); returns the line count. */
int cmdline_screen_text(const BootOptions *o, const char *keys_err, char *out, size_t size);

#endif
