/*
 * Long inputs to the constructors: outlines and clouds of 17 to 5,000
 * points that clean to at most SATCD_MAX_POLYGON_VERTICES vertices are
 * accepted, and those that do not are refused with nothing written.
 *
 * Truth comes from the construction (the corners a test places are the
 * only points that may remain, in counter-clockwise order) and from a
 * brute-force hull in double precision.
 */
#include "cmocka_all.h"

#include <math.h>
#include <string.h>

#include <satcd/satcd.h>

#include "random_shapes.h"

#define MAX_V SATCD_MAX_POLYGON_VERTICES
#define MAX_POINTS 5000
#define TWO_PI 6.283185307179586

static const double offsets[] = {0.0, 1e2, 1e4, 1e5, 1e6};
#define OFFSET_COUNT ((int)(sizeof offsets / sizeof offsets[0]))

static void poison(satcd_polygon *p) { memset(p, 0xA5, sizeof *p); }

static void assert_untouched(const satcd_polygon *p)
{
    satcd_polygon ref;
    poison(&ref);
    assert_memory_equal(p, &ref, sizeof ref);
}

/* A placed convex polygon: k corners, counter-clockwise, centred at (offset, -offset). */
typedef struct corners {
    satcd_vec2 c[256];
    int k;
    double radius;
} corners;

/*
 * k corners on a circle, each angle jittered by at most a quarter of the
 * step: every corner turns by at least half the step, far beyond the
 * cleanup tolerance. The radius grows with the offset so that float
 * rounding at the offset stays far below the tolerance.
 */
static corners random_corners(random_source *r, int k, double offset)
{
    corners g;
    g.k = k;
    g.radius = fmax(1.0, 0.1 * offset) * (double)random_float(r, 0.5f, 5.0f);
    double turn = (double)random_float(r, 0.0f, (float)TWO_PI);
    for (int i = 0; i < k; ++i) {
        double a = turn + TWO_PI * (i + 0.5 * (double)random_float(r, -0.5f, 0.5f)) / k;
        g.c[i] = satcd_v2((float)(offset + g.radius * cos(a)), (float)(-offset + g.radius * sin(a)));
    }
    return g;
}

/* The point a fraction t along the edge from p to q, rounded once to float. */
static satcd_vec2 along(satcd_vec2 p, satcd_vec2 q, double t)
{
    return satcd_v2((float)(p.x + t * ((double)q.x - p.x)), (float)(p.y + t * ((double)q.y - p.y)));
}

/*
 * An outline of the corners with `total` points in all: the corners, the
 * rest spread along the edges, now and then a point repeated, and the
 * closing corner repeated when `closed`. Started at a random point
 * (often in the middle of an edge) and reversed when `clockwise`.
 */
static int outline(random_source *r, const corners *g, int total, bool closed, bool clockwise, satcd_vec2 *out)
{
    int extra = total - g->k - (closed ? 1 : 0);
    int per_edge[256] = {0};
    for (int i = 0; i < extra; ++i) per_edge[random_int(r, 0, g->k - 1)]++;
    satcd_vec2 tmp[MAX_POINTS];
    int n = 0;
    for (int e = 0; e < g->k; ++e) {
        satcd_vec2 p = g->c[e], q = g->c[(e + 1) % g->k];
        tmp[n++] = p;
        for (int j = 0; j < per_edge[e]; ++j) {
            bool repeat = j > 0 && random_int(r, 0, 7) == 0;
            tmp[n] = repeat ? tmp[n - 1] : along(p, q, (j + 1.0) / (per_edge[e] + 1.0));
            ++n;
        }
    }
    int shift = random_int(r, 0, n - 1);
    for (int i = 0; i < n; ++i) out[i] = tmp[(i + shift) % n];
    if (closed) out[n++] = out[0];
    if (clockwise) {
        for (int i = 0, j = n - 1; i < j; ++i, --j) {
            satcd_vec2 t = out[i];
            out[i] = out[j];
            out[j] = t;
        }
    }
    assert_int_equal(n, total);
    return n;
}

/* The corners of a random round's polygon: 3 to the capacity of them, at that round's offset. */
static corners corners_of_round(random_source *r, int round)
{
    return random_corners(r, random_int(r, 3, MAX_V), offsets[round % OFFSET_COUNT]);
}

