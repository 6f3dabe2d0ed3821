/* hdacodec.c: an HDA codec's widget graph walked from each analog output pin to a DAC, and the path set up to play. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drvlog.h"
#include "hda.h"
#include "hdareg.h"
#include "latebss.h"

#define MAX_CONN        32              /* connection-list entries read per widget */

/* The walk's state: the codec's verbs, its function group, and the path being tried. */
typedef struct Walk {
	HdaVerbFn verb;
	void *ctx;
	uint8_t cad, afg;
	bool dead;                      /* a command went unanswered: stop */
	HdaVerbLog *log;                /* the get commands' answers, for the hardware report (NULL: full) */
	uint8_t first, count;           /* the widgets' node range */
	uint32_t fg_in_amp, fg_out_amp; /* the function group's amplifier caps (widgets may override) */
	uint8_t node[HDA_MAX_DEPTH];    /* pin first, DAC last */
	uint8_t via[HDA_MAX_DEPTH];     /* node[i] reaches node[i + 1] through its connection via[i] */
} Walk;

static HdaVerbLog logs[HDA_LOG_CODECS] LATE_BSS;

const HdaVerbLog *hdacodec_log(int i)
{
	return i >= 0 && i < HDA_LOG_CODECS && logs[i].used ? &logs[i] : NULL;
}

/* The log of codec cad, emptied: a codec walked again is logged afresh; NULL when all are taken. */
static HdaVerbLog *log_start(uint8_t cad)
{
	for (int i = 0; i < HDA_LOG_CODECS; i++)
		if (!logs[i].used || logs[i].cad == cad) {
			logs[i].used = true;
			logs[i].cad = cad;
			logs[i].count = logs[i].dropped = 0;
			return &logs[i];
		}
	return NULL;
}

/* A get command (verb Fxxh, or 4-bit Ah, Bh) not logged yet: its answer, or that none came. */
static void log_answer(HdaVerbLog *l, uint32_t command, bool answered, uint32_t r)
{
	uint32_t c = command & 0x0FFFFFFFu, top = (c >> 16) & 0xF;

	if (!l || (top != 0xF && top != 0xA && top != 0xB))
		return;
	for (int i = 0; i < l->count; i++)
		if ((l->cmd[i] & ~HDA_LOG_NONE) == c)
			return;
	if (l->count == HDA_LOG_VERBS) {
		l->dropped++;
		return;
	}
	l->cmd[l->count] = c | (answered ? 0 : HDA_LOG_NONE);
	l->resp[l->count++] = r;
}

static const char *const device_names[] = {
	[HDA_DEV_LINE_OUT] = "line-out", [HDA_DEV_SPEAKER] = "speaker", [HDA_DEV_HP_OUT] = "headphone",
};

const char *hdacodec_device_name(uint8_t device)
{
	return device <= HDA_DEV_HP_OUT ? device_names[device] : "output";
}

/* One command; an unanswered one marks the codec dead (the first is logged) and reads as 0. */
static uint32_t cmd(Walk *w, uint8_t nid, uint32_t verb)
{
	uint32_t r = 0;

	if (w->dead)
		return 0;
	if (!w->verb(w->ctx, HDA_CMD(w->cad, nid, verb), &r)) {
		log_answer(w->log, HDA_CMD(w->cad, nid, verb), false, 0);
		drvlog("hda: codec %u does not answer (node %u verb %05x): not used\n", (unsigned)w->cad,
		    (unsigned)nid, (unsigned)verb);
		w->dead = true;
		return 0;
	}
	log_answer(w->log, HDA_CMD(w->cad, nid, verb), true, r);
	return r;
}

static uint32_t param(Walk *w, uint8_t nid, uint8_t p)
{
	return cmd(w, nid, HDA_V12(HDA_GET_PARAM, p));
}

/* A widget's connections, ranges expanded: how many (at most max). */
static int connections(Walk *w, uint8_t nid, uint8_t *list, int max)
{
	uint32_t len = param(w, nid, HDA_PAR_CONN_LEN);
	bool lng = len & 0x80;
	int n = 0, per = lng ? 2 : 4, bits = lng ? 16 : 8, total = (int)(len & 0x7F);
	uint32_t prev = 0;

	for (int i = 0; i < total && n < max && !w->dead; i += per) {
		uint32_t r = cmd(w, nid, HDA_V12(HDA_GET_CONN_LIST, i));

		for (int k = 0; k < per && i + k < total && n < max; k++) {
			uint32_t e = (r >> (k * bits)) & ((1u << bits) - 1), range = 1u << (bits - 1);
			uint32_t id = e & (range - 1);

			if ((e & range) && prev && id > prev)   /* a range: prev+1 .. id */
				for (uint32_t x = prev + 1; x < id && n < max; x++)
					list[n++] = (uint8_t)x;
			if (n < max)
				list[n++] = (uint8_t)id;
			prev = id;
		}
	}
	return n;
}

