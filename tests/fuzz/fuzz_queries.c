/*
 * libFuzzer target for every pair query, on polygons and circles built from
 * the fuzz bytes and placed by fuzzed transforms (|p| <= 1e6, rotation
 * normalised).
 *
 * Invariants (abort on violation): every output finite; overlap ==
 * (separation < 0) == mtv.hit, also through the axis cache (even a cache
 * filled with garbage); relation == satcd_relation_of(signed distance); MTV
 * depth == -separation with a unit normal whose push separates the pair;
 * manifold non-empty when overlapping, empty beyond the margin, also
 * through the manifold cache (fresh: the uncached manifold; filled with
 * garbage: the same invariants); the trace
 * equal to the fast queries; separation and distance within a
 * coordinate-scaled bound of a double-precision reference, separation also
 * of the swapped pair; sweeps (polygon, polygon-circle and circle pairs)
 * touching at the time of impact, a hit at 0 when overlapping beyond
 * rounding and apart at the end when missed from a touching start; ray hits
 * on the boundary of polygons and circles; bounding boxes holding every
 * vertex. With bit 2 of the kinds byte set, the batch calls first on
 * fuzzed index pairs (batch_queries). The bytes left over make a pair
 * of generic shapes (satcd_shape) of any kind, invalid ones and type
 * values that are no kind included: invalid pairs give every empty answer,
 * valid ones finite and mutually consistent answers, and pairs of
 * different kinds in either order mirror each other exactly, and the
 * generic batch gives the generic calls' bits (generic_batch); a compound
 * of the two (compound_pair) then meets shape b.
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A shape from the fuzz data: a polygon (hull of fuzzed points) or a circle. */
typedef struct fuzz_shape {
    bool is_circle;
    satcd_polygon poly;
    satcd_circle circle;
    satcd_xf xf;
    double extent; /* largest local coordinate magnitude (circle: |centre| + radius) */
} fuzz_shape;

static void make_polygon(fuzz_bytes *in, fuzz_shape *s)
{
    satcd_vec2 pts[SATCD_MAX_POLYGON_VERTICES];
    int n = 3 + fuzz_u8(in) % (SATCD_MAX_POLYGON_VERTICES - 2);
    for (int i = 0; i < n; ++i) pts[i] = fuzz_point(in);
    if (satcd_polygon_hull(&s->poly, pts, n) != SATCD_OK) {
        /* A refused cloud still gives a pair to test: a regular polygon. */
        float r = fabsf(fuzz_coord(in));
        if (satcd_polygon_regular(&s->poly, 3 + n % 14, r) != SATCD_OK) s->poly = satcd_polygon_box(1.0f, 0.5f);
    }
    s->extent = fuzz_polygon_max_abs(&s->poly);
}

static void make_circle(fuzz_bytes *in, fuzz_shape *s)
{
    satcd_vec2 c = fuzz_point(in);
    float r = fabsf(fuzz_coord(in));
    if (satcd_circle_make(&s->circle, c, r) != SATCD_OK) satcd_circle_make(&s->circle, satcd_v2(0.0f, 0.0f), 1.0f);
    s->extent = fmax(fabs((double)s->circle.center.x), fabs((double)s->circle.center.y)) + s->circle.radius;
}

/* A finite transform: |p| <= 1e6 per component, (c, s) normalised in double. */
static satcd_xf make_xf(fuzz_bytes *in)
{
    satcd_xf xf = satcd_xf_identity();
    satcd_vec2 p = fuzz_point(in);
    if (satcd_vec2_is_finite(p) && fabsf(p.x) <= 1e6f && fabsf(p.y) <= 1e6f) xf.p = p;
    double c = fuzz_raw_float(in), s = fuzz_raw_float(in);
    double len = hypot(c, s);
    if (isfinite(len) && len > 1e-30) xf.q = (satcd_rot){(float)(c / len), (float)(s / len)};
    return xf;
}

static void make_shape(fuzz_bytes *in, fuzz_shape *s, bool circle)
{
    memset(s, 0, sizeof *s);
    s->is_circle = circle;
    if (circle) make_circle(in, s);
    else make_polygon(in, s);
    s->xf = make_xf(in);
}

/* A polygon in world space, in double (the float inputs taken as exact). */
typedef struct world_polygon {
    int count;
    double x[SATCD_MAX_POLYGON_VERTICES], y[SATCD_MAX_POLYGON_VERTICES];
    double nx[SATCD_MAX_POLYGON_VERTICES], ny[SATCD_MAX_POLYGON_VERTICES]; /* exact outward unit normals */
} world_polygon;

/*
 * Coordinates are relative to `origin` (A's position: float minus float is
 * exact in double), so a shape 1e-17 across at 1 keeps its digits. Normals
 * come from the local edges (exact differences of floats), then are
 * rotated: a tiny polygon far from the origin would lose its edges to
 * rounding if they were taken from world vertices, even in double.
 */
static void to_world(const fuzz_shape *s, satcd_vec2 origin, world_polygon *w)
{
    const satcd_polygon *p = &s->poly;
    double c = s->xf.q.c, sn = s->xf.q.s;
    w->count = p->count;
    for (int i = 0; i < p->count; ++i) {
        int j = (i + 1) % p->count;
        satcd_vec2 vi = satcd_polygon_vertex(p, i), vj = satcd_polygon_vertex(p, j);
        w->x[i] = c * vi.x - sn * vi.y + ((double)s->xf.p.x - origin.x);
        w->y[i] = sn * vi.x + c * vi.y + ((double)s->xf.p.y - origin.y);
        double ex = (double)vj.x - vi.x, ey = (double)vj.y - vi.y, len = hypot(ex, ey);
        double lx = ey / len, ly = -ex / len;
        w->nx[i] = c * lx - sn * ly;
        w->ny[i] = sn * lx + c * ly;
    }
}

/* Largest gap of the points (bx, by) beyond A's edges: the face separation of A against them. */
static double face_gap(const world_polygon *a, const double *bx, const double *by, int nb)
{
    double best = -INFINITY;
    for (int i = 0; i < a->count; ++i) {
        double low = INFINITY;
        for (int k = 0; k < nb; ++k) low = fmin(low, (bx[k] - a->x[i]) * a->nx[i] + (by[k] - a->y[i]) * a->ny[i]);
        best = fmax(best, low);
    }
    return best;
}

