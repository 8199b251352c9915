/*
 * Separating-axis queries. For convex polygons the candidate axes are the
 * edge normals of both shapes; for each normal of one shape only the other
 * shape's support point (its deepest vertex) matters, which gives the
 * signed gap of that face directly. The largest gap over all faces is the
 * separation; when it is negative its face is the face of the Minkowski
 * difference nearest the origin, so minus it is the true push-out depth
 * (including containment, where the interval overlap length would be wrong).
 */
#include <float.h>
#include <string.h>

#include <satcd/distance.h>
#include <satcd/sat.h>

#include "pair_internal.h"

static bool valid_pair(const satcd_polygon *a, satcd_xf xa, const satcd_polygon *b, satcd_xf xb)
{
    return satcd_polygon_is_valid(a) && satcd_polygon_is_valid(b) && satcd__xf_usable(xa, xb);
}

bool satcd_overlap_polygons(const satcd_polygon *a, satcd_xf xa,
                            const satcd_polygon *b, satcd_xf xb)
{
    satcd__pair pair;
    if (!satcd__pair_init_within(&pair, a, xa, b, xb, 0.0f)) return false;
    if (satcd__pair_reaches_a(&pair, 0.0f)) return false;
    return !satcd__pair_reaches_b(&pair, 0.0f);
}

/* Largest separation over both shapes' faces; *edge indexes A's edges, then B's (A wins ties). */
static float full_separation(const satcd__pair *pair, int *edge)
{
    int ea, eb;
    float sa = satcd__pair_max_a(pair, FLT_MAX, &ea);
    float sb = satcd__pair_max_b(pair, FLT_MAX, &eb);
    *edge = sb > sa ? pair->a->count + eb : ea;
    return sb > sa ? sb : sa;
}

float satcd_separation_polygons(const satcd_polygon *a, satcd_xf xa,
                                const satcd_polygon *b, satcd_xf xb)
{
    if (!valid_pair(a, xa, b, xb)) return FLT_MAX;
    satcd__pair pair;
    satcd__pair_init(&pair, a, xa, b, xb);
    int edge;
    return full_separation(&pair, &edge);
}

satcd_relation satcd_relate_polygons(const satcd_polygon *a, satcd_xf xa,
                                     const satcd_polygon *b, satcd_xf xb, float tolerance)
{
    /*
     * The tolerance is a distance. A face gap beyond it decides alone, as
     * it never exceeds the distance; within it, the distance decides (with
     * two corners closest, the face gap falls short of it).
     */
    float sep = satcd_separation_polygons(a, xa, b, xb);
    if (sep > 0.0f && sep <= tolerance) sep = satcd_distance_polygons(a, xa, b, xb).distance;
    return satcd_relation_of(sep, tolerance);
}

satcd_mtv satcd_mtv_polygons(const satcd_polygon *a, satcd_xf xa,
                             const satcd_polygon *b, satcd_xf xb)
{
    satcd_mtv m;
    memset(&m, 0, sizeof m);
    /* Like the overlap test, leave at the first face that is not penetrated. */
    satcd__pair pair;
    if (!satcd__pair_init_within(&pair, a, xa, b, xb, 0.0f)) return m;
    int ea, eb;
    float sa = satcd__pair_max_a(&pair, 0.0f, &ea);
    if (!(sa < 0.0f)) return m;
    float sb = satcd__pair_max_b(&pair, 0.0f, &eb);
    if (!(sb < 0.0f)) return m;
    float sep = sb > sa ? sb : sa;
    /* B's face pushes B along its inward normal; A wins ties. */
    satcd_vec2 n = sb > sa ? satcd_neg(satcd__pair_normal_b(&pair, eb)) : satcd_polygon_normal(a, ea);
    m.hit = true;
    m.normal = satcd_rotate(xa.q, n);
    m.depth = -sep;
    satcd__axes faces_a = satcd__pair_axes_a(&pair), faces_b = satcd__pair_axes_b(&pair);
    m.a_in_b = satcd__simd_all_behind(&faces_b, a->vx, a->vy, a->count);
    m.b_in_a = satcd__simd_all_behind(&faces_a, b->vx, b->vy, b->count);
    return m;
}

/* Separation on the one cached axis, computed by the same kernel as a full scan. */
static float cached_axis_separation(const satcd__pair *pair, int axis)
{
    bool on_a = axis < pair->a->count;
    const satcd_polygon *faces = on_a ? pair->a : pair->b, *points = on_a ? pair->b : pair->a;
    int k = on_a ? axis : axis - pair->a->count;
    SATCD_ALIGN(32) float nx[SATCD_SIMD_PAD], ny[SATCD_SIMD_PAD], px[SATCD_SIMD_PAD], py[SATCD_SIMD_PAD];
    for (int i = 0; i < SATCD_SIMD_PAD; ++i) {
        nx[i] = faces->nx[k];
        ny[i] = faces->ny[k];
        px[i] = faces->vx[k];
        py[i] = faces->vy[k];
    }
    satcd__axes ax = on_a ? satcd__pair_axes_a(pair) : satcd__pair_axes_b(pair);
    ax.nx = nx, ax.ny = ny, ax.px = px, ax.py = py, ax.count = 1;
    SATCD_ALIGN(32) float s[SATCD_SIMD_PAD];
    satcd__simd_edge_separations(&ax, points->vx, points->vy, points->count, FLT_MAX, s);
    return s[0];
}

bool satcd_overlap_polygons_cached(const satcd_polygon *a, satcd_xf xa,
                                   const satcd_polygon *b, satcd_xf xb,
                                   satcd_sat_cache *cache)
{
    if (cache == NULL) return satcd_overlap_polygons(a, xa, b, xb);
    cache->hit = 0;
    /* The circles first: cheaper than any one axis, and they leave the cached axis for the frames they miss. */
    satcd__pair pair;
    if (!satcd__pair_init_within(&pair, a, xa, b, xb, 0.0f)) return false;
    if (cache->valid && cache->axis >= 0 && cache->axis < a->count + b->count &&
        cached_axis_separation(&pair, cache->axis) >= 0.0f) {
        cache->hit = 1;
        return false;
    }
    /* The first separating axis, A's before B's: the one the next frame tries first. */
    int k;
    if (!(satcd__pair_max_a(&pair, 0.0f, &k) >= 0.0f)) {
        int kb;
        k = satcd__pair_max_b(&pair, 0.0f, &kb) >= 0.0f ? a->count + kb : -1;
    }
    cache->valid = k >= 0;
    cache->axis = (int16_t)k;
    return k < 0;
}
