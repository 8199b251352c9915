/*
 * Capsules and segments: exact cases worked by hand, properties (swap
 * symmetry, push-out, the disc as a circle) and random pairs against two
 * independent truths:
 *  - a double-precision Minkowski difference of the placed cores (the
 *    convex hull of every core-vertex difference, by monotone chain), whose
 *    signed distance from the origin, less the radii, is the exact
 *    separation (distance when apart, minus the push-out depth);
 *  - GEOS: capsules as buffered segments (64 segments per quarter circle,
 *    inscribed: short by at most r (1 - cos(pi / 256)) = 7.6e-5 r) or bare
 *    line strings for segments, for the relation and the distance.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "geos_shapes.h"
#include "random_shapes.h"
#include "truth.h"
#include "workload.h"

#define SEED 0xca75e1e5u
#define QUADRANT_SEGMENTS 64
#define GEOS_CHORD (1.0 - 0.99992470183914454) /* 1 - cos(pi / 256) */
#define EPS 1e-5f

static satcd_xf at(float x, float y, float radians) { return satcd_xf_make(satcd_v2(x, y), radians); }

static satcd_capsule capsule(float x1, float y1, float x2, float y2, float r)
{
    satcd_capsule c;
    assert_int_equal(satcd_capsule_make(&c, satcd_v2(x1, y1), satcd_v2(x2, y2), r), SATCD_OK);
    return c;
}

/* ---- construction, box, ray ---- */

