/*
 * The broad phase against brute force: random scenes of moving boxes
 * (insertions, removals, teleports, huge, flat and zero-size boxes, touching
 * boxes on a grid, offsets of 1e5) for a few hundred frames, each frame's
 * pairs, box queries and ray casts compared with a direct test of every box;
 * bad boxes refused with nothing changed; ids, capacity, allocator.
 */
#include "cmocka_all.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <satcd/satcd.h>

#include "box_scene.h"
#include "broadphase_internal.h"
#include "workload.h"

#define SCENE_CAP 700

static satcd_pair got[SCENE_CAP * SCENE_CAP / 2], want[SCENE_CAP * SCENE_CAP / 2];

static void assert_pairs_equal(const satcd_pair *a, const satcd_pair *b, int n)
{
    for (int i = 0; i < n; ++i) {
        assert_int_equal(a[i].a, b[i].a);
        assert_int_equal(a[i].b, b[i].b);
    }
}

static void check_pairs(box_scene *s)
{
    int cap = (int)(sizeof got / sizeof got[0]);
    int n = box_scene_brute_pairs(s, want, cap);
    assert_true(n <= cap);
    int m = satcd_broadphase_pairs(s->bp, got, cap);
    assert_int_equal(m, n);
    assert_pairs_equal(got, want, n);
}

/* Collects reported ids, counting repeats. */
typedef struct hits {
    int count[SCENE_CAP];
    int total;
    int stop_after; /* 0: never stop */
} hits;

static bool record(int32_t proxy, void *ctx)
{
    hits *h = ctx;
    assert_true(proxy >= 0 && proxy < SCENE_CAP);
    h->count[proxy]++;
    h->total++;
    return h->stop_after == 0 || h->total < h->stop_after;
}

static bool overlap(satcd_aabb a, satcd_aabb b)
{
    return a.lower.x <= b.upper.x && b.lower.x <= a.upper.x && a.lower.y <= b.upper.y && b.lower.y <= a.upper.y;
}

/* Each live box the truth says is met reported exactly once, no other. */
static void assert_reported(const box_scene *s, const hits *h, bool (*meets)(const void *shape, satcd_aabb b),
                            const void *shape)
{
    for (int id = 0; id < s->capacity; ++id)
        assert_int_equal(h->count[id], s->live[id] && meets(shape, s->box[id]) ? 1 : 0);
}

static bool box_meets(const void *shape, satcd_aabb b) { return overlap(*(const satcd_aabb *)shape, b); }
static bool ray_meets(const void *shape, satcd_aabb b) { return box_scene_ray_meets(*(const satcd_ray *)shape, b); }

static void check_query(box_scene *s, satcd_aabb q)
{
    static hits h;
    memset(&h, 0, sizeof h);
    satcd_broadphase_query(s->bp, q, record, &h);
    assert_reported(s, &h, box_meets, &q);
}

static void check_ray(box_scene *s, satcd_ray ray)
{
    static hits h;
    memset(&h, 0, sizeof h);
    satcd_broadphase_raycast(s->bp, ray, record, &h);
    assert_reported(s, &h, ray_meets, &ray);
}

static satcd_ray random_ray(box_scene *s)
{
    random_source *r = &s->rng;
    satcd_vec2 o = satcd_add(satcd_v2(s->offset, s->offset), random_vec2(r, -s->extent, s->extent));
    int kind = random_int(r, 0, 9);
    float len = kind < 3 ? random_float(r, 0.0f, 3.0f) : random_float(r, 0.0f, 2.5f * s->extent);
    float angle = random_float(r, -3.1416f, 3.1416f);
    satcd_vec2 d = satcd_v2(len * cosf(angle), len * sinf(angle));
    if (kind == 3) d.y = 0.0f;                    /* horizontal */
    if (kind == 4) d.x = 0.0f;                    /* vertical */
    if (kind == 5) d = satcd_v2(0.0f, 0.0f);      /* a point */
    if (kind == 6 && s->grid > 0.0f) {            /* along grid lines, where boxes touch */
        o.x = s->grid * roundf(o.x / s->grid);
        d.x = 0.0f;
    }
    satcd_ray ray = {o, d};
    return ray;
}

static void check_queries(box_scene *s, int count)
{
    for (int i = 0; i < count; ++i) {
        check_query(s, box_scene_random_box(s));
        check_ray(s, random_ray(s));
    }
}

