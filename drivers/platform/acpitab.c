/* acpitab.c: find the RSDP (loader tag, EFI configuration table, BIOS area, ACPI memory), walk the RSDT/XSDT, read the FADT, HPET and MADT. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acpi.h"
#include "latebss.h"

/*
 * NOTE: no port I/O and no fixed pointers here: every byte is read through
 * the AcpiMem the caller passes (the kernel: identity below 4 GiB, PAE
 * windows above; tests/unit/test_acpi.c: a fake memory), so the same code
 * runs on the host.
 */

#define BDA_EBDA_SEGMENT 0x040E         /* BIOS data area: EBDA segment (16 bit) */
#define EBDA_SCAN_BYTES  1024
#define BIOS_ROM_START   0x000E0000u
#define BIOS_ROM_END     0x00100000u
#define RSDP_ALIGN       16
#define RSDP_REVISION    15             /* offsets into the RSDP */
#define RSDP_RSDT        16
#define RSDP_LENGTH      20
#define RSDP_XSDT        24
#define SCAN_CHUNK       0x10000u       /* a region is mapped and scanned 64 KiB at a time */
#define SCAN_REGION_MAX  (16u << 20)    /* of a larger ACPI region only the first 16 MiB are scanned */
#define SDT_HEADER_LEN   36
#define SDT_MAX_LEN      (1u << 20)     /* anything longer is not a table */
#define SDT_MAX_ENTRIES  64             /* RSDT/XSDT entries walked */

#define EFI_SYSTAB_SIG   "IBI SYST"
#define EFI_MAX_TABLES   256            /* configuration table entries looked at */
#define EFI_GUID_LEN     16

#define FADT_PM_TMR_BLK  76             /* offsets into the FADT */
#define FADT_PM_TMR_LEN  91
#define FADT_FLAGS       112
#define FADT_BOOT_ARCH   109            /* IAPC_BOOT_ARCH, 16 bits, FADT revision 3+ */
#define FADT_BOOT_ARCH_REV 3
#define FADT_TMR_VAL_EXT (1u << 8)
#define FADT_RESET_REG_SUP (1u << 10)
#define FADT_RESET_REG   116            /* Generic Address Structure: space, width, offset, size, address */
#define FADT_RESET_VALUE 128
#define HPET_BASE_ADDR   44             /* the address field of its Generic Address Structure */
#define MADT_LAPIC_ADDR  36

/* The EFI system table, 64- and 32-bit (UEFI 2.x, 4.3): table count and the configuration table. */
typedef struct EfiLayout {
	uint32_t size;                  /* bytes read: up to the configuration table pointer */
	uint32_t count_at, table_at;    /* NumberOfTableEntries, ConfigurationTable */
	uint32_t entry_size;            /* EFI_CONFIGURATION_TABLE: a GUID and a pointer */
	int ptr_bytes;
} EfiLayout;

static const EfiLayout EFI_64 = { .size = 120, .count_at = 104, .table_at = 112, .entry_size = 24, .ptr_bytes = 8 };
static const EfiLayout EFI_32 = { .size = 72, .count_at = 64, .table_at = 68, .entry_size = 20, .ptr_bytes = 4 };

/* 8868E871-E4F1-11D3-BC22-0080C73C8881 and EB9D2D30-2D88-11D3-9A16-0090273FC14D, as they lie in memory. */
static const uint8_t GUID_ACPI_20[EFI_GUID_LEN] = {
	0x71, 0xE8, 0x68, 0x88, 0xF1, 0xE4, 0xD3, 0x11, 0xBC, 0x22, 0x00, 0x80, 0xC7, 0x3C, 0x88, 0x81 };
static const uint8_t GUID_ACPI_10[EFI_GUID_LEN] = {
	0x30, 0x2D, 0x9D, 0xEB, 0x88, 0x2D, 0xD3, 0x11, 0x9A, 0x16, 0x00, 0x90, 0x27, 0x3F, 0xC1, 0x4D };

static const volatile uint8_t *at(const AcpiMem *m, uint64_t phys, uint32_t len)
{
	return phys ? m->map(m->ctx, phys, len) : NULL;
}

