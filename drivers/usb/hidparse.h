/* hidparse.h: HID report descriptors (report protocol) to a pad's named controls, and input reports to a PadState — pure, host-testable. */
#ifndef DRIVERS_HIDPARSE_H
#define DRIVERS_HIDPARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pad.h"

/* Bounds (HID 1.11 chapter 6.2.2): everything the parser keeps is a fixed array. */
#define HIDPARSE_MAX_DESC       1024    /* report descriptor bytes taken (a DualShock 4's is 507) */
#define HIDPARSE_MAX_CONTROLS   24      /* axes, hats and button fields of the chosen collection */
#define HIDPARSE_MAX_DEPTH      8       /* collections inside each other */
#define HIDPARSE_MAX_PUSH       4       /* PUSH without POP */
#define HIDPARSE_MAX_USAGES     16      /* usages and usage ranges before one main item */
#define HIDPARSE_MAX_APPS       8       /* top-level application collections */
#define HIDPARSE_MAX_REPORTS    16      /* input report ids */
#define HIDPARSE_MAX_REPORT     256     /* bytes of one input report, its id byte included */
#define HIDPARSE_REASON_LEN     64
#define HIDPARSE_MAX_FIELD_BITS 32      /* a control's value fits a uint32_t (wider fields are not controls) */

/* HID Usage Tables 1.12: the pages and usages the parser names. */
#define HID_PAGE_DESKTOP        0x01
#define HID_PAGE_BUTTON         0x09
#define HID_USAGE_POINTER       0x01
#define HID_USAGE_MOUSE         0x02
#define HID_USAGE_JOYSTICK      0x04
#define HID_USAGE_GAMEPAD       0x05
#define HID_USAGE_X             0x30    /* X, Y, Z, Rx, Ry, Rz: 0x30..0x35 */
#define HID_USAGE_RZ            0x35
#define HID_USAGE_HAT           0x39
#define HID_USAGE_DPAD_UP       0x90    /* D-pad Up, Down, Right, Left: 0x90..0x93 */
#define HID_USAGE_DPAD_LEFT     0x93

typedef enum HidCtlKind {
	HID_CTL_AXIS,                   /* one value: PadAxis `axis` */
	HID_CTL_HAT,                    /* one value: a hat switch, null outside its logical range */
	HID_CTL_BUTTONS,                /* `count` one-or-more-bit values: buttons first_button.. */
	HID_CTL_BUTTON_ARRAY,           /* `count` slots, each a usage index: the button pressed, or none */
	HID_CTL_DPAD,                   /* one value: a D-pad direction (`axis`: 0 up, 1 down, 2 right, 3 left), on if not 0 */
} HidCtlKind;

/* One named control: where it is in its report and how to read it. */
typedef struct HidControl {
	HidCtlKind kind;
	uint8_t axis;                   /* HID_CTL_AXIS: PadAxis */
	uint8_t report_id;              /* 0: the device has no report ids */
	uint16_t bit_offset;            /* from the start of the report's data (after the id byte) */
	uint8_t bit_size;               /* 1..32 bits a value */
	uint8_t count;                  /* values (1 for an axis or a hat) */
	uint8_t first_button;           /* buttons: the first value's button, 1-based; array: the button of usage_min */
	bool is_signed;                 /* logical minimum < 0: values are two's complement */
	bool relative;                  /* axis: Input item's Relative bit (a mouse's X), not a position */
	int32_t logical_min, logical_max;
	int32_t physical_min, physical_max;
	uint16_t usage_min, usage_max;  /* array: the usages its slots index (button page) */
} HidControl;

/* What a report descriptor offers a pad driver: its chosen application collection's controls. */
typedef struct HidPadDesc {
	uint16_t app_page, app_usage;   /* the collection chosen: a joystick or gamepad first, else a mouse */
	uint8_t apps;                   /* top-level application collections seen */
	bool report_ids;                /* reports start with an id byte */
	uint8_t controls_n;
	HidControl controls[HIDPARSE_MAX_CONTROLS];
	uint8_t axes_used;              /* bit n: PadAxis n, absolute */
	uint8_t buttons;                /* the highest button number (0..PAD_BUTTONS_MAX) */
	bool has_hat;                   /* a hat switch, or D-pad usages that make one */
	bool dpad_hat;                  /* the hat comes from D-pad usages (there is no hat switch) */
	bool dropped;                   /* more controls than HIDPARSE_MAX_CONTROLS: the rest not kept */
	uint16_t report_len;            /* bytes of the longest input report with a control, id byte included */
	char reason[HIDPARSE_REASON_LEN];       /* why it was rejected */
} HidPadDesc;

/*
 * A report descriptor: false (with out->reason) if it is malformed —
 * truncated items, unbalanced collections or PUSH/POP, nesting or reports
 * past the bounds above, report id 0 — or has no application collection.
 * A descriptor that parses but holds no pad has app_usage other than
 * Joystick/Gamepad (the class decides).
 */
bool hidparse_desc(const uint8_t *desc, size_t len, HidPadDesc *out);

/* A pad at rest as the descriptor says: axes_used, buttons_used, has_hat; axes 0, hat none, no buttons. */
void hidparse_pad_init(const HidPadDesc *p, PadState *st);

/*
 * One input report into st: the controls in it are updated (axes scaled
 * to PAD_AXIS_MIN..PAD_AXIS_MAX, 0 at the centre of the logical range;
 * the hat 0..7 or PAD_HAT_NONE outside its range; buttons as bits), the
 * others keep their values. False if the report is none of ours (an
 * unknown id, empty); a short report updates what it holds.
 */
bool hidparse_report(const HidPadDesc *p, const uint8_t *report, size_t len, PadState *st);

/* Scale v from [lmin, lmax] to PAD_AXIS_MIN..PAD_AXIS_MAX, the centre 0 (clamped; 0 if the range is empty). */
int16_t hidparse_scale(int32_t v, int32_t lmin, int32_t lmax);

#endif
