/* reach.c: proves a level can be finished with run and jump only, and replays the route in the real world. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "acts.h"
#include "frame.h"
#include "gfx.h"
#include "hud.h"
#include "level.h"
#include "play.h"
#include "png.h"
#include "raster.h"
#include "reach.h"
#include "render.h"

/*
 * build/reach LEVEL [--max-nodes N] [--max-frames N] [--map] [--avoid X0,Y0,X1,Y1 ...] [--shots DIR]
 *     [--check-folds]
 *   LEVEL: a built-in level's name or a .lvl file; --map prints where the
 *   player stood; --avoid forbids a tile rectangle (e.g. where a boss or a
 *   scorpion walks), so the route must get by without touching it; --shots
 *   writes the screen every 30 frames of the replay as DIR/LEVEL_FRAME.png;
 *   --check-folds tests that every state the search folds into another
 *   (see the key in reachsearch.c) moves on exactly like it.
 *
 * Searches, frame by frame, every combination of Left/Right/none and
 * Jump held/released from the level's start, running the game's own player
 * action functions on the level's map; platforms and fountains are stepped
 * by the game's world code beside the search (a pressed foot switch copies
 * the world), creatures are left out. Prints the shortest route to an EXIT
 * (fewest jumps among the shortest), the jumps it makes, the states from
 * which no exit can be reached any more (soft-locks; falling to a death
 * restarts and is not one), and replays the route through world_tick:
 * with the creatures removed it must reach the exit on the same frame;
 * with every actor in place it reports what happened (for information).
 * Exit status 0 when an exit is reachable, the replay agrees and nothing
 * is stuck. A search that stops at --max-nodes or --max-frames before it
 * has seen every state fails: the soft-lock check needs all of them.
 */

static World level;                     /* as loaded; the search copies it */
static World replay;
static uint8_t file[1 << 20];
static const char *shots;               /* --shots DIR: a PNG every SHOT_EVERY frames of the replay */
#define SHOT_EVERY 30
static LevelBlob from_file;

/* A built-in level by name, or a .lvl file. */
static const LevelBlob *find(const char *name)
{
	const LevelBlob *b = level_find(name);        /* built in packed: level_find unpacks it */
	FILE *f;

	if (b)
		return b;
	if (!(f = fopen(name, "rb")))
		return NULL;
	from_file = (LevelBlob){ .name = name, .data = file, .len = (uint32_t)fread(file, 1, sizeof file, f) };
	fclose(f);
	return &from_file;
}

static bool load(World *w, const LevelBlob *b)
{
	char err[LEVEL_ERR_SIZE];

	if (!world_load_level(w, b->data, b->len, 1, err, sizeof err)) {
		fprintf(stderr, "%s\n", err);
		return false;
	}
	return true;
}

/* The route's inputs, start to goal: route[f] for frame f. */
static uint8_t *route_of(const Search *s, int goal, int *len)
{
	int n = (int)s->nodes[goal].frame;
	uint8_t *r = malloc((size_t)n + 1);

	for (int i = goal; s->nodes[i].parent >= 0; i = s->nodes[i].parent)
		r[s->nodes[i].frame - 1] = s->nodes[i].input;
	*len = n;
	return r;
}

/* The route as a script (game/engine/script.h letters): "r12,rj3,.5". */
static void print_script(const uint8_t *r, int n)
{
	static const char *names[REACH_INPUTS] = { ".", "l", "r", "j", "lj", "rj" };

	printf("route:");
	for (int i = 0; i < n;) {
		int j = i;

		while (j < n && r[j] == r[i])
			j++;
		printf("%s%s%d", i ? "," : " ", names[r[i]], j - i);
		i = j;
	}
	printf("\n");
}

/* The nodes along the route, start first. */
static int32_t *path_of(const Search *s, int goal)
{
	int n = (int)s->nodes[goal].frame;
	int32_t *p = malloc(((size_t)n + 1) * sizeof *p);

	for (int i = goal; i >= 0; i = s->nodes[i].parent)
		p[s->nodes[i].frame] = i;
	return p;
}

/* On the ground: standing, running, or a jump pressed in the frame it landed. */
static bool grounded(const Actor *a)
{
	return a->tick == act_player_stand || a->tick == act_player_fidget || a->tick == act_player_run ||
	    a->tick == act_player_begin_jump;
}

/* Each jump of the route: where it left the ground and where it landed. */
static void print_jumps(const Search *s, const int32_t *path, int n)
{
	int from = -1, k = 0;

	for (int f = 0; f <= n; f++) {
		const Actor *a = &s->nodes[path[f]].s.a;

		if (from >= 0 && (grounded(a) || f == n)) {
			const Actor *o = &s->nodes[path[from]].s.a;

			printf("jump %d: frame %d from (%d,%d) to (%d,%d): up %d, across %d%s\n", ++k, from,
			    o->x, o->y, a->x, a->y, o->y - a->y, a->x - o->x, grounded(a) ? "" : " (the exit)");
			from = -1;
		}
		if (f < n && grounded(a) && s->nodes[path[f + 1]].s.a.tick == act_player_jump)
			from = f;
	}
}

