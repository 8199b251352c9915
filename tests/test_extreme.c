/*
 * Extreme inputs: sizes from 1e-4 to 1e4, offsets up to 1e7, slivers,
 * nearly parallel edges, near-circles at full capacity, collinear points,
 * clockwise input, -0.0. Separation and MTV depth are measured against a
 * double-precision reference computed here from the same float inputs, and
 * asserted within the bounds stated in docs/robustness.md. Also regression
 * tests for what the fuzz targets found.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <satcd/satcd.h>

#include "random_shapes.h"

/* ---- regressions found by the fuzz targets ---- */

/* A polygon a few 1e12 across or more overflowed the float centroid sum. */
static void huge_polygon_has_finite_centroid(void **state)
{
    (void)state;
    satcd_polygon p = satcd_polygon_box(1e15f, 1e15f);
    assert_int_equal(p.count, 4);
    assert_true(isfinite(p.centroid.x) && isfinite(p.centroid.y));
    assert_true(fabsf(p.centroid.x) <= 1.0f && fabsf(p.centroid.y) <= 1.0f); /* exact 0, up to rounding */
    assert_float_equal(p.radius, 1.41421356e15f, 1e9f);
}

/* A polygon whose squared sizes underflow float got radius 0. */
static void tiny_polygon_has_positive_radius(void **state)
{
    (void)state;
    satcd_vec2 v[3] = {{0.0f, -3.5730334e-23f}, {3.1342397e-23f, 0.0f}, {3.1342398e-25f, 0.0f}};
    satcd_polygon p;
    assert_int_equal(satcd_polygon_make(&p, v, 3), SATCD_OK);
    double want = 0.0;
    for (int i = 0; i < 3; ++i) want = fmax(want, hypot((double)v[i].x - p.centroid.x, (double)v[i].y - p.centroid.y));
    assert_true(p.radius > 0.0f);
    assert_true(fabs(p.radius - want) <= 1e-6 * want);
}

/*
 * A ring with a spike that doubles back along its own edge (0,0) -> (0,-1)
 * -> (0,-0.0625) -> (1,1) was accepted with the spike tip (0,-1) dropped as
 * "collinear": a polygon that misses an input vertex by 0.64. It is not
 * convex and must be refused.
 */
static void spike_ring_is_refused(void **state)
{
    (void)state;
    satcd_vec2 v[4] = {{-3.03756884e-13f, -3.03164883e-13f}, {-3.03164883e-13f, -0.998697877f},
                       {9.62964915e-35f, -0.0625f}, {1.0f, 1.0f}};
    satcd_polygon p;
    memset(&p, 0x5A, sizeof p);
    satcd_polygon before = p;
    satcd_status st = satcd_polygon_make(&p, v, 4);
    assert_int_not_equal(st, SATCD_OK);
    assert_memory_equal(&p, &before, sizeof p);
    /* The same spike in exact coordinates. */
    satcd_vec2 w[4] = {{0.0f, 0.0f}, {0.0f, -1.0f}, {0.0f, -0.0625f}, {1.0f, 1.0f}};
    assert_int_not_equal(satcd_polygon_make(&p, w, 4), SATCD_OK);
    /* The hull of the same points keeps the tip. */
    assert_int_equal(satcd_polygon_hull(&p, v, 4), SATCD_OK);
    assert_int_equal(p.count, 3);
    assert_float_equal(p.vy[1], -0.998697877f, 0.0f);
}

/* Two unit circles whose centres are 4e-22 apart: the MTV normal was 1.00026 long. */
static void nearly_concentric_circles_have_unit_normal(void **state)
{
    (void)state;
    satcd_circle c;
    assert_int_equal(satcd_circle_make(&c, satcd_v2(0.0f, 0.0f), 1.0f), SATCD_OK);
    satcd_xf xa = {{-4.3344259e-22f, 4.33001225e-43f}, {3.01779332e-36f, -1.0f}};
    satcd_xf xb = satcd_xf_identity();
    satcd_mtv m = satcd_mtv_circles(&c, xa, &c, xb);
    assert_true(m.hit);
    assert_float_equal(m.depth, 2.0f, 1e-6f);
    assert_float_equal(hypotf(m.normal.x, m.normal.y), 1.0f, 1e-6f);
    satcd_manifold mf = satcd_collide_circles(&c, xa, &c, xb, 0.0f);
    assert_int_equal(mf.count, 1);
    assert_float_equal(hypotf(mf.normal.x, mf.normal.y), 1.0f, 1e-6f);
}

