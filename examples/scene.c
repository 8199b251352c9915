/*
 * A scene of many moving bodies, the way a game or simulation uses
 * libsatcd: boxes, regular n-gons and circles of random sizes (fixed seed)
 * drift, spin and bounce off the walls of a square; every frame the broad
 * phase is told where each body went, lists the pairs whose boxes overlap,
 * and the batch narrow phase (satcd/batch.h) computes a manifold for each
 * of those pairs, grouped by the kinds of their two shapes. The
 * bodies pass through each other (there is no physics response); what is
 * measured is the collision layer alone.
 *
 * usage: satcd_example_scene [--bodies N] [--frames F] [--threads T]
 *                            [--svg FILE] [--check] [--progress]
 *   --bodies N   number of bodies (default 10000)
 *   --frames F   frames to run (default 300)
 *   --threads T  worker threads for the pair finding and the narrow phase
 *                (default 1: serial, no threads started)
 *   --svg FILE   write the last frame as an SVG picture (satcd::draw);
 *                circles are drawn as 16-gons
 *   --check      on the first and last frames compare the pair list and the
 *                contact count with brute force over every pair of bodies
 *                (N^2 / 2 narrow-phase calls: keep N small); exit 1 on any
 *                difference
 *   --progress   show the progress line on stderr even when it is not a
 *                terminal
 *
 * Prints to stdout the bodies, pairs and contacts per frame and the time
 * per frame, split into broad and narrow phase.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, isatty */

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <satcd/draw.h>
#include <satcd/satcd.h>

#include "task_pool.h"

enum shape_kind { KIND_POLYGON, KIND_CIRCLE };

typedef struct options {
    int bodies, frames, threads;
    const char *svg;
    bool check, progress;
} options;

/* Every body's shape, placement and motion; body i is broad-phase proxy i. */
typedef struct scene {
    int count;
    float side; /* the walls are the square [0, side]^2 */
    uint8_t *kind;
    satcd_polygon *polygon;       /* used when kind is KIND_POLYGON */
    satcd_circle *circle;         /* used when kind is KIND_CIRCLE */
    const satcd_polygon **polygon_of; /* &polygon[i], or NULL for a circle: what the batch calls read */
    const satcd_circle **circle_of;   /* &circle[i], or NULL for a polygon */
    satcd_xf *xf;
    float *angle, *spin;          /* radians, radians per frame */
    satcd_vec2 *velocity;         /* length units per frame */
    satcd_broadphase *bp;
} scene;

/* What the narrow phase found on one frame. */
typedef struct tally {
    long touching; /* pairs with at least one contact point */
    long points;   /* contact points over all pairs */
} tally;

/* Pair groups by the kinds of their shapes, in the order the narrow phase runs them. */
enum { POLYGON_PAIRS, POLYGON_CIRCLE_PAIRS, CIRCLE_PAIRS, PAIR_GROUPS };

/* The candidate pairs of one frame and their manifolds. */
typedef struct frame_work {
    const scene *s;
    satcd_pair *pairs;         /* the broad phase's list, sorted */
    satcd_pair *grouped;       /* the same pairs by group, a polygon before a circle */
    satcd_manifold *manifolds; /* one per grouped pair */
    int count, capacity;
    int group_start[PAIR_GROUPS + 1];
} frame_work;

/* ---- the scene ---- */

/* A private linear congruential generator (Knuth's MMIX constants): the same scene on every run and machine. */
static float next_unit(uint64_t *state)
{
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return (float)(*state >> 40) / (float)(1u << 24);
}

static float between(uint64_t *state, float lo, float hi) { return lo + (hi - lo) * next_unit(state); }

