/**
 * @file circle.h
 * @brief Circles: the solid disc, its constructor, and its queries against
 * polygons and other circles (separation, relation, MTV, manifold).
 *
 * The queries follow the conventions of sat.h and manifold.h, whose result
 * types they return: each shape with its transform, normals from A to B,
 * work in A's local frame, an invalid shape or transform treated as absent.
 */
#ifndef SATCD_CIRCLE_H
#define SATCD_CIRCLE_H

#include <stdbool.h>

#include <satcd/export.h>
#include <satcd/manifold.h>
#include <satcd/polygon.h>
#include <satcd/sat.h>
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

/**
 * Signed distance between a polygon and a circle (length units): the
 * Euclidean gap when apart, minus the push-out depth when overlapping.
 */
SATCD_API float satcd_separation_polygon_circle(const satcd_polygon *a, satcd_xf xa,
                                                const satcd_circle *b, satcd_xf xb);

/**
 * Three-way relation of a polygon and a circle; tolerance as in
 * satcd_relate_polygons, compared with satcd_separation_polygon_circle
 * (the Euclidean distance when apart, minus the depth when overlapping).
 */
SATCD_API satcd_relation satcd_relate_polygon_circle(const satcd_polygon *a, satcd_xf xa,
                                                     const satcd_circle *b, satcd_xf xb,
                                                     float tolerance);

/**
 * Minimum translation vector of a polygon and a circle; normal from the
 * polygon to the circle. a_in_b: the polygon lies in the disc; b_in_a: the
 * disc lies in the polygon.
 */
SATCD_API satcd_mtv satcd_mtv_polygon_circle(const satcd_polygon *a, satcd_xf xa,
                                             const satcd_circle *b, satcd_xf xb);

/** Signed distance between two circles: centre distance minus both radii. */
SATCD_API float satcd_separation_circles(const satcd_circle *a, satcd_xf xa,
                                         const satcd_circle *b, satcd_xf xb);

/**
 * Three-way relation of two circles; tolerance as in satcd_relate_polygons,
 * compared with satcd_separation_circles.
 */
SATCD_API satcd_relation satcd_relate_circles(const satcd_circle *a, satcd_xf xa,
                                              const satcd_circle *b, satcd_xf xb,
                                              float tolerance);

/**
 * Minimum translation vector of two circles. Concentric circles push along
 * A's local +x axis (in world).
 */
SATCD_API satcd_mtv satcd_mtv_circles(const satcd_circle *a, satcd_xf xa,
                                      const satcd_circle *b, satcd_xf xb);

/**
 * Manifold of a polygon and a circle: one point on the circle's boundary,
 * deepest toward the polygon. id: the polygon edge (or vertex, with
 * SATCD_ID_VERTEX) closest to the centre.
 */
SATCD_API satcd_manifold satcd_collide_polygon_circle(const satcd_polygon *a, satcd_xf xa,
                                                      const satcd_circle *b, satcd_xf xb, float margin);

/** Manifold of two circles: one point on B's boundary, id 0. */
SATCD_API satcd_manifold satcd_collide_circles(const satcd_circle *a, satcd_xf xa,
                                               const satcd_circle *b, satcd_xf xb, float margin);

#ifdef __cplusplus
}
#endif

#endif /* SATCD_CIRCLE_H */
