/*
 * The capsule pair machinery. A capsule is its core segment grown by its
 * radius, so every pair reduces, in A's frame, to two cores (A's a polygon,
 * a segment or a point; B's a segment or a point) and the sum of the radii.
 * Apart cores: the gap is their Euclidean distance less the radii, along
 * the line of the closest points (or the face normal when a closest point
 * lies inside a face). Touching or crossing cores: the push-out is the least
 * overlap over the face normals of both cores, which are the faces of their
 * Minkowski difference, plus the radii; this is exact also for a core
 * segment deep inside a polygon.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "capsule_internal.h"

/* The polygon's lanes: its vertices relative to its anchor. */
static void polygon_core(const satcd_polygon *p, satcd__core *out)
{
    out->count = p->count;
    out->radius = 0.0f;
    for (int i = 0; i < p->count; ++i) {
        out->v[i] = satcd__lane_vertex(p, i);
        out->n[i] = satcd_polygon_normal(p, i);
    }
    out->center = satcd_sub(p->centroid, p->anchor);
    out->reach = p->reach;
}

static void segment_core(satcd_vec2 p1, satcd_vec2 p2, float radius, satcd__core *out)
{
    out->radius = radius;
    out->v[0] = p1;
    out->v[1] = p2;
    satcd_vec2 n = satcd_normalize(satcd_right_perp(satcd_sub(p2, p1)));
    out->count = satcd_length_sq(n) > 0.0f ? 2 : 1;
    out->n[0] = n;
    out->n[1] = satcd_neg(n);
    /* Slack as a polygon's reach has it (satcd_polygon): relative to the size and to the centre's offset. */
    out->center = satcd_lerp(p1, p2, 0.5f);
    float half = 0.5f * satcd_distance_points(p1, p2);
    out->reach = (half + radius) * (1.0f + 0x1p-12f) + 0x1p-17f * (fabsf(out->center.x) + fabsf(out->center.y));
}

/*
 * The point of A's frame that A's core is stored relative to, per axis the
 * coordinate of p where q lies within a factor 2 of it (p - q is then exact
 * by Sterbenz's lemma), else 0: a capsule given in world coordinates far
 * from the origin is computed on short coordinates, as a polygon is on its
 * anchor (satcd_polygon). A capsule around its origin keeps 0. Two discs
 * (p1 == p2, or a circle) keep 0 as well: they then answer as the circle
 * queries do, to the bit, and their one difference of centres loses
 * nothing at the offset, where a point's distance to a segment would.
 */
static float anchor_on_axis(float p, float q)
{
    bool positive = p > 0.0f && q > 0.0f && q <= 2.0f * p && p <= 2.0f * q;
    bool negative = p < 0.0f && q < 0.0f && q >= 2.0f * p && p >= 2.0f * q;
    return positive || negative ? p : 0.0f;
}

static bool is_disc(const satcd_capsule *c) { return c->p1.x == c->p2.x && c->p1.y == c->p2.y; }

static satcd_vec2 capsule_anchor(const satcd_capsule *c, bool other_is_disc)
{
    if (other_is_disc && is_disc(c)) return satcd_v2(0.0f, 0.0f);
    return satcd_v2(anchor_on_axis(c->p1.x, c->p2.x), anchor_on_axis(c->p1.y, c->p2.y));
}

/* The capsule placed by rel (its frame into A's) and re-based onto A's anchor. */
static void capsule_core(const satcd_capsule *c, satcd_xf rel, satcd_vec2 anchor, satcd__core *out)
{
    segment_core(satcd__rebased_offset(rel, anchor, c->p1), satcd__rebased_offset(rel, anchor, c->p2), c->radius, out);
}

static void circle_core(const satcd_circle *c, satcd_xf rel, satcd_vec2 anchor, satcd__core *out)
{
    satcd_vec2 p = satcd__rebased_offset(rel, anchor, c->center);
    segment_core(p, p, c->radius, out);
}

static int core_edges(const satcd__core *c) { return c->count >= 3 ? c->count : 1; }

static bool crosses(satcd_vec2 a0, satcd_vec2 a1, satcd_vec2 b0, satcd_vec2 b1)
{
    float o1 = satcd_cross(satcd_sub(a1, a0), satcd_sub(b0, a0)), o2 = satcd_cross(satcd_sub(a1, a0), satcd_sub(b1, a0));
    float o3 = satcd_cross(satcd_sub(b1, b0), satcd_sub(a0, b0)), o4 = satcd_cross(satcd_sub(b1, b0), satcd_sub(a1, b0));
    return ((o1 > 0.0f && o2 < 0.0f) || (o1 < 0.0f && o2 > 0.0f)) && ((o3 > 0.0f && o4 < 0.0f) || (o3 < 0.0f && o4 > 0.0f));
}

