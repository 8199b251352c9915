/*
 * A small POSIX-threads task system for satcd_task_system: a fixed set of
 * worker threads, and the caller while it waits in finish, take ranges of
 * one loop at a time from a shared counter. What a program with its own
 * job system would plug in instead.
 */
#ifndef SATCD_TEST_TASK_POOL_H
#define SATCD_TEST_TASK_POOL_H

#include <satcd/task.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct task_pool task_pool;

/* A pool of `threads` workers (1 to 64): the caller and threads - 1 started threads; NULL if they cannot be started. */
task_pool *task_pool_create(int threads);
void task_pool_destroy(task_pool *pool);
/* The task system that runs on the pool (valid while the pool lives). */
const satcd_task_system *task_pool_system(const task_pool *pool);

#ifdef __cplusplus
}
#endif

#endif
