/*
 * The generic shape: every pair of kinds in both orders, against the typed
 * functions. Where the typed function takes the kinds in the caller's
 * order the generic answer must be its bits; where it takes them the other
 * way round, the generic answer must be the typed answer of the swapped
 * call with the normal negated, the contact points and depths kept, the
 * ids' reference bit flipped and the per-shape fields exchanged. The
 * negation here is written independently of the library's (a sign-bit
 * flip that leaves zeros +0). Exact cases by hand check that the turned
 * answer reads A to B, and bad input gives the empty answers.
 */
#include "cmocka_all.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <satcd/satcd.h>

#include "random_shapes.h"
#include "workload.h"

#define SEED 0x5a9e0001u
#define CASES_PER_PAIR 400

static const satcd_shape_type kinds[3] = {SATCD_SHAPE_POLYGON, SATCD_SHAPE_CAPSULE, SATCD_SHAPE_CIRCLE};

/* ---- bitwise comparison of results (field by field where a struct has padding) ---- */

static void assert_same_float(float a, float b) { assert_memory_equal(&a, &b, sizeof a); }

static void assert_same_vec(satcd_vec2 a, satcd_vec2 b)
{
    assert_same_float(a.x, b.x);
    assert_same_float(a.y, b.y);
}

static void assert_same_mtv(satcd_mtv a, satcd_mtv b)
{
    assert_int_equal(a.hit, b.hit);
    assert_same_vec(a.normal, b.normal);
    assert_same_float(a.depth, b.depth);
    assert_int_equal(a.a_in_b, b.a_in_b);
    assert_int_equal(a.b_in_a, b.b_in_a);
}

static void assert_same_toi(satcd_toi a, satcd_toi b)
{
    assert_int_equal(a.hit, b.hit);
    assert_same_float(a.t, b.t);
    assert_same_vec(a.normal, b.normal);
    assert_same_vec(a.point, b.point);
}

static void assert_same_ray_hit(satcd_ray_hit a, satcd_ray_hit b)
{
    assert_int_equal(a.hit, b.hit);
    assert_same_float(a.fraction, b.fraction);
    assert_same_vec(a.point, b.point);
    assert_same_vec(a.normal, b.normal);
}

/* ---- the typed functions, called by hand for each pair of kinds ---- */

/* A pair of kinds in the typed functions' order: polygon, capsule, circle. */
static int rank(satcd_shape_type t) { return t == SATCD_SHAPE_POLYGON ? 0 : t == SATCD_SHAPE_CAPSULE ? 1 : 2; }

static satcd_mtv typed_mtv(const satcd_shape *p, satcd_xf xp, const satcd_shape *q, satcd_xf xq)
{
    switch (rank(p->type) * 3 + rank(q->type)) {
    case 0: return satcd_mtv_polygons(p->polygon, xp, q->polygon, xq);
    case 1: return satcd_mtv_polygon_capsule(p->polygon, xp, &q->capsule, xq);
    case 2: return satcd_mtv_polygon_circle(p->polygon, xp, &q->circle, xq);
    case 4: return satcd_mtv_capsules(&p->capsule, xp, &q->capsule, xq);
    case 5: return satcd_mtv_capsule_circle(&p->capsule, xp, &q->circle, xq);
    default: return satcd_mtv_circles(&p->circle, xp, &q->circle, xq);
    }
}

static satcd_manifold typed_collide(const satcd_shape *p, satcd_xf xp, const satcd_shape *q, satcd_xf xq, float m)
{
    switch (rank(p->type) * 3 + rank(q->type)) {
    case 0: return satcd_collide_polygons(p->polygon, xp, q->polygon, xq, m);
    case 1: return satcd_collide_polygon_capsule(p->polygon, xp, &q->capsule, xq, m);
    case 2: return satcd_collide_polygon_circle(p->polygon, xp, &q->circle, xq, m);
    case 4: return satcd_collide_capsules(&p->capsule, xp, &q->capsule, xq, m);
    case 5: return satcd_collide_capsule_circle(&p->capsule, xp, &q->circle, xq, m);
    default: return satcd_collide_circles(&p->circle, xp, &q->circle, xq, m);
    }
}

static satcd_distance typed_distance(const satcd_shape *p, satcd_xf xp, const satcd_shape *q, satcd_xf xq)
{
    switch (rank(p->type) * 3 + rank(q->type)) {
    case 0: return satcd_distance_polygons(p->polygon, xp, q->polygon, xq);
    case 1: return satcd_distance_polygon_capsule(p->polygon, xp, &q->capsule, xq);
    case 2: return satcd_distance_polygon_circle(p->polygon, xp, &q->circle, xq);
    case 4: return satcd_distance_capsules(&p->capsule, xp, &q->capsule, xq);
    case 5: return satcd_distance_capsule_circle(&p->capsule, xp, &q->circle, xq);
    default: return satcd_distance_circles(&p->circle, xp, &q->circle, xq);
    }
}

