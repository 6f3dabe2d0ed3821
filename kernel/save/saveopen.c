/* saveopen.c: save_open a sector a step (the main loop's bring-up) — each step reads one sector, then the open runs again over what was read. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "save.h"
#include "saveio.h"

void save_open_begin(void)
{
	saveio_cache_begin();
}

/*
 * One step: the sector the last pass asked for read, then a pass of
 * save_open over the sectors read so far; again while the step has taken
 * less than budget_us (0: one sector a step) and the last read worked (a
 * failed one ends the step: the loop's USB service may learn the stick
 * left), so no read starts late in a step. A pass that asks for one more is thrown away (nothing said, nothing
 * written); the one that needs none is the open: true. Its result is then
 * what save_status says; none found and a stick it read from gone (pulled
 * meanwhile): "the stick was removed".
 */
bool save_open_step(const char *image_id, uint32_t budget_us)
{
	uint32_t t0 = save_now_us();
	SaveStatus st;
	bool read;

	do {
		read = saveio_cache_fetch();
		save_open(image_id, NULL);
	} while (read && saveio_cache_missed() && save_now_us() - t0 < budget_us);
	if (saveio_cache_missed())
		return false;
	if (!save_status(&st) && saveio_cache_lost())
		save_lost();            /* a stick it was reading was pulled: the title says so, not "no save area" */
	saveio_cache_end();
	return true;
}
