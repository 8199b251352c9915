/*
 * The batch narrow phase (satcd/batch.h): every result equals, to the bit,
 * the single-pair call on the same bodies, for every kind of pair, on
 * random scenes around the origin and far from it, with touching and
 * collinear boxes among them; the boxes' results against hand-computed
 * geometry; bad input writes nothing or the documented empty result; a
 * task system that runs the ranges in reverse order on this thread gives
 * the serial output.
 */
#include "cmocka_all.h"

#include <stdlib.h>
#include <string.h>

#include <satcd/satcd.h>

#include "batch_scene.h"
#include "workload.h"

#define BOXES 6 /* the boxes batch_scene places last */

static const float offsets[] = {0.0f, 1.0e5f, 1.0e6f};
static const float margins[] = {0.0f, 0.05f};

static satcd_manifold *manifolds(int n) { return calloc((size_t)n, sizeof(satcd_manifold)); }

static bool same_manifold(satcd_manifold a, satcd_manifold b) { return memcmp(&a, &b, sizeof a) == 0; }

static void polygons_equal_single_pair_calls(void **state)
{
    (void)state;
    int overlapping = 0, separated = 0, with_contacts = 0;
    for (size_t o = 0; o < sizeof offsets / sizeof offsets[0]; ++o) {
        batch_scene s;
        assert_true(batch_scene_init(&s, 0xba7c4 + o, 400, workload_cases(6000), offsets[o]));
        satcd_manifold *m = manifolds(s.pair_count);
        bool *hit = calloc((size_t)s.pair_count, sizeof *hit);
        assert_non_null(m);
        assert_non_null(hit);
        satcd_batch_overlap_polygons(s.polygons, s.xfs, s.pairs, s.pair_count, hit);
        for (size_t g = 0; g < sizeof margins / sizeof margins[0]; ++g) {
            satcd_batch_collide_polygons(s.polygons, s.xfs, s.pairs, s.pair_count, margins[g], m);
            for (int i = 0; i < s.pair_count; ++i) {
                int a = s.pairs[i].a, b = s.pairs[i].b;
                satcd_manifold one = satcd_collide_polygons(s.polygons[a], s.xfs[a], s.polygons[b], s.xfs[b], margins[g]);
                assert_true(same_manifold(m[i], one));
                with_contacts += m[i].count > 0;
            }
        }
        for (int i = 0; i < s.pair_count; ++i) {
            int a = s.pairs[i].a, b = s.pairs[i].b;
            assert_int_equal(hit[i], satcd_overlap_polygons(s.polygons[a], s.xfs[a], s.polygons[b], s.xfs[b]));
            overlapping += hit[i];
            separated += !hit[i];
        }
        free(hit);
        free(m);
        batch_scene_free(&s);
    }
    /* The scenes exercise both answers and the clipping, not only early exits. */
    assert_true(overlapping > 100 && separated > 100 && with_contacts > 100);
}

typedef void mixed_batch(const batch_scene *s, float margin, satcd_manifold *out);
typedef satcd_manifold mixed_single(const batch_scene *s, int a, int b, float margin);

static void batch_polygon_circle(const batch_scene *s, float margin, satcd_manifold *out)
{
    satcd_batch_collide_polygon_circle(s->polygons, s->circles, s->xfs, s->pairs, s->pair_count, margin, out);
}
static satcd_manifold single_polygon_circle(const batch_scene *s, int a, int b, float margin)
{
    return satcd_collide_polygon_circle(s->polygons[a], s->xfs[a], s->circles[b], s->xfs[b], margin);
}
static void batch_circles(const batch_scene *s, float margin, satcd_manifold *out)
{
    satcd_batch_collide_circles(s->circles, s->xfs, s->pairs, s->pair_count, margin, out);
}
static satcd_manifold single_circles(const batch_scene *s, int a, int b, float margin)
{
    return satcd_collide_circles(s->circles[a], s->xfs[a], s->circles[b], s->xfs[b], margin);
}
static void batch_polygon_capsule(const batch_scene *s, float margin, satcd_manifold *out)
{
    satcd_batch_collide_polygon_capsule(s->polygons, s->capsules, s->xfs, s->pairs, s->pair_count, margin, out);
}
static satcd_manifold single_polygon_capsule(const batch_scene *s, int a, int b, float margin)
{
    return satcd_collide_polygon_capsule(s->polygons[a], s->xfs[a], s->capsules[b], s->xfs[b], margin);
}
static void batch_capsules(const batch_scene *s, float margin, satcd_manifold *out)
{
    satcd_batch_collide_capsules(s->capsules, s->xfs, s->pairs, s->pair_count, margin, out);
}
static satcd_manifold single_capsules(const batch_scene *s, int a, int b, float margin)
{
    return satcd_collide_capsules(s->capsules[a], s->xfs[a], s->capsules[b], s->xfs[b], margin);
}
static void batch_capsule_circle(const batch_scene *s, float margin, satcd_manifold *out)
{
    satcd_batch_collide_capsule_circle(s->capsules, s->circles, s->xfs, s->pairs, s->pair_count, margin, out);
}
static satcd_manifold single_capsule_circle(const batch_scene *s, int a, int b, float margin)
{
    return satcd_collide_capsule_circle(s->capsules[a], s->xfs[a], s->circles[b], s->xfs[b], margin);
}

