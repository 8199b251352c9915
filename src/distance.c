/*
 * Distance between polygons. With at most 16 vertices each, every
 * vertex-to-edge pair (both ways) is cheap and exact, and it needs none of
 * the iteration and termination tolerances of GJK.
 */
#include <float.h>
#include <string.h>

#include <satcd/distance.h>

#include "pair_internal.h"

/* Closest pair between the points (px, py) and the edges of the ring (rx, ry); updates *best_d2. */
static void closest_points_to_edges(const float *px, const float *py, int np, const float *rx, const float *ry, int nr,
                                    bool points_on_b, float *best_d2, satcd_vec2 *pa, satcd_vec2 *pb)
{
    for (int j = 0; j < np; ++j) {
        satcd_vec2 p = satcd_v2(px[j], py[j]);
        for (int i = 0; i < nr; ++i) {
            satcd_vec2 v0 = satcd_v2(rx[i], ry[i]), v1 = satcd_v2(rx[(i + 1) % nr], ry[(i + 1) % nr]);
            satcd_vec2 q = satcd__closest_on_segment(p, v0, v1, NULL);
            float d2 = satcd_length_sq(satcd_sub(p, q));
            if (d2 < *best_d2) {
                *best_d2 = d2;
                *pa = points_on_b ? q : p;
                *pb = points_on_b ? p : q;
            }
        }
    }
}

/* Touching or overlapping: witness points on the face of least penetration (A's face ea or B's face eb). */
static void penetrating_witness(const satcd__pair *pair, const satcd__placed *placed_b, float sa, int ea, float sb, int eb,
                                satcd_distance *out)
{
    const satcd_polygon *a = pair->a, *b = pair->b;
    if (sb > sa) {
        satcd_vec2 m = satcd_v2(placed_b->nx[eb], placed_b->ny[eb]);
        out->point_a = satcd__lane_vertex(a, satcd__lowest_along(a->vx, a->vy, a->count, m));
        out->point_b = satcd_mul_add(out->point_a, -sb, m);
        out->normal = satcd_neg(m);
    } else {
        satcd_vec2 n = satcd_polygon_normal(a, ea);
        int k = satcd__lowest_along(placed_b->x, placed_b->y, b->count, n);
        out->point_b = satcd_v2(placed_b->x[k], placed_b->y[k]);
        out->point_a = satcd_mul_add(out->point_b, -sa, n);
        out->normal = n;
    }
}

satcd_distance satcd_distance_polygons(const satcd_polygon *a, satcd_xf xa,
                                       const satcd_polygon *b, satcd_xf xb)
{
    if (!satcd_polygon_is_valid(a) || !satcd_polygon_is_valid(b) || !satcd__xf_usable(xa, xb)) return satcd__no_distance();
    satcd_distance out;
    satcd__pair pair;
    satcd__placed placed_b;
    satcd__pair_init(&pair, a, xa, b, xb);
    satcd__pair_place_b(&pair, &placed_b);
    int ea, eb;
    float sa = satcd__pair_max_a(&pair, FLT_MAX, &ea);
    float sb = satcd__pair_max_b(&pair, FLT_MAX, &eb);

    float best_d2 = FLT_MAX;
    satcd_vec2 pa = {0, 0}, pb = {0, 0}, dir = {0, 0};
    if (sa > 0.0f || sb > 0.0f) {
        closest_points_to_edges(placed_b.x, placed_b.y, b->count, a->vx, a->vy, a->count, true, &best_d2, &pa, &pb);
        closest_points_to_edges(a->vx, a->vy, a->count, placed_b.x, placed_b.y, b->count, false, &best_d2, &pa, &pb);
        dir = satcd_normalize(satcd_sub(pb, pa));
    }
    if (satcd_length_sq(dir) > 0.0f) {
        out.distance = sqrtf(best_d2);
        out.point_a = pa;
        out.point_b = pb;
        out.normal = dir;
    } else {
        out.distance = 0.0f;
        penetrating_witness(&pair, &placed_b, sa, ea, sb, eb, &out);
    }
    return satcd__placed_distance(out.distance, out.point_a, out.point_b, out.normal, satcd__lanes_xf(a, xa));
}
