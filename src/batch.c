/*
 * The batch narrow phase: each pair's result is the single-pair query's,
 * computed by the same code on the same arguments (for polygons, a form of
 * it that fetches its lanes after its circle test), so the bits agree by
 * construction. What a
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
 * of each polygon's scalars (centroid, reach, cover: its first 32 bytes) and
 * each transform; FETCH_LANES_AHEAD pairs ahead, by when those have come,
 * the lanes of the pairs whose bounding circles may meet. A pair the circles
 * dismiss reads no lane, and fetching its lanes anyway (up to 8 lines a
 * pair) kept more misses in flight than the core holds, so that the lines
 * the next pairs needed waited behind them (docs/perf/batch.md).
 */
#define FETCH_HEADS_AHEAD 8
#define FETCH_LANES_AHEAD 4

/*
 * Whether the bounding circles of a and b, placed by xa and xb, may come
 * within margin: the query's dismissal (satcd__beyond_reach) with a wider
 * slack, in world coordinates. It only decides a fetch, so its rounding
 * can cost time but never change a result.
 */
static inline bool circles_may_meet(const satcd_polygon *a, satcd_xf xa, const satcd_polygon *b, satcd_xf xb,
                                    float margin)
{
    satcd_vec2 d = satcd_sub(satcd_xf_point(xb, b->centroid), satcd_xf_point(xa, a->centroid));
    float cover = a->cover > b->cover ? a->cover : b->cover;
    float reach = (a->reach + b->reach + (margin > 0.0f ? margin : 0.0f)) * (1.0f + 0x1p-6f);
    return !(cover * cover * satcd_length_sq(d) > reach * reach);
}

/*
 * The two steps for pair i of a range ending at end, and before the first
 * pair of a range, both steps at once for its first pairs. (Written out in the loop: GCC
 * 12 drops the prefetches of a helper that tests and then fetches.)
 */
#if defined(__GNUC__) || defined(__clang__)
#define FETCH_RANGE_START(polygons, xfs, pairs, start, end) \
    do { \
        for (int j_ = (start); j_ < (end) && j_ < (start) + FETCH_HEADS_AHEAD; ++j_) { \
            satcd_pair f_ = (pairs)[j_]; \
            if (!satcd__has_negative_index(f_) && (polygons)[f_.a] && (polygons)[f_.b]) { \
                __builtin_prefetch((polygons)[f_.a]); \
                __builtin_prefetch((polygons)[f_.b]); \
                __builtin_prefetch(&(xfs)[f_.a]); \
                __builtin_prefetch(&(xfs)[f_.b]); \
                if (j_ < (start) + FETCH_LANES_AHEAD) { \
                    satcd__prefetch_polygon((polygons)[f_.a]); \
                    satcd__prefetch_polygon((polygons)[f_.b]); \
                } \
            } \
        } \
    } while (0)
#define FETCH_PAIRS_AHEAD(polygons, xfs, pairs, i, end, margin) \
    do { \
        if ((i) < (end) - FETCH_HEADS_AHEAD) { \
            satcd_pair h_ = (pairs)[(i) + FETCH_HEADS_AHEAD]; \
            if (!satcd__has_negative_index(h_) && (polygons)[h_.a] && (polygons)[h_.b]) { \
                __builtin_prefetch((polygons)[h_.a]); \
                __builtin_prefetch((polygons)[h_.b]); \
                __builtin_prefetch(&(xfs)[h_.a]); \
                __builtin_prefetch(&(xfs)[h_.b]); \
            } \
        } \
        if ((i) < (end) - FETCH_LANES_AHEAD) { \
            satcd_pair q_ = (pairs)[(i) + FETCH_LANES_AHEAD]; \
            if (!satcd__has_negative_index(q_) && (polygons)[q_.a] && (polygons)[q_.b] && \
                circles_may_meet((polygons)[q_.a], (xfs)[q_.a], (polygons)[q_.b], (xfs)[q_.b], (margin))) { \
                satcd__prefetch_polygon((polygons)[q_.a]); \
                satcd__prefetch_polygon((polygons)[q_.b]); \
            } \
        } \
    } while (0)
#else
#define FETCH_RANGE_START(polygons, xfs, pairs, start, end) ((void)0)
#define FETCH_PAIRS_AHEAD(polygons, xfs, pairs, i, end, margin) ((void)0)
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
    FETCH_RANGE_START(polygons, xfs, pairs, start, end);
    for (int i = start; i < end; ++i) {
        FETCH_PAIRS_AHEAD(polygons, xfs, pairs, i, end, margin);
        satcd_pair p = pairs[i];
        out[i] = satcd__has_negative_index(p)
                     ? satcd__empty_manifold()
                     : satcd__collide_polygons_late_fetch(polygons[p.a], xfs[p.a], polygons[p.b], xfs[p.b], margin);
    }
}

static void overlap_polygons_task(int start, int end, uint32_t worker, void *ctx)
{
    (void)worker;
    const satcd__batch_job *job = ctx;
    const satcd_polygon *const *polygons = job->shapes_a;
    bool *out = job->out;
    const satcd_xf *xfs = job->xfs;
    FETCH_RANGE_START(polygons, xfs, job->pairs, start, end);
    for (int i = start; i < end; ++i) {
        FETCH_PAIRS_AHEAD(polygons, xfs, job->pairs, i, end, 0.0f);
        satcd_pair p = job->pairs[i];
        out[i] = !satcd__has_negative_index(p) &&
                 satcd__overlap_polygons_late_fetch(polygons[p.a], xfs[p.a], polygons[p.b], xfs[p.b]);
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
