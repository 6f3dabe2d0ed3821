/* hidparse.c: HID report descriptors to a pad's named controls (HID 1.11 6.2.2), input reports to a PadState — pure, bad-input-safe. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hidparse.h"
#include "pad.h"

/* Item prefix (HID 1.11 6.2.2.2): bSize in bits 1:0 (3 means 4 bytes), bType in 3:2, bTag in 7:4. */
#define ITEM_LONG               0xFE    /* long item: size byte, tag byte, data */
#define ITEM_SIZE(b)            ((b) & 3u)
#define ITEM_TYPE(b)            (((b) >> 2) & 3u)
#define ITEM_TAG(b)             ((b) >> 4)
enum { TYPE_MAIN, TYPE_GLOBAL, TYPE_LOCAL, TYPE_RESERVED };

/* Main item tags (6.2.2.4) and the Input item's data bits. */
#define MAIN_INPUT              0x8
#define MAIN_OUTPUT             0x9
#define MAIN_COLLECTION         0xA
#define MAIN_FEATURE            0xB
#define MAIN_END_COLLECTION     0xC
#define INPUT_CONSTANT          0x01
#define INPUT_VARIABLE          0x02
#define INPUT_RELATIVE          0x04
#define COLLECTION_APPLICATION  0x01

/* Global item tags (6.2.2.7). */
#define GLOBAL_USAGE_PAGE       0x0
#define GLOBAL_LOGICAL_MIN      0x1
#define GLOBAL_LOGICAL_MAX      0x2
#define GLOBAL_PHYSICAL_MIN     0x3
#define GLOBAL_PHYSICAL_MAX     0x4
#define GLOBAL_REPORT_SIZE      0x7
#define GLOBAL_REPORT_ID        0x8
#define GLOBAL_REPORT_COUNT     0x9
#define GLOBAL_PUSH             0xA
#define GLOBAL_POP              0xB

/* Local item tags (6.2.2.8). */
#define LOCAL_USAGE             0x0
#define LOCAL_USAGE_MIN         0x1
#define LOCAL_USAGE_MAX         0x2

#define MAX_REPORT_SIZE         1024    /* Report Size in bits: more is garbage */
#define NO_APP                  (-1)

typedef struct Globals {
	uint16_t page;
	int32_t lmin, lmax, pmin, pmax;
	uint32_t size, count;
	uint8_t id;
} Globals;

/* A usage or a usage range of the local state; page 0 until the main item fills in the last Usage Page. */
typedef struct Span {
	uint16_t page, min, max;
	bool page_given;
} Span;

typedef struct Parser {
	Globals g, stack[HIDPARSE_MAX_PUSH];
	int pushed, depth, app;         /* app: index of the enclosing top-level application, NO_APP */
	Span spans[HIDPARSE_MAX_USAGES];
	int nspans;
	bool min_pending;               /* a Usage Minimum waits for its Usage Maximum */
	Span pending;
	uint8_t ids[HIDPARSE_MAX_REPORTS];
	uint32_t bits[HIDPARSE_MAX_REPORTS];
	bool has_control[HIDPARSE_MAX_REPORTS];
	int nreports;
	bool id_zero_used;
	int choose;                     /* the application whose controls are kept, NO_APP: none (first pass) */
	uint16_t app_page[HIDPARSE_MAX_APPS], app_usage[HIDPARSE_MAX_APPS];
	int napps;
} Parser;

/* The reason, then " at byte N". */
static bool fail(HidPadDesc *out, const char *why, size_t pos)
{
	char digits[12];
	int n = 0, d = 0;

	while (why[n] && n < HIDPARSE_REASON_LEN - 1) {
		out->reason[n] = why[n];
		n++;
	}
	do
		digits[d++] = (char)('0' + pos % 10);
	while ((pos /= 10) && d < (int)sizeof digits);
	if (n + 9 + d < HIDPARSE_REASON_LEN) {
		for (const char *s = " at byte "; *s; s++)
			out->reason[n++] = *s;
		while (d)
			out->reason[n++] = digits[--d];
	}
	out->reason[n] = '\0';
	return false;
}