/* The screen as the game draws it (view and status bar), to DIR/LEVEL_FRAME.png. */
static void shot(const World *w, const char *level_name, int frame)
{
	static Frame view, status;
	static uint8_t fb[SCREEN_W * SCREEN_H];
	char path[512];
	const char *base = strrchr(level_name, '/');

	render_view(w, &view);
	render_status(w, &status);
	raster_frame(&view, fb);
	raster_frame(&status, fb);
	snprintf(path, sizeof path, "%s/%s_%04d.png", shots, base ? base + 1 : level_name, frame);
	if (png_write_indexed(path, fb, SCREEN_W, SCREEN_H, gfx_palette) != 0)
		perror(path);
}

/*
 * Plays the route through world_tick. strip: creatures removed as in the
 * search; the player must be where the search put it every frame and at
 * an exit at the end. Returns the frame of a disagreement, 0 if none.
 */
static int replay_route(const Search *s, const LevelBlob *b, const uint8_t *r, const int32_t *path,
    int n, bool strip)
{
	bool prev = false;
	int hurt_at = 0, deaths = 0;
	uint8_t health;

	if (!load(&replay, b))
		return -1;
	for (int i = 0; i < MAX_ACTORS && strip; i++) {
		uint8_t k = replay.actors[i].kind;

		if (k != ACT_PLAYER && k != ACT_FOOT_SWITCH)
			replay.actors[i].kind = ACT_NONE;
	}
	health = replay.health;
	for (int f = 0; f < n; f++) {
		GameInput in = reach_input(r[f], prev);
		const Actor *p;

		prev = (in.held & BTN_BIT(BTN_JUMP)) != 0;
		world_tick(&replay, &in);
		if (shots && strip && (f % SHOT_EVERY == 0 || f == n - 1))
			shot(&replay, b->name, f + 1);
		p = world_player(&replay);
		if (!p)
			return f + 1;
		if (strip && (p->x != s->nodes[path[f + 1]].s.a.x || p->y != s->nodes[path[f + 1]].s.a.y)) {
			printf("replay: frame %d: player at (%d,%d), the search had (%d,%d)\n", f + 1, p->x, p->y,
			    s->nodes[path[f + 1]].s.a.x, s->nodes[path[f + 1]].s.a.y);
			return f + 1;
		}
		if (replay.health < health && !hurt_at)
			hurt_at = f + 1;
		if (p->tick == act_player_die && p->timer == 0)
			deaths++;
		health = replay.health;
	}
	if (strip) {
		if (!reach_at_exit(s, world_player(&replay)))
			return n;
		printf("replay (creatures removed): at the exit on frame %d, as searched\n", n);
		return 0;
	}
	printf("replay (every actor): %s on frame %d; first hurt %s%d, deaths %d, health %d, score %u\n",
	    reach_at_exit(s, world_player(&replay)) ? "at the exit" : "NOT at the exit", n,
	    hurt_at ? "frame " : "", hurt_at, deaths, replay.health, (unsigned)replay.score);
	return 0;
}

/* --map: the level as text, 'o' where the search stood the player, '!' where it is stuck. */
static void print_map(const Search *s, const bool *stuck)
{
	static char seen[MAP_MAX_CELLS];
	const Map *m = &level.map;

	memset(seen, 0, sizeof seen);
	for (int i = 0; i < s->count; i++) {
		const Actor *a = &s->nodes[i].s.a;

		if (a->x >= 0 && a->y >= 0 && a->x < m->w && a->y < m->h)
			seen[a->y * m->w + a->x] = stuck && stuck[i] ? '!' : seen[a->y * m->w + a->x] == '!' ? '!' :
			    a->tick == act_player_stand ? 'o' : seen[a->y * m->w + a->x] ? seen[a->y * m->w + a->x] : ',';
	}
	for (int y = 0; y < m->h; y++) {
		for (int x = 0; x < m->w; x++) {
			uint8_t at = map_attr_at(m, x, y);

			putchar(seen[y * m->w + x] ? seen[y * m->w + x] : (at & TILE_BLOCK_NORTH) ? '#' :
			    (at & TILE_BLOCK_SOUTH) ? '=' : map_is_path(map_get_tile(m, x, y)) ? '+' : ' ');
		}
		putchar('\n');
	}
}

