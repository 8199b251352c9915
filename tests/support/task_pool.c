#define _POSIX_C_SOURCE 200809L /* pthreads */

#include "task_pool.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

#define MAX_THREADS 64

typedef struct worker_arg {
    struct task_pool *pool;
    uint32_t index;
} worker_arg;

struct task_pool {
    pthread_t threads[MAX_THREADS - 1];
    worker_arg args[MAX_THREADS - 1];
    int count; /* threads started: the workers but the caller */
    pthread_mutex_t lock;
    pthread_cond_t wake, done;
    /* The loop being run: ranges [next, next + chunk) are taken in turn. */
    satcd_task_fn *fn;
    void *ctx;
    int items, chunk, next, ranges, ranges_done;
    bool quit;
    satcd_task_system system;
};

/* Ranges of the current loop run until none is left; called and returns with the lock held. */
static void run_ranges(task_pool *pool, uint32_t index)
{
    while (pool->next < pool->items) {
        int start = pool->next, end = start + pool->chunk < pool->items ? start + pool->chunk : pool->items;
        pool->next = end;
        satcd_task_fn *fn = pool->fn;
        void *ctx = pool->ctx;
        pthread_mutex_unlock(&pool->lock);
        fn(start, end, index, ctx);
        pthread_mutex_lock(&pool->lock);
        if (++pool->ranges_done == pool->ranges) pthread_cond_signal(&pool->done);
    }
}

static void *worker(void *p)
{
    worker_arg *arg = p;
    task_pool *pool = arg->pool;
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        while (!pool->quit && pool->next >= pool->items) pthread_cond_wait(&pool->wake, &pool->lock);
        if (pool->quit) break;
        run_ranges(pool, arg->index);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

static void *enqueue(satcd_task_fn *fn, int item_count, int min_range, void *task_ctx, void *user_ctx)
{
    task_pool *pool = user_ctx;
    int workers = pool->system.worker_count;
    int chunk = (item_count + 4 * workers - 1) / (4 * workers);
    if (chunk < min_range) chunk = min_range;
    if (chunk < 1) chunk = 1;
    pthread_mutex_lock(&pool->lock);
    pool->fn = fn;
    pool->ctx = task_ctx;
    pool->chunk = chunk;
    pool->next = 0;
    pool->ranges = (item_count + chunk - 1) / chunk;
    pool->ranges_done = 0;
    pool->items = item_count;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);
    return pool;
}

/*
 * The caller takes ranges too, as a job system's wait does, instead of
 * sleeping while the workers wake: a thread woken from sleep starts late,
 * and on a machine with as many cores as workers the caller's core would
 * idle (docs/perf/broadphase.md measures both).
 */
static void finish(void *handle, void *user_ctx)
{
    (void)user_ctx;
    task_pool *pool = handle;
    pthread_mutex_lock(&pool->lock);
    run_ranges(pool, (uint32_t)pool->count);
    while (pool->ranges_done < pool->ranges) pthread_cond_wait(&pool->done, &pool->lock);
    pool->items = 0;
    pool->next = 0;
    pthread_mutex_unlock(&pool->lock);
}

task_pool *task_pool_create(int threads)
{
    if (threads < 1 || threads > MAX_THREADS) return NULL;
    task_pool *pool = calloc(1, sizeof *pool);
    if (!pool) return NULL;
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->wake, NULL);
    pthread_cond_init(&pool->done, NULL);
    pool->system.worker_count = threads;
    pool->system.enqueue = enqueue;
    pool->system.finish = finish;
    pool->system.user_ctx = pool;
    /* Worker indices 0 .. threads - 2 for the threads, threads - 1 for the caller. */
    for (int i = 0; i < threads - 1; ++i) {
        pool->args[i].pool = pool;
        pool->args[i].index = (uint32_t)i;
        if (pthread_create(&pool->threads[i], NULL, worker, &pool->args[i]) != 0) {
            task_pool_destroy(pool);
            return NULL;
        }
        pool->count++;
    }
    return pool;
}

void task_pool_destroy(task_pool *pool)
{
    if (!pool) return;
    pthread_mutex_lock(&pool->lock);
    pool->quit = true;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);
    for (int i = 0; i < pool->count; ++i) pthread_join(pool->threads[i], NULL);
    pthread_cond_destroy(&pool->done);
    pthread_cond_destroy(&pool->wake);
    pthread_mutex_destroy(&pool->lock);
    free(pool);
}

const satcd_task_system *task_pool_system(const task_pool *pool)
{
    return &pool->system;
}
