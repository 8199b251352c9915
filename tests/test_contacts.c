/*
 * Where contacts lie, checked against double-precision geometry:
 *  - polygon pairs (100,000: random pairs, and pairs placed on purpose with
 *    an edge of B along a face of A, at gaps of exactly 0, within rounding,
 *    and a little apart or overlapping, by transform and from world-space
 *    vertices), at offsets 0, 1e2, 1e4, 1e5 and 1e6 from the origin, with
 *    margin 0 and a positive margin: every contact lies within the side
 *    planes of the reference face the id names, on an incident edge at the
 *    vertex the id names, at the depth the point has below the reference
 *    face; with margin 0 no contact is separated, with a margin none is
 *    farther apart than it; every pair the library calls overlapping, and
 *    the truth by more than the tolerance, has a contact; and an edge along
 *    a face within the margin gives the two ends of the shared segment;
 *  - polygon-circle pairs (100,000, the circle tangent to a face or near a
 *    vertex, same offsets and margins): the point on the circle, the
 *    normal the feature's, the depth the true penetration;
 *  - polygons with two nearly collinear adjacent faces (a vertex 1e-6 to
 *    1e-3 of the radius off the line of its neighbours) pressed into
 *    another polygon at random depths, offsets and turns (half of them
 *    flat against one of the two faces), in both argument orders: the same
 *    placement checks, and every pair that clearly overlaps has a contact;
 *  - the pair that once gave a contact 3 units beyond the reference face.
 * Tolerance: a world coordinate of magnitude M carries rounding of about
 * FLT_EPSILON x M, and the geometry relative to A of size S the float band
 * FLOAT_BAND_REL x S (truth.h); a contact may be off by
 *     tol = 2 FLT_EPSILON M + FLOAT_BAND_REL S.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdio.h>

#include "pairs.h"
#include "truth.h"
#include "workload.h"

#define PAIRS 100000
#define SEED 0xc011ec7u
#define MAX_REPORTS 30
#define MARGIN 0.02f

static const double offsets[5] = {0.0, 1e2, 1e4, 1e5, 1e6};
static int failures;

static void mismatch(int pair, const char *what, double got, double want)
{
    if (failures++ < MAX_REPORTS) printf("  case %d (offset %g, kind %d): %s: got %.9g, want %.9g\n", pair, offsets[pair % 5], (pair / 10) % 5, what, got, want);
}

/* Largest absolute world coordinate of a polygon. */
static double magnitude(const truth_polygon *p)
{
    double m = 0.0;
    for (int i = 0; i < p->n; ++i) m = fmax(m, fmax(fabs(p->x[i]), fabs(p->y[i])));
    return m;
}

static double tolerance_of(const truth_polygon *wa, const truth_polygon *wb)
{
    double m = fmax(magnitude(wa), magnitude(wb));
    return 2.0 * FLT_EPSILON * m + FLOAT_BAND_REL * truth_scale(wa, wb);
}

/* Distance from (x, y) to the segment from vertex i to vertex i + 1 of p. */
static double edge_distance(const truth_polygon *p, int i, double x, double y)
{
    int j = (i + 1) % p->n;
    double ex = p->x[j] - p->x[i], ey = p->y[j] - p->y[i];
    double t = ((x - p->x[i]) * ex + (y - p->y[i]) * ey) / (ex * ex + ey * ey);
    t = fmin(1.0, fmax(0.0, t));
    return hypot(x - (p->x[i] + t * ex), y - (p->y[i] + t * ey));
}

/*
 * Distance from (x, y) to the incident edge: the id names its vertex, and
 * the edge is one of the two that meet there.
 */
static double incident_distance(const truth_polygon *inc, uint32_t id, double x, double y)
{
    int v = SATCD_ID_INCIDENT_VERTEX(id);
    return fmin(edge_distance(inc, v, x, y), edge_distance(inc, (v + inc->n - 1) % inc->n, x, y));
}

typedef struct stats {
    int cases, with_contacts, contacts, overlapping, within_tol_empty, shared_checked, refused;
    double worst_side, worst_edge, worst_depth; /* in units of tol */
    double worst_at[5];                         /* largest of the three, absolute, at each offset */
} stats;

