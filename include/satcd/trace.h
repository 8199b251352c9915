/**
 * @file trace.h
 * @brief A record, as data, of what the separating-axis test did on one
 * pair: for debug drawings and bug reports.
 */
#ifndef SATCD_TRACE_H
#define SATCD_TRACE_H

#include <satcd/export.h>
#include <satcd/manifold.h>
#include <satcd/polygon.h>
#include <satcd/sat.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Most candidate axes a polygon pair can have. */
#define SATCD_TRACE_MAX_AXES (2 * SATCD_MAX_POLYGON_VERTICES)

/** One candidate axis: an outward edge normal of A or of B. */
typedef struct satcd_trace_axis {
    int shape;          /**< 0: an edge of A, 1: an edge of B */
    int edge;           /**< edge index on that shape */
    satcd_vec2 axis;    /**< the edge's outward unit normal, world frame */
    float a_min;        /**< lower end of A's projection interval on @c axis (world) */
    float a_max;        /**< upper end of A's projection interval on @c axis (world) */
    float b_min;        /**< lower end of B's projection interval on @c axis (world) */
    float b_max;        /**< upper end of B's projection interval on @c axis (world) */
    float separation;   /**< signed gap on this axis as the queries compute it: > 0 separates */
    float push;         /**< -separation: how far the other shape must move to clear this face (> 0 when overlapping here) */
} satcd_trace_axis;

/** Everything the SAT did on one pair of polygons. */
typedef struct satcd_trace {
    int axis_count;                              /**< A.count + B.count */
    satcd_trace_axis axes[SATCD_TRACE_MAX_AXES]; /**< A's edges first, then B's */
    int chosen;          /**< index into axes of the largest separation (the MTV axis when overlapping) */
    float separation;    /**< equals satcd_separation_polygons */
    satcd_mtv mtv;       /**< equals satcd_mtv_polygons */
    int reference_shape; /**< 0: A holds the reference edge, 1: B; -1 when apart */
    int reference_edge;  /**< reference edge index, -1 when apart */
    int incident_edge;   /**< incident edge index on the other shape, -1 when apart */
    satcd_vec2 reference_v1; /**< reference edge start (CCW order of its polygon), world */
    satcd_vec2 reference_v2; /**< reference edge end, world */
    satcd_vec2 incident_v1;  /**< incident edge start before clipping (CCW order of its polygon), world */
    satcd_vec2 incident_v2;  /**< incident edge end before clipping, world */
    satcd_manifold manifold; /**< equals satcd_collide_polygons with margin 0 */
} satcd_trace;

/**
 * Record the SAT on a pair of polygons. Every number agrees exactly with
 * what the fast queries return for the same input.
 * @return SATCD_OK, SATCD_ERR_NULL (a NULL pointer), SATCD_ERR_TOO_FEW_POINTS
 * (an empty polygon) or SATCD_ERR_NOT_FINITE (a transform with a NaN or
 * infinite component, or a translation far beyond SATCD_MAX_COORDINATE);
 * @p out is untouched on error.
 */
SATCD_API satcd_status satcd_trace_polygons(const satcd_polygon *a, satcd_xf xa,
                                            const satcd_polygon *b, satcd_xf xb,
                                            satcd_trace *out);

#ifdef __cplusplus
}
#endif

#endif /* SATCD_TRACE_H */