static satcd_relation typed_relate(const satcd_shape *p, satcd_xf xp, const satcd_shape *q, satcd_xf xq, float t)
{
    switch (rank(p->type) * 3 + rank(q->type)) {
    case 0: return satcd_relate_polygons(p->polygon, xp, q->polygon, xq, t);
    case 1: return satcd_relate_polygon_capsule(p->polygon, xp, &q->capsule, xq, t);
    case 2: return satcd_relate_polygon_circle(p->polygon, xp, &q->circle, xq, t);
    case 4: return satcd_relate_capsules(&p->capsule, xp, &q->capsule, xq, t);
    case 5: return satcd_relate_capsule_circle(&p->capsule, xp, &q->circle, xq, t);
    default: return satcd_relate_circles(&p->circle, xp, &q->circle, xq, t);
    }
}

static satcd_toi typed_sweep(const satcd_shape *p, satcd_xf xp, satcd_vec2 vp, const satcd_shape *q, satcd_xf xq,
                             satcd_vec2 vq)
{
    switch (rank(p->type) * 3 + rank(q->type)) {
    case 0: return satcd_sweep_polygons(p->polygon, xp, vp, q->polygon, xq, vq);
    case 1: return satcd_sweep_polygon_capsule(p->polygon, xp, vp, &q->capsule, xq, vq);
    case 2: return satcd_sweep_polygon_circle(p->polygon, xp, vp, &q->circle, xq, vq);
    case 4: return satcd_sweep_capsules(&p->capsule, xp, vp, &q->capsule, xq, vq);
    case 5: return satcd_sweep_capsule_circle(&p->capsule, xp, vp, &q->circle, xq, vq);
    default: return satcd_sweep_circles(&p->circle, xp, vp, &q->circle, xq, vq);
    }
}

static satcd_ray_hit typed_raycast(const satcd_shape *s, satcd_xf xf, satcd_ray ray)
{
    if (s->type == SATCD_SHAPE_POLYGON) return satcd_raycast_polygon(s->polygon, xf, ray);
    if (s->type == SATCD_SHAPE_CAPSULE) return satcd_raycast_capsule(&s->capsule, xf, ray);
    return satcd_raycast_circle(&s->circle, xf, ray);
}

static satcd_aabb typed_aabb(const satcd_shape *s, satcd_xf xf)
{
    if (s->type == SATCD_SHAPE_POLYGON) return satcd_polygon_aabb(s->polygon, xf);
    if (s->type == SATCD_SHAPE_CAPSULE) return satcd_capsule_aabb(&s->capsule, xf);
    return satcd_circle_aabb(&s->circle, xf);
}

/* ---- what a swapped typed answer must become ---- */

/* Flip the sign bit of a non-zero value; zeros become +0. */
static float negated(float v)
{
    if (v == 0.0f) return 0.0f;
    uint32_t bits;
    memcpy(&bits, &v, sizeof bits);
    bits ^= 0x80000000u;
    memcpy(&v, &bits, sizeof v);
    return v;
}

static satcd_vec2 negated_vec(satcd_vec2 v) { return satcd_v2(negated(v.x), negated(v.y)); }

static satcd_mtv turned_mtv(satcd_mtv m)
{
    satcd_mtv t = m;
    t.normal = negated_vec(m.normal);
    t.a_in_b = m.b_in_a;
    t.b_in_a = m.a_in_b;
    return t;
}

static satcd_manifold turned_manifold(satcd_manifold m)
{
    satcd_manifold t = m;
    t.normal = negated_vec(m.normal);
    for (int k = 0; k < m.count; ++k) t.points[k].id = m.points[k].id ^ SATCD_ID_REFERENCE_IS_B;
    return t;
}

static satcd_distance turned_distance(satcd_distance d)
{
    satcd_distance t = d;
    t.normal = negated_vec(d.normal);
    t.point_a = d.point_b;
    t.point_b = d.point_a;
    return t;
}

static satcd_toi turned_toi(satcd_toi v)
{
    satcd_toi t = v;
    t.normal = negated_vec(v.normal);
    return t;
}

/* ---- random pairs of every kind in both orders ---- */

typedef struct pair_counts {
    int hits, contacts, swapped;
} pair_counts;

