/* test_fbhigh.c: a GOP framebuffer at 0x7000000000 (issue 27 item 1) — the way chosen, the PAE windows' PDEs, the PAT, the picture drawn through the window. */
#include "testmain.h"

#include "fb.h"
#include "gfx.h"
#include "pagemap.h"

#define FB_PHYS         0x7000000000ull /* where one report's GOP put it ("Above 4G decoding") */
#define FB_W            3840            /* a 4K screen: 33,177,600 bytes, 16 windows of 2 MiB */
#define FB_H            2160
#define FB_PITCH        (FB_W * 4)
#define FB_SIZE         ((uint32_t)FB_PITCH * FB_H)
#define GARBAGE         0xEE            /* what the memory behind the window held */

/* One row of the way table: where the framebuffer is, what the CPU has, what is chosen. */
typedef struct WayRow {
	const char *name;
	uint64_t phys;
	uint32_t size;
	bool pae, pat;
	FbWay way;
	PageType type;
	const char *how_has;            /* a piece of what COM1 is told */
} WayRow;

static const WayRow way_rows[] = {
	{ "0x7000000000, PAE and PAT", FB_PHYS, FB_SIZE, true, true, FB_WAY_WINDOW, PAGE_WC, "write-combining (PAT)" },
	{ "0x7000000000, PAE, no PAT", FB_PHYS, FB_SIZE, true, false, FB_WAY_WINDOW, PAGE_WB, "no PAT" },
	{ "0x7000000000, no PAE", FB_PHYS, FB_SIZE, false, true, FB_WAY_NONE, PAGE_WB, "no PAE: it cannot be reached" },
	{ "crossing 4 GiB, PAE", 0xFFF00000ull, FB_SIZE, true, true, FB_WAY_WINDOW, PAGE_WC, "write-combining" },
	{ "std-vga under OVMF (0xC0000000)", 0xC0000000ull, 800 * 600 * 3, true, true, FB_WAY_IDENTITY_WC, PAGE_WC,
	  "write-combining (PAT)" },
	{ "ramfb (RAM, 0x7E500000)", 0x7E500000ull, 800 * 600 * 4, true, true, FB_WAY_IDENTITY_WC, PAGE_WC,
	  "write-combining (PAT)" },
	{ "0xC0000000, no PAT", 0xC0000000ull, 800 * 600 * 3, true, false, FB_WAY_IDENTITY, PAGE_WB, "no PAT" },
	{ "0xC0000000, PAT, no PAE", 0xC0000000ull, 800 * 600 * 3, false, true, FB_WAY_IDENTITY, PAGE_WB, "no PAE" },
	{ "in the windows' range, PAE", 0x40100000ull, 800 * 600 * 4, true, true, FB_WAY_WINDOW, PAGE_WC,
	  "write-combining" },
	{ "in the windows' range, no PAE", 0x40100000ull, 800 * 600 * 4, false, false, FB_WAY_IDENTITY, PAGE_WB,
	  "no PAT" },
	{ "no address", 0, FB_SIZE, true, true, FB_WAY_NONE, PAGE_WB, "no address" },
};

static void the_way_follows_the_place_and_the_cpu(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(way_rows); i++) {
		const WayRow *r = &way_rows[i];
		FbPlan p = pagemap_plan_fb(r->phys, r->size, r->pae, r->pat);

		assert_row(p.way == r->way, "%s: way %d, want %d", r->name, p.way, r->way);
		if (p.way == FB_WAY_WINDOW)
			assert_row(p.type == r->type, "%s: type %d, want %d", r->name, p.type, r->type);
		assert_row(strstr(p.how, r->how_has) != NULL, "%s: COM1 would say %s", r->name, p.how);
	}
}

static void windows_at_0x7000000000_are_large_wc_pages_in_order(void **state)
{
	uint64_t pd[PAGEMAP_WINDOWS];
	int n = pagemap_windows(pd, PAGEMAP_WINDOWS, FB_PHYS, FB_SIZE, PAGE_WC);

	(void)state;
	assert_int_equal(n, 16);                        /* 33,177,600 bytes in 2 MiB windows */
	for (int k = 0; k < n; k++) {
		assert_int_equal(pd[k] & 0x000FFFFFFFE00000ull, FB_PHYS + (uint64_t)k * PAGEMAP_2M);
		assert_true(pd[k] & PAGEMAP_PRESENT);
		assert_true(pd[k] & PAGEMAP_WRITE);
		assert_true(pd[k] & PAGEMAP_LARGE);
		assert_true(pd[k] & PAGEMAP_PWT);       /* PAT entry 1: WC */
		assert_false(pd[k] & PAGEMAP_PCD);
		assert_false(pd[k] & PAGEMAP_PAT_LARGE);
		assert_int_equal(pd[k] >> 52, 0);       /* no NX, nothing above the address */
	}
	assert_int_equal(pd[0], 0x700000008Bull);       /* address | PS | PWT | W | P */
}

