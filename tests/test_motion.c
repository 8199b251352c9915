/* Distance, ray casts and time of impact: exact cases and properties on random pairs. */
#include "cmocka_all.h"

#include <float.h>
#include <math.h>

#include <satcd/satcd.h>

#include "random_shapes.h"

#define ID satcd_xf_identity()

static satcd_xf at(float x, float y, float radians) { return satcd_xf_make(satcd_v2(x, y), radians); }

static void distance_exact(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1, 1);
    /* Face to face, 1 apart. */
    satcd_distance d = satcd_distance_polygons(&box, ID, &box, at(3, 0, 0));
    assert_float_equal(d.distance, 1.0f, 0.0f);
    assert_float_equal(d.normal.x, 1.0f, 0.0f);
    assert_float_equal(d.point_a.x, 1.0f, 0.0f);
    assert_float_equal(d.point_b.x, 2.0f, 0.0f);
    assert_float_equal(d.point_a.y, d.point_b.y, 0.0f);
    /* Corner to corner: sqrt(2), where the SAT separation is only 1. */
    d = satcd_distance_polygons(&box, ID, &box, at(3, 3, 0));
    assert_float_equal(d.distance, sqrtf(2.0f), 1e-6f);
    assert_float_equal(d.normal.x, sqrtf(0.5f), 1e-6f);
    assert_float_equal(d.normal.y, sqrtf(0.5f), 1e-6f);
    assert_float_equal(d.point_a.x, 1.0f, 0.0f);
    assert_float_equal(d.point_b.y, 2.0f, 0.0f);
    assert_float_equal(satcd_separation_polygons(&box, ID, &box, at(3, 3, 0)), 1.0f, 0.0f);
    /* The seed's separated triangles: vertex (2,0) to vertex (5,0). */
    satcd_vec2 ta[3] = {{0, 0}, {2, 0}, {1, 2}}, tb[3] = {{5, 0}, {7, 0}, {6, 2}};
    satcd_polygon a, b;
    assert_int_equal(satcd_polygon_make(&a, ta, 3), SATCD_OK);
    assert_int_equal(satcd_polygon_make(&b, tb, 3), SATCD_OK);
    d = satcd_distance_polygons(&a, ID, &b, ID);
    assert_float_equal(d.distance, 3.0f, 1e-6f);
    /* Overlapping by 0.25: distance 0, MTV normal, witnesses 0.25 apart along it. */
    d = satcd_distance_polygons(&box, ID, &box, at(1.75f, 0.2f, 0));
    assert_float_equal(d.distance, 0.0f, 0.0f);
    assert_float_equal(d.normal.x, 1.0f, 0.0f);
    assert_float_equal(d.point_a.x - d.point_b.x, 0.25f, 1e-6f);
    /* Invalid input. */
    assert_true(satcd_distance_polygons(NULL, ID, &box, ID).distance == FLT_MAX);
}

static void distance_properties(void **state)
{
    (void)state;
    random_source rng = random_source_seeded(77);
    int apart = 0;
    for (int i = 0; i < 3000; ++i) {
        satcd_polygon a = random_convex_polygon(&rng, 16, 1.0f), b = random_convex_polygon(&rng, 16, 1.0f);
        satcd_xf xa = random_transform(&rng, 10.0f);
        satcd_xf xb = random_transform_at(&rng, satcd_add(xa.p, random_vec2(&rng, -4, 4)));
        satcd_distance d = satcd_distance_polygons(&a, xa, &b, xb);
        float sep = satcd_separation_polygons(&a, xa, &b, xb);
        assert_true(isfinite(d.distance) && isfinite(d.normal.x) && isfinite(d.point_a.x));
        assert_float_equal(satcd_length(d.normal), 1.0f, 1e-5f);
        if (sep <= 0.0f) {
            assert_float_equal(d.distance, 0.0f, 0.0f);
            continue;
        }
        ++apart;
        /* The SAT separation is a lower bound of the distance. */
        assert_true(sep <= d.distance + 1e-5f);
        assert_float_equal(satcd_distance_points(d.point_a, d.point_b), d.distance, 1e-5f);
        /* Moving B back by the distance along the normal makes the pair touch, not overlap. */
        satcd_xf moved = xb;
        moved.p = satcd_mul_add(xb.p, -d.distance, d.normal);
        assert_int_equal(satcd_relate_polygons(&a, xa, &b, moved, 1e-4f), SATCD_TOUCHING);
        /* No shorter move in 8 other directions reaches contact: d is the minimum. */
        for (int k = 0; k < 8; ++k) {
            float ang = random_float(&rng, 0.0f, 6.2831853f);
            satcd_xf probe = xb;
            probe.p = satcd_mul_add(xb.p, d.distance * 0.999f - 1e-4f, satcd_v2(cosf(ang), sinf(ang)));
            assert_true(satcd_separation_polygons(&a, xa, &b, probe) > 0.0f);
        }
    }
    assert_true(apart > 1000);
}