static void check_pair(const satcd_shape *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb, satcd_vec2 va,
                       satcd_vec2 vb, float margin, pair_counts *n)
{
    bool swap = rank(a->type) > rank(b->type);
    satcd_mtv mtv = swap ? turned_mtv(typed_mtv(b, xb, a, xa)) : typed_mtv(a, xa, b, xb);
    satcd_manifold man = swap ? turned_manifold(typed_collide(b, xb, a, xa, margin)) : typed_collide(a, xa, b, xb, margin);
    satcd_distance dis = swap ? turned_distance(typed_distance(b, xb, a, xa)) : typed_distance(a, xa, b, xb);
    satcd_toi toi = swap ? turned_toi(typed_sweep(b, xb, vb, a, xa, va)) : typed_sweep(a, xa, va, b, xb, vb);
    satcd_relation rel = swap ? typed_relate(b, xb, a, xa, margin) : typed_relate(a, xa, b, xb, margin);

    assert_same_mtv(satcd_mtv_shapes(a, xa, b, xb), mtv);
    assert_same_mtv(satcd_mtv(a, xa, b, xb), mtv);
    satcd_manifold got = satcd_collide(a, xa, b, xb, margin);
    assert_memory_equal(&got, &man, sizeof got);
    satcd_distance got_d = satcd_distance(a, xa, b, xb);
    assert_memory_equal(&got_d, &dis, sizeof got_d);
    assert_same_toi(satcd_sweep(a, xa, va, b, xb, vb), toi);
    assert_int_equal(satcd_relate(a, xa, b, xb, margin), rel);
    bool overlap = rank(a->type) == 0 && rank(b->type) == 0 ? satcd_overlap_polygons(a->polygon, xa, b->polygon, xb)
                                                              : mtv.hit;
    assert_int_equal(satcd_overlap(a, xa, b, xb), overlap);
    n->hits += mtv.hit;
    n->contacts += man.count;
    n->swapped += swap;
}

/*
 * The same pair in the other order, for kinds that differ: one typed call
 * answers both, so the normal is exactly negated and the contact points,
 * depths, t and point are the same bits.
 */
static void check_order_symmetry(const satcd_shape *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb,
                                 satcd_vec2 va, satcd_vec2 vb, float margin)
{
    satcd_manifold ab = satcd_collide(a, xa, b, xb, margin), ba = satcd_collide(b, xb, a, xa, margin);
    assert_int_equal(ab.count, ba.count);
    if (ab.count > 0) {
        assert_true(ab.normal.x == -ba.normal.x && ab.normal.y == -ba.normal.y);
    }
    for (int k = 0; k < ab.count; ++k) {
        assert_same_vec(ab.points[k].point, ba.points[k].point);
        assert_same_float(ab.points[k].depth, ba.points[k].depth);
        assert_int_equal(ab.points[k].id, satcd_contact_id_swapped(ba.points[k].id));
    }
    satcd_mtv mab = satcd_mtv(a, xa, b, xb), mba = satcd_mtv(b, xb, a, xa);
    assert_int_equal(mab.hit, mba.hit);
    assert_true(mab.normal.x == -mba.normal.x && mab.normal.y == -mba.normal.y);
    assert_same_float(mab.depth, mba.depth);
    assert_int_equal(mab.a_in_b, mba.b_in_a);
    satcd_distance dab = satcd_distance(a, xa, b, xb), dba = satcd_distance(b, xb, a, xa);
    assert_same_float(dab.distance, dba.distance);
    assert_same_vec(dab.point_a, dba.point_b);
    satcd_toi tab = satcd_sweep(a, xa, va, b, xb, vb), tba = satcd_sweep(b, xb, vb, a, xa, va);
    assert_int_equal(tab.hit, tba.hit);
    assert_same_float(tab.t, tba.t);
    assert_same_vec(tab.point, tba.point);
}

static void test_every_pair_in_both_orders(void **state)
{
    (void)state;
    random_source rng = random_source_seeded(SEED);
    int cases = workload_cases(CASES_PER_PAIR);
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
            pair_counts n = {0, 0, 0};
            for (int c = 0; c < cases; ++c) {
                satcd_polygon pa, pb;
                satcd_shape a = random_shape_of_kind(&rng, kinds[i], &pa, 1.0f);
                satcd_shape b = random_shape_of_kind(&rng, kinds[j], &pb, 1.0f);
                satcd_xf xa = random_transform(&rng, 1.5f), xb = random_transform(&rng, 1.5f);
                satcd_vec2 va = random_vec2(&rng, -3, 3);
                satcd_vec2 vb = random_vec2(&rng, -3, 3);
                float margin = (c & 3) == 0 ? 0.0f : random_float(&rng, 0.0f, 0.2f);
                check_pair(&a, xa, &b, xb, va, vb, margin, &n);
                if (i != j) check_order_symmetry(&a, xa, &b, xb, va, vb, margin);
            }
            /* The random placement must exercise hits and contacts of every pair. */
            assert_true(n.hits > cases / 10);
            assert_true(n.contacts > cases / 10);
            assert_int_equal(n.swapped, rank(kinds[i]) > rank(kinds[j]) ? cases : 0);
        }
    }
}

