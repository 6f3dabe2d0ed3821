/* restart.c: restarting the PC — keyboard-controller reset pulse, then ACPI's reset register, then a triple fault. */
#include <stdbool.h>
#include <stdint.h>

#include "acpi.h"
#include "io.h"
#include "kbdscan.h"
#include "klog.h"
#include "restart.h"
#include "serial.h"

#define KBC_DATA        0x0060
#define KBC_STATUS      0x0064
#define KBC_STAT_OUTFULL 0x01
#define KBC_STAT_INFULL 0x02
#define KBC_STAT_AUX    0x20            /* the byte waiting is the mouse's */
#define KBC_CMD_PULSE_RESET 0xFE        /* pulse output line 0: the CPU reset */
#define KBC_SPIN        100000
#define RESET_WAIT_US   50000           /* how long each method gets before the next (1 us per io_wait) */

#define PCI_CONF_ADDR   0x0CF8
#define PCI_CONF_DATA   0x0CFC

static struct {
	bool found;
	uint8_t space, value;
	uint32_t addr, addr_hi;         /* memory and I/O: below 4 GiB only (paging is off) */
} acpi_reset;

/*
 * ACPI's reset register, as drivers/platform/acpi.c read it from the FADT: kept at
 * boot, so a restart from the panic screen does not walk tables.
 */
void restart_init(const AcpiInfo *a)
{
	if (!a->found) {
		klog("restart: no ACPI tables; Ctrl+Alt+Del uses the keyboard controller, then a triple fault\n");
		return;
	}
	if (!a->reset_reg) {
		klog("restart: the ACPI FADT has no reset register\n");
		return;
	}
	acpi_reset.space = a->reset_space;
	acpi_reset.addr = a->reset_addr;
	acpi_reset.addr_hi = a->reset_addr_hi;
	acpi_reset.value = a->reset_value;
	acpi_reset.found = acpi_reset.space <= ACPI_SPACE_PCI &&
	    (acpi_reset.addr_hi == 0 || acpi_reset.space == ACPI_SPACE_PCI);
	klog("restart: ACPI reset register space %u address 0x%08x value 0x%02x%s\n", acpi_reset.space,
	    (unsigned)acpi_reset.addr, acpi_reset.value, acpi_reset.found ? "" : " (not usable)");
}

bool restart_combo(bool (*down)(uint8_t key))
{
	return (down(KEY_LCTRL) || down(KEY_RCTRL)) && (down(KEY_LALT) || down(KEY_RALT)) &&
	    (down(KEY_DELETE) || down(KEY_KP_DEL));
}

static void wait_us(uint32_t us)
{
	while (us--)
		io_wait();
}

static void acpi_reset_write(void)
{
	switch (acpi_reset.space) {
	case ACPI_SPACE_IO:
		outb((uint16_t)acpi_reset.addr, acpi_reset.value);
		break;
	case ACPI_SPACE_MEMORY:
		*(volatile uint8_t *)(uintptr_t)acpi_reset.addr = acpi_reset.value;
		break;
	case ACPI_SPACE_PCI:
		__asm__ volatile("outl %0, %1" : : "a"(0x80000000u | (acpi_reset.addr_hi & 0x1F) << 11 |
		    (acpi_reset.addr >> 16 & 0x7) << 8 | (acpi_reset.addr & 0xFC)), "Nd"((uint16_t)PCI_CONF_ADDR));
		outb((uint16_t)(PCI_CONF_DATA + (acpi_reset.addr & 3)), acpi_reset.value);
		break;
	}
}

void restart_now(void)
{
	static const struct { uint16_t limit; uint32_t base; } __attribute__((packed)) no_idt = { 0, 0 };

	cpu_cli();
	serial_queue(false);            /* what COM1 still had queued, out before the reset */
	serial_write("restart: keyboard-controller reset pulse\n");
	for (int i = 0; i < KBC_SPIN && (inb(KBC_STATUS) & KBC_STAT_INFULL); i++)
		;
	outb(KBC_STATUS, KBC_CMD_PULSE_RESET);
	wait_us(RESET_WAIT_US);
	if (acpi_reset.found) {
		serial_write("restart: ACPI reset register\n");
		acpi_reset_write();
		wait_us(RESET_WAIT_US);
	}
	serial_write("restart: triple fault\n");
	__asm__ volatile("lidt %0; int3" : : "m"(no_idt));
	for (;;)
		cpu_hlt();
}

static KbdState polled;                 /* the keyboard as restart_poll_forever reads it */

static bool polled_down(uint8_t key)
{
	return polled.down[key];
}

void restart_poll_forever(void)
{
	cpu_cli();
	kbdscan_reset(&polled);
	for (;;) {
		uint8_t st = inb(KBC_STATUS);

		if (!(st & KBC_STAT_OUTFULL))
			continue;
		if (st & KBC_STAT_AUX) {
			(void)inb(KBC_DATA);
			continue;
		}
		kbdscan_byte(&polled, inb(KBC_DATA));
		if (restart_combo(polled_down))
			restart_now();
	}
}
