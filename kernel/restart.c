/* restart.c: restarting the PC — keyboard-controller reset pulse, then ACPI's reset register, then a triple fault. */
#include <stdbool.h>
#include <stdint.h>

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

#define BIOS_EBDA_SEG   0x040E          /* word: the Extended BIOS Data Area's segment */
#define BIOS_ROM_START  0xE0000
#define BIOS_ROM_END    0x100000
#define RSDT_MAX_ENTRIES 64
#define FADT_FLAGS      112
#define FADT_RESET_REG  116             /* Generic Address Structure: space, width, offset, size, addr64 */
#define FADT_RESET_VALUE 128
#define FADT_MIN_LEN    129
#define FADT_RESET_REG_SUP (1u << 10)
#define GAS_MEMORY      0
#define GAS_IO          1
#define GAS_PCI         2
#define PCI_CONF_ADDR   0x0CF8
#define PCI_CONF_DATA   0x0CFC

static struct {
	bool found;
	uint8_t space, value;
	uint32_t addr, addr_hi;         /* memory and I/O: below 4 GiB only (paging is off) */
} acpi_reset;

static bool checksum_ok(const uint8_t *p, uint32_t len)
{
	uint8_t sum = 0;

	for (uint32_t i = 0; i < len; i++)
		sum = (uint8_t)(sum + p[i]);
	return sum == 0;
}

static bool sig_is(const uint8_t *p, const char *sig, int n)
{
	for (int i = 0; i < n; i++)
		if (p[i] != (uint8_t)sig[i])
			return false;
	return true;
}

static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The RSDP: on a 16-byte boundary in the EBDA's first KiB or in the BIOS ROM area. */
static const uint8_t *find_rsdp(void)
{
	uintptr_t seg_at = BIOS_EBDA_SEG;
	uint32_t ebda;

	__asm__("" : "+r"(seg_at));            /* a low address on purpose: hide it from -Warray-bounds */
	ebda = (uint32_t)*(volatile uint16_t *)seg_at << 4;
	uint32_t ranges[2][2] = { { ebda, ebda + 1024 }, { BIOS_ROM_START, BIOS_ROM_END } };

	for (int r = 0; r < 2; r++) {
		if (ranges[r][0] < 0x400 || ranges[r][1] > BIOS_ROM_END)
			continue;
		for (uint32_t a = ranges[r][0]; a + 20 <= ranges[r][1]; a += 16) {
			const uint8_t *p = (const uint8_t *)(uintptr_t)a;

			if (sig_is(p, "RSD PTR ", 8) && checksum_ok(p, 20))
				return p;
		}
	}
	return 0;
}

/*
 * ACPI's reset register, from the FADT ("FACP") in the RSDT: valid when the
 * FADT is long enough and its flags have RESET_REG_SUP. Read once at boot,
 * so a restart from the panic screen does not walk tables.
 */
void restart_init(void)
{
	const uint8_t *rsdp = find_rsdp(), *rsdt, *fadt = 0;
	uint32_t n;

	if (!rsdp) {
		klog("restart: no ACPI tables; Ctrl+Alt+Del uses the keyboard controller, then a triple fault\n");
		return;
	}
	rsdt = (const uint8_t *)(uintptr_t)rd32(rsdp + 16);
	if (!rsdt || !sig_is(rsdt, "RSDT", 4) || rd32(rsdt + 4) < 36) {
		klog("restart: ACPI RSDT missing or bad\n");
		return;
	}
	n = (rd32(rsdt + 4) - 36) / 4;
	for (uint32_t i = 0; i < n && i < RSDT_MAX_ENTRIES && !fadt; i++) {
		const uint8_t *t = (const uint8_t *)(uintptr_t)rd32(rsdt + 36 + 4 * i);

		if (t && sig_is(t, "FACP", 4))
			fadt = t;
	}
	if (!fadt || rd32(fadt + 4) < FADT_MIN_LEN || !(rd32(fadt + FADT_FLAGS) & FADT_RESET_REG_SUP)) {
		klog("restart: the ACPI FADT has no reset register\n");
		return;
	}
	acpi_reset.space = fadt[FADT_RESET_REG];
	acpi_reset.addr = rd32(fadt + FADT_RESET_REG + 4);
	acpi_reset.addr_hi = rd32(fadt + FADT_RESET_REG + 8);
	acpi_reset.value = fadt[FADT_RESET_VALUE];
	acpi_reset.found = acpi_reset.space <= GAS_PCI && (acpi_reset.addr_hi == 0 || acpi_reset.space == GAS_PCI);
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
	case GAS_IO:
		outb((uint16_t)acpi_reset.addr, acpi_reset.value);
		break;
	case GAS_MEMORY:
		*(volatile uint8_t *)(uintptr_t)acpi_reset.addr = acpi_reset.value;
		break;
	case GAS_PCI:                   /* bus 0; device in bits 47:32, function 31:16, register 15:0 */
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
