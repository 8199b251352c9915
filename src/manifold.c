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

static satcd_vec2 lane(const float *x, const float *y, int i) { return satcd_v2(x[i], y[i]); }

bool satcd__choose_faces(satcd__pair *pair, float margin, satcd__faces *out)
{
    const satcd_polygon *a = pair->a, *b = pair->b;
    /*
     * The kernel may stop at the first face at or above `beyond`, a value
     * strictly above the margin (margin >= 0): the pair is then too far apart.
     */
    float beyond = margin * (1.0f + FLT_EPSILON) + FLT_MIN;
    int ea, eb;
    float sa = satcd__pair_max_a(pair, beyond, &ea);
    if (sa > margin) return false;
    satcd__pair_turn_normals(pair);
    float sb = satcd__pair_max_b(pair, beyond, &eb);
    if (sb > margin) return false;

    float bias = SATCD_REFERENCE_BIAS_REL * (a->radius < b->radius ? a->radius : b->radius);
    out->flip = sb > sa + bias;
    out->separation = sa > sb ? sa : sb;
    if (!out->flip) {
        int next = (ea + 1) % a->count;
        out->reference_edge = ea;
        out->v1 = satcd_polygon_vertex(a, ea);
        out->v2 = satcd_polygon_vertex(a, next);
        out->normal = satcd_polygon_normal(a, ea);
        int ib = satcd__lowest_along(pair->bnx, pair->bny, b->count, out->normal);
        out->incident_edge = ib;
        out->w1 = lane(pair->bx, pair->by, ib);
        out->w2 = lane(pair->bx, pair->by, (ib + 1) % b->count);
    } else {
        int next = (eb + 1) % b->count;
        out->reference_edge = eb;
        out->v1 = lane(pair->bx, pair->by, eb);
        out->v2 = lane(pair->bx, pair->by, next);
        out->normal = lane(pair->bnx, pair->bny, eb);
        int ia = satcd__lowest_along(a->nx, a->ny, a->count, out->normal);
        out->incident_edge = ia;
        out->w1 = satcd_polygon_vertex(a, ia);
        out->w2 = satcd_polygon_vertex(a, (ia + 1) % a->count);
    }
    return true;
}

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

static void add_contact(satcd_manifold *m, satcd_xf xa, const satcd__faces *f, satcd_vec2 p, int end, float margin)
{
    float depth = -satcd_dot(f->normal, satcd_sub(p, f->v1));
    if (-depth > margin) return;
    satcd_contact *c = &m->points[m->count++];
    c->point = satcd_xf_point(xa, p);
    c->depth = depth;
    c->id = satcd_contact_id(f->reference_edge, f->incident_edge, end, f->flip);
}

/* Clip the incident edge and emit its surviving ends as contacts. */
static void clip_faces(satcd_manifold *m, satcd_xf xa, const satcd__faces *f, float margin)
{
    satcd_vec2 t = satcd_left_perp(f->normal); /* along the reference edge, v1 to v2 */
    float hi = satcd_dot(t, satcd_sub(f->v2, f->v1));
    float s1 = satcd_dot(t, satcd_sub(f->w1, f->v1));
    float s2 = satcd_dot(t, satcd_sub(f->w2, f->v1));
    satcd_vec2 p;
    if (clip_end(f->w1, f->w2, s1, s2, hi, &p)) add_contact(m, xa, f, p, 0, margin);
    if (clip_end(f->w2, f->w1, s2, s1, hi, &p)) add_contact(m, xa, f, p, 1, margin);
    if (m->count == 0 && f->separation < 0.0f) {
        /* Overlapping, yet the clip kept nothing: keep the deeper incident vertex. */
        float d1 = satcd_dot(f->normal, satcd_sub(f->w1, f->v1));
        float d2 = satcd_dot(f->normal, satcd_sub(f->w2, f->v1));
        add_contact(m, xa, f, d2 < d1 ? f->w2 : f->w1, d2 < d1 ? 1 : 0, FLT_MAX);
    }
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
    clip_faces(&m, xa, &f, margin);
    if (m.count > 0) m.normal = satcd_rotate(xa.q, f.flip ? satcd_neg(f.normal) : f.normal);
    return m;
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
