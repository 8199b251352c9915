/*
 * SVG drawing: the snprintf buffer convention, the stream variant writing
 * the same bytes, one group per candidate axis and per contact with the
 * values of hand-computed geometry, y-up placement, escaping, and output
 * that does not depend on the C locale.
 */
#include <locale.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <satcd/draw.h>
#include <satcd/satcd.h>

#define BIG 262144

static char picture[BIG];
static char other[BIG];

static int count_of(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(text, needle); p != NULL; p = strstr(p + 1, needle)) ++n;
    return n;
}

/* True when the opening tag of the chosen axis's group contains `attribute`. */
static bool chosen_axis_has(const char *svg, const char *attribute)
{
    const char *start = strstr(svg, " chosen\"");
    if (start == NULL) return false;
    const char *end = strchr(start, '>');
    const char *hit = strstr(start, attribute);
    return hit != NULL && hit < end;
}

/* Two 2x2 boxes, B moved by 1.75 along x: they overlap by 0.25 along x. */
typedef struct boxes {
    satcd_polygon box;
    satcd_xf xa, xb;
    satcd_trace trace;
} boxes;

static boxes overlapping_boxes(void)
{
    boxes b;
    b.box = satcd_polygon_box(1.0f, 1.0f);
    b.xa = satcd_xf_identity();
    b.xb = satcd_xf_make(satcd_v2(1.75f, 0.0f), 0.0f);
    assert_int_equal(satcd_trace_polygons(&b.box, b.xa, &b.box, b.xb, &b.trace), SATCD_OK);
    return b;
}

static size_t draw(const boxes *b, const satcd_draw_style *style, char *buf, size_t cap)
{
    return satcd_draw_trace_svg(&b->trace, &b->box, b->xa, &b->box, b->xb, style, buf, cap);
}

static void buffer_follows_snprintf(void **state)
{
    (void)state;
    boxes b = overlapping_boxes();
    size_t need = draw(&b, NULL, NULL, 0);
    assert_true(need > 1000);
    assert_true(need < BIG);
    assert_int_equal(draw(&b, NULL, picture, need + 1), need);
    assert_int_equal(strlen(picture), need);
    assert_true(strncmp(picture, "<?xml", 5) == 0);
    assert_non_null(strstr(picture, "</svg>\n"));

    /* Too small: the same length is reported, the prefix is written and terminated. */
    memset(other, 'x', 64);
    assert_int_equal(draw(&b, NULL, other, 32), need);
    assert_int_equal(strlen(other), 31);
    assert_memory_equal(other, picture, 31);
    assert_int_equal(other[33], 'x'); /* nothing past cap */
}

/* The stream f (then closed) holds exactly the first `need` bytes of picture. */
static void assert_stream_holds_picture(FILE *f, size_t need)
{
    long size = ftell(f);
    assert_int_equal((size_t)size, need);
    rewind(f);
    assert_int_equal(fread(other, 1, (size_t)size, f), (size_t)size);
    assert_memory_equal(other, picture, need);
    fclose(f);
}

/* assert_stream_holds_picture, then an empty stream for the refusals to leave empty. */
static FILE *holds_picture_then_fresh(FILE *f, size_t need)
{
    assert_stream_holds_picture(f, need);
    FILE *fresh = tmpfile();
    assert_non_null(fresh);
    return fresh;
}

static void stream_writes_the_same_bytes(void **state)
{
    (void)state;
    boxes b = overlapping_boxes();
    size_t need = draw(&b, NULL, picture, BIG);
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_true(satcd_draw_trace_svg_file(&b.trace, &b.box, b.xa, &b.box, b.xb, NULL, f));
    assert_stream_holds_picture(f, need);
    assert_false(satcd_draw_trace_svg_file(&b.trace, &b.box, b.xa, &b.box, b.xb, NULL, NULL));
}

static void one_group_per_axis_and_contact(void **state)
{
    (void)state;
    boxes b = overlapping_boxes();
    draw(&b, NULL, picture, BIG);
    /* Two boxes: 4 + 4 candidate axes, two contacts on B's left edge x = 0.75. */
    assert_int_equal(count_of(picture, "<g class=\"axis "), 8);
    assert_int_equal(count_of(picture, "<g class=\"contact\""), 2);
    assert_int_equal(count_of(picture, " chosen\""), 1);
    /* A's +x face: gap 0.75 - 1 = -0.25, the chosen (least penetration) axis. */
    assert_non_null(strstr(picture, "<g class=\"axis overlapping chosen\" data-shape=\"A\""));
    assert_true(chosen_axis_has(picture, "data-separation=\"-0.25\""));
    assert_int_equal(count_of(picture, "data-depth=\"0.25\""), 3); /* MTV and both contacts */
    assert_int_equal(count_of(picture, "<g class=\"axis separating"), 0);
    /* A's and B's y faces: gap -(1 + 1) = -2 on all four. */
    assert_int_equal(count_of(picture, "data-separation=\"-2\""), 4);

    /* Moved apart by 2.5: the gap 0.5 shows on A's +x axis and B's -x axis, and no contacts. */
    b.xb = satcd_xf_make(satcd_v2(2.5f, 0.0f), 0.0f);
    assert_int_equal(satcd_trace_polygons(&b.box, b.xa, &b.box, b.xb, &b.trace), SATCD_OK);
    draw(&b, NULL, picture, BIG);
    assert_int_equal(count_of(picture, "<g class=\"axis separating"), 2);
    assert_int_equal(count_of(picture, "data-separation=\"0.5\""), 2);
    assert_non_null(strstr(picture, "<g class=\"axis separating chosen\" data-shape=\"A\""));
    assert_true(chosen_axis_has(picture, "data-separation=\"0.5\""));
    assert_int_equal(count_of(picture, "<g class=\"contact\""), 0);
    assert_null(strstr(picture, "class=\"mtv\""));
}

