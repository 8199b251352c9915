/*
 * satcd against independent truth on 10,000 random polygon pairs,
 * 10,000 polygon-circle pairs and the hulls of 6,000 random clouds:
 *  - GEOS (double precision, robust predicates) classifies each pair as
 *    interiors overlapping (intersects and not touches), touching, or
 *    disjoint, and measures the Euclidean distance;
 *  - a double-precision separating-axis computation from the world
 *    vertices (tests/support/truth.c) gives the push-out depth and normal;
 *  - GEOS's convex hull of each cloud bounds satcd_polygon_hull's result.
 * Both see the exact shapes satcd was given: the world vertices are
 * computed in double from the polygon's float local vertices and the float
 * transform.
 *
 * The float band. satcd works in float32 in A's local frame. The vertices
 * of B are moved into that frame (a rotation and a translation, a few
 * roundings of coordinates of size `scale`), then each face gap is a short
 * dot product; the measured worst error is 2.5e-7 * scale (printed as
 * "worst |sep - truth| / scale"; float32 epsilon is 1.2e-7). The band is
 * FLOAT_BAND_REL * scale with FLOAT_BAND_REL = 2e-6, eight times that, and
 * scale the largest coordinate of both shapes relative to A's first vertex
 * (at least 1). Inside the band any classification is accepted (and
 * counted); outside it satcd must agree with GEOS exactly.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>

#include "geos_shapes.h"
#include "pairs.h"
#include "random_shapes.h"
#include "truth.h"
#include "workload.h"

#define PAIRS 10000
#define SEED 0x5a7cd001u
#define MAX_REPORTS 10

static int failures;

static void mismatch(int pair, const char *what, double got, double want)
{
    if (failures++ < MAX_REPORTS) printf("  pair %d: %s: got %.9g, want %.9g\n", pair, what, got, want);
}

typedef struct stats {
    int kinds[PAIR_KIND_COUNT];
    int geos_overlap, geos_touch, geos_disjoint;
    int in_band, in_band_overlap, in_band_touch, in_band_disjoint;
    int face_vertex, vertex_vertex;
    int normal_checked, near_ties, containment_checked;
    double worst_sep_err;     /* |satcd separation - truth| / scale */
    double worst_dist_err;    /* face-vertex pairs: |separation - GEOS distance| / scale */
    double worst_depth_err;   /* |MTV depth - truth depth|, absolute (scale ~1..10) */
    double worst_depth_rel;   /* same / scale */
    double worst_angle;       /* radians between the MTV normal and the truth normal */
} stats;

/* GEOS classification against satcd's separation, outside the band. */
static void check_class(stats *st, int i, float sep, double band, int geos_overlap, int geos_inter, int geos_touch)
{
    st->geos_overlap += geos_overlap;
    st->geos_touch += geos_touch;
    st->geos_disjoint += !geos_inter;
    if (sep < -band) {
        if (!geos_overlap) mismatch(i, "satcd overlaps beyond the band, GEOS interiors do not", sep, 0.0);
    } else if (sep > band) {
        if (geos_inter) mismatch(i, "satcd separated beyond the band, GEOS intersects", sep, 0.0);
    } else {
        st->in_band++;
        st->in_band_overlap += geos_overlap;
        st->in_band_touch += geos_touch;
        st->in_band_disjoint += !geos_inter;
    }
}

/* Separated pairs: the separation is a lower bound of the GEOS distance, equal for face-vertex closest pairs. */
static void check_distance(stats *st, int i, float sep, double band, double scale, double dist,
                           const truth_polygon *wa, const truth_polygon *wb)
{
    if (sep > dist + band) mismatch(i, "separation exceeds the GEOS distance", sep, dist);
    bool face_vertex;
    double brute = truth_distance(wa, wb, &face_vertex);
    if (fabs(brute - dist) > 1e-9 * scale) mismatch(i, "brute-force distance disagrees with GEOS", brute, dist);
    if (face_vertex) {
        st->face_vertex++;
        double err = fabs(sep - dist);
        if (err > band) mismatch(i, "face-vertex pair: separation differs from the GEOS distance", sep, dist);
        st->worst_dist_err = fmax(st->worst_dist_err, err / scale);
    } else {
        st->vertex_vertex++;
    }
}

/* Overlapping pairs: MTV depth and normal against the double-precision truth. */
static void check_depth(stats *st, int i, const random_pair *p, const truth_sat *t, double band, double scale,
                        const truth_polygon *wa, const truth_polygon *wb)
{
    satcd_mtv m = satcd_mtv_polygons(&p->a, p->xa, &p->b, p->xb);
    if (!m.hit) {
        if (t->sep < -band) mismatch(i, "MTV misses an overlap", 0.0, -t->sep);
        return;
    }
    double err = fabs((double)m.depth + t->sep);
    st->worst_depth_err = fmax(st->worst_depth_err, err);
    st->worst_depth_rel = fmax(st->worst_depth_rel, err / scale);
    if (err > band) mismatch(i, "MTV depth differs from the double-precision depth", m.depth, -t->sep);
    /* The truth itself: no sampled direction pushes out shorter than the best face. */
    for (int k = 0; k < 64; ++k) {
        double ang = 6.283185307179586 * k / 64.0;
        if (truth_push_along(wa, wb, cos(ang), sin(ang)) < -t->sep - 1e-9 * scale)
            mismatch(i, "a sampled direction beats the truth depth", truth_push_along(wa, wb, cos(ang), sin(ang)), -t->sep);
    }
    if (t->sep - t->runner_up <= band) {
        st->near_ties++; /* two different normals within the band: either is a right answer */
        return;
    }
    st->normal_checked++;
    double angle = truth_angle(m.normal.x, m.normal.y, t->nx, t->ny);
    st->worst_angle = fmax(st->worst_angle, angle);
    if (angle > 1e-4) mismatch(i, "MTV normal angle to the truth normal (rad)", angle, 0.0);
}