/* One contact of a polygon pair against the reference face and incident edge its id names. */
static void check_polygon_contact(stats *st, int i, const satcd_contact *c, const truth_polygon *wa, const truth_polygon *wb,
                                  float margin, double tol)
{
    bool ref_b = (c->id & SATCD_ID_REFERENCE_IS_B) != 0;
    const truth_polygon *ref = ref_b ? wb : wa, *inc = ref_b ? wa : wb;
    int e = SATCD_ID_REFERENCE_EDGE(c->id), f = (e + 1) % ref->n;
    double tx = -ref->ny[e], ty = ref->nx[e];
    double len = tx * (ref->x[f] - ref->x[e]) + ty * (ref->y[f] - ref->y[e]);
    double s = tx * (c->point.x - ref->x[e]) + ty * (c->point.y - ref->y[e]);
    double side = fmax(0.0, fmax(-s, s - len));
    double edge = incident_distance(inc, c->id, c->point.x, c->point.y);
    double below = -(ref->nx[e] * (c->point.x - ref->x[e]) + ref->ny[e] * (c->point.y - ref->y[e]));
    st->worst_side = fmax(st->worst_side, side / tol);
    st->worst_edge = fmax(st->worst_edge, edge / tol);
    st->worst_depth = fmax(st->worst_depth, fabs(c->depth - below) / tol);
    st->worst_at[i % 5] = fmax(st->worst_at[i % 5], fmax(fmax(side, edge), fabs(c->depth - below)));
    if (side > tol) mismatch(i, "contact outside the reference face's side planes by", side, 0.0);
    if (edge > tol) mismatch(i, "contact off the incident edge by", edge, 0.0);
    if (fabs(c->depth - below) > tol) mismatch(i, "depth is not the distance below the reference face", c->depth, below);
    if (margin == 0.0f && c->depth < 0.0f) mismatch(i, "margin 0 gave a separated contact", c->depth, 0.0);
    if (c->depth < -margin - tol) mismatch(i, "contact farther apart than the margin", c->depth, -margin);
    st->contacts++;
}

/*
 * B's edge along A's face, in A's frame: the shared segment's ends (A's
 * local coordinates) when a margin applies, for the two-contact check.
 */
typedef struct shared {
    bool along;  /* false also when a neighbouring face of A lies within 0.045 rad of this one */
    satcd_vec2 ends[2];
    double gap;  /* B's edge beyond A's face (negative: overlapping) */
    double span; /* signed length of the shared segment (negative: the edges do not overlap) */
} shared;

/* Both ends of the shared segment are contacts (either side may hold the reference). */
static void check_shared(stats *st, int i, const satcd_manifold *m, const shared *sh, satcd_xf xa, float margin,
                         double tol)
{
    if (!sh->along || fabs(sh->gap) + tol > 0.5 * margin) return;
    if (sh->span < 0.05) return;
    st->shared_checked++;
    if (m->count != 2) {
        mismatch(i, "edge along a face within the margin: contacts", m->count, 2);
        return;
    }
    for (int k = 0; k < 2; ++k) {
        satcd_vec2 w = satcd_xf_point(xa, sh->ends[k]);
        double best = 1e300;
        for (int j = 0; j < 2; ++j) best = fmin(best, hypot(m->points[j].point.x - w.x, m->points[j].point.y - w.y));
        if (best > tol + fabs(sh->gap)) mismatch(i, "shared segment end missing: nearest contact at", best, 0.0);
    }
}

static void check_polygon_pair(stats *st, int i, const satcd_polygon *a, satcd_xf xa, const satcd_polygon *b,
                               satcd_xf xb, float margin, const shared *sh, satcd_xf frame)
{
    truth_polygon wa, wb;
    truth_world(a, xa, &wa);
    truth_world(b, xb, &wb);
    double tol = tolerance_of(&wa, &wb);
    satcd_manifold m = satcd_collide_polygons(a, xa, b, xb, margin);
    st->cases++;
    st->with_contacts += m.count > 0;
    if (m.count > 0 && fabs(hypot(m.normal.x, m.normal.y) - 1.0) > 1e-6)
        mismatch(i, "normal not unit", hypot(m.normal.x, m.normal.y), 1.0);
    for (int k = 0; k < m.count; ++k) check_polygon_contact(st, i, &m.points[k], &wa, &wb, margin, tol);
    if (satcd_overlap_polygons(a, xa, b, xb)) {
        /* Overlapping only within the tolerance, a pair may clip to nothing: counted, not required. */
        bool clearly = truth_sat_pair(&wa, &wb).sep < -tol;
        st->overlapping++;
        st->within_tol_empty += !clearly && m.count == 0;
        if (clearly && m.count == 0) mismatch(i, "overlapping pair without a contact", 0, 1);
    }
    check_shared(st, i, &m, sh, frame, margin, tol);
}

/* A random shape of radius about r: a hull, a box or a regular polygon. */
static satcd_polygon some_shape(random_source *r, float radius)
{
    int pick = random_int(r, 0, 5);
    if (pick == 0) {
        float w = radius * random_float(r, 0.3f, 1.0f);
        float h = radius * random_float(r, 0.3f, 1.0f);
        return satcd_polygon_box(w, h);
    }
    if (pick == 1) return regular_polygon(random_int(r, 3, 8), radius);
    return random_convex_polygon(r, SATCD_MAX_POLYGON_VERTICES, radius);
}