static void other_kinds_equal_single_pair_calls(void **state)
{
    (void)state;
    mixed_batch *const batches[] = {batch_polygon_circle, batch_circles, batch_polygon_capsule, batch_capsules,
                                    batch_capsule_circle};
    mixed_single *const singles[] = {single_polygon_circle, single_circles, single_polygon_capsule,
                                     single_capsules, single_capsule_circle};
    for (size_t o = 0; o < sizeof offsets / sizeof offsets[0]; ++o) {
        batch_scene s;
        assert_true(batch_scene_init(&s, 0xc1c1e + o, 300, workload_cases(3000), offsets[o]));
        satcd_manifold *m = manifolds(s.pair_count);
        assert_non_null(m);
        for (size_t k = 0; k < sizeof batches / sizeof batches[0]; ++k) {
            int with_contacts = 0;
            batches[k](&s, 0.05f, m);
            for (int i = 0; i < s.pair_count; ++i) {
                assert_true(same_manifold(m[i], singles[k](&s, s.pairs[i].a, s.pairs[i].b, 0.05f)));
                with_contacts += m[i].count > 0;
            }
            assert_true(with_contacts > s.pair_count / 20);
        }
        free(m);
        batch_scene_free(&s);
    }
}

/* Body i of the scene as a generic shape: polygon, capsule and circle in turn, so every pair of kinds occurs. */
static satcd_shape *mixed_shapes(const batch_scene *s, const satcd_shape ***pointers)
{
    satcd_shape *shapes = calloc((size_t)s->bodies, sizeof *shapes);
    *pointers = calloc((size_t)s->bodies, sizeof **pointers);
    if (!shapes || !*pointers) return shapes;
    for (int i = 0; i < s->bodies; ++i) {
        switch (i % 3) {
        case 0: shapes[i] = satcd_shape_of_polygon(s->polygons[i]); break;
        case 1: shapes[i] = satcd_shape_of_capsule(*s->capsules[i]); break;
        default: shapes[i] = satcd_shape_of_circle(*s->circles[i]); break;
        }
        (*pointers)[i] = &shapes[i];
    }
    return shapes;
}

static void shapes_equal_generic_calls(void **state)
{
    (void)state;
    int contacts_by_kinds[3][3] = {{0}};
    for (size_t o = 0; o < sizeof offsets / sizeof offsets[0]; ++o) {
        batch_scene s;
        assert_true(batch_scene_init(&s, 0x5a9e + o, 300, workload_cases(4000), offsets[o]));
        const satcd_shape **shapes;
        satcd_shape *store = mixed_shapes(&s, &shapes);
        satcd_manifold *m = manifolds(s.pair_count);
        bool *hit = calloc((size_t)s.pair_count, sizeof *hit);
        assert_true(store && shapes && m && hit);
        satcd_batch_collide_shapes(shapes, s.xfs, s.pairs, s.pair_count, 0.05f, m);
        satcd_batch_overlap_shapes(shapes, s.xfs, s.pairs, s.pair_count, hit);
        for (int i = 0; i < s.pair_count; ++i) {
            int a = s.pairs[i].a, b = s.pairs[i].b;
            assert_true(same_manifold(m[i], satcd_collide(shapes[a], s.xfs[a], shapes[b], s.xfs[b], 0.05f)));
            assert_int_equal(hit[i], satcd_overlap(shapes[a], s.xfs[a], shapes[b], s.xfs[b]));
            contacts_by_kinds[a % 3][b % 3] += m[i].count > 0;
        }
        free(hit);
        free(m);
        free(shapes);
        free(store);
        batch_scene_free(&s);
    }
    /* Every ordered pair of kinds, both ways round, gave contacts (a tenth of the pairs under valgrind). */
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) assert_true(contacts_by_kinds[i][j] > workload_cases(40));
}

