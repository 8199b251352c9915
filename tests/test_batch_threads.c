/*
 * The parallel batch calls on 1, 2 and 8 worker threads (a POSIX-threads
 * task system) write, byte for byte, what the serial calls write, for
 * every kind of pair. Run under ThreadSanitizer in CI
 * (.ci/steps/60-robustness.sh).
 */
#include "cmocka_all.h"

#include <stdlib.h>
#include <string.h>

#include <satcd/satcd.h>

#include "batch_scene.h"
#include "task_pool.h"
#include "workload.h"

typedef struct outputs {
    satcd_manifold *m[6];
    bool *hit;
} outputs;

static bool outputs_alloc(outputs *o, int n)
{
    bool ok = (o->hit = calloc((size_t)n, sizeof *o->hit)) != NULL;
    for (int k = 0; k < 6; ++k) ok = (o->m[k] = calloc((size_t)n, sizeof *o->m[k])) != NULL && ok;
    return ok;
}

static void outputs_free(outputs *o)
{
    free(o->hit);
    for (int k = 0; k < 6; ++k) free(o->m[k]);
}

/* Every parallel batch call on the scene's pairs, on `tasks`. */
static void run_all(const batch_scene *s, const satcd_task_system *tasks, outputs *o)
{
    const float margin = 0.03f;
    int n = s->pair_count;
    satcd_batch_collide_polygons_parallel(s->polygons, s->xfs, s->pairs, n, margin, o->m[0], tasks);
    satcd_batch_overlap_polygons_parallel(s->polygons, s->xfs, s->pairs, n, o->hit, tasks);
    satcd_batch_collide_polygon_circle_parallel(s->polygons, s->circles, s->xfs, s->pairs, n, margin, o->m[1], tasks);
    satcd_batch_collide_circles_parallel(s->circles, s->xfs, s->pairs, n, margin, o->m[2], tasks);
    satcd_batch_collide_polygon_capsule_parallel(s->polygons, s->capsules, s->xfs, s->pairs, n, margin, o->m[3],
                                                 tasks);
    satcd_batch_collide_capsules_parallel(s->capsules, s->xfs, s->pairs, n, margin, o->m[4], tasks);
    satcd_batch_collide_capsule_circle_parallel(s->capsules, s->circles, s->xfs, s->pairs, n, margin, o->m[5], tasks);
}

static void threads_give_the_serial_output(void **state)
{
    (void)state;
    batch_scene s;
    assert_true(batch_scene_init(&s, 0x7e4eadu, 2000, workload_cases(20000), 0.0f));
    size_t n = (size_t)s.pair_count;
    outputs serial, threaded;
    assert_true(outputs_alloc(&serial, s.pair_count));
    assert_true(outputs_alloc(&threaded, s.pair_count));
    run_all(&s, NULL, &serial);
    int contacts = 0;
    for (size_t i = 0; i < n; ++i) contacts += serial.m[0][i].count;
    assert_true(contacts > 0);
    const int counts[] = {1, 2, 8};
    for (size_t r = 0; r < sizeof counts / sizeof counts[0]; ++r) {
        task_pool *pool = task_pool_create(counts[r]);
        assert_non_null(pool);
        for (int k = 0; k < 6; ++k) memset(threaded.m[k], 0xab, n * sizeof *threaded.m[k]);
        memset(threaded.hit, 0xab, n);
        run_all(&s, task_pool_system(pool), &threaded);
        for (int k = 0; k < 6; ++k) assert_memory_equal(threaded.m[k], serial.m[k], n * sizeof *serial.m[k]);
        assert_memory_equal(threaded.hit, serial.hit, n);
        task_pool_destroy(pool);
    }
    outputs_free(&serial);
    outputs_free(&threaded);
    batch_scene_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(threads_give_the_serial_output),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
