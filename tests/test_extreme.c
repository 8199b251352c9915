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

/* ---- double-precision reference (the float inputs taken as exact) ---- */

typedef struct ref_polygon {
    int count;
    double x[SATCD_MAX_POLYGON_VERTICES], y[SATCD_MAX_POLYGON_VERTICES];
    double nx[SATCD_MAX_POLYGON_VERTICES], ny[SATCD_MAX_POLYGON_VERTICES];
} ref_polygon;

/*
 * World vertices in double relative to `origin` (so that a tiny shape at 1e7
 * keeps its digits: float minus float is exact in double); exact outward
 * normals from the local edges, then rotated.
 */
static ref_polygon to_ref(const satcd_polygon *p, satcd_xf xf, satcd_vec2 origin)
{
    ref_polygon w;
    double c = xf.q.c, s = xf.q.s;
    w.count = p->count;
    for (int i = 0; i < p->count; ++i) {
        int j = (i + 1) % p->count;
        satcd_vec2 vi = satcd_polygon_vertex(p, i), vj = satcd_polygon_vertex(p, j);
        w.x[i] = c * vi.x - s * vi.y + ((double)xf.p.x - origin.x);
        w.y[i] = s * vi.x + c * vi.y + ((double)xf.p.y - origin.y);
        double ex = (double)vj.x - vi.x, ey = (double)vj.y - vi.y, len = hypot(ex, ey);
        w.nx[i] = (c * ey + s * ex) / len;
        w.ny[i] = (s * ey - c * ex) / len;
    }
    return w;
}

/* Largest face gap of a against b's vertices; *axis gets its normal. */
static double ref_face_gap(const ref_polygon *a, const ref_polygon *b, double *ax, double *ay)
{
    double best = -INFINITY;
    for (int i = 0; i < a->count; ++i) {
        double low = INFINITY;
        for (int k = 0; k < b->count; ++k)
            low = fmin(low, (b->x[k] - a->x[i]) * a->nx[i] + (b->y[k] - a->y[i]) * a->ny[i]);
        if (low > best) best = low, *ax = a->nx[i], *ay = a->ny[i];
    }
    return best;
}

/* Reference separation and its axis (A to B). */
static double ref_separation(const ref_polygon *a, const ref_polygon *b, double *nx, double *ny)
{
    double anx = 0, any = 0, bnx = 0, bny = 0;
    double sa = ref_face_gap(a, b, &anx, &any), sb = ref_face_gap(b, a, &bnx, &bny);
    if (sb > sa) {
        *nx = -bnx, *ny = -bny;
        return sb;
    }
    *nx = anx, *ny = any;
    return sa;
}

/* Distance of (px, py) from the boundary of p. */
static double ref_boundary_distance(const ref_polygon *p, double px, double py)
{
    double best = INFINITY;
    for (int i = 0; i < p->count; ++i) {
        int j = (i + 1) % p->count;
        double ex = p->x[j] - p->x[i], ey = p->y[j] - p->y[i];
        double t = ((px - p->x[i]) * ex + (py - p->y[i]) * ey) / (ex * ex + ey * ey);
        t = fmin(1.0, fmax(0.0, t));
        best = fmin(best, hypot(px - (p->x[i] + t * ex), py - (p->y[i] + t * ey)));
    }
    return best;
}

/* Gap between the projections of a and b on direction (nx, ny): min of b minus max of a. */
static double ref_interval_gap(const ref_polygon *a, const ref_polygon *b, double nx, double ny)
{
    double amax = -INFINITY, bmin = INFINITY;
    for (int i = 0; i < a->count; ++i) amax = fmax(amax, a->x[i] * nx + a->y[i] * ny);
    for (int i = 0; i < b->count; ++i) bmin = fmin(bmin, b->x[i] * nx + b->y[i] * ny);
    return bmin - amax;
}

