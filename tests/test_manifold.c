/* Contact manifolds on hand-computed geometry: points, depths, normals, ids, margins, circles. */
#include "cmocka_all.h"

#include <math.h>

#include <satcd/satcd.h>

static satcd_xf at(float x, float y, float radians) { return satcd_xf_make(satcd_v2(x, y), radians); }

#define ID satcd_xf_identity()

static const satcd_contact *by_vertex(const satcd_manifold *m, int vertex)
{
    for (int i = 0; i < m->count; ++i) {
        if (SATCD_ID_INCIDENT_VERTEX(m->points[i].id) == vertex) return &m->points[i];
    }
    fail_msg("no contact from incident vertex %d", vertex);
    return NULL;
}

/*
 * Box B (1x1) sunk 0.1 into the top face of box A (2x2). A's top face (edge 2)
 * is the reference, B's bottom face (edge 0) the incident one; both of B's
 * bottom corners (vertices 0 and 1) are contacts at depth 0.1.
 */
static void box_resting_on_box(void **state)
{
    (void)state;
    satcd_polygon a = satcd_polygon_box(1, 1), b = satcd_polygon_box(0.5f, 0.5f);
    satcd_manifold m = satcd_collide_polygons(&a, ID, &b, at(0.25f, 1.4f, 0), 0.0f);
    assert_int_equal(m.count, 2);
    assert_float_equal(m.normal.x, 0.0f, 0.0f);
    assert_float_equal(m.normal.y, 1.0f, 0.0f);
    const satcd_contact *c0 = by_vertex(&m, 0), *c1 = by_vertex(&m, 1);
    assert_float_equal(c0->point.x, -0.25f, 1e-6f);
    assert_float_equal(c0->point.y, 0.9f, 1e-6f);
    assert_float_equal(c1->point.x, 0.75f, 1e-6f);
    assert_float_equal(c1->point.y, 0.9f, 1e-6f);
    assert_float_equal(c0->depth, 0.1f, 1e-6f);
    assert_float_equal(c1->depth, 0.1f, 1e-6f);
    assert_int_equal(SATCD_ID_REFERENCE_EDGE(c0->id), 2);
    assert_int_equal(SATCD_ID_INCIDENT_VERTEX(c0->id), 0);
    assert_int_equal(SATCD_ID_INCIDENT_VERTEX(c1->id), 1);
    assert_true((c0->id & SATCD_ID_REFERENCE_IS_B) == 0);
}

/*
 * A wide plank 0.1 into a narrow, tall box: the two faces tie, the box has
 * the larger radius and holds the reference, and the plank's bottom edge is
 * clipped to the box's top face.
 */
static void clipped_to_side_planes(void **state)
{
    (void)state;
    satcd_polygon a = satcd_polygon_box(1, 3), plank = satcd_polygon_box(2, 0.5f);
    satcd_manifold m = satcd_collide_polygons(&a, ID, &plank, at(0, 3.4f, 0), 0.0f);
    assert_int_equal(m.count, 2);
    /* Incident edge 0 runs from (-2, 2.9) (vertex 0) to (2, 2.9) (vertex 1); clipped to x in [-1, 1]. */
    const satcd_contact *c0 = by_vertex(&m, 0), *c1 = by_vertex(&m, 1);
    assert_true((c0->id & SATCD_ID_REFERENCE_IS_B) == 0);
    assert_float_equal(c0->point.x, -1.0f, 1e-6f);
    assert_float_equal(c1->point.x, 1.0f, 1e-6f);
    assert_float_equal(c0->depth, 0.1f, 1e-6f);
    assert_float_equal(c1->depth, 0.1f, 1e-6f);
}

/* The same plank on the bottom: B is the reference when its face is clearly better. */
static void reference_on_b(void **state)
{
    (void)state;
    satcd_polygon small = satcd_polygon_box(0.5f, 0.5f), wide = satcd_polygon_box(2, 0.5f);
    /* A is the small box, B the wide one below it; B's top face must be the reference when A is turned. */
    satcd_manifold m = satcd_collide_polygons(&small, at(0, 0.9f, 0.3f), &wide, ID, 0.0f);
    assert_true(m.count >= 1);
    /* Normal from A (above) to B (below): straight down, B's top face. */
    assert_float_equal(m.normal.x, 0.0f, 1e-6f);
    assert_float_equal(m.normal.y, -1.0f, 1e-6f);
    assert_true((m.points[0].id & SATCD_ID_REFERENCE_IS_B) != 0);
    assert_int_equal(SATCD_ID_REFERENCE_EDGE(m.points[0].id), 2);
}

