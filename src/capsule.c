/*
 * Capsules and segments: construction, bounding box, ray cast, and every
 * query of a capsule against a polygon, a capsule or a circle.
 *
 * A capsule is its core segment grown by its radius, so every pair reduces,
 * in A's frame, to two cores (A's a polygon, a segment or a point; B's a
 * segment or a point) and the sum of the radii. Apart cores: the gap is
 * their Euclidean distance less the radii, along the line of the closest
 * points (or the face normal when a closest point lies inside a face).
 * Touching or crossing cores: the push-out is the least overlap over the
 * face normals of both cores, which are the faces of their Minkowski
 * difference, plus the radii; this is exact also for a core segment deep
 * inside a polygon.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include <satcd/capsule.h>

#include "geometry_internal.h"

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

/* A core in A's frame: vertices with the outward normal of the face from vertex i to the next. */
typedef struct core {
    satcd_vec2 v[SATCD__MAX_V];
    satcd_vec2 n[SATCD__MAX_V];
    int count; /* >= 3 a polygon; 2 a segment (two faces, opposite normals); 1 a point (no face) */
    float radius;
} core;

static void polygon_core(const satcd_polygon *p, core *out)
{
    out->count = p->count;
    out->radius = 0.0f;
    for (int i = 0; i < p->count; ++i) {
        out->v[i] = satcd_polygon_vertex(p, i);
        out->n[i] = satcd_polygon_normal(p, i);
    }
}

static void segment_core(satcd_vec2 p1, satcd_vec2 p2, float radius, core *out)
{
    out->radius = radius;
    out->v[0] = p1;
    out->v[1] = p2;
    satcd_vec2 n = satcd_normalize(satcd_right_perp(satcd_sub(p2, p1)));
    out->count = satcd_length_sq(n) > 0.0f ? 2 : 1;
    out->n[0] = n;
    out->n[1] = satcd_neg(n);
}

/* The capsule placed by rel (its frame into A's). */
static void capsule_core(const satcd_capsule *c, satcd_xf rel, core *out)
{
    segment_core(satcd_xf_point(rel, c->p1), satcd_xf_point(rel, c->p2), c->radius, out);
}

static void circle_core(const satcd_circle *c, satcd_xf rel, core *out)
{
    satcd_vec2 p = satcd_xf_point(rel, c->center);
    segment_core(p, p, c->radius, out);
}

/* The pair's answer in A's frame. */
typedef struct round_pair {
    float separation;  /* Euclidean gap when apart, minus the push-out depth when overlapping */
    satcd_vec2 normal; /* unit, A to B */
    satcd_vec2 pa, pb; /* closest core points when the cores are apart */
    int face;          /* A's face whose normal is the normal, or -1 */
    bool apart;        /* the cores are apart (distance > 0) */
} round_pair;

static int core_edges(const core *c) { return c->count >= 3 ? c->count : 1; }

static bool crosses(satcd_vec2 a0, satcd_vec2 a1, satcd_vec2 b0, satcd_vec2 b1)
{
    float o1 = satcd_cross(satcd_sub(a1, a0), satcd_sub(b0, a0)), o2 = satcd_cross(satcd_sub(a1, a0), satcd_sub(b1, a0));
    float o3 = satcd_cross(satcd_sub(b1, b0), satcd_sub(a0, b0)), o4 = satcd_cross(satcd_sub(b1, b0), satcd_sub(a1, b0));
    return ((o1 > 0.0f && o2 < 0.0f) || (o1 < 0.0f && o2 > 0.0f)) && ((o3 > 0.0f && o4 < 0.0f) || (o3 < 0.0f && o4 > 0.0f));
}

static bool inside_polygon(const core *a, satcd_vec2 p)
{
    if (a->count < 3) return false;
    for (int i = 0; i < a->count; ++i) {
        if (satcd_dot(satcd_sub(p, a->v[i]), a->n[i]) > 0.0f) return false;
    }
    return true;
}

