/* test_acpi.c: where the RSDP comes from (drivers/platform/acpitab.c) — loader tag, then EFI configuration table, then the scans — on a fake physical memory with crafted RSDPs and tables. */
#include "testmain.h"

#include "acpi.h"

#define GIB 0x40000000ull

/* Physical memory as a few segments; map() reaches only what lies wholly inside one. */
typedef struct Seg {
	uint64_t base;
	uint32_t len;
	uint8_t *bytes;
} Seg;

typedef struct FakeMem {
	Seg seg[8];
	int n;
} FakeMem;

static const volatile uint8_t *fake_map(void *ctx, uint64_t phys, uint32_t len)
{
	FakeMem *f = ctx;

	for (int i = 0; i < f->n; i++)
		if (phys >= f->seg[i].base && phys + len <= f->seg[i].base + f->seg[i].len)
			return f->seg[i].bytes + (phys - f->seg[i].base);
	return NULL;
}

static uint8_t *seg_add(FakeMem *f, uint64_t base, uint32_t len)
{
	Seg *s = &f->seg[f->n++];

	s->base = base;
	s->len = len;
	s->bytes = calloc(1, len);
	return s->bytes;
}

static uint8_t *at(FakeMem *f, uint64_t phys)
{
	for (int i = 0; i < f->n; i++)
		if (phys >= f->seg[i].base && phys < f->seg[i].base + f->seg[i].len)
			return f->seg[i].bytes + (phys - f->seg[i].base);
	fail_msg("0x%llx is in no segment", (unsigned long long)phys);
	return NULL;
}

static void fake_free(FakeMem *f)
{
	for (int i = 0; i < f->n; i++)
		free(f->seg[i].bytes);
	f->n = 0;
}

static void put32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void put64(uint8_t *p, uint64_t v)
{
	put32(p, (uint32_t)v);
	put32(p + 4, (uint32_t)(v >> 32));
}

static void checksum(uint8_t *p, uint32_t len, uint32_t at_byte)
{
	uint8_t sum = 0;

	p[at_byte] = 0;
	for (uint32_t i = 0; i < len; i++)
		sum = (uint8_t)(sum + p[i]);
	p[at_byte] = (uint8_t)-sum;
}

/* An RSDP: revision 0 (20 bytes) or 2 (36, with the XSDT), both checksums right. */
static void rsdp_make(uint8_t *p, uint8_t revision, uint32_t rsdt, uint64_t xsdt)
{
	memcpy(p, "RSD PTR ", 8);
	memcpy(p + 9, "QEMUAB", 6);
	p[15] = revision;
	put32(p + 16, rsdt);
	checksum(p, 20, 8);
	if (revision >= 2) {
		put32(p + 20, 36);
		put64(p + 24, xsdt);
		checksum(p, 36, 32);
	}
}

/* A table header with its checksum; body bytes are written before it is called. */
static void sdt_make(uint8_t *p, const char *sig, uint32_t len)
{
	memcpy(p, sig, 4);
	put32(p + 4, len);
	p[8] = 1;
	checksum(p, len, 9);
}

/* A FADT with the PM timer at pm_port (24 bit) and the reset register at I/O 0xCF9, value 0x06. */
static void fadt_make(uint8_t *p, uint16_t pm_port)
{
	put32(p + 76, pm_port);
	p[91] = 4;
	put32(p + 112, 1u << 10);
	p[116] = ACPI_SPACE_IO;
	put32(p + 120, 0xCF9);
	p[128] = 0x06;
	sdt_make(p, "FACP", 244);
}

/*
 * A complete set at base (in one segment): an RSDP at base, RSDT at +0x100,
 * XSDT at +0x200, FADT at +0x300 (PM timer port pm_port), HPET at +0x500.
 * rev 2: both root tables name both; rev 0: only the RSDT.
 */
static void tables_make(FakeMem *f, uint64_t base, uint8_t revision, uint16_t pm_port)
{
	uint8_t *rsdt = at(f, base + 0x100), *xsdt = at(f, base + 0x200), *hpet = at(f, base + 0x500);

	fadt_make(at(f, base + 0x300), pm_port);
	put64(hpet + 44, 0xFED00000);
	sdt_make(hpet, "HPET", 56);
	put32(rsdt + 36, (uint32_t)(base + 0x300));
	put32(rsdt + 40, (uint32_t)(base + 0x500));
	sdt_make(rsdt, "RSDT", 44);
	put64(xsdt + 36, base + 0x300);
	put64(xsdt + 44, base + 0x500);
	sdt_make(xsdt, "XSDT", 52);
	rsdp_make(at(f, base), revision, base < (1ull << 32) ? (uint32_t)(base + 0x100) : 0, base + 0x200);
}

