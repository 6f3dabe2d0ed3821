/* hwreport.c: HWINFO.TXT's writer (the bound, the hash) and its machine sections: CPU, firmware, memory, ACPI, display, clocks, boot. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

#include "hwreport.h"
#include "kfmt.h"

#define FNV_BASIS       0x811C9DC5u
#define FNV_PRIME       0x01000193u
#define FACT_MAX        64              /* characters of a fact's value */
#define HASH_DIGITS     8
#define MAX_REGIONS     64

static uint32_t first_line_len(void)
{
	return (uint32_t)sizeof HWREPORT_FIRST_LINE - 1 + HASH_DIGITS + 1;
}

uint32_t hwreport_hash(const char *text, uint32_t len)
{
	uint32_t h = FNV_BASIS;

	for (uint32_t i = 0; i < len; i++)
		h = (h ^ (uint8_t)text[i]) * FNV_PRIME;
	return h;
}

/* A line, or left out (with every later one of this part) when it would pass the part's bound. */
static void put(HwOut *o, const char *line, uint32_t n)
{
	if (o->stopped || o->len + n + 1 > o->limit) {
		o->stopped = true;
		o->dropped++;
		return;
	}
	for (uint32_t i = 0; i < n; i++)
		o->buf[o->len++] = line[i];
	o->buf[o->len++] = '\n';
	o->buf[o->len] = '\0';
	o->lines++;
}

static uint32_t length(const char *s)
{
	uint32_t n = 0;

	while (s[n])
		n++;
	return n;
}

void hwout_line(HwOut *o, const char *fmt, ...)
{
	char line[HWREPORT_LINE];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = kfmt_vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	put(o, line, length(line));
}

void hwout_begin(HwOut *o, char *buf, uint32_t cap)
{
	*o = (HwOut){ .buf = buf, .cap = cap };
	o->limit = cap - 1 - HWREPORT_END_ROOM < HWREPORT_HW_MAX ? cap - 1 - HWREPORT_END_ROOM : HWREPORT_HW_MAX;
	buf[0] = '\0';
	hwout_line(o, "%s%08x", HWREPORT_FIRST_LINE, 0u);      /* the hash goes in at hwout_boot */
}

/* key: value, the value's bytes outside 0x20..0x7E as '?', cut at FACT_MAX. */
void hwout_fact(HwOut *o, const char *key, const char *value)
{
	char v[FACT_MAX + 1];
	int n = 0;

	for (; value && value[n] && n < FACT_MAX; n++)
		v[n] = value[n] >= 0x20 && value[n] <= 0x7E ? value[n] : '?';
	v[n] = '\0';
	hwout_line(o, "%s: %s", key, v);
}

void hwout_hex(HwOut *o, const char *head, const uint8_t *b, uint32_t n)
{
	static const char digits[] = "0123456789abcdef";
	char line[HWREPORT_LINE];
	uint32_t k = 0;

	while (head[k] && k < 128) {
		line[k] = head[k];
		k++;
	}
	for (uint32_t i = 0; i < n && k + 3 < sizeof line; i++) {
		line[k++] = ' ';
		line[k++] = digits[b[i] >> 4];
		line[k++] = digits[b[i] & 0xF];
	}
	put(o, line, k);
}

void hwout_boot(HwOut *o)
{
	uint32_t first = first_line_len(), h, top = HWREPORT_MAX - HWREPORT_END_ROOM;
	char hex[HASH_DIGITS + 1];

	if (o->booted)
		return;
	o->booted = true;
	if (o->len >= first) {
		h = hwreport_hash(o->buf + first, o->len - first);
		kfmt_snprintf(hex, sizeof hex, "%08x", (unsigned)h);
		for (int i = 0; i < HASH_DIGITS; i++)
			o->buf[first - 1 - HASH_DIGITS + i] = hex[i];
	}
	o->stopped = false;
	o->limit = o->cap - 1 < top ? o->cap - 1 - HWREPORT_END_ROOM : top;
}

uint32_t hwout_end(HwOut *o)
{
	char line[HWREPORT_END_ROOM];

	hwout_boot(o);
	if (o->dropped)
		kfmt_snprintf(line, sizeof line, "end lines=%u truncated=%u", (unsigned)o->lines, (unsigned)o->dropped);
	else
		kfmt_snprintf(line, sizeof line, "end lines=%u", (unsigned)o->lines);
	o->stopped = false;
	o->limit = o->cap - 1;
	put(o, line, length(line));
	return o->len;
}

