/* The trace agrees exactly with the fast queries and its intervals with exact geometry. */
#include "cmocka_all.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include <satcd/satcd.h>

#include "random_shapes.h"

#define ID satcd_xf_identity()

static satcd_xf at(float x, float y, float radians) { return satcd_xf_make(satcd_v2(x, y), radians); }

/* The trace's reference face is the one the contact's id names. */
static void assert_trace_names_reference(const satcd_trace *t, uint32_t id)
{
    assert_int_equal(t->reference_shape, (id & SATCD_ID_REFERENCE_IS_B) ? 1 : 0);
    assert_int_equal(t->reference_edge, SATCD_ID_REFERENCE_EDGE(id));
}

/*
 * A quad with two nearly collinear bottom faces (edges 0 and 1) deep in a
 * box: the face chosen first (edge 0) clips the box's top edge to nothing,
 * and the manifold's contacts come from edge 1. The trace shows edge 1.
 */
static void shows_the_face_the_manifold_used(void **state)
{
    (void)state;
    static const satcd_vec2 quad[] = {{-0x1p+0f, 0x1.6e2ep-134f}, {-0x1.a36e2ep-14f, 0x1.fffffep-96f},
                                      {0x1p+0f, 0x1.a36e2ep-14f}, {-0x1.a212p-14f, 0x1p+0f}};
    satcd_polygon a, b = satcd_polygon_box(1.0f, 0.5f);
    assert_int_equal(satcd_polygon_make(&a, quad, 4), SATCD_OK);
    satcd_xf xa = {{-1.0f, 0x1.a36e2ep-14f}, {1.0f, 0.0f}};
    satcd_trace t;
    assert_int_equal(satcd_trace_polygons(&a, xa, &b, ID, &t), SATCD_OK);
    assert_int_equal(t.manifold.count, 2);
    assert_int_equal(t.reference_edge, 1);
    for (int k = 0; k < 2; ++k) assert_trace_names_reference(&t, t.manifold.points[k].id);
}

/* Two boxes overlapping by 0.25 on x: the axes, intervals and pushes by hand. */
static void exact_boxes(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1, 1);
    satcd_trace t;
    assert_int_equal(satcd_trace_polygons(&box, ID, &box, at(1.75f, 0.5f, 0), &t), SATCD_OK);
    assert_int_equal(t.axis_count, 8);
    /* A's edge 1 is its +x face: A spans [-1, 1] on x, B spans [0.75, 2.75]. */
    const satcd_trace_axis *ax = &t.axes[1];
    assert_int_equal(ax->shape, 0);
    assert_int_equal(ax->edge, 1);
    assert_float_equal(ax->axis.x, 1.0f, 0.0f);
    assert_float_equal(ax->a_min, -1.0f, 0.0f);
    assert_float_equal(ax->a_max, 1.0f, 0.0f);
    assert_float_equal(ax->b_min, 0.75f, 0.0f);
    assert_float_equal(ax->b_max, 2.75f, 0.0f);
    assert_float_equal(ax->separation, -0.25f, 0.0f);
    assert_float_equal(ax->push, 0.25f, 0.0f);
    /* B's edge 3 is its -x face: on (-1, 0) A spans [-1, 1], B spans [-2.75, -0.75]. */
    ax = &t.axes[4 + 3];
    assert_int_equal(ax->shape, 1);
    assert_int_equal(ax->edge, 3);
    assert_float_equal(ax->axis.x, -1.0f, 0.0f);
    assert_float_equal(ax->b_max, -0.75f, 0.0f);
    assert_float_equal(ax->separation, -0.25f, 0.0f);
    /* A's edge wins the tie. */
    assert_int_equal(t.chosen, 1);
    assert_float_equal(t.separation, -0.25f, 0.0f);
    assert_true(t.mtv.hit);
    assert_int_equal(t.reference_shape, 0);
    assert_int_equal(t.reference_edge, 1);
    assert_int_equal(t.incident_edge, 3);
    assert_float_equal(t.reference_v1.x, 1.0f, 0.0f);
    assert_float_equal(t.reference_v1.y, -1.0f, 0.0f);
    assert_int_equal(t.manifold.count, 2);
}

static void apart_has_no_reference(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1, 1);
    satcd_trace t;
    assert_int_equal(satcd_trace_polygons(&box, ID, &box, at(5, 0, 0.3f), &t), SATCD_OK);
    assert_true(t.separation > 0.0f);
    assert_int_equal(t.reference_shape, -1);
    assert_int_equal(t.manifold.count, 0);
    assert_false(t.mtv.hit);
}

static void refuses_bad_input(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1, 1), empty = satcd_polygon_box(0, 0);
    satcd_trace t;
    memset(&t, 0x5A, sizeof t);
    satcd_trace before = t;
    assert_int_equal(satcd_trace_polygons(NULL, ID, &box, ID, &t), SATCD_ERR_NULL);
    assert_int_equal(satcd_trace_polygons(&box, ID, &box, ID, NULL), SATCD_ERR_NULL);
    assert_int_equal(satcd_trace_polygons(&box, ID, &empty, ID, &t), SATCD_ERR_TOO_FEW_POINTS);
    assert_memory_equal(&t, &before, sizeof t);
}

