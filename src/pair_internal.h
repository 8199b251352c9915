/*
 * The pair model of two polygons, shared by the pair queries (sat.c), the
 * manifolds (manifold.c), the trace (trace.c), the distance (distance.c) and
 * the sweep (sweep.c): relating the two transforms, the bounding-circle
 * dismissal, the prefetch of both polygons, B placed in A's local frame, and
 * the per-edge separations every query reads. One definition, so that every query and
 * the trace see the same numbers to the bit; inline, with the kernels, so
 * that a query runs as one function. Only sources compiled with the SIMD
 * backend's definition and flags may include it (the library, and tests
 * built like test_simd_kernels).
 */
#ifndef SATCD_PAIR_INTERNAL_H
#define SATCD_PAIR_INTERNAL_H

#include <stddef.h>

#include <satcd/polygon.h>

#include "geometry_internal.h"
#include "simd/simd.h"

/* The kernels' lane arrays hold a whole polygon, in whole blocks. */
_Static_assert(SATCD_MAX_POLYGON_VERTICES <= SATCD__SIMD_MAX_LANES && SATCD_MAX_POLYGON_VERTICES % SATCD_SIMD_PAD == 0,
               "a polygon's lanes must fit the kernels' arrays in whole blocks");

/*
 * When both transforms are usable (satcd__xf_usable: the backend checks the
 * same sum against the same bound), the transform of B's frame into A's,
 * inv(xa) xb (satcd_xf_inv_mul), in *rel, and A's origin in B's frame in
 * *a_in_b; false otherwise, and nothing set.
 */
static inline bool satcd__relate(satcd_xf xa, satcd_xf xb, satcd_xf *rel, satcd_vec2 *a_in_b)
{
    return satcd__simd_relate(xa, xb, SATCD__XF_BOUND, rel, a_in_b);
}

/*
 * A polygon pair: the transform between the two local frames, so that each
 * polygon's faces can be read against the other's vertices where they are
 * stored (satcd__axes). Scalars only, so that a query keeps it in registers.
 */
typedef struct satcd__pair {
    const satcd_polygon *a;
    const satcd_polygon *b;
    satcd_xf rel;      /* B's lanes into A's: x_A = rel.q x_B + rel.p (lanes: satcd_polygon's anchor) */
    satcd_rot q_ab;    /* turns A's frame into B's (rel.q inverted) */
    satcd_vec2 a_in_b; /* the origin of A's lanes in B's lanes */
} satcd__pair;

/* B's vertices and normals placed in A's frame (lanes padded), for the queries that need them there. */
typedef struct satcd__placed {
    SATCD_ALIGN(32) float x[SATCD__MAX_V];
    SATCD_ALIGN(32) float y[SATCD__MAX_V];
    SATCD_ALIGN(32) float nx[SATCD__MAX_V];
    SATCD_ALIGN(32) float ny[SATCD__MAX_V];
} satcd__placed;

/*
 * The pair of a and b, rel taking B's frame into A's and a_in_b A's origin
 * in B's frame; both re-based to the polygons' lanes (anchors), which is
 * where every kernel reads them. Polygons without an anchor skip it, their
 * transforms unchanged to the bit.
 */
static inline void satcd__pair_relate(satcd__pair *pair, const satcd_polygon *a, const satcd_polygon *b, satcd_xf rel,
                                      satcd_vec2 a_in_b)
{
    if (SATCD__UNLIKELY((satcd__anchor_bits(a) | satcd__anchor_bits(b)) != 0u)) {
        rel.p = satcd__rebased_offset(rel, a->anchor, b->anchor);
        a_in_b = satcd__origin_a_in_b(rel);
    }
    pair->a = a;
    pair->b = b;
    pair->rel = rel;
    pair->q_ab.c = rel.q.c;
    pair->q_ab.s = -rel.q.s;
    pair->a_in_b = a_in_b;
}

/* A's faces read in B's frame, against B's vertices. */
static inline satcd__axes satcd__pair_axes_a(const satcd__pair *pair)
{
    const satcd_polygon *a = pair->a;
    satcd__axes ax = {a->nx, a->ny, a->vx, a->vy, a->count, pair->q_ab, pair->rel.p};
    return ax;
}