/* A diamond's corner 0.1 into a box's top face: one contact, at the corner. */
static void corner_contact(void **state)
{
    (void)state;
    satcd_polygon a = satcd_polygon_box(1, 1), b = satcd_polygon_box(0.5f, 0.5f);
    float h = sqrtf(0.5f);
    satcd_manifold m = satcd_collide_polygons(&a, ID, &b, at(0, 1 + h - 0.1f, 0.78539816f), 0.0f);
    assert_int_equal(m.count, 1);
    assert_float_equal(m.points[0].point.x, 0.0f, 1e-6f);
    assert_float_equal(m.points[0].point.y, 0.9f, 1e-6f);
    assert_float_equal(m.points[0].depth, 0.1f, 1e-6f);
    assert_float_equal(m.normal.y, 1.0f, 0.0f);
}

/* Speculative contacts: apart by 0.05, reported with depth -0.05 only when the margin reaches it. */
static void margin(void **state)
{
    (void)state;
    satcd_polygon a = satcd_polygon_box(1, 1), b = satcd_polygon_box(0.5f, 0.5f);
    satcd_xf xb = at(0, 1.55f, 0);
    assert_int_equal(satcd_collide_polygons(&a, ID, &b, xb, 0.0f).count, 0);
    assert_int_equal(satcd_collide_polygons(&a, ID, &b, xb, 0.01f).count, 0);
    satcd_manifold m = satcd_collide_polygons(&a, ID, &b, xb, 0.1f);
    assert_int_equal(m.count, 2);
    assert_float_equal(m.points[0].depth, -0.05f, 1e-6f);
    assert_float_equal(m.points[1].depth, -0.05f, 1e-6f);
    /* A negative or NaN margin means 0. */
    assert_int_equal(satcd_collide_polygons(&a, ID, &b, xb, -1.0f).count, 0);
    assert_int_equal(satcd_collide_polygons(&a, ID, &b, xb, NAN).count, 0);
    /* Touching exactly: contacts at depth 0 with margin 0. */
    m = satcd_collide_polygons(&a, ID, &b, at(0, 1.5f, 0), 0.0f);
    assert_int_equal(m.count, 2);
    assert_float_equal(m.points[0].depth, 0.0f, 0.0f);
}

/* Tilted box: only the corner below the face is kept, with its own depth. */
static void per_point_depths(void **state)
{
    (void)state;
    satcd_polygon a = satcd_polygon_box(2, 1), b = satcd_polygon_box(1, 0.25f);
    /* B's bottom edge from (-1,-0.25) to (1,-0.25), turned by 0.05 rad about B's centre at (0, 1.15). */
    float t = 0.05f, c = cosf(t), s = sinf(t);
    satcd_manifold m = satcd_collide_polygons(&a, ID, &b, at(0, 1.15f, t), 0.0f);
    float y_left = 1.15f + (-1.0f) * s + (-0.25f) * c;
    float y_right = 1.15f + (1.0f) * s + (-0.25f) * c;
    assert_true(y_left < 1.0f && y_right < 1.0f);
    assert_int_equal(m.count, 2);
    assert_float_equal(by_vertex(&m, 0)->depth, 1.0f - y_left, 1e-5f);
    assert_float_equal(by_vertex(&m, 1)->depth, 1.0f - y_right, 1e-5f);
    /* Tilted further, the right corner leaves the face. */
    m = satcd_collide_polygons(&a, ID, &b, at(0, 1.15f, 0.2f), 0.0f);
    assert_int_equal(m.count, 1);
    assert_float_equal(m.points[0].depth, 1.0f - (1.15f - sinf(0.2f) - 0.25f * cosf(0.2f)), 1e-5f);
}

/* Ids name features, not clipping: B's corner on either side of A's side plane keeps its id. */
static void ids_do_not_depend_on_clipping(void **state)
{
    (void)state;
    satcd_polygon a = satcd_polygon_box(1, 1), b = satcd_polygon_box(0.5f, 0.5f);
    satcd_manifold inside = satcd_collide_polygons(&a, ID, &b, at(0.5f - 1e-6f, 1.45f, 0), 0.0f);
    satcd_manifold outside = satcd_collide_polygons(&a, ID, &b, at(0.5f + 1e-6f, 1.45f, 0), 0.0f);
    assert_int_equal(inside.count, 2);
    assert_int_equal(outside.count, 2);
    for (int v = 0; v < 2; ++v) assert_int_equal(by_vertex(&inside, v)->id, by_vertex(&outside, v)->id);
}

