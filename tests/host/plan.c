/* plan.c: plans a demo through a level with every creature in place — a beam search over world_tick, guided by the route search. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acts.h"
#include "demo.h"
#include "dump.h"
#include "level.h"
#include "planfield.h"
#include "planphase.h"
#include "play.h"
#include "reach.h"

/*
 * build/plan LEVEL --out FILE.dem [--via X,Y ...] [--break X,Y ...] [--avoid X0,Y0,X1,Y1 ...] [--phase]
 *     [--die] [--tail N] [--beam N] [--max-frames N]
 *
 * Finds an input sequence that plays LEVEL, as the session loads it, with
 * every actor in place, from the start to its exit (or, with --die, to the
 * player's first death, after the last --via), passing each --via tile in order (a prize there is
 * collected on the way); a --break goal, among the --via ones in the order given, is passed when the
 * barrel or basket standing on tile X,Y has burst (pounced, shot or bombed). It never loses a life (unless --die), avoids
 * getting hurt, and shoots a boss down (its exit is barred until then). The player never touches an
 * --avoid rectangle (tiles, inclusive; e.g. a level's shortcut, so the demo shows the open way), in the
 * route search as in build/reach --avoid and in the beam. --phase guides the beam by the frames to go
 * from the player's whole state with the platforms and fountains near it as they are (planphase.h),
 * not from its cell at the movers' best: it then waits for a platform, not jumps where none is yet.
 *
 * How: build/reach's route search (creatures removed) gives, for each map
 * cell, how many frames the player needs from there to the next goal; a
 * beam search then plays the real world frame by frame — every combination
 * of Left/Right/none, Jump and Fire from each kept world — and keeps the
 * BEAM worlds nearest to the goal by that measure (hurts cost extra, a
 * boss's hits left too). The
 * inputs of the first world to reach the goal become the demo, followed by
 * --tail frames of no input. The demo is then replayed from the file to
 * check it does what was planned.
 */

#define LEVEL_SEED      1               /* SESSION_LEVEL_SEED: what the session loads levels with */
#define MAX_VIA         12
#define MAX_BEAM        2000
#define FAR             1000000         /* a cell the route search never stood on */
#define DOOMED_COST     400             /* a state from which the route search saw no way to the goal */
#define UNKNOWN_COST    20              /* one it never met (a creature's doing): its cell's best, and some */
#define HURT_COST       120             /* frames a hurt is worth avoiding */
#define BOSS_RANGE      8               /* tiles either side of a boss to shoot it from */
#define BOSS_HIT_COST   60              /* frames a hit on a boss is worth (its exit is barred until it bursts) */

static const uint16_t inputs[] = {
	0, BTN_BIT(BTN_LEFT), BTN_BIT(BTN_RIGHT),
	BTN_BIT(BTN_JUMP), BTN_BIT(BTN_LEFT) | BTN_BIT(BTN_JUMP), BTN_BIT(BTN_RIGHT) | BTN_BIT(BTN_JUMP),
	BTN_BIT(BTN_FIRE), BTN_BIT(BTN_LEFT) | BTN_BIT(BTN_FIRE), BTN_BIT(BTN_RIGHT) | BTN_BIT(BTN_FIRE),
	BTN_BIT(BTN_JUMP) | BTN_BIT(BTN_FIRE), BTN_BIT(BTN_LEFT) | BTN_BIT(BTN_JUMP) | BTN_BIT(BTN_FIRE),
	BTN_BIT(BTN_RIGHT) | BTN_BIT(BTN_JUMP) | BTN_BIT(BTN_FIRE),
};
#define NIN ((int)(sizeof inputs / sizeof inputs[0]))

typedef struct Hist {                   /* the input history, as a tree */
	int32_t parent;
	uint16_t held;
} Hist;

typedef struct Slot {                   /* one kept world */
	int32_t hist;
	int cost;
	uint8_t via;                    /* waypoints passed */
	uint8_t hurts;
} Slot;

typedef struct Cand {
	uint64_t key;
	int cost;
	int32_t from;                   /* slot index */
	uint8_t in;                     /* index into inputs[] */
	uint8_t via, hurts;
	uint32_t score;
} Cand;