static void ray_exact(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1, 1);
    satcd_ray ray = {{-3, 0.5f}, {6, 0}};
    satcd_ray_hit h = satcd_raycast_polygon(&box, ID, ray);
    assert_true(h.hit);
    assert_float_equal(h.fraction, 1.0f / 3.0f, 1e-7f);
    assert_float_equal(h.point.x, -1.0f, 1e-6f);
    assert_float_equal(h.point.y, 0.5f, 0.0f);
    assert_float_equal(h.normal.x, -1.0f, 0.0f);
    /* Inside, past, short, parallel along an edge line. */
    satcd_ray inside = {{0, 0}, {5, 0}}, past = {{-3, 2}, {6, 0}}, shorter = {{-3, 0}, {1.5f, 0}}, along = {{-3, 1}, {6, 0}};
    assert_false(satcd_raycast_polygon(&box, ID, inside).hit);
    assert_false(satcd_raycast_polygon(&box, ID, past).hit);
    assert_false(satcd_raycast_polygon(&box, ID, shorter).hit);
    assert_false(satcd_raycast_polygon(&box, ID, along).hit);
    /* A placed, turned box: the diamond's left corner at (10 - sqrt(2), 5). */
    satcd_ray toward = {{4, 5}, {6, 0}};
    h = satcd_raycast_polygon(&box, at(10, 5, 0.78539816f), toward);
    assert_true(h.hit);
    assert_float_equal(h.point.x, 10.0f - sqrtf(2.0f), 1e-5f);
    assert_float_equal(h.fraction, (6.0f - sqrtf(2.0f)) / 6.0f, 1e-6f);
    assert_false(satcd_raycast_polygon(NULL, ID, ray).hit);
}

/*
 * A sliver 72,000 long whose tip angle is 1.4e-4 rad. Its cached unit
 * normals, rounded to float, make the two long edge lines cross about 60
 * units beyond the tip, and the ray's parameters at those lines differ by
 * 4e-9, less than float resolves near 1. Every vertex has y >= 0, so a ray
 * along y = -2.2 misses; one along y = +2.2 crosses the sliver where it is
 * 0.0003 wide, between x = 2.1997 and 2.2.
 */
static void ray_past_a_sharp_tip(void **state)
{
    (void)state;
    satcd_vec2 pts[3] = {{0.0f, 0.0f}, {51015.2773f, 51015.2773f}, {51008.0f, 51015.2773f}};
    satcd_polygon sliver;
    assert_int_equal(satcd_polygon_make(&sliver, pts, 3), SATCD_OK);
    satcd_ray below = {{-72147.6f, -2.2f}, {72146.3f, 0.0f}};
    assert_false(satcd_raycast_polygon(&sliver, ID, below).hit);
    satcd_ray above = {{-72147.6f, 2.2f}, {72152.0f, 0.0f}};
    satcd_ray_hit h = satcd_raycast_polygon(&sliver, ID, above);
    assert_true(h.hit);
    assert_true(h.point.x > 2.19f && h.point.x < 2.21f);
    assert_float_equal(h.point.y, 2.2f, 0.0f);
}

