/* Construction: every status of satcd_polygon_make, cleanup, winding, cached data, hulls. */
#include "cmocka_all.h"

#include <math.h>
#include <string.h>

#include <satcd/satcd.h>

/* Fill a polygon with a byte pattern, so "untouched" can be checked byte for byte. */
static void poison(satcd_polygon *p) { memset(p, 0xA5, sizeof *p); }

static void assert_untouched(const satcd_polygon *p)
{
    satcd_polygon ref;
    poison(&ref);
    assert_memory_equal(p, &ref, sizeof ref);
}

static void expect_refused(const satcd_vec2 *pts, int n, satcd_status want)
{
    satcd_polygon p;
    poison(&p);
    assert_int_equal(satcd_polygon_make(&p, pts, n), want);
    assert_untouched(&p);
}

static void make_refuses_null(void **state)
{
    (void)state;
    satcd_vec2 tri[3] = {{0, 0}, {1, 0}, {0, 1}};
    satcd_polygon p;
    poison(&p);
    assert_int_equal(satcd_polygon_make(NULL, tri, 3), SATCD_ERR_NULL);
    assert_int_equal(satcd_polygon_make(&p, NULL, 3), SATCD_ERR_NULL);
    assert_untouched(&p);
}

static void make_refuses_not_finite(void **state)
{
    (void)state;
    satcd_vec2 nan_pt[3] = {{0, 0}, {1, NAN}, {0, 1}};
    satcd_vec2 inf_pt[3] = {{0, 0}, {1, 0}, {-INFINITY, 1}};
    expect_refused(nan_pt, 3, SATCD_ERR_NOT_FINITE);
    expect_refused(inf_pt, 3, SATCD_ERR_NOT_FINITE);
}

static void make_refuses_out_of_range(void **state)
{
    (void)state;
    satcd_vec2 huge[3] = {{0, 0}, {1e16f, 0}, {0, 1}};
    expect_refused(huge, 3, SATCD_ERR_OUT_OF_RANGE);
}

static void make_refuses_too_few(void **state)
{
    (void)state;
    satcd_vec2 two[2] = {{0, 0}, {1, 0}};
    satcd_vec2 repeated[4] = {{0, 0}, {1, 0}, {1, 0}, {0, 0}};
    expect_refused(two, 2, SATCD_ERR_TOO_FEW_POINTS);
    expect_refused(two, 0, SATCD_ERR_TOO_FEW_POINTS);
    expect_refused(repeated, 4, SATCD_ERR_TOO_FEW_POINTS);
}

static void make_refuses_too_many(void **state)
{
    (void)state;
    satcd_vec2 pts[SATCD_MAX_POLYGON_VERTICES + 1];
    for (int i = 0; i <= SATCD_MAX_POLYGON_VERTICES; ++i) {
        double a = 6.283185307179586 * i / (SATCD_MAX_POLYGON_VERTICES + 1);
        pts[i] = satcd_v2((float)cos(a), (float)sin(a));
    }
    expect_refused(pts, SATCD_MAX_POLYGON_VERTICES + 1, SATCD_ERR_TOO_MANY_POINTS);
}

static void make_refuses_degenerate(void **state)
{
    (void)state;
    satcd_vec2 line[4] = {{0, 0}, {1, 1}, {3, 3}, {2, 2}};
    /* Off the line by far less than the cleanup tolerance (1e-5 of the extent 3). */
    satcd_vec2 almost[3] = {{0, 0}, {3, 0}, {1.5f, 1e-6f}};
    expect_refused(line, 4, SATCD_ERR_DEGENERATE);
    expect_refused(almost, 3, SATCD_ERR_DEGENERATE);
}