/* The polygon's vertices are exactly the corners, counter-clockwise, starting at any of them. */
static void assert_is_corners(const satcd_polygon *p, const corners *g)
{
    assert_int_equal(p->count, g->k);
    int s = 0;
    satcd_vec2 first = satcd_polygon_vertex(p, 0);
    while (s < g->k && !(g->c[s].x == first.x && g->c[s].y == first.y)) ++s;
    assert_true(s < g->k);
    for (int i = 0; i < g->k; ++i) {
        satcd_vec2 want = g->c[(s + i) % g->k], got = satcd_polygon_vertex(p, i);
        assert_true(got.x == want.x && got.y == want.y);
    }
}

static void make_cleans_long_outlines(void **state)
{
    (void)state;
    random_source r = random_source_seeded(0xc1ea7001ULL);
    static satcd_vec2 pts[MAX_POINTS];
    for (int round = 0; round < 500; ++round) {
        corners g = corners_of_round(&r, round);
        int total = round < 100 ? random_int(&r, MAX_V + 1, 80) : random_int(&r, MAX_V + 1, 1000);
        bool closed = random_int(&r, 0, 1), clockwise = (round / OFFSET_COUNT) % 2;
        int n = outline(&r, &g, total, closed, clockwise, pts);
        satcd_polygon p;
        poison(&p);
        assert_int_equal(satcd_polygon_make(&p, pts, n), SATCD_OK);
        assert_is_corners(&p, &g);
    }
}

static void expect_make_refused(const satcd_vec2 *pts, int n, satcd_status want)
{
    satcd_polygon p;
    poison(&p);
    assert_int_equal(satcd_polygon_make(&p, pts, n), want);
    assert_untouched(&p);
}

/* A regular polygon of `sides` corners outlined by `total` points, at the offset. */
static int regular_outline(random_source *r, int sides, int total, double offset, satcd_vec2 *out)
{
    corners g;
    g.k = sides;
    g.radius = fmax(1.0, 0.1 * offset);
    for (int i = 0; i < sides; ++i) {
        double a = TWO_PI * i / sides;
        g.c[i] = satcd_v2((float)(offset + g.radius * cos(a)), (float)(-offset + g.radius * sin(a)));
    }
    return outline(r, &g, total, false, false, out);
}

static void make_refuses_more_true_vertices_than_capacity(void **state)
{
    (void)state;
    random_source r = random_source_seeded(0xc1ea7002ULL);
    static satcd_vec2 pts[MAX_POINTS];
    const int totals[] = {MAX_V + 1, 40, 64, 65, 300, 1000};
    for (int o = 0; o < OFFSET_COUNT; ++o) {
        for (int t = 0; t < (int)(sizeof totals / sizeof totals[0]); ++t) {
            int n = regular_outline(&r, MAX_V + 1, totals[t], offsets[o], pts);
            expect_make_refused(pts, n, SATCD_ERR_TOO_MANY_POINTS);
        }
        /* So many corners that the ring an outline is cleaned in fills. */
        int n = regular_outline(&r, 200, 1000, offsets[o], pts);
        expect_make_refused(pts, n, SATCD_ERR_TOO_MANY_POINTS);
        /* One fewer corner fits. */
        n = regular_outline(&r, MAX_V, 1000, offsets[o], pts);
        satcd_polygon p;
        assert_int_equal(satcd_polygon_make(&p, pts, n), SATCD_OK);
        assert_int_equal(p.count, MAX_V);
    }
}

/* Long outlines keep every other status: what a short outline of the same shape gets. */
static void make_long_outline_statuses(void **state)
{
    (void)state;
    random_source r = random_source_seeded(0xc1ea7003ULL);
    static satcd_vec2 pts[MAX_POINTS];
    corners concave = {{{0, 0}, {8, 0}, {4, 2}, {8, 8}, {0, 8}}, 5, 8};
    corners bowtie = {{{0, 0}, {4, 4}, {4, 0}, {0, 4}}, 4, 4};
    corners line = {{{0, 0}, {3, 3}}, 2, 3};
    for (int total = 20; total <= 1000; total = total * 3 + 1) {
        expect_make_refused(pts, outline(&r, &concave, total, true, false, pts), SATCD_ERR_NOT_CONVEX);
        expect_make_refused(pts, outline(&r, &bowtie, total, false, true, pts), SATCD_ERR_SELF_INTERSECTING);
        expect_make_refused(pts, outline(&r, &line, total, false, false, pts), SATCD_ERR_DEGENERATE);
        for (int i = 0; i < total; ++i) pts[i] = satcd_v2(1.0f, 2.0f);
        expect_make_refused(pts, total, SATCD_ERR_TOO_FEW_POINTS);
        int n = regular_outline(&r, 6, total, 0.0, pts);
        pts[n - 2].y = NAN;
        expect_make_refused(pts, n, SATCD_ERR_NOT_FINITE);
        pts[n - 2].y = 2e15f;
        expect_make_refused(pts, n, SATCD_ERR_OUT_OF_RANGE);
    }
}

