/*
 * test_hda.c: the Intel HDA driver (drivers/sound/hda.c, hdacodec.c) on a simulated controller and
 * codecs — a laptop codec's widget graph walked from its speaker and headphone pins to their DACs
 * and set up; an HDMI-only codec skipped; a codec that never answers, RIRB that never answers, and a
 * stream whose DMA position never moves: each ends with a COM1 line within a bounded time, never a hang.
 * The bounded wait is faked: each ask steps the simulation and advances a millisecond clock.
 */
#include <stdarg.h>
#include <stdio.h>

#include "testmain.h"

#include "hda.h"
#include "hdareg.h"
#include "io.h"
#include "hdasim.h"

static bool direct_verb(void *ctx, uint32_t cmd, uint32_t *resp)
{
	(void)ctx;
	return codec_answer(cmd, resp);
}

/* --- the tests --- */

static void speaker_and_headphone_each_reach_a_dac_and_are_set_up(void **state)
{
	HdaCodecOut out;

	(void)state;
	reset_sim();
	laptop_codec();
	assert_true(hdacodec_setup(direct_verb, NULL, 0, 1, HDA_FMT_48K_16_STEREO, &out));
	assert_int_equal(out.vendor, 0x10EC);
	assert_int_equal(out.device, 0x0269);
	assert_int_equal(out.paths, 2);         /* not the mic, the S/PDIF out or the unconnected line-out */
	assert_int_equal(out.path[0].pin, 0x14);
	assert_int_equal(out.path[0].dac, 0x02);
	assert_int_equal(out.path[0].device, HDA_DEV_SPEAKER);
	assert_int_equal(out.path[1].pin, 0x15);
	assert_int_equal(out.path[1].dac, 0x02);        /* the first of its connections that reaches a DAC */
	assert_int_equal(out.path[1].device, HDA_DEV_HP_OUT);
	assert_int_equal(widget(0x14)->pin_ctl, HDA_PIN_CTL_OUT);
	assert_int_equal(widget(0x14)->eapd, HDA_EAPD_ON);
	assert_int_equal(widget(0x15)->pin_ctl, HDA_PIN_CTL_OUT | HDA_PIN_CTL_HP);
	assert_int_equal(widget(0x15)->eapd, 0);        /* no EAPD on that pin */
	assert_int_equal(widget(0x15)->select, 0 + 1);  /* connection 0: mixer 0x0C */
	assert_int_equal(widget(0x14)->amp_out, HDA_AMP_OUT | HDA_AMP_LEFT | HDA_AMP_RIGHT | 0x4A);     /* 0 dB, unmuted */
	assert_int_equal(widget(0x0C)->amp_in[0], HDA_AMP_IN | HDA_AMP_LEFT | HDA_AMP_RIGHT | 0x4A);
	assert_int_equal(widget(0x0C)->select, 0);      /* a mixer sums: nothing to select */
	assert_int_equal(widget(0x02)->amp_out, HDA_AMP_OUT | HDA_AMP_LEFT | HDA_AMP_RIGHT | 0x4A);
	assert_int_equal(widget(0x02)->power, 0 + 1);   /* D0 */
	assert_int_equal(widget(0x02)->format, HDA_FMT_48K_16_STEREO);
	assert_int_equal(widget(0x02)->stream, 0x10);   /* stream 1, channel 0 */
	assert_int_equal(widget(0x17)->pin_ctl, 0);
	assert_int_equal(widget(0x1E)->pin_ctl, 0);
	assert_non_null(strstr(logbuf, "hda: codec 0 output pin 20 (speaker) -> DAC 2, 3 nodes\n"));
}

