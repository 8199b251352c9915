/*
 * The SAT trace: the same per-edge separations and the same face choice the
 * queries use (pair_internal.h, manifold_internal.h), plus the projection
 * intervals a drawing needs, and the fast queries' own results.
 */
#include <float.h>
#include <string.h>

#include <satcd/trace.h>

#include "manifold_internal.h"

/* Interval of the n points (x, y) on axis n, shifted by offset. */
static void project(const float *x, const float *y, int n, satcd_vec2 axis, float offset, float *lo, float *hi)
{
    float mn = FLT_MAX, mx = -FLT_MAX;
    for (int i = 0; i < n; ++i) {
        float d = x[i] * axis.x + y[i] * axis.y;
        mn = d < mn ? d : mn;
        mx = d > mx ? d : mx;
    }
    *lo = mn + offset;
    *hi = mx + offset;
}

/* Fill one axis; local is the normal in A's frame, xa the transform of A's lanes. */
static void record_axis(satcd_trace_axis *ax, const satcd__pair *pair, const satcd__placed *placed_b, satcd_xf xa,
                        int shape, int edge,
                        satcd_vec2 local, float separation)
{
    const satcd_polygon *a = pair->a;
    ax->shape = shape;
    ax->edge = edge;
    ax->axis = satcd_rotate(xa.q, local);
    float offset = satcd_dot(ax->axis, xa.p);
    project(a->vx, a->vy, a->count, local, offset, &ax->a_min, &ax->a_max);
    project(placed_b->x, placed_b->y, pair->b->count, local, offset, &ax->b_min, &ax->b_max);
    ax->separation = separation;
    ax->push = -separation;
}

satcd_status satcd_trace_polygons(const satcd_polygon *a, satcd_xf xa,
                                  const satcd_polygon *b, satcd_xf xb, satcd_trace *out)
{
    if (a == NULL || b == NULL || out == NULL) return SATCD_ERR_NULL;
    if (!satcd_polygon_is_valid(a) || !satcd_polygon_is_valid(b)) return SATCD_ERR_TOO_FEW_POINTS;
    if (!satcd__xf_usable(xa, xb)) return SATCD_ERR_NOT_FINITE;
    satcd_trace t;
    memset(&t, 0, sizeof t);
    satcd__pair pair;
    satcd__placed placed_b;
    satcd__pair_init(&pair, a, xa, b, xb);
    satcd__pair_place_b(&pair, &placed_b);

    float sa[SATCD__MAX_V] = {0.0f}, sb[SATCD__MAX_V] = {0.0f}; /* all read entries written below; set so no compiler has to prove it */
    satcd__pair_separations_a(&pair, FLT_MAX, sa);
    satcd__pair_separations_b(&pair, FLT_MAX, sb);
    satcd_xf lanes = satcd__lanes_xf(a, xa);
    for (int i = 0; i < a->count; ++i)
        record_axis(&t.axes[t.axis_count++], &pair, &placed_b, lanes, 0, i, satcd_polygon_normal(a, i), sa[i]);
    for (int j = 0; j < b->count; ++j)
        record_axis(&t.axes[t.axis_count++], &pair, &placed_b, lanes, 1, j, satcd_v2(placed_b.nx[j], placed_b.ny[j]),
                    sb[j]);

    int ea, eb;
    float best_a = satcd__max_entry(sa, a->count, &ea);
    float best_b = satcd__max_entry(sb, b->count, &eb);
    t.chosen = best_b > best_a ? a->count + eb : ea;
    t.separation = best_b > best_a ? best_b : best_a;
    t.mtv = satcd_mtv_polygons(a, xa, b, xb);

    satcd__faces f;
    t.reference_shape = t.reference_edge = t.incident_edge = -1;
    if (satcd__manifold_faces(&pair, &placed_b, xa, xb.q, &f)) {
        t.reference_shape = f.flip ? 1 : 0;
        t.reference_edge = f.reference_edge;
        t.incident_edge = f.incident_edge;
        t.reference_v1 = satcd_xf_point(lanes, f.v1);
        t.reference_v2 = satcd_xf_point(lanes, f.v2);
        t.incident_v1 = satcd_xf_point(lanes, f.w1);
        t.incident_v2 = satcd_xf_point(lanes, f.w2);
    }
    t.manifold = satcd_collide_polygons(a, xa, b, xb, 0.0f);
    *out = t;
    return SATCD_OK;
}
