/*
 * Pictures of a convex decomposition (satcd_decompose): the outline dashed,
 * every piece filled in a colour of its own and numbered. A picture of its
 * own kind, beside the pair pictures of render.c: it has no axes, MTV or
 * contacts, only the pieces in the outline's frame.
 */
#include <math.h>

#include <satcd/draw.h>

#include "format.h"

#define MARGIN 24.0
#define CAPTION 44.0

/* Neighbouring pieces get colours far apart. */
static const char *const piece_colors[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                                           "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f"};
#define COLOR_COUNT ((int)(sizeof piece_colors / sizeof piece_colors[0]))

/* World bounds of the outline and the pieces, and the pixels they map to. */
typedef struct pieces_view {
    double min_x, max_y, scale, width, height;
} pieces_view;

static double to_x(const pieces_view *v, satcd_vec2 p) { return MARGIN + ((double)p.x - v->min_x) * v->scale; }
static double to_y(const pieces_view *v, satcd_vec2 p) { return CAPTION + MARGIN + (v->max_y - (double)p.y) * v->scale; }

static pieces_view layout(const satcd_vec2 *outline, int count, float width)
{
    double lo_x = outline[0].x, hi_x = lo_x, lo_y = outline[0].y, hi_y = lo_y;
    for (int i = 1; i < count; ++i) {
        lo_x = fmin(lo_x, outline[i].x), hi_x = fmax(hi_x, outline[i].x);
        lo_y = fmin(lo_y, outline[i].y), hi_y = fmax(hi_y, outline[i].y);
    }
    pieces_view v;
    v.width = !(width >= 160.0f) ? 160.0 : (width > 8192.0f ? 8192.0 : (double)width);
    double span = fmax(hi_x - lo_x, hi_y - lo_y);
    v.scale = (v.width - 2.0 * MARGIN) / (span > 0.0 ? span : 1.0);
    v.min_x = lo_x, v.max_y = hi_y;
    v.height = CAPTION + 2.0 * MARGIN + (hi_y - lo_y) * v.scale;
    return v;
}

static void ring(sink *s, const pieces_view *v, const satcd_vec2 *p, int n)
{
    for (int i = 0; i < n; ++i) satcd__emit(s, i == 0 ? "%p,%p" : " %p,%p", to_x(v, p[i]), to_y(v, p[i]));
}

static void draw_piece(sink *s, const pieces_view *v, const satcd_polygon *p, int index, bool labels)
{
    const char *color = piece_colors[index % COLOR_COUNT];
    satcd_vec2 corner[SATCD_MAX_POLYGON_VERTICES];
    for (int i = 0; i < p->count; ++i) corner[i] = satcd_polygon_vertex(p, i);
    satcd__emit(s, "<g class=\"piece\" data-index=\"%d\" data-vertices=\"%d\">\n<polygon points=\"", index, p->count);
    ring(s, v, corner, p->count);
    satcd__emit(s, "\" fill=\"%s\" fill-opacity=\"0.35\" stroke=\"%s\" stroke-width=\"1.5\" stroke-linejoin=\"round\"/>\n",
                color, color);
    if (labels) {
        label l = satcd__label("%d", index);
        satcd__emit(s, "<text x=\"%p\" y=\"%p\" text-anchor=\"middle\" fill=\"%s\" font-size=\"12\" font-weight=\"bold\">%e</text>\n",
                    to_x(v, p->centroid), to_y(v, p->centroid) + 4.0, color, l.text);
    }
    satcd__put_str(s, "</g>\n");
}

/* Valid arguments: some outline points, all finite, and some pieces, all valid. */
static bool pieces_args(const satcd_vec2 *outline, int count, const satcd_polygon *pieces, int piece_count)
{
    if (outline == NULL || count < 1 || pieces == NULL || piece_count < 1) return false;
    for (int i = 0; i < count; ++i) {
        if (!satcd_vec2_is_finite(outline[i])) return false;
    }
    for (int i = 0; i < piece_count; ++i) {
        if (!satcd_polygon_is_valid(&pieces[i])) return false;
    }
    return true;
}

static void render_pieces(sink *s, const satcd_vec2 *outline, int count, const satcd_polygon *pieces,
                          int piece_count, const satcd_draw_style *style_or_null)
{
    satcd_draw_style style = style_or_null != NULL ? *style_or_null : satcd_draw_style_default();
    pieces_view v = layout(outline, count, style.width);
    satcd__begin_document(s, v.width, v.height);
    if (style.title != NULL)
        satcd__emit(s, "<text x=\"12\" y=\"20\" fill=\"#222222\" font-size=\"15\" font-weight=\"bold\" class=\"title\">%e</text>\n",
                    style.title);
    label summary = satcd__label("%d convex pieces of an outline of %d points", piece_count, count);
    satcd__emit(s, "<text x=\"12\" y=\"38\" fill=\"#222222\" font-size=\"13\" class=\"summary\">%e</text>\n", summary.text);
    for (int i = 0; i < piece_count; ++i) draw_piece(s, &v, &pieces[i], i, style.labels);
    satcd__put_str(s, "<polygon class=\"outline\" points=\"");
    ring(s, &v, outline, count);
    satcd__put_str(s, "\" fill=\"none\" stroke=\"#222222\" stroke-width=\"1\" stroke-dasharray=\"6 4\"/>\n</svg>\n");
}

size_t satcd_draw_pieces_svg(const satcd_vec2 *outline, int count, const satcd_polygon *pieces, int piece_count,
                             const satcd_draw_style *style, char *buf, size_t cap)
{
    sink s = {buf, buf != NULL ? cap : 0, 0, NULL, false};
    if (s.cap > 0) buf[0] = '\0';
    if (!pieces_args(outline, count, pieces, piece_count)) return 0;
    render_pieces(&s, outline, count, pieces, piece_count, style);
    if (s.cap > 0) buf[s.len < s.cap ? s.len : s.cap - 1] = '\0';
    return s.len;
}

bool satcd_draw_pieces_svg_file(const satcd_vec2 *outline, int count, const satcd_polygon *pieces, int piece_count,
                                const satcd_draw_style *style, FILE *file)
{
    if (file == NULL || !pieces_args(outline, count, pieces, piece_count)) return false;
    sink s = {NULL, 0, 0, file, false};
    render_pieces(&s, outline, count, pieces, piece_count, style);
    return !s.failed;
}
