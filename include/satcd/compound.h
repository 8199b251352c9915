/**
 * @file compound.h
 * @brief Compound bodies: the union of convex pieces of any kind, each
 * placed by a local transform in the compound's frame, against a shape of
 * any kind or another compound. A concave outline becomes a compound
 * through satcd_decompose().
 *
 * A compound is valid when it is not NULL, its @c shapes pointer is not
 * NULL and its @c count is 1 to SATCD_COMPOUND_MAX_PIECES; an invalid
 * compound is absent (no overlap, an MTV with hit false, no manifolds,
 * distance FLT_MAX), as an invalid shape is. A piece that is not valid
 * (satcd_shape_is_valid() false) or whose local transform has a NaN or
 * infinite component is absent too, and the other pieces answer.
 *
 * No query allocates; each keeps its working set on the stack (a few tens
 * of kilobytes for the MTV, about 60 KB).
 */
#ifndef SATCD_COMPOUND_H
#define SATCD_COMPOUND_H

#include <stdbool.h>
#include <stdint.h>

#include <satcd/distance.h>
#include <satcd/export.h>
#include <satcd/manifold.h>
#include <satcd/sat.h>
#include <satcd/shape.h>
#include <satcd/vec2.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Most pieces a compound may have (a larger count makes the compound invalid). */
#define SATCD_COMPOUND_MAX_PIECES 256

/**
 * Piece pairs within reach of each other (their Minkowski boxes within the
 * length of a push that clears the bounding boxes) up to which the MTV is
 * the shortest push; beyond it the MTV is a push of the bounding boxes,
 * which still separates the bodies.
 */
#define SATCD_COMPOUND_MAX_NEAR_PAIRS 32

/** A compound body: @c count pieces, piece i being shapes[i] placed by locals[i] in the compound's frame. */
typedef struct satcd_compound {
    const satcd_shape *shapes; /**< the pieces, each in its own local frame */
    const satcd_xf *locals;    /**< each piece's transform into the compound's frame; NULL: every piece at the identity */
    int count;                 /**< number of pieces, 1 to SATCD_COMPOUND_MAX_PIECES */
} satcd_compound;

/** @name Compound contact id layout
 * A compound manifold's contact id names both pieces and the features in
 * contact: bits 0-9 hold the piece pair's own contact id (manifold.h)
 * packed, bits 10-20 the piece of A and bits 21-31 the piece of B (0 when
 * B is a single shape). satcd_compound_id_feature() unpacks the piece
 * pair's id, to be read with the SATCD_ID_ macros of manifold.h.
 * @{ */
#define SATCD_COMPOUND_ID_PIECE_A(id) ((int)(((id) >> 10) & 0x7ffu)) /**< piece index on A */
#define SATCD_COMPOUND_ID_PIECE_B(id) ((int)(((id) >> 21) & 0x7ffu)) /**< piece index on B */
/** @} */

/** Compose a compound contact id from a piece pair's contact id (manifold.h) and the two piece indices. */
static inline uint32_t satcd_compound_contact_id(uint32_t pair_id, int piece_a, int piece_b)
{
    uint32_t feature = (pair_id & 0xfu) | (((pair_id >> 8) & 0xfu) << 4) |
                       ((pair_id & SATCD_ID_REFERENCE_IS_B) ? 0x100u : 0u) | ((pair_id & SATCD_ID_VERTEX) ? 0x200u : 0u);
    return feature | (((uint32_t)piece_a & 0x7ffu) << 10) | (((uint32_t)piece_b & 0x7ffu) << 21);
}

/** The piece pair's own contact id (manifold.h layout) inside compound contact id @p id. */
static inline uint32_t satcd_compound_id_feature(uint32_t id)
{
    return (id & 0xfu) | (((id >> 4) & 0xfu) << 8) | ((id & 0x100u) ? SATCD_ID_REFERENCE_IS_B : 0u) |
           ((id & 0x200u) ? SATCD_ID_VERTEX : 0u);
}

/** True when @p c is a valid compound (see the file description); its pieces may still be invalid. */
SATCD_API bool satcd_compound_is_valid(const satcd_compound *c);

/** World bounding box of the valid pieces of @p c placed by @p xf; an invalid compound gives a box at xf.p of zero size. */
SATCD_API satcd_aabb satcd_compound_aabb(const satcd_compound *c, satcd_xf xf);

/** True when some piece of A overlaps B (interiors; touching is not overlapping). */
SATCD_API bool satcd_overlap_compound(const satcd_compound *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb);

/**
 * The push-out of B from the whole of A: hit when some piece overlaps B;
 * then moving B by depth * normal (world frame, normal from A to B)
 * leaves every piece of A touching or apart from B, and no shorter
 * translation does (up to SATCD_COMPOUND_MAX_NEAR_PAIRS near piece pairs,
 * see docs/design.md). It is not a sum or the largest of the pieces' MTVs:
 * a box in the inner corner of an L is pushed out diagonally. a_in_b and
 * b_in_a are false.
 */
SATCD_API satcd_mtv satcd_mtv_compound(const satcd_compound *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb);

/** True when some piece of A overlaps some piece of B. */
SATCD_API bool satcd_overlap_compounds(const satcd_compound *a, satcd_xf xa, const satcd_compound *b, satcd_xf xb);

/** satcd_mtv_compound() of two compounds: moving B by it separates every piece pair. */
SATCD_API satcd_mtv satcd_mtv_compounds(const satcd_compound *a, satcd_xf xa, const satcd_compound *b, satcd_xf xb);

/**
 * One manifold (satcd_collide() of the two pieces, normal from A's piece
 * to B) per piece pair with contacts within @p margin, in order of A's
 * piece then B's, each contact id composed by satcd_compound_contact_id().
 * Writes at most @p capacity manifolds to @p out (which may be NULL when
 * @p capacity is 0 or less) and returns how many there are.
 */
SATCD_API int satcd_collide_compound(const satcd_compound *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb,
                                     float margin, satcd_manifold *out, int capacity);

/** satcd_collide_compound() of two compounds. */
SATCD_API int satcd_collide_compounds(const satcd_compound *a, satcd_xf xa, const satcd_compound *b, satcd_xf xb,
                                      float margin, satcd_manifold *out, int capacity);

/**
 * Distance between the bodies: the least satcd_distance() over piece pairs
 * (the first such pair on ties, A's piece then B's), with its points and
 * normal; 0 when some pieces touch or overlap. Absent: distance FLT_MAX.
 */
SATCD_API satcd_distance satcd_distance_compound(const satcd_compound *a, satcd_xf xa, const satcd_shape *b,
                                                 satcd_xf xb);

/** satcd_distance_compound() of two compounds. */
SATCD_API satcd_distance satcd_distance_compounds(const satcd_compound *a, satcd_xf xa, const satcd_compound *b,
                                                  satcd_xf xb);

#ifdef __cplusplus
}
#endif

#endif /* SATCD_COMPOUND_H */
