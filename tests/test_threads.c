/*
 * Reentrancy: four threads run every query kind at once on the same const
 * shapes and transforms, and each thread's results must equal, bit for bit,
 * those of a single-threaded pass over the same work. Run under
 * ThreadSanitizer in CI (.ci/steps/60-robustness.sh), which also proves the
 * library has no data race on shared input.
 */
#define _POSIX_C_SOURCE 200809L /* pthreads */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <pthread.h>
#include <string.h>

#include <satcd/satcd.h>

#include "random_shapes.h"

#define SHAPES 24
#define THREADS 4
#define ROUNDS 8

/* Shared, never written after setup. */
static satcd_polygon polygons[SHAPES];
static satcd_circle circles[SHAPES];
static satcd_xf placements[SHAPES];

/* A running FNV-1a hash of every output byte, so results compare in one number. */
typedef struct digest {
    uint64_t h;
    long queries;
} digest;

static void mix(digest *d, const void *data, size_t size)
{
    const unsigned char *b = data;
    for (size_t i = 0; i < size; ++i) d->h = (d->h ^ b[i]) * 1099511628211ull;
    d->queries++;
}

static void mix_manifold(digest *d, satcd_manifold m)
{
    mix(d, &m.count, sizeof m.count);
    mix(d, &m.normal, sizeof m.normal);
    for (int i = 0; i < m.count; ++i) mix(d, &m.points[i], sizeof m.points[i]);
}

static void mix_mtv(digest *d, satcd_mtv m)
{
    mix(d, &m.hit, sizeof m.hit);
    mix(d, &m.normal, sizeof m.normal);
    mix(d, &m.depth, sizeof m.depth);
    mix(d, &m.a_in_b, sizeof m.a_in_b);
    mix(d, &m.b_in_a, sizeof m.b_in_a);
}

/* Every query kind on one ordered pair. */
static void query_pair(digest *d, int i, int j, satcd_sat_cache *cache)
{
    const satcd_polygon *a = &polygons[i], *b = &polygons[j];
    satcd_xf xa = placements[i], xb = placements[j];
    bool o = satcd_overlap_polygons(a, xa, b, xb);
    mix(d, &o, sizeof o);
    o = satcd_overlap_polygons_cached(a, xa, b, xb, cache);
    mix(d, &o, sizeof o);
    float s = satcd_separation_polygons(a, xa, b, xb);
    mix(d, &s, sizeof s);
    satcd_relation r = satcd_relate_polygons(a, xa, b, xb, 0.01f);
    mix(d, &r, sizeof r);
    mix_mtv(d, satcd_mtv_polygons(a, xa, b, xb));
    mix_manifold(d, satcd_collide_polygons(a, xa, b, xb, 0.05f));

    satcd_trace t;
    satcd_status st = satcd_trace_polygons(a, xa, b, xb, &t);
    mix(d, &st, sizeof st);
    mix(d, &t.separation, sizeof t.separation);
    mix(d, &t.chosen, sizeof t.chosen);

    satcd_distance dist = satcd_distance_polygons(a, xa, b, xb);
    mix(d, &dist.distance, sizeof dist.distance);
    mix(d, &dist.normal, sizeof dist.normal);
    satcd_toi toi = satcd_sweep_polygons(a, xa, satcd_v2(1.0f, 0.5f), b, xb, satcd_v2(-1.0f, 0.0f));
    mix(d, &toi.hit, sizeof toi.hit);
    mix(d, &toi.t, sizeof toi.t);
    satcd_ray ray = {placements[i].p, satcd_sub(placements[j].p, placements[i].p)};
    satcd_ray_hit hit = satcd_raycast_polygon(b, xb, ray);
    mix(d, &hit.hit, sizeof hit.hit);
    mix(d, &hit.fraction, sizeof hit.fraction);

    const satcd_circle *cb = &circles[j], *ca = &circles[i];
    s = satcd_separation_polygon_circle(a, xa, cb, xb);
    mix(d, &s, sizeof s);
    r = satcd_relate_polygon_circle(a, xa, cb, xb, 0.01f);
    mix(d, &r, sizeof r);
    mix_mtv(d, satcd_mtv_polygon_circle(a, xa, cb, xb));
    mix_manifold(d, satcd_collide_polygon_circle(a, xa, cb, xb, 0.05f));
    s = satcd_separation_circles(ca, xa, cb, xb);
    mix(d, &s, sizeof s);
    r = satcd_relate_circles(ca, xa, cb, xb, 0.01f);
    mix(d, &r, sizeof r);
    mix_mtv(d, satcd_mtv_circles(ca, xa, cb, xb));
    mix_manifold(d, satcd_collide_circles(ca, xa, cb, xb, 0.05f));
    satcd_aabb box = satcd_polygon_aabb(a, xa);
    mix(d, &box, sizeof box);
}

