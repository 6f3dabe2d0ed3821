/* hostrun.c: plays a level on the host — scripted input, a demo or a replay, N frames — and prints CRCs, traces, dumps. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "demo.h"
#include "dump.h"
#include "frame.h"
#include "gfx.h"
#include "hud.h"
#include "level.h"
#include "planar.h"
#include "play.h"
#include "png.h"
#include "raster.h"
#include "render.h"
#include "replay.h"
#include "report.h"
#include "script.h"
#include "session.h"
#include "world.h"

#define LEVEL_SEED 1                    /* what kernel/loop/loop.c loads levels with */

static World world;
static Frame view, status;
static uint8_t fb[SCREEN_W * SCREEN_H];
static uint8_t level_file[1 << 20], demo_file[DEMO_MAX_SIZE + 1], replay_file[1 << 20];
static DemoRecorder rec;

static struct {
	const char *level, *input, *png, *record, *demo, *level_path, *replay;
	long frames;                    /* -1: the demo's length */
	int every, trace, dump, changed;
} opt = { .input = "", .frames = -1 };

static void usage(const char *argv0)
{
	fprintf(stderr, "usage: %s LEVEL FRAMES [--input SCRIPT] [--record OUT.dem] [OUTPUT...]\n"
	    "       %s --demo DEMO [FRAMES] [--level FILE.lvl] [OUTPUT...]\n"
	    "       %s --replay FILE [--level FILE.lvl] [--png OUT.png]\n"
	    "  LEVEL is a .lvl file or the name of a built-in level; DEMO a .dem file or a built-in demo\n"
	    "  --input SCRIPT   scripted input (game/engine/script.h), e.g. r24,rj5,.2\n"
	    "  --record OUT.dem writes the FRAMES inputs played as a demo file\n"
	    "  --demo DEMO      plays the demo's level with its input (FRAMES defaults to its length;\n"
	    "                   after its end no buttons); --level gives the level file if not built in\n"
	    "  --replay FILE    plays a replay (REPLAY.DAT, CRASHRPL.DAT: game/formats/replay.h) to its\n"
	    "                   end tick and checks its frame CRC: exit 0 and `replay: ok tick=N crc=X`, else 1\n"
	    "OUTPUT: --png OUT.png   the last frame as a PNG\n"
	    "        --every         the CRC after every frame, not only the last\n"
	    "        --trace         the world trace lines after every frame (as the kernel's trace option)\n"
	    "        --dump          the full state dump at the start and after every frame (game/formats/dump.h)\n"
	    "        --changed       after every frame, the VGA plane bytes that differ from the frame two\n"
	    "                        before (what the kernel's back page held; before frame 0: black)\n",
	    argv0, argv0, argv0);
	exit(2);
}

static size_t read_path(const char *name, const uint8_t **data, uint8_t *buf, size_t cap);

/* A built-in blob by name, else the file at that path (exits on error). */
static size_t load(const char *name, const uint8_t **data, uint8_t *buf, size_t cap, bool demo)
{
	const LevelBlob *lb = demo ? NULL : level_find(name);
	const DemoBlob *db = demo ? demo_find(name) : NULL;

	if (lb || db) {
		*data = lb ? lb->data : db->data;
		return lb ? lb->len : db->len;
	}
	return read_path(name, data, buf, cap);
}

/* The file at path, up to cap bytes (exits on error). */
static size_t read_path(const char *name, const uint8_t **data, uint8_t *buf, size_t cap)
{
	FILE *f;
	size_t n;

	f = fopen(name, "rb");
	if (!f) {
		perror(name);
		exit(1);
	}
	n = fread(buf, 1, cap, f);
	fclose(f);
	*data = buf;
	return n;
}

/* The level name a demo records: the built-in name, or the file's stem. */
static void level_stem(const char *path, char *out, size_t size)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	size_t n = 0;

	while (base[n] && base[n] != '.' && n + 1 < size) {
		out[n] = base[n];
		n++;
	}
	out[n] = '\0';
}

static void print_line(void *ctx, const char *line)
{
	(void)ctx;
	puts(line);
}

/*
 * --changed: the bytes a presenter must write at least. The kernel flips
 * between two pages, so frame t goes onto the page that showed frame t-2;
 * both pages start black. planes[k % 3] holds frame k's four planes.
 */
static uint8_t planes[3][4][SCREEN_W / 8 * SCREEN_H];

static long changed_bytes(long t)
{
	uint8_t *cur = planes[t % 3][0], *old = planes[(t + 1) % 3][0];    /* (t - 2) mod 3 */
	uint8_t *pl[4];
	long n = 0;

	for (int p = 0; p < 4; p++)
		pl[p] = planes[t % 3][p];
	planar_pack(fb, SCREEN_W, SCREEN_H, -1, pl, NULL);
	for (size_t i = 0; i < sizeof planes[0]; i++)
		n += cur[i] != old[i];
	return n;
}

