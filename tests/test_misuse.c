/*
 * NULL and misuse: every public function is called with NULL in each
 * pointer argument, with empty and corrupt polygons, with NaN, infinite and
 * out-of-range transforms, and with odd tolerances and margins. Nothing may
 * crash; constructors return their documented status and leave the output
 * untouched; queries return the empty result (the documented "absent"
 * answer). docs/robustness.md lists the behaviour per function.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <satcd/draw.h>
#include <satcd/satcd.h>

static const satcd_vec2 unit_square[4] = {{-1.0f, -1.0f}, {1.0f, -1.0f}, {1.0f, 1.0f}, {-1.0f, 1.0f}};

/* Misplacements a caller may pass by mistake. */
static satcd_xf bad_xf(int which)
{
    satcd_xf xf = satcd_xf_identity();
    switch (which) {
    case 0: xf.p.x = NAN; break;
    case 1: xf.p.y = INFINITY; break;
    case 2: xf.q.c = NAN; break;
    case 3: xf.q.s = -INFINITY; break;
    case 4: xf.p = satcd_v2(1e30f, 0.0f); break;   /* far beyond SATCD_MAX_COORDINATE */
    default: xf.p = satcd_v2(-FLT_MAX, FLT_MAX); break;
    }
    return xf;
}
#define BAD_XF_COUNT 6

static void assert_zero_vec(satcd_vec2 v)
{
    assert_true(v.x == 0.0f && v.y == 0.0f);
}

static void assert_empty_mtv(satcd_mtv m)
{
    assert_false(m.hit);
    assert_true(m.depth == 0.0f);
    assert_zero_vec(m.normal);
    assert_false(m.a_in_b);
    assert_false(m.b_in_a);
}

static void assert_empty_manifold(satcd_manifold m)
{
    assert_int_equal(m.count, 0);
}

/* Every polygon-polygon query treats the pair as absent; the trace refuses it with `trace_status`. */
static void assert_polygons_absent(const satcd_polygon *a, satcd_xf xa, const satcd_polygon *b, satcd_xf xb,
                                   satcd_status trace_status)
{
    assert_false(satcd_overlap_polygons(a, xa, b, xb));
    assert_true(satcd_separation_polygons(a, xa, b, xb) == FLT_MAX);
    assert_int_equal(satcd_relate_polygons(a, xa, b, xb, 0.5f), SATCD_SEPARATED);
    assert_empty_mtv(satcd_mtv_polygons(a, xa, b, xb));
    satcd_sat_cache cache = SATCD_SAT_CACHE_INIT;
    assert_false(satcd_overlap_polygons_cached(a, xa, b, xb, &cache));
    assert_int_equal(cache.hit, 0);
    assert_false(satcd_overlap_polygons_cached(a, xa, b, xb, NULL));
    assert_empty_manifold(satcd_collide_polygons(a, xa, b, xb, 0.0f));
    assert_empty_manifold(satcd_collide_polygons(a, xa, b, xb, 10.0f));

    satcd_distance d = satcd_distance_polygons(a, xa, b, xb);
    assert_true(d.distance == FLT_MAX);
    assert_zero_vec(d.point_a);
    assert_zero_vec(d.point_b);
    assert_zero_vec(d.normal);

    satcd_toi toi = satcd_sweep_polygons(a, xa, satcd_v2(1.0f, 0.0f), b, xb, satcd_v2(-1.0f, 0.0f));
    assert_false(toi.hit);

    satcd_trace trace;
    memset(&trace, 0x5A, sizeof trace);
    satcd_trace before = trace;
    assert_int_equal(satcd_trace_polygons(a, xa, b, xb, &trace), trace_status);
    assert_memory_equal(&trace, &before, sizeof trace);

    /* The drawings refuse what the trace refuses; a NULL trace is refused too. */
    char svg[64] = "untouched";
    assert_int_equal(satcd_draw_trace_svg(NULL, a, xa, b, xb, NULL, svg, sizeof svg), 0);
    assert_false(satcd_draw_trace_svg_file(NULL, a, xa, b, xb, NULL, stdout));
}

static void assert_polygon_circle_absent(const satcd_polygon *a, satcd_xf xa, const satcd_circle *b, satcd_xf xb)
{
    assert_true(satcd_separation_polygon_circle(a, xa, b, xb) == FLT_MAX);
    assert_int_equal(satcd_relate_polygon_circle(a, xa, b, xb, 0.5f), SATCD_SEPARATED);
    assert_empty_mtv(satcd_mtv_polygon_circle(a, xa, b, xb));
    assert_empty_manifold(satcd_collide_polygon_circle(a, xa, b, xb, 0.0f));
    assert_empty_manifold(satcd_collide_polygon_circle(a, xa, b, xb, 10.0f));
}