/*
 * A box balanced on its corner (vertex 0 down, at 45 degrees) 0.01 into a
 * box's top face, rocked by +-1e-3 rad: the incident edge is edge 0 on one
 * side of 45 degrees and edge 3 on the other, both ending at vertex 0. The
 * contact is that corner every time, with one id: top face 2, vertex 0.
 */
static void rocked_corner_keeps_its_id(void **state)
{
    (void)state;
    satcd_polygon a = satcd_polygon_box(1, 1), b = satcd_polygon_box(0.5f, 0.5f);
    const float quarter = 0.78539816f, rocks[3] = {-1e-3f, 0.0f, 1e-3f};
    for (int k = 0; k < 3; ++k) {
        float t = quarter + rocks[k];
        /* Vertex 0, (-0.5, -0.5) turned by t, sits at y = 0.99. */
        float cy = 0.99f - (-0.5f * sinf(t) - 0.5f * cosf(t));
        satcd_manifold m = satcd_collide_polygons(&a, ID, &b, at(0, cy, t), 0.0f);
        assert_int_equal(m.count, 1);
        assert_int_equal(m.points[0].id, satcd_contact_id(2, 0, false));
        assert_float_equal(m.points[0].depth, 0.01f, 1e-6f);
        assert_float_equal(m.points[0].point.y, 0.99f, 1e-6f);
    }
}

/* Incident vertex ids on a polygon whose incident edge is its last: the end past it is vertex 0. */
static void ids_wrap_to_vertex_zero(void **state)
{
    (void)state;
    satcd_polygon a = satcd_polygon_box(1, 1), b = satcd_polygon_box(0.5f, 0.5f);
    /* B turned by a quarter: its edge 3 (vertex 3 to vertex 0) is the bottom one. */
    satcd_manifold m = satcd_collide_polygons(&a, ID, &b, at(0, 1.4f, 1.57079633f), 0.0f);
    assert_int_equal(m.count, 2);
    assert_non_null(by_vertex(&m, 3));
    assert_non_null(by_vertex(&m, 0));
}

/*
 * collide(B, A) is collide(A, B) seen from the other side: the same points
 * and depths, the normal negated, each id mapped by satcd_contact_id_swapped.
 * Returns collide(A, B).
 */
static satcd_manifold assert_swap_symmetric(const satcd_polygon *a, satcd_xf xa, const satcd_polygon *b, satcd_xf xb)
{
    satcd_manifold m = satcd_collide_polygons(a, xa, b, xb, 0.0f);
    satcd_manifold r = satcd_collide_polygons(b, xb, a, xa, 0.0f);
    assert_int_equal(r.count, m.count);
    assert_float_equal(r.normal.x, -m.normal.x, 1e-6f);
    assert_float_equal(r.normal.y, -m.normal.y, 1e-6f);
    for (int i = 0; i < m.count; ++i) {
        uint32_t want = satcd_contact_id_swapped(m.points[i].id);
        int k = r.points[0].id == want ? 0 : 1;
        assert_int_equal(r.points[k].id, want);
        assert_float_equal(r.points[k].point.x, m.points[i].point.x, 1e-6f);
        assert_float_equal(r.points[k].point.y, m.points[i].point.y, 1e-6f);
        assert_float_equal(r.points[k].depth, m.points[i].depth, 1e-6f);
    }
    return m;
}

static satcd_polygon from_points(const float *xy, int n)
{
    satcd_vec2 p[SATCD_MAX_POLYGON_VERTICES];
    for (int i = 0; i < n; ++i) p[i] = satcd_v2(xy[2 * i], xy[2 * i + 1]);
    satcd_polygon out;
    assert_int_equal(satcd_polygon_make(&out, p, n), SATCD_OK);
    return out;
}

/*
 * Pairs whose two best faces tie (within SATCD_REFERENCE_BIAS_REL): the
 * reference goes by the shapes, never by the order, so both orders agree.
 *  - a box (1 x 1) resting flat, 0.005 deep, on a wider ground box: the
 *    ground (larger radius) holds the reference, the contacts are the box's
 *    bottom corners at y = 0.495;
 *  - two equal boxes stacked exactly: the lower one's top face (normal up);
 *  - two equal unit squares side by side, 0.25 deep (the README's example):
 *    the left one's right face (normal +x), contacts on the right one's
 *    left edge at x = 0.75; and the same mirrored.
 */
