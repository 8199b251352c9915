/* Pair queries on hand-computed geometry: overlap, separation, relation, MTV, containment, circles, cache. */
#include "cmocka_all.h"

#include <float.h>
#include <math.h>

#include <satcd/satcd.h>

static satcd_polygon poly(const satcd_vec2 *pts, int n)
{
    satcd_polygon p;
    assert_int_equal(satcd_polygon_make(&p, pts, n), SATCD_OK);
    return p;
}

static satcd_xf at(float x, float y, float radians) { return satcd_xf_make(satcd_v2(x, y), radians); }

#define ID satcd_xf_identity()

/* Seed case 1: two triangles far apart. Each one's slanted face is 6/sqrt(5) from the other's nearest vertex. */
static void separated_triangles(void **state)
{
    (void)state;
    satcd_vec2 a_pts[3] = {{0, 0}, {2, 0}, {1, 2}};
    satcd_vec2 b_pts[3] = {{5, 0}, {7, 0}, {6, 2}};
    satcd_polygon a = poly(a_pts, 3), b = poly(b_pts, 3);
    float sep = satcd_separation_polygons(&a, ID, &b, ID);
    assert_float_equal(sep, 6.0f / sqrtf(5.0f), 1e-6f);
    assert_false(satcd_overlap_polygons(&a, ID, &b, ID));
    assert_int_equal(satcd_relate_polygons(&a, ID, &b, ID, 1e-4f), SATCD_SEPARATED);
    satcd_mtv m = satcd_mtv_polygons(&a, ID, &b, ID);
    assert_false(m.hit);
    assert_true(m.depth == 0.0f && m.normal.x == 0.0f && m.normal.y == 0.0f);
}

/*
 * Seed case 2: rectangle [0,3]x[0,2] and triangle (2,1) (4,1) (3,3). Pushing
 * the triangle +x by 1 or +y by 1 both clear it (three faces tie at -1); the
 * tie goes to A's lowest edge, the +x face.
 */
static void rectangle_and_triangle(void **state)
{
    (void)state;
    satcd_vec2 r_pts[4] = {{0, 0}, {3, 0}, {3, 2}, {0, 2}};
    satcd_vec2 t_pts[3] = {{2, 1}, {4, 1}, {3, 3}};
    satcd_polygon r = poly(r_pts, 4), t = poly(t_pts, 3);
    assert_true(satcd_overlap_polygons(&r, ID, &t, ID));
    assert_float_equal(satcd_separation_polygons(&r, ID, &t, ID), -1.0f, 0.0f);
    satcd_mtv m = satcd_mtv_polygons(&r, ID, &t, ID);
    assert_true(m.hit);
    assert_float_equal(m.depth, 1.0f, 0.0f);
    assert_float_equal(m.normal.x, 1.0f, 0.0f);
    assert_float_equal(m.normal.y, 0.0f, 0.0f);
    assert_false(m.a_in_b);
    assert_false(m.b_in_a);
    /* Moved by the MTV the triangle touches: separation exactly 0. */
    assert_float_equal(satcd_separation_polygons(&r, ID, &t, at(1, 0, 0)), 0.0f, 0.0f);
}

/* Seed case 3: two 2x2 squares sharing the edge x = 2 exactly. */
static void touching_rectangles(void **state)
{
    (void)state;
    satcd_vec2 a_pts[4] = {{0, 0}, {2, 0}, {2, 2}, {0, 2}};
    satcd_vec2 b_pts[4] = {{2, 0}, {4, 0}, {4, 2}, {2, 2}};
    satcd_polygon a = poly(a_pts, 4), b = poly(b_pts, 4);
    assert_float_equal(satcd_separation_polygons(&a, ID, &b, ID), 0.0f, 0.0f);
    assert_false(satcd_overlap_polygons(&a, ID, &b, ID));
    assert_false(satcd_mtv_polygons(&a, ID, &b, ID).hit);
    assert_int_equal(satcd_relate_polygons(&a, ID, &b, ID, 0.0f), SATCD_TOUCHING);
    assert_int_equal(satcd_relate_polygons(&a, ID, &b, ID, 1e-6f), SATCD_TOUCHING);
    /* The same pair placed by transforms far from the origin. */
    satcd_polygon box = satcd_polygon_box(1, 1);
    assert_int_equal(satcd_relate_polygons(&box, at(1e5f + 1, -3e5f, 0), &box, at(1e5f + 3, -3e5f, 0), 0.0f),
                     SATCD_TOUCHING);
}

