/*
 * Circles in motion: the time of impact of a circle against a polygon or
 * another circle, and the ray cast against a circle. Each is a point cast
 * in A's frame: B's centre moving by the relative velocity against A grown
 * by B's radius (a disc of the summed radii, or the rounded polygon), and
 * for the ray cast the ray's origin against the circle itself.
 *
 * The casts run in double: the entry-time quadratic squares the relative
 * velocity, which for velocities near their bound (satcd__velocities_usable)
 * would overflow float; in double nothing overflows, so no query forms an
 * infinity or a NaN. The start of a sweep follows sweep.c: a pair touching
 * within the rounding band (satcd__sweep_band) is a hit at t = 0 unless the
 * gap of the shapes' extents along the normal at t = 1 passes the band,
 * which then bounds the true separation from below all the way (a
 * projected gap never exceeds the separation of convex shapes).
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include <satcd/circle.h>

#include "circle_internal.h"
#include "geometry_internal.h"

typedef struct dvec2 {
    double x, y;
} dvec2;

static dvec2 dv(satcd_vec2 v) { return (dvec2){v.x, v.y}; }
static dvec2 dsub(dvec2 a, dvec2 b) { return (dvec2){a.x - b.x, a.y - b.y}; }
static double ddot(dvec2 a, dvec2 b) { return a.x * b.x + a.y * b.y; }
static dvec2 dmadd(dvec2 a, double t, dvec2 d) { return (dvec2){a.x + t * d.x, a.y + t * d.y}; }

/* A world vector taken into the frame rotated by q, in double. */
static dvec2 dinv_rotate(satcd_rot q, dvec2 v) { return (dvec2){q.c * v.x + q.s * v.y, q.c * v.y - q.s * v.x}; }

/* v / |v| as a float unit vector, or the fallback when v has no usable direction. */
static satcd_vec2 unit_or(dvec2 v, satcd_vec2 fallback)
{
    double len = sqrt(ddot(v, v));
    if (!(len > 0.0)) return fallback;
    satcd_vec2 u = satcd_v2((float)(v.x / len), (float)(v.y / len));
    return satcd_length_sq(u) > 0.0f ? u : fallback;
}

/*
 * First t >= 0 at which p + t d reaches the disc of radius r about the
 * origin, p starting outside it: the smaller root, in the form that does
 * not cancel. In double, |p|^2 - r^2 of float-derived terms keeps the gap
 * to far below float resolution. strict: a tangent touch (one double root)
 * does not count.
 */
static bool disc_entry(dvec2 p, dvec2 d, double r, bool strict, double *t)
{
    double c = ddot(p, p) - r * r, b = ddot(p, d);
    if (!(c > 0.0) || !(b < 0.0)) return false;
    double disc = b * b - ddot(d, d) * c;
    if (strict ? !(disc > 0.0) : !(disc >= 0.0)) return false;
    *t = c / (sqrt(disc) - b);
    return true;
}

/* Both transforms and both velocities usable. */
static bool motion_usable(satcd_xf xa, satcd_vec2 va, satcd_xf xb, satcd_vec2 vb)
{
    return satcd__xf_usable(xa, xb) && satcd__velocities_usable(va, vb);
}

/* A's relative motion of B (vb - va), in A's frame, in double. */
static dvec2 relative_motion(satcd_xf xa, satcd_vec2 va, satcd_vec2 vb)
{
    dvec2 v = {(double)vb.x - va.x, (double)vb.y - va.y};
    return dinv_rotate(xa.q, v);
}

/* The sweep's rounding band (satcd__sweep_band) of B's disc about c, in the frame the cast runs in. */
static float rounding_band(float reach_a, satcd_vec2 c, float radius_b)
{
    return satcd__sweep_band(reach_a, satcd_length(c) + radius_b);
}

/*
 * The result of a contact at time t: B's centre there, the normal, B's
 * radius, in A's frame, or in the frame of polygon `lanes`' lanes when it
 * is not NULL.
 */