static void assert_circles_absent(const satcd_circle *a, satcd_xf xa, const satcd_circle *b, satcd_xf xb)
{
    assert_true(satcd_separation_circles(a, xa, b, xb) == FLT_MAX);
    assert_int_equal(satcd_relate_circles(a, xa, b, xb, 0.5f), SATCD_SEPARATED);
    assert_empty_mtv(satcd_mtv_circles(a, xa, b, xb));
    assert_empty_manifold(satcd_collide_circles(a, xa, b, xb, 0.0f));
    assert_empty_manifold(satcd_collide_circles(a, xa, b, xb, 10.0f));
}

static void constructors_refuse_null(void **state)
{
    (void)state;
    satcd_polygon p;
    memset(&p, 0x5A, sizeof p);
    satcd_polygon before = p;
    assert_int_equal(satcd_polygon_make(NULL, unit_square, 4), SATCD_ERR_NULL);
    assert_int_equal(satcd_polygon_make(&p, NULL, 4), SATCD_ERR_NULL);
    assert_int_equal(satcd_polygon_make(&p, NULL, 0), SATCD_ERR_NULL);
    assert_int_equal(satcd_polygon_make(NULL, NULL, 4), SATCD_ERR_NULL);
    assert_int_equal(satcd_polygon_hull(NULL, unit_square, 4), SATCD_ERR_NULL);
    assert_int_equal(satcd_polygon_hull(&p, NULL, 4), SATCD_ERR_NULL);
    assert_int_equal(satcd_polygon_hull(NULL, NULL, 0), SATCD_ERR_NULL);
    assert_int_equal(satcd_polygon_regular(NULL, 6, 1.0f), SATCD_ERR_NULL);
    assert_int_equal(satcd_polygon_regular(NULL, -1, NAN), SATCD_ERR_NULL);
    assert_memory_equal(&p, &before, sizeof p);

    satcd_circle c;
    memset(&c, 0x5A, sizeof c);
    satcd_circle cbefore = c;
    assert_int_equal(satcd_circle_make(NULL, satcd_v2(0.0f, 0.0f), 1.0f), SATCD_ERR_NULL);
    assert_int_equal(satcd_circle_make(NULL, satcd_v2(NAN, 0.0f), -1.0f), SATCD_ERR_NULL);
    assert_memory_equal(&c, &cbefore, sizeof c);
}

static void constructors_refuse_bad_counts(void **state)
{
    (void)state;
    satcd_polygon p;
    memset(&p, 0x5A, sizeof p);
    satcd_polygon before = p;
    assert_int_equal(satcd_polygon_make(&p, unit_square, -5), SATCD_ERR_TOO_FEW_POINTS);
    assert_int_equal(satcd_polygon_make(&p, unit_square, 0), SATCD_ERR_TOO_FEW_POINTS);
    assert_int_equal(satcd_polygon_hull(&p, unit_square, -1), SATCD_ERR_TOO_FEW_POINTS);
    assert_int_equal(satcd_polygon_regular(&p, -3, 1.0f), SATCD_ERR_TOO_FEW_POINTS);
    assert_int_equal(satcd_polygon_regular(&p, 1 << 30, 1.0f), SATCD_ERR_TOO_MANY_POINTS);
    assert_int_equal(satcd_polygon_regular(&p, 8, -0.0f), SATCD_ERR_BAD_RADIUS);
    assert_int_equal(satcd_polygon_regular(&p, 8, INFINITY), SATCD_ERR_NOT_FINITE);
    assert_memory_equal(&p, &before, sizeof p);
    /* Bad extents give the empty polygon, never a NaN one. */
    float bad[] = {-1.0f, 0.0f, -0.0f, NAN, INFINITY, -INFINITY};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        assert_int_equal(satcd_polygon_box(bad[i], 1.0f).count, 0);
        assert_int_equal(satcd_polygon_box(1.0f, bad[i]).count, 0);
    }
}