/* A triangle's apex resting on a box's top face: vertex-edge contact in exact arithmetic. */
static void touching_vertex_edge(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1, 1);
    satcd_vec2 t_pts[3] = {{0, 1}, {1, 2}, {-1, 2}};
    satcd_polygon tri = poly(t_pts, 3);
    assert_float_equal(satcd_separation_polygons(&box, ID, &tri, ID), 0.0f, 0.0f);
    assert_int_equal(satcd_relate_polygons(&box, ID, &tri, ID, 0.0f), SATCD_TOUCHING);
    assert_int_equal(satcd_relate_polygons(&box, ID, &tri, ID, 1e-5f), SATCD_TOUCHING);
    /* Lowered by 1e-3 it overlaps by exactly that much along +y. */
    satcd_mtv m = satcd_mtv_polygons(&box, ID, &tri, at(0, -1e-3f, 0));
    assert_true(m.hit);
    assert_float_equal(m.depth, 1e-3f, 1e-7f);
    assert_float_equal(m.normal.y, 1.0f, 0.0f);
    assert_int_equal(satcd_relate_polygons(&box, ID, &tri, at(0, -1e-3f, 0), 1e-4f), SATCD_OVERLAPPING);
    assert_int_equal(satcd_relate_polygons(&box, ID, &tri, at(0, 1e-3f, 0), 1e-4f), SATCD_SEPARATED);
    assert_int_equal(satcd_relate_polygons(&box, ID, &tri, at(0, 1e-3f, 0), 1e-2f), SATCD_TOUCHING);
}

/*
 * Containment: a 0.5x0.5 box centred at (0.5, 0) inside a 2x2 box. On x the
 * interval overlap length is 0.5 (the small box's width), but the push out
 * is 1 - 0.25 = 0.75.
 */
static void containment_both_ways(void **state)
{
    (void)state;
    satcd_polygon big = satcd_polygon_box(1, 1), small = satcd_polygon_box(0.25f, 0.25f);
    satcd_mtv m = satcd_mtv_polygons(&big, ID, &small, at(0.5f, 0, 0));
    assert_true(m.hit);
    assert_float_equal(m.depth, 0.75f, 0.0f);
    assert_float_equal(m.normal.x, 1.0f, 0.0f);
    assert_true(m.b_in_a);
    assert_false(m.a_in_b);
    satcd_mtv r = satcd_mtv_polygons(&small, at(0.5f, 0, 0), &big, ID);
    assert_true(r.hit);
    assert_float_equal(r.depth, 0.75f, 0.0f);
    assert_float_equal(r.normal.x, -1.0f, 0.0f);
    assert_true(r.a_in_b);
    assert_false(r.b_in_a);
    /* Pushed by exactly the depth, it touches the inside of the big box's edge from outside. */
    assert_float_equal(satcd_separation_polygons(&big, ID, &small, at(0.5f + 0.75f, 0, 0)), 0.0f, 0.0f);
    /* Equal boxes on top of each other: each inside the other. */
    satcd_mtv same = satcd_mtv_polygons(&big, ID, &big, ID);
    assert_true(same.a_in_b && same.b_in_a);
    assert_float_equal(same.depth, 2.0f, 0.0f);
}

/*
 * Two unit squares turned 45 degrees, centres 1.1 apart on both axes: their
 * bounding boxes overlap, yet the facing edges x + y = sqrt(2)/2 and
 * x + y = 2.2 - sqrt(2)/2 are 1.1 sqrt(2) - 1 apart.
 */