/* Signed distance from (px, py) to polygon A (world, double): negative inside. */
static double point_polygon_distance(const world_polygon *a, double px, double py)
{
    double face = face_gap(a, &px, &py, 1);
    if (face <= 0.0) return face;
    double best = INFINITY;
    for (int i = 0; i < a->count; ++i) {
        int j = (i + 1) % a->count;
        double ex = a->x[j] - a->x[i], ey = a->y[j] - a->y[i], len2 = ex * ex + ey * ey;
        double t = len2 > 0.0 ? ((px - a->x[i]) * ex + (py - a->y[i]) * ey) / len2 : 0.0;
        t = fmin(1.0, fmax(0.0, t));
        best = fmin(best, hypot(px - (a->x[i] + t * ex), py - (a->y[i] + t * ey)));
    }
    return best;
}

/*
 * Error allowance of one pair: the queries work in A's frame, where the
 * numbers are as large as both shapes' local coordinates plus the distance
 * between their origins.
 */
static double pair_tolerance(const fuzz_shape *a, const fuzz_shape *b)
{
    double d = hypot((double)b->xf.p.x - a->xf.p.x, (double)b->xf.p.y - a->xf.p.y);
    /* 1e-18: below about 1e-19 a float sum of squares (a length) underflows; see docs/robustness.md. */
    return 64.0 * FLT_EPSILON * (a->extent + b->extent + d) + 1e-18;
}

static void check_unit(satcd_vec2 n)
{
    FUZZ_CHECK(satcd_vec2_is_finite(n));
    FUZZ_CHECK(fabs(hypot(n.x, n.y) - 1.0) < 1e-5);
}

/*
 * A manifold's shape. `slack`: how far within rounding of touching a
 * polygon pair may overlap and still clip to nothing (satcd/manifold.h).
 */
static void check_manifold(const satcd_manifold *m, float separation, float margin, bool polygons, double slack)
{
    FUZZ_CHECK(m->count >= 0 && m->count <= 2);
    if (separation < -slack) FUZZ_CHECK(m->count >= 1);
    if (separation > margin) FUZZ_CHECK(m->count == 0);
    if (!polygons && separation <= margin) FUZZ_CHECK(m->count == 1);
    if (m->count > 0) check_unit(m->normal);
    for (int i = 0; i < m->count; ++i) {
        FUZZ_CHECK(satcd_vec2_is_finite(m->points[i].point));
        FUZZ_CHECK(isfinite(m->points[i].depth));
        /* Every contact is within the margin, the overlapping fallback's too (its depth is 0 or more). */
        FUZZ_CHECK(-m->points[i].depth <= margin);
    }
}

static void check_mtv_shape(const satcd_mtv *m, float separation)
{
    FUZZ_CHECK(m->hit == (separation < 0.0f));
    if (!m->hit) {
        FUZZ_CHECK(m->depth == 0.0f && m->normal.x == 0.0f && m->normal.y == 0.0f && !m->a_in_b && !m->b_in_a);
        return;
    }
    FUZZ_CHECK(m->depth == -separation);
    check_unit(m->normal);
}

static bool same_mtv(satcd_mtv a, satcd_mtv b)
{
    return a.hit == b.hit && a.depth == b.depth && a.normal.x == b.normal.x && a.normal.y == b.normal.y &&
           a.a_in_b == b.a_in_b && a.b_in_a == b.b_in_a;
}

static bool same_manifold(const satcd_manifold *a, const satcd_manifold *b)
{
    if (a->count != b->count) return false;
    if (a->count > 0 && (a->normal.x != b->normal.x || a->normal.y != b->normal.y)) return false;
    for (int i = 0; i < a->count; ++i) {
        if (a->points[i].point.x != b->points[i].point.x || a->points[i].point.y != b->points[i].point.y ||
            a->points[i].depth != b->points[i].depth || a->points[i].id != b->points[i].id)
            return false;
    }
    return true;
}

static void check_aabb(const fuzz_shape *s, double tol)
{
    world_polygon w;
    to_world(s, satcd_v2(0.0f, 0.0f), &w);
    satcd_aabb box = satcd_polygon_aabb(&s->poly, s->xf);
    double slack = tol + 4.0 * FLT_EPSILON * (fabs((double)s->xf.p.x) + fabs((double)s->xf.p.y));
    for (int i = 0; i < w.count; ++i) {
        FUZZ_CHECK(w.x[i] >= box.lower.x - slack && w.x[i] <= box.upper.x + slack);
        FUZZ_CHECK(w.y[i] >= box.lower.y - slack && w.y[i] <= box.upper.y + slack);
    }
}

/* Euclidean distance between two disjoint polygons: the closest vertex-edge pair, either way. */
static double polygon_distance(const world_polygon *a, const world_polygon *b)
{
    double best = INFINITY;
    for (int pass = 0; pass < 2; ++pass) {
        const world_polygon *p = pass ? b : a, *q = pass ? a : b;
        for (int k = 0; k < q->count; ++k) best = fmin(best, point_polygon_distance(p, q->x[k], q->y[k]));
    }
    return best;
}

/* A bounded velocity or ray translation from the fuzz data. */
static satcd_vec2 fuzz_motion(fuzz_bytes *in)
{
    satcd_vec2 v = fuzz_point(in);
    if (!satcd_vec2_is_finite(v) || fabsf(v.x) > 1e6f || fabsf(v.y) > 1e6f) v = satcd_v2(0.0f, 0.0f);
    return v;
}

/* Separation of the reference polygons after moving them by t * va and t * vb, in double. */
static double moved_separation(const world_polygon *wa, const world_polygon *wb, float t, satcd_vec2 va, satcd_vec2 vb)
{
    world_polygon ma = *wa, mb = *wb;
    for (int i = 0; i < ma.count; ++i) ma.x[i] += (double)t * va.x, ma.y[i] += (double)t * va.y;
    for (int i = 0; i < mb.count; ++i) mb.x[i] += (double)t * vb.x, mb.y[i] += (double)t * vb.y;
    return fmax(face_gap(&ma, mb.x, mb.y, mb.count), face_gap(&mb, ma.x, ma.y, ma.count));
}