static bool in_range(const Walk *w, uint8_t nid)
{
	return nid >= w->first && nid < w->first + w->count;
}

/*
 * Depth-first from node[depth] to a DAC through mixers and selectors, a
 * node never twice on one path: the path's length (nodes), 0 if none.
 */
static int find_dac(Walk *w, int depth)
{
	uint8_t list[MAX_CONN];
	int n;

	if (depth + 1 >= HDA_MAX_DEPTH)
		return 0;
	n = connections(w, w->node[depth], list, MAX_CONN);
	for (int i = 0; i < n && !w->dead; i++) {
		uint32_t caps;
		bool seen = false;

		for (int k = 0; k <= depth; k++)
			seen |= w->node[k] == list[i];
		if (seen || !in_range(w, list[i]))
			continue;
		caps = param(w, list[i], HDA_PAR_WIDGET_CAPS);
		w->node[depth + 1] = list[i];
		w->via[depth] = (uint8_t)i;
		if (HDA_WCAP_TYPE(caps) == HDA_WT_DAC && !(caps & HDA_WCAP_DIGITAL))
			return depth + 2;
		if (HDA_WCAP_TYPE(caps) == HDA_WT_MIXER || HDA_WCAP_TYPE(caps) == HDA_WT_SELECTOR) {
			int len = find_dac(w, depth + 1);

			if (len)
				return len;
		}
	}
	return 0;
}

/* The amplifier's 0 dB step: the widget's own caps if it overrides the function group's. */
static uint32_t amp_0db(Walk *w, uint8_t nid, uint32_t wcaps, bool out)
{
	uint32_t caps = out ? w->fg_out_amp : w->fg_in_amp;

	if (wcaps & HDA_WCAP_AMP_OVERRIDE)
		caps = param(w, nid, out ? HDA_PAR_OUT_AMP_CAPS : HDA_PAR_IN_AMP_CAPS);
	return HDA_AMPCAP_OFFSET(caps);
}

/*
 * Each node of the path in D0, its output amplifier unmuted at 0 dB, the
 * input it takes the sound from chosen (selectors, pins) and unmuted
 * (mixers' and selectors' input amplifiers); the DAC on the stream.
 */
static void set_up_path(Walk *w, int len, uint8_t device, uint32_t pincaps, uint8_t stream, uint16_t format)
{
	for (int i = 0; i < len && !w->dead; i++) {
		uint8_t nid = w->node[i];
		uint32_t caps = param(w, nid, HDA_PAR_WIDGET_CAPS);
		uint32_t both = HDA_AMP_LEFT | HDA_AMP_RIGHT;

		if (caps & HDA_WCAP_POWER)
			cmd(w, nid, HDA_V12(HDA_SET_POWER_STATE, 0));
		if (caps & HDA_WCAP_OUT_AMP)
			cmd(w, nid, HDA_V4(HDA_SET_AMP, HDA_AMP_OUT | both | amp_0db(w, nid, caps, true)));
		if (i + 1 < len && HDA_WCAP_TYPE(caps) != HDA_WT_MIXER)
			cmd(w, nid, HDA_V12(HDA_SET_CONN_SELECT, w->via[i]));
		if (i + 1 < len && (caps & HDA_WCAP_IN_AMP))
			cmd(w, nid, HDA_V4(HDA_SET_AMP, HDA_AMP_IN | both | HDA_AMP_INDEX(w->via[i]) |
			    amp_0db(w, nid, caps, false)));
	}
	cmd(w, w->node[0], HDA_V12(HDA_SET_PIN_CTL, HDA_PIN_CTL_OUT |
	    (device == HDA_DEV_HP_OUT && (pincaps & HDA_PINCAP_HP_DRIVE) ? HDA_PIN_CTL_HP : 0)));
	if (pincaps & HDA_PINCAP_EAPD)
		cmd(w, w->node[0], HDA_V12(HDA_SET_EAPD, HDA_EAPD_ON));
	cmd(w, w->node[len - 1], HDA_V4(HDA_SET_FORMAT, format));
	cmd(w, w->node[len - 1], HDA_V12(HDA_SET_STREAM, (unsigned)stream << 4));
}

