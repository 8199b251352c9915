/*
 * No query allocates: the C library's allocator is replaced in this
 * program (glibc sends its own internal allocations, qsort's buffer among
 * them, through the replacement) and counts every call while the queries
 * run. Every shape pair of the generic API, 16-gon pieces in compounds
 * (the largest Minkowski hulls), the batch calls, and a broad phase past
 * its growth: moves, pairs (revised and swept), box queries and ray casts.
 * Under AddressSanitizer, which owns the allocator, the test is skipped.
 */
#include "cmocka_all.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <satcd/satcd.h>

#if defined(__SANITIZE_ADDRESS__)
#define NO_ALLOC_COUNT 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) || __has_feature(thread_sanitizer)
#define NO_ALLOC_COUNT 0
#endif
#endif
#if !defined(NO_ALLOC_COUNT) && defined(__GLIBC__) && !defined(__SANITIZE_THREAD__)
#define NO_ALLOC_COUNT 1
#endif
#ifndef NO_ALLOC_COUNT
#define NO_ALLOC_COUNT 0
#endif

/* volatile: the compiler takes malloc for a function that touches no global, and would fold these around its calls. */
static volatile int counting;
static volatile long calls;

#if NO_ALLOC_COUNT
void *__libc_malloc(size_t n);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t n);

void *malloc(size_t n)
{
    calls += counting;
    return __libc_malloc(n);
}

void *calloc(size_t n, size_t size)
{
    calls += counting;
    return __libc_calloc(n, size);
}

void *realloc(void *p, size_t n)
{
    calls += counting;
    return __libc_realloc(p, n);
}
#endif

static satcd_xf at(float x, float y, float angle) { return satcd_xf_make(satcd_v2(x, y), angle); }

typedef struct kit {
    satcd_polygon box, gon16, tri;
    satcd_shape shapes[4]; /* polygon, circle, capsule, 16-gon */
    satcd_shape pieces[3];
    satcd_compound comb;
    satcd_xf locals[3];
} kit;

static void make_kit(kit *k)
{
    assert_int_equal(satcd_polygon_regular(&k->box, 4, 1.0f), SATCD_OK);
    assert_int_equal(satcd_polygon_regular(&k->gon16, 16, 1.2f), SATCD_OK);
    assert_int_equal(satcd_polygon_regular(&k->tri, 3, 0.8f), SATCD_OK);
    satcd_circle c;
    satcd_capsule cap;
    assert_int_equal(satcd_circle_make(&c, satcd_v2(0.1f, 0.0f), 0.7f), SATCD_OK);
    assert_int_equal(satcd_capsule_make(&cap, satcd_v2(-0.6f, 0.0f), satcd_v2(0.6f, 0.1f), 0.3f), SATCD_OK);
    k->shapes[0] = satcd_shape_of_polygon(&k->box);
    k->shapes[1] = satcd_shape_of_circle(c);
    k->shapes[2] = satcd_shape_of_capsule(cap);
    k->shapes[3] = satcd_shape_of_polygon(&k->gon16);
    k->pieces[0] = satcd_shape_of_polygon(&k->gon16);
    k->pieces[1] = satcd_shape_of_polygon(&k->gon16);
    k->pieces[2] = satcd_shape_of_polygon(&k->tri);
    k->locals[0] = at(-1.0f, 0.0f, 0.0f);
    k->locals[1] = at(1.0f, 0.2f, 0.3f);
    k->locals[2] = at(0.0f, 1.5f, 0.0f);
    k->comb.shapes = k->pieces;
    k->comb.locals = k->locals;
    k->comb.count = 3;
}

/* Every query of every shape pair, touching, overlapping and apart; returns a sum so nothing is optimized away. */
static float shape_queries(const kit *k)
{
    float sum = 0.0f;
    const float gaps[] = {0.3f, 1.9f, 2.2f, 5.0f};
    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 4; ++j) {
            for (int g = 0; g < 4; ++g) {
                satcd_xf xa = at(1.0e4f, -3.0f, 0.2f), xb = at(1.0e4f + gaps[g], -2.7f, 1.1f);
                const satcd_shape *a = &k->shapes[i], *b = &k->shapes[j];
                sum += (float)satcd_overlap(a, xa, b, xb);
                sum += (float)satcd_relate(a, xa, b, xb, 1e-3f);
                sum += satcd_mtv(a, xa, b, xb).depth;
                sum += (float)satcd_collide(a, xa, b, xb, 0.05f).count;
                sum += satcd_distance(a, xa, b, xb).distance;
                sum += satcd_sweep(a, xa, satcd_v2(3.0f, 0.0f), b, xb, satcd_v2(-1.0f, 0.5f)).t;
                satcd_ray ray = {satcd_v2(1.0e4f - 5.0f, -3.0f), satcd_v2(10.0f, 0.2f)};
                sum += satcd_raycast(a, xa, ray).fraction;
            }
        }
    }
    return sum;
}