/* A transform at distance `offset` from the origin (random direction, jitter, rotation). */
static satcd_xf far_xf(random_source *r, double offset)
{
    float angle = random_float(r, 0.0f, 6.2831853f);
    float jx = random_float(r, -1.0f, 1.0f);
    float jy = random_float(r, -1.0f, 1.0f);
    satcd_vec2 p = satcd_v2((float)(offset * cos(angle)) + jx, (float)(offset * sin(angle)) + jy);
    return random_transform_at(r, p);
}

/* The gap of B's edge beyond A's face: exactly 0, within rounding, or a little either way. */
static float gap_for(random_source *r, float radius)
{
    int pick = random_int(r, 0, 5);
    float tiny = random_float(r, -1e-6f, 1e-6f);
    float small = random_float(r, -1e-2f, 1e-2f);
    if (pick <= 1) return 0.0f;
    if (pick <= 3) return radius * tiny;
    return radius * small;
}

/*
 * B built in A's frame with an edge along A's face e (from t0 to t1 along
 * it, in units of the face's length, possibly past its ends), `gap` beyond
 * it, and one or two more vertices on the far side.
 */
static bool along_face(random_source *r, const satcd_polygon *a, float gap, satcd_polygon *b, shared *sh)
{
    int e = random_int(r, 0, a->count - 1);
    satcd_vec2 p0 = satcd_polygon_vertex(a, e), p1 = satcd_polygon_vertex(a, (e + 1) % a->count);
    satcd_vec2 n = satcd_polygon_normal(a, e), d = satcd_sub(p1, p0);
    float t0 = random_float(r, -0.6f, 1.0f);
    float t1 = t0 + random_float(r, 0.1f, 1.2f);
    float h = random_float(r, 0.2f, 1.5f) * a->radius;
    float u = random_float(r, 0.0f, 1.0f);
    float h2 = random_float(r, 0.2f, 1.5f) * a->radius;
    float u2 = random_float(r, 0.0f, 1.0f);
    int extra = random_int(r, 1, 2);
    satcd_vec2 pts[4];
    pts[0] = satcd_mul_add(satcd_mul_add(p0, t1, d), gap, n);
    pts[1] = satcd_mul_add(satcd_mul_add(p0, t0, d), gap, n);
    pts[2] = satcd_mul_add(satcd_mul_add(p0, t0 + u * (t1 - t0), d), gap + h, n);
    pts[3] = satcd_mul_add(satcd_mul_add(p0, t0 + u2 * (t1 - t0), d), gap + h2, n);
    if (satcd_polygon_hull(b, pts, 2 + extra) != SATCD_OK) return false;
    /* A neighbouring face almost along this one may hold the reference instead (with other ends). */
    satcd_vec2 before = satcd_polygon_normal(a, (e + a->count - 1) % a->count);
    satcd_vec2 after = satcd_polygon_normal(a, (e + 1) % a->count);
    sh->along = satcd_dot(before, n) < 0.999f && satcd_dot(after, n) < 0.999f;
    sh->gap = gap;
    sh->ends[0] = satcd_mul_add(p0, fmaxf(t0, 0.0f), d);
    sh->ends[1] = satcd_mul_add(p0, fminf(t1, 1.0f), d);
    sh->span = (fminf(t1, 1.0f) - fmaxf(t0, 0.0f)) * hypotf(d.x, d.y);
    return true;
}

/* The polygon p placed by xf, rebuilt from its world-space vertices (identity transform), none dropped. */
static bool to_world(const satcd_polygon *p, satcd_xf xf, satcd_polygon *out)
{
    satcd_vec2 pts[SATCD_MAX_POLYGON_VERTICES];
    for (int i = 0; i < p->count; ++i) pts[i] = satcd_xf_point(xf, satcd_polygon_vertex(p, i));
    return satcd_polygon_make(out, pts, p->count) == SATCD_OK && out->count == p->count;
}

static void polygon_case(stats *st, random_source *r, int i)
{
    double offset = offsets[i % 5];
    float margin = (i / 5) % 2 ? MARGIN : 0.0f;
    int kind = (i / 10) % 5; /* 0, 1: random pairs; 2, 3: along a face by transform; 4: from world vertices */
    shared sh = {false, {{0.0f, 0.0f}, {0.0f, 0.0f}}, 0.0, 0.0};
    satcd_xf id = satcd_xf_identity();
    if (kind <= 1) {
        random_pair p;
        random_pair_draw(r, &p);
        satcd_xf shift = far_xf(r, offset);
        p.xa.p = satcd_add(p.xa.p, shift.p);
        p.xb.p = satcd_add(p.xb.p, shift.p);
        check_polygon_pair(st, i, &p.a, p.xa, &p.b, p.xb, margin, &sh, id);
        return;
    }
    float radius = random_float(r, 0.5f, 2.0f);
    satcd_polygon a = some_shape(r, radius), b;
    float gap = gap_for(r, radius);
    satcd_xf xf = far_xf(r, offset);
    if (!along_face(r, &a, gap, &b, &sh)) {
        st->refused++;
        return;
    }
    if (kind <= 3) {
        check_polygon_pair(st, i, &a, xf, &b, xf, margin, &sh, xf);
        return;
    }
    satcd_polygon wa, wb;
    if (!to_world(&a, xf, &wa) || !to_world(&b, xf, &wb)) {
        st->refused++;
        return;
    }
    check_polygon_pair(st, i, &wa, id, &wb, id, margin, &sh, xf);
}