/* Exact containment flags against GEOS covers, outside the band. */
static void check_containment(stats *st, int i, const random_pair *p, const truth_polygon *wa, const truth_polygon *wb,
                              GEOSContextHandle_t h, const GEOSGeometry *ga, const GEOSGeometry *gb, double band)
{
    satcd_mtv m = satcd_mtv_polygons(&p->a, p->xa, &p->b, p->xb);
    if (!m.hit) return;
    int b_in_a = geos_predicate(GEOSCovers_r(h, ga, gb)), a_in_b = geos_predicate(GEOSCovers_r(h, gb, ga));
    bool b_in_a_clear = true, a_in_b_clear = true; /* no vertex within the band of the other's boundary */
    for (int k = 0; k < wb->n; ++k) b_in_a_clear &= truth_boundary_distance(wa, wb->x[k], wb->y[k]) > band;
    for (int k = 0; k < wa->n; ++k) a_in_b_clear &= truth_boundary_distance(wb, wa->x[k], wa->y[k]) > band;
    if (b_in_a_clear) {
        st->containment_checked++;
        if (m.b_in_a != (b_in_a != 0)) mismatch(i, "b_in_a differs from GEOS covers", m.b_in_a, b_in_a);
    }
    if (a_in_b_clear) {
        st->containment_checked++;
        if (m.a_in_b != (a_in_b != 0)) mismatch(i, "a_in_b differs from GEOS covers", m.a_in_b, a_in_b);
    }
}

/* One random pair against GEOS and the double-precision truth. */
static void check_polygon_pair(stats *st, GEOSContextHandle_t h, const random_pair_case *c)
{
    int i = c->index;
    const random_pair *p = &c->pair;
    const truth_polygon *wa = &c->world_a, *wb = &c->world_b;
    double scale = c->scale, band = c->band;
    truth_sat t = truth_sat_pair(wa, wb);
    st->kinds[p->kind]++;
    float sep = satcd_separation_polygons(&p->a, p->xa, &p->b, p->xb);
    st->worst_sep_err = fmax(st->worst_sep_err, fabs(sep - t.sep) / scale);
    if (fabs(sep - t.sep) > band) mismatch(i, "separation differs from the double-precision truth", sep, t.sep);

    GEOSGeometry *ga = geos_polygon(h, wa), *gb = geos_polygon(h, wb);
    int inter = geos_predicate(GEOSIntersects_r(h, ga, gb)), touch = geos_predicate(GEOSTouches_r(h, ga, gb));
    check_class(st, i, sep, band, inter && !touch, inter, touch);
    if (p->kind == PAIR_TOUCH_EXACT) {
        if (!touch) mismatch(i, "GEOS: exactly touching boxes do not touch", touch, 1);
        if (sep != 0.0f) mismatch(i, "exactly touching boxes: separation not exactly 0", sep, 0.0);
        if (satcd_relate_polygons(&p->a, p->xa, &p->b, p->xb, 0.0f) != SATCD_TOUCHING)
            mismatch(i, "exactly touching boxes: relation (tolerance 0) not TOUCHING", 0, 1);
    }
    if (!inter) {
        double dist;
        if (!GEOSDistance_r(h, ga, gb, &dist)) mismatch(i, "GEOSDistance failed", 0, 1);
        check_distance(st, i, sep, band, scale, dist, wa, wb);
    } else if (t.sep < 0.0) {
        check_depth(st, i, p, &t, band, scale, wa, wb);
        check_containment(st, i, p, wa, wb, h, ga, gb, band);
    }
    GEOSGeom_destroy_r(h, ga);
    GEOSGeom_destroy_r(h, gb);
}

static void polygons_against_geos(void **state)
{
    (void)state;
    GEOSContextHandle_t h = geos_context();
    stats st = {0};
    failures = 0;
    int pairs = workload_cases(PAIRS);
    random_pair_sequence sequence = random_pair_sequence_seeded(SEED, pairs);
    for (random_pair_case c; random_pair_next(&sequence, &c);) {
        check_polygon_pair(&st, h, &c);
    }
    GEOS_finish_r(h);

    printf("polygon pairs: %d (apart %d, overlap %d, near %d, contain %d, touch-exact %d), band %.0e x scale\n",
           pairs, st.kinds[PAIR_APART], st.kinds[PAIR_OVERLAP], st.kinds[PAIR_NEAR], st.kinds[PAIR_CONTAIN],
           st.kinds[PAIR_TOUCH_EXACT], FLOAT_BAND_REL);
    printf("GEOS: interiors overlap %d, touch %d, disjoint %d; inside the band %d (GEOS overlap %d, touch %d, disjoint %d)\n",
           st.geos_overlap, st.geos_touch, st.geos_disjoint, st.in_band, st.in_band_overlap, st.in_band_touch,
           st.in_band_disjoint);
    printf("worst |sep - truth| / scale %.3g\n", st.worst_sep_err);
    printf("separated: face-vertex %d (worst |sep - GEOS distance| / scale %.3g), vertex-vertex %d (sep <= distance)\n",
           st.face_vertex, st.worst_dist_err, st.vertex_vertex);
    printf("overlapping: worst depth error %.3g (%.3g x scale); normals checked %d, worst angle %.3g rad; near-ties skipped %d\n",
           st.worst_depth_err, st.worst_depth_rel, st.normal_checked, st.worst_angle, st.near_ties);
    printf("containment flags checked against GEOS covers: %d\n", st.containment_checked);
    assert_int_equal(failures, 0);
    /* The generator must really exercise every class. */
    assert_true(st.geos_overlap > pairs / 10 && st.geos_disjoint > pairs / 10 && st.geos_touch > pairs / 100);
    assert_true(st.face_vertex > pairs / 20 && st.vertex_vertex > pairs / 100 && st.normal_checked > pairs / 10);
}