/* The pair (first + i, first + j) of the scene's boxes: its index among the pairs. */
static int box_pair(const batch_scene *s, int i, int j) { return s->pair_count - BOXES * BOXES + i * BOXES + j; }

/* The boxes of batch_scene by hand: unit boxes, the first at the origin. */
static void boxes_match_hand_geometry(void **state)
{
    (void)state;
    batch_scene s;
    assert_true(batch_scene_init(&s, 7, 32, 0, 0.0f));
    satcd_manifold *m = manifolds(s.pair_count);
    bool *hit = calloc((size_t)s.pair_count, sizeof *hit);
    assert_non_null(m);
    assert_non_null(hit);
    satcd_batch_collide_polygons(s.polygons, s.xfs, s.pairs, s.pair_count, 0.01f, m);
    satcd_batch_overlap_polygons(s.polygons, s.xfs, s.pairs, s.pair_count, hit);
    /* Edge to edge, corner to corner, along a common line: touching, not overlapping. */
    for (int j = 1; j <= 3; ++j) assert_false(hit[box_pair(&s, 0, j)]);
    /* Edge to edge within the margin: two contacts at depth 0, normal +x. */
    satcd_manifold side = m[box_pair(&s, 0, 1)];
    assert_int_equal(side.count, 2);
    assert_float_equal(side.normal.x, 1.0f, 1e-6f);
    for (int k = 0; k < 2; ++k) assert_float_equal(side.points[k].depth, 0.0f, 1e-6f);
    /* Overlapping by 0.25 along x (0.5 along y): pushed apart along +x by 0.25. */
    assert_true(hit[box_pair(&s, 0, 4)]);
    satcd_manifold deep = m[box_pair(&s, 0, 4)];
    assert_int_equal(deep.count, 2);
    assert_float_equal(deep.normal.x, 1.0f, 1e-6f);
    assert_float_equal(deep.points[0].depth, 0.25f, 1e-6f);
    /* 0.25 apart: beyond the margin, no contact. */
    assert_false(hit[box_pair(&s, 0, 5)]);
    assert_int_equal(m[box_pair(&s, 0, 5)].count, 0);
    free(hit);
    free(m);
    batch_scene_free(&s);
}

static bool all_bytes(const void *p, size_t n, unsigned char v)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; ++i)
        if (b[i] != v) return false;
    return true;
}

static void bad_arguments_write_nothing(void **state)
{
    (void)state;
    batch_scene s;
    assert_true(batch_scene_init(&s, 3, 32, 16, 0.0f));
    satcd_manifold m[64];
    bool hit[64];
    memset(m, 0xab, sizeof m);
    memset(hit, 0xab, sizeof hit);
    satcd_batch_collide_polygons(s.polygons, s.xfs, s.pairs, 0, 0.0f, m);
    satcd_batch_collide_polygons(s.polygons, s.xfs, s.pairs, -5, 0.0f, m);
    satcd_batch_collide_polygons(NULL, s.xfs, s.pairs, s.pair_count, 0.0f, m);
    satcd_batch_collide_polygons(s.polygons, NULL, s.pairs, s.pair_count, 0.0f, m);
    satcd_batch_collide_polygons(s.polygons, s.xfs, NULL, s.pair_count, 0.0f, m);
    satcd_batch_collide_polygons(s.polygons, s.xfs, s.pairs, s.pair_count, 0.0f, NULL);
    satcd_batch_collide_polygon_circle(s.polygons, NULL, s.xfs, s.pairs, s.pair_count, 0.0f, m);
    satcd_batch_collide_capsule_circle(NULL, s.circles, s.xfs, s.pairs, s.pair_count, 0.0f, m);
    satcd_batch_collide_circles_parallel(s.circles, s.xfs, s.pairs, 0, 0.0f, m, NULL);
    satcd_batch_overlap_polygons(s.polygons, s.xfs, s.pairs, 0, hit);
    satcd_batch_overlap_polygons(NULL, s.xfs, s.pairs, s.pair_count, hit);
    satcd_batch_overlap_polygons(s.polygons, s.xfs, s.pairs, s.pair_count, NULL);
    satcd_batch_collide_shapes(NULL, s.xfs, s.pairs, s.pair_count, 0.0f, m);
    satcd_batch_overlap_shapes(NULL, s.xfs, s.pairs, s.pair_count, hit);
    satcd_batch_collide_shapes_parallel(NULL, s.xfs, s.pairs, s.pair_count, 0.0f, m, NULL);
    assert_true(all_bytes(m, sizeof m, 0xab));
    assert_true(all_bytes(hit, sizeof hit, 0xab));
    batch_scene_free(&s);
}