/* The i-th usage of the local state (the last one repeats, HID 1.11 6.2.2.8); false if there is none. */
static bool usage_at(const Parser *ps, uint32_t i, uint16_t *page, uint16_t *usage)
{
	for (int s = 0; s < ps->nspans; s++) {
		uint32_t n = (uint32_t)ps->spans[s].max - ps->spans[s].min + 1;

		*page = ps->spans[s].page;
		if (i < n) {
			*usage = (uint16_t)(ps->spans[s].min + i);
			return true;
		}
		i -= n;
		*usage = ps->spans[s].max;
	}
	return ps->nspans > 0;
}

/* The report an Input item adds to (its running bit count): an index, -1 if there are too many. */
static int report_slot(Parser *ps)
{
	for (int r = 0; r < ps->nreports; r++)
		if (ps->ids[r] == ps->g.id)
			return r;
	if (ps->nreports == HIDPARSE_MAX_REPORTS)
		return -1;
	ps->ids[ps->nreports] = ps->g.id;
	ps->bits[ps->nreports] = 0;
	ps->has_control[ps->nreports] = false;
	return ps->nreports++;
}

static void add_control(HidPadDesc *out, const HidControl *c)
{
	if (out->controls_n == HIDPARSE_MAX_CONTROLS) {
		out->dropped = true;
		return;
	}
	out->controls[out->controls_n++] = *c;
}

/*
 * The named controls of one data Input item: axes and hats one value
 * each, buttons gathered into runs, a button array as one control.
 * Values wider than 32 bits and usages we do not name are left out.
 */
static void input_controls(Parser *ps, HidPadDesc *out, uint32_t base, uint8_t flags)
{
	const Globals *g = &ps->g;
	HidControl c = { .report_id = g->id, .bit_size = (uint8_t)g->size, .count = 1, .is_signed = g->lmin < 0,
	    .relative = (flags & INPUT_RELATIVE) != 0, .logical_min = g->lmin, .logical_max = g->lmax,
	    .physical_min = g->pmin, .physical_max = g->pmax };
	uint16_t page, usage;

	if (g->size == 0 || g->size > HIDPARSE_MAX_FIELD_BITS || g->count == 0 || ps->nspans == 0)
		return;
	if (!(flags & INPUT_VARIABLE)) {
		const Span *s = &ps->spans[0];

		if (s->page != HID_PAGE_BUTTON || s->min > PAD_BUTTONS_MAX || s->min == 0)
			return;
		c.kind = HID_CTL_BUTTON_ARRAY;
		c.bit_offset = (uint16_t)base;
		c.count = (uint8_t)(g->count > 255 ? 255 : g->count);
		c.usage_min = s->min;
		c.usage_max = s->max;
		c.first_button = (uint8_t)s->min;
		add_control(out, &c);
		return;
	}
	for (uint32_t i = 0; i < g->count && usage_at(ps, i, &page, &usage); i++) {
		HidControl *last = out->controls_n ? &out->controls[out->controls_n - 1] : NULL;

		c.bit_offset = (uint16_t)(base + i * g->size);
		if (page == HID_PAGE_DESKTOP && usage >= HID_USAGE_X && usage <= HID_USAGE_RZ) {
			static const uint8_t axes[] = { PAD_AXIS_X, PAD_AXIS_Y, PAD_AXIS_Z, PAD_AXIS_RX, PAD_AXIS_RY,
			    PAD_AXIS_RZ };

			c.kind = HID_CTL_AXIS;
			c.axis = axes[usage - HID_USAGE_X];
			add_control(out, &c);
		} else if (page == HID_PAGE_DESKTOP && usage == HID_USAGE_HAT) {
			c.kind = HID_CTL_HAT;
			add_control(out, &c);
		} else if (page == HID_PAGE_DESKTOP && usage >= HID_USAGE_DPAD_UP && usage <= HID_USAGE_DPAD_LEFT) {
			c.kind = HID_CTL_DPAD;
			c.axis = (uint8_t)(usage - HID_USAGE_DPAD_UP);
			add_control(out, &c);
		} else if (page == HID_PAGE_BUTTON && usage >= 1 && usage <= PAD_BUTTONS_MAX) {
			if (last && last->kind == HID_CTL_BUTTONS && last->report_id == c.report_id &&
			    last->bit_size == c.bit_size && last->count < 255 &&
			    last->bit_offset + (uint32_t)last->count * last->bit_size == c.bit_offset &&
			    last->first_button + last->count == usage) {
				last->count++;
				continue;
			}
			c.kind = HID_CTL_BUTTONS;
			c.first_button = (uint8_t)usage;
			add_control(out, &c);
		}
	}
}

