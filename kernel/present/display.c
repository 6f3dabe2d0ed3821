/* display.c: the two display back ends behind one face — VGA mode 0Dh (present.c) or the loader's framebuffer (fb.c). */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "celldiff.h"
#include "display.h"
#include "fb.h"
#include "frame.h"
#include "gfx.h"
#include "gfxcache.h"
#include "klog.h"
#include "latebss.h"
#include "planar.h"
#include "present.h"
#include "raster.h"
#include "vga.h"

_Static_assert(SCREEN_W == FB_SRC_W && SCREEN_H == FB_SRC_H, "the framebuffer takes the game's frame");
_Static_assert(DISPLAY_PAGES == VGA_PAGES, "one page count for both back ends");

static bool use_fb;

/*
 * Framebuffer back end: the pages are 320x200 indexed pictures in memory,
 * drawn by the host's rasteriser (raster.c, the VGA path's twin pixel for
 * pixel); a flip shows the new front page through fb_show_cells, which
 * looks only at the cells where that page may differ from the screen.
 */
static LATE_BSS uint8_t page_px[DISPLAY_PAGES][SCREEN_W * SCREEN_H] __attribute__((aligned(4)));
static int fb_front;
static LATE_BSS CellPage fb_shown[DISPLAY_PAGES];        /* what each framebuffer page was given */
static uint8_t fb_dirty[CELL_COUNT] __attribute__((aligned(4)));
/* Cells where a page may differ from the screen: what fb_show_cells looks at when it is shown. */
static uint8_t fb_differs[DISPLAY_PAGES][CELL_COUNT] __attribute__((aligned(4)));

typedef uint32_t __attribute__((may_alias)) word;       /* four cells of a mask at once */

/* differs[page] |= mask (NULL: every cell). */
static void fb_mark(int page, const uint8_t *mask)
{
	word *d = (word *)(void *)fb_differs[page & 1];

	for (int i = 0; i < CELL_COUNT / 4; i++)
		d[i] |= mask ? ((const word *)(const void *)mask)[i] : 0x01010101u;
}

/* Something was drawn into the pages outside the frames: the next frame is drawn whole. */
static void forget_pages(void)
{
	if (use_fb) {
		fb_shown[0].valid = fb_shown[1].valid = false;
		fb_mark(0, NULL);
		fb_mark(1, NULL);
	} else
		present_forget();
}

static void vga_start(void)
{
	vga_init();                     /* mode 0Dh by registers, both pages cleared */
	present_cleared(0);             /* ... which the presenter knows: the first frame draws what differs */
	vga_load_palette(gfx_palette);  /* EGA colours into the DAC */
	vga_set_font(gfx_font);
}

void display_init(const BootInfo *b, DisplayFbMap fb)
{
	const char *why = "the loader gave no framebuffer (BIOS text mode)";

	if (b->fb_type == 0 || b->fb_type == 1) {
		if (fb.base && (uintptr_t)fb.base != b->fb.addr)
			klog("display: framebuffer at 0x%08x%08x, seen at 0x%08x, %s\n", (unsigned)(b->fb.addr >> 32),
			    (unsigned)b->fb.addr, (unsigned)(uintptr_t)fb.base, fb.how);
		else
			klog("display: framebuffer at 0x%08x%08x, %s\n", (unsigned)(b->fb.addr >> 32),
			    (unsigned)b->fb.addr, fb.how);
		why = fb.base ? fb_init(&b->fb, fb.base) : "the framebuffer cannot be reached";
		if (!why) {
			use_fb = true;
			fb_set_palette(gfx_palette);
			if (b->fb.kind == FB_INDEXED) {
				/* NOTE: an indexed mode's palette lives in the VGA DAC: the only port writes. */
				vga_load_dac(0, gfx_palette, GFX_COLORS);
				klog("display: 8-bit indexed: EGA colours loaded into DAC entries 0-15\n");
			}
			fb_show(page_px[fb_front]);
			klog("display: framebuffer %ux%u, picture x%d at %d,%d; %s\n",
			    (unsigned)b->fb.width, (unsigned)b->fb.height, fb_scale(), fb_left(), fb_top(),
			    b->fb.kind == FB_INDEXED ? "no VGA register but the DAC touched" : "VGA registers untouched");
			return;
		}
	}
	klog("display: VGA mode 0Dh (%s)\n", why);
	vga_start();
	gfxcache_init();                /* tiles into off-screen VRAM; sprites planar on first use */
}