static void rotated_boxes_apart(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(0.5f, 0.5f);
    satcd_xf xa = at(0, 0, 0.78539816f), xb = at(1.1f, 1.1f, 0.78539816f);
    assert_true(satcd_aabb_overlap(satcd_polygon_aabb(&box, xa), satcd_polygon_aabb(&box, xb)));
    assert_false(satcd_overlap_polygons(&box, xa, &box, xb));
    assert_float_equal(satcd_separation_polygons(&box, xa, &box, xb), 1.1f * sqrtf(2.0f) - 1.0f, 2e-6f);
}

static void circle_vertex_region_and_inside(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1, 1);
    satcd_circle c;
    assert_int_equal(satcd_circle_make(&c, satcd_v2(0, 0), 1.0f), SATCD_OK);

    /* Centre (2,2): nearest feature is the corner (1,1) at sqrt(2). */
    assert_float_equal(satcd_separation_polygon_circle(&box, ID, &c, at(2, 2, 0)), sqrtf(2.0f) - 1.0f, 1e-6f);
    assert_int_equal(satcd_relate_polygon_circle(&box, ID, &c, at(2, 2, 0), 1e-3f), SATCD_SEPARATED);
    /* An edge-normal-only test would call (1.9, 1.9) overlapping; the corner axis separates it. */
    assert_int_equal(satcd_relate_polygon_circle(&box, ID, &c, at(1.9f, 1.9f, 0), 1e-3f), SATCD_SEPARATED);

    /* Centre (1.5, 1.5): overlaps the corner by 1 - sqrt(0.5), normal along the diagonal. */
    satcd_mtv m = satcd_mtv_polygon_circle(&box, ID, &c, at(1.5f, 1.5f, 0));
    assert_true(m.hit);
    assert_float_equal(m.depth, 1.0f - sqrtf(0.5f), 1e-6f);
    assert_float_equal(m.normal.x, sqrtf(0.5f), 1e-6f);
    assert_float_equal(m.normal.y, sqrtf(0.5f), 1e-6f);

    /* Centre inside the box: push out through the nearest face. */
    satcd_circle small;
    assert_int_equal(satcd_circle_make(&small, satcd_v2(0, 0), 0.25f), SATCD_OK);
    m = satcd_mtv_polygon_circle(&box, ID, &small, at(0.5f, 0, 0));
    assert_true(m.hit);
    assert_float_equal(m.depth, 0.75f, 1e-6f);
    assert_float_equal(m.normal.x, 1.0f, 0.0f);
    assert_true(m.b_in_a);
    assert_false(m.a_in_b);
    m = satcd_mtv_polygon_circle(&box, ID, &small, at(0.9f, 0, 0));
    assert_float_equal(m.depth, 0.35f, 1e-6f);
    assert_false(m.b_in_a);
    /* A circle swallowing the box: radius 2 > sqrt(2). */
    satcd_circle huge;
    assert_int_equal(satcd_circle_make(&huge, satcd_v2(0, 0), 2.0f), SATCD_OK);
    m = satcd_mtv_polygon_circle(&box, ID, &huge, ID);
    assert_true(m.a_in_b);
    /* Touching the face exactly. */
    assert_int_equal(satcd_relate_polygon_circle(&box, ID, &c, at(2, 0, 0), 0.0f), SATCD_TOUCHING);
}

static void circles(void **state)
{
    (void)state;
    satcd_circle a, b;
    assert_int_equal(satcd_circle_make(&a, satcd_v2(0, 0), 1.0f), SATCD_OK);
    assert_int_equal(satcd_circle_make(&b, satcd_v2(1, 0), 0.5f), SATCD_OK);
    /* B's centre at (3, 4) + (1, 0) local offset: distance sqrt(16 + 16) from A's. */
    float d = sqrtf(32.0f);
    assert_float_equal(satcd_separation_circles(&a, ID, &b, at(3, 4, 0)), d - 1.5f, 1e-6f);
    satcd_mtv m = satcd_mtv_circles(&a, ID, &b, at(0, 0.5f, 0));
    assert_true(m.hit);
    float len = sqrtf(1.0f + 0.25f);
    assert_float_equal(m.depth, 1.5f - len, 1e-6f);
    assert_float_equal(m.normal.x, 1.0f / len, 1e-6f);
    assert_float_equal(m.normal.y, 0.5f / len, 1e-6f);
    assert_int_equal(satcd_relate_circles(&a, ID, &b, at(0.5f, 0, 0), 0.0f), SATCD_TOUCHING);
    /* Concentric: pushed along A's local +x, turned to world. */
    m = satcd_mtv_circles(&a, at(0, 0, 1.5707964f), &b, at(-1, 0, 0));
    assert_true(m.hit && m.b_in_a);
    assert_float_equal(m.normal.x, 0.0f, 1e-6f);
    assert_float_equal(m.normal.y, 1.0f, 1e-6f);
}