/* The whole workload, starting at a thread-specific pair so threads hit the same shapes at different times. */
static digest workload(int offset)
{
    digest d = {1469598103934665603ull, 0};
    digest per_pair[SHAPES * SHAPES];
    for (int k = 0; k < SHAPES * SHAPES; ++k) per_pair[k] = (digest){1469598103934665603ull, 0};
    satcd_sat_cache caches[SHAPES * SHAPES];
    for (int k = 0; k < SHAPES * SHAPES; ++k) caches[k] = (satcd_sat_cache)SATCD_SAT_CACHE_INIT;
    for (int round = 0; round < ROUNDS; ++round) {
        for (int n = 0; n < SHAPES * SHAPES; ++n) {
            int k = (n + offset) % (SHAPES * SHAPES);
            query_pair(&per_pair[k], k / SHAPES, k % SHAPES, &caches[k]);
        }
    }
    /* Combine in a fixed order so the visiting order does not matter. */
    for (int k = 0; k < SHAPES * SHAPES; ++k) {
        mix(&d, &per_pair[k].h, sizeof per_pair[k].h);
        d.queries += per_pair[k].queries - 1;
    }
    return d;
}

typedef struct job {
    int offset;
    digest result;
} job;

static void *run_job(void *arg)
{
    job *j = arg;
    j->result = workload(j->offset);
    return NULL;
}

static int setup(void **state)
{
    (void)state;
    random_source r = random_source_seeded(0x7412);
    for (int i = 0; i < SHAPES; ++i) {
        polygons[i] = random_convex_polygon(&r, SATCD_MAX_POLYGON_VERTICES, random_float(&r, 0.5f, 2.0f));
        float cx = random_float(&r, -0.5f, 0.5f);
        if (satcd_circle_make(&circles[i], satcd_v2(cx, 0.0f), random_float(&r, 0.3f, 1.5f)) != SATCD_OK)
            return -1;
        placements[i] = random_transform(&r, 4.0f); /* dense: most pairs overlap or nearly so */
    }
    return 0;
}

static void threads_agree_with_single_thread(void **state)
{
    (void)state;
    digest single = workload(0);
    assert_true(single.queries > 0);
    job jobs[THREADS];
    pthread_t threads[THREADS];
    for (int t = 0; t < THREADS; ++t) {
        jobs[t].offset = t * (SHAPES * SHAPES) / THREADS;
        assert_int_equal(pthread_create(&threads[t], NULL, run_job, &jobs[t]), 0);
    }
    for (int t = 0; t < THREADS; ++t) assert_int_equal(pthread_join(threads[t], NULL), 0);
    for (int t = 0; t < THREADS; ++t) {
        assert_int_equal(jobs[t].result.queries, single.queries);
        assert_true(jobs[t].result.h == single.h);
    }
}

/* The shared inputs are really read-only: they hash the same after the threads ran. */
static void shared_shapes_unchanged(void **state)
{
    (void)state;
    satcd_polygon before[SHAPES];
    memcpy(before, polygons, sizeof before);
    satcd_circle cbefore[SHAPES];
    memcpy(cbefore, circles, sizeof cbefore);
    job jobs[THREADS];
    pthread_t threads[THREADS];
    for (int t = 0; t < THREADS; ++t) {
        jobs[t].offset = t * 7;
        assert_int_equal(pthread_create(&threads[t], NULL, run_job, &jobs[t]), 0);
    }
    for (int t = 0; t < THREADS; ++t) assert_int_equal(pthread_join(threads[t], NULL), 0);
    assert_memory_equal(before, polygons, sizeof before);
    assert_memory_equal(cbefore, circles, sizeof cbefore);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(threads_agree_with_single_thread),
        cmocka_unit_test(shared_shapes_unchanged),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
