/*
 * Small geometry helpers shared by the queries, none of which needs the
 * SIMD backend: the transform check every query starts with, A's origin in
 * B's frame, stepping around a polygon, a manifold's margin, the largest
 * entry of a list, the closest point of a segment and the distance result. The pair machinery (pair_internal.h) builds
 * on them.
 */
#ifndef SATCD_GEOMETRY_INTERNAL_H
#define SATCD_GEOMETRY_INTERNAL_H

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <satcd/distance.h>
#include <satcd/polygon.h>
#include <satcd/vec2.h>

#define SATCD__MAX_V SATCD_MAX_POLYGON_VERTICES

/* The largest sum of a pair's transform magnitudes that satcd__xf_usable accepts. */
#define SATCD__XF_BOUND (8.0f * SATCD_MAX_COORDINATE)

/*
 * True when both transforms are usable: every component finite and the
 * translations within range. A NaN or infinite transform is caller error;
 * the queries then treat the pair as absent instead of returning NaN. One
 * sum of magnitudes: NaN and infinities propagate through it, and it exceeds
 * the bound only for translations far beyond SATCD_MAX_COORDINATE, where
 * the products a query forms could overflow.
 */
static inline bool satcd__xf_usable(satcd_xf a, satcd_xf b)
{
    float s = ((fabsf(a.p.x) + fabsf(a.p.y)) + (fabsf(b.p.x) + fabsf(b.p.y))) +
              ((fabsf(a.q.c) + fabsf(a.q.s)) + (fabsf(b.q.c) + fabsf(b.q.s)));
    return s <= SATCD__XF_BOUND;
}

/*
 * True when the two velocities of a sweep are usable: every component
 * finite and the sum of their magnitudes within SATCD__XF_BOUND, the bound
 * of a pair's transforms. Past it a shape would move over the sweep far
 * beyond SATCD_MAX_COORDINATE, and the relative motion or the positions
 * along it could overflow. NaN and infinities propagate through the sum.
 */
static inline bool satcd__velocities_usable(satcd_vec2 va, satcd_vec2 vb)
{
    float s = (fabsf(va.x) + fabsf(va.y)) + (fabsf(vb.x) + fabsf(vb.y));
    return s <= SATCD__XF_BOUND;
}

/*
 * The rounding band of every sweep's start (docs/robustness.md): 64 float
 * epsilons times the size of the coordinates its separations are formed
 * from, in the frame the sweep computes in: how far each shape reaches from
 * that frame's origin at t = 0. The motion stays out: a separation along
 * the way is the start's plus the motion's gain, whose rounding is
 * relative to the gain, and a band grown with the speed would call a pair
 * that overlaps by far more than rounding touching.
 */
static inline float satcd__sweep_band(float reach_a, float reach_b) { return 64.0f * FLT_EPSILON * (reach_a + reach_b); }

/* A's origin in the frame of B, where rel takes B's frame into A's. */
static inline satcd_vec2 satcd__origin_a_in_b(satcd_xf rel) { return satcd_neg(satcd_inv_rotate(rel.q, rel.p)); }

/*
 * A polygon's stored vertex lanes are relative to its anchor (satcd_polygon);
 * the queries compute on them, in the frame of A's lanes, and place their
 * answers by the transform of those lanes.
 */

/* A branch the queries rarely take, laid out off their straight path, and a function kept out of line for it. */
#if defined(__GNUC__) || defined(__clang__)
#define SATCD__UNLIKELY(x) __builtin_expect(!!(x), 0)
#define SATCD__COLD __attribute__((noinline, cold))
#else
#define SATCD__UNLIKELY(x) (x)
#define SATCD__COLD
#endif

/* Vertex i as stored: relative to the polygon's anchor. */
static inline satcd_vec2 satcd__lane_vertex(const satcd_polygon *p, int i) { return satcd_v2(p->vx[i], p->vy[i]); }

/* The bits of p's anchor: 0 exactly when it is the frame's origin (an anchor is never -0). */
static inline uint64_t satcd__anchor_bits(const satcd_polygon *p)
{
    uint64_t bits;
    memcpy(&bits, &p->anchor, sizeof bits);
    return bits;
}

/* True when p's anchor is not its frame's origin. */
static inline bool satcd__has_anchor(const satcd_polygon *p) { return satcd__anchor_bits(p) != 0u; }