/* Distance, ray cast and sweep of a polygon pair. */
static void motion_queries(fuzz_bytes *in, const fuzz_shape *a, const fuzz_shape *b, float sep, double tol,
                           const world_polygon *wa, const world_polygon *wb)
{
    const satcd_polygon *pa = &a->poly, *pb = &b->poly;
    satcd_distance d = satcd_distance_polygons(pa, a->xf, pb, b->xf);
    FUZZ_CHECK(isfinite(d.distance) && d.distance >= 0.0f);
    FUZZ_CHECK(satcd_vec2_is_finite(d.point_a) && satcd_vec2_is_finite(d.point_b));
    check_unit(d.normal);
    if (sep <= 0.0f) FUZZ_CHECK(d.distance == 0.0f);
    else FUZZ_CHECK(fabs(d.distance - polygon_distance(wa, wb)) <= tol);

    satcd_vec2 va = fuzz_motion(in), vb = fuzz_motion(in);
    satcd_toi toi = satcd_sweep_polygons(pa, a->xf, va, pb, b->xf, vb);
    FUZZ_CHECK(isfinite(toi.t) && toi.t >= 0.0f && toi.t <= 1.0f);
    /*
     * Overlapping beyond twice the sweep's rounding band (64 eps of the
     * centroid distances, radii and the distance between the placements):
     * a hit at 0. Missed from a start within it: apart at t = 1.
     */
    double band = 64.0 * FLT_EPSILON *
                  (hypot(pa->centroid.x, pa->centroid.y) + pa->radius + hypot(pb->centroid.x, pb->centroid.y) +
                   pb->radius + hypot((double)b->xf.p.x - a->xf.p.x, (double)b->xf.p.y - a->xf.p.y));
    if (sep < -2.0 * band) FUZZ_CHECK(toi.hit && toi.t == 0.0f);
    if (sep <= 0.0f && !toi.hit) FUZZ_CHECK(moved_separation(wa, wb, 1.0f, va, vb) > -tol);
    if (sep <= 0.0f && toi.hit) FUZZ_CHECK(toi.t == 0.0f);
    if (toi.hit) {
        check_unit(toi.normal);
        FUZZ_CHECK(satcd_vec2_is_finite(toi.point));
        /*
         * At the time of impact the pair touches, up to rounding that grows
         * with the motion. Moved in the double reference: a float position
         * far from the origin may not move by as little as the motion (at
         * 25,000 a float is 0.002 apart from the next).
         */
        double slack = tol + 64.0 * FLT_EPSILON * (hypot(va.x, va.y) + hypot(vb.x, vb.y));
        if (toi.t > 0.0f) FUZZ_CHECK(fabs(moved_separation(wa, wb, toi.t, va, vb)) <= slack);
    }

    satcd_ray ray = {satcd_xf_point(a->xf, satcd_v2(pa->centroid.x, pa->centroid.y)), fuzz_motion(in)};
    satcd_ray_hit hit = satcd_raycast_polygon(pb, b->xf, ray);
    if (hit.hit) {
        FUZZ_CHECK(isfinite(hit.fraction) && hit.fraction >= 0.0f && hit.fraction <= 1.0f);
        check_unit(hit.normal);
        FUZZ_CHECK(satcd_vec2_is_finite(hit.point));
        double slack = tol + 64.0 * FLT_EPSILON * (hypot(ray.translation.x, ray.translation.y) +
                                                    fabs((double)ray.origin.x) + fabs((double)ray.origin.y));
        double hx = (double)hit.point.x - a->xf.p.x, hy = (double)hit.point.y - a->xf.p.y;
        FUZZ_CHECK(fabs(point_polygon_distance(wb, hx, hy)) <= slack);
    }
}

/* A pair with a circle B, in double relative to A's position: A a polygon (wa) or a disc (ax, ay, ra). */
typedef struct round_ref {
    const world_polygon *wa;
    double ax, ay, ra;
    double bx, by, rb;
} round_ref;

/* Signed separation of the reference pair with A moved by t * va and B by t * vb. */
static double round_separation(const round_ref *r, double t, satcd_vec2 va, satcd_vec2 vb)
{
    double px = r->bx + t * ((double)vb.x - va.x), py = r->by + t * ((double)vb.y - va.y);
    if (r->wa != NULL) return point_polygon_distance(r->wa, px, py) - r->rb;
    return hypot(px - r->ax, py - r->ay) - r->ra - r->rb;
}

/*
 * Distance, sweep and ray cast of a pair whose B is a circle (A a polygon
 * when pa is set, else the circle ca), against the double reference.
 */
static void round_motion(fuzz_bytes *in, const fuzz_shape *a, const fuzz_shape *b, float sep, double tol,
                         const round_ref *ref)
{
    const satcd_polygon *pa = a->is_circle ? NULL : &a->poly;
    const satcd_circle *ca = &a->circle, *cb = &b->circle;
    satcd_distance d = pa ? satcd_distance_polygon_circle(pa, a->xf, cb, b->xf) : satcd_distance_circles(ca, a->xf, cb, b->xf);
    FUZZ_CHECK(isfinite(d.distance) && d.distance >= 0.0f);
    FUZZ_CHECK(satcd_vec2_is_finite(d.point_a) && satcd_vec2_is_finite(d.point_b));
    check_unit(d.normal);
    if (sep <= 0.0f) FUZZ_CHECK(d.distance == 0.0f);
    else FUZZ_CHECK(fabs(d.distance - round_separation(ref, 0.0, satcd_v2(0, 0), satcd_v2(0, 0))) <= tol);

    satcd_vec2 va = fuzz_motion(in), vb = fuzz_motion(in);
    satcd_toi toi = pa ? satcd_sweep_polygon_circle(pa, a->xf, va, cb, b->xf, vb) : satcd_sweep_circles(ca, a->xf, va, cb, b->xf, vb);
    FUZZ_CHECK(isfinite(toi.t) && toi.t >= 0.0f && toi.t <= 1.0f);
    double size_a = pa ? hypot(pa->centroid.x, pa->centroid.y) + pa->radius : hypot(ca->center.x, ca->center.y) + ca->radius;
    double band = 64.0 * FLT_EPSILON *
                  (size_a + hypot(cb->center.x, cb->center.y) + cb->radius +
                   hypot((double)b->xf.p.x - a->xf.p.x, (double)b->xf.p.y - a->xf.p.y));
    if (sep < -2.0 * band) FUZZ_CHECK(toi.hit && toi.t == 0.0f);
    if (sep <= 0.0f && !toi.hit) FUZZ_CHECK(round_separation(ref, 1.0, va, vb) > -tol);
    if (sep <= 0.0f && toi.hit) FUZZ_CHECK(toi.t == 0.0f);
    if (toi.hit) {
        check_unit(toi.normal);
        FUZZ_CHECK(satcd_vec2_is_finite(toi.point));
        double slack = tol + 64.0 * FLT_EPSILON * (hypot(va.x, va.y) + hypot(vb.x, vb.y));
        if (toi.t > 0.0f) FUZZ_CHECK(fabs(round_separation(ref, toi.t, va, vb)) <= slack);
    }

    /* From A's position toward B's circle: a hit lies on the circle. */
    satcd_ray ray = {a->xf.p, fuzz_motion(in)};
    satcd_ray_hit hit = satcd_raycast_circle(cb, b->xf, ray);
    FUZZ_CHECK(isfinite(hit.fraction) && satcd_vec2_is_finite(hit.point) && satcd_vec2_is_finite(hit.normal));
    if (hit.hit) {
        FUZZ_CHECK(hit.fraction >= 0.0f && hit.fraction <= 1.0f);
        check_unit(hit.normal);
        /* The hit point is a float where it lies: rounded by up to half a step of its coordinates. */
        double slack = tol + 64.0 * FLT_EPSILON * hypot(ray.translation.x, ray.translation.y) +
                       FLT_EPSILON * (fabs(hit.point.x) + fabs(hit.point.y));
        double hx = (double)hit.point.x - a->xf.p.x, hy = (double)hit.point.y - a->xf.p.y;
        FUZZ_CHECK(fabs(hypot(hx - ref->bx, hy - ref->by) - ref->rb) <= slack);
    }
}

