/*
 * Properties of polygon contact manifolds:
 *  - on 10,000 random pairs (tests/support/pairs.h): unit normal equal to
 *    the reference face's normal, at least one contact when overlapping,
 *    every point on the incident polygon's boundary, per-point depth equal
 *    to the double-precision depth below the reference face and never more
 *    than the MTV depth (plus the reference bias), shallow contacts on the
 *    overlap region computed by GEOS, or within their depth of it (unless
 *    the incident polygon is thinner than that depth there), and
 *    speculative contacts (margin) never deeper than -margin; scaling the
 *    scene by a power of two scales points and depths exactly;
 *  - a box resting on a box, jittered by 1e-6 for 1,000 frames, keeps its
 *    reference face, its two contacts and their ids, also when a corner of
 *    the upper box sits within rounding of a side plane;
 *  - swapping A and B keeps the points, negates the normal and maps each id
 *    by satcd_contact_id_swapped: on random pairs and on pairs whose two
 *    best faces tie on purpose (boxes resting flat on boxes, equal or not,
 *    turned and moved as a whole), skipping only pairs whose two best
 *    faces differ by the reference band's width itself (within the float
 *    band) and pairs with two equally good faces on one polygon.
 * Tolerances are the float band FLOAT_BAND_REL x scale (see truth.h); swapped
 * points may differ by that plus 4 FLT_EPSILON times the largest world
 * coordinate (each order rounds them into the world from its own frame).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdio.h>

#include "geos_shapes.h"
#include "pairs.h"
#include "truth.h"
#include "workload.h"

#define PAIRS 10000
#define SEED 0x5a7cd003u
#define MAX_REPORTS 10
#define SHALLOW_REL 0.1 /* shallow: MTV depth <= 0.1 x the smaller polygon's radius */

static int failures;

static void mismatch(int pair, const char *what, double got, double want)
{
    if (failures++ < MAX_REPORTS) printf("  case %d: %s: got %.9g, want %.9g\n", pair, what, got, want);
}

static double min_radius(const random_pair *p) { return fmin(p->a.radius, p->b.radius); }

static double bias_of(const random_pair *p) { return SATCD_REFERENCE_BIAS_REL * min_radius(p); }

typedef struct stats {
    int with_contacts, contacts, overlapping, shallow_points, margin_pairs, margin_empty;
    double worst_boundary;   /* / scale: point to the incident boundary */
    double worst_depth_err;  /* / scale: depth against the truth below the reference face */
    double worst_over_mtv;   /* point depth - MTV depth, absolute */
    double worst_region;     /* / scale: shallow point to the GEOS overlap region */
    int off_region;          /* shallow points farther than the band from the overlap region */
    int thin;                /* of which the incident polygon is thinner than the depth at the point */
    int units_exact;         /* manifolds bit-identical (lengths scaled) after scaling by 2^-10, 2^10 */
    double worst_region_ratio; /* their distance / their depth */
} stats;

/* Reference and incident polygons of a contact, in world (double). */
static void faces_of(uint32_t id, const truth_polygon *wa, const truth_polygon *wb, const truth_polygon **ref, const truth_polygon **inc)
{
    bool ref_b = (id & SATCD_ID_REFERENCE_IS_B) != 0;
    *ref = ref_b ? wb : wa;
    *inc = ref_b ? wa : wb;
}