/* The kernel draws the status bar only when it changes, on top of a full view, so this equals its page. */
static uint32_t draw(void)
{
	render_view(&world, &view);
	if (opt.demo)
		session_draw_demo_label(&view);         /* as the kernel's session shows a demo */
	render_status(&world, &status);
	raster_frame(&view, fb);
	raster_frame(&status, fb);
	return planar_frame_crc(fb);
}

static long parse_frames(const char *s, const char *argv0)
{
	char *end;
	long n = strtol(s, &end, 10);

	if (!*s || *end || n < 0)
		usage(argv0);
	return n;
}

static void parse_args(int argc, char **argv)
{
	const char *pos[3];
	int npos = 0;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char **value = NULL;

		if (strcmp(a, "--input") == 0)
			value = &opt.input;
		else if (strcmp(a, "--png") == 0)
			value = &opt.png;
		else if (strcmp(a, "--record") == 0)
			value = &opt.record;
		else if (strcmp(a, "--demo") == 0)
			value = &opt.demo;
		else if (strcmp(a, "--level") == 0)
			value = &opt.level_path;
		else if (strcmp(a, "--replay") == 0)
			value = &opt.replay;
		if (value) {
			if (i + 1 >= argc)
				usage(argv[0]);
			*value = argv[++i];
		} else if (strcmp(a, "--every") == 0) {
			opt.every = 1;
		} else if (strcmp(a, "--trace") == 0) {
			opt.trace = 1;
		} else if (strcmp(a, "--dump") == 0) {
			opt.dump = 1;
		} else if (strcmp(a, "--changed") == 0) {
			opt.changed = 1;
		} else if (a[0] == '-' || npos == 3) {
			usage(argv[0]);
		} else {
			pos[npos++] = a;
		}
	}
	if (opt.replay) {               /* --replay FILE */
		if (npos || opt.demo || opt.record || opt.input[0] || opt.every || opt.trace || opt.dump || opt.changed)
			usage(argv[0]);
	} else if (opt.demo) {          /* --demo DEMO [FRAMES] */
		if (npos > 1 || opt.record || opt.input[0])
			usage(argv[0]);
		if (npos == 1)
			opt.frames = parse_frames(pos[0], argv[0]);
	} else {                        /* LEVEL FRAMES */
		if (npos != 2 || opt.level_path)
			usage(argv[0]);
		opt.level = pos[0];
		opt.frames = parse_frames(pos[1], argv[0]);
	}
}

/* An open demo's level (built in, or --level) loaded with its seed and stats. */
static void load_demo_level(DemoPlayer *p, const char *what)
{
	char err[LEVEL_ERR_SIZE];
	const uint8_t *level;
	size_t level_len;

	if (!opt.level_path && !level_find(p->h.level)) {
		fprintf(stderr, "%s plays level '%s', which is not built in: give --level FILE.lvl\n",
		    what, p->h.level);
		exit(1);
	}
	level_len = load(opt.level_path ? opt.level_path : p->h.level, &level, level_file, sizeof level_file, false);
	if (!world_load_level(&world, level, level_len, p->h.seed, err, sizeof err)) {
		fprintf(stderr, "%s\n", err);
		exit(1);
	}
	demo_apply_start(&p->h, &world);
	if (p->h.level_crc && p->h.level_crc != demo_level_crc(level, level_len))
		fprintf(stderr, "demo: warning: recorded on another version of level '%s' (level CRC %08X then, "
		    "%08X now); it may play differently\n", p->h.level, (unsigned)p->h.level_crc,
		    (unsigned)demo_level_crc(level, level_len));
}

/* --demo: open it, load its level with its seed and stats. */
static void start_demo(DemoPlayer *p)
{
	char err[DEMO_ERR_SIZE];
	const uint8_t *data;
	size_t len;

	len = load(opt.demo, &data, demo_file, sizeof demo_file, true);
	if (!demo_open(p, data, len, err, sizeof err)) {
		fprintf(stderr, "%s: %s\n", opt.demo, err);
		exit(1);
	}
	load_demo_level(p, opt.demo);
	if (opt.frames < 0)
		opt.frames = p->h.ticks;
}

/*
 * --replay: its demo played to the end, then the frame CRC at the end tick
 * (report_frame_crc, as the kernel took it) against the file's. Exit 0 only
 * when both the tick and the CRC are the same.
 */
