/* latemem.h: claim the late BSS (the big pools above the kernel's image) before anything uses it. */
#ifndef KERNEL_LATEMEM_H
#define KERNEL_LATEMEM_H
#include <stdint.h>

#include "multiboot.h"

extern char __late_start[], __late_end[];       /* linker.ld */

void latemem_claim(BootInfo *b);

#endif
