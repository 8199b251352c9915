/*
 * Compound bodies. Truth:
 *  - exact cases by hand: a box in the inner corner of an L is pushed out
 *    diagonally, by sqrt(2) times its overlap with each arm;
 *  - the push-out property on random compounds of every piece kind, against
 *    a shape and against another compound: moving B by the MTV leaves every
 *    piece pair apart or touching (each pair's own MTV depth within
 *    PUSH_TOL of the pair's size), moving it by 0.99 times the MTV does
 *    not separate the bodies, and no shorter push exists in any of
 *    DIRECTIONS sampled directions (each marched from 0 in steps of
 *    depth / MARCH_STEPS with the pieces' overlap test, the first free
 *    point no nearer than ours less a step; on a fiftieth of the pairs);
 *  - GEOS, on the same random pairs (12,000 compound-shape and 8,000
 *    compound-compound pairs, fixed seeds): the bodies as collections of pieces
 *    (capsules and circles as buffers), overlap where GEOS finds an
 *    intersection of positive area, distance against GEOS's, and the
 *    intersection area after the push against zero;
 *  - concave outlines split by satcd_decompose, as compounds against a box;
 *  - bad input: NULL, count <= 0 or beyond the maximum, invalid pieces.
 * The figures (worst errors, pairs) are printed.
 */
#include "cmocka_all.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <satcd/satcd.h>

#include "geos_shapes.h"
#include "random_shapes.h"
#include "workload.h"

#define SEED 0xc0390001u
#define MAX_PIECES 6
#define PUSH_TOL 2e-5
#define DIRECTIONS 128
#define MARCH_STEPS 64
#define QUADRANT_SEGMENTS 64
#define GEOS_CHORD (1.0 - 0.99992470183914454) /* 1 - cos(pi / 256): how far a buffer falls short */

static satcd_xf at(float x, float y) { return satcd_xf_make(satcd_v2(x, y), 0.0f); }

static satcd_xf moved(satcd_xf xf, satcd_vec2 t)
{
    xf.p = satcd_add(xf.p, t);
    return xf;
}

/* ---- exact cases ---- */

/* An L of two boxes: the long arm x in [-2, 2], y in [-0.5, 0.5]; the upright x in [-2, -1], y in [-0.5, 3.5]. */
static satcd_polygon arm, upright;
static satcd_shape l_shapes[2];
static satcd_xf l_locals[2];

static satcd_compound l_body(void)
{
    arm = satcd_polygon_box(2.0f, 0.5f);
    upright = satcd_polygon_box(0.5f, 2.0f);
    l_shapes[0] = satcd_shape_of_polygon(&arm);
    l_shapes[1] = satcd_shape_of_polygon(&upright);
    l_locals[0] = at(0.0f, 0.0f);
    l_locals[1] = at(-1.5f, 1.5f);
    satcd_compound c = {l_shapes, l_locals, 2};
    return c;
}

static void test_box_in_the_corner_of_an_l(void **state)
{
    (void)state;
    satcd_compound l = l_body();
    satcd_polygon box = satcd_polygon_box(0.5f, 0.5f);
    satcd_shape b = satcd_shape_of_polygon(&box);
    /* B spans x in [-1.25, -0.25], y in [0.25, 1.25]: 0.25 into each arm. Moved with the L, far from the origin. */
    for (int far = 0; far < 2; ++far) {
        float ox = far ? 1e5f : 0.0f, oy = far ? -3e4f : 0.0f;
        satcd_xf xa = at(ox, oy), xb = at(ox - 0.75f, oy + 0.75f);
        assert_true(satcd_overlap_compound(&l, xa, &b, xb));
        satcd_mtv m = satcd_mtv_compound(&l, xa, &b, xb);
        assert_true(m.hit);
        assert_float_equal(m.depth, 0.25f * sqrtf(2.0f), 1e-6f);
        assert_float_equal(m.normal.x, 0.70710678f, 1e-6f);
        assert_float_equal(m.normal.y, 0.70710678f, 1e-6f);
        /* Each arm alone would push 0.2 along one axis: the whole body needs more. */
        satcd_mtv one = satcd_mtv(&l_shapes[0], moved(l_locals[0], xa.p), &b, xb);
        assert_true(one.hit && m.depth > one.depth);
    }
    /* Rotated by a quarter turn, the push turns with it. */
    satcd_xf xa = satcd_xf_make(satcd_v2(0, 0), 1.57079633f);
    satcd_xf xb = satcd_xf_make(satcd_xf_point(xa, satcd_v2(-0.75f, 0.75f)), 1.57079633f);
    satcd_mtv r = satcd_mtv_compound(&l, xa, &b, xb);
    assert_float_equal(r.depth, 0.25f * sqrtf(2.0f), 1e-5f);
    assert_float_equal(r.normal.x, -0.70710678f, 1e-4f);
    assert_float_equal(r.normal.y, 0.70710678f, 1e-4f);
}