static void polygon_contacts_on_clipped_edges(void **state)
{
    (void)state;
    random_source r = random_source_seeded(SEED);
    stats st = {0};
    failures = 0;
    int cases = workload_cases(PAIRS);
    for (int i = 0; i < cases; ++i) polygon_case(&st, &r, i);
    printf("polygons: %d pairs (%d refused by a constructor), %d with contacts, %d contacts, %d overlapping, "
           "%d edges along a face checked for both shared ends\n",
           st.cases, st.refused, st.with_contacts, st.contacts, st.overlapping, st.shared_checked);
    printf("polygons: overlapping by the library's test, within tol by the truth, and without a contact: %d\n",
           st.within_tol_empty);
    printf("polygons: worst, in units of tol: outside the side planes %.3g, off the incident edge %.3g, "
           "depth error %.3g\n",
           st.worst_side, st.worst_edge, st.worst_depth);
    printf("polygons: worst absolute error (side plane, incident edge or depth) at offsets 0, 1e2, 1e4, 1e5, 1e6: "
           "%.3g %.3g %.3g %.3g %.3g\n",
           st.worst_at[0], st.worst_at[1], st.worst_at[2], st.worst_at[3], st.worst_at[4]);
    assert_int_equal(failures, 0);
    assert_true(st.cases > cases * 9 / 10 && st.shared_checked > cases / 50);
}

/*
 * A with two nearly collinear adjacent faces: a vertex inserted on edge e
 * of a random shape, pushed out by 1e-6 to 1e-3 of the radius from the line
 * of its neighbours. False when the constructor drops it.
 */
static bool with_near_collinear_vertex(random_source *r, satcd_polygon *a, int *e)
{
    satcd_polygon base = some_shape(r, random_float(r, 0.5f, 2.0f));
    if (base.count >= SATCD_MAX_POLYGON_VERTICES) base = satcd_polygon_box(base.radius, 0.5f * base.radius);
    *e = random_int(r, 0, base.count - 1);
    satcd_vec2 pts[SATCD_MAX_POLYGON_VERTICES];
    int n = 0;
    for (int i = 0; i < base.count; ++i) {
        pts[n++] = satcd_polygon_vertex(&base, i);
        if (i != *e) continue;
        satcd_vec2 p0 = pts[n - 1], p1 = satcd_polygon_vertex(&base, (i + 1) % base.count);
        float out = base.radius * powf(10.0f, random_float(r, -6.0f, -3.0f));
        pts[n++] = satcd_mul_add(satcd_mul_add(p0, random_float(r, 0.05f, 0.95f), satcd_sub(p1, p0)), out,
                                 satcd_polygon_normal(&base, i));
    }
    return satcd_polygon_make(a, pts, n) == SATCD_OK && a->count == n;
}

/*
 * B (a shape of its own size, turned at random or with a face flat against
 * A's face e) placed at `depth` below that face, anywhere along it and a
 * little past its ends, in A's frame.
 */
static satcd_xf pressed_into(random_source *r, const satcd_polygon *a, int e, const satcd_polygon *b, float depth)
{
    satcd_vec2 p0 = satcd_polygon_vertex(a, e), p1 = satcd_polygon_vertex(a, (e + 1) % a->count);
    satcd_vec2 n = satcd_polygon_normal(a, e);
    float turn = random_float(r, 0.0f, 6.2831853f);
    if (random_int(r, 0, 1)) {
        int f = random_int(r, 0, b->count - 1);
        satcd_vec2 nb = satcd_polygon_normal(b, f);
        turn = atan2f(-n.y, -n.x) - atan2f(nb.y, nb.x) + random_float(r, -1e-4f, 1e-4f);
    }
    satcd_rot q = satcd_rot_make(turn);
    float low = FLT_MAX;
    for (int i = 0; i < b->count; ++i) low = fminf(low, satcd_dot(n, satcd_rotate(q, satcd_polygon_vertex(b, i))));
    satcd_vec2 on_face = satcd_mul_add(p0, random_float(r, -0.3f, 1.3f), satcd_sub(p1, p0));
    satcd_xf xb = {satcd_mul_add(on_face, -low - depth, n), q};
    return xb;
}

/*
 * The pair with B at `local` in A's frame, A placed at offset i % 5 and
 * margin 0 or MARGIN by i, checked as check_polygon_pair does in both
 * argument orders.
 */
