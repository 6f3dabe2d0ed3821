/* test_smbios.c: the SMBIOS entry point and strings (drivers/platform/smbios.c) on a fake physical memory — what is read, what never is. */
#define _GNU_SOURCE             /* memmem */
#include "testmain.h"

#include "smbios.h"

#define BIOS_AREA       0x000F0000u
#define TABLE_AT        0x00100000u

static uint8_t area[0x10000], table[4096], efi[256], ep3[32];

static const volatile uint8_t *fake_map(void *ctx, uint64_t phys, uint32_t len)
{
	(void)ctx;
	if (phys >= BIOS_AREA && phys + len <= BIOS_AREA + sizeof area)
		return area + (phys - BIOS_AREA);
	if (phys >= TABLE_AT && phys + len <= TABLE_AT + sizeof table)
		return table + (phys - TABLE_AT);
	if (phys >= 0x200000 && phys + len <= 0x200000 + sizeof efi)
		return efi + (phys - 0x200000);
	if (phys >= 0x300000 && phys + len <= 0x300000 + sizeof ep3)
		return ep3 + (phys - 0x300000);
	return NULL;
}

static const AcpiMem mem = { .map = fake_map };

static void fix_sum(uint8_t *p, uint32_t len, uint32_t at)
{
	uint8_t s = 0;

	p[at] = 0;
	for (uint32_t i = 0; i < len; i++)
		s = (uint8_t)(s + p[i]);
	p[at] = (uint8_t)-s;
}

/* A 2.8 entry point at off in the BIOS area naming `len` bytes of table at TABLE_AT. */
static void ep2(uint32_t off, uint16_t len)
{
	uint8_t *p = area + off;

	memset(p, 0, 31);
	memcpy(p, "_SM_", 4);
	p[5] = 0x1F, p[6] = 2, p[7] = 8;
	memcpy(p + 16, "_DMI_", 5);
	p[22] = (uint8_t)len, p[23] = (uint8_t)(len >> 8);
	p[24] = 0x00, p[25] = 0x00, p[26] = 0x10, p[27] = 0x00;        /* TABLE_AT */
	p[28] = 3;
	fix_sum(p + 16, 15, 5);           /* the _DMI_ part: its checksum at 15h */
	fix_sum(p, 31, 4);
}

