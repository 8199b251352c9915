/**
 * @file ray.h
 * @brief Ray casts against polygons.
 */
#ifndef SATCD_RAY_H
#define SATCD_RAY_H

#include <satcd/export.h>
#include <satcd/polygon.h>
#include <satcd/vec2.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A ray segment from @c origin to @c origin + @c translation, world frame. */
typedef struct satcd_ray {
    satcd_vec2 origin;      /**< start point */
    satcd_vec2 translation; /**< end point minus start point */
} satcd_ray;

/** Where a ray first enters a shape. */
typedef struct satcd_ray_hit {
    bool hit;          /**< the segment enters the shape */
    float fraction;    /**< in [0, 1]: the hit point is origin + fraction * translation */
    satcd_vec2 point;  /**< world hit point */
    satcd_vec2 normal; /**< outward unit normal of the face hit, world frame */
} satcd_ray_hit;

/**
 * First entry of the ray segment into polygon @p p placed by @p xf. A ray
 * that starts inside the polygon, runs along an edge without entering, or a
 * zero translation reports no hit. Invalid input gives no hit.
 */
SATCD_API satcd_ray_hit satcd_raycast_polygon(const satcd_polygon *p, satcd_xf xf, satcd_ray ray);

#ifdef __cplusplus
}
#endif

#endif /* SATCD_RAY_H */
