/*
 * Circles: construction, and every query of a circle against a polygon or
 * another circle. Each query reduces its pair to one polygon-disc or
 * disc-disc result in A's frame (satcd__circle_round), from which the separation,
 * relation, MTV and manifold are read.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include <satcd/circle.h>

#include "circle_internal.h"
#include "geometry_internal.h"

satcd_status satcd_circle_make(satcd_circle *out, satcd_vec2 center, float radius)
{
    if (out == NULL) return SATCD_ERR_NULL;
    if (!satcd_vec2_is_finite(center) || !isfinite(radius)) return SATCD_ERR_NOT_FINITE;
    if (!(radius > 0.0f)) return SATCD_ERR_BAD_RADIUS;
    if (fabsf(center.x) > SATCD_MAX_COORDINATE || fabsf(center.y) > SATCD_MAX_COORDINATE ||
        radius > SATCD_MAX_COORDINATE)
        return SATCD_ERR_OUT_OF_RANGE;
    out->center = center;
    out->radius = radius;
    return SATCD_OK;
}

satcd__circle_round satcd__polygon_disc(const satcd_polygon *a, satcd_vec2 c, float r)
{
    satcd__circle_round out;
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
    for (int i = 0; i < a->count; ++i) d2[i] = satcd_length_sq(satcd_sub(c, satcd__lane_vertex(a, i)));
    for (int i = 0; i < a->count; ++i) {
        int j = satcd__next(i, a->count), from = d2[j] < d2[i] ? j : i;
        s[i] = satcd_dot(satcd_sub(c, satcd__lane_vertex(a, from)), satcd_polygon_normal(a, i)) + 0.0f;
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
        satcd_vec2 v0 = satcd__lane_vertex(a, i), v1 = satcd__lane_vertex(a, satcd__next(i, a->count));
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
            best_q = satcd__lane_vertex(a, i);
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

/*
 * The polygon against the disc, in the frame of the polygon's lanes: the
 * disc's centre re-based to the polygon's anchor (satcd__rebased_offset),
 * so that a polygon and a disc given in world coordinates far from the
 * origin meet on short coordinates. Without an anchor the subtraction of 0
 * changes nothing, to the bit.
 */
static satcd__circle_round polygon_circle(const satcd_polygon *a, satcd_xf xa, const satcd_circle *b, satcd_xf xb)
{
    satcd_vec2 c = satcd__rebased_offset(satcd_xf_inv_mul(xa, xb), a->anchor, b->center);
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
    satcd__circle_round r = polygon_circle(a, xa, b, xb);
    if (!(r.separation < 0.0f)) return m;
    m.hit = true;
    m.normal = satcd_rotate(xa.q, r.normal);
    m.depth = -r.separation;
    float r2 = b->radius * b->radius;
    m.a_in_b = true;
    for (int i = 0; i < a->count; ++i) {
        if (satcd_length_sq(satcd_sub(satcd__lane_vertex(a, i), r.center)) > r2) m.a_in_b = false;
    }
    m.b_in_a = r.inside && r.separation + 2.0f * b->radius <= 0.0f;
    return m;
}

satcd__circle_round satcd__disc_disc(const satcd_circle *a, satcd_xf xa, const satcd_circle *b, satcd_xf xb)
{
    satcd__circle_round out;
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
    satcd__circle_round r = satcd__disc_disc(a, xa, b, xb);
    if (!(r.separation < 0.0f)) return m;
    float len = r.separation + a->radius + b->radius;
    m.hit = true;
    m.normal = satcd_rotate(xa.q, r.normal);
    m.depth = -r.separation;
    m.a_in_b = len + a->radius <= b->radius;
    m.b_in_a = r.inside;
    return m;
}

/* One contact on disc B's boundary, deepest toward A, from a polygon-disc or disc-disc result. */
static satcd_manifold round_manifold(const satcd__circle_round *r, float radius_b, satcd_xf xa, uint32_t id, float margin)
{
    satcd_manifold m;
    memset(&m, 0, sizeof m);
    if (r->separation > satcd__clean_margin(margin)) return m;
    m.normal = satcd_rotate(xa.q, r->normal);
    m.count = 1;
    m.points[0].point = satcd_xf_point(xa, satcd_mul_add(r->center, -radius_b, r->normal));
    m.points[0].depth = -r->separation;
    m.points[0].id = id;
    return m;
}

satcd_manifold satcd_collide_polygon_circle(const satcd_polygon *a, satcd_xf xa,
                                            const satcd_circle *b, satcd_xf xb, float margin)
{
    satcd_manifold m;
    memset(&m, 0, sizeof m);
    if (!satcd_polygon_is_valid(a) || !satcd_circle_is_valid(b) || !satcd__xf_usable(xa, xb)) return m;
    satcd__circle_round r = polygon_circle(a, xa, b, xb);
    uint32_t id = satcd_contact_id(r.feature, 0, false) | (r.vertex ? SATCD_ID_VERTEX : 0u);
    return round_manifold(&r, b->radius, satcd__lanes_xf(a, xa), id, margin);
}

satcd_manifold satcd_collide_circles(const satcd_circle *a, satcd_xf xa,
                                     const satcd_circle *b, satcd_xf xb, float margin)
{
    satcd_manifold m;
    memset(&m, 0, sizeof m);
    if (!satcd_circle_is_valid(a) || !satcd_circle_is_valid(b) || !satcd__xf_usable(xa, xb)) return m;
    satcd__circle_round r = satcd__disc_disc(a, xa, b, xb);
    return round_manifold(&r, b->radius, xa, 0u, margin);
}

/* Distance from a polygon-disc or disc-disc result; point_a given in A's frame. */
static satcd_distance round_distance(const satcd__circle_round *r, float radius_b, satcd_vec2 point_a, satcd_xf xa)
{
    float distance = r->separation > 0.0f ? r->separation : 0.0f;
    return satcd__placed_distance(distance, point_a, satcd_mul_add(r->center, -radius_b, r->normal), r->normal, xa);
}

satcd_distance satcd_distance_polygon_circle(const satcd_polygon *a, satcd_xf xa,
                                             const satcd_circle *b, satcd_xf xb)
{
    if (!polygon_disc_args(a, xa, b, xb)) return satcd__no_distance();
    satcd__circle_round r = polygon_circle(a, xa, b, xb);
    /* The centre minus its gap to the polygon along the normal: its projection on the face. */
    satcd_vec2 on_a = r.vertex ? satcd__lane_vertex(a, r.feature)
                               : satcd_mul_add(r.center, -(r.separation + b->radius), r.normal);
    return round_distance(&r, b->radius, on_a, satcd__lanes_xf(a, xa));
}

satcd_distance satcd_distance_circles(const satcd_circle *a, satcd_xf xa, const satcd_circle *b, satcd_xf xb)
{
    if (!discs_args(a, xa, b, xb)) return satcd__no_distance();
    satcd__circle_round r = satcd__disc_disc(a, xa, b, xb);
    return round_distance(&r, b->radius, satcd_mul_add(a->center, a->radius, r.normal), xa);
}