/* Checks every contact of one manifold against the truth; returns false when the manifold is empty. */
static bool check_contacts(stats *st, int i, const random_pair *p, const satcd_manifold *m, const truth_polygon *wa,
                           const truth_polygon *wb, double band, double scale)
{
    if (m->count == 0) return false;
    double len = hypot(m->normal.x, m->normal.y);
    if (fabs(len - 1.0) > 1e-6) mismatch(i, "manifold normal not unit", len, 1.0);
    for (int k = 0; k < m->count; ++k) {
        const satcd_contact *c = &m->points[k];
        const truth_polygon *ref, *inc;
        faces_of(c->id, wa, wb, &ref, &inc);
        int e = SATCD_ID_REFERENCE_EDGE(c->id);
        double sign = ref == wa ? 1.0 : -1.0; /* the manifold normal points from A to B */
        double angle = truth_angle(m->normal.x, m->normal.y, sign * ref->nx[e], sign * ref->ny[e]);
        if (angle > 1e-5) mismatch(i, "manifold normal is not the reference face's normal (rad)", angle, 0.0);
        double off = truth_boundary_distance(inc, c->point.x, c->point.y);
        st->worst_boundary = fmax(st->worst_boundary, off / scale);
        if (off > band) mismatch(i, "contact point off the incident boundary", off, 0.0);
        double depth = -(ref->nx[e] * (c->point.x - ref->x[e]) + ref->ny[e] * (c->point.y - ref->y[e]));
        st->worst_depth_err = fmax(st->worst_depth_err, fabs(c->depth - depth) / scale);
        if (fabs(c->depth - depth) > band) mismatch(i, "contact depth differs from the truth", c->depth, depth);
        st->contacts++;
    }
    (void)p;
    return true;
}

/* Overlapping pairs: depths bounded by the MTV depth, shallow points on the overlap region. */
static void check_overlap(stats *st, int i, const random_pair *p, const satcd_manifold *m, GEOSContextHandle_t h,
                          const truth_polygon *wa, const truth_polygon *wb, double band, double scale)
{
    satcd_mtv mtv = satcd_mtv_polygons(&p->a, p->xa, &p->b, p->xb);
    st->overlapping++;
    if (m->count < 1) mismatch(i, "overlapping pair without contacts", m->count, 1);
    for (int k = 0; k < m->count; ++k) {
        double over = m->points[k].depth - mtv.depth;
        st->worst_over_mtv = fmax(st->worst_over_mtv, over);
        if (over > bias_of(p) + band) mismatch(i, "contact deeper than the MTV depth", m->points[k].depth, mtv.depth);
    }
    if (mtv.depth > SHALLOW_REL * min_radius(p) || m->count == 0) return;
    GEOSGeometry *ga = geos_polygon(h, wa), *gb = geos_polygon(h, wb);
    GEOSGeometry *region = GEOSIntersection_r(h, ga, gb);
    for (int k = 0; k < m->count; ++k) {
        const satcd_contact *c = &m->points[k];
        GEOSGeometry *pt = geos_point(h, c->point.x, c->point.y);
        double d;
        if (!GEOSDistance_r(h, pt, region, &d)) mismatch(i, "GEOSDistance failed", 0, 1);
        GEOSGeom_destroy_r(h, pt);
        st->worst_region = fmax(st->worst_region, d / scale);
        st->shallow_points++;
        if (d <= band) continue;
        st->off_region++;
        st->worst_region_ratio = fmax(st->worst_region_ratio, d / c->depth);
        /*
         * Off the overlap region. Its foot on the reference face, q = point +
         * depth * normal, lies on the reference polygon (the point is within
         * the side planes); when q also lies in the incident polygon, q is in
         * the overlap region and the point can be no farther from it than its
         * depth. Otherwise the incident polygon is thinner than the depth
         * there (slivers meeting at sharp angles), and the point, still on
         * the incident boundary and at its depth below the face, may lie
         * farther away: counted and reported.
         */
        const truth_polygon *ref, *inc;
        faces_of(c->id, wa, wb, &ref, &inc);
        int e = SATCD_ID_REFERENCE_EDGE(c->id);
        double qx = c->point.x + c->depth * ref->nx[e], qy = c->point.y + c->depth * ref->ny[e];
        if (!truth_contains(inc, qx, qy, band) || truth_boundary_distance(ref, qx, qy) > band) {
            st->thin++;
            continue;
        }
        if (d > c->depth + band) mismatch(i, "shallow contact farther from the overlap region than its depth", d, c->depth);
    }
    GEOSGeom_destroy_r(h, region);
    GEOSGeom_destroy_r(h, ga);
    GEOSGeom_destroy_r(h, gb);
}

