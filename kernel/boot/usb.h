/* usb.h: USB keyboards in the kernel — PCI finds xHCI, the tick polls, the loop does hot-plug. */
#ifndef KERNEL_USB_H
#define KERNEL_USB_H

#include <stdbool.h>
#include <stddef.h>

#include "hwreport.h"

bool usb_start_step(bool pad_tablets);  /* main loop, after interrupts are on: true once every controller is up */
void usb_tick(void);                    /* timer IRQ body: take reports, never waits */
bool usb_service(void);                 /* main loop: attach/detach; true if the keyboards changed */
void usb_note(char *buf, size_t size);  /* "keyboard: USB (xHCI port 1)", "" if no USB keyboard */
void usb_detail(char *buf, size_t size);        /* "keyboard: USB (EHCI port 3, hub port 2, full speed)" */

int usb_controllers(HwUsbHc *out, int max);     /* the controllers started, for the hardware report */

#endif