/*
 * Polygon against circle. GEOS sees the disc as a buffered point with
 * QUADSEGS segments per quarter: an inscribed 128-gon whose chords fall
 * short of the circle by up to r (1 - cos(pi / 128)) = 3.0e-4 r, the chord
 * band added to the float band where GEOS is the judge. The depth and
 * normal are checked against the exact double-precision polygon-disc truth.
 */
#define QUADSEGS 32

typedef struct disc_case {
    satcd_polygon a;
    satcd_xf xa;
    satcd_circle b;
    satcd_xf xb;
    pair_kind kind;
} disc_case;

/* The disc's world centre when its frame's origin is at (px, py) (double). */
static void disc_centre(const disc_case *d, double px, double py, double *cx, double *cy)
{
    *cx = px + (double)d->xb.q.c * d->b.center.x - (double)d->xb.q.s * d->b.center.y;
    *cy = py + (double)d->xb.q.s * d->b.center.x + (double)d->xb.q.c * d->b.center.y;
}

/* Signed distance (double truth) with the disc's centre at A's centroid + t * dir. */
static double disc_sep_at(const truth_polygon *wa, const double c[2], const double dir[2], double r, double t)
{
    return truth_disc_pair(wa, c[0] + t * dir[0], c[1] + t * dir[1], r).sep;
}

/* Offset where the (convex in t) signed distance reaches target, starting negative at t = 0. */
static double disc_offset(const truth_polygon *wa, const double c[2], const double dir[2], double r, double target)
{
    double lo = 0.0, hi = 1.0;
    while (disc_sep_at(wa, c, dir, r, hi) < target) hi *= 2.0;
    for (int i = 0; i < 80; ++i) {
        double mid = 0.5 * (lo + hi);
        if (disc_sep_at(wa, c, dir, r, mid) < target) lo = mid;
        else hi = mid;
    }
    return 0.5 * (lo + hi);
}

static void random_disc_case(random_source *r, disc_case *d)
{
    random_pair shapes;
    do random_pair_draw(r, &shapes); while (shapes.kind == PAIR_TOUCH_EXACT);
    d->kind = shapes.kind;
    d->a = shapes.a;
    d->xa = shapes.xa;
    float radius = d->kind == PAIR_CONTAIN ? d->a.radius * random_float(r, 0.05f, 0.2f) : random_float(r, 0.2f, 2.0f);
    float cx = random_float(r, -0.5f, 0.5f); /* one draw per statement: a fixed order */
    float cy = random_float(r, -0.5f, 0.5f);
    if (satcd_circle_make(&d->b, satcd_v2(cx, cy), radius) != SATCD_OK)
        fail();
    d->xb = random_transform(r, 0.0f);
    truth_polygon wa;
    truth_world(&d->a, d->xa, &wa);
    double c[2], dir[2], ang = random_float(r, -3.14159265f, 3.14159265f);
    truth_centroid(&d->a, d->xa, &c[0], &c[1]);
    dir[0] = cos(ang);
    dir[1] = sin(ang);
    double t;
    switch (d->kind) {
    case PAIR_APART: t = disc_offset(&wa, c, dir, radius, random_float(r, 0.01f, 1.0f)); break;
    case PAIR_OVERLAP: t = disc_offset(&wa, c, dir, radius, 0.0) * random_float(r, 0.0f, 0.98f); break;
    case PAIR_NEAR: t = disc_offset(&wa, c, dir, radius, random_float(r, -1e-3f, 1e-3f)); break;
    default: t = random_float(r, 0.0f, 0.3f) * d->a.radius; break;
    }
    /* Place the disc's frame so that its centre lands at c + t * dir. */
    double ox, oy;
    disc_centre(d, 0.0, 0.0, &ox, &oy);
    d->xb.p = satcd_v2((float)(c[0] + t * dir[0] - ox), (float)(c[1] + t * dir[1] - oy));
}

typedef struct disc_stats {
    int geos_overlap, geos_disjoint, in_band, normal_checked, normal_skipped, contacts, polygon_in_disc;
    double worst_sep_err, worst_dist_err, worst_depth_err, worst_angle;
} disc_stats;