/* A scene that starts small, grows, moves for `frames` frames, then shrinks: the bands are re-chosen on the way. */
static void run_scene(uint64_t seed, float offset, float extent, float grid, int frames)
{
    box_scene s;
    assert_true(box_scene_init(&s, seed, SCENE_CAP, offset, extent, grid));
    for (int i = 0; i < 40; ++i) assert_true(box_scene_add(&s) >= 0);
    check_pairs(&s);
    for (int f = 0; f < frames; ++f) {
        int third = frames / 3;
        int add = f < third ? 8 : 2, remove = f > 2 * third ? 8 : 2;
        box_scene_step(&s, add, remove, 10);
        /* Queries both before the update (moved proxies pending) and after it. */
        if (f % 4 == 0) check_queries(&s, 4);
        check_pairs(&s);
        if (f % 4 == 1) check_queries(&s, 4);
        if (f % 5 == 2) check_pairs(&s); /* at rest: no change since the last list */
    }
    box_scene_free(&s);
}

/*
 * A scene mostly at rest: a few boxes move each frame (so the last list is
 * revised rather than swept again), some teleport or become huge, a few
 * are added and removed, and now and then every box moves.
 */
static void run_scene_mostly_at_rest(uint64_t seed, float offset, float extent, float grid, int frames)
{
    box_scene s;
    assert_true(box_scene_init(&s, seed, SCENE_CAP, offset, extent, grid));
    for (int i = 0; i < 400; ++i) assert_true(box_scene_add(&s) >= 0);
    check_pairs(&s);
    for (int f = 0; f < frames; ++f) {
        if (f % 25 == 24) box_scene_step(&s, 2, 2, 10);
        else box_scene_step_some(&s, f % 3 == 0 ? 5 : 30, 1, 1, 100);
        check_pairs(&s);
        if (f % 8 == 3) check_queries(&s, 2);
    }
    box_scene_free(&s);
}

static void mostly_at_rest_matches_brute_force(void **state)
{
    (void)state;
    int frames = workload_cases(150);
    run_scene_mostly_at_rest(21, 0.0f, 30.0f, 0.0f, frames);
    run_scene_mostly_at_rest(22, 1.0e5f, 30.0f, 0.0f, frames);
    run_scene_mostly_at_rest(23, 0.0f, 12.0f, 0.25f, frames);
}

static void pairs_match_brute_force_near_origin(void **state)
{
    (void)state;
    run_scene(1, 0.0f, 30.0f, 0.0f, workload_cases(150));
}

static void pairs_match_brute_force_far_away(void **state)
{
    (void)state;
    run_scene(2, 1e5f, 30.0f, 0.0f, workload_cases(150));
    run_scene(3, -1e5f, 60.0f, 0.0f, workload_cases(120));
}

static void pairs_match_brute_force_touching(void **state)
{
    (void)state;
    /* Coordinates on a 0.25 grid: many boxes share an edge or a corner exactly. */
    run_scene(4, 0.0f, 20.0f, 0.25f, workload_cases(150));
    run_scene(5, 1e5f, 20.0f, 0.25f, workload_cases(100));
}

/* Some boxes span many bands, or the whole scene, or nearly the coordinate bound. */
static void huge_boxes_and_extremes(void **state)
{
    (void)state;
    box_scene s;
    assert_true(box_scene_init(&s, 6, SCENE_CAP, 0.0f, 30.0f, 0.0f));
    for (int i = 0; i < 100; ++i) box_scene_add(&s);
    satcd_aabb extremes[] = {
        {{-SATCD_MAX_COORDINATE, -SATCD_MAX_COORDINATE}, {SATCD_MAX_COORDINATE, SATCD_MAX_COORDINATE}},
        {{-SATCD_MAX_COORDINATE, 0.0f}, {SATCD_MAX_COORDINATE, 0.0f}},
        {{0.0f, -SATCD_MAX_COORDINATE}, {0.0f, SATCD_MAX_COORDINATE}},
        {{SATCD_MAX_COORDINATE, SATCD_MAX_COORDINATE}, {SATCD_MAX_COORDINATE, SATCD_MAX_COORDINATE}},
        {{-1e-30f, -1e-30f}, {1e-30f, 1e-30f}},
    };
    for (size_t i = 0; i < sizeof extremes / sizeof extremes[0]; ++i) {
        int32_t id = satcd_broadphase_add(s.bp, extremes[i], 0);
        assert_true(id >= 0);
        s.live[id] = true;
        s.box[id] = extremes[i];
    }
    for (int f = 0; f < workload_cases(100); ++f) {
        box_scene_step(&s, 3, 3, 20);
        check_pairs(&s);
        check_queries(&s, 2);
    }
    satcd_ray across = {{-SATCD_MAX_COORDINATE, -SATCD_MAX_COORDINATE}, {2 * SATCD_MAX_COORDINATE, 2 * SATCD_MAX_COORDINATE}};
    check_ray(&s, across);
    box_scene_free(&s);
}

