/*
 * An outside program that uses an installed libsatcd: it includes only
 * <satcd/satcd.h>, calls the library, and checks the answers against
 * geometry worked out by hand. Exit status 0 when every check holds.
 */
#include <satcd/satcd.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "consumer_check.h"

static int near(float got, float want) { return fabsf(got - want) <= 1e-5f; }

static satcd_xf at(float x, float y) { return satcd_xf_make(satcd_v2(x, y), 0.0f); }

/* Two 2x2 boxes side by side on the x axis: every answer is exact. */
static void check_boxes(void)
{
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    satcd_xf origin = satcd_xf_identity();

    check(box.count == 4, "box has 4 vertices");
    check(satcd_overlap_polygons(&box, origin, &box, at(1.5f, 0.0f)), "boxes 1.5 apart overlap");
    check(near(satcd_separation_polygons(&box, origin, &box, at(1.5f, 0.0f)), -0.5f), "overlap depth 0.5");
    check(near(satcd_separation_polygons(&box, origin, &box, at(3.0f, 0.0f)), 1.0f), "gap of 1");
    check(!satcd_overlap_polygons(&box, origin, &box, at(2.0f, 0.0f)), "touching boxes do not overlap");
    check(satcd_relate_polygons(&box, origin, &box, at(2.0f, 0.0f), 1e-4f) == SATCD_TOUCHING, "touching relation");

    satcd_mtv mtv = satcd_mtv_polygons(&box, origin, &box, at(1.5f, 0.0f));
    check(mtv.hit && near(mtv.normal.x, 1.0f) && near(mtv.normal.y, 0.0f) && near(mtv.depth, 0.5f),
          "MTV pushes B by 0.5 along +x");
}

/* B rotated 45 degrees: its left vertex sits sqrt(2) left of its centre. */
static void check_rotated(void)
{
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    float centre = 1.0f + sqrtf(2.0f) + 0.5f;
    satcd_xf xb = satcd_xf_make(satcd_v2(centre, 0.0f), 0.78539816f);
    check(near(satcd_separation_polygons(&box, satcd_xf_identity(), &box, xb), 0.5f),
          "rotated box 0.5 away");
}

/* B rests 0.25 deep on A's top face: two contacts on B's bottom edge. */
static void check_manifold(void)
{
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    satcd_manifold m = satcd_collide_polygons(&box, satcd_xf_identity(), &box, at(0.0f, 1.75f), 0.0f);
    check(m.count == 2, "two contacts");
    check(near(m.normal.x, 0.0f) && near(m.normal.y, 1.0f), "contact normal +y");
    for (int i = 0; i < m.count && i < 2; ++i) {
        check(near(m.points[i].depth, 0.25f), "contact depth 0.25");
        check(near(fabsf(m.points[i].point.x), 1.0f) && near(m.points[i].point.y, 0.75f),
              "contact at a corner of B's bottom edge");
    }
    if (m.count == 2) {
        check(m.points[0].id != m.points[1].id, "distinct contact ids");
    }
}

static void check_circles(void)
{
    satcd_circle unit, half;
    check(satcd_circle_make(&unit, satcd_v2(0.0f, 0.0f), 1.0f) == SATCD_OK, "circle r=1");
    check(satcd_circle_make(&half, satcd_v2(0.0f, 0.0f), 0.5f) == SATCD_OK, "circle r=0.5");
    /* Centres (0,0) and (3,4): distance 5, gap 5 - 1.5. */
    check(near(satcd_separation_circles(&unit, satcd_xf_identity(), &half, at(3.0f, 4.0f)), 3.5f),
          "circle gap 3.5");

    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    check(near(satcd_separation_polygon_circle(&box, satcd_xf_identity(), &half, at(2.0f, 0.0f)), 0.5f),
          "box-circle gap 0.5");
    satcd_mtv mtv = satcd_mtv_polygon_circle(&box, satcd_xf_identity(), &half, at(1.25f, 0.0f));
    check(mtv.hit && near(mtv.depth, 0.25f) && near(mtv.normal.x, 1.0f), "box-circle MTV 0.25 along +x");
}

static void check_constructors(void)
{
    const satcd_vec2 cloud[] = {{0, 0}, {2, 0}, {2, 2}, {0, 2}, {1, 1}, {1, 0}};
    satcd_polygon hull;
    check(satcd_polygon_hull(&hull, cloud, 6) == SATCD_OK && hull.count == 4, "hull of a square cloud");

    const satcd_vec2 line[] = {{0, 0}, {1, 1}, {2, 2}};
    satcd_status s = satcd_polygon_hull(&hull, line, 3);
    check(s == SATCD_ERR_DEGENERATE, "collinear points are degenerate");
    check(strlen(satcd_status_string(s)) > 0, "status has a message");
}

/* The library linked is the one the headers describe. */
static void check_build(void)
{
    check(strcmp(satcd_version(), SATCD_VERSION_STRING) == 0, "library version matches the headers");
#if SATCD_SIMD_DISPATCH
    const char *in_use = satcd_simd_backend();
    check(strcmp(in_use, "scalar") == 0 || strcmp(in_use, "sse41") == 0 || strcmp(in_use, "avx2") == 0,
          "a dispatching library uses one of its backends");
#else
    check(strcmp(satcd_simd_backend(), SATCD_SIMD_BACKEND_NAME) == 0, "backend matches satcd/config.h");
#endif
    /* Inline math from vec2.h on run-time values (needs libm at link time). */
    volatile float three = 3.0f;
    check(near(satcd_length(satcd_v2(three, 4.0f)), 5.0f), "inline length");
}

int main(void)
{
    check_boxes();
    check_rotated();
    check_manifold();
    check_circles();
    check_constructors();
    check_build();
    if (checks_failed != 0) {
        fprintf(stderr, "satcd consumer (C, %s): %d of %d checks failed\n", CONSUMER_HOW, checks_failed, checks_run);
        return 1;
    }
    printf("satcd consumer (C, %s): satcd %s, backend %s, %d checks passed\n", CONSUMER_HOW, satcd_version(),
           satcd_simd_backend(), checks_run);
    return 0;
}
