/* paging.h: PAE paging, only to reach memory-mapped registers the firmware put above 4 GiB. */
#ifndef KERNEL_PAGING_H
#define KERNEL_PAGING_H

#include <stdint.h>

uintptr_t paging_map_high(uint64_t phys, uint32_t size);     /* virtual address, 0 if it cannot */

#endif