/*
 * A box turned a quarter turn (two float eighth-turn rotations) around a
 * segment 1.5e-15 long at its centre: the shortest push is 0.5, across the
 * box's narrow side. The corners of the Minkowski difference come in pairs
 * 1.5e-15 apart, whose edge normals carried a tenth of a radian of
 * rounding; the push found along one of them was 0.474 and left the
 * segment 0.026 inside.
 */
static void test_segment_a_few_ulps_long_inside_a_box(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1.0f, 0.5f);
    satcd_shape piece = satcd_shape_of_polygon(&box);
    satcd_rot eighth_back = {-0x1.6a09e6p-1f, -0x1.6a09e6p-1f};
    satcd_xf local = {{-0x1.555554p-42f, -0x1.555554p-42f}, eighth_back}, xa = {{0.0f, 0.0f}, eighth_back};
    satcd_compound c = {&piece, &local, 1};
    satcd_capsule seg;
    assert_int_equal(satcd_capsule_make(&seg, satcd_v2(-0x1.ff2cp-134f, 0x1.7e12p-126f),
                                        satcd_v2(0x1.fcp-128f, 0x1.ad8dacp-50f), 0.0f),
                     SATCD_OK);
    satcd_shape b = satcd_shape_of_capsule(seg);
    satcd_xf xb = satcd_xf_identity();
    satcd_mtv m = satcd_mtv_compound(&c, xa, &b, xb);
    printf("push %.9g along (%.9g, %.9g)\n", m.depth, m.normal.x, m.normal.y);
    assert_true(m.hit);
    assert_true(fabsf(m.depth - 0.5f) <= 1e-6f);
    assert_true(fabsf(fabsf(m.normal.x) - 1.0f) <= 1e-6f);
    satcd_xf pushed = {satcd_mul_add(xb.p, m.depth, m.normal), xb.q};
    satcd_xf w = {satcd_xf_point(xa, local.p), satcd_rot_mul(xa.q, local.q)};
    satcd_mtv left = satcd_mtv(&piece, w, &b, pushed);
    assert_true(!left.hit || left.depth <= 1e-6f);
}

/*
 * A segment 4 long whose ends sit 5e4 from its piece frame's origin, carried
 * back by the local transform (a half turn about (51015, 51015)) to (0, 0)
 * and (4, 0) in A's frame; A turned by 225 degrees. B, a segment crossing
 * it: the shortest push carries B's line past A's end (0, 0), by that end's
 * distance from the line. Placing the piece in the world in float first
 * rounds at 5e4 (to 4e-3); the compound's push stays exact.
 */
