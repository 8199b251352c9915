/*
 * Circle distance, time of impact and ray casts: exact cases by hand,
 * properties on random pairs, and distances against GEOS.
 */
#include "cmocka_all.h"

#include <float.h>
#include <math.h>

#include <satcd/satcd.h>

#include "geos_shapes.h"
#include "random_shapes.h"
#include "truth.h"
#include "workload.h"

#define ID satcd_xf_identity()

static satcd_xf at(float x, float y, float radians) { return satcd_xf_make(satcd_v2(x, y), radians); }

static satcd_circle disc(float x, float y, float r)
{
    satcd_circle c;
    assert_int_equal(satcd_circle_make(&c, satcd_v2(x, y), r), SATCD_OK);
    return c;
}

static void assert_vec_equal(satcd_vec2 v, float x, float y, float tol)
{
    assert_float_equal(v.x, x, tol);
    assert_float_equal(v.y, y, tol);
}

/* A hit at time `time` (within tol) with the normal (nx, ny). */
static void assert_toi(satcd_toi t, float time, float tol, float nx, float ny)
{
    assert_true(t.hit);
    assert_float_equal(t.t, time, tol);
    assert_vec_equal(t.normal, nx, ny, 1e-6f);
}

/* A distance (within tol) with its normal and closest points (within vtol). */
static void assert_distance(satcd_distance d, float distance, float tol, satcd_vec2 n, satcd_vec2 pa, satcd_vec2 pb, float vtol)
{
    assert_float_equal(d.distance, distance, tol);
    assert_vec_equal(d.normal, n.x, n.y, vtol);
    assert_vec_equal(d.point_a, pa.x, pa.y, vtol);
    assert_vec_equal(d.point_b, pb.x, pb.y, vtol);
}

static void distance_circles_exact(void **state)
{
    (void)state;
    satcd_circle one = disc(0, 0, 1), half = disc(0, 0, 0.5f);
    satcd_distance d = satcd_distance_circles(&one, ID, &half, at(3, 0, 0));
    assert_distance(d, 1.5f, 0.0f, satcd_v2(1, 0), satcd_v2(1, 0), satcd_v2(2.5f, 0), 0);
    /* Overlapping by 0.5: distance 0, the MTV normal, B's deepest point and A's boundary point. */
    d = satcd_distance_circles(&one, ID, &half, at(1, 0, 0));
    assert_distance(d, 0.0f, 0.0f, satcd_v2(1, 0), satcd_v2(1, 0), satcd_v2(0.5f, 0), 0);
    /* Concentric: A's local +x, here turned a quarter. */
    d = satcd_distance_circles(&one, at(2, 2, 1.5707964f), &half, at(2, 2, 0));
    assert_float_equal(d.distance, 0.0f, 0.0f);
    assert_vec_equal(d.normal, 0, 1, 1e-6f);
    assert_true(satcd_distance_circles(NULL, ID, &half, ID).distance == FLT_MAX);
    satcd_xf nan_xf = at(NAN, 0, 0);
    assert_true(satcd_distance_circles(&one, nan_xf, &half, ID).distance == FLT_MAX);
}

static void distance_polygon_circle_exact(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1, 1);
    satcd_circle half = disc(0, 0, 0.5f), one = disc(0, 0, 1);
    /* To the face x = 1. */
    satcd_distance d = satcd_distance_polygon_circle(&box, ID, &half, at(3, 0.25f, 0));
    assert_distance(d, 1.5f, 0.0f, satcd_v2(1, 0), satcd_v2(1, 0.25f), satcd_v2(2.5f, 0.25f), 0);
    /* To the vertex (1, 1): centre (4, 5) is 5 from it along (0.6, 0.8). */
    d = satcd_distance_polygon_circle(&box, ID, &one, at(4, 5, 0));
    assert_distance(d, 4.0f, 1e-6f, satcd_v2(0.6f, 0.8f), satcd_v2(1, 1), satcd_v2(3.4f, 4.2f), 1e-6f);
    assert_true(d.point_a.x == 1.0f && d.point_a.y == 1.0f); /* the vertex itself */
    /* The same, with the box turned a quarter and moved: the answer turns with it. */
    satcd_xf xa = at(10, -3, 1.5707964f);
    d = satcd_distance_polygon_circle(&box, xa, &half, satcd_xf_make(satcd_xf_point(xa, satcd_v2(3, 0.25f)), 0));
    assert_float_equal(d.distance, 1.5f, 1e-5f);
    assert_vec_equal(d.normal, 0, 1, 1e-6f);
    /* Centre inside: distance 0, the face's normal, point_a the centre's projection on it. */
    satcd_circle small = disc(0, 0, 0.25f);
    d = satcd_distance_polygon_circle(&box, ID, &small, at(0.5f, 0.1f, 0));
    assert_distance(d, 0.0f, 0.0f, satcd_v2(1, 0), satcd_v2(1, 0.1f), satcd_v2(0.25f, 0.1f), 1e-7f);
    assert_true(satcd_distance_polygon_circle(&box, ID, NULL, ID).distance == FLT_MAX);
}