static void check_disc_case(disc_stats *st, int i, const disc_case *d, GEOSContextHandle_t h)
{
    truth_polygon wa;
    truth_world(&d->a, d->xa, &wa);
    double cx, cy, r = d->b.radius;
    disc_centre(d, d->xb.p.x, d->xb.p.y, &cx, &cy);
    double scale = fmax(1.0, fmax(fabs(cx - wa.x[0]), fabs(cy - wa.y[0])) + r);
    for (int k = 0; k < wa.n; ++k) scale = fmax(scale, fmax(fabs(wa.x[k] - wa.x[0]), fabs(wa.y[k] - wa.y[0])));
    double band = FLOAT_BAND_REL * scale, chord = r * (1.0 - cos(3.141592653589793 / (4.0 * QUADSEGS)));
    truth_disc t = truth_disc_pair(&wa, cx, cy, r);
    float sep = satcd_separation_polygon_circle(&d->a, d->xa, &d->b, d->xb);
    st->worst_sep_err = fmax(st->worst_sep_err, fabs(sep - t.sep) / scale);
    if (fabs(sep - t.sep) > band) mismatch(i, "polygon-circle separation differs from the truth", sep, t.sep);

    GEOSGeometry *ga = geos_polygon(h, &wa), *gb = geos_disc(h, cx, cy, r, QUADSEGS);
    int inter = geos_predicate(GEOSIntersects_r(h, ga, gb)), touch = geos_predicate(GEOSTouches_r(h, ga, gb));
    st->geos_overlap += inter && !touch;
    st->geos_disjoint += !inter;
    if (sep < -(band + chord)) {
        if (!inter || touch) mismatch(i, "circle: satcd overlaps beyond the bands, GEOS interiors do not", sep, 0.0);
    } else if (sep > band) {
        if (inter) mismatch(i, "circle: satcd separated beyond the band, GEOS intersects", sep, 0.0);
    } else {
        st->in_band++;
    }
    if (!inter) {
        double dist;
        if (!GEOSDistance_r(h, ga, gb, &dist)) mismatch(i, "GEOSDistance failed", 0, 1);
        st->worst_dist_err = fmax(st->worst_dist_err, fabs(sep - dist) / scale);
        if (sep > dist + band || dist - sep > chord + band) mismatch(i, "circle: separation vs GEOS distance", sep, dist);
    }
    GEOSGeom_destroy_r(h, ga);
    GEOSGeom_destroy_r(h, gb);

    satcd_mtv m = satcd_mtv_polygon_circle(&d->a, d->xa, &d->b, d->xb);
    if (m.hit != (sep < 0.0f)) mismatch(i, "circle: mtv.hit != (separation < 0)", m.hit, sep < 0.0f);
    if (!m.hit) return;
    double err = fabs((double)m.depth + t.sep);
    st->worst_depth_err = fmax(st->worst_depth_err, err);
    if (err > band) mismatch(i, "circle: MTV depth differs from the truth", m.depth, -t.sep);
    if (t.tie > 10.0 * band) { /* a clear nearest face, or a centre clearly off the boundary */
        /*
         * Inside, the normal is a face normal (rotated once). Outside, it is
         * the direction from the nearest boundary point to the centre, whose
         * float error (below the band) turns it by up to band / distance.
         */
        double allowed = 1e-5 + (t.inside ? 0.0 : band / t.tie);
        double angle = truth_angle(m.normal.x, m.normal.y, t.nx, t.ny);
        st->worst_angle = fmax(st->worst_angle, angle);
        st->normal_checked++;
        if (angle > allowed) mismatch(i, "circle: MTV normal angle to the truth (rad)", angle, allowed);
    } else {
        st->normal_skipped++;
    }
    if (fabs(t.sep + 2.0 * r) > band && m.b_in_a != (t.sep + 2.0 * r < 0.0))
        mismatch(i, "circle: b_in_a (disc inside the polygon)", m.b_in_a, t.sep + 2.0 * r < 0.0);
    double reach = 0.0; /* farthest polygon vertex from the centre */
    for (int k = 0; k < wa.n; ++k) reach = fmax(reach, hypot(wa.x[k] - cx, wa.y[k] - cy));
    if (fabs(reach - r) > band && m.a_in_b != (reach < r)) {
        mismatch(i, "circle: a_in_b (polygon inside the disc)", m.a_in_b, reach < r);
    }
    st->polygon_in_disc += reach < r;
    satcd_manifold mf = satcd_collide_polygon_circle(&d->a, d->xa, &d->b, d->xb, 0.0f);
    if (mf.count != 1) mismatch(i, "circle: overlapping pair without exactly one contact", mf.count, 1);
    if (mf.count == 1) {
        double off = fabs(hypot(mf.points[0].point.x - cx, mf.points[0].point.y - cy) - r);
        if (off > band) mismatch(i, "circle contact off the circle", off, 0.0);
        if (mf.points[0].depth != m.depth) mismatch(i, "circle contact depth != MTV depth", mf.points[0].depth, m.depth);
        st->contacts++;
    }
}