static void test_single_shape_queries(void **state)
{
    (void)state;
    random_source rng = random_source_seeded(SEED + 1);
    for (int c = 0; c < workload_cases(600); ++c) {
        satcd_polygon p;
        satcd_shape s = random_shape_of_kind(&rng, kinds[c % 3], &p, 1.0f);
        satcd_xf xf = random_transform(&rng, 2.0f);
        satcd_ray ray;
        ray.origin = random_vec2(&rng, -4, 4);
        ray.translation = random_vec2(&rng, -6, 6);
        assert_same_ray_hit(satcd_raycast(&s, xf, ray), typed_raycast(&s, xf, ray));
        satcd_aabb got = satcd_shape_aabb(&s, xf), want = typed_aabb(&s, xf);
        assert_memory_equal(&got, &want, sizeof got);
        assert_true(satcd_shape_is_valid(&s));
    }
}

/* ---- exact cases by hand ---- */

static satcd_xf at(float x, float y) { return satcd_xf_make(satcd_v2(x, y), 0.0f); }

/* A unit circle at the origin, a box of half extent 1 at (1.5, 0): 0.5 deep along +x. */
static void test_circle_before_box_reads_a_to_b(void **state)
{
    (void)state;
    satcd_circle c;
    assert_int_equal(satcd_circle_make(&c, satcd_v2(0, 0), 1.0f), SATCD_OK);
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    satcd_shape a = satcd_shape_of_circle(c), b = satcd_shape_of_polygon(&box);

    satcd_mtv m = satcd_mtv(&a, at(0, 0), &b, at(1.5f, 0));
    assert_true(m.hit);
    assert_float_equal(m.normal.x, 1.0f, 1e-6f);
    assert_float_equal(m.normal.y, 0.0f, 1e-6f);
    assert_float_equal(m.depth, 0.5f, 1e-6f);

    satcd_manifold k = satcd_collide(&a, at(0, 0), &b, at(1.5f, 0), 0.0f);
    assert_int_equal(k.count, 1);
    assert_float_equal(k.normal.x, 1.0f, 1e-6f);
    /* The circle's point deepest into the box, on the circle's boundary. */
    assert_float_equal(k.points[0].point.x, 1.0f, 1e-6f);
    assert_float_equal(k.points[0].point.y, 0.0f, 1e-6f);
    assert_float_equal(k.points[0].depth, 0.5f, 1e-6f);
    assert_true((k.points[0].id & SATCD_ID_REFERENCE_IS_B) != 0); /* the box (B) holds the face */

    satcd_distance d = satcd_distance(&a, at(0, 0), &b, at(3.0f, 0));
    assert_float_equal(d.distance, 1.0f, 1e-6f);
    assert_float_equal(d.point_a.x, 1.0f, 1e-6f); /* on the circle */
    assert_float_equal(d.point_b.x, 2.0f, 1e-6f); /* on the box */
    assert_float_equal(d.normal.x, 1.0f, 1e-6f);

    /* The circle moves right by 4 at t in [0, 1]; it meets the box's face x = 2 at t = 1/4. */
    satcd_toi t = satcd_sweep(&a, at(0, 0), satcd_v2(4, 0), &b, at(3.0f, 0), satcd_v2(0, 0));
    assert_true(t.hit);
    assert_float_equal(t.t, 0.25f, 1e-5f);
    assert_float_equal(t.normal.x, 1.0f, 1e-5f);
    assert_int_equal(satcd_relate(&a, at(0, 0), &b, at(3.0f, 0), 1.0f), SATCD_TOUCHING);
    assert_int_equal(satcd_relate(&a, at(0, 0), &b, at(3.0f, 0), 0.5f), SATCD_SEPARATED);
    assert_true(satcd_overlap(&a, at(0, 0), &b, at(1.5f, 0)));
    assert_false(satcd_overlap(&a, at(0, 0), &b, at(2.0f, 0)));  /* touching */
}