/* Smallest and largest picture y of the polygon drawn for `shape`. */
static void polygon_y_range(const char *svg, const char *shape, double *lo, double *hi)
{
    char key[64];
    snprintf(key, sizeof key, "data-shape=\"%s\">\n<polygon points=\"", shape);
    const char *p = strstr(svg, key);
    assert_non_null(p);
    p += strlen(key);
    *lo = 1e300, *hi = -1e300;
    while (*p != '"') {
        char *end;
        strtod(p, &end);
        assert_int_equal(*end, ',');
        double y = strtod(end + 1, &end);
        *lo = y < *lo ? y : *lo;
        *hi = y > *hi ? y : *hi;
        p = end;
        while (*p == ' ') ++p;
    }
}

static void world_up_is_picture_up(void **state)
{
    (void)state;
    boxes b = overlapping_boxes();
    b.xb = satcd_xf_make(satcd_v2(0.0f, 3.0f), 0.0f); /* B above A in the world */
    assert_int_equal(satcd_trace_polygons(&b.box, b.xa, &b.box, b.xb, &b.trace), SATCD_OK);
    draw(&b, NULL, picture, BIG);
    double a_lo, a_hi, b_lo, b_hi;
    polygon_y_range(picture, "A", &a_lo, &a_hi);
    polygon_y_range(picture, "B", &b_lo, &b_hi);
    assert_true(b_hi < a_lo); /* picture y grows downward */
    /* Equal boxes are drawn equally tall: one scale for both axes. */
    assert_true(a_hi - a_lo > 10.0);
    assert_true((a_hi - a_lo) - (b_hi - b_lo) < 0.02 && (b_hi - b_lo) - (a_hi - a_lo) < 0.02);
}

static void title_is_escaped_and_style_obeyed(void **state)
{
    (void)state;
    boxes b = overlapping_boxes();
    satcd_draw_style st = satcd_draw_style_default();
    st.title = "a<b & \"c\"";
    st.axes = false;
    st.legend = false;
    draw(&b, &st, picture, BIG);
    assert_non_null(strstr(picture, ">a&lt;b &amp; &quot;c&quot;</text>"));
    assert_int_equal(count_of(picture, "<g class=\"axis "), 0);
    assert_null(strstr(picture, "class=\"legend\""));
    st.width = 400.0f;
    draw(&b, &st, picture, BIG);
    assert_non_null(strstr(picture, "width=\"400\""));
}

static void invalid_input_draws_nothing(void **state)
{
    (void)state;
    boxes b = overlapping_boxes();
    satcd_polygon empty = satcd_polygon_box(0.0f, 1.0f);
    strcpy(picture, "unchanged");
    assert_int_equal(satcd_draw_trace_svg(NULL, &b.box, b.xa, &b.box, b.xb, NULL, picture, BIG), 0);
    assert_int_equal(picture[0], '\0');
    assert_int_equal(satcd_draw_trace_svg(&b.trace, &empty, b.xa, &b.box, b.xb, NULL, picture, BIG), 0);
    assert_int_equal(satcd_draw_trace_svg(&b.trace, &b.box, b.xa, NULL, b.xb, NULL, picture, BIG), 0);
    satcd_polygon triangle;
    satcd_vec2 pts[3] = {{0.0f, 0.0f}, {1.0f, 0.0f}, {0.0f, 1.0f}};
    assert_int_equal(satcd_polygon_make(&triangle, pts, 3), SATCD_OK);
    /* A trace of two boxes (8 axes) drawn with a triangle: refused, not misdrawn. */
    assert_int_equal(satcd_draw_trace_svg(&b.trace, &triangle, b.xa, &b.box, b.xb, NULL, picture, BIG), 0);
    assert_false(satcd_draw_trace_svg_file(&b.trace, &triangle, b.xa, &b.box, b.xb, NULL, stdout));
    satcd_circle bad = {{0.0f, 0.0f}, -1.0f};
    assert_int_equal(satcd_draw_polygon_circle_svg(&b.box, b.xa, &bad, b.xb, NULL, picture, BIG), 0);
    assert_false(satcd_draw_polygon_circle_svg_file(&b.box, b.xa, &bad, b.xb, NULL, stdout));
}

static void polygon_circle_picture(void **state)
{
    (void)state;
    /* Box [-1, 1]^2 and a unit disc at (1.5, 0): overlap 0.5 along +x. */
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    satcd_circle disc;
    assert_int_equal(satcd_circle_make(&disc, satcd_v2(0.0f, 0.0f), 1.0f), SATCD_OK);
    satcd_xf xa = satcd_xf_identity(), xb = satcd_xf_make(satcd_v2(1.5f, 0.0f), 0.0f);
    size_t need = satcd_draw_polygon_circle_svg(&box, xa, &disc, xb, NULL, picture, BIG);
    assert_true(need > 0 && need < BIG);
    /* The box's 4 edge normals and the axis from its nearest vertex to the centre. */
    assert_int_equal(count_of(picture, "<g class=\"axis "), 5);
    assert_int_equal(count_of(picture, "data-vertex=\"true\""), 1);
    assert_int_equal(count_of(picture, "<g class=\"contact\""), 1);
    assert_non_null(strstr(picture, "class=\"axis overlapping chosen\" data-shape=\"A\""));
    assert_true(chosen_axis_has(picture, "data-vertex=\"false\" data-separation=\"-0.5\""));
    assert_non_null(strstr(picture, "<g class=\"mtv\" data-depth=\"0.5\">"));
    /* The disc: radius 1 at the same scale as the box's side 2. */
    assert_non_null(strstr(picture, "<circle cx="));
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_true(satcd_draw_polygon_circle_svg_file(&box, xa, &disc, xb, NULL, f));
    assert_int_equal((size_t)ftell(f), need);
    fclose(f);
}

