/* fault.c: the double-fault task (its own TSS and stack), stack overflow and corrupt-ESP reports, crash tests. */
#include <stdbool.h>
#include <stdint.h>

#include "cpuid.h"
#include "fault.h"
#include "gdt.h"
#include "idt.h"
#include "io.h"
#include "klog.h"
#include "panic.h"

#define VECTOR_DF       8
#define EFLAGS_RESERVED 0x00000002      /* bit 1 is always set; IF clear: the task runs with IRQs off */
#define OVERFLOW_BELOW  65536           /* ESP this far under the stack's bottom is still an overflow */
#define OVERFLOW_ABOVE  256             /* ... or this little above it (the push that faulted) */
#define FAULT_VECTOR_UNKNOWN 0xFFFFFFFFu
#define FAULT_VECTOR_UNKNOWN 0xFFFFFFFFu
#define BAD_ESP         0x0BADF00Cu     /* crashtest=esp: past the RAM of any test machine */

/* A 32-bit task-state segment (Intel SDM vol. 3, 7.2.1). */
typedef struct __attribute__((packed)) Tss {
	uint16_t link, r0;
	uint32_t esp0;
	uint16_t ss0, r1;
	uint32_t esp1;
	uint16_t ss1, r2;
	uint32_t esp2;
	uint16_t ss2, r3;
	uint32_t cr3, eip, eflags, eax, ecx, edx, ebx, esp, ebp, esi, edi;
	uint16_t es, r4, cs, r5, ss, r6, ds, r7, fs, r8, gs, r9, ldt, r10;
	uint16_t trap, iomap;
} Tss;

_Static_assert(sizeof(Tss) == 104, "TSS layout");

extern char df_stack_bottom[], df_stack_top[], stack_guard[], stack_bottom[], stack_top[];  /* boot/entry.S */
extern char fiber_guard[], fiber_stack_bottom[], fiber_stack_top[];                     /* the devices' fiber's */

#define PG_PRESENT      0x001
#define PG_WRITE        0x002
#define PG_4M           0x080
#define CR0_PG          0x80000000u
#define CR4_PSE         0x00000010u

static uint32_t page_dir[1024] __attribute__((aligned(4096)));
static uint32_t guard_table[1024] __attribute__((aligned(4096)));      /* the 4 MiB around the guard */

static Tss main_tss;                    /* a task switch saves the kernel's registers here */
static Tss df_tss;

static bool on_our_stacks(uint32_t esp)
{
	return esp >= (uint32_t)(uintptr_t)df_stack_bottom && esp <= (uint32_t)(uintptr_t)fiber_stack_top;
}

/* ESP at or just under a stack's bottom, down to `below` under it: its guard tripped. */
static bool overflowed(uint32_t esp, const char *bottom_sym, uint32_t below)
{
	uint32_t bottom = (uint32_t)(uintptr_t)bottom_sym;

	return esp <= bottom + OVERFLOW_ABOVE && esp + below >= bottom;
}

/*
 * The double-fault task: entered by a task switch, on its own stack, with
 * the faulting state saved in main_tss. An ESP at or just under the kernel
 * stack's bottom (or the fiber's) is the guard tripping: a stack overflow.
 */
static void __attribute__((noreturn)) df_task(void)
{
	uint32_t esp = main_tss.esp, bottom = (uint32_t)(uintptr_t)stack_bottom;
	Regs r = {
		.gs = main_tss.gs, .fs = main_tss.fs, .es = main_tss.es, .ds = main_tss.ds,
		.edi = main_tss.edi, .esi = main_tss.esi, .ebp = main_tss.ebp, .esp_at_pusha = esp,
		.ebx = main_tss.ebx, .edx = main_tss.edx, .ecx = main_tss.ecx, .eax = main_tss.eax,
		.vector = VECTOR_DF, .err = 0, .eip = main_tss.eip, .cs = main_tss.cs, .eflags = main_tss.eflags,
	};

	klog("fault: double fault, taken by its task gate: esp=0x%08x (kernel stack 0x%08x..0x%08x)\n",
	    (unsigned)esp, (unsigned)bottom, (unsigned)(uintptr_t)stack_top);
	if (overflowed(esp, stack_bottom, OVERFLOW_BELOW))
		panic_regs("KERNEL STACK OVERFLOW", &r);
	/* The fiber's: its guard page only (the kernel stack is just under it). */
	if (overflowed(esp, fiber_stack_bottom, (uint32_t)(fiber_stack_bottom - fiber_guard)))
		panic_regs("DEVICE FIBER STACK OVERFLOW", &r);
	if (!on_our_stacks(esp))
		panic_regs("CORRUPT STACK POINTER", &r);
	panic_exception(&r);
}

/*
 * Paging as an identity map of all 4 GiB, in 4 MiB pages except the 4 MiB
 * holding the stack guard, which get 4 KiB pages with the guard's left out
 * (and the fiber's guard, when it lies in the same 4 MiB, as it does):
 * a push into it is a page fault whose delivery faults again, a double
 * fault. QEMU's TCG does not check segment limits, real CPUs do; paging
 * catches it in both. Without PSE (a 486) the segment limit is the guard.
 */
