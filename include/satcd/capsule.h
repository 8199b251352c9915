/**
 * @file capsule.h
 * @brief Capsules and segments: a segment swept by a disc (radius 0 is the
 * bare segment), its constructor, bounding box, ray cast and its queries
 * against polygons, capsules and circles.
 *
 * The queries follow the conventions of sat.h, manifold.h and distance.h,
 * whose result types they return: each shape with its transform, normals
 * from A to B, work in A's local frame (relative to A's anchor, so that
 * shapes given in world coordinates far from the origin keep the precision
 * of shapes built around it), an invalid shape or transform
 * treated as absent (separation FLT_MAX, SATCD_SEPARATED, no MTV hit, an
 * empty manifold, distance FLT_MAX). A segment has no interior: it overlaps
 * what it crosses, and its MTV and manifold push it out along the least
 * push. A capsule with p1 == p2 is a disc and answers as the circle does.
 */
#ifndef SATCD_CAPSULE_H
#define SATCD_CAPSULE_H

#include <stdbool.h>

#include <satcd/circle.h>
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

/** The points within @c radius of the core segment p1-p2, local frame. */
typedef struct satcd_capsule {
    satcd_vec2 p1;  /**< first end of the core segment, local frame */
    satcd_vec2 p2;  /**< second end of the core segment, local frame */
    float radius;   /**< >= 0 (length units); 0 is a segment */
} satcd_capsule;

/**
 * Build a capsule (radius 0: a segment; p1 == p2 with radius > 0: a disc).
 * @return SATCD_OK, SATCD_ERR_NULL, SATCD_ERR_NOT_FINITE,
 * SATCD_ERR_BAD_RADIUS (radius < 0), SATCD_ERR_OUT_OF_RANGE (a coordinate
 * or the radius beyond SATCD_MAX_COORDINATE) or SATCD_ERR_DEGENERATE
 * (p1 == p2 with radius 0, a point). On any error @p out is untouched.
 */
SATCD_API satcd_status satcd_capsule_make(satcd_capsule *out, satcd_vec2 p1, satcd_vec2 p2, float radius);

/** True when @p c is a usable capsule (not NULL, finite, radius >= 0, not a bare point). */
static inline bool satcd_capsule_is_valid(const satcd_capsule *c)
{
    return c != 0 && satcd_vec2_is_finite(c->p1) && satcd_vec2_is_finite(c->p2) && isfinite(c->radius) &&
           c->radius >= 0.0f && (c->radius > 0.0f || c->p1.x != c->p2.x || c->p1.y != c->p2.y);
}

/** World-space bounding box of @p c placed by @p xf. A NULL pointer gives a box at xf.p of zero size. */
SATCD_API satcd_aabb satcd_capsule_aabb(const satcd_capsule *c, satcd_xf xf);

/**
 * First entry of the ray segment into capsule @p c placed by @p xf; the
 * normal is the outward unit normal where it enters. A segment (radius 0)
 * is hit where the ray crosses it, with the normal of the side facing the
 * ray's origin. A ray that starts inside, runs along the core without
 * entering, or a zero translation reports no hit.
 */
SATCD_API satcd_ray_hit satcd_raycast_capsule(const satcd_capsule *c, satcd_xf xf, satcd_ray ray);

/**
 * Three-way relation of a polygon and a capsule; tolerance as in
 * satcd_relate_polygons (compared with the Euclidean distance when apart,
 * with the penetration depth when overlapping).
 */
SATCD_API satcd_relation satcd_relate_polygon_capsule(const satcd_polygon *a, satcd_xf xa,
                                                      const satcd_capsule *b, satcd_xf xb, float tolerance);

/**
 * Minimum translation vector of a polygon and a capsule, normal from the
 * polygon to the capsule: the shortest push over the polygon's normals, the
 * segment's normal and the directions from the segment to the nearest
 * polygon features, also when the core segment lies inside the polygon.
 */
SATCD_API satcd_mtv satcd_mtv_polygon_capsule(const satcd_polygon *a, satcd_xf xa,
                                              const satcd_capsule *b, satcd_xf xb);

/**
 * Manifold of a polygon and a capsule. When the normal is a face normal of
 * the polygon, the core segment is clipped to that face's side planes and
 * each clipped end within @p margin is a contact on the capsule's boundary
 * (two contacts when it lies along the face; id: the face, and the segment
 * end as the incident vertex); otherwise one contact at the deepest point.
 */
SATCD_API satcd_manifold satcd_collide_polygon_capsule(const satcd_polygon *a, satcd_xf xa,
                                                       const satcd_capsule *b, satcd_xf xb, float margin);

