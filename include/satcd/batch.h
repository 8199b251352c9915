/**
 * @file batch.h
 * @brief The narrow phase of many pairs at once: manifolds (and, for
 * polygons and generic shapes, the overlap test) of a list of index pairs,
 * serially or spread over the caller's task system.
 *
 * Every batch call reads its bodies from arrays indexed by body: one array
 * of shape pointers per kind (@p polygons, @p circles, @p capsules; an
 * entry may be NULL for a body of another kind), or one array of generic
 * shapes (@p shapes, any kind in any entry), and one array of
 * transforms @p xfs (world frame), shared by every kind. Pair @c i names
 * two bodies, @c pairs[i].a (shape A) and @c pairs[i].b (shape B), and its
 * result goes to @c out[i]: for a batch of two kinds, @c a indexes the
 * first kind's array and @c b the second's, both index @p xfs. The ids of
 * satcd_broadphase_pairs serve directly when the arrays are indexed by
 * proxy id; a batch does not need @c a < @c b.
 *
 * Each result is bit for bit what the single-pair call named in the
 * function's description returns for (shape a, xfs[a], shape b, xfs[b]),
 * on every backend and for every task system and worker count.
 *
 * Bad input, never a crash:
 * - @p count <= 0, or a NULL @p pairs or @p out, or a NULL shape or
 *   transform array: nothing is written;
 * - a pair with a negative index: its result is the empty manifold (all
 *   fields zero) or false, and no array is read at that index;
 * - a NULL shape pointer: what the single-pair call returns for a NULL
 *   shape (the empty manifold, false).
 * An index at or beyond the end of the caller's arrays cannot be detected
 * (the arrays carry no length) and must not be passed.
 *
 * No call allocates, and no call keeps a pointer past its return. The
 * output array must not overlap the inputs.
 */
#ifndef SATCD_BATCH_H
#define SATCD_BATCH_H

#include <stdbool.h>

#include <satcd/broadphase.h>
#include <satcd/capsule.h>
#include <satcd/circle.h>
#include <satcd/export.h>
#include <satcd/manifold.h>
#include <satcd/polygon.h>
#include <satcd/shape.h>
#include <satcd/task.h>
#include <satcd/vec2.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Manifolds of @p count polygon pairs: @c out[i] is
 * satcd_collide_polygons(polygons[a], xfs[a], polygons[b], xfs[b], @p margin)
 * for (a, b) = @c pairs[i]. Bad input as in the file description.
 */
SATCD_API void satcd_batch_collide_polygons(const satcd_polygon *const *polygons, const satcd_xf *xfs,
                                            const satcd_pair *pairs, int count, float margin,
                                            satcd_manifold *out);

/**
 * Overlap of @p count polygon pairs: @c out[i] is
 * satcd_overlap_polygons(polygons[a], xfs[a], polygons[b], xfs[b])
 * for (a, b) = @c pairs[i]. Bad input as in the file description.
 */
SATCD_API void satcd_batch_overlap_polygons(const satcd_polygon *const *polygons, const satcd_xf *xfs,
                                            const satcd_pair *pairs, int count, bool *out);

/**
 * Manifolds of @p count polygon-circle pairs: @c out[i] is
 * satcd_collide_polygon_circle(polygons[a], xfs[a], circles[b], xfs[b], @p margin).
 */
SATCD_API void satcd_batch_collide_polygon_circle(const satcd_polygon *const *polygons,
                                                  const satcd_circle *const *circles, const satcd_xf *xfs,
                                                  const satcd_pair *pairs, int count, float margin,
                                                  satcd_manifold *out);

/**
 * Manifolds of @p count circle pairs: @c out[i] is
 * satcd_collide_circles(circles[a], xfs[a], circles[b], xfs[b], @p margin).
 */
SATCD_API void satcd_batch_collide_circles(const satcd_circle *const *circles, const satcd_xf *xfs,
                                           const satcd_pair *pairs, int count, float margin,
                                           satcd_manifold *out);

/**
 * Manifolds of @p count polygon-capsule pairs: @c out[i] is
 * satcd_collide_polygon_capsule(polygons[a], xfs[a], capsules[b], xfs[b], @p margin).
 */
SATCD_API void satcd_batch_collide_polygon_capsule(const satcd_polygon *const *polygons,
                                                   const satcd_capsule *const *capsules, const satcd_xf *xfs,
                                                   const satcd_pair *pairs, int count, float margin,
                                                   satcd_manifold *out);

/**
 * Manifolds of @p count capsule pairs: @c out[i] is
 * satcd_collide_capsules(capsules[a], xfs[a], capsules[b], xfs[b], @p margin).
 */
SATCD_API void satcd_batch_collide_capsules(const satcd_capsule *const *capsules, const satcd_xf *xfs,
                                            const satcd_pair *pairs, int count, float margin,
                                            satcd_manifold *out);

/**
 * Manifolds of @p count capsule-circle pairs: @c out[i] is
 * satcd_collide_capsule_circle(capsules[a], xfs[a], circles[b], xfs[b], @p margin).
 */