static void make_refuses_not_convex(void **state)
{
    (void)state;
    satcd_vec2 dart[4] = {{0, 0}, {2, 1}, {4, 0}, {2, 3}};
    satcd_vec2 l_shape[6] = {{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
    expect_refused(dart, 4, SATCD_ERR_NOT_CONVEX);
    expect_refused(l_shape, 6, SATCD_ERR_NOT_CONVEX);
}

static void make_refuses_self_intersecting(void **state)
{
    (void)state;
    satcd_vec2 bowtie[4] = {{0, 0}, {1, 1}, {1, 0}, {0, 1}};
    satcd_vec2 pentagram[5];
    for (int i = 0; i < 5; ++i) {
        double a = 6.283185307179586 * (2 * i % 5) / 5.0;
        pentagram[i] = satcd_v2((float)cos(a), (float)sin(a));
    }
    satcd_vec2 repeated_vertex[5] = {{0, 0}, {2, 0}, {1, 1}, {2, 2}, {1, 1}};
    expect_refused(bowtie, 4, SATCD_ERR_SELF_INTERSECTING);
    expect_refused(pentagram, 5, SATCD_ERR_SELF_INTERSECTING);
    expect_refused(repeated_vertex, 5, SATCD_ERR_SELF_INTERSECTING);
}

static void assert_vertex(const satcd_polygon *p, int i, float x, float y)
{
    assert_float_equal(satcd_polygon_vertex(p, i).x, x, 1e-6f);
    assert_float_equal(satcd_polygon_vertex(p, i).y, y, 1e-6f);
}

static void make_normalises_clockwise_input(void **state)
{
    (void)state;
    satcd_vec2 cw[4] = {{0, 0}, {0, 2}, {3, 2}, {3, 0}};
    satcd_polygon p;
    assert_int_equal(satcd_polygon_make(&p, cw, 4), SATCD_OK);
    assert_int_equal(p.count, 4);
    /* Reversed to counter-clockwise: (3,0) (3,2) (0,2) (0,0). */
    assert_vertex(&p, 0, 3, 0);
    assert_vertex(&p, 1, 3, 2);
    assert_vertex(&p, 2, 0, 2);
    assert_vertex(&p, 3, 0, 0);
    /* Edge 0 runs (3,0) -> (3,2): outward normal +x. */
    assert_float_equal(satcd_polygon_normal(&p, 0).x, 1.0f, 0.0f);
    assert_float_equal(satcd_polygon_normal(&p, 0).y, 0.0f, 0.0f);
    assert_float_equal(satcd_polygon_normal(&p, 1).x, 0.0f, 0.0f);
    assert_float_equal(satcd_polygon_normal(&p, 1).y, 1.0f, 0.0f);
    assert_float_equal(p.centroid.x, 1.5f, 1e-6f);
    assert_float_equal(p.centroid.y, 1.0f, 1e-6f);
    assert_float_equal(p.radius, sqrtf(1.5f * 1.5f + 1.0f), 1e-6f);
}

static void make_drops_repeated_and_collinear_points(void **state)
{
    (void)state;
    /* A 2x2 square with edge midpoints, a repeated corner and a point 1e-6 off an edge. */
    satcd_vec2 pts[10] = {{0, 0}, {1, 0}, {2, 0}, {2, 0}, {2, 1}, {2, 2}, {1, 2.000001f}, {0, 2}, {0, 1}, {0, 0}};
    satcd_polygon p;
    assert_int_equal(satcd_polygon_make(&p, pts, 10), SATCD_OK);
    assert_int_equal(p.count, 4);
    for (int i = 0; i < 4; ++i) {
        satcd_vec2 v = satcd_polygon_vertex(&p, i);
        float x = v.x, y = v.y;
        assert_true((x == 0.0f || x == 2.0f) && (y == 0.0f || y == 2.0f));
    }
}

static void make_keeps_a_point_beyond_tolerance(void **state)
{
    (void)state;
    /* 1e-3 off the chord of an extent-2 polygon is 50x the tolerance: a real vertex. */
    satcd_vec2 pts[5] = {{0, 0}, {2, 0}, {2, 2}, {1, 2.001f}, {0, 2}};
    satcd_polygon p;
    assert_int_equal(satcd_polygon_make(&p, pts, 5), SATCD_OK);
    assert_int_equal(p.count, 5);
}

static void cached_data_is_consistent(void **state)
{
    (void)state;
    satcd_vec2 pts[5] = {{0, 0}, {4, -1}, {6, 2}, {3, 5}, {-1, 3}};
    satcd_polygon p;
    assert_int_equal(satcd_polygon_make(&p, pts, 5), SATCD_OK);
    for (int i = 0; i < p.count; ++i) {
        int j = (i + 1) % p.count;
        satcd_vec2 vi = satcd_polygon_vertex(&p, i), n = satcd_polygon_normal(&p, i);
        satcd_vec2 e = satcd_sub(satcd_polygon_vertex(&p, j), vi);
        assert_float_equal(n.x * n.x + n.y * n.y, 1.0f, 1e-6f);
        assert_float_equal(n.x * e.x + n.y * e.y, 0.0f, 1e-5f);
        /* Outward: every vertex is behind the edge. */
        for (int k = 0; k < p.count; ++k) {
            satcd_vec2 vk = satcd_polygon_vertex(&p, k);
            float d = (vk.x - vi.x) * n.x + (vk.y - vi.y) * n.y;
            assert_true(d <= 1e-5f);
        }
    }
    /* Lanes past count repeat lane 0 (the SIMD kernels rely on it). */
    for (int i = p.count; i < SATCD_MAX_POLYGON_VERTICES; ++i) {
        satcd_vec2 v = satcd_polygon_vertex(&p, i), v0 = satcd_polygon_vertex(&p, 0);
        satcd_vec2 n = satcd_polygon_normal(&p, i), n0 = satcd_polygon_normal(&p, 0);
        assert_true(v.x == v0.x && v.y == v0.y && n.x == n0.x && n.y == n0.y);
    }
}

static void box_and_regular(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(2.0f, 0.5f);
    assert_int_equal(box.count, 4);
    assert_vertex(&box, 0, -2, -0.5f);
    assert_vertex(&box, 2, 2, 0.5f);
    assert_float_equal(box.centroid.x, 0.0f, 0.0f);
    satcd_polygon bad = satcd_polygon_box(-1.0f, 1.0f);
    assert_int_equal(bad.count, 0);
    bad = satcd_polygon_box(NAN, 1.0f);
    assert_int_equal(bad.count, 0);

    satcd_polygon hex;
    assert_int_equal(satcd_polygon_regular(&hex, 6, 2.0f), SATCD_OK);
    assert_int_equal(hex.count, 6);
    assert_vertex(&hex, 0, 2.0f, 0.0f);
    assert_vertex(&hex, 1, 1.0f, sqrtf(3.0f));
    /* The apothem of a regular hexagon of radius 2 is sqrt(3). */
    assert_float_equal(satcd_dot(satcd_polygon_vertex(&hex, 0), satcd_polygon_normal(&hex, 0)), sqrtf(3.0f), 1e-6f);

    satcd_polygon p;
    poison(&p);
    assert_int_equal(satcd_polygon_regular(&p, 2, 1.0f), SATCD_ERR_TOO_FEW_POINTS);
    assert_int_equal(satcd_polygon_regular(&p, 17, 1.0f), SATCD_ERR_TOO_MANY_POINTS);
    assert_int_equal(satcd_polygon_regular(&p, 5, 0.0f), SATCD_ERR_BAD_RADIUS);
    assert_int_equal(satcd_polygon_regular(&p, 5, -1.0f), SATCD_ERR_BAD_RADIUS);
    assert_int_equal(satcd_polygon_regular(&p, 5, INFINITY), SATCD_ERR_NOT_FINITE);
    assert_int_equal(satcd_polygon_regular(NULL, 5, 1.0f), SATCD_ERR_NULL);
    assert_untouched(&p);
}

static void hull_of_a_cloud(void **state)
{
    (void)state;
    satcd_vec2 cloud[9] = {{1, 1}, {0, 0}, {2, 2}, {0.5f, 1.5f}, {2, 0}, {1, 0}, {0, 2}, {1.9f, 0.2f}, {0, 1}};
    satcd_polygon p;
    assert_int_equal(satcd_polygon_hull(&p, cloud, 9), SATCD_OK);
    assert_int_equal(p.count, 4);
    float area2 = 0.0f;
    for (int i = 0; i < 4; ++i) {
        int j = (i + 1) % 4;
        area2 += satcd_cross(satcd_polygon_vertex(&p, i), satcd_polygon_vertex(&p, j));
    }
    assert_float_equal(area2, 8.0f, 1e-6f); /* CCW square of side 2 */
}

static void hull_statuses(void **state)
{
    (void)state;
    satcd_polygon p;
    poison(&p);
    satcd_vec2 same[5] = {{1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}};
    satcd_vec2 line[5] = {{0, 0}, {3, 3}, {1, 1}, {2, 2}, {0.5f, 0.5f}};
    satcd_vec2 nan_pt[3] = {{0, 0}, {NAN, 0}, {0, 1}};
    satcd_vec2 ring[24];
    for (int i = 0; i < 24; ++i) {
        double a = 6.283185307179586 * i / 24.0;
        ring[i] = satcd_v2((float)cos(a), (float)sin(a));
    }
    assert_int_equal(satcd_polygon_hull(&p, same, 5), SATCD_ERR_TOO_FEW_POINTS);
    assert_int_equal(satcd_polygon_hull(&p, line, 5), SATCD_ERR_DEGENERATE);
    assert_int_equal(satcd_polygon_hull(&p, nan_pt, 3), SATCD_ERR_NOT_FINITE);
    assert_int_equal(satcd_polygon_hull(&p, ring, 24), SATCD_ERR_TOO_MANY_POINTS);
    assert_int_equal(satcd_polygon_hull(&p, ring, 2), SATCD_ERR_TOO_FEW_POINTS);
    assert_int_equal(satcd_polygon_hull(NULL, ring, 5), SATCD_ERR_NULL);
    assert_int_equal(satcd_polygon_hull(&p, NULL, 5), SATCD_ERR_NULL);
    assert_untouched(&p);
    /* 300 points on a circle: more exact corners than the ring the wrap keeps, and no cut possible. */
    satcd_vec2 many[300];
    for (int i = 0; i < 300; ++i) {
        double a = 6.283185307179586 * i / 300.0;
        many[i] = satcd_v2((float)(1e3 * cos(a)), (float)(1e3 * sin(a)));
    }
    assert_int_equal(satcd_polygon_hull(&p, many, 300), SATCD_ERR_TOO_MANY_POINTS);
    assert_untouched(&p);
    /* 16 of the 24 ring points: exactly at capacity. */
    assert_int_equal(satcd_polygon_hull(&p, ring, 16), SATCD_OK);
    assert_int_equal(p.count, 16);
}

static void circle_make(void **state)
{
    (void)state;
    satcd_circle c = {{7, 7}, 7};
    const satcd_circle before = c;
    assert_int_equal(satcd_circle_make(NULL, satcd_v2(0, 0), 1), SATCD_ERR_NULL);
    assert_int_equal(satcd_circle_make(&c, satcd_v2(0, 0), 0), SATCD_ERR_BAD_RADIUS);
    assert_int_equal(satcd_circle_make(&c, satcd_v2(0, 0), -2), SATCD_ERR_BAD_RADIUS);
    assert_int_equal(satcd_circle_make(&c, satcd_v2(NAN, 0), 1), SATCD_ERR_NOT_FINITE);
    assert_int_equal(satcd_circle_make(&c, satcd_v2(0, 0), INFINITY), SATCD_ERR_NOT_FINITE);
    assert_int_equal(satcd_circle_make(&c, satcd_v2(2e15f, 0), 1), SATCD_ERR_OUT_OF_RANGE);
    assert_memory_equal(&c, &before, sizeof c);
    assert_int_equal(satcd_circle_make(&c, satcd_v2(1, 2), 3), SATCD_OK);
    assert_true(c.center.x == 1.0f && c.center.y == 2.0f && c.radius == 3.0f);
}

static void aabb_of_rotated_box(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    satcd_aabb bb = satcd_polygon_aabb(&box, satcd_xf_make(satcd_v2(10, -5), 0.78539816f));
    float r = sqrtf(2.0f);
    assert_float_equal(bb.lower.x, 10 - r, 1e-5f);
    assert_float_equal(bb.upper.x, 10 + r, 1e-5f);
    assert_float_equal(bb.lower.y, -5 - r, 1e-5f);
    assert_float_equal(bb.upper.y, -5 + r, 1e-5f);
    satcd_aabb none = satcd_polygon_aabb(NULL, satcd_xf_make(satcd_v2(3, 4), 0));
    assert_true(none.lower.x == 3 && none.upper.y == 4);
}

static void status_strings(void **state)
{
    (void)state;
    for (int s = 0; s < SATCD_STATUS_COUNT; ++s) {
        const char *msg = satcd_status_string((satcd_status)s);
        assert_non_null(msg);
        assert_true(strlen(msg) > 1);
        assert_string_not_equal(msg, "unknown status");
    }
    assert_string_equal(satcd_status_string((satcd_status)999), "unknown status");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(make_refuses_null),
        cmocka_unit_test(make_refuses_not_finite),
        cmocka_unit_test(make_refuses_out_of_range),
        cmocka_unit_test(make_refuses_too_few),
        cmocka_unit_test(make_refuses_too_many),
        cmocka_unit_test(make_refuses_degenerate),
        cmocka_unit_test(make_refuses_not_convex),
        cmocka_unit_test(make_refuses_self_intersecting),
        cmocka_unit_test(make_normalises_clockwise_input),
        cmocka_unit_test(make_drops_repeated_and_collinear_points),
        cmocka_unit_test(make_keeps_a_point_beyond_tolerance),
        cmocka_unit_test(cached_data_is_consistent),
        cmocka_unit_test(box_and_regular),
        cmocka_unit_test(hull_of_a_cloud),
        cmocka_unit_test(hull_statuses),
        cmocka_unit_test(circle_make),
        cmocka_unit_test(aabb_of_rotated_box),
        cmocka_unit_test(status_strings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