/* The same face-separation formula in float, but in world coordinates: what the local frame avoids. */
static float world_frame_separation(const satcd_polygon *a, satcd_xf xa, const satcd_polygon *b, satcd_xf xb)
{
    float best = -FLT_MAX;
    for (int pass = 0; pass < 2; ++pass) {
        const satcd_polygon *p = pass ? b : a, *q = pass ? a : b;
        satcd_xf xp = pass ? xb : xa, xq = pass ? xa : xb;
        for (int i = 0; i < p->count; ++i) {
            satcd_vec2 v = satcd_xf_point(xp, satcd_polygon_vertex(p, i));
            satcd_vec2 n = satcd_rotate(xp.q, satcd_polygon_normal(p, i));
            float low = FLT_MAX;
            for (int k = 0; k < q->count; ++k) {
                float d = satcd_dot(satcd_sub(satcd_xf_point(xq, satcd_polygon_vertex(q, k)), v), n);
                low = d < low ? d : low;
            }
            best = low > best ? low : best;
        }
    }
    return best;
}

/* ---- the extreme-input table ---- */

typedef enum shape_kind { RANDOM8, SLIVER, NEAR_CIRCLE, BOX_TILT } shape_kind;

/*
 * One row: shapes of `size` placed at `offset` from the origin, pairs whose
 * origins lie within 2 * size of each other. Errors are measured in units
 * of FLT_EPSILON * (size + |pB - pA|): the scale of the numbers in A's frame.
 */
typedef struct extreme_row {
    const char *name;
    shape_kind kind;
    float size;
    float offset;
    double bound;        /* asserted: separation and MTV depth error <= bound units */
    double point_bound;  /* asserted: contact points within point_bound * ulp(offset + size) of the boundary */
} extreme_row;

typedef struct extreme_result {
    double sep_units;    /* worst |separation - reference| in units */
    double world_units;  /* the same formula in world coordinates, for comparison */
    double point_ulps;   /* worst contact-point distance from the shapes' boundaries, in ulp(offset + size) */
    int pairs, overlapping;
} extreme_result;

static satcd_polygon make_shape(random_source *r, shape_kind kind, float size)
{
    satcd_polygon p;
    switch (kind) {
    case SLIVER: p = satcd_polygon_box(size, size * 1e-4f); break;
    case NEAR_CIRCLE:
        if (satcd_polygon_regular(&p, SATCD_MAX_POLYGON_VERTICES, size) != SATCD_OK) memset(&p, 0, sizeof p);
        break;
    case BOX_TILT: p = satcd_polygon_box(size, size); break;
    default: p = random_convex_polygon(r, 8, size); break;
    }
    return p;
}

static satcd_xf place(random_source *r, shape_kind kind, satcd_vec2 at, int index)
{
    if (kind != BOX_TILT) return random_transform_at(r, at);
    /* Nearly parallel edges: the second box is tilted by 1e-3 down to 1e-7 radians. */
    float tilt = index == 0 ? 0.0f : powf(10.0f, -random_float(r, 3.0f, 7.0f));
    return satcd_xf_make(at, tilt);
}

static double ulp_of(double x)
{
    float f = (float)fabs(x);
    return (double)nextafterf(f, INFINITY) - f;
}