static satcd_aabb aabb(float lx, float ly, float ux, float uy)
{
    satcd_aabb b = {{lx, ly}, {ux, uy}};
    return b;
}

static void bad_boxes_change_nothing(void **state)
{
    (void)state;
    box_scene s;
    assert_true(box_scene_init(&s, 7, SCENE_CAP, 0.0f, 10.0f, 0.0f));
    for (int i = 0; i < 80; ++i) box_scene_add(&s);
    check_pairs(&s);
    const float nan = NAN, inf = INFINITY, big = 2.0f * SATCD_MAX_COORDINATE;
    satcd_aabb bad[] = {
        aabb(nan, 0, 1, 1), aabb(0, nan, 1, 1), aabb(0, 0, nan, 1), aabb(0, 0, 1, nan),
        aabb(-inf, 0, 1, 1), aabb(0, 0, inf, 1), aabb(0, -inf, 1, inf),
        aabb(1, 0, 0, 1), aabb(0, 1, 1, 0), aabb(0, 0, -1e-30f, 1),
        aabb(-big, 0, 1, 1), aabb(0, 0, 1, big), aabb(big, big, big, big),
    };
    int before = box_scene_brute_pairs(&s, want, SCENE_CAP * SCENE_CAP / 2);
    /* A move is pending on proxy 3 so that the refusals meet an un-updated state too. */
    satcd_aabb moved = aabb(1, 1, 2, 2);
    assert_true(satcd_broadphase_move(s.bp, 3, moved));
    s.box[3] = moved;
    before = box_scene_brute_pairs(&s, want, SCENE_CAP * SCENE_CAP / 2);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        assert_int_equal(satcd_broadphase_add(s.bp, bad[i], 9), -1);
        assert_false(satcd_broadphase_move(s.bp, 5, bad[i]));
        static hits h;
        memset(&h, 0, sizeof h);
        satcd_broadphase_query(s.bp, bad[i], record, &h);
        assert_int_equal(h.total, 0);
    }
    satcd_ray bad_rays[] = {{{nan, 0}, {1, 1}}, {{0, 0}, {inf, 1}}, {{0, -inf}, {0, 1}}};
    for (size_t i = 0; i < sizeof bad_rays / sizeof bad_rays[0]; ++i) {
        static hits h;
        memset(&h, 0, sizeof h);
        satcd_broadphase_raycast(s.bp, bad_rays[i], record, &h);
        assert_int_equal(h.total, 0);
    }
    int after = satcd_broadphase_pairs(s.bp, got, SCENE_CAP * SCENE_CAP / 2);
    assert_int_equal(after, before);
    assert_pairs_equal(got, want, before);
    /* The next new proxy still takes the next id: the refused adds took none. */
    assert_int_equal(satcd_broadphase_add(s.bp, aabb(0, 0, 1, 1), 0), 80);
    box_scene_free(&s);
}

/*
 * A scene at rest gives its list again without a sweep: the same pairs
 * after queries, a refused move and a call with too little room, and every
 * kind of change after it (a move, a move to the same box, a remove, an
 * add) is seen at the next call.
 */
