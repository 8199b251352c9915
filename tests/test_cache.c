/*
 * The axis cache of satcd_overlap_polygons_cached:
 *  - on 2,000 pairs of 8-gons moving slowly and rotating for 300 frames the
 *    cached answer equals the uncached one on every frame, a cache hit only
 *    ever reports "apart", a query the bounding circles settle leaves the
 *    cache as it was, after any other separated query the cached axis
 *    really separates the pair (by the double-precision truth), and most
 *    separated queries that reach the faces are settled by the cached axis
 *    alone (hit rate printed and asserted > 80%);
 *  - a cache filled by another pair (more edges), or holding garbage, gives
 *    the uncached answer and no out-of-range read.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>

#include "random_shapes.h"
#include "pair_internal.h"
#include "truth.h"
#include "workload.h"

#define PAIRS 2000
#define FRAMES 300
#define SEED 0x5a7cd004u

typedef struct body {
    satcd_polygon shape;
    float x, y, angle;    /* pose */
    float vx, vy, spin;   /* per frame */
} body;

static satcd_xf pose(const body *b) { return satcd_xf_make(satcd_v2(b->x, b->y), b->angle); }

static void step(body *b)
{
    b->x += b->vx;
    b->y += b->vy;
    b->angle += b->spin;
}

static satcd_polygon octagon(random_source *r)
{
    return random_int(r, 0, 1) ? regular_polygon(8, random_float(r, 0.5f, 1.5f)) : random_convex_polygon(r, 8, random_float(r, 0.5f, 1.5f));
}

static body random_body(random_source *r, float x, float y)
{
    body b;
    b.shape = octagon(r);
    b.x = x;
    b.y = y;
    b.angle = random_float(r, -3.14159265f, 3.14159265f);
    b.vx = random_float(r, -0.01f, 0.01f);
    b.vy = random_float(r, -0.01f, 0.01f);
    b.spin = random_float(r, -0.01f, 0.01f);
    return b;
}

/* The face gap of cache axis k (A's edges, then B's), in double from the world vertices. */
static double axis_gap(const satcd_polygon *a, satcd_xf xa, const satcd_polygon *b, satcd_xf xb, int k)
{
    truth_polygon wa, wb;
    truth_world(a, xa, &wa);
    truth_world(b, xb, &wb);
    return k < a->count ? truth_face_gap(&wa, k, &wb) : truth_face_gap(&wb, k - a->count, &wa);
}

static void moving_sequence(void **state)
{
    (void)state;
    random_source rng = random_source_seeded(SEED);
    static body as[PAIRS], bs[PAIRS];
    static satcd_sat_cache caches[PAIRS];
    int pairs = workload_cases(PAIRS);
    for (int i = 0; i < pairs; ++i) {
        float x = random_float(&rng, -50.0f, 50.0f); /* one draw per statement: a fixed order */
        float y = random_float(&rng, -50.0f, 50.0f);
        as[i] = random_body(&rng, x, y);
        float dist = random_float(&rng, 1.0f, 4.0f), dir = random_float(&rng, -3.14159265f, 3.14159265f);
        bs[i] = random_body(&rng, as[i].x + dist * cosf(dir), as[i].y + dist * sinf(dir));
        satcd_sat_cache empty = SATCD_SAT_CACHE_INIT;
        caches[i] = empty;
    }
    long queries = 0, separated = 0, dismissed = 0, hits = 0, disagreements = 0, bad_hits = 0, bad_axes = 0,
         transitions = 0, touched = 0;
    for (int frame = 0; frame < FRAMES; ++frame) {
        for (int i = 0; i < pairs; ++i) {
            satcd_xf xa = pose(&as[i]), xb = pose(&bs[i]);
            bool was_valid = caches[i].valid;
            satcd_sat_cache before = caches[i];
            satcd__pair pair;
            bool circles = !satcd__pair_init_within(&pair, &as[i].shape, xa, &bs[i].shape, xb, 0.0f);
            bool cached = satcd_overlap_polygons_cached(&as[i].shape, xa, &bs[i].shape, xb, &caches[i]);
            bool plain = satcd_overlap_polygons(&as[i].shape, xa, &bs[i].shape, xb);
            queries++;
            disagreements += cached != plain;
            bad_hits += caches[i].hit && cached;
            transitions += was_valid && cached;
            if (circles) {
                dismissed++;
                touched += caches[i].hit || caches[i].axis != before.axis || caches[i].valid != before.valid;
            } else if (!cached) {
                separated++;
                hits += caches[i].hit;
                double band = FLOAT_BAND_REL * (fabs(xa.p.x) + fabs(xa.p.y) + 10.0);
                if (!caches[i].valid || axis_gap(&as[i].shape, xa, &bs[i].shape, xb, caches[i].axis) < -band) bad_axes++;
            } else if (caches[i].valid) {
                bad_axes++; /* an overlapping pair has no separating axis to keep */
            }
            step(&as[i]);
            step(&bs[i]);
        }
    }
    double rate = (double)hits / (double)separated;
    long overlapping = queries - separated - dismissed;
    printf("moving pairs %d x %d frames: %ld queries, %ld settled by the bounding circles, %ld separated at the "
           "faces, %ld overlapping, %ld separated-to-overlapping transitions; cache hit rate %.4f of the "
           "separated queries that reach the faces\n",
           pairs, FRAMES, queries, dismissed, separated, overlapping, transitions, rate);
    assert_int_equal(disagreements, 0);
    assert_int_equal(bad_hits, 0);
    assert_int_equal(bad_axes, 0);
    assert_int_equal(touched, 0);
    assert_true(dismissed > queries / 4 && separated > queries / 10 && overlapping > queries / 20 &&
                transitions > pairs / 20);
    assert_true(rate > 0.8);
}