static extreme_result measure_row(const extreme_row *row)
{
    extreme_result out = {0, 0, 0, 0, 0};
    random_source r = random_source_seeded(0xE7 + (uint64_t)row->kind * 977u + (uint64_t)(row->size * 10.0f) + (uint64_t)row->offset);
    float s = row->size;
    for (int n = 0; n < 200; ++n) {
        satcd_polygon a = make_shape(&r, row->kind, s), b = make_shape(&r, row->kind, s);
        assert_int_not_equal(a.count, 0);
        assert_int_not_equal(b.count, 0);
        satcd_vec2 pa = satcd_v2(row->offset * 0.6f, -row->offset * 0.8f);
        float reach = row->kind == BOX_TILT ? 2.0f * s : 2.0f * s * random_unit(&r);
        float ang = random_float(&r, 0.0f, 6.2831853f);
        satcd_vec2 pb = satcd_v2(pa.x + reach * cosf(ang), pa.y + reach * sinf(ang));
        if (row->kind == BOX_TILT) pb = satcd_v2(pa.x, pa.y + s * random_float(&r, 1.98f, 2.0f)); /* resting */
        satcd_xf xa = place(&r, row->kind, pa, 0), xb = place(&r, row->kind, pb, 1);

        ref_polygon ra = to_ref(&a, xa, xa.p), rb = to_ref(&b, xb, xa.p);
        double rnx, rny;
        double ref = ref_separation(&ra, &rb, &rnx, &rny);
        (void)rnx, (void)rny;
        double unit = FLT_EPSILON * ((double)s + hypot((double)xb.p.x - xa.p.x, (double)xb.p.y - xa.p.y));

        float sep = satcd_separation_polygons(&a, xa, &b, xb);
        assert_true(isfinite(sep));
        out.sep_units = fmax(out.sep_units, fabs(sep - ref) / unit);
        out.world_units = fmax(out.world_units, fabs(world_frame_separation(&a, xa, &b, xb) - ref) / unit);
        out.pairs++;

        satcd_mtv m = satcd_mtv_polygons(&a, xa, &b, xb);
        assert_true(m.hit == (sep < 0.0f));
        if (m.hit) {
            out.overlapping++;
            assert_true(isfinite(m.depth) && isfinite(m.normal.x) && isfinite(m.normal.y));
            assert_float_equal(hypotf(m.normal.x, m.normal.y), 1.0f, 1e-6f);
            out.sep_units = fmax(out.sep_units, fabs(m.depth + ref) / unit);
            /* No wrong-sign normal: pushing B by the depth (plus the bound) along it separates the pair exactly. */
            double push = m.depth + 2.0 * row->bound * unit;
            ref_polygon rm = rb;
            for (int i = 0; i < rm.count; ++i) rm.x[i] += push * m.normal.x, rm.y[i] += push * m.normal.y;
            double tx, ty;
            assert_true(ref_separation(&ra, &rm, &tx, &ty) >= -row->bound * unit);
        }

        satcd_manifold mf = satcd_collide_polygons(&a, xa, &b, xb, 0.0f);
        if (sep < 0.0f) assert_true(mf.count >= 1);
        double pulp = ulp_of((double)row->offset + s);
        for (int i = 0; i < mf.count; ++i) {
            satcd_vec2 c = mf.points[i].point;
            assert_true(satcd_vec2_is_finite(c) && isfinite(mf.points[i].depth));
            double cx = (double)c.x - xa.p.x, cy = (double)c.y - xa.p.y;
            double d = fmin(ref_boundary_distance(&ra, cx, cy), ref_boundary_distance(&rb, cx, cy));
            out.point_ulps = fmax(out.point_ulps, d / pulp);
        }
        /* The manifold's face may trade the best one for A's by the reference bias, never for a wrong-sign one. */
        double bias = SATCD_REFERENCE_BIAS_REL * fmin(a.radius, b.radius);
        if (mf.count > 0) assert_true(ref_interval_gap(&ra, &rb, mf.normal.x, mf.normal.y) >= ref - bias - 4.0 * row->bound * unit);
    }
    return out;
}

#define ROW(kind, size, offset, bound, pbound) {#kind " size " #size " at " #offset, kind, size, offset, bound, pbound}