static World level;
static World *beam[2];
static Slot slots[2][MAX_BEAM];
static World scratch;
static Hist *hist;
static int nhist, hist_cap;
static Cand *cand;
static int *field[MAX_VIA + 1];         /* frames to goal k from each cell; FAR where unknown */
static int leg[MAX_VIA + 1];            /* frames from goal k-1 to goal k */
static Rect via[MAX_VIA];              /* goal k < nvia: the player touches via[k] ... */
static bool via_boss[MAX_VIA];          /* ... or, for a boss goal, the bosses are gone (via[k]: in range) */
static bool via_break[MAX_VIA];         /* ... or, for a --break goal, the barrel on the tile under via[k] is gone */
static int nvia;
static bool die;
static Rect avoid[REACH_MAX_AVOID];    /* --avoid: tile rectangles the player never touches */
static int navoid;
static bool phase;                      /* --phase: guided by the movers' phase too */

/* world_copy's two pieces cover everything: the map comes first, the actors right after it. */
_Static_assert(offsetof(World, map) == 0 &&
    offsetof(World, actors) - sizeof(Map) < _Alignof(Actor), "World's layout changed: fix world_copy");

/* Copies a world, skipping the unused map cells (most of the structure). */
static void world_copy(World *dst, const World *src)
{
	size_t cells = offsetof(World, map) + offsetof(Map, cells) + (size_t)src->map.w * src->map.h * 2;

	memcpy(dst, src, cells);
	memcpy((uint8_t *)dst + offsetof(World, actors), (const uint8_t *)src + offsetof(World, actors),
	    sizeof(World) - offsetof(World, actors));
}

static Rect player_rect(const Actor *p)
{
	return sprite_rect_tiles(actor_image(p), p->x, p->y);
}

/* Whether the player touches an --avoid rectangle. */
static bool avoided(const Actor *p)
{
	for (int i = 0; i < navoid; i++)
		if (rect_overlap(avoid[i], player_rect(p)))
			return true;
	return false;
}

/* Whether route-search node n reaches goal k: a --via tile or a boss's range, or (k == nvia) the exit. */
static bool node_at_goal(const Search *s, int n, int k)
{
	if (k == nvia)
		return s->nodes[n].goal;
	return rect_overlap(player_rect(&s->nodes[n].s.a), via[k]);
}

/* field[k]: per cell, the fewest frames from a search state standing there to goal k. */
static void make_field(const Search *s, int k)
{
	int n = s->count, goals = 0, leading;
	bool *at = malloc((size_t)n * sizeof *at);
	int *dist = malloc((size_t)n * sizeof *dist);

	for (int i = 0; i < n; i++)
		goals += at[i] = node_at_goal(s, i, k);
	leading = field_distances(s, at, dist);
	field[k] = malloc((size_t)level.map.w * level.map.h * sizeof *field[k]);
	field_cells(s, &level.map, dist, field[k], FAR);
	if (phase)
		phase_fill(s, k, dist);
	printf("goal %d: %d states at it, %d lead there\n", k, goals, leading);
	free(at);
	free(dist);
}

/* Half-hits left on the level's bosses; a bullet on its way counts as half a hit done (it may be one). */
static int boss_left(const World *w)
{
	int hp = 0;

	for (int i = 0; i < MAX_ACTORS; i++)
		if (w->actors[i].kind == ACT_BOSS && !w->actors[i].dead)
			hp += w->actors[i].hp * 2;
	return hp ? hp - (w->bullets > 0) : 0;
}

/* Whether a barrel or basket still stands on tile (x, y). */
static bool breakable_at(const World *w, int x, int y)
{
	for (int i = 0; i < MAX_ACTORS; i++) {
		const Actor *a = &w->actors[i];

		if ((a->kind == ACT_BARREL || a->kind == ACT_BASKET) && a->x == x && a->y == y)
			return true;
	}
	return false;
}

/* Whether world w has just passed goal k (not the exit). */
static bool goal_passed(const World *w, const Actor *p, int k)
{
	if (via_boss[k])
		return boss_left(w) == 0;
	if (via_break[k])
		return !breakable_at(w, via[k].x, via[k].y + via[k].h + 1);
	return rect_overlap(player_rect(p), via[k]);
}

/* What is left to go from a player at (x, y) with `passed` goals behind it (--phase: and the movers so). */
static int cost_of(const World *w, const Actor *p, int passed, int hurts)
{
	int c = phase ? phase_lookup(passed, w, p) : PHASE_UNKNOWN;
	int cell = map_inside(&level.map, p->x, p->y) ? field[passed][p->y * level.map.w + p->x] : FAR;

	if (c < 0)      /* by its cell at the movers' best: dearer when doomed, or never met with the movers so */
		c = cell == FAR ? FAR : cell + (c == PHASE_DOOMED ? DOOMED_COST : phase ? UNKNOWN_COST : 0);
	if (c == FAR && passed < nvia)          /* off the searched cells: as the crow flies, dearly */
		c = FAR / 2 + abs(p->x - via[passed].x) + abs(p->y - via[passed].y);
	for (int k = passed + 1; k <= nvia; k++)
		c += leg[k];
	return c + hurts * HURT_COST + boss_left(w) * BOSS_HIT_COST / 2;
}

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
	return h * 0xFF51AFD7ED558CCDull;
}