static void status_strings_never_null(void **state)
{
    (void)state;
    for (int s = -3; s < SATCD_STATUS_COUNT + 3; ++s) {
        const char *text = satcd_status_string((satcd_status)s);
        assert_non_null(text);
        assert_true(strlen(text) > 0);
    }
    for (int s = 0; s < SATCD_STATUS_COUNT; ++s) {
        for (int t = s + 1; t < SATCD_STATUS_COUNT; ++t)
            assert_string_not_equal(satcd_status_string((satcd_status)s), satcd_status_string((satcd_status)t));
    }
    assert_non_null(satcd_version());
    assert_non_null(satcd_simd_backend());
}

static void null_and_empty_polygons_are_absent(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    satcd_polygon empty = satcd_polygon_box(-1.0f, 1.0f);
    assert_int_equal(empty.count, 0);
    satcd_xf id = satcd_xf_identity();
    assert_polygons_absent(NULL, id, &box, id, SATCD_ERR_NULL);
    assert_polygons_absent(&box, id, NULL, id, SATCD_ERR_NULL);
    assert_polygons_absent(NULL, id, NULL, id, SATCD_ERR_NULL);
    assert_polygons_absent(&empty, id, &box, id, SATCD_ERR_TOO_FEW_POINTS);
    assert_polygons_absent(&box, id, &empty, id, SATCD_ERR_TOO_FEW_POINTS);
    assert_polygons_absent(&empty, id, &empty, id, SATCD_ERR_TOO_FEW_POINTS);

    satcd_trace t;
    assert_int_equal(satcd_trace_polygons(&box, id, &box, id, NULL), SATCD_ERR_NULL);
    assert_int_equal(satcd_trace_polygons(&box, id, &box, id, &t), SATCD_OK);
    /* Every drawing refuses NULL shapes, NULL streams; a NULL buffer with cap 0 only measures. */
    char svg[64] = "untouched";
    assert_int_equal(satcd_draw_trace_svg(&t, NULL, id, &box, id, NULL, svg, sizeof svg), 0);
    assert_int_equal(satcd_draw_trace_svg(&t, &box, id, &empty, id, NULL, svg, sizeof svg), 0);
    assert_false(satcd_draw_trace_svg_file(&t, &box, id, &box, id, NULL, NULL));
    assert_true(satcd_draw_trace_svg(&t, &box, id, &box, id, NULL, NULL, 0) > 0);
    assert_string_equal(svg, ""); /* snprintf convention: a refused document is the empty string */
}

/* Polygons whose count was overwritten (a stale or uninitialised struct) are absent, not read past. */
static void corrupt_counts_are_absent(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    int counts[] = {-7, 1, 2, SATCD_MAX_POLYGON_VERTICES + 1, 1000000};
    satcd_xf id = satcd_xf_identity();
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; ++i) {
        satcd_polygon bad = box;
        bad.count = counts[i];
        assert_false(satcd_polygon_is_valid(&bad));
        assert_polygons_absent(&bad, id, &box, id, SATCD_ERR_TOO_FEW_POINTS);
        assert_polygons_absent(&box, id, &bad, id, SATCD_ERR_TOO_FEW_POINTS);
        satcd_aabb a = satcd_polygon_aabb(&bad, id);
        assert_true(a.lower.x == 0.0f && a.upper.x == 0.0f && a.lower.y == 0.0f && a.upper.y == 0.0f);
        satcd_ray ray = {{-5.0f, 0.0f}, {10.0f, 0.0f}};
        assert_false(satcd_raycast_polygon(&bad, id, ray).hit);
    }
}

static void null_and_invalid_circles_are_absent(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    satcd_circle c = {{0.0f, 0.0f}, 1.0f};
    satcd_circle bad[] = {{{0.0f, 0.0f}, 0.0f}, {{0.0f, 0.0f}, -1.0f}, {{NAN, 0.0f}, 1.0f}, {{0.0f, 0.0f}, INFINITY}};
    satcd_xf id = satcd_xf_identity();
    assert_polygon_circle_absent(NULL, id, &c, id);
    assert_polygon_circle_absent(&box, id, NULL, id);
    assert_circles_absent(NULL, id, &c, id);
    assert_circles_absent(&c, id, NULL, id);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        assert_false(satcd_circle_is_valid(&bad[i]));
        assert_polygon_circle_absent(&box, id, &bad[i], id);
        assert_circles_absent(&bad[i], id, &c, id);
        assert_circles_absent(&c, id, &bad[i], id);
    }
    assert_false(satcd_circle_is_valid(NULL));
    char svg[64] = "untouched";
    assert_int_equal(satcd_draw_polygon_circle_svg(&box, id, NULL, id, NULL, svg, sizeof svg), 0);
    assert_int_equal(satcd_draw_polygon_circle_svg(NULL, id, &c, id, NULL, svg, sizeof svg), 0);
    assert_false(satcd_draw_polygon_circle_svg_file(&box, id, &c, id, NULL, NULL));
    assert_string_equal(svg, "");
}