/* Speculative contacts: a pair apart by less than the margin gives contacts no deeper than -margin. */
static void check_margin(stats *st, int i, const random_pair *p, float sep, const truth_polygon *wa, const truth_polygon *wb,
                         double band, double scale)
{
    float margin = 0.05f;
    if (!(sep > 0.0f && sep < margin)) return;
    satcd_manifold m = satcd_collide_polygons(&p->a, p->xa, &p->b, p->xb, margin);
    st->margin_pairs++;
    if (!check_contacts(st, i, p, &m, wa, wb, band, scale)) st->margin_empty++;
    for (int k = 0; k < m.count; ++k) {
        if (m.points[k].depth < -margin) mismatch(i, "speculative contact beyond the margin", m.points[k].depth, -margin);
        if (m.points[k].depth > band) mismatch(i, "separated pair with a penetrating contact", m.points[k].depth, 0.0);
    }
}

/* Scaling the scene by 2^-10 or 2^10 scales points and depths exactly and keeps normal and ids. */
static void check_units(stats *st, int i, const random_pair *p, const satcd_manifold *m)
{
    static const int powers[2] = {-10, 10};
    for (int j = 0; j < 2; ++j) {
        int k = powers[j];
        random_pair q;
        if (!random_pair_scaled(p, k, &q)) {
            mismatch(i, "scaled polygon refused", k, 0);
            continue;
        }
        satcd_manifold s = satcd_collide_polygons(&q.a, q.xa, &q.b, q.xb, 0.0f);
        bool same = s.count == m->count && (m->count == 0 || (s.normal.x == m->normal.x && s.normal.y == m->normal.y));
        for (int c = 0; same && c < m->count; ++c) {
            const satcd_contact *x = &m->points[c], *y = &s.points[c];
            same = y->id == x->id && y->depth == ldexpf(x->depth, k) && y->point.x == ldexpf(x->point.x, k) &&
                   y->point.y == ldexpf(x->point.y, k);
        }
        if (!same) mismatch(i, "scaling by a power of two changes the manifold (k, count)", k, s.count);
        else st->units_exact++;
    }
}

static void random_manifolds(void **state)
{
    (void)state;
    GEOSContextHandle_t h = geos_context();
    stats st = {0};
    failures = 0;
    int pairs = workload_cases(PAIRS);
    random_pair_sequence sequence = random_pair_sequence_seeded(SEED, pairs);
    for (random_pair_case c; random_pair_next(&sequence, &c);) {
        int i = c.index;
        const random_pair *p = &c.pair;
        const truth_polygon *wa = &c.world_a, *wb = &c.world_b;
        satcd_manifold m = satcd_collide_polygons(&p->a, p->xa, &p->b, p->xb, 0.0f);
        st.with_contacts += check_contacts(&st, i, p, &m, wa, wb, c.band, c.scale);
        for (int k = 0; k < m.count; ++k) {
            if (m.points[k].depth < 0.0f) mismatch(i, "margin 0 gave a separated contact", m.points[k].depth, 0.0);
        }
        check_units(&st, i, p, &m);
        float sep = satcd_separation_polygons(&p->a, p->xa, &p->b, p->xb);
        if (sep < 0.0f) check_overlap(&st, i, p, &m, h, wa, wb, c.band, c.scale);
        check_margin(&st, i, p, sep, wa, wb, c.band, c.scale);
    }
    GEOS_finish_r(h);
    printf("pairs %d: with contacts %d, contacts %d, overlapping %d; band %.0e x scale\n", pairs, st.with_contacts,
           st.contacts, st.overlapping, FLOAT_BAND_REL);
    printf("worst: point to incident boundary %.3g x scale, depth error %.3g x scale, depth - MTV depth %.3g\n",
           st.worst_boundary, st.worst_depth_err, st.worst_over_mtv);
    printf("shallow points %d, worst distance to the GEOS overlap region %.3g x scale; "
           "beyond the band %d (worst distance / depth %.3g), of which the incident polygon is thinner than the "
           "depth there %d\n",
           st.shallow_points, st.worst_region, st.off_region, st.worst_region_ratio, st.thin);
    printf("margin 0.05: pairs apart by less %d, of which without contacts %d\n", st.margin_pairs, st.margin_empty);
    printf("units: scaled by 2^-10 and 2^10, bit-identical manifolds %d of %d\n", st.units_exact, 2 * pairs);
    assert_int_equal(failures, 0);
    assert_true(st.shallow_points > pairs / 10 && st.margin_pairs > pairs / 20);
}

