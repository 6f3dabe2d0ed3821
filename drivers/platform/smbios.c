/* smbios.c: the SMBIOS entry point (2.x "_SM_", 3.x "_SM3_") and the structure table's BIOS and system strings, bounded and checksummed. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acpi.h"
#include "smbios.h"

/*
 * NOTE: as acpitab.c, every byte through the caller's AcpiMem: the same
 * code runs on the host (tests/unit/test_smbios.c, tests/fuzz/fuzz_smbios.c).
 * Only type 0's vendor, version and date and type 1's manufacturer, product
 * and version are read: type 1's serial number, UUID, SKU and family never.
 */

#define SCAN_START      0x000F0000u
#define SCAN_END        0x00100000u
#define SCAN_STEP       16
#define EP2_MIN         0x1F            /* "_SM_" entry point: 31 bytes (2.1 says 0x1E: taken too) */
#define EP2_MIN_OLD     0x1E
#define EP2_LEN         5
#define EP2_MAJOR       6
#define EP2_MINOR       7
#define EP2_DMI         16              /* "_DMI_" intermediate anchor */
#define EP2_DMI_LEN     15
#define EP2_TABLE_LEN   22
#define EP2_TABLE_ADDR  24
#define EP3_LEN_MIN     0x18            /* "_SM3_": 24 bytes */
#define EP3_LEN         6
#define EP3_MAJOR       7
#define EP3_MINOR       8
#define EP3_TABLE_MAX   12
#define EP3_TABLE_ADDR  16
#define EP_MAP          32              /* bytes mapped to read an entry point */
#define ST_HEADER       4               /* type, length, handle */
#define ST_END          127             /* end-of-table structure */
#define ST_MAX          512             /* structures walked at most */
#define T0_VENDOR       4               /* string numbers in type 0 */
#define T0_VERSION      5
#define T0_DATE         8
#define T1_VENDOR       4               /* in type 1 (7 is the serial number: never read) */
#define T1_PRODUCT      5
#define T1_VERSION      6

/* 31D29DEB-... SMBIOS_TABLE_GUID and F2FD1544-... SMBIOS3_TABLE_GUID, as they lie in memory. */
static const uint8_t GUID_SMBIOS[16] = {
	0x31, 0x2D, 0x9D, 0xEB, 0x88, 0x2D, 0xD3, 0x11, 0x9A, 0x16, 0x00, 0x90, 0x27, 0x3F, 0xC1, 0x4D };
static const uint8_t GUID_SMBIOS3[16] = {
	0x44, 0x15, 0xFD, 0xF2, 0x94, 0x97, 0x2C, 0x4A, 0x99, 0x2E, 0xE5, 0xBB, 0xCF, 0x20, 0xE3, 0x94 };

static uint32_t le16(const volatile uint8_t *b)
{
	return (uint32_t)b[0] | (uint32_t)b[1] << 8;
}

static uint32_t le32(const volatile uint8_t *b)
{
	return le16(b) | le16(b + 2) << 16;
}

static bool sums_to_zero(const volatile uint8_t *p, uint32_t len)
{
	uint8_t sum = 0;

	for (uint32_t i = 0; i < len; i++)
		sum = (uint8_t)(sum + p[i]);
	return sum == 0;
}

static bool anchor(const volatile uint8_t *p, const char *a, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		if (p[i] != (uint8_t)a[i])
			return false;
	return true;
}

/* An entry point at p (avail bytes readable): its version and table, if its checksums hold. */
bool smbios_entry(SmbiosInfo *s, const volatile uint8_t *p, uint32_t avail)
{
	uint32_t len;

	if (avail >= EP3_LEN_MIN && anchor(p, "_SM3_", 5)) {
		len = p[EP3_LEN];
		if (len < EP3_LEN_MIN || len > avail || !sums_to_zero(p, len))
			return false;
		s->v3 = true;
		s->major = p[EP3_MAJOR], s->minor = p[EP3_MINOR];
		s->table_len = le32(p + EP3_TABLE_MAX);
		s->table = (uint64_t)le32(p + EP3_TABLE_ADDR) | (uint64_t)le32(p + EP3_TABLE_ADDR + 4) << 32;
		return true;
	}
	if (avail < EP2_MIN || !anchor(p, "_SM_", 4))
		return false;
	len = p[EP2_LEN];
	if (len < EP2_MIN_OLD || len > avail || !sums_to_zero(p, len) || !anchor(p + EP2_DMI, "_DMI_", 5) ||
	    !sums_to_zero(p + EP2_DMI, EP2_DMI_LEN))
		return false;
	s->v3 = false;
	s->major = p[EP2_MAJOR], s->minor = p[EP2_MINOR];
	s->table_len = le16(p + EP2_TABLE_LEN);
	s->table = le32(p + EP2_TABLE_ADDR);
	return true;
}