/*
 * The dedup key: the player and what the player has done. The beam also
 * breaks ties by it, so it holds nothing that changes from build to build:
 * the action function goes in as its stable id (dump_act_id), not its address.
 */
static uint64_t key_of(const World *w, const Actor *p, int passed, int hurts)
{
	uint64_t h = 1469598103934665603ull;

	h = mix(h, (uint64_t)(uint16_t)p->x | (uint64_t)(uint16_t)p->y << 16 | (uint64_t)(uint16_t)p->vy << 32 |
	    (uint64_t)(uint16_t)p->vx << 48);
	h = mix(h, (uint64_t)(uint32_t)dump_act_id(p->tick));
	h = mix(h, (uint64_t)p->timer | (uint64_t)p->count << 16 | (uint64_t)(uint8_t)p->dir << 32 |
	    (uint64_t)p->anim.action << 40 | (uint64_t)passed << 48 | (uint64_t)hurts << 56);
	h = mix(h, (uint64_t)w->score | (uint64_t)w->health << 32 | (uint64_t)w->bombs << 40 |
	    (uint64_t)w->bullets << 48 | (uint64_t)w->cling_dir << 56);
	h = mix(h, (uint64_t)w->in.held | (uint64_t)w->shot_wait << 16 | (uint64_t)w->hurt_cooldown << 24);
	return h;
}

static int cand_cmp(const void *a, const void *b)
{
	const Cand *x = a, *y = b;

	if (x->cost != y->cost)
		return x->cost < y->cost ? -1 : 1;
	if (x->score != y->score)
		return x->score > y->score ? -1 : 1;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	if (x->from != y->from)         /* a total order: qsort need not be stable */
		return x->from < y->from ? -1 : 1;
	return x->in < y->in ? -1 : x->in > y->in;
}

/* Plays one input on a copy of world `from` into dst; the waypoints and hurts it leads to. */
static void step(World *dst, const World *from, const Slot *sl, int i, uint8_t *passed, uint8_t *hurts)
{
	GameInput in = { .held = inputs[i], .pressed = (uint16_t)(inputs[i] & ~from->in.held) };
	const Actor *p;

	world_copy(dst, from);
	world_tick(dst, &in);
	*passed = sl->via;
	*hurts = (uint8_t)(sl->hurts + (dst->health < from->health));
	p = world_player(dst);
	if (p && *passed < nvia && goal_passed(dst, p, *passed))
		(*passed)++;
}

static int32_t hist_add(int32_t parent, uint16_t held)
{
	if (nhist == hist_cap) {
		hist_cap = hist_cap ? hist_cap * 2 : 1 << 16;
		hist = realloc(hist, (size_t)hist_cap * sizeof *hist);
		if (!hist) {
			fprintf(stderr, "plan: out of memory\n");
			exit(1);
		}
	}
	hist[nhist] = (Hist){ parent, held };
	return nhist++;
}

