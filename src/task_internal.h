/*
 * Running a loop on the caller's task system (satcd/task.h), shared by the
 * many-body calls: the broad phase's sweep and the batch narrow phase.
 */
#ifndef SATCD_TASK_INTERNAL_H
#define SATCD_TASK_INTERNAL_H

#include <stdbool.h>

#include <satcd/task.h>

/*
 * Whether to use the task system: one that can run ranges on more than one
 * worker and be waited for (without finish its enqueued work could still
 * be running when the call returns, so it runs serially, as task.h says).
 */
static inline bool satcd__tasks_parallel(const satcd_task_system *tasks)
{
    return tasks && tasks->enqueue && tasks->finish && tasks->worker_count > 1;
}

/*
 * fn over [0, items) in ranges of at least min_range, on tasks when parallel
 * and there is more than one range, else here; returns when done.
 */
static inline void satcd__run_task(const satcd_task_system *tasks, satcd_task_fn *fn, int items, int min_range,
                                   void *ctx)
{
    if (items <= 0) return;
    if (!satcd__tasks_parallel(tasks) || items <= min_range) {
        fn(0, items, 0, ctx);
        return;
    }
    void *handle = tasks->enqueue(fn, items, min_range, ctx, tasks->user_ctx);
    if (handle) tasks->finish(handle, tasks->user_ctx);
}

#endif /* SATCD_TASK_INTERNAL_H */