SATCD_API void satcd_batch_collide_capsule_circle(const satcd_capsule *const *capsules,
                                                  const satcd_circle *const *circles, const satcd_xf *xfs,
                                                  const satcd_pair *pairs, int count, float margin,
                                                  satcd_manifold *out);

/**
 * Manifolds of @p count pairs of shapes of any kinds: @c out[i] is
 * satcd_collide(shapes[a], xfs[a], shapes[b], xfs[b], @p margin) for
 * (a, b) = @c pairs[i], normal from a to b whichever kinds they hold. Bad
 * input as in the file description (an invalid shape gives the empty
 * manifold, as satcd_collide does).
 */
SATCD_API void satcd_batch_collide_shapes(const satcd_shape *const *shapes, const satcd_xf *xfs,
                                          const satcd_pair *pairs, int count, float margin, satcd_manifold *out);

/**
 * Overlap tests of @p count pairs of shapes of any kinds: @c out[i] is
 * satcd_overlap(shapes[a], xfs[a], shapes[b], xfs[b]) for (a, b) =
 * @c pairs[i]. Bad input as in the file description.
 */
SATCD_API void satcd_batch_overlap_shapes(const satcd_shape *const *shapes, const satcd_xf *xfs,
                                          const satcd_pair *pairs, int count, bool *out);

/**
 * satcd_batch_collide_polygons with the pairs spread over the caller's
 * task system @p tasks (NULL, a NULL @c enqueue or @c finish, or one
 * worker: serial, on the calling thread). The output is the same for any task system and
 * worker count.
 */
SATCD_API void satcd_batch_collide_polygons_parallel(const satcd_polygon *const *polygons, const satcd_xf *xfs,
                                                     const satcd_pair *pairs, int count, float margin,
                                                     satcd_manifold *out, const satcd_task_system *tasks);

/** satcd_batch_overlap_polygons on the task system @p tasks, as satcd_batch_collide_polygons_parallel. */
SATCD_API void satcd_batch_overlap_polygons_parallel(const satcd_polygon *const *polygons, const satcd_xf *xfs,
                                                     const satcd_pair *pairs, int count, bool *out,
                                                     const satcd_task_system *tasks);

/** satcd_batch_collide_polygon_circle on the task system @p tasks, as satcd_batch_collide_polygons_parallel. */
SATCD_API void satcd_batch_collide_polygon_circle_parallel(const satcd_polygon *const *polygons,
                                                           const satcd_circle *const *circles,
                                                           const satcd_xf *xfs, const satcd_pair *pairs,
                                                           int count, float margin, satcd_manifold *out,
                                                           const satcd_task_system *tasks);

/** satcd_batch_collide_circles on the task system @p tasks, as satcd_batch_collide_polygons_parallel. */
SATCD_API void satcd_batch_collide_circles_parallel(const satcd_circle *const *circles, const satcd_xf *xfs,
                                                    const satcd_pair *pairs, int count, float margin,
                                                    satcd_manifold *out, const satcd_task_system *tasks);

/** satcd_batch_collide_polygon_capsule on the task system @p tasks, as satcd_batch_collide_polygons_parallel. */
SATCD_API void satcd_batch_collide_polygon_capsule_parallel(const satcd_polygon *const *polygons,
                                                            const satcd_capsule *const *capsules,
                                                            const satcd_xf *xfs, const satcd_pair *pairs,
                                                            int count, float margin, satcd_manifold *out,
                                                            const satcd_task_system *tasks);

/** satcd_batch_collide_capsules on the task system @p tasks, as satcd_batch_collide_polygons_parallel. */
SATCD_API void satcd_batch_collide_capsules_parallel(const satcd_capsule *const *capsules, const satcd_xf *xfs,
                                                     const satcd_pair *pairs, int count, float margin,
                                                     satcd_manifold *out, const satcd_task_system *tasks);

/** satcd_batch_collide_capsule_circle on the task system @p tasks, as satcd_batch_collide_polygons_parallel. */
SATCD_API void satcd_batch_collide_capsule_circle_parallel(const satcd_capsule *const *capsules,
                                                           const satcd_circle *const *circles,
                                                           const satcd_xf *xfs, const satcd_pair *pairs,
                                                           int count, float margin, satcd_manifold *out,
                                                           const satcd_task_system *tasks);

/** satcd_batch_collide_shapes on the task system @p tasks, as satcd_batch_collide_polygons_parallel. */
SATCD_API void satcd_batch_collide_shapes_parallel(const satcd_shape *const *shapes, const satcd_xf *xfs,
                                                   const satcd_pair *pairs, int count, float margin,
                                                   satcd_manifold *out, const satcd_task_system *tasks);

/** satcd_batch_overlap_shapes on the task system @p tasks, as satcd_batch_collide_polygons_parallel. */
SATCD_API void satcd_batch_overlap_shapes_parallel(const satcd_shape *const *shapes, const satcd_xf *xfs,
                                                   const satcd_pair *pairs, int count, bool *out,
                                                   const satcd_task_system *tasks);

#ifdef __cplusplus
}
#endif

#endif /* SATCD_BATCH_H */
