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

#include <satcd/sat.h>

#include "sat_internal.h"

float satcd__max_entry(const float *s, int n, int *index)
{
    int k = 0;
    for (int i = 1; i < n; ++i) {
        if (s[i] > s[k]) k = i;
    }
    *index = k;
    return s[k];
}

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
    return satcd_relation_of(satcd_separation_polygons(a, xa, b, xb), tolerance);
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

satcd__round satcd__polygon_disc(const satcd_polygon *a, satcd_vec2 c, float r)
{
    satcd__round out;
    memset(&out, 0, sizeof out);
    out.center = c;
    /*
     * Each face gap is measured from the end of its edge nearer the centre.
     * A cached normal is perpendicular to its edge only to within rounding,
     * so along a long edge its line drifts from the far end by up to the
     * edge's length times about 1e-7: on a needle 36,000 long, enough to
     * put a centre 1.4 beyond the tip on the wrong side of a face and call
     * it inside.
     */
    float d2[SATCD__MAX_V], s[SATCD__MAX_V] = {0.0f}; /* s: all written below; set so no compiler has to prove it */
    for (int i = 0; i < a->count; ++i) d2[i] = satcd_length_sq(satcd_sub(c, satcd_polygon_vertex(a, i)));
    for (int i = 0; i < a->count; ++i) {
        int j = satcd__next(i, a->count), from = d2[j] < d2[i] ? j : i;
        s[i] = satcd_dot(satcd_sub(c, satcd_polygon_vertex(a, from)), satcd_polygon_normal(a, i)) + 0.0f;
    }
    int face;
    float face_sep = satcd__max_entry(s, a->count, &face);
    out.inside = face_sep <= 0.0f;
    if (out.inside) {
        out.separation = face_sep - r;
        out.normal = satcd_polygon_normal(a, face);
        out.feature = face;
        return out;
    }
    /*
     * Outside. The nearest feature is found by region, not by comparing
     * distances: next to a vertex, the distances to the vertex and to the
     * edge differ only in the second order, below float resolution, while
     * their directions differ in the first. In an edge's region (the centre
     * beyond the edge and projecting strictly inside it) the normal is the
     * edge's own normal and the gap its face gap.
     */
    int edge = -1;
    for (int i = 0; i < a->count; ++i) {
        float t;
        satcd_vec2 v0 = satcd_polygon_vertex(a, i), v1 = satcd_polygon_vertex(a, satcd__next(i, a->count));
        satcd__closest_on_segment(c, v0, v1, &t);
        if (s[i] > 0.0f && t > 0.0f && t < 1.0f && (edge < 0 || s[i] > s[edge])) edge = i;
    }
    if (edge >= 0) {
        out.separation = s[edge] - r;
        out.normal = satcd_polygon_normal(a, edge);
        out.feature = edge;
        return out;
    }
    /* Otherwise the nearest vertex. */
    float best_d2 = FLT_MAX;
    satcd_vec2 best_q = c;
    for (int i = 0; i < a->count; ++i) {
        if (d2[i] < best_d2) {
            best_d2 = d2[i];
            best_q = satcd_polygon_vertex(a, i);
            out.vertex = true;
            out.feature = i;
        }
    }
    float d = sqrtf(best_d2);
    satcd_vec2 dir = satcd_normalize(satcd_sub(c, best_q));
    bool usable = d > 0.0f && satcd_length_sq(dir) > 0.0f;
    out.normal = usable ? dir : satcd_polygon_normal(a, face);
    out.separation = (usable ? d : face_sep) - r;
    return out;
}

static bool polygon_disc_args(const satcd_polygon *a, satcd_xf xa, const satcd_circle *b, satcd_xf xb)
{
    return satcd_polygon_is_valid(a) && satcd_circle_is_valid(b) && satcd__xf_usable(xa, xb);
}