/* An Input item: its bits counted in its report (bounded), its controls kept if they are in the chosen collection. */
static bool main_input(Parser *ps, HidPadDesc *out, uint8_t flags, size_t pos)
{
	uint64_t total = (uint64_t)ps->g.size * ps->g.count;
	uint32_t limit = (HIDPARSE_MAX_REPORT - (out->report_ids ? 1u : 0u)) * 8u;
	int r = report_slot(ps);

	if (r < 0)
		return fail(out, "more than 16 input reports", pos);
	if (ps->g.id == 0)
		ps->id_zero_used = true;
	if (ps->bits[r] + total > limit)
		return fail(out, "input report longer than 256 bytes", pos);
	if (!(flags & INPUT_CONSTANT) && ps->app != NO_APP && ps->app == ps->choose) {
		uint8_t before = out->controls_n;

		input_controls(ps, out, ps->bits[r], flags);
		ps->has_control[r] |= out->controls_n != before;
	}
	ps->bits[r] += (uint32_t)total;
	return true;
}

static bool main_item(Parser *ps, HidPadDesc *out, uint32_t tag, uint32_t data, size_t pos)
{
	uint16_t page = 0, usage = 0;

	switch (tag) {
	case MAIN_INPUT:
		if (!main_input(ps, out, (uint8_t)data, pos))
			return false;
		break;
	case MAIN_COLLECTION:
		if (ps->depth == HIDPARSE_MAX_DEPTH)
			return fail(out, "collections nested too deep", pos);
		if (ps->depth == 0 && data == COLLECTION_APPLICATION && ps->napps < HIDPARSE_MAX_APPS) {
			usage_at(ps, 0, &page, &usage);
			ps->app_page[ps->napps] = page;
			ps->app_usage[ps->napps] = usage;
			ps->app = ps->napps++;
		}
		ps->depth++;
		break;
	case MAIN_END_COLLECTION:
		if (ps->depth == 0)
			return fail(out, "END_COLLECTION without COLLECTION", pos);
		if (--ps->depth == 0)
			ps->app = NO_APP;
		break;
	default:                        /* Output, Feature, reserved: only the local state goes */
		break;
	}
	ps->nspans = 0;                 /* local state ends with every main item */
	ps->min_pending = false;
	return true;
}