/* Caches left by a pair of 16-gons (32 axes), or holding garbage, reused on a pair of triangles (6 axes). */
static void cache_from_another_pair(void **state)
{
    (void)state;
    satcd_polygon big = regular_polygon(16, 1.0f), tri = regular_polygon(3, 1.0f);
    satcd_xf origin = satcd_xf_identity();
    satcd_sat_cache cache = SATCD_SAT_CACHE_INIT;
    /* Apart, yet too close for the bounding circles to settle: the faces fill the cache. */
    satcd_xf far = satcd_xf_make(satcd_v2(-0.3f, -2.0f), 0.1f);
    assert_false(satcd_overlap_polygons_cached(&big, origin, &big, far, &cache));
    assert_true(cache.valid);
    /* Axis indices beyond the triangles' 6 edges, as the 16-gons may leave them, and invalid ones. */
    satcd_sat_cache foreign[] = {{(int16_t)(cache.axis + 16), 0, 1}, {31, 1, 1}, {6, 0, 1}, {-1, 0, 1},
                                 {INT16_MAX, 0, 1}, {INT16_MIN, 1, 1}, {2, 0, 0}};
    satcd_xf placements[3] = {satcd_xf_make(satcd_v2(0.5f, 0.2f), 1.0f), satcd_xf_make(satcd_v2(3.0f, 0.0f), 0.0f),
                              satcd_xf_make(satcd_v2(-1.5f, 0.0f), 0.0f)}; /* overlapping, apart, touching a vertex */
    for (size_t k = 0; k < sizeof foreign / sizeof foreign[0]; ++k) {
        for (int j = 0; j < 3; ++j) {
            satcd_sat_cache c = foreign[k];
            bool want = satcd_overlap_polygons(&tri, origin, &tri, placements[j]);
            assert_int_equal(satcd_overlap_polygons_cached(&tri, origin, &tri, placements[j], &c), want);
            assert_true(c.axis >= -1 && c.axis < 6);
            if (!want) {
                assert_true(c.valid);
                assert_true(axis_gap(&tri, origin, &tri, placements[j], c.axis) >= -1e-6);
            }
        }
    }
    /* A NULL cache is the uncached query. */
    assert_int_equal(satcd_overlap_polygons_cached(&tri, origin, &tri, placements[0], NULL), true);
    assert_int_equal(satcd_overlap_polygons_cached(&tri, origin, &tri, placements[1], NULL), false);
}

/* Only a query that the cached axis settles is a hit; the second query of an unmoved pair is one. */
static void hit_on_unmoved_pair(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    satcd_xf xa = satcd_xf_identity(), xb = satcd_xf_make(satcd_v2(0.0f, 3.0f), 0.0f);
    satcd_sat_cache cache = SATCD_SAT_CACHE_INIT;
    assert_false(satcd_overlap_polygons_cached(&box, xa, &box, xb, &cache));
    assert_false(cache.hit);
    assert_true(cache.valid);
    /* A's edges are tried first, and only its top edge (normal +y, gap 1) separates. */
    assert_true(cache.axis >= 0 && cache.axis < box.count);
    assert_true(satcd_polygon_normal(&box, cache.axis).x == 0.0f && satcd_polygon_normal(&box, cache.axis).y == 1.0f);
    assert_false(satcd_overlap_polygons_cached(&box, xa, &box, xb, &cache));
    assert_true(cache.hit);
    /* Moved to overlap: no hit, no axis kept. */
    xb.p.y = 1.5f;
    assert_true(satcd_overlap_polygons_cached(&box, xa, &box, xb, &cache));
    assert_false(cache.hit);
    assert_false(cache.valid);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(moving_sequence),
        cmocka_unit_test(cache_from_another_pair),
        cmocka_unit_test(hit_on_unmoved_pair),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
