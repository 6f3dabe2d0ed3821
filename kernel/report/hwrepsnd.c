/* hwrepsnd.c: HWINFO.TXT's sound sections — the HDA controller, each codec's walk (verbs and their answers, nodes for a person), AC'97 ids. */
#include <stdbool.h>
#include <stdint.h>

#include "hwreport.h"
#include "kfmt.h"

#define V_PARAM(p)      (0xF0000u | (p))        /* GET_PARAMETER, 20-bit verb with payload */
#define V_CONN(i)       (0xF0200u | (i))
#define V_CONFIG        0xF1C00u
#define P_VENDOR        0x00
#define P_REVISION      0x02
#define P_NODES         0x04
#define P_FG_TYPE       0x05
#define P_WCAPS         0x09
#define P_PINCAPS       0x0C
#define P_IN_AMP        0x0D
#define P_CONN_LEN      0x0E
#define P_OUT_AMP       0x12
#define MAX_CONN_SHOWN  32

/* The answer the walk got to (nid, verb), if it asked. */
static bool answer(const HdaVerbLog *l, uint8_t nid, uint32_t verb, uint32_t *r)
{
	uint32_t c = (uint32_t)nid << 20 | verb;

	for (int i = 0; i < l->count; i++)
		if (l->cmd[i] == c) {
			*r = l->resp[i];
			return true;
		}
	return false;
}

/* " key=0x%08x" for an answer the walk got. */
static int tok(char *out, int size, const char *key, const HdaVerbLog *l, uint8_t nid, uint32_t verb)
{
	uint32_t r;

	if (!answer(l, nid, verb, &r) || size <= 0)
		return 0;
	return kfmt_snprintf(out, (unsigned)size, " %s=0x%08x", key, (unsigned)r);
}

/* The connection list as the walk read it, ranges expanded (as hdacodec.c does). */
static int conn(char *out, int size, const HdaVerbLog *l, uint8_t nid)
{
	uint32_t len, r, prev = 0;
	int n = 0, shown = 0;

	if (!answer(l, nid, V_PARAM(P_CONN_LEN), &len) || !(len & 0x7F))
		return 0;
	{
		bool lng = len & 0x80;
		int per = lng ? 2 : 4, bits = lng ? 16 : 8, total = (int)(len & 0x7F);

		for (int i = 0; i < total && answer(l, nid, V_CONN((uint32_t)i), &r); i += per)
			for (int k = 0; k < per && i + k < total && shown < MAX_CONN_SHOWN; k++) {
				uint32_t e = (r >> (k * bits)) & ((1u << bits) - 1), range = 1u << (bits - 1);
				uint32_t id = e & (range - 1);

				if ((e & range) && prev && id > prev)
					for (uint32_t x = prev + 1; x < id && shown < MAX_CONN_SHOWN && n < size; x++, shown++)
						n += kfmt_snprintf(out + n, (unsigned)(size - n), "%s0x%02x", shown ? "," : " conn=",
						    (unsigned)x);
				if (n < size)
					n += kfmt_snprintf(out + n, (unsigned)(size - n), "%s0x%02x", shown ? "," : " conn=",
					    (unsigned)id);
				shown++;
				prev = id;
			}
	}
	return n < size ? n : size - 1;
}

static const char *widget_type(uint32_t wcaps, char other[8])
{
	static const char *const names[] = { "dac", "adc", "mixer", "selector", "pin", "power", "volume", "beep" };
	uint32_t t = (wcaps >> 20) & 0xF;

	if (t < 8)
		return names[t];
	if (t == 0xF)
		return "vendor";
	kfmt_snprintf(other, 8, "%u", (unsigned)t);
	return other;
}