static void swap_ties(void **state)
{
    (void)state;
    static const float ground[] = {-1, -0.5f, 1, -0.5f, 1, 0.5f, -1, 0.5f};
    static const float box[] = {-0.5f, 0.495f, 0.5f, 0.495f, 0.5f, 1.495f, -0.5f, 1.495f};
    satcd_polygon g = from_points(ground, 4), b = from_points(box, 4);
    satcd_manifold m = assert_swap_symmetric(&g, ID, &b, ID);
    assert_int_equal(m.count, 2);
    for (int i = 0; i < 2; ++i) {
        assert_true((m.points[i].id & SATCD_ID_REFERENCE_IS_B) == 0);
        assert_float_equal(m.points[i].point.y, 0.495f, 1e-7f);
        assert_float_equal(m.points[i].depth, 0.005f, 1e-6f);
    }

    satcd_polygon unit = satcd_polygon_box(0.5f, 0.5f);
    m = assert_swap_symmetric(&unit, ID, &unit, at(0, 0.99f, 0));
    assert_int_equal(m.count, 2);
    assert_float_equal(m.normal.y, 1.0f, 0.0f);
    assert_true((m.points[0].id & SATCD_ID_REFERENCE_IS_B) == 0);
    m = assert_swap_symmetric(&unit, at(0, 0.99f, 0), &unit, ID);
    assert_true((m.points[0].id & SATCD_ID_REFERENCE_IS_B) != 0);

    static const float square[] = {0, 0, 1, 0, 1, 1, 0, 1};
    satcd_polygon s = from_points(square, 4);
    m = assert_swap_symmetric(&s, ID, &s, at(0.75f, 0, 0));
    assert_int_equal(m.count, 2);
    assert_float_equal(m.normal.x, 1.0f, 0.0f);
    assert_true((m.points[0].id & SATCD_ID_REFERENCE_IS_B) == 0);
    for (int i = 0; i < 2; ++i) assert_float_equal(m.points[i].point.x, 0.75f, 0.0f);
    m = assert_swap_symmetric(&s, ID, &s, at(-0.75f, 0, 0));
    assert_int_equal(m.count, 2);
    assert_true((m.points[0].id & SATCD_ID_REFERENCE_IS_B) != 0);
    for (int i = 0; i < 2; ++i) assert_float_equal(m.points[i].point.x, 0.0f, 0.0f);
}

/*
 * A quad whose bottom faces (edges 0 and 1) are nearly collinear, 0.4999
 * into the top of a 2 x 1 box. The two faces' separations tie within the
 * band; edge 0 (x in [-2, -1.0001] once placed) leaves the box's top edge
 * (x in [-1, 1]) wholly beyond its side plane. The contacts are the box's
 * top edge clipped to edge 1 (x in [-1.0001, 0]): its corner (-1, 0.5) and
 * the point near x = 0, on y = 0.5, each at its depth below edge 1.
 */
static void near_collinear_faces_keep_contacts(void **state)
{
    (void)state;
    static const satcd_vec2 quad[] = {{-0x1p+0f, 0x1.6e2ep-134f}, {-0x1.a36e2ep-14f, 0x1.fffffep-96f},
                                      {0x1p+0f, 0x1.a36e2ep-14f}, {-0x1.a212p-14f, 0x1p+0f}};
    satcd_polygon a, b = satcd_polygon_box(1.0f, 0.5f);
    assert_int_equal(satcd_polygon_make(&a, quad, 4), SATCD_OK);
    assert_int_equal(a.count, 4);
    satcd_xf xa = {{-1.0f, 0x1.a36e2ep-14f}, {1.0f, 0.0f}};
    satcd_manifold m = assert_swap_symmetric(&a, xa, &b, ID);
    assert_int_equal(m.count, 2);
    double v1x = -1.0 + (double)quad[1].x, v1y = (double)xa.p.y + (double)quad[1].y;
    double ex = (double)quad[2].x - (double)quad[1].x, ey = (double)quad[2].y - (double)quad[1].y, len = hypot(ex, ey);
    double nx = ey / len, ny = -ex / len;
    assert_float_equal(m.normal.x, nx, 1e-6f);
    assert_float_equal(m.normal.y, ny, 1e-6f);
    bool corner = false, near_zero = false;
    for (int i = 0; i < 2; ++i) {
        const satcd_contact *c = &m.points[i];
        assert_int_equal(SATCD_ID_REFERENCE_EDGE(c->id), 1);
        assert_true((c->id & SATCD_ID_REFERENCE_IS_B) == 0);
        assert_float_equal(c->point.y, 0.5f, 1e-6f);
        corner |= c->point.x == -1.0f;
        near_zero |= c->point.x > -1e-4f && c->point.x < 1e-6f;
        double below = -(nx * ((double)c->point.x - v1x) + ny * ((double)c->point.y - v1y));
        assert_float_equal(c->depth, below, 1e-6f);
    }
    assert_true(corner && near_zero);
}

