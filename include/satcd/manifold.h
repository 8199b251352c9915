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
 * Relative bias of the reference-face choice. B's face becomes the
 * reference only when its separation beats A's by more than
 * SATCD_REFERENCE_BIAS_REL times the smaller polygon's radius; two nearly
 * equal faces then keep the same reference from frame to frame.
 */
#define SATCD_REFERENCE_BIAS_REL 1e-3f

/** @name Contact id layout
 * A contact id names the features in contact, never how the point was
 * computed (a point clipped to a side plane keeps the id of the incident
 * vertex it came from).
 * @{ */
#define SATCD_ID_REFERENCE_EDGE(id) ((int)((id) & 0xffu))         /**< edge index on the reference shape */
#define SATCD_ID_INCIDENT_EDGE(id) ((int)(((id) >> 8) & 0xffu))   /**< edge index on the incident shape */
#define SATCD_ID_INCIDENT_END(id) ((int)(((id) >> 16) & 1u))      /**< 0: incident edge's first vertex, 1: its second */
#define SATCD_ID_REFERENCE_IS_B 0x20000u                            /**< bit set when B holds the reference feature */
#define SATCD_ID_VERTEX 0x40000u                                    /**< polygon-circle: the reference feature is vertex REFERENCE_EDGE, not an edge */
/** @} */

/** Compose a contact id (see the id layout macros). */
static inline uint32_t satcd_contact_id(int reference_edge, int incident_edge, int incident_end, bool reference_is_b)
{
    return ((uint32_t)reference_edge & 0xffu) | (((uint32_t)incident_edge & 0xffu) << 8) |
           (((uint32_t)incident_end & 1u) << 16) | (reference_is_b ? SATCD_ID_REFERENCE_IS_B : 0u);
}

/**
 * The id that the same contact has when the two shapes are passed in the
 * other order: the same reference and incident features, with the
 * reference-shape bit flipped.
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
 * reference face is the edge of least penetration, biased toward A
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
 *   face, at depth 0; if the incident edge lies wholly beyond a side plane,
 *   the other incident edge at its deeper vertex is clipped instead. A pair
 *   that overlaps only within the rounding of its coordinates and whose
 *   clipping keeps nothing either way gets no contact.
 */
SATCD_API satcd_manifold satcd_collide_polygons(const satcd_polygon *a, satcd_xf xa,
                                                const satcd_polygon *b, satcd_xf xb, float margin);

#ifdef __cplusplus
}
#endif

#endif /* SATCD_MANIFOLD_H */
