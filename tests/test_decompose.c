/*
 * satcd_decompose: concave outlines split into convex pieces.
 *
 * Truth: hand-made outlines with known pieces and areas; on random simple
 * outlines (star-shaped, spirals, combs, 5 to 200 corners, both windings,
 * at the origin and 1e4 away, with collinear points on their edges) the
 * pieces are checked against properties computed here, independently of
 * the library: each is convex in double, its corners are input points, the
 * areas add up to the outline's (shoelace in double), and GEOS finds the
 * union of the pieces equal to the outline (symmetric difference area).
 * The piece count is compared with the lower bound of any convex
 * decomposition; the figures are printed (docs/perf/decompose.md).
 */
#include "cmocka_all.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <satcd/satcd.h>

#include "geos_shapes.h"
#include "outline_truth.h"
#include "random_shapes.h"
#include "workload.h"

#define MAX_V SATCD_MAX_POLYGON_VERTICES
#define MAX_CORNERS 200
#define MAX_POINTS 800
#define MAX_PIECES 256
#define TWO_PI 6.283185307179586
#define CASES_PER_KIND 200

/*
 * Area the cleanup may move: every dropped point lies within the tolerance
 * of the edge kept, once for the outline and once for a piece, so the area
 * between them is at most twice the tolerance times the perimeter. Float
 * rounding of the corners (within half an ulp of the exact outline) is
 * far below that at the sizes used here.
 */
#define CLEANUP_AREA_FACTOR 2.0

static satcd_polygon pieces[MAX_PIECES];

static void poison(void *p, size_t size) { memset(p, 0xA5, size); }

static void assert_poisoned(const void *p, size_t size)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < size; ++i) assert_int_equal(b[i], 0xA5);
}

/* ---- independent geometry, double precision ---- */

static double shoelace(const satcd_vec2 *p, int n)
{
    double s = 0.0;
    for (int i = 1; i + 1 < n; ++i) {
        s += ((double)p[i].x - p[0].x) * ((double)p[i + 1].y - p[0].y) -
             ((double)p[i].y - p[0].y) * ((double)p[i + 1].x - p[0].x);
    }
    return 0.5 * s;
}

static double perimeter(const satcd_vec2 *p, int n)
{
    double s = 0.0;
    for (int i = 0; i < n; ++i) s += hypot((double)p[(i + 1) % n].x - p[i].x, (double)p[(i + 1) % n].y - p[i].y);
    return s;
}

/* The larger side of the bounding box: the scale of the cleanup tolerance. */
static double extent(const satcd_vec2 *p, int n)
{
    satcd_aabb box = {p[0], p[0]};
    for (int i = 1; i < n; ++i) box.lower = satcd_min(box.lower, p[i]), box.upper = satcd_max(box.upper, p[i]);
    return fmax((double)box.upper.x - box.lower.x, (double)box.upper.y - box.lower.y);
}

static double piece_area(const satcd_polygon *p)
{
    satcd_vec2 v[MAX_V];
    for (int i = 0; i < p->count; ++i) v[i] = satcd_polygon_vertex(p, i);
    return shoelace(v, p->count);
}

/* Every turn strictly to the left, and the turns add up to one revolution (no double winding). */
static void assert_convex_ccw(const satcd_polygon *p)
{
    assert_true(satcd_polygon_is_valid(p));
    double turning = 0.0;
    for (int i = 0; i < p->count; ++i) {
        satcd_vec2 a = satcd_polygon_vertex(p, i), b = satcd_polygon_vertex(p, (i + 1) % p->count);
        satcd_vec2 c = satcd_polygon_vertex(p, (i + 2) % p->count);
        double ex = (double)b.x - a.x, ey = (double)b.y - a.y, fx = (double)c.x - b.x, fy = (double)c.y - b.y;
        assert_true(ex * fy - ey * fx > 0.0);
        turning += atan2(ex * fy - ey * fx, ex * fx + ey * fy);
    }
    assert_true(fabs(turning - TWO_PI) < 1e-6);
}

static bool is_input_point(satcd_vec2 v, const satcd_vec2 *in, int n)
{
    for (int i = 0; i < n; ++i) {
        if (in[i].x == v.x && in[i].y == v.y) return true;
    }
    return false;
}