static const extreme_row extreme_rows[] = {
    ROW(RANDOM8, 1e-4f, 0.0f, 4, 4), ROW(RANDOM8, 1e-2f, 0.0f, 4, 4), ROW(RANDOM8, 1.0f, 0.0f, 4, 4),
    ROW(RANDOM8, 1e2f, 0.0f, 4, 4), ROW(RANDOM8, 1e4f, 0.0f, 4, 4),
    ROW(RANDOM8, 1e-4f, 1e3f, 4, 4), ROW(RANDOM8, 1.0f, 1e3f, 4, 4), ROW(RANDOM8, 1e2f, 1e3f, 4, 4),
    ROW(RANDOM8, 1e-4f, 1e5f, 4, 4), ROW(RANDOM8, 1.0f, 1e5f, 4, 4), ROW(RANDOM8, 1e4f, 1e5f, 4, 4),
    ROW(RANDOM8, 1e-4f, 1e7f, 4, 4), ROW(RANDOM8, 1.0f, 1e7f, 4, 4), ROW(RANDOM8, 1e4f, 1e7f, 4, 4),
    ROW(SLIVER, 1e-2f, 0.0f, 4, 4), ROW(SLIVER, 1.0f, 0.0f, 4, 4), ROW(SLIVER, 1e4f, 0.0f, 4, 4),
    ROW(SLIVER, 1.0f, 1e5f, 4, 4), ROW(SLIVER, 1.0f, 1e7f, 4, 4),
    ROW(NEAR_CIRCLE, 1e-4f, 0.0f, 4, 4), ROW(NEAR_CIRCLE, 1.0f, 0.0f, 4, 4), ROW(NEAR_CIRCLE, 1e4f, 0.0f, 4, 4),
    ROW(NEAR_CIRCLE, 1.0f, 1e5f, 4, 4), ROW(NEAR_CIRCLE, 1.0f, 1e7f, 4, 4),
    ROW(BOX_TILT, 1e-4f, 0.0f, 4, 4), ROW(BOX_TILT, 1.0f, 0.0f, 4, 4), ROW(BOX_TILT, 1e4f, 0.0f, 4, 4),
    ROW(BOX_TILT, 1.0f, 1e5f, 4, 4), ROW(BOX_TILT, 1.0f, 1e7f, 4, 4),
};

/* Every row within its bound; the measured worst case is printed for docs/robustness.md. */
static void extreme_table(void **state)
{
    (void)state;
    printf("%-36s %8s %10s %12s %9s\n", "row", "pairs", "err/unit", "world/unit", "pt/ulp");
    for (size_t i = 0; i < sizeof extreme_rows / sizeof extreme_rows[0]; ++i) {
        const extreme_row *row = &extreme_rows[i];
        extreme_result res = measure_row(row);
        printf("%-36s %4d/%-3d %10.2f %12.3g %9.2f\n", row->name, res.overlapping, res.pairs, res.sep_units,
               res.world_units, res.point_ulps);
        assert_true(res.sep_units <= row->bound);
        assert_true(res.point_ulps <= row->point_bound);
    }
}

/* Many collinear points: 16 points on a square's boundary give the square; so does a 1000-point hull. */
static void collinear_points_collapse_to_corners(void **state)
{
    (void)state;
    satcd_vec2 ring[16];
    for (int i = 0; i < 16; ++i) {
        int side = i / 4, k = i % 4;
        float t = -1.0f + 0.5f * (float)k;
        satcd_vec2 edge[4] = {{t, -1.0f}, {1.0f, t}, {-t, 1.0f}, {-1.0f, -t}};
        ring[i] = edge[side];
    }
    satcd_polygon p;
    assert_int_equal(satcd_polygon_make(&p, ring, 16), SATCD_OK);
    assert_int_equal(p.count, 4);
    satcd_vec2 cloud[1000];
    random_source r = random_source_seeded(5);
    for (int i = 0; i < 1000; ++i) {
        float t = random_float(&r, -1.0f, 1.0f);
        satcd_vec2 edge[4] = {{t, -1.0f}, {1.0f, t}, {-t, 1.0f}, {-1.0f, -t}};
        cloud[i] = edge[i % 4];
    }
    cloud[0] = satcd_v2(-1.0f, -1.0f), cloud[1] = satcd_v2(1.0f, -1.0f);
    cloud[2] = satcd_v2(1.0f, 1.0f), cloud[3] = satcd_v2(-1.0f, 1.0f);
    satcd_polygon h;
    assert_int_equal(satcd_polygon_hull(&h, cloud, 1000), SATCD_OK);
    assert_int_equal(h.count, 4);
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    satcd_xf xa = satcd_xf_make(satcd_v2(0.3f, 0.1f), 0.4f), xb = satcd_xf_make(satcd_v2(1.7f, 0.9f), -0.2f);
    float want = satcd_separation_polygons(&box, xa, &box, xb);
    assert_float_equal(satcd_separation_polygons(&p, xa, &h, xb), want, 4.0f * FLT_EPSILON * 3.0f);
}