typedef struct closest {
    float d2;
    satcd_vec2 pa, pb;
    int edge;      /* A's edge holding pa */
    bool a_inner;  /* pa lies strictly inside that edge */
    bool b_inner;  /* pb lies strictly inside B's segment */
} closest;

static void consider(closest *c, satcd_vec2 pa, satcd_vec2 pb, int edge, bool a_inner, bool b_inner)
{
    float d2 = satcd_length_sq(satcd_sub(pb, pa));
    if (d2 < c->d2) {
        c->d2 = d2;
        c->pa = pa;
        c->pb = pb;
        c->edge = edge;
        c->a_inner = a_inner;
        c->b_inner = b_inner;
    }
}

/* Closest points of A's edge i and B's core, or d2 0 when they cross. */
static void edge_closest(const core *a, int i, const core *b, closest *c)
{
    satcd_vec2 a0 = a->v[i], a1 = a->count > 1 ? a->v[satcd__next(i, a->count)] : a0;
    satcd_vec2 b0 = b->v[0], b1 = b->count > 1 ? b->v[1] : b0;
    if (crosses(a0, a1, b0, b1)) {
        consider(c, a0, a0, i, false, false);
        return;
    }
    float t;
    satcd_vec2 q = satcd__closest_on_segment(b0, a0, a1, &t);
    consider(c, q, b0, i, t > 0.0f && t < 1.0f && a->count > 1, false);
    if (b->count > 1) {
        q = satcd__closest_on_segment(b1, a0, a1, &t);
        consider(c, q, b1, i, t > 0.0f && t < 1.0f && a->count > 1, false);
    }
    q = satcd__closest_on_segment(a0, b0, b1, &t);
    consider(c, a0, q, i, false, t > 0.0f && t < 1.0f && b->count > 1);
    if (a->count > 1) {
        q = satcd__closest_on_segment(a1, b0, b1, &t);
        consider(c, a1, q, i, false, t > 0.0f && t < 1.0f && b->count > 1);
    }
}

/* Overlap of the cores along unit n (A to B), measured from point o for precision. */
static float overlap_along(const core *a, const core *b, satcd_vec2 n, satcd_vec2 o)
{
    float hi = -FLT_MAX, lo = FLT_MAX;
    for (int i = 0; i < a->count; ++i) hi = fmaxf(hi, satcd_dot(satcd_sub(a->v[i], o), n));
    for (int j = 0; j < b->count; ++j) lo = fminf(lo, satcd_dot(satcd_sub(b->v[j], o), n));
    return hi - lo;
}

/* Touching or crossing cores: the least overlap over both cores' face normals. */
static void crossing_pair(const core *a, const core *b, round_pair *out)
{
    float best = FLT_MAX;
    out->normal = satcd_v2(1.0f, 0.0f);
    out->face = -1;
    int faces = a->count >= 2 ? a->count : 0;
    for (int i = 0; i < faces; ++i) {
        float s = overlap_along(a, b, a->n[i], a->v[i]);
        if (s < best) best = s, out->normal = a->n[i], out->face = i;
    }
    for (int j = 0; b->count == 2 && j < 2; ++j) {
        satcd_vec2 n = satcd_neg(b->n[j]);
        float s = overlap_along(a, b, n, b->v[0]);
        if (s < best) best = s, out->normal = n, out->face = -1;
    }
    if (best == FLT_MAX) best = 0.0f; /* two points at one place */
    out->separation = -(fmaxf(best, 0.0f) + a->radius) - b->radius;
}