static GEOSGeometry *geos_outline(GEOSContextHandle_t h, const satcd_vec2 *p, int n)
{
    GEOSCoordSequence *seq = GEOSCoordSeq_create_r(h, (unsigned)n + 1u, 2u);
    for (int i = 0; i <= n; ++i) GEOSCoordSeq_setXY_r(h, seq, (unsigned)i, p[i % n].x, p[i % n].y);
    GEOSGeometry *poly = GEOSGeom_createPolygon_r(h, GEOSGeom_createLinearRing_r(h, seq), NULL, 0u);
    assert_non_null(poly);
    return poly;
}

/* Area of the symmetric difference between the outline and the union of the pieces. */
static double union_error(GEOSContextHandle_t h, const satcd_vec2 *in, int n, const satcd_polygon *ps, int count)
{
    GEOSGeometry *parts[MAX_PIECES];
    for (int i = 0; i < count; ++i) {
        truth_polygon t;
        truth_place(&ps[i], 0.0, 0.0, 1.0, 0.0, &t);
        parts[i] = geos_polygon(h, &t);
    }
    GEOSGeometry *all = GEOSGeom_createCollection_r(h, GEOS_MULTIPOLYGON, parts, (unsigned)count);
    GEOSGeometry *joined = GEOSUnaryUnion_r(h, all);
    GEOSGeometry *outline = geos_outline(h, in, n);
    GEOSGeometry *diff = GEOSSymDifference_r(h, joined, outline);
    double area = 0.0;
    assert_int_equal(GEOSArea_r(h, diff, &area), 1);
    GEOSGeom_destroy_r(h, diff);
    GEOSGeom_destroy_r(h, outline);
    GEOSGeom_destroy_r(h, joined);
    GEOSGeom_destroy_r(h, all);
    return area;
}

/* ---- random simple outlines, built in double, rounded once to float ---- */

typedef struct outline {
    double x[MAX_CORNERS], y[MAX_CORNERS];
    int n;
} outline;

/* Corners at sorted jittered angles, random radii: star-shaped about the origin, so simple. */
static outline star_outline(random_source *r, int n)
{
    outline o = {.n = n};
    for (int i = 0; i < n; ++i) {
        double a = TWO_PI * (i + 0.4 * (double)random_float(r, -1.0f, 1.0f)) / n;
        double rad = (double)random_float(r, 0.3f, 1.0f);
        o.x[i] = rad * cos(a), o.y[i] = rad * sin(a);
    }
    return o;
}

/*
 * A band 0.45 wide along an Archimedean spiral of pitch 1, out along its
 * outer side and back along its inner one, at most 3 turns, corners at most
 * pi / 8 apart: the chords sag by less than the gap between turns.
 */
static outline spiral_outline(int n)
{
    outline o = {.n = n};
    int m = n / 2, inner = n - m;
    double turns = fmin(3.0 * TWO_PI, (m - 1) * 3.14159265358979 / 8.0);
    for (int i = 0; i < m; ++i) {
        double a = turns * i / (m - 1), rad = 1.0 + a / TWO_PI;
        o.x[i] = rad * cos(a), o.y[i] = rad * sin(a);
    }
    for (int i = 0; i < inner; ++i) {
        double a = turns * (inner - 1 - i) / (inner - 1), rad = 0.55 + a / TWO_PI;
        o.x[m + i] = rad * cos(a), o.y[m + i] = rad * sin(a);
    }
    return o;
}

/* A comb of k teeth of random heights on a base: 4k corners, 2 (k - 1) of them reflex. */
static outline comb_outline(random_source *r, int k)
{
    outline o = {.n = 0};
    double width = 2.0 * k - 1.0;
    o.x[o.n] = 0.0, o.y[o.n++] = 0.0;
    o.x[o.n] = width, o.y[o.n++] = 0.0;
    for (int j = k - 1; j >= 0; --j) {
        double height = 1.0 + (double)random_float(r, 0.5f, 3.0f);
        o.x[o.n] = 2.0 * j + 1.0, o.y[o.n++] = height;
        o.x[o.n] = 2.0 * j, o.y[o.n++] = height;
        if (j > 0) {
            o.x[o.n] = 2.0 * j, o.y[o.n++] = 1.0;
            o.x[o.n] = 2.0 * j - 1.0, o.y[o.n++] = 1.0;
        }
    }
    return o;
}

