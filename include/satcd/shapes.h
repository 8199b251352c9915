/**
 * @file shapes.h
 * @brief Round shapes: circles.
 */
#ifndef SATCD_SHAPES_H
#define SATCD_SHAPES_H

#include <satcd/export.h>
#include <satcd/status.h>
#include <satcd/vec2.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A solid disc in its local frame. */
typedef struct satcd_circle {
    satcd_vec2 center; /**< centre, local frame */
    float radius;      /**< radius, > 0 */
} satcd_circle;

/**
 * Build a circle.
 * @return SATCD_OK, SATCD_ERR_NULL, SATCD_ERR_NOT_FINITE or
 * SATCD_ERR_BAD_RADIUS (radius <= 0). On any error @p out is untouched.
 */
SATCD_API satcd_status satcd_circle_make(satcd_circle *out, satcd_vec2 center, float radius);

/** True when @p c is a usable circle (not NULL, finite, radius > 0). */
static inline bool satcd_circle_is_valid(const satcd_circle *c)
{
    return c != 0 && satcd_vec2_is_finite(c->center) && isfinite(c->radius) && c->radius > 0.0f;
}

/** World-space bounding box of @p c placed by @p xf. A NULL pointer gives a box at xf.p of zero size. */
static inline satcd_aabb satcd_circle_aabb(const satcd_circle *c, satcd_xf xf)
{
    if (c == 0) {
        satcd_aabb none = {xf.p, xf.p};
        return none;
    }
    satcd_vec2 p = satcd_xf_point(xf, c->center);
    satcd_aabb box = {{p.x - c->radius, p.y - c->radius}, {p.x + c->radius, p.y + c->radius}};
    return box;
}

#ifdef __cplusplus
}
#endif

#endif /* SATCD_SHAPES_H */
