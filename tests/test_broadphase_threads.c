/*
 * The broad phase's pairs on 1, 2 and 8 worker threads (a POSIX-threads
 * task system) equal, pair for pair, the serial call's, frame after frame
 * of a moving scene, and brute force on some frames; a third of the way
 * through, a tenth of the boxes crowd into the centre, so that the sweep
 * blocks outgrow the room their last counts gave them. Scenes large
 * enough for the update to cut its entries into many chunks give, serially
 * and on the threads, the pairs of a broad phase built afresh. Run under
 * ThreadSanitizer in CI (.ci/steps/60-robustness.sh). A dense scene has
 * pairs enough for the pair sort to run on the workers.
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

#define LARGE 12000
#define RESTING 70000 /* boxes enough for over 65,536 entries, one per box at least */

static satcd_aabb large_box[RESTING];
static satcd_vec2 large_velocity[RESTING];

static float unit(uint64_t *state)
{
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return (float)(*state >> 40) / 16777216.0f;
}

/* n boxes of sides 0.1 to 0.6 in [0, w] x [y0, y0 + h], moving up to 0.05 a frame. */
static void large_scene(uint64_t seed, int n, float w, float y0, float h)
{
    for (int i = 0; i < n; ++i) {
        float sx = 0.1f + 0.5f * unit(&seed), sy = 0.1f + 0.5f * unit(&seed);
        float x = (w - sx) * unit(&seed), y = y0 + (h - sy) * unit(&seed);
        large_box[i] = (satcd_aabb){{x, y}, {x + sx, y + sy}};
        float vx = 0.1f * unit(&seed) - 0.05f;
        large_velocity[i] = satcd_v2(vx, 0.1f * unit(&seed) - 0.05f);
    }
}

/*
 * Every box moved by its velocity, turned back at the region's sides; one in 128 sent elsewhere (a big move).
 * With every > 1, only the boxes i with (i + frame) % every == 0 move.
 */
static void large_step_some(int n, int frame, float w, float y0, float h, int every)
{
    for (int i = (int)(((unsigned)every - (unsigned)frame % (unsigned)every) % (unsigned)every); i < n; i += every) {
        satcd_aabb *b = &large_box[i];
        satcd_vec2 d = large_velocity[i];
        if ((i + frame) % 128 == 0) {
            float tx = (float)((i * 37 + frame * 11) % 97) / 97.0f, ty = (float)((i * 53 + frame * 7) % 89) / 89.0f;
            d = satcd_v2(tx * (w - 0.6f) - b->lower.x, y0 + ty * (h - 0.6f) - b->lower.y);
        }
        if (b->lower.x + d.x < 0.0f || b->upper.x + d.x > w) d.x = large_velocity[i].x = -large_velocity[i].x;
        if (b->lower.y + d.y < y0 || b->upper.y + d.y > y0 + h) d.y = large_velocity[i].y = -large_velocity[i].y;
        *b = (satcd_aabb){satcd_add(b->lower, d), satcd_add(b->upper, d)};
    }
}

static void large_step(int n, int frame, float w, float y0, float h) { large_step_some(n, frame, w, y0, h, 1); }

/* The pairs of a new broad phase given the boxes: all its entries new, sorted without the update's chunks. */
static int fresh_pairs(int n, satcd_pair *out)
{
    satcd_broadphase *bp = satcd_broadphase_create(NULL);
    assert_non_null(bp);
    for (int i = 0; i < n; ++i) assert_int_equal(satcd_broadphase_add(bp, large_box[i], 0), i);
    int count = satcd_broadphase_pairs(bp, out, CAP);
    satcd_broadphase_destroy(bp);
    return count;
}

/* The brute-force pairs of the boxes, sorted. */
static int brute_pairs(int n, satcd_pair *out)
{
    int count = 0;
    for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b) {
            satcd_aabb p = large_box[a], q = large_box[b];
            bool meet = p.lower.x <= q.upper.x && q.lower.x <= p.upper.x && p.lower.y <= q.upper.y &&
                        q.lower.y <= p.upper.y;
            if (meet && count < CAP) out[count] = (satcd_pair){a, b};
            count += meet;
        }
    return count;
}

/*
 * One large scene, frame after frame: serial and on 2 and 8 workers, the
 * pairs of the broad phase built afresh; brute force on the first and last
 * frames.
 */