/* Reflex corners of a counter-clockwise outline, in double. */
static int reflex_count(const outline *o)
{
    int r = 0;
    for (int i = 0; i < o->n; ++i) {
        int a = (i + o->n - 1) % o->n, c = (i + 1) % o->n;
        double t = (o->x[i] - o->x[a]) * (o->y[c] - o->y[i]) - (o->y[i] - o->y[a]) * (o->x[c] - o->x[i]);
        if (t < 0.0) ++r;
    }
    return r;
}

/*
 * The outline scaled, turned and moved to offset, in float, optionally
 * reversed, with up to 2 points inserted along some of its edges
 * (collinear before rounding) and its first point repeated at the end now
 * and then. Returns the point count.
 */
static int place_outline(random_source *r, const outline *o, double scale, double offset, bool reverse, satcd_vec2 *out)
{
    double turn = (double)random_float(r, 0.0f, (float)TWO_PI), c = cos(turn), s = sin(turn);
    int n = 0;
    for (int i = 0; i < o->n; ++i) {
        int k = reverse ? o->n - 1 - i : i, next = reverse ? (k + o->n - 1) % o->n : (k + 1) % o->n;
        int extra = random_int(r, 0, 3) == 0 ? random_int(r, 1, 2) : 0;
        for (int j = 0; j <= extra; ++j) {
            double t = j == 0 ? 0.0 : (j - 1 + (double)random_float(r, 0.1f, 0.9f)) / extra;
            double x = scale * (o->x[k] + t * (o->x[next] - o->x[k])), y = scale * (o->y[k] + t * (o->y[next] - o->y[k]));
            out[n++] = satcd_v2((float)(offset + c * x - s * y), (float)(-offset + s * x + c * y));
        }
    }
    if (random_int(r, 0, 4) == 0) out[n] = out[0], ++n;
    return n;
}

/* ---- the figures over the random set ---- */

typedef struct figures {
    int cases;
    double worst_area_rel, worst_union_rel;
    double worst_ratio_issue, sum_ratio_issue; /* pieces / ((r + 1) / 2) */
    double worst_ratio_bound, sum_ratio_bound; /* pieces / max(ceil(r / 2) + 1, ceil((n - 2) / (MAX_V - 2))) */
    long pieces, reflex, new_corners;
} figures;

static void report(const char *kind, const figures *f)
{
    printf("%-7s %4d outlines: pieces/((r+1)/2) mean %.3f worst %.3f; pieces/bound mean %.3f worst %.3f; "
           "pieces %ld for %ld reflex, %ld new corners; worst area error %.2e, union error %.2e (relative to the area)\n",
           kind, f->cases, f->sum_ratio_issue / f->cases, f->worst_ratio_issue, f->sum_ratio_bound / f->cases,
           f->worst_ratio_bound, f->pieces, f->reflex, f->new_corners, f->worst_area_rel, f->worst_union_rel);
}

/* Decompose one placed outline and check every property against the truth above. */
static void check_outline(GEOSContextHandle_t h, const satcd_vec2 *in, int n, int corners, int reflex, figures *f)
{
    int count = -1;
    satcd_status st = satcd_decompose(in, n, pieces, MAX_PIECES, &count);
    if (st != SATCD_OK) fprintf(stderr, "refused: %s (%d points)\n", satcd_status_string(st), n);
    assert_int_equal(st, SATCD_OK);
    assert_true(count >= 1 && count <= corners - 2);
    double area = 0.0, tol = SATCD_POLYGON_TOLERANCE_REL * extent(in, n);
    for (int i = 0; i < count; ++i) {
        assert_convex_ccw(&pieces[i]);
        for (int k = 0; k < pieces[i].count; ++k) {
            satcd_vec2 corner = satcd_polygon_vertex(&pieces[i], k);
            if (is_input_point(corner, in, n)) continue;
            assert_true(outline_contains(corner, in, n, tol)); /* a cut's end, on an edge or an earlier cut */
            f->new_corners++;
        }
        area += piece_area(&pieces[i]);
    }
    double truth = fabs(shoelace(in, n));
    double bound = CLEANUP_AREA_FACTOR * SATCD_POLYGON_TOLERANCE_REL * extent(in, n) * perimeter(in, n);
    double area_error = fabs(area - truth), union_err = union_error(h, in, n, pieces, count);
    assert_true(area_error <= bound);
    assert_true(union_err <= bound);

    int lower = (reflex + 1) / 2 + 1, capacity = (corners - 2 + MAX_V - 3) / (MAX_V - 2);
    int bound_count = lower > capacity ? lower : capacity;
    double issue = (reflex + 1) / 2.0, by_issue = reflex > 0 ? count / issue : 1.0, by_bound = (double)count / bound_count;
    assert_true(count <= 2 * reflex + 1 + capacity);
    assert_true(count <= 2 * bound_count);
    f->cases++;
    f->worst_area_rel = fmax(f->worst_area_rel, area_error / truth);
    f->worst_union_rel = fmax(f->worst_union_rel, union_err / truth);
    f->worst_ratio_issue = fmax(f->worst_ratio_issue, by_issue), f->sum_ratio_issue += by_issue;
    f->worst_ratio_bound = fmax(f->worst_ratio_bound, by_bound), f->sum_ratio_bound += by_bound;
    f->pieces += count, f->reflex += reflex;
}