static void test_make_refuses_bad_input(void **state)
{
    (void)state;
    satcd_capsule c, untouched;
    memset(&untouched, 0x5a, sizeof untouched);
    satcd_vec2 o = satcd_v2(0.0f, 0.0f), e = satcd_v2(1.0f, 0.0f);
    struct { satcd_vec2 p1, p2; float r; satcd_status want; } cases[] = {
        {o, e, NAN, SATCD_ERR_NOT_FINITE},
        {satcd_v2(INFINITY, 0.0f), e, 1.0f, SATCD_ERR_NOT_FINITE},
        {o, satcd_v2(0.0f, NAN), 1.0f, SATCD_ERR_NOT_FINITE},
        {o, e, -0.5f, SATCD_ERR_BAD_RADIUS},
        {satcd_v2(2e15f, 0.0f), e, 1.0f, SATCD_ERR_OUT_OF_RANGE},
        {o, satcd_v2(0.0f, -2e15f), 1.0f, SATCD_ERR_OUT_OF_RANGE},
        {o, e, 2e15f, SATCD_ERR_OUT_OF_RANGE},
        {e, e, 0.0f, SATCD_ERR_DEGENERATE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        c = untouched;
        assert_int_equal(satcd_capsule_make(&c, cases[i].p1, cases[i].p2, cases[i].r), cases[i].want);
        assert_memory_equal(&c, &untouched, sizeof c);
    }
    assert_int_equal(satcd_capsule_make(NULL, o, e, 1.0f), SATCD_ERR_NULL);
    assert_int_equal(satcd_capsule_make(&c, o, e, 0.0f), SATCD_OK); /* a segment */
    assert_int_equal(satcd_capsule_make(&c, e, e, 0.5f), SATCD_OK); /* a disc */
    assert_true(c.p1.x == 1.0f && c.p2.x == 1.0f && c.radius == 0.5f);
}

static void test_aabb(void **state)
{
    (void)state;
    satcd_capsule c = capsule(-1.0f, 0.0f, 1.0f, 0.0f, 0.5f);
    satcd_aabb box = satcd_capsule_aabb(&c, at(10.0f, 20.0f, 1.57079637f));
    assert_float_equal(box.lower.x, 9.5f, EPS);
    assert_float_equal(box.upper.x, 10.5f, EPS);
    assert_float_equal(box.lower.y, 18.5f, EPS);
    assert_float_equal(box.upper.y, 21.5f, EPS);
    box = satcd_capsule_aabb(NULL, at(3.0f, 4.0f, 0.0f));
    assert_true(box.lower.x == 3.0f && box.upper.y == 4.0f);
}

static void test_raycast(void **state)
{
    (void)state;
    satcd_capsule c = capsule(-1.0f, 0.0f, 1.0f, 0.0f, 0.5f);
    satcd_xf xf = at(0.0f, 0.0f, 0.0f);
    satcd_ray down = {satcd_v2(0.25f, 2.0f), satcd_v2(0.0f, -4.0f)};
    satcd_ray_hit h = satcd_raycast_capsule(&c, xf, down); /* flat side at y = 0.5 */
    assert_true(h.hit);
    assert_float_equal(h.fraction, 0.375f, EPS);
    assert_float_equal(h.normal.y, 1.0f, EPS);
    satcd_ray left = {satcd_v2(4.0f, 0.0f), satcd_v2(-4.0f, 0.0f)}; /* end disc at x = 1.5 */
    h = satcd_raycast_capsule(&c, xf, left);
    assert_true(h.hit);
    assert_float_equal(h.fraction, 0.625f, EPS);
    assert_float_equal(h.normal.x, 1.0f, EPS);
    satcd_ray inside = {satcd_v2(0.0f, 0.0f), satcd_v2(0.0f, 4.0f)};
    assert_false(satcd_raycast_capsule(&c, xf, inside).hit);
    satcd_ray miss = {satcd_v2(0.0f, 2.0f), satcd_v2(4.0f, 0.0f)};
    assert_false(satcd_raycast_capsule(&c, xf, miss).hit);
    satcd_capsule seg = capsule(0.0f, -1.0f, 0.0f, 1.0f, 0.0f); /* a wall, crossed from the left */
    satcd_ray through = {satcd_v2(-1.0f, 0.5f), satcd_v2(4.0f, 0.0f)};
    h = satcd_raycast_capsule(&seg, at(2.0f, 0.0f, 0.0f), through);
    assert_true(h.hit);
    assert_float_equal(h.fraction, 0.75f, EPS);
    assert_float_equal(h.normal.x, -1.0f, EPS);
    satcd_ray along = {satcd_v2(2.0f, -3.0f), satcd_v2(0.0f, 6.0f)};
    assert_false(satcd_raycast_capsule(&seg, at(2.0f, 0.0f, 0.0f), along).hit);
}

/* ---- polygon-capsule exact cases ---- */

static void test_capsule_lying_on_box_face(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    satcd_capsule c = capsule(-0.5f, 0.0f, 0.5f, 0.0f, 0.5f);
    satcd_xf xa = at(0.0f, 0.0f, 0.0f);
    satcd_manifold m = satcd_collide_polygon_capsule(&box, xa, &c, at(0.0f, 1.25f, 0.0f), 0.0f);
    assert_int_equal(m.count, 2);
    assert_float_equal(m.normal.x, 0.0f, EPS);
    assert_float_equal(m.normal.y, 1.0f, EPS);
    float xs = m.points[0].point.x + m.points[1].point.x;
    assert_float_equal(xs, 0.0f, EPS);
    for (int k = 0; k < 2; ++k) {
        assert_float_equal(m.points[k].depth, 0.25f, EPS);
        assert_float_equal(m.points[k].point.y, 0.75f, EPS);
        assert_float_equal(fabsf(m.points[k].point.x), 0.5f, EPS);
    }
    /* Sliding along the face keeps both ids. */
    satcd_manifold moved = satcd_collide_polygon_capsule(&box, xa, &c, at(0.125f, 1.2f, 0.0f), 0.0f);
    assert_int_equal(moved.count, 2);
    for (int k = 0; k < 2; ++k) assert_int_equal(moved.points[k].id, m.points[k].id);
    assert_float_equal(moved.points[0].depth, 0.3f, EPS);
    satcd_mtv mtv = satcd_mtv_polygon_capsule(&box, xa, &c, at(0.0f, 1.25f, 0.0f));
    assert_true(mtv.hit);
    assert_float_equal(mtv.depth, 0.25f, EPS);
    assert_float_equal(mtv.normal.y, 1.0f, EPS);
    /* Hanging over the corner: the end beyond the side plane is clipped to it. */
    m = satcd_collide_polygon_capsule(&box, xa, &c, at(1.25f, 1.25f, 0.0f), 0.0f);
    assert_int_equal(m.count, 2);
    assert_float_equal(fmaxf(m.points[0].point.x, m.points[1].point.x), 1.0f, EPS);
}

static void test_capsule_end_on_vertex(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    /* End disc centred (1.3, 1.4), 0.5 from the vertex (1, 1), radius 0.6: depth 0.1 along (0.6, 0.8). */
    satcd_capsule c = capsule(1.3f, 1.4f, 1.3f + 1.8f, 1.4f + 2.4f, 0.6f);
    satcd_mtv m = satcd_mtv_polygon_capsule(&box, at(0.0f, 0.0f, 0.0f), &c, at(0.0f, 0.0f, 0.0f));
    assert_true(m.hit);
    assert_float_equal(m.depth, 0.1f, EPS);
    assert_float_equal(m.normal.x, 0.6f, EPS);
    assert_float_equal(m.normal.y, 0.8f, EPS);
    satcd_manifold k = satcd_collide_polygon_capsule(&box, at(0.0f, 0.0f, 0.0f), &c, at(0.0f, 0.0f, 0.0f), 0.0f);
    assert_int_equal(k.count, 1);
    assert_float_equal(k.points[0].depth, 0.1f, EPS);
    assert_float_equal(k.points[0].point.x, 1.3f - 0.36f, EPS);
    assert_float_equal(k.points[0].point.y, 1.4f - 0.48f, EPS);
    satcd_distance d = satcd_distance_polygon_capsule(&box, at(0.0f, 0.0f, 0.0f), &c, at(0.3f, 0.4f, 0.0f));
    assert_float_equal(d.distance, 0.4f, EPS); /* centre now 1.0 from the vertex */
    assert_float_equal(d.point_a.x, 1.0f, EPS);
    assert_float_equal(d.point_b.y, 1.8f - 0.48f, EPS);
}

static void test_segment_crossing_and_inside_polygon(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    satcd_capsule seg = capsule(-3.0f, 0.0f, 3.0f, 0.0f, 0.0f);
    satcd_xf xa = at(0.0f, 0.0f, 0.0f);
    satcd_mtv m = satcd_mtv_polygon_capsule(&box, xa, &seg, at(0.0f, 0.2f, 0.0f));
    assert_true(m.hit);
    assert_float_equal(m.depth, 0.8f, EPS); /* the least push: up by 0.8 */
    assert_float_equal(m.normal.y, 1.0f, EPS);
    assert_false(m.b_in_a);
    assert_int_equal(satcd_relate_polygon_capsule(&box, xa, &seg, at(0.0f, 0.2f, 0.0f), 0.0f), SATCD_OVERLAPPING);
    /* On the top face: touching, not overlapping. */
    assert_false(satcd_mtv_polygon_capsule(&box, xa, &seg, at(0.0f, 1.0f, 0.0f)).hit);
    assert_int_equal(satcd_relate_polygon_capsule(&box, xa, &seg, at(0.0f, 1.0f, 0.0f), 0.0f), SATCD_TOUCHING);
    /* Wholly inside, off centre: a true push-out through the nearest face, and contained. */
    satcd_capsule inner = capsule(-0.25f, 0.0f, 0.25f, 0.0f, 0.0f);
    m = satcd_mtv_polygon_capsule(&box, xa, &inner, at(0.5f, -0.4f, 0.0f));
    assert_true(m.hit && m.b_in_a && !m.a_in_b);
    assert_float_equal(m.depth, 0.6f, EPS);
    assert_float_equal(m.normal.y, -1.0f, EPS);
    satcd_manifold k = satcd_collide_polygon_capsule(&box, xa, &inner, at(0.5f, -0.4f, 0.0f), 0.0f);
    assert_int_equal(k.count, 2);
    assert_float_equal(k.points[0].depth, 0.6f, EPS);
    assert_float_equal(k.points[1].depth, 0.6f, EPS);
    /* A capsule core inside, radius reaching out: the push is the core's plus the radius. */
    satcd_capsule fat = capsule(0.0f, -0.3f, 0.0f, 0.3f, 0.5f);
    m = satcd_mtv_polygon_capsule(&box, xa, &fat, at(0.6f, 0.0f, 0.0f));
    assert_float_equal(m.depth, 0.9f, EPS);
    assert_float_equal(m.normal.x, 1.0f, EPS);
}

/* ---- capsule-capsule and capsule-circle exact cases ---- */

/*
 * A triangle's apex (6, 6) poking up through a capsule's flat side (core
 * y = 4.6 from x = 1.5 to 10.5, radius 0.7, so the side at y = 3.9): the push
 * is up by 2.1 along the side's normal, and the one contact is at the apex,
 * on B's side at (6, 3.9), not at an end of the capsule far from the
 * triangle; the same tilted a little, and with B and A swapped.
 */
static void test_vertex_into_capsule_side(void **state)
{
    (void)state;
    satcd_vec2 tri_pts[] = {{4.5f, 3.0f}, {7.5f, 3.5f}, {6.0f, 6.0f}};
    satcd_polygon tri;
    assert_int_equal(satcd_polygon_make(&tri, tri_pts, 3), SATCD_OK);
    satcd_capsule c = capsule(1.5f, 4.6f, 10.5f, 4.6f, 0.7f);
    satcd_xf id = at(0.0f, 0.0f, 0.0f);
    satcd_manifold m = satcd_collide_polygon_capsule(&tri, id, &c, id, 0.0f);
    assert_int_equal(m.count, 1);
    assert_float_equal(m.normal.y, 1.0f, EPS);
    assert_float_equal(m.points[0].point.x, 6.0f, EPS);
    assert_float_equal(m.points[0].point.y, 3.9f, EPS);
    assert_float_equal(m.points[0].depth, 2.1f, EPS);
    assert_true((m.points[0].id & SATCD_ID_REFERENCE_IS_B) != 0);
    assert_int_equal(SATCD_ID_INCIDENT_VERTEX(m.points[0].id), 2); /* the apex */
    /* Swapped: the capsule is A, the normal points at the triangle and the contact stays at the apex. */
    satcd_shape sa = satcd_shape_of_capsule(c), sb = satcd_shape_of_polygon(&tri);
    satcd_manifold w = satcd_collide(&sa, id, &sb, id, 0.0f);
    assert_int_equal(w.count, 1);
    assert_float_equal(w.normal.y, -1.0f, EPS);
    assert_float_equal(w.points[0].point.x, 6.0f, 1e-3f);
    assert_float_equal(w.points[0].depth, 2.1f, EPS);
    /* A capsule as A poking into B's side: its deepest core end plus the radius, projected onto B's side. */
    satcd_capsule up = capsule(6.0f, 3.0f, 6.0f, 5.5f, 0.5f);
    m = satcd_collide_capsules(&up, id, &c, id, 0.0f);
    assert_int_equal(m.count, 1);
    assert_float_equal(m.points[0].point.x, 6.0f, EPS);
    assert_float_equal(m.points[0].point.y, 3.9f, EPS);
    assert_float_equal(m.points[0].depth, 2.1f, EPS);
}

static void test_parallel_capsules(void **state)
{
    (void)state;
    satcd_capsule a = capsule(-1.0f, 0.0f, 1.0f, 0.0f, 0.5f), b = capsule(-2.0f, 0.0f, 0.5f, 0.0f, 0.5f);
    satcd_xf xa = at(0.0f, 0.0f, 0.0f);
    satcd_manifold m = satcd_collide_capsules(&a, xa, &b, at(0.0f, 0.9f, 0.0f), 0.0f);
    assert_int_equal(m.count, 2);
    assert_float_equal(m.normal.y, 1.0f, EPS);
    float lo = fminf(m.points[0].point.x, m.points[1].point.x), hi = fmaxf(m.points[0].point.x, m.points[1].point.x);
    assert_float_equal(lo, -1.0f, EPS); /* B clipped to A's extent */
    assert_float_equal(hi, 0.5f, EPS);
    for (int k = 0; k < 2; ++k) {
        assert_float_equal(m.points[k].depth, 0.1f, EPS);
        assert_float_equal(m.points[k].point.y, 0.4f, EPS);
    }
    satcd_manifold moved = satcd_collide_capsules(&a, xa, &b, at(0.1f, 0.85f, 0.0f), 0.0f);
    assert_int_equal(moved.count, 2);
    for (int k = 0; k < 2; ++k) assert_int_equal(moved.points[k].id, m.points[k].id);
    satcd_mtv mtv = satcd_mtv_capsules(&a, xa, &b, at(0.0f, 0.9f, 0.0f));
    assert_float_equal(mtv.depth, 0.1f, EPS);
    assert_float_equal(satcd_distance_capsules(&a, xa, &b, at(0.0f, 1.5f, 0.0f)).distance, 0.5f, EPS);
    /* Below A: the other side, normal down. */
    m = satcd_collide_capsules(&a, xa, &b, at(0.0f, -0.9f, 0.0f), 0.0f);
    assert_int_equal(m.count, 2);
    assert_float_equal(m.normal.y, -1.0f, EPS);
}

static void test_crossed_capsules_and_segments(void **state)
{
    (void)state;
    satcd_capsule a = capsule(-1.0f, 0.0f, 1.0f, 0.0f, 0.25f), b = capsule(0.0f, -1.0f, 0.0f, 1.0f, 0.25f);
    satcd_xf xa = at(0.0f, 0.0f, 0.0f);
    satcd_mtv m = satcd_mtv_capsules(&a, xa, &b, at(0.3f, 0.2f, 0.0f));
    assert_true(m.hit);
    /* Up by 0.8 + 0.5 = 1.3, down by 1.2 + 0.5, left by 1.3 + 0.5, right by 0.7 + 0.5 = 1.2. */
    assert_float_equal(m.depth, 1.2f, EPS);
    assert_float_equal(m.normal.x, 1.0f, EPS);
    satcd_manifold k = satcd_collide_capsules(&a, xa, &b, at(0.3f, 0.2f, 0.0f), 0.0f);
    assert_true(k.count >= 1);
    float deepest = fmaxf(k.points[0].depth, k.count > 1 ? k.points[1].depth : -FLT_MAX);
    assert_float_equal(deepest, 1.2f, EPS);
    /* Two crossing segments overlap (each crosses the other); end to end they only touch. */
    satcd_capsule sa = capsule(-1.0f, 0.0f, 1.0f, 0.0f, 0.0f), sb = capsule(0.0f, -1.0f, 0.0f, 1.0f, 0.0f);
    m = satcd_mtv_capsules(&sa, xa, &sb, at(0.5f, 0.25f, 0.0f));
    assert_true(m.hit);
    assert_float_equal(m.depth, 0.5f, EPS); /* right: 1 - 0.5; up: 1 - 0.25 = 0.75 */
    assert_float_equal(m.normal.x, 1.0f, EPS);
    assert_int_equal(satcd_relate_capsules(&sa, xa, &sb, at(1.0f, 1.0f, 0.0f), 0.0f), SATCD_TOUCHING);
    assert_int_equal(satcd_relate_capsules(&sa, xa, &sb, at(1.5f, 1.0f, 0.0f), 0.0f), SATCD_SEPARATED);
    assert_float_equal(satcd_distance_capsules(&sa, xa, &sb, at(1.5f, 1.0f, 0.0f)).distance, 0.5f, EPS);
}

static void test_capsule_circle(void **state)
{
    (void)state;
    satcd_capsule a = capsule(-1.0f, 0.0f, 1.0f, 0.0f, 0.5f);
    satcd_circle b;
    assert_int_equal(satcd_circle_make(&b, satcd_v2(0.0f, 0.0f), 0.25f), SATCD_OK);
    satcd_xf xa = at(0.0f, 0.0f, 0.0f);
    satcd_mtv m = satcd_mtv_capsule_circle(&a, xa, &b, at(0.5f, 0.6f, 0.0f));
    assert_true(m.hit);
    assert_float_equal(m.depth, 0.15f, EPS);
    assert_float_equal(m.normal.y, 1.0f, EPS);
    m = satcd_mtv_capsule_circle(&a, xa, &b, at(0.5f, 0.1f, 0.0f));
    assert_true(m.b_in_a && !m.a_in_b);
    satcd_manifold k = satcd_collide_capsule_circle(&a, xa, &b, at(1.3f + 0.6f, 0.8f, 0.0f), 0.0f);
    assert_int_equal(k.count, 0); /* centre 1.2 from the end (1, 0), radii 0.75: no contact */
    k = satcd_collide_capsule_circle(&a, xa, &b, at(1.0f + 0.36f, 0.48f, 0.0f), 0.0f);
    assert_int_equal(k.count, 1);
    assert_float_equal(k.points[0].depth, 0.15f, EPS);
    assert_float_equal(satcd_distance_capsule_circle(&a, xa, &b, at(1.0f + 1.2f, 1.6f, 0.0f)).distance, 1.25f, EPS);
}

/* A capsule with p1 == p2 is a disc: the same answers as the circle queries. */
static void test_zero_length_capsule_is_a_circle(void **state)
{
    (void)state;
    random_source rng = random_source_seeded(SEED);
    for (int i = 0; i < 2000; ++i) {
        satcd_polygon p = random_convex_polygon(&rng, 8, 1.0f);
        float r = random_float(&rng, 0.05f, 1.0f), cx = random_float(&rng, -0.5f, 0.5f), cy = random_float(&rng, -0.5f, 0.5f);
        satcd_capsule disc = capsule(cx, cy, cx, cy, r);
        satcd_circle circle;
        assert_int_equal(satcd_circle_make(&circle, satcd_v2(cx, cy), r), SATCD_OK);
        satcd_xf xa = random_transform(&rng, 2.0f), xb = random_transform(&rng, 2.0f);
        satcd_mtv want = satcd_mtv_circles(&circle, xa, &circle, xb);
        satcd_mtv got = satcd_mtv_capsule_circle(&disc, xa, &circle, xb);
        assert_memory_equal(&got, &want, sizeof got); /* the same arithmetic: bit for bit */
        assert_int_equal(satcd_relate_capsules(&disc, xa, &disc, xb, 0.01f), satcd_relate_circles(&circle, xa, &circle, xb, 0.01f));
        /* Against a polygon, within rounding (the circle query finds the nearest feature by region). */
        satcd_mtv pw = satcd_mtv_polygon_circle(&p, xa, &circle, xb), pg = satcd_mtv_polygon_capsule(&p, xa, &disc, xb);
        assert_int_equal(pg.hit, pw.hit);
        assert_true(fabsf(pg.depth - pw.depth) <= 2e-6f * 4.0f);
        if (pw.hit && pw.depth > 1e-3f) assert_true(satcd_dot(pg.normal, pw.normal) > 0.9999f);
    }
}

/* ---- double-precision truth ---- */

typedef struct dcore { int n; double x[SATCD_MAX_POLYGON_VERTICES], y[SATCD_MAX_POLYGON_VERTICES]; double r; } dcore;

static void dcore_capsule(const satcd_capsule *c, satcd_xf xf, double dx, double dy, dcore *out)
{
    double cs = xf.q.c, sn = xf.q.s;
    satcd_vec2 p[2] = {c->p1, c->p2};
    out->n = (c->p1.x == c->p2.x && c->p1.y == c->p2.y) ? 1 : 2;
    for (int i = 0; i < out->n; ++i) {
        out->x[i] = cs * p[i].x - sn * p[i].y + xf.p.x + dx;
        out->y[i] = sn * p[i].x + cs * p[i].y + xf.p.y + dy;
    }
    out->r = c->radius;
}

static void dcore_polygon(const satcd_polygon *p, satcd_xf xf, dcore *out)
{
    truth_polygon t;
    truth_world(p, xf, &t);
    out->n = t.n;
    for (int i = 0; i < t.n; ++i) out->x[i] = t.x[i], out->y[i] = t.y[i];
    out->r = 0.0;
}

static double cross3(const double *o, const double *a, const double *b)
{
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

static int by_xy(const void *l, const void *r)
{
    const double *a = l, *b = r;
    return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : (a[1] < b[1] ? -1 : a[1] > b[1]);
}

static double point_segment(double px, double py, const double *a, const double *b)
{
    double ex = b[0] - a[0], ey = b[1] - a[1], l2 = ex * ex + ey * ey;
    double t = l2 > 0 ? ((px - a[0]) * ex + (py - a[1]) * ey) / l2 : 0.0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return hypot(px - a[0] - t * ex, py - a[1] - t * ey);
}

/* Exact signed separation of two rounded cores: the origin against the hull of A - B, less the radii. */
static double truth_separation(const dcore *a, const dcore *b)
{
    double pts[2 * SATCD_MAX_POLYGON_VERTICES][2], hull[4 * SATCD_MAX_POLYGON_VERTICES][2];
    int n = 0, h = 0;
    for (int i = 0; i < a->n; ++i)
        for (int j = 0; j < b->n; ++j) pts[n][0] = a->x[i] - b->x[j], pts[n][1] = a->y[i] - b->y[j], ++n;
    qsort(pts, (size_t)n, sizeof pts[0], by_xy);
    for (int i = 0; i < n; ++i) {
        while (h >= 2 && cross3(hull[h - 2], hull[h - 1], pts[i]) <= 0) --h;
        hull[h][0] = pts[i][0], hull[h][1] = pts[i][1], ++h;
    }
    for (int i = n - 2, lower = h + 1; i >= 0; --i) {
        while (h >= lower && cross3(hull[h - 2], hull[h - 1], pts[i]) <= 0) --h;
        hull[h][0] = pts[i][0], hull[h][1] = pts[i][1], ++h;
    }
    if (h > 1) --h; /* the last repeats the first */
    double dist = DBL_MAX;
    bool inside = h >= 3;
    for (int i = 0; i < h; ++i) {
        const double *p = hull[i], *q = hull[(i + 1) % h];
        dist = fmin(dist, point_segment(0.0, 0.0, p, q));
        double o[2] = {0.0, 0.0};
        if (cross3(p, q, o) < 0) inside = false;
    }
    return (inside ? -dist : dist) - a->r - b->r;
}

/* ---- random pairs against the truths and GEOS ---- */

typedef enum kind { POLYGON_CAPSULE, CAPSULES, CAPSULE_CIRCLE, KINDS } kind;

typedef struct pair_case {
    kind k;
    satcd_polygon poly;
    satcd_capsule ca, cb;
    satcd_circle circle;
    satcd_xf xa, xb;
} pair_case;

static satcd_capsule random_capsule(random_source *rng)
{
    float pick = random_unit(rng), half = random_float(rng, 0.05f, 1.5f), r = random_float(rng, 0.05f, 0.8f);
    float ang = random_float(rng, -3.14159265f, 3.14159265f), cx = random_float(rng, -0.5f, 0.5f), cy = random_float(rng, -0.5f, 0.5f);
    if (pick < 0.15f) r = 0.0f;         /* a segment */
    else if (pick < 0.22f) half = 0.0f; /* a disc */
    return capsule(cx - half * cosf(ang), cy - half * sinf(ang), cx + half * cosf(ang), cy + half * sinf(ang), r);
}

static pair_case random_case(random_source *rng, kind k)
{
    pair_case c;
    memset(&c, 0, sizeof c);
    c.k = k;
    if (k == POLYGON_CAPSULE) c.poly = random_convex_polygon(rng, 8, 1.0f);
    else c.ca = random_capsule(rng);
    if (k == CAPSULE_CIRCLE) {
        float r = random_float(rng, 0.05f, 1.0f);
        assert_int_equal(satcd_circle_make(&c.circle, satcd_v2(random_float(rng, -0.3f, 0.3f), 0.1f), r), SATCD_OK);
    } else {
        c.cb = random_capsule(rng);
    }
    c.xa = random_transform(rng, 2.5f);
    c.xb = random_transform(rng, 2.5f);
    return c;
}

static satcd_capsule circle_as_capsule(const satcd_circle *c) { satcd_capsule d = {c->center, c->center, c->radius}; return d; }

static double case_truth(const pair_case *c, double dx, double dy)
{
    dcore a, b;
    if (c->k == POLYGON_CAPSULE) dcore_polygon(&c->poly, c->xa, &a);
    else dcore_capsule(&c->ca, c->xa, 0.0, 0.0, &a);
    satcd_capsule cb = c->k == CAPSULE_CIRCLE ? circle_as_capsule(&c->circle) : c->cb;
    dcore_capsule(&cb, c->xb, dx, dy, &b);
    return truth_separation(&a, &b);
}

static satcd_mtv case_mtv(const pair_case *c)
{
    if (c->k == POLYGON_CAPSULE) return satcd_mtv_polygon_capsule(&c->poly, c->xa, &c->cb, c->xb);
    if (c->k == CAPSULES) return satcd_mtv_capsules(&c->ca, c->xa, &c->cb, c->xb);
    return satcd_mtv_capsule_circle(&c->ca, c->xa, &c->circle, c->xb);
}

static satcd_distance case_distance(const pair_case *c)
{
    if (c->k == POLYGON_CAPSULE) return satcd_distance_polygon_capsule(&c->poly, c->xa, &c->cb, c->xb);
    if (c->k == CAPSULES) return satcd_distance_capsules(&c->ca, c->xa, &c->cb, c->xb);
    return satcd_distance_capsule_circle(&c->ca, c->xa, &c->circle, c->xb);
}

static satcd_relation case_relate(const pair_case *c, float tol)
{
    if (c->k == POLYGON_CAPSULE) return satcd_relate_polygon_capsule(&c->poly, c->xa, &c->cb, c->xb, tol);
    if (c->k == CAPSULES) return satcd_relate_capsules(&c->ca, c->xa, &c->cb, c->xb, tol);
    return satcd_relate_capsule_circle(&c->ca, c->xa, &c->circle, c->xb, tol);
}

static GEOSGeometry *geos_of_capsule(GEOSContextHandle_t h, const satcd_capsule *c, satcd_xf xf)
{
    dcore d;
    dcore_capsule(c, xf, 0.0, 0.0, &d);
    int e = d.n - 1;
    return geos_capsule(h, d.x[0], d.y[0], d.x[e], d.y[e], d.r, QUADRANT_SEGMENTS);
}

static void case_geos(GEOSContextHandle_t h, const pair_case *c, GEOSGeometry **ga, GEOSGeometry **gb)
{
    if (c->k == POLYGON_CAPSULE) {
        truth_polygon t;
        truth_world(&c->poly, c->xa, &t);
        *ga = geos_polygon(h, &t);
    } else {
        *ga = geos_of_capsule(h, &c->ca, c->xa);
    }
    satcd_capsule cb = c->k == CAPSULE_CIRCLE ? circle_as_capsule(&c->circle) : c->cb;
    *gb = geos_of_capsule(h, &cb, c->xb);
}

#define PAIRS_PER_KIND 8000
#define SEP_TOL 4e-6 /* float work in A's frame at coordinates up to ~6 */

static void test_random_pairs_against_truth_and_geos(void **state)
{
    (void)state;
    GEOSContextHandle_t h = geos_context();
    random_source rng = random_source_seeded(SEED + 1u);
    double worst_sep = 0.0, worst_geos_dist = 0.0, worst_push = 0.0;
    int overlaps = 0, geos_checked = 0, in_band = 0, pushes = 0;
    for (int k = 0; k < KINDS; ++k) {
        for (int i = 0; i < workload_cases(PAIRS_PER_KIND); ++i) {
            pair_case c = random_case(&rng, (kind)k);
            double truth = case_truth(&c, 0.0, 0.0);
            satcd_mtv m = case_mtv(&c);
            satcd_distance d = case_distance(&c);
            double got = m.hit ? -(double)m.depth : (double)d.distance;
            double err = fabs(got - (m.hit ? truth : fmax(truth, 0.0)));
            if (fabs(truth) > SEP_TOL) assert_int_equal(m.hit, truth < 0.0);
            if (err > SEP_TOL) printf("  kind %d pair %d: got %.9g, exact %.9g\n", k, i, got, truth);
            assert_true(err <= SEP_TOL);
            worst_sep = fmax(worst_sep, err);
            /* Moving B by the MTV separates it (to rounding), by 0.99 of it does not. */
            if (m.hit) {
                ++overlaps;
                double after = case_truth(&c, m.depth * (double)m.normal.x, m.depth * (double)m.normal.y);
                double short_of = case_truth(&c, 0.99 * m.depth * m.normal.x, 0.99 * m.depth * m.normal.y);
                worst_push = fmax(worst_push, fabs(after));
                assert_true(after >= -SEP_TOL);
                if (m.depth > 1e-3f) assert_true(short_of < 0.0), ++pushes;
            }
            /* GEOS: relation (outside the band of the chords and rounding) and distance. */
            GEOSGeometry *ga, *gb;
            case_geos(h, &c, &ga, &gb);
            double gd;
            assert_int_equal(GEOSDistance_r(h, ga, gb, &gd), 1);
            bool overlap = geos_predicate(GEOSIntersects_r(h, ga, gb)) && !geos_predicate(GEOSTouches_r(h, ga, gb));
            double band = 2.0 * GEOS_CHORD * 2.0 + SEP_TOL;
            satcd_relation rel = case_relate(&c, 0.0f);
            if (fabs(truth) > band) {
                ++geos_checked;
                assert_int_equal(rel == SATCD_OVERLAPPING, overlap);
                assert_int_equal(rel == SATCD_SEPARATED, gd > 0.0);
            } else {
                ++in_band;
            }
            if (!m.hit) worst_geos_dist = fmax(worst_geos_dist, fabs(gd - d.distance));
            GEOSGeom_destroy_r(h, ga);
            GEOSGeom_destroy_r(h, gb);
        }
    }
    printf("  %d pairs: worst |separation - exact| %.3g, worst |distance - GEOS| %.3g (chord bound %.3g per disc),\n"
           "  %d overlapping (%d push-outs checked at 0.99x), worst |gap after the push| %.3g; %d classified by GEOS, %d in the band\n",
           KINDS * workload_cases(PAIRS_PER_KIND), worst_sep, worst_geos_dist, GEOS_CHORD * 1.8, overlaps, pushes, worst_push,
           geos_checked, in_band);
    assert_true(worst_geos_dist <= 2.0 * GEOS_CHORD * 1.8 + SEP_TOL);
    GEOS_finish_r(h);
}

/* ---- world coordinates far from the origin ---- */

/* The point p of a shape placed by xf, moved by (ox, oy), rounded once to float: as a level editor stores it. */
static satcd_vec2 world_point(satcd_vec2 p, satcd_xf xf, double ox, double oy)
{
    double x = (double)xf.q.c * p.x - (double)xf.q.s * p.y + xf.p.x + ox;
    double y = (double)xf.q.s * p.x + (double)xf.q.c * p.y + xf.p.y + oy;
    return satcd_v2((float)x, (float)y);
}

static satcd_capsule world_capsule(const satcd_capsule *c, satcd_xf xf, double ox, double oy)
{
    satcd_capsule out;
    satcd_status st = satcd_capsule_make(&out, world_point(c->p1, xf, ox, oy), world_point(c->p2, xf, ox, oy), c->radius);
    if (st != SATCD_OK) out = *c; /* ends that round together: the pair is dropped by the caller */
    return out;
}

/*
 * The pair c given in world coordinates around (ox, oy), both shapes at the
 * identity; false when rounding to the offset merged a shape's points.
 */
static bool world_case(const pair_case *c, double ox, double oy, pair_case *w)
{
    *w = *c;
    w->xa = w->xb = satcd_xf_identity();
    if (c->k == POLYGON_CAPSULE) {
        satcd_vec2 v[SATCD_MAX_POLYGON_VERTICES];
        for (int i = 0; i < c->poly.count; ++i) v[i] = world_point(satcd_polygon_vertex(&c->poly, i), c->xa, ox, oy);
        if (satcd_polygon_make(&w->poly, v, c->poly.count) != SATCD_OK) return false;
    } else {
        w->ca = world_capsule(&c->ca, c->xa, ox, oy);
        if (w->ca.p1.x == c->ca.p1.x && w->ca.p1.y == c->ca.p1.y && (ox != 0.0 || oy != 0.0)) return false;
    }
    if (c->k == CAPSULE_CIRCLE) {
        return satcd_circle_make(&w->circle, world_point(c->circle.center, c->xb, ox, oy), c->circle.radius) == SATCD_OK;
    }
    w->cb = world_capsule(&c->cb, c->xb, ox, oy);
    return !(w->cb.p1.x == c->cb.p1.x && w->cb.p1.y == c->cb.p1.y && (ox != 0.0 || oy != 0.0));
}

/* Deepest contact of the pair's manifold (margin 0), or -1 when it has none. */
static double case_deepest_contact(const pair_case *c)
{
    satcd_manifold m;
    if (c->k == POLYGON_CAPSULE) m = satcd_collide_polygon_capsule(&c->poly, c->xa, &c->cb, c->xb, 0.0f);
    else if (c->k == CAPSULES) m = satcd_collide_capsules(&c->ca, c->xa, &c->cb, c->xb, 0.0f);
    else m = satcd_collide_capsule_circle(&c->ca, c->xa, &c->circle, c->xb, 0.0f);
    double deepest = -1.0;
    for (int i = 0; i < m.count; ++i) deepest = fmax(deepest, (double)m.points[i].depth);
    return deepest;
}

#define WORLD_PAIRS_PER_KIND 600
#define WORLD_SEP_TOL 1e-5 /* as around the origin: the pair's extent (~6), not its offset, sets the rounding */

/*
 * Pairs of every kind given in world coordinates at offsets 0 to 1e6 (both
 * shapes at the identity, as a level editor stores them): the separation,
 * MTV depth and distance against the exact separation of the very floats
 * given, and the deepest contact no deeper than the exact push-out, within the bound of shapes built around their
 * own origin. Rounded to float at 1e6 a coordinate moves by up to 0.03, so
 * an answer computed at the offset's magnitude errs by about that much.
 */
static void test_world_offsets(void **state)
{
    (void)state;
    static const double offsets[] = {0.0, 1e2, 1e4, 1e5, 1e6};
    for (size_t o = 0; o < sizeof offsets / sizeof offsets[0]; ++o) {
        random_source rng = random_source_seeded(SEED + 7u);
        double worst = 0.0, worst_contact = 0.0;
        int checked = 0;
        for (int k = 0; k < KINDS; ++k) {
            for (int i = 0; i < workload_cases(WORLD_PAIRS_PER_KIND); ++i) {
                pair_case c = random_case(&rng, (kind)k), w;
                if (!world_case(&c, offsets[o], 0.5 * offsets[o], &w)) continue;
                ++checked;
                double truth = case_truth(&w, 0.0, 0.0);
                satcd_mtv m = case_mtv(&w);
                satcd_distance d = case_distance(&w);
                double got = m.hit ? -(double)m.depth : (double)d.distance;
                double err = fabs(got - (m.hit ? truth : fmax(truth, 0.0)));
                if (err > WORLD_SEP_TOL) printf("  offset %g kind %d pair %d: got %.9g, exact %.9g\n", offsets[o], k, i, got, truth);

                assert_true(err <= WORLD_SEP_TOL);
                worst = fmax(worst, err);
                /* A contact is clipped to the reference face: never deeper than the push-out. */
                double deepest = case_deepest_contact(&w);
                if (truth < -WORLD_SEP_TOL) {
                    assert_true(deepest > 0.0);
                    worst_contact = fmax(worst_contact, deepest + truth);
                    assert_true(deepest + truth <= WORLD_SEP_TOL);
                }
            }
        }
        printf("  offset %-7g %4d pairs: worst |separation - exact| %.3g, worst deepest contact beyond the push-out %.3g\n",
               offsets[o], checked, worst, worst_contact);
        assert_true(checked > KINDS * workload_cases(WORLD_PAIRS_PER_KIND) * 9 / 10);
    }
}

/* ---- sweeps ---- */

static satcd_toi case_sweep(const pair_case *c, satcd_vec2 va, satcd_vec2 vb)
{
    if (c->k == POLYGON_CAPSULE) return satcd_sweep_polygon_capsule(&c->poly, c->xa, va, &c->cb, c->xb, vb);
    if (c->k == CAPSULES) return satcd_sweep_capsules(&c->ca, c->xa, va, &c->cb, c->xb, vb);
    return satcd_sweep_capsule_circle(&c->ca, c->xa, va, &c->circle, c->xb, vb);
}

/* The exact separation when B has moved by (vb - va) t relative to A. */
static double truth_at(const pair_case *c, satcd_vec2 rel, double t) { return case_truth(c, rel.x * t, rel.y * t); }

#define SWEEP_PAIRS_PER_KIND 4000
#define TOI_EPS 1e-3
#define TOI_SEP_TOL 2e-5 /* the sweep's band: 64 epsilons of coordinates summing to ~20 */

static void test_sweep_random_pairs(void **state)
{
    (void)state;
    random_source rng = random_source_seeded(SEED + 3u);
    double worst_toi = 0.0, worst_gap = 0.0;
    int hits = 0, starts = 0, misses = 0;
    for (int k = 0; k < KINDS; ++k) {
        for (int i = 0; i < workload_cases(SWEEP_PAIRS_PER_KIND); ++i) {
            pair_case c = random_case(&rng, (kind)k);
            float vy = random_float(&rng, -8.0f, 8.0f);
            satcd_vec2 va = satcd_v2(random_float(&rng, -8.0f, 8.0f), vy);
            vy = random_float(&rng, -8.0f, 8.0f);
            satcd_vec2 vb = satcd_v2(random_float(&rng, -8.0f, 8.0f), vy), rel = satcd_sub(vb, va);
            satcd_toi toi = case_sweep(&c, va, vb);
            if (!toi.hit) {
                /* No contact anywhere on the way (to the band), sampled finely. */
                for (int s = 0; s <= 256; ++s) assert_true(truth_at(&c, rel, s / 256.0) > -TOI_SEP_TOL);
                ++misses;
                continue;
            }
            assert_true(toi.t >= 0.0f && toi.t <= 1.0f);
            assert_true(fabsf(satcd_length(toi.normal) - 1.0f) < 1e-4f);
            if (toi.t == 0.0f) {
                assert_true(truth_at(&c, rel, 0.0) <= TOI_SEP_TOL);
                ++starts;
                continue;
            }
            ++hits;
            double t = toi.t;
            assert_true(truth_at(&c, rel, t) >= -TOI_SEP_TOL);     /* not past the contact */
            assert_true(truth_at(&c, rel, t) <= TOI_SEP_TOL);      /* at it */
            if (t > TOI_EPS) assert_true(truth_at(&c, rel, t - TOI_EPS) > 0.0);
            /* Two bare segments have a Minkowski difference without area: they may only touch in passing. */
            bool area = !(c.k == CAPSULES && c.ca.radius == 0.0f && c.cb.radius == 0.0f);
            if (area) assert_true(truth_at(&c, rel, fmin(t + TOI_EPS, 1.0)) <= TOI_SEP_TOL);
            /* The exact first contact by bisection on the convex distance. */
            double lo = 0.0, hi = fmin(t + TOI_EPS, 1.0);
            if (truth_at(&c, rel, hi) > 0.0) continue; /* grazes, or touches in passing */
            for (int s = 0; s < 60; ++s) {
                double mid = 0.5 * (lo + hi);
                if (truth_at(&c, rel, mid) > 0.0) lo = mid;
                else hi = mid;
            }
            /* Never late (conservative advancement); how early is measured, its gap bounded above. */
            double closing = fabs((double)satcd_dot(toi.normal, rel));
            assert_true(t <= hi + 1e-6);
            worst_toi = fmax(worst_toi, fabs(t - lo));
            worst_gap = fmax(worst_gap, fabs(t - lo) * closing);
        }
    }
    printf("  %d sweeps: %d hits after t = 0, %d at t = 0, %d misses; worst |t - exact first contact| %.3g,\n"
           "  times the closing speed %.3g (length units)\n",
           KINDS * workload_cases(SWEEP_PAIRS_PER_KIND), hits, starts, misses, worst_toi, worst_gap);
}

static void test_sweep_thin_segment_through_thin_wall(void **state)
{
    (void)state;
    satcd_polygon wall = satcd_polygon_box(0.005f, 2.0f);
    satcd_capsule laser = capsule(-0.1f, 0.0f, 0.1f, 0.0f, 0.0f), bullet = capsule(0.0f, 0.0f, 0.0f, 0.01f, 0.001f);
    satcd_xf xa = at(0.0f, 0.0f, 0.0f), start = at(-50.0f, 0.3f, 0.0f);
    satcd_vec2 still = satcd_v2(0.0f, 0.0f), fast = satcd_v2(100.0f, 0.0f);
    satcd_toi t = satcd_sweep_polygon_capsule(&wall, xa, still, &laser, start, fast);
    assert_true(t.hit);
    assert_float_equal(t.t, (50.0f - 0.1f - 0.005f) / 100.0f, 1e-5f);
    assert_float_equal(t.normal.x, -1.0f, 1e-5f);
    satcd_capsule thin_wall = capsule(0.0f, -2.0f, 0.0f, 2.0f, 0.0f);
    t = satcd_sweep_capsules(&thin_wall, xa, still, &bullet, start, fast);
    assert_true(t.hit);
    assert_float_equal(t.t, (50.0f - 0.001f) / 100.0f, 1e-5f);
    /* Moving apart from a touching start is no hit; pressing in is a hit at 0. */
    satcd_xf touching = at(-0.105f, 0.3f, 0.0f);
    assert_false(satcd_sweep_polygon_capsule(&wall, xa, still, &laser, touching, satcd_v2(-1.0f, 0.0f)).hit);
    t = satcd_sweep_polygon_capsule(&wall, xa, still, &laser, touching, satcd_v2(1.0f, 0.0f));
    assert_true(t.hit && t.t == 0.0f);
}

/* Swapping two capsules flips the normal and keeps the depth and the distance. */
/*
 * A sliver triangle 1.8e-4 wide and 7 long beside a capsule of radius 4
 * lying along it, from 0.01 deep to 0.01 apart. The sliver's two long faces
 * lie within rounding of each other, and the closest point was taken on
 * the one facing away from the capsule: the MTV reported a depth of 8 and
 * the distance 0 for pairs 0.01 apart.
 */
static void test_capsule_beside_a_sliver(void **state)
{
    (void)state;
    satcd_capsule c;
    assert_int_equal(satcd_capsule_make(&c, satcd_v2(0x1.727272p-13f, 0x1.727286p-13f), satcd_v2(0x1.000072p-125f, -4.0f), 4.0f),
                     SATCD_OK);
    satcd_vec2 v[3] = {{-0x1.02p-135f, 3.0f}, {0x1.02p-135f, 0x1.0181p-43f}, {0x1.727272p-13f, -0x1.000072p+2f}};
    satcd_polygon p;
    assert_int_equal(satcd_polygon_make(&p, v, 3), SATCD_OK);
    satcd_xf xc = {{0x1.fffffep-12f, 0x1.727272p-13f}, {1.0f, 0.0f}};
    for (int k = -5; k <= 5; ++k) {
        float d = 4.0f + 0.002f * (float)k;
        satcd_xf xp = {{-d, -2.52346053e-05f * d}, {1.0f, 0.0f}};
        dcore dp, dc;
        dcore_polygon(&p, xp, &dp);
        dcore_capsule(&c, xc, 0.0, 0.0, &dc);
        double truth = truth_separation(&dp, &dc);
        satcd_mtv m = satcd_mtv_polygon_capsule(&p, xp, &c, xc);
        satcd_distance dist = satcd_distance_polygon_capsule(&p, xp, &c, xc);
        double got = m.hit ? -(double)m.depth : (double)dist.distance;
        printf("offset %.3f: separation %.7f, exact %.7f\n", d, got, truth);
        assert_true(fabs(got - truth) <= 1e-5);
        assert_int_equal(m.hit, truth < 0.0);
    }
}

static void test_swap_symmetry(void **state)
{
    (void)state;
    random_source rng = random_source_seeded(SEED + 2u);
    for (int i = 0; i < 5000; ++i) {
        satcd_capsule a = random_capsule(&rng), b = random_capsule(&rng);
        satcd_xf xa = random_transform(&rng, 2.0f), xb = random_transform(&rng, 2.0f);
        satcd_mtv ab = satcd_mtv_capsules(&a, xa, &b, xb), ba = satcd_mtv_capsules(&b, xb, &a, xa);
        assert_int_equal(ab.hit, ba.hit);
        satcd_distance dab = satcd_distance_capsules(&a, xa, &b, xb), dba = satcd_distance_capsules(&b, xb, &a, xa);
        assert_true(fabsf(dab.distance - dba.distance) <= SEP_TOL);
        if (!ab.hit) continue;
        assert_true(ab.a_in_b == ba.b_in_a && ab.b_in_a == ba.a_in_b);
        assert_true(fabsf(ab.depth - ba.depth) <= SEP_TOL);
        if (ab.depth > 1e-3f) assert_true(satcd_dot(ab.normal, ba.normal) < -0.999f);
    }
}

static void test_invalid_input_is_absent(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    satcd_capsule c = capsule(0.0f, 0.0f, 1.0f, 0.0f, 0.5f), bad = {{0.0f, 0.0f}, {0.0f, 0.0f}, 0.0f};
    satcd_xf id = at(0.0f, 0.0f, 0.0f), nan_xf = {{NAN, 0.0f}, {1.0f, 0.0f}};
    assert_false(satcd_mtv_polygon_capsule(&box, id, NULL, id).hit);
    assert_false(satcd_mtv_capsules(&c, id, &bad, id).hit);
    assert_false(satcd_mtv_capsules(&c, nan_xf, &c, id).hit);
    assert_int_equal(satcd_relate_capsules(&c, id, &c, nan_xf, 1.0f), SATCD_SEPARATED);
    assert_int_equal(satcd_collide_capsule_circle(&c, id, NULL, id, 1.0f).count, 0);
    assert_true(satcd_distance_polygon_capsule(NULL, id, &c, id).distance == FLT_MAX);
    satcd_ray ray = {{-5.0f, 0.0f}, {10.0f, 0.0f}};
    assert_false(satcd_raycast_capsule(&bad, id, ray).hit);
    assert_false(satcd_raycast_capsule(&c, nan_xf, ray).hit);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_make_refuses_bad_input),
        cmocka_unit_test(test_aabb),
        cmocka_unit_test(test_raycast),
        cmocka_unit_test(test_capsule_lying_on_box_face),
        cmocka_unit_test(test_vertex_into_capsule_side),
        cmocka_unit_test(test_capsule_end_on_vertex),
        cmocka_unit_test(test_segment_crossing_and_inside_polygon),
        cmocka_unit_test(test_parallel_capsules),
        cmocka_unit_test(test_crossed_capsules_and_segments),
        cmocka_unit_test(test_capsule_circle),
        cmocka_unit_test(test_zero_length_capsule_is_a_circle),
        cmocka_unit_test(test_random_pairs_against_truth_and_geos),
        cmocka_unit_test(test_world_offsets),
        cmocka_unit_test(test_swap_symmetry),
        cmocka_unit_test(test_sweep_random_pairs),
        cmocka_unit_test(test_sweep_thin_segment_through_thin_wall),
        cmocka_unit_test(test_capsule_beside_a_sliver),
        cmocka_unit_test(test_invalid_input_is_absent),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