/* The two ids of a two-point manifold, in a fixed order. */
static void sorted_ids(const satcd_manifold *m, uint32_t ids[2])
{
    uint32_t x = m->points[0].id, y = m->points[1].id;
    ids[0] = x < y ? x : y;
    ids[1] = x < y ? y : x;
}

/*
 * Box B (half extents 0.5) resting on box A (half extents 1 x 0.5) with
 * penetration 0.005, B's centre at x = cx; each frame B's x, y and angle
 * get uniform noise of `jitter` (x only when jitter_x). Every frame must
 * keep A's top face as reference, two contacts and the ids of frame 0.
 * Returns the number of frames that broke one of these.
 */
static int resting_frames(float cx, float jitter, bool jitter_x, uint64_t seed)
{
    satcd_polygon a = satcd_polygon_box(1.0f, 0.5f), b = satcd_polygon_box(0.5f, 0.5f);
    satcd_xf xa = satcd_xf_identity();
    random_source rng = random_source_seeded(seed);
    uint32_t first[2] = {0u, 0u};
    int broken = 0;
    for (int frame = 0; frame < 1000; ++frame) {
        float dx = jitter_x ? random_float(&rng, -jitter, jitter) : 0.0f;
        float dy = random_float(&rng, -jitter, jitter), da = random_float(&rng, -jitter, jitter);
        satcd_xf xb = satcd_xf_make(satcd_v2(cx + dx, 0.995f + dy), da);
        satcd_manifold m = satcd_collide_polygons(&a, xa, &b, xb, 0.0f);
        bool ok = m.count == 2 && fabsf(m.normal.x) <= 1e-5f && fabsf(m.normal.y - 1.0f) <= 1e-5f;
        uint32_t ids[2] = {0u, 0u};
        if (m.count == 2) sorted_ids(&m, ids);
        if (frame == 0) first[0] = ids[0], first[1] = ids[1];
        ok = ok && ids[0] == first[0] && ids[1] == first[1];
        for (int k = 0; ok && k < 2; ++k) {
            ok = (m.points[k].id & SATCD_ID_REFERENCE_IS_B) == 0 && fabsf(m.points[k].depth - 0.005f) <= 2e-6f;
        }
        if (!ok && broken++ < 3)
            printf("  frame %d (cx %.9g): count %d normal (%.9g, %.9g) ids %#x %#x\n", frame, cx, m.count, m.normal.x,
                   m.normal.y, ids[0], ids[1]);
    }
    return broken;
}

static void resting_box_keeps_ids(void **state)
{
    (void)state;
    assert_int_equal(resting_frames(0.0f, 1e-6f, true, 11u), 0);
    assert_int_equal(resting_frames(0.3f, 1e-6f, true, 12u), 0);
}

/* B's right (or left) edge within rounding of A's side plane at x = +-1: the clipped corner keeps its id. */
static void corner_on_side_plane_keeps_ids(void **state)
{
    (void)state;
    const float offsets[3] = {-1e-7f, 0.0f, 1e-7f};
    int broken = 0;
    for (int k = 0; k < 3; ++k) {
        for (int side = -1; side <= 1; side += 2) {
            float cx = (float)side * (0.5f + offsets[k]); /* B's outer edge at x = side * (1 + offset) */
            broken += resting_frames(cx, 1e-6f, false, 20u + (uint64_t)k);
            broken += resting_frames(cx, 1e-6f, true, 30u + (uint64_t)k);
        }
    }
    assert_int_equal(broken, 0);
}