static void null_pointers_in_small_helpers(void **state)
{
    (void)state;
    satcd_xf xf = {{3.0f, -2.0f}, {1.0f, 0.0f}};
    satcd_aabb a = satcd_polygon_aabb(NULL, xf);
    assert_true(a.lower.x == 3.0f && a.upper.x == 3.0f && a.lower.y == -2.0f && a.upper.y == -2.0f);
    satcd_aabb c = satcd_circle_aabb(NULL, xf);
    assert_true(c.lower.x == 3.0f && c.upper.x == 3.0f && c.lower.y == -2.0f && c.upper.y == -2.0f);
    assert_false(satcd_polygon_is_valid(NULL));
    assert_zero_vec(satcd_polygon_vertex(NULL, 0));
    assert_zero_vec(satcd_polygon_normal(NULL, 0));
    satcd_ray ray = {{-5.0f, 0.0f}, {10.0f, 0.0f}};
    assert_false(satcd_raycast_polygon(NULL, xf, ray).hit);
}

/* A NaN, infinite or absurdly far transform is caller error: every query answers "absent". */
static void bad_transforms_are_absent(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    satcd_circle c = {{0.0f, 0.0f}, 1.0f};
    satcd_xf id = satcd_xf_identity();
    for (int k = 0; k < BAD_XF_COUNT; ++k) {
        satcd_xf bad = bad_xf(k);
        assert_polygons_absent(&box, bad, &box, id, SATCD_ERR_NOT_FINITE);
        assert_polygons_absent(&box, id, &box, bad, SATCD_ERR_NOT_FINITE);
        assert_polygon_circle_absent(&box, bad, &c, id);
        assert_polygon_circle_absent(&box, id, &c, bad);
        assert_circles_absent(&c, bad, &c, id);
        assert_circles_absent(&c, id, &c, bad);
        satcd_ray ray = {{-5.0f, 0.0f}, {10.0f, 0.0f}};
        assert_false(satcd_raycast_polygon(&box, bad, ray).hit);
    }
    satcd_ray nan_ray = {{NAN, 0.0f}, {10.0f, 0.0f}};
    satcd_ray inf_ray = {{-5.0f, 0.0f}, {INFINITY, 0.0f}};
    assert_false(satcd_raycast_polygon(&box, id, nan_ray).hit);
    assert_false(satcd_raycast_polygon(&box, id, inf_ray).hit);
    satcd_toi toi = satcd_sweep_polygons(&box, id, satcd_v2(NAN, 0.0f), &box, bad_xf(4), satcd_v2(0.0f, 0.0f));
    assert_false(toi.hit);
    toi = satcd_sweep_polygons(&box, id, satcd_v2(INFINITY, 0.0f), &box, satcd_xf_make(satcd_v2(5.0f, 0.0f), 0.0f),
                               satcd_v2(0.0f, 0.0f));
    assert_false(toi.hit);
}

/*
 * Both shapes placed by the same bad transform: their centroids then lie
 * at the same point (or at NaN), so the bounding circles never dismiss the
 * pair and the transform check alone must refuse it. A cache that holds an
 * axis keeps it.
 */
static void bad_transforms_on_both_shapes_are_absent(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    for (int k = 0; k < BAD_XF_COUNT; ++k) {
        satcd_xf bad = bad_xf(k);
        assert_polygons_absent(&box, bad, &box, bad, SATCD_ERR_NOT_FINITE);
        satcd_sat_cache cache = {2, 1, 1};
        assert_false(satcd_overlap_polygons_cached(&box, bad, &box, bad, &cache));
        assert_int_equal(cache.axis, 2);
        assert_int_equal(cache.valid, 1);
        assert_int_equal(cache.hit, 0);
    }
}

/*
 * A rotation that is not unit length is caller error too, but a finite one:
 * the answers are meaningless (the shape is scaled) yet finite.
 */