static uint32_t le32(const volatile uint8_t *b)
{
	return b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static uint64_t le64(const volatile uint8_t *b)
{
	return le32(b) | (uint64_t)le32(b + 4) << 32;
}

static bool sums_to_zero(const volatile uint8_t *p, uint32_t len)
{
	uint8_t sum = 0;

	for (uint32_t i = 0; i < len; i++)
		sum = (uint8_t)(sum + p[i]);
	return sum == 0;
}

static bool sig_is(const volatile uint8_t *p, const char *sig, int n)
{
	for (int i = 0; i < n; i++)
		if (p[i] != (uint8_t)sig[i])
			return false;
	return true;
}

/*
 * An RSDP in b (avail bytes readable): the signature and the ACPI 1.0
 * checksum over 20 bytes. Kept in out (36 bytes, zero-filled); the ACPI 2.0
 * part (length, XSDT) only when the revision is 2+, 36 bytes are there and
 * the extended checksum over them holds — else out reads as revision 0
 * with its RSDT, which the first checksum already vouches for.
 */
static bool rsdp_take(const volatile uint8_t *b, uint32_t avail, uint8_t out[ACPI_RSDP_V2_LEN])
{
	bool v2;

	if (!b || avail < ACPI_RSDP_V1_LEN || !sig_is(b, "RSD PTR ", 8) || !sums_to_zero(b, ACPI_RSDP_V1_LEN))
		return false;
	v2 = b[RSDP_REVISION] >= 2 && avail >= ACPI_RSDP_V2_LEN && le32(b + RSDP_LENGTH) >= ACPI_RSDP_V2_LEN &&
	    sums_to_zero(b, ACPI_RSDP_V2_LEN);
	for (uint32_t i = 0; i < ACPI_RSDP_V2_LEN; i++)
		out[i] = i < (v2 ? ACPI_RSDP_V2_LEN : ACPI_RSDP_V1_LEN) ? b[i] : 0;
	if (!v2)
		out[RSDP_REVISION] = 0;
	return true;
}

/* An RSDP in memory at phys: 36 bytes when they can be read, else the 20 of ACPI 1.0. */
static bool rsdp_at(const AcpiMem *m, uint64_t phys, uint8_t out[ACPI_RSDP_V2_LEN])
{
	const volatile uint8_t *b = at(m, phys, ACPI_RSDP_V2_LEN);

	if (b)
		return rsdp_take(b, ACPI_RSDP_V2_LEN, out);
	return rsdp_take(at(m, phys, ACPI_RSDP_V1_LEN), ACPI_RSDP_V1_LEN, out);
}

/* [from, to) on 16-byte boundaries, a chunk mapped at a time; the RSDP's address, 0 if none. */
static uint64_t rsdp_scan(const AcpiMem *m, uint64_t from, uint64_t to, uint8_t out[ACPI_RSDP_V2_LEN])
{
	from = (from + RSDP_ALIGN - 1) & ~(uint64_t)(RSDP_ALIGN - 1);
	for (uint64_t c = from, n; c + ACPI_RSDP_V1_LEN <= to; c += n) {
		uint64_t next = (c | (SCAN_CHUNK - 1)) + 1;     /* chunks aligned: none straddles a 2 MiB window */
		const volatile uint8_t *b;

		n = (next < to ? next : to) - c;
		b = at(m, c, (uint32_t)n);

		if (!b)
			return 0;
		for (uint32_t i = 0; i + 8 <= n && c + i + ACPI_RSDP_V1_LEN <= to; i += RSDP_ALIGN)
			if (sig_is(b + i, "RSD PTR ", 8) && rsdp_at(m, c + i, out))
				return c + i;
	}
	return 0;
}

/* The EFI configuration table's entry with this GUID: its pointer, 0 if none. */
static uint64_t efi_table_find(const AcpiMem *m, const EfiLayout *l, uint64_t table, uint32_t count,
    const uint8_t guid[EFI_GUID_LEN])
{
	const volatile uint8_t *t = at(m, table, count * l->entry_size);

	for (uint32_t i = 0; t && i < count; i++) {
		const volatile uint8_t *e = t + i * l->entry_size;
		bool same = true;

		for (int k = 0; k < EFI_GUID_LEN; k++)
			same = same && e[k] == guid[k];
		if (same)
			return l->ptr_bytes == 8 ? le64(e + EFI_GUID_LEN) : le32(e + EFI_GUID_LEN);
	}
	return 0;
}

/* The EFI system table's configuration-table entry with this GUID (the loader's tag 11 or 12): its pointer, 0 if none. */
uint64_t acpi_efi_config_table(const AcpiMem *m, const AcpiHints *h, const uint8_t guid[EFI_GUID_LEN])
{
	const EfiLayout *l = h->efi_64bit ? &EFI_64 : &EFI_32;
	const volatile uint8_t *st = h->efi_systab ? at(m, h->efi_systab, l->size) : NULL;
	uint64_t table;
	uint32_t count;

	if (!st || !sig_is(st, EFI_SYSTAB_SIG, 8))
		return 0;
	count = l->ptr_bytes == 8 ? (uint32_t)le64(st + l->count_at) : le32(st + l->count_at);
	table = l->ptr_bytes == 8 ? le64(st + l->table_at) : le32(st + l->table_at);
	if (count > EFI_MAX_TABLES)
		count = EFI_MAX_TABLES;
	return efi_table_find(m, l, table, count, guid);
}

/* The RSDP the EFI system table names: ACPI 2.0's entry first, then 1.0's. */
static uint64_t rsdp_from_efi(const AcpiMem *m, const AcpiHints *h, uint8_t out[ACPI_RSDP_V2_LEN])
{
	const uint8_t *guids[] = { GUID_ACPI_20, GUID_ACPI_10 };

	for (int g = 0; g < 2; g++) {
		uint64_t p = acpi_efi_config_table(m, h, guids[g]);

		if (p && rsdp_at(m, p, out))
			return p;
	}
	return 0;
}

/*
 * The RSDP, the reliable ways first: the copy the loader passed (multiboot2
 * tag 15, else 14); the table the EFI firmware publishes; then the scans —
 * the first KiB of the EBDA and 0xE0000-0xFFFFF (BIOS), then each memory-map
 * region typed ACPI, wherever it lies (UEFI firmware may keep its tables
 * anywhere). Sets a->source, a->rsdp and a->region.
 */
static bool rsdp_find(AcpiInfo *a, const AcpiHints *h, const AcpiMem *m, uint8_t rsdp[ACPI_RSDP_V2_LEN])
{
	const volatile uint8_t *bda;
	uint64_t p;

	if (rsdp_take(h->tag_new.bytes, h->tag_new.len, rsdp) || rsdp_take(h->tag_old.bytes, h->tag_old.len, rsdp)) {
		a->source = ACPI_FROM_MB2_TAG;
		return true;
	}
	if (h->efi_systab && (p = rsdp_from_efi(m, h, rsdp)) != 0) {
		a->source = ACPI_FROM_EFI_TABLE, a->rsdp = p;
		return true;
	}
	bda = at(m, BDA_EBDA_SEGMENT, 2);
	if (bda) {
		uint32_t ebda = (uint32_t)(bda[0] | bda[1] << 8) << 4;

		if (ebda >= 0x80000 && ebda < 0xA0000)
			p = rsdp_scan(m, ebda, ebda + EBDA_SCAN_BYTES, rsdp);
		else
			p = 0;
		if (p || (p = rsdp_scan(m, BIOS_ROM_START, BIOS_ROM_END, rsdp)) != 0) {
			a->source = ACPI_FROM_BIOS, a->rsdp = p;
			return true;
		}
	}
	for (int i = 0; i < h->mem_count && i < ACPI_MAX_MEM; i++) {
		uint64_t len = h->mem[i].len < SCAN_REGION_MAX ? h->mem[i].len : SCAN_REGION_MAX;

		if ((p = rsdp_scan(m, h->mem[i].base, h->mem[i].base + len, rsdp)) != 0) {
			a->source = ACPI_FROM_ACPI_MEM, a->rsdp = p, a->region = h->mem[i].base;
			return true;
		}
	}
	return false;
}

/* A table with its signature (any, when sig is NULL) and a good checksum: readable for its length, or NULL. */
static const volatile uint8_t *sdt_at(const AcpiMem *m, uint64_t phys, const char *sig, uint32_t *len)
{
	const volatile uint8_t *t = at(m, phys, SDT_HEADER_LEN);

	if (!t || (sig && !sig_is(t, sig, 4)))
		return NULL;
	*len = le32(t + 4);
	if (*len < SDT_HEADER_LEN || *len > SDT_MAX_LEN)
		return NULL;
	t = at(m, phys, *len);
	return t && sums_to_zero(t, *len) ? t : NULL;
}

/* The FADT: the PM timer's port and width, and the reset register (ACPI 2+, when the flags offer it). */
static void fadt(AcpiInfo *a, const volatile uint8_t *t, uint32_t len)
{
	uint32_t flags;

	if (len < FADT_FLAGS + 4)
		return;
	flags = le32(t + FADT_FLAGS);
	a->fadt_flags = flags;
	a->boot_arch_valid = t[8] >= FADT_BOOT_ARCH_REV;
	a->boot_arch = a->boot_arch_valid ? (uint16_t)(t[FADT_BOOT_ARCH] | t[FADT_BOOT_ARCH + 1] << 8) : 0;
	if (t[FADT_PM_TMR_LEN] == 4) {
		a->pm_port = (uint16_t)le32(t + FADT_PM_TMR_BLK);
		a->pm_32bit = (flags & FADT_TMR_VAL_EXT) != 0;
	}
	if (len > FADT_RESET_VALUE && (flags & FADT_RESET_REG_SUP)) {
		a->reset_reg = true;
		a->reset_space = t[FADT_RESET_REG];
		a->reset_addr = le32(t + FADT_RESET_REG + 4);
		a->reset_addr_hi = le32(t + FADT_RESET_REG + 8);
		a->reset_value = t[FADT_RESET_VALUE];
	}
}

/* One table the RSDT/XSDT names: the FADT, the HPET (base below 4 GiB) or the MADT. */
static void table(AcpiInfo *a, const volatile uint8_t *t, uint32_t len)
{
	if (sig_is(t, "FACP", 4))
		fadt(a, t, len);
	else if (sig_is(t, "HPET", 4) && len >= HPET_BASE_ADDR + 8 && le32(t + HPET_BASE_ADDR + 4) == 0)
		a->hpet_base = le32(t + HPET_BASE_ADDR);
	else if (sig_is(t, "APIC", 4) && len >= MADT_LAPIC_ADDR + 4)
		a->lapic_base = le32(t + MADT_LAPIC_ADDR);
}

/* The headers the last walk saw: a pool of the late BSS (acpi_probe runs after kmain claims it). */
static AcpiTableSeen seen_table[ACPI_MAX_SEEN] LATE_BSS;
static int seen_count;

const AcpiTableSeen *acpi_seen(int *count)
{
	*count = seen_count;
	return seen_table;
}

/* A table's header for the hardware report (a table with a bad checksum too, when mapped). */
static void seen(AcpiTableSeen *s, uint64_t p, const volatile uint8_t *t)
{
	*s = (AcpiTableSeen){ .addr = p, .readable = t != NULL };
	if (!t)
		return;
	for (int i = 0; i < 4; i++)
		s->sig[i] = (char)t[i];
	for (int i = 0; i < 6; i++)
		s->oem[i] = (char)t[10 + i];
	for (int i = 0; i < 8; i++)
		s->oem_table[i] = (char)t[16 + i];
	s->revision = t[8];
	s->length = le32(t + 4);
}

/*
 * ACPI 2+ adds an XSDT of 64-bit pointers; it is used when the RSDP's
 * extended checksum and its own hold, else the RSDT. Tables anywhere are
 * read through the caller's map.
 */
bool acpi_probe(AcpiInfo *a, const AcpiHints *h, const AcpiMem *m)
{
	uint8_t rsdp[ACPI_RSDP_V2_LEN];
	const volatile uint8_t *root = NULL;
	uint32_t len = 0, entry_size = 4;

	*a = (AcpiInfo){ .found = false };
	seen_count = 0;
	if (!rsdp_find(a, h, m, rsdp))
		return false;
	a->found = true;
	a->revision = rsdp[RSDP_REVISION];
	if (a->revision >= 2 && (root = sdt_at(m, le64(rsdp + RSDP_XSDT), "XSDT", &len)) != NULL)
		a->xsdt = true, a->root = le64(rsdp + RSDP_XSDT), entry_size = 8;
	else if ((root = sdt_at(m, le32(rsdp + RSDP_RSDT), "RSDT", &len)) != NULL)
		a->root = le32(rsdp + RSDP_RSDT);
	if (!root)
		return true;
	a->tables = (int)((len - SDT_HEADER_LEN) / entry_size);
	for (int i = 0; i < a->tables && i < SDT_MAX_ENTRIES; i++) {
		const volatile uint8_t *e = root + SDT_HEADER_LEN + (uint32_t)i * entry_size;
		uint64_t p = entry_size == 8 ? le64(e) : le32(e);
		uint32_t tlen = 0;
		const volatile uint8_t *t = sdt_at(m, p, NULL, &tlen);

		if (seen_count < ACPI_MAX_SEEN)
			seen(&seen_table[seen_count++], p, t ? t : at(m, p, SDT_HEADER_LEN));
		if (t)
			table(a, t, tlen);
	}
	return true;
}

const char *acpi_source_text(AcpiSource s)
{
	static const char *const text[] = {
		[ACPI_FROM_NONE] = "nowhere",
		[ACPI_FROM_MB2_TAG] = "the multiboot2 ACPI tag",
		[ACPI_FROM_EFI_TABLE] = "the EFI configuration table",
		[ACPI_FROM_BIOS] = "the BIOS area",
		[ACPI_FROM_ACPI_MEM] = "ACPI memory",
	};

	return (unsigned)s < sizeof text / sizeof text[0] ? text[s] : "?";
}