static void sweep_picture(void **state)
{
    (void)state;
    /* 2x2 boxes, B 4 to the right moving at -4 per unit t: the gap of 2 closes at t = 0.5. */
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    satcd_xf xa = satcd_xf_identity(), xb = satcd_xf_make(satcd_v2(4.0f, 0.0f), 0.0f);
    satcd_vec2 still = satcd_v2(0.0f, 0.0f), fast = satcd_v2(-4.0f, 0.0f);
    size_t need = satcd_draw_sweep_svg(&box, xa, still, &box, xb, fast, NULL, picture, BIG);
    assert_true(need > 0 && need < BIG);
    assert_non_null(strstr(picture, "<g class=\"toi\" data-hit=\"true\" data-t=\"0.5\">"));
    /* Drawn at the time of impact: touching, so the chosen axis shows a gap of 0 and no MTV. */
    assert_int_equal(count_of(picture, "<g class=\"axis "), 8);
    assert_true(chosen_axis_has(picture, "data-separation=\"0\""));
    assert_null(strstr(picture, "class=\"mtv\""));
    assert_int_equal(count_of(picture, "<g class=\"contact\""), 2);
    /* Moving away: no impact. */
    satcd_draw_sweep_svg(&box, xa, still, &box, xb, satcd_v2(0.0f, 4.0f), NULL, picture, BIG);
    assert_non_null(strstr(picture, "<g class=\"toi\" data-hit=\"false\""));
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_true(satcd_draw_sweep_svg_file(&box, xa, still, &box, xb, fast, NULL, f));
    assert_int_equal((size_t)ftell(f), need);
    fclose(f);
    assert_int_equal(satcd_draw_sweep_svg(NULL, xa, still, &box, xb, fast, NULL, picture, BIG), 0);
}

static void polygon_capsule_picture(void **state)
{
    (void)state;
    /* Box [-1, 1]^2 and a capsule of radius 0.5 around y = 1.25 from x = -0.5 to 0.5: it sinks 0.25 into the top face. */
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    satcd_capsule pill;
    assert_int_equal(satcd_capsule_make(&pill, satcd_v2(-0.5f, 0.0f), satcd_v2(0.5f, 0.0f), 0.5f), SATCD_OK);
    satcd_xf xa = satcd_xf_identity(), xb = satcd_xf_make(satcd_v2(0.0f, 1.25f), 0.0f);
    size_t need = satcd_draw_polygon_capsule_svg(&box, xa, &pill, xb, NULL, picture, BIG);
    assert_true(need > 0 && need < BIG);
    /* 4 edge normals, the segment's 2 faces, one axis from a box vertex to each end. */
    assert_int_equal(count_of(picture, "<g class=\"axis "), 8);
    assert_int_equal(count_of(picture, "data-vertex=\"true\""), 2);
    assert_int_equal(count_of(picture, "data-shape=\"B\" data-edge="), 2);
    assert_true(chosen_axis_has(picture, "data-separation=\"-0.25\""));
    assert_non_null(strstr(picture, "<g class=\"mtv\" data-depth=\"0.25\">"));
    assert_int_equal(count_of(picture, "<g class=\"contact\" data-index=\"0\" data-depth=\"0.25\""), 1);
    assert_int_equal(count_of(picture, "<g class=\"contact\" data-index=\"1\" data-depth=\"0.25\""), 1);
    assert_non_null(strstr(picture, "data-kind=\"capsule\" data-radius=\"0.5\""));
    assert_null(strstr(picture, "class=\"distance\""));
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_true(satcd_draw_polygon_capsule_svg_file(&box, xa, &pill, xb, NULL, f));
    assert_stream_holds_picture(f, need);
    /* A NULL buffer with cap 0 only measures; a short buffer holds the start of the document, NUL-terminated. */
    assert_int_equal(satcd_draw_polygon_capsule_svg(&box, xa, &pill, xb, NULL, NULL, 0), need);
    assert_int_equal(satcd_draw_polygon_capsule_svg(&box, xa, &pill, xb, NULL, other, 64), need);
    assert_int_equal(strlen(other), 63);
    assert_memory_equal(other, picture, 63);
    /* Lifted to y = 2.5: apart by 1, with the closest points drawn. */
    xb = satcd_xf_make(satcd_v2(0.0f, 2.5f), 0.0f);
    satcd_draw_polygon_capsule_svg(&box, xa, &pill, xb, NULL, picture, BIG);
    assert_non_null(strstr(picture, "<g class=\"distance\" data-distance=\"1\">"));
    assert_int_equal(count_of(picture, "<g class=\"contact\""), 0);
    /* Bad input draws nothing. */
    satcd_capsule bad = {{0.0f, 0.0f}, {1.0f, 0.0f}, -1.0f};
    assert_int_equal(satcd_draw_polygon_capsule_svg(&box, xa, &bad, xb, NULL, picture, BIG), 0);
    assert_int_equal(picture[0], '\0'); /* the picture drawn before is gone: an empty document */
    assert_int_equal(satcd_draw_polygon_capsule_svg(NULL, xa, &pill, xb, NULL, picture, BIG), 0);
    assert_int_equal(satcd_draw_polygon_capsule_svg(&box, xa, NULL, xb, NULL, picture, BIG), 0);
    xb.p.x = NAN;
    assert_int_equal(satcd_draw_polygon_capsule_svg(&box, xa, &pill, xb, NULL, picture, BIG), 0);
    assert_false(satcd_draw_polygon_capsule_svg_file(&box, xa, &pill, xa, NULL, NULL));
}

