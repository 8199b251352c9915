/**
 * @file task.h
 * @brief A task system supplied by the caller, so that the parallel forms of
 * the many-body calls run on the caller's threads (libsatcd starts none).
 *
 * The shape follows Box2D v3's enqueueTask / finishTask: the library splits
 * a loop of @c item_count items into ranges and asks the caller to run them,
 * then waits for them. A NULL task system, one whose @c enqueue or
 * @c finish is NULL (a task that cannot be waited for could still be
 * running when the call returns), or one with fewer than 2 workers, runs
 * everything serially on the calling thread, and @c enqueue is not called. The output of every call
 * that takes a task system is the same for any number of workers.
 */
#ifndef SATCD_TASK_H
#define SATCD_TASK_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * One range of a parallel loop: items @p start (inclusive) to @p end
 * (exclusive). @p worker is the index, in [0, worker_count), of the worker
 * that runs it; no two ranges running at the same time share a worker index.
 * @p task_ctx is the library's, passed through unchanged.
 */
typedef void satcd_task_fn(int start, int end, uint32_t worker, void *task_ctx);

/**
 * A caller's task system.
 *
 * @c enqueue must run @p fn over the items [0, @p item_count), each item in
 * exactly one range of at least @p min_range items (the last may be shorter),
 * in any order and on any of its workers, possibly on the calling thread. It
 * returns a handle that @c finish receives, or NULL when it has already run
 * every range before returning (then @c finish is not called).
 * @c finish(handle, user_ctx) returns once every range of that task has
 * completed. The library calls both from the thread that called it, never
 * from inside a range, and waits for each task before it enqueues the next.
 */
typedef struct satcd_task_system {
    /** Workers available, >= 1; ranges receive worker indices below it. */
    int worker_count;
    /** Start a parallel loop (see above); NULL: run serially. Needs @c finish. */
    void *(*enqueue)(satcd_task_fn *fn, int item_count, int min_range, void *task_ctx, void *user_ctx);
    /** Wait for the task @p handle returned by @c enqueue; NULL: @c enqueue is not used, everything runs serially. */
    void (*finish)(void *handle, void *user_ctx);
    /** The caller's context, passed to @c enqueue and @c finish. */
    void *user_ctx;
} satcd_task_system;

#ifdef __cplusplus
}
#endif

#endif /* SATCD_TASK_H */
