/*
 * The manifold cache (satcd_collide_polygons_cached):
 *  - with hysteresis 0 and an empty cache, the very bits of
 *    satcd_collide_polygons on 20,000 random pairs at margins 0 and 0.05
 *    (so on every backend the tests are built for); a NULL cache is the
 *    uncached query; invalid input leaves the cache as it was; a pair
 *    farther apart than the margin empties it;
 *  - three scenes of 200 frames, each run without and with the cache
 *    (hysteresis HYSTERESIS): a small box on a ground box rocking by
 *    +-2e-3 rad, a box sliding along a long floor while rocking by
 *    +-1e-3 rad, and a pyramid of ten boxes under small random rotations
 *    and shifts. Each pair's reference-side switches and id changes (a
 *    contact within SAME_PLACE of one of the last frame's whose id differs:
 *    the same features touch under another name) are counted and printed;
 *    with the cache there must be none of either.
 */
#include "cmocka_all.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <satcd/satcd.h>

#include "pairs.h"
#include "workload.h"

#define PAIRS 20000
#define SEED 0xcac4e11u
#define FRAMES 200
#define HYSTERESIS 0.01f
#define SAME_PLACE 0.02f

static void fresh_cache_is_the_uncached_query(void **state)
{
    (void)state;
    int pairs = workload_cases(PAIRS), differ = 0, filled = 0;
    random_pair_sequence sequence = random_pair_sequence_seeded(SEED, pairs);
    for (random_pair_case c; random_pair_next(&sequence, &c);) {
        const random_pair *p = &c.pair;
        float margin = (c.index & 1) ? 0.05f : 0.0f;
        satcd_manifold_cache cache;
        memset(&cache, 0, sizeof cache);
        satcd_manifold want = satcd_collide_polygons(&p->a, p->xa, &p->b, p->xb, margin);
        satcd_manifold got = satcd_collide_polygons_cached(&p->a, p->xa, &p->b, p->xb, margin, 0.0f, &cache);
        satcd_manifold plain = satcd_collide_polygons_cached(&p->a, p->xa, &p->b, p->xb, margin, 0.0f, NULL);
        differ += memcmp(&got, &want, sizeof want) != 0 || memcmp(&plain, &want, sizeof want) != 0;
        filled += cache.valid;
        if (want.count > 0) {
            assert_int_equal(cache.valid, 1);
            assert_int_equal(cache.reference_is_b, (want.points[0].id & SATCD_ID_REFERENCE_IS_B) != 0);
            assert_int_equal(cache.reference_edge, SATCD_ID_REFERENCE_EDGE(want.points[0].id));
        }
    }
    printf("fresh cache: %d pairs, %d differ from satcd_collide_polygons; %d left the cache filled\n", pairs, differ,
           filled);
    assert_int_equal(differ, 0);
    assert_true(filled > pairs / 3);
}

static void cache_on_bad_input_and_apart(void **state)
{
    (void)state;
    satcd_polygon a = satcd_polygon_box(1, 1), b = satcd_polygon_box(0.5f, 0.5f), empty = satcd_polygon_box(0, 1);
    satcd_xf id = satcd_xf_identity(), near = satcd_xf_make(satcd_v2(0, 1.4f), 0), far = satcd_xf_make(satcd_v2(9, 9), 0);
    satcd_manifold_cache cache;
    memset(&cache, 0, sizeof cache);
    satcd_manifold m = satcd_collide_polygons_cached(&a, id, &b, near, 0.0f, 0.01f, &cache);
    assert_int_equal(m.count, 2);
    assert_int_equal(cache.valid, 1);
    assert_int_equal(cache.reference_is_b, 0);
    assert_int_equal(cache.reference_edge, 2);
    satcd_manifold_cache before = cache;
    satcd_xf nan_xf = satcd_xf_make(satcd_v2(NAN, 0), 0);
    assert_int_equal(satcd_collide_polygons_cached(&empty, id, &b, near, 0.0f, 0.01f, &cache).count, 0);
    assert_int_equal(satcd_collide_polygons_cached(&a, id, &b, nan_xf, 0.0f, 0.01f, &cache).count, 0);
    assert_memory_equal(&cache, &before, sizeof cache);
    /* A hysteresis that is negative or NaN is 0; the manifold is the plain one for a fresh pair. */
    satcd_manifold_cache other;
    memset(&other, 0, sizeof other);
    satcd_manifold n = satcd_collide_polygons_cached(&a, id, &b, near, 0.0f, NAN, &other);
    assert_memory_equal(&n, &m, sizeof m);
    assert_int_equal(satcd_collide_polygons_cached(&a, id, &b, far, 0.0f, 0.01f, &cache).count, 0);
    assert_int_equal(cache.valid, 0);
}

/*
 * Reference-side switches and id changes of one pair over the frames. The
 * contacts are compared in the frame of the pair's moving box, where the
 * same features touch at the same place.
 */
typedef struct tracker {
    satcd_manifold last; /* points in the moving box's frame */
    satcd_manifold_cache cache;
    int switches, id_changes, contact_frames;
} tracker;

static void track(tracker *t, satcd_manifold m_world, satcd_xf frame)
{
    satcd_manifold local = m_world, *m = &local;
    for (int k = 0; k < m->count; ++k) m->points[k].point = satcd_xf_inv_point(frame, m->points[k].point);
    if (m->count > 0 && t->last.count > 0) {
        uint32_t side = m->points[0].id & SATCD_ID_REFERENCE_IS_B, before = t->last.points[0].id & SATCD_ID_REFERENCE_IS_B;
        t->switches += side != before;
        for (int k = 0; k < m->count; ++k) {
            for (int j = 0; j < t->last.count; ++j) {
                float d = hypotf(m->points[k].point.x - t->last.points[j].point.x,
                                 m->points[k].point.y - t->last.points[j].point.y);
                t->id_changes += d < SAME_PLACE && m->points[k].id != t->last.points[j].id;
            }
        }
    }
    t->contact_frames += m->count > 0;
    t->last = *m;
}

