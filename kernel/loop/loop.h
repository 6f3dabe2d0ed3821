/* loop.h: the kernel's main loops — title screen and levels — on the 140 Hz tick. */
#ifndef KERNEL_LOOP_H
#define KERNEL_LOOP_H

#include "bringup.h"
#include "cmdline.h"
#include "multiboot.h"
#include "sysinfo.h"

void loop_set_notice(const char *text);  /* a line for the title ("no PS/2 keyboard found"), NULL clears */
/* The title first; the devices behind it (up: bringup.c) stepped once a pass. */
void loop_run(const BootOptions *o, const BootInfo *b, const SysInfo *si, BringUp *up) __attribute__((noreturn));

#endif