static void sweep_exact(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1, 1);
    satcd_vec2 still = {0, 0};
    /* Gap 3 closed at speed 4. */
    satcd_toi t = satcd_sweep_polygons(&box, ID, still, &box, at(5, 0, 0), satcd_v2(-4, 0));
    assert_true(t.hit);
    assert_float_equal(t.t, 0.75f, 1e-7f);
    assert_float_equal(t.normal.x, 1.0f, 0.0f);
    assert_float_equal(t.point.x, 1.0f, 1e-5f);
    assert_float_equal(t.point.y, 0.0f, 1e-5f);
    /* Both moving: only the relative motion counts. */
    t = satcd_sweep_polygons(&box, ID, satcd_v2(1, 0), &box, at(5, 0, 0), satcd_v2(-3, 0));
    assert_float_equal(t.t, 0.75f, 1e-7f);
    assert_float_equal(t.point.x, 1.75f, 1e-5f);
    /* Passing by, not reaching, starting inside. */
    assert_false(satcd_sweep_polygons(&box, ID, still, &box, at(5, 3, 0), satcd_v2(-10, 0)).hit);
    assert_false(satcd_sweep_polygons(&box, ID, still, &box, at(5, 0, 0), satcd_v2(-2, 0)).hit);
    t = satcd_sweep_polygons(&box, ID, still, &box, at(1.5f, 0, 0), satcd_v2(3, 0));
    assert_true(t.hit);
    assert_float_equal(t.t, 0.0f, 0.0f);
    /* Tunnelling: a fast box through a thin wall, missed by both end positions. */
    satcd_polygon wall = satcd_polygon_box(0.1f, 5), bullet = satcd_polygon_box(0.5f, 0.5f);
    satcd_xf start = at(-10, 0, 0);
    satcd_xf end = at(10, 0, 0);
    assert_false(satcd_overlap_polygons(&wall, ID, &bullet, start));
    assert_false(satcd_overlap_polygons(&wall, ID, &bullet, end));
    t = satcd_sweep_polygons(&wall, ID, still, &bullet, start, satcd_v2(20, 0));
    assert_true(t.hit);
    assert_float_equal(t.t, (10.0f - 0.6f) / 20.0f, 1e-6f);
    assert_float_equal(t.normal.x, -1.0f, 0.0f);
}

static void sweep_properties(void **state)
{
    (void)state;
    random_source rng = random_source_seeded(4242);
    int hits = 0, misses = 0;
    for (int i = 0; i < 2000; ++i) {
        satcd_polygon a = random_convex_polygon(&rng, 12, 1.0f), b = random_convex_polygon(&rng, 12, 1.0f);
        satcd_xf xa = random_transform(&rng, 5.0f);
        satcd_xf xb = random_transform_at(&rng, satcd_add(xa.p, random_vec2(&rng, -5, 5)));
        satcd_vec2 va = random_vec2(&rng, -6, 6);
        satcd_vec2 vb = random_vec2(&rng, -6, 6);
        if (satcd_separation_polygons(&a, xa, &b, xb) <= 1e-3f) continue;
        satcd_toi t = satcd_sweep_polygons(&a, xa, va, &b, xb, vb);
        float end = t.hit ? t.t : 1.0f;
        /* No overlap before the time of impact (or anywhere when there is none). */
        for (int k = 0; k < 64; ++k) {
            float s = end * (float)k / 64.0f;
            satcd_xf pa = {satcd_mul_add(xa.p, s, va), xa.q}, pb = {satcd_mul_add(xb.p, s, vb), xb.q};
            assert_true(satcd_separation_polygons(&a, pa, &b, pb) > -1e-4f);
        }
        if (!t.hit) {
            ++misses;
            continue;
        }
        ++hits;
        assert_true(t.t > 0.0f && t.t <= 1.0f);
        satcd_xf pa = {satcd_mul_add(xa.p, t.t, va), xa.q}, pb = {satcd_mul_add(xb.p, t.t, vb), xb.q};
        /* At the time of impact they touch, and the normal's face is the separating one. */
        assert_int_equal(satcd_relate_polygons(&a, pa, &b, pb, 2e-4f), SATCD_TOUCHING);
        assert_float_equal(satcd_length(t.normal), 1.0f, 1e-5f);
        /* Moving on along the relative motion by a bit, they overlap (they were approaching). */
        assert_true(satcd_dot(t.normal, satcd_sub(vb, va)) < 0.0f);
    }
    print_message("sweep: %d hits, %d misses\n", hits, misses);
    assert_true(hits > 200 && misses > 200);
}

/* A sweep of unit boxes, B placed at (x, y) and moved by v: hit, and at t = 0 when it is one. */
static bool box_sweep_hits_at_start(float x, float y, satcd_vec2 va, satcd_vec2 vb)
{
    satcd_polygon box = satcd_polygon_box(1, 1);
    satcd_toi t = satcd_sweep_polygons(&box, ID, va, &box, at(x, y, 0), vb);
    if (t.hit) assert_float_equal(t.t, 0.0f, 0.0f);
    return t.hit;
}