static void test_segment_far_out_in_its_piece_frame(void **state)
{
    (void)state;
    satcd_capsule far_seg, cross;
    assert_int_equal(satcd_capsule_make(&far_seg, satcd_v2(0x1.8e8e8ep+15f, 0x1.8e8e8ep+15f),
                                        satcd_v2(0x1.8e8a8ep+15f, 0x1.8e8e8ep+15f), 0.0f),
                     SATCD_OK);
    assert_int_equal(satcd_capsule_make(&cross, satcd_v2(-1.0f, 0.0f), satcd_v2(1.0f, 0.5f), 0.0f), SATCD_OK);
    satcd_shape piece = satcd_shape_of_capsule(far_seg), b = satcd_shape_of_capsule(cross);
    satcd_rot c225 = {-0x1.6a09e6p-1f, -0x1.6a09e6p-1f}, half = {-1.0f, 0.0f};
    satcd_xf local = {{0x1.8e8e8ep+15f, 0x1.8e8e8ep+15f}, half}, xa = {{0.0f, 0.0f}, c225};
    satcd_xf xb = {{0.0f, 0.0f}, {-1.0f, 0x1.d8b654p-34f}};
    satcd_compound c = {&piece, &local, 1};
    /* B's ends in A's frame, in double. */
    double bx[2], by[2];
    for (int k = 0; k < 2; ++k) {
        satcd_vec2 e = k ? cross.p2 : cross.p1;
        double wx = (double)xb.q.c * e.x - (double)xb.q.s * e.y, wy = (double)xb.q.s * e.x + (double)xb.q.c * e.y;
        bx[k] = (double)xa.q.c * wx + (double)xa.q.s * wy;
        by[k] = -(double)xa.q.s * wx + (double)xa.q.c * wy;
    }
    /* B's unit normal towards A's end (0, 0), and that end's distance from B's line. */
    double ex = bx[1] - bx[0], ey = by[1] - by[0], len = sqrt(ex * ex + ey * ey);
    double nx = ey / len, ny = -ex / len, off = -(bx[0] * nx + by[0] * ny);
    if (off < 0.0) nx = -nx, ny = -ny, off = -off;
    /* The other three sides of the Minkowski difference are further: B's ends from A's line, A's far end from B's. */
    assert_true(off < fabs(by[0]) && off < fabs(by[1]) && off < fabs((4.0 - bx[0]) * nx - by[0] * ny));
    satcd_mtv m = satcd_mtv_compound(&c, xa, &b, xb);
    printf("push %.9g, by hand %.9g\n", m.depth, off);
    assert_true(m.hit);
    assert_true(fabs(m.depth - off) <= 1e-6);
    /* B's line moves across A's end: along n in A's frame, turned into the world. */
    double wnx = (double)xa.q.c * nx - (double)xa.q.s * ny, wny = (double)xa.q.s * nx + (double)xa.q.c * ny;
    assert_true(fabs(m.normal.x - wnx) <= 1e-6 && fabs(m.normal.y - wny) <= 1e-6);
}

static void test_manifold_ids_name_the_pieces(void **state)
{
    (void)state;
    satcd_compound l = l_body();
    satcd_polygon box = satcd_polygon_box(0.5f, 0.5f);
    satcd_shape b = satcd_shape_of_polygon(&box);
    satcd_manifold out[4];
    int n = satcd_collide_compound(&l, at(0, 0), &b, at(-0.7f, 0.8f), 0.0f, out, 4);
    assert_int_equal(n, 2);
    for (int k = 0; k < n; ++k) {
        assert_true(out[k].count >= 1);
        int piece = SATCD_COMPOUND_ID_PIECE_A(out[k].points[0].id);
        assert_int_equal(piece, k); /* in order of A's pieces */
        assert_int_equal(SATCD_COMPOUND_ID_PIECE_B(out[k].points[0].id), 0);
        satcd_manifold alone = satcd_collide(&l_shapes[piece], l_locals[piece], &b, at(-0.7f, 0.8f), 0.0f);
        assert_int_equal(alone.count, out[k].count);
        for (int c = 0; c < alone.count; ++c) {
            assert_int_equal(satcd_compound_id_feature(out[k].points[c].id), alone.points[c].id);
            assert_memory_equal(&out[k].points[c].point, &alone.points[c].point, sizeof(satcd_vec2));
        }
    }
    /* The long arm's contacts are on its top face (edge 2 of a box), the upright's on its right face (edge 1). */
    assert_int_equal(SATCD_ID_REFERENCE_EDGE(satcd_compound_id_feature(out[0].points[0].id)), 2);
    assert_int_equal(SATCD_ID_REFERENCE_EDGE(satcd_compound_id_feature(out[1].points[0].id)), 1);
    /* Capacity 1: one written, both counted; capacity 0 with NULL writes nothing. */
    satcd_manifold one[2];
    memset(one, 0x5a, sizeof one);
    assert_int_equal(satcd_collide_compound(&l, at(0, 0), &b, at(-0.7f, 0.8f), 0.0f, one, 1), 2);
    assert_memory_equal(&one[0], &out[0], sizeof one[0]);
    assert_int_equal(((unsigned char *)&one[1])[0], 0x5a);
    assert_int_equal(satcd_collide_compound(&l, at(0, 0), &b, at(-0.7f, 0.8f), 0.0f, NULL, 0), 2);
}