static void polygon_circle_against_geos(void **state)
{
    (void)state;
    GEOSContextHandle_t h = geos_context();
    random_source rng = random_source_seeded(SEED + 1u);
    disc_stats st = {0};
    failures = 0;
    int pairs = workload_cases(PAIRS);
    for (int i = 0; i < pairs; ++i) {
        disc_case d;
        random_disc_case(&rng, &d);
        check_disc_case(&st, i, &d, h);
    }
    GEOS_finish_r(h);
    printf("polygon-circle pairs %d: GEOS interiors overlap %d, disjoint %d; inside the bands %d "
           "(float band %.0e x scale, chord band 3.0e-4 x radius)\n",
           pairs, st.geos_overlap, st.geos_disjoint, st.in_band, FLOAT_BAND_REL);
    printf("worst |sep - truth| %.3g x scale, worst |sep - GEOS distance| %.3g x scale (chords included), "
           "worst depth error %.3g, normals checked %d (worst angle %.3g rad), skipped %d (centre within 10 bands of "
           "a tie or of the boundary), contacts checked %d, polygons inside the disc %d\n",
           st.worst_sep_err, st.worst_dist_err, st.worst_depth_err, st.normal_checked, st.worst_angle,
           st.normal_skipped, st.contacts, st.polygon_in_disc);
    assert_int_equal(failures, 0);
    assert_true(st.geos_overlap > pairs / 10 && st.geos_disjoint > pairs / 10 && st.normal_checked > pairs / 10);
}

/*
 * The relations read their tolerance as a distance. Each random pair gets a
 * tolerance drawn around its true signed distance d (the GEOS distance when
 * the interiors are disjoint, minus the double-precision depth when they
 * overlap; for a disc the exact polygon-disc truth), uniform between 3/4 of
 * the true face gap (|d| when they overlap, and for a disc) and 5/4 of |d|:
 * so that it often falls between the two measures. Unless |d| lies within the float band of the
 * tolerance, the relation must be the one d gives: touching when |d| <=
 * tolerance, else separated or overlapping by the sign of d. Counted: the
 * separated pairs whose face gap lies within the tolerance though their
 * distance does not (two corners closest), which a rule on the face gap
 * would call touching. Half the polygon pairs are random pairs of every
 * kind, half are placed corner to corner (corner_pair).
 */
typedef struct relation_stats {
    int checked, in_band, corner_separated;
} relation_stats;

static satcd_relation true_relation(double signed_distance, double tolerance)
{
    if (fabs(signed_distance) <= tolerance) return SATCD_TOUCHING;
    return signed_distance > 0.0 ? SATCD_SEPARATED : SATCD_OVERLAPPING;
}

/*
 * A tolerance between 3/4 of the face gap g and 5/4 of the distance |d|;
 * false when |d| lies within the band of it; either way counted.
 */
static bool tolerance_near(random_source *r, relation_stats *st, double g, double d, double band, float *tolerance)
{
    float u = random_unit(r);
    *tolerance = (float)(0.75 * fabs(g) + u * (1.25 * fabs(d) - 0.75 * fabs(g)));
    bool clear = fabs(fabs(d) - *tolerance) > band;
    st->checked += clear;
    st->in_band += !clear;
    return clear;
}

static void check_polygon_relation(random_source *r, relation_stats *st, int i, const random_pair *p, GEOSContextHandle_t h)
{
    truth_polygon wa, wb;
    truth_world(&p->a, p->xa, &wa);
    truth_world(&p->b, p->xb, &wb);
    double band = FLOAT_BAND_REL * truth_scale(&wa, &wb), g = truth_sat_pair(&wa, &wb).sep, d = g;
    GEOSGeometry *ga = geos_polygon(h, &wa), *gb = geos_polygon(h, &wb);
    if (!geos_predicate(GEOSIntersects_r(h, ga, gb)) && !GEOSDistance_r(h, ga, gb, &d)) mismatch(i, "GEOSDistance failed", 0, 1);
    GEOSGeom_destroy_r(h, ga);
    GEOSGeom_destroy_r(h, gb);
    float tolerance;
    if (!tolerance_near(r, st, g, d, band, &tolerance)) return;
    satcd_relation got = satcd_relate_polygons(&p->a, p->xa, &p->b, p->xb, tolerance);
    if (got != true_relation(d, tolerance)) mismatch(i, "polygon relation against the GEOS distance", got, d);
    float face_gap = satcd_separation_polygons(&p->a, p->xa, &p->b, p->xb);
    st->corner_separated += face_gap > 0.0f && face_gap <= tolerance && d > tolerance;
}

static void check_disc_relation(random_source *r, relation_stats *st, int i, const disc_case *c, GEOSContextHandle_t h)
{
    truth_polygon wa;
    truth_world(&c->a, c->xa, &wa);
    double cx, cy, rad = c->b.radius;
    disc_centre(c, c->xb.p.x, c->xb.p.y, &cx, &cy);
    double d = truth_disc_pair(&wa, cx, cy, rad).sep, dist, chord = rad * (1.0 - cos(3.141592653589793 / (4.0 * QUADSEGS)));
    double band = FLOAT_BAND_REL * fmax(1.0, fmax(fabs(cx - wa.x[0]), fabs(cy - wa.y[0])) + rad + c->a.radius);
    GEOSGeometry *ga = geos_polygon(h, &wa), *gb = geos_disc(h, cx, cy, rad, QUADSEGS);
    /* GEOS's disc is inscribed: its distance exceeds the exact one by at most the chord band. */
    if (d > 0.0 && (!GEOSDistance_r(h, ga, gb, &dist) || dist < d - band || dist > d + chord + band))
        mismatch(i, "disc truth against the GEOS distance", d, dist);
    GEOSGeom_destroy_r(h, ga);
    GEOSGeom_destroy_r(h, gb);
    float tolerance;
    if (!tolerance_near(r, st, d, d, band, &tolerance)) return;
    satcd_relation got = satcd_relate_polygon_circle(&c->a, c->xa, &c->b, c->xb, tolerance);
    if (got != true_relation(d, tolerance)) mismatch(i, "polygon-circle relation against the truth", got, d);
}

