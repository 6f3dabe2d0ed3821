/* cmdline.c: splits the boot command line into words and reads the options we know. */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cmdline.h"
#include "kfmt.h"


static const struct {
	const char *name;
	CrashTest value;
} crash_names[] = {
	{ "de", CRASH_DE }, { "bp", CRASH_BP }, { "ud", CRASH_UD }, { "gp", CRASH_GP },
	{ "stack", CRASH_STACK }, { "esp", CRASH_ESP }, { "inpanic", CRASH_INPANIC },
	{ "early", CRASH_EARLY }, { "lockup", CRASH_LOCKUP },
	{ "fiberstack", CRASH_FIBER_STACK }, { "fiberhang", CRASH_FIBER_HANG },
	{ "fiberlate", CRASH_FIBER_LATE },
};

static bool streq(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

/* Printable ASCII only: anything else cannot be typed at GRUB's prompt by accident, nor shown. */
static bool plain_ascii(const char *s)
{
	for (; *s; s++)
		if ((uint8_t)*s < 0x21 || (uint8_t)*s > 0x7E)
			return false;
	return true;
}

/* Decimal 1..999999999 only; false on anything else. */
static bool parse_u32(const char *s, uint32_t *out)
{
	uint32_t v = 0;
	int n = 0;

	for (; *s; s++, n++) {
		if (*s < '0' || *s > '9' || n >= 9)
			return false;
		v = v * 10 + (uint32_t)(*s - '0');
	}
	if (n == 0)
		return false;
	*out = v;
	return true;
}

static bool copy_bounded(char *dst, const char *src, size_t size)
{
	size_t n = 0;

	while (src[n] && n + 1 < size)
		n++;
	if (src[n])
		return false;
	for (size_t i = 0; i <= n; i++)
		dst[i] = src[i];
	return true;
}

/* A level name: lowercase letters, digits, '_' and '-' only. */
static bool copy_name(char *dst, const char *src, size_t size)
{
	const char *p = src;

	if (!*p)
		return false;
	for (; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_' || *p == '-'))
			return false;
	return copy_bounded(dst, src, size);
}

/*
 * A rejected option: the long message for COM1 (fmt with arg) and the
 * screen line "WORD: why", the word cut to CMDLINE_SHOWN_WORD characters
 * and anything unprintable shown as '?', so the line fits the red screen.
 */
static void __attribute__((format(printf, 4, 5)))
problem(BootOptions *o, const char *word, const char *why, const char *fmt, ...)
{
	char *out;
	size_t n = 0;
	va_list ap;

	if (o->problems < CMDLINE_MAX_PROBLEMS) {
		va_start(ap, fmt);
		kfmt_vsnprintf(o->problem[o->problems], CMDLINE_PROBLEM_LEN, fmt, ap);
		va_end(ap);
		for (char *p = o->problem[o->problems]; *p; p++)
			if ((uint8_t)*p < 0x20 || (uint8_t)*p > 0x7E)
				*p = '?';
		out = o->shown[o->problems];
		for (; word[n] && n < CMDLINE_SHOWN_WORD; n++)
			out[n] = ((uint8_t)word[n] < 0x21 || (uint8_t)word[n] > 0x7E) ? '?' : word[n];
		kfmt_snprintf(out + n, CMDLINE_SHOWN_LEN - n, "%s: %s", word[n] ? "..." : "", why);
	}
	o->problems++;
}

static const char *const sound_names[] = {
	[SOUND_AUTO] = "auto", [SOUND_SPEAKER] = "speaker", [SOUND_ADLIB] = "adlib", [SOUND_HDA] = "hda",
	[SOUND_AC97] = "ac97", [SOUND_OFF] = "off",
};

static const char *const padtest_names[] = { [PADTEST_TABLET] = "tablet" };

const char *sound_choice_name(SoundChoice c)
{
	return c <= SOUND_OFF ? sound_names[c] : "?";
}

/*
 * The options the kernel knows, one row each: its name, its kind (what its
 * value must look like), and where it goes in BootOptions. A flag takes no
 * value; the others need "=value" (a flag with one, or an option without,
 * is an unknown option). tools/test_docs.py checks this table against
 * docs/options.md: the same names, flags written `name` and the rest `name=`.
 */
typedef enum OptKind {
	OPT_FLAG,                       /* bench: a bool set true */
	OPT_COUNT,                      /* ticks=N: 1..999999999 */
	OPT_NAME,                       /* level=NAME: a-z 0-9 _ -, 1..31 characters */
	OPT_SCRIPT,                     /* input=SCRIPT: any text up to the field's size */
	OPT_OFF,                        /* music=on|off: a bool set when "off" */
	OPT_CRASH,                      /* crashtest=NAME: one of crash_names */
	OPT_KEYS,                       /* keys=SPEC: kept for the session to check (controls_parse) */
	OPT_SOUND,                      /* sound=NAME: one of sound_names */
	OPT_PADTEST,                    /* padtest=NAME: one of padtest_names */
	OPT_SECBOOT,                    /* secureboot=on|off: a SecureBootWord, set once */
} OptKind;

typedef struct BootOption {
	const char *name;
	OptKind kind;
	size_t where;                   /* offsetof(BootOptions, field) */
	size_t size;                    /* OPT_NAME, OPT_SCRIPT, OPT_KEYS: the field's size */
} BootOption;

#define FIELD(f)        offsetof(BootOptions, f), sizeof ((BootOptions *)0)->f
static const BootOption boot_options[] = {
	{ "ticks",      OPT_COUNT,      FIELD(ticks) },
	{ "crashtest",  OPT_CRASH,      FIELD(crashtest) },
	{ "level",      OPT_NAME,       FIELD(level) },
	{ "input",      OPT_SCRIPT,     FIELD(input) },
	{ "bench",      OPT_FLAG,       FIELD(bench) },
	{ "trace",      OPT_FLAG,       FIELD(trace) },
	{ "hwinfo",     OPT_FLAG,       FIELD(hwinfo) },
	{ "clocklog",   OPT_FLAG,       FIELD(clocklog) },
	{ "music",      OPT_OFF,        FIELD(music_off) },
	{ "sound",      OPT_SOUND,      FIELD(sound) },
	{ "musiccrc",   OPT_COUNT,      FIELD(musiccrc) },      /* kernel/music.c */
	{ "demo",       OPT_NAME,       FIELD(demo) },          /* kernel/loop/demo_io.c */
	{ "record",     OPT_FLAG,       FIELD(record) },
	{ "ending",     OPT_FLAG,       FIELD(ending) },
	{ "crcs",       OPT_FLAG,       FIELD(crcs) },
	{ "dump",       OPT_FLAG,       FIELD(dump) },
	{ "keys",       OPT_KEYS,       FIELD(keys) },          /* game/shell/controls.h */
	{ "imageid",    OPT_NAME,       FIELD(imageid) },       /* kernel/save (docs/save.md) */
	{ "savecut",    OPT_COUNT,      FIELD(savecut) },
	{ "savetear",   OPT_COUNT,      FIELD(savetear) },
	{ "logcut",     OPT_COUNT,      FIELD(logcut) },
	{ "logtear",    OPT_COUNT,      FIELD(logtear) },
	{ "disktest",   OPT_NAME,       FIELD(disktest) },      /* kernel/save/disks.c */
	{ "padtest",    OPT_PADTEST,    FIELD(padtest) },       /* kernel/boot/usb.c, drivers/usb/usbpad.h */
	{ "secureboot", OPT_SECBOOT,    FIELD(secureboot) },    /* boot/grub-sb.cfg, kernel/boot/sysprobe.c */
};
#undef FIELD

/* One option's value into its field, or a problem reported when the value is wrong. */
static void set_option(BootOptions *o, const BootOption *opt, const char *whole, const char *value)
{
	char *field = (char *)o + opt->where;
	uint32_t n;

	switch (opt->kind) {
	case OPT_FLAG:
		*(bool *)field = true;
		return;
	case OPT_COUNT:
		if (parse_u32(value, &n) && n > 0)
			*(uint32_t *)field = n;
		else
			problem(o, whole, "want 1..999999999", "bad value for %s: '%s' (want 1..999999999)", opt->name, value);
		return;
	case OPT_NAME:
		if (!copy_name(field, value, opt->size))
			problem(o, whole, "want a-z 0-9 _ -", "bad value for %s: '%s' (want a-z 0-9 _ -, 1..%u chars)",
			    opt->name, value, (unsigned)opt->size - 1);
		return;
	case OPT_SCRIPT:
		if (!copy_bounded(field, value, opt->size))
			problem(o, whole, "too long (max 239)", "input script too long (max %u characters)", (unsigned)opt->size - 1);
		return;
	case OPT_OFF:
		if (streq(value, "on") || streq(value, "off"))
			*(bool *)field = streq(value, "off");
		else
			problem(o, whole, "want on or off", "bad value for %s: '%s' (want on or off)", opt->name, value);
		return;
	case OPT_CRASH:
		for (size_t i = 0; i < sizeof crash_names / sizeof crash_names[0]; i++) {
			if (streq(value, crash_names[i].name)) {
				*(CrashTest *)field = crash_names[i].value;
				return;
			}
		}
		problem(o, whole, "no such crash test", "bad value for %s: '%s' (want " CRASH_NAMES ")", opt->name, value);
		return;
	case OPT_SOUND:
		for (size_t i = 0; i < sizeof sound_names / sizeof sound_names[0]; i++) {
			if (streq(value, sound_names[i])) {
				*(SoundChoice *)field = (SoundChoice)i;
				return;
			}
		}
		problem(o, whole, "no such sound device", "bad value for %s: '%s' (want " SOUND_NAMES ")", opt->name, value);
		return;
	case OPT_PADTEST:
		for (size_t i = PADTEST_TABLET; i < sizeof padtest_names / sizeof padtest_names[0]; i++) {
			if (streq(value, padtest_names[i])) {
				*(PadTest *)field = (PadTest)i;
				return;
			}
		}
		problem(o, whole, "no such pad test", "bad value for %s: '%s' (want " PADTEST_NAMES ")", opt->name, value);
		return;
	case OPT_SECBOOT:
		/*
		 * NOTE: the signed GRUB puts its word before the options file's $opts,
		 * so the first one is the loader's: a later one (an options file's) is
		 * reported, never believed.
		 */
		if (*(SecureBootWord *)field != SECBOOT_UNSAID)
			problem(o, whole, "given twice", "%s given twice: the first (the loader's) is kept", opt->name);
		else if (streq(value, "on") || streq(value, "off"))
			*(SecureBootWord *)field = streq(value, "on") ? SECBOOT_ON : SECBOOT_OFF;
		else
			problem(o, whole, "want on or off", "bad value for %s: '%s' (want on or off)", opt->name, value);
		return;
	case OPT_KEYS:
		/* The value is checked by the session (controls_parse), which names what is wrong. */
		o->keys_given = copy_bounded(field, value, opt->size);
		return;
	}
}

static void apply(BootOptions *o, char *word)
{
	char whole[CMDLINE_WORD_MAX];
	char *value = NULL, *p;

	copy_bounded(whole, word, sizeof whole);
	if (!plain_ascii(word)) {
		problem(o, whole, "not plain ASCII", "option with characters other than ASCII ignored: '%s'", whole);
		return;
	}
	for (p = word; *p; p++) {
		if (*p == '=') {
			*p = '\0';
			value = p + 1;
			break;
		}
	}
	for (size_t i = 0; i < sizeof boot_options / sizeof boot_options[0]; i++) {
		const BootOption *opt = &boot_options[i];

		if (streq(word, opt->name) && (opt->kind == OPT_FLAG) == !value) {
			set_option(o, opt, whole, value);
			return;
		}
	}
	problem(o, whole, "unknown option", "unknown option '%s' ignored", whole);
}

/*
 * Does this boot loader (multiboot's loader name) put the kernel's path in
 * front of the options? QEMU's -kernel loader does ("build/kernel.elf
 * ticks=5", loader "qemu"), and so did GRUB Legacy ("GNU GRUB 0.97"); GRUB 2
 * does not: "multiboot /boot/kernel.elf ticks=5" arrives as "ticks=5"
 * (checked with GRUB 2.06 here). Any other loader: every word is an option,
 * so a path would be reported on screen, never an option silently dropped.
 */
bool cmdline_loader_puts_path(const char *loader)
{
	static const char *const with_path[] = { "qemu", "GNU GRUB 0." };

	if (!loader)
		return false;
	for (size_t i = 0; i < sizeof with_path / sizeof with_path[0]; i++) {
		const char *a = loader, *b = with_path[i];

		while (*b && *a == *b)
			a++, b++;
		if (!*b)
			return true;
	}
	return false;
}

/*
 * Words are separated by spaces or tabs. With path_first the first word is
 * the kernel's own path and is skipped, whatever it looks like. What a word
 * contains never decides: level=../e1l1 first is an option like any other
 * (BUG, fixed: a first word with a '/' used to be taken for the path).
 * Words longer than CMDLINE_WORD_MAX-1 are reported, not truncated into something else.
 */
void cmdline_parse(const char *line, bool path_first, BootOptions *o)
{
	char word[CMDLINE_WORD_MAX];
	bool first = path_first;

	*o = (BootOptions){ 0 };
	if (!line)
		return;
	while (*line) {
		size_t n = 0;
		bool too_long = false;

		while (*line == ' ' || *line == '\t')
			line++;
		if (!*line)
			break;
		while (*line && *line != ' ' && *line != '\t') {
			if (n + 1 < CMDLINE_WORD_MAX)
				word[n++] = *line;
			else
				too_long = true;
			line++;
		}
		word[n] = '\0';
		if (first) {
			first = false;
			continue;
		}
		if (too_long)
			problem(o, word, "over 255 characters", "option too long, ignored: '%s...'", word);
		else
			apply(o, word);
	}
}

/*
 * The red screen's text for the rejected options: one "WORD: why" line per
 * option, then "keys=: <why>" when keys_err is given, then how many more
 * were left out. Returns the number of lines written (0: nothing to show).
 */
int cmdline_screen_text(const BootOptions *o, const char *keys_err, char *out, size_t size)
{
	int lines = 0;
	size_t n = 0;

	if (size == 0)
		return 0;
	out[0] = '\0';
	for (int i = 0; i < o->problems && i < CMDLINE_MAX_PROBLEMS; i++, lines++)
		n += (size_t)kfmt_snprintf(out + n, n < size ? size - n : 0, "%s%s", lines ? "\n" : "", o->shown[i]);
	if (o->problems > CMDLINE_MAX_PROBLEMS && n < size)
		n += (size_t)kfmt_snprintf(out + n, size - n, "\n(and %d more, see COM1)",
		    o->problems - CMDLINE_MAX_PROBLEMS), lines++;
	if (keys_err && n < size)
		n += (size_t)kfmt_snprintf(out + n, size - n, "%skeys=: %s", lines ? "\n" : "", keys_err), lines++;
	return lines;
}
