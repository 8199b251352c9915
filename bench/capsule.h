/*
 * Capsule benchmarks: capsules sized and placed like the polygons of a
 * bench_set (same transforms, same bounding circles), so a capsule pair
 * meets as often as the polygon pair it replaces; satcd's capsule manifolds
 * over them, and Box2D 2.4's closest equivalents (peer_box2d_capsule.cc).
 */
#ifndef SATCD_BENCH_CAPSULE_H
#define SATCD_BENCH_CAPSULE_H

#include <stdbool.h>

#include "workload.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Capsule i replaces polygon i of the base set: its core runs along the
 * polygon's local x axis, half length 0.6 R and radius 0.4 R for the
 * polygon's circumradius R, so both have the same bounding circle.
 */
typedef struct bench_capsule_set {
    const bench_set *base;     /* polygons a[i] and transforms, not owned */
    satcd_capsule *a, *b;      /* base->count each */
    double overlap_polygon_capsule, overlap_capsules; /* measured by satcd */
} bench_capsule_set;

/* Build the capsules of `base`. Returns 0 on success. */
int bench_capsule_set_make(bench_capsule_set *out, const bench_set *base);
void bench_capsule_set_free(bench_capsule_set *s);

/* satcd_collide_polygon_capsule (polygon a[i], capsule b[i]) and satcd_collide_capsules over every pair. */
double bench_satcd_polygon_capsule_manifold(const bench_capsule_set *s);
double bench_satcd_capsules_manifold(const bench_capsule_set *s);

/* One pair: whether the manifold has a contact, and the signed separation (distance, or minus the depth). */
bool bench_satcd_polygon_capsule_one(const bench_capsule_set *s, int i);
bool bench_satcd_capsules_one(const bench_capsule_set *s, int i);
float bench_satcd_polygon_capsule_separation(const bench_capsule_set *s, int i);
float bench_satcd_capsules_separation(const bench_capsule_set *s, int i);

/*
 * Box2D 2.4's equivalents, prepared outside the timing (NULL when the base
 * polygons exceed its 8 vertices):
 *  - edge: b2CollideEdgeAndPolygon, the capsule's core as a two-sided
 *    b2EdgeShape whose m_radius is the capsule's radius, against the sharp
 *    polygon (m_radius 0): the same shape exactly;
 *  - rounded: b2CollidePolygons, each capsule as a box around its core of
 *    half thickness BENCH_CAPSULE_SLAB with m_radius = radius - SLAB (a
 *    capsule but for its ends, which differ by under 0.42 SLAB), against the
 *    sharp polygon or another such box.
 */
#define BENCH_CAPSULE_SLAB 1e-3f
void *bench_box2d_capsules_prepare(const bench_capsule_set *s);
void bench_box2d_capsules_release(void *prepared);
double bench_box2d_edge_polygon_manifold(const void *prepared);
double bench_box2d_rounded_polygon_manifold(const void *prepared);
double bench_box2d_rounded_capsules_manifold(const void *prepared);
bool bench_box2d_edge_polygon_one(const void *prepared, int i);
bool bench_box2d_rounded_polygon_one(const void *prepared, int i);
bool bench_box2d_rounded_capsules_one(const void *prepared, int i);

#ifdef __cplusplus
}
#endif

#endif