static void capsule_sweep_picture(void **state)
{
    (void)state;
    /* The box and a segment from (3, -0.5) to (3, 0.5) moving at -4 per unit t: the gap of 2 closes at t = 0.5. */
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    satcd_capsule seg;
    assert_int_equal(satcd_capsule_make(&seg, satcd_v2(3.0f, -0.5f), satcd_v2(3.0f, 0.5f), 0.0f), SATCD_OK);
    satcd_xf xa = satcd_xf_identity();
    satcd_vec2 still = satcd_v2(0.0f, 0.0f), fast = satcd_v2(-4.0f, 0.0f);
    size_t need = satcd_draw_sweep_polygon_capsule_svg(&box, xa, still, &seg, xa, fast, NULL, picture, BIG);
    assert_true(need > 0 && need < BIG);
    assert_non_null(strstr(picture, "<g class=\"toi\" data-hit=\"true\" data-t=\"0.5\">"));
    assert_null(strstr(picture, "class=\"mtv\""));
    /* The box's and the segment's start (fine dashes) and end (coarse dashes) positions. */
    assert_int_equal(count_of(picture, "stroke-dasharray=\"2 3\""), 2);
    assert_int_equal(count_of(picture, "stroke-dasharray=\"7 4\""), 3); /* and the legend's swatch */
    assert_non_null(strstr(picture, "stroke=\"#ff7f0e\" stroke-width=\"1.3\" stroke-opacity=\"0.6\" stroke-dasharray=\"2 3\""));
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_true(satcd_draw_sweep_polygon_capsule_svg_file(&box, xa, still, &seg, xa, fast, NULL, f));
    assert_stream_holds_picture(f, need);
    satcd_draw_sweep_polygon_capsule_svg(&box, xa, still, &seg, xa, satcd_v2(4.0f, 0.0f), NULL, picture, BIG);
    assert_non_null(strstr(picture, "<g class=\"toi\" data-hit=\"false\""));
    fast.y = INFINITY;
    assert_int_equal(satcd_draw_sweep_polygon_capsule_svg(&box, xa, still, &seg, xa, fast, NULL, picture, BIG), 0);
}

/*
 * Capsule A (radius 0.5 around x in [-1, 1] on y = 0, so reaching x = 1.5)
 * moving at +3 per unit t toward the box [3, 4] x [-0.5, 0.5]: the gap of
 * 1.5 closes at t = 0.5, the capsule's end touching the box at (3, 0).
 */
static void shapes_sweep_picture(void **state)
{
    (void)state;
    satcd_capsule pill;
    assert_int_equal(satcd_capsule_make(&pill, satcd_v2(-1.0f, 0.0f), satcd_v2(1.0f, 0.0f), 0.5f), SATCD_OK);
    satcd_polygon box = satcd_polygon_box(0.5f, 0.5f);
    satcd_shape a = satcd_shape_of_capsule(pill), b = satcd_shape_of_polygon(&box);
    satcd_xf xa = satcd_xf_identity(), xb = satcd_xf_make(satcd_v2(3.5f, 0.0f), 0.0f);
    satcd_vec2 toward = satcd_v2(3.0f, 0.0f), still = satcd_v2(0.0f, 0.0f);
    size_t need = satcd_draw_sweep_shapes_svg(&a, xa, toward, &b, xb, still, NULL, picture, BIG);
    assert_true(need > 0 && need < BIG);
    assert_non_null(strstr(picture, "<g class=\"toi\" data-hit=\"true\" data-t=\"0.5\">"));
    assert_non_null(strstr(picture, "first contact at t = 0.5, normal (1, 0)"));
    assert_non_null(strstr(picture, "<g class=\"shape\" data-shape=\"A\" data-kind=\"capsule\" data-radius=\"0.5\">"));
    assert_int_equal(count_of(picture, "<g class=\"axis "), 0);
    assert_null(strstr(picture, "class=\"mtv\""));
    /* Both shapes' start (fine dashes) and end (coarse dashes) outlines, A's drawn as a capsule outline. */
    assert_int_equal(count_of(picture, "stroke-dasharray=\"2 3\""), 2);
    assert_int_equal(count_of(picture, "stroke-dasharray=\"7 4\""), 3); /* and the legend's swatch */
    assert_non_null(strstr(picture, "Z\" fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1.3\" stroke-opacity=\"0.6\" stroke-dasharray=\"2 3\""));
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_true(satcd_draw_sweep_shapes_svg_file(&a, xa, toward, &b, xb, still, NULL, f));
    f = holds_picture_then_fresh(f, need);
    /* A circle of radius 1 at the origin, the box coming at -4 per unit t: its gap of 2 closes at t = 0.5. */
    satcd_circle disc;
    assert_int_equal(satcd_circle_make(&disc, satcd_v2(0.0f, 0.0f), 1.0f), SATCD_OK);
    satcd_shape round = satcd_shape_of_circle(disc);
    satcd_draw_sweep_shapes_svg(&round, xa, still, &b, xb, satcd_v2(-4.0f, 0.0f), NULL, picture, BIG);
    assert_non_null(strstr(picture, "<g class=\"toi\" data-hit=\"true\" data-t=\"0.5\">"));
    /* Moving away: no contact, drawn at the start without start ghosts. */
    satcd_draw_sweep_shapes_svg(&a, xa, satcd_v2(-3.0f, 0.0f), &b, xb, still, NULL, picture, BIG);
    assert_non_null(strstr(picture, "<g class=\"toi\" data-hit=\"false\""));
    assert_int_equal(count_of(picture, "stroke-dasharray=\"2 3\""), 0);
    /* Bad input draws nothing. */
    satcd_shape bad = satcd_shape_of_capsule((satcd_capsule){{0.0f, 0.0f}, {1.0f, 0.0f}, -1.0f});
    assert_int_equal(satcd_draw_sweep_shapes_svg(&bad, xa, toward, &b, xb, still, NULL, picture, BIG), 0);
    assert_int_equal(picture[0], '\0');
    assert_int_equal(satcd_draw_sweep_shapes_svg(NULL, xa, toward, &b, xb, still, NULL, picture, BIG), 0);
    assert_int_equal(satcd_draw_sweep_shapes_svg(&a, xa, toward, NULL, xb, still, NULL, picture, BIG), 0);
    toward.x = INFINITY;
    assert_int_equal(satcd_draw_sweep_shapes_svg(&a, xa, toward, &b, xb, still, NULL, picture, BIG), 0);
    assert_false(satcd_draw_sweep_shapes_svg_file(&a, xa, toward, &b, xb, still, NULL, f));
    assert_int_equal(ftell(f), 0);
    toward.x = 3.0f, xb.p.x = NAN;
    assert_int_equal(satcd_draw_sweep_shapes_svg(&a, xa, toward, &b, xb, still, NULL, picture, BIG), 0);
    assert_false(satcd_draw_sweep_shapes_svg_file(&a, xa, toward, &b, satcd_xf_identity(), still, NULL, NULL));
    fclose(f);
}