/* Swapping A and B: same points, negated normal, ids mapped by satcd_contact_id_swapped. */
static void swap(void **state)
{
    (void)state;
    satcd_polygon a = satcd_polygon_box(1, 1), b = satcd_polygon_box(0.5f, 0.5f);
    satcd_manifold m = assert_swap_symmetric(&a, ID, &b, at(0.25f, 1.4f, 0.02f));
    assert_int_equal(m.count, 2);
}

static void polygon_circle_manifold(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1, 1);
    satcd_circle c;
    assert_int_equal(satcd_circle_make(&c, satcd_v2(0, 0), 0.5f), SATCD_OK);
    /* Face region: centre above the top face by 0.4, so 0.1 deep. */
    satcd_manifold m = satcd_collide_polygon_circle(&box, ID, &c, at(0.3f, 1.4f, 0), 0.0f);
    assert_int_equal(m.count, 1);
    assert_float_equal(m.normal.y, 1.0f, 0.0f);
    assert_float_equal(m.points[0].point.x, 0.3f, 1e-6f);
    assert_float_equal(m.points[0].point.y, 0.9f, 1e-6f);
    assert_float_equal(m.points[0].depth, 0.1f, 1e-6f);
    assert_int_equal(SATCD_ID_REFERENCE_EDGE(m.points[0].id), 2);
    assert_true((m.points[0].id & SATCD_ID_VERTEX) == 0);
    /* Corner region: centre at (1.3, 1.4), 0.5 from the corner (1, 1). */
    m = satcd_collide_polygon_circle(&box, ID, &c, at(1.3f, 1.4f, 0), 0.1f);
    assert_int_equal(m.count, 1);
    assert_float_equal(m.points[0].depth, 0.0f, 1e-6f);
    assert_float_equal(m.normal.x, 0.6f, 1e-6f);
    assert_float_equal(m.normal.y, 0.8f, 1e-6f);
    assert_true((m.points[0].id & SATCD_ID_VERTEX) != 0);
    assert_int_equal(SATCD_ID_REFERENCE_EDGE(m.points[0].id), 2); /* vertex 2 is (1, 1) */
    /* Out of the margin: nothing. */
    assert_int_equal(satcd_collide_polygon_circle(&box, ID, &c, at(1.3f, 1.4f, 0), -1.0f).count, 1);
    assert_int_equal(satcd_collide_polygon_circle(&box, ID, &c, at(1.6f, 1.8f, 0), 0.1f).count, 0);
}

static void circle_circle_manifold(void **state)
{
    (void)state;
    satcd_circle a, b;
    assert_int_equal(satcd_circle_make(&a, satcd_v2(0, 0), 1.0f), SATCD_OK);
    assert_int_equal(satcd_circle_make(&b, satcd_v2(0, 0), 1.0f), SATCD_OK);
    satcd_manifold m = satcd_collide_circles(&a, ID, &b, at(0, 1.5f, 0), 0.0f);
    assert_int_equal(m.count, 1);
    assert_float_equal(m.normal.y, 1.0f, 0.0f);
    assert_float_equal(m.points[0].point.y, 0.5f, 1e-6f); /* on B's boundary, toward A */
    assert_float_equal(m.points[0].depth, 0.5f, 1e-6f);
    assert_int_equal(satcd_collide_circles(&a, ID, &b, at(0, 2.5f, 0), 0.4f).count, 0);
    assert_int_equal(satcd_collide_circles(&a, ID, &b, at(0, 2.5f, 0), 0.5f).count, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(box_resting_on_box),
        cmocka_unit_test(clipped_to_side_planes),
        cmocka_unit_test(reference_on_b),
        cmocka_unit_test(corner_contact),
        cmocka_unit_test(margin),
        cmocka_unit_test(per_point_depths),
        cmocka_unit_test(ids_do_not_depend_on_clipping),
        cmocka_unit_test(rocked_corner_keeps_its_id),
        cmocka_unit_test(ids_wrap_to_vertex_zero),
        cmocka_unit_test(swap_ties),
        cmocka_unit_test(swap),
        cmocka_unit_test(near_collinear_faces_keep_contacts),
        cmocka_unit_test(polygon_circle_manifold),
        cmocka_unit_test(circle_circle_manifold),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