/* The EFI system table at st (64- or 32-bit) with three configuration entries, the ACPI one last. */
static const uint8_t GUID_ACPI_20[16] = {
	0x71, 0xE8, 0x68, 0x88, 0xF1, 0xE4, 0xD3, 0x11, 0xBC, 0x22, 0x00, 0x80, 0xC7, 0x3C, 0x88, 0x81 };
static const uint8_t GUID_ACPI_10[16] = {
	0x30, 0x2D, 0x9D, 0xEB, 0x88, 0x2D, 0xD3, 0x11, 0x9A, 0x16, 0x00, 0x90, 0x27, 0x3F, 0xC1, 0x4D };

static void efi_make(FakeMem *f, uint64_t st, bool is64, const uint8_t *guid, uint64_t rsdp)
{
	uint8_t *s = at(f, st), *t = at(f, st + 0x100);
	uint32_t esize = is64 ? 24 : 20;

	memcpy(s, "IBI SYST", 8);
	if (is64) {
		put64(s + 104, 3);
		put64(s + 112, st + 0x100);
	} else {
		put32(s + 64, 3);
		put32(s + 68, (uint32_t)(st + 0x100));
	}
	memset(t, 0xAB, 16);                            /* some other vendor's table */
	memset(t + esize, 0xCD, 16);
	memcpy(t + 2 * esize, guid, 16);
	if (is64)
		put64(t + 2 * esize + 16, rsdp);
	else
		put32(t + 2 * esize + 16, (uint32_t)rsdp);
}

/* A BIOS: the BDA's EBDA segment at 0x40E pointing at 0x9FC00, and the first MiB readable. */
static void bios_make(FakeMem *f)
{
	uint8_t *low = seg_add(f, 0, 0x100000);

	low[0x40E] = 0xC0;
	low[0x40F] = 0x9F;
}

static bool probe(AcpiInfo *a, const AcpiHints *h, FakeMem *f)
{
	AcpiMem m = { .map = fake_map, .ctx = f };

	return acpi_probe(a, h, &m);
}

static void copy_rsdp(AcpiRsdpCopy *c, FakeMem *f, uint64_t phys, uint8_t len)
{
	memcpy(c->bytes, at(f, phys), len);
	c->len = len;
}

/* UEFI under GRUB's multiboot2: the tag is taken before the EFI table and the scans, which would find other RSDPs. */
static void the_tag_comes_first(void **state)
{
	FakeMem f = { 0 };
	AcpiHints h = { 0 };
	AcpiInfo a;

	(void)state;
	seg_add(&f, 0x7F000000, 0x10000);
	bios_make(&f);
	tables_make(&f, 0x7F000000, 2, 0x608);
	tables_make(&f, 0xF5A00, 0, 0xB008);            /* a BIOS area RSDP with another PM port */
	efi_make(&f, 0x7F008000, true, GUID_ACPI_20, 0xF5A00);
	copy_rsdp(&h.tag_new, &f, 0x7F000000, 36);
	h.efi_systab = 0x7F008000;
	h.efi_64bit = true;
	assert_true(probe(&a, &h, &f));
	assert_int_equal(a.source, ACPI_FROM_MB2_TAG);
	assert_string_equal(acpi_source_text(a.source), "the multiboot2 ACPI tag");
	assert_int_equal(a.revision, 2);
	assert_true(a.xsdt);
	assert_int_equal(a.root, 0x7F000200);
	assert_int_equal(a.tables, 2);
	assert_int_equal(a.pm_port, 0x608);
	assert_int_equal(a.hpet_base, 0xFED00000);
	assert_true(a.reset_reg);
	assert_int_equal(a.reset_space, ACPI_SPACE_IO);
	assert_int_equal(a.reset_addr, 0xCF9);
	assert_int_equal(a.reset_value, 0x06);

	h.tag_new.bytes[8] ^= 1;                        /* a bad checksum: the old tag (revision 0, RSDT) */
	copy_rsdp(&h.tag_old, &f, 0x7F000000, 20);
	h.tag_old.bytes[15] = 0;
	checksum(h.tag_old.bytes, 20, 8);
	assert_true(probe(&a, &h, &f));
	assert_int_equal(a.source, ACPI_FROM_MB2_TAG);
	assert_int_equal(a.revision, 0);
	assert_false(a.xsdt);
	assert_int_equal(a.root, 0x7F000100);
	assert_int_equal(a.pm_port, 0x608);

	h.tag_old.bytes[0] = 'X';                       /* both bad: the EFI table, which names the BIOS one */
	assert_true(probe(&a, &h, &f));
	assert_int_equal(a.source, ACPI_FROM_EFI_TABLE);
	assert_int_equal(a.rsdp, 0xF5A00);
	assert_int_equal(a.pm_port, 0xB008);
	fake_free(&f);
}