static void sweep_circles_exact(void **state)
{
    (void)state;
    satcd_circle one = disc(0, 0, 1);
    /* Head on: the gap of 8 closes at 16 per unit time. */
    satcd_toi t = satcd_sweep_circles(&one, ID, satcd_v2(2, 0), &one, at(10, 0, 0), satcd_v2(-14, 0));
    assert_toi(t, 0.5f, 1e-7f, 1, 0);
    assert_vec_equal(t.point, 2, 0, 1e-6f);
    /* Grazing: the centres pass exactly 2 apart at t = 0.5; a hair more and they miss. */
    t = satcd_sweep_circles(&one, ID, satcd_v2(0, 0), &one, at(10, 2, 0), satcd_v2(-20, 0));
    assert_toi(t, 0.5f, 1e-6f, 0, 1);
    assert_false(satcd_sweep_circles(&one, ID, satcd_v2(0, 0), &one, at(10, 2.001f, 0), satcd_v2(-20, 0)).hit);
    /* Starting inside: a hit at t = 0 whatever the motion, the MTV normal. */
    t = satcd_sweep_circles(&one, ID, satcd_v2(0, 0), &one, at(0.5f, 0, 0), satcd_v2(5, 0));
    assert_toi(t, 0.0f, 0.0f, 1, 0);
    /* Touching: moving apart is no hit; pressing in or sliding along is a hit at 0. */
    assert_false(satcd_sweep_circles(&one, ID, satcd_v2(0, 0), &one, at(2, 0, 0), satcd_v2(1, 0)).hit);
    t = satcd_sweep_circles(&one, ID, satcd_v2(0, 0), &one, at(2, 0, 0), satcd_v2(-1, 0));
    assert_true(t.hit && t.t == 0.0f);
    t = satcd_sweep_circles(&one, ID, satcd_v2(0, 0), &one, at(2, 0, 0), satcd_v2(0, 1));
    assert_true(t.hit && t.t == 0.0f);
    /* No motion, apart: never. Short of contact by t = 1: no hit. */
    assert_false(satcd_sweep_circles(&one, ID, satcd_v2(0, 0), &one, at(3, 0, 0), satcd_v2(0, 0)).hit);
    assert_false(satcd_sweep_circles(&one, ID, satcd_v2(0, 0), &one, at(3, 0, 0), satcd_v2(-0.999f, 0)).hit);
    /* Huge opposite velocities within the bound: finite, no NaN, a hit right at the start. */
    const float fast = 3.9f * SATCD_MAX_COORDINATE;
    t = satcd_sweep_circles(&one, ID, satcd_v2(fast, 0), &one, at(3, 0, 0), satcd_v2(-fast, 0));
    assert_true(t.hit && isfinite(t.t) && isfinite(t.point.x) && t.t < 1e-15f);
    /* Past it (their magnitudes summing beyond 8 SATCD_MAX_COORDINATE), as any sweep: refused, no hit. */
    assert_false(satcd_sweep_circles(&one, ID, satcd_v2(FLT_MAX, 0), &one, at(3, 0, 0), satcd_v2(-FLT_MAX, 0)).hit);
    assert_false(satcd_sweep_circles(&one, ID, satcd_v2(NAN, 0), &one, at(3, 0, 0), satcd_v2(0, 0)).hit);
    assert_false(satcd_sweep_circles(NULL, ID, satcd_v2(0, 0), &one, at(3, 0, 0), satcd_v2(-9, 0)).hit);
}