static void sweep_from_touching(void **state)
{
    (void)state;
    satcd_vec2 still = {0, 0};
    /* Face to face along x = 1: moving apart, sliding, approaching. */
    assert_false(box_sweep_hits_at_start(2, 0, still, satcd_v2(1, 0)));
    assert_false(box_sweep_hits_at_start(2, 0.5f, still, satcd_v2(3, -7)));
    assert_true(box_sweep_hits_at_start(2, 0, still, satcd_v2(0, 1)));
    assert_true(box_sweep_hits_at_start(2, 0.5f, still, satcd_v2(0, -10)));
    assert_true(box_sweep_hits_at_start(2, 0, still, satcd_v2(-1, 0)));
    assert_true(box_sweep_hits_at_start(2, 0, still, satcd_v2(-1e-3f, 5)));
    /* Only the relative motion counts: A leaving B is B leaving A. */
    assert_false(box_sweep_hits_at_start(2, 0, satcd_v2(-1, 0), still));
    assert_true(box_sweep_hits_at_start(2, 0, satcd_v2(1, 0), satcd_v2(1, 2)));
    /* Standing still in contact: touching all the way. */
    assert_true(box_sweep_hits_at_start(2, 0, still, still));
    /* Corner to corner at (1, 1): apart along either face, or diagonally into the corner. */
    assert_false(box_sweep_hits_at_start(2, 2, still, satcd_v2(1, 0)));
    assert_false(box_sweep_hits_at_start(2, 2, still, satcd_v2(-1, 1)));
    assert_true(box_sweep_hits_at_start(2, 2, still, satcd_v2(-1, -1)));
    assert_true(box_sweep_hits_at_start(2, 2, still, satcd_v2(-1, 0)));
    /* Overlapping by 0.01, beyond rounding: a hit at 0 whatever the motion. */
    assert_true(box_sweep_hits_at_start(1.99f, 0, still, satcd_v2(5, 0)));
    /* Apart by 0.5, moving apart or sliding: no contact; approaching: the time the gap closes. */
    assert_false(box_sweep_hits_at_start(2.5f, 0, still, satcd_v2(1, 0)));
    assert_false(box_sweep_hits_at_start(2.5f, 0, still, satcd_v2(0, 1)));
    satcd_polygon box = satcd_polygon_box(1, 1);
    assert_float_equal(satcd_sweep_polygons(&box, ID, still, &box, at(2.5f, 0, 0), satcd_v2(-1, 0)).t, 0.5f, 1e-6f);
    /* Far from the origin, exactly touching (every coordinate an integer): the same answers. */
    satcd_xf far_a = at(40000, -30000, 0), far_b = at(40002, -30000, 0);
    assert_false(satcd_sweep_polygons(&box, far_a, still, &box, far_b, satcd_v2(1, 0)).hit);
    assert_true(satcd_sweep_polygons(&box, far_a, still, &box, far_b, satcd_v2(0, 1)).hit);
    /* Touching within rounding: a box turned by 30 degrees, B placed against its face in float. */
    satcd_xf tilted = at(3, -2, 0.5235988f);
    satcd_vec2 n = satcd_rotate(tilted.q, satcd_v2(1, 0)), tangent = satcd_left_perp(n);
    satcd_xf against = {satcd_mul_add(tilted.p, 2.0f, n), tilted.q};
    float gap = satcd_separation_polygons(&box, tilted, &box, against);
    assert_true(fabsf(gap) < 1e-5f);
    assert_false(satcd_sweep_polygons(&box, tilted, still, &box, against, n).hit);
    assert_false(satcd_sweep_polygons(&box, tilted, satcd_scale(-0.5f, n), &box, against, tangent).hit);
    satcd_toi slide = satcd_sweep_polygons(&box, tilted, still, &box, against, tangent);
    assert_true(slide.hit);
    assert_float_equal(slide.t, 0.0f, 0.0f);
    assert_float_equal(satcd_dot(slide.normal, n), 1.0f, 1e-5f);
    assert_true(satcd_sweep_polygons(&box, tilted, still, &box, against, satcd_scale(-1.0f, n)).hit);
}

/* A polygon placed in the world, vertices and face normals in double. */
typedef struct placed {
    double x[SATCD_MAX_POLYGON_VERTICES], y[SATCD_MAX_POLYGON_VERTICES];
    double nx[SATCD_MAX_POLYGON_VERTICES], ny[SATCD_MAX_POLYGON_VERTICES];
    int count;
} placed;

