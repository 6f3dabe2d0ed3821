/* latebss.h: LATE_BSS marks a big zero-initialised pool that GRUB neither loads nor clears (kernel/mem/latemem.c). */
#ifndef DRIVERS_LATEBSS_H
#define DRIVERS_LATEBSS_H

/*
 * The section lies above the BSS in no ELF segment (linker.ld), so the boot
 * loader spends nothing on it (docs/boot.md: GRUB clears BSS at about two
 * instructions a byte). kmain claims it before anything uses it: modules and
 * strings the loader put there are moved, then it is zeroed. Use it only for
 * pools no code touches before latemem_claim() (not the panic, log or fault paths).
 */
#define LATE_BSS __attribute__((section(".latebss")))

#endif