static bool same_bits(const void *a, const void *b, size_t n) { return memcmp(a, b, n) == 0; }

/* On random pairs every number the trace shares with a fast query is the same to the bit. */
static void agrees_with_fast_queries(void **state)
{
    (void)state;
    random_source rng = random_source_seeded(2026);
    int overlapping = 0;
    for (int i = 0; i < 5000; ++i) {
        satcd_polygon a = random_convex_polygon(&rng, 16, random_float(&rng, 0.5f, 2.0f));
        satcd_polygon b = random_convex_polygon(&rng, 16, random_float(&rng, 0.5f, 2.0f));
        satcd_xf xa = random_transform(&rng, 100.0f);
        satcd_xf xb = random_transform_at(&rng, satcd_add(xa.p, random_vec2(&rng, -3, 3)));
        satcd_trace t;
        assert_int_equal(satcd_trace_polygons(&a, xa, &b, xb, &t), SATCD_OK);
        float sep = satcd_separation_polygons(&a, xa, &b, xb);
        assert_true(same_bits(&t.separation, &sep, sizeof sep));
        assert_true(same_bits(&t.axes[t.chosen].separation, &sep, sizeof sep));
        satcd_mtv m = satcd_mtv_polygons(&a, xa, &b, xb);
        assert_int_equal(t.mtv.hit, m.hit);
        assert_true(same_bits(&t.mtv.normal, &m.normal, sizeof m.normal));
        assert_true(same_bits(&t.mtv.depth, &m.depth, sizeof m.depth));
        assert_int_equal(t.mtv.a_in_b, m.a_in_b);
        assert_int_equal(t.mtv.b_in_a, m.b_in_a);
        satcd_manifold man = satcd_collide_polygons(&a, xa, &b, xb, 0.0f);
        assert_int_equal(t.manifold.count, man.count);
        for (int k = 0; k < man.count; ++k) {
            assert_true(same_bits(&t.manifold.points[k], &man.points[k], sizeof man.points[k]));
            assert_trace_names_reference(&t, man.points[k].id);
        }
        overlapping += m.hit;
        /* Every axis: the separation is the gap between the intervals, up to rounding. */
        for (int k = 0; k < t.axis_count; ++k) {
            const satcd_trace_axis *ax = &t.axes[k];
            float gap = ax->shape == 0 ? ax->b_min - ax->a_max : ax->a_min - ax->b_max;
            float scale = fabsf(ax->a_max) + fabsf(ax->b_max) + 1.0f;
            assert_float_equal(ax->separation, gap, 4e-6f * scale);
            assert_true(ax->separation <= sep);
            assert_float_equal(satcd_length(ax->axis), 1.0f, 1e-5f);
        }
    }
    /* The sample must cover both outcomes. */
    assert_true(overlapping > 500 && overlapping < 4500);
}

/*
 * A 20 x 20 box A and a small polygon B whose flat bottom (y = 9.99, x
 * from 10.01) lies wholly beyond A's right side plane, while the edge
 * before it dips 0.00997 into A's top. The two faces' separations lie
 * within the reference band and A, the larger, holds the reference (its
 * top, edge 2); the flat bottom is the most opposed edge, clips to
 * nothing, and the manifold's contacts come from the edge before it. The
 * trace's incident edge is that edge, and its ends are its vertices.
 */
static void shows_the_incident_edge_the_manifold_used(void **state)
{
    (void)state;
    static const satcd_vec2 pts[] = {{9.0f, 9.993f}, {10.01f, 9.99f}, {12.0f, 9.99f}, {12.0f, 11.0f}, {9.0f, 11.0f}};
    satcd_polygon a = satcd_polygon_box(10.0f, 10.0f), b;
    assert_int_equal(satcd_polygon_make(&b, pts, 5), SATCD_OK);
    assert_int_equal(b.count, 5);
    satcd_trace t;
    assert_int_equal(satcd_trace_polygons(&a, ID, &b, ID, &t), SATCD_OK);
    assert_int_equal(t.reference_shape, 0);
    assert_int_equal(t.reference_edge, 2);
    assert_int_equal(t.incident_edge, 0);
    assert_true(t.incident_v1.x == pts[0].x && t.incident_v1.y == pts[0].y);
    assert_true(t.incident_v2.x == pts[1].x && t.incident_v2.y == pts[1].y);
    assert_int_equal(t.manifold.count, 2);
    for (int k = 0; k < 2; ++k) assert_int_equal(SATCD_ID_INCIDENT_VERTEX(t.manifold.points[k].id), k);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(exact_boxes),
        cmocka_unit_test(apart_has_no_reference),
        cmocka_unit_test(refuses_bad_input),
        cmocka_unit_test(agrees_with_fast_queries),
        cmocka_unit_test(shows_the_face_the_manifold_used),
        cmocka_unit_test(shows_the_incident_edge_the_manifold_used),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
