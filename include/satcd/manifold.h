/**
 * @file manifold.h
 * @brief Contact manifolds for physics: normal, one or two points, per-point
 * depth and feature ids that persist while the same features touch. The
 * manifold of two polygons is here; those of circles are in circle.h.
 */
#ifndef SATCD_MANIFOLD_H
#define SATCD_MANIFOLD_H

#include <stdint.h>

#include <satcd/export.h>
#include <satcd/polygon.h>
#include <satcd/vec2.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Relative width of the band within which two faces count as equally good
 * references: SATCD_REFERENCE_BIAS_REL times the smaller polygon's radius.
 * The face of least penetration (largest separation) is the reference when
 * it beats the other polygon's best face by more than the band. Within the
 * band the choice is made by a rule on the two shapes as placed, which
 * never looks at which of them was passed as A: the polygon with the larger
 * radius holds the reference (a box on a larger ground keeps the ground's
 * face); between equal radii, the face whose world normal points further
 * along (1, 2) (a box on an equal box keeps the lower one's top face, a box
 * beside an equal box the left one's right face, under small rotations).
 * Swapping A and B therefore gives the same contacts, the normal negated
 * and each id mapped by satcd_contact_id_swapped(), except where the two
 * faces' separations differ by the band's width itself, within rounding.
 */
#define SATCD_REFERENCE_BIAS_REL 1e-3f

/** @name Contact id layout
 * A contact id names the features in contact: the reference edge and the
 * incident polygon's vertex the contact comes from. It never says how the
 * point was found: a point clipped to a side plane keeps the id of the
 * incident vertex it was clipped from, and a corner keeps its id whichever
 * of its two edges is the incident edge (a box balanced on its corner and
 * rocked keeps its id).
 * @{ */
#define SATCD_ID_REFERENCE_EDGE(id) ((int)((id) & 0xffu))         /**< edge index on the reference shape */
#define SATCD_ID_INCIDENT_VERTEX(id) ((int)(((id) >> 8) & 0xffu)) /**< vertex index on the incident shape */
#define SATCD_ID_REFERENCE_IS_B 0x20000u                            /**< bit set when B holds the reference feature */
#define SATCD_ID_VERTEX 0x40000u                                    /**< polygon-circle: the reference feature is vertex REFERENCE_EDGE, not an edge */
/** @} */

/** Compose a contact id (see the id layout macros). */
static inline uint32_t satcd_contact_id(int reference_edge, int incident_vertex, bool reference_is_b)
{
    return ((uint32_t)reference_edge & 0xffu) | (((uint32_t)incident_vertex & 0xffu) << 8) |
           (reference_is_b ? SATCD_ID_REFERENCE_IS_B : 0u);
}

/**
 * The id that the same contact has when the two shapes are passed in the
 * other order: the same reference and incident features (the reference
 * choice does not depend on the order), with the reference-shape bit
 * flipped.
 */
static inline uint32_t satcd_contact_id_swapped(uint32_t id) { return id ^ SATCD_ID_REFERENCE_IS_B; }

/** One contact point. */
typedef struct satcd_contact {
    satcd_vec2 point; /**< world space, on the incident shape's boundary */
    float depth;      /**< > 0 penetration; < 0 separated (within the margin) */
    uint32_t id;      /**< feature key, stable while the same features touch */
} satcd_contact;

/** Contact manifold of a pair. */
typedef struct satcd_manifold {
    satcd_vec2 normal;        /**< A to B, world frame, unit length when count > 0 */
    int count;                /**< 0, 1 or 2 */
    satcd_contact points[2];  /**< the contacts, deepest not necessarily first */
} satcd_manifold;

/**
 * Contact manifold of two polygons by reference-face / incident-face
 * clipping. Contacts are kept while their separation is at most @p margin
 * (length units, >= 0; a positive margin gives speculative contacts). The
 * reference face is the edge of least penetration, chosen between nearly
 * equal faces by a rule that does not depend on the argument order
 * (SATCD_REFERENCE_BIAS_REL); the normal is its outward normal (negated
 * when B holds it). Every contact is a point of the incident edge clipped
 * to the reference edge's side planes, at its depth below the reference
 * face. Deeply penetrating pairs may give points outside the reference
 * polygon (still on the clipped incident edge).
 *
 * What margin 0 returns:
 * - separated pairs: nothing;
 * - touching pairs (separation 0): the clipped ends whose computed gap is
 *   not above 0, at depth 0. Exactly touching pairs whose arithmetic is
 *   exact (axis-aligned edges on dyadic coordinates) get all their touching
 *   ends; otherwise rounding decides which ends count, and a touching pair
 *   may get none. Pass a small positive margin to get touching contacts
 *   reliably (they then come with depths of either sign, within rounding
 *   of 0);
 * - pairs that overlap (satcd_overlap_polygons() true) get at least one
 *   contact. When the clipped ends of the incident edge all round to just
 *   above the face (a pair that overlaps only within rounding, such as an
 *   edge lying along a face), the one contact is the clipped end nearest the
 *   face, at depth 0. Before that, where the incident edge lies wholly
 *   beyond a side plane, the other incident edge at its deeper vertex is
 *   clipped instead, and then, taking the reference in turn, each other
 *   face of either polygon whose separation is within the band of
 *   SATCD_REFERENCE_BIAS_REL of the best, the larger separation first (ties
 *   by the rule that does not depend on the argument order): the first
 *   that keeps a contact within the margin gives the contacts, its face the
 *   reference. This serves polygons with two nearly collinear faces, whose
 *   chosen face's side plane can cut off the incident edge its neighbour
 *   holds. Last, where the chosen incident edge lies beyond a side plane by
 *   no more than the rounding of positions along the face (a polygon
 *   smaller than that rounding at a face's end), the contact is its deeper
 *   end moved onto the side plane, at its depth. A pair that overlaps only
 *   within the rounding of its coordinates and whose clipping keeps nothing
 *   in any of these ways gets no contact.
 */
SATCD_API satcd_manifold satcd_collide_polygons(const satcd_polygon *a, satcd_xf xa,
                                                const satcd_polygon *b, satcd_xf xb, float margin);

/**
 * Reference-face memory of one ordered pair of polygons, kept by the caller
 * from one frame to the next (in its contact list, say) for
 * satcd_collide_polygons_cached(). Zero-initialised is empty. One cache
 * belongs to one ordered pair: the pair passed the other way round needs
 * its own.
 */
typedef struct satcd_manifold_cache {
    uint8_t valid;          /**< 1 once a manifold of the pair within the margin has been computed through it */
    uint8_t reference_is_b; /**< 1 when B held the last reference face, 0 when A did */
    uint8_t reference_edge; /**< the last reference face: its edge index on the polygon that held it */
} satcd_manifold_cache;

/**
 * satcd_collide_polygons() with memory of the reference face. While the
 * face the cache names (the last frame's reference) separates the pair by
 * no less than the best face of either polygon minus @p hysteresis, it
 * stays the reference, and so the contact ids stay as they were (for
 * warm starting) while the same features touch; otherwise the reference
 * is chosen afresh as satcd_collide_polygons() chooses it. The cache then
 * holds the reference used; a pair farther apart than @p margin empties it.
 *
 * @p hysteresis: how much better (a length, >= 0; negative or NaN means 0)
 * the other face must be before the reference moves to it. With
 * hysteresis 0 and an empty cache the result is exactly, bit for bit, what
 * satcd_collide_polygons() returns. A NULL @p cache gives the uncached
 * query. Invalid shapes or transforms give no contact and leave the cache
 * as it was.
 */
SATCD_API satcd_manifold satcd_collide_polygons_cached(const satcd_polygon *a, satcd_xf xa,
                                                       const satcd_polygon *b, satcd_xf xb,
                                                       float margin, float hysteresis,
                                                       satcd_manifold_cache *cache);

#ifdef __cplusplus
}
#endif

#endif /* SATCD_MANIFOLD_H */