/* Clockwise input gives the same polygon as counter-clockwise input (same vertex set, CCW). */
static void clockwise_input_is_normalised(void **state)
{
    (void)state;
    satcd_vec2 ccw[5] = {{0.0f, 0.0f}, {3.0f, 0.0f}, {4.0f, 2.0f}, {2.0f, 4.0f}, {-1.0f, 2.0f}};
    satcd_vec2 cw[5];
    for (int i = 0; i < 5; ++i) cw[i] = ccw[4 - i];
    satcd_polygon a, b;
    assert_int_equal(satcd_polygon_make(&a, ccw, 5), SATCD_OK);
    assert_int_equal(satcd_polygon_make(&b, cw, 5), SATCD_OK);
    assert_int_equal(a.count, 5);
    assert_int_equal(b.count, 5);
    for (int i = 0; i < 5; ++i) {
        int j = (i + 1) % 5, k = (i + 2) % 5;
        satcd_vec2 vi = satcd_polygon_vertex(&b, i), vj = satcd_polygon_vertex(&b, j), vk = satcd_polygon_vertex(&b, k);
        float cross = satcd_cross(satcd_sub(vj, vi), satcd_sub(vk, vj));
        assert_true(cross > 0.0f);
    }
    satcd_xf xa = satcd_xf_identity(), xb = satcd_xf_make(satcd_v2(3.5f, 1.0f), 0.3f);
    assert_float_equal(satcd_separation_polygons(&a, xa, &a, xb), satcd_separation_polygons(&b, xa, &b, xb), 1e-6f);
    assert_float_equal(a.centroid.x, b.centroid.x, 1e-6f);
    assert_float_equal(a.radius, b.radius, 1e-6f);
}

/* -0.0 anywhere in the input changes nothing: touching boxes give +0.0 separation, not -0.0, and no overlap. */
static void negative_zero_is_plain_zero(void **state)
{
    (void)state;
    satcd_vec2 v[4] = {{-0.0f, -0.0f}, {2.0f, -0.0f}, {2.0f, 2.0f}, {-0.0f, 2.0f}};
    satcd_polygon p;
    assert_int_equal(satcd_polygon_make(&p, v, 4), SATCD_OK);
    satcd_xf xa = {{-0.0f, -0.0f}, {1.0f, -0.0f}};
    satcd_xf xb = {{2.0f, -0.0f}, {1.0f, -0.0f}};
    float sep = satcd_separation_polygons(&p, xa, &p, xb);
    assert_true(sep == 0.0f && !signbit(sep));
    assert_false(satcd_overlap_polygons(&p, xa, &p, xb));
    assert_int_equal(satcd_relate_polygons(&p, xa, &p, xb, 0.0f), SATCD_TOUCHING);
    assert_false(satcd_mtv_polygons(&p, xa, &p, xb).hit);
    satcd_manifold m = satcd_collide_polygons(&p, xa, &p, xb, 0.0f);
    assert_int_equal(m.count, 2);
    assert_float_equal(m.normal.x, 1.0f, 0.0f);
    for (int i = 0; i < 2; ++i) assert_true(m.points[i].depth == 0.0f);
    satcd_circle c;
    assert_int_equal(satcd_circle_make(&c, satcd_v2(-0.0f, -0.0f), 1.0f), SATCD_OK);
    assert_true(satcd_separation_circles(&c, xa, &c, xb) == 0.0f);
}