/*
 * The manifold cache: empty and with hysteresis 0 it is the uncached
 * query (mm, at this margin); filled with fuzzed bytes (any side, any edge
 * index) and a fuzzed hysteresis, the manifold keeps every invariant, and
 * the cache then names a face of the pair, or is empty when the pair is
 * beyond the margin.
 */
static void manifold_cache_queries(fuzz_bytes *in, const fuzz_shape *a, const fuzz_shape *b, float sep, float margin,
                                   const satcd_manifold *mm)
{
    const satcd_polygon *pa = &a->poly, *pb = &b->poly;
    satcd_manifold_cache cache;
    memset(&cache, 0, sizeof cache);
    satcd_manifold fresh = satcd_collide_polygons_cached(pa, a->xf, pb, b->xf, margin, 0.0f, &cache);
    FUZZ_CHECK(same_manifold(&fresh, mm) && fresh.count == mm->count);
    satcd_manifold_cache junk;
    uint8_t raw[sizeof junk];
    for (size_t i = 0; i < sizeof raw; ++i) raw[i] = fuzz_u8(in);
    memcpy(&junk, raw, sizeof junk);
    float hysteresis = fuzz_coord(in);
    for (int frame = 0; frame < 2; ++frame) {
        satcd_manifold m = satcd_collide_polygons_cached(pa, a->xf, pb, b->xf, margin, hysteresis, &junk);
        check_manifold(&m, sep, margin, true, pair_tolerance(a, b));
        FUZZ_CHECK(m.count == 0 || junk.valid == 1);
        if (junk.valid) FUZZ_CHECK(junk.reference_edge < (junk.reference_is_b ? pb->count : pa->count));
    }
}

static void polygons(fuzz_bytes *in, const fuzz_shape *a, const fuzz_shape *b)
{
    const satcd_polygon *pa = &a->poly, *pb = &b->poly;
    float sep = satcd_separation_polygons(pa, a->xf, pb, b->xf);
    FUZZ_CHECK(isfinite(sep));
    bool overlap = satcd_overlap_polygons(pa, a->xf, pb, b->xf);
    FUZZ_CHECK(overlap == (sep < 0.0f));

    satcd_sat_cache cache = SATCD_SAT_CACHE_INIT;
    FUZZ_CHECK(satcd_overlap_polygons_cached(pa, a->xf, pb, b->xf, &cache) == overlap);
    FUZZ_CHECK(satcd_overlap_polygons_cached(pa, a->xf, pb, b->xf, &cache) == overlap);
    satcd_sat_cache garbage;
    uint8_t raw[sizeof garbage];
    for (size_t i = 0; i < sizeof raw; ++i) raw[i] = fuzz_u8(in);
    memcpy(&garbage, raw, sizeof garbage);
    FUZZ_CHECK(satcd_overlap_polygons_cached(pa, a->xf, pb, b->xf, &garbage) == overlap);

    /* The relation reads the tolerance as a distance: the Euclidean gap replaces a face gap within it. */
    float tolerance = fuzz_coord(in), gap = sep;
    if (sep > 0.0f && sep <= tolerance) gap = satcd_distance_polygons(pa, a->xf, pb, b->xf).distance;
    FUZZ_CHECK(satcd_relate_polygons(pa, a->xf, pb, b->xf, tolerance) == satcd_relation_of(gap, tolerance));

    satcd_mtv mtv = satcd_mtv_polygons(pa, a->xf, pb, b->xf);
    check_mtv_shape(&mtv, sep);

    float margin = fabsf(fuzz_coord(in));
    if (!isfinite(margin)) margin = 0.0f;
    satcd_manifold m0 = satcd_collide_polygons(pa, a->xf, pb, b->xf, 0.0f);
    satcd_manifold mm = satcd_collide_polygons(pa, a->xf, pb, b->xf, margin);
    check_manifold(&m0, sep, 0.0f, true, pair_tolerance(a, b));
    check_manifold(&mm, sep, margin, true, pair_tolerance(a, b));

    satcd_trace trace;
    FUZZ_CHECK(satcd_trace_polygons(pa, a->xf, pb, b->xf, &trace) == SATCD_OK);
    FUZZ_CHECK(trace.separation == sep);
    FUZZ_CHECK(same_mtv(trace.mtv, mtv));
    FUZZ_CHECK(same_manifold(&trace.manifold, &m0));
    FUZZ_CHECK(trace.axis_count == pa->count + pb->count);

    /* Against the double-precision reference, and against the swapped pair. */
    double tol = pair_tolerance(a, b);
    world_polygon wa, wb;
    to_world(a, a->xf.p, &wa);
    to_world(b, a->xf.p, &wb);
    double ref = fmax(face_gap(&wa, wb.x, wb.y, wb.count), face_gap(&wb, wa.x, wa.y, wa.count));
    FUZZ_CHECK(fabs(sep - ref) <= tol);
    float swapped = satcd_separation_polygons(pb, b->xf, pa, a->xf);
    FUZZ_CHECK(fabs((double)sep - swapped) <= tol);
    satcd_mtv back = satcd_mtv_polygons(pb, b->xf, pa, a->xf);
    if (mtv.hit && back.hit) FUZZ_CHECK(fabs((double)mtv.depth - back.depth) <= tol);
    if (fabs(ref) > tol) FUZZ_CHECK(back.hit == mtv.hit);

    /*
     * The MTV's sign: pushing B by a little more than depth along the normal
     * separates the pair. Pushed in the double reference, since a float
     * position may not be able to move by as little as the depth.
     */
    if (mtv.hit) {
        double push = mtv.depth + 4.0 * tol;
        world_polygon moved = wb;
        for (int i = 0; i < moved.count; ++i) moved.x[i] += push * mtv.normal.x, moved.y[i] += push * mtv.normal.y;
        FUZZ_CHECK(fmax(face_gap(&wa, moved.x, moved.y, moved.count), face_gap(&moved, wa.x, wa.y, wa.count)) >= -2.0 * tol);
    }
    check_aabb(a, tol);
    check_aabb(b, tol);
    motion_queries(in, a, b, sep, tol, &wa, &wb);
    manifold_cache_queries(in, a, b, sep, margin, &mm);
}

