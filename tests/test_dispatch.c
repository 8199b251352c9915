/*
 * The backend a dispatching library (SATCD_SIMD=DISPATCH) chooses, against
 * the tests' own reading of the CPU (support/cpu.c, CPUID and XGETBV):
 *  - with SATCD_SIMD_FORCE unset, empty or unknown, the best backend the CPU
 *    runs; naming a backend the CPU runs, that one (a lower one included);
 *    naming one it does not run (avx2 on a CPU without AVX2), the best one.
 *    CTest runs this program under each of these settings;
 *  - threads that race to the process's first query all get the same
 *    backend, the one satcd_simd_backend() names afterwards (under
 *    ThreadSanitizer in .ci/steps/60-robustness.sh), and the answer
 *    stays the same on later calls.
 */
#define _POSIX_C_SOURCE 200809L /* pthread_barrier_t */

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "cmocka_all.h"
#include "cpu.h"
#include "random_shapes.h"

#include <satcd/satcd.h>

enum { THREADS = 4 };

/* The documented rule, with the CPU read independently of the library. */
static const char *expected_backend(void)
{
    const char *force = getenv("SATCD_SIMD_FORCE");
    if (force && cpu_runs_backend(force)) return force;
    return cpu_best_backend();
}

typedef struct racer {
    const satcd_polygon *a, *b;
    pthread_barrier_t *start;
    int count;
    const char *backend;
} racer;

static void *race(void *arg)
{
    racer *r = arg;
    pthread_barrier_wait(r->start);
    satcd_manifold m = satcd_collide_polygons(r->a, satcd_xf_identity(), r->b, satcd_xf_identity(), 0.0f);
    r->count = m.count;
    r->backend = satcd_simd_backend();
    return NULL;
}

/* Must run first: nothing in this process has called a query before it. */
static void threads_racing_to_the_first_query_agree(void **state)
{
    (void)state;
    random_source rng = random_source_seeded(0xd15a7c4u);
    satcd_polygon a = random_convex_polygon(&rng, 8, 1.0f), b = random_convex_polygon(&rng, 8, 1.0f);
    pthread_barrier_t start;
    assert_int_equal(pthread_barrier_init(&start, NULL, THREADS), 0);
    racer racers[THREADS];
    pthread_t threads[THREADS];
    for (int t = 0; t < THREADS; ++t) {
        racers[t] = (racer){&a, &b, &start, -1, NULL};
        assert_int_equal(pthread_create(&threads[t], NULL, race, &racers[t]), 0);
    }
    for (int t = 0; t < THREADS; ++t) assert_int_equal(pthread_join(threads[t], NULL), 0);
    pthread_barrier_destroy(&start);
    for (int t = 0; t < THREADS; ++t) {
        assert_non_null(racers[t].backend);
        assert_string_equal(racers[t].backend, expected_backend());
        assert_true(racers[t].count > 0); /* two polygons about the same origin overlap */
    }
}

static void backend_follows_the_cpu_and_the_force(void **state)
{
    (void)state;
    const char *force = getenv("SATCD_SIMD_FORCE");
    print_message("SATCD_SIMD_FORCE=%s, CPU's best %s, in use %s\n", force ? force : "(unset)", cpu_best_backend(),
                  satcd_simd_backend());
    assert_string_equal(satcd_simd_backend(), expected_backend());
    for (int i = 0; i < 3; ++i) assert_string_equal(satcd_simd_backend(), expected_backend());
}

static void configuration_says_dispatch(void **state)
{
    (void)state;
    assert_int_equal(SATCD_SIMD_DISPATCH, 1);
    assert_string_equal(SATCD_SIMD_BACKEND_NAME, "dispatch");
    assert_int_equal(SATCD_SIMD_SCALAR + SATCD_SIMD_SSE41 + SATCD_SIMD_AVX2, 3);
    assert_int_equal(SATCD_SIMD_NEON, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(threads_racing_to_the_first_query_agree),
        cmocka_unit_test(backend_follows_the_cpu_and_the_force),
        cmocka_unit_test(configuration_says_dispatch),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
