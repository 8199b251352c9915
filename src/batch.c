/*
 * The batch narrow phase: each pair's result is the single-pair query's,
 * called on the same arguments, so the bits agree by construction. What a
 * batch adds is the loop, which can be spread over the caller's workers,
 * each range writing only its own results, and the fetch of the pairs
 * ahead: a single-pair query can prefetch only its own polygons, so it
 * waits for memory when they are scattered (as a broad phase hands them
 * over), while the batch asks for the next pairs' polygons and transforms
 * a few pairs early and the wait overlaps the work (docs/perf/batch.md).
 *
 * Compiled once per backend (a SIMD kernel source), so that a dispatching
 * library's batch calls its own backend's queries directly.
 */
#include <satcd/batch.h>
#include <satcd/sat.h>

#include "batch_internal.h"
#include "pair_internal.h"

/*
 * The fetch ahead runs in two steps. FETCH_HEADS_AHEAD pairs ahead, the line
 * of each polygon's scalars (its first 32 bytes: centroid, reach, cover)
 * and both transforms; FETCH_LANES_AHEAD pairs ahead, the lines of the
 * lanes. The first step is what a pair's query reads first (its
 * bounding-circle test), and it is far enough ahead to cover a trip to
 * memory; the second, nearer, keeps the lines in flight few enough that
 * the nearer pairs' lines do not wait behind them (docs/perf/batch.md).
 */
#define FETCH_HEADS_AHEAD 8
#define FETCH_LANES_AHEAD 4

/*
 * The two steps for pair i of a range ending at end. (Written out in the
 * loop: GCC 12 drops the prefetches of a helper that tests and then
 * fetches.)
 */
#if defined(__GNUC__) || defined(__clang__)
#define FETCHABLE(polygons, p) (!satcd__has_negative_index(p) && (polygons)[(p).a] && (polygons)[(p).b])
#define FETCH_HEADS(polygons, xfs, p) \
    do { \
        __builtin_prefetch((polygons)[(p).a]); \
        __builtin_prefetch((polygons)[(p).b]); \
        __builtin_prefetch(&(xfs)[(p).a]); \
        __builtin_prefetch(&(xfs)[(p).b]); \
    } while (0)
#define FETCH_LANES(polygons, p) \
    do { \
        satcd__prefetch_polygon((polygons)[(p).a]); \
        satcd__prefetch_polygon((polygons)[(p).b]); \
    } while (0)
#define FETCH_PAIRS_AHEAD(polygons, xfs, pairs, i, end) \
    do { \
        if ((i) < (end) - FETCH_HEADS_AHEAD) { \
            satcd_pair h_ = (pairs)[(i) + FETCH_HEADS_AHEAD]; \
            if (FETCHABLE(polygons, h_)) FETCH_HEADS(polygons, xfs, h_); \
        } \
        if ((i) < (end) - FETCH_LANES_AHEAD) { \
            satcd_pair q_ = (pairs)[(i) + FETCH_LANES_AHEAD]; \
            if (FETCHABLE(polygons, q_)) FETCH_LANES(polygons, q_); \
        } \
    } while (0)
#else
#define FETCH_PAIRS_AHEAD(polygons, xfs, pairs, i, end) ((void)0)
#endif

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
        FETCH_PAIRS_AHEAD(polygons, xfs, pairs, i, end);
        satcd_pair p = pairs[i];
        out[i] = satcd__has_negative_index(p)
                     ? satcd__empty_manifold()
                     : satcd_collide_polygons(polygons[p.a], xfs[p.a], polygons[p.b], xfs[p.b], margin);
    }
}

static void overlap_polygons_task(int start, int end, uint32_t worker, void *ctx)
{
    (void)worker;
    const satcd__batch_job *job = ctx;
    const satcd_polygon *const *polygons = job->shapes_a;
    bool *out = job->out;
    const satcd_xf *xfs = job->xfs;
    for (int i = start; i < end; ++i) {
        FETCH_PAIRS_AHEAD(polygons, xfs, job->pairs, i, end);
        satcd_pair p = job->pairs[i];
        out[i] = !satcd__has_negative_index(p) &&
                 satcd_overlap_polygons(polygons[p.a], xfs[p.a], polygons[p.b], xfs[p.b]);
    }
}

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