/*
 * The tolerance is a distance in every relate function. Two unit diamonds
 * tip to tip 0.1 apart: their face gap is 0.1 / sqrt(2) = 0.0707, their
 * distance 0.1, so tolerance 0.08 separates them and 0.12 makes them touch,
 * in either order, as it does for a diamond and a circle 0.1 apart and two
 * circles 0.1 apart. Overlapping by 0.1, the same tolerances give
 * overlapping and touching.
 */
static void tolerance_is_a_distance(void **state)
{
    (void)state;
    satcd_vec2 pts[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
    satcd_polygon diamond = poly(pts, 4);
    satcd_xf apart = at(2.1f, 0, 0), back = at(-2.1f, 0, 0);
    assert_float_equal(satcd_separation_polygons(&diamond, ID, &diamond, apart), 0.1f / sqrtf(2.0f), 1e-6f);
    assert_float_equal(satcd_distance_polygons(&diamond, ID, &diamond, apart).distance, 0.1f, 1e-6f);
    assert_int_equal(satcd_relate_polygons(&diamond, ID, &diamond, apart, 0.08f), SATCD_SEPARATED);
    assert_int_equal(satcd_relate_polygons(&diamond, ID, &diamond, apart, 0.12f), SATCD_TOUCHING);
    assert_int_equal(satcd_relate_polygons(&diamond, apart, &diamond, ID, 0.08f), SATCD_SEPARATED);
    assert_int_equal(satcd_relate_polygons(&diamond, back, &diamond, ID, 0.12f), SATCD_TOUCHING);
    /* A tolerance below the face gap: separated by either measure. */
    assert_int_equal(satcd_relate_polygons(&diamond, ID, &diamond, apart, 0.06f), SATCD_SEPARATED);

    satcd_circle c;
    assert_int_equal(satcd_circle_make(&c, satcd_v2(0, 0), 0.5f), SATCD_OK);
    satcd_xf beside = at(1.6f, 0, 0);
    assert_int_equal(satcd_relate_polygon_circle(&diamond, ID, &c, beside, 0.08f), SATCD_SEPARATED);
    assert_int_equal(satcd_relate_polygon_circle(&diamond, ID, &c, beside, 0.12f), SATCD_TOUCHING);
    assert_int_equal(satcd_relate_circles(&c, ID, &c, at(1.1f, 0, 0), 0.08f), SATCD_SEPARATED);
    assert_int_equal(satcd_relate_circles(&c, ID, &c, at(1.1f, 0, 0), 0.12f), SATCD_TOUCHING);

    /* Overlapping by 0.1: tip into tip, diamond into circle, circle into circle. */
    satcd_xf into = at(1.9f, 0, 0);
    assert_float_equal(satcd_mtv_polygons(&diamond, ID, &diamond, into).depth, 0.1f / sqrtf(2.0f), 1e-6f);
    satcd_polygon box = satcd_polygon_box(1, 1);
    assert_int_equal(satcd_relate_polygons(&box, ID, &box, into, 0.08f), SATCD_OVERLAPPING);
    assert_int_equal(satcd_relate_polygons(&box, ID, &box, into, 0.12f), SATCD_TOUCHING);
    assert_int_equal(satcd_relate_polygon_circle(&diamond, ID, &c, at(1.4f, 0, 0), 0.08f), SATCD_OVERLAPPING);
    assert_int_equal(satcd_relate_polygon_circle(&diamond, ID, &c, at(1.4f, 0, 0), 0.12f), SATCD_TOUCHING);
    assert_int_equal(satcd_relate_circles(&c, ID, &c, at(0.9f, 0, 0), 0.08f), SATCD_OVERLAPPING);
    assert_int_equal(satcd_relate_circles(&c, ID, &c, at(0.9f, 0, 0), 0.12f), SATCD_TOUCHING);
}

/* Invalid shapes are absent: no overlap, no contact, no NaN. */
static void invalid_shapes_are_absent(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1, 1), empty = satcd_polygon_box(0, 1);
    assert_false(satcd_overlap_polygons(&box, ID, &empty, ID));
    assert_false(satcd_overlap_polygons(NULL, ID, &box, ID));
    assert_true(satcd_separation_polygons(&empty, ID, &box, ID) == FLT_MAX);
    assert_int_equal(satcd_relate_polygons(&box, ID, NULL, ID, 0.1f), SATCD_SEPARATED);
    assert_false(satcd_mtv_polygons(&box, ID, NULL, ID).hit);
    assert_false(satcd_mtv_polygon_circle(&box, ID, NULL, ID).hit);
    satcd_sat_cache cache = SATCD_SAT_CACHE_INIT;
    assert_false(satcd_overlap_polygons_cached(&box, ID, &empty, ID, &cache));
    assert_true(satcd_overlap_polygons_cached(&box, ID, &box, ID, NULL));
}