/** Distance and closest points of a polygon and a capsule, as satcd_distance_polygons. */
SATCD_API satcd_distance satcd_distance_polygon_capsule(const satcd_polygon *a, satcd_xf xa,
                                                        const satcd_capsule *b, satcd_xf xb);

/** Three-way relation of two capsules; tolerance as in satcd_relate_polygons. */
SATCD_API satcd_relation satcd_relate_capsules(const satcd_capsule *a, satcd_xf xa,
                                               const satcd_capsule *b, satcd_xf xb, float tolerance);

/**
 * Minimum translation vector of two capsules, normal from A to B. Crossed
 * cores push along the least of both segments' normals. Coincident cores
 * that are points push along A's local +x axis (in world).
 */
SATCD_API satcd_mtv satcd_mtv_capsules(const satcd_capsule *a, satcd_xf xa,
                                       const satcd_capsule *b, satcd_xf xb);

/**
 * Manifold of two capsules: two contacts on B's boundary when B lies along
 * A's side (B's core clipped to A's; id: side 0 or 1, and B's segment end
 * as the incident vertex), otherwise one at the deepest point.
 */
SATCD_API satcd_manifold satcd_collide_capsules(const satcd_capsule *a, satcd_xf xa,
                                                const satcd_capsule *b, satcd_xf xb, float margin);

/** Distance and closest points of two capsules, as satcd_distance_polygons. */
SATCD_API satcd_distance satcd_distance_capsules(const satcd_capsule *a, satcd_xf xa,
                                                 const satcd_capsule *b, satcd_xf xb);

/** Three-way relation of a capsule and a circle; tolerance as in satcd_relate_polygons. */
SATCD_API satcd_relation satcd_relate_capsule_circle(const satcd_capsule *a, satcd_xf xa,
                                                     const satcd_circle *b, satcd_xf xb, float tolerance);

/** Minimum translation vector of a capsule and a circle, normal from the capsule to the circle. */
SATCD_API satcd_mtv satcd_mtv_capsule_circle(const satcd_capsule *a, satcd_xf xa,
                                             const satcd_circle *b, satcd_xf xb);

/** Manifold of a capsule and a circle: one point on the circle's boundary. */
SATCD_API satcd_manifold satcd_collide_capsule_circle(const satcd_capsule *a, satcd_xf xa,
                                                      const satcd_circle *b, satcd_xf xb, float margin);

/** Distance and closest points of a capsule and a circle, as satcd_distance_polygons. */
SATCD_API satcd_distance satcd_distance_capsule_circle(const satcd_capsule *a, satcd_xf xa,
                                                       const satcd_circle *b, satcd_xf xb);

/**
 * Time of impact of a polygon and a capsule, A moving by va * t and B by
 * vb * t (t in [0, 1], world frame, no rotation), as satcd_sweep_polygons
 * reports it. Found by conservative advancement: under translation the
 * distance is convex in t, so each step to the zero of its tangent stays at
 * or before the first contact (no tunnelling at any speed). The band is
 * satcd_sweep_polygons' rule in the frame of A's anchor (a polygon's
 * satcd_polygon::anchor; for a capsule A, per axis its p1 coordinate when
 * p2's lies within a factor 2 of it), each shape reaching its farthest
 * core point (polygon vertex or segment end) plus its radius; the reported
 * t is where the separation first falls to band / 16 (or within the band
 * after 64 steps of a grazing approach). The start and the velocities
 * follow satcd_sweep_polygons: a pair that starts within the band is a hit
 * at t = 0 unless its separation at t = 1 passes the band.
 */
SATCD_API satcd_toi satcd_sweep_polygon_capsule(const satcd_polygon *a, satcd_xf xa, satcd_vec2 va,
                                                const satcd_capsule *b, satcd_xf xb, satcd_vec2 vb);

/** Time of impact of two capsules, as satcd_sweep_polygon_capsule. */
SATCD_API satcd_toi satcd_sweep_capsules(const satcd_capsule *a, satcd_xf xa, satcd_vec2 va,
                                         const satcd_capsule *b, satcd_xf xb, satcd_vec2 vb);

/** Time of impact of a capsule and a circle, as satcd_sweep_polygon_capsule. */
SATCD_API satcd_toi satcd_sweep_capsule_circle(const satcd_capsule *a, satcd_xf xa, satcd_vec2 va,
                                               const satcd_circle *b, satcd_xf xb, satcd_vec2 vb);

#ifdef __cplusplus
}
#endif

#endif /* SATCD_CAPSULE_H */