typedef struct swap_stats {
    int checked, ties, points, band_edge, unclear_face, unclear_incident, edge_points;
    double worst_point, worst_angle;
} swap_stats;

/* Second-best minus best of a polygon's face gaps (how clearly one face wins). */
static double face_margin(const truth_polygon *ref, const truth_polygon *other)
{
    double best = -1e300, second = -1e300;
    for (int i = 0; i < ref->n; ++i) {
        double g = truth_face_gap(ref, i, other);
        if (g > best) second = best, best = g;
        else if (g > second) second = g;
    }
    return best - second;
}

/* How clearly one incident edge is the most opposed to the unit normal (nx, ny). */
static double incident_margin(const truth_polygon *inc, double nx, double ny)
{
    double best = 1e300, second = 1e300;
    for (int i = 0; i < inc->n; ++i) {
        double d = inc->nx[i] * nx + inc->ny[i] * ny;
        if (d < best) second = best, best = d;
        else if (d < second) second = d;
    }
    return second - best;
}

static bool check_swapped_manifold(swap_stats *st, int i, const random_pair *p, const truth_polygon *wa, const truth_polygon *wb,
                                   double band, float margin);

/* Largest absolute world coordinate of a polygon. */
static double world_magnitude(const truth_polygon *p)
{
    double m = 0.0;
    for (int i = 0; i < p->n; ++i) m = fmax(m, fmax(fabs(p->x[i]), fabs(p->y[i])));
    return m;
}

/* collide(A, B) is empty but collide(B, A) is not: only contacts exactly at the margin may do that. */
static bool check_swapped_manifold_reverse(swap_stats *st, int i, const random_pair *p, const truth_polygon *wa,
                                           const truth_polygon *wb, double band, float margin)
{
    random_pair q = *p;
    q.a = p->b, q.xa = p->xb, q.b = p->a, q.xb = p->xa;
    return check_swapped_manifold(st, i, &q, wb, wa, band, margin);
}

/* Where the choice of faces is clear, collide(B, A) is collide(A, B) seen from the other side. */
static bool check_swapped_manifold(swap_stats *st, int i, const random_pair *p, const truth_polygon *wa, const truth_polygon *wb,
                                   double band, float margin)
{
    satcd_manifold m = satcd_collide_polygons(&p->a, p->xa, &p->b, p->xb, margin);
    satcd_manifold s = satcd_collide_polygons(&p->b, p->xb, &p->a, p->xa, margin);
    if (m.count == 0 && s.count == 0) return true;
    if (m.count == 0) return check_swapped_manifold_reverse(st, i, p, wa, wb, band, margin);
    truth_sat t = truth_sat_pair(wa, wb);
    /* The two orders may choose differently only where the faces differ by the band's width. */
    if (fabs(fabs(t.sep_a - t.sep_b) - bias_of(p)) <= band) return st->band_edge++, true;
    st->ties += fabs(t.sep_a - t.sep_b) < bias_of(p);
    const truth_polygon *ref, *inc;
    faces_of(m.points[0].id, wa, wb, &ref, &inc);
    if (face_margin(ref, inc) <= band) return st->unclear_face++, true;
    int e = SATCD_ID_REFERENCE_EDGE(m.points[0].id);
    if (incident_margin(inc, ref->nx[e], ref->ny[e]) <= 1e-5) return st->unclear_incident++, true;
    st->checked++;
    /* The two orders place the points in world coordinates from different frames: a rounding of each. */
    double world = 4.0 * FLT_EPSILON * fmax(world_magnitude(wa), world_magnitude(wb));
    double angle = s.count > 0 ? truth_angle(-s.normal.x, -s.normal.y, m.normal.x, m.normal.y) : 0.0;
    st->worst_angle = fmax(st->worst_angle, angle);
    bool ok = angle <= 1e-5;
    for (int k = 0; k < m.count; ++k) {
        int match = -1;
        for (int j = 0; j < s.count; ++j) {
            if (s.points[j].id == satcd_contact_id_swapped(m.points[k].id)) match = j;
        }
        if (match < 0) {
            /* A contact exactly at the margin may be kept on one side only. */
            bool at_edge = fabs(m.points[k].depth + margin) <= band;
            st->edge_points += at_edge;
            ok = ok && at_edge;
            continue;
        }
        double d = hypot(s.points[match].point.x - m.points[k].point.x, s.points[match].point.y - m.points[k].point.y);
        st->worst_point = fmax(st->worst_point, d);
        ok = ok && d <= band + world && fabs(s.points[match].depth - m.points[k].depth) <= band;
        st->points++;
    }
    if (s.count > m.count) ok = false; /* every contact of the swapped manifold must have matched one */
    if (!ok) mismatch(i, "swapped manifold differs (counts)", s.count, m.count);
    return ok;
}