static void polygon_circle(fuzz_bytes *in, const fuzz_shape *a, const fuzz_shape *b)
{
    const satcd_polygon *pa = &a->poly;
    const satcd_circle *cb = &b->circle;
    float sep = satcd_separation_polygon_circle(pa, a->xf, cb, b->xf);
    FUZZ_CHECK(isfinite(sep));
    float tolerance = fuzz_coord(in);
    FUZZ_CHECK(satcd_relate_polygon_circle(pa, a->xf, cb, b->xf, tolerance) == satcd_relation_of(sep, tolerance));
    satcd_mtv mtv = satcd_mtv_polygon_circle(pa, a->xf, cb, b->xf);
    check_mtv_shape(&mtv, sep);
    float margin = fabsf(fuzz_coord(in));
    if (!isfinite(margin)) margin = 0.0f;
    satcd_manifold m = satcd_collide_polygon_circle(pa, a->xf, cb, b->xf, margin);
    check_manifold(&m, sep, margin, false, 0.0);
    if (m.count == 1) FUZZ_CHECK(m.points[0].depth == -sep);

    world_polygon wa;
    to_world(a, a->xf.p, &wa);
    double c = b->xf.q.c, s = b->xf.q.s;
    double px = c * cb->center.x - s * cb->center.y + ((double)b->xf.p.x - a->xf.p.x);
    double py = s * cb->center.x + c * cb->center.y + ((double)b->xf.p.y - a->xf.p.y);
    double ref = point_polygon_distance(&wa, px, py) - cb->radius;
    FUZZ_CHECK(fabs(sep - ref) <= pair_tolerance(a, b));
    round_ref r = {&wa, 0.0, 0.0, 0.0, px, py, cb->radius};
    round_motion(in, a, b, sep, pair_tolerance(a, b), &r);
}

static void circles(fuzz_bytes *in, const fuzz_shape *a, const fuzz_shape *b)
{
    const satcd_circle *ca = &a->circle, *cb = &b->circle;
    float sep = satcd_separation_circles(ca, a->xf, cb, b->xf);
    FUZZ_CHECK(isfinite(sep));
    float tolerance = fuzz_coord(in);
    FUZZ_CHECK(satcd_relate_circles(ca, a->xf, cb, b->xf, tolerance) == satcd_relation_of(sep, tolerance));
    satcd_mtv mtv = satcd_mtv_circles(ca, a->xf, cb, b->xf);
    check_mtv_shape(&mtv, sep);
    float margin = fabsf(fuzz_coord(in));
    if (!isfinite(margin)) margin = 0.0f;
    satcd_manifold m = satcd_collide_circles(ca, a->xf, cb, b->xf, margin);
    check_manifold(&m, sep, margin, false, 0.0);

    /* Relative to A's position, exactly, as in to_world. */
    double acx = (double)a->xf.q.c * ca->center.x - (double)a->xf.q.s * ca->center.y;
    double acy = (double)a->xf.q.s * ca->center.x + (double)a->xf.q.c * ca->center.y;
    double bcx = (double)b->xf.q.c * cb->center.x - (double)b->xf.q.s * cb->center.y + ((double)b->xf.p.x - a->xf.p.x);
    double bcy = (double)b->xf.q.s * cb->center.x + (double)b->xf.q.c * cb->center.y + ((double)b->xf.p.y - a->xf.p.y);
    double ref = hypot(bcx - acx, bcy - acy) - ca->radius - cb->radius;
    double tol = pair_tolerance(a, b);
    FUZZ_CHECK(fabs(sep - ref) <= tol);
    FUZZ_CHECK(fabs((double)sep - satcd_separation_circles(cb, b->xf, ca, a->xf)) <= tol);
    round_ref r = {NULL, acx, acy, ca->radius, bcx, bcy, cb->radius};
    round_motion(in, a, b, sep, tol, &r);
}

/*
 * Batch mode (bit 2 of the kinds byte): the pair's shapes behind indices
 * 0..127 of the batch arrays (index k: A when k % 3 == 0, B when 1, NULL
 * when 2), a fuzzed count (-8..8) of fuzzed signed pairs. Each result is
 * the empty one for a negative index, else bit for bit the single-pair
 * call's; a count <= 0 writes nothing.
 */
enum { BATCH_SLOTS = 128, BATCH_MAX = 8 };

typedef struct batch_slots {
    const satcd_polygon *polygons[BATCH_SLOTS];
    const satcd_circle *circles[BATCH_SLOTS];
    satcd_xf xfs[BATCH_SLOTS];
} batch_slots;

static void fill_slots(batch_slots *s, const fuzz_shape *a, const fuzz_shape *b)
{
    for (int k = 0; k < BATCH_SLOTS; ++k) {
        const fuzz_shape *shape = k % 3 == 0 ? a : k % 3 == 1 ? b : NULL;
        s->polygons[k] = shape && !shape->is_circle ? &shape->poly : NULL;
        s->circles[k] = shape && shape->is_circle ? &shape->circle : NULL;
        s->xfs[k] = shape ? shape->xf : satcd_xf_identity();
    }
}

static bool all_bytes_are(const void *p, size_t n, uint8_t v)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; ++i)
        if (b[i] != v) return false;
    return true;
}