/* The EFI configuration table, 64- and 32-bit layouts: ACPI 2.0's GUID, else 1.0's; a bad table signature is passed over. */
static void the_efi_table_next(void **state)
{
	static const struct {
		bool is64;
		const uint8_t *guid;
		uint8_t revision;
	} rows[] = { { true, GUID_ACPI_20, 2 }, { false, GUID_ACPI_20, 2 }, { true, GUID_ACPI_10, 0 },
		{ false, GUID_ACPI_10, 0 } };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		FakeMem f = { 0 };
		AcpiHints h = { .efi_systab = 0x6F1E000, .efi_64bit = rows[i].is64 };
		AcpiInfo a;

		seg_add(&f, 0x6F00000, 0x20000);
		tables_make(&f, 0x6F10000, rows[i].revision, 0x608);
		efi_make(&f, 0x6F1E000, rows[i].is64, rows[i].guid, 0x6F10000);
		assert_row(probe(&a, &h, &f), "row %zu: no RSDP", i);
		assert_row(a.source == ACPI_FROM_EFI_TABLE && a.rsdp == 0x6F10000, "row %zu: source %d at 0x%llx", i,
		    a.source, (unsigned long long)a.rsdp);
		assert_row(a.revision == rows[i].revision && a.xsdt == (rows[i].revision == 2) && a.pm_port == 0x608,
		    "row %zu: rev %u xsdt %d pm 0x%x", i, a.revision, a.xsdt, a.pm_port);
		at(&f, 0x6F1E000)[0] = 'J';             /* not a system table */
		assert_row(!probe(&a, &h, &f), "row %zu: a bad system table trusted", i);
		fake_free(&f);
	}
}

/* The BIOS scans: the EBDA's first KiB, then 0xE0000-0xFFFFF, on 16-byte boundaries only. */
static void then_the_bios_areas(void **state)
{
	FakeMem f = { 0 };
	AcpiHints h = { 0 };
	AcpiInfo a;

	(void)state;
	bios_make(&f);
	tables_make(&f, 0xFA000, 0, 0xB008);
	assert_true(probe(&a, &h, &f));
	assert_int_equal(a.source, ACPI_FROM_BIOS);
	assert_string_equal(acpi_source_text(a.source), "the BIOS area");
	assert_int_equal(a.rsdp, 0xFA000);
	assert_int_equal(a.pm_port, 0xB008);
	tables_make(&f, 0x9FC40, 0, 0x608);             /* one in the EBDA wins */
	assert_true(probe(&a, &h, &f));
	assert_int_equal(a.rsdp, 0x9FC40);
	assert_int_equal(a.pm_port, 0x608);
	memset(at(&f, 0x9FC40), 0, 36);
	memset(at(&f, 0xFA000), 0, 36);
	rsdp_make(at(&f, 0xFA008), 0, 0xFA100, 0);      /* not on a 16-byte boundary */
	assert_false(probe(&a, &h, &f));
	fake_free(&f);
}

/* Then every ACPI region of the memory map, above 4 GiB too: the tables there are read through the same map. */
static void then_acpi_memory_anywhere(void **state)
{
	FakeMem f = { 0 };
	AcpiHints h = { .mem_count = 2, .mem = { { 0x7FB00000, 0x8000 }, { 5 * GIB, 0x40000 } } };
	AcpiInfo a;

	(void)state;
	seg_add(&f, 0x7FB00000, 0x8000);
	seg_add(&f, 5 * GIB, 0x40000);
	tables_make(&f, 5 * GIB + 0x32000, 2, 0x1808);
	assert_true(probe(&a, &h, &f));
	assert_int_equal(a.source, ACPI_FROM_ACPI_MEM);
	assert_string_equal(acpi_source_text(a.source), "ACPI memory");
	assert_int_equal(a.rsdp, 5 * GIB + 0x32000);
	assert_int_equal(a.region, 5 * GIB);
	assert_true(a.xsdt);
	assert_int_equal(a.root, 5 * GIB + 0x32200);
	assert_int_equal(a.pm_port, 0x1808);

	h.mem_count = 1;                                /* that region not in the map: not found */
	assert_false(probe(&a, &h, &f));
	fake_free(&f);
}