static void decimals_ignore_the_locale(void **state)
{
    (void)state;
    static const char *comma_locales[] = {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "fr_FR.utf8", "ru_RU.UTF-8"};
    const char *found = NULL;
    for (size_t i = 0; i < sizeof comma_locales / sizeof comma_locales[0] && found == NULL; ++i) {
        if (setlocale(LC_NUMERIC, comma_locales[i]) != NULL) found = comma_locales[i];
    }
    setlocale(LC_NUMERIC, "C");
    if (found == NULL) skip(); /* no locale with a decimal comma is installed */
    boxes b = overlapping_boxes();
    size_t n = draw(&b, NULL, picture, BIG);
    setlocale(LC_NUMERIC, found);
    size_t m = draw(&b, NULL, other, BIG);
    setlocale(LC_NUMERIC, "C");
    assert_int_equal(n, m);
    assert_memory_equal(picture, other, n);
}

/*
 * An L of three unit squares split by hand into a 2 x 1 box and a unit
 * square: one group per piece with its vertex count, the outline once,
 * y up (the top of the L is nearer the top of the picture), the stream
 * writing the buffer's bytes, and refusals for bad input.
 */
static void pieces_picture(void **state)
{
    (void)state;
    satcd_vec2 l[] = {{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
    satcd_vec2 low[] = {{0, 0}, {2, 0}, {2, 1}, {0, 1}}, high[] = {{0, 1}, {1, 1}, {1, 2}, {0, 2}};
    satcd_polygon pieces[2];
    assert_int_equal(satcd_polygon_make(&pieces[0], low, 4), SATCD_OK);
    assert_int_equal(satcd_polygon_make(&pieces[1], high, 4), SATCD_OK);
    size_t need = satcd_draw_pieces_svg(l, 6, pieces, 2, NULL, NULL, 0);
    assert_true(need > 200 && need < BIG);
    assert_int_equal(satcd_draw_pieces_svg(l, 6, pieces, 2, NULL, picture, BIG), need);
    assert_int_equal(count_of(picture, "<g class=\"piece\" data-index="), 2);
    assert_int_equal(count_of(picture, "data-vertices=\"4\""), 2);
    assert_int_equal(count_of(picture, "<polygon class=\"outline\""), 1);
    assert_non_null(strstr(picture, "2 convex pieces of an outline of 6 points"));
    /* Piece 1 lies above piece 0: its label is drawn higher up (smaller picture y). */
    const char *label0 = strstr(picture, "data-index=\"0\""), *label1 = strstr(picture, "data-index=\"1\"");
    double y0 = atof(strstr(strstr(label0, "<text"), " y=\"") + 4), y1 = atof(strstr(strstr(label1, "<text"), " y=\"") + 4);
    assert_true(y1 < y0);

    FILE *f = tmpfile();
    assert_non_null(f);
    assert_true(satcd_draw_pieces_svg_file(l, 6, pieces, 2, NULL, f));
    assert_stream_holds_picture(f, need);

    satcd_polygon empty;
    memset(&empty, 0, sizeof empty);
    satcd_vec2 nan_point[] = {{0, 0}, {NAN, 0}, {0, 1}};
    assert_int_equal(satcd_draw_pieces_svg(NULL, 6, pieces, 2, NULL, picture, BIG), 0);
    assert_int_equal(satcd_draw_pieces_svg(l, 6, NULL, 2, NULL, picture, BIG), 0);
    assert_int_equal(satcd_draw_pieces_svg(l, 6, pieces, 0, NULL, picture, BIG), 0);
    assert_int_equal(satcd_draw_pieces_svg(l, 6, &empty, 1, NULL, picture, BIG), 0);
    assert_int_equal(satcd_draw_pieces_svg(nan_point, 3, pieces, 2, NULL, picture, BIG), 0);
    assert_int_equal(picture[0], '\0');
    assert_false(satcd_draw_pieces_svg_file(l, 6, pieces, 2, NULL, NULL));
}

/* Capsule A on box B: the shapes of any kinds drawn, the MTV and contacts from A to B, no axes. */
static void shapes_picture(void **state)
{
    (void)state;
    /* Capsule of radius 0.5 around y = 0 from x = -1 to 1; box [-0.5, 0.5] x [0.3, 1.3] sits 0.2 into its top. */
    satcd_capsule pill;
    assert_int_equal(satcd_capsule_make(&pill, satcd_v2(-1.0f, 0.0f), satcd_v2(1.0f, 0.0f), 0.5f), SATCD_OK);
    satcd_polygon box = satcd_polygon_box(0.5f, 0.5f);
    satcd_shape a = satcd_shape_of_capsule(pill), b = satcd_shape_of_polygon(&box);
    satcd_xf xa = satcd_xf_identity(), xb = satcd_xf_make(satcd_v2(0.0f, 0.8f), 0.0f);
    size_t need = satcd_draw_shapes_svg(&a, xa, &b, xb, NULL, picture, BIG);
    assert_true(need > 0 && need < BIG);
    assert_int_equal(count_of(picture, "<g class=\"axis "), 0);
    assert_non_null(strstr(picture, "<g class=\"shape\" data-shape=\"A\" data-kind=\"capsule\" data-radius=\"0.5\">"));
    assert_non_null(strstr(picture, "<g class=\"mtv\" data-depth=\"0.2\">"));
    assert_int_equal(count_of(picture, "<g class=\"contact\""), 2);
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_true(satcd_draw_shapes_svg_file(&a, xa, &b, xb, NULL, f));
    f = holds_picture_then_fresh(f, need);
    /* Box B lifted to y = 2: apart by 1, the closest points drawn. */
    xb = satcd_xf_make(satcd_v2(0.0f, 2.0f), 0.0f);
    satcd_draw_shapes_svg(&a, xa, &b, xb, NULL, picture, BIG);
    assert_non_null(strstr(picture, "<g class=\"distance\" data-distance=\"1\">"));
    /* Bad input draws nothing. */
    satcd_shape bad = satcd_shape_of_capsule((satcd_capsule){{0.0f, 0.0f}, {1.0f, 0.0f}, -1.0f});
    assert_int_equal(satcd_draw_shapes_svg(&bad, xa, &b, xb, NULL, picture, BIG), 0);
    assert_int_equal(picture[0], '\0');
    assert_int_equal(satcd_draw_shapes_svg(NULL, xa, &b, xb, NULL, picture, BIG), 0);
    assert_int_equal(satcd_draw_shapes_svg(&a, xa, NULL, xb, NULL, picture, BIG), 0);
    xb.p.y = NAN;
    assert_int_equal(satcd_draw_shapes_svg(&a, xa, &b, xb, NULL, picture, BIG), 0);
    assert_false(satcd_draw_shapes_svg_file(&a, xa, &b, xb, NULL, f));
    assert_int_equal(ftell(f), 0);
    assert_false(satcd_draw_shapes_svg_file(&a, xa, &b, satcd_xf_identity(), NULL, NULL));
    fclose(f);
}

/* A box against an L of two boxes as a compound: each piece drawn, the push out of the inner corner diagonal. */
static void shape_compound_picture(void **state)
{
    (void)state;
    /* The L: x in [-2, 2], y in [-0.5, 0.5] and x in [-2, -1], y in [-0.5, 3.5]. */
    satcd_polygon arm = satcd_polygon_box(2.0f, 0.5f), upright = satcd_polygon_box(0.5f, 2.0f);
    satcd_shape pieces[2] = {satcd_shape_of_polygon(&arm), satcd_shape_of_polygon(&upright)};
    satcd_xf locals[2] = {satcd_xf_identity(), satcd_xf_make(satcd_v2(-1.5f, 1.5f), 0.0f)};
    satcd_compound l = {pieces, locals, 2};
    /* Box A [-1.2, -0.2] x [0.3, 1.3]: 0.2 into the arm's top and the upright's right side. */
    satcd_polygon unit = satcd_polygon_box(0.5f, 0.5f);
    satcd_shape a = satcd_shape_of_polygon(&unit);
    satcd_xf xa = satcd_xf_make(satcd_v2(-0.7f, 0.8f), 0.0f), xb = satcd_xf_identity();
    size_t need = satcd_draw_shape_compound_svg(&a, xa, &l, xb, NULL, picture, BIG);
    assert_true(need > 0 && need < BIG);
    assert_non_null(strstr(picture, "data-shape=\"B0\""));
    assert_non_null(strstr(picture, "data-shape=\"B1\""));
    assert_int_equal(count_of(picture, "<g class=\"axis "), 0);
    /* B goes down and left by 0.2 each way: 0.2 sqrt(2). */
    assert_non_null(strstr(picture, "<g class=\"mtv\" data-depth=\"0.2828\">"));
    assert_int_equal(count_of(picture, "<g class=\"contact\""), 4);
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_true(satcd_draw_shape_compound_svg_file(&a, xa, &l, xb, NULL, f));
    f = holds_picture_then_fresh(f, need);
    /* An invalid piece is not drawn; nor are too many pieces, an invalid compound or a NaN placement. */
    pieces[1] = satcd_shape_of_capsule((satcd_capsule){{0.0f, 0.0f}, {1.0f, 0.0f}, -1.0f});
    assert_int_equal(satcd_draw_shape_compound_svg(&a, xa, &l, xb, NULL, picture, BIG), 0);
    assert_int_equal(picture[0], '\0');
    pieces[1] = satcd_shape_of_polygon(&upright);
    locals[1].p.x = NAN;
    assert_int_equal(satcd_draw_shape_compound_svg(&a, xa, &l, xb, NULL, picture, BIG), 0);
    assert_int_equal(picture[0], '\0');
    locals[1] = satcd_xf_make(satcd_v2(-1.5f, 1.5f), 0.0f);
    static satcd_shape many[SATCD_DRAW_MAX_PIECES + 1];
    static satcd_xf many_locals[SATCD_DRAW_MAX_PIECES + 1];
    for (int k = 0; k <= SATCD_DRAW_MAX_PIECES; ++k) many[k] = pieces[0], many_locals[k] = satcd_xf_identity();
    satcd_compound crowd = {many, many_locals, SATCD_DRAW_MAX_PIECES + 1};
    assert_int_equal(satcd_draw_shape_compound_svg(&a, xa, &crowd, xb, NULL, picture, BIG), 0);
    crowd.count = SATCD_DRAW_MAX_PIECES;
    assert_true(satcd_draw_shape_compound_svg(&a, xa, &crowd, xb, NULL, picture, BIG) > 0);
    satcd_compound empty = {pieces, locals, 0};
    assert_int_equal(satcd_draw_shape_compound_svg(&a, xa, &empty, xb, NULL, picture, BIG), 0);
    assert_int_equal(satcd_draw_shape_compound_svg(&a, xa, NULL, xb, NULL, picture, BIG), 0);
    assert_int_equal(satcd_draw_shape_compound_svg(NULL, xa, &l, xb, NULL, picture, BIG), 0);
    xb.q.c = NAN;
    assert_int_equal(satcd_draw_shape_compound_svg(&a, xa, &l, xb, NULL, picture, BIG), 0);
    assert_false(satcd_draw_shape_compound_svg_file(&a, xa, &l, xb, NULL, f));
    assert_int_equal(ftell(f), 0);
    assert_false(satcd_draw_shape_compound_svg_file(&a, xa, &l, satcd_xf_identity(), NULL, NULL));
    fclose(f);
}

/* The opening tag of shape group `name`, or NULL when the picture has none. */
static const char *shape_group(const char *svg, const char *name)
{
    char key[48];
    snprintf(key, sizeof key, "<g class=\"shape\" data-shape=\"%s\"", name);
    const char *hit = strstr(svg, key);
    return hit != NULL && (hit[strlen(key)] == '>' || hit[strlen(key)] == ' ') ? hit : NULL;
}

/*
 * A star of 100 spikes (200 corners, the 100 inner ones reflex) as a
 * compound of its convex pieces: no split of an outline with r reflex
 * corners has fewer than r / 2 + 1 pieces, so it has at least 51, more
 * than the 32 an older picture held. Every piece is drawn.
 */
static void many_pieces_compound_picture(void **state)
{
    (void)state;
    enum { SPIKES = 100, CORNERS = 2 * SPIKES };
    satcd_vec2 star[CORNERS];
    for (int i = 0; i < CORNERS; ++i) {
        double angle = 3.14159265358979 * i / SPIKES, radius = i % 2 == 0 ? 10.0 : 7.0;
        star[i] = satcd_v2((float)(radius * cos(angle)), (float)(radius * sin(angle)));
    }
    static satcd_polygon polygons[CORNERS];
    static satcd_shape pieces[CORNERS];
    int count = 0;
    assert_int_equal(satcd_decompose(star, CORNERS, polygons, CORNERS, &count), SATCD_OK);
    assert_true(count >= SPIKES / 2 + 1 && count <= SATCD_DRAW_MAX_PIECES);
    for (int k = 0; k < count; ++k) pieces[k] = satcd_shape_of_polygon(&polygons[k]);
    satcd_compound body = {pieces, NULL, count};
    satcd_polygon unit = satcd_polygon_box(0.5f, 0.5f);
    satcd_shape a = satcd_shape_of_polygon(&unit);
    satcd_xf xa = satcd_xf_identity(), xb = satcd_xf_identity();
    size_t need = satcd_draw_shape_compound_svg(&a, xa, &body, xb, NULL, NULL, 0);
    assert_true(need > 0);
    char *svg = malloc(need + 1);
    assert_non_null(svg);
    assert_int_equal(satcd_draw_shape_compound_svg(&a, xa, &body, xb, NULL, svg, need + 1), need);
    assert_int_equal(strlen(svg), need);
    /* One group per piece, B0 to B(count - 1), each with its own outline of the piece's vertex count. */
    assert_int_equal(count_of(svg, "<g class=\"shape\" data-shape=\"B"), count);
    for (int k = 0; k < count; ++k) {
        char name[16];
        snprintf(name, sizeof name, "B%d", k);
        const char *group = shape_group(svg, name);
        assert_non_null(group);
        const char *points = strstr(group, "<polygon points=\"") + strlen("<polygon points=\"");
        int commas = 0;
        for (const char *p = points; *p != '"'; ++p) commas += *p == ',';
        assert_int_equal(commas, polygons[k].count);
    }
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_true(satcd_draw_shape_compound_svg_file(&a, xa, &body, xb, NULL, f));
    assert_int_equal((size_t)ftell(f), need);
    rewind(f);
    char *streamed = malloc(need);
    assert_non_null(streamed);
    assert_int_equal(fread(streamed, 1, need, f), need);
    assert_memory_equal(streamed, svg, need);
    free(streamed);
    free(svg);
    fclose(f);
}

/*
 * A compound of a box, a circle and a capsule, each drawn in its own
 * shape. The circle (radius 1 at the body's origin) reaches y = 1; box A
 * [-0.5, 0.5] x [0.8, 1.8] sits 0.2 into its top and clears the others
 * (the box piece x in [-5, -3], the capsule of radius 0.5 around
 * x in [3, 5] on y = 0), so B goes down by 0.2 with one contact.
 */
static void mixed_kinds_compound_picture(void **state)
{
    (void)state;
    satcd_polygon block = satcd_polygon_box(1.0f, 1.0f);
    satcd_circle disc;
    satcd_capsule pill;
    assert_int_equal(satcd_circle_make(&disc, satcd_v2(0.0f, 0.0f), 1.0f), SATCD_OK);
    assert_int_equal(satcd_capsule_make(&pill, satcd_v2(-1.0f, 0.0f), satcd_v2(1.0f, 0.0f), 0.5f), SATCD_OK);
    satcd_shape pieces[3] = {satcd_shape_of_polygon(&block), satcd_shape_of_circle(disc), satcd_shape_of_capsule(pill)};
    satcd_xf locals[3] = {satcd_xf_make(satcd_v2(-4.0f, 0.0f), 0.0f), satcd_xf_identity(),
                          satcd_xf_make(satcd_v2(4.0f, 0.0f), 0.0f)};
    satcd_compound body = {pieces, locals, 3};
    satcd_polygon unit = satcd_polygon_box(0.5f, 0.5f);
    satcd_shape a = satcd_shape_of_polygon(&unit);
    satcd_xf xa = satcd_xf_make(satcd_v2(0.0f, 1.3f), 0.0f), xb = satcd_xf_identity();
    size_t need = satcd_draw_shape_compound_svg(&a, xa, &body, xb, NULL, picture, BIG);
    assert_true(need > 0 && need < BIG);
    assert_non_null(shape_group(picture, "B0"));
    assert_non_null(strstr(picture, "<g class=\"shape\" data-shape=\"B1\" data-kind=\"circle\" data-radius=\"1\">"));
    assert_non_null(strstr(picture, "<g class=\"shape\" data-shape=\"B2\" data-kind=\"capsule\" data-radius=\"0.5\">"));
    assert_int_equal(count_of(picture, "<g class=\"shape\" data-shape=\"B"), 3);
    assert_non_null(strstr(picture, "<g class=\"mtv\" data-depth=\"0.2\">"));
    assert_int_equal(count_of(picture, "<g class=\"contact\""), 1);
    /* A lifted to y = 3.3 clears the circle by 1.8: the distance is drawn, no contact. */
    xa = satcd_xf_make(satcd_v2(0.0f, 3.3f), 0.0f);
    assert_true(satcd_draw_shape_compound_svg(&a, xa, &body, xb, NULL, picture, BIG) > 0);
    assert_non_null(strstr(picture, "<g class=\"distance\" data-distance=\"1.8\">"));
    assert_int_equal(count_of(picture, "<g class=\"contact\""), 0);
    /* Bad input draws nothing and writes nothing: no compound, no pieces, more than a compound holds. */
    memcpy(picture, "x", 2);
    assert_int_equal(satcd_draw_shape_compound_svg(&a, xa, NULL, xb, NULL, picture, BIG), 0);
    assert_int_equal(picture[0], '\0');
    satcd_compound none = {pieces, locals, 0}, too_many = {pieces, NULL, SATCD_DRAW_MAX_PIECES + 1};
    FILE *f = tmpfile();
    assert_non_null(f);
    for (int i = 0; i < 2; ++i) {
        const satcd_compound *bad = i == 0 ? &none : &too_many;
        memcpy(picture, "x", 2);
        assert_int_equal(satcd_draw_shape_compound_svg(&a, xa, bad, xb, NULL, picture, BIG), 0);
        assert_int_equal(picture[0], '\0');
        assert_false(satcd_draw_shape_compound_svg_file(&a, xa, bad, xb, NULL, f));
    }
    assert_false(satcd_draw_shape_compound_svg_file(&a, xa, NULL, xb, NULL, f));
    assert_int_equal(ftell(f), 0);
    fclose(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(buffer_follows_snprintf),
        cmocka_unit_test(stream_writes_the_same_bytes),
        cmocka_unit_test(one_group_per_axis_and_contact),
        cmocka_unit_test(world_up_is_picture_up),
        cmocka_unit_test(title_is_escaped_and_style_obeyed),
        cmocka_unit_test(invalid_input_draws_nothing),
        cmocka_unit_test(polygon_circle_picture),
        cmocka_unit_test(sweep_picture),
        cmocka_unit_test(polygon_capsule_picture),
        cmocka_unit_test(capsule_sweep_picture),
        cmocka_unit_test(shapes_sweep_picture),
        cmocka_unit_test(pieces_picture),
        cmocka_unit_test(shapes_picture),
        cmocka_unit_test(shape_compound_picture),
        cmocka_unit_test(many_pieces_compound_picture),
        cmocka_unit_test(mixed_kinds_compound_picture),
        cmocka_unit_test(decimals_ignore_the_locale),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