/* A node's row for a person: what the walk asked of it. */
static void node_row(HwOut *o, const HdaVerbLog *l, uint8_t nid)
{
	char line[HWREPORT_LINE], other[8];
	uint32_t r, v;
	int n = kfmt_snprintf(line, sizeof line, "node 0x%02x", (unsigned)nid), size = (int)sizeof line;

	if (answer(l, nid, V_PARAM(P_VENDOR), &v))
		n += kfmt_snprintf(line + n, (unsigned)(size - n), " vendor=%04x:%04x", (unsigned)(v >> 16),
		    (unsigned)(v & 0xFFFF));
	n += tok(line + n, size - n, "rev", l, nid, V_PARAM(P_REVISION));
	if (answer(l, nid, V_PARAM(P_FG_TYPE), &r))
		n += kfmt_snprintf(line + n, (unsigned)(size - n), " fg_type=0x%02x", (unsigned)(r & 0xFF));
	if (answer(l, nid, V_PARAM(P_NODES), &r))
		n += kfmt_snprintf(line + n, (unsigned)(size - n), " nodes=0x%02x+%u", (unsigned)((r >> 16) & 0xFF),
		    (unsigned)(r & 0xFF));
	n += tok(line + n, size - n, "in_amp", l, nid, V_PARAM(P_IN_AMP));
	n += tok(line + n, size - n, "out_amp", l, nid, V_PARAM(P_OUT_AMP));
	if (answer(l, nid, V_PARAM(P_WCAPS), &r))
		n += kfmt_snprintf(line + n, (unsigned)(size - n), " wcaps=0x%08x type=%s", (unsigned)r,
		    widget_type(r, other));
	n += tok(line + n, size - n, "pincaps", l, nid, V_PARAM(P_PINCAPS));
	n += tok(line + n, size - n, "cfg", l, nid, V_CONFIG);
	conn(line + n, size - n, l, nid);
	hwout_line(o, "%s", line);
}

static void codec(HwOut *o, const HwReport *r, const HdaVerbLog *l)
{
	static const char *const devices[] = { "line-out", "speaker", "headphone" };
	const HdaCodecOut *c = r->hda && r->hda->codec.cad == l->cad ? &r->hda->codec : NULL;
	bool seen[256] = { false }, answered = true;
	uint32_t id = 0;

	answer(l, 0, V_PARAM(P_VENDOR), &id);
	for (int i = 0; i < l->count; i++) {
		seen[(l->cmd[i] >> 20) & 0xFF] = true;
		answered &= !(l->cmd[i] & HDA_LOG_NONE);
	}
	hwout_line(o, "[hdacodec %u] id=%04x:%04x answered=%d paths=%d", (unsigned)l->cad, (unsigned)(id >> 16),
	    (unsigned)(id & 0xFFFF), answered ? 1 : 0, c ? c->paths : 0);
	for (int i = 0; c && i < c->paths && i < HDA_MAX_PATHS; i++)
		hwout_line(o, "path pin=0x%02x dac=0x%02x device=%s", (unsigned)c->path[i].pin, (unsigned)c->path[i].dac,
		    c->path[i].device <= 2 ? devices[c->path[i].device] : "output");
	for (int nid = 0; nid < 256; nid++)
		if (seen[nid])
			node_row(o, l, (uint8_t)nid);
	for (int i = 0; i < l->count; i++) {
		uint32_t cmd = l->cmd[i] & ~HDA_LOG_NONE;

		if (l->cmd[i] & HDA_LOG_NONE)
			hwout_line(o, "verb %02x %05x none", (unsigned)(cmd >> 20), (unsigned)(cmd & 0xFFFFF));
		else
			hwout_line(o, "verb %02x %05x %08x", (unsigned)(cmd >> 20), (unsigned)(cmd & 0xFFFFF),
			    (unsigned)l->resp[i]);
	}
	if (l->dropped)
		hwout_line(o, "verbs_dropped: %u", (unsigned)l->dropped);
}

void hwreport_sound(HwOut *o, const HwReport *r)
{
	char at[8];

	if (r->hda_pci && r->hda)
		hwout_line(o, "[hda %s] gcap=0x%04x codecs=0x%04x immediate=%d", hwreport_pci_addr(r->hda_pci, at),
		    (unsigned)r->hda->gcap, (unsigned)r->hda->codec_mask, r->hda->immediate ? 1 : 0);
	for (int i = 0; i < r->codec_count; i++)
		codec(o, r, r->codec[i]);
	if (r->ac97_pci && r->ac97)
		hwout_line(o, "[ac97 %s] codec_id=0x%04x%04x vra=%d rate_hz=%u", hwreport_pci_addr(r->ac97_pci, at),
		    (unsigned)r->ac97->vendor1, (unsigned)r->ac97->vendor2, r->ac97->vra ? 1 : 0, (unsigned)r->ac97->rate);
}
