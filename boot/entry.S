/* entry.S: multiboot v1 header and the 32-bit entry point that hands off to kmain. */

#define MB_MAGIC        0x1BADB002
#define MB_FLAGS        0x00000003      /* bit 0: page-align modules, bit 1: memory info */
#define MB_CHECKSUM     (-(MB_MAGIC + MB_FLAGS))
#define STACK_BYTES     32768
#define DF_STACK_BYTES  8192
#define RESCUE_STACK_BYTES 8192

	.section .multiboot, "a"
	.align 4
	.long MB_MAGIC
	.long MB_FLAGS
	.long MB_CHECKSUM

/*
 * Three stacks, page aligned: the double-fault task's (kernel/cpu/fault.c),
 * the rescue stack a corrupt ESP is swapped for (boot/isr.S), and the
 * kernel's, with a guard page under it that paging leaves unmapped
 * (kernel/cpu/fault.c). The kernel stack's bottom is also the lower limit of
 * its expand-down stack segment (kernel/cpu/gdt.c): a push below it faults
 * either way, on CPUs without paging support for it too.
 */
	.section .bss
	.align 4096
	.global df_stack_bottom, df_stack_top, rescue_stack_top, stack_guard, stack_bottom, stack_top
df_stack_bottom:
	.skip DF_STACK_BYTES
df_stack_top:
	.skip RESCUE_STACK_BYTES
rescue_stack_top:
stack_guard:
	.skip 4096
stack_bottom:
	.skip STACK_BYTES
stack_top:

	.section .text
	.global _start
	.type _start, @function
/*
 * GRUB enters here in 32-bit protected mode, interrupts off, paging off,
 * EAX = multiboot magic, EBX = physical address of the multiboot info.
 */
_start:
	cli
	mov $stack_top, %esp
	xor %ebp, %ebp                  /* end of the frame-pointer chain */
	pushl $0                        /* keep the stack 16-byte aligned for C */
	pushl $0
	pushl %ebx                      /* kmain(magic, info) */
	pushl %eax
	cld
	call kmain
	/* kmain never returns; if it does, stop here for good. */
1:	cli
	hlt
	jmp 1b
	.size _start, . - _start

	.section .note.GNU-stack, "", @progbits
