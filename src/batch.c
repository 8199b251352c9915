/*
 * The batch narrow phase: each pair's result is the single-pair query's,
 * called on the same arguments, so the bits agree by construction. What a
 * batch adds is the loop, which can be spread over the caller's workers,
 * each range writing only its own results. (Prefetching the polygons of
 * the pairs ahead cost time on the benchmark's pairs, see
 * docs/perf/batch.md; each single-pair query prefetches its own.)
 *
 * Compiled once per backend (a SIMD kernel source), so that a dispatching
 * library's batch calls its own backend's queries directly.
 */
#include <satcd/batch.h>
#include <satcd/sat.h>

#include "batch_internal.h"

static void collide_polygons_task(int start, int end, uint32_t worker, void *ctx)
{
    (void)worker;
    const satcd__batch_job *job = ctx;
    const satcd_polygon *const *polygons = job->shapes_a;
    const satcd_xf *xfs = job->xfs;
    const satcd_pair *pairs = job->pairs;
    float margin = job->margin;
    satcd_manifold *out = job->out;
    for (int i = start; i < end; ++i) {
        satcd_pair p = pairs[i];
        out[i] = satcd__has_negative_index(p)
                     ? satcd__empty_manifold()
                     : satcd_collide_polygons(polygons[p.a], xfs[p.a], polygons[p.b], xfs[p.b], margin);
    }
}

SATCD__BATCH_OVERLAP_TASK(overlap_polygons_task, satcd_polygon, satcd_overlap_polygons)
SATCD__BATCH_COLLIDE_TASK(collide_polygon_circle_task, satcd_polygon, satcd_circle, satcd_collide_polygon_circle)
SATCD__BATCH_COLLIDE_TASK(collide_circles_task, satcd_circle, satcd_circle, satcd_collide_circles)
SATCD__BATCH_COLLIDE_TASK(collide_polygon_capsule_task, satcd_polygon, satcd_capsule, satcd_collide_polygon_capsule)
SATCD__BATCH_COLLIDE_TASK(collide_capsules_task, satcd_capsule, satcd_capsule, satcd_collide_capsules)
SATCD__BATCH_COLLIDE_TASK(collide_capsule_circle_task, satcd_capsule, satcd_circle, satcd_collide_capsule_circle)

void satcd_batch_collide_polygons_parallel(const satcd_polygon *const *polygons, const satcd_xf *xfs,
                                           const satcd_pair *pairs, int count, float margin, satcd_manifold *out,
                                           const satcd_task_system *tasks)
{
    satcd__run_batch(collide_polygons_task, satcd__make_job(polygons, polygons, xfs, pairs, margin, out), count, tasks);
}

void satcd_batch_overlap_polygons_parallel(const satcd_polygon *const *polygons, const satcd_xf *xfs,
                                           const satcd_pair *pairs, int count, bool *out,
                                           const satcd_task_system *tasks)
{
    satcd__run_batch(overlap_polygons_task, satcd__make_job(polygons, polygons, xfs, pairs, 0.0f, out), count, tasks);
}

void satcd_batch_collide_polygon_circle_parallel(const satcd_polygon *const *polygons,
                                                 const satcd_circle *const *circles, const satcd_xf *xfs,
                                                 const satcd_pair *pairs, int count, float margin,
                                                 satcd_manifold *out, const satcd_task_system *tasks)
{
    satcd__run_batch(collide_polygon_circle_task, satcd__make_job(polygons, circles, xfs, pairs, margin, out), count, tasks);
}

void satcd_batch_collide_circles_parallel(const satcd_circle *const *circles, const satcd_xf *xfs,
                                          const satcd_pair *pairs, int count, float margin, satcd_manifold *out,
                                          const satcd_task_system *tasks)
{
    satcd__run_batch(collide_circles_task, satcd__make_job(circles, circles, xfs, pairs, margin, out), count, tasks);
}

void satcd_batch_collide_polygon_capsule_parallel(const satcd_polygon *const *polygons,
                                                  const satcd_capsule *const *capsules, const satcd_xf *xfs,
                                                  const satcd_pair *pairs, int count, float margin,
                                                  satcd_manifold *out, const satcd_task_system *tasks)
{
    satcd__run_batch(collide_polygon_capsule_task, satcd__make_job(polygons, capsules, xfs, pairs, margin, out), count, tasks);
}

void satcd_batch_collide_capsules_parallel(const satcd_capsule *const *capsules, const satcd_xf *xfs,
                                           const satcd_pair *pairs, int count, float margin, satcd_manifold *out,
                                           const satcd_task_system *tasks)
{
    satcd__run_batch(collide_capsules_task, satcd__make_job(capsules, capsules, xfs, pairs, margin, out), count, tasks);
}

void satcd_batch_collide_capsule_circle_parallel(const satcd_capsule *const *capsules,
                                                 const satcd_circle *const *circles, const satcd_xf *xfs,
                                                 const satcd_pair *pairs, int count, float margin,
                                                 satcd_manifold *out, const satcd_task_system *tasks)
{
    satcd__run_batch(collide_capsule_circle_task, satcd__make_job(capsules, circles, xfs, pairs, margin, out), count, tasks);
}

void satcd_batch_collide_polygons(const satcd_polygon *const *polygons, const satcd_xf *xfs, const satcd_pair *pairs,
                                  int count, float margin, satcd_manifold *out)
{
    satcd_batch_collide_polygons_parallel(polygons, xfs, pairs, count, margin, out, NULL);
}

void satcd_batch_overlap_polygons(const satcd_polygon *const *polygons, const satcd_xf *xfs, const satcd_pair *pairs,
                                  int count, bool *out)
{
    satcd_batch_overlap_polygons_parallel(polygons, xfs, pairs, count, out, NULL);
}

void satcd_batch_collide_polygon_circle(const satcd_polygon *const *polygons, const satcd_circle *const *circles,
                                        const satcd_xf *xfs, const satcd_pair *pairs, int count, float margin,
                                        satcd_manifold *out)
{
    satcd_batch_collide_polygon_circle_parallel(polygons, circles, xfs, pairs, count, margin, out, NULL);
}

void satcd_batch_collide_circles(const satcd_circle *const *circles, const satcd_xf *xfs, const satcd_pair *pairs,
                                 int count, float margin, satcd_manifold *out)
{
    satcd_batch_collide_circles_parallel(circles, xfs, pairs, count, margin, out, NULL);
}

void satcd_batch_collide_polygon_capsule(const satcd_polygon *const *polygons, const satcd_capsule *const *capsules,
                                         const satcd_xf *xfs, const satcd_pair *pairs, int count, float margin,
                                         satcd_manifold *out)
{
    satcd_batch_collide_polygon_capsule_parallel(polygons, capsules, xfs, pairs, count, margin, out, NULL);
}

void satcd_batch_collide_capsules(const satcd_capsule *const *capsules, const satcd_xf *xfs, const satcd_pair *pairs,
                                  int count, float margin, satcd_manifold *out)
{
    satcd_batch_collide_capsules_parallel(capsules, xfs, pairs, count, margin, out, NULL);
}

void satcd_batch_collide_capsule_circle(const satcd_capsule *const *capsules, const satcd_circle *const *circles,
                                        const satcd_xf *xfs, const satcd_pair *pairs, int count, float margin,
                                        satcd_manifold *out)
{
    satcd_batch_collide_capsule_circle_parallel(capsules, circles, xfs, pairs, count, margin, out, NULL);
}