/*
 * One kind of outline: 0 star, 1 spiral, 2 comb. Every kind is held to
 * twice the lower bound of ceil(r / 2) + 1 (or of the vertex capacity's
 * splits): the cut split has at most r + 1 pieces, and Hertel-Mehlhorn is
 * kept only where it has fewer (docs/perf/decompose.md).
 */
static void random_kind(int kind, const char *name)
{
    GEOSContextHandle_t h = geos_context();
    random_source r = random_source_seeded(0x5A7CD0 + (uint64_t)kind);
    static satcd_vec2 in[MAX_POINTS];
    figures f;
    memset(&f, 0, sizeof f);
    for (int c = 0; c < workload_cases(CASES_PER_KIND); ++c) {
        int corners = random_int(&r, 5, MAX_CORNERS);
        outline o = kind == 0 ? star_outline(&r, corners)
                  : kind == 1 ? spiral_outline(corners)
                              : comb_outline(&r, corners / 4 < 2 ? 2 : corners / 4);
        /* At 1e4 the float step is 1e-3: the outline is sized so that it stays below the tolerance. */
        bool far = c % 2 == 1;
        double scale = far ? (double)random_float(&r, 500.0f, 5000.0f) : (double)random_float(&r, 0.5f, 50.0f);
        int n = place_outline(&r, &o, scale, far ? 1e4 : 0.0, c % 4 >= 2, in);
        check_outline(h, in, n, o.n, reflex_count(&o), &f);
    }
    report(name, &f);
    GEOS_finish_r(h);
}

static void random_stars(void **state)
{
    (void)state;
    random_kind(0, "star");
}

static void random_spirals(void **state)
{
    (void)state;
    random_kind(1, "spiral");
}

static void random_combs(void **state)
{
    (void)state;
    random_kind(2, "comb");
}

/* ---- exact cases ---- */

static int decompose_ok(const satcd_vec2 *in, int n)
{
    int count = -1;
    assert_int_equal(satcd_decompose(in, n, pieces, MAX_PIECES, &count), SATCD_OK);
    return count;
}

static void convex_outline_is_one_piece(void **state)
{
    (void)state;
    satcd_vec2 square[] = {{0, 0}, {2, 0}, {2, 2}, {0, 2}};
    assert_int_equal(decompose_ok(square, 4), 1);
    assert_int_equal(pieces[0].count, 4);
    assert_true(piece_area(&pieces[0]) == 4.0);
    satcd_vec2 cw[] = {{0, 2}, {2, 2}, {2, 0}, {0, 0}, {0, 2}};
    assert_int_equal(decompose_ok(cw, 5), 1);
    assert_true(piece_area(&pieces[0]) == 4.0);
}

