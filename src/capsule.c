/*
 * Capsules and segments: construction, bounding box, and the relation,
 * MTV, manifold and distance of a capsule against a polygon, a capsule or a
 * circle, read from the pair's cores (capsule_core.c).
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "capsule_internal.h"

satcd_status satcd_capsule_make(satcd_capsule *out, satcd_vec2 p1, satcd_vec2 p2, float radius)
{
    if (out == NULL) return SATCD_ERR_NULL;
    if (!satcd_vec2_is_finite(p1) || !satcd_vec2_is_finite(p2) || !isfinite(radius)) return SATCD_ERR_NOT_FINITE;
    if (radius < 0.0f) return SATCD_ERR_BAD_RADIUS;
    if (fabsf(p1.x) > SATCD_MAX_COORDINATE || fabsf(p1.y) > SATCD_MAX_COORDINATE ||
        fabsf(p2.x) > SATCD_MAX_COORDINATE || fabsf(p2.y) > SATCD_MAX_COORDINATE || radius > SATCD_MAX_COORDINATE)
        return SATCD_ERR_OUT_OF_RANGE;
    if (radius == 0.0f && p1.x == p2.x && p1.y == p2.y) return SATCD_ERR_DEGENERATE;
    out->p1 = p1;
    out->p2 = p2;
    out->radius = radius;
    return SATCD_OK;
}

satcd_aabb satcd_capsule_aabb(const satcd_capsule *c, satcd_xf xf)
{
    satcd_aabb box = {xf.p, xf.p};
    if (c == NULL) return box;
    satcd_vec2 a = satcd_xf_point(xf, c->p1), b = satcd_xf_point(xf, c->p2), r = satcd_v2(c->radius, c->radius);
    box.lower = satcd_sub(satcd_min(a, b), r);
    box.upper = satcd_add(satcd_max(a, b), r);
    return box;
}

static satcd_mtv pair_mtv(const satcd__core *a, const satcd__core *b, satcd_xf frame)
{
    satcd_mtv m;
    memset(&m, 0, sizeof m);
    satcd__round_pair r;
    if (satcd__cores_beyond(a, b, 0.0f) || !satcd__round_solve_within(a, b, 0.0f, &r)) return m;
    if (!(r.separation < 0.0f)) return m;
    m.hit = true;
    m.normal = satcd_rotate(frame.q, r.normal);
    m.depth = -r.separation;
    m.a_in_b = satcd__contains(b, a);
    m.b_in_a = satcd__contains(a, b);
    return m;
}

static satcd_distance pair_distance(const satcd__core *a, const satcd__core *b, satcd_xf frame)
{
    satcd__round_pair r = satcd__round_solve(a, b);
    if (r.separation > 0.0f) {
        satcd_vec2 pa = satcd_mul_add(r.pa, a->radius, r.normal), pb = satcd_mul_add(r.pb, -b->radius, r.normal);
        return satcd__placed_distance(r.separation, pa, pb, r.normal, frame);
    }
    int end;
    satcd_vec2 pb = satcd_mul_add(r.apart ? r.pb : satcd__round_deepest_b(b, r.normal, &end), -b->radius, r.normal);
    return satcd__placed_distance(0.0f, satcd_mul_add(pb, -r.separation, r.normal), pb, r.normal, frame);
}

/*
 * B's core clipped to A's face f (between its side planes); each clipped end
 * within the margin is a contact on B's boundary. Returns the count.
 */
static int clip_to_face(const satcd__core *a, int f, const satcd__core *b, float margin, satcd_contact *pts)
{
    satcd_vec2 v0 = a->v[f], v1 = a->v[satcd__next(f, a->count)], n = a->n[f], t = satcd_sub(v1, v0);
    float len2 = satcd_length_sq(t), u[2], lo = 0.0f, hi = len2;
    for (int j = 0; j < 2; ++j) u[j] = satcd_dot(satcd_sub(b->v[j], v0), t);
    if ((u[0] < lo && u[1] < lo) || (u[0] > hi && u[1] > hi)) return 0;
    int count = 0;
    for (int j = 0; j < 2; ++j) {
        float target = u[j] < lo ? lo : (u[j] > hi ? hi : u[j]);
        float w = u[1 - j] != u[j] ? (target - u[j]) / (u[1 - j] - u[j]) : 0.0f;
        satcd_vec2 q = satcd_lerp(b->v[j], b->v[1 - j], w);
        float sep = (satcd_dot(satcd_sub(q, v0), n) - a->radius) - b->radius;
        if (sep > margin) continue;
        pts[count].point = satcd_mul_add(q, -b->radius, n);
        pts[count].depth = -sep;
        pts[count].id = satcd_contact_id(f, j, false);
        ++count;
    }
    return count;
}

/*
 * A's face whose normal is n to within rounding, or -1: equally near
 * features (a capsule lying over a polygon's corner) may have named B's side
 * or A's vertex, and the face then still holds B.
 */
static int aligned_face(const satcd__core *a, satcd_vec2 n)
{
    int face = -1;
    float best = 1.0f - 1e-5f;
    for (int i = 0; a->count >= 2 && i < a->count; ++i) {
        float c = satcd_dot(a->n[i], n);
        if (c >= best) best = c, face = i;
    }
    return face;
}

/* The push is along the side of B's segment (its normal to within rounding): B's side is the reference. */
static bool pushed_along_side(const satcd__core *b, satcd_vec2 n)
{
    if (b->count != 2) return false;
    satcd_vec2 t = satcd_sub(b->v[1], b->v[0]);
    float along = satcd_dot(t, n);
    return satcd_length_sq(t) > 0.0f && along * along <= 1e-10f * satcd_length_sq(t);
}