static satcd_toi impact(double t, dvec2 center_t, satcd_vec2 n, float radius_b, const satcd_polygon *lanes,
                        satcd_xf xa, satcd_vec2 va)
{
    satcd_toi out;
    out.hit = true;
    out.t = (float)t;
    out.normal = satcd_rotate(xa.q, n);
    satcd_xf xa_t = {satcd_mul_add(xa.p, out.t, va), xa.q};
    satcd_vec2 local = satcd_v2((float)(center_t.x - radius_b * n.x), (float)(center_t.y - radius_b * n.y));
    out.point = satcd_xf_point(lanes != NULL ? satcd__lanes_xf(lanes, xa_t) : xa_t, local);
    return out;
}

/*
 * The gap along n between B's disc (centre c, radius r) and A, a polygon in
 * its lanes' frame or, when `lanes` is NULL, a disc (centre ac, radius ar):
 * never more than their separation for any direction n.
 */
static double support_gap(const satcd_polygon *lanes, satcd_vec2 ac, float ar, dvec2 c, float r, satcd_vec2 n)
{
    double hi = ddot(dv(ac), dv(n)) + ar;
    if (lanes != NULL) {
        hi = -INFINITY;
        for (int i = 0; i < lanes->count; ++i) {
            double d = ddot(dv(satcd__lane_vertex(lanes, i)), dv(n));
            if (d > hi) hi = d;
        }
    }
    return ddot(c, dv(n)) - r - hi;
}

/*
 * The start of a sweep, from the pair's separation and normal at t = 0:
 * true when that settles it (*out: a hit at 0, or no hit for a touching
 * pair that moves apart, judged by the gap of the extents along the
 * normal, which bounds the separation from below even where rounding gave
 * the normal of a feature that is not the nearest), false when the pair
 * starts apart. gap: support_gap along the start's normal.
 */
static bool settled_at_start(const satcd__circle_round *start, double gap, dvec2 v, float band, float radius_b,
                             const satcd_polygon *lanes, satcd_xf xa, satcd_vec2 va, satcd_toi *out)
{
    float s = start->separation;
    if (s > band) return false;
    if (s >= -band && gap >= -band && gap + ddot(dv(start->normal), v) > band) return true;
    *out = impact(0.0, dv(start->center), start->normal, radius_b, lanes, xa, va);
    return true;
}

/*
 * Earliest time the centre c (in the frame of a's lanes) moving by v
 * reaches one of a's faces moved out by r; *t stays when none is earlier.
 */
static void cast_faces(const satcd_polygon *a, dvec2 c, dvec2 v, double r, double *t, satcd_vec2 *n)
{
    for (int i = 0; i < a->count; ++i) {
        dvec2 v0 = dv(satcd__lane_vertex(a, i)), v1 = dv(satcd__lane_vertex(a, satcd__next(i, a->count)));
        dvec2 e = dsub(v1, v0);
        double len2 = ddot(e, e), len = sqrt(len2);
        dvec2 normal = {e.y / len, -e.x / len};
        double gap = ddot(dsub(c, v0), normal) - r, rate = ddot(v, normal);
        if (!(gap > 0.0) || !(rate < 0.0)) continue;
        double ti = gap / -rate;
        double along = ddot(dsub(dmadd(c, ti, v), v0), e);
        if (ti < *t && along >= 0.0 && along <= len2) *t = ti, *n = satcd_polygon_normal(a, i);
    }
}

/* Earliest time the centre c (in the frame of a's lanes) moving by v reaches the disc of radius r about a vertex of a. */
static void cast_vertices(const satcd_polygon *a, dvec2 c, dvec2 v, double r, double *t, satcd_vec2 *n)
{
    for (int k = 0; k < a->count; ++k) {
        dvec2 p = dsub(c, dv(satcd__lane_vertex(a, k)));
        double tk;
        if (disc_entry(p, v, r, false, &tk) && tk < *t) *t = tk, *n = unit_or(dmadd(p, tk, v), *n);
    }
}

