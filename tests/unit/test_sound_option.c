/* test_sound_option.c: the sound=NAME boot option (kernel/log/cmdline.c) — which devices play. */
#include "testmain.h"

#include "cmdline.h"

static BootOptions parse(const char *line)
{
	BootOptions o;

	memset(&o, 0x5A, sizeof o);     /* cmdline_parse must set every field */
	cmdline_parse(line, true, &o);
	return o;
}

/* sound=NAME picks the devices; auto is the default; anything else is reported. */
static void sound_option_table(void **state)
{
	static const struct {
		const char *line;
		SoundChoice sound;
		int problems;
	} rows[] = {
		{ "/k", SOUND_AUTO, 0 }, { "/k sound=auto", SOUND_AUTO, 0 }, { "/k sound=speaker", SOUND_SPEAKER, 0 },
		{ "/k sound=adlib", SOUND_ADLIB, 0 }, { "/k sound=hda", SOUND_HDA, 0 }, { "/k sound=off", SOUND_OFF, 0 },
		{ "/k sound=off sound=hda", SOUND_HDA, 0 }, { "/k sound=ac97", SOUND_AC97, 0 }, { "/k sound=ac9", SOUND_AUTO, 1 }, { "/k sound", SOUND_AUTO, 1 },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		BootOptions o = parse(rows[i].line);

		assert_row(o.sound == rows[i].sound, "'%s': sound %d", rows[i].line, (int)o.sound);
		assert_row(o.problems == rows[i].problems, "'%s': %d problems", rows[i].line, o.problems);
	}
	assert_string_equal(parse("/k sound=loud").problem[0],
	    "bad value for sound: 'loud' (want auto, speaker, adlib, hda, ac97 or off)");
}

static void each_choice_has_its_name(void **state)
{
	(void)state;
	assert_string_equal(sound_choice_name(SOUND_AUTO), "auto");
	assert_string_equal(sound_choice_name(SOUND_HDA), "hda");
	assert_string_equal(sound_choice_name(SOUND_AC97), "ac97");
	assert_string_equal(sound_choice_name(SOUND_OFF), "off");
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(sound_option_table),
	cmocka_unit_test(each_choice_has_its_name),
};

int main(int argc, char **argv)
{
	if (testmain_filter("sound_option", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("sound_option", tests, NULL, NULL);
}