/* ---------------------------------------------------------------- hulls */

/* Twice the signed area of the triangle o a b, in double. */
static double orient2(satcd_vec2 o, satcd_vec2 a, satcd_vec2 b)
{
    return ((double)a.x - o.x) * ((double)b.y - o.y) - ((double)a.y - o.y) * ((double)b.x - o.x);
}

static bool between(satcd_vec2 p, satcd_vec2 q, satcd_vec2 m)
{
    return fmin(p.x, q.x) <= m.x && m.x <= fmax(p.x, q.x) && fmin(p.y, q.y) <= m.y && m.y <= fmax(p.y, q.y);
}

/*
 * Brute-force hull in double: the directed pair i -> j is a hull edge when
 * no point lies right of it and every point on its line lies between its
 * ends. Its corners are the starts of the edges, counter-clockwise from
 * the first found. Returns their count; O(n^3).
 */
static int brute_hull(const satcd_vec2 *p, int n, satcd_vec2 *out, int cap)
{
    int next[512];
    int first = -1;
    assert_true(n <= 512);
    for (int i = 0; i < n; ++i) next[i] = -1;
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            if (p[i].x == p[j].x && p[i].y == p[j].y) continue;
            bool edge = true;
            for (int m = 0; m < n && edge; ++m) {
                double o = orient2(p[i], p[j], p[m]);
                edge = o > 0.0 || (o == 0.0 && between(p[i], p[j], p[m]));
            }
            if (edge) next[i] = j, first = first < 0 ? i : first;
        }
    }
    if (first < 0) return 0;
    int count = 0;
    for (int i = first; count < cap;) {
        out[count++] = p[i];
        i = next[i];
        if (p[i].x == p[first].x && p[i].y == p[first].y) break;
    }
    return count;
}

/* How far v lies outside (right of) the line a -> b, in double. */
static double outside(satcd_vec2 a, satcd_vec2 b, satcd_vec2 v)
{
    return -orient2(a, b, v) / hypot((double)b.x - a.x, (double)b.y - a.y);
}

static double cleanup_tolerance(const satcd_vec2 *p, int n)
{
    double lo_x = p[0].x, hi_x = p[0].x, lo_y = p[0].y, hi_y = p[0].y;
    for (int i = 1; i < n; ++i) {
        lo_x = fmin(lo_x, p[i].x), hi_x = fmax(hi_x, p[i].x);
        lo_y = fmin(lo_y, p[i].y), hi_y = fmax(hi_y, p[i].y);
    }
    return SATCD_POLYGON_TOLERANCE_REL * fmax(hi_x - lo_x, hi_y - lo_y);
}

/* Every point within `bound` outside every edge of p. */
static void assert_holds(const satcd_polygon *p, const satcd_vec2 *pts, int n, double bound)
{
    for (int i = 0; i < p->count; ++i) {
        satcd_vec2 a = satcd_polygon_vertex(p, i), b = satcd_polygon_vertex(p, (i + 1) % p->count);
        for (int k = 0; k < n; ++k) assert_true(outside(a, b, pts[k]) <= bound);
    }
}

/* A point strictly inside the corners' polygon, by rejection from its bounding box. */
static satcd_vec2 inside_point(random_source *r, const corners *g)
{
    double cx = 0.0, cy = 0.0;
    for (int i = 0; i < g->k; ++i) cx += g->c[i].x, cy += g->c[i].y;
    cx /= g->k, cy /= g->k;
    for (;;) {
        satcd_vec2 u = random_vec2(r, -1.0f, 1.0f);
        satcd_vec2 v = satcd_v2((float)(cx + g->radius * (double)u.x), (float)(cy + g->radius * (double)u.y));
        bool in = true;
        for (int i = 0; i < g->k && in; ++i) in = outside(g->c[i], g->c[(i + 1) % g->k], v) < -1e-3 * g->radius;
        if (in) return v;
    }
}

