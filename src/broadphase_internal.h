/*
 * The broad phase's growth arithmetic, apart from its storage so that its
 * limits can be tested without allocating them: proxy ids and entries are
 * indexed by int32_t, and every count is checked against that before it is
 * formed, so that growth past it fails (add returns -1, pairs -1) instead
 * of overflowing. And its searches of a sorted array, tested on their own:
 * a wrong place found there would only make the broad phase slower.
 */
#ifndef SATCD_BROADPHASE_INTERNAL_H
#define SATCD_BROADPHASE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Most proxy ids: the per-id arrays hold this many, each of the two pair-sorting counts one more. */
#define SATCD__MAX_PROXIES ((size_t)INT32_MAX - 1)

/* Most entries (a proxy's box in one band) the sorted list holds. */
#define SATCD__MAX_ENTRIES ((size_t)INT32_MAX)

/* Entries per block of the parallel sweep. */
#ifndef SATCD__SWEEP_BLOCK
#define SATCD__SWEEP_BLOCK 256
#endif

/*
 * The capacity that holds need elements, grown from cap: doubled, at
 * least 16, never above limit; 0 when need is above limit.
 */
static inline size_t satcd__grown_capacity(size_t cap, size_t need, size_t limit)
{
    if (need > limit) return 0;
    size_t grown = cap < 16 ? 16 : (cap > limit / 2 ? limit : cap * 2);
    if (grown > limit) grown = limit;
    return grown < need ? need : grown;
}

/* Whether count entries gaining `gained` more stay within SATCD__MAX_ENTRIES. */
static inline bool satcd__entries_fit(int32_t count, int64_t gained)
{
    return gained >= 0 && (uint64_t)gained <= SATCD__MAX_ENTRIES - (size_t)count;
}

/* Sweep blocks that cover count entries. */
static inline int satcd__sweep_blocks(int32_t count)
{
    return (int)(((size_t)count + SATCD__SWEEP_BLOCK - 1) / SATCD__SWEEP_BLOCK);
}

/* The entries [*i0, *i1) of sweep block b (b < satcd__sweep_blocks(count)). */
static inline void satcd__sweep_block_range(int b, int32_t count, int32_t *i0, int32_t *i1)
{
    *i0 = (int32_t)b * SATCD__SWEEP_BLOCK;
    *i1 = count - *i0 > SATCD__SWEEP_BLOCK ? *i0 + SATCD__SWEEP_BLOCK : count;
}

/* Whether items[i] comes before key, in an order in which a sorted range is a run of true, then of false. */
typedef bool satcd__before_fn(const void *items, int32_t i, const void *key);

/* The first i in [lo, hi) at which before is false, or hi: a binary search. */
static inline int32_t satcd__lower_bound(const void *items, int32_t lo, int32_t hi, satcd__before_fn *before,
                                         const void *key)
{
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        if (before(items, mid, key)) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/*
 * satcd__lower_bound over [from, n), searched outward from hint: steps
 * that double away from it, then a binary search within the last step,
 * so a key near the hint costs few reads and they stay near each other.
 * A hint below 0: a binary search of the whole range.
 */
static inline int32_t satcd__lower_bound_near(const void *items, int32_t from, int32_t n, int32_t hint,
                                              satcd__before_fn *before, const void *key)
{
    if (hint < 0) return satcd__lower_bound(items, from, n, before, key);
    hint = hint < from ? from : hint > n ? n : hint;
    int32_t lo = hint, hi = hint;
    int64_t step = 1;
    if (hint < n && before(items, hint, key)) {
        lo = hi = hint + 1; /* everything before lo comes before the key */
        while (hi < n && before(items, hi, key)) {
            lo = hi + 1;
            hi = n - hi > step ? (int32_t)(hi + step) : n;
            step *= 2;
        }
    } else {
        while (lo > from && !before(items, lo - 1, key)) { /* items[hi] does not come before the key, or hi == n */
            hi = lo - 1;
            lo = lo - from > step ? (int32_t)(lo - step) : from;
            step *= 2;
        }
    }
    return satcd__lower_bound(items, lo, hi, before, key);
}

#endif /* SATCD_BROADPHASE_INTERNAL_H */