/* Pin `nid`: an analog output a laptop or desktop plays through? Its device, or -1. */
static int analog_output(Walk *w, uint8_t nid, uint32_t caps, uint32_t *pincaps)
{
	uint32_t cfg, dev;

	if (HDA_WCAP_TYPE(caps) != HDA_WT_PIN || (caps & HDA_WCAP_DIGITAL))
		return -1;
	*pincaps = param(w, nid, HDA_PAR_PIN_CAPS);
	if (!(*pincaps & HDA_PINCAP_OUT) || (*pincaps & (HDA_PINCAP_HDMI | HDA_PINCAP_DP)))
		return -1;
	cfg = cmd(w, nid, HDA_V12(HDA_GET_CONFIG, 0));
	dev = HDA_CFG_DEVICE(cfg);
	if (HDA_CFG_PORT(cfg) == HDA_CFG_PORT_NONE || dev > HDA_DEV_HP_OUT)
		return -1;
	return (int)dev;
}

/* The audio function group's widgets: every analog output pin with a path to a DAC, set up. */
static void walk_group(Walk *w, uint8_t stream, uint16_t format, HdaCodecOut *out)
{
	uint32_t nodes = param(w, w->afg, HDA_PAR_NODES);

	w->first = (uint8_t)(nodes >> 16);
	w->count = (uint8_t)nodes;
	w->fg_in_amp = param(w, w->afg, HDA_PAR_IN_AMP_CAPS);
	w->fg_out_amp = param(w, w->afg, HDA_PAR_OUT_AMP_CAPS);
	cmd(w, w->afg, HDA_V12(HDA_SET_POWER_STATE, 0));        /* the function group in D0 */
	for (int k = 0; k < w->count && out->paths < HDA_MAX_PATHS && !w->dead; k++) {
		uint8_t nid = (uint8_t)(w->first + k);
		uint32_t pincaps = 0, caps = param(w, nid, HDA_PAR_WIDGET_CAPS);
		int dev = analog_output(w, nid, caps, &pincaps), len;

		if (dev < 0)
			continue;
		w->node[0] = nid;
		len = find_dac(w, 0);
		if (!len) {
			drvlog("hda: codec %u pin %u (%s): no path to a DAC\n", (unsigned)w->cad, (unsigned)nid,
			    hdacodec_device_name((uint8_t)dev));
			continue;
		}
		set_up_path(w, len, (uint8_t)dev, pincaps, stream, format);
		out->path[out->paths++] = (HdaPath){ .pin = nid, .dac = w->node[len - 1], .device = (uint8_t)dev };
		drvlog("hda: codec %u output pin %u (%s) -> DAC %u, %d node%s\n", (unsigned)w->cad, (unsigned)nid,
		    hdacodec_device_name((uint8_t)dev), (unsigned)w->node[len - 1], len, len == 1 ? "" : "s");
	}
}

bool hdacodec_setup(HdaVerbFn verb, void *ctx, uint8_t cad, uint8_t stream, uint16_t format, HdaCodecOut *out)
{
	Walk w = { .verb = verb, .ctx = ctx, .cad = cad, .log = log_start(cad) };
	uint32_t id = cmd(&w, 0, HDA_V12(HDA_GET_PARAM, HDA_PAR_VENDOR)), groups;

	*out = (HdaCodecOut){ .cad = cad, .vendor = (uint16_t)(id >> 16), .device = (uint16_t)id };
	if (w.dead)
		return false;
	groups = param(&w, 0, HDA_PAR_NODES);
	for (uint32_t g = 0; g < (groups & 0xFF) && !w.dead; g++) {
		w.afg = (uint8_t)((groups >> 16) + g);
		if ((param(&w, w.afg, HDA_PAR_FG_TYPE) & 0xFF) == HDA_FG_AUDIO)
			walk_group(&w, stream, format, out);
	}
	if (w.dead)
		return false;
	if (out->paths == 0) {
		drvlog("hda: codec %u (%04x:%04x) has no analog output (HDMI/DP only?): not used\n", (unsigned)cad,
		    (unsigned)out->vendor, (unsigned)out->device);
		return false;
	}
	return true;
}