/* Body i's shape: a box, a regular 3- to 8-gon or a circle, about 0.25 to 0.75 units across half. */
static bool make_shape(scene *s, int i, uint64_t *seed)
{
    int pick = (int)(3.0f * next_unit(seed));
    s->kind[i] = pick == 2 ? KIND_CIRCLE : KIND_POLYGON;
    s->polygon_of[i] = pick == 2 ? NULL : &s->polygon[i];
    s->circle_of[i] = pick == 2 ? &s->circle[i] : NULL;
    if (pick == 0) {
        s->polygon[i] = satcd_polygon_box(between(seed, 0.2f, 0.7f), between(seed, 0.2f, 0.7f));
        return satcd_polygon_is_valid(&s->polygon[i]);
    }
    if (pick == 1) return satcd_polygon_regular(&s->polygon[i], 3 + (int)(6.0f * next_unit(seed)), between(seed, 0.3f, 0.8f)) == SATCD_OK;
    return satcd_circle_make(&s->circle[i], satcd_v2(0.0f, 0.0f), between(seed, 0.2f, 0.6f)) == SATCD_OK;
}

static satcd_aabb body_box(const scene *s, int i)
{
    if (s->kind[i] == KIND_CIRCLE) return satcd_circle_aabb(&s->circle[i], s->xf[i]);
    return satcd_polygon_aabb(&s->polygon[i], s->xf[i]);
}

static void scene_free(scene *s)
{
    satcd_broadphase_destroy(s->bp);
    free(s->kind);
    free(s->polygon);
    free(s->circle);
    free((void *)s->polygon_of);
    free((void *)s->circle_of);
    free(s->xf);
    free(s->angle);
    free(s->spin);
    free(s->velocity);
}

static bool scene_alloc(scene *s, int n)
{
    size_t un = (size_t)n;
    s->count = n;
    s->kind = malloc(un);
    /* satcd_polygon is over-aligned (its SIMD lanes): malloc's alignment is not enough. */
    s->polygon = aligned_alloc(_Alignof(satcd_polygon), un * sizeof *s->polygon);
    s->circle = malloc(un * sizeof *s->circle);
    s->polygon_of = malloc(un * sizeof *s->polygon_of);
    s->circle_of = malloc(un * sizeof *s->circle_of);
    s->xf = malloc(un * sizeof *s->xf);
    s->angle = malloc(un * sizeof *s->angle);
    s->spin = malloc(un * sizeof *s->spin);
    s->velocity = malloc(un * sizeof *s->velocity);
    s->bp = satcd_broadphase_create(NULL);
    return s->kind && s->polygon && s->circle && s->polygon_of && s->circle_of && s->xf && s->angle && s->spin && s->velocity && s->bp;
}

/* n bodies at two units of area each, placed, turned and set moving at random. */
static bool scene_make(scene *s, int n)
{
    memset(s, 0, sizeof *s);
    if (!scene_alloc(s, n)) return false;
    uint64_t seed = 0x2545f4914f6cdd1dull;
    s->side = sqrtf(2.0f * (float)n);
    for (int i = 0; i < n; ++i) {
        if (!make_shape(s, i, &seed)) return false;
        float speed = between(&seed, 0.0f, 2.0f / 60.0f), heading = between(&seed, 0.0f, 6.2831853f);
        s->velocity[i] = satcd_v2(speed * cosf(heading), speed * sinf(heading));
        s->angle[i] = between(&seed, 0.0f, 6.2831853f);
        s->spin[i] = between(&seed, -1.0f / 60.0f, 1.0f / 60.0f);
        s->xf[i] = satcd_xf_make(satcd_v2(between(&seed, 1.0f, s->side - 1.0f), between(&seed, 1.0f, s->side - 1.0f)), s->angle[i]);
        if (satcd_broadphase_add(s->bp, body_box(s, i), (uint64_t)i) != i) return false;
    }
    return true;
}

/* A velocity component turned back into the square when the box has crossed a wall moving outwards. */
static float bounce(float v, float lower, float upper, float side)
{
    return (lower < 0.0f && v < 0.0f) || (upper > side && v > 0.0f) ? -v : v;
}

/* Advance every body one frame and tell the broad phase its new box. */
static void scene_step(scene *s)
{
    for (int i = 0; i < s->count; ++i) {
        satcd_aabb box = body_box(s, i);
        s->velocity[i].x = bounce(s->velocity[i].x, box.lower.x, box.upper.x, s->side);
        s->velocity[i].y = bounce(s->velocity[i].y, box.lower.y, box.upper.y, s->side);
        s->angle[i] += s->spin[i];
        s->xf[i] = satcd_xf_make(satcd_add(s->xf[i].p, s->velocity[i]), s->angle[i]);
        satcd_broadphase_move(s->bp, i, body_box(s, i));
    }
}

