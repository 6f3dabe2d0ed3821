/*
 * fiber.c: the fiber's stack switch and its bookkeeping. The switch saves
 * the callee-saved registers (i386 System V: EBX, ESI, EDI, EBP) on the old
 * stack, swaps ESP, and pops them from the new one; everything else is the
 * caller's (the kernel uses no FPU or SSE registers). The stack lies above
 * the kernel stack (boot/entry.S), inside the expand-down stack segment's
 * range (kernel/cpu/gdt.c) and the range boot/isr.S accepts, with its own
 * guard page under it (kernel/cpu/fault.c) and a pattern to see how deep it went.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fiber.h"
#include "panic.h"

#define STACK_PATTERN   0x5AFEF1BEu     /* fiber_init fills the stack with it; fiber_stack_used looks for the first change */

extern char fiber_stack_bottom[], fiber_stack_top[];    /* boot/entry.S */

void fiber_switch(uint32_t *save_esp, uint32_t new_esp);

__asm__(".text\n"
	".globl fiber_switch\n"
	".type fiber_switch, @function\n"
	"fiber_switch:\n"
	"	movl 4(%esp), %eax\n"           /* where the old ESP goes */
	"	movl 8(%esp), %edx\n"           /* the new ESP */
	"	pushl %ebp\n"
	"	pushl %ebx\n"
	"	pushl %esi\n"
	"	pushl %edi\n"
	"	movl %esp, (%eax)\n"
	"	movl %edx, %esp\n"
	"	popl %edi\n"
	"	popl %esi\n"
	"	popl %ebx\n"
	"	popl %ebp\n"
	"	ret\n"
	".size fiber_switch, . - fiber_switch\n");

static struct {
	uint32_t esp;                   /* the fiber's, while it is not running */
	uint32_t main_esp;              /* the main line's, while the fiber runs */
	FiberFn fn;
	void *arg;
	bool inside, ended, ready;
} fiber;

/* The fiber's first frame: fiber_switch's `ret` comes here. Never returns: an ended fiber is never resumed. */
static void __attribute__((noreturn)) fiber_start(void)
{
	fiber.fn(fiber.arg);
	fiber.ended = true;
	fiber.inside = false;
	fiber_switch(&fiber.esp, fiber.main_esp);
	panic("fiber: resumed after it ended");
}

/* The stack filled with its pattern and its first frame built: at the first resume (kmain's time before the title is not spent on it). */
static void fiber_stack_init(void)
{
	uintptr_t end = (uintptr_t)fiber_stack_top;
	uint32_t *top = (uint32_t *)(end - 6 * sizeof(uint32_t));

	for (uint32_t *p = (uint32_t *)(uintptr_t)fiber_stack_bottom; (uintptr_t)p < end; p++)
		*p = STACK_PATTERN;
	/* What fiber_switch pops: EDI, ESI, EBX, EBP, then its return address; above it fiber_start's
	   (never used) return address, so fiber_start is entered as if called, ESP + 4 16-byte aligned. */
	top[0] = top[1] = top[2] = top[3] = 0;
	top[4] = (uint32_t)(uintptr_t)fiber_start;
	top[5] = 0;
	fiber.esp = (uint32_t)(uintptr_t)top;
}

void fiber_init(FiberFn fn, void *arg)
{
	fiber.fn = fn;
	fiber.arg = arg;
	fiber.esp = 0;
	fiber.ended = false;
	fiber.ready = true;
}

bool fiber_resume(void)
{
	if (!fiber.ready || fiber.ended)
		return true;
	if (fiber.inside)
		panic("fiber: resumed from itself");
	if (!fiber.esp)
		fiber_stack_init();
	fiber.inside = true;
	fiber_switch(&fiber.main_esp, fiber.esp);
	if (*(volatile uint32_t *)(uintptr_t)fiber_stack_bottom != STACK_PATTERN)
		panic("fiber: its stack ran out");    /* without paging's guard page (no PSE): its pattern says so */
	return fiber.ended;
}

void fiber_yield(void)
{
	if (!fiber.inside)
		panic("fiber: yield from the main line");
	fiber.inside = false;
	fiber_switch(&fiber.esp, fiber.main_esp);
	fiber.inside = true;
}

bool fiber_inside(void)
{
	return fiber.inside;
}

uint32_t fiber_stack_used(void)
{
	const uint32_t *p = (const uint32_t *)(uintptr_t)fiber_stack_bottom, *top = (const uint32_t *)(uintptr_t)fiber_stack_top;

	while (p < top && *p == STACK_PATTERN)
		p++;
	return (uint32_t)((uintptr_t)top - (uintptr_t)p);
}