bool display_warm(int n)
{
	return use_fb || gfxcache_warm(n);
}

bool display_is_framebuffer(void)
{
	return use_fb;
}

void display_present_whole(void)
{
	if (use_fb) {
		fb_forget();
		fb_show(page_px[fb_front]);
	}
}

int display_back_page(void)
{
	return use_fb ? 1 - fb_front : vga_back_page();
}

int display_front_page(void)
{
	return use_fb ? fb_front : vga_front_page();
}

/*
 * NOTE: the framebuffer rasterises whole frames (into memory: cheap next
 * to the screen), skipping a frame that changes nothing on that page; the
 * cells it changed are where the page may differ from the screen, which
 * is all a flip looks at (docs/render.md).
 */
void display_frames(const Frame *const *frames, int n, int page)
{
	if (!use_fb) {
		present_frames(frames, n, page);
		return;
	}
	if (!celldiff_frames(frames, n, &fb_shown[page & 1], fb_dirty))
		return;
	for (int i = 0; i < n; i++)
		raster_frame(frames[i], page_px[page & 1]);
	fb_mark(page, fb_dirty);
}

/*
 * Page `page` onto the screen, only its cells that may differ from what
 * is there; the other page may now differ where the screen changed.
 */
static void fb_show_page(int page)
{
	word *d = (word *)(void *)fb_differs[page & 1], *o = (word *)(void *)fb_differs[!(page & 1)];

	fb_show_cells(page_px[page & 1], fb_differs[page & 1]);
	for (int i = 0; i < CELL_COUNT / 4; i++) {
		o[i] |= d[i];
		d[i] = 0;
	}
}

void display_flip(void)
{
	if (use_fb) {
		fb_front = 1 - fb_front;
		fb_show_page(fb_front);
	} else {
		vga_flip();
	}
}

uint32_t display_crc(void)
{
	return use_fb ? planar_frame_crc(page_px[fb_front]) : present_displayed_crc();
}

uint32_t display_bytes_written(void)
{
	return use_fb ? fb_bytes_written() : vga_bytes_written();
}

void display_reset(void)
{
	forget_pages();
	if (use_fb)
		fb_forget();
	else
		vga_start();
}

/* Text screens on the framebuffer: into the page, then onto the screen if it is the one shown. */
static void fb_touched(int page)
{
	if ((page & 1) == fb_front)
		fb_show_page(fb_front);
}

void display_fill(int page, int x, int y, int w, int h, int color)
{
	forget_pages();
	if (!use_fb) {
		vga_fill_rect(page, x, y, w, h, color);
		return;
	}
	for (int j = y < 0 ? 0 : y; j < y + h && j < SCREEN_H; j++)
		for (int i = x < 0 ? 0 : x; i < x + w && i < SCREEN_W; i++)
			page_px[page & 1][j * SCREEN_W + i] = (uint8_t)color;
	fb_touched(page);
}

void display_text(int page, int x, int y, const char *s, int color)
{
	forget_pages();
	if (!use_fb) {
		vga_text(page, x, y, s, color);
		return;
	}
	for (; *s; s++, x += 8) {
		const uint8_t *g = gfx_font[(uint8_t)*s & 0x7F];

		for (int r = 0; r < 8; r++)
			for (int i = 0; i < 8; i++)
				if ((g[r] & (0x80 >> i)) && x + i >= 0 && x + i < SCREEN_W &&
				    y + r >= 0 && y + r < SCREEN_H)
					page_px[page & 1][(y + r) * SCREEN_W + x + i] = (uint8_t)color;
	}
	fb_touched(page);
}
