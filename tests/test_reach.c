/*
 * The bounding-circle dismissal of far pairs (satcd_polygon.cover with the
 * radius and centroid):
 *  - cover is the cosine of half the widest angle between neighbouring
 *    normals: cos(pi / n) for a regular n-gon, and on random hulls every one
 *    of 3,600 directions has a normal at least that close;
 *  - the dismissal never changes an answer: overlap, MTV and manifolds
 *    (margins 0 to one radius) on 60,000 random pairs, slivers included,
 *    placed around the dismissal threshold at offsets up to 1e5 and sizes
 *    2^-10 to 2^10, are bit for bit those of the same polygons with cover
 *    set to 0, which disables the dismissal; the dismissal did fire on a
 *    good share of them, and on every pair (at moderate offsets, not
 *    both needle-sharp) whose circles are 1% beyond the threshold (this count needs the internal
 *    call, so only against the static library).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cmocka_all.h"
#include "random_shapes.h"
#include "pair_internal.h"

#define PI 3.14159265358979323846

static void cover_of_regular_polygons(void **state)
{
    (void)state;
    for (int n = 3; n <= SATCD_MAX_POLYGON_VERTICES; ++n) {
        satcd_polygon p = regular_polygon(n, 1.5f);
        double want = cos(PI / n);
        assert_true(p.cover <= want);
        assert_true(p.cover >= want - 4e-6);
    }
    satcd_polygon box = satcd_polygon_box(3.0f, 0.25f);
    assert_true(box.cover <= cos(PI / 4) && box.cover >= cos(PI / 4) - 4e-6);
}

static void cover_bounds_every_direction(void **state)
{
    (void)state;
    random_source r = random_source_seeded(0xc0fe5);
    for (int k = 0; k < 300; ++k) {
        satcd_polygon p = random_convex_polygon(&r, SATCD_MAX_POLYGON_VERTICES, 1.0f);
        assert_true(p.cover > 0.0f && p.cover < 1.0f);
        double tightest = 1.0;
        for (int d = 0; d < 3600; ++d) {
            double ux = cos(d * PI / 1800), uy = sin(d * PI / 1800), best = -1.0;
            for (int i = 0; i < p.count; ++i) {
                satcd_vec2 n = satcd_polygon_normal(&p, i);
                best = fmax(best, ux * n.x + uy * n.y);
            }
            assert_true(best >= p.cover);
            tightest = fmin(tightest, best);
        }
        /* Tight, too: the worst direction sampled is within the sampling step of it. */
        assert_true(tightest - p.cover < 2e-6 + (1.0 - cos(PI / 3600)) + PI / 3600);
    }
}

static bool same_float(float x, float y) { return memcmp(&x, &y, sizeof x) == 0; }
static bool same_vec(satcd_vec2 a, satcd_vec2 b) { return same_float(a.x, b.x) && same_float(a.y, b.y); }

static bool same_mtv(satcd_mtv a, satcd_mtv b)
{
    return a.hit == b.hit && same_vec(a.normal, b.normal) && same_float(a.depth, b.depth) &&
           a.a_in_b == b.a_in_b && a.b_in_a == b.b_in_a;
}

static bool same_manifold(const satcd_manifold *a, const satcd_manifold *b)
{
    if (a->count != b->count || (a->count > 0 && !same_vec(a->normal, b->normal))) return false;
    for (int k = 0; k < a->count; ++k) {
        if (!same_vec(a->points[k].point, b->points[k].point) || !same_float(a->points[k].depth, b->points[k].depth) ||
            a->points[k].id != b->points[k].id)
            return false;
    }
    return true;
}

/* A random hull of `scale` across; one in four squashed into a sliver up to 1:1000. */
static satcd_polygon random_shape(random_source *r, float scale)
{
    satcd_polygon p = random_convex_polygon(r, SATCD_MAX_POLYGON_VERTICES, scale);
    if (random_int(r, 0, 3) != 0) return p;
    float squash = powf(10.0f, random_float(r, -3.0f, -1.0f));
    satcd_vec2 v[SATCD_MAX_POLYGON_VERTICES];
    for (int i = 0; i < p.count; ++i) v[i] = satcd_polygon_vertex(&p, i), v[i].y *= squash;
    satcd_polygon thin;
    return satcd_polygon_make(&thin, v, p.count) == SATCD_OK ? thin : p;
}

