#include "batch_scene.h"

#include <math.h>
#include <stdlib.h>

#include "random_shapes.h"

/* Boxes placed against each other at the end of the body list (see place_boxes). */
#define BOXES 6

static void make_body(batch_scene *s, random_source *rng, int i)
{
    float r = random_float(rng, 0.2f, 1.0f);
    s->polygon_store[i] = random_convex_polygon(rng, 8, r);
    satcd_vec2 c = random_vec2(rng, -0.1f, 0.1f);
    satcd_circle_make(&s->circle_store[i], c, r);
    satcd_vec2 p1 = {-r, random_float(rng, -0.2f, 0.2f)}, p2 = {r, random_float(rng, -0.2f, 0.2f)};
    satcd_capsule_make(&s->capsule_store[i], p1, p2, 0.5f * r);
}

/*
 * Unit boxes (half size 0.5) at exact offsets from a corner body: one edge
 * to edge on its right, one corner to corner, one on top shifted along the
 * common line, one overlapping by a quarter, one 0.25 apart.
 */
static void place_boxes(batch_scene *s, int first, float offset)
{
    static const float at[BOXES][2] = {{0, 0}, {1, 0}, {1, 1}, {0.3f, 1}, {0.75f, -0.5f}, {-1.25f, 0}};
    for (int k = 0; k < BOXES; ++k) {
        int i = first + k;
        s->polygon_store[i] = satcd_polygon_box(0.5f, 0.5f);
        satcd_vec2 p = {offset + at[k][0], offset + at[k][1]};
        s->xfs[i] = (satcd_xf){p, {1.0f, 0.0f}};
    }
}

static bool near(satcd_vec2 p, satcd_vec2 q)
{
    satcd_vec2 d = satcd_sub(p, q);
    return satcd_dot(d, d) < 4.0f;
}

bool batch_scene_init(batch_scene *s, uint64_t seed, int bodies, int pairs, float offset)
{
    if (bodies < 16) return false;
    *s = (batch_scene){0};
    s->bodies = bodies;
    size_t n = (size_t)bodies;
    /* satcd_polygon is over-aligned (its SIMD lanes): malloc's alignment is not enough. */
    s->polygon_store = aligned_alloc(_Alignof(satcd_polygon), n * sizeof *s->polygon_store);
    s->circle_store = malloc(n * sizeof *s->circle_store);
    s->capsule_store = malloc(n * sizeof *s->capsule_store);
    s->polygons = malloc(n * sizeof *s->polygons);
    s->circles = malloc(n * sizeof *s->circles);
    s->capsules = malloc(n * sizeof *s->capsules);
    s->xfs = malloc(n * sizeof *s->xfs);
    s->pairs = malloc(((size_t)pairs + BOXES * BOXES) * sizeof *s->pairs);
    if (!s->polygon_store || !s->circle_store || !s->capsule_store || !s->polygons || !s->circles ||
        !s->capsules || !s->xfs || !s->pairs) {
        batch_scene_free(s);
        return false;
    }
    random_source rng = random_source_seeded(seed);
    /* About two bodies per unit square: a random pair of neighbours often touches. */
    float extent = 0.7f * sqrtf((float)bodies);
    for (int i = 0; i < bodies; ++i) {
        make_body(s, &rng, i);
        satcd_vec2 p = satcd_add(satcd_v2(offset, offset), random_vec2(&rng, -extent, extent));
        s->xfs[i] = random_transform_at(&rng, p);
        s->polygons[i] = &s->polygon_store[i];
        s->circles[i] = &s->circle_store[i];
        s->capsules[i] = &s->capsule_store[i];
    }
    int first_box = bodies - BOXES;
    place_boxes(s, first_box, offset);
    for (int k = 0; k < pairs; ++k) {
        /* b: the first of a few random bodies near a, so that most pairs touch or nearly. */
        int a = random_int(&rng, 0, bodies - 1), b = random_int(&rng, 0, bodies - 1);
        for (int tries = 0; tries < 8 && !near(s->xfs[a].p, s->xfs[b].p); ++tries) b = random_int(&rng, 0, bodies - 1);
        s->pairs[s->pair_count++] = (satcd_pair){a, b};
    }
    for (int i = 0; i < BOXES; ++i)
        for (int j = 0; j < BOXES; ++j) s->pairs[s->pair_count++] = (satcd_pair){first_box + i, first_box + j};
    return true;
}

void batch_scene_free(batch_scene *s)
{
    free(s->polygon_store);
    free(s->circle_store);
    free(s->capsule_store);
    free(s->polygons);
    free(s->circles);
    free(s->capsules);
    free(s->xfs);
    free(s->pairs);
    *s = (batch_scene){0};
}