/* ---- the narrow phase ---- */

/* The manifold of bodies a and b, whatever their shapes; the polygon comes first in a mixed pair. */
static satcd_manifold collide(const scene *s, int a, int b)
{
    if (s->kind[a] == KIND_CIRCLE && s->kind[b] == KIND_CIRCLE)
        return satcd_collide_circles(&s->circle[a], s->xf[a], &s->circle[b], s->xf[b], 0.0f);
    if (s->kind[a] == KIND_CIRCLE) return collide(s, b, a);
    if (s->kind[b] == KIND_CIRCLE)
        return satcd_collide_polygon_circle(&s->polygon[a], s->xf[a], &s->circle[b], s->xf[b], 0.0f);
    return satcd_collide_polygons(&s->polygon[a], s->xf[a], &s->polygon[b], s->xf[b], 0.0f);
}

static void add_manifold(tally *t, satcd_manifold m)
{
    t->touching += m.count > 0;
    t->points += m.count;
}

static int pair_group(const scene *s, satcd_pair p)
{
    return (s->kind[p.a] == KIND_CIRCLE) + (s->kind[p.b] == KIND_CIRCLE);
}

/* The candidate pairs sorted into their groups (a counting sort), the polygon first in a mixed pair. */
static void group_pairs(frame_work *w)
{
    int at[PAIR_GROUPS] = {0, 0, 0};
    for (int k = 0; k < w->count; ++k) ++at[pair_group(w->s, w->pairs[k])];
    w->group_start[0] = 0;
    for (int g = 0; g < PAIR_GROUPS; ++g) w->group_start[g + 1] = w->group_start[g] + at[g], at[g] = w->group_start[g];
    for (int k = 0; k < w->count; ++k) {
        satcd_pair p = w->pairs[k];
        int g = pair_group(w->s, p);
        if (g == POLYGON_CIRCLE_PAIRS && w->s->kind[p.a] == KIND_CIRCLE) p = (satcd_pair){p.b, p.a};
        w->grouped[at[g]++] = p;
    }
}

/* The manifold of every candidate pair by the batch calls, spread over the task system when there is one. */
static tally narrow_phase(frame_work *w, const satcd_task_system *tasks)
{
    const scene *s = w->s;
    group_pairs(w);
    const int *at = w->group_start;
    satcd_batch_collide_polygons_parallel(s->polygon_of, s->xf, w->grouped, at[1], 0.0f, w->manifolds, tasks);
    satcd_batch_collide_polygon_circle_parallel(s->polygon_of, s->circle_of, s->xf, w->grouped + at[1], at[2] - at[1],
                                                0.0f, w->manifolds + at[1], tasks);
    satcd_batch_collide_circles_parallel(s->circle_of, s->xf, w->grouped + at[2], at[3] - at[2], 0.0f,
                                         w->manifolds + at[2], tasks);
    tally sum = {0, 0};
    for (int k = 0; k < w->count; ++k) add_manifold(&sum, w->manifolds[k]);
    return sum;
}

/* Room for n pairs and their manifolds; false when memory runs out (what was there stays valid). */
static bool reserve(frame_work *w, int n)
{
    satcd_pair *pairs = realloc(w->pairs, (size_t)n * sizeof *pairs);
    if (pairs != NULL) w->pairs = pairs;
    satcd_pair *grouped = realloc(w->grouped, (size_t)n * sizeof *grouped);
    if (grouped != NULL) w->grouped = grouped;
    satcd_manifold *manifolds = realloc(w->manifolds, (size_t)n * sizeof *manifolds);
    if (manifolds != NULL) w->manifolds = manifolds;
    if (pairs == NULL || grouped == NULL || manifolds == NULL) return false;
    w->capacity = n;
    return true;
}

/* This frame's candidate pairs into w, the buffer grown when they do not fit; false when memory runs out. */
static bool broad_phase(frame_work *w, const satcd_task_system *tasks)
{
    for (;;) {
        w->count = satcd_broadphase_pairs_parallel(w->s->bp, w->pairs, w->capacity, tasks);
        if (w->count < 0) return false;
        if (w->count <= w->capacity) return true;
        if (!reserve(w, w->count * 2)) return false;
    }
}