static void sweep_polygon_circle_exact(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1, 1);
    satcd_circle half = disc(0, 0, 0.5f), one = disc(0, 0, 1);
    /* Onto the face x = 1: the centre reaches x = 1.5 after 3.5 of 7. */
    satcd_toi t = satcd_sweep_polygon_circle(&box, ID, satcd_v2(0, 0), &half, at(5, 0, 0), satcd_v2(-7, 0));
    assert_toi(t, 0.5f, 1e-7f, 1, 0);
    assert_vec_equal(t.point, 1, 0, 1e-6f);
    /* Onto the vertex (1, 1): the centre at (1.8, 1.6) is 1 from it along (0.8, 0.6). */
    t = satcd_sweep_polygon_circle(&box, ID, satcd_v2(0, 0), &one, at(6.8f, 1.6f, 0), satcd_v2(-10, 0));
    assert_toi(t, 0.5f, 1e-6f, 0.8f, 0.6f);
    assert_vec_equal(t.point, 1, 1, 1e-5f);
    /* The polygon moving instead of the circle: same time, the point where the box then is. */
    t = satcd_sweep_polygon_circle(&box, ID, satcd_v2(7, 0), &half, at(5, 0, 0), satcd_v2(0, 0));
    assert_true(t.hit);
    assert_float_equal(t.t, 0.5f, 1e-7f);
    assert_vec_equal(t.point, 4.5f, 0, 1e-6f);
    /* Starting inside, touching and leaving, touching and pressing, no motion. */
    t = satcd_sweep_polygon_circle(&box, ID, satcd_v2(0, 0), &half, at(0.5f, 0, 0), satcd_v2(9, 9));
    assert_true(t.hit && t.t == 0.0f);
    assert_vec_equal(t.normal, 1, 0, 0);
    assert_false(satcd_sweep_polygon_circle(&box, ID, satcd_v2(0, 0), &half, at(1.5f, 0, 0), satcd_v2(1, 0)).hit);
    t = satcd_sweep_polygon_circle(&box, ID, satcd_v2(0, 0), &half, at(1.5f, 0, 0), satcd_v2(-1, 0.5f));
    assert_true(t.hit && t.t == 0.0f);
    assert_false(satcd_sweep_polygon_circle(&box, ID, satcd_v2(0, 0), &half, at(3, 0, 0), satcd_v2(0, 0)).hit);
    /* Past the corner by a hair: the rounded corner is missed. */
    assert_false(satcd_sweep_polygon_circle(&box, ID, satcd_v2(0, 0), &half, at(5, 1.501f, 0), satcd_v2(-10, 0)).hit);
    assert_false(satcd_sweep_polygon_circle(&box, ID, satcd_v2(INFINITY, 0), &half, at(3, 0, 0), satcd_v2(0, 0)).hit);
}

/* Which side of line p -> q point x lies on, in double: positive to the left. */
static double side(double px, double py, double qx, double qy, double x, double y)
{
    return (qx - px) * (y - py) - (qy - py) * (x - px);
}

/*
 * A disc of radius 3.2e-10 overlapping a triangle of side 3 beside its
 * apex (A turned by about 239 degrees), A moving so that the disc ends
 * 0.16 inside. Far below the float resolution of the triangle's frame, the
 * start's normal came from the apex rather than the nearest edge and
 * pointed away from the motion: the sweep answered no hit. Truth by hand,
 * in double: the disc's centre lies inside the triangle at t = 1, so the
 * pair, overlapping at the start, must hit at t = 0.
 */
