/**
 * @file broadphase.h
 * @brief The broad phase: boxes of many bodies, the pairs whose boxes
 * overlap, box queries and ray casts.
 *
 * A proxy is one axis-aligned box (world frame, the caller's length unit)
 * with 64 bits of user data, named by a small non-negative id. Boxes are
 * closed: two boxes that only touch overlap. Between calls to
 * satcd_broadphase_pairs the caller adds, moves and removes proxies; the
 * pair call brings the structure up to date with every change since the
 * last one, then lists the overlapping pairs. Queries always answer for the
 * current boxes, also between pair calls.
 *
 * Thread-safety: a broad phase is not locked. Calls that take a non-const
 * pointer must not run at the same time as any other call on the same
 * broad phase; the const calls (satcd_broadphase_user_data, _query,
 * _raycast) may run at the same time as each other. Distinct broad phases
 * share nothing. There is no global state.
 */
#ifndef SATCD_BROADPHASE_H
#define SATCD_BROADPHASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <satcd/export.h>
#include <satcd/ray.h>
#include <satcd/task.h>
#include <satcd/vec2.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A broad phase (opaque); made by satcd_broadphase_create. */
typedef struct satcd_broadphase satcd_broadphase;

/**
 * Where a broad phase takes its memory from. @c alloc returns @p bytes of
 * memory aligned for any type, or NULL when it has none; @c free releases
 * what @c alloc returned (never NULL). @c ctx is passed to both.
 */
typedef struct satcd_allocator {
    void *(*alloc)(size_t bytes, void *ctx); /**< allocate, NULL on failure */
    void (*free)(void *p, void *ctx);        /**< release a block from alloc */
    void *ctx;                               /**< the allocator's context */
} satcd_allocator;

/** A pair of proxy ids whose boxes overlap, @c a < @c b. */
typedef struct satcd_pair {
    int32_t a; /**< the smaller id */
    int32_t b; /**< the larger id */
} satcd_pair;

/**
 * A new, empty broad phase taking memory from @p alloc (copied; NULL:
 * malloc and free). Returns NULL when memory runs out or @p alloc lacks a
 * function. Release it with satcd_broadphase_destroy.
 */
SATCD_API satcd_broadphase *satcd_broadphase_create(const satcd_allocator *alloc);

/** Release @p bp and all its memory; NULL is ignored. */
SATCD_API void satcd_broadphase_destroy(satcd_broadphase *bp);

/**
 * Add a proxy with box @p box (world frame) and @p user_data. Returns its
 * id, >= 0: the most recently removed id if any (last removed, first
 * reused), else the next unused one. Returns -1 and changes nothing when
 * @p bp is NULL, when a bound is NaN or infinite, when lower > upper on an
 * axis, when a bound exceeds SATCD_MAX_COORDINATE in magnitude, or when
 * memory runs out. A zero-size box is accepted.
 */
SATCD_API int32_t satcd_broadphase_add(satcd_broadphase *bp, satcd_aabb box, uint64_t user_data);

/**
 * Give live proxy @p proxy the box @p box. Returns false and changes
 * nothing for a box that satcd_broadphase_add would refuse, for a NULL
 * @p bp, or for an id that is out of range or not live. Never allocates.
 */
SATCD_API bool satcd_broadphase_move(satcd_broadphase *bp, int32_t proxy, satcd_aabb box);

/**
 * Remove live proxy @p proxy; its id becomes free for reuse. An id that is
 * out of range or not live, or a NULL @p bp, is ignored. Never allocates.
 */
SATCD_API void satcd_broadphase_remove(satcd_broadphase *bp, int32_t proxy);

/** The user data of live proxy @p proxy; 0 for an id that is not live. */
SATCD_API uint64_t satcd_broadphase_user_data(const satcd_broadphase *bp, int32_t proxy);

/**
 * Bring @p bp up to date, then list every pair of live proxies whose
 * current boxes overlap or touch, each once, a < b, sorted by (a, b).
 * Writes the first min(count, @p capacity) pairs of that order to @p out
 * (@p out may be NULL when @p capacity is 0) and returns count, the number
 * of pairs there are. Returns -1 and writes nothing when @p bp is NULL,
 * @p capacity < 0, or memory for the update runs out (the broad phase stays
 * valid). Allocates only to grow its work buffers. When no proxy was added,
 * moved or removed since the last list, the call returns that list again
 * without searching (a scene at rest costs a copy); a call that writes
 * only some pairs, with room for fewer than count, can be repeated with
 * more room at that cost.
 */
SATCD_API int satcd_broadphase_pairs(satcd_broadphase *bp, satcd_pair *out, int capacity);

/**
 * satcd_broadphase_pairs with its work spread over the caller's task
 * system @p tasks (NULL, or a NULL @c enqueue or @c finish: serial). The
 * output is the same, pair for pair, for any task system and worker count.
 * Spread: the update of the moved proxies and of the sorted entries (up to
 * three tasks), the sweep for pairs (one task, a second for the parts
 * whose pairs outgrew the room the last frame's counts gave), and the sort
 * of a long list of pairs (three tasks). A loop too small to share runs on
 * the calling thread. The merge of the entries that changed band stays on
 * the calling thread, so few workers shorten a frame only part of the way,
 * and on a scene of some thousands of boxes, where each step's data must
 * pass between cores, may lengthen it: time both (docs/perf/broadphase.md
 * has the figures). A frame where few proxies
 * moved is revised on the calling thread.
 */
SATCD_API int satcd_broadphase_pairs_parallel(satcd_broadphase *bp, satcd_pair *out, int capacity,
                                              const satcd_task_system *tasks);

/**
 * Call @p fn(proxy, @p ctx) for every live proxy whose current box overlaps
 * or touches @p box (world frame), each once, in no particular order, until
 * @p fn returns false. Nothing is reported for a NULL @p bp or @p fn or a
 * box that satcd_broadphase_add would refuse. Never allocates; @p fn must
 * not change @p bp.
 */
SATCD_API void satcd_broadphase_query(const satcd_broadphase *bp, satcd_aabb box,
                                      bool (*fn)(int32_t proxy, void *ctx), void *ctx);

/**
 * Call @p fn(proxy, @p ctx) for every live proxy whose current box has a
 * point of the segment from @p ray.origin to @p ray.origin +
 * @p ray.translation (world frame), the end points included, each once, in
 * no particular order, until @p fn returns false. A zero translation tests
 * the origin. Nothing is reported for a NULL @p bp or @p fn or a ray with a
 * NaN or infinite component. Never allocates; @p fn must not change @p bp.
 */
SATCD_API void satcd_broadphase_raycast(const satcd_broadphase *bp, satcd_ray ray,
                                        bool (*fn)(int32_t proxy, void *ctx), void *ctx);

#ifdef __cplusplus
}
#endif

#endif /* SATCD_BROADPHASE_H */