static void large_scene_matches_fresh(int n, float w, float y0, float h)
{
    const int counts[] = {1, 2, 8};
    enum { RUNS = sizeof counts / sizeof counts[0] };
    task_pool *pools[RUNS];
    satcd_broadphase *bps[RUNS];
    for (int r = 0; r < RUNS; ++r) {
        assert_non_null(pools[r] = task_pool_create(counts[r]));
        assert_non_null(bps[r] = satcd_broadphase_create(NULL));
        for (int i = 0; i < n; ++i) assert_int_equal(satcd_broadphase_add(bps[r], large_box[i], 0), i);
    }
    int frames = workload_cases(30);
    for (int f = 0; f < frames; ++f) {
        large_step(n, f, w, y0, h);
        for (int r = 0; r < RUNS; ++r)
            for (int i = 0; i < n; ++i) assert_true(satcd_broadphase_move(bps[r], i, large_box[i]));
        int want = fresh_pairs(n, truth);
        assert_true(want > n / 4 && want <= CAP);
        if (f == 0 || f == frames - 1) {
            assert_int_equal(brute_pairs(n, serial), want);
            same_pairs(serial, truth, want);
        }
        for (int r = 0; r < RUNS; ++r) {
            const satcd_task_system *tasks = r == 0 ? NULL : task_pool_system(pools[r]);
            assert_int_equal(satcd_broadphase_pairs_parallel(bps[r], threaded, CAP, tasks), want);
            same_pairs(threaded, truth, want);
        }
    }
    for (int r = 0; r < RUNS; ++r) {
        satcd_broadphase_destroy(bps[r]);
        task_pool_destroy(pools[r]);
    }
}

/* 12,000 boxes in a square: bands of a few hundred entries, cut into chunks of whole bands. */
static void large_square_matches_fresh(void **state)
{
    (void)state;
    large_scene(7, LARGE, 55.0f, -30.0f, 55.0f);
    large_scene_matches_fresh(LARGE, 55.0f, -30.0f, 55.0f);
}

/* 6,000 boxes in a strip two bands tall: each band longer than a chunk, so a chunk runs to its band's end. */
static void long_bands_match_fresh(void **state)
{
    (void)state;
    large_scene(8, LARGE / 2, 2500.0f, 0.2f, 0.7f);
    large_scene_matches_fresh(LARGE / 2, 2500.0f, 0.2f, 0.7f);
}

/*
 * 70,000 boxes, 1 in 25 moving each frame: the list is revised, its moved
 * proxies taken in the order of their entries, and gives the pairs of a
 * broad phase built afresh, serially and on 2 workers.
 */
static void large_rest_matches_fresh(void **state)
{
    (void)state;
    const float w = 132.0f, y0 = -1.0e4f, h = 132.0f;
    large_scene(10, RESTING, w, y0, h);
    task_pool *pool = task_pool_create(2);
    satcd_broadphase *bps[2];
    assert_non_null(pool);
    for (int r = 0; r < 2; ++r) {
        assert_non_null(bps[r] = satcd_broadphase_create(NULL));
        for (int i = 0; i < RESTING; ++i) assert_int_equal(satcd_broadphase_add(bps[r], large_box[i], 0), i);
    }
    int frames = workload_cases(12);
    for (int f = 0; f < frames; ++f) {
        large_step_some(RESTING, f, w, y0, h, 25);
        for (int r = 0; r < 2; ++r)
            for (int i = f % 25 == 0 ? 0 : 25 - f % 25; i < RESTING; i += 25)
                assert_true(satcd_broadphase_move(bps[r], i, large_box[i]));
        int want = fresh_pairs(RESTING, truth);
        assert_true(want > RESTING / 4 && want <= CAP);
        for (int r = 0; r < 2; ++r) {
            const satcd_task_system *tasks = r == 0 ? NULL : task_pool_system(pool);
            assert_int_equal(satcd_broadphase_pairs_parallel(bps[r], threaded, CAP, tasks), want);
            same_pairs(threaded, truth, want);
        }
    }
    for (int r = 0; r < 2; ++r) satcd_broadphase_destroy(bps[r]);
    task_pool_destroy(pool);
}

/* 12,000 boxes packed four times as densely: enough pairs that the pair sort runs on the workers too. */
static void dense_square_matches_fresh(void **state)
{
    (void)state;
    large_scene(9, LARGE, 27.5f, 100.0f, 27.5f);
    large_scene_matches_fresh(LARGE, 27.5f, 100.0f, 27.5f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(threads_give_the_serial_pairs),
        cmocka_unit_test(large_square_matches_fresh),
        cmocka_unit_test(long_bands_match_fresh),
        cmocka_unit_test(dense_square_matches_fresh),
        cmocka_unit_test(large_rest_matches_fresh),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