/* The hash a report's first line gives; false if it does not start as a report does. */
bool hwreport_hash_of(const char *text, uint32_t len, uint32_t *hash)
{
	uint32_t pre = (uint32_t)sizeof HWREPORT_FIRST_LINE - 1, h = 0;

	if (len < pre + HASH_DIGITS)
		return false;
	for (uint32_t i = 0; i < pre; i++)
		if (text[i] != HWREPORT_FIRST_LINE[i])
			return false;
	for (uint32_t i = pre; i < pre + HASH_DIGITS; i++) {
		char c = text[i];

		if (c >= '0' && c <= '9')
			h = h << 4 | (uint32_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			h = h << 4 | (uint32_t)(c - 'a' + 10);
		else
			return false;
	}
	*hash = h;
	return true;
}

/* Lower case of an ASCII byte. */
static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c + 32) : c;
}

/* Does text[0..len) hold word (case-insensitive) at i? */
static bool word_at(const char *text, uint32_t len, uint32_t i, const char *word)
{
	for (uint32_t k = 0; word[k]; k++)
		if (i + k >= len || lower(text[i + k]) != word[k])
			return false;
	return true;
}

/*
 * A log line for [boot]'s log rows: one that says a timeout or an error
 * (docs/hwinfo.md lists the words): "no X ... within" too.
 */
bool hwreport_log_counts(const char *line, uint32_t len)
{
	static const char *const words[] = { "timeout", "timed out", "error", "fail", "not answer", "does not",
	    "given up", "gave up", "refused", "bad " };

	for (uint32_t i = 0; i < len; i++) {
		for (unsigned w = 0; w < sizeof words / sizeof words[0]; w++)
			if (word_at(line, len, i, words[w]))
				return true;
		if ((i == 0 || line[i - 1] == ' ') && word_at(line, len, i, "no "))
			for (uint32_t k = i + 3; k < len; k++)
				if (word_at(line, len, k, " within"))
					return true;
	}
	return false;
}

/* CPUID.1 bits by name, EDX then ECX, in docs/hwinfo.md's order. */
static const struct {
	uint8_t ecx, bit;
	const char *name;
} features[] = {
	{ 0, 0, "fpu" }, { 0, 1, "vme" }, { 0, 2, "de" }, { 0, 3, "pse" }, { 0, 4, "tsc" }, { 0, 5, "msr" },
	{ 0, 6, "pae" }, { 0, 7, "mce" }, { 0, 8, "cx8" }, { 0, 9, "apic" }, { 0, 11, "sep" }, { 0, 12, "mtrr" },
	{ 0, 13, "pge" }, { 0, 14, "mca" }, { 0, 15, "cmov" }, { 0, 16, "pat" }, { 0, 17, "pse36" },
	{ 0, 19, "clflush" }, { 0, 23, "mmx" }, { 0, 24, "fxsr" }, { 0, 25, "sse" }, { 0, 26, "sse2" },
	{ 0, 28, "htt" }, { 1, 0, "sse3" }, { 1, 1, "pclmulqdq" }, { 1, 9, "ssse3" }, { 1, 12, "fma" },
	{ 1, 13, "cx16" }, { 1, 19, "sse4.1" }, { 1, 20, "sse4.2" }, { 1, 21, "x2apic" }, { 1, 22, "movbe" },
	{ 1, 23, "popcnt" }, { 1, 25, "aes" }, { 1, 26, "xsave" }, { 1, 28, "avx" }, { 1, 29, "f16c" },
	{ 1, 30, "rdrand" }, { 1, 31, "hypervisor" },
};

static void section_cpu(HwOut *o, const CpuInfo *c)
{
	char line[HWREPORT_LINE];
	const char *b;
	uint32_t sig;
	unsigned fam, model;
	int n = 0;

	hwout_line(o, "[cpu]");
	if (!c)
		return;
	hwout_line(o, "class: %d", c->klass == 3 ? 386 : 486);
	if (!c->has_cpuid) {
		hwout_line(o, "cpuid: none");
		return;
	}
	hwout_fact(o, "vendor", c->vendor);
	sig = c->signature;
	fam = (sig >> 8) & 0xF, model = (sig >> 4) & 0xF;
	if (fam == 0xF)
		fam += (sig >> 20) & 0xFF;
	if (fam == 0x6 || fam >= 0xF)
		model |= ((sig >> 16) & 0xF) << 4;
	hwout_line(o, "family: %u", fam);
	hwout_line(o, "model: %u", model);
	hwout_line(o, "stepping: %u", (unsigned)(sig & 0xF));
	for (b = c->brand; *b == ' '; b++)
		;
	if (*b)
		hwout_fact(o, "brand", b);
	hwout_line(o, "cpuid_max: %u", (unsigned)c->max_leaf);
	hwout_line(o, "cpuid_1: eax=%08x ecx=%08x edx=%08x", (unsigned)sig, (unsigned)c->ecx1, (unsigned)c->edx1);
	line[0] = '\0';
	for (unsigned i = 0; i < sizeof features / sizeof features[0]; i++)
		if (((features[i].ecx ? c->ecx1 : c->edx1) >> features[i].bit) & 1)
			n += kfmt_snprintf(line + n, sizeof line - (unsigned)n, n ? " %s" : "%s", features[i].name);
	hwout_line(o, "features: %s", line);
}