/* B's faces read in A's frame, against A's vertices. */
static inline satcd__axes satcd__pair_axes_b(const satcd__pair *pair)
{
    const satcd_polygon *b = pair->b;
    satcd__axes ax = {b->nx, b->ny, b->vx, b->vy, b->count, pair->rel.q, pair->a_in_b};
    return ax;
}

/* The outward normal of B's face k in A's frame, as the kernels turn it. */
static inline satcd_vec2 satcd__pair_normal_b(const satcd__pair *pair, int k)
{
    return satcd_rotate(pair->rel.q, satcd_polygon_normal(pair->b, k));
}

/*
 * Every vertex of B lies within rb of B's centroid, and every face of A
 * within ra of A's, so along A's normal n the face separation is at least
 * dot(d, n) - ra - rb, d running from A's centroid to B's; and some normal
 * has dot(d, n) >= |d| * cover. B's faces bound it the same way along -d.
 * When that lower bound exceeds the margin by far more than the rounding of
 * any query (slack relative to the sizes, offsets and |d|), the full test
 * would find a face beyond the margin too: the pair can be dismissed. Each
 * polygon's share of that slack is in its reach (satcd_polygon), formed
 * once when it is made.
 */
static inline bool satcd__beyond_reach(const satcd_polygon *a, const satcd_polygon *b, satcd_xf rel, float margin)
{
    satcd_vec2 d = satcd_sub(satcd_xf_point(rel, b->centroid), a->centroid);
    float cover = (a->cover > b->cover ? a->cover : b->cover) - 0x1p-12f;
    float offsets = fabsf(rel.p.x) + fabsf(rel.p.y);
    float reach = ((a->reach + b->reach) + margin * (1.0f + 0x1p-12f)) + 0x1p-17f * offsets;
    return cover > 0.0f && cover * cover * satcd_length_sq(d) > reach * reach;
}

/*
 * Ask for a polygon's vertex and normal lines ahead of use: every line that
 * holds a byte of its first 256, where the lanes of up to 8 vertices lie,
 * whether the polygon starts at a line or halfway through one (the line of
 * its scalars is read at once anyway). Issued before the bounding-circle test,
 * they arrive while it runs when the pair goes on to the faces; without them
 * a run of pairs that the circles mostly dismiss waits on each line in turn,
 * its reads too sparse for the hardware's sequential prefetch to follow
 * (docs/perf/log.md has the timings).
 */
_Static_assert(offsetof(satcd_polygon, ny) + 8 * sizeof(float) == 256,
               "the lanes of up to 8 vertices must end at byte 256, as the prefetch below assumes");

static inline void satcd__prefetch_polygon(const satcd_polygon *p)
{
#if defined(__GNUC__) || defined(__clang__)
    const char *bytes = (const char *)p;
    __builtin_prefetch(bytes + 64);
    __builtin_prefetch(bytes + 128);
    __builtin_prefetch(bytes + 192);
    __builtin_prefetch(bytes + 255);
#else
    (void)p;
#endif
}

/*
 * The relation of xa and xb (satcd__relate) when both polygons are valid
 * and both transforms usable; otherwise false, nothing written: the input
 * is caller error.
 */
static inline bool satcd__relate_usable(const satcd_polygon *a, satcd_xf xa, const satcd_polygon *b, satcd_xf xb,
                                        satcd_xf *rel, satcd_vec2 *a_in_b)
{
    return satcd_polygon_is_valid(a) && satcd_polygon_is_valid(b) && satcd__relate(xa, xb, rel, a_in_b);
}

/*
 * The pair of a and b so related, unless the bounding circles alone prove
 * some face separation larger than margin (>= 0): then false, nothing set.
 */
static inline bool satcd__pair_relate_within(satcd__pair *pair, const satcd_polygon *a, const satcd_polygon *b,
                                             satcd_xf rel, satcd_vec2 a_in_b, float margin)
{
    satcd__prefetch_polygon(a);
    satcd__prefetch_polygon(b);
    if (satcd__beyond_reach(a, b, rel, margin)) return false;
    satcd__pair_relate(pair, a, b, rel, a_in_b);
    return true;
}