static void shuffle(random_source *r, satcd_vec2 *p, int n)
{
    for (int i = n - 1; i > 0; --i) {
        int j = random_int(r, 0, i);
        satcd_vec2 t = p[i];
        p[i] = p[j];
        p[j] = t;
    }
}

/*
 * A cloud of `total` points whose hull is the corners: the corners, points
 * along the edges (within rounding of them), points inside, repeats, in
 * random order.
 */
static int cloud_of(random_source *r, const corners *g, int total, satcd_vec2 *out)
{
    int n = 0;
    for (int i = 0; i < g->k; ++i) out[n++] = g->c[i];
    while (n < total) {
        int kind = random_int(r, 0, 3);
        if (kind == 0) out[n] = out[random_int(r, 0, n - 1)];
        else if (kind == 1) {
            int e = random_int(r, 0, g->k - 1);
            out[n] = along(g->c[e], g->c[(e + 1) % g->k], (double)random_float(r, 0.01f, 0.99f)); /* not within tol of a corner */
        } else out[n] = inside_point(r, g);
        ++n;
    }
    shuffle(r, out, n);
    return n;
}

static void hull_of_large_clouds_with_small_hulls(void **state)
{
    (void)state;
    random_source r = random_source_seeded(0xc1ea7004ULL);
    static satcd_vec2 pts[MAX_POINTS];
    for (int round = 0; round < 200; ++round) {
        corners g = corners_of_round(&r, round);
        int total = round % 4 == 0 ? MAX_POINTS : random_int(&r, MAX_V + 1, 1000);
        int n = cloud_of(&r, &g, total, pts);
        satcd_polygon p;
        poison(&p);
        assert_int_equal(satcd_polygon_hull(&p, pts, n), SATCD_OK);
        assert_is_corners(&p, &g);
    }
}

/*
 * Random clouds in a disc against the brute-force hull: the result's
 * vertices are hull corners, every point lies within twice the tolerance
 * of it, and a hull of at most the capacity whose every corner stands out
 * of the chord of its neighbours by more than that comes back exactly. A
 * hull of more corners than the capacity, each standing out, is refused.
 */
static void hull_against_brute_force(void **state)
{
    (void)state;
    random_source r = random_source_seeded(0xc1ea7005ULL);
    static satcd_vec2 pts[512];
    int exact = 0, refused = 0;
    for (int round = 0; round < 300; ++round) {
        double offset = offsets[round % OFFSET_COUNT];
        double radius = fmax(1.0, 0.1 * offset);
        int n = random_int(&r, MAX_V + 1, 200);
        for (int i = 0; i < n; ++i) {
            double a = TWO_PI * (double)random_unit(&r), d = radius * sqrt((double)random_unit(&r));
            /* Some points on a coarse grid: repeats and collinear runs. */
            if (random_int(&r, 0, 3) == 0) d = radius * 0.25 * random_int(&r, 0, 4), a = TWO_PI * random_int(&r, 0, 7) / 8.0;
            pts[i] = satcd_v2((float)(offset + d * cos(a)), (float)(-offset + d * sin(a)));
        }
        satcd_vec2 hull[512];
        int h = brute_hull(pts, n, hull, 512);
        double tol = cleanup_tolerance(pts, n);
        bool standing = true;
        for (int i = 0; i < h; ++i) standing = standing && outside(hull[(i + h - 1) % h], hull[(i + 1) % h], hull[i]) > 3.0 * tol;
        satcd_polygon p;
        poison(&p);
        satcd_status st = satcd_polygon_hull(&p, pts, n);
        if (standing && h > MAX_V) {
            assert_int_equal(st, SATCD_ERR_TOO_MANY_POINTS);
            assert_untouched(&p);
            ++refused;
            continue;
        }
        if (st != SATCD_OK) {
            assert_int_equal(st, SATCD_ERR_TOO_MANY_POINTS);
            assert_true(h > MAX_V);
            assert_untouched(&p);
            continue;
        }
        for (int i = 0; i < p.count; ++i) {
            bool found = false;
            satcd_vec2 v = satcd_polygon_vertex(&p, i);
            for (int j = 0; j < h && !found; ++j) found = hull[j].x == v.x && hull[j].y == v.y;
            assert_true(found);
        }
        assert_holds(&p, pts, n, 2.0 * tol);
        if (standing) {
            corners g;
            g.k = h;
            memcpy(g.c, hull, (size_t)h * sizeof *hull);
            assert_is_corners(&p, &g);
            ++exact;
        }
    }
    /* Both kinds of case came up often enough to mean something. */
    assert_true(exact >= 50);
    assert_true(refused >= 20);
}

