/*
 * satcd against independent truth on 10,000 random pairs:
 *  - GEOS (double precision, robust predicates) classifies each pair as
 *    interiors overlapping (intersects and not touches), touching, or
 *    disjoint, and measures the Euclidean distance;
 *  - a double-precision separating-axis computation from the world
 *    vertices (tests/support/truth.c) gives the push-out depth and normal.
 * Both see the exact shapes satcd was given: the world vertices are
 * computed in double from the polygon's float local vertices and the float
 * transform.
 *
 * The float band. satcd works in float32 in A's local frame. The vertices
 * of B are moved into that frame (a rotation and a translation, a few
 * roundings of coordinates of size `scale`), then each face gap is a short
 * dot product; the measured worst error is 2e-7 * scale (printed as
 * "worst |sep - truth| / scale"; float32 epsilon is 1.2e-7). The band is
 * TP_BAND_REL * scale with TP_BAND_REL = 2e-6, ten times that, and scale the
 * largest coordinate of both shapes relative to A's first vertex (at least
 * 1). Inside the band any classification is
 * accepted (and counted); outside it satcd must agree with GEOS exactly.
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
    int kinds[PG_KIND_COUNT];
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
                           const tp_poly *wa, const tp_poly *wb)
{
    if (sep > dist + band) mismatch(i, "separation exceeds the GEOS distance", sep, dist);
    bool face_vertex;
    double brute = tp_distance(wa, wb, &face_vertex);
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
static void check_depth(stats *st, int i, const pg_pair *p, const tp_sat *t, double band, double scale,
                        const tp_poly *wa, const tp_poly *wb)
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
        if (tp_push_along(wa, wb, cos(ang), sin(ang)) < -t->sep - 1e-9 * scale)
            mismatch(i, "a sampled direction beats the truth depth", tp_push_along(wa, wb, cos(ang), sin(ang)), -t->sep);
    }
    if (t->sep - t->runner_up <= band) {
        st->near_ties++; /* two different normals within the band: either is a right answer */
        return;
    }
    st->normal_checked++;
    double angle = tp_angle(m.normal.x, m.normal.y, t->nx, t->ny);
    st->worst_angle = fmax(st->worst_angle, angle);
    if (angle > 1e-4) mismatch(i, "MTV normal angle to the truth normal (rad)", angle, 0.0);
}

/* Exact containment flags against GEOS covers, outside the band. */
static void check_containment(stats *st, int i, const pg_pair *p, const tp_poly *wa, const tp_poly *wb,
                              GEOSContextHandle_t h, const GEOSGeometry *ga, const GEOSGeometry *gb, double band)
{
    satcd_mtv m = satcd_mtv_polygons(&p->a, p->xa, &p->b, p->xb);
    if (!m.hit) return;
    int b_in_a = gs_bool(GEOSCovers_r(h, ga, gb)), a_in_b = gs_bool(GEOSCovers_r(h, gb, ga));
    bool b_in_a_clear = true, a_in_b_clear = true; /* no vertex within the band of the other's boundary */
    for (int k = 0; k < wb->n; ++k) b_in_a_clear &= tp_boundary_distance(wa, wb->x[k], wb->y[k]) > band;
    for (int k = 0; k < wa->n; ++k) a_in_b_clear &= tp_boundary_distance(wb, wa->x[k], wa->y[k]) > band;
    if (b_in_a_clear) {
        st->containment_checked++;
        if (m.b_in_a != (b_in_a != 0)) mismatch(i, "b_in_a differs from GEOS covers", m.b_in_a, b_in_a);
    }
    if (a_in_b_clear) {
        st->containment_checked++;
        if (m.a_in_b != (a_in_b != 0)) mismatch(i, "a_in_b differs from GEOS covers", m.a_in_b, a_in_b);
    }
}

static void polygons_against_geos(void **state)
{
    (void)state;
    GEOSContextHandle_t h = gs_init();
    rs_rng rng = rs_seed(SEED);
    stats st = {0};
    failures = 0;
    int pairs = wl_cases(PAIRS);
    for (int i = 0; i < pairs; ++i) {
        pg_pair p;
        pg_random_pair(&rng, &p);
        st.kinds[p.kind]++;
        tp_poly wa, wb;
        tp_world(&p.a, p.xa, &wa);
        tp_world(&p.b, p.xb, &wb);
        double scale = tp_scale(&wa, &wb), band = TP_BAND_REL * scale;
        tp_sat t = tp_sat_pair(&wa, &wb);
        float sep = satcd_separation_polygons(&p.a, p.xa, &p.b, p.xb);
        st.worst_sep_err = fmax(st.worst_sep_err, fabs(sep - t.sep) / scale);
        if (fabs(sep - t.sep) > band) mismatch(i, "separation differs from the double-precision truth", sep, t.sep);

        GEOSGeometry *ga = gs_polygon(h, &wa), *gb = gs_polygon(h, &wb);
        int inter = gs_bool(GEOSIntersects_r(h, ga, gb)), touch = gs_bool(GEOSTouches_r(h, ga, gb));
        check_class(&st, i, sep, band, inter && !touch, inter, touch);
        if (p.kind == PG_TOUCH_EXACT) {
            if (!touch) mismatch(i, "GEOS: exactly touching boxes do not touch", touch, 1);
            if (sep != 0.0f) mismatch(i, "exactly touching boxes: separation not exactly 0", sep, 0.0);
            if (satcd_relate_polygons(&p.a, p.xa, &p.b, p.xb, 0.0f) != SATCD_TOUCHING)
                mismatch(i, "exactly touching boxes: relation (tolerance 0) not TOUCHING", 0, 1);
        }
        if (!inter) {
            double dist;
            if (!GEOSDistance_r(h, ga, gb, &dist)) mismatch(i, "GEOSDistance failed", 0, 1);
            check_distance(&st, i, sep, band, scale, dist, &wa, &wb);
        } else if (t.sep < 0.0) {
            check_depth(&st, i, &p, &t, band, scale, &wa, &wb);
            check_containment(&st, i, &p, &wa, &wb, h, ga, gb, band);
        }
        GEOSGeom_destroy_r(h, ga);
        GEOSGeom_destroy_r(h, gb);
    }
    GEOS_finish_r(h);

    printf("polygon pairs: %d (apart %d, overlap %d, near %d, contain %d, touch-exact %d), band %.0e x scale\n",
           pairs, st.kinds[PG_APART], st.kinds[PG_OVERLAP], st.kinds[PG_NEAR], st.kinds[PG_CONTAIN],
           st.kinds[PG_TOUCH_EXACT], TP_BAND_REL);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(polygons_against_geos),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
