/* usbhub.h: USB hubs one level deep — power and reset their ports, attach and detach behind them. */
#ifndef DRIVERS_USBHUB_H
#define DRIVERS_USBHUB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "usbhid.h"
#include "xhci.h"

#define USBHUB_MAX      4               /* hubs at once, every controller */

bool usbhub_probe(UsbDev *d, const UsbConfigInfo *cfg);
void usbhub_report(UsbDev *d, const uint8_t *report, size_t len);     /* timer IRQ: ports that changed */
void usbhub_gone(UsbDev *d);
bool usbhub_service(uint8_t hc);        /* main loop: attach/detach behind hubs; true if anything changed */

#endif