/* The beam search. Returns the history entry of the goal, -1 if none within max_frames. */
static int32_t search(int width, int max_frames, int start_lives)
{
	int n = 1, cur = 0;

	world_copy(beam[0], &level);
	slots[0][0] = (Slot){ .hist = -1, .cost = 0 };
	cand = malloc((size_t)width * NIN * sizeof *cand);
	for (int f = 1; f <= max_frames; f++) {
		int nc = 0, kept = 0, nxt = cur ^ 1;

		for (int s = 0; s < n; s++) {
			for (int i = 0; i < NIN; i++) {
				uint8_t passed, hurts;
				const Actor *p;

				step(&scratch, beam[cur] + s, &slots[cur][s], i, &passed, &hurts);
				p = world_player(&scratch);
				if (die && p && p->tick == act_player_die && passed == nvia)
					return hist_add(slots[cur][s].hist, inputs[i]);
				if (!p || scratch.lives < start_lives || p->tick == act_player_die || avoided(p))
					continue;
				if (scratch.level_done) {
					if (passed == nvia && !scratch.bonus_exit)     /* a bonus exit is not this level's end */
						return hist_add(slots[cur][s].hist, inputs[i]);
					continue;
				}
				cand[nc++] = (Cand){ key_of(&scratch, p, passed, hurts), cost_of(&scratch, p, passed, hurts), s,
				    (uint8_t)i, passed, hurts, scratch.score };
			}
		}
		if (nc == 0)
			return -1;
		qsort(cand, (size_t)nc, sizeof *cand, cand_cmp);
		for (int c = 0; c < nc && kept < width; c++) {
			bool dup = false;

			for (int d = c - 1; d >= 0 && cand[d].cost == cand[c].cost && !dup; d--)
				dup = cand[d].key == cand[c].key;
			if (dup)
				continue;
			step(beam[nxt] + kept, beam[cur] + cand[c].from, &slots[cur][cand[c].from], cand[c].in,
			    &slots[nxt][kept].via, &slots[nxt][kept].hurts);
			slots[nxt][kept].cost = cand[c].cost;
			slots[nxt][kept].hist = hist_add(slots[cur][cand[c].from].hist, inputs[cand[c].in]);
			kept++;
		}
		if (f % 50 == 0) {
			const Actor *p = world_player(beam[nxt]);

			printf("frame %d: %d worlds, best cost %d at (%d,%d), %d goals passed, %d hurts, score %u\n", f,
			    kept, slots[nxt][0].cost, p->x, p->y, slots[nxt][0].via, slots[nxt][0].hurts,
			    (unsigned)beam[nxt][0].score);
		}
		n = kept;
		cur = nxt;
	}
	return -1;
}

static const LevelBlob *find(const char *name)
{
	return level_find(name);        /* built in packed: level_find unpacks it */
}

/* Writes the planned inputs plus `tail` idle frames as a demo; replays it to check. */
static int write_demo(const LevelBlob *b, const char *out, int32_t goal, int tail)
{
	static DemoRecorder rec;
	static DemoPlayer play;
	char err[128];
	int n = 0;
	uint16_t *held, prev = 0;
	size_t len;
	FILE *f;

	for (int32_t h = goal; h >= 0; h = hist[h].parent)
		n++;
	held = calloc((size_t)n + (size_t)tail, sizeof *held);
	for (int32_t h = goal, i = n - 1; h >= 0; h = hist[h].parent)
		held[i--] = hist[h].held;
	demo_rec_begin(&rec, b->name, demo_level_crc(b->data, b->len), LEVEL_SEED, &level);
	for (int i = 0; i < n + tail; i++) {
		GameInput in = { .held = held[i], .pressed = (uint16_t)(held[i] & ~prev) };

		prev = held[i];
		if (!demo_rec_add(&rec, &in)) {
			fprintf(stderr, "plan: more than %d runs of input\n", DEMO_MAX_RUNS);
			return 1;
		}
	}
	len = demo_rec_finish(&rec);
	if (!demo_open(&play, rec.bytes, len, err, sizeof err)) {
		fprintf(stderr, "plan: the demo would not load: %s\n", err);
		return 1;
	}
	/* The check: the file, played as hostrun plays it, does what the search did. */
	if (!world_load_level(&scratch, b->data, b->len, play.h.seed, err, sizeof err))
		return 1;
	demo_apply_start(&play.h, &scratch);
	for (int i = 0; i < n; i++) {
		GameInput in;

		demo_next(&play, &in);
		world_tick(&scratch, &in);
	}
	if (die ? world_player(&scratch)->tick != act_player_die : !scratch.level_done) {
		fprintf(stderr, "plan: the replayed demo does not reach its goal on frame %d\n", n);
		return 1;
	}
	if (!(f = fopen(out, "wb")) || fwrite(rec.bytes, 1, len, f) != len || fclose(f) != 0) {
		perror(out);
		return 1;
	}
	printf("wrote %s: %d frames to the goal + %d idle, %zu bytes; score %u, health %d, lives %d\n", out, n, tail,
	    len, (unsigned)scratch.score, scratch.health, scratch.lives);
	free(held);
	return 0;
}

