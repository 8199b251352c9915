/*
 * Ray casts against capsules, in the capsule's frame: the earliest entry
 * through either flat side (the core offset by the radius, between the
 * ends) or either end disc. With radius 0 both sides are the segment itself
 * and the discs vanish.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include <satcd/capsule.h>

#include "geometry_internal.h"

/* Entry of o + t d (t in [0, *best)) through the side of normal n; updates *best and *normal. */
static void hit_side(const satcd_capsule *c, satcd_vec2 n, satcd_vec2 o, satcd_vec2 d, float *best, satcd_vec2 *normal)
{
    float gap = satcd_dot(satcd_sub(o, c->p1), n) - c->radius, rate = satcd_dot(d, n);
    if (!(rate < 0.0f) || gap < 0.0f) return;
    float t = gap / -rate;
    if (!(t < *best)) return;
    satcd_vec2 e = satcd_sub(c->p2, c->p1);
    float u = satcd_dot(satcd_sub(satcd_mul_add(o, t, d), c->p1), e);
    if (u < 0.0f || u > satcd_length_sq(e)) return;
    *best = t;
    *normal = n;
}

static void hit_disc(satcd_vec2 center, float r, satcd_vec2 o, satcd_vec2 d, float *best, satcd_vec2 *normal)
{
    satcd_vec2 m = satcd_sub(o, center);
    float a = satcd_length_sq(d), b = satcd_dot(m, d), cc = satcd_length_sq(m) - r * r;
    float disc = b * b - a * cc;
    if (!(r > 0.0f) || b >= 0.0f || disc < 0.0f) return;
    float t = (-b - sqrtf(disc)) / a;
    if (t < 0.0f) t = 0.0f;
    if (!(t < *best)) return;
    satcd_vec2 dir = satcd_normalize(satcd_sub(satcd_mul_add(o, t, d), center));
    if (satcd_length_sq(dir) == 0.0f) return;
    *best = t;
    *normal = dir;
}

static bool starts_inside(const satcd_capsule *c, satcd_vec2 o)
{
    satcd_vec2 q = satcd__closest_on_segment(o, c->p1, c->p2, NULL);
    return satcd_length_sq(satcd_sub(o, q)) < c->radius * c->radius;
}

satcd_ray_hit satcd_raycast_capsule(const satcd_capsule *c, satcd_xf xf, satcd_ray ray)
{
    satcd_ray_hit out;
    memset(&out, 0, sizeof out);
    satcd_xf segment = {ray.origin, {ray.translation.x, ray.translation.y}};
    if (!satcd_capsule_is_valid(c) || !satcd__xf_usable(xf, segment)) return out;
    satcd_vec2 o = satcd_xf_inv_point(xf, ray.origin), d = satcd_inv_rotate(xf.q, ray.translation);
    if (satcd_length_sq(d) == 0.0f || starts_inside(c, o)) return out;
    float best = 1.0f + FLT_EPSILON; /* a hit at fraction exactly 1 still counts */
    satcd_vec2 normal = {0.0f, 0.0f};
    satcd_vec2 n = satcd_normalize(satcd_right_perp(satcd_sub(c->p2, c->p1)));
    if (satcd_length_sq(n) > 0.0f) {
        hit_side(c, n, o, d, &best, &normal);
        hit_side(c, satcd_neg(n), o, d, &best, &normal);
    }
    hit_disc(c->p1, c->radius, o, d, &best, &normal);
    hit_disc(c->p2, c->radius, o, d, &best, &normal);
    if (!(best <= 1.0f)) return out;
    out.hit = true;
    out.fraction = best;
    out.point = satcd_mul_add(ray.origin, best, ray.translation);
    out.normal = satcd_rotate(xf.q, normal);
    return out;
}