static void sweep_tiny_disc_at_a_vertex_moving_in(void **state)
{
    (void)state;
    satcd_vec2 pts[3] = {{-1.0f, -1.0f}, {2.0f, -1.0f}, {-0x1.008p-33f, -0x1.5f5f5ep-32f}};
    satcd_polygon tri;
    assert_int_equal(satcd_polygon_make(&tri, pts, 3), SATCD_OK);
    satcd_circle dot;
    assert_int_equal(satcd_circle_make(&dot, satcd_v2(-0x1.5f5f5ep-32f, -0x1.5f5f5ep-32f), 0x1.5f5f5ep-32f), SATCD_OK);
    satcd_xf xa = {{0.0f, 0.0f}, {-0x1.051ae6p-1f, -0x1.b86b0cp-1f}};
    satcd_xf xb = {{-0x1.5f5f5ep-32f, -0x1.5f5f5ep-32f}, {-0x1.6a09e6p-1f, -0x1.6a09e6p-1f}};
    satcd_vec2 va = {0x1.2e9cdap-2f, 0.0f}, vb = {0.0f, -0x1.5f5f5ep-32f};
    /* The disc's centre at t = 1 relative to A, in A's frame, against the triangle's three edges (CCW). */
    double wx = (double)xb.q.c * dot.center.x - (double)xb.q.s * dot.center.y + xb.p.x + vb.x - va.x - xa.p.x;
    double wy = (double)xb.q.s * dot.center.x + (double)xb.q.c * dot.center.y + xb.p.y + vb.y - va.y - xa.p.y;
    double lx = (double)xa.q.c * wx + (double)xa.q.s * wy, ly = -(double)xa.q.s * wx + (double)xa.q.c * wy;
    for (int i = 0; i < 3; ++i) {
        satcd_vec2 p = pts[i], q = pts[(i + 1) % 3];
        assert_true(side(p.x, p.y, q.x, q.y, lx, ly) > 0.1);
    }
    satcd_toi toi = satcd_sweep_polygon_circle(&tri, xa, va, &dot, xb, vb);
    assert_true(toi.hit);
    assert_true(toi.t == 0.0f);
    /* The same disc as a capsule of zero length, through the capsule sweep. */
    satcd_capsule pill;
    assert_int_equal(satcd_capsule_make(&pill, dot.center, dot.center, dot.radius), SATCD_OK);
    toi = satcd_sweep_polygon_capsule(&tri, xa, va, &pill, xb, vb);
    assert_true(toi.hit);
    assert_true(toi.t == 0.0f);
}

/* A small, fast circle against a thin wall: no tunnelling. */
static void sweep_through_thin_wall(void **state)
{
    (void)state;
    satcd_polygon wall = satcd_polygon_box(0.01f, 5.0f);
    satcd_circle bullet = disc(0, 0, 0.01f);
    const float speeds[] = {200.0f, 1e4f, 1e6f};
    for (int k = 0; k < 3; ++k) {
        float v = speeds[k];
        satcd_toi t = satcd_sweep_polygon_circle(&wall, ID, satcd_v2(0, 0), &bullet, at(-100, 0.3f, 0), satcd_v2(v, 0));
        assert_true(t.hit);
        assert_float_equal(t.t * v, 99.98f, 1e-5f * v + 1e-3f);
        assert_vec_equal(t.normal, -1, 0, 0);
        /* Circles too: a bullet against a small disc in the way. */
        satcd_circle post = disc(0, 0, 0.02f);
        t = satcd_sweep_circles(&post, ID, satcd_v2(0, 0), &bullet, at(-100, 0.0f, 0), satcd_v2(v, 0));
        assert_true(t.hit);
        assert_float_equal(t.t * v, 99.97f, 1e-5f * v + 1e-3f);
    }
}

static void raycast_circle_exact(void **state)
{
    (void)state;
    satcd_circle one = disc(0, 0, 1);
    satcd_ray ray = {{0, 0}, {10, 0}};
    satcd_ray_hit h = satcd_raycast_circle(&one, at(5, 0, 0), ray);
    assert_true(h.hit);
    assert_float_equal(h.fraction, 0.4f, 1e-7f);
    assert_vec_equal(h.point, 4, 0, 1e-6f);
    assert_vec_equal(h.normal, -1, 0, 1e-7f);
    /* A 3-4-5 entry: radius 5, the ray along y = 3 enters at x = -4. */
    satcd_circle five = disc(1, 0, 5);
    satcd_ray along3 = {{-10, 3}, {20, 0}};
    h = satcd_raycast_circle(&five, at(-1, 0, 0), along3);
    assert_true(h.hit);
    assert_float_equal(h.fraction, 0.3f, 1e-7f);
    assert_vec_equal(h.normal, -0.8f, 0.6f, 1e-6f);
    /* Tangent, missing, short, inside, on the boundary, zero translation, invalid. */
    satcd_ray tangent = {{0, 1}, {10, 0}}, miss = {{0, 2}, {10, 0}}, shorter = {{0, 0}, {3.9f, 0}};
    satcd_ray inside = {{5, 0.5f}, {10, 0}}, boundary = {{4, 0}, {2, 0}}, still = {{0, 0}, {0, 0}};
    assert_false(satcd_raycast_circle(&one, at(5, 0, 0), tangent).hit);
    assert_false(satcd_raycast_circle(&one, at(5, 0, 0), miss).hit);
    assert_false(satcd_raycast_circle(&one, at(5, 0, 0), shorter).hit);
    assert_false(satcd_raycast_circle(&one, at(5, 0, 0), inside).hit);
    assert_false(satcd_raycast_circle(&one, at(5, 0, 0), boundary).hit);
    assert_false(satcd_raycast_circle(&one, at(5, 0, 0), still).hit);
    assert_false(satcd_raycast_circle(NULL, at(5, 0, 0), ray).hit);
    satcd_ray nan_ray = {{NAN, 0}, {10, 0}};
    assert_false(satcd_raycast_circle(&one, at(5, 0, 0), nan_ray).hit);
}