/* ---- random compounds ---- */

typedef struct random_body {
    satcd_compound c;
    satcd_shape shapes[MAX_PIECES];
    satcd_xf locals[MAX_PIECES];
    satcd_polygon polygons[MAX_PIECES];
} random_body;

static void make_random_body(random_source *r, int pieces, random_body *out)
{
    static const satcd_shape_type kinds[3] = {SATCD_SHAPE_POLYGON, SATCD_SHAPE_CAPSULE, SATCD_SHAPE_CIRCLE};
    for (int i = 0; i < pieces; ++i) {
        satcd_shape_type k = random_int(r, 0, 5) < 4 ? SATCD_SHAPE_POLYGON : kinds[random_int(r, 1, 2)];
        out->shapes[i] = random_shape_of_kind(r, k, &out->polygons[i], random_float(r, 0.3f, 0.8f));
        out->locals[i] = random_transform(r, 1.0f);
    }
    out->c.shapes = out->shapes;
    out->c.locals = out->locals;
    out->c.count = pieces;
}

/* Every piece of a and every piece of b (b a body of one piece when b_compound is NULL). */
typedef struct pair_case {
    const satcd_compound *a;
    satcd_xf xa;
    const satcd_compound *b; /* NULL: the shape */
    const satcd_shape *shape;
    satcd_xf xb;
} pair_case;

static int b_count(const pair_case *p) { return p->b ? p->b->count : 1; }
static const satcd_shape *b_piece(const pair_case *p, int j) { return p->b ? &p->b->shapes[j] : p->shape; }

static satcd_xf b_xf(const pair_case *p, int j, satcd_vec2 t)
{
    satcd_xf xb = moved(p->xb, t);
    if (!p->b) return xb;
    satcd_xf l = p->b->locals[j], x;
    x.p = satcd_xf_point(xb, l.p);
    x.q = satcd_rot_mul(xb.q, l.q);
    return x;
}

static satcd_xf a_xf(const pair_case *p, int i)
{
    satcd_xf l = p->a->locals[i], x;
    x.p = satcd_xf_point(p->xa, l.p);
    x.q = satcd_rot_mul(p->xa.q, l.q);
    return x;
}

static satcd_mtv case_mtv(const pair_case *p)
{
    return p->b ? satcd_mtv_compounds(p->a, p->xa, p->b, p->xb) : satcd_mtv_compound(p->a, p->xa, p->shape, p->xb);
}

static bool case_overlap(const pair_case *p, satcd_vec2 t)
{
    return p->b ? satcd_overlap_compounds(p->a, p->xa, p->b, moved(p->xb, t))
                : satcd_overlap_compound(p->a, p->xa, p->shape, moved(p->xb, t));
}

static satcd_distance case_distance(const pair_case *p)
{
    return p->b ? satcd_distance_compounds(p->a, p->xa, p->b, p->xb) : satcd_distance_compound(p->a, p->xa, p->shape, p->xb);
}

/* The deepest any piece pair still overlaps after B moves by t (each pair's own MTV). */
static double residual_depth(const pair_case *p, satcd_vec2 t)
{
    double worst = 0.0;
    for (int i = 0; i < p->a->count; ++i)
        for (int j = 0; j < b_count(p); ++j) {
            satcd_mtv m = satcd_mtv(&p->a->shapes[i], a_xf(p, i), b_piece(p, j), b_xf(p, j, t));
            if (m.hit) worst = fmax(worst, m.depth);
        }
    return worst;
}

/* The first free point along direction d, marched in steps of `step` up to `limit`; limit when none before it. */
static double first_free(const pair_case *p, satcd_vec2 d, double step, double limit)
{
    for (double s = step; s < limit; s += step)
        if (!case_overlap(p, satcd_scale((float)s, d))) return s;
    return limit;
}