static void scene_at_rest_and_changes_after_it(void **state)
{
    (void)state;
    box_scene s;
    assert_true(box_scene_init(&s, 11, SCENE_CAP, 0.0f, 10.0f, 0.0f));
    for (int i = 0; i < 80; ++i) box_scene_add(&s);
    check_pairs(&s);
    check_pairs(&s);
    check_queries(&s, 4);
    check_pairs(&s);
    assert_false(satcd_broadphase_move(s.bp, 4, aabb(1, 0, 0, 1)));
    int n = box_scene_brute_pairs(&s, want, SCENE_CAP * SCENE_CAP / 2);
    assert_true(n > 1);
    assert_int_equal(satcd_broadphase_pairs(s.bp, got, 0), n);
    assert_int_equal(satcd_broadphase_pairs(s.bp, got, 1), n);
    assert_int_equal(got[0].a, want[0].a);
    assert_int_equal(got[0].b, want[0].b);
    check_pairs(&s);
    /* Proxy 3 onto proxy 7: a new pair must appear. */
    satcd_aabb onto = s.box[7];
    assert_true(satcd_broadphase_move(s.bp, 3, onto));
    s.box[3] = onto;
    check_pairs(&s);
    assert_true(satcd_broadphase_move(s.bp, 3, onto));
    check_pairs(&s);
    /*
     * Proxy 9 made wide and flat, proxy 2 onto its far end in the same
     * frame (the lower id finds the pair, from well past the widths of the
     * boxes before), then proxy 2 alone near it again.
     */
    satcd_aabb wide = aabb(-50.0f, 3.0f, 50.0f, 3.5f), end = aabb(45.0f, 3.2f, 46.0f, 4.0f);
    assert_true(satcd_broadphase_move(s.bp, 9, wide));
    assert_true(satcd_broadphase_move(s.bp, 2, end));
    s.box[9] = wide;
    s.box[2] = end;
    check_pairs(&s);
    end = aabb(48.0f, 3.3f, 48.5f, 3.4f);
    assert_true(satcd_broadphase_move(s.bp, 2, end));
    s.box[2] = end;
    check_pairs(&s);
    satcd_broadphase_remove(s.bp, 7);
    s.live[7] = false;
    check_pairs(&s);
    assert_true(box_scene_add(&s) >= 0);
    check_pairs(&s);
    check_pairs(&s);
    box_scene_free(&s);
}

/* A broad phase that never had a proxy, or whose only proxy left: no pairs, no hits, on every path. */
static void empty_broad_phase_has_no_pairs(void **state)
{
    (void)state;
    satcd_broadphase *bp = satcd_broadphase_create(NULL);
    assert_non_null(bp);
    satcd_aabb all = {{-1e6f, -1e6f}, {1e6f, 1e6f}};
    satcd_ray ray = {{-10.0f, 0.0f}, {20.0f, 0.0f}};
    for (int round = 0; round < 2; ++round) {
        hits h = {{0}, 0, 0};
        assert_int_equal(satcd_broadphase_pairs(bp, NULL, 0), 0);
        assert_int_equal(satcd_broadphase_pairs(bp, got, 4), 0);
        satcd_broadphase_query(bp, all, record, &h);
        satcd_broadphase_raycast(bp, ray, record, &h);
        assert_int_equal(h.total, 0);
        /* Between the rounds: one proxy added (alone, it makes no pair), then removed. */
        int32_t id = satcd_broadphase_add(bp, (satcd_aabb){{0.0f, 0.0f}, {1.0f, 1.0f}}, 7);
        assert_int_equal(id, 0);
        assert_int_equal(satcd_broadphase_pairs(bp, got, 4), 0);
        satcd_broadphase_remove(bp, id);
    }
    satcd_broadphase_destroy(bp);
}