/* String number n of the structure whose strings start at `str` (up to end), kept printable and cut. */
static void take_string(char out[SMBIOS_STR], const volatile uint8_t *str, const volatile uint8_t *end, uint8_t n)
{
	uint8_t k = 1;
	int o = 0;

	out[0] = '\0';
	if (n == 0)
		return;
	while (str < end && k < n) {            /* skip to string n */
		if (*str == 0)
			k++;
		str++;
	}
	if (k != n)
		return;
	for (; str < end && *str && o < SMBIOS_STR - 1; str++)
		out[o++] = (char)(*str >= 0x20 && *str <= 0x7E ? *str : '?');
	out[o] = '\0';
}

/*
 * The structures in [t, t + len): each a header, its formatted area and
 * its strings (ended by two NULs); type 0 and type 1 strings taken, the
 * walk ends at type 127, a malformed structure or the end.
 */
void smbios_table(SmbiosInfo *s, const volatile uint8_t *t, uint32_t len)
{
	uint32_t at = 0;

	s->structures = 0;
	while (at + ST_HEADER <= len && s->structures < ST_MAX) {
		const volatile uint8_t *st = t + at, *str, *end = t + len;
		uint8_t type = st[0], flen = st[1];
		uint32_t i;

		if (flen < ST_HEADER || at + flen > len)
			return;
		str = st + flen;
		for (i = at + flen; i + 1 < len && !(t[i] == 0 && t[i + 1] == 0); i++)
			;
		if (i + 1 >= len)
			return;                 /* no double NUL: the table is cut */
		end = t + i + 1;
		s->structures++;
		if (type == 0 && flen > T0_DATE) {
			take_string(s->bios_vendor, str, end, st[T0_VENDOR]);
			take_string(s->bios_version, str, end, st[T0_VERSION]);
			take_string(s->bios_date, str, end, st[T0_DATE]);
		} else if (type == 1 && flen > T1_VERSION) {
			take_string(s->sys_vendor, str, end, st[T1_VENDOR]);
			take_string(s->sys_product, str, end, st[T1_PRODUCT]);
			take_string(s->sys_version, str, end, st[T1_VERSION]);
		}
		if (type == ST_END)
			return;
		at = i + 2;
	}
}

/* The entry point the EFI table names (SMBIOS 3 first), else the BIOS area's first (checksums guard the scan). */
static bool find_entry(SmbiosInfo *s, const AcpiHints *h, const AcpiMem *m)
{
	const uint8_t *guids[] = { GUID_SMBIOS3, GUID_SMBIOS };
	const volatile uint8_t *p;

	for (int g = 0; g < 2; g++) {
		uint64_t e = acpi_efi_config_table(m, h, guids[g]);

		if (e && (p = m->map(m->ctx, e, EP_MAP)) != NULL && smbios_entry(s, p, EP_MAP)) {
			s->entry = e, s->from_efi = true;
			return true;
		}
	}
	for (uint32_t at = SCAN_START; at + EP_MAP <= SCAN_END; at += SCAN_STEP)     /* mapped a step at a time */
		if ((p = m->map(m->ctx, at, EP_MAP)) != NULL && p[0] == '_' && smbios_entry(s, p, EP_MAP)) {
			s->entry = at;
			return true;
		}
	return false;
}

bool smbios_probe(SmbiosInfo *s, const AcpiHints *h, const AcpiMem *m)
{
	const volatile uint8_t *t;
	uint32_t len;

	*s = (SmbiosInfo){ .found = false };
	if (!find_entry(s, h, m))
		return false;
	s->found = true;
	len = s->table_len < SMBIOS_TABLE_MAX ? s->table_len : SMBIOS_TABLE_MAX;
	t = len ? m->map(m->ctx, s->table, len) : NULL;
	s->table_read = t != NULL;
	if (t)
		smbios_table(s, t, len);
	return true;
}