/* The largest accepted coordinates (SATCD_MAX_COORDINATE) still give exact, finite answers; beyond is refused. */
static void largest_coordinates(void **state)
{
    (void)state;
    satcd_polygon big = satcd_polygon_box(SATCD_MAX_COORDINATE, SATCD_MAX_COORDINATE);
    assert_int_equal(big.count, 4);
    satcd_xf xa = satcd_xf_identity(), xb = satcd_xf_make(satcd_v2(1.5e15f, 0.0f), 0.0f);
    float sep = satcd_separation_polygons(&big, xa, &big, xb);
    assert_float_equal(sep, -0.5e15f, 0.5e15f * FLT_EPSILON * 4.0f);
    satcd_mtv m = satcd_mtv_polygons(&big, xa, &big, xb);
    assert_true(m.hit);
    assert_float_equal(m.normal.x, 1.0f, 0.0f);
    satcd_manifold mf = satcd_collide_polygons(&big, xa, &big, xb, 0.0f);
    assert_int_equal(mf.count, 2);
    for (int i = 0; i < 2; ++i) assert_true(isfinite(mf.points[i].depth) && satcd_vec2_is_finite(mf.points[i].point));
    satcd_vec2 over[3] = {{0.0f, 0.0f}, {2e15f, 0.0f}, {0.0f, 1.0f}};
    satcd_polygon p;
    assert_int_equal(satcd_polygon_make(&p, over, 3), SATCD_ERR_OUT_OF_RANGE);
    satcd_circle c;
    assert_int_equal(satcd_circle_make(&c, satcd_v2(0.0f, 0.0f), 2e15f), SATCD_ERR_OUT_OF_RANGE);
}

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
    assert_float_equal(satcd_polygon_vertex(&p, 1).y, -0.998697877f, 0.0f);
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

/*
 * A disc 1.4 beyond the tip of a needle 36,000 long, on the line of one of
 * its long edges. The face gaps, measured from the far ends of the long
 * edges, rounded to about zero, and the centre was taken for inside: the
 * separation came out -r instead of sqrt(2) - r.
 */
static void disc_beyond_a_needle_tip_is_outside(void **state)
{
    (void)state;
    const satcd_vec2 v[3] = {{-25443.3867f, -25443.3867f}, {-25443.0f, -25443.3867f}, {-1.0f, -1.0f}};
    satcd_polygon p;
    assert_int_equal(satcd_polygon_make(&p, v, 3), SATCD_OK);
    satcd_circle c;
    assert_int_equal(satcd_circle_make(&c, satcd_v2(0.0f, 0.0f), 1e-3f), SATCD_OK);
    satcd_xf id = satcd_xf_identity();
    float sep = satcd_separation_polygon_circle(&p, id, &c, id);
    assert_float_equal(sep, sqrtf(2.0f) - 1e-3f, 1e-5f);
    satcd_mtv m = satcd_mtv_polygon_circle(&p, id, &c, id);
    assert_false(m.hit);
    assert_int_equal(satcd_relate_polygon_circle(&p, id, &c, id, 0.0f), SATCD_SEPARATED);
    satcd_manifold mf = satcd_collide_polygon_circle(&p, id, &c, id, 2.0f);
    assert_int_equal(mf.count, 1);
    assert_float_equal(mf.normal.x, 0.70710678f, 1e-5f);
    assert_float_equal(mf.normal.y, 0.70710678f, 1e-5f);
    assert_float_equal(mf.points[0].depth, -sep, 0.0f);
}

/* Largest distance of any of the n points outside polygon p (exact edge normals, double). */
static double farthest_outside(const satcd_polygon *p, const satcd_vec2 *v, int n)
{
    double worst = -INFINITY;
    for (int k = 0; k < n; ++k) {
        double gap = -INFINITY;
        for (int i = 0; i < p->count; ++i) {
            int j = (i + 1) % p->count;
            satcd_vec2 vi = satcd_polygon_vertex(p, i), vj = satcd_polygon_vertex(p, j);
            double ex = (double)vj.x - vi.x, ey = (double)vj.y - vi.y;
            gap = fmax(gap, (((double)v[k].x - vi.x) * ey - ((double)v[k].y - vi.y) * ex) / hypot(ex, ey));
        }
        worst = fmax(worst, gap);
    }
    return worst;
}

