/* fuzz_smbios.c: libFuzzer target — the SMBIOS entry point and structure table (drivers/platform/smbios.c) on any bytes: bounded, printable, never a serial number. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzzkit.h"
#include "smbios.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * For tests/fuzz/replay.c: a *.smb file is a BIOS area image (up to 64 KiB)
 * followed by nothing else, whose entry point must be found.
 */
#define FUZZ_VALID_EXT ".smb"

/* The bytes as physical memory: the first 64 KiB at 0xF0000 (the BIOS area), the rest at 1 MiB. */
typedef struct Mem {
	const uint8_t *low, *high;
	size_t low_len, high_len;
} Mem;

static const volatile uint8_t *map(void *ctx, uint64_t phys, uint32_t len)
{
	const Mem *m = ctx;

	if (phys >= 0xF0000 && phys + len <= 0xF0000 + m->low_len)
		return m->low + (phys - 0xF0000);
	if (phys >= 0x100000 && phys + len <= 0x100000 + m->high_len)
		return m->high + (phys - 0x100000);
	return NULL;
}

static bool probe(const uint8_t *data, size_t size, SmbiosInfo *s)
{
	Mem m = { .low = data, .low_len = size < 0x10000 ? size : 0x10000 };
	AcpiMem mem = { .map = map, .ctx = &m };
	AcpiHints h = { .efi_systab = 0 };

	m.high = data + m.low_len;
	m.high_len = size - m.low_len;
	return smbios_probe(s, &h, &mem);
}

__attribute__((unused)) static bool fuzz_accepts(const uint8_t *data, size_t size, char *err, size_t errlen)
{
	SmbiosInfo s;

	(void)err;
	(void)errlen;
	return probe(data, size, &s);
}

static void strings_ok(const char *s)
{
	size_t n = strnlen(s, SMBIOS_STR);

	expect(n < SMBIOS_STR);
	for (size_t i = 0; i < n; i++)
		expect(s[i] >= 0x20 && s[i] <= 0x7E);
}

/*
 * Any bytes, three ways: as memory holding an entry point (probe), as an
 * entry point alone, and as a structure table alone, each in a buffer of
 * exactly its size (ASan sees a read past it). Every string kept is
 * printable and NUL-ended within its field.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *copy = malloc(size ? size : 1);
	SmbiosInfo s, t;

	expect(copy != NULL);
	memcpy(copy, data, size);
	if (probe(copy, size, &s))              /* found in the scan: a 16-byte step of the BIOS area */
		expect(s.found && s.entry >= 0xF0000 && s.entry < 0x100000 && (s.entry & 15) == 0);
	memset(&t, 0, sizeof t);
	smbios_entry(&t, copy, (uint32_t)size);
	smbios_table(&t, copy, (uint32_t)size);
	expect(t.structures <= 512);
	strings_ok(s.bios_vendor), strings_ok(s.bios_version), strings_ok(s.bios_date);
	strings_ok(s.sys_vendor), strings_ok(s.sys_product), strings_ok(s.sys_version);
	strings_ok(t.bios_vendor), strings_ok(t.bios_version), strings_ok(t.bios_date);
	strings_ok(t.sys_vendor), strings_ok(t.sys_product), strings_ok(t.sys_version);
	free(copy);
	return 0;
}
