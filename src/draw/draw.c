/*
 * The drawing functions of satcd/draw.h. A picture is built in two steps:
 * the inputs (a trace, a sweep, a polygon and a circle or a capsule) become a scene of
 * world-space items (scene.c), then one renderer lays the scene out
 * (view.c) and writes it (render.c) through a sink that is either the
 * caller's buffer or a FILE stream (format.c).
 */
#include <math.h>

#include <satcd/draw.h>

#include "render.h"
#include "scene.h"

satcd_draw_style satcd_draw_style_default(void)
{
    satcd_draw_style st;
    st.width = 720.0f;
    st.axes = true;
    st.normals = true;
    st.labels = true;
    st.legend = true;
    st.title = NULL;
    return st;
}

/* Valid shapes, and a trace with one axis per edge of them (catches a trace of another pair). */
static bool trace_args(const satcd_trace *t, const satcd_polygon *a, const satcd_polygon *b)
{
    return t != NULL && satcd_polygon_is_valid(a) && satcd_polygon_is_valid(b) &&
           t->axis_count == a->count + b->count;
}

/* An empty document in the caller's buffer, for input that draws nothing. */
static void clear_buffer(char *buf, size_t cap)
{
    if (buf != NULL && cap > 0) buf[0] = '\0';
}

/* The scene as a document in the caller's buffer, snprintf-style: its whole length. */
static size_t to_buffer(const scene *sc, const satcd_draw_style *style, char *buf, size_t cap)
{
    sink s = {buf, buf != NULL ? cap : 0, 0, NULL, false};
    satcd__render(&s, sc, style);
    if (s.buf != NULL && s.cap > 0) s.buf[s.len < s.cap ? s.len : s.cap - 1] = '\0';
    return s.len;
}

/* The scene as a document on a stream: false on a write error. */
static bool to_file(const scene *sc, const satcd_draw_style *style, FILE *file)
{
    sink s = {NULL, 0, 0, file, false};
    satcd__render(&s, sc, style);
    return !s.failed;
}

size_t satcd_draw_trace_svg(const satcd_trace *trace, const satcd_polygon *a, satcd_xf xa,
                            const satcd_polygon *b, satcd_xf xb, const satcd_draw_style *style, char *buf,
                            size_t cap)
{
    clear_buffer(buf, cap);
    if (!trace_args(trace, a, b)) return 0;
    scene sc;
    satcd__scene_from_trace(&sc, trace, a, xa, b, xb);
    return to_buffer(&sc, style, buf, cap);
}

bool satcd_draw_trace_svg_file(const satcd_trace *trace, const satcd_polygon *a, satcd_xf xa,
                               const satcd_polygon *b, satcd_xf xb, const satcd_draw_style *style, FILE *file)
{
    if (file == NULL || !trace_args(trace, a, b)) return false;
    scene sc;
    satcd__scene_from_trace(&sc, trace, a, xa, b, xb);
    return to_file(&sc, style, file);
}

size_t satcd_draw_polygon_circle_svg(const satcd_polygon *a, satcd_xf xa, const satcd_circle *b, satcd_xf xb,
                                     const satcd_draw_style *style, char *buf, size_t cap)
{
    clear_buffer(buf, cap);
    if (!satcd_polygon_is_valid(a) || !satcd_circle_is_valid(b)) return 0;
    scene sc;
    satcd__scene_from_polygon_circle(&sc, a, xa, b, xb);
    return to_buffer(&sc, style, buf, cap);
}

bool satcd_draw_polygon_circle_svg_file(const satcd_polygon *a, satcd_xf xa, const satcd_circle *b, satcd_xf xb,
                                        const satcd_draw_style *style, FILE *file)
{
    if (file == NULL || !satcd_polygon_is_valid(a) || !satcd_circle_is_valid(b)) return false;
    scene sc;
    satcd__scene_from_polygon_circle(&sc, a, xa, b, xb);
    return to_file(&sc, style, file);
}