static satcd__round polygon_circle(const satcd_polygon *a, satcd_xf xa, const satcd_circle *b, satcd_xf xb)
{
    satcd_vec2 c = satcd_xf_point(satcd_xf_inv_mul(xa, xb), b->center);
    return satcd__polygon_disc(a, c, b->radius);
}

float satcd_separation_polygon_circle(const satcd_polygon *a, satcd_xf xa,
                                      const satcd_circle *b, satcd_xf xb)
{
    if (!polygon_disc_args(a, xa, b, xb)) return FLT_MAX;
    return polygon_circle(a, xa, b, xb).separation;
}

satcd_relation satcd_relate_polygon_circle(const satcd_polygon *a, satcd_xf xa,
                                           const satcd_circle *b, satcd_xf xb, float tolerance)
{
    return satcd_relation_of(satcd_separation_polygon_circle(a, xa, b, xb), tolerance);
}

satcd_mtv satcd_mtv_polygon_circle(const satcd_polygon *a, satcd_xf xa,
                                   const satcd_circle *b, satcd_xf xb)
{
    satcd_mtv m;
    memset(&m, 0, sizeof m);
    if (!polygon_disc_args(a, xa, b, xb)) return m;
    satcd__round r = polygon_circle(a, xa, b, xb);
    if (!(r.separation < 0.0f)) return m;
    m.hit = true;
    m.normal = satcd_rotate(xa.q, r.normal);
    m.depth = -r.separation;
    float r2 = b->radius * b->radius;
    m.a_in_b = true;
    for (int i = 0; i < a->count; ++i) {
        if (satcd_length_sq(satcd_sub(satcd_polygon_vertex(a, i), r.center)) > r2) m.a_in_b = false;
    }
    m.b_in_a = r.inside && r.separation + 2.0f * b->radius <= 0.0f;
    return m;
}

satcd__round satcd__disc_disc(const satcd_circle *a, satcd_xf xa, const satcd_circle *b, satcd_xf xb)
{
    satcd__round out;
    memset(&out, 0, sizeof out);
    out.center = satcd_xf_point(satcd_xf_inv_mul(xa, xb), b->center);
    satcd_vec2 d = satcd_sub(out.center, a->center);
    float len = satcd_length(d);
    satcd_vec2 dir = satcd_normalize(d);
    out.normal = len > 0.0f && satcd_length_sq(dir) > 0.0f ? dir : satcd_v2(1.0f, 0.0f);
    out.separation = len - a->radius - b->radius;
    out.inside = len + b->radius <= a->radius;
    return out;
}

static bool discs_args(const satcd_circle *a, satcd_xf xa, const satcd_circle *b, satcd_xf xb)
{
    return satcd_circle_is_valid(a) && satcd_circle_is_valid(b) && satcd__xf_usable(xa, xb);
}

float satcd_separation_circles(const satcd_circle *a, satcd_xf xa, const satcd_circle *b, satcd_xf xb)
{
    if (!discs_args(a, xa, b, xb)) return FLT_MAX;
    return satcd__disc_disc(a, xa, b, xb).separation;
}

satcd_relation satcd_relate_circles(const satcd_circle *a, satcd_xf xa,
                                    const satcd_circle *b, satcd_xf xb, float tolerance)
{
    return satcd_relation_of(satcd_separation_circles(a, xa, b, xb), tolerance);
}

satcd_mtv satcd_mtv_circles(const satcd_circle *a, satcd_xf xa, const satcd_circle *b, satcd_xf xb)
{
    satcd_mtv m;
    memset(&m, 0, sizeof m);
    if (!discs_args(a, xa, b, xb)) return m;
    satcd__round r = satcd__disc_disc(a, xa, b, xb);
    if (!(r.separation < 0.0f)) return m;
    float len = r.separation + a->radius + b->radius;
    m.hit = true;
    m.normal = satcd_rotate(xa.q, r.normal);
    m.depth = -r.separation;
    m.a_in_b = len + a->radius <= b->radius;
    m.b_in_a = r.inside;
    return m;
}
