/*
 * Small geometry helpers shared by the queries, none of which needs the
 * SIMD backend: the transform check every query starts with, A's origin in
 * B's frame, stepping around a polygon, a manifold's margin, the largest entry of a list and the
 * closest point of a segment. The pair machinery (pair_internal.h) builds
 * on them.
 */
#ifndef SATCD_GEOMETRY_INTERNAL_H
#define SATCD_GEOMETRY_INTERNAL_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>

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

/* A's origin in the frame of B, where rel takes B's frame into A's. */
static inline satcd_vec2 satcd__origin_a_in_b(satcd_xf rel) { return satcd_neg(satcd_inv_rotate(rel.q, rel.p)); }

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

#endif
