/**
 * @file sat.h
 * @brief Separating-axis queries of two polygons: overlap, separation,
 * three-way relation, minimum translation vector, and a per-pair axis cache.
 * The result types here serve every shape kind; the circle queries are in
 * circle.h.
 *
 * Every query takes each shape with its transform. Normals point from A to
 * B: moving B by depth * normal (or A by -depth * normal) separates the
 * pair. Work is done in A's local frame, on each polygon's vertices taken
 * relative to its anchor (satcd_polygon), so shapes far from the origin keep
 * their float precision, whether they are built around their own origin and
 * placed by a transform or built from world coordinates (placed by the
 * identity or a translation): separation and depth err by a few float
 * epsilons of the pair's own size, not of its distance from the origin
 * (docs/robustness.md). A rotation turns a shape about its frame's origin,
 * so shapes given in world coordinates and rotated err by a few epsilons of
 * their distance from that origin. An invalid shape (NULL, or a polygon with fewer
 * than 3 vertices) is treated as absent: no overlap, separation FLT_MAX,
 * relation SATCD_SEPARATED, an MTV with hit false. So is a pair whose
 * transforms have a NaN or infinite component (caller error) or a
 * translation far beyond SATCD_MAX_COORDINATE; the same holds for the
 * manifold, distance, ray and sweep queries.
 */
#ifndef SATCD_SAT_H
#define SATCD_SAT_H

#include <float.h>
#include <stdint.h>

#include <satcd/export.h>
#include <satcd/polygon.h>
#include <satcd/vec2.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * How two shapes relate, for a caller's tolerance (a length). The tolerance
 * means one thing in every relate function: it is compared with the
 * Euclidean distance between the shapes when they are apart, and with the
 * penetration depth (the MTV depth) when they overlap.
 */
typedef enum satcd_relation {
    SATCD_SEPARATED = 0, /**< apart, Euclidean distance > tolerance */
    SATCD_TOUCHING,      /**< distance <= tolerance, or penetration depth <= tolerance */
    SATCD_OVERLAPPING    /**< penetration depth > tolerance */
} satcd_relation;

/** Minimum translation vector of a pair. */
typedef struct satcd_mtv {
    bool hit;          /**< interiors overlap (separation < 0) */
    satcd_vec2 normal; /**< A to B, world frame, unit length when hit; (0, 0) otherwise */
    float depth;       /**< shortest push-out distance, > 0 when hit; 0 otherwise */
    bool a_in_b;       /**< every point of A lies in B (boundary included); only set when hit */
    bool b_in_a;       /**< every point of B lies in A (boundary included); only set when hit */
} satcd_mtv;

/**
 * The axis that last separated a pair, kept by the caller between frames.
 * Zero-initialise it (or use SATCD_SAT_CACHE_INIT) before its first use; one
 * cache belongs to one ordered pair of shapes.
 */
typedef struct satcd_sat_cache {
    int16_t axis;  /**< last separating axis found: [0, A.count) A's edges, then B's edges; -1 none */
    uint8_t hit;   /**< 1 when the last query was settled by the cached axis alone */
    uint8_t valid; /**< 1 once @c axis holds a separating axis */
} satcd_sat_cache;

/** An empty cache. */
#define SATCD_SAT_CACHE_INIT {-1, 0, 0}

/**
 * True when the interiors of the two polygons overlap. Touching boundaries
 * do not overlap. Exits on the first separating axis.
 * Always equal to (satcd_separation_polygons(...) < 0).
 */
SATCD_API bool satcd_overlap_polygons(const satcd_polygon *a, satcd_xf xa,
                                      const satcd_polygon *b, satcd_xf xb);

/**
 * The largest signed gap over the edge normals of both polygons (length
 * units). > 0: an axis separates them, and the value is a lower bound of
 * their distance (equal to it when the closest features include an edge).
 * 0: touching. < 0: overlapping, and the value is minus the MTV depth.
 */
SATCD_API float satcd_separation_polygons(const satcd_polygon *a, satcd_xf xa,
                                          const satcd_polygon *b, satcd_xf xb);

/**
 * Three-way relation for a @p tolerance (length units, a negative or NaN
 * tolerance counts as 0): SATCD_SEPARATED when the Euclidean distance
 * between the polygons exceeds it, SATCD_OVERLAPPING when the penetration
 * depth (minus satcd_separation_polygons) exceeds it, SATCD_TOUCHING
 * otherwise. The distance is not the face separation: two diamonds tip to
 * tip 0.1 apart have face separation 0.0707 but distance 0.1, so with
 * tolerance 0.08 they are SEPARATED. The distance is computed (as by
 * satcd_distance_polygons) only when the face separation lies in
 * (0, tolerance], since the face separation never exceeds it.
 */
SATCD_API satcd_relation satcd_relate_polygons(const satcd_polygon *a, satcd_xf xa,
                                               const satcd_polygon *b, satcd_xf xb,
                                               float tolerance);

/**
 * Minimum translation vector: the shortest push that separates the pair
 * (the push-out distance, not the interval overlap length), its normal from
 * A to B, and exact containment flags (every vertex of one inside the
 * other). When the pair does not overlap, hit is false and the rest is zero.
 * On exact ties between axes, A's edges come first, then lower edge indices.
 */
SATCD_API satcd_mtv satcd_mtv_polygons(const satcd_polygon *a, satcd_xf xa,
                                       const satcd_polygon *b, satcd_xf xb);

/**
 * satcd_overlap_polygons that, when the bounding circles do not settle the
 * pair, first tries the axis that separated it last time. Answers are
 * always identical to the uncached query; @p cache (not NULL) is updated,
 * except by a query the bounding circles settle, which leaves it as it was.
 * A NULL cache falls back to the uncached query.
 */
SATCD_API bool satcd_overlap_polygons_cached(const satcd_polygon *a, satcd_xf xa,
                                             const satcd_polygon *b, satcd_xf xb,
                                             satcd_sat_cache *cache);

/**
 * The relation for a signed distance @p separation (the Euclidean distance
 * when apart, minus the penetration depth when overlapping) and
 * @p tolerance, as every relate function decides it. FLT_MAX, the
 * separation of an absent pair (bad input), is SATCD_SEPARATED whatever
 * the tolerance, FLT_MAX or infinite included.
 */
static inline satcd_relation satcd_relation_of(float separation, float tolerance)
{
    float tol = tolerance > 0.0f ? tolerance : 0.0f;
    if (separation > tol || separation == FLT_MAX) return SATCD_SEPARATED;
    if (separation < -tol) return SATCD_OVERLAPPING;
    return SATCD_TOUCHING;
}

#ifdef __cplusplus
}
#endif

#endif /* SATCD_SAT_H */