typedef struct figures {
    int pairs, hits, marched;
    double worst_residual, worst_shorter, worst_distance, worst_area;
    int overlap_mismatches;
} figures;

static void check_push_out(const pair_case *p, satcd_mtv m, bool march, figures *f)
{
    double size = 4.0;
    double residual = residual_depth(p, satcd_scale(m.depth, m.normal));
    f->worst_residual = fmax(f->worst_residual, residual / size);
    assert_true(residual <= PUSH_TOL * size);
    assert_true(case_overlap(p, satcd_scale(0.99f * m.depth, m.normal)));
    if (!march) return;
    ++f->marched;
    /* No direction gives a shorter push (to within the march's step). */
    double step = m.depth / MARCH_STEPS;
    for (int k = 0; k < DIRECTIONS; ++k) {
        double ang = 6.283185307179586 * k / DIRECTIONS;
        satcd_vec2 d = satcd_v2((float)cos(ang), (float)sin(ang));
        double s = first_free(p, d, step, m.depth);
        f->worst_shorter = fmax(f->worst_shorter, (m.depth - s) / m.depth - 1.0 / MARCH_STEPS);
        assert_true(s >= m.depth - 1.5 * step);
    }
}

/* ---- GEOS ---- */

static GEOSGeometry *geos_piece(GEOSContextHandle_t h, const satcd_shape *s, satcd_xf xf)
{
    if (s->type == SATCD_SHAPE_POLYGON) {
        truth_polygon t;
        truth_world(s->polygon, xf, &t);
        return geos_polygon(h, &t);
    }
    if (s->type == SATCD_SHAPE_CIRCLE) {
        satcd_vec2 c = satcd_xf_point(xf, s->circle.center);
        return geos_disc(h, c.x, c.y, s->circle.radius, QUADRANT_SEGMENTS);
    }
    satcd_vec2 p1 = satcd_xf_point(xf, s->capsule.p1), p2 = satcd_xf_point(xf, s->capsule.p2);
    return geos_capsule(h, p1.x, p1.y, p2.x, p2.y, s->capsule.radius, QUADRANT_SEGMENTS);
}

typedef struct envelope {
    double lo_x, lo_y, hi_x, hi_y;
} envelope;

static envelope envelope_of(GEOSContextHandle_t h, const GEOSGeometry *g)
{
    envelope e;
    assert_int_equal(GEOSGeom_getXMin_r(h, g, &e.lo_x), 1);
    assert_int_equal(GEOSGeom_getYMin_r(h, g, &e.lo_y), 1);
    assert_int_equal(GEOSGeom_getXMax_r(h, g, &e.hi_x), 1);
    assert_int_equal(GEOSGeom_getYMax_r(h, g, &e.hi_y), 1);
    return e;
}

/* Distance between two boxes: at most the distance between what they bound. */
static double envelope_gap(envelope a, envelope b)
{
    double dx = fmax(0.0, fmax(a.lo_x - b.hi_x, b.lo_x - a.hi_x)), dy = fmax(0.0, fmax(a.lo_y - b.hi_y, b.lo_y - a.hi_y));
    return hypot(dx, dy);
}

/* The pieces of one body as GEOS geometries, with their boxes. */
typedef struct geos_body {
    GEOSGeometry *piece[MAX_PIECES];
    envelope box[MAX_PIECES];
    int count;
} geos_body;

static void geos_body_of_a(GEOSContextHandle_t h, const pair_case *p, geos_body *g)
{
    g->count = p->a->count;
    for (int i = 0; i < g->count; ++i) {
        g->piece[i] = geos_piece(h, &p->a->shapes[i], a_xf(p, i));
        g->box[i] = envelope_of(h, g->piece[i]);
    }
}

static void geos_body_of_b(GEOSContextHandle_t h, const pair_case *p, satcd_vec2 t, geos_body *g)
{
    g->count = b_count(p);
    for (int j = 0; j < g->count; ++j) {
        g->piece[j] = geos_piece(h, b_piece(p, j), b_xf(p, j, t));
        g->box[j] = envelope_of(h, g->piece[j]);
    }
}

