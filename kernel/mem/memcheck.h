/* memcheck.h: does what the kernel needs (image, BSS, stacks, pools, the loaded modules) lie in usable RAM? */
#ifndef KERNEL_MEMCHECK_H
#define KERNEL_MEMCHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "multiboot.h"

/*
 * Is every byte of [start, end) inside the usable ranges (which may touch
 * or overlap each other, in any order)? *missing_at: the first byte that
 * is not (when false).
 */
bool memcheck_covered(const MemRange *r, int n, uint64_t start, uint64_t end, uint64_t *missing_at);

/*
 * The kernel's image and BSS and every module: all in RAM? Logs what it
 * found; on false, why[] says what does not fit, in a line for the screen.
 */
bool memcheck_boot(const BootInfo *b, uint32_t kernel_start, uint32_t kernel_end, char *why, size_t size);

#endif