static bool starts(const char *s, const char *with)
{
	while (*with)
		if (*s++ != *with++)
			return false;
	return true;
}

static void fact_if(HwOut *o, const char *key, const char *value)
{
	if (value && value[0])
		hwout_fact(o, key, value);
}

static void section_firmware(HwOut *o, const HwReport *r)
{
	const SmbiosInfo *s = r->smbios;
	const BootInfo *b = r->boot;

	hwout_line(o, "[firmware]");
	hwout_line(o, "kind: %s", !r->firmware ? "unknown" : starts(r->firmware, "UEFI") ? "UEFI" :
	    starts(r->firmware, "BIOS") ? "BIOS" : "unknown");
	hwout_fact(o, "loader", b && b->loader ? b->loader : "");
	hwout_line(o, "protocol: multiboot%d", b && b->protocol == 2 ? 2 : 1);
	if (r->secure_boot)
		hwout_fact(o, "secure_boot", r->secure_boot);
	if (!s || !s->found) {
		hwout_line(o, "smbios_entry: none");
		return;
	}
	hwout_line(o, "smbios_entry: %s 0x%08x%08x", s->v3 ? "_SM3_" : "_SM_", (unsigned)(s->entry >> 32),
	    (unsigned)s->entry);
	hwout_line(o, "smbios_version: %u.%u", (unsigned)s->major, (unsigned)s->minor);
	fact_if(o, "bios_vendor", s->bios_vendor);
	fact_if(o, "bios_version", s->bios_version);
	fact_if(o, "bios_date", s->bios_date);
	fact_if(o, "system_vendor", s->sys_vendor);
	fact_if(o, "system_product", s->sys_product);
	fact_if(o, "system_version", s->sys_version);
}

static const char *region_name(uint32_t type)
{
	static const char *const names[] = { "other", "usable", "reserved", "acpi_reclaim", "acpi_nvs", "bad" };

	return type < sizeof names / sizeof names[0] ? names[type] : "other";
}

static void section_memory(HwOut *o, const BootInfo *b)
{
	hwout_line(o, "[memory]");
	if (!b)
		return;
	hwout_line(o, "lower_kb: %u", (unsigned)b->mem_lower_kb);
	hwout_line(o, "upper_kb: %u", (unsigned)b->mem_upper_kb);
	hwout_line(o, "usable_kb: %u", (unsigned)(b->mem_usable >> 10));
	for (int i = 0; i < b->map_count && i < BOOT_MAX_MAP; i++) {
		const MemMapEntry *e = &b->map[i];

		hwout_line(o, "region base=0x%08x%08x len=0x%08x%08x type=%u %s", (unsigned)(e->base >> 32),
		    (unsigned)e->base, (unsigned)(e->len >> 32), (unsigned)e->len, (unsigned)e->type,
		    region_name(e->type));
	}
	if (b->mmap_entries > b->map_count)
		hwout_line(o, "regions_dropped: %d", b->mmap_entries - b->map_count);
}

/* An OEM field: trailing spaces cut, other spaces and bytes outside 0x21..0x7E as '_', "-" if empty. */
static const char *oem_text(const char *f, int n, char *out)
{
	while (n > 0 && (f[n - 1] == ' ' || f[n - 1] == '\0'))
		n--;
	for (int i = 0; i < n; i++)
		out[i] = f[i] > 0x20 && f[i] < 0x7F ? f[i] : '_';
	if (n == 0)
		out[n++] = '-';
	out[n] = '\0';
	return out;
}

