/* hpet.c: start the HPET main counter and read it (register map from the IA-PC HPET specification). */
#include <stdint.h>

#include "hpet.h"
#include "io.h"

#define HPET_CAP_PERIOD  0x004          /* high half of the capabilities: counter period in fs */
#define HPET_CONFIG      0x010
#define HPET_CFG_ENABLE  0x01
#define HPET_COUNTER     0x0F0
#define HPET_MAX_PERIOD_FS 100000000u   /* the spec allows at most 100 ns */

uint32_t hpet_start(uintptr_t base)
{
	uint32_t period = mmio_read32(base + HPET_CAP_PERIOD);

	if (period == 0 || period > HPET_MAX_PERIOD_FS)
		return 0;
	mmio_write32(base + HPET_CONFIG, mmio_read32(base + HPET_CONFIG) | HPET_CFG_ENABLE);
	return period;
}

uint32_t hpet_read(uintptr_t base)
{
	return mmio_read32(base + HPET_COUNTER);
}