/* A small circle inside a big box: b_in_a for box-first, a_in_b for circle-first. */
static void test_containment_flags_follow_the_order(void **state)
{
    (void)state;
    satcd_circle c;
    assert_int_equal(satcd_circle_make(&c, satcd_v2(0, 0), 0.25f), SATCD_OK);
    satcd_polygon box = satcd_polygon_box(2.0f, 2.0f);
    satcd_shape s = satcd_shape_of_circle(c), p = satcd_shape_of_polygon(&box);
    satcd_mtv pc = satcd_mtv(&p, at(0, 0), &s, at(0.5f, 0)), cp = satcd_mtv(&s, at(0.5f, 0), &p, at(0, 0));
    assert_true(pc.b_in_a && !pc.a_in_b);
    assert_true(cp.a_in_b && !cp.b_in_a);
    assert_float_equal(cp.depth, 1.75f, 1e-6f); /* out through x = 2: 2 - 0.5 + 0.25 */
    assert_float_equal(cp.normal.x, -1.0f, 1e-6f); /* moving the box by -x pushes it off the circle */
}

/* ---- bad input ---- */

static void test_bad_input_is_absent(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    satcd_shape good = satcd_shape_of_polygon(&box), bad[6];
    for (int i = 0; i < 6; ++i) bad[i] = good;
    memset(&bad[0].type, 0x7f, sizeof bad[0].type);  /* a type value that is no kind */
    bad[1].type = (satcd_shape_type)-1;
    bad[2].polygon = NULL;
    bad[3].type = SATCD_SHAPE_CIRCLE;
    bad[3].circle.center = satcd_v2(0, 0);
    bad[3].circle.radius = -1.0f;
    bad[4].type = SATCD_SHAPE_CAPSULE;
    bad[4].capsule.p1 = bad[4].capsule.p2 = satcd_v2(0, 0);
    bad[4].capsule.radius = 0.0f; /* a bare point */
    bad[5].type = SATCD_SHAPE_CIRCLE;
    bad[5].circle.center = satcd_v2(NAN, 0);
    bad[5].circle.radius = 1.0f;

    satcd_xf o = at(0, 0), x = at(0.5f, 0.25f);
    satcd_manifold no_contacts;
    memset(&no_contacts, 0, sizeof no_contacts);
    satcd_mtv no_mtv;
    memset(&no_mtv, 0, sizeof no_mtv);
    satcd_toi no_toi;
    memset(&no_toi, 0, sizeof no_toi);
    satcd_ray_hit no_hit;
    memset(&no_hit, 0, sizeof no_hit);
    satcd_distance far;
    memset(&far, 0, sizeof far);
    far.distance = FLT_MAX;
    satcd_ray ray = {satcd_v2(-5, 0), satcd_v2(10, 0)};

    for (int i = 0; i < 7; ++i) {
        const satcd_shape *s = i < 6 ? &bad[i] : NULL;
        for (int side = 0; side < 2; ++side) {
            const satcd_shape *a = side ? &good : s, *b = side ? s : &good;
            assert_false(satcd_overlap(a, o, b, x));
            assert_int_equal(satcd_relate(a, o, b, x, 0.1f), SATCD_SEPARATED);
            assert_same_mtv(satcd_mtv(a, o, b, x), no_mtv);
            satcd_manifold m = satcd_collide(a, o, b, x, 0.1f);
            assert_memory_equal(&m, &no_contacts, sizeof m);
            satcd_distance d = satcd_distance(a, o, b, x);
            assert_memory_equal(&d, &far, sizeof d);
            assert_same_toi(satcd_sweep(a, o, satcd_v2(1, 0), b, x, satcd_v2(0, 0)), no_toi);
        }
        assert_false(satcd_shape_is_valid(s));
        assert_same_ray_hit(satcd_raycast(s, x, ray), no_hit);
        satcd_aabb box_of = satcd_shape_aabb(s, x);
        bool known = s != NULL && (s->type == SATCD_SHAPE_POLYGON || s->type == SATCD_SHAPE_CIRCLE ||
                                   s->type == SATCD_SHAPE_CAPSULE);
        if (!known || s->type == SATCD_SHAPE_POLYGON) {
            assert_true(box_of.lower.x == x.p.x && box_of.upper.x == x.p.x);
            assert_true(box_of.lower.y == x.p.y && box_of.upper.y == x.p.y);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_pair_in_both_orders),
        cmocka_unit_test(test_single_shape_queries),
        cmocka_unit_test(test_circle_before_box_reads_a_to_b),
        cmocka_unit_test(test_containment_flags_follow_the_order),
        cmocka_unit_test(test_bad_input_is_absent),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