static void geos_body_free(GEOSContextHandle_t h, geos_body *g)
{
    for (int i = 0; i < g->count; ++i) GEOSGeom_destroy_r(h, g->piece[i]);
}

/*
 * Sum over piece pairs of the GEOS intersection area; with distance, the
 * least GEOS distance too. A pair whose boxes are apart has no
 * intersection, and one whose boxes are further apart than the least
 * distance found cannot lower it: GEOS is asked only about the others.
 */
static double geos_overlap_area(GEOSContextHandle_t h, const geos_body *a, const geos_body *b, double *distance)
{
    double area = 0.0, least = INFINITY;
    for (int i = 0; i < a->count; ++i) {
        for (int j = 0; j < b->count; ++j) {
            double gap = envelope_gap(a->box[i], b->box[j]), ar = 0.0;
            if (gap > 0.0) continue;
            GEOSGeometry *x = GEOSIntersection_r(h, a->piece[i], b->piece[j]);
            assert_non_null(x);
            assert_int_equal(GEOSArea_r(h, x, &ar), 1);
            area += ar;
            if (distance != NULL && GEOSisEmpty_r(h, x) == 0) least = 0.0;
            GEOSGeom_destroy_r(h, x);
        }
    }
    if (distance == NULL) return area;
    for (int i = 0; i < a->count && least > 0.0; ++i) {
        for (int j = 0; j < b->count; ++j) {
            double d;
            if (envelope_gap(a->box[i], b->box[j]) >= least) continue;
            assert_int_equal(GEOSDistanceIndexed_r(h, a->piece[i], b->piece[j], &d), 1);
            least = fmin(least, d);
        }
    }
    *distance = least;
    return area;
}

static void check_against_geos(GEOSContextHandle_t h, const pair_case *p, satcd_mtv m, figures *f)
{
    geos_body ga, gb;
    geos_body_of_a(h, p, &ga);
    geos_body_of_b(h, p, satcd_v2(0, 0), &gb);
    double gd, area = geos_overlap_area(h, &ga, &gb, &gd);
    geos_body_free(h, &gb);
    satcd_distance d = case_distance(p);
    /* The buffers fall short of the round pieces by at most GEOS_CHORD of a radius (<= 0.8 here). */
    double chord = 2.0 * 0.8 * GEOS_CHORD + 1e-5;
    f->worst_distance = fmax(f->worst_distance, fabs(d.distance - gd));
    assert_true(fabs(d.distance - gd) <= chord);
    bool geos_overlap = area > 1e-6;
    if (geos_overlap != m.hit && (gd > chord || area > 1e-6 || m.depth > 1e-3f)) {
        if (geos_overlap || gd > chord) ++f->overlap_mismatches;
    }
    if (m.hit) {
        geos_body_of_b(h, p, satcd_scale(m.depth, m.normal), &gb);
        double after = geos_overlap_area(h, &ga, &gb, NULL);
        geos_body_free(h, &gb);
        f->worst_area = fmax(f->worst_area, after);
        assert_true(after <= 1e-5);
    }
    geos_body_free(h, &ga);
}

static void run_random_pairs(bool compounds, figures *f)
{
    random_source rng = random_source_seeded(SEED + (compounds ? 1 : 0));
    GEOSContextHandle_t h = geos_context();
    /* The march over directions is slow: it runs on the first `marched` pairs, GEOS on all. */
    int cases = workload_cases(compounds ? 8000 : 12000), marched = cases / 50;
    for (int c = 0; c < cases; ++c) {
        random_body a, b;
        make_random_body(&rng, random_int(&rng, 1, MAX_PIECES), &a);
        satcd_polygon poly;
        satcd_shape shape = random_shape_of_kind(&rng, (satcd_shape_type)random_int(&rng, 0, 2), &poly, 0.7f);
        if (compounds) make_random_body(&rng, random_int(&rng, 1, 4), &b);
        satcd_xf xa = random_transform(&rng, 0.5f);
        satcd_xf xb = random_transform(&rng, 1.5f);
        pair_case p = {&a.c, xa, compounds ? &b.c : NULL, &shape, xb};
        satcd_mtv m = case_mtv(&p);
        assert_int_equal(m.hit, case_overlap(&p, satcd_v2(0, 0)));
        ++f->pairs;
        if (m.hit) {
            ++f->hits;
            assert_true(m.depth > 0.0f && fabsf(satcd_length(m.normal) - 1.0f) < 1e-5f);
            assert_false(m.a_in_b || m.b_in_a);
            check_push_out(&p, m, c < marched, f);
        } else {
            assert_true(m.depth == 0.0f && m.normal.x == 0.0f && m.normal.y == 0.0f);
        }
        check_against_geos(h, &p, m, f);
    }
    GEOS_finish_r(h);
    assert_true(f->hits > f->pairs / 4);
    assert_true(f->overlap_mismatches == 0);
}