size_t satcd_draw_sweep_svg(const satcd_polygon *a, satcd_xf xa, satcd_vec2 va, const satcd_polygon *b, satcd_xf xb,
                            satcd_vec2 vb, const satcd_draw_style *style, char *buf, size_t cap)
{
    clear_buffer(buf, cap);
    if (!satcd_polygon_is_valid(a) || !satcd_polygon_is_valid(b)) return 0;
    scene sc;
    satcd_trace t;
    if (!satcd__scene_from_sweep(&sc, &t, a, xa, va, b, xb, vb)) return 0;
    return to_buffer(&sc, style, buf, cap);
}

bool satcd_draw_sweep_svg_file(const satcd_polygon *a, satcd_xf xa, satcd_vec2 va, const satcd_polygon *b,
                               satcd_xf xb, satcd_vec2 vb, const satcd_draw_style *style, FILE *file)
{
    if (file == NULL || !satcd_polygon_is_valid(a) || !satcd_polygon_is_valid(b)) return false;
    scene sc;
    satcd_trace t;
    if (!satcd__scene_from_sweep(&sc, &t, a, xa, va, b, xb, vb)) return false;
    return to_file(&sc, style, file);
}

/* Valid shapes and finite transforms (and velocities): what a polygon-capsule picture needs. */
static bool capsule_args(const satcd_polygon *a, satcd_xf xa, const satcd_capsule *b, satcd_xf xb)
{
    return satcd_polygon_is_valid(a) && satcd_capsule_is_valid(b) && satcd_vec2_is_finite(xa.p) &&
           satcd_vec2_is_finite(xb.p) && isfinite(xa.q.c) && isfinite(xa.q.s) && isfinite(xb.q.c) && isfinite(xb.q.s);
}

static bool capsule_sweep_args(const satcd_polygon *a, satcd_xf xa, satcd_vec2 va, const satcd_capsule *b,
                               satcd_xf xb, satcd_vec2 vb)
{
    return capsule_args(a, xa, b, xb) && satcd_vec2_is_finite(va) && satcd_vec2_is_finite(vb);
}

size_t satcd_draw_polygon_capsule_svg(const satcd_polygon *a, satcd_xf xa, const satcd_capsule *b, satcd_xf xb,
                                      const satcd_draw_style *style, char *buf, size_t cap)
{
    clear_buffer(buf, cap);
    if (!capsule_args(a, xa, b, xb)) return 0;
    scene sc;
    satcd__scene_from_polygon_capsule(&sc, a, xa, b, xb);
    return to_buffer(&sc, style, buf, cap);
}

bool satcd_draw_polygon_capsule_svg_file(const satcd_polygon *a, satcd_xf xa, const satcd_capsule *b, satcd_xf xb,
                                         const satcd_draw_style *style, FILE *file)
{
    if (file == NULL || !capsule_args(a, xa, b, xb)) return false;
    scene sc;
    satcd__scene_from_polygon_capsule(&sc, a, xa, b, xb);
    return to_file(&sc, style, file);
}

size_t satcd_draw_sweep_polygon_capsule_svg(const satcd_polygon *a, satcd_xf xa, satcd_vec2 va,
                                            const satcd_capsule *b, satcd_xf xb, satcd_vec2 vb,
                                            const satcd_draw_style *style, char *buf, size_t cap)
{
    clear_buffer(buf, cap);
    if (!capsule_sweep_args(a, xa, va, b, xb, vb)) return 0;
    scene sc;
    satcd__scene_from_capsule_sweep(&sc, a, xa, va, b, xb, vb);
    return to_buffer(&sc, style, buf, cap);
}

bool satcd_draw_sweep_polygon_capsule_svg_file(const satcd_polygon *a, satcd_xf xa, satcd_vec2 va,
                                               const satcd_capsule *b, satcd_xf xb, satcd_vec2 vb,
                                               const satcd_draw_style *style, FILE *file)
{
    if (file == NULL || !capsule_sweep_args(a, xa, va, b, xb, vb)) return false;
    scene sc;
    satcd__scene_from_capsule_sweep(&sc, a, xa, va, b, xb, vb);
    return to_file(&sc, style, file);
}