/*
 * A box resting flat on another box (equal to it a third of the time), up
 * to 0.01 deep, anywhere along its top face, the two turned and moved as a
 * whole: their two best faces tie. Which one is A is random.
 */
static void resting_pair(random_source *r, random_pair *out)
{
    float w1 = random_float(r, 0.3f, 3.0f);
    float h1 = random_float(r, 0.3f, 1.0f);
    bool equal = random_int(r, 0, 2) == 0;
    float w2 = equal ? w1 : random_float(r, 0.2f, 1.0f);
    float h2 = equal ? h1 : random_float(r, 0.2f, 1.0f);
    float along = random_float(r, -1.0f, 1.0f) * w1;
    float depth = random_float(r, 0.0f, 0.01f);
    satcd_xf ground = random_transform(r, 100.0f);
    satcd_xf top = ground;
    top.p = satcd_xf_point(ground, satcd_v2(along, h1 + h2 - depth));
    bool swap = random_int(r, 0, 1) == 1;
    satcd_polygon g = satcd_polygon_box(w1, h1), b = satcd_polygon_box(w2, h2);
    out->a = swap ? b : g;
    out->b = swap ? g : b;
    out->xa = swap ? top : ground;
    out->xb = swap ? ground : top;
    out->kind = PAIR_NEAR;
    out->parallel = true;
}

static void swapped_manifolds(void **state)
{
    (void)state;
    swap_stats st = {0};
    failures = 0;
    int pairs = workload_cases(PAIRS);
    random_pair_sequence sequence = random_pair_sequence_seeded(SEED + 1u, pairs);
    for (random_pair_case c; random_pair_next(&sequence, &c);) {
        float margin = (c.index & 1) ? 0.05f : 0.0f;
        check_swapped_manifold(&st, c.index, &c.pair, &c.world_a, &c.world_b, c.band, margin);
    }
    random_source resting = random_source_seeded(SEED + 2u);
    for (int i = 0; i < pairs / 2; ++i) {
        random_pair p;
        resting_pair(&resting, &p);
        truth_polygon wa, wb;
        truth_world(&p.a, p.xa, &wa);
        truth_world(&p.b, p.xb, &wb);
        double band = FLOAT_BAND_REL * truth_scale(&wa, &wb);
        check_swapped_manifold(&st, pairs + i, &p, &wa, &wb, band, (i & 1) ? 0.05f : 0.0f);
    }
    printf("swap: checked %d pairs, %d of them ties (|sepA - sepB| < bias); %d contacts matched by id, %d at the "
           "margin kept on one side; skipped: |sepA - sepB| within the float band of the bias %d, two faces of the "
           "reference polygon within the band %d, two incident edges within 1e-5 %d\n",
           st.checked, st.ties, st.points, st.edge_points, st.band_edge, st.unclear_face, st.unclear_incident);
    printf("swap: worst point distance %.3g, worst normal angle %.3g rad\n", st.worst_point, st.worst_angle);
    assert_int_equal(failures, 0);
    assert_true(st.checked > pairs * 3 / 10 && st.ties > pairs / 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_manifolds),
        cmocka_unit_test(resting_box_keeps_ids),
        cmocka_unit_test(corner_on_side_plane_keeps_ids),
        cmocka_unit_test(swapped_manifolds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