static bool inside_polygon(const satcd__core *a, satcd_vec2 p)
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
static void edge_closest(const satcd__core *a, int i, const satcd__core *b, closest *c)
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
static float overlap_along(const satcd__core *a, const satcd__core *b, satcd_vec2 n, satcd_vec2 o)
{
    float hi = -FLT_MAX, lo = FLT_MAX;
    for (int i = 0; i < a->count; ++i) hi = fmaxf(hi, satcd_dot(satcd_sub(a->v[i], o), n));
    for (int j = 0; j < b->count; ++j) lo = fminf(lo, satcd_dot(satcd_sub(b->v[j], o), n));
    return hi - lo;
}

/* Touching or crossing cores: the least overlap over both cores' face normals. */
static void crossing_pair(const satcd__core *a, const satcd__core *b, satcd__round_pair *out)
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

/*
 * Apart cores: along the face normal when a closest point lies inside a
 * face that faces B, else along the closest points. A face of a polygon
 * that does not face B (dot(d, n) <= 0) can hold the closest point only
 * within rounding, where a sliver's two long faces lie within rounding of
 * each other: its normal would point away from B and give a separation
 * below minus the radii.
 */
static void apart_pair(const satcd__core *a, const satcd__core *b, const closest *c, satcd__round_pair *out)
{
    satcd_vec2 d = satcd_sub(c->pb, c->pa);
    out->face = -1;
    int f = c->edge;
    if (c->a_inner && a->count == 2 && satcd_dot(d, a->n[0]) < 0.0f) f = 1;
    if (c->a_inner && satcd_dot(d, a->n[f]) > 0.0f) {
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

bool satcd__cores_beyond(const satcd__core *a, const satcd__core *b, float margin)
{
    satcd_vec2 d = satcd_sub(b->center, a->center);
    float reach = ((a->reach + b->reach) + margin * (1.0f + 0x1p-12f)) + 0x1p-17f * (fabsf(d.x) + fabsf(d.y));
    return satcd_length_sq(d) > reach * reach;
}

satcd__round_pair satcd__round_solve(const satcd__core *a, const satcd__core *b)
{
    satcd__round_pair out;
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
static float core_distance(const satcd__core *c, satcd_vec2 p)
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
bool satcd__contains(const satcd__core *outer, const satcd__core *inner)
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

/* B's core point deepest along -n, and its end index. */
satcd_vec2 satcd__round_deepest_b(const satcd__core *b, satcd_vec2 n, int *end)
{
    *end = b->count > 1 && satcd_dot(b->v[1], n) < satcd_dot(b->v[0], n) ? 1 : 0;
    return b->v[*end];
}

/* The three pair kinds as cores in the frame of A's anchor; false when a shape or transform is unusable. */
bool satcd__polygon_capsule_cores(const satcd_polygon *a, satcd_xf xa, const satcd_capsule *b, satcd_xf xb,
                                  satcd__core *ca, satcd__core *cb, satcd_xf *frame)
{
    if (!satcd_polygon_is_valid(a) || !satcd_capsule_is_valid(b) || !satcd__xf_usable(xa, xb)) return false;
    polygon_core(a, ca);
    capsule_core(b, satcd_xf_inv_mul(xa, xb), a->anchor, cb);
    *frame = satcd__lanes_xf(a, xa);
    return true;
}

/* Capsule A's core relative to its anchor, and the transform that places it. */
static void anchored_capsule_core(const satcd_capsule *a, satcd_xf xa, bool b_is_disc, satcd__core *ca,
                                  satcd_vec2 *anchor, satcd_xf *frame)
{
    *anchor = capsule_anchor(a, b_is_disc);
    segment_core(satcd_sub(a->p1, *anchor), satcd_sub(a->p2, *anchor), a->radius, ca);
    *frame = xa;
    frame->p = satcd_xf_point(xa, *anchor);
}

bool satcd__capsules_cores(const satcd_capsule *a, satcd_xf xa, const satcd_capsule *b, satcd_xf xb,
                           satcd__core *ca, satcd__core *cb, satcd_xf *frame)
{
    if (!satcd_capsule_is_valid(a) || !satcd_capsule_is_valid(b) || !satcd__xf_usable(xa, xb)) return false;
    satcd_vec2 anchor;
    anchored_capsule_core(a, xa, is_disc(b), ca, &anchor, frame);
    capsule_core(b, satcd_xf_inv_mul(xa, xb), anchor, cb);
    return true;
}

bool satcd__capsule_circle_cores(const satcd_capsule *a, satcd_xf xa, const satcd_circle *b, satcd_xf xb,
                                 satcd__core *ca, satcd__core *cb, satcd_xf *frame)
{
    if (!satcd_capsule_is_valid(a) || !satcd_circle_is_valid(b) || !satcd__xf_usable(xa, xb)) return false;
    satcd_vec2 anchor;
    anchored_capsule_core(a, xa, true, ca, &anchor, frame);
    circle_core(b, satcd_xf_inv_mul(xa, xb), anchor, cb);
    return true;
}