static placed place(const satcd_polygon *p, satcd_xf xf)
{
    placed w;
    w.count = p->count;
    for (int i = 0; i < p->count; ++i) {
        satcd_vec2 v = satcd_polygon_vertex(p, i);
        w.x[i] = (double)xf.q.c * v.x - (double)xf.q.s * v.y + xf.p.x;
        w.y[i] = (double)xf.q.s * v.x + (double)xf.q.c * v.y + xf.p.y;
    }
    for (int i = 0; i < p->count; ++i) {
        int j = (i + 1) % p->count;
        double ex = w.x[j] - w.x[i], ey = w.y[j] - w.y[i], len = hypot(ex, ey);
        w.nx[i] = ey / len, w.ny[i] = -ex / len;
    }
    return w;
}

/* Separation of each face of f from the points of o moved by (dx, dy), and its rate along (vx, vy). */
static void faces_of(const placed *f, const placed *o, double sign, double vx, double vy, double *sep, double *rate)
{
    for (int i = 0; i < f->count; ++i) {
        double low = INFINITY;
        for (int k = 0; k < o->count; ++k) {
            low = fmin(low, f->nx[i] * (o->x[k] - f->x[i]) + f->ny[i] * (o->y[k] - f->y[i]));
        }
        sep[i] = low;
        rate[i] = sign * (f->nx[i] * vx + f->ny[i] * vy);
    }
}

/* The largest face separation of B moved by t (vx, vy) against A, in double. */
static double moved_gap(const placed *a, const placed *b, double t, double vx, double vy)
{
    placed m = *b;
    for (int k = 0; k < m.count; ++k) m.x[k] += t * vx, m.y[k] += t * vy;
    double sa[SATCD_MAX_POLYGON_VERTICES], sb[SATCD_MAX_POLYGON_VERTICES], ra[SATCD_MAX_POLYGON_VERTICES];
    faces_of(a, &m, 1.0, 0, 0, sa, ra);
    faces_of(&m, a, -1.0, 0, 0, sb, ra);
    double gap = -INFINITY;
    for (int i = 0; i < a->count; ++i) gap = fmax(gap, sa[i]);
    for (int j = 0; j < m.count; ++j) gap = fmax(gap, sb[j]);
    return gap;
}

/*
 * B placed against A: B's deepest vertex along A's face normal set on that
 * face (at an end now and then: corner to corner), so the pair touches,
 * up to the rounding of B's position.
 */
static satcd_xf place_touching(random_source *rng, const satcd_polygon *a, satcd_xf xa, const satcd_polygon *b)
{
    int face = random_int(rng, 0, a->count - 1);
    satcd_vec2 n = satcd_rotate(xa.q, satcd_polygon_normal(a, face));
    satcd_xf xb = random_transform_at(rng, satcd_v2(0, 0));
    satcd_vec2 deepest = satcd_polygon_vertex(b, 0);
    for (int k = 1; k < b->count; ++k) {
        satcd_vec2 v = satcd_polygon_vertex(b, k);
        if (satcd_dot(satcd_rotate(xb.q, v), n) < satcd_dot(satcd_rotate(xb.q, deepest), n)) deepest = v;
    }
    int end = random_int(rng, 0, 7);
    float along = end == 0 ? 0.0f : end == 1 ? 1.0f : random_float(rng, 0.05f, 0.95f);
    satcd_vec2 p0 = satcd_xf_point(xa, satcd_polygon_vertex(a, face));
    satcd_vec2 p1 = satcd_xf_point(xa, satcd_polygon_vertex(a, (face + 1) % a->count));
    xb.p = satcd_sub(satcd_lerp(p0, p1, along), satcd_rotate(xb.q, deepest));
    return xb;
}

/*
 * Random touching pairs and motions against the rule, judged in double:
 * with band = 64 eps (sizes of the coordinates), a pair whose largest face
 * separation is within the band is a hit at t = 0 unless a face within the
 * band gains more than the band by t = 1. Cases within a factor 4 of a
 * threshold are skipped. A pair left is never overlapping on the way and
 * apart at the end; a pair pressed into its contact overlaps right after.
 */
