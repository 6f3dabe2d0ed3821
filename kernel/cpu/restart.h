/* restart.h: Ctrl+Alt+Del — restart the PC from anywhere, the panic screen and the halt included. */
#ifndef KERNEL_RESTART_H
#define KERNEL_RESTART_H

#include <stdbool.h>
#include <stdint.h>

#include "acpi.h"

void restart_init(const AcpiInfo *a);   /* keep the ACPI reset register (FADT) if there is one; log it */
bool restart_combo(bool (*down)(uint8_t key));  /* Ctrl, Alt and Del all down (keys: kbdscan.h) */
void restart_now(void) __attribute__((noreturn));
/* Interrupts off for good: poll the keyboard controller, restart on Ctrl+Alt+Del, else wait forever. */
void restart_poll_forever(void) __attribute__((noreturn));

#endif