static void dead_and_out_of_range_ids(void **state)
{
    (void)state;
    satcd_broadphase *bp = satcd_broadphase_create(NULL);
    assert_non_null(bp);
    int32_t a = satcd_broadphase_add(bp, aabb(0, 0, 1, 1), 11);
    int32_t b = satcd_broadphase_add(bp, aabb(0.5f, 0.5f, 2, 2), 22);
    assert_int_equal(a, 0);
    assert_int_equal(b, 1);
    satcd_pair p[4];
    assert_int_equal(satcd_broadphase_pairs(bp, p, 4), 1);
    int32_t ids[] = {-1, 2, 1000, INT32_MIN, INT32_MAX};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; ++i) {
        assert_false(satcd_broadphase_move(bp, ids[i], aabb(0, 0, 1, 1)));
        satcd_broadphase_remove(bp, ids[i]);
        assert_int_equal(satcd_broadphase_user_data(bp, ids[i]), 0);
    }
    assert_int_equal(satcd_broadphase_user_data(bp, a), 11);
    assert_int_equal(satcd_broadphase_user_data(bp, b), 22);
    satcd_broadphase_remove(bp, a);
    satcd_broadphase_remove(bp, a); /* twice: ignored */
    assert_false(satcd_broadphase_move(bp, a, aabb(0, 0, 1, 1)));
    assert_int_equal(satcd_broadphase_user_data(bp, a), 0);
    assert_int_equal(satcd_broadphase_pairs(bp, p, 4), 0);
    /* NULL broad phase and bad capacities. */
    assert_int_equal(satcd_broadphase_add(NULL, aabb(0, 0, 1, 1), 0), -1);
    assert_false(satcd_broadphase_move(NULL, 0, aabb(0, 0, 1, 1)));
    satcd_broadphase_remove(NULL, 0);
    assert_int_equal(satcd_broadphase_user_data(NULL, 0), 0);
    assert_int_equal(satcd_broadphase_pairs(NULL, p, 4), -1);
    assert_int_equal(satcd_broadphase_pairs(bp, p, -1), -1);
    assert_int_equal(satcd_broadphase_pairs(bp, NULL, 0), 0);
    satcd_broadphase_query(NULL, aabb(0, 0, 1, 1), record, NULL);
    satcd_broadphase_query(bp, aabb(0, 0, 1, 1), NULL, NULL);
    satcd_broadphase_destroy(NULL);
    satcd_broadphase_destroy(bp);
}

static void removed_ids_are_reused_last_first(void **state)
{
    (void)state;
    satcd_broadphase *bp = satcd_broadphase_create(NULL);
    for (int i = 0; i < 6; ++i) assert_int_equal(satcd_broadphase_add(bp, aabb(0, 0, 1, 1), (uint64_t)i), i);
    satcd_broadphase_remove(bp, 1);
    satcd_broadphase_remove(bp, 4);
    satcd_broadphase_remove(bp, 2);
    assert_int_equal(satcd_broadphase_add(bp, aabb(0, 0, 1, 1), 100), 2);
    assert_int_equal(satcd_broadphase_add(bp, aabb(5, 5, 6, 6), 101), 4);
    assert_int_equal(satcd_broadphase_user_data(bp, 4), 101);
    assert_int_equal(satcd_broadphase_add(bp, aabb(0, 0, 1, 1), 102), 1);
    assert_int_equal(satcd_broadphase_add(bp, aabb(0, 0, 1, 1), 103), 6);
    /* 0, 1, 2, 3, 5, 6 share the unit box; 4 is apart: C(6, 2) pairs. */
    satcd_pair p[32];
    assert_int_equal(satcd_broadphase_pairs(bp, p, 32), 15);
    for (int i = 0; i < 15; ++i) assert_true(p[i].a != 4 && p[i].b != 4 && p[i].a < p[i].b);
    satcd_broadphase_destroy(bp);
}

static void capacity_below_the_count(void **state)
{
    (void)state;
    box_scene s;
    assert_true(box_scene_init(&s, 8, SCENE_CAP, 0.0f, 8.0f, 0.0f));
    for (int i = 0; i < 200; ++i) box_scene_add(&s);
    int n = box_scene_brute_pairs(&s, want, SCENE_CAP * SCENE_CAP / 2);
    assert_true(n > 50);
    int caps[] = {0, 1, 7, n / 2, n - 1, n};
    for (size_t c = 0; c < sizeof caps / sizeof caps[0]; ++c) {
        for (int i = 0; i < n + 8; ++i) got[i] = (satcd_pair){-7, -7};
        assert_int_equal(satcd_broadphase_pairs(s.bp, caps[c] ? got : NULL, caps[c]), n);
        assert_pairs_equal(got, want, caps[c]);
        for (int i = caps[c]; i < n + 8; ++i) assert_int_equal(got[i].a, -7);
    }
    box_scene_free(&s);
}

/* An allocator that counts its blocks and fails on demand. */
typedef struct budget {
    long live_blocks;
    long calls;
    long fail_from; /* calls with this index or later fail; < 0 never */
} budget;

static void *budget_alloc(size_t bytes, void *ctx)
{
    budget *b = ctx;
    if (b->fail_from >= 0 && b->calls++ >= b->fail_from) return NULL;
    void *p = malloc(bytes);
    if (p) b->live_blocks++;
    return p;
}

static void budget_free(void *p, void *ctx)
{
    budget *b = ctx;
    b->live_blocks--;
    free(p);
}