/* xf with the point anchor folded into its translation. */
static SATCD__COLD satcd_xf satcd__anchored_xf(satcd_xf xf, satcd_vec2 anchor)
{
    xf.p = satcd_xf_point(xf, anchor);
    return xf;
}

/*
 * The transform that places p's lanes: xf with the anchor folded into its
 * translation. The fold is out of line: inline, it would take xf apart into
 * scalars on the way into every query, which keep it in vector lanes.
 */
static inline satcd_xf satcd__lanes_xf(const satcd_polygon *p, satcd_xf xf)
{
    return SATCD__UNLIKELY(satcd__has_anchor(p)) ? satcd__anchored_xf(xf, p->anchor) : xf;
}

/* x + y and, in *err, its rounding error: x + y = sum + *err exactly (Knuth's TwoSum; needs no FMA contraction). */
static inline float satcd__two_sum(float x, float y, float *err)
{
    float sum = x + y, y_part = sum - x;
    *err = (x - (sum - y_part)) + (y - y_part);
    return sum;
}

/*
 * The translation of rel (B's frame into A's) re-based from the frames'
 * origins to the points anchor_b (of B's frame) and anchor_a (of A's):
 * x - anchor_a = rel.q (y - anchor_b) + (rel.q anchor_b - anchor_a + rel.p).
 * The three terms may cancel in either pairing: the anchors (two shapes
 * given in world coordinates, placed by identity or small translations) or
 * A's anchor and rel.p (A in world coordinates, B built around its origin
 * and placed next to it). So the first sum is taken with its rounding
 * error, added back last: whichever two terms cancel, nothing is lost at
 * their magnitude. Without rotation between the frames the turned anchor
 * is exact too.
 */
static inline satcd_vec2 satcd__rebased_offset(satcd_xf rel, satcd_vec2 anchor_a, satcd_vec2 anchor_b)
{
    satcd_vec2 turned = satcd_rotate(rel.q, anchor_b), err;
    float x = satcd__two_sum(turned.x, -anchor_a.x, &err.x), y = satcd__two_sum(turned.y, -anchor_a.y, &err.y);
    return satcd_v2((x + rel.p.x) + err.x, (y + rel.p.y) + err.y);
}

/* The index after i around a polygon of n vertices (no division: it is on the query path). */
static inline int satcd__next(int i, int n) { return i + 1 < n ? i + 1 : 0; }

/* A manifold's margin as the queries read it: a negative or NaN margin counts as 0. */
static inline float satcd__clean_margin(float margin) { return margin > 0.0f ? margin : 0.0f; }

/* Largest of the first n entries (n >= 1) and its lowest index. */
static inline float satcd__max_entry(const float *s, int n, int *index)
{
    int k = 0;
    for (int i = 1; i < n; ++i) {
        if (s[i] > s[k]) k = i;
    }
    *index = k;
    return s[k];
}

/*
 * The point of segment v0-v1 closest to p. *t (when not NULL) receives the
 * clamped parameter: 0 and 1 mean an end vertex, exactly.
 */
static inline satcd_vec2 satcd__closest_on_segment(satcd_vec2 p, satcd_vec2 v0, satcd_vec2 v1, float *t)
{
    satcd_vec2 e = satcd_sub(v1, v0);
    float len2 = satcd_length_sq(e);
    float u = len2 > 0.0f ? satcd_dot(satcd_sub(p, v0), e) / len2 : 0.0f;
    u = u < 0.0f ? 0.0f : (u > 1.0f ? 1.0f : u);
    if (t != NULL) *t = u;
    return u == 1.0f ? v1 : satcd_mul_add(v0, u, e);
}

/* The distance result of a query that has none (bad input): FLT_MAX, zero points and normal. */
static inline satcd_distance satcd__no_distance(void)
{
    satcd_distance out;
    memset(&out, 0, sizeof out);
    out.distance = FLT_MAX;
    return out;
}

/* A distance result from closest points and a normal in the frame that xf places. */
static inline satcd_distance satcd__placed_distance(float distance, satcd_vec2 pa, satcd_vec2 pb, satcd_vec2 normal,
                                                    satcd_xf xf)
{
    satcd_distance out;
    out.distance = distance;
    out.point_a = satcd_xf_point(xf, pa);
    out.point_b = satcd_xf_point(xf, pb);
    out.normal = satcd_rotate(xf.q, normal);
    return out;
}

#endif