static float compound_queries(const kit *k)
{
    float sum = 0.0f;
    satcd_manifold m[16];
    for (int g = 0; g < 4; ++g) {
        satcd_xf xa = at(0.0f, 0.0f, 0.1f), xb = at(0.5f + 1.5f * (float)g, 0.4f, 0.7f);
        for (int j = 0; j < 4; ++j) {
            const satcd_shape *b = &k->shapes[j];
            sum += (float)satcd_overlap_compound(&k->comb, xa, b, xb);
            sum += satcd_mtv_compound(&k->comb, xa, b, xb).depth;
            sum += (float)satcd_collide_compound(&k->comb, xa, b, xb, 0.05f, m, 16);
            sum += satcd_distance_compound(&k->comb, xa, b, xb).distance;
        }
        sum += (float)satcd_overlap_compounds(&k->comb, xa, &k->comb, xb);
        sum += satcd_mtv_compounds(&k->comb, xa, &k->comb, xb).depth;
        sum += (float)satcd_collide_compounds(&k->comb, xa, &k->comb, xb, 0.05f, m, 16);
        sum += satcd_distance_compounds(&k->comb, xa, &k->comb, xb).distance;
    }
    return sum;
}

static float batch_queries(const kit *k)
{
    const satcd_polygon *polys[4] = {&k->box, &k->gon16, &k->tri, &k->box};
    satcd_xf xfs[4] = {at(0, 0, 0), at(1.5f, 0.2f, 0.4f), at(0.5f, 1.0f, 1.0f), at(9, 9, 0)};
    satcd_pair pairs[5] = {{0, 1}, {0, 2}, {1, 2}, {2, 3}, {-1, 0}};
    satcd_manifold out[5];
    bool hits[5];
    satcd_batch_collide_polygons(polys, xfs, pairs, 5, 0.0f, out);
    satcd_batch_overlap_polygons(polys, xfs, pairs, 5, hits);
    return (float)(out[0].count + out[1].count + hits[2] + hits[3]);
}

static bool count_hit(int32_t proxy, void *ctx)
{
    (void)proxy;
    ++*(int *)ctx;
    return true;
}

/* A broad phase grown by a first frame, then moved within the room it has: no allocation. */
static int broadphase_frames(satcd_broadphase *bp, satcd_pair *pairs, int cap, int boxes, int first_frame)
{
    int total = 0;
    for (int f = first_frame; f < first_frame + 6; ++f) {
        int moving = f % 2 == 0 ? boxes : 3; /* every box (a sweep), or a few (a revision) */
        for (int i = 0; i < moving; ++i) {
            float x = (float)(i % 20) * 1.5f + 0.01f * (float)f, y = (float)(i / 20) * 1.5f;
            satcd_aabb b = {{x, y}, {x + 1.0f, y + 1.0f}};
            satcd_broadphase_move(bp, i, b);
        }
        total += satcd_broadphase_pairs(bp, pairs, cap);
        satcd_aabb q = {{2.0f, 2.0f}, {9.0f, 5.0f}};
        satcd_broadphase_query(bp, q, count_hit, &total);
        satcd_ray r = {satcd_v2(-1.0f, 3.2f), satcd_v2(40.0f, 1.0f)};
        satcd_broadphase_raycast(bp, r, count_hit, &total);
    }
    return total;
}

static void queries_do_not_allocate(void **state)
{
    (void)state;
    if (!NO_ALLOC_COUNT) skip();
    kit k;
    make_kit(&k);
    enum { BOXES = 200 };
    static satcd_pair pairs[BOXES * 16];
    satcd_broadphase *bp = satcd_broadphase_create(NULL);
    assert_non_null(bp);
    for (int i = 0; i < BOXES; ++i) {
        satcd_aabb b = {{(float)(i % 20) * 1.5f, (float)(i / 20) * 1.5f}, {(float)(i % 20) * 1.5f + 1.0f, (float)(i / 20) * 1.5f + 1.0f}};
        assert_int_equal(satcd_broadphase_add(bp, b, (uint64_t)i), i);
    }
    /* Growth: the first frames may allocate the work buffers. */
    assert_true(broadphase_frames(bp, pairs, BOXES * 16, BOXES, 0) > 0);

    /* The check can fail: an allocation while counting is seen. */
    calls = 0;
    counting = 1;
    void *volatile probe = malloc(16);
    counting = 0;
    free(probe);
    assert_int_equal(calls, 1);

    calls = 0;
    counting = 1;
    float sum = shape_queries(&k) + compound_queries(&k) + batch_queries(&k);
    int found = broadphase_frames(bp, pairs, BOXES * 16, BOXES, 6);
    counting = 0;
    assert_int_equal(calls, 0);
    assert_true(sum == sum); /* not NaN */
    assert_true(found > 0);
    satcd_broadphase_destroy(bp);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(queries_do_not_allocate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