/* A unit direction strictly inside the cone of outward normals at vertex i of p (local frame). */
static satcd_vec2 vertex_cone_direction(random_source *r, const satcd_polygon *p, int i)
{
    float t = random_float(r, 0.1f, 0.9f);
    satcd_vec2 before = satcd_polygon_normal(p, (i + p->count - 1) % p->count), after = satcd_polygon_normal(p, i);
    return satcd_normalize(satcd_lerp(before, after, t));
}

/*
 * Two random polygons corner to corner: a vertex of B placed at distance
 * 0.01..1 from a vertex of A along a direction inside both vertices' normal
 * cones, so that the two vertices are the closest points and the face gap
 * falls short of the distance.
 */
static void corner_pair(random_source *r, random_pair *p)
{
    p->a = random_convex_polygon(r, 8, 1.0f);
    p->b = random_convex_polygon(r, 8, 1.0f);
    p->xa = random_transform(r, 10.0f);
    p->kind = PAIR_APART;
    p->parallel = false;
    int ia = random_int(r, 0, p->a.count - 1);
    int ib = random_int(r, 0, p->b.count - 1);
    float gap = random_float(r, 0.01f, 1.0f);
    satcd_vec2 u = satcd_rotate(p->xa.q, vertex_cone_direction(r, &p->a, ia));
    satcd_vec2 w = vertex_cone_direction(r, &p->b, ib);
    /* Turn B so that its vertex's direction w points back along -u. */
    float angle = atan2f(-u.y, -u.x) - atan2f(w.y, w.x);
    satcd_vec2 corner_a = satcd_xf_point(p->xa, satcd_polygon_vertex(&p->a, ia));
    satcd_vec2 corner_b = satcd_mul_add(corner_a, gap, u);
    p->xb = satcd_xf_make(satcd_v2(0, 0), angle);
    p->xb.p = satcd_sub(corner_b, satcd_rotate(p->xb.q, satcd_polygon_vertex(&p->b, ib)));
}

static void relations_read_the_tolerance_as_a_distance(void **state)
{
    (void)state;
    GEOSContextHandle_t h = geos_context();
    random_source rng = random_source_seeded(SEED + 2u);
    relation_stats polys = {0}, discs = {0};
    failures = 0;
    int pairs = workload_cases(PAIRS);
    for (int i = 0; i < pairs; ++i) {
        random_pair p;
        random_pair_draw(&rng, &p);
        check_polygon_relation(&rng, &polys, i, &p, h);
        corner_pair(&rng, &p);
        check_polygon_relation(&rng, &polys, i, &p, h);
        disc_case d;
        random_disc_case(&rng, &d);
        check_disc_relation(&rng, &discs, i, &d, h);
    }
    GEOS_finish_r(h);
    printf("relations, tolerance from 3/4 of the face gap to 5/4 of the true distance: polygons checked %d (in the band %d; separated "
           "though the face gap is within the tolerance %d), polygon-circle checked %d (in the band %d)\n",
           polys.checked, polys.in_band, polys.corner_separated, discs.checked, discs.in_band);
    assert_int_equal(failures, 0);
    assert_true(polys.checked > pairs && discs.checked > pairs / 2 && polys.corner_separated > pairs / 50);
}

/*
 * Regression: a circle centre in the region of a box's top edge, 1e-4 from
 * the corner's region. Its distances to the edge and to the corner differ
 * by 8e-9, below float resolution; the nearest feature must still be the
 * edge (by region, not by comparing nearly equal distances), so the normal
 * is the face normal exactly instead of leaning 1.5e-4 rad toward the corner.
 */
static void circle_next_to_a_corner_keeps_the_face_normal(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    satcd_circle disc;
    assert_int_equal(satcd_circle_make(&disc, satcd_v2(1.0f - 1e-4f, 1.66f), 0.7f), SATCD_OK);
    satcd_xf id = satcd_xf_identity();
    satcd_mtv m = satcd_mtv_polygon_circle(&box, id, &disc, id);
    assert_true(m.hit);
    assert_true(fabsf(m.normal.x) <= 1e-6f && fabsf(m.normal.y - 1.0f) <= 1e-6f);
    assert_float_equal(m.depth, 0.04f, 1e-6f);
    satcd_manifold c = satcd_collide_polygon_circle(&box, id, &disc, id, 0.0f);
    assert_int_equal(c.count, 1);
    assert_true(fabsf(c.normal.x) <= 1e-6f);
    assert_false(c.points[0].id & SATCD_ID_VERTEX);
    assert_float_equal(c.points[0].point.x, 1.0f - 1e-4f, 1e-6f);
    /* Just beyond the corner's region boundary the corner is the feature and the normal leans. */
    assert_int_equal(satcd_circle_make(&disc, satcd_v2(1.0f + 1e-2f, 1.66f), 0.7f), SATCD_OK);
    m = satcd_mtv_polygon_circle(&box, id, &disc, id);
    assert_true(m.hit);
    assert_float_equal(m.normal.x, 1e-2f / sqrtf(1e-4f + 0.66f * 0.66f), 1e-6f);
}

#define HULL_CLOUDS 6000
#define HULL_MAX_POINTS 64

