/*
 * Capsule sweeps (the pair machinery in capsule_core.c).
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "capsule_internal.h"

/*
 * Sweeps. Under translation the distance between two convex shapes is a
 * convex function of time, so the step to where its tangent meets zero
 * never passes the first contact: conservative advancement that closes in
 * from below without tunnelling, whatever the speed.
 */
#define SWEEP_STEPS 64

static satcd_toi no_toi(void)
{
    satcd_toi out;
    memset(&out, 0, sizeof out);
    return out;
}

/* How far a core reaches from the origin of the frame it is in: its farthest vertex plus its radius. */
static float core_reach(const satcd__core *c)
{
    float far = 0.0f;
    for (int i = 0; i < c->count; ++i) far = fmaxf(far, satcd_length(c->v[i]));
    return far + c->radius;
}

/* The sweep's rounding band (satcd__sweep_band) of the two cores at t = 0. */
static float sweep_band(const satcd__core *a, const satcd__core *b) { return satcd__sweep_band(core_reach(a), core_reach(b)); }

static void shift_core(satcd__core *c, satcd_vec2 d)
{
    for (int j = 0; j < c->count; ++j) c->v[j] = satcd_add(c->v[j], d);
}

static satcd_toi toi_at(const satcd__core *a, const satcd__core *b, const satcd__round_pair *r, float t, satcd_xf frame, satcd_vec2 va)
{
    satcd_toi out;
    int end;
    satcd_vec2 pb = r->apart ? r->pb : satcd__round_deepest_b(b, r->normal, &end);
    satcd_vec2 on_a = satcd_mul_add(r->apart ? r->pa : pb, a->radius, r->normal);
    satcd_vec2 on_b = satcd_mul_add(pb, -b->radius, r->normal);
    out.hit = true;
    out.t = t;
    out.normal = satcd_rotate(frame.q, r->normal);
    out.point = satcd_mul_add(satcd_xf_point(frame, satcd_lerp(on_a, on_b, 0.5f)), t, va);
    return out;
}

/*
 * The gap between the cores' extents along n, in double: never more than
 * their separation for any direction n, whichever feature n came from.
 */
static double support_gap(const satcd__core *a, const satcd__core *b, satcd_vec2 n)
{
    double hi_a = -INFINITY, lo_b = INFINITY;
    for (int i = 0; i < a->count; ++i) {
        double d = (double)a->v[i].x * n.x + (double)a->v[i].y * n.y;
        if (d > hi_a) hi_a = d;
    }
    for (int i = 0; i < b->count; ++i) {
        double d = (double)b->v[i].x * n.x + (double)b->v[i].y * n.y;
        if (d < lo_b) lo_b = d;
    }
    return lo_b - hi_a - a->radius - b->radius;
}

/* B (in the frame of A's anchor at t = 0) moving by v relative to A; frame places that frame in the world. */
static satcd_toi sweep_cores(const satcd__core *a, satcd__core *b, satcd_vec2 v, satcd_xf frame, satcd_vec2 va)
{
    float band = sweep_band(a, b);
    satcd__round_pair r = satcd__round_solve(a, b);
    if (r.separation < -band) return toi_at(a, b, &r, 0.0f, frame, va);
    if (r.separation <= band) {
        /*
         * Touching: a hit unless the motion takes the pair apart, beyond the
         * band by t = 1, along the normal. The gap of the extents along it
         * bounds the separation from below all the way; the separation
         * itself would not where rounding gave the normal of a feature that
         * is not the nearest (a core much smaller than the band).
         */
        double gap = support_gap(a, b, r.normal);
        if (gap >= -band && gap + satcd_dot(r.normal, v) > band) return no_toi();
        return toi_at(a, b, &r, 0.0f, frame, va);
    }
    float t = 0.0f, target = band / 16.0f;
    for (int step = 0; step < SWEEP_STEPS; ++step) {
        float closing = -satcd_dot(r.normal, v);
        if (!(closing > 0.0f)) return no_toi();
        float dt = r.separation / closing;
        if (t + dt > 1.0f) return no_toi();
        t += dt;
        shift_core(b, satcd_scale(dt, v));
        r = satcd__round_solve(a, b);
        if (r.separation <= target) return toi_at(a, b, &r, t, frame, va);
    }
    /* A grazing approach closes in slowly: within the band is a contact, beyond it none. */
    return r.separation <= band ? toi_at(a, b, &r, t, frame, va) : no_toi();
}

static satcd_vec2 relative_velocity(satcd_xf xa, satcd_vec2 va, satcd_vec2 vb)
{
    return satcd_inv_rotate(xa.q, satcd_sub(vb, va));
}

satcd_toi satcd_sweep_polygon_capsule(const satcd_polygon *a, satcd_xf xa, satcd_vec2 va,
                                      const satcd_capsule *b, satcd_xf xb, satcd_vec2 vb)
{
    satcd__core ca, cb;
    satcd_xf frame;
    if (!satcd__velocities_usable(va, vb) || !satcd__polygon_capsule_cores(a, xa, b, xb, &ca, &cb, &frame)) return no_toi();
    return sweep_cores(&ca, &cb, relative_velocity(xa, va, vb), frame, va);
}

satcd_toi satcd_sweep_capsules(const satcd_capsule *a, satcd_xf xa, satcd_vec2 va,
                               const satcd_capsule *b, satcd_xf xb, satcd_vec2 vb)
{
    satcd__core ca, cb;
    satcd_xf frame;
    if (!satcd__velocities_usable(va, vb) || !satcd__capsules_cores(a, xa, b, xb, &ca, &cb, &frame)) return no_toi();
    return sweep_cores(&ca, &cb, relative_velocity(xa, va, vb), frame, va);
}

satcd_toi satcd_sweep_capsule_circle(const satcd_capsule *a, satcd_xf xa, satcd_vec2 va,
                                     const satcd_circle *b, satcd_xf xb, satcd_vec2 vb)
{
    satcd__core ca, cb;
    satcd_xf frame;
    if (!satcd__velocities_usable(va, vb) || !satcd__capsule_circle_cores(a, xa, b, xb, &ca, &cb, &frame)) return no_toi();
    return sweep_cores(&ca, &cb, relative_velocity(xa, va, vb), frame, va);
}