/* A random circle of radius 0.05..1.5, its centre up to 1 off its frame's origin. */
static satcd_circle random_circle(random_source *rng)
{
    satcd_vec2 c = random_vec2(rng, -1, 1);
    return disc(c.x, c.y, random_float(rng, 0.05f, 1.5f));
}

/* B's world centre placed by xb, in double. */
static void world_centre(const satcd_circle *b, satcd_xf xb, double *x, double *y)
{
    *x = xb.p.x + ((double)xb.q.c * b->center.x - (double)xb.q.s * b->center.y);
    *y = xb.p.y + ((double)xb.q.s * b->center.x + (double)xb.q.c * b->center.y);
}

/* A random pair of kind polygon-circle (a != NULL) or circle-circle, placed near each other. */
typedef struct motion_pair {
    satcd_polygon a;
    satcd_circle ca, b;
    bool polygon;
    satcd_xf xa, xb;
    satcd_vec2 va, vb;
} motion_pair;

static motion_pair random_motion_pair(random_source *rng, bool polygon)
{
    motion_pair m;
    m.polygon = polygon;
    m.a = random_convex_polygon(rng, 12, 1.0f);
    m.ca = random_circle(rng);
    m.b = random_circle(rng);
    m.xa = random_transform(rng, 10.0f);
    m.xb = random_transform_at(rng, satcd_add(m.xa.p, random_vec2(rng, -6, 6)));
    m.va = random_vec2(rng, -8, 8);
    m.vb = random_vec2(rng, -8, 8);
    /* Half the pairs aimed at each other, so that hits and misses both abound. */
    if (random_unit(rng) < 0.5f) m.vb = satcd_mul_add(m.va, random_float(rng, 0.5f, 2.0f), satcd_sub(m.xa.p, m.xb.p));
    return m;
}

static float pair_separation(const motion_pair *m, float t)
{
    satcd_xf pa = {satcd_mul_add(m->xa.p, t, m->va), m->xa.q}, pb = {satcd_mul_add(m->xb.p, t, m->vb), m->xb.q};
    return m->polygon ? satcd_separation_polygon_circle(&m->a, pa, &m->b, pb) : satcd_separation_circles(&m->ca, pa, &m->b, pb);
}

static satcd_toi pair_sweep(const motion_pair *m)
{
    return m->polygon ? satcd_sweep_polygon_circle(&m->a, m->xa, m->va, &m->b, m->xb, m->vb)
                      : satcd_sweep_circles(&m->ca, m->xa, m->va, &m->b, m->xb, m->vb);
}

/* Signed separation in double with B moved by t times the relative velocity (A held at xa). */
static double truth_separation(const motion_pair *m, double t)
{
    double cx, cy;
    world_centre(&m->b, m->xb, &cx, &cy);
    cx += t * ((double)m->vb.x - m->va.x);
    cy += t * ((double)m->vb.y - m->va.y);
    if (m->polygon) {
        truth_polygon wa;
        truth_world(&m->a, m->xa, &wa);
        return truth_disc_pair(&wa, cx, cy, m->b.radius).sep;
    }
    double ax, ay;
    world_centre(&m->ca, m->xa, &ax, &ay);
    return hypot(cx - ax, cy - ay) - m->ca.radius - m->b.radius;
}

/* First root of the (convex in t) truth separation on [0, hi], where it is <= 0 at hi and > 0 at 0. */
static double truth_toi(const motion_pair *m, double hi)
{
    double lo = 0.0;
    for (int k = 0; k < 80; ++k) {
        double mid = 0.5 * (lo + hi);
        if (truth_separation(m, mid) > 0.0) lo = mid;
        else hi = mid;
    }
    return 0.5 * (lo + hi);
}