static void print_figures(const char *what, const figures *f)
{
    printf("%s: %d pairs, %d overlapping, %d of them marched; worst residual depth after the push %.3g of the size, "
           "worst shorter push found %.3g of the depth beyond the march step, worst |distance - GEOS| %.3g, "
           "worst GEOS area after the push %.3g\n",
           what, f->pairs, f->hits, f->marched, f->worst_residual, f->worst_shorter, f->worst_distance, f->worst_area);
}

static void test_random_compound_against_shape(void **state)
{
    (void)state;
    figures f = {0};
    run_random_pairs(false, &f);
    print_figures("compound vs shape", &f);
}

static void test_random_compound_against_compound(void **state)
{
    (void)state;
    figures f = {0};
    run_random_pairs(true, &f);
    print_figures("compound vs compound", &f);
}

/* ---- concave outlines ---- */

static void test_decomposed_outline_against_a_box(void **state)
{
    (void)state;
    /* A comb: a spine y in [0, 1] along x in [0, 6] with three teeth up to y = 3. */
    const satcd_vec2 comb[] = {{0, 0}, {6, 0}, {6, 3}, {5, 3}, {5, 1}, {3.5f, 1}, {3.5f, 3}, {2.5f, 3},
                               {2.5f, 1}, {1, 1}, {1, 3}, {0, 3}};
    satcd_polygon pieces[16];
    int n = 0;
    assert_int_equal(satcd_decompose(comb, 12, pieces, 16, &n), SATCD_OK);
    satcd_shape shapes[16];
    for (int i = 0; i < n; ++i) shapes[i] = satcd_shape_of_polygon(&pieces[i]);
    satcd_compound body = {shapes, NULL, n};
    satcd_polygon box = satcd_polygon_box(0.5f, 0.5f);
    satcd_shape b = satcd_shape_of_polygon(&box);
    /* Between the first two teeth (x in [1, 2.5]), 0.25 down into the spine: pushed up by 0.25. */
    satcd_mtv m = satcd_mtv_compound(&body, at(0, 0), &b, at(1.75f, 1.25f));
    assert_true(m.hit);
    assert_float_equal(m.depth, 0.25f, 1e-5f);
    assert_float_equal(m.normal.y, 1.0f, 1e-5f);
    /* 0.2 into the first tooth from the gap and 0.25 into the spine: out diagonally. */
    m = satcd_mtv_compound(&body, at(0, 0), &b, at(1.3f, 1.25f));
    assert_float_equal(m.depth, sqrtf(0.2f * 0.2f + 0.25f * 0.25f), 1e-5f);
    assert_float_equal(m.normal.x, 0.2f / sqrtf(0.2f * 0.2f + 0.25f * 0.25f), 1e-4f);
    /* In the gap, apart from every piece: no hit, distance to the spine 0.25. */
    assert_false(satcd_overlap_compound(&body, at(0, 0), &b, at(1.75f, 1.75f)));
    satcd_distance d = satcd_distance_compound(&body, at(0, 0), &b, at(1.75f, 1.75f));
    assert_float_equal(d.distance, 0.25f, 1e-5f);
    /* A box wider than the gap, resting across two teeth's tips. */
    satcd_polygon wide = satcd_polygon_box(1.5f, 0.25f);
    satcd_shape w = satcd_shape_of_polygon(&wide);
    m = satcd_mtv_compound(&body, at(0, 0), &w, at(1.75f, 3.15f));
    assert_float_equal(m.depth, 0.1f, 1e-5f);
    assert_float_equal(m.normal.y, 1.0f, 1e-5f);
    satcd_manifold out[8];
    int k = satcd_collide_compound(&body, at(0, 0), &w, at(1.75f, 3.15f), 0.0f, out, 8);
    assert_true(k >= 2 && k <= 8); /* the pieces holding each tooth's tip */
    for (int i = 0; i < k; ++i) assert_float_equal(out[i].normal.y, 1.0f, 1e-5f);
}

