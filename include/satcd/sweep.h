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
    bool hit;          /**< they touch at some t in [0, 1] */
    float t;           /**< first time of contact; 0 if they start touching or overlapping */
    satcd_vec2 normal; /**< A to B at the time of impact, unit, world frame */
    satcd_vec2 point;  /**< world contact point at the time of impact */
} satcd_toi;

/**
 * Swept SAT: A moves by va * t and B by vb * t, t in [0, 1], without
 * rotating. The faces of both polygons bound the Minkowski difference
 * exactly, so intersecting each face's entry and exit times gives the exact
 * first time of contact (no tunnelling, whatever the speed). The contact
 * point is the middle of the contact region at that time. When the pair
 * starts touching or overlapping, t is 0 and normal is the MTV normal.
 */
SATCD_API satcd_toi satcd_sweep_polygons(const satcd_polygon *a, satcd_xf xa, satcd_vec2 va,
                                         const satcd_polygon *b, satcd_xf xb, satcd_vec2 vb);

#ifdef __cplusplus
}
#endif

#endif /* SATCD_SWEEP_H */