static void section_acpi(HwOut *o, const HwReport *r)
{
	const AcpiInfo *a = r->acpi;
	static const char *const sources[] = { "none", "mb2_tag", "efi_table", "bios", "acpi_mem" };
	uint16_t f;

	if (!a || !a->found)
		return;
	hwout_line(o, "[acpi] source=%s rsdp=0x%08x%08x revision=%u root=%s root_addr=0x%08x%08x tables=%d",
	    (unsigned)a->source < 5 ? sources[a->source] : "none", (unsigned)(a->rsdp >> 32), (unsigned)a->rsdp,
	    (unsigned)a->revision, a->xsdt ? "xsdt" : "rsdt", (unsigned)(a->root >> 32), (unsigned)a->root, a->tables);
	for (int i = 0; i < r->acpi_seen && i < ACPI_MAX_SEEN; i++) {
		const AcpiTableSeen *t = &r->acpi_table[i];
		char sig[5], oem[7], oemt[9];

		if (!t->readable) {
			hwout_line(o, "table addr=0x%08x%08x unreadable", (unsigned)(t->addr >> 32), (unsigned)t->addr);
			continue;
		}
		hwout_line(o, "table sig=%s oem=%s oem_table=%s rev=%u len=%u addr=0x%08x%08x", oem_text(t->sig, 4, sig),
		    oem_text(t->oem, 6, oem), oem_text(t->oem_table, 8, oemt), (unsigned)t->revision,
		    (unsigned)t->length, (unsigned)(t->addr >> 32), (unsigned)t->addr);
	}
	if (!a->fadt_flags && !a->boot_arch_valid)
		return;
	f = a->boot_arch;
	hwout_line(o, "fadt flags=0x%08x boot_arch=0x%04x boot_arch_valid=%d", (unsigned)a->fadt_flags, (unsigned)f,
	    a->boot_arch_valid ? 1 : 0);
	hwout_line(o, "fadt_boot: legacy_devices=%u i8042=%u vga_absent=%u msi_off=%u aspm_off=%u cmos_rtc_absent=%u",
	    f & 1u, (f >> 1) & 1u, (f >> 2) & 1u, (f >> 3) & 1u, (f >> 4) & 1u, (f >> 5) & 1u);
}

static void section_display(HwOut *o, const HwReport *r)
{
	const FbMode *m = r->boot ? &r->boot->fb : NULL;

	if (!r->framebuffer || !m) {
		hwout_line(o, "[display] kind=vga mode=0x0d");
	} else if (r->boot->fb_type == 1) {
		hwout_line(o, "[display] kind=framebuffer addr=0x%08x%08x width=%u height=%u pitch=%u bpp=%u format=rgb "
		    "red=%u:%u green=%u:%u blue=%u:%u", (unsigned)(m->addr >> 32), (unsigned)m->addr, (unsigned)m->width,
		    (unsigned)m->height, (unsigned)m->pitch, (unsigned)m->bpp, (unsigned)m->red_pos,
		    (unsigned)m->red_bits, (unsigned)m->green_pos, (unsigned)m->green_bits, (unsigned)m->blue_pos,
		    (unsigned)m->blue_bits);
	} else {
		hwout_line(o, "[display] kind=framebuffer addr=0x%08x%08x width=%u height=%u pitch=%u bpp=%u format=indexed",
		    (unsigned)(m->addr >> 32), (unsigned)m->addr, (unsigned)m->width, (unsigned)m->height,
		    (unsigned)m->pitch, (unsigned)m->bpp);
	}
	if (r->framebuffer)
		hwout_line(o, "modes: not known (the loader chose one; multiboot passes only it)");
}

static void section_clocks(HwOut *o, const HwReport *r)
{
	hwout_line(o, "[clocks] trusted=%s", r->clock_trusted ? r->clock_trusted : "none");
	for (int i = 0; i < r->clock_count && i < HWREPORT_MAX_CLOCKS; i++) {
		const HwClock *c = &r->clock[i];

		hwout_line(o, "clock name=%s present=%d%s%s", c->name, c->present ? 1 : 0, c->detail[0] ? " " : "",
		    c->detail);
	}
}

static void section_boot(HwOut *o, const HwReport *r)
{
	hwout_line(o, "[boot]");
	if (r->kernel)
		hwout_fact(o, "kernel", r->kernel);
	if (r->cmdline)
		hwout_line(o, "cmdline: %s", r->cmdline);
	for (int i = 0; i < r->stage_count && i < HWREPORT_MAX_STAGES; i++)
		hwout_line(o, "stage name=%s ms=%u longest_step_ms=%u", r->stage[i].name, (unsigned)r->stage[i].ms,
		    (unsigned)r->stage[i].longest_ms);
	for (int i = 0; i < r->log_count && i < HWREPORT_MAX_LOG; i++)
		hwout_line(o, "log %s", r->log[i]);
	if (r->log_dropped)
		hwout_line(o, "log_dropped: %d", r->log_dropped);
}

uint32_t hwreport_write(const HwReport *r, char *buf, uint32_t cap)
{
	HwOut o;

	if (cap < 2 * HWREPORT_END_ROOM) {      /* no room for the first and the end line: nothing */
		if (cap)
			buf[0] = '\0';
		return 0;
	}
	hwout_begin(&o, buf, cap);
	section_cpu(&o, r->cpu);
	section_firmware(&o, r);
	section_memory(&o, r->boot);
	section_acpi(&o, r);
	hwreport_pci(&o, r);
	hwreport_usb(&o, r);
	hwreport_disks(&o, r);
	hwreport_sound(&o, r);
	section_display(&o, r);
	section_clocks(&o, r);
	hwout_boot(&o);
	section_boot(&o, r);
	return hwout_end(&o);
}