static bool global_item(Parser *ps, HidPadDesc *out, uint32_t tag, uint32_t udata, int32_t sdata, size_t pos)
{
	Globals *g = &ps->g;

	switch (tag) {
	case GLOBAL_USAGE_PAGE:
		g->page = (uint16_t)udata;
		break;
	case GLOBAL_LOGICAL_MIN:
		g->lmin = sdata;
		break;
	case GLOBAL_LOGICAL_MAX:        /* unsigned unless the minimum is negative (as Linux reads it) */
		g->lmax = g->lmin < 0 ? sdata : (udata > INT32_MAX ? INT32_MAX : (int32_t)udata);
		break;
	case GLOBAL_PHYSICAL_MIN:
		g->pmin = sdata;
		break;
	case GLOBAL_PHYSICAL_MAX:
		g->pmax = g->pmin < 0 ? sdata : (udata > INT32_MAX ? INT32_MAX : (int32_t)udata);
		break;
	case GLOBAL_REPORT_SIZE:
		if (udata > MAX_REPORT_SIZE)
			return fail(out, "report size over 1024 bits", pos);
		g->size = udata;
		break;
	case GLOBAL_REPORT_ID:
		if (udata == 0 || udata > 0xFF)
			return fail(out, "report id not 1..255", pos);
		g->id = (uint8_t)udata;
		out->report_ids = true;
		break;
	case GLOBAL_REPORT_COUNT:
		if (udata > HIDPARSE_MAX_REPORT * 8)
			return fail(out, "report count over 2048", pos);
		g->count = udata;
		break;
	case GLOBAL_PUSH:
		if (ps->pushed == HIDPARSE_MAX_PUSH)
			return fail(out, "PUSH too deep", pos);
		ps->stack[ps->pushed++] = *g;
		break;
	case GLOBAL_POP:
		if (ps->pushed == 0)
			return fail(out, "POP without PUSH", pos);
		*g = ps->stack[--ps->pushed];
		break;
	default:                        /* unit, unit exponent, reserved: nothing we use */
		break;
	}
	return true;
}

/* A 4-byte usage carries its page in the high half (6.2.2.8). */
static void local_item(Parser *ps, uint32_t tag, uint32_t udata, uint32_t size)
{
	Span s = { .page = (uint16_t)(udata >> 16), .min = (uint16_t)udata, .max = (uint16_t)udata,
	    .page_given = size == 4 };

	switch (tag) {
	case LOCAL_USAGE:
		if (ps->nspans < HIDPARSE_MAX_USAGES)
			ps->spans[ps->nspans++] = s;
		break;
	case LOCAL_USAGE_MIN:
		ps->pending = s;
		ps->min_pending = true;
		break;
	case LOCAL_USAGE_MAX:
		if (ps->min_pending && ps->nspans < HIDPARSE_MAX_USAGES && s.min >= ps->pending.min) {
			ps->pending.max = s.min;
			ps->spans[ps->nspans++] = ps->pending;
		}
		ps->min_pending = false;
		break;
	default:                        /* designators, strings, delimiters: not used */
		break;
	}
}

/* Usages without a page of their own take the Usage Page in force at their main item (as Linux does). */
static void fill_pages(Parser *ps)
{
	for (int s = 0; s < ps->nspans; s++)
		if (!ps->spans[s].page_given)
			ps->spans[s].page = ps->g.page;
}

/* One pass over the items; controls are kept for the application `choose` (NO_APP: none). */
static bool walk(const uint8_t *d, size_t len, int choose, Parser *ps, HidPadDesc *out)
{
	size_t pos = 0;

	*ps = (Parser){ .app = NO_APP, .choose = choose };
	while (pos < len) {
		uint8_t b = d[pos];
		uint32_t size = ITEM_SIZE(b) == 3 ? 4 : ITEM_SIZE(b), udata = 0;
		int32_t sdata;

		if (b == ITEM_LONG) {           /* no long item tags are defined: skipped whole */
			if (len - pos < 3 || len - pos - 3 < d[pos + 1])
				return fail(out, "truncated long item", pos);
			pos += 3u + d[pos + 1];
			continue;
		}
		if (len - pos - 1 < size)
			return fail(out, "truncated item", pos);
		for (uint32_t i = 0; i < size; i++)
			udata |= (uint32_t)d[pos + 1 + i] << (8 * i);
		sdata = size == 1 ? (int8_t)udata : size == 2 ? (int16_t)udata : (int32_t)udata;
		switch (ITEM_TYPE(b)) {
		case TYPE_MAIN:
			fill_pages(ps);
			if (!main_item(ps, out, ITEM_TAG(b), udata, pos))
				return false;
			break;
		case TYPE_GLOBAL:
			if (!global_item(ps, out, ITEM_TAG(b), udata, sdata, pos))
				return false;
			break;
		case TYPE_LOCAL:
			local_item(ps, ITEM_TAG(b), udata, size);
			break;
		default:
			return fail(out, "reserved item type", pos);
		}
		pos += 1 + size;
	}
	if (ps->depth != 0)
		return fail(out, "collection not ended", pos);
	if (ps->pushed != 0)
		return fail(out, "PUSH without POP", pos);
	if (out->report_ids && ps->id_zero_used)
		return fail(out, "input items with and without report id", pos);
	return true;
}