static bool xf_is_finite(satcd_xf xf)
{
    return satcd_vec2_is_finite(xf.p) && isfinite(xf.q.c) && isfinite(xf.q.s);
}

/*
 * The scene of shape a against shape b, or against compound cb when b is
 * NULL; false when an input is invalid or a transform not finite.
 */
static bool any_kinds_scene(scene *sc, const satcd_shape *a, satcd_xf xa, const satcd_shape *b,
                            const satcd_compound *cb, satcd_xf xb)
{
    if (a == NULL || !satcd_shape_is_valid(a) || !xf_is_finite(xa) || !xf_is_finite(xb)) return false;
    if (b != NULL) {
        if (!satcd_shape_is_valid(b)) return false;
        satcd__scene_from_shapes(sc, a, xa, b, xb);
        return true;
    }
    return cb != NULL && satcd_compound_is_valid(cb) && satcd__scene_from_shape_compound(sc, a, xa, cb, xb);
}

size_t satcd_draw_shapes_svg(const satcd_shape *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb,
                             const satcd_draw_style *style, char *buf, size_t cap)
{
    scene sc;
    clear_buffer(buf, cap);
    return b != NULL && any_kinds_scene(&sc, a, xa, b, NULL, xb) ? to_buffer(&sc, style, buf, cap) : 0;
}

bool satcd_draw_shapes_svg_file(const satcd_shape *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb,
                                const satcd_draw_style *style, FILE *file)
{
    scene sc;
    return file != NULL && b != NULL && any_kinds_scene(&sc, a, xa, b, NULL, xb) && to_file(&sc, style, file);
}

size_t satcd_draw_shape_compound_svg(const satcd_shape *a, satcd_xf xa, const satcd_compound *b, satcd_xf xb,
                                     const satcd_draw_style *style, char *buf, size_t cap)
{
    scene sc;
    clear_buffer(buf, cap);
    return any_kinds_scene(&sc, a, xa, NULL, b, xb) ? to_buffer(&sc, style, buf, cap) : 0;
}

bool satcd_draw_shape_compound_svg_file(const satcd_shape *a, satcd_xf xa, const satcd_compound *b, satcd_xf xb,
                                        const satcd_draw_style *style, FILE *file)
{
    scene sc;
    return file != NULL && any_kinds_scene(&sc, a, xa, NULL, b, xb) && to_file(&sc, style, file);
}

/* Valid shapes, finite transforms and finite velocities: what a sweep of any kinds needs. */
static bool shapes_sweep_args(const satcd_shape *a, satcd_xf xa, satcd_vec2 va, const satcd_shape *b, satcd_xf xb,
                              satcd_vec2 vb)
{
    return a != NULL && b != NULL && satcd_shape_is_valid(a) && satcd_shape_is_valid(b) && xf_is_finite(xa) &&
           xf_is_finite(xb) && satcd_vec2_is_finite(va) && satcd_vec2_is_finite(vb);
}

size_t satcd_draw_sweep_shapes_svg(const satcd_shape *a, satcd_xf xa, satcd_vec2 va, const satcd_shape *b, satcd_xf xb,
                                   satcd_vec2 vb, const satcd_draw_style *style, char *buf, size_t cap)
{
    clear_buffer(buf, cap);
    if (!shapes_sweep_args(a, xa, va, b, xb, vb)) return 0;
    scene sc;
    satcd__scene_from_shapes_sweep(&sc, a, xa, va, b, xb, vb);
    return to_buffer(&sc, style, buf, cap);
}

bool satcd_draw_sweep_shapes_svg_file(const satcd_shape *a, satcd_xf xa, satcd_vec2 va, const satcd_shape *b,
                                      satcd_xf xb, satcd_vec2 vb, const satcd_draw_style *style, FILE *file)
{
    if (file == NULL || !shapes_sweep_args(a, xa, va, b, xb, vb)) return false;
    scene sc;
    satcd__scene_from_shapes_sweep(&sc, a, xa, va, b, xb, vb);
    return to_file(&sc, style, file);
}
