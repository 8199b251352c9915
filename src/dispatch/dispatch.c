/*
 * The public queries of a dispatching library (SATCD_SIMD=DISPATCH,
 * x86-64): each calls the same query of the backend in use through its
 * table, one indirect call per query; the kernels inside it are inlined as
 * in a library built for that backend alone.
 *
 * The backend is chosen at the first call: the best the CPU and operating
 * system support (__builtin_cpu_supports checks both, the AVX state saved by
 * the system included), or the lower one SATCD_SIMD_FORCE names. The choice
 * is the library's one piece of global mutable state, written once: one
 * atomic pointer, so that no query pays for a lock or a test. Threads that race to
 * the first call compute the same answer from the same process state, the
 * first to store it wins, and every later call reads it.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include <satcd/version.h>

#include "dispatch/queries.h"

/* Best first. */
static const satcd__backend *const backends[] = {
    &satcd__backend_table_avx2,
    &satcd__backend_table_sse41,
    &satcd__backend_table_scalar,
};
enum { BACKEND_COUNT = sizeof backends / sizeof backends[0] };

static bool cpu_runs(const satcd__backend *b)
{
    if (b == &satcd__backend_table_avx2) return __builtin_cpu_supports("avx2");
    if (b == &satcd__backend_table_sse41) return __builtin_cpu_supports("sse4.1");
    return true;
}

/* The backend SATCD_SIMD_FORCE names, when it is one the CPU runs; else the best it runs. */
static const satcd__backend *choose(void)
{
    __builtin_cpu_init();
    const char *force = getenv("SATCD_SIMD_FORCE");
    const satcd__backend *best = NULL;
    for (int i = 0; i < BACKEND_COUNT; ++i) {
        if (!cpu_runs(backends[i])) continue;
        if (!best) best = backends[i];
        if (force && strcmp(force, backends[i]->name()) == 0) return backends[i];
    }
    return best;
}

/*
 * Until the choice is made, in_use points at first_call, whose entries make
 * it and then run the query: a public query is then only a load and a jump,
 * with no test and no saved registers for a first time that happens once.
 */
static const satcd__backend first_call;
static _Atomic(const satcd__backend *) in_use = &first_call;

const satcd__backend *satcd__backend_in_use(void)
{
    const satcd__backend *b = atomic_load_explicit(&in_use, memory_order_acquire);
    if (b != &first_call) return b;
    const satcd__backend *chosen = choose();
    /* On failure b receives the choice another thread stored first. */
    if (!atomic_compare_exchange_strong_explicit(&in_use, &b, chosen, memory_order_acq_rel, memory_order_acquire))
        chosen = b;
    return chosen;
}

static const char *first_name(void) { return satcd__backend_in_use()->name(); }

#define SATCD__QUERY_FIRST(type, name, params, args) \
    static type name##_first params { return satcd__backend_in_use()->name##_fn args; }
SATCD__QUERIES(SATCD__QUERY_FIRST)
#define SATCD__BATCH_FIRST(name, params, args) \
    static void name##_first params { satcd__backend_in_use()->name##_fn args; }
SATCD__BATCHES(SATCD__BATCH_FIRST)

#define SATCD__QUERY_FIRST_ENTRY(type, name, params, args) .name##_fn = name##_first,
#define SATCD__BATCH_FIRST_ENTRY(name, params, args) .name##_fn = name##_first,
static const satcd__backend first_call = {
    .name = first_name,
    SATCD__QUERIES(SATCD__QUERY_FIRST_ENTRY)
    SATCD__BATCHES(SATCD__BATCH_FIRST_ENTRY)
};

#define SATCD__QUERY_CALL(type, name, params, args) \
    type name params { return atomic_load_explicit(&in_use, memory_order_acquire)->name##_fn args; }
SATCD__QUERIES(SATCD__QUERY_CALL)
#define SATCD__BATCH_CALL(name, params, args) \
    void name params { atomic_load_explicit(&in_use, memory_order_acquire)->name##_fn args; }
SATCD__BATCHES(SATCD__BATCH_CALL)