/* ---- the brute-force check ---- */

static bool boxes_overlap(satcd_aabb p, satcd_aabb q)
{
    return p.lower.x <= q.upper.x && q.lower.x <= p.upper.x && p.lower.y <= q.upper.y && q.lower.y <= p.upper.y;
}

/*
 * Every pair of bodies tried by hand: the pairs whose boxes overlap must be
 * the broad phase's list, in its order, and the narrow phase on every pair
 * (boxes overlapping or not) must find the same contacts.
 */
static bool check_frame(const frame_work *w, tally found, int frame)
{
    const scene *s = w->s;
    tally truth = {0, 0};
    int listed = 0;
    bool same_list = true;
    for (int a = 0; a < s->count; ++a) {
        satcd_aabb box_a = body_box(s, a);
        for (int b = a + 1; b < s->count; ++b) {
            add_manifold(&truth, collide(s, a, b));
            if (!boxes_overlap(box_a, body_box(s, b))) continue;
            same_list = same_list && listed < w->count && w->pairs[listed].a == a && w->pairs[listed].b == b;
            ++listed;
        }
    }
    bool ok = same_list && listed == w->count && truth.touching == found.touching && truth.points == found.points;
    printf("check frame %d: brute force %d pairs, %ld touching, %ld points; pipeline %d, %ld, %ld: %s\n", frame,
           listed, truth.touching, truth.points, w->count, found.touching, found.points, ok ? "equal" : "DIFFERENT");
    return ok;
}

/* ---- the picture ---- */

/* Body i as a polygon in world coordinates (a circle as a 16-gon). */
static bool world_polygon(const scene *s, int i, satcd_polygon *out)
{
    satcd_polygon local;
    const satcd_polygon *p = &s->polygon[i];
    if (s->kind[i] == KIND_CIRCLE) {
        if (satcd_polygon_regular(&local, 16, s->circle[i].radius) != SATCD_OK) return false;
        p = &local;
    }
    satcd_vec2 v[SATCD_MAX_POLYGON_VERTICES];
    for (int k = 0; k < p->count; ++k) v[k] = satcd_xf_point(s->xf[i], satcd_polygon_vertex(p, k));
    return satcd_polygon_make(out, v, p->count) == SATCD_OK;
}

static bool write_svg(const scene *s, const char *path, int frame, tally t)
{
    satcd_polygon *world = aligned_alloc(_Alignof(satcd_polygon), (size_t)s->count * sizeof *world);
    bool ok = world != NULL;
    for (int i = 0; ok && i < s->count; ++i) ok = world_polygon(s, i, &world[i]);
    satcd_vec2 walls[4] = {{0.0f, 0.0f}, {s->side, 0.0f}, {s->side, s->side}, {0.0f, s->side}};
    char title[160];
    snprintf(title, sizeof title, "frame %d: %d bodies, %ld touching pairs", frame, s->count, t.touching);
    satcd_draw_style style = satcd_draw_style_default();
    style.labels = false;
    style.title = title;
    FILE *f = ok ? fopen(path, "wb") : NULL;
    ok = f != NULL && satcd_draw_pieces_svg_file(walls, 4, world, s->count, &style, f);
    if (f != NULL && fclose(f) != 0) ok = false;
    free(world);
    if (!ok) fprintf(stderr, "%s: could not write the picture\n", path);
    return ok;
}

/* ---- the program ---- */

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

static bool positive_arg(int argc, char **argv, int *i, int *out)
{
    if (*i + 1 >= argc) return false;
    char *end;
    long v = strtol(argv[++*i], &end, 10);
    if (*end != '\0' || v < 1 || v > 10000000) return false;
    *out = (int)v;
    return true;
}