/* Type 0, type 1 (with a serial number and a UUID), type 127: the table's length. */
static uint16_t make_table(void)
{
	static const uint8_t t0[] = { 0, 0x18, 0, 0, 1, 2, 0, 0xE8, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
	static const char s0[] = "SeaBIOS\0rel-1.16\0" "04/01/2014\0";
	static const uint8_t t1[] = { 1, 0x1B, 1, 0, 1, 2, 3, 4, 0xDE, 0xAD, 0xBE, 0xEF, 0xDE, 0xAD, 0xBE, 0xEF,
	    0xDE, 0xAD, 0xBE, 0xEF, 0xDE, 0xAD, 0xBE, 0xEF, 6, 0, 0 };
	static const char s1[] = "QEMU\0Standard PC\0pc-7.2\0SERIAL-12345\0";
	uint16_t n = 0;

	memset(table, 0, sizeof table);
	memcpy(table + n, t0, sizeof t0), n += sizeof t0;
	memcpy(table + n, s0, sizeof s0), n += sizeof s0;       /* its NUL ends the set */
	memcpy(table + n, t1, sizeof t1), n += sizeof t1;
	memcpy(table + n, s1, sizeof s1), n += sizeof s1;
	table[n++] = 127, table[n++] = 4, table[n++] = 2, table[n++] = 0, table[n++] = 0, table[n++] = 0;
	return n;
}

/* The BIOS area's entry point: its version, type 0's and type 1's strings; never the serial number. */
static void the_bios_area_entry_point_gives_the_strings(void **state)
{
	AcpiHints h = { .efi_systab = 0 };
	SmbiosInfo s;

	(void)state;
	memset(area, 0, sizeof area);
	ep2(0x5A10, make_table());
	assert_true(smbios_probe(&s, &h, &mem));
	assert_false(s.v3);
	assert_false(s.from_efi);
	assert_int_equal(s.entry, BIOS_AREA + 0x5A10);
	assert_int_equal(s.major, 2);
	assert_int_equal(s.minor, 8);
	assert_string_equal(s.bios_vendor, "SeaBIOS");
	assert_string_equal(s.bios_version, "rel-1.16");
	assert_string_equal(s.bios_date, "04/01/2014");
	assert_string_equal(s.sys_vendor, "QEMU");
	assert_string_equal(s.sys_product, "Standard PC");
	assert_string_equal(s.sys_version, "pc-7.2");
	assert_int_equal(s.structures, 3);
	assert_null(memmem(&s, sizeof s, "SERIAL", 6));
	assert_null(memmem(&s, sizeof s, "\xDE\xAD\xBE\xEF", 4));
}

/* A bad checksum is passed over; the scan goes on to the next good one. */
static void checksums_decide(void **state)
{
	AcpiHints h = { .efi_systab = 0 };
	SmbiosInfo s;

	(void)state;
	memset(area, 0, sizeof area);
	ep2(0x100, make_table());
	area[0x100 + 6] = 3;            /* the sum no longer holds */
	assert_false(smbios_probe(&s, &h, &mem));
	ep2(0x200, make_table());
	assert_true(smbios_probe(&s, &h, &mem));
	assert_int_equal(s.entry, BIOS_AREA + 0x200);
	area[0x200 + 16 + 3] ^= 1;      /* the _DMI_ part's sum */
	assert_false(smbios_probe(&s, &h, &mem));
}

/* SMBIOS 3 from the EFI configuration table (its GUID), first. */
static void the_efi_table_names_smbios3(void **state)
{
	static const uint8_t guid3[16] = { 0x44, 0x15, 0xFD, 0xF2, 0x94, 0x97, 0x2C, 0x4A, 0x99, 0x2E, 0xE5, 0xBB,
	    0xCF, 0x20, 0xE3, 0x94 };
	AcpiHints h = { .efi_systab = 0x200000, .efi_64bit = true };
	SmbiosInfo s;
	uint16_t n = make_table();

	(void)state;
	memset(area, 0, sizeof area);
	memset(efi, 0, sizeof efi);
	memcpy(efi, "IBI SYST", 8);
	efi[104] = 1;                                   /* one configuration table entry */
	efi[112] = 0x80, efi[113] = 0x00, efi[114] = 0x20;      /* at 0x200080 */
	memcpy(efi + 0x80, guid3, 16);
	efi[0x80 + 16] = 0x00, efi[0x80 + 17] = 0x00, efi[0x80 + 18] = 0x30;   /* the entry point at 0x300000 */
	memset(ep3, 0, sizeof ep3);
	memcpy(ep3, "_SM3_", 5);
	ep3[6] = 0x18, ep3[7] = 3, ep3[8] = 2;
	ep3[12] = (uint8_t)n, ep3[13] = (uint8_t)(n >> 8);
	ep3[18] = 0x10;                                 /* TABLE_AT */
	fix_sum(ep3, 0x18, 5);
	assert_true(smbios_probe(&s, &h, &mem));
	assert_true(s.v3);
	assert_true(s.from_efi);
	assert_int_equal(s.major, 3);
	assert_int_equal(s.table, TABLE_AT);
	assert_string_equal(s.sys_product, "Standard PC");
}

/* A cut table, string numbers past the set, long and unprintable strings: bounded, never past the bytes. */
static void bad_tables_stay_in_bounds(void **state)
{
	SmbiosInfo s;
	uint8_t *t;
	uint16_t n = make_table();

	(void)state;
	memset(&s, 0, sizeof s);
	smbios_table(&s, table, 30);    /* type 0's strings cut: no double NUL */
	assert_string_equal(s.bios_vendor, "");
	t = malloc(n);
	memcpy(t, table, n);
	t[4] = 9;                       /* vendor: string 9 of 3 */
	smbios_table(&s, t, n);
	assert_string_equal(s.bios_vendor, "");
	assert_string_equal(s.bios_version, "rel-1.16");
	free(t);
	{
		uint8_t big[200] = { 1, 8, 0, 0, 1, 0, 0, 0 };

		memset(big + 8, 'A', 100);
		big[10] = 0x07;
		smbios_table(&s, big, sizeof big);
		assert_int_equal(strlen(s.sys_vendor), SMBIOS_STR - 1);
		assert_int_equal(s.sys_vendor[2], '?');
	}
	{
		uint8_t tiny[5] = { 1, 2, 0, 0, 0 };   /* a length under the header */

		smbios_table(&s, tiny, sizeof tiny);
		assert_int_equal(s.structures, 0);
	}
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_bios_area_entry_point_gives_the_strings),
		cmocka_unit_test(checksums_decide),
		cmocka_unit_test(the_efi_table_names_smbios3),
		cmocka_unit_test(bad_tables_stay_in_bounds),
	};

	if (testmain_filter("smbios", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("smbios", tests, NULL, NULL);
}