/*
 * Two passes: the first checks the whole descriptor and finds the
 * top-level application collections; the second keeps the controls of the
 * chosen one — the first joystick or gamepad, else the first mouse or
 * pointer (QEMU's tablet), else none (app_usage says what the first is).
 */
bool hidparse_desc(const uint8_t *desc, size_t len, HidPadDesc *out)
{
	Parser ps;
	int choose = NO_APP;

	*out = (HidPadDesc){ .app_page = 0 };
	if (len > HIDPARSE_MAX_DESC)
		return fail(out, "report descriptor longer than 1024 bytes", len);
	if (!walk(desc, len, NO_APP, &ps, out))
		return false;
	if (ps.napps == 0)
		return fail(out, "no application collection", len);
	for (int a = 0; a < ps.napps && choose == NO_APP; a++)
		if (ps.app_page[a] == HID_PAGE_DESKTOP &&
		    (ps.app_usage[a] == HID_USAGE_JOYSTICK || ps.app_usage[a] == HID_USAGE_GAMEPAD))
			choose = a;
	for (int a = 0; a < ps.napps && choose == NO_APP; a++)
		if (ps.app_page[a] == HID_PAGE_DESKTOP &&
		    (ps.app_usage[a] == HID_USAGE_MOUSE || ps.app_usage[a] == HID_USAGE_POINTER))
			choose = a;
	out->apps = (uint8_t)ps.napps;
	out->app_page = ps.app_page[choose == NO_APP ? 0 : choose];
	out->app_usage = ps.app_usage[choose == NO_APP ? 0 : choose];
	if (choose == NO_APP)
		return true;
	out->report_ids = false;
	walk(desc, len, choose, &ps, out);      /* cannot fail: the same items as the first pass */
	for (int r = 0; r < ps.nreports; r++) {
		uint32_t bytes = (ps.bits[r] + 7) / 8 + (out->report_ids ? 1 : 0);

		if (ps.has_control[r] && bytes > out->report_len)
			out->report_len = (uint16_t)bytes;
	}
	for (int i = 0; i < out->controls_n; i++) {
		const HidControl *c = &out->controls[i];
		int last = c->first_button + (c->kind == HID_CTL_BUTTON_ARRAY ? c->usage_max - c->usage_min : c->count - 1);

		if (c->kind == HID_CTL_AXIS && !c->relative)
			out->axes_used |= (uint8_t)(1u << c->axis);
		else if (c->kind == HID_CTL_HAT)
			out->has_hat = true;
		else if (c->kind == HID_CTL_DPAD)
			out->dpad_hat = true;
		else if (c->kind == HID_CTL_BUTTONS || c->kind == HID_CTL_BUTTON_ARRAY)
			out->buttons = (uint8_t)(last > PAD_BUTTONS_MAX ? PAD_BUTTONS_MAX : last > out->buttons ? last : out->buttons);
	}
	out->dpad_hat &= !out->has_hat;         /* a hat switch wins over D-pad usages */
	out->has_hat |= out->dpad_hat;
	return true;
}