static void allocator_hook_and_failures(void **state)
{
    (void)state;
    budget b = {0, 0, -1};
    satcd_allocator alloc = {budget_alloc, budget_free, &b};
    satcd_broadphase *bp = satcd_broadphase_create(&alloc);
    assert_non_null(bp);
    assert_true(b.live_blocks > 0);
    random_source r = random_source_seeded(9);
    int added = 0;
    satcd_aabb boxes[400];
    /* Let allocation fail from the k-th call on, for growing k: each failure leaves everything as it was. */
    for (long k = 0; added < 400; ++k) {
        b.calls = 0;
        b.fail_from = k % 16; /* growth takes up to 10 blocks: some tries get through */
        float x = random_float(&r, 0, 20), y = random_float(&r, 0, 20);
        satcd_aabb box = aabb(x, y, x + 1, y + 1);
        int32_t id = satcd_broadphase_add(bp, box, (uint64_t)added);
        if (id >= 0) {
            assert_int_equal(id, added);
            boxes[added++] = box;
        }
        int n = satcd_broadphase_pairs(bp, got, SCENE_CAP);
        b.fail_from = -1;
        int m = satcd_broadphase_pairs(bp, got, SCENE_CAP);
        assert_true(n == -1 || n == m);
        int expect = 0;
        for (int i = 0; i < added; ++i)
            for (int j = i + 1; j < added; ++j) expect += overlap(boxes[i], boxes[j]);
        assert_int_equal(m, expect);
    }
    satcd_broadphase_destroy(bp);
    assert_int_equal(b.live_blocks, 0);
    satcd_allocator incomplete = {budget_alloc, NULL, &b};
    assert_null(satcd_broadphase_create(&incomplete));
    b.fail_from = 0;
    b.calls = 0;
    assert_null(satcd_broadphase_create(&alloc));
}

static void early_out_stops(void **state)
{
    (void)state;
    satcd_broadphase *bp = satcd_broadphase_create(NULL);
    for (int i = 0; i < 50; ++i) satcd_broadphase_add(bp, aabb((float)i * 0.1f, 0, (float)i * 0.1f + 1, 1), 0);
    satcd_pair p[1];
    satcd_broadphase_pairs(bp, p, 0);
    satcd_broadphase_add(bp, aabb(0, 0, 1, 1), 0); /* one pending, tested apart */
    for (int stop = 1; stop <= 3; ++stop) {
        static hits h;
        memset(&h, 0, sizeof h);
        h.stop_after = stop;
        satcd_broadphase_query(bp, aabb(0, 0, 10, 1), record, &h);
        assert_int_equal(h.total, stop);
        memset(&h, 0, sizeof h);
        h.stop_after = stop;
        satcd_ray ray = {{-1, 0.5f}, {20, 0}};
        satcd_broadphase_raycast(bp, ray, record, &h);
        assert_int_equal(h.total, stop);
    }
    satcd_broadphase_destroy(bp);
}

/*
 * A task system whose enqueue only records the task and returns a handle:
 * its ranges run when finish is called, as a real pool's may run on other
 * threads until then.
 */
typedef struct deferred {
    satcd_task_fn *fn;
    int items;
    void *task_ctx;
    int enqueued, finished;
} deferred;

static void *defer_enqueue(satcd_task_fn *fn, int item_count, int min_range, void *task_ctx, void *user_ctx)
{
    (void)min_range;
    deferred *d = user_ctx;
    assert_null(d->fn);
    d->fn = fn;
    d->items = item_count;
    d->task_ctx = task_ctx;
    d->enqueued++;
    return d;
}

static void defer_finish(void *handle, void *user_ctx)
{
    deferred *d = user_ctx;
    assert_ptr_equal(handle, d);
    for (int i = 0; i < d->items; ++i) d->fn(i, i + 1, 0, d->task_ctx);
    d->fn = NULL;
    d->finished++;
}

/*
 * The pairs of a scene of 600 boxes (three sweep blocks) through a task
 * system whose work runs only in finish: with finish given, every enqueued
 * task is finished before the call returns; with finish NULL the call
 * cannot wait, so it runs serially and never enqueues. Both give brute
 * force's pairs.
 */
