/**
 * @file circle.h
 * @brief Circles: the solid disc, its constructor, and its queries against
 * polygons and other circles (separation, relation, MTV, manifold,
 * distance, time of impact) and the ray cast against a circle.
 *
 * The queries follow the conventions of sat.h, manifold.h, distance.h,
 * sweep.h and ray.h, whose result types they return: each shape with its
 * transform, normals from A to B, work in A's local frame, an invalid shape
 * or transform treated as absent.
 */
#ifndef SATCD_CIRCLE_H
#define SATCD_CIRCLE_H

#include <stdbool.h>

#include <satcd/distance.h>
#include <satcd/export.h>
#include <satcd/manifold.h>
#include <satcd/polygon.h>
#include <satcd/ray.h>
#include <satcd/sat.h>
#include <satcd/status.h>
#include <satcd/sweep.h>
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

/**
 * Euclidean distance between a polygon and a circle, with the closest
 * points (world frame) and the unit normal from the polygon to the circle.
 * Apart: point_a is the polygon's point nearest the centre (the vertex
 * itself when a vertex is nearest), point_b the circle's point toward it.
 * Touching or overlapping, as satcd_distance_polygons: distance 0, normal
 * the MTV normal, point_b the circle's deepest point along it and point_a
 * its projection on the polygon's face (the vertex when a vertex is
 * nearest). Invalid shapes or transforms give distance FLT_MAX and zero
 * vectors.
 */
SATCD_API satcd_distance satcd_distance_polygon_circle(const satcd_polygon *a, satcd_xf xa,
                                                       const satcd_circle *b, satcd_xf xb);

/**
 * Euclidean distance between two circles (centre distance minus both radii
 * when apart), point_a and point_b on the two boundaries along the line of
 * centres, normal A to B (world frame). Touching or overlapping: distance
 * 0, normal the MTV normal (A's local +x for concentric circles), point_b
 * B's deepest point along it and point_a A's boundary point along it.
 * Invalid input gives distance FLT_MAX and zero vectors.
 */
SATCD_API satcd_distance satcd_distance_circles(const satcd_circle *a, satcd_xf xa,
                                                const satcd_circle *b, satcd_xf xb);

/**
 * Time of impact of a polygon and a circle translating by va * t and
 * vb * t, t in [0, 1], without rotating; exact (no tunnelling at any
 * speed): in A's frame the circle's centre is cast against the polygon
 * rounded by the radius (its faces moved out by the radius and a disc at
 * every vertex). Normal from the polygon to the circle at the time of
 * impact; point: the circle's point deepest toward the polygon then (on
 * both shapes at a first contact).
 *
 * The start follows satcd_sweep_polygons with s the signed separation
 * (satcd_separation_polygon_circle), n its normal and band its rule: A
 * reaches its centroid's distance from its anchor plus its radius, B its
 * centre's distance from A's anchor (in A's frame) plus its radius.
 * Overlapping (s < -band): a hit at t = 0 with normal n. Touching
 * (|s| <= band): no hit when s plus the relative motion along n passes
 * band by t = 1 (the pair moves apart); otherwise a hit at t = 0. Apart:
 * the first contact within [0, 1], if any. Zero relative motion never hits
 * a pair that starts apart. Invalid shapes or transforms, and velocities
 * satcd_sweep_polygons refuses, give no hit.
 */
SATCD_API satcd_toi satcd_sweep_polygon_circle(const satcd_polygon *a, satcd_xf xa, satcd_vec2 va,
                                               const satcd_circle *b, satcd_xf xb, satcd_vec2 vb);

/**
 * Time of impact of two circles translating by va * t and vb * t, t in
 * [0, 1]: the first root of |centre distance| = sum of radii, exact at any
 * speed. The start follows satcd_sweep_polygon_circle with
 * s = satcd_separation_circles and its normal (A's local +x for concentric
 * circles); A reaches |A centre| + A radius, B the distance of its centre
 * in A's frame plus its radius. Normal A to B at the time of impact; point:
 * B's point deepest toward A then. Invalid input gives no hit.
 */
SATCD_API satcd_toi satcd_sweep_circles(const satcd_circle *a, satcd_xf xa, satcd_vec2 va,
                                        const satcd_circle *b, satcd_xf xb, satcd_vec2 vb);

/**
 * First entry of the ray segment into circle @p c placed by @p xf,
 * computed in the circle's frame. As for satcd_raycast_polygon, a ray that
 * starts inside the circle or on its boundary, one that only touches it
 * (tangent), and a zero translation report no hit; normal: the outward
 * unit normal at the hit point (world frame). Invalid input gives no hit.
 */
SATCD_API satcd_ray_hit satcd_raycast_circle(const satcd_circle *c, satcd_xf xf, satcd_ray ray);

#ifdef __cplusplus
}
#endif

#endif /* SATCD_CIRCLE_H */
