/*
 * Contact manifolds by reference-face / incident-face clipping.
 *
 * The reference face is the face of least penetration, with a bias toward
 * A so that two nearly equal faces do not trade places from frame to frame.
 * The incident face is the other polygon's edge most opposed to it. The
 * incident edge is clipped to the reference edge's two side planes and each
 * end keeps its own depth below the reference face. A contact id names the
 * features (reference edge, incident edge, which incident end), never
 * whether the end was clipped, so a resting box whose corner sits within
 * rounding of a side plane keeps its ids.
 */
#include <float.h>
#include <string.h>

#include <satcd/manifold.h>

#include "manifold_internal.h"

/*
 * The part of incident end `end` that lies within the reference edge's side
 * planes. s_end and s_other are the ends' coordinates along the reference
 * edge, whose span is [0, hi]. False when the whole incident edge lies
 * beyond the same side plane as this end.
 */
static bool clip_end(satcd_vec2 w_end, satcd_vec2 w_other, float s_end, float s_other, float hi, satcd_vec2 *out)
{
    float bound;
    if (s_end < 0.0f) bound = 0.0f;
    else if (s_end > hi) bound = hi;
    else {
        *out = w_end;
        return true;
    }
    bool crosses = (s_end < bound) ? (s_other >= bound) : (s_other <= bound);
    if (!crosses) return false;
    *out = satcd_lerp(w_end, w_other, (bound - s_end) / (s_other - s_end));
    return true;
}

/* Incident point p as a contact of end `end`; false when it lies beyond the margin. */
static bool make_contact(satcd_xf xa, const satcd__faces *f, satcd_vec2 p, int end, float margin, satcd_contact *c)
{
    float depth = -satcd_dot(f->normal, satcd_sub(p, f->v1));
    c->point = satcd_xf_point(xa, p);
    c->depth = depth;
    c->id = satcd_contact_id(f->reference_edge, f->incident_edge, end, f->flip);
    return !(-depth > margin);
}

/*
 * Clip the incident edge: its surviving ends, in end order, as the
 * manifold's contacts. Both ends are computed before either is placed, and
 * the manifold is assembled once, whole: a result built field by field in
 * memory and then copied out costs a store-to-load stall per copy.
 */
static satcd_manifold clip_faces(satcd_xf xa, const satcd__faces *f, float margin)
{
    satcd_vec2 t = satcd_left_perp(f->normal); /* along the reference edge, v1 to v2 */
    float hi = satcd_dot(t, satcd_sub(f->v2, f->v1));
    float s1 = satcd_dot(t, satcd_sub(f->w1, f->v1));
    float s2 = satcd_dot(t, satcd_sub(f->w2, f->v1));
    satcd_contact none = {{0.0f, 0.0f}, 0.0f, 0u}, c1 = none, c2 = none;
    satcd_vec2 p;
    bool keep1 = clip_end(f->w1, f->w2, s1, s2, hi, &p) && make_contact(xa, f, p, 0, margin, &c1);
    bool keep2 = clip_end(f->w2, f->w1, s2, s1, hi, &p) && make_contact(xa, f, p, 1, margin, &c2);
    if (!keep1 && !keep2 && f->separation < 0.0f) {
        /* Overlapping, yet the clip kept nothing: keep the deeper incident vertex. */
        float d1 = satcd_dot(f->normal, satcd_sub(f->w1, f->v1));
        float d2 = satcd_dot(f->normal, satcd_sub(f->w2, f->v1));
        keep1 = make_contact(xa, f, d2 < d1 ? f->w2 : f->w1, d2 < d1 ? 1 : 0, FLT_MAX, &c1);
    }
    satcd_manifold m = {{0.0f, 0.0f}, keep1 + keep2, {keep1 ? c1 : keep2 ? c2 : none, keep1 && keep2 ? c2 : none}};
    if (m.count > 0) m.normal = satcd_rotate(xa.q, f->flip ? satcd_neg(f->normal) : f->normal);
    return m;
}

static float clean_margin(float margin) { return margin > 0.0f ? margin : 0.0f; }

satcd_manifold satcd_collide_polygons(const satcd_polygon *a, satcd_xf xa,
                                      const satcd_polygon *b, satcd_xf xb, float margin)
{
    satcd_manifold m;
    memset(&m, 0, sizeof m);
    if (!satcd_polygon_is_valid(a) || !satcd_polygon_is_valid(b) || !satcd__xf_usable(xa, xb)) return m;
    margin = clean_margin(margin);
    satcd__pair pair;
    satcd__faces f;
    if (!satcd__pair_place_within(&pair, a, xa, b, xb, margin) || !satcd__choose_faces(&pair, margin, &f)) return m;
    return clip_faces(xa, &f, margin);
}

/* One contact on disc B's boundary, deepest toward A, from a polygon-disc or disc-disc result. */
static satcd_manifold round_manifold(const satcd__round *r, float radius_b, satcd_xf xa, uint32_t id, float margin)
{
    satcd_manifold m;
    memset(&m, 0, sizeof m);
    if (r->separation > clean_margin(margin)) return m;
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
    satcd_vec2 c = satcd_xf_point(satcd_xf_inv_mul(xa, xb), b->center);
    satcd__round r = satcd__polygon_disc(a, c, b->radius);
    uint32_t id = satcd_contact_id(r.feature, 0, 0, false) | (r.vertex ? SATCD_ID_VERTEX : 0u);
    return round_manifold(&r, b->radius, xa, id, margin);
}

satcd_manifold satcd_collide_circles(const satcd_circle *a, satcd_xf xa,
                                     const satcd_circle *b, satcd_xf xb, float margin)
{
    satcd_manifold m;
    memset(&m, 0, sizeof m);
    if (!satcd_circle_is_valid(a) || !satcd_circle_is_valid(b) || !satcd__xf_usable(xa, xb)) return m;
    satcd__round r = satcd__disc_disc(a, xa, b, xb);
    return round_manifold(&r, b->radius, xa, 0u, margin);
}