static void a_headphone_through_a_second_mixer_gets_its_own_gain_and_selection(void **state)
{
	HdaCodecOut out;

	(void)state;
	reset_sim();
	laptop_codec();
	widget(0x15)->conn[0] = 0x0D;           /* the jack on mixer 0x0D: 0x0B (a loop to the mic), then DAC 0x03 */
	widget(0x15)->conn[1] = 0x0C;
	assert_true(hdacodec_setup(direct_verb, NULL, 2, 1, HDA_FMT_48K_16_STEREO, &out));
	assert_int_equal(out.cad, 2);
	assert_int_equal(out.path[1].dac, 0x03);
	assert_int_equal(widget(0x15)->select, 0 + 1);
	assert_int_equal(widget(0x0D)->amp_in[1], HDA_AMP_IN | HDA_AMP_LEFT | HDA_AMP_RIGHT | HDA_AMP_INDEX(1) | 0x10);
	assert_int_equal(widget(0x03)->stream, 0x10);
}

static void an_hdmi_only_codec_is_skipped_with_a_line(void **state)
{
	HdaCodecOut out;

	(void)state;
	reset_sim();
	hdmi_codec();
	assert_false(hdacodec_setup(direct_verb, NULL, 1, 1, HDA_FMT_48K_16_STEREO, &out));
	assert_int_equal(out.paths, 0);
	assert_int_equal(widget(0x03)->pin_ctl, 0);
	assert_string_equal(logbuf, "hda: codec 1 (8086:2882) has no analog output (HDMI/DP only?): not used\n");
}

static void the_controller_plays_through_corb_and_rirb(void **state)
{
	Hda h;

	(void)state;
	reset_sim();
	laptop_codec();
	assert_true(hda_start(&h, (uintptr_t)sim.regs, alloc));
	assert_false(h.immediate);
	assert_int_equal(sim.immediate_cmds, 0);
	assert_true(sim.ring_cmds > 20);
	assert_int_equal(h.codec_mask, 1);
	assert_int_equal(h.codecs, 1);
	assert_int_equal(h.codec.paths, 2);
	assert_int_equal(h.sd, (uintptr_t)sim.regs + SD_OUT);
	assert_int_equal(rd(SD_OUT + HDA_SD_CBL, 4), HDA_RING_BYTES);
	assert_int_equal(rd(SD_OUT + HDA_SD_LVI, 2), 1);
	assert_int_equal(rd(SD_OUT + HDA_SD_FMT, 2), HDA_FMT_48K_16_STEREO);
	assert_int_equal(rd(SD_OUT + HDA_SD_CTL, 4), HDA_SD_CTL_TAG(1) | HDA_SD_CTL_RUN);
	{
		HdaBdlEntry *bdl = (HdaBdlEntry *)(uintptr_t)rd(SD_OUT + HDA_SD_BDPL, 4);

		assert_int_equal(bdl[0].addr_lo, (uint32_t)(uintptr_t)h.ring);
		assert_int_equal(bdl[1].addr_lo, (uint32_t)(uintptr_t)h.ring + HDA_RING_BYTES / 2);
		assert_int_equal(bdl[0].length + bdl[1].length, HDA_RING_BYTES);
	}
	assert_int_not_equal(hda_position(&h), 0);
	hda_stop(&h);
	assert_int_equal(rd(SD_OUT + HDA_SD_CTL, 4) & HDA_SD_CTL_RUN, 0);
}

/*
 * Issue 32: the start a step at a time (hda_begin, hda_start_step): no step
 * waits (each goes on at most the simulation's one millisecond a step that
 * waits), the codec's whole walk is one step's verbs and no other step sends
 * more than a couple, and it ends playing as hda_start does.
 */