/*
 * The contact where A's vertex deepest along n pokes into B's side (the
 * cores crossing): on B's boundary at that vertex, not at an end of B's
 * core, which lies as deep but may be far from A.
 */
static satcd_contact vertex_into_side(const satcd__core *a, const satcd__core *b, const satcd__round_pair *r)
{
    int k = 0;
    for (int i = 1; i < a->count; ++i) {
        if (satcd_dot(a->v[i], r->normal) > satcd_dot(a->v[k], r->normal)) k = i;
    }
    float side = satcd_dot(b->v[0], r->normal) - b->radius;
    satcd_contact c;
    c.point = satcd_mul_add(a->v[k], side - satcd_dot(a->v[k], r->normal), r->normal);
    c.depth = -r->separation;
    int facing_a = satcd_dot(b->n[0], r->normal) < 0.0f ? 0 : 1; /* B's side whose normal points back at A */
    c.id = satcd_contact_id(facing_a, k, true);
    return c;
}

static satcd_manifold pair_manifold(const satcd__core *a, const satcd__core *b, satcd_xf frame, float margin)
{
    satcd_manifold m;
    memset(&m, 0, sizeof m);
    margin = satcd__clean_margin(margin);
    satcd__round_pair r;
    if (satcd__cores_beyond(a, b, margin) || !satcd__round_solve_within(a, b, margin, &r)) return m;
    if (r.separation > margin) return m;
    if (r.face < 0) r.face = aligned_face(a, r.normal);
    if (r.face >= 0 && b->count == 2) m.count = clip_to_face(a, r.face, b, margin, m.points);
    if (m.count == 0 && !r.apart && r.face < 0 && pushed_along_side(b, r.normal)) {
        m.count = 1;
        m.points[0] = vertex_into_side(a, b, &r);
    } else if (m.count == 0) {
        int end = 0;
        satcd_vec2 q = r.apart ? r.pb : satcd__round_deepest_b(b, r.normal, &end);
        m.count = 1;
        m.points[0].point = satcd_mul_add(q, -b->radius, r.normal);
        m.points[0].depth = -r.separation;
        m.points[0].id = satcd_contact_id(r.face >= 0 ? r.face : 0, end, r.face < 0) | SATCD_ID_VERTEX;
    }
    m.normal = satcd_rotate(frame.q, r.normal);
    for (int k = 0; k < m.count; ++k) m.points[k].point = satcd_xf_point(frame, m.points[k].point);
    return m;
}

/* Each public query: build the cores, or give the empty answer. */
#define SATCD__ROUND_QUERIES(KIND, TA, TB, CORES)                                                              \
    satcd_relation satcd_relate_##KIND(const TA *a, satcd_xf xa, const TB *b, satcd_xf xb, float tolerance)    \
    {                                                                                                          \
        satcd__core ca, cb;                                                                                    \
        satcd_xf frame;                                                                                        \
        if (!CORES(a, xa, b, xb, &ca, &cb, &frame)) return SATCD_SEPARATED;                                    \
        satcd__round_pair r;                                                                                   \
        float limit = satcd__clean_margin(tolerance);                                                          \
        if (satcd__cores_beyond(&ca, &cb, limit) || !satcd__round_solve_within(&ca, &cb, limit, &r))           \
            return SATCD_SEPARATED;                                                                            \
        return satcd_relation_of(r.separation, tolerance);                                                     \
    }                                                                                                          \
    satcd_mtv satcd_mtv_##KIND(const TA *a, satcd_xf xa, const TB *b, satcd_xf xb)                             \
    {                                                                                                          \
        satcd__core ca, cb;                                                                                    \
        satcd_xf frame;                                                                                        \
        if (!CORES(a, xa, b, xb, &ca, &cb, &frame)) {                                                          \
            satcd_mtv none;                                                                                    \
            memset(&none, 0, sizeof none);                                                                     \
            return none;                                                                                       \
        }                                                                                                      \
        return pair_mtv(&ca, &cb, frame);                                                                      \
    }                                                                                                          \
    satcd_manifold satcd_collide_##KIND(const TA *a, satcd_xf xa, const TB *b, satcd_xf xb, float margin)      \
    {                                                                                                          \
        satcd__core ca, cb;                                                                                    \
        satcd_xf frame;                                                                                        \
        if (!CORES(a, xa, b, xb, &ca, &cb, &frame)) {                                                          \
            satcd_manifold none;                                                                               \
            memset(&none, 0, sizeof none);                                                                     \
            return none;                                                                                       \
        }                                                                                                      \
        return pair_manifold(&ca, &cb, frame, margin);                                                         \
    }                                                                                                          \
    satcd_distance satcd_distance_##KIND(const TA *a, satcd_xf xa, const TB *b, satcd_xf xb)                   \
    {                                                                                                          \
        satcd__core ca, cb;                                                                                    \
        satcd_xf frame;                                                                                        \
        if (!CORES(a, xa, b, xb, &ca, &cb, &frame)) return satcd__no_distance();                               \
        return pair_distance(&ca, &cb, frame);                                                                 \
    }

SATCD__ROUND_QUERIES(polygon_capsule, satcd_polygon, satcd_capsule, satcd__polygon_capsule_cores)
SATCD__ROUND_QUERIES(capsules, satcd_capsule, satcd_capsule, satcd__capsules_cores)
SATCD__ROUND_QUERIES(capsule_circle, satcd_capsule, satcd_circle, satcd__capsule_circle_cores)