/*
 * A box whose bottom and left edges bulge outward by less than the
 * tolerance, each drawn by 400 points. Those edges lie on the axes, where
 * float coordinates are fine enough that every point of a bulge is a
 * corner of the exact hull: 800 of them, far more than the ring the wrap
 * keeps, so the chain wrapped so far is thinned on the way. The result is
 * the box.
 */
static void hull_thins_a_dense_near_polygon(void **state)
{
    (void)state;
    random_source r = random_source_seeded(0xc1ea7006ULL);
    static satcd_vec2 pts[MAX_POINTS];
    for (int round = 0; round < 20; ++round) {
        float w = random_float(&r, 1.0f, 10.0f), h = random_float(&r, 1.0f, 10.0f);
        corners g = {{{0, 0}, {w, 0}, {w, h}, {0, h}}, 4, 0.5 * hypot(w, h)};
        double bulge = 0.4 * SATCD_POLYGON_TOLERANCE_REL * fmax(w, h);
        int n = 0;
        for (int i = 0; i < g.k; ++i) pts[n++] = g.c[i];
        for (int i = 1; i <= 400; ++i) {
            double t = i / 401.0, sag = -bulge * 4.0 * t * (1.0 - t);
            pts[n++] = satcd_v2((float)(w * t), (float)sag);
            pts[n++] = satcd_v2((float)sag, (float)(h * t));
            pts[n++] = along(g.c[1], g.c[2], t);
            pts[n++] = along(g.c[2], g.c[3], t);
        }
        while (n < 2500) pts[n++] = inside_point(&r, &g);
        shuffle(&r, pts, n);
        satcd_polygon p;
        assert_int_equal(satcd_polygon_hull(&p, pts, n), SATCD_OK);
        assert_is_corners(&p, &g);
        assert_holds(&p, pts, n, cleanup_tolerance(pts, n));
    }
}

static void hull_refuses_more_corners_than_capacity(void **state)
{
    (void)state;
    random_source r = random_source_seeded(0xc1ea7007ULL);
    static satcd_vec2 pts[MAX_POINTS];
    const int totals[] = {MAX_V + 1, 100, 1000, MAX_POINTS};
    for (int o = 0; o < OFFSET_COUNT; ++o) {
        for (int t = 0; t < (int)(sizeof totals / sizeof totals[0]); ++t) {
            /* 17 true corners among many points. */
            corners g = random_corners(&r, MAX_V + 1, offsets[o]);
            int n = cloud_of(&r, &g, totals[t], pts);
            satcd_polygon p;
            poison(&p);
            assert_int_equal(satcd_polygon_hull(&p, pts, n), SATCD_ERR_TOO_MANY_POINTS);
            assert_untouched(&p);
            /* Every point a corner: a circle of them. */
            double radius = fmax(1.0, 0.1 * offsets[o]);
            for (int i = 0; i < totals[t]; ++i) {
                double a = TWO_PI * i / totals[t];
                pts[i] = satcd_v2((float)(offsets[o] + radius * cos(a)), (float)(-offsets[o] + radius * sin(a)));
            }
            shuffle(&r, pts, totals[t]);
            assert_int_equal(satcd_polygon_hull(&p, pts, totals[t]), SATCD_ERR_TOO_MANY_POINTS);
            assert_untouched(&p);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(make_cleans_long_outlines),
        cmocka_unit_test(make_refuses_more_true_vertices_than_capacity),
        cmocka_unit_test(make_long_outline_statuses),
        cmocka_unit_test(hull_of_large_clouds_with_small_hulls),
        cmocka_unit_test(hull_against_brute_force),
        cmocka_unit_test(hull_thins_a_dense_near_polygon),
        cmocka_unit_test(hull_refuses_more_corners_than_capacity),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