static int run_replay(void)
{
	static DemoPlayer p;
	static ReportScratch scr;
	char err[REPLAY_ERR_SIZE];
	const uint8_t *data;
	ReplayInfo r;
	GameInput in;
	uint32_t crc;
	size_t len = read_path(opt.replay, &data, replay_file, sizeof replay_file);

	if (!replay_check(data, len, &r, err, sizeof err)) {
		printf("replay: invalid: %s: %s\n", opt.replay, err);
		return 1;
	}
	demo_open(&p, r.demo_bytes, r.demo_len, NULL, 0);    /* checked by replay_check */
	printf("replay: level=%s ticks=%u end_tick=%u source=%s by=%s%s\n", p.h.level, (unsigned)p.h.ticks,
	    (unsigned)r.m.end_tick, r.m.source == REPLAY_SRC_DEMO ? "demo" : "player",
	    r.m.flags & REPLAY_F_PANIC ? "panic" : "report", len > r.size ? " (the rest of the file not read)" : "");
	load_demo_level(&p, opt.replay);
	while (demo_next(&p, &in))
		world_tick(&world, &in);
	if (r.m.flags & REPLAY_F_INCOMPLETE) {
		printf("replay: incomplete: the file holds the first %u of %u ticks; no CRC to check\n",
		    (unsigned)p.h.ticks, (unsigned)r.m.end_tick);
		return 1;
	}
	if (r.m.flags & REPLAY_F_MIDFRAME) {
		printf("replay: the panic came inside frame %u (played to tick %u); no finished picture to check\n",
		    (unsigned)r.m.end_tick, (unsigned)world.tick);
		return 1;
	}
	crc = report_frame_crc(&world, &scr);
	if (opt.png && png_write_indexed(opt.png, scr.fb, SCREEN_W, SCREEN_H, gfx_palette) != 0)
		perror(opt.png);
	if (world.tick != r.m.end_tick || crc != r.m.frame_crc) {
		printf("replay: CRC mismatch at tick %u: the file says crc=%08X, the host crc=%08X\n",
		    (unsigned)world.tick, (unsigned)r.m.frame_crc, (unsigned)crc);
		return 1;
	}
	printf("replay: ok tick=%u crc=%08X\n", (unsigned)world.tick, (unsigned)crc);
	return 0;
}

static int write_record(void)
{
	size_t len = demo_rec_finish(&rec);
	char err[DEMO_ERR_SIZE];
	FILE *f;

	if (!demo_check(rec.bytes, len, NULL, err, sizeof err)) {
		fprintf(stderr, "--record: the demo would not load: %s\n", err);
		return 1;
	}
	f = fopen(opt.record, "wb");
	if (!f || fwrite(rec.bytes, 1, len, f) != len || fclose(f) != 0) {
		perror(opt.record);
		return 1;
	}
	fprintf(stderr, "recorded %s: level %s, %u ticks, %u runs, %zu bytes\n", opt.record, rec.h.level,
	    (unsigned)rec.h.ticks, (unsigned)rec.h.runs, len);
	return 0;
}

int main(int argc, char **argv)
{
	static DemoPlayer demo;
	const uint8_t *data;
	char err[LEVEL_ERR_SIZE], stem[DEMO_LEVEL_SIZE];
	Script script;
	int bad = 0;
	size_t len;

	parse_args(argc, argv);
	if (opt.replay)
		return run_replay();
	if (!script_parse(&script, opt.input, &bad)) {
		fprintf(stderr, "bad input script at character %d: %s\n", bad, opt.input);
		return 2;
	}
	if (opt.demo) {
		start_demo(&demo);
	} else {
		len = load(opt.level, &data, level_file, sizeof level_file, false);
		if (!world_load_level(&world, data, len, LEVEL_SEED, err, sizeof err)) {
			fprintf(stderr, "%s\n", err);
			return 1;
		}
		level_stem(opt.level, stem, sizeof stem);
		if (opt.record)
			demo_rec_begin(&rec, stem, demo_level_crc(data, len), LEVEL_SEED, &world);
	}
	if (opt.dump)
		dump_world(&world, print_line, NULL);
	if (opt.changed) {
		draw();
		printf("changed tick=0 bytes=%ld\n", changed_bytes(0));
	}
	if (opt.demo && demo.h.ticks == 0)
		printf("demo: end tick=0\n");
	for (long t = 0; t < opt.frames; t++) {
		GameInput in;

		if (opt.demo)
			demo_next(&demo, &in);
		else
			script_next(&script, &in);
		if (opt.record && !demo_rec_add(&rec, &in)) {
			fprintf(stderr, "--record: more than %d runs of input\n", DEMO_MAX_RUNS);
			return 1;
		}
		world_tick(&world, &in);
		if (opt.trace)
			world_trace(&world, print_line, NULL);
		if (opt.every)
			printf("tick=%ld crc=%08X\n", t + 1, (unsigned)draw());
		if (opt.changed) {
			if (!opt.every)
				draw();
			printf("changed tick=%ld bytes=%ld\n", t + 1, changed_bytes(t + 1));
		}
		if (opt.dump)
			dump_world(&world, print_line, NULL);
		if (opt.demo && demo.h.ticks == (uint32_t)t + 1)
			printf("demo: end tick=%ld\n", t + 1);  /* as the kernel logs it */
	}
	printf("tick=%ld crc=%08X\n", opt.frames, (unsigned)draw());
	if (opt.png && png_write_indexed(opt.png, fb, SCREEN_W, SCREEN_H, gfx_palette) != 0) {
		perror(opt.png);
		return 1;
	}
	return opt.record ? write_record() : 0;
}
