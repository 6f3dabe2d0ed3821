/* sysprobe.h: the kernel's facts about the machine for the System info screen and COM1. */
#ifndef KERNEL_SYSPROBE_H
#define KERNEL_SYSPROBE_H

#include "adlib.h"
#include "cmdline.h"
#include "multiboot.h"
#include "sysinfo.h"

/*
 * Fill si with one labelled line per fact (game/shell/sysinfo.h): CPU,
 * memory, display, keyboard, timer, sound, boot medium, firmware. A probe
 * added later (another display back end, USB keyboards) adds its own line
 * with sysinfo_add before sysprobe_log.
 */
void sysprobe_collect(SysInfo *si, const BootInfo *b, AdlibProbe adlib, uint8_t adlib_status);
/* Secure Boot from the loader's secureboot= word (docs/secureboot.md): a COM1 line and System info's. */
void sysprobe_secure_boot(SysInfo *si, const BootInfo *b, SecureBootWord word);
void sysprobe_log(const SysInfo *si);                   /* "sysinfo: CPU: ..." per line */

#endif