static void task_system_without_finish_runs_serially(void **state)
{
    (void)state;
    box_scene s;
    assert_true(box_scene_init(&s, 12, SCENE_CAP, 0.0f, 20.0f, 0.0f));
    for (int i = 0; i < 600; ++i) box_scene_add(&s);
    int n = box_scene_brute_pairs(&s, want, SCENE_CAP * SCENE_CAP / 2);
    assert_true(n > 100);
    deferred d = {NULL, 0, NULL, 0, 0};
    satcd_task_system waits = {4, defer_enqueue, defer_finish, &d};
    assert_int_equal(satcd_broadphase_pairs_parallel(s.bp, got, SCENE_CAP * SCENE_CAP / 2, &waits), n);
    assert_pairs_equal(got, want, n);
    assert_true(d.enqueued > 0);
    assert_int_equal(d.finished, d.enqueued);
    d.enqueued = d.finished = 0;
    satcd_task_system no_finish = {4, defer_enqueue, NULL, &d};
    assert_int_equal(satcd_broadphase_pairs_parallel(s.bp, got, SCENE_CAP * SCENE_CAP / 2, &no_finish), n);
    assert_pairs_equal(got, want, n);
    assert_int_equal(d.enqueued, 0);
    box_scene_free(&s);
}

/*
 * The parallel sweep's passes over the entries, through the deferred task
 * system (one task a pass): one on frames of small motion; on the first
 * frame (no block counts yet to size the blocks' room by) and on the frame
 * a fifth of the boxes crowd together, the blocks that outgrew their room
 * are swept again, on the tasks when they are more than one range (how
 * many outgrow depends on the scene, whose random boxes differ between
 * compilers: C leaves the order of a call's arguments open). The update's
 * refresh of the entries is one chunk here, which runs on the calling
 * thread. Brute force's pairs on every frame.
 */
static void parallel_sweep_takes_one_pass_when_boxes_move_little(void **state)
{
    (void)state;
    box_scene s;
    assert_true(box_scene_init(&s, 77, SCENE_CAP, 0.0f, 20.0f, 0.0f));
    for (int i = 0; i < 600; ++i) box_scene_add(&s);
    deferred d = {NULL, 0, NULL, 0, 0};
    satcd_task_system waits = {4, defer_enqueue, defer_finish, &d};
    for (int frame = 0; frame < 12; ++frame) {
        box_scene_step(&s, 0, 0, 0);
        if (frame == 6) box_scene_crowd(&s, 5);
        d.enqueued = d.finished = 0;
        int n = box_scene_brute_pairs(&s, want, SCENE_CAP * SCENE_CAP / 2);
        assert_int_equal(satcd_broadphase_pairs_parallel(s.bp, got, SCENE_CAP * SCENE_CAP / 2, &waits), n);
        assert_pairs_equal(got, want, n);
/* The passes are counted for the default block sizes; a build may set them smaller (src/broadphase.c). */
#if !defined(SATCD__MOVED_RUN) && !defined(SATCD__UPDATE_CHUNK) && !defined(SATCD__PAIR_CHUNK) && SATCD__SWEEP_BLOCK == 256
        if (frame == 0 || frame == 6) assert_true(d.enqueued == 1 || d.enqueued == 2);
        else assert_int_equal(d.enqueued, 1);
#endif
        assert_int_equal(d.finished, d.enqueued);
    }
    box_scene_free(&s);
}

/*
 * The growth arithmetic at its limits, which no test can allocate: a
 * capacity never passes its limit nor wraps, a count past it is refused,
 * and the sweep blocks cover every entry up to INT32_MAX exactly once.
 */