typedef struct sweep_stats {
    int hits, misses;
    double worst_toi, worst_travel; /* |t - truth|, and times the relative speed (length units) */
} sweep_stats;

static void check_sweep(const motion_pair *m, sweep_stats *st)
{
    const float eps = 1e-3f, tol = 1e-5f;
    satcd_toi t = pair_sweep(m);
    assert_true(isfinite(t.t) && isfinite(t.normal.x) && isfinite(t.normal.y) && isfinite(t.point.x));
    if (!t.hit) {
        ++st->misses;
        for (int k = 0; k <= 64; ++k) assert_true(pair_separation(m, (float)k / 64.0f) > -tol);
        assert_true(truth_separation(m, 1.0) > -tol);
        return;
    }
    ++st->hits;
    assert_true(t.t > 0.0f && t.t <= 1.0f);
    assert_float_equal(satcd_length(t.normal), 1.0f, 1e-5f);
    /* Apart just before, touching or overlapping just after (the existing separation queries). */
    assert_true(pair_separation(m, t.t - eps) > 0.0f);
    assert_true(pair_separation(m, t.t + eps) <= tol);
    assert_true(fabsf(pair_separation(m, t.t)) <= tol);
    /* Against the double truth's first root. */
    double hi = fmin(1.0, (double)t.t + 1e-3);
    if (truth_separation(m, hi) > 0.0) hi = 1.0;
    assert_true(truth_separation(m, hi) <= 1e-6);
    double truth = truth_toi(m, hi);
    double speed = hypot((double)m->vb.x - m->va.x, (double)m->vb.y - m->va.y);
    st->worst_toi = fmax(st->worst_toi, fabs(t.t - truth));
    st->worst_travel = fmax(st->worst_travel, fabs(t.t - truth) * speed);
}

static void sweep_properties(void **state)
{
    (void)state;
    random_source rng = random_source_seeded(2511);
    for (int kind = 0; kind < 2; ++kind) {
        sweep_stats st = {0, 0, 0.0, 0.0};
        int pairs = 0;
        while (pairs < workload_cases(10000)) {
            motion_pair m = random_motion_pair(&rng, kind == 0);
            if (pair_separation(&m, 0.0f) <= 1e-3f) continue;
            ++pairs;
            check_sweep(&m, &st);
        }
        print_message("%s sweep: %d hits, %d misses, worst TOI error %.3g (x relative speed: %.3g length)\n",
                      kind == 0 ? "polygon-circle" : "circle-circle", st.hits, st.misses, st.worst_toi, st.worst_travel);
        assert_true(st.hits > workload_cases(2000) && st.misses > workload_cases(2000));
        assert_true(st.worst_travel < 1e-5);
    }
}