/* The single-pair manifold the batch of a's and b's kinds gives pair p. */
static satcd_manifold single_manifold(const batch_slots *s, bool a_circle, bool b_circle, satcd_pair p, float margin)
{
    if (p.a < 0 || p.b < 0) {
        satcd_manifold none;
        memset(&none, 0, sizeof none);
        return none;
    }
    if (!a_circle && !b_circle)
        return satcd_collide_polygons(s->polygons[p.a], s->xfs[p.a], s->polygons[p.b], s->xfs[p.b], margin);
    if (!a_circle) return satcd_collide_polygon_circle(s->polygons[p.a], s->xfs[p.a], s->circles[p.b], s->xfs[p.b], margin);
    return satcd_collide_circles(s->circles[p.a], s->xfs[p.a], s->circles[p.b], s->xfs[p.b], margin);
}

static void batch_queries(fuzz_bytes *in, const fuzz_shape *a, const fuzz_shape *b)
{
    batch_slots s;
    fill_slots(&s, a, b);
    int count = (int8_t)fuzz_u8(in) % (BATCH_MAX + 1);
    satcd_pair pairs[BATCH_MAX];
    for (int i = 0; i < BATCH_MAX; ++i) {
        pairs[i].a = (int8_t)fuzz_u8(in);
        pairs[i].b = (int8_t)fuzz_u8(in);
    }
    float margin = fabsf(fuzz_coord(in));
    if (!isfinite(margin)) margin = 0.0f;
    satcd_manifold m[BATCH_MAX];
    bool hit[BATCH_MAX];
    memset(m, 0x5a, sizeof m);
    memset(hit, 0x5a, sizeof hit);
    if (!a->is_circle && !b->is_circle) {
        satcd_batch_collide_polygons(s.polygons, s.xfs, pairs, count, margin, m);
        satcd_batch_overlap_polygons_parallel(s.polygons, s.xfs, pairs, count, hit, NULL);
    } else if (!a->is_circle) {
        satcd_batch_collide_polygon_circle(s.polygons, s.circles, s.xfs, pairs, count, margin, m);
    } else {
        satcd_batch_collide_circles_parallel(s.circles, s.xfs, pairs, count, margin, m, NULL);
    }
    if (count <= 0) {
        FUZZ_CHECK(all_bytes_are(m, sizeof m, 0x5a) && all_bytes_are(hit, sizeof hit, 0x5a));
        return;
    }
    for (int i = 0; i < count; ++i) {
        satcd_manifold one = single_manifold(&s, a->is_circle, b->is_circle, pairs[i], margin);
        FUZZ_CHECK(memcmp(&m[i], &one, sizeof one) == 0);
        if (a->is_circle || b->is_circle) continue;
        satcd_pair p = pairs[i];
        bool overlap = p.a >= 0 && p.b >= 0 &&
                       satcd_overlap_polygons(s.polygons[p.a], s.xfs[p.a], s.polygons[p.b], s.xfs[p.b]);
        FUZZ_CHECK(hit[i] == overlap);
    }
}

/* ---- the generic shape (satcd_shape), built from the bytes after the typed pair's ---- */

/*
 * A generic shape: [kind byte] then its coordinates. kind % 8: 0-2 a valid
 * polygon, capsule or circle (built by the constructors); 3 a type value
 * that is no kind (the byte itself, or minus it); 4 a polygon kind with a
 * NULL pointer; 5 a circle whose radius is not > 0 or NaN; 6 a capsule
 * that is a bare point; 7 a valid capsule that is a segment. Returns
 * whether the shape is valid.
 */
static bool make_generic(fuzz_bytes *in, satcd_shape *s, satcd_polygon *poly)
{
    uint8_t k = fuzz_u8(in);
    fuzz_shape f;
    memset(s, 0, sizeof *s);
    switch (k % 8) {
    case 0:
        make_shape(in, &f, false);
        *poly = f.poly;
        *s = satcd_shape_of_polygon(poly);
        return true;
    case 2:
        make_shape(in, &f, true);
        *s = satcd_shape_of_circle(f.circle);
        return true;
    case 3: s->type = (satcd_shape_type)((k & 0x80) ? -(int)k : (int)k); return false;
    case 4: s->type = SATCD_SHAPE_POLYGON; s->polygon = NULL; return false;
    case 5:
        s->type = SATCD_SHAPE_CIRCLE;
        s->circle.center = fuzz_point(in);
        s->circle.radius = (k & 0x80) ? NAN : -fabsf(fuzz_coord(in));
        return false;
    case 6:
        s->type = SATCD_SHAPE_CAPSULE;
        s->capsule.p1 = s->capsule.p2 = fuzz_point(in);
        return false;
    default: {
        satcd_vec2 p1 = fuzz_point(in), p2 = fuzz_point(in);
        float r = (k % 8) == 7 ? 0.0f : fabsf(fuzz_coord(in));
        if (satcd_capsule_make(&s->capsule, p1, p2, r) != SATCD_OK &&
            satcd_capsule_make(&s->capsule, satcd_v2(-1.0f, 0.0f), satcd_v2(1.0f, 0.5f), r > 0.0f ? 0.5f : 0.0f) != SATCD_OK)
            abort();
        s->type = SATCD_SHAPE_CAPSULE;
        return true;
    }
    }
}

static bool all_zero(const void *p, size_t size)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < size; ++i)
        if (b[i] != 0) return false;
    return true;
}

/* A pair with an invalid shape is absent: every answer empty. */
static void check_generic_absent(const satcd_shape *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb, float margin)
{
    FUZZ_CHECK(!satcd_overlap(a, xa, b, xb));
    FUZZ_CHECK(satcd_relate(a, xa, b, xb, margin) == SATCD_SEPARATED);
    satcd_mtv m = satcd_mtv(a, xa, b, xb);
    FUZZ_CHECK(!m.hit && m.depth == 0.0f && m.normal.x == 0.0f && m.normal.y == 0.0f && !m.a_in_b && !m.b_in_a);
    satcd_manifold c = satcd_collide(a, xa, b, xb, margin);
    FUZZ_CHECK(all_zero(&c, sizeof c));
    satcd_distance d = satcd_distance(a, xa, b, xb);
    FUZZ_CHECK(d.distance == FLT_MAX && d.normal.x == 0.0f && d.point_a.x == 0.0f && d.point_b.y == 0.0f);
    satcd_toi t = satcd_sweep(a, xa, satcd_v2(1.0f, 2.0f), b, xb, satcd_v2(0.0f, 0.0f));
    FUZZ_CHECK(!t.hit && t.t == 0.0f && t.normal.x == 0.0f && t.point.x == 0.0f);
}