static void growth_stops_at_the_limits(void **state)
{
    (void)state;
    assert_int_equal(satcd__grown_capacity(0, 1, 1000), 16);
    assert_int_equal(satcd__grown_capacity(16, 17, 1000), 32);
    assert_int_equal(satcd__grown_capacity(16, 100, 1000), 100);
    assert_int_equal(satcd__grown_capacity(600, 601, 1000), 1000);
    assert_int_equal(satcd__grown_capacity(1000, 1001, 1000), 0);
    /* Doubling a capacity above half of SIZE_MAX would wrap. */
    assert_true(satcd__grown_capacity(SIZE_MAX / 2 + 1, SIZE_MAX / 2 + 2, SIZE_MAX) == SIZE_MAX);
    size_t ids = SATCD__MAX_PROXIES;
    assert_true(ids + 1 <= (size_t)INT32_MAX); /* the pair-sorting counts hold one more */
    assert_true(satcd__grown_capacity(ids / 2 + 5, ids / 2 + 6, ids) == ids);
    assert_true(satcd__grown_capacity(ids, ids + 1, ids) == 0);
    /* Entries: every proxy gaining MAX_SPAN (16) bands at once is refused, not wrapped. */
    assert_true(satcd__entries_fit(INT32_MAX - 10, 10));
    assert_false(satcd__entries_fit(INT32_MAX - 10, 11));
    assert_false(satcd__entries_fit(0, 16 * (int64_t)INT32_MAX));
    assert_false(satcd__entries_fit(5, -1));
    assert_int_equal(satcd__sweep_blocks(0), 0);
    assert_int_equal(satcd__sweep_blocks(SATCD__SWEEP_BLOCK), 1);
    assert_int_equal(satcd__sweep_blocks(SATCD__SWEEP_BLOCK + 1), 2);
    const int32_t counts[] = {1, 255, 256, 257, INT32_MAX - 256, INT32_MAX - 255, INT32_MAX - 1, INT32_MAX};
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; ++c) {
        int32_t n = counts[c];
        int blocks = satcd__sweep_blocks(n);
        assert_true((int64_t)blocks * SATCD__SWEEP_BLOCK >= n && (int64_t)(blocks - 1) * SATCD__SWEEP_BLOCK < n);
        int32_t i0, i1, prev_end = 0;
        for (int b = blocks > 3 ? blocks - 3 : 0; b < blocks; ++b) {
            satcd__sweep_block_range(b, n, &i0, &i1);
            assert_true(i0 == (int32_t)b * SATCD__SWEEP_BLOCK && i1 > i0 && i1 - i0 <= SATCD__SWEEP_BLOCK);
            if (b > (blocks > 3 ? blocks - 3 : 0)) assert_int_equal(i0, prev_end);
            prev_end = i1;
        }
        assert_int_equal(prev_end, n);
    }
}

static bool int_before(const void *items, int32_t i, const void *key)
{
    return ((const int *)items)[i] < *(const int *)key;
}

/*
 * The searches of a sorted array against a linear scan: every range start,
 * every hint (none, inside, outside the range) and every key from below
 * the least to above the greatest, on arrays with runs of equal values.
 */
static void searches_near_a_hint_find_the_lower_bound(void **state)
{
    (void)state;
    random_source r = random_source_seeded(0x5ea4c);
    int v[40];
    for (int round = 0; round < 60; ++round) {
        int n = random_int(&r, 0, 40);
        for (int i = 0; i < n; ++i) v[i] = (i ? v[i - 1] : -3) + (random_int(&r, 0, 2) == 0);
        int top = n ? v[n - 1] + 1 : 0;
        for (int from = 0; from <= n; ++from)
            for (int key = -4; key <= top; ++key) {
                int first = from;
                while (first < n && v[first] < key) ++first;
                assert_int_equal(satcd__lower_bound(v, from, n, int_before, &key), first);
                for (int hint = -1; hint <= n + 2; ++hint)
                    assert_int_equal(satcd__lower_bound_near(v, from, n, hint, int_before, &key), first);
            }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pairs_match_brute_force_near_origin),
        cmocka_unit_test(pairs_match_brute_force_far_away),
        cmocka_unit_test(pairs_match_brute_force_touching),
        cmocka_unit_test(mostly_at_rest_matches_brute_force),
        cmocka_unit_test(huge_boxes_and_extremes),
        cmocka_unit_test(bad_boxes_change_nothing),
        cmocka_unit_test(scene_at_rest_and_changes_after_it),
        cmocka_unit_test(empty_broad_phase_has_no_pairs),
        cmocka_unit_test(dead_and_out_of_range_ids),
        cmocka_unit_test(removed_ids_are_reused_last_first),
        cmocka_unit_test(capacity_below_the_count),
        cmocka_unit_test(allocator_hook_and_failures),
        cmocka_unit_test(early_out_stops),
        cmocka_unit_test(task_system_without_finish_runs_serially),
        cmocka_unit_test(parallel_sweep_takes_one_pass_when_boxes_move_little),
        cmocka_unit_test(searches_near_a_hint_find_the_lower_bound),
        cmocka_unit_test(growth_stops_at_the_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
