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
 * The start. Let s be the largest face separation at t = 0 and
 * band = 64 FLT_EPSILON (|A centroid| + A radius + |B centroid| + B radius
 * + |xb.p - xa.p|), the rounding bound of a separation.
 * - Overlapping (s < -band): a hit at t = 0, whatever the motion.
 * - Touching (|s| <= band): no hit when the motion takes the pair apart,
 *   that is when some face whose separation is at least -band gains more
 *   than band by t = 1 (the pair then never overlaps by more than rounding
 *   on the way, and is apart at the end). Otherwise, a contact that slides
 *   along, stays still or presses in, a hit at t = 0.
 * - Apart (s > band): the first time of contact, if any within [0, 1].
 * At a hit at t = 0 the normal is that of the face of largest separation
 * (the MTV normal).
 */
SATCD_API satcd_toi satcd_sweep_polygons(const satcd_polygon *a, satcd_xf xa, satcd_vec2 va,
                                         const satcd_polygon *b, satcd_xf xb, satcd_vec2 vb);

#ifdef __cplusplus
}
#endif

#endif /* SATCD_SWEEP_H */