/* Finite answers of a valid pair, consistent with each other. */
static void check_generic_valid(const satcd_shape *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb, float margin,
                                satcd_vec2 va, satcd_vec2 vb)
{
    satcd_mtv m = satcd_mtv(a, xa, b, xb);
    FUZZ_CHECK(satcd_overlap(a, xa, b, xb) == m.hit);
    FUZZ_CHECK((satcd_relate(a, xa, b, xb, 0.0f) == SATCD_OVERLAPPING) == m.hit);
    FUZZ_CHECK(isfinite(m.depth) && m.depth >= 0.0f);
    if (m.hit) check_unit(m.normal);
    satcd_manifold c = satcd_collide(a, xa, b, xb, margin);
    FUZZ_CHECK(c.count >= 0 && c.count <= 2);
    if (c.count > 0) check_unit(c.normal);
    for (int i = 0; i < c.count; ++i)
        FUZZ_CHECK(satcd_vec2_is_finite(c.points[i].point) && isfinite(c.points[i].depth) && -c.points[i].depth <= margin);
    satcd_distance d = satcd_distance(a, xa, b, xb);
    FUZZ_CHECK(isfinite(d.distance) && d.distance >= 0.0f && satcd_vec2_is_finite(d.point_a) && satcd_vec2_is_finite(d.point_b));
    if (m.hit) FUZZ_CHECK(d.distance == 0.0f);
    satcd_toi t = satcd_sweep(a, xa, va, b, xb, vb);
    FUZZ_CHECK(isfinite(t.t) && satcd_vec2_is_finite(t.point) && satcd_vec2_is_finite(t.normal));
    if (t.hit) FUZZ_CHECK(t.t >= 0.0f && t.t <= 1.0f);
}

/* Kinds that differ: one typed call answers both orders, so they mirror each other exactly. */
static void check_generic_mirror(const satcd_shape *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb, float margin,
                                 satcd_vec2 va, satcd_vec2 vb)
{
    satcd_mtv m = satcd_mtv(a, xa, b, xb), n = satcd_mtv(b, xb, a, xa);
    FUZZ_CHECK(m.hit == n.hit && m.depth == n.depth && m.normal.x == -n.normal.x && m.normal.y == -n.normal.y);
    FUZZ_CHECK(m.a_in_b == n.b_in_a && m.b_in_a == n.a_in_b);
    satcd_manifold c = satcd_collide(a, xa, b, xb, margin), e = satcd_collide(b, xb, a, xa, margin);
    FUZZ_CHECK(c.count == e.count && c.normal.x == -e.normal.x && c.normal.y == -e.normal.y);
    for (int i = 0; i < c.count; ++i)
        FUZZ_CHECK(c.points[i].point.x == e.points[i].point.x && c.points[i].point.y == e.points[i].point.y &&
                   c.points[i].depth == e.points[i].depth && c.points[i].id == satcd_contact_id_swapped(e.points[i].id));
    satcd_distance d = satcd_distance(a, xa, b, xb), f = satcd_distance(b, xb, a, xa);
    FUZZ_CHECK(d.distance == f.distance && d.point_a.x == f.point_b.x && d.point_b.y == f.point_a.y &&
               d.normal.x == -f.normal.x);
    satcd_toi t = satcd_sweep(a, xa, va, b, xb, vb), u = satcd_sweep(b, xb, vb, a, xa, va);
    FUZZ_CHECK(t.hit == u.hit && t.t == u.t && t.point.x == u.point.x && t.normal.y == -u.normal.y);
}

static void check_generic_shape(const satcd_shape *s, satcd_xf xf, bool valid, satcd_ray ray)
{
    FUZZ_CHECK(satcd_shape_is_valid(s) == valid);
    satcd_aabb box = satcd_shape_aabb(s, xf);
    satcd_ray_hit h = satcd_raycast(s, xf, ray);
    if (!valid) {
        FUZZ_CHECK(!h.hit && h.fraction == 0.0f);
        return;
    }
    FUZZ_CHECK(satcd_vec2_is_finite(box.lower) && satcd_vec2_is_finite(box.upper));
    FUZZ_CHECK(box.lower.x <= box.upper.x && box.lower.y <= box.upper.y);
    if (h.hit) FUZZ_CHECK(h.fraction >= 0.0f && h.fraction <= 1.0f && satcd_vec2_is_finite(h.point));
}

/*
 * A compound of the two generic shapes (placed by fuzzed local transforms,
 * or none) with a fuzzed count (1, 2, 0 or less, or past the maximum),
 * against shape b: an invalid compound is absent; a valid one answers
 * finite, consistent answers, contact ids name existing pieces, and its
 * MTV push leaves every usable piece at most a rounding depth into b
 * (checked for bodies up to 1e4 across).
 */