static void negative_indices_and_null_shapes_give_empty_results(void **state)
{
    (void)state;
    batch_scene s;
    assert_true(batch_scene_init(&s, 5, 32, 0, 0.0f));
    /* Boxes 0 and 4 of the set overlap; each pair below spoils one side. */
    int first = s.bodies - BOXES;
    s.polygons[first + 1] = NULL;
    s.circles[first + 1] = NULL;
    satcd_pair pairs[] = {{-1, first}, {first, -7}, {INT32_MIN, INT32_MIN}, {first, first + 1}, {first + 1, first + 4},
                          {first, first + 4}};
    enum { N = sizeof pairs / sizeof pairs[0] };
    satcd_manifold m[N], c[N];
    bool hit[N];
    memset(m, 0xab, sizeof m);
    memset(c, 0xab, sizeof c);
    satcd_batch_collide_polygons(s.polygons, s.xfs, pairs, N, 0.1f, m);
    satcd_batch_overlap_polygons(s.polygons, s.xfs, pairs, N, hit);
    satcd_batch_collide_polygon_circle(s.polygons, s.circles, s.xfs, pairs, N, 0.1f, c);
    satcd_shape shape_store[2] = {satcd_shape_of_polygon(NULL), satcd_shape_of_polygon(s.polygons[first])};
    const satcd_shape **shapes = calloc((size_t)s.bodies, sizeof *shapes);
    assert_non_null(shapes);
    for (int i = 0; i < s.bodies; ++i) shapes[i] = &shape_store[1];
    shapes[first + 1] = &shape_store[0]; /* a shape holding a NULL polygon */
    satcd_manifold g[N];
    bool shape_hit[N];
    memset(g, 0xab, sizeof g);
    satcd_batch_collide_shapes(shapes, s.xfs, pairs, N, 0.1f, g);
    satcd_batch_overlap_shapes(shapes, s.xfs, pairs, N, shape_hit);
    for (int i = 0; i < N - 1; ++i) {
        assert_true(all_bytes(&m[i], sizeof m[i], 0));
        assert_true(all_bytes(&c[i], sizeof c[i], 0));
        assert_true(all_bytes(&g[i], sizeof g[i], 0));
        assert_false(hit[i]);
        assert_false(shape_hit[i]);
    }
    assert_true(shape_hit[N - 1]);
    assert_true(same_manifold(g[N - 1], m[N - 1]));
    free(shapes);
    /* The last pair is intact and keeps its answer. */
    assert_true(hit[N - 1]);
    assert_int_equal(m[N - 1].count, 2);
    assert_true(c[N - 1].count > 0);
    batch_scene_free(&s);
}

/* A task system on this thread that runs its ranges last first, checking their size. */
typedef struct reverse_tasks {
    int tasks_run, ranges_run;
} reverse_tasks;

static void *run_reversed(satcd_task_fn *fn, int items, int min_range, void *task_ctx, void *user_ctx)
{
    reverse_tasks *r = user_ctx;
    assert_true(min_range >= 1 && items > 0);
    int ranges = (items + min_range - 1) / min_range;
    for (int k = ranges - 1; k >= 0; --k) {
        int end = (k + 1) * min_range < items ? (k + 1) * min_range : items;
        fn(k * min_range, end, (uint32_t)(k % 3), task_ctx);
        ++r->ranges_run;
    }
    ++r->tasks_run;
    return NULL;
}