static void sweep_from_touching_properties(void **state)
{
    (void)state;
    random_source rng = random_source_seeded(0x70c4ULL);
    int left = 0, kept = 0, skipped = 0;
    for (int i = 0; i < 20000; ++i) {
        satcd_polygon a = random_convex_polygon(&rng, 12, random_float(&rng, 0.2f, 3.0f));
        satcd_polygon b = random_convex_polygon(&rng, 12, random_float(&rng, 0.2f, 3.0f));
        satcd_xf xa = random_transform(&rng, i % 10 == 0 ? 1000.0f : 5.0f);
        satcd_xf xb = place_touching(&rng, &a, xa, &b);
        satcd_vec2 va = random_vec2(&rng, -3, 3);
        satcd_vec2 vb = random_vec2(&rng, -3, 3);
        if (i % 4 == 0) va = vb; /* moving together: the contact stays */
        placed wa = place(&a, xa), wb = place(&b, xb);
        double vx = (double)vb.x - va.x, vy = (double)vb.y - va.y;
        double sa[SATCD_MAX_POLYGON_VERTICES], sb[SATCD_MAX_POLYGON_VERTICES];
        double ra[SATCD_MAX_POLYGON_VERTICES], rb[SATCD_MAX_POLYGON_VERTICES];
        faces_of(&wa, &wb, 1.0, vx, vy, sa, ra);
        faces_of(&wb, &wa, -1.0, vx, vy, sb, rb);
        double size = hypot(a.centroid.x, a.centroid.y) + a.radius + hypot(b.centroid.x, b.centroid.y) + b.radius +
                      hypot((double)xb.p.x - xa.p.x, (double)xb.p.y - xa.p.y);
        double band = 64.0 * FLT_EPSILON * size;
        double start = -INFINITY;
        bool leaves = false, stays = true;
        for (int k = 0; k < a.count + b.count; ++k) {
            double sep = k < a.count ? sa[k] : sb[k - a.count], rate = k < a.count ? ra[k] : rb[k - a.count];
            start = fmax(start, sep);
            leaves = leaves || (sep >= -band / 4 && sep + rate > 4 * band);
            stays = stays && !(sep >= -4 * band && sep + rate > band / 4);
        }
        if (fabs(start) > band / 4 || leaves == stays) {
            ++skipped;
            continue;
        }
        satcd_toi t = satcd_sweep_polygons(&a, xa, va, &b, xb, vb);
        assert_true(t.hit == stays);
        if (t.hit) {
            ++kept;
            assert_float_equal(t.t, 0.0f, 0.0f);
            continue;
        }
        ++left;
        for (int k = 1; k <= 64; ++k) assert_true(moved_gap(&wa, &wb, k / 64.0, vx, vy) >= -band);
        assert_true(moved_gap(&wa, &wb, 1.0, vx, vy) > band);
    }
    print_message("sweep from touching: %d left, %d kept, %d skipped\n", left, kept, skipped);
    assert_true(left > 3000 && kept > 3000);
}

/* The shapes of the rule tests: a 2 x 2 box, a 1 x 1 box, a disc of radius 0.5 and a capsule of zero length as that disc. */
typedef struct rule_shapes {
    satcd_polygon box, small;
    satcd_circle disc;
    satcd_capsule dot;
} rule_shapes;

static rule_shapes make_rule_shapes(void)
{
    rule_shapes r = {satcd_polygon_box(1, 1), satcd_polygon_box(0.5f, 0.5f), {{0, 0}, 0}, {{0, 0}, {0, 0}, 0}};
    assert_int_equal(satcd_circle_make(&r.disc, satcd_v2(0, 0), 0.5f), SATCD_OK);
    assert_int_equal(satcd_capsule_make(&r.dot, satcd_v2(0, 0), satcd_v2(0, 0), 0.5f), SATCD_OK);
    return r;
}

/* A start s bands from touching, moving away by gain bands along +x: whether it is a hit. */
typedef struct start_case {
    double s, gain;
    bool hit;
} start_case;

/*
 * Every sweep starts by one rule: band = 64 FLT_EPSILON (reach of A +
 * reach of B), each reach how far the shape lies from the origin of A's
 * frame at t = 0 (a polygon: its centroid's distance plus its radius; a
 * circle or a disc capsule: its centre's plus its radius). Overlapping
 * past the band is a hit at 0 whatever the motion; touching is a hit at 0
 * unless the separation at t = 1 (start plus gain) passes the band; apart
 * beyond it and moving away, no hit. A box against a circle, a capsule of
 * zero length and a smaller box, the gap set by hand to multiples of the
 * band: the kinds agree.
 */