static void check_placed_both_ways(stats *st, random_source *r, int i, const satcd_polygon *a, const satcd_polygon *b,
                                   satcd_xf local)
{
    satcd_xf xa = far_xf(r, offsets[i % 5]);
    satcd_xf xb = {satcd_xf_point(xa, local.p), satcd_rot_mul(xa.q, local.q)};
    float margin = (i / 5) % 2 ? MARGIN : 0.0f;
    shared none = {false, {{0.0f, 0.0f}, {0.0f, 0.0f}}, 0.0, 0.0};
    check_polygon_pair(st, i, a, xa, b, xb, margin, &none, xa);
    check_polygon_pair(st, i, b, xb, a, xa, margin, &none, xb);
}

/* A pair built as above, checked as check_polygon_pair does, in both argument orders, at A's placement xa. */
static void near_collinear_case(stats *st, random_source *r, int i)
{
    satcd_polygon a, b = some_shape(r, random_float(r, 0.2f, 2.0f));
    int e;
    if (!with_near_collinear_vertex(r, &a, &e)) {
        st->refused++;
        return;
    }
    int face = random_int(r, 0, 1) ? e : (e + 1) % a.count; /* either of the two nearly collinear faces */
    float size = fminf(a.radius, b.radius);
    float depth = random_int(r, 0, 3) ? size * powf(10.0f, random_float(r, -5.0f, 0.0f)) : random_float(r, -1e-3f, 1e-3f);
    satcd_xf local = pressed_into(r, &a, face, &b, depth);
    check_placed_both_ways(st, r, i, &a, &b, local);
}

static void near_collinear_faces_keep_a_contact(void **state)
{
    (void)state;
    random_source r = random_source_seeded(SEED + 2u);
    stats st = {0};
    failures = 0;
    int cases = workload_cases(PAIRS);
    for (int i = 0; i < cases; ++i) near_collinear_case(&st, &r, i);
    printf("nearly collinear faces: %d pairs (%d refused by the constructor), %d with contacts, %d overlapping, "
           "%d overlapping within tol and without a contact; worst, in units of tol: outside the side planes %.3g, "
           "off the incident edge %.3g, depth error %.3g\n",
           st.cases, st.refused, st.with_contacts, st.overlapping, st.within_tol_empty, st.worst_side,
           st.worst_edge, st.worst_depth);
    assert_int_equal(failures, 0);
    assert_true(st.cases > cases && st.overlapping > st.cases / 2);
}

/* p scaled by s about its local origin, every vertex kept. */
static bool scaled(const satcd_polygon *p, float s, satcd_polygon *out)
{
    satcd_vec2 pts[SATCD_MAX_POLYGON_VERTICES];
    for (int i = 0; i < p->count; ++i) pts[i] = satcd_scale(s, satcd_polygon_vertex(p, i));
    return satcd_polygon_make(out, pts, p->count) == SATCD_OK && out->count == p->count;
}

/*
 * A, 1e2 to 3e4 across, with two nearly collinear faces; B, 0.1 to 2
 * across, pressed `depth` into one of them beside the vertex where they
 * meet. The face kernels measure a face from its first vertex, so its
 * normal's rounding shifts its line at the far end by the face's length
 * times a float epsilon, more than B's reference band: the face with the
 * best separation can be one whose end B's whole overlap lies past.
 */
static void small_shape_at_corner_case(stats *st, random_source *r, int i)
{
    satcd_polygon unit, a;
    int e;
    if (!with_near_collinear_vertex(r, &unit, &e) || !scaled(&unit, powf(10.0f, random_float(r, 2.0f, 4.5f)), &a)) {
        st->refused++;
        return;
    }
    satcd_polygon b = some_shape(r, powf(10.0f, random_float(r, -1.0f, 0.3f)));
    int face = random_int(r, 0, 1) ? e : (e + 1) % a.count;
    satcd_vec2 corner = satcd_polygon_vertex(&a, (e + 1) % a.count), n = satcd_polygon_normal(&a, face);
    satcd_vec2 along = satcd_left_perp(n);
    satcd_rot q = satcd_rot_make(random_float(r, 0.0f, 6.2831853f));
    float low = FLT_MAX;
    for (int k = 0; k < b.count; ++k) low = fminf(low, satcd_dot(n, satcd_rotate(q, satcd_polygon_vertex(&b, k))));
    float depth = b.radius * powf(10.0f, random_float(r, -3.0f, 0.3f));
    satcd_vec2 at = satcd_mul_add(corner, random_float(r, -3.0f, 3.0f) * b.radius, along);
    satcd_xf local = {satcd_mul_add(at, -low - depth, n), q};
    check_placed_both_ways(st, r, i, &a, &b, local);
}