static void compound_pair(fuzz_bytes *in, const satcd_shape *a, const satcd_shape *b, satcd_xf xa, satcd_xf xb)
{
    satcd_shape pieces[2] = {*a, *b};
    satcd_xf locals[2];
    locals[0] = make_xf(in);
    locals[1] = make_xf(in);
    uint8_t k = fuzz_u8(in);
    int count = k % 4 == 3 ? ((k & 0x80) ? -(int)(k >> 3) : SATCD_COMPOUND_MAX_PIECES + 1) : 1 + k % 2;
    satcd_compound c = {pieces, (k & 0x40) ? NULL : locals, count};
    bool valid = count >= 1 && count <= 2;
    FUZZ_CHECK(satcd_compound_is_valid(&c) == valid);
    satcd_mtv m = satcd_mtv_compound(&c, xa, b, xb);
    FUZZ_CHECK(satcd_overlap_compound(&c, xa, b, xb) == m.hit);
    FUZZ_CHECK(isfinite(m.depth) && satcd_vec2_is_finite(m.normal) && !m.a_in_b && !m.b_in_a);
    satcd_manifold out[2];
    int n = satcd_collide_compound(&c, xa, b, xb, 0.0f, out, 2);
    satcd_distance d = satcd_distance_compound(&c, xa, b, xb);
    if (!valid) {
        FUZZ_CHECK(!m.hit && m.depth == 0.0f && n == 0 && d.distance == FLT_MAX);
        return;
    }
    FUZZ_CHECK(n >= 0 && n <= 2 && (d.distance == FLT_MAX || (isfinite(d.distance) && d.distance >= 0.0f)));
    for (int i = 0; i < n && i < 2; ++i)
        for (int j = 0; j < out[i].count; ++j)
            FUZZ_CHECK(SATCD_COMPOUND_ID_PIECE_A(out[i].points[j].id) < count && SATCD_COMPOUND_ID_PIECE_B(out[i].points[j].id) == 0);
    if (!m.hit) return;
    FUZZ_CHECK(m.depth > 0.0f);
    check_unit(m.normal);
    FUZZ_CHECK(d.distance == 0.0f);
    satcd_aabb ba = satcd_compound_aabb(&c, xa), bb = satcd_shape_aabb(b, xb);
    double size = (double)ba.upper.x - ba.lower.x + ((double)ba.upper.y - ba.lower.y) + ((double)bb.upper.x - bb.lower.x) +
                  ((double)bb.upper.y - bb.lower.y) + fabs((double)xb.p.x - xa.p.x) + fabs((double)xb.p.y - xa.p.y);
    /* The push is checked with the float pair queries, whose own rounding dominates at larger scales. */
    if (!(size < 1e4)) return;
    double reach = fmax(fmax(fabs((double)ba.lower.x), fabs((double)ba.upper.x)), fmax(fabs((double)ba.lower.y), fabs((double)ba.upper.y)));
    reach = fmax(reach, fmax(fmax(fabs((double)bb.lower.x), fabs((double)bb.upper.x)), fmax(fabs((double)bb.lower.y), fabs((double)bb.upper.y))));
    satcd_xf pushed = xb;
    pushed.p = satcd_mul_add(xb.p, m.depth, m.normal);
    for (int i = 0; i < count; ++i) {
        satcd_xf l = c.locals ? c.locals[i] : satcd_xf_identity(), w;
        w.p = satcd_xf_point(xa, l.p);
        w.q = satcd_rot_mul(xa.q, l.q);
        satcd_mtv left = satcd_mtv(&pieces[i], w, b, pushed);
        /*
         * Moving B rounds its position, and its features placed there, to
         * the float grid of their coordinates (a circle whose centre lies at
         * 1e11 cannot move by 3.5). Placing the piece in the world for this
         * float check rounds at the size of its local offset and local
         * coordinates (a segment 5e4 from its piece frame's origin, carried
         * back to the origin by the local transform, is placed within 4e-3
         * here, where the compound, placing it in double, is exact). 1e-18:
         * the floor below which the float pair queries lose lengths
         * (pair_tolerance).
         */
        satcd_aabb own = satcd_shape_aabb(&pieces[i], satcd_xf_identity());
        double local = fabs((double)l.p.x) + fabs((double)l.p.y) +
                       fmax(fmax(fabs((double)own.lower.x), fabs((double)own.upper.x)),
                            fmax(fabs((double)own.lower.y), fabs((double)own.upper.y)));
        double moved = 4.0 * FLT_EPSILON * (fabs((double)pushed.p.x) + fabs((double)pushed.p.y) + 2.0 * reach + 2.0 * local);
        FUZZ_CHECK(!left.hit || left.depth <= 1e-4 * size + moved + 1e-18);
    }
}

/*
 * The generic batch on shapes a (index 0), b (1) and a NULL entry (2):
 * every pair, both orders and a negative index, bit for bit the generic
 * call's (the empty manifold and false for the negative index).
 */
static void generic_batch(const satcd_shape *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb, float margin)
{
    const satcd_shape *shapes[3] = {a, b, NULL};
    satcd_xf xfs[3] = {xa, xb, satcd_xf_identity()};
    const satcd_pair pairs[] = {{0, 1}, {1, 0}, {1, 1}, {0, 2}, {2, 1}, {-1, 0}};
    enum { N = sizeof pairs / sizeof pairs[0] };
    satcd_manifold m[N];
    bool hit[N];
    satcd_batch_collide_shapes(shapes, xfs, pairs, N, margin, m);
    satcd_batch_overlap_shapes_parallel(shapes, xfs, pairs, N, hit, NULL);
    for (int i = 0; i < N; ++i) {
        satcd_pair p = pairs[i];
        if (p.a < 0) {
            FUZZ_CHECK(all_zero(&m[i], sizeof m[i]) && !hit[i]);
            continue;
        }
        satcd_manifold one = satcd_collide(shapes[p.a], xfs[p.a], shapes[p.b], xfs[p.b], margin);
        FUZZ_CHECK(memcmp(&m[i], &one, sizeof one) == 0);
        FUZZ_CHECK(hit[i] == satcd_overlap(shapes[p.a], xfs[p.a], shapes[p.b], xfs[p.b]));
    }
}

static void generic_pair(fuzz_bytes *in)
{
    satcd_polygon pa, pb;
    satcd_shape a, b;
    bool va_ok = make_generic(in, &a, &pa), vb_ok = make_generic(in, &b, &pb);
    satcd_xf xa = make_xf(in), xb = make_xf(in);
    float margin = fabsf(fuzz_coord(in));
    if (!isfinite(margin)) margin = 0.0f;
    satcd_vec2 va = fuzz_motion(in), vb = fuzz_motion(in);
    satcd_ray ray = {xa.p, satcd_sub(xb.p, xa.p)};
    check_generic_shape(&a, xa, va_ok, ray);
    check_generic_shape(&b, xb, vb_ok, ray);
    generic_batch(&a, xa, &b, xb, margin);
    if (!va_ok || !vb_ok) {
        check_generic_absent(&a, xa, &b, xb, margin);
        check_generic_absent(&b, xb, &a, xa, margin);
        check_generic_absent(NULL, xa, &b, xb, margin);
        return;
    }
    check_generic_valid(&a, xa, &b, xb, margin, va, vb);
    if (a.type != b.type) check_generic_mirror(&a, xa, &b, xb, margin, va, vb);
    compound_pair(in, &a, &b, xa, xb);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_bytes in;
    fuzz_begin(&in, data, size);
    uint8_t kinds = fuzz_u8(&in);
    fuzz_shape a, b;
    make_shape(&in, &a, (kinds & 1) != 0 && (kinds & 2) != 0);
    make_shape(&in, &b, (kinds & 2) != 0);
    if (kinds & 4) batch_queries(&in, &a, &b);
    if (!a.is_circle && !b.is_circle) polygons(&in, &a, &b);
    else if (!a.is_circle) polygon_circle(&in, &a, &b);
    else circles(&in, &a, &b);
    generic_pair(&in);
    return 0;
}
