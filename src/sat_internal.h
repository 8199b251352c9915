/*
 * Shared machinery of the pair queries (sat.c), the manifolds (manifold.c)
 * and the trace (trace.c): B placed in A's local frame, and the per-edge
 * separations every query reads. One definition, so that every query and
 * the trace see the same numbers to the bit.
 */
#ifndef SATCD_SAT_INTERNAL_H
#define SATCD_SAT_INTERNAL_H

#include <stddef.h>

#include <satcd/polygon.h>
#include <satcd/shapes.h>

#define SATCD__MAX_V SATCD_MAX_POLYGON_VERTICES

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
    return s <= 8.0f * SATCD_MAX_COORDINATE;
}

/* Polygon B's vertices and normals in polygon A's local frame (lanes padded). */
typedef struct satcd__pair {
    SATCD_ALIGN(32) float bx[SATCD__MAX_V];
    SATCD_ALIGN(32) float by[SATCD__MAX_V];
    SATCD_ALIGN(32) float bnx[SATCD__MAX_V];
    SATCD_ALIGN(32) float bny[SATCD__MAX_V];
    const satcd_polygon *a;
    const satcd_polygon *b;
    satcd_rot q; /* B's rotation relative to A */
} satcd__pair;

/*
 * Place b's vertices (by xb) in the frame of a (by xa); both polygons must
 * be valid. B's normals follow only with satcd__pair_turn_normals, so a
 * query that a face of A settles never pays for them.
 */
void satcd__pair_place(satcd__pair *pair, const satcd_polygon *a, satcd_xf xa,
                       const satcd_polygon *b, satcd_xf xb);

/*
 * satcd__pair_place, unless the bounding circles alone prove some face
 * separation larger than margin (>= 0): then false, and nothing is placed.
 */
bool satcd__pair_place_within(satcd__pair *pair, const satcd_polygon *a, satcd_xf xa,
                              const satcd_polygon *b, satcd_xf xb, float margin);

/* Turn B's normals into A's frame (after satcd__pair_place). */
void satcd__pair_turn_normals(satcd__pair *pair);

/* Both steps: B's vertices and normals in A's frame. */
static inline void satcd__pair_init(satcd__pair *pair, const satcd_polygon *a, satcd_xf xa,
                                    const satcd_polygon *b, satcd_xf xb)
{
    satcd__pair_place(pair, a, xa, b, xb);
    satcd__pair_turn_normals(pair);
}

/*
 * Per-edge separations: A's edge normals against B's vertices (_a) or B's
 * edge normals against A's vertices (_b). Writes out[] in edge order, may
 * stop after an entry >= stop; returns the number of entries written.
 */
int satcd__pair_separations_a(const satcd__pair *pair, float stop, float *out);
int satcd__pair_separations_b(const satcd__pair *pair, float stop, float *out);

/*
 * The largest of those separations and in *edge its lowest index; when one
 * is >= stop, the first such one instead (the pair is then farther apart
 * than stop, which is all a caller may read).
 */
float satcd__pair_max_a(const satcd__pair *pair, float stop, int *edge);
float satcd__pair_max_b(const satcd__pair *pair, float stop, int *edge);

/* Largest of the first n entries and its lowest index. */
float satcd__max_entry(const float *s, int n, int *index);

/*
 * Index of the lowest of the n points (x, y) along dir, lowest index on
 * ties: a polygon's support point in -dir, or, on its normals, the edge most
 * opposed to dir.
 */
static inline int satcd__lowest_along(const float *x, const float *y, int n, satcd_vec2 dir)
{
    int best = 0;
    float best_dot = x[0] * dir.x + y[0] * dir.y;
    for (int i = 1; i < n; ++i) {
        float d = x[i] * dir.x + y[i] * dir.y;
        if (d < best_dot) best_dot = d, best = i;
    }
    return best;
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

/* Polygon versus disc, computed in the polygon's frame. */
typedef struct satcd__round {
    float separation;  /* Euclidean gap when apart, minus the push-out depth when overlapping */
    satcd_vec2 normal; /* unit, polygon (or disc A) toward disc B, A's frame */
    satcd_vec2 center; /* B's centre in A's frame */
    int feature;       /* polygon edge or vertex closest to the centre */
    bool vertex;       /* feature is a vertex */
    bool inside;       /* the centre lies inside the polygon */
} satcd__round;

/* Polygon a against the disc (c, r), c in a's frame. */
satcd__round satcd__polygon_disc(const satcd_polygon *a, satcd_vec2 c, float r);

/* Disc a against disc b, each placed by its transform, in a's frame. */
satcd__round satcd__disc_disc(const satcd_circle *a, satcd_xf xa, const satcd_circle *b, satcd_xf xb);

#endif