static void small_shape_at_near_straight_corner_keeps_contacts(void **state)
{
    (void)state;
    random_source r = random_source_seeded(SEED + 3u);
    stats st = {0};
    failures = 0;
    int cases = workload_cases(PAIRS / 4);
    for (int i = 0; i < cases; ++i) small_shape_at_corner_case(&st, &r, i);
    printf("small shape at a near-straight corner: %d pairs (%d refused), %d with contacts, %d overlapping; worst, "
           "in units of tol: outside the side planes %.3g, off the incident edge %.3g, depth error %.3g\n",
           st.cases, st.refused, st.with_contacts, st.overlapping, st.worst_side, st.worst_edge, st.worst_depth);
    assert_int_equal(failures, 0);
    assert_true(st.cases > cases && st.overlapping > st.cases / 2);
}

/*
 * A quad whose edges 0 and 1 (36,000 and 4,460 long) meet at (-0.77, -1.01)
 * turning by 3.5e-4 rad, and a 2 x 1 box over that corner, 1.23 deep. Edge
 * 0 has the best separation, but the box's whole overlap lies past its end,
 * beside edge 1: the contacts are the box's left corners below edge 1, the
 * same in either argument order. The manifold had no contact.
 */
static void box_past_the_end_of_the_best_face(void **state)
{
    (void)state;
    satcd_vec2 v[4] = {{-0x1.8d8cp+14f, -0x1.8d4cccp+14f}, {-0x1.8a8a8ap-1f, -0x1.01f6p+0f},
                       {0x1.8a8a8ap+11f, 0x1.8a8a8ap+11f}, {-0x1.007fp+13f, 0x1.fc063p-128f}};
    satcd_polygon a, b = satcd_polygon_box(1.0f, 0.5f);
    assert_int_equal(satcd_polygon_make(&a, v, 4), SATCD_OK);
    satcd_xf id = satcd_xf_identity();
    /* Depth below edge 1, in double. */
    double ex = (double)v[2].x - v[1].x, ey = (double)v[2].y - v[1].y, len = hypot(ex, ey);
    double nx = ey / len, ny = -ex / len;
    const double want[2][2] = {{-1.0, 0.5}, {-1.0, -0.5}};
    for (int swap = 0; swap < 2; ++swap) {
        satcd_manifold m = swap ? satcd_collide_polygons(&b, id, &a, id, 0.0f) : satcd_collide_polygons(&a, id, &b, id, 0.0f);
        assert_int_equal(m.count, 2);
        double sign = swap ? -1.0 : 1.0;
        assert_true(fabs(m.normal.x - sign * nx) < 1e-6 && fabs(m.normal.y - sign * ny) < 1e-6);
        for (int k = 0; k < 2; ++k) {
            double depth = -(nx * (want[k][0] - v[1].x) + ny * (want[k][1] - v[1].y));
            printf("order %d: contact (%.9g, %.9g) depth %.9g, want depth %.9g\n", swap, m.points[k].point.x,
                   m.points[k].point.y, m.points[k].depth, depth);
            assert_true(m.points[k].point.x == (float)want[k][0] && m.points[k].point.y == (float)want[k][1]);
            assert_true(fabs(m.points[k].depth - depth) <= 1e-5);
        }
    }
}

/*
 * A triangle 1e-13 across, 1.77e-4 deep inside a quad, below the end of
 * the quad's 3-long top face, where it meets a 4-long face turning by
 * 4.4e-5 rad; the triangle lies 1.2e-8 within the top face's end. The face
 * kernels pick the top face; the clipping measures the face from its
 * first vertex, 3 away, so at its end the rounding of its length (2.4e-7)
 * puts the whole triangle past the side plane, and the neighbouring face's side plane cuts it off
 * too. The contact is then the triangle's deeper end moved onto that side
 * plane, at the depth below the top face; with the quad as A, the clipping
 * works in its frame and keeps two of the triangle's vertices. The
 * manifold had no contact.
 */