/* Apart cores: along the face normal when a closest point lies inside a face, else along the closest points. */
static void apart_pair(const core *a, const core *b, const closest *c, round_pair *out)
{
    satcd_vec2 d = satcd_sub(c->pb, c->pa);
    out->face = -1;
    if (c->a_inner) {
        int f = c->edge;
        if (a->count == 2 && satcd_dot(d, a->n[0]) < 0.0f) f = 1;
        out->normal = a->n[f];
        out->face = f;
        out->separation = (satcd_dot(d, out->normal) - a->radius) - b->radius;
        return;
    }
    if (c->b_inner) {
        out->normal = satcd_dot(d, b->n[0]) < 0.0f ? b->n[0] : b->n[1];
        out->normal = satcd_neg(out->normal);
        out->separation = (satcd_dot(d, out->normal) - a->radius) - b->radius;
        return;
    }
    float len = satcd_length(d);
    satcd_vec2 dir = satcd_normalize(d);
    out->normal = satcd_length_sq(dir) > 0.0f ? dir : satcd_v2(1.0f, 0.0f);
    out->separation = (len - a->radius) - b->radius;
}

static round_pair solve(const core *a, const core *b)
{
    round_pair out;
    memset(&out, 0, sizeof out);
    closest c = {FLT_MAX, {0.0f, 0.0f}, {0.0f, 0.0f}, 0, false, false};
    if (inside_polygon(a, b->v[0]) || inside_polygon(a, b->v[b->count - 1])) c.d2 = 0.0f;
    for (int i = 0; i < core_edges(a) && c.d2 > 0.0f; ++i) edge_closest(a, i, b, &c);
    out.pa = c.pa;
    out.pb = c.pb;
    out.apart = c.d2 > 0.0f;
    if (out.apart) apart_pair(a, b, &c, &out);
    else crossing_pair(a, b, &out);
    return out;
}

/* Distance from p to the core (for a polygon core, 0 inside). */
static float core_distance(const core *c, satcd_vec2 p)
{
    if (inside_polygon(c, p)) return 0.0f;
    float best = FLT_MAX;
    for (int i = 0; i < core_edges(c); ++i) {
        satcd_vec2 v1 = c->count > 1 ? c->v[satcd__next(i, c->count)] : c->v[i];
        best = fminf(best, satcd_distance_points(p, satcd__closest_on_segment(p, c->v[i], v1, NULL)));
    }
    return best;
}

/* Every point of `inner` lies in `outer` (a capsule or disc; or a polygon). */
static bool contains(const core *outer, const core *inner)
{
    for (int j = 0; j < inner->count; ++j) {
        if (outer->count >= 3) {
            for (int i = 0; i < outer->count; ++i) {
                if (satcd_dot(satcd_sub(inner->v[j], outer->v[i]), outer->n[i]) + inner->radius > 0.0f) return false;
            }
        } else if (core_distance(outer, inner->v[j]) + inner->radius > outer->radius) {
            return false;
        }
    }
    return true;
}

static satcd_mtv pair_mtv(const core *a, const core *b, satcd_xf xa)
{
    satcd_mtv m;
    memset(&m, 0, sizeof m);
    round_pair r = solve(a, b);
    if (!(r.separation < 0.0f)) return m;
    m.hit = true;
    m.normal = satcd_rotate(xa.q, r.normal);
    m.depth = -r.separation;
    m.a_in_b = contains(b, a);
    m.b_in_a = contains(a, b);
    return m;
}

/* B's core point deepest along -n, and its end index. */
static satcd_vec2 deepest_b(const core *b, satcd_vec2 n, int *end)
{
    *end = b->count > 1 && satcd_dot(b->v[1], n) < satcd_dot(b->v[0], n) ? 1 : 0;
    return b->v[*end];
}

static satcd_distance pair_distance(const core *a, const core *b, satcd_xf xa)
{
    satcd_distance out;
    round_pair r = solve(a, b);
    satcd_vec2 pa, pb;
    if (r.separation > 0.0f) {
        out.distance = r.separation;
        pa = satcd_mul_add(r.pa, a->radius, r.normal);
        pb = satcd_mul_add(r.pb, -b->radius, r.normal);
    } else {
        int end;
        out.distance = 0.0f;
        pb = satcd_mul_add(r.apart ? r.pb : deepest_b(b, r.normal, &end), -b->radius, r.normal);
        pa = satcd_mul_add(pb, -r.separation, r.normal);
    }
    out.point_a = satcd_xf_point(xa, pa);
    out.point_b = satcd_xf_point(xa, pb);
    out.normal = satcd_rotate(xa.q, r.normal);
    return out;
}