int main(int argc, char **argv)
{
	Search s = { .start = &level, .max_nodes = 6000000, .max_frames = 20000 };
	const LevelBlob *b;
	const char *out = NULL;
	int width = 300, max_frames = 3000, tail = 0;
	char err[LEVEL_ERR_SIZE];
	int32_t goal;

	if (argc < 2 || !(b = find(argv[1]))) {
		fprintf(stderr, "usage: %s LEVEL --out FILE.dem [--via X,Y ...] [--break X,Y ...] [--avoid X0,Y0,X1,Y1 ...] "
		    "[--phase] [--die] [--tail N] [--beam N] [--max-frames N]\n", argv[0]);
		return 2;
	}
	for (int i = 2; i < argc; i++) {
		int x, y;

		if (strcmp(argv[i], "--out") == 0 && i + 1 < argc)
			out = argv[++i];
		else if (strcmp(argv[i], "--beam") == 0 && i + 1 < argc)
			width = atoi(argv[++i]);
		else if (strcmp(argv[i], "--max-frames") == 0 && i + 1 < argc)
			max_frames = atoi(argv[++i]);
		else if (strcmp(argv[i], "--tail") == 0 && i + 1 < argc)
			tail = atoi(argv[++i]);
		else if (strcmp(argv[i], "--die") == 0)
			die = true;
		else if (strcmp(argv[i], "--phase") == 0)
			phase = true;
		else if (strcmp(argv[i], "--via") == 0 && i + 1 < argc && nvia < MAX_VIA - 1 &&
		    sscanf(argv[i + 1], "%d,%d", &x, &y) == 2) {
			via[nvia++] = (Rect){ x, y, 1, 1 };
			i++;
		} else if (strcmp(argv[i], "--break") == 0 && i + 1 < argc && nvia < MAX_VIA - 1 &&
		    sscanf(argv[i + 1], "%d,%d", &x, &y) == 2) {
			via[nvia] = (Rect){ x, y - 2, 1, 1 };   /* guided to its top: a 2-tile barrel's pounce */
			via_break[nvia++] = true;
			i++;
		} else if (strcmp(argv[i], "--avoid") == 0 && i + 1 < argc && navoid < REACH_MAX_AVOID) {
			int x0, y0, x1, y1;

			if (sscanf(argv[++i], "%d,%d,%d,%d", &x0, &y0, &x1, &y1) != 4 || x1 < x0 || y1 < y0) {
				fprintf(stderr, "plan: --avoid wants X0,Y0,X1,Y1 (tiles, inclusive)\n");
				return 2;
			}
			avoid[navoid++] = (Rect){ x0, y0, x1 - x0 + 1, y1 - y0 + 1 };
		} else {
			fprintf(stderr, "plan: bad option %s\n", argv[i]);
			return 2;
		}
	}
	if (!out || width < 1 || width > MAX_BEAM) {
		fprintf(stderr, "plan: --out is needed; --beam 1..%d\n", MAX_BEAM);
		return 2;
	}
	if (!world_load_level(&level, b->data, b->len, LEVEL_SEED, err, sizeof err) || level.player < 0) {
		fprintf(stderr, "plan: %s\n", err);
		return 1;
	}
	for (int i = 0; i < MAX_ACTORS; i++) {  /* a boss: shoot it down (from its row) before the exit */
		const Actor *a = &level.actors[i];

		if (a->kind == ACT_BOSS) {
			Rect r = player_rect(a);

			via[nvia] = (Rect){ r.x - BOSS_RANGE, r.y, r.w + 2 * BOSS_RANGE, r.h };
			via_boss[nvia++] = true;
			printf("boss at (%d,%d): shot from x %d..%d\n", a->x, a->y, via[nvia - 1].x,
			    via[nvia - 1].x + via[nvia - 1].w - 1);
			break;
		}
	}
	memcpy(s.avoid, avoid, sizeof avoid);  /* the fields lead round them too */
	s.avoid_count = navoid;
	if (!reach_search(&s)) {
		fprintf(stderr, "plan: out of memory\n");
		return 1;
	}
	printf("route search: %d states%s, exit in %d frames without creatures\n", s.count,
	    s.truncated ? " (truncated)" : "", s.goal >= 0 ? (int)s.nodes[s.goal].frame : -1);
	if (phase && !phase_init(&s))
		return 1;
	for (int k = 0; k <= nvia; k++)
		make_field(&s, k);
	for (int k = 1; k <= nvia; k++) {       /* the legs between goals, from the first cell of each --via */
		int c = field[k][via[k - 1].y * level.map.w + via[k - 1].x];

		leg[k] = c == FAR ? FAR / 4 : c;
		printf("leg %d: %d frames\n", k, leg[k]);
	}
	reach_free(&s);
	beam[0] = malloc((size_t)width * sizeof(World));
	beam[1] = malloc((size_t)width * sizeof(World));
	if (!beam[0] || !beam[1])
		return 1;
	if ((goal = search(width, max_frames, level.lives)) < 0) {
		printf("plan: no way to the goal found within %d frames\n", max_frames);
		return 1;
	}
	return write_demo(b, out, goal, tail);
}