/* The cached axis: a pair separated on B's edge 3 keeps that axis while it barely moves. */
static void cache_remembers_the_axis(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1, 1);
    satcd_sat_cache cache = SATCD_SAT_CACHE_INIT;
    satcd_xf xb = at(2.5f, 0, 0);
    assert_false(satcd_overlap_polygons_cached(&box, ID, &box, xb, &cache));
    assert_int_equal(cache.hit, 0);
    assert_int_equal(cache.valid, 1);
    assert_int_equal(cache.axis, 1); /* A's edge 1: the +x face */
    assert_false(satcd_overlap_polygons_cached(&box, ID, &box, at(2.49f, 0.01f, 0.001f), &cache));
    assert_int_equal(cache.hit, 1);
    assert_int_equal(cache.axis, 1);
    /* Moving into overlap: a miss, the cache empties, the answer is right. */
    assert_true(satcd_overlap_polygons_cached(&box, ID, &box, at(1.5f, 0, 0), &cache));
    assert_int_equal(cache.valid, 0);
    assert_int_equal(cache.hit, 0);
    /* Apart below A: A's edge 0 (the -y face) is the first separating axis. */
    assert_false(satcd_overlap_polygons_cached(&box, ID, &box, at(0, -3, 0), &cache));
    assert_int_equal(cache.axis, 0);
    /*
     * A diamond (a 1x1 box turned 45 degrees) off A's corner: no face of A
     * separates, only the diamond's edge 3, whose normal is (-1,-1)/sqrt(2):
     * axis index 4 + 3.
     */
    satcd_polygon half = satcd_polygon_box(0.5f, 0.5f);
    assert_false(satcd_overlap_polygons_cached(&box, ID, &half, at(1.6f, 1.6f, 0.78539816f), &cache));
    assert_int_equal(cache.axis, 7);
    assert_false(satcd_overlap_polygons_cached(&box, ID, &half, at(1.601f, 1.6f, 0.7854f), &cache));
    assert_int_equal(cache.hit, 1);
    /* A cache from another pair with more edges is ignored, not trusted. */
    satcd_sat_cache stale = {40, 0, 1};
    assert_true(satcd_overlap_polygons_cached(&box, ID, &box, at(1, 1, 0), &stale));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(separated_triangles),
        cmocka_unit_test(rectangle_and_triangle),
        cmocka_unit_test(touching_rectangles),
        cmocka_unit_test(touching_vertex_edge),
        cmocka_unit_test(containment_both_ways),
        cmocka_unit_test(rotated_boxes_apart),
        cmocka_unit_test(circle_vertex_region_and_inside),
        cmocka_unit_test(circles),
        cmocka_unit_test(tolerance_is_a_distance),
        cmocka_unit_test(invalid_shapes_are_absent),
        cmocka_unit_test(cache_remembers_the_axis),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
