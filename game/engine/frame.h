/* frame.h: the game's output for one tick — a list of things to draw, back to front. */
#ifndef GAME_FRAME_H
#define GAME_FRAME_H

#include <stdint.h>

#define SCREEN_W 320
#define SCREEN_H 200

typedef enum DrawKind {
	DRAW_FILL,      /* rectangle x,y,w,h in colour */
	DRAW_TILE,      /* solid 8x8 tile id at x,y (x a multiple of 8) */
	DRAW_IMAGE,     /* image id with its origin at x,y, masked */
	DRAW_TEXT,      /* text at x,y in colour, transparent background */
	DRAW_MTILE,     /* masked 8x8 tile id at x,y (any x) */
	DRAW_CLIP,      /* images, masked tiles and text after this stay inside x,y,w,h */
	DRAW_GRID,      /* Frame.grid: w x h cells of 8x8 from x,y (multiples of 8), row by row */
	DRAW_GRID_FRONT,        /* the grid's GRID_FRONT cells drawn again, over what came between */
} DrawKind;

/*
 * A grid cell: a solid tile id, or (GRID_MASKED) a masked tile id over the
 * empty tile; GRID_FRONT: drawn again by DRAW_GRID_FRONT (a solid tile as
 * a tile, a masked one masked). One grid describes a tile map window in one
 * uint16_t per cell instead of one or two commands: what a presenter
 * compares with what a page already shows (frame_flatten gives the commands).
 */
#define GRID_MASKED     0x8000
#define GRID_FRONT      0x4000
#define GRID_ID         0x1FFF          /* the id bits; GRID_ID itself is no tile (not drawn) */
#define FRAME_GRID_CELLS ((SCREEN_W / 8) * (SCREEN_H / 8))

/* Flags for DRAW_IMAGE. */
#define DRAWF_FLIP_V    0x01    /* upside down (spawners, shards) */
#define DRAWF_SILHOUETTE 0x02   /* every opaque pixel drawn in .color */

typedef struct DrawCmd {
	uint8_t kind;           /* DrawKind */
	uint8_t color;
	uint8_t flags;
	int16_t x, y;
	uint16_t w, h;
	uint16_t id;            /* tile or image id; DRAW_TEXT: offset in Frame.text */
} DrawCmd;

#define FRAME_MAX_CMDS 1200
#define FRAME_TEXT_BYTES 2048

typedef struct Frame {
	uint16_t count;
	uint16_t dropped;       /* commands that did not fit */
	uint16_t text_used;
	DrawCmd cmds[FRAME_MAX_CMDS];
	char text[FRAME_TEXT_BYTES];    /* NUL-terminated strings copied by frame_text */
	int16_t grid_cmd;               /* index of the DRAW_GRID command, -1: none */
	uint32_t gen;                   /* counts frame_clear and added commands: the same count, the same list */
	uint16_t grid[FRAME_GRID_CELLS] __attribute__((aligned(4)));   /* its cells, w per row (aligned: compared in pairs) */
} Frame;

void frame_clear(Frame *f);
void frame_fill(Frame *f, int x, int y, int w, int h, int color);
void frame_tile(Frame *f, int x, int y, int tile);
static inline void frame_image(Frame *f, int x, int y, int image, int flags, int color);   /* below */
void frame_text(Frame *f, int x, int y, const char *text, int color);
void frame_mtile(Frame *f, int x, int y, int mtile);
void frame_clip(Frame *f, int x, int y, int w, int h);  /* every frame starts unclipped */
/* The frame's one grid (NULL if it has one or is full): fill the cols x rows cells returned. */
uint16_t *frame_grid(Frame *f, int x, int y, int cols, int rows);
void frame_grid_front(Frame *f);                        /* its GRID_FRONT cells again, here */
/* f with its grid as the DRAW_TILE / DRAW_MTILE commands it stands for (tests, rasteriser). */
void frame_flatten(const Frame *f, Frame *out);

/* An image with its origin at x,y (DRAW_IMAGE); inline: a view holds dozens of sprites. */
static inline void frame_image(Frame *f, int x, int y, int image, int flags, int color)
{
	if (f->count >= FRAME_MAX_CMDS) {
		f->dropped++;
		return;
	}
	f->gen++;                       /* as every added command (frame.c) */
	f->cmds[f->count++] = (DrawCmd){ .kind = DRAW_IMAGE, .color = (uint8_t)(color & 15), .flags = (uint8_t)flags,
	    .x = (int16_t)x, .y = (int16_t)y, .id = (uint16_t)image };
}

#endif
