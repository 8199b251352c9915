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

#include "task_internal.h"

/* Fewest pairs a parallel range holds: below it a range costs more to hand out than to run. */
#define MIN_RANGE 64

/* One batch call: the shape arrays of kinds A and B (arrays of pointers), the rest as given. */
typedef struct batch_job {
    const void *shapes_a;
    const void *shapes_b;
    const satcd_xf *xfs;
    const satcd_pair *pairs;
    float margin;
    void *out;
} batch_job;

static satcd_manifold empty_manifold(void)
{
    satcd_manifold m = {{0.0f, 0.0f}, 0, {{{0.0f, 0.0f}, 0.0f, 0u}, {{0.0f, 0.0f}, 0.0f, 0u}}};
    return m;
}

static bool has_negative_index(satcd_pair p) { return p.a < 0 || p.b < 0; }

static void collide_polygons_task(int start, int end, uint32_t worker, void *ctx)
{
    (void)worker;
    const batch_job *job = ctx;
    const satcd_polygon *const *polygons = job->shapes_a;
    const satcd_xf *xfs = job->xfs;
    const satcd_pair *pairs = job->pairs;
    float margin = job->margin;
    satcd_manifold *out = job->out;
    for (int i = start; i < end; ++i) {
        satcd_pair p = pairs[i];
        out[i] = has_negative_index(p)
                     ? empty_manifold()
                     : satcd_collide_polygons(polygons[p.a], xfs[p.a], polygons[p.b], xfs[p.b], margin);
    }
}

static void overlap_polygons_task(int start, int end, uint32_t worker, void *ctx)
{
    (void)worker;
    const batch_job *job = ctx;
    const satcd_polygon *const *polygons = job->shapes_a;
    const satcd_xf *xfs = job->xfs;
    const satcd_pair *pairs = job->pairs;
    bool *out = job->out;
    for (int i = start; i < end; ++i) {
        satcd_pair p = pairs[i];
        out[i] = !has_negative_index(p) && satcd_overlap_polygons(polygons[p.a], xfs[p.a], polygons[p.b], xfs[p.b]);
    }
}

/* The task of the manifolds of kinds A and B by `collide`, the single-pair query. */
#define SATCD__BATCH_COLLIDE_TASK(task, A, B, collide) \
    static void task(int start, int end, uint32_t worker, void *ctx) \
    { \
        (void)worker; \
        const batch_job *job = ctx; \
        const A *const *shapes_a = job->shapes_a; \
        const B *const *shapes_b = job->shapes_b; \
        satcd_manifold *out = job->out; \
        for (int i = start; i < end; ++i) { \
            satcd_pair p = job->pairs[i]; \
            out[i] = has_negative_index(p) ? empty_manifold() \
                                           : collide(shapes_a[p.a], job->xfs[p.a], shapes_b[p.b], \
                                                     job->xfs[p.b], job->margin); \
        } \
    }

SATCD__BATCH_COLLIDE_TASK(collide_polygon_circle_task, satcd_polygon, satcd_circle, satcd_collide_polygon_circle)
SATCD__BATCH_COLLIDE_TASK(collide_circles_task, satcd_circle, satcd_circle, satcd_collide_circles)
SATCD__BATCH_COLLIDE_TASK(collide_polygon_capsule_task, satcd_polygon, satcd_capsule, satcd_collide_polygon_capsule)
SATCD__BATCH_COLLIDE_TASK(collide_capsules_task, satcd_capsule, satcd_capsule, satcd_collide_capsules)
SATCD__BATCH_COLLIDE_TASK(collide_capsule_circle_task, satcd_capsule, satcd_circle, satcd_collide_capsule_circle)

/* Run `task` over the job's pairs, on `tasks` when it is parallel; nothing at all for bad arguments. */
static void run_batch(satcd_task_fn *task, batch_job job, int count, const satcd_task_system *tasks)
{
    if (count <= 0 || !job.shapes_a || !job.shapes_b || !job.xfs || !job.pairs || !job.out) return;
    int workers = satcd__tasks_parallel(tasks) ? tasks->worker_count : 1;
    int min_range = count / 4 / workers + 1;
    satcd__run_task(tasks, task, count, min_range < MIN_RANGE ? MIN_RANGE : min_range, &job);
}

static batch_job make_job(const void *shapes_a, const void *shapes_b, const satcd_xf *xfs, const satcd_pair *pairs,
                          float margin, void *out)
{
    batch_job job = {shapes_a, shapes_b, xfs, pairs, margin, out};
    return job;
}

void satcd_batch_collide_polygons_parallel(const satcd_polygon *const *polygons, const satcd_xf *xfs,
                                           const satcd_pair *pairs, int count, float margin, satcd_manifold *out,
                                           const satcd_task_system *tasks)
{
    run_batch(collide_polygons_task, make_job(polygons, polygons, xfs, pairs, margin, out), count, tasks);
}

void satcd_batch_overlap_polygons_parallel(const satcd_polygon *const *polygons, const satcd_xf *xfs,
                                           const satcd_pair *pairs, int count, bool *out,
                                           const satcd_task_system *tasks)
{
    run_batch(overlap_polygons_task, make_job(polygons, polygons, xfs, pairs, 0.0f, out), count, tasks);
}

void satcd_batch_collide_polygon_circle_parallel(const satcd_polygon *const *polygons,
                                                 const satcd_circle *const *circles, const satcd_xf *xfs,
                                                 const satcd_pair *pairs, int count, float margin,
                                                 satcd_manifold *out, const satcd_task_system *tasks)
{
    run_batch(collide_polygon_circle_task, make_job(polygons, circles, xfs, pairs, margin, out), count, tasks);
}

void satcd_batch_collide_circles_parallel(const satcd_circle *const *circles, const satcd_xf *xfs,
                                          const satcd_pair *pairs, int count, float margin, satcd_manifold *out,
                                          const satcd_task_system *tasks)
{
    run_batch(collide_circles_task, make_job(circles, circles, xfs, pairs, margin, out), count, tasks);
}

void satcd_batch_collide_polygon_capsule_parallel(const satcd_polygon *const *polygons,
                                                  const satcd_capsule *const *capsules, const satcd_xf *xfs,
                                                  const satcd_pair *pairs, int count, float margin,
                                                  satcd_manifold *out, const satcd_task_system *tasks)
{
    run_batch(collide_polygon_capsule_task, make_job(polygons, capsules, xfs, pairs, margin, out), count, tasks);
}

void satcd_batch_collide_capsules_parallel(const satcd_capsule *const *capsules, const satcd_xf *xfs,
                                           const satcd_pair *pairs, int count, float margin, satcd_manifold *out,
                                           const satcd_task_system *tasks)
{
    run_batch(collide_capsules_task, make_job(capsules, capsules, xfs, pairs, margin, out), count, tasks);
}

void satcd_batch_collide_capsule_circle_parallel(const satcd_capsule *const *capsules,
                                                 const satcd_circle *const *circles, const satcd_xf *xfs,
                                                 const satcd_pair *pairs, int count, float margin,
                                                 satcd_manifold *out, const satcd_task_system *tasks)
{
    run_batch(collide_capsule_circle_task, make_job(capsules, circles, xfs, pairs, margin, out), count, tasks);
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