/* One frame of one pair, with or without the pair's cache; `frame` places the moving box. */
static void step(tracker *t, bool cached, const satcd_polygon *a, satcd_xf xa, const satcd_polygon *b, satcd_xf xb,
                 float margin, satcd_xf frame)
{
    satcd_manifold m = cached ? satcd_collide_polygons_cached(a, xa, b, xb, margin, HYSTERESIS, &t->cache)
                              : satcd_collide_polygons(a, xa, b, xb, margin);
    track(t, m, frame);
}

typedef struct scene_counts {
    int switches, id_changes, contact_frames;
} scene_counts;

static scene_counts counts_of(const tracker *t, int n)
{
    scene_counts c = {0, 0, 0};
    for (int i = 0; i < n; ++i) {
        c.switches += t[i].switches;
        c.id_changes += t[i].id_changes;
        c.contact_frames += t[i].contact_frames;
    }
    return c;
}

/*
 * A box (half extent 0.5) 0.005 into a ground box (half extents
 * ground_half_width x 0.5), its centre moving from x0 to x1 over the
 * frames, turned each frame to a random angle within +-turn rad. Both
 * argument orders count.
 */
static scene_counts box_on_ground(bool cached, float ground_half_width, uint64_t seed, float turn, float x0, float x1)
{
    satcd_polygon ground = satcd_polygon_box(ground_half_width, 0.5f), box = satcd_polygon_box(0.5f, 0.5f);
    random_source r = random_source_seeded(seed);
    tracker t[2];
    memset(t, 0, sizeof t);
    for (int frame = 0; frame < FRAMES; ++frame) {
        float x = x0 + (x1 - x0) * (float)frame / (float)FRAMES;
        satcd_xf xb = satcd_xf_make(satcd_v2(x, 0.995f), random_float(&r, -turn, turn));
        step(&t[0], cached, &ground, satcd_xf_identity(), &box, xb, 0.0f, xb);
        step(&t[1], cached, &box, xb, &ground, satcd_xf_identity(), 0.0f, xb);
    }
    return counts_of(t, 2);
}

/* A box 0.3 right of the centre of a ground box 2 wide, rocking by +-2e-3 rad. */
static scene_counts rocking(bool cached) { return box_on_ground(cached, 1.0f, SEED + 1u, 2e-3f, 0.3f, 0.3f); }

/* A box sliding from x = -15 to x = 15 along a floor 40 long, rocking by +-1e-3 rad. */
static scene_counts sliding(bool cached) { return box_on_ground(cached, 20.0f, SEED + 2u, 1e-3f, -15.0f, 15.0f); }

#define PYRAMID 10 /* rows of 4, 3, 2 and 1 boxes */

/*
 * Ten unit boxes in rows of 4, 3, 2, 1, neighbours in a row side by side,
 * each row 0.005 into the one below and shifted by half a box; every frame
 * each box gets a random turn in [-2e-3, 2e-3] rad and a shift in
 * [-1e-4, 1e-4]. Every pair within the margin 0.01 counts.
 */
static scene_counts pyramid(bool cached)
{
    satcd_polygon box = satcd_polygon_box(0.5f, 0.5f);
    satcd_vec2 rest[PYRAMID];
    int k = 0;
    for (int row = 0; row < 4; ++row) {
        for (int i = 0; i < 4 - row; ++i) rest[k++] = satcd_v2((float)i - 1.5f + 0.5f * (float)row, 0.5f + 0.995f * (float)row);
    }
    random_source r = random_source_seeded(SEED + 3u);
    static tracker t[PYRAMID * PYRAMID];
    memset(t, 0, sizeof t);
    for (int frame = 0; frame < FRAMES; ++frame) {
        satcd_xf xf[PYRAMID];
        for (int i = 0; i < PYRAMID; ++i) {
            float dx = random_float(&r, -1e-4f, 1e-4f);
            float dy = random_float(&r, -1e-4f, 1e-4f);
            float turn = random_float(&r, -2e-3f, 2e-3f);
            xf[i] = satcd_xf_make(satcd_v2(rest[i].x + dx, rest[i].y + dy), turn);
        }
        for (int i = 0; i < PYRAMID; ++i) {
            for (int j = i + 1; j < PYRAMID; ++j) step(&t[i * PYRAMID + j], cached, &box, xf[i], &box, xf[j], 0.01f, xf[j]);
        }
    }
    return counts_of(t, PYRAMID * PYRAMID);
}

static void scene(const char *name, scene_counts (*run)(bool))
{
    scene_counts plain = run(false), cached = run(true);
    printf("%s, %d frames: reference-side switches %d without the cache, %d with it; id changes %d without, %d with "
           "(pair-frames with contacts %d, %d)\n",
           name, FRAMES, plain.switches, cached.switches, plain.id_changes, cached.id_changes, plain.contact_frames,
           cached.contact_frames);
    assert_int_equal(cached.switches, 0);
    assert_int_equal(cached.id_changes, 0);
    assert_true(cached.contact_frames > FRAMES);
}

static void scenes_keep_their_ids(void **state)
{
    (void)state;
    scene("rocking box on a ground box", rocking);
    scene("box sliding along a floor", sliding);
    scene("pyramid of ten boxes", pyramid);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fresh_cache_is_the_uncached_query),
        cmocka_unit_test(cache_on_bad_input_and_apart),
        cmocka_unit_test(scenes_keep_their_ids),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