static satcd_distance no_distance(void)
{
    satcd_distance out;
    memset(&out, 0, sizeof out);
    out.distance = FLT_MAX;
    return out;
}

/*
 * B's core clipped to A's face f (between its side planes); each clipped end
 * within the margin is a contact on B's boundary. Returns the count.
 */
static int clip_to_face(const core *a, int f, const core *b, float margin, satcd_contact *pts)
{
    satcd_vec2 v0 = a->v[f], v1 = a->v[satcd__next(f, a->count)], n = a->n[f], t = satcd_sub(v1, v0);
    float len2 = satcd_length_sq(t), u[2], lo = 0.0f, hi = len2;
    for (int j = 0; j < 2; ++j) u[j] = satcd_dot(satcd_sub(b->v[j], v0), t);
    if (fmaxf(u[0], u[1]) < lo || fminf(u[0], u[1]) > hi) return 0;
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
static int aligned_face(const core *a, satcd_vec2 n)
{
    int face = -1;
    float best = 1.0f - 1e-5f;
    for (int i = 0; a->count >= 2 && i < a->count; ++i) {
        float c = satcd_dot(a->n[i], n);
        if (c >= best) best = c, face = i;
    }
    return face;
}

static satcd_manifold pair_manifold(const core *a, const core *b, satcd_xf xa, float margin)
{
    satcd_manifold m;
    memset(&m, 0, sizeof m);
    margin = satcd__clean_margin(margin);
    round_pair r = solve(a, b);
    if (r.separation > margin) return m;
    if (r.face < 0) r.face = aligned_face(a, r.normal);
    if (r.face >= 0 && b->count == 2) m.count = clip_to_face(a, r.face, b, margin, m.points);
    if (m.count == 0) {
        int end = 0;
        satcd_vec2 q = r.apart ? r.pb : deepest_b(b, r.normal, &end);
        m.count = 1;
        m.points[0].point = satcd_mul_add(q, -b->radius, r.normal);
        m.points[0].depth = -r.separation;
        m.points[0].id = satcd_contact_id(r.face >= 0 ? r.face : 0, end, r.face < 0) | SATCD_ID_VERTEX;
    }
    m.normal = satcd_rotate(xa.q, r.normal);
    for (int k = 0; k < m.count; ++k) m.points[k].point = satcd_xf_point(xa, m.points[k].point);
    return m;
}

/* The three pair kinds as cores in A's frame; false when a shape or transform is unusable. */
static bool polygon_capsule_cores(const satcd_polygon *a, satcd_xf xa, const satcd_capsule *b, satcd_xf xb,
                                  core *ca, core *cb)
{
    if (!satcd_polygon_is_valid(a) || !satcd_capsule_is_valid(b) || !satcd__xf_usable(xa, xb)) return false;
    polygon_core(a, ca);
    capsule_core(b, satcd_xf_inv_mul(xa, xb), cb);
    return true;
}

static bool capsules_cores(const satcd_capsule *a, satcd_xf xa, const satcd_capsule *b, satcd_xf xb, core *ca, core *cb)
{
    if (!satcd_capsule_is_valid(a) || !satcd_capsule_is_valid(b) || !satcd__xf_usable(xa, xb)) return false;
    capsule_core(a, satcd_xf_identity(), ca);
    capsule_core(b, satcd_xf_inv_mul(xa, xb), cb);
    return true;
}

static bool capsule_circle_cores(const satcd_capsule *a, satcd_xf xa, const satcd_circle *b, satcd_xf xb,
                                 core *ca, core *cb)
{
    if (!satcd_capsule_is_valid(a) || !satcd_circle_is_valid(b) || !satcd__xf_usable(xa, xb)) return false;
    capsule_core(a, satcd_xf_identity(), ca);
    circle_core(b, satcd_xf_inv_mul(xa, xb), cb);
    return true;
}

/* Each public query: build the cores, or give the empty answer. */
#define SATCD__ROUND_QUERIES(KIND, TA, TB, CORES)                                                              \
    satcd_relation satcd_relate_##KIND(const TA *a, satcd_xf xa, const TB *b, satcd_xf xb, float tolerance)    \
    {                                                                                                          \
        core ca, cb;                                                                                           \
        if (!CORES(a, xa, b, xb, &ca, &cb)) return SATCD_SEPARATED;                                            \
        return satcd_relation_of(solve(&ca, &cb).separation, tolerance);                                       \
    }                                                                                                          \
    satcd_mtv satcd_mtv_##KIND(const TA *a, satcd_xf xa, const TB *b, satcd_xf xb)                             \
    {                                                                                                          \
        core ca, cb;                                                                                           \
        if (!CORES(a, xa, b, xb, &ca, &cb)) {                                                                  \
            satcd_mtv none;                                                                                    \
            memset(&none, 0, sizeof none);                                                                     \
            return none;                                                                                       \
        }                                                                                                      \
        return pair_mtv(&ca, &cb, xa);                                                                         \
    }                                                                                                          \
    satcd_manifold satcd_collide_##KIND(const TA *a, satcd_xf xa, const TB *b, satcd_xf xb, float margin)      \
    {                                                                                                          \
        core ca, cb;                                                                                           \
        if (!CORES(a, xa, b, xb, &ca, &cb)) {                                                                  \
            satcd_manifold none;                                                                               \
            memset(&none, 0, sizeof none);                                                                     \
            return none;                                                                                       \
        }                                                                                                      \
        return pair_manifold(&ca, &cb, xa, margin);                                                            \
    }                                                                                                          \
    satcd_distance satcd_distance_##KIND(const TA *a, satcd_xf xa, const TB *b, satcd_xf xb)                   \
    {                                                                                                          \
        core ca, cb;                                                                                           \
        if (!CORES(a, xa, b, xb, &ca, &cb)) return no_distance();                                              \
        return pair_distance(&ca, &cb, xa);                                                                    \
    }

SATCD__ROUND_QUERIES(polygon_capsule, satcd_polygon, satcd_capsule, polygon_capsule_cores)
SATCD__ROUND_QUERIES(capsules, satcd_capsule, satcd_capsule, capsules_cores)
SATCD__ROUND_QUERIES(capsule_circle, satcd_capsule, satcd_circle, capsule_circle_cores)

/*
 * Sweeps. Under translation the distance between two convex shapes is a
 * convex function of time, so the step to where its tangent meets zero
 * never passes the first contact: conservative advancement that closes in
 * from below without tunnelling, whatever the speed.
 */
#define SWEEP_STEPS 64

static satcd_toi no_toi(void)
{
    satcd_toi out;
    memset(&out, 0, sizeof out);
    return out;
}

/* The rounding band of a separation: 64 epsilons of the pair's coordinate size. */
static float sweep_band(const core *a, const core *b, satcd_vec2 v)
{
    float size = a->radius + b->radius + fabsf(v.x) + fabsf(v.y);
    for (int i = 0; i < a->count; ++i) size += fabsf(a->v[i].x) + fabsf(a->v[i].y);
    for (int j = 0; j < b->count; ++j) size += fabsf(b->v[j].x) + fabsf(b->v[j].y);
    return 64.0f * FLT_EPSILON * size;
}

static void shift_core(core *c, satcd_vec2 d)
{
    for (int j = 0; j < c->count; ++j) c->v[j] = satcd_add(c->v[j], d);
}

static satcd_toi toi_at(const core *a, const core *b, const round_pair *r, float t, satcd_xf xa, satcd_vec2 va)
{
    satcd_toi out;
    int end;
    satcd_vec2 pb = r->apart ? r->pb : deepest_b(b, r->normal, &end);
    satcd_vec2 on_a = satcd_mul_add(r->apart ? r->pa : pb, a->radius, r->normal);
    satcd_vec2 on_b = satcd_mul_add(pb, -b->radius, r->normal);
    out.hit = true;
    out.t = t;
    out.normal = satcd_rotate(xa.q, r->normal);
    out.point = satcd_mul_add(satcd_xf_point(xa, satcd_lerp(on_a, on_b, 0.5f)), t, va);
    return out;
}

/* B (in A's frame at t = 0) moving by v relative to A. */
static satcd_toi sweep_cores(const core *a, core *b, satcd_vec2 v, satcd_xf xa, satcd_vec2 va)
{
    float band = sweep_band(a, b, v);
    round_pair r = solve(a, b);
    if (r.separation < -band) return toi_at(a, b, &r, 0.0f, xa, va);
    if (r.separation <= band) {
        /* Touching: a hit unless the motion takes the pair apart. */
        if (satcd_dot(r.normal, v) > band) return no_toi();
        return toi_at(a, b, &r, 0.0f, xa, va);
    }
    float t = 0.0f, target = band / 16.0f;
    for (int step = 0; step < SWEEP_STEPS; ++step) {
        float closing = -satcd_dot(r.normal, v);
        if (!(closing > 0.0f)) return no_toi();
        float dt = r.separation / closing;
        if (t + dt > 1.0f) return no_toi();
        t += dt;
        shift_core(b, satcd_scale(dt, v));
        r = solve(a, b);
        if (r.separation <= target) return toi_at(a, b, &r, t, xa, va);
    }
    /* A grazing approach closes in slowly: within the band is a contact, beyond it none. */
    return r.separation <= band ? toi_at(a, b, &r, t, xa, va) : no_toi();
}

static satcd_vec2 relative_velocity(satcd_xf xa, satcd_vec2 va, satcd_vec2 vb)
{
    return satcd_inv_rotate(xa.q, satcd_sub(vb, va));
}

static bool velocities_usable(satcd_vec2 va, satcd_vec2 vb)
{
    satcd_xf motion = {va, {vb.x, vb.y}};
    return satcd__xf_usable(motion, satcd_xf_identity());
}

satcd_toi satcd_sweep_polygon_capsule(const satcd_polygon *a, satcd_xf xa, satcd_vec2 va,
                                      const satcd_capsule *b, satcd_xf xb, satcd_vec2 vb)
{
    core ca, cb;
    if (!velocities_usable(va, vb) || !polygon_capsule_cores(a, xa, b, xb, &ca, &cb)) return no_toi();
    return sweep_cores(&ca, &cb, relative_velocity(xa, va, vb), xa, va);
}

satcd_toi satcd_sweep_capsules(const satcd_capsule *a, satcd_xf xa, satcd_vec2 va,
                               const satcd_capsule *b, satcd_xf xb, satcd_vec2 vb)
{
    core ca, cb;
    if (!velocities_usable(va, vb) || !capsules_cores(a, xa, b, xb, &ca, &cb)) return no_toi();
    return sweep_cores(&ca, &cb, relative_velocity(xa, va, vb), xa, va);
}

satcd_toi satcd_sweep_capsule_circle(const satcd_capsule *a, satcd_xf xa, satcd_vec2 va,
                                     const satcd_circle *b, satcd_xf xb, satcd_vec2 vb)
{
    core ca, cb;
    if (!velocities_usable(va, vb) || !capsule_circle_cores(a, xa, b, xb, &ca, &cb)) return no_toi();
    return sweep_cores(&ca, &cb, relative_velocity(xa, va, vb), xa, va);
}