/* Largest distance of any of the n points outside polygon p (exact edge normals, double). */
static double farthest_outside(const satcd_polygon *p, const satcd_vec2 *v, int n)
{
    double worst = -INFINITY;
    for (int k = 0; k < n; ++k) {
        double gap = -INFINITY;
        for (int i = 0; i < p->count; ++i) {
            int j = (i + 1) % p->count;
            double ex = (double)p->vx[j] - p->vx[i], ey = (double)p->vy[j] - p->vy[i];
            gap = fmax(gap, (((double)v[k].x - p->vx[i]) * ey - ((double)v[k].y - p->vy[i]) * ex) / hypot(ex, ey));
        }
        worst = fmax(worst, gap);
    }
    return worst;
}

/*
 * A cloud with points nearly collinear with the leftmost point: the gift
 * wrap took a point behind it on the edge just walked as a candidate (at 180
 * degrees the cross product's sign is noise) and then closed the ring
 * early, leaving (1.2e-40, 5.617e10) 3.8e7 outside the hull (tolerance
 * 5.6e5). With that fixed, the wrap stepped over the start on a collinear
 * tie and never closed.
 */
static void hull_keeps_points_near_collinear_start(void **state)
{
    (void)state;
    satcd_vec2 v[9] = {{5.61034117e+10f, 5.61882767e+10f}, {5.61882767e+10f, 5.61882767e+10f},
                       {1.21006326e-40f, 5.61701192e+10f}, {5.61882767e+10f, 5.61882849e+10f},
                       {5.59198413e+10f, 5.61880146e+10f}, {5.61882767e+10f, 3.84455791e-38f},
                       {-1.8812425e-06f, 5.56938568e+10f}, {5.61882767e+10f, 7.46784602e-39f}, {0.0f, 0.0f}};
    satcd_polygon p;
    assert_int_equal(satcd_polygon_hull(&p, v, 9), SATCD_OK);
    double tol = SATCD_POLYGON_TOLERANCE_REL * 5.61882849e10;
    assert_true(farthest_outside(&p, v, 9) <= 2.0 * tol);
    assert_int_equal(p.count, 4);
}

/*
 * The start (0,0) lies within tolerance of the hull edge from
 * (7.6e-37,-0.503) to (0,2.011): the two are on opposite sides of it, and
 * the "collinear, farther" tie took the upper one, walking the wrong way
 * and leaving (7.6e-37,-0.503) 0.5 outside a triangle.
 */
static void hull_start_between_opposite_collinear_points(void **state)
{
    (void)state;
    satcd_vec2 v[6] = {{7.58216725e-37f, -0.50288409f}, {9.21942286e-41f, -0.0319857635f},
                       {2.35220811e-38f, -1.8831488e-06f}, {0.0f, 2.01127934f}, {0.503913879f, 2.26001416e-41f},
                       {0.0f, 0.0f}};
    satcd_polygon p;
    assert_int_equal(satcd_polygon_hull(&p, v, 6), SATCD_OK);
    double tol = SATCD_POLYGON_TOLERANCE_REL * 2.51416343;
    assert_true(farthest_outside(&p, v, 6) <= 2.0 * tol);
    assert_int_equal(p.count, 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(huge_polygon_has_finite_centroid),
        cmocka_unit_test(tiny_polygon_has_positive_radius),
        cmocka_unit_test(spike_ring_is_refused),
        cmocka_unit_test(nearly_concentric_circles_have_unit_normal),
        cmocka_unit_test(hull_keeps_points_near_collinear_start),
        cmocka_unit_test(hull_start_between_opposite_collinear_points),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