/* An RSDP in the last 20 bytes of a region: found, as ACPI 1.0 (its 2.0 part would lie outside). */
static void an_rsdp_at_a_region_end(void **state)
{
	FakeMem f = { 0 };
	AcpiHints h = { .mem_count = 1, .mem = { { 0x7FB00000, 0x1000 } } };
	uint8_t *r;
	AcpiInfo a;

	(void)state;
	seg_add(&f, 0x7FB00000, 0x1000);
	r = at(&f, 0x7FB00FF0);
	memcpy(r, "RSD PTR ", 8);
	r[15] = 2;
	checksum(r, 16, 8);                             /* the RSDT field (4 bytes) would run past the end */
	assert_false(probe(&a, &h, &f));
	memset(r, 0, 16);
	r = at(&f, 0x7FB00FE0);
	memcpy(r, "RSD PTR ", 8);
	r[15] = 2;
	checksum(r, 20, 8);
	assert_true(probe(&a, &h, &f));
	assert_int_equal(a.rsdp, 0x7FB00FE0);
	assert_int_equal(a.revision, 0);
	assert_int_equal(a.root, 0);                    /* no RSDT there: found, no tables */
	fake_free(&f);
}

/* Checksums: a revision 2 RSDP with a bad extended checksum, or an XSDT with a bad one, falls back to the RSDT. */
static void checksums_decide_what_is_trusted(void **state)
{
	FakeMem f = { 0 };
	AcpiHints h = { .mem_count = 1, .mem = { { 0x7F000000, 0x10000 } } };
	uint8_t *r, *x;
	AcpiInfo a;

	(void)state;
	seg_add(&f, 0x7F000000, 0x10000);
	tables_make(&f, 0x7F000000, 2, 0x608);
	r = at(&f, 0x7F000000);
	r[32] ^= 0xFF;                                  /* extended checksum wrong */
	assert_true(probe(&a, &h, &f));
	assert_int_equal(a.revision, 0);
	assert_false(a.xsdt);
	assert_int_equal(a.root, 0x7F000100);
	assert_int_equal(a.pm_port, 0x608);

	r[32] ^= 0xFF;
	x = at(&f, 0x7F000200);
	x[9] ^= 1;                                      /* XSDT checksum wrong */
	assert_true(probe(&a, &h, &f));
	assert_int_equal(a.revision, 2);
	assert_false(a.xsdt);
	assert_int_equal(a.root, 0x7F000100);

	at(&f, 0x7F000300)[9] ^= 1;                     /* FADT checksum wrong: no PM timer, no reset */
	assert_true(probe(&a, &h, &f));
	assert_int_equal(a.pm_port, 0);
	assert_false(a.reset_reg);
	assert_int_equal(a.hpet_base, 0xFED00000);

	r[8] ^= 1;                                      /* the RSDP's own checksum wrong: nothing */
	assert_false(probe(&a, &h, &f));
	assert_false(a.found);
	fake_free(&f);
}

/* Revision 0: only the RSDT, whatever the bytes after its 20 say. */
static void revision_0_uses_the_rsdt_only(void **state)
{
	FakeMem f = { 0 };
	AcpiHints h = { .mem_count = 1, .mem = { { 0x7F000000, 0x10000 } } };
	uint8_t *r;
	AcpiInfo a;

	(void)state;
	seg_add(&f, 0x7F000000, 0x10000);
	tables_make(&f, 0x7F000000, 0, 0x608);
	r = at(&f, 0x7F000000);
	put32(r + 20, 36);
	put64(r + 24, 0x7F000200);                      /* an XSDT address, and a good extended checksum */
	checksum(r, 36, 32);
	assert_true(probe(&a, &h, &f));
	assert_int_equal(a.revision, 0);
	assert_false(a.xsdt);
	assert_int_equal(a.root, 0x7F000100);
	fake_free(&f);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_tag_comes_first),
		cmocka_unit_test(the_efi_table_next),
		cmocka_unit_test(then_the_bios_areas),
		cmocka_unit_test(then_acpi_memory_anywhere),
		cmocka_unit_test(an_rsdp_at_a_region_end),
		cmocka_unit_test(checksums_decide_what_is_trusted),
		cmocka_unit_test(revision_0_uses_the_rsdt_only),
	};

	if (testmain_filter("acpi", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("acpi", tests, NULL, NULL);
}
