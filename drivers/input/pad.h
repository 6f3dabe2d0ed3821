/* pad.h: a game controller's state as every pad driver reports it (USB HID pads, Xbox 360 pads, the game port). */
#ifndef DRIVERS_PAD_H
#define DRIVERS_PAD_H

#include <stdbool.h>
#include <stdint.h>

/*
 * The drivers fill a PadState; the kernel glue reads it once a tick and
 * turns it into game keys (dead zone, hysteresis, bindings). Nothing here
 * knows the game. Axes are scaled by the driver from the device's own
 * logical range to PAD_AXIS_MIN..PAD_AXIS_MAX with 0 at the centre, so
 * the glue applies one dead zone to every kind of pad. An axis the pad
 * does not have stays 0; a hat it does not have stays PAD_HAT_NONE.
 */
#define PAD_MAX                 4       /* pads at once, every driver together */
#define PAD_AXIS_MIN            (-32767)
#define PAD_AXIS_MAX            32767
#define PAD_BUTTONS_MAX         32      /* buttons 1..32 are bits 0..31 */
#define PAD_NAME_LEN            48      /* "054c:05c4 on xHCI port 2" and its NUL */

typedef enum PadAxis {
	PAD_AXIS_X,                     /* left stick, + is right */
	PAD_AXIS_Y,                     /* left stick, + is down */
	PAD_AXIS_RX,                    /* right stick */
	PAD_AXIS_RY,
	PAD_AXIS_Z,                     /* a third axis or the left trigger */
	PAD_AXIS_RZ,                    /* the right trigger */
	PAD_AXES
} PadAxis;

/* Hat switch: 0 up, then clockwise in eighths (2 right, 4 down, 6 left); PAD_HAT_NONE at rest. */
#define PAD_HAT_NONE            0xFF

typedef enum PadKind {
	PAD_KIND_NONE,
	PAD_KIND_HID,                   /* a USB HID joystick or gamepad (report protocol) */
	PAD_KIND_XBOX360,               /* a USB Xbox 360 wired pad (vendor class 0xFF/0x5D/0x01) */
	PAD_KIND_GAMEPORT,              /* the PC game port at 0x201 */
} PadKind;

typedef struct PadState {
	bool present;
	PadKind kind;
	uint16_t vendor, product;       /* 0 for the game port */
	uint8_t axes_used;              /* bit n: the pad has PadAxis n */
	uint8_t buttons_used;           /* how many buttons it has (1..PAD_BUTTONS_MAX) */
	bool has_hat;
	int16_t axis[PAD_AXES];
	uint8_t hat;                    /* 0..7 or PAD_HAT_NONE */
	uint32_t buttons;               /* bit n: button n+1 is down */
	uint32_t reports;               /* reports taken since it came (0: none yet) */
	char name[PAD_NAME_LEN];        /* vendor:product and its place, for COM1 and System info */
} PadState;

#endif
