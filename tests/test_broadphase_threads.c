/*
 * The broad phase's pairs on 1, 2 and 8 worker threads (a POSIX-threads
 * task system) equal, pair for pair, the serial call's, frame after frame
 * of a moving scene, and brute force on some frames; a third of the way
 * through, a tenth of the boxes crowd into the centre, so that the sweep
 * blocks outgrow the room their last counts gave them. Run under
 * ThreadSanitizer in CI (.ci/steps/60-robustness.sh).
 */
#include "cmocka_all.h"

#include <stdlib.h>

#include <satcd/satcd.h>

#include "box_scene.h"
#include "task_pool.h"
#include "workload.h"

#define BOXES 2000
#define CAP (BOXES * 200)

static satcd_pair serial[CAP], threaded[CAP], truth[CAP];

static void same_pairs(const satcd_pair *a, const satcd_pair *b, int n)
{
    for (int i = 0; i < n; ++i) {
        assert_int_equal(a[i].a, b[i].a);
        assert_int_equal(a[i].b, b[i].b);
    }
}

static void threads_give_the_serial_pairs(void **state)
{
    (void)state;
    const int counts[] = {1, 2, 8};
    enum { RUNS = sizeof counts / sizeof counts[0] };
    task_pool *pools[RUNS];
    box_scene scenes[RUNS + 1];
    /* Equal seeds: every scene goes through the same operations; the last one is pair-listed serially. */
    for (int r = 0; r <= RUNS; ++r) assert_true(box_scene_init(&scenes[r], 42, BOXES + 200, 0.0f, 60.0f, 0.0f));
    for (int r = 0; r < RUNS; ++r) assert_non_null(pools[r] = task_pool_create(counts[r]));
    for (int r = 0; r <= RUNS; ++r)
        for (int i = 0; i < BOXES; ++i) box_scene_add(&scenes[r]);
    int frames = workload_cases(60);
    for (int f = 0; f < frames; ++f) {
        for (int r = 0; r <= RUNS; ++r) {
            box_scene_step(&scenes[r], 1, 1, 2);
            if (f == frames / 3) box_scene_crowd(&scenes[r], 10);
        }
        int n = satcd_broadphase_pairs_parallel(scenes[RUNS].bp, serial, CAP, NULL);
        assert_true(n > 0 && n <= CAP);
        if (f % 25 == 0 || f == frames / 3) {
            assert_int_equal(box_scene_brute_pairs(&scenes[RUNS], truth, CAP), n);
            same_pairs(serial, truth, n);
        }
        for (int r = 0; r < RUNS; ++r) {
            assert_int_equal(satcd_broadphase_pairs_parallel(scenes[r].bp, threaded, CAP, task_pool_system(pools[r])), n);
            same_pairs(threaded, serial, n);
        }
    }
    for (int r = 0; r < RUNS; ++r) task_pool_destroy(pools[r]);
    for (int r = 0; r <= RUNS; ++r) box_scene_free(&scenes[r]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(threads_give_the_serial_pairs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
