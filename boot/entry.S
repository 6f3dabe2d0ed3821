/* entry.S: multiboot v1 and multiboot2 headers and the 32-bit entry point that hands off to kmain. */

#define MB_MAGIC        0x1BADB002
#define MB_FLAGS        0x00000003      /* bit 0: page-align modules, bit 1: memory info */
#define MB_CHECKSUM     (-(MB_MAGIC + MB_FLAGS))
#define MB2_MAGIC       0xE85250D6
#define MB2_ARCH_I386   0               /* 32-bit protected mode entry */
#define MB2_TAG_END     0
#define MB2_TAG_MODULE_ALIGN 6          /* modules page-aligned (GRUB always does) */
#define MB2_TAG_OPTIONAL 1              /* flags bit 0: a loader that does not know the tag skips it */
#define MB2_TAG_SF_ROOM 0x5346          /* ours ("SF"): room for tools/mkpe.py's address and entry tags */
#define MB2_SF_ROOM_BYTES 40            /* an address tag (24 bytes) and an entry tag (12, padded to 16) */
#define STACK_BYTES     32768
#define DF_STACK_BYTES  8192
#define RESCUE_STACK_BYTES 8192
#define FIBER_STACK_BYTES 32768

	.section .multiboot, "a"
	.align 4
	.long MB_MAGIC
	.long MB_FLAGS
	.long MB_CHECKSUM

/*
 * The multiboot2 header (within the first 32 KiB, 8-byte aligned), for
 * grub.cfg's `multiboot2` on UEFI: GRUB then passes the ACPI RSDP and the
 * EFI system table (docs/uefi.md). No entry or address tag (the ELF
 * headers say both; the signed PE copy gets them in the room below), no framebuffer tag: with none GRUB leaves gfxpayload
 * alone and still hands over the mode it set, as for v1. GRUB enters in
 * the same 32-bit state as for v1, EAX = 0x36D76289, boot services exited.
 * Local labels: no symbol, so tools/check_isa.py counts it as the header's data.
 */
	.align 8
.Lmb2_header:
	.long MB2_MAGIC
	.long MB2_ARCH_I386
	.long .Lmb2_header_end - .Lmb2_header
	.long -(MB2_MAGIC + MB2_ARCH_I386 + (.Lmb2_header_end - .Lmb2_header))
	.align 8
	.short MB2_TAG_MODULE_ALIGN, 0
	.long 8
	/*
	 * Room, skipped by loaders (an optional tag of a type no loader knows):
	 * tools/mkpe.py writes the address tag (type 2) and entry tag (type 3)
	 * here in the copy it wraps in a signed PE file for Secure Boot
	 * (docs/secureboot.md), where no ELF headers tell GRUB where to load.
	 * The ELF keeps it as room: GRUB loads kernel.elf by its ELF headers.
	 */
	.short MB2_TAG_SF_ROOM, MB2_TAG_OPTIONAL
	.long MB2_SF_ROOM_BYTES
	.skip MB2_SF_ROOM_BYTES - 8
	.short MB2_TAG_END, 0
	.long 8
.Lmb2_header_end:

/*
 * Four stacks, page aligned: the double-fault task's (kernel/cpu/fault.c),
 * the rescue stack a corrupt ESP is swapped for (boot/isr.S), the
 * kernel's, with a guard page under it that paging leaves unmapped
 * (kernel/cpu/fault.c), and the devices' fiber's (kernel/cpu/fiber.c) above
 * it with a guard page of its own. The kernel stack's bottom is also the lower limit of
 * its expand-down stack segment (kernel/cpu/gdt.c): a push below it faults
 * either way, on CPUs without paging support for it too. The fiber's stack
 * lies above that limit (a real CPU would refuse a stack below it); without
 * paging its overflow is caught late, by its pattern (fiber.c).
 */
	.section .bss
	.align 4096
	.global df_stack_bottom, df_stack_top, rescue_stack_top, stack_guard, stack_bottom, stack_top
	.global fiber_guard, fiber_stack_bottom, fiber_stack_top
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
fiber_guard:
	.skip 4096
fiber_stack_bottom:
	.skip FIBER_STACK_BYTES
fiber_stack_top:

	.section .text
	.global _start
	.type _start, @function
/*
 * GRUB enters here in 32-bit protected mode, interrupts off, paging off,
 * EAX = multiboot magic (v1 or 2), EBX = physical address of the multiboot info.
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
