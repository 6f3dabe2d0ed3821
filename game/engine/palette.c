/* palette.c: the 16-colour EGA palette as 6-bit DAC values. */
#include <stdint.h>

#include "gfx.h"

const uint8_t gfx_palette[GFX_COLORS][3] = {
	[0]  = {  0,  0,  0 },  /* black */
	[1]  = {  0,  0, 42 },  /* blue */
	[2]  = {  0, 42,  0 },  /* green */
	[3]  = {  0, 42, 42 },  /* cyan */
	[4]  = { 42,  0,  0 },  /* red */
	[5]  = { 42,  0, 42 },  /* magenta */
	[6]  = { 42, 21,  0 },  /* brown */
	[7]  = { 42, 42, 42 },  /* light grey */
	[8]  = { 21, 21, 21 },  /* dark grey */
	[9]  = { 21, 21, 63 },  /* bright blue */
	[10] = { 21, 63, 21 },  /* bright green */
	[11] = { 21, 63, 63 },  /* bright cyan */
	[12] = { 63, 21, 21 },  /* bright red */
	[13] = { 63, 21, 63 },  /* bright magenta */
	[14] = { 63, 63, 21 },  /* yellow */
	[15] = { 63, 63, 63 },  /* white */
};
