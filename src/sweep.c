/*
 * Swept SAT for translating polygons. Moving B by d changes the separation
 * of each face f linearly: sep_f(d) = sep_f + u_f . d, where u_f is A's
 * outward normal for A's faces and minus B's outward normal for B's faces.
 * These faces are exactly the faces of the Minkowski difference, so the pair
 * overlaps at time t iff every sep_f(t v) < 0: the first contact is the
 * latest entry time over the faces, provided it precedes the earliest exit.
 *
 * A pair that starts touching, its largest separation within the rounding
 * band of zero, is a hit at t = 0 unless the motion takes it apart: some
 * face within the band gains more than the band by t = 1. That face then
 * keeps the pair from overlapping by more than rounding on the way, and a
 * contact that slides or presses on is still a contact.
 */
#include <float.h>
#include <string.h>

#include <satcd/manifold.h>
#include <satcd/sweep.h>

#include "pair_internal.h"

/* Running entry/exit window of the relative motion. */
typedef struct window {
    float enter, exit;
    int face;        /* face whose entry time is `enter`, -1 while none */
    satcd_vec2 normal;
    bool never;      /* some face stays separating for all t */
    float band;      /* half-width of the rounding band of a separation around zero */
    bool leaves;     /* some face within the band gains more than the band by t = 1 */
} window;

static void clip_face(window *w, float sep, satcd_vec2 u, satcd_vec2 v, int face)
{
    float rate = satcd_dot(u, v);
    if (sep >= -w->band && sep + rate > w->band) w->leaves = true;
    if (sep > 0.0f) {
        if (!(rate < 0.0f)) {
            w->never = true;
            return;
        }
        float t = sep / -rate;
        if (t > w->enter || w->face < 0) w->enter = t > w->enter ? t : w->enter, w->face = face, w->normal = u;
    } else if (rate > 0.0f) {
        float t = -sep / rate;
        if (t < w->exit) w->exit = t;
    }
}

/*
 * The sweep's rounding band (satcd__sweep_band) in the frame of A's lanes:
 * A reaches its centroid's distance from its anchor plus its radius, B the
 * same about its own anchor plus the offset between the two polygons'
 * lanes.
 */
static float rounding_band(const satcd__pair *pair)
{
    const satcd_polygon *a = pair->a, *b = pair->b;
    float reach_a = satcd_length(satcd_sub(a->centroid, a->anchor)) + a->radius;
    float reach_b = satcd_length(satcd_sub(b->centroid, b->anchor)) + b->radius + satcd_length(pair->rel.p);
    return satcd__sweep_band(reach_a, reach_b);
}

/* Middle of the contact region of the pair placed at time t (B's deepest vertex when no contact survives). */
static satcd_vec2 contact_point(const satcd_polygon *a, satcd_xf xa, const satcd_polygon *b, satcd_xf xb, satcd_vec2 n)
{
    float slop = 1e-4f * (a->radius < b->radius ? a->radius : b->radius);
    satcd_manifold m = satcd_collide_polygons(a, xa, b, xb, slop);
    if (m.count == 2) return satcd_lerp(m.points[0].point, m.points[1].point, 0.5f);
    if (m.count == 1) return m.points[0].point;
    int best = satcd__lowest_along(b->vx, b->vy, b->count, satcd_inv_rotate(xb.q, n));
    return satcd_xf_point(xb, satcd_polygon_vertex(b, best));
}

satcd_toi satcd_sweep_polygons(const satcd_polygon *a, satcd_xf xa, satcd_vec2 va,
                               const satcd_polygon *b, satcd_xf xb, satcd_vec2 vb)
{
    satcd_toi out;
    memset(&out, 0, sizeof out);
    if (!satcd_polygon_is_valid(a) || !satcd_polygon_is_valid(b) || !satcd__xf_usable(xa, xb)) return out;
    if (!satcd__velocities_usable(va, vb)) return out;
    satcd__pair pair;
    satcd__pair_init(&pair, a, xa, b, xb);
    satcd_vec2 v = satcd_inv_rotate(xa.q, satcd_sub(vb, va));

    float sa[SATCD__MAX_V], sb[SATCD__MAX_V];
    satcd__pair_separations_a(&pair, FLT_MAX, sa);
    satcd__pair_separations_b(&pair, FLT_MAX, sb);
    window w = {0.0f, 1.0f, -1, {0.0f, 0.0f}, false, rounding_band(&pair), false};
    float start = -FLT_MAX;
    satcd_vec2 start_normal = {0.0f, 0.0f};
    for (int i = 0; i < a->count; ++i) {
        satcd_vec2 u = satcd_polygon_normal(a, i);
        clip_face(&w, sa[i], u, v, i);
        if (sa[i] > start) start = sa[i], start_normal = u;
    }
    for (int j = 0; j < b->count; ++j) {
        satcd_vec2 u = satcd_neg(satcd__pair_normal_b(&pair, j));
        clip_face(&w, sb[j], u, v, a->count + j);
        if (sb[j] > start) start = sb[j], start_normal = u;
    }
    if (start <= w.band) {
        if (start >= -w.band && w.leaves) return out; /* touching, and moving apart */
        out.t = 0.0f;
        out.normal = start_normal;
    } else {
        if (w.never || w.face < 0 || w.enter > w.exit || w.enter > 1.0f) return out;
        out.t = w.enter;
        out.normal = w.normal;
    }
    out.hit = true;
    out.normal = satcd_rotate(xa.q, out.normal);
    satcd_xf xa_t = {satcd_mul_add(xa.p, out.t, va), xa.q};
    satcd_xf xb_t = {satcd_mul_add(xb.p, out.t, vb), xb.q};
    out.point = contact_point(a, xa_t, b, xb_t, out.normal);
    return out;
}