static void unnormalised_rotations_stay_finite(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    satcd_circle c = {{0.5f, 0.0f}, 1.0f};
    satcd_rot rots[] = {{0.0f, 0.0f}, {3.0f, 4.0f}, {1e-20f, 0.0f}, {-1e6f, 1e6f}};
    satcd_xf id = satcd_xf_identity();
    for (size_t i = 0; i < sizeof rots / sizeof rots[0]; ++i) {
        satcd_xf xf = {{0.5f, 0.25f}, rots[i]};
        assert_true(isfinite(satcd_separation_polygons(&box, id, &box, xf)));
        assert_true(isfinite(satcd_separation_polygons(&box, xf, &box, id)));
        satcd_mtv m = satcd_mtv_polygons(&box, id, &box, xf);
        assert_true(isfinite(m.depth) && isfinite(m.normal.x) && isfinite(m.normal.y));
        satcd_manifold mf = satcd_collide_polygons(&box, id, &box, xf, 0.0f);
        for (int k = 0; k < mf.count; ++k) assert_true(isfinite(mf.points[k].depth));
        assert_true(isfinite(satcd_separation_polygon_circle(&box, id, &c, xf)));
        assert_true(isfinite(satcd_separation_circles(&c, xf, &c, id)));
    }
}

/* Odd tolerances and margins: a negative or NaN value counts as 0, an infinite margin keeps every contact. */
static void odd_tolerances_and_margins(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    satcd_circle c = {{0.0f, 0.0f}, 1.0f};
    satcd_xf id = satcd_xf_identity();
    satcd_xf apart = satcd_xf_make(satcd_v2(3.0f, 0.0f), 0.0f);   /* separation 1 */
    satcd_xf touch = satcd_xf_make(satcd_v2(2.0f, 0.0f), 0.0f);   /* separation 0 */
    float zeroish[] = {-1.0f, -INFINITY, NAN, 0.0f, -0.0f};
    for (size_t i = 0; i < sizeof zeroish / sizeof zeroish[0]; ++i) {
        assert_int_equal(satcd_relate_polygons(&box, id, &box, apart, zeroish[i]), SATCD_SEPARATED);
        assert_int_equal(satcd_relate_polygons(&box, id, &box, touch, zeroish[i]), SATCD_TOUCHING);
        assert_int_equal(satcd_relate_polygon_circle(&box, id, &c, touch, zeroish[i]), SATCD_TOUCHING);
        assert_int_equal(satcd_relate_circles(&c, id, &c, touch, zeroish[i]), SATCD_TOUCHING);
        assert_int_equal(satcd_collide_polygons(&box, id, &box, apart, zeroish[i]).count, 0);
        assert_int_equal(satcd_collide_polygons(&box, id, &box, touch, zeroish[i]).count, 2);
        assert_int_equal(satcd_collide_polygon_circle(&box, id, &c, apart, zeroish[i]).count, 0);
        assert_int_equal(satcd_collide_circles(&c, id, &c, apart, zeroish[i]).count, 0);
    }
    assert_int_equal(satcd_relate_polygons(&box, id, &box, apart, INFINITY), SATCD_TOUCHING);
    satcd_xf far = satcd_xf_make(satcd_v2(1e6f, 0.0f), 0.0f);
    satcd_manifold m = satcd_collide_polygons(&box, id, &box, far, INFINITY);
    assert_int_equal(m.count, 2);
    for (int k = 0; k < m.count; ++k) assert_float_equal(m.points[k].depth, -(1e6f - 2.0f), 0.0f);
    assert_int_equal(satcd_collide_circles(&c, id, &c, far, INFINITY).count, 1);
    assert_int_equal(satcd_collide_polygon_circle(&box, id, &c, far, INFINITY).count, 1);
}

/*
 * Bad shapes are absent whatever the tolerance: every relate function says
 * SATCD_SEPARATED for them with a tolerance of FLT_MAX or infinity too
 * (the absent pair's separation is FLT_MAX, which such a tolerance would
 * otherwise call touching).
 */