/*
 * A cloud with points nearly collinear with the leftmost point. A wrap that
 * turned by tolerance once closed early here, leaving (1.2e-40, 5.617e10)
 * 3.8e7 outside the hull (tolerance 5.6e5), and once never closed.
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
 * (7.6e-37,-0.503) to (0,2.011), the two on opposite sides of it. A wrap
 * that broke ties by tolerance walked the wrong way here and left
 * (7.6e-37,-0.503) 0.5 outside a triangle.
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

/*
 * From (5.6188e10, 5.6188e10) a point 8.5e7 away is a true (if barely) hull
 * vertex. A wrap that broke ties by tolerance handed the lead around
 * inconsistently here and left (1.2e-40, 5.617e10) 6.7e7 outside
 * (tolerance 5.6e5).
 */
static void hull_rechecks_after_collinear_ties(void **state)
{
    (void)state;
    satcd_vec2 v[13] = {{5.61034117e+10f, 5.61882767e+10f}, {1.21006326e-40f, 5.61701192e+10f},
                        {5.61882767e+10f, 5.61882849e+10f}, {5.6054059e+10f, 5.61880146e+10f},
                        {5.61882767e+10f, 3.84455791e-38f}, {-1.8812425e-06f, 5.56938568e+10f},
                        {5.6370729e+10f, 1.13505176e-43f}, {0.0f, 3.86455247e-37f},
                        {-9.21003416e-41f, 7.58211075e-37f}, {-32.1845818f, 5.61034117e+10f},
                        {5.61882767e+10f, 1.21006326e-40f}, {1.51051042e-36f, -4.76837158e-07f}, {0.0f, 0.0f}};
    satcd_polygon p;
    assert_int_equal(satcd_polygon_hull(&p, v, 13), SATCD_OK);
    double tol = SATCD_POLYGON_TOLERANCE_REL * 5.6370729e10;
    assert_true(farthest_outside(&p, v, 13) <= 2.0 * tol);
}

/*
 * From (5.59e10, 5.6188e10), reached as the farthest of points within
 * tolerance of one hull edge, (5.612e10, 5.6188e10) lies just behind it and
 * right of the true next edge. A wrap that turned by tolerance took it and
 * turned back: on the fuzz input (these points, (0,0) repeated 25 times) it
 * returned a triangle with (6.2e-39, 5.617e10) 4e10 outside, 6,600 times
 * the fuzz bound (found by the 60 s CI run); on these eight it refused the
 * cloud as not convex.
 */
static void hull_keeps_a_corner_behind_a_tolerance_tie(void **state)
{
    (void)state;
    satcd_vec2 v[8] = {{5.61038049e+10f, 5.61882767e+10f}, {6.18214907e-39f, 5.61701192e+10f},
                       {5.61211679e+10f, 5.61882849e+10f}, {5.59198413e+10f, 5.61880146e+10f},
                       {1.08214685e-23f, 3.84455791e-38f}, {1.42258209e+11f, 5.56938568e+10f},
                       {1.13505176e-43f, 0.0f}, {0.0f, 0.0f}};
    satcd_polygon p;
    assert_int_equal(satcd_polygon_hull(&p, v, 8), SATCD_OK);
    double tol = SATCD_POLYGON_TOLERANCE_REL * 1.42258209e11;
    assert_true(farthest_outside(&p, v, 8) <= tol);
    assert_int_equal(p.count, 4);
}

/* `points` points on the arc y = c x^2, x evenly spaced in [-1, 1], then the apex (0, 1): a CCW ring. */
static int flat_arc(satcd_vec2 *v, int points, float c)
{
    for (int i = 0; i < points; ++i) {
        float x = -1.0f + 2.0f * (float)i / (float)(points - 1);
        v[i] = satcd_v2(x, c * x * x);
    }
    v[points] = satcd_v2(0.0f, 1.0f);
    return points + 1;
}

/*
 * 41 points on a flat arc under an apex: every corner is far within
 * tolerance of the chord through its neighbours, but the arc as a whole
 * bows out up to 38 tolerances. Cutting corners one after another must
 * still leave every point within one tolerance, and the hull must not run
 * out of vertices.
 */