static void guard_page_init(void)
{
	uint32_t guard = (uint32_t)(uintptr_t)stack_guard, region = guard >> 22, cr;

	if (!(cpuid_features_edx() & CPUID_EDX_PSE)) {
		klog("fault: no 4 MiB pages (PSE): the stack guard is the stack segment's limit only\n");
		return;
	}
	for (uint32_t i = 0; i < 1024; i++) {
		guard_table[i] = (region << 22 | i << 12) | PG_PRESENT | PG_WRITE;
		page_dir[i] = (i << 22) | PG_PRESENT | PG_WRITE | PG_4M;
	}
	guard_table[(guard >> 12) & 1023] = 0;
	if ((uint32_t)(uintptr_t)fiber_guard >> 22 == region)
		guard_table[((uint32_t)(uintptr_t)fiber_guard >> 12) & 1023] = 0;
	else
		klog("fault: the fiber's guard page is in another 4 MiB: not mapped out\n");
	page_dir[region] = (uint32_t)(uintptr_t)guard_table | PG_PRESENT | PG_WRITE;
	cpu_cr4_set(CR4_PSE, CPU_F_PSE);        /* CPUID said PSE above */
	__asm__ volatile("mov %0, %%cr3" : : "r"((uint32_t)(uintptr_t)page_dir) : "memory");
	__asm__ volatile("mov %%cr0, %0" : "=r"(cr));
	__asm__ volatile("mov %0, %%cr0" : : "r"(cr | CR0_PG) : "memory");
	klog("fault: stack guard page at 0x%08x (paging: identity map, 4 MiB pages)\n", (unsigned)guard);
}

void fault_init(void)
{
	uint32_t cr3;

	guard_page_init();
	main_tss = (Tss){ .iomap = sizeof(Tss) };
	gdt_set_tss(GDT_TSS_MAIN, (uint32_t)(uintptr_t)&main_tss, sizeof(Tss) - 1);
	__asm__ volatile("ltr %w0" : : "r"((uint16_t)GDT_TSS_MAIN));

	__asm__ volatile("mov %%cr3, %0" : "=r"(cr3));
	df_tss = (Tss){
		.cr3 = cr3,
		.eip = (uint32_t)(uintptr_t)df_task,
		.eflags = EFLAGS_RESERVED,
		.esp = (uint32_t)(uintptr_t)df_stack_top - 16,
		.cs = GDT_KERNEL_CODE,
		.ss = GDT_KERNEL_DATA, .ds = GDT_KERNEL_DATA, .es = GDT_KERNEL_DATA,
		.fs = GDT_KERNEL_DATA, .gs = GDT_KERNEL_DATA,
		.iomap = sizeof(Tss),
	};
	gdt_set_tss(GDT_TSS_DF, (uint32_t)(uintptr_t)&df_tss, sizeof(Tss) - 1);
	idt_set_task_gate(VECTOR_DF, GDT_TSS_DF);
}

/*
 * boot/isr.S found ESP outside every stack on entry: we are on the rescue
 * stack. The CPU's frame (vector, error, EIP, CS, EFLAGS as the stub left
 * them) is read back from the bad address; where there is no RAM it reads
 * as all ones, and the report says what it could.
 */
void fault_bad_stack(uint32_t esp, Regs *r)
{
	const volatile uint32_t *frame = (const volatile uint32_t *)(uintptr_t)esp;

	r->esp_at_pusha = esp + 20;
	if (frame[3] == GDT_KERNEL_CODE) {      /* the frame survived: RAM is there */
		r->vector = frame[0];
		r->err = frame[1];
		r->eip = frame[2];
		r->cs = frame[3];
		r->eflags = frame[4];
		klog("fault: ESP 0x%08x is outside the kernel's stacks; vector %u came\n",
		    (unsigned)r->esp_at_pusha, (unsigned)r->vector);
	} else {
		r->vector = FAULT_VECTOR_UNKNOWN;
		klog("fault: ESP 0x%08x is outside the kernel's stacks and RAM; the interrupt's frame is lost\n",
		    (unsigned)r->esp_at_pusha);
	}
	panic_regs("CORRUPT STACK POINTER", r);
}

/* Endless recursion with a frame the compiler cannot drop. */
static int __attribute__((noinline)) recurse(volatile int *depth)
{
	volatile char pad[120];

	pad[0] = (char)*depth;
	if (++*depth == 0)              /* never: the stack runs out long before */
		return 0;
	return recurse(depth) + pad[0];
}

/* A task switch loads the TSS's CR3: with PAE on, the old 4 MiB directory would be read as a PDPT. */
void fault_set_cr3(uint32_t cr3)
{
	df_tss.cr3 = cr3;
}

void fault_crashtest(CrashTest c)
{
	volatile int zero = 0, depth = 0;

	klog("crashtest: triggering a fault on purpose\n");
	switch (c) {
	case CRASH_DE:
		__asm__ volatile("divl %1" : : "a"(1), "r"(zero), "d"(0));
		break;
	case CRASH_BP:
		__asm__ volatile("int3");
		break;
	case CRASH_UD:
	case CRASH_EARLY:
		__asm__ volatile("ud2");
		break;
	case CRASH_INPANIC:
		panic_fault_while_drawing();
		__asm__ volatile("ud2");
		break;
	case CRASH_GP:
		__asm__ volatile("mov %0, %%ds" : : "r"(0x0BAD));
		break;
	case CRASH_STACK:
	case CRASH_FIBER_STACK:
		klog("crashtest: recursing until the stack runs out (%d)\n", recurse(&depth));
		break;
	case CRASH_ESP:
		__asm__ volatile("mov %0, %%esp; sti; 1: jmp 1b" : : "i"(BAD_ESP));
		break;
	case CRASH_LOCKUP:
	case CRASH_FIBER_HANG:
	case CRASH_FIBER_LATE:
	case CRASH_NONE:
		return;
	}
	panic("crashtest: the fault did not happen");
}