/* An L of three unit squares: one reflex corner, so two pieces whose areas add up to 3 exactly. */
static void l_shape_is_two_pieces(void **state)
{
    (void)state;
    satcd_vec2 l[] = {{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
    assert_int_equal(decompose_ok(l, 6), 2);
    assert_true(piece_area(&pieces[0]) + piece_area(&pieces[1]) == 3.0);
    /* The same L with collinear points on its edges, a repeated point and the closing point. */
    satcd_vec2 busy[] = {{0, 0}, {1, 0}, {2, 0}, {2, 0}, {2, 1}, {1.5f, 1}, {1, 1}, {1, 2}, {0.5f, 2}, {0, 2}, {0, 1}, {0, 0}};
    assert_int_equal(decompose_ok(busy, 12), 2);
    for (int i = 0; i < 2; ++i) {
        assert_convex_ccw(&pieces[i]);
        for (int k = 0; k < pieces[i].count; ++k) assert_true(is_input_point(satcd_polygon_vertex(&pieces[i], k), l, 6));
    }
    assert_true(piece_area(&pieces[0]) + piece_area(&pieces[1]) == 3.0);
}

/*
 * A box with a narrow notch from the top: the notch's bottom (5, 2) is the
 * only reflex corner, and no vertex lies in the narrow wedge of directions
 * that would resolve it with one diagonal, so a split without new vertices
 * needs three pieces. The cut down the bisector, to the new vertex (5, 0)
 * on the bottom edge, gives the lower bound of two: the halves, each of
 * area 39 / 2, in either winding and at an offset where the coordinates
 * stay exact.
 */
static void notch_cut_makes_a_new_vertex(void **state)
{
    (void)state;
    for (int variant = 0; variant < 4; ++variant) {
        float dx = variant >= 2 ? 4096.0f : 0.0f;
        satcd_vec2 notch[] = {{0, 0}, {10, 0}, {10, 4}, {5.5f, 4}, {5, 2}, {4.5f, 4}, {0, 4}};
        satcd_vec2 in[7];
        for (int i = 0; i < 7; ++i) {
            satcd_vec2 p = notch[variant % 2 ? 6 - i : i];
            in[i] = satcd_v2(p.x + dx, p.y);
        }
        assert_int_equal(decompose_ok(in, 7), 2);
        int new_corners = 0;
        for (int i = 0; i < 2; ++i) {
            assert_convex_ccw(&pieces[i]);
            assert_true(fabs(piece_area(&pieces[i]) - 19.5) <= 1e-9);
            for (int k = 0; k < pieces[i].count; ++k) {
                satcd_vec2 v = satcd_polygon_vertex(&pieces[i], k);
                if (is_input_point(v, in, 7)) continue;
                assert_true(v.x == 5.0f + dx && v.y == 0.0f);
                ++new_corners;
            }
        }
        assert_int_equal(new_corners, 2); /* the one new vertex, a corner of both halves */
    }
}

/*
 * A half-disc of 100 arc corners: no reflex corner, so only the vertex
 * capacity splits it, into at least ceil(98 / 14) = 7 pieces.
 */
static void long_convex_arc_splits_by_capacity(void **state)
{
    (void)state;
    satcd_vec2 arc[100];
    for (int i = 0; i < 100; ++i) {
        double a = 3.14159265358979 * i / 99.0;
        arc[i] = satcd_v2((float)(10.0 * cos(a)), (float)(10.0 * sin(a)));
    }
    int count = decompose_ok(arc, 100);
    assert_true(count >= 7 && count <= 14);
    double area = 0.0;
    for (int i = 0; i < count; ++i) assert_convex_ccw(&pieces[i]), area += piece_area(&pieces[i]);
    assert_true(fabs(area - fabs(shoelace(arc, 100))) < 1e-9 * area);
}

/*
 * A notch a few ulps deep: the corner at its bottom is reflex by much
 * less than a float step but far more than nothing, so the exact tests see
 * it and no piece spans it; a notch within the tolerance is cleaned away.
 */
static void shallow_notch_is_respected(void **state)
{
    (void)state;
    float dip = 3e-4f; /* above the tolerance of 1e-5 x 4 = 4e-5 */
    satcd_vec2 notch[] = {{0, 0}, {4, 0}, {4, 4}, {2, 4 - dip}, {0, 4}};
    assert_int_equal(decompose_ok(notch, 5), 2);
    satcd_vec2 flat[] = {{0, 0}, {4, 0}, {4, 4}, {2, 4 - 1e-5f}, {0, 4}};
    assert_int_equal(decompose_ok(flat, 5), 1);
    assert_int_equal(pieces[0].count, 4);
}

/* Outlines longer than the stack holds: satcd_decompose refuses, the scratch form takes them. */
static void long_outline_needs_scratch(void **state)
{
    (void)state;
    enum { N = 1000 };
    static satcd_vec2 star[N];
    random_source r = random_source_seeded(77);
    for (int i = 0; i < N; ++i) {
        double a = TWO_PI * i / N, rad = i % 2 ? 10.0 : (double)random_float(&r, 4.0f, 8.0f);
        star[i] = satcd_v2((float)(rad * cos(a)), (float)(rad * sin(a)));
    }
    static satcd_polygon many[N];
    int count = 77;
    poison(many, sizeof many);
    assert_int_equal(satcd_decompose(star, N, many, N, &count), SATCD_ERR_TOO_MANY_POINTS);
    assert_int_equal(count, 77);
    assert_poisoned(many, sizeof many);

    size_t size = satcd_decompose_scratch_size(N);
    assert_true(size >= 80u * N);
    void *scratch = malloc(size);
    assert_non_null(scratch);
    assert_int_equal(satcd_decompose_scratch(star, N, many, N, &count, scratch, size / 2), SATCD_ERR_TOO_MANY_POINTS);
    assert_int_equal(count, 77);
    assert_int_equal(satcd_decompose_scratch(star, N, many, N, &count, scratch, size), SATCD_OK);
    /* 500 reflex corners: at least 251 pieces; the cuts leave at most 500 + 1. */
    assert_true(count >= 251 && count <= 501);
    double area = 0.0;
    for (int i = 0; i < count; ++i) assert_convex_ccw(&many[i]), area += piece_area(&many[i]);
    double slivers = CLEANUP_AREA_FACTOR * SATCD_POLYGON_TOLERANCE_REL * extent(star, N) * perimeter(star, N);
    printf("1000-corner star: %d pieces, area error %.2e of the area (bound %.2e)\n", count,
           fabs(area - shoelace(star, N)) / area, slivers / area);
    assert_true(fabs(area - shoelace(star, N)) <= slivers);
    free(scratch);
    assert_int_equal(satcd_decompose_scratch_size(-1), 0u);
}

/*
 * An outline one point longer than the stack holds, the extra point the
 * midpoint of its last edge but one: cleaned, it fits, and
 * satcd_decompose takes it, giving the pieces of the outline without that point; so does it when
 * the extra point is the last, on the closing edge or repeating the first.
 * An extra point off every edge is refused.
 */
static void collinear_point_past_the_stack_is_dropped(void **state)
{
    (void)state;
    enum { N = SATCD_DECOMPOSE_STACK_VERTICES };
    static satcd_vec2 star[N], longer[N + 1];
    for (int i = 0; i < N; ++i) {
        double a = TWO_PI * i / N, rad = i % 2 ? 10.0 : 6.0;
        star[i] = satcd_v2((float)(rad * cos(a)), (float)(rad * sin(a)));
    }
    /* The midpoint goes between star[at - 1] and star[at]: last but one, read when the stack is full. */
    const int at = N - 1;
    for (int i = 0, k = 0; i < N; ++i) {
        if (i == at) longer[k++] = satcd_lerp(star[at - 1], star[at], 0.5f);
        longer[k++] = star[i];
    }
    int want = decompose_ok(star, N);
    static satcd_polygon first[MAX_PIECES];
    memcpy(first, pieces, sizeof first);
    assert_int_equal(decompose_ok(longer, N + 1), want);
    for (int i = 0; i < want; ++i) assert_memory_equal(&pieces[i], &first[i], sizeof pieces[i]);
    longer[at] = satcd_add(longer[at], satcd_v2(0.5f, 0.5f)); /* no longer on the edge */
    int count = -1;
    assert_int_equal(satcd_decompose(longer, N + 1, pieces, MAX_PIECES, &count), SATCD_ERR_TOO_MANY_POINTS);
    /* The last point the midpoint of the closing edge, or a repeat of the first (a closed outline). */
    for (int i = 0; i < N; ++i) longer[i] = star[i];
    const satcd_vec2 ends[2] = {satcd_lerp(star[N - 1], star[0], 0.5f), star[0]};
    for (int e = 0; e < 2; ++e) {
        longer[N] = ends[e];
        assert_int_equal(decompose_ok(longer, N + 1), want);
        for (int i = 0; i < want; ++i) assert_memory_equal(&pieces[i], &first[i], sizeof pieces[i]);
    }
}

/* ---- refusals: a status, nothing written ---- */

static void assert_refused(const satcd_vec2 *in, int n, int max_out, satcd_status want)
{
    int count = 77;
    poison(pieces, sizeof pieces);
    assert_int_equal(satcd_decompose(in, n, pieces, max_out, &count), want);
    assert_int_equal(count, 77);
    assert_poisoned(pieces, sizeof pieces);
}

static void bad_input_is_refused(void **state)
{
    (void)state;
    satcd_vec2 bowtie[] = {{0, 0}, {2, 2}, {2, 0}, {0, 2}};
    assert_refused(bowtie, 4, MAX_PIECES, SATCD_ERR_SELF_INTERSECTING);
    /* A concave outline whose notch tip touches the opposite edge. */
    satcd_vec2 touch[] = {{0, 0}, {4, 0}, {4, 4}, {2, 0}, {0, 4}};
    assert_refused(touch, 5, MAX_PIECES, SATCD_ERR_SELF_INTERSECTING);
    satcd_vec2 figure_eight[] = {{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}, {1, 2}, {1, 1}, {0, 1}};
    assert_refused(figure_eight, 8, MAX_PIECES, SATCD_ERR_SELF_INTERSECTING);
    satcd_vec2 spike[] = {{0, 0}, {4, 0}, {4, 4}, {0, 4}, {0, 6}, {0, 2}};
    assert_refused(spike, 6, MAX_PIECES, SATCD_ERR_SELF_INTERSECTING);
    satcd_vec2 nan[] = {{0, 0}, {2, 0}, {NAN, 1}, {0, 2}};
    assert_refused(nan, 4, MAX_PIECES, SATCD_ERR_NOT_FINITE);
    satcd_vec2 inf[] = {{0, 0}, {INFINITY, 0}, {2, 2}, {0, 2}};
    assert_refused(inf, 4, MAX_PIECES, SATCD_ERR_NOT_FINITE);
    satcd_vec2 huge[] = {{0, 0}, {1e16f, 0}, {2, 2}, {0, 2}};
    assert_refused(huge, 4, MAX_PIECES, SATCD_ERR_OUT_OF_RANGE);
    satcd_vec2 line[] = {{0, 0}, {1, 1}, {2, 2}, {3, 3}, {1, 1}};
    assert_refused(line, 5, MAX_PIECES, SATCD_ERR_DEGENERATE);
    satcd_vec2 point[] = {{1, 1}, {1, 1}, {1, 1}, {1, 1}};
    assert_refused(point, 4, MAX_PIECES, SATCD_ERR_TOO_FEW_POINTS);
    assert_refused(bowtie, 2, MAX_PIECES, SATCD_ERR_TOO_FEW_POINTS);
    assert_refused(bowtie, -5, MAX_PIECES, SATCD_ERR_TOO_FEW_POINTS);
    satcd_vec2 l[] = {{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
    assert_refused(l, 6, 1, SATCD_ERR_CAPACITY);
    assert_refused(l, 6, 0, SATCD_ERR_CAPACITY);
    assert_refused(l, 6, -1, SATCD_ERR_CAPACITY);
    assert_refused(NULL, 6, MAX_PIECES, SATCD_ERR_NULL);

    int count = 77;
    poison(pieces, sizeof pieces);
    assert_int_equal(satcd_decompose(l, 6, NULL, MAX_PIECES, &count), SATCD_ERR_NULL);
    assert_int_equal(count, 77);
    assert_int_equal(satcd_decompose(l, 6, pieces, MAX_PIECES, NULL), SATCD_ERR_NULL);
    assert_poisoned(pieces, sizeof pieces);
    assert_int_equal(satcd_decompose_scratch(l, 6, pieces, MAX_PIECES, &count, NULL, 1000), SATCD_ERR_NULL);
    assert_int_equal(count, 77);
    assert_poisoned(pieces, sizeof pieces);
    assert_string_equal(satcd_status_string(SATCD_ERR_CAPACITY), "more results than output slots");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(convex_outline_is_one_piece),
        cmocka_unit_test(l_shape_is_two_pieces),
        cmocka_unit_test(notch_cut_makes_a_new_vertex),
        cmocka_unit_test(long_convex_arc_splits_by_capacity),
        cmocka_unit_test(shallow_notch_is_respected),
        cmocka_unit_test(long_outline_needs_scratch),
        cmocka_unit_test(collinear_point_past_the_stack_is_dropped),
        cmocka_unit_test(bad_input_is_refused),
        cmocka_unit_test(random_stars),
        cmocka_unit_test(random_spirals),
        cmocka_unit_test(random_combs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