static bool parse(int argc, char **argv, options *o)
{
    *o = (options){10000, 300, 1, NULL, false, isatty(2) != 0};
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        bool ok = true;
        if (strcmp(a, "--bodies") == 0) ok = positive_arg(argc, argv, &i, &o->bodies);
        else if (strcmp(a, "--frames") == 0) ok = positive_arg(argc, argv, &i, &o->frames);
        else if (strcmp(a, "--threads") == 0) ok = positive_arg(argc, argv, &i, &o->threads) && o->threads <= 64;
        else if (strcmp(a, "--svg") == 0) ok = i + 1 < argc && (o->svg = argv[++i]) != NULL;
        else if (strcmp(a, "--check") == 0) o->check = true;
        else if (strcmp(a, "--progress") == 0) o->progress = true;
        else ok = false;
        if (!ok) {
            fprintf(stderr, "usage: %s [--bodies N] [--frames F] [--threads T] [--svg FILE] [--check] [--progress]\n", argv[0]);
            return false;
        }
    }
    return true;
}

/* Totals over the frames run. */
typedef struct totals {
    double broad_ms, narrow_ms;
    long pairs, touching, points;
} totals;

static void show_progress(const options *o, int frame, const totals *t)
{
    if (!o->progress || (frame % 10 != 9 && frame + 1 != o->frames)) return;
    double per_frame = (t->broad_ms + t->narrow_ms) / (frame + 1);
    fprintf(stderr, "\rframe %d/%d  %.3f ms per frame  %.0f pairs per frame ", frame + 1, o->frames, per_frame,
            (double)t->pairs / (frame + 1));
    if (frame + 1 == o->frames) fputc('\n', stderr);
    fflush(stderr);
}

static void report(const options *o, const scene *s, const totals *t)
{
    double frames = o->frames, total_ms = t->broad_ms + t->narrow_ms;
    printf("%d bodies, %d frames, %d thread%s, backend %s\n", s->count, o->frames, o->threads,
           o->threads == 1 ? "" : "s", satcd_simd_backend());
    printf("per frame: %.1f candidate pairs, %.1f touching pairs, %.1f contact points\n", (double)t->pairs / frames,
           (double)t->touching / frames, (double)t->points / frames);
    printf("ms per frame: %.4f (broad phase %.4f, narrow phase %.4f)\n", total_ms / frames, t->broad_ms / frames,
           t->narrow_ms / frames);
    printf("candidate pairs per second: %.4g (narrow phase alone %.4g)\n", (double)t->pairs / (total_ms * 1e-3),
           (double)t->pairs / (t->narrow_ms * 1e-3));
}

/* Run the frames; false on a failed check or an error. */
static bool run(const options *o, scene *s, frame_work *w, const satcd_task_system *tasks)
{
    totals t = {0.0, 0.0, 0, 0, 0};
    bool ok = true;
    tally last = {0, 0};
    for (int f = 0; f < o->frames && ok; ++f) {
        double t0 = now_ms();
        scene_step(s);
        ok = broad_phase(w, tasks);
        double t1 = now_ms();
        last = narrow_phase(w, tasks);
        double t2 = now_ms();
        t.broad_ms += t1 - t0;
        t.narrow_ms += t2 - t1;
        t.pairs += w->count, t.touching += last.touching, t.points += last.points;
        if (o->check && (f == 0 || f + 1 == o->frames)) ok = ok && check_frame(w, last, f);
        show_progress(o, f, &t);
    }
    if (!ok) return false;
    report(o, s, &t);
    return o->svg == NULL || write_svg(s, o->svg, o->frames - 1, last);
}

int main(int argc, char **argv)
{
    options o;
    if (!parse(argc, argv, &o)) return 2;
    scene s;
    task_pool *pool = o.threads > 1 ? task_pool_create(o.threads) : NULL;
    frame_work w = {&s, NULL, NULL, NULL, 0, 0, {0}};
    bool ok = scene_make(&s, o.bodies) && (o.threads == 1 || pool != NULL);
    if (!ok) fprintf(stderr, "cannot set up %d bodies on %d threads\n", o.bodies, o.threads);
    ok = ok && run(&o, &s, &w, pool ? task_pool_system(pool) : NULL);
    task_pool_destroy(pool);
    scene_free(&s);
    free(w.pairs);
    free(w.grouped);
    free(w.manifolds);
    return ok ? 0 : 1;
}