/* A cloud shape for the hull test, in units of its radius (kind 0..6). */
static satcd_vec2 cloud_point(random_source *r, int kind, int i, float arc)
{
    switch (kind) {
    case 0: { /* disc */
        float x, y;
        do x = random_float(r, -1.0f, 1.0f), y = random_float(r, -1.0f, 1.0f);
        while (x * x + y * y > 1.0f);
        return satcd_v2(x, y);
    }
    case 1: { /* three lines */
        float x = random_float(r, -1.0f, 1.0f);
        return satcd_v2(x, 0.25f * (float)random_int(r, -1, 1));
    }
    case 2: { /* grid */
        float x = 0.5f * (float)random_int(r, -2, 2);
        return satcd_v2(x, 0.5f * (float)random_int(r, -2, 2));
    }
    case 3: { /* five cluster centres, offsets of about the cleanup tolerance */
        float a = 1.2566371f * (float)(i % 5);
        satcd_vec2 u = random_vec2(r, 0.0f, 1.0f);
        return satcd_v2(cosf(a) + 3e-5f * u.x, sinf(a) + 3e-5f * u.y);
    }
    case 4: { /* a flat arc, sagitta `arc`, and sometimes an apex far off it */
        float x = random_float(r, -1.0f, 1.0f);
        return i == 0 && arc > 2e-4f ? satcd_v2(0.0f, 1.0f) : satcd_v2(x, arc * x * x);
    }
    case 5: { /* a sliver */
        float x = random_float(r, -1.0f, 1.0f);
        return satcd_v2(x, 4e-5f * random_unit(r));
    }
    default: return satcd_v2(0.5f, (float)(i % (1 + (int)(arc > 1e-4f)))); /* one point, or two, repeated */
    }
}

/* The larger side of the cloud's bounding box, as the cleanup tolerance is documented to use. */
static double cloud_extent(const satcd_vec2 *v, int n)
{
    float lo_x = v[0].x, hi_x = v[0].x, lo_y = v[0].y, hi_y = v[0].y;
    for (int i = 1; i < n; ++i) {
        lo_x = fminf(lo_x, v[i].x), hi_x = fmaxf(hi_x, v[i].x);
        lo_y = fminf(lo_y, v[i].y), hi_y = fmaxf(hi_y, v[i].y);
    }
    return fmaxf(hi_x - lo_x, hi_y - lo_y);
}

/* Largest distance of (x, y) outside polygon p, exact edge directions in double. */
static double outside_polygon(const satcd_polygon *p, double x, double y)
{
    double gap = -INFINITY;
    for (int i = 0; i < p->count; ++i) {
        satcd_vec2 vi = satcd_polygon_vertex(p, i), vj = satcd_polygon_vertex(p, (i + 1) % p->count);
        double ex = (double)vj.x - vi.x, ey = (double)vj.y - vi.y;
        gap = fmax(gap, ((x - vi.x) * ey - (y - vi.y) * ex) / hypot(ex, ey));
    }
    return gap;
}

typedef struct hull_stats {
    int ok, too_few, degenerate, too_many, failures;
    double worst_outside;  /* GEOS hull vertex outside satcd's hull, / tol */
    double worst_area;     /* area short of GEOS's, / (tol * GEOS perimeter) */
} hull_stats;

static void hull_failure(hull_stats *st, int cloud, const char *what, double got)
{
    if (st->failures++ < MAX_REPORTS) printf("  cloud %d: %s (%.9g)\n", cloud, what, got);
}

/* An accepted hull against the GEOS hull `g` of the same points. */
static void check_accepted_hull(hull_stats *st, int c, const satcd_polygon *p, GEOSContextHandle_t h,
                                const GEOSGeometry *g, double tol)
{
    const GEOSGeometry *ring = GEOSGetExteriorRing_r(h, g);
    const GEOSCoordSequence *seq = GEOSGeom_getCoordSeq_r(h, ring);
    unsigned m = 0;
    GEOSCoordSeq_getSize_r(h, seq, &m);
    for (unsigned k = 0; k < m; ++k) {
        double x, y;
        GEOSCoordSeq_getXY_r(h, seq, k, &x, &y);
        double out = outside_polygon(p, x, y) / tol;
        st->worst_outside = fmax(st->worst_outside, out);
        if (out > 2.0) hull_failure(st, c, "a GEOS hull vertex lies beyond 2 tol outside", out);
    }
    double scale = 0.0;
    for (int i = 0; i < p->count; ++i) {
        satcd_vec2 v = satcd_polygon_vertex(p, i), w = satcd_polygon_vertex(p, (i + 1) % p->count);
        scale = fmax(scale, fmax(fabs((double)v.x), fabs((double)v.y)));
        if (hypot((double)w.x - v.x, (double)w.y - v.y) <= tol) hull_failure(st, c, "neighbours within tol", 0.0);
    }
    for (int i = 0; i < p->count; ++i) {
        satcd_vec2 v = satcd_polygon_vertex(p, i);
        GEOSGeometry *pt = geos_point(h, v.x, v.y);
        double d = 0.0;
        GEOSDistance_r(h, pt, ring, &d);
        GEOSGeom_destroy_r(h, pt);
        if (d > 1e-12 * scale) hull_failure(st, c, "a vertex off the GEOS hull boundary", d);
    }
    double area = 0.0, geos_area = 0.0, perimeter = 0.0;
    for (int i = 0; i < p->count; ++i) {
        satcd_vec2 v = satcd_polygon_vertex(p, i), w = satcd_polygon_vertex(p, (i + 1) % p->count);
        area += 0.5 * ((double)v.x * w.y - (double)v.y * w.x);
    }
    GEOSArea_r(h, g, &geos_area);
    GEOSLength_r(h, g, &perimeter);
    double short_by = (geos_area - area) / (tol * perimeter);
    st->worst_area = fmax(st->worst_area, short_by);
    if (short_by > 2.0) hull_failure(st, c, "area short of GEOS's by more than 2 tol x perimeter", short_by);
    if (area > geos_area * (1.0 + 1e-12) + 1e-12 * scale * scale) hull_failure(st, c, "area above GEOS's", area);
}