static void absent_pairs_are_separated_at_any_tolerance(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f), empty;
    memset(&empty, 0, sizeof empty);
    satcd_circle c = {{0.0f, 0.0f}, 1.0f}, bad_c = {{0.0f, 0.0f}, -1.0f};
    satcd_capsule k = {{-1.0f, 0.0f}, {1.0f, 0.0f}, 0.5f}, bad_k = {{-1.0f, 0.0f}, {NAN, 0.0f}, 0.5f};
    satcd_shape good = satcd_shape_of_circle(c), bad = satcd_shape_of_circle(bad_c);
    satcd_xf id = satcd_xf_identity();
    float huge[] = {FLT_MAX, INFINITY};
    for (int i = 0; i < 2; ++i) {
        float t = huge[i];
        assert_int_equal(satcd_relate_polygons(&empty, id, &box, id, t), SATCD_SEPARATED);
        assert_int_equal(satcd_relate_polygon_circle(&box, id, &bad_c, id, t), SATCD_SEPARATED);
        assert_int_equal(satcd_relate_circles(&bad_c, id, &c, id, t), SATCD_SEPARATED);
        assert_int_equal(satcd_relate_polygon_capsule(&box, id, &bad_k, id, t), SATCD_SEPARATED);
        assert_int_equal(satcd_relate_capsules(&k, id, &bad_k, id, t), SATCD_SEPARATED);
        assert_int_equal(satcd_relate_capsule_circle(&bad_k, id, &c, id, t), SATCD_SEPARATED);
        assert_int_equal(satcd_relate(&bad, id, &good, id, t), SATCD_SEPARATED);
        /* A real pair is still touching at such a tolerance. */
        assert_int_equal(satcd_relate_circles(&c, id, &c, satcd_xf_make(satcd_v2(1e6f, 0.0f), 0.0f), t), SATCD_TOUCHING);
        assert_int_equal(satcd_relate(&good, id, &good, id, t), SATCD_TOUCHING);
    }
}

/* Drawings: NULL shapes and streams are refused; bad transforms never crash and keep the buffer convention. */
static void drawings_refuse_or_survive_bad_input(void **state)
{
    (void)state;
    satcd_draw_style style = satcd_draw_style_default();
    assert_true(style.width > 0.0f);
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    satcd_polygon empty = satcd_polygon_box(0.0f, 1.0f);
    satcd_xf id = satcd_xf_identity();
    satcd_vec2 v = satcd_v2(1.0f, 0.0f), zero = satcd_v2(0.0f, 0.0f);
    static char svg[1 << 16];
    assert_int_equal(satcd_draw_sweep_svg(NULL, id, v, &box, id, zero, NULL, svg, sizeof svg), 0);
    assert_int_equal(satcd_draw_sweep_svg(&box, id, v, NULL, id, zero, NULL, svg, sizeof svg), 0);
    assert_int_equal(satcd_draw_sweep_svg(&box, id, v, &empty, id, zero, &style, svg, sizeof svg), 0);
    assert_false(satcd_draw_sweep_svg_file(&box, id, v, &box, id, zero, NULL, NULL));
    assert_false(satcd_draw_sweep_svg_file(NULL, id, v, &box, id, zero, NULL, stdout));
    for (int k = 0; k < BAD_XF_COUNT; ++k) {
        satcd_xf bad = bad_xf(k);
        size_t n = satcd_draw_sweep_svg(&box, bad, v, &box, id, zero, &style, svg, sizeof svg);
        if (n > 0 && n < sizeof svg) assert_int_equal(strlen(svg), n);
        satcd_vec2 nan_v = satcd_v2(NAN, 0.0f);
        n = satcd_draw_sweep_svg(&box, id, nan_v, &box, id, zero, &style, svg, sizeof svg);
        if (n > 0 && n < sizeof svg) assert_int_equal(strlen(svg), n);
        satcd_circle c = {{0.0f, 0.0f}, 1.0f};
        n = satcd_draw_polygon_circle_svg(&box, bad, &c, id, &style, svg, sizeof svg);
        if (n > 0 && n < sizeof svg) assert_int_equal(strlen(svg), n);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(constructors_refuse_null),
        cmocka_unit_test(constructors_refuse_bad_counts),
        cmocka_unit_test(status_strings_never_null),
        cmocka_unit_test(null_and_empty_polygons_are_absent),
        cmocka_unit_test(corrupt_counts_are_absent),
        cmocka_unit_test(null_and_invalid_circles_are_absent),
        cmocka_unit_test(null_pointers_in_small_helpers),
        cmocka_unit_test(bad_transforms_are_absent),
        cmocka_unit_test(bad_transforms_on_both_shapes_are_absent),
        cmocka_unit_test(unnormalised_rotations_stay_finite),
        cmocka_unit_test(odd_tolerances_and_margins),
        cmocka_unit_test(absent_pairs_are_separated_at_any_tolerance),
        cmocka_unit_test(drawings_refuse_or_survive_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
