/**
 * @file shape.h
 * @brief A shape of any kind (circle, capsule or polygon) and the pair
 * queries on two of them, whatever their kinds.
 *
 * Each generic query dispatches to the typed function of the pair's kinds
 * and returns exactly, bit for bit, what it returns. The typed functions
 * exist with the kinds in the order polygon, capsule, circle
 * (satcd_mtv_polygon_circle, not a circle-polygon form); a pair stored the
 * other way round (a circle as A, a polygon as B) is passed to the typed
 * function as B, A and its answer turned back so that it reads from A to
 * B:
 * - normals are negated, computed as 0 - x so that an exact zero stays
 *   +0 (an empty result stays all zero bytes);
 * - manifold contacts keep their points and depths, and each id is mapped
 *   by satcd_contact_id_swapped() (the reference feature is the same, now
 *   on the other argument);
 * - the MTV's a_in_b and b_in_a are exchanged;
 * - the distance's point_a and point_b are exchanged;
 * - a time of impact keeps its t and point.
 *
 * Bad input gives the documented empty answer of the typed queries, never
 * a crash: a NULL shape, a type that is not a satcd_shape_type value, or
 * an invalid shape (a NULL or empty polygon pointer, a circle of radius
 * <= 0, a capsule that is a bare point, NaN or infinite coordinates) is
 * treated as absent: no overlap, SATCD_SEPARATED, an MTV with hit false,
 * an empty manifold, distance FLT_MAX with zero vectors, no time of impact
 * and no ray hit (all other fields zero).
 *
 * satcd_mtv and satcd_distance name both a result type and a generic
 * query. C has one name space for both, so the queries are the functions
 * satcd_mtv_shapes() and satcd_distance_shapes(), and satcd_mtv(...) and
 * satcd_distance(...) are function-like macros that call them. A macro
 * only expands where its name is followed by '(': declare a function
 * pointer returning the type as `struct satcd_mtv (*fn)(...)`.
 */
#ifndef SATCD_SHAPE_H
#define SATCD_SHAPE_H

#include <stdbool.h>

#include <satcd/capsule.h>
#include <satcd/circle.h>
#include <satcd/distance.h>
#include <satcd/export.h>
#include <satcd/manifold.h>
#include <satcd/polygon.h>
#include <satcd/ray.h>
#include <satcd/sat.h>
#include <satcd/sweep.h>
#include <satcd/vec2.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The kind of shape a satcd_shape holds. */
typedef enum satcd_shape_type {
    SATCD_SHAPE_CIRCLE,  /**< satcd_shape::circle */
    SATCD_SHAPE_CAPSULE, /**< satcd_shape::capsule (radius 0: a segment) */
    SATCD_SHAPE_POLYGON  /**< satcd_shape::polygon, a pointer to a polygon the caller keeps alive */
} satcd_shape_type;

/**
 * A shape of any kind in its local frame. Circles and capsules are held by
 * value; a polygon (a large value) by pointer, so the polygon must outlive
 * the shape.
 */
typedef struct satcd_shape {
    satcd_shape_type type; /**< which member of the union holds the shape */
    union {
        satcd_circle circle;           /**< when type is SATCD_SHAPE_CIRCLE */
        satcd_capsule capsule;         /**< when type is SATCD_SHAPE_CAPSULE */
        const satcd_polygon *polygon;  /**< when type is SATCD_SHAPE_POLYGON */
    };
} satcd_shape;

/** A shape holding circle @p c. */
static inline satcd_shape satcd_shape_of_circle(satcd_circle c)
{
    satcd_shape s;
    s.type = SATCD_SHAPE_CIRCLE;
    s.circle = c;
    return s;
}

/** A shape holding capsule @p c. */
static inline satcd_shape satcd_shape_of_capsule(satcd_capsule c)
{
    satcd_shape s;
    s.type = SATCD_SHAPE_CAPSULE;
    s.capsule = c;
    return s;
}

/** A shape pointing at polygon @p p (which must outlive it). */
static inline satcd_shape satcd_shape_of_polygon(const satcd_polygon *p)
{
    satcd_shape s;
    s.type = SATCD_SHAPE_POLYGON;
    s.polygon = p;
    return s;
}

/**
 * True when @p s is not NULL, its type is a satcd_shape_type value and the
 * shape it holds is valid (satcd_circle_is_valid, satcd_capsule_is_valid,
 * satcd_polygon_is_valid).
 */
SATCD_API bool satcd_shape_is_valid(const satcd_shape *s);

/**
 * World-space bounding box of @p s placed by @p xf, as the typed aabb
 * function of its kind gives it. A NULL shape or an unknown type gives a
 * box at xf.p of zero size.
 */
SATCD_API satcd_aabb satcd_shape_aabb(const satcd_shape *s, satcd_xf xf);

/** First entry of @p ray into @p s placed by @p xf, as satcd_raycast_polygon, _capsule or _circle. */
SATCD_API satcd_ray_hit satcd_raycast(const satcd_shape *s, satcd_xf xf, satcd_ray ray);

/**
 * True when the interiors of A and B overlap (touching is not
 * overlapping): satcd_overlap_polygons for two polygons, the hit of the
 * pair's typed MTV otherwise (the same thing: separation < 0).
 */
SATCD_API bool satcd_overlap(const satcd_shape *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb);

/** Three-way relation of A and B for @p tolerance (length units), as the typed relate function. */
SATCD_API satcd_relation satcd_relate(const satcd_shape *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb,
                                      float tolerance);

/** Minimum translation vector of A and B (normal A to B), as the typed MTV function. */
SATCD_API satcd_mtv satcd_mtv_shapes(const satcd_shape *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb);

/** satcd_mtv(a, xa, b, xb): satcd_mtv_shapes(). */
#define satcd_mtv(a, xa, b, xb) satcd_mtv_shapes((a), (xa), (b), (xb))

/**
 * Contact manifold of A and B (normal A to B, contacts within @p margin,
 * length units), as the typed collide function; ids as there, with
 * SATCD_ID_REFERENCE_IS_B set when B holds the reference feature.
 */
SATCD_API satcd_manifold satcd_collide(const satcd_shape *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb,
                                       float margin);

/** Distance and closest points of A and B (normal A to B), as the typed distance function. */
SATCD_API satcd_distance satcd_distance_shapes(const satcd_shape *a, satcd_xf xa, const satcd_shape *b,
                                               satcd_xf xb);

/** satcd_distance(a, xa, b, xb): satcd_distance_shapes(). */
#define satcd_distance(a, xa, b, xb) satcd_distance_shapes((a), (xa), (b), (xb))

/**
 * Time of impact of A moving by va * t and B by vb * t (t in [0, 1], world
 * frame, no rotation), as the typed sweep function.
 */
SATCD_API satcd_toi satcd_sweep(const satcd_shape *a, satcd_xf xa, satcd_vec2 va, const satcd_shape *b,
                                satcd_xf xb, satcd_vec2 vb);

#ifdef __cplusplus
}
#endif

#endif /* SATCD_SHAPE_H */