static void hull_of_a_flat_arc_keeps_every_point(void **state)
{
    (void)state;
    double tol = SATCD_POLYGON_TOLERANCE_REL * 2.0;
    int last_count = 0;
    for (float c = 2e-5f; c < 1e-3f; c *= 1.5f) {
        satcd_vec2 v[42];
        int n = flat_arc(v, 41, c);
        satcd_polygon p;
        assert_int_equal(satcd_polygon_hull(&p, v, n), SATCD_OK);
        assert_true(farthest_outside(&p, v, n) <= tol);
        assert_true(p.count >= last_count); /* a deeper arc needs as many corners or more */
        last_count = p.count;
    }
    assert_true(last_count >= 8);
}

/*
 * The same for satcd_polygon_make on rings of 4 to 16 points with arcs of
 * 1 to 50 tolerances: dropping collinear vertices one after another once
 * left an arc point 1.55 tolerances outside (c = 3.1e-5, 11 arc points).
 */
static void make_of_a_flat_arc_keeps_every_point(void **state)
{
    (void)state;
    double tol = SATCD_POLYGON_TOLERANCE_REL * 2.0;
    for (float c = 2e-5f; c < 1e-3f; c *= 1.1f) {
        for (int points = 3; points < SATCD_MAX_POLYGON_VERTICES; ++points) {
            satcd_vec2 v[SATCD_MAX_POLYGON_VERTICES];
            int n = flat_arc(v, points, c);
            satcd_polygon p;
            assert_int_equal(satcd_polygon_make(&p, v, n), SATCD_OK);
            assert_true(farthest_outside(&p, v, n) <= tol);
        }
    }
}

/*
 * A needle that doubles back along x = 0 by a few subnormal ulps turned
 * left at every vertex and passed as convex, though it winds around twice
 * and leaves an input point 0.023 outside. It must be refused.
 */
static void doubled_back_needle_is_refused(void **state)
{
    (void)state;
    satcd_vec2 v[6] = {{4.96889926e-32f, 4.20389539e-45f}, {0.0f, -0.50288409f}, {9.21942286e-41f, -0.0319857635f},
                       {-4.00012207f, -4.00012207f}, {1.53266546e-06f, -1.99597216f}, {4.48415509e-43f, 0.748046875f}};
    satcd_polygon p;
    memset(&p, 0x5A, sizeof p);
    satcd_polygon before = p;
    assert_int_equal(satcd_polygon_make(&p, v, 6), SATCD_ERR_NOT_CONVEX);
    assert_memory_equal(&p, &before, sizeof p);
    /* A pentagram turns left at every vertex as well. */
    satcd_vec2 star[5];
    for (int i = 0; i < 5; ++i) {
        double a = 2.0 * 3.14159265358979 * (double)(2 * i) / 5.0;
        star[i] = satcd_v2((float)cos(a), (float)sin(a));
    }
    assert_int_not_equal(satcd_polygon_make(&p, star, 5), SATCD_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(extreme_table),
        cmocka_unit_test(collinear_points_collapse_to_corners),
        cmocka_unit_test(clockwise_input_is_normalised),
        cmocka_unit_test(negative_zero_is_plain_zero),
        cmocka_unit_test(largest_coordinates),
        cmocka_unit_test(huge_polygon_has_finite_centroid),
        cmocka_unit_test(tiny_polygon_has_positive_radius),
        cmocka_unit_test(spike_ring_is_refused),
        cmocka_unit_test(nearly_concentric_circles_have_unit_normal),
        cmocka_unit_test(disc_beyond_a_needle_tip_is_outside),
        cmocka_unit_test(hull_keeps_points_near_collinear_start),
        cmocka_unit_test(hull_start_between_opposite_collinear_points),
        cmocka_unit_test(doubled_back_needle_is_refused),
        cmocka_unit_test(hull_rechecks_after_collinear_ties),
        cmocka_unit_test(hull_keeps_a_corner_behind_a_tolerance_tie),
        cmocka_unit_test(hull_of_a_flat_arc_keeps_every_point),
        cmocka_unit_test(make_of_a_flat_arc_keeps_every_point),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