/* Ray casts against random circles: the hit lies on the circle, nothing earlier does. */
static void raycast_properties(void **state)
{
    (void)state;
    random_source rng = random_source_seeded(2512);
    int hits = 0;
    double worst = 0.0, worst_radial = 0.0;
    for (int i = 0; i < workload_cases(10000); ++i) {
        satcd_circle c = random_circle(&rng);
        satcd_xf xf = random_transform(&rng, 10.0f);
        satcd_vec2 origin = random_vec2(&rng, -12, 12);
        satcd_vec2 aim = satcd_add(satcd_sub(xf.p, origin), random_vec2(&rng, -2, 2));
        satcd_ray ray = {origin, satcd_scale(random_float(&rng, 0.3f, 2.0f), aim)};
        satcd_ray_hit h = satcd_raycast_circle(&c, xf, ray);
        assert_true(isfinite(h.fraction) && isfinite(h.point.x) && isfinite(h.normal.x));
        double cx, cy;
        world_centre(&c, xf, &cx, &cy);
        double ox = ray.origin.x - cx, oy = ray.origin.y - cy, dx = ray.translation.x, dy = ray.translation.y;
        /* Truth: the smaller root in double, when the origin is outside and the segment crosses. */
        double a = dx * dx + dy * dy, b = ox * dx + oy * dy, cc = ox * ox + oy * oy - (double)c.radius * c.radius;
        double disc_ = b * b - a * cc;
        bool crosses = cc > 0.0 && b < 0.0 && disc_ > 0.0 && (-b - sqrt(disc_)) / a <= 1.0;
        if (fabs(cc) < 1e-4 || fabs(disc_) < 1e-3 * a || fabs((-b - sqrt(fmax(disc_, 0))) / a - 1.0) < 1e-5) continue;
        assert_int_equal(h.hit, crosses);
        if (!h.hit) continue;
        ++hits;
        double truth = (-b - sqrt(disc_)) / a;
        worst = fmax(worst, fabs(h.fraction - truth) * sqrt(a));
        assert_float_equal(satcd_length(h.normal), 1.0f, 1e-5f);
        worst_radial = fmax(worst_radial, fabs(hypot(h.point.x - cx, h.point.y - cy) - c.radius));
        double nx = (h.point.x - cx) / c.radius, ny = (h.point.y - cy) / c.radius;
        assert_true(fabs(nx - h.normal.x) < 1e-4 && fabs(ny - h.normal.y) < 1e-4);
    }
    print_message("raycast: %d hits, worst error along the ray %.3g, off the circle %.3g (length)\n", hits, worst,
                  worst_radial);
    assert_true(hits > workload_cases(1000));
    /*
     * Along the ray, the float fraction of translations up to 70 long steps
     * by 4e-6, and an oblique entry stretches the origin's rounding in the
     * circle's frame; off the circle, only the coordinates' rounding.
     */
    assert_true(worst < 5e-5);
    assert_true(worst_radial < 1e-5);
}

/*
 * Distances against GEOS. The exact comparison: GEOSDistance from the
 * polygon to the centre point, minus the radius (the disc's distance when
 * apart). The buffered disc (64 segments a quadrant) is an inscribed
 * polygon whose chords fall short by up to r (1 - cos(pi / 256)) =
 * 7.5e-5 r, so its distance is longer than the disc's by at most that.
 */
#define QUADSEGS 64

static void distance_against_geos(void **state)
{
    (void)state;
    GEOSContextHandle_t h = geos_context();
    random_source rng = random_source_seeded(2513);
    for (int kind = 0; kind < 2; ++kind) {
        double worst_point = 0.0, worst_buffered = 0.0;
        int apart = 0;
        for (int i = 0; i < workload_cases(10000); ++i) {
            motion_pair m = random_motion_pair(&rng, kind == 0);
            satcd_distance d = m.polygon ? satcd_distance_polygon_circle(&m.a, m.xa, &m.b, m.xb)
                                         : satcd_distance_circles(&m.ca, m.xa, &m.b, m.xb);
            assert_true(isfinite(d.distance) && isfinite(d.normal.x) && isfinite(d.point_a.x) && isfinite(d.point_b.x));
            assert_float_equal(satcd_length(d.normal), 1.0f, 1e-5f);
            double cx, cy, r = m.b.radius;
            world_centre(&m.b, m.xb, &cx, &cy);
            GEOSGeometry *ga, *centre = geos_point(h, cx, cy), *gb = geos_disc(h, cx, cy, r, QUADSEGS);
            if (m.polygon) {
                truth_polygon wa;
                truth_world(&m.a, m.xa, &wa);
                ga = geos_polygon(h, &wa);
            } else {
                double ax, ay;
                world_centre(&m.ca, m.xa, &ax, &ay);
                ga = geos_point(h, ax, ay);
                r += m.ca.radius;
            }
            double to_centre, to_disc;
            assert_true(GEOSDistance_r(h, ga, centre, &to_centre) && GEOSDistance_r(h, ga, gb, &to_disc));
            double truth = fmax(to_centre - r, 0.0);
            if (!m.polygon) to_disc = truth; /* two buffered discs are both inscribed: only the exact form */
            double err = fabs(d.distance - truth), chord = m.b.radius * (1.0 - cos(3.14159265358979323846 / (4.0 * QUADSEGS)));
            worst_point = fmax(worst_point, err);
            assert_true(err <= 2e-5);
            if (truth > 0.0) {
                ++apart;
                worst_buffered = fmax(worst_buffered, fabs(d.distance - to_disc));
                assert_true(d.distance <= to_disc + 2e-5 && to_disc <= d.distance + chord + 2e-5);
                assert_float_equal(satcd_distance_points(d.point_a, d.point_b), d.distance, 2e-5f);
            } else {
                assert_true(d.distance == 0.0f);
            }
            GEOSGeom_destroy_r(h, ga);
            GEOSGeom_destroy_r(h, centre);
            GEOSGeom_destroy_r(h, gb);
        }
        print_message("%s distance vs GEOS: %d apart, worst error %.3g (exact point form), %.3g (buffered disc)\n",
                      kind == 0 ? "polygon-circle" : "circle-circle", apart, worst_point, worst_buffered);
        assert_true(apart > workload_cases(2000));
    }
    GEOS_finish_r(h);
}

