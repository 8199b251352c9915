/*
 * Ray casts. In the polygon's frame the segment is clipped against the
 * half-plane of every edge: entering edges raise the lower bound of the
 * segment parameter, leaving edges lower the upper bound; the last edge to
 * raise the lower bound is the face hit.
 */
#include <string.h>

#include <satcd/ray.h>

#include "sat_internal.h"

satcd_ray_hit satcd_raycast_polygon(const satcd_polygon *p, satcd_xf xf, satcd_ray ray)
{
    satcd_ray_hit out;
    memset(&out, 0, sizeof out);
    /* The ray's origin and translation pass the same range check as a transform. */
    satcd_xf segment = {ray.origin, {ray.translation.x, ray.translation.y}};
    if (!satcd_polygon_is_valid(p) || !satcd__xf_usable(xf, segment)) return out;
    satcd_vec2 o = satcd_xf_inv_point(xf, ray.origin);
    satcd_vec2 d = satcd_inv_rotate(xf.q, ray.translation);
    float lower = 0.0f, upper = 1.0f;
    int face = -1;
    for (int i = 0; i < p->count; ++i) {
        satcd_vec2 n = satcd_polygon_normal(p, i);
        float gap = satcd_dot(n, satcd_sub(satcd_polygon_vertex(p, i), o)); /* > 0: origin inside this edge */
        float rate = satcd_dot(n, d);
        if (rate == 0.0f) {
            if (gap <= 0.0f) return out; /* parallel, outside or on the edge line */
        } else if (rate < 0.0f) {
            if (gap < lower * rate) lower = gap / rate, face = i;
        } else if (gap < upper * rate) {
            upper = gap / rate;
        }
        if (!(upper >= lower)) return out;
    }
    if (face < 0 || !(upper > lower)) return out;
    out.hit = true;
    out.fraction = lower;
    out.point = satcd_mul_add(ray.origin, lower, ray.translation);
    out.normal = satcd_rotate(xf.q, satcd_polygon_normal(p, face));
    return out;
}