/*
 * Relate the pair of a (placed by xa) and b (by xb) when both polygons are
 * valid, both transforms usable, and the bounding circles do not alone
 * prove some face separation larger than margin (>= 0). Otherwise false,
 * and nothing is set.
 */
static inline bool satcd__pair_init_within(satcd__pair *pair, const satcd_polygon *a, satcd_xf xa,
                                           const satcd_polygon *b, satcd_xf xb, float margin)
{
    satcd_xf rel;
    satcd_vec2 a_in_b;
    return satcd__relate_usable(a, xa, b, xb, &rel, &a_in_b) && satcd__pair_relate_within(pair, a, b, rel, a_in_b, margin);
}

/* B's vertices and normals in A's frame, once the pair is related. */
static inline void satcd__pair_place_b(const satcd__pair *pair, satcd__placed *out)
{
    const satcd_polygon *b = pair->b;
    int lanes = satcd__padded_count(b->count);
    satcd__simd_transform(b->vx, b->vy, lanes, pair->rel, out->x, out->y);
    satcd__simd_rotate(b->nx, b->ny, lanes, pair->rel.q, out->nx, out->ny);
}

/* Relate the pair of a (placed by xa) and b (by xb), both valid. */
static inline void satcd__pair_init(satcd__pair *pair, const satcd_polygon *a, satcd_xf xa,
                                    const satcd_polygon *b, satcd_xf xb)
{
    satcd_xf rel = satcd_xf_inv_mul(xa, xb);
    satcd__pair_relate(pair, a, b, rel, satcd__origin_a_in_b(rel));
}

/*
 * Per-edge separations: A's faces against B's vertices (_a) or B's faces
 * against A's vertices (_b). Writes out[] in edge order, may stop after an
 * entry >= stop; returns the number of entries written.
 */
static inline int satcd__pair_separations_a(const satcd__pair *pair, float stop, float *out)
{
    satcd__axes ax = satcd__pair_axes_a(pair);
    return satcd__simd_edge_separations(&ax, pair->b->vx, pair->b->vy, pair->b->count, stop, out);
}

static inline int satcd__pair_separations_b(const satcd__pair *pair, float stop, float *out)
{
    satcd__axes ax = satcd__pair_axes_b(pair);
    return satcd__simd_edge_separations(&ax, pair->a->vx, pair->a->vy, pair->a->count, stop, out);
}

/*
 * The largest of those separations and in *edge its lowest index; when one
 * is >= stop, the first such one instead (the pair is then farther apart
 * than stop, which is all a caller may read).
 */
SATCD__KERNEL float satcd__pair_max_a(const satcd__pair *pair, float stop, int *edge)
{
    satcd__axes ax = satcd__pair_axes_a(pair);
    return satcd__simd_max_separation(&ax, pair->b->vx, pair->b->vy, pair->b->count, stop, edge);
}

SATCD__KERNEL float satcd__pair_max_b(const satcd__pair *pair, float stop, int *edge)
{
    satcd__axes ax = satcd__pair_axes_b(pair);
    return satcd__simd_max_separation(&ax, pair->a->vx, pair->a->vy, pair->a->count, stop, edge);
}

/* Whether some separation of A's faces (_a) or of B's faces (_b) is >= stop. */
SATCD__KERNEL bool satcd__pair_reaches_a(const satcd__pair *pair, float stop)
{
    satcd__axes ax = satcd__pair_axes_a(pair);
    return satcd__simd_reaches(&ax, pair->b->vx, pair->b->vy, pair->b->count, stop);
}

SATCD__KERNEL bool satcd__pair_reaches_b(const satcd__pair *pair, float stop)
{
    satcd__axes ax = satcd__pair_axes_b(pair);
    return satcd__simd_reaches(&ax, pair->a->vx, pair->a->vy, pair->a->count, stop);
}

/*
 * Index of the lowest of the n points (x, y) along dir, lowest index on
 * ties: a polygon's support point in -dir, or, on its normals, the edge most
 * opposed to dir. The arrays are padded (simd.h).
 */
static inline int satcd__lowest_along(const float *x, const float *y, int n, satcd_vec2 dir)
{
    return satcd__simd_lowest_along(x, y, n, dir.x, dir.y);
}

#endif