static void tiny_shape_at_the_end_of_a_long_face(void **state)
{
    (void)state;
    satcd_vec2 tri[3] = {{0.0f, 0.0f}, {0x1.525252p-45f, 0x1.525252p-45f}, {0.0f, 0x1p-44f}};
    satcd_vec2 quad[4] = {{-0x1.000072p+2f, 0.0f}, {0.0f, -4.0f}, {3.0f, 0x1.727272p-13f}, {0x1p-31f, 0x1.727286p-13f}};
    satcd_polygon a, b;
    assert_int_equal(satcd_polygon_make(&a, tri, 3), SATCD_OK);
    assert_int_equal(satcd_polygon_make(&b, quad, 4), SATCD_OK);
    satcd_xf xa = {{0x1.525252p-45f, 0x1.525252p-45f}, {0x1.fefeaap-5f, 0x1.ff00c2p-1f}};
    satcd_xf xb = {{-0x1.a1f8fep-27f, 0.0f}, {1.0f, 0.0f}};
    /* Depth of each triangle vertex below the top face's line, in double; the contact is at the deepest. */
    double fx = (double)quad[3].x - quad[2].x, fy = (double)quad[3].y - quad[2].y, len = hypot(fx, fy);
    double nx = fy / len, ny = -fx / len, deepest = 0.0;
    for (int k = 0; k < 3; ++k) {
        satcd_vec2 w = satcd_xf_point(xa, tri[k]);
        double d = -(nx * ((double)w.x - ((double)quad[2].x + xb.p.x)) + ny * ((double)w.y - quad[2].y));
        deepest = fmax(deepest, d);
    }
    assert_true(satcd_overlap_polygons(&a, xa, &b, xb));
    for (int swap = 0; swap < 2; ++swap) {
        satcd_manifold m = swap ? satcd_collide_polygons(&b, xb, &a, xa, 0.0f) : satcd_collide_polygons(&a, xa, &b, xb, 0.0f);
        printf("order %d: %d contact(s), normal (%.9g, %.9g), point (%.9g, %.9g), depth %.9g, want %.9g\n", swap,
               m.count, m.normal.x, m.normal.y, m.points[0].point.x, m.points[0].point.y, m.points[0].depth, deepest);
        assert_true(m.count >= 1);
        double sign = swap ? 1.0 : -1.0; /* from A to B: into the quad's top face when the triangle is A */
        assert_true(fabs(m.normal.x - sign * nx) < 1e-6 && fabs(m.normal.y - sign * ny) < 1e-6);
        for (int k = 0; k < m.count; ++k) {
            /* The triangle's vertices lie within 1e-13 of one another: each is as deep as the deepest. */
            assert_true(fabs(m.points[k].depth - deepest) <= 4.0 * 4.0 * FLT_EPSILON); /* 4 ulp of the quad's 4 */
            /* On the triangle, give or take the rounding of the face's length (2.4e-7). */
            assert_true(fabs(m.points[k].point.x) <= 1e-6 && fabs(m.points[k].point.y) <= 1e-6);
        }
    }
}

typedef struct disc_stats {
    int cases, contacts, overlapping;
    double worst_circle, worst_depth, worst_normal; /* the first two in units of tol, the last in radians */
} disc_stats;

/* The manifold of polygon a and circle b against the double-precision disc truth. */
static void check_disc_pair(disc_stats *st, int i, const satcd_polygon *a, satcd_xf xa, const satcd_circle *b,
                            satcd_xf xb, float margin)
{
    truth_polygon wa;
    truth_world(a, xa, &wa);
    satcd_vec2 c = satcd_xf_point(xb, b->center);
    double tol = 2.0 * FLT_EPSILON * fmax(magnitude(&wa), fmax(fabs(c.x), fabs(c.y))) +
                 FLOAT_BAND_REL * fmax(1.0, 2.0 * (double)a->radius + (double)b->radius);
    truth_disc t = truth_disc_pair(&wa, c.x, c.y, b->radius);
    satcd_manifold m = satcd_collide_polygon_circle(a, xa, b, xb, margin);
    st->cases++;
    if (t.sep < -tol) st->overlapping++;
    if (t.sep < -tol && m.count == 0) mismatch(i, "overlapping polygon and circle without a contact", t.sep, 0.0);
    if (t.sep > margin + tol && m.count > 0) mismatch(i, "contact beyond the margin", t.sep, margin);
    if (m.count == 0) return;
    const satcd_contact *k = &m.points[0];
    double on = fabs(hypot(k->point.x - c.x, k->point.y - c.y) - b->radius);
    double depth = fabs(k->depth + t.sep);
    double angle = truth_angle(m.normal.x, m.normal.y, t.nx, t.ny);
    st->contacts++;
    st->worst_circle = fmax(st->worst_circle, on / tol);
    st->worst_depth = fmax(st->worst_depth, depth / tol);
    if (on > tol) mismatch(i, "contact off the circle by", on, 0.0);
    if (depth > tol) mismatch(i, "depth is not the true penetration", k->depth, -t.sep);
    if (margin == 0.0f && k->depth < 0.0f) mismatch(i, "margin 0 gave a separated contact", k->depth, 0.0);
    /* The normal is ill-defined only when the centre lies within rounding of the polygon's boundary. */
    if (fabs(t.sep + b->radius) > 1e3 * tol) {
        st->worst_normal = fmax(st->worst_normal, angle);
        if (angle > 1e-3) mismatch(i, "normal differs from the true one (rad)", angle, 0.0);
    }
}