/*
 * Polygon-circle sweeps with both shapes given in world coordinates at
 * 1e4, 1e5 and 1e6 from the origin and placed by small translations: the
 * time of impact against the double-precision first root of the floats
 * given. The circle starts 60 to 80 from the polygon's origin (beyond the
 * rounding band, which grows with the world coordinates) and ends near it.
 * Computed in world coordinates, B's centre would be rounded at 1e6 to a
 * multiple of 1/16 (0.03 of travel); in the polygon's lanes it keeps the
 * precision of a pair near the origin.
 */
static void sweep_polygon_circle_far_from_origin(void **state)
{
    (void)state;
    random_source rng = random_source_seeded(2513);
    const float offsets[] = {1e4f, 1e5f, 1e6f};
    for (size_t o = 0; o < sizeof offsets / sizeof offsets[0]; ++o) {
        float offset = offsets[o];
        double worst = 0.0;
        int hits = 0;
        for (int i = 0; i < workload_cases(2000); ++i) {
            satcd_polygon local = random_convex_polygon(&rng, 12, random_float(&rng, 1.0f, 4.0f));
            satcd_vec2 pts[SATCD_MAX_POLYGON_VERTICES];
            for (int k = 0; k < local.count; ++k) pts[k] = satcd_add(satcd_polygon_vertex(&local, k), satcd_v2(offset, offset));
            motion_pair m;
            m.polygon = true;
            if (satcd_polygon_make(&m.a, pts, local.count) != SATCD_OK) continue;
            float heading = random_float(&rng, 0.0f, 6.2831853f), dist = random_float(&rng, 60.0f, 80.0f);
            satcd_vec2 toward = satcd_v2(cosf(heading), sinf(heading));
            satcd_vec2 centre = satcd_add(satcd_v2(offset, offset), satcd_scale(dist, toward));
            assert_int_equal(satcd_circle_make(&m.b, centre, random_float(&rng, 0.2f, 1.0f)), SATCD_OK);
            m.xa = satcd_xf_make(random_vec2(&rng, -0.5f, 0.5f), 0.0f);
            m.xb = satcd_xf_make(random_vec2(&rng, -0.5f, 0.5f), 0.0f);
            m.va = random_vec2(&rng, -2, 2);
            satcd_vec2 aim = satcd_add(toward, random_vec2(&rng, -0.02f, 0.02f));
            m.vb = satcd_mul_add(m.va, -dist * random_float(&rng, 1.0f, 1.05f), aim);
            if (!(truth_separation(&m, 0.0) > 0.0) || !(truth_separation(&m, 1.0) < -1e-3)) continue;
            satcd_toi t = pair_sweep(&m);
            assert_true(t.hit);
            double truth = truth_toi(&m, 1.0);
            double speed = hypot((double)m.vb.x - m.va.x, (double)m.vb.y - m.va.y);
            worst = fmax(worst, fabs(t.t - truth) * speed);
            ++hits;
        }
        print_message("offset %g: %d hits, worst TOI error x relative speed %.3g\n", offset, hits, worst);
        assert_true(hits > workload_cases(2000) / 4);
        assert_true(worst < 1e-4);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(distance_circles_exact),
        cmocka_unit_test(distance_polygon_circle_exact),
        cmocka_unit_test(sweep_circles_exact),
        cmocka_unit_test(sweep_polygon_circle_exact),
        cmocka_unit_test(sweep_through_thin_wall),
        cmocka_unit_test(sweep_tiny_disc_at_a_vertex_moving_in),
        cmocka_unit_test(raycast_circle_exact),
        cmocka_unit_test(sweep_properties),
        cmocka_unit_test(sweep_polygon_circle_far_from_origin),
        cmocka_unit_test(raycast_properties),
        cmocka_unit_test(distance_against_geos),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