/* A refused cloud: GEOS must agree it has too many corners, or is a point or a line within tolerance. */
static void check_refused_hull(hull_stats *st, int c, satcd_status s, GEOSContextHandle_t h, const GEOSGeometry *g,
                               double tol)
{
    double area = 0.0, length = 0.0;
    GEOSArea_r(h, g, &area);
    GEOSLength_r(h, g, &length); /* the perimeter, or twice a segment's length */
    if (s == SATCD_ERR_TOO_MANY_POINTS) {
        st->too_many++;
        int corners = GEOSGeomTypeId_r(h, g) == GEOS_POLYGON ? GEOSGetNumCoordinates_r(h, g) - 1 : 0;
        if (corners <= SATCD_MAX_POLYGON_VERTICES) hull_failure(st, c, "too many points, GEOS corners", corners);
    } else if (s == SATCD_ERR_TOO_FEW_POINTS) {
        st->too_few++;
        if (length > 8.0 * tol) hull_failure(st, c, "too few points, GEOS hull perimeter / tol", length / tol);
    } else if (s == SATCD_ERR_DEGENERATE) {
        st->degenerate++;
        if (area > 1.001 * tol * length) hull_failure(st, c, "degenerate, GEOS area / (tol x perimeter)", area / (tol * length));
    } else {
        hull_failure(st, c, "unexpected status", (double)s);
    }
}

/*
 * Hulls of 6,000 random clouds of 3..64 points against GEOS's convex hull
 * of the same points. Accepted: every GEOS hull vertex (so every input
 * point) within 2 tol of satcd's polygon, every satcd vertex on GEOS's hull
 * boundary, neighbours more than tol apart, the area short of GEOS's by at
 * most 2 tol times its perimeter and never above it. Refused: GEOS agrees
 * (more than 16 corners; a point; a band 2 tol wide).
 */
static void hulls_against_geos(void **state)
{
    (void)state;
    GEOSContextHandle_t h = geos_context();
    random_source r = random_source_seeded(SEED + 7);
    hull_stats st = {0};
    for (int c = 0; c < HULL_CLOUDS; ++c) {
        int kind = c % 7, n = random_int(&r, 3, HULL_MAX_POINTS);
        float radius = powf(10.0f, random_float(&r, -3.0f, 6.0f));
        satcd_vec2 at = satcd_scale(radius, random_vec2(&r, -100.0f, 100.0f));
        float arc = powf(10.0f, random_float(&r, -5.0f, -2.0f));
        satcd_vec2 pts[HULL_MAX_POINTS];
        GEOSGeometry *geo_pts[HULL_MAX_POINTS];
        for (int i = 0; i < n; ++i) {
            pts[i] = satcd_add(at, satcd_scale(radius, cloud_point(&r, kind, i, arc)));
            geo_pts[i] = geos_point(h, pts[i].x, pts[i].y);
        }
        GEOSGeometry *cloud = GEOSGeom_createCollection_r(h, GEOS_MULTIPOINT, geo_pts, (unsigned)n);
        GEOSGeometry *g = GEOSConvexHull_r(h, cloud);
        double tol = SATCD_POLYGON_TOLERANCE_REL * cloud_extent(pts, n);
        satcd_polygon p;
        satcd_status s = satcd_polygon_hull(&p, pts, n);
        if (s == SATCD_OK) {
            st.ok++;
            if (GEOSGeomTypeId_r(h, g) != GEOS_POLYGON) hull_failure(&st, c, "accepted, GEOS hull not a polygon", 0.0);
            else check_accepted_hull(&st, c, &p, h, g, tol);
        } else {
            check_refused_hull(&st, c, s, h, g, tol);
        }
        GEOSGeom_destroy_r(h, g);
        GEOSGeom_destroy_r(h, cloud);
    }
    GEOS_finish_r(h);
    printf("hulls: %d accepted, %d too few, %d degenerate, %d too many; worst GEOS vertex outside %.3f tol, "
           "worst area shortfall %.3f tol x perimeter\n",
           st.ok, st.too_few, st.degenerate, st.too_many, st.worst_outside, st.worst_area);
    assert_int_equal(st.failures, 0);
    /* Every outcome is exercised. */
    assert_true(st.ok > 1000 && st.too_few > 0 && st.degenerate > 100 && st.too_many > 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(polygons_against_geos),
        cmocka_unit_test(polygon_circle_against_geos),
        cmocka_unit_test(circle_next_to_a_corner_keeps_the_face_normal),
        cmocka_unit_test(relations_read_the_tolerance_as_a_distance),
        cmocka_unit_test(hulls_against_geos),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