static void disc_case(disc_stats *st, random_source *r, int i)
{
    double offset = offsets[i % 5];
    float margin = (i / 5) % 2 ? MARGIN : 0.0f;
    float radius = random_float(r, 0.5f, 2.0f);
    satcd_polygon a = some_shape(r, radius);
    int e = random_int(r, 0, a.count - 1);
    satcd_vec2 p0 = satcd_polygon_vertex(&a, e), p1 = satcd_polygon_vertex(&a, (e + 1) % a.count);
    float t = random_float(r, -0.3f, 1.3f);
    float cr = random_float(r, 0.05f, 2.0f);
    float gap = gap_for(r, radius);
    satcd_vec2 touch = satcd_mul_add(p0, t, satcd_sub(p1, p0));
    satcd_vec2 centre = satcd_mul_add(touch, cr + gap, satcd_polygon_normal(&a, e));
    satcd_xf xa = far_xf(r, offset);
    satcd_circle b;
    satcd_circle_make(&b, satcd_v2(0.0f, 0.0f), cr);
    satcd_xf xb = random_transform_at(r, satcd_xf_point(xa, centre));
    check_disc_pair(st, i, &a, xa, &b, xb, margin);
}

static void circle_contacts_on_the_circle(void **state)
{
    (void)state;
    random_source r = random_source_seeded(SEED + 1u);
    disc_stats st = {0};
    failures = 0;
    int cases = workload_cases(PAIRS);
    for (int i = 0; i < cases; ++i) disc_case(&st, &r, i);
    printf("polygon-circle: %d pairs, %d contacts, %d overlapping; worst, in units of tol: off the circle %.3g, "
           "depth error %.3g; worst normal angle %.3g rad\n",
           st.cases, st.contacts, st.overlapping, st.worst_circle, st.worst_depth, st.worst_normal);
    assert_int_equal(failures, 0);
    assert_true(st.contacts > cases / 3);
}

/* Two polygons given by world-space vertices, identity transforms. */
static void world_pair(const float *av, int an, const float *bv, int bn, satcd_polygon *a, satcd_polygon *b)
{
    satcd_vec2 pa[SATCD_MAX_POLYGON_VERTICES], pb[SATCD_MAX_POLYGON_VERTICES];
    for (int i = 0; i < an; ++i) pa[i] = satcd_v2(av[2 * i], av[2 * i + 1]);
    for (int i = 0; i < bn; ++i) pb[i] = satcd_v2(bv[2 * i], bv[2 * i + 1]);
    assert_int_equal(satcd_polygon_make(a, pa, an), SATCD_OK);
    assert_int_equal(satcd_polygon_make(b, pb, bn), SATCD_OK);
}

/*
 * A's edge 1 and B's edge 2 lie on one line (the SAT separation is within
 * rounding of 0). The contacts are the ends of the shared segment,
 * (-129.5, -313.25) and (-125.125, -310.75), or points between them: never
 * B's vertex (-122.5, -309.25), 3 units beyond the end of A's face.
 */
static void collinear_edges_give_the_shared_segment(void **state)
{
    (void)state;
    static const float av[] = {-139.25f, -308.375f, -132.125f, -314.75f, -125.125f, -310.75f,
                               -128.5f,  -306.875f, -134.5f,   -304.5f};
    static const float bv[] = {-129.5f, -313.25f, -120.5f, -314.25f, -122.5f, -309.25f};
    satcd_polygon a, b;
    world_pair(av, 5, bv, 3, &a, &b);
    satcd_xf id = satcd_xf_identity();
    const double ax = -129.5, ay = -313.25, bx = -125.125, by = -310.75;
    double len = hypot(bx - ax, by - ay), tol = 1e-4;
    const float margins[2] = {0.0f, 1e-3f};
    for (int k = 0; k < 2; ++k) {
        satcd_manifold m = satcd_collide_polygons(&a, id, &b, id, margins[k]);
        /* The edges touch exactly: with margin 0 rounding decides whether any end counts (manifold.h). */
        if (margins[k] > 0.0f) assert_true(m.count >= 1);
        for (int j = 0; j < m.count; ++j) {
            double px = m.points[j].point.x, py = m.points[j].point.y;
            double s = ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / len;
            double off = fabs((px - ax) * (by - ay) - (py - ay) * (bx - ax)) / len;
            printf("margin %g: contact (%.9g, %.9g) depth %.3g\n", margins[k], px, py, m.points[j].depth);
            assert_true(s >= -tol && s <= len + tol && off <= tol);
            assert_true(fabs(m.points[j].depth) <= 1e-4);
        }
    }
    satcd_manifold m = satcd_collide_polygons(&a, id, &b, id, 1e-3f);
    assert_int_equal(m.count, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(collinear_edges_give_the_shared_segment),
        cmocka_unit_test(polygon_contacts_on_clipped_edges),
        cmocka_unit_test(near_collinear_faces_keep_a_contact),
        cmocka_unit_test(small_shape_at_near_straight_corner_keeps_contacts),
        cmocka_unit_test(box_past_the_end_of_the_best_face),
        cmocka_unit_test(tiny_shape_at_the_end_of_a_long_face),
        cmocka_unit_test(circle_contacts_on_the_circle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
