/**
 * @file sweep.h
 * @brief Time of impact of two translating polygons (swept SAT).
 */
#ifndef SATCD_SWEEP_H
#define SATCD_SWEEP_H

#include <satcd/export.h>
#include <satcd/polygon.h>
#include <satcd/vec2.h>

#ifdef __cplusplus
extern "C" {
#endif

/** First contact of two moving shapes. */
typedef struct satcd_toi {
    bool hit;          /**< they touch at some t in [0, 1]; false for a touching start that moves apart */
    float t;           /**< first time of contact; 0 if they start overlapping, or touching and not moving apart */
    satcd_vec2 normal; /**< A to B at the time of impact, unit, world frame */
    satcd_vec2 point;  /**< world contact point at the time of impact */
} satcd_toi;

/**
 * Swept SAT: A moves by va * t and B by vb * t, t in [0, 1], without
 * rotating. The faces of both polygons bound the Minkowski difference
 * exactly, so intersecting each face's entry and exit times gives the exact
 * first time of contact (no tunnelling, whatever the speed). The contact
 * point is the middle of the contact region at that time.
 *
 * The start, as every sweep of the library has it. Let s be the largest
 * face separation at t = 0 and band = 64 FLT_EPSILON (reach of A + reach
 * of B), the rounding bound of a separation: each reach is how far the
 * shape lies, at t = 0, from the origin of the frame the sweep computes in
 * (A's, moved to A's anchor): for A its centroid's distance from its
 * anchor plus its radius, for B the same about its own anchor plus the
 * offset between the two anchors. The motion does not widen it.
 * - Overlapping (s < -band): a hit at t = 0, whatever the motion.
 * - Touching (|s| <= band): no hit when the motion takes the pair apart,
 *   that is when some face whose separation is at least -band is more than
 *   band apart by t = 1, its separation plus the motion's gain along it
 *   (the pair then never overlaps by more than rounding on the way, and is
 *   apart at the end). Otherwise, a contact that slides
 *   along, stays still or presses in, a hit at t = 0.
 * - Apart (s > band): the first time of contact, if any within [0, 1].
 * At a hit at t = 0 the normal is that of the face of largest separation
 * (the MTV normal). Velocities with a NaN or infinite component, or whose
 * magnitudes (|va.x| + |va.y| + |vb.x| + |vb.y|) sum past
 * 8 SATCD_MAX_COORDINATE, are caller error: no hit.
 */
SATCD_API satcd_toi satcd_sweep_polygons(const satcd_polygon *a, satcd_xf xa, satcd_vec2 va,
                                         const satcd_polygon *b, satcd_xf xb, satcd_vec2 vb);

#ifdef __cplusplus
}
#endif

#endif /* SATCD_SWEEP_H */
