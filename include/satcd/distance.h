/**
 * @file distance.h
 * @brief Euclidean distance and closest points between two polygons.
 */
#ifndef SATCD_DISTANCE_H
#define SATCD_DISTANCE_H

#include <satcd/export.h>
#include <satcd/polygon.h>
#include <satcd/vec2.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Distance between two shapes and where it is attained. */
typedef struct satcd_distance {
    float distance;       /**< Euclidean gap (length units); 0 when touching or overlapping */
    satcd_vec2 point_a;   /**< closest point on A, world frame */
    satcd_vec2 point_b;   /**< closest point on B, world frame */
    satcd_vec2 normal;    /**< unit, A to B, world frame */
} satcd_distance;

/**
 * Exact Euclidean distance between two polygons (vertex-to-edge over all
 * pairs, in A's frame), with the closest points and the unit normal from A
 * to B. When the polygons touch or overlap, distance is 0, normal is the
 * MTV normal, point_b is B's deepest vertex along it and point_a lies on
 * A's face (or the reverse when B's face is the MTV face). Invalid shapes
 * give distance FLT_MAX and zero vectors.
 */
SATCD_API satcd_distance satcd_distance_polygons(const satcd_polygon *a, satcd_xf xa,
                                                 const satcd_polygon *b, satcd_xf xb);

#ifdef __cplusplus
}
#endif

#endif /* SATCD_DISTANCE_H */
