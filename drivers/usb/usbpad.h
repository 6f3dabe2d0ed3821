/* usbpad.h: the USB game-controller class — HID joysticks and gamepads (report protocol) and Xbox 360 wired pads. */
#ifndef DRIVERS_USBPAD_H
#define DRIVERS_USBPAD_H

#include <stdbool.h>
#include <stddef.h>

#include "pad.h"
#include "usbdev.h"

/*
 * For the kernel glue. Register usbpad_class with usbdev_add_class before
 * the controllers come up (kernel/boot/usb.c); then, once a tick on the main
 * line, read each slot:
 *
 *     for (int i = 0; i < USBPAD_MAX; i++)
 *             if (usbpad_get(i, &st))
 *                     ... st.axis[], st.hat, st.buttons (drivers/input/pad.h)
 *
 * A pad keeps its slot from plug-in to unplug; an unplugged pad's slot
 * reads false at once (its buttons are up, as far as the glue can tell).
 * usbpad_get copies the state the timer IRQ last wrote, never a half of
 * one report and a half of the next.
 */
#define USBPAD_MAX              PAD_MAX         /* USB pads at once, every controller */
#define USBPAD_REFUSED_MAX      4               /* refused controllers remembered (the latest) */
#define USBPAD_REFUSED_LEN      128             /* "045e:02ea on xHCI port 2: not supported: ..." */

extern const UsbClassDriver usbpad_class;       /* for usbdev_add_class */

int usbpad_count(void);                         /* pads plugged in now */
bool usbpad_get(int slot, PadState *out);       /* slot 0..USBPAD_MAX-1: false if empty (out untouched) */

/*
 * Test only (padtest=tablet): also take a report-protocol HID pointer with
 * absolute X/Y, such as QEMU's usb-tablet (0627:0001), as a pad: its X/Y
 * as the left stick, its buttons as buttons. Set before the controllers
 * come up; a tablet plugged in later follows the setting of that moment.
 */
void usbpad_take_tablets(bool on);

/*
 * Controllers we could not use since boot, newest last, for System info:
 * "045e:02ea on xHCI port 1: not supported: Xbox One pads (GIP) need an init
 * packet on interrupt OUT"
 * (each also named on COM1 when it came). False past the last one.
 */
bool usbpad_refused(int i, char *buf, size_t size);

#endif