static void sweeps_share_one_start_rule(void **state)
{
    (void)state;
    const rule_shapes sh = make_rule_shapes();
    const satcd_polygon *box = &sh.box, *small = &sh.small;
    const satcd_circle *disc = &sh.disc;
    const satcd_capsule *dot = &sh.dot;
    const start_case cases[] = {{-2.0, 2.0, true},  {-2.0, 0.3, true},  {-0.4, 0.3, true}, {-0.4, 2.0, false},
                                {0.4, 0.3, true},   {0.6, 0.6, false},  {2.0, 0.3, false}, {2.0, 2.0, false}};
    /* B's reach beyond its offset x: the disc's radius, the small box's circumradius. */
    const double b_extent[2] = {0.5, sqrt(0.5)};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        for (int kind = 0; kind < 2; ++kind) {
            /* The band depends on the offset it sets: a few passes settle it. */
            double band = 0.0, x = 1.5;
            for (int pass = 0; pass < 4; ++pass) {
                band = 64.0 * (double)FLT_EPSILON * (sqrt(2.0) + (x + b_extent[kind]));
                x = 1.5 + cases[c].s * band;
            }
            satcd_vec2 still = satcd_v2(0, 0), vb = satcd_v2((float)(cases[c].gain * band), 0.0f);
            satcd_xf xb = at((float)x, 0, 0);
            satcd_toi got[2];
            int n = 0;
            if (kind == 0) {
                got[n++] = satcd_sweep_polygon_circle(box, ID, still, disc, xb, vb);
                got[n++] = satcd_sweep_polygon_capsule(box, ID, still, dot, xb, vb);
            } else {
                got[n++] = satcd_sweep_polygons(box, ID, still, small, xb, vb);
            }
            for (int k = 0; k < n; ++k) {
                assert_int_equal(got[k].hit, cases[c].hit);
                if (cases[c].hit) assert_true(got[k].t == 0.0f);
            }
        }
    }
}

/*
 * The velocity rule of every sweep: magnitudes summing past
 * 8 SATCD_MAX_COORDINATE, or a NaN or infinite component, is no hit; just
 * within, an overlapping pair is a hit at 0.
 */
static void sweeps_share_one_velocity_rule(void **state)
{
    (void)state;
    const rule_shapes sh = make_rule_shapes();
    const satcd_polygon *box = &sh.box, *small = &sh.small;
    const satcd_circle *disc = &sh.disc;
    const satcd_capsule *dot = &sh.dot;
    const float past = 4.01f * SATCD_MAX_COORDINATE, within = 3.99f * SATCD_MAX_COORDINATE;
    const satcd_vec2 velocities[][2] = {
        {{past, 0}, {-past, 0}}, {{0, 0}, {NAN, 0}}, {{INFINITY, 0}, {0, 0}}, {{within, 0}, {-within, 0}}};
    satcd_xf near = at(0.5f, 0, 0);
    for (int i = 0; i < 4; ++i) {
        satcd_vec2 va = velocities[i][0], vb = velocities[i][1];
        bool usable = i == 3;
        satcd_toi got[] = {
            satcd_sweep_polygons(box, ID, va, small, near, vb),
            satcd_sweep_polygon_circle(box, ID, va, disc, near, vb),
            satcd_sweep_circles(disc, ID, va, disc, near, vb),
            satcd_sweep_polygon_capsule(box, ID, va, dot, near, vb),
            satcd_sweep_capsules(dot, ID, va, dot, near, vb),
            satcd_sweep_capsule_circle(dot, ID, va, disc, near, vb),
        };
        for (size_t k = 0; k < sizeof got / sizeof got[0]; ++k) {
            assert_int_equal(got[k].hit, usable);
            if (usable) assert_true(got[k].t == 0.0f && satcd_vec2_is_finite(got[k].point));
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(distance_exact),
        cmocka_unit_test(distance_properties),
        cmocka_unit_test(ray_exact),
        cmocka_unit_test(ray_past_a_sharp_tip),
        cmocka_unit_test(sweep_exact),
        cmocka_unit_test(sweep_properties),
        cmocka_unit_test(sweep_from_touching),
        cmocka_unit_test(sweep_from_touching_properties),
        cmocka_unit_test(sweeps_share_one_start_rule),
        cmocka_unit_test(sweeps_share_one_velocity_rule),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
