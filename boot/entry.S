/* entry.S: multiboot v1 header and the 32-bit entry point that hands off to kmain. */

#define MB_MAGIC        0x1BADB002
#define MB_FLAGS        0x00000003      /* bit 0: page-align modules, bit 1: memory info */
#define MB_CHECKSUM     (-(MB_MAGIC + MB_FLAGS))
#define STACK_BYTES     32768

	.section .multiboot, "a"
	.align 4
	.long MB_MAGIC
	.long MB_FLAGS
	.long MB_CHECKSUM

	.section .bss
	.align 16
stack_bottom:
	.skip STACK_BYTES
	.global stack_top
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