/* Stuck states, reported by standing place (a few of them). */
static int report_stuck(const Search *s, bool map)
{
	bool *stuck = malloc((size_t)s->count * sizeof *stuck);
	int n = reach_stuck(s, stuck), shown = 0;

	if (map)
		print_map(s, stuck);
	printf("soft-locks: %d stuck states\n", n);
	for (int i = 0; i < s->count && shown < 12; i++) {
		const Actor *a = &s->nodes[i].s.a;

		if (stuck[i] && a->tick == act_player_stand) {
			printf("  stuck standing at (%d,%d), frame %u\n", a->x, a->y, s->nodes[i].frame);
			shown++;
		}
	}
	free(stuck);
	return n;
}

int main(int argc, char **argv)
{
	Search s = { .start = &level, .max_nodes = 6000000, .max_frames = 20000 };
	const LevelBlob *b;
	int bad = 0, n = 0;
	bool map = false;
	uint8_t *route = NULL;
	int32_t *path = NULL;
	struct timespec t0, t1;

	if (argc < 2) {
		fprintf(stderr, "usage: %s LEVEL [--max-nodes N] [--max-frames N] [--map] [--avoid X0,Y0,X1,Y1] [--shots DIR] "
		    "[--check-folds]\n", argv[0]);
		return 2;
	}
	for (int i = 2; i < argc; i++) {
		if (strcmp(argv[i], "--max-nodes") == 0 && i + 1 < argc)
			s.max_nodes = atoi(argv[++i]);
		else if (strcmp(argv[i], "--max-frames") == 0 && i + 1 < argc)
			s.max_frames = (uint32_t)atoi(argv[++i]);
		else if (strcmp(argv[i], "--map") == 0)
			map = true;
		else if (strcmp(argv[i], "--check-folds") == 0)
			s.check_folds = true;
		else if (strcmp(argv[i], "--shots") == 0 && i + 1 < argc)
			shots = argv[++i];
		else if (strcmp(argv[i], "--avoid") == 0 && i + 1 < argc && s.avoid_count < REACH_MAX_AVOID) {
			int x0, y0, x1, y1;

			if (sscanf(argv[++i], "%d,%d,%d,%d", &x0, &y0, &x1, &y1) != 4 || x1 < x0 || y1 < y0) {
				fprintf(stderr, "reach: --avoid wants X0,Y0,X1,Y1 (tiles, inclusive)\n");
				return 2;
			}
			s.avoid[s.avoid_count++] = (Rect){ x0, y0, x1 - x0 + 1, y1 - y0 + 1 };
		}
		else {
			fprintf(stderr, "reach: unknown option %s\n", argv[i]);
			return 2;
		}
	}
	if (!(b = find(argv[1]))) {
		fprintf(stderr, "reach: no built-in level or file %s\n", argv[1]);
		return 2;
	}
	if (!load(&level, b) || level.player < 0)
		return 1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (!reach_search(&s)) {
		fprintf(stderr, "reach: out of memory\n");
		return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("level %s: %dx%d, start (%d,%d), %d exit(s); searched %d states, %d moves, "
	    "up to %d worlds at once, in %.2f s%s\n", argv[1], level.map.w, level.map.h, level.start_x,
	    level.start_y, s.exit_count, s.count, s.edges, s.env_peak,
	    (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9,
	    s.truncated ? " (TRUNCATED)" : "");
	if (s.truncated) {
		printf("search: TRUNCATED at %d states (--max-nodes %d, --max-frames %u): not every state was "
		    "seen\n", s.count, s.max_nodes, s.max_frames);
		bad = 1;
	}
	if (s.check_folds) {
		printf("folds: %d states folded into different ones, %d went elsewhere\n", s.folds_checked,
		    s.folds_wrong);
		if (s.folds_wrong) {
			const Actor *a = &s.nodes[s.fold_wrong_at].s.a;

			printf("  first at node %d: (%d,%d), frame %u\n", s.fold_wrong_at, a->x, a->y,
			    s.nodes[s.fold_wrong_at].frame);
			bad = 1;
		}
	}
	if (s.goal < 0) {
		printf("exit: NOT reachable with run and jump\n");
		bad = 1;
	} else {
		route = route_of(&s, s.goal, &n);
		path = path_of(&s, s.goal);
		printf("exit: reached on frame %d with %d jumps\n", n, s.nodes[s.goal].jumps);
		print_script(route, n);
		print_jumps(&s, path, n);
		if (replay_route(&s, b, route, path, n, true) != 0) {
			printf("replay (creatures removed): FAILED\n");
			bad = 1;
		}
		replay_route(&s, b, route, path, n, false);
	}
	if (s.truncated || s.goal < 0 || s.avoid_count) {
		printf("soft-locks: not checked (%s)\n", s.truncated ? "search truncated" :
		    s.goal < 0 ? "no exit reached" : "--avoid changes the level");
		if (map)
			print_map(&s, NULL);
	} else if (report_stuck(&s, map) != 0) {
		bad = 1;
	}
	free(route);
	free(path);
	reach_free(&s);
	printf("%s\n", bad ? "FAIL" : "OK");
	return bad;
}