static void windows_start_at_the_2m_page_and_need_room(void **state)
{
	uint64_t pd[PAGEMAP_WINDOWS];

	(void)state;
	/* 1 MiB into a 2 MiB page: one window more, the first at the page's start. */
	assert_int_equal(pagemap_windows(pd, PAGEMAP_WINDOWS, FB_PHYS + 0x100000, FB_SIZE, PAGE_WC), 17);
	assert_int_equal(pd[0] & ~0xFFFull, FB_PHYS);
	assert_int_equal(pagemap_windows(pd, 15, FB_PHYS, FB_SIZE, PAGE_WC), 0);
	assert_int_equal(pagemap_windows(pd, PAGEMAP_WINDOWS, FB_PHYS, 0, PAGE_WC), 0);
	/* Device registers (the xHCI's) as before: uncached, PCD|PWT. */
	assert_int_equal(pagemap_windows(pd, 1, 0x8000000000ull, 0x10000, PAGE_UC), 1);
	assert_int_equal(pd[0], 0x800000009Bull);       /* | PCD */
	/* Without PAT: entry 0, the MTRRs decide. */
	assert_int_equal(pagemap_windows(pd, 1, FB_PHYS, 0x1000, PAGE_WB), 1);
	assert_int_equal(pd[0], 0x7000000083ull);
}

static void small_pages_carry_the_type_in_the_same_bits(void **state)
{
	(void)state;
	assert_int_equal(pagemap_pte(0x7E500000ull, PAGE_WC), 0x7E50000Bull);
	assert_int_equal(pagemap_pte(0x7E500FFFull, PAGE_WB), 0x7E500003ull);
	assert_int_equal(pagemap_pte(0xFEE00000ull, PAGE_UC), 0xFEE0001Bull);
	assert_int_equal(pagemap_pde(0xC0000000ull, PAGE_WC), 0xC000008Bull);
}

static void pat_entry_1_becomes_wc_and_the_others_stay(void **state)
{
	uint64_t pat = pagemap_pat(PAGEMAP_PAT_POWER_ON);

	(void)state;
	assert_int_equal(pat, 0x0007040600070106ull);
	assert_int_equal(pat & 0xFF, 0x06);                     /* entry 0 WB: RAM */
	assert_int_equal((pat >> 8) & 0xFF, 0x01);              /* entry 1 WC: the framebuffer */
	assert_int_equal((pat >> 24) & 0xFF, 0x00);             /* entry 3 UC: PCD|PWT, device registers */
	assert_int_equal(pagemap_pat(0xFFFFFFFFFFFFFFFFull), 0xFFFFFFFFFFFF01FFull);
	assert_int_equal(pagemap_pat(pat), pat);                /* twice is once */
}

/*
 * The window as the CPU sees it is a host buffer: fb_init gets its address
 * plus the framebuffer's offset in the first 2 MiB, and the picture lands
 * scaled x10 at 320,80, black around, nothing written past the screen.
 */
static void the_picture_is_drawn_through_the_window(void **state)
{
	uint64_t pd[PAGEMAP_WINDOWS];
	int n = pagemap_windows(pd, PAGEMAP_WINDOWS, FB_PHYS, FB_SIZE, PAGE_WC);
	size_t span = (size_t)n * PAGEMAP_2M;
	uint8_t *window = malloc(span), *base;
	static uint8_t src[FB_SRC_W * FB_SRC_H] __attribute__((aligned(4)));
	FbMode m = {
		.addr = FB_PHYS, .pitch = FB_PITCH, .width = FB_W, .height = FB_H, .bpp = 32, .kind = FB_RGB,
		.red_pos = 16, .red_bits = 8, .green_pos = 8, .green_bits = 8, .blue_pos = 0, .blue_bits = 8,
	};

	(void)state;
	assert_non_null(window);
	memset(window, GARBAGE, span);
	base = window + (FB_PHYS & (PAGEMAP_2M - 1));
	assert_null(fb_init(&m, base));
	fb_set_palette(gfx_palette);
	assert_int_equal(fb_scale(), 10);
	assert_int_equal(fb_left(), 320);
	assert_int_equal(fb_top(), 80);
	for (int i = 0; i < FB_SRC_W * FB_SRC_H; i++)
		src[i] = (uint8_t)((i % FB_SRC_W + i / FB_SRC_W) & 15);
	fb_show(src);
	for (uint32_t y = 0; y < FB_H; y += 7) {
		for (uint32_t x = 0; x < FB_W; x += 5) {
			uint32_t got, want = 0;

			memcpy(&got, base + (size_t)y * FB_PITCH + x * 4, 4);
			if (x >= 320 && x < 320 + 3200 && y >= 80 && y < 80 + 2000)
				want = fb_pixel_value(src[(y - 80) / 10 * FB_SRC_W + (x - 320) / 10]);
			assert_row(got == want, "(%u,%u) is 0x%08x, want 0x%08x", x, y, got, want);
		}
	}
	for (size_t i = FB_SIZE; i < span; i++)
		assert_row(base[i] == GARBAGE, "byte %zu past the screen was written", i);
	free(window);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(the_way_follows_the_place_and_the_cpu),
	cmocka_unit_test(windows_at_0x7000000000_are_large_wc_pages_in_order),
	cmocka_unit_test(windows_start_at_the_2m_page_and_need_room),
	cmocka_unit_test(small_pages_carry_the_type_in_the_same_bits),
	cmocka_unit_test(pat_entry_1_becomes_wc_and_the_others_stay),
	cmocka_unit_test(the_picture_is_drawn_through_the_window),
};

int main(int argc, char **argv)
{
	if (testmain_filter("fbhigh", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("fbhigh", tests, NULL, NULL);
}