/* Never called: run_reversed has run every range before it returns. */
static void finish_nothing(void *handle, void *user_ctx)
{
    (void)handle;
    (void)user_ctx;
    fail();
}

static void ranges_in_any_order_give_the_serial_output(void **state)
{
    (void)state;
    batch_scene s;
    assert_true(batch_scene_init(&s, 11, 300, 4000, 0.0f));
    size_t n = (size_t)s.pair_count;
    satcd_manifold *serial = manifolds(s.pair_count), *ranged = manifolds(s.pair_count);
    bool *hit_serial = calloc(n, 1), *hit_ranged = calloc(n, 1);
    assert_true(serial && ranged && hit_serial && hit_ranged);
    reverse_tasks r = {0, 0};
    satcd_task_system tasks = {3, run_reversed, finish_nothing, &r};
    satcd_task_system no_enqueue = {3, NULL, finish_nothing, NULL}, no_finish = {3, run_reversed, NULL, &r};

    satcd_batch_collide_polygons(s.polygons, s.xfs, s.pairs, s.pair_count, 0.02f, serial);
    satcd_batch_collide_polygons_parallel(s.polygons, s.xfs, s.pairs, s.pair_count, 0.02f, ranged, &tasks);
    assert_memory_equal(serial, ranged, n * sizeof *serial);
    memset(ranged, 0, n * sizeof *ranged);
    satcd_batch_collide_polygons_parallel(s.polygons, s.xfs, s.pairs, s.pair_count, 0.02f, ranged, &no_enqueue);
    assert_memory_equal(serial, ranged, n * sizeof *serial);
    memset(ranged, 0, n * sizeof *ranged);
    satcd_batch_collide_polygons_parallel(s.polygons, s.xfs, s.pairs, s.pair_count, 0.02f, ranged, &no_finish);
    assert_memory_equal(serial, ranged, n * sizeof *serial);

    satcd_batch_overlap_polygons(s.polygons, s.xfs, s.pairs, s.pair_count, hit_serial);
    satcd_batch_overlap_polygons_parallel(s.polygons, s.xfs, s.pairs, s.pair_count, hit_ranged, &tasks);
    assert_memory_equal(hit_serial, hit_ranged, n);

    satcd_batch_collide_capsule_circle(s.capsules, s.circles, s.xfs, s.pairs, s.pair_count, 0.02f, serial);
    satcd_batch_collide_capsule_circle_parallel(s.capsules, s.circles, s.xfs, s.pairs, s.pair_count, 0.02f, ranged,
                                                &tasks);
    assert_memory_equal(serial, ranged, n * sizeof *serial);

    const satcd_shape **shapes;
    satcd_shape *store = mixed_shapes(&s, &shapes);
    assert_true(store && shapes);
    satcd_batch_collide_shapes(shapes, s.xfs, s.pairs, s.pair_count, 0.02f, serial);
    satcd_batch_collide_shapes_parallel(shapes, s.xfs, s.pairs, s.pair_count, 0.02f, ranged, &tasks);
    assert_memory_equal(serial, ranged, n * sizeof *serial);
    satcd_batch_overlap_shapes(shapes, s.xfs, s.pairs, s.pair_count, hit_serial);
    satcd_batch_overlap_shapes_parallel(shapes, s.xfs, s.pairs, s.pair_count, hit_ranged, &tasks);
    assert_memory_equal(hit_serial, hit_ranged, n);
    free(shapes);
    free(store);
    assert_int_equal(r.tasks_run, 5);
    assert_true(r.ranges_run > 3 * 3); /* split, not handed over whole */
    free(serial);
    free(ranged);
    free(hit_serial);
    free(hit_ranged);
    batch_scene_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(polygons_equal_single_pair_calls),
        cmocka_unit_test(other_kinds_equal_single_pair_calls),
        cmocka_unit_test(shapes_equal_generic_calls),
        cmocka_unit_test(boxes_match_hand_geometry),
        cmocka_unit_test(bad_arguments_write_nothing),
        cmocka_unit_test(negative_indices_and_null_shapes_give_empty_results),
        cmocka_unit_test(ranges_in_any_order_give_the_serial_output),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
