/* isr.S: interrupt entry stubs for the 32 CPU exceptions and 16 IRQs, and GDT/IDT loading. */

/* Exceptions that push an error code themselves: 8, 10-14, 17, 21, 29, 30. */
.macro ISR_NOERR n
	.global isr_stub_\n
isr_stub_\n:
	pushl $0
	pushl $\n
	jmp isr_common
.endm

.macro ISR_ERR n
	.global isr_stub_\n
isr_stub_\n:
	pushl $\n
	jmp isr_common
.endm

	.section .text
ISR_NOERR 0
ISR_NOERR 1
ISR_NOERR 2
ISR_NOERR 3
ISR_NOERR 4
ISR_NOERR 5
ISR_NOERR 6
ISR_NOERR 7
ISR_ERR   8
ISR_NOERR 9
ISR_ERR   10
ISR_ERR   11
ISR_ERR   12
ISR_ERR   13
ISR_ERR   14
ISR_NOERR 15
ISR_NOERR 16
ISR_ERR   17
ISR_NOERR 18
ISR_NOERR 19
ISR_NOERR 20
ISR_ERR   21
ISR_NOERR 22
ISR_NOERR 23
ISR_NOERR 24
ISR_NOERR 25
ISR_NOERR 26
ISR_NOERR 27
ISR_NOERR 28
ISR_ERR   29
ISR_ERR   30
ISR_NOERR 31
/* IRQ 0-15 remapped to vectors 32-47. */
ISR_NOERR 32
ISR_NOERR 33
ISR_NOERR 34
ISR_NOERR 35
ISR_NOERR 36
ISR_NOERR 37
ISR_NOERR 38
ISR_NOERR 39
ISR_NOERR 40
ISR_NOERR 41
ISR_NOERR 42
ISR_NOERR 43
ISR_NOERR 44
ISR_NOERR 45
ISR_NOERR 46
ISR_NOERR 47
/* Local APIC: its timer (the game clock without a PIT) and its spurious vector. */
ISR_NOERR 48
ISR_NOERR 255

/*
 * Common path: save everything as a struct Regs (kernel/cpu/idt.h) on the stack,
 * load kernel data segments, call isr_dispatch(Regs *), restore, iret.
 * First, ESP must be inside our stacks (boot/entry.S): a corrupt one is
 * swapped for the rescue stack and reported (kernel/cpu/fault.c). Below the
 * kernel stack's bottom the CPU could not have pushed at all (#SS, then
 * #DF through its task gate), so that side is the guard's, not ours.
 */
isr_common:
	cmpl $df_stack_bottom, %esp
	jb bad_stack
	cmpl $fiber_stack_top, %esp
	ja bad_stack
	pusha
	push %ds
	push %es
	push %fs
	push %gs
	mov $0x10, %ax
	mov %ax, %ds
	mov %ax, %es
	mov %ax, %fs
	mov %ax, %gs
	mov %esp, %eax
	push %eax
	cld
	call isr_dispatch
	add $4, %esp
	pop %gs
	pop %fs
	pop %es
	pop %ds
	popa
	add $8, %esp                    /* vector and error code */
	iret

/*
 * ESP was outside every stack when this interrupt or exception came: what
 * the CPU and the stub pushed went there (or nowhere). Keep the bad value,
 * move to the rescue stack, build a Regs with the general registers (the
 * frame fields are read back from the bad stack by fault_bad_stack) and
 * report. Never returns. NOTE: assumes DS is still the kernel's, as
 * nothing in this kernel changes it.
 */
bad_stack:
	movl %esp, bad_esp
	movl $rescue_stack_top, %esp
	pushl $0                        /* eflags, cs, eip, err, vector: filled in from the bad stack */
	pushl $0
	pushl $0
	pushl $0
	pushl $0
	pusha
	push %ds
	push %es
	push %fs
	push %gs
	mov $0x10, %ax
	mov %ax, %ds
	mov %ax, %es
	mov %esp, %eax
	push %eax
	pushl bad_esp
	cld
	call fault_bad_stack
1:	cli
	hlt
	jmp 1b

	.section .bss
	.align 4
bad_esp:
	.long 0

/* Table of stub addresses, indexed by vector, for idt.c. */
	.section .rodata
	.global isr_stub_table
	.align 4
isr_stub_table:
.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48
	.long isr_stub_\n
.endr

	.section .text
/* gdt_flush(const GdtPtr *): load the GDT and reload every segment register. */
	.global gdt_flush
gdt_flush:
	mov 4(%esp), %eax
	lgdt (%eax)
	mov $0x10, %ax                  /* kernel data selector */
	mov %ax, %ds
	mov %ax, %es
	mov %ax, %fs
	mov %ax, %gs
	mov %ax, %ss
	ljmp $0x08, $1f                 /* kernel code selector */
1:	ret

	.section .note.GNU-stack, "", @progbits
