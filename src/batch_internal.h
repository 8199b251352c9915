/*
 * What every batch call shares (batch.c, batch_shapes.c): the job a call
 * hands its task, the empty result of a pair with a negative index, and
 * the loop over the pairs on the caller's task system.
 */
#ifndef SATCD_BATCH_INTERNAL_H
#define SATCD_BATCH_INTERNAL_H

#include <satcd/batch.h>

#include "task_internal.h"

/* Fewest pairs a parallel range holds: below it a range costs more to hand out than to run. */
#define SATCD__BATCH_MIN_RANGE 64

/* One batch call: the shape arrays of kinds A and B (arrays of pointers), the rest as given. */
typedef struct satcd__batch_job {
    const void *shapes_a;
    const void *shapes_b;
    const satcd_xf *xfs;
    const satcd_pair *pairs;
    float margin;
    void *out;
} satcd__batch_job;

/* The result of a pair with a negative index: every field zero. */
static inline satcd_manifold satcd__empty_manifold(void)
{
    satcd_manifold m = {{0.0f, 0.0f}, 0, {{{0.0f, 0.0f}, 0.0f, 0u}, {{0.0f, 0.0f}, 0.0f, 0u}}};
    return m;
}

/* A pair the batch does not read: no array is indexed by a negative value. */
static inline bool satcd__has_negative_index(satcd_pair p) { return p.a < 0 || p.b < 0; }

/* Run `task` over the job's pairs, on `tasks` when it is parallel; nothing at all for bad arguments. */
static inline void satcd__run_batch(satcd_task_fn *task, satcd__batch_job job, int count,
                                    const satcd_task_system *tasks)
{
    if (count <= 0 || !job.shapes_a || !job.shapes_b || !job.xfs || !job.pairs || !job.out) return;
    int workers = satcd__tasks_parallel(tasks) ? tasks->worker_count : 1;
    int min_range = count / 4 / workers + 1;
    satcd__run_task(tasks, task, count, min_range < SATCD__BATCH_MIN_RANGE ? SATCD__BATCH_MIN_RANGE : min_range, &job);
}

static inline satcd__batch_job satcd__make_job(const void *shapes_a, const void *shapes_b, const satcd_xf *xfs,
                                               const satcd_pair *pairs, float margin, void *out)
{
    satcd__batch_job job = {shapes_a, shapes_b, xfs, pairs, margin, out};
    return job;
}

/* The task of the manifolds of kinds A and B by `collide`, the single-pair query. */
#define SATCD__BATCH_COLLIDE_TASK(task, A, B, collide) \
    static void task(int start, int end, uint32_t worker, void *ctx) \
    { \
        (void)worker; \
        const satcd__batch_job *job = ctx; \
        const A *const *shapes_a = job->shapes_a; \
        const B *const *shapes_b = job->shapes_b; \
        satcd_manifold *out = job->out; \
        for (int i = start; i < end; ++i) { \
            satcd_pair p = job->pairs[i]; \
            out[i] = satcd__has_negative_index(p) ? satcd__empty_manifold() \
                                           : collide(shapes_a[p.a], job->xfs[p.a], shapes_b[p.b], \
                                                     job->xfs[p.b], job->margin); \
        } \
    }

/* The task of the overlap tests of shapes of one kind by `overlap`, the single-pair query. */
#define SATCD__BATCH_OVERLAP_TASK(task, Kind, overlap) \
    static void task(int start, int end, uint32_t worker, void *ctx) \
    { \
        (void)worker; \
        const satcd__batch_job *job = ctx; \
        const Kind *const *shapes = job->shapes_a; \
        bool *out = job->out; \
        for (int i = start; i < end; ++i) { \
            satcd_pair p = job->pairs[i]; \
            out[i] = !satcd__has_negative_index(p) && \
                     overlap(shapes[p.a], job->xfs[p.a], shapes[p.b], job->xfs[p.b]); \
        } \
    }

#endif /* SATCD_BATCH_INTERNAL_H */
