/* fuzz_hidparse.c: libFuzzer target — any HID report descriptor and any reports (drivers/usb/hidparse.c, hidparserep.c, x360rep.c): bounded, and every PadState in range. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzzkit.h"
#include "hidparse.h"
#include "pad.h"
#include "x360rep.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * Input format: a 2-byte little-endian descriptor length L, L bytes of
 * report descriptor (fewer at the end of the input), then reports, each
 * one length byte and that many bytes (fewer at the end). Seeds in
 * tests/fuzz/hidparse_corpus (make_pad_seeds.py): *.hid hold a descriptor
 * that parses, bad_* one that is refused.
 */
#define FUZZ_VALID_EXT ".hid"

static size_t desc_len(const uint8_t *data, size_t size)
{
	size_t len = size >= 2 ? (size_t)(data[0] | data[1] << 8) : 0;

	return len > size - (size >= 2 ? 2 : size) ? size - (size >= 2 ? 2 : size) : len;
}

static int next_report(const uint8_t *data, size_t size, size_t *pos, const uint8_t **rep, size_t *len)
{
	if (*pos >= size)
		return 0;
	*len = data[*pos];
	*pos += 1;
	if (*len > size - *pos)
		*len = size - *pos;
	*rep = data + *pos;
	*pos += *len;
	return 1;
}

/* For replay.c: the descriptor parses. */
__attribute__((unused)) static bool fuzz_accepts(const uint8_t *data, size_t size, char *err, size_t errlen)
{
	static HidPadDesc d;
	bool ok = size >= 2 && hidparse_desc(data + 2, desc_len(data, size), &d);

	if (!ok && errlen) {
		strncpy(err, size >= 2 ? d.reason : "shorter than its length field", errlen - 1);
		err[errlen - 1] = '\0';
	}
	return ok;
}

/* A PadState as pad.h promises it: axes in range, hat 0..7 or none, buttons only those the pad has. */
static void check_state(const PadState *st, uint8_t buttons_used)
{
	for (int a = 0; a < PAD_AXES; a++)
		expect(st->axis[a] >= PAD_AXIS_MIN);    /* never -32768: the range is symmetric */
	expect(st->hat <= 7 || st->hat == PAD_HAT_NONE);
	expect(buttons_used <= PAD_BUTTONS_MAX);
	if (buttons_used < PAD_BUTTONS_MAX)
		expect((st->buttons >> buttons_used) == 0);
}

/* The descriptor's controls within the bounds hidparse.h states. */
static void check_desc(const HidPadDesc *d)
{
	int axes = 0;

	expect(d->controls_n <= HIDPARSE_MAX_CONTROLS);
	expect(d->buttons <= PAD_BUTTONS_MAX);
	expect(d->report_len <= HIDPARSE_MAX_REPORT);
	for (int i = 0; i < d->controls_n; i++) {
		const HidControl *c = &d->controls[i];

		expect(c->bit_size >= 1 && c->bit_size <= 32);
		expect(c->count >= 1);
		expect((uint32_t)c->bit_offset + (uint32_t)c->bit_size * c->count <= HIDPARSE_MAX_REPORT * 8u);
		expect(c->kind != HID_CTL_AXIS || c->axis < PAD_AXES);
		if (c->kind == HID_CTL_AXIS && !c->relative)
			axes |= 1 << c->axis;
	}
	expect(axes == d->axes_used);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static HidPadDesc d;
	size_t len = desc_len(data, size), pos = 2 + len;
	const uint8_t *rep;
	uint8_t *copy;
	PadState st, x;
	bool ok;

	if (size < 2)
		return 0;
	copy = malloc(len ? len : 1);           /* exactly its bytes: ASan sees a read past them */
	expect(copy != NULL);
	memcpy(copy, data + 2, len);
	memset(&d, 0xA5, sizeof d);
	ok = hidparse_desc(copy, len, &d);
	free(copy);
	expect(memchr(d.reason, '\0', sizeof d.reason) != NULL);
	if (!ok) {
		expect(d.reason[0] != '\0');
		return 0;
	}
	check_desc(&d);
	memset(&st, 0x5A, sizeof st);
	hidparse_pad_init(&d, &st);
	check_state(&st, d.buttons);
	x360rep_init(&x);
	while (next_report(data, size, &pos, &rep, &len)) {
		uint8_t *r = malloc(len ? len : 1);

		expect(r != NULL);
		memcpy(r, rep, len);
		hidparse_report(&d, r, len, &st);
		check_state(&st, d.buttons);
		if (x360rep_report(r, len, &x))
			expect(len >= X360_INPUT_MIN_LEN);
		check_state(&x, X360_BUTTONS);
		free(r);
	}
	return 0;
}