/* ---- bad input ---- */

static void test_bad_input_is_absent(void **state)
{
    (void)state;
    satcd_compound l = l_body();
    satcd_polygon box = satcd_polygon_box(0.5f, 0.5f);
    satcd_shape b = satcd_shape_of_polygon(&box), bad = b;
    bad.polygon = NULL;
    satcd_compound none = {NULL, NULL, 2}, empty = {l_shapes, l_locals, 0}, negative = {l_shapes, l_locals, -3};
    satcd_compound huge = {l_shapes, NULL, SATCD_COMPOUND_MAX_PIECES + 1};
    const satcd_compound *invalid[] = {NULL, &none, &empty, &negative, &huge};
    satcd_xf xa = at(0, 0), xb = at(-0.7f, 0.8f);
    satcd_manifold out[2];
    for (size_t i = 0; i < sizeof invalid / sizeof invalid[0]; ++i) {
        assert_false(satcd_compound_is_valid(invalid[i]));
        assert_false(satcd_overlap_compound(invalid[i], xa, &b, xb));
        assert_false(satcd_mtv_compound(invalid[i], xa, &b, xb).hit);
        assert_false(satcd_overlap_compounds(&l, xa, invalid[i], xb));
        assert_false(satcd_mtv_compounds(invalid[i], xa, &l, xb).hit);
        assert_int_equal(satcd_collide_compound(invalid[i], xa, &b, xb, 0.1f, out, 2), 0);
        assert_int_equal(satcd_collide_compounds(&l, xa, invalid[i], xb, 0.1f, out, 2), 0);
        assert_true(satcd_distance_compound(invalid[i], xa, &b, xb).distance == FLT_MAX);
        satcd_aabb box_of = satcd_compound_aabb(invalid[i], xb);
        assert_true(box_of.lower.x == xb.p.x && box_of.upper.y == xb.p.y);
    }
    /* A NULL or invalid shape B, a NaN transform: absent. */
    assert_false(satcd_mtv_compound(&l, xa, NULL, xb).hit);
    assert_false(satcd_overlap_compound(&l, xa, &bad, xb));
    assert_false(satcd_mtv_compound(&l, at(NAN, 0), &b, xb).hit);
    assert_int_equal(satcd_collide_compound(&l, xa, &b, xb, 0.0f, NULL, 5), 2); /* NULL out: counted only */
    /* An invalid piece is absent; the other answers alone. */
    satcd_shape pieces[2] = {bad, l_shapes[1]};
    satcd_compound half = {pieces, l_locals, 2};
    satcd_mtv m = satcd_mtv_compound(&half, xa, &b, xb), alone = satcd_mtv(&l_shapes[1], l_locals[1], &b, xb);
    assert_true(m.hit);
    assert_float_equal(m.depth, alone.depth, 1e-6f);
    satcd_xf nan_local[2] = {l_locals[0], at(NAN, 0)};
    satcd_compound broken = {l_shapes, nan_local, 2};
    m = satcd_mtv_compound(&broken, xa, &b, xb);
    alone = satcd_mtv(&l_shapes[0], l_locals[0], &b, xb);
    assert_true(m.hit);
    assert_float_equal(m.depth, alone.depth, 1e-6f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_box_in_the_corner_of_an_l),
        cmocka_unit_test(test_manifold_ids_name_the_pieces),
        cmocka_unit_test(test_segment_a_few_ulps_long_inside_a_box),
        cmocka_unit_test(test_segment_far_out_in_its_piece_frame),
        cmocka_unit_test(test_decomposed_outline_against_a_box),
        cmocka_unit_test(test_bad_input_is_absent),
        cmocka_unit_test(test_random_compound_against_shape),
        cmocka_unit_test(test_random_compound_against_compound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