satcd_toi satcd_sweep_polygon_circle(const satcd_polygon *a, satcd_xf xa, satcd_vec2 va,
                                     const satcd_circle *b, satcd_xf xb, satcd_vec2 vb)
{
    satcd_toi out;
    memset(&out, 0, sizeof out);
    if (!satcd_polygon_is_valid(a) || !satcd_circle_is_valid(b) || !motion_usable(xa, va, xb, vb)) return out;
    /*
     * The whole cast runs in the frame of a's lanes, B's centre re-based to
     * a's anchor as the static queries place it (satcd__rebased_offset):
     * shapes given in world coordinates far from the origin meet on short
     * coordinates.
     */
    satcd_vec2 c = satcd__rebased_offset(satcd_xf_inv_mul(xa, xb), a->anchor, b->center);
    satcd__circle_round start = satcd__polygon_disc(a, c, b->radius);
    dvec2 v = relative_motion(xa, va, vb);
    float band = rounding_band(satcd_length(satcd_sub(a->centroid, a->anchor)) + a->radius, c, b->radius);
    double gap = support_gap(a, satcd_v2(0.0f, 0.0f), 0.0f, dv(c), b->radius, start.normal);
    if (settled_at_start(&start, gap, v, band, b->radius, a, xa, va, &out)) return out;
    double t = 2.0;
    satcd_vec2 n = start.normal;
    cast_faces(a, dv(c), v, b->radius, &t, &n);
    cast_vertices(a, dv(c), v, b->radius, &t, &n);
    if (!(t <= 1.0)) return out;
    return impact(t, dmadd(dv(c), t, v), n, b->radius, a, xa, va);
}

satcd_toi satcd_sweep_circles(const satcd_circle *a, satcd_xf xa, satcd_vec2 va,
                              const satcd_circle *b, satcd_xf xb, satcd_vec2 vb)
{
    satcd_toi out;
    memset(&out, 0, sizeof out);
    if (!satcd_circle_is_valid(a) || !satcd_circle_is_valid(b) || !motion_usable(xa, va, xb, vb)) return out;
    satcd__circle_round start = satcd__disc_disc(a, xa, b, xb);
    dvec2 v = relative_motion(xa, va, vb);
    float band = rounding_band(satcd_length(a->center) + a->radius, start.center, b->radius);
    double gap = support_gap(NULL, a->center, a->radius, dv(start.center), b->radius, start.normal);
    if (settled_at_start(&start, gap, v, band, b->radius, NULL, xa, va, &out)) return out;
    dvec2 p = dsub(dv(start.center), dv(a->center));
    double t;
    if (!disc_entry(p, v, (double)a->radius + b->radius, false, &t) || !(t <= 1.0)) return out;
    dvec2 p_t = dmadd(p, t, v);
    return impact(t, dmadd(dv(start.center), t, v), unit_or(p_t, start.normal), b->radius, NULL, xa, va);
}

satcd_ray_hit satcd_raycast_circle(const satcd_circle *c, satcd_xf xf, satcd_ray ray)
{
    satcd_ray_hit out;
    memset(&out, 0, sizeof out);
    /* The ray's origin and translation pass the same range check as a transform. */
    satcd_xf segment = {ray.origin, {ray.translation.x, ray.translation.y}};
    if (!satcd_circle_is_valid(c) || !satcd__xf_usable(xf, segment)) return out;
    dvec2 o = dsub(dv(satcd_xf_inv_point(xf, ray.origin)), dv(c->center));
    dvec2 d = dinv_rotate(xf.q, dv(ray.translation));
    double t;
    if (!disc_entry(o, d, c->radius, true, &t) || !(t <= 1.0)) return out;
    out.hit = true;
    out.fraction = (float)t;
    out.point = satcd_mul_add(ray.origin, out.fraction, ray.translation);
    out.normal = satcd_rotate(xf.q, unit_or(dmadd(o, t, d), satcd_normalize(satcd_neg(ray.translation))));
    return out;
}