static void the_start_is_steps_that_never_wait(void **state)
{
	Hda h;
	StepResult r;
	int steps = 0, most = 0, walk = 0;

	(void)state;
	reset_sim();
	laptop_codec();
	hda_begin(&h, (uintptr_t)sim.regs, alloc);
	do {
		uint32_t t0 = sim.now_ms;
		int cmds = sim.ring_cmds + sim.immediate_cmds;

		r = hda_start_step(&h);
		assert_in_range(sim.now_ms - t0, 0, 1);
		cmds = sim.ring_cmds + sim.immediate_cmds - cmds;
		if (cmds > most)
			most = cmds;
		walk += cmds > 2;
		steps++;
	} while (r == STEP_MORE && steps < 1000);
	assert_int_equal(r, STEP_DONE);
	assert_int_equal(walk, 1);                      /* one codec: one step walks it */
	assert_int_equal(most, sim.ring_cmds);          /* ... and sends every verb */
	assert_true(steps > 3);
	assert_int_equal(h.codecs, 1);
	assert_int_equal(rd(SD_OUT + HDA_SD_CTL, 4), HDA_SD_CTL_TAG(1) | HDA_SD_CTL_RUN);
	assert_int_equal(hda_start_step(&h), STEP_DONE);        /* asked again: still playing */
}

static void a_rirb_that_never_answers_falls_back_to_immediate_commands(void **state)
{
	Hda h;

	(void)state;
	reset_sim();
	laptop_codec();
	sim.rings_dead = true;
	assert_true(hda_start(&h, (uintptr_t)sim.regs, alloc));
	assert_true(h.immediate);
	assert_true(sim.immediate_cmds > 20);
	assert_int_equal(h.codec.paths, 2);
	assert_non_null(strstr(logbuf, "hda: no response through the RIRB, one through the Immediate Command registers"));
}

static void a_codec_that_never_answers_ends_in_bounded_time_with_a_line(void **state)
{
	Hda h;

	(void)state;
	reset_sim();
	laptop_codec();
	codec.mute = true;
	assert_false(hda_start(&h, (uintptr_t)sim.regs, alloc));
	assert_non_null(strstr(logbuf, "hda: codec 0 does not answer (node 0 verb f0000): not used\n"));
	assert_non_null(strstr(logbuf, "hda: no codec with an analog output: not used\n"));
	assert_true(sim.now_ms < 200);          /* one command's timeouts (RIRB, then immediate), not one per widget */
}

static void a_stream_whose_position_never_moves_is_not_used(void **state)
{
	Hda h;

	(void)state;
	reset_sim();
	laptop_codec();
	sim.stream_stuck = true;
	assert_false(hda_start(&h, (uintptr_t)sim.regs, alloc));
	assert_non_null(strstr(logbuf, "hda: output stream runs but its DMA position stays at 0 after 300 ms: not used\n"));
	assert_int_equal(rd(SD_OUT + HDA_SD_CTL, 4) & HDA_SD_CTL_RUN, 0);       /* stopped again */
	assert_true(sim.now_ms < 1000);
}

static void no_codec_on_the_link_is_a_line(void **state)
{
	Hda h;

	(void)state;
	reset_sim();
	laptop_codec();
	wr(HDA_GCAP, 0x0400, 2);                /* no output stream */
	assert_false(hda_start(&h, (uintptr_t)sim.regs, alloc));
	assert_string_equal(logbuf, "hda: no output stream (GCAP 0400): not used\n");
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(speaker_and_headphone_each_reach_a_dac_and_are_set_up),
	cmocka_unit_test(a_headphone_through_a_second_mixer_gets_its_own_gain_and_selection),
	cmocka_unit_test(an_hdmi_only_codec_is_skipped_with_a_line),
	cmocka_unit_test(the_controller_plays_through_corb_and_rirb),
	cmocka_unit_test(the_start_is_steps_that_never_wait),
	cmocka_unit_test(a_rirb_that_never_answers_falls_back_to_immediate_commands),
	cmocka_unit_test(a_codec_that_never_answers_ends_in_bounded_time_with_a_line),
	cmocka_unit_test(a_stream_whose_position_never_moves_is_not_used),
	cmocka_unit_test(no_codec_on_the_link_is_a_line),
};

int main(int argc, char **argv)
{
	if (testmain_filter("hda", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("hda", tests, NULL, NULL);
}