static void dismissal_changes_no_answer(void **state)
{
    (void)state;
    random_source r = random_source_seeded(0xd15ad);
    int pairs = 60000, dismissed_count = 0, clearly_beyond = 0;
    for (int i = 0; i < pairs; ++i) {
        float scale = ldexpf(1.0f, random_int(&r, -10, 10));
        satcd_polygon a = random_shape(&r, scale), b = random_shape(&r, scale * random_float(&r, 0.2f, 2.0f));
        float margin = random_int(&r, 0, 2) == 0 ? 0.0f : random_float(&r, 0.0f, 1.0f) * b.radius;
        float offset = random_int(&r, 0, 3) == 0 ? 1e5f * scale : 20.0f * scale;
        satcd_xf xa = random_transform(&r, offset);
        /* B's centroid around the distance at which the circles start to decide. */
        float cover = a.cover > b.cover ? a.cover : b.cover;
        float threshold = (a.radius + b.radius + margin) / cover;
        float dist = threshold * (random_int(&r, 0, 1) ? random_float(&r, 0.98f, 1.02f) : random_float(&r, 0.0f, 2.0f));
        float angle = random_float(&r, 0.0f, 6.2831853f);
        satcd_vec2 ca = satcd_xf_point(xa, a.centroid);
        satcd_xf xb = random_transform_at(&r, satcd_v2(0.0f, 0.0f));
        satcd_vec2 cb = satcd_add(ca, satcd_v2(dist * cosf(angle), dist * sinf(angle)));
        xb.p = satcd_sub(cb, satcd_rotate(xb.q, b.centroid));

        satcd_polygon a0 = a, b0 = b;
        a0.cover = b0.cover = 0.0f;
        assert_int_equal(satcd_overlap_polygons(&a, xa, &b, xb), satcd_overlap_polygons(&a0, xa, &b0, xb));
        assert_true(same_mtv(satcd_mtv_polygons(&a, xa, &b, xb), satcd_mtv_polygons(&a0, xa, &b0, xb)));
        satcd_manifold m = satcd_collide_polygons(&a, xa, &b, xb, margin);
        satcd_manifold m0 = satcd_collide_polygons(&a0, xa, &b0, xb, margin);
        if (!same_manifold(&m, &m0)) fail_msg("pair %d: the manifold changed with the dismissal", i);

        satcd__pair pair;
        bool dismissed = !satcd__pair_init_within(&pair, &a, xa, &b, xb, margin);
        dismissed_count += dismissed;
        /*
         * Its slack is small: at moderate offsets, pairs 1% beyond the
         * threshold (in double) are all dismissed, unless the shapes are so
         * sharp (cover below 0.1) that the fixed 2^-12 off cover is a
         * larger share.
         */
        satcd_vec2 d = satcd_sub(satcd_xf_point(satcd_xf_inv_mul(xa, xb), b.centroid), a.centroid);
        if (offset < 100.0f * scale && cover > 0.1f && cover * hypot(d.x, d.y) > 1.01 * (a.radius + b.radius + margin)) {
            ++clearly_beyond;
            if (!dismissed) fail_msg("pair %d: 1%% beyond the threshold, not dismissed (cover %g, radii %g %g, margin %g, offset %g)", i, (double)cover, (double)a.radius, (double)b.radius, (double)margin, (double)offset);
        }
    }
    printf("pairs %d, dismissed by the bounding circles %d, clearly beyond %d\n", pairs, dismissed_count,
           clearly_beyond);
    assert_true(dismissed_count > pairs / 5 && clearly_beyond > pairs / 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cover_of_regular_polygons),
        cmocka_unit_test(cover_bounds_every_direction),
        cmocka_unit_test(dismissal_changes_no_answer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
