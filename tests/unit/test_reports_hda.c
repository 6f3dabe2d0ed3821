/*
 * test_reports_hda.c: each report's HDA codecs (tests/reports/, build/gen/reports.h) walked again
 * by the driver's codec walk (drivers/sound/hdacodec.c) against a codec that answers every get
 * verb as the report recorded it (docs/hwinfo.md: "a simulated codec that answers these commands
 * with these responses sees the same walk") and accepts every set verb. The walk must ask the
 * same get verbs in the same order (each once, as the report lists them), ask nothing the report
 * does not have, and find the same output paths.
 */
#include <stdarg.h>
#include <stdio.h>

#include "testmain.h"

#include "hda.h"
#include "hdareg.h"
#include "reports.h"

#define SIMLOG_BYTES    4096
#include "simlog.h"          /* drvlog into logbuf */

/* The recorded codec: what the walk asked, in order, each (node, verb) once. */
typedef struct Replay {
	const ReportCodec *codec;
	int asked[1024];                /* indexes into codec->verbs, in the order first asked */
	int nasked;
	char stranger[96];              /* the first get verb the report does not have */
} Replay;

static bool is_get(uint32_t verb)
{
	return (verb >> 8 & 0xFFF) >= 0xF00 || verb >> 16 == 0xA || verb >> 16 == 0xB;
}

static bool recorded_verb(void *ctx, uint32_t cmd, uint32_t *resp)
{
	Replay *r = ctx;
	uint8_t nid = (uint8_t)(cmd >> 20 & 0xFF);
	uint32_t verb = cmd & 0xFFFFF;

	*resp = 0;
	if (!is_get(verb))
		return true;
	for (int i = 0; i < r->codec->nverbs; i++) {
		const ReportVerb *v = &r->codec->verbs[i];
		bool seen = false;

		if (v->nid != nid || v->verb != verb)
			continue;
		for (int k = 0; k < r->nasked && !seen; k++)
			seen = r->asked[k] == i;
		if (!seen && r->nasked < (int)ARRAY_LEN(r->asked))
			r->asked[r->nasked++] = i;
		*resp = v->resp;
		return !v->none;
	}
	if (!r->stranger[0])
		snprintf(r->stranger, sizeof r->stranger, "node %02x verb %05x", (unsigned)nid, (unsigned)verb);
	return false;
}

static void codec_walk(void **state)
{
	const ReportCodec *c = *state;
	static Replay r;
	HdaCodecOut out;
	bool ok;

	r = (Replay){ .codec = c };
	logbuf[0] = '\0';
	ok = hdacodec_setup(recorded_verb, &r, c->cad, HDA_STREAM_TAG, HDA_FMT_48K_16_STEREO, &out);
	if (r.stranger[0])
		fail_msg("the walk asked %s, which the report does not have", r.stranger);
	for (int i = 0; i < r.nasked; i++)
		assert_row(r.asked[i] == i, "get verb %d asked is the report's %d (node %02x verb %05x)", i,
		    r.asked[i], c->verbs[r.asked[i]].nid, c->verbs[r.asked[i]].verb);
	if (!c->dropped)
		assert_int_equal(r.nasked, c->nverbs);
	assert_int_equal(out.vendor, c->vendor);
	assert_int_equal(out.device, c->device);
	assert_int_equal(ok, c->npaths > 0);
	assert_int_equal(out.paths, c->npaths);
	for (int i = 0; i < c->npaths; i++) {
		assert_row(out.path[i].pin == c->paths[i].pin, "path %d: pin %u, the report's %u", i, out.path[i].pin,
		    c->paths[i].pin);
		assert_row(out.path[i].dac == c->paths[i].dac, "path %d: DAC %u, the report's %u", i, out.path[i].dac,
		    c->paths[i].dac);
		assert_int_equal(out.path[i].device, c->paths[i].device);
	}
}

int main(int argc, char **argv)
{
	static struct CMUnitTest tests[32];
	static char names[32][80];
	size_t n = 0;

	for (size_t i = 0; i < ARRAY_LEN(reports); i++)
		for (int k = 0; k < reports[i]->ncodecs && n < ARRAY_LEN(tests); k++, n++) {
			snprintf(names[n], sizeof names[n], "%s/codec%u", reports[i]->name, reports[i]->codecs[k].cad);
			tests[n] = (struct CMUnitTest){ .name = names[n], .test_func = codec_walk,
			    .initial_state = (void *)&reports[i]->codecs[k] };
		}
	if (testmain_filter("test_reports_hda", argc, argv, tests, n))
		return 0;
	if (n == 0) {
		printf("test_reports_hda: no report has an HDA codec\n");
		return 1;
	}
	return _cmocka_run_group_tests("test_reports_hda", tests, n, NULL, NULL);
}
