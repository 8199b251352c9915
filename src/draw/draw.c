/*
 * The drawing functions of satcd/draw.h. A picture is built in two steps:
 * the inputs (a trace, a sweep, or a polygon and a circle) become a scene of
 * world-space items (scene.c), then one renderer lays the scene out
 * (view.c) and writes it (render.c) through a sink that is either the
 * caller's buffer or a FILE stream (format.c).
 */
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

static size_t finish_buffer(sink *s)
{
    if (s->buf != NULL && s->cap > 0) s->buf[s->len < s->cap ? s->len : s->cap - 1] = '\0';
    return s->len;
}

size_t satcd_draw_trace_svg(const satcd_trace *trace, const satcd_polygon *a, satcd_xf xa,
                            const satcd_polygon *b, satcd_xf xb, const satcd_draw_style *style, char *buf,
                            size_t cap)
{
    sink s = {buf, buf != NULL ? cap : 0, 0, NULL, false};
    if (s.cap > 0) buf[0] = '\0';
    if (!trace_args(trace, a, b)) return 0;
    scene sc;
    satcd__scene_from_trace(&sc, trace, a, xa, b, xb);
    satcd__render(&s, &sc, style);
    return finish_buffer(&s);
}

bool satcd_draw_trace_svg_file(const satcd_trace *trace, const satcd_polygon *a, satcd_xf xa,
                               const satcd_polygon *b, satcd_xf xb, const satcd_draw_style *style, FILE *file)
{
    if (file == NULL || !trace_args(trace, a, b)) return false;
    sink s = {NULL, 0, 0, file, false};
    scene sc;
    satcd__scene_from_trace(&sc, trace, a, xa, b, xb);
    satcd__render(&s, &sc, style);
    return !s.failed;
}

size_t satcd_draw_polygon_circle_svg(const satcd_polygon *a, satcd_xf xa, const satcd_circle *b, satcd_xf xb,
                                     const satcd_draw_style *style, char *buf, size_t cap)
{
    sink s = {buf, buf != NULL ? cap : 0, 0, NULL, false};
    if (s.cap > 0) buf[0] = '\0';
    if (!satcd_polygon_is_valid(a) || !satcd_circle_is_valid(b)) return 0;
    scene sc;
    satcd__scene_from_polygon_circle(&sc, a, xa, b, xb);
    satcd__render(&s, &sc, style);
    return finish_buffer(&s);
}

bool satcd_draw_polygon_circle_svg_file(const satcd_polygon *a, satcd_xf xa, const satcd_circle *b, satcd_xf xb,
                                        const satcd_draw_style *style, FILE *file)
{
    if (file == NULL || !satcd_polygon_is_valid(a) || !satcd_circle_is_valid(b)) return false;
    sink s = {NULL, 0, 0, file, false};
    scene sc;
    satcd__scene_from_polygon_circle(&sc, a, xa, b, xb);
    satcd__render(&s, &sc, style);
    return !s.failed;
}

size_t satcd_draw_sweep_svg(const satcd_polygon *a, satcd_xf xa, satcd_vec2 va, const satcd_polygon *b, satcd_xf xb,
                            satcd_vec2 vb, const satcd_draw_style *style, char *buf, size_t cap)
{
    sink s = {buf, buf != NULL ? cap : 0, 0, NULL, false};
    if (s.cap > 0) buf[0] = '\0';
    if (!satcd_polygon_is_valid(a) || !satcd_polygon_is_valid(b)) return 0;
    scene sc;
    satcd_trace t;
    if (!satcd__scene_from_sweep(&sc, &t, a, xa, va, b, xb, vb)) return 0;
    satcd__render(&s, &sc, style);
    return finish_buffer(&s);
}

bool satcd_draw_sweep_svg_file(const satcd_polygon *a, satcd_xf xa, satcd_vec2 va, const satcd_polygon *b,
                               satcd_xf xb, satcd_vec2 vb, const satcd_draw_style *style, FILE *file)
{
    if (file == NULL || !satcd_polygon_is_valid(a) || !satcd_polygon_is_valid(b)) return false;
    sink s = {NULL, 0, 0, file, false};
    scene sc;
    satcd_trace t;
    if (!satcd__scene_from_sweep(&sc, &t, a, xa, va, b, xb, vb)) return false;
    satcd__render(&s, &sc, style);
    return !s.failed;
}
