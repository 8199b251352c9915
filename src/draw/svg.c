/*
 * SVG debug drawings. A picture is built in two steps: the inputs (a trace,
 * or a polygon and a circle) are turned into a scene of world-space items,
 * then one renderer maps the scene to y-up picture coordinates and writes
 * it through a sink that is either a caller's buffer or a FILE stream.
 *
 * Numbers are formatted here, digit by digit, so the output never depends
 * on the C locale's decimal separator.
 */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include <satcd/draw.h>
#include <satcd/manifold.h>
#include <satcd/sat.h>
#include <satcd/sweep.h>

#define MAX_V SATCD_MAX_POLYGON_VERTICES
#define MAX_AXES (SATCD_TRACE_MAX_AXES + 1)

/* ------------------------------------------------------------------ sink */

typedef struct sink {
    char *buf;   /* NULL when writing to file */
    size_t cap;
    size_t len;  /* bytes the document has so far, written or not */
    FILE *file;
    bool failed; /* a write to file failed */
} sink;

static void put(sink *s, const char *text, size_t n)
{
    if (s->file != NULL) {
        if (n > 0 && !s->failed && fwrite(text, 1, n, s->file) != n) s->failed = true;
    } else if (s->cap > 0 && s->len < s->cap - 1) {
        size_t room = s->cap - 1 - s->len;
        memcpy(s->buf + s->len, text, n < room ? n : room);
    }
    s->len += n;
}

static void put_str(sink *s, const char *text) { put(s, text, strlen(text)); }

/* Text with the five XML special characters escaped. */
static void put_escaped(sink *s, const char *text)
{
    for (; *text != '\0'; ++text) {
        switch (*text) {
        case '<': put_str(s, "&lt;"); break;
        case '>': put_str(s, "&gt;"); break;
        case '&': put_str(s, "&amp;"); break;
        case '"': put_str(s, "&quot;"); break;
        case '\'': put_str(s, "&apos;"); break;
        default: put(s, text, 1); break;
        }
    }
}

static void put_unsigned(sink *s, unsigned long long v, unsigned base, int min_digits)
{
    char digits[32];
    int n = 0;
    do {
        unsigned d = (unsigned)(v % base);
        digits[n++] = (char)(d < 10 ? '0' + d : 'a' + (d - 10));
        v /= base;
    } while (v > 0 || n < min_digits);
    while (n > 0) put(s, &digits[--n], 1);
}

/*
 * v rounded to at most `decimals` digits after a '.', trailing zeros
 * dropped, never "-0". Magnitudes are clamped to 1e14 so the digits fit an
 * unsigned long long; a drawing never needs more.
 */
static void put_number(sink *s, double v, int decimals)
{
    static const double tens[] = {1.0, 10.0, 100.0, 1000.0, 10000.0, 100000.0};
    if (!isfinite(v)) v = 0.0;
    if (v > 1e14) v = 1e14;
    if (v < -1e14) v = -1e14;
    double scale = tens[decimals];
    unsigned long long units = (unsigned long long)floor(fabs(v) * scale + 0.5);
    unsigned long long unit = (unsigned long long)scale;
    unsigned long long whole = units / unit, frac = units % unit;
    if (v < 0.0 && units != 0) put_str(s, "-");
    put_unsigned(s, whole, 10, 1);
    int digits = decimals;
    while (digits > 0 && frac % 10 == 0) frac /= 10, --digits;
    if (digits > 0) {
        put_str(s, ".");
        put_unsigned(s, frac, 10, digits);
    }
}

/*
 * A tiny printf for this file only: %s text, %e escaped text, %d int,
 * %x unsigned as 8 hex digits, %p picture coordinate (double, 2 decimals),
 * %v value (double, 4 decimals).
 */
static void emit(sink *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const char *run = fmt;
    for (const char *c = fmt; *c != '\0'; ++c) {
        if (*c != '%') continue;
        put(s, run, (size_t)(c - run));
        ++c;
        switch (*c) {
        case 's': put_str(s, va_arg(ap, const char *)); break;
        case 'e': put_escaped(s, va_arg(ap, const char *)); break;
        case 'd': {
            int v = va_arg(ap, int);
            if (v < 0) put_str(s, "-");
            put_unsigned(s, v < 0 ? (unsigned long long)(-(long long)v) : (unsigned long long)v, 10, 1);
            break;
        }
        case 'x': put_unsigned(s, va_arg(ap, unsigned), 16, 8); break;
        case 'p': put_number(s, va_arg(ap, double), 2); break;
        case 'v': put_number(s, va_arg(ap, double), 4); break;
        default: put(s, c - 1, 2); break;
        }
        run = c + 1;
    }
    put_str(s, run);
    va_end(ap);
}

/* ----------------------------------------------------------------- scene */

typedef struct scene_axis {
    satcd_vec2 n;       /* unit axis, world */
    float a_min, a_max; /* A's projection */
    float b_min, b_max; /* B's projection */
    float separation;   /* signed gap on this axis */
    int shape;          /* 0: from A, 1: from B */
    int feature;        /* edge index, or vertex index when vertex */
    bool vertex;        /* axis from a vertex of A toward B's centre */
} scene_axis;

/* Everything a picture shows, in world coordinates. */
typedef struct scene {
    satcd_vec2 av[MAX_V], an[MAX_V];
    int a_count;
    satcd_vec2 bv[MAX_V], bn[MAX_V];
    int b_count;          /* 0 when B is a circle */
    satcd_vec2 b_center;  /* B's centroid or the circle's centre */
    float b_radius;       /* circle radius; 0 for a polygon */
    scene_axis axes[MAX_AXES];
    int axis_count;
    int chosen;           /* axis of the largest separation, -1 none */
    float separation;
    satcd_mtv mtv;
    satcd_manifold manifold;
    bool reference_is_b;  /* the contacts' depths are measured from B's face */
    bool faces;           /* reference and incident edges known */
    satcd_vec2 ref1, ref2, inc1, inc2;
    /* Sweeps: outlines at the start and the end, centroid paths, first contact. */
    bool sweep;
    satcd_toi toi;
    satcd_vec2 ghost[4][MAX_V]; /* A at t = 0, B at t = 0, A at t = 1, B at t = 1 */
    int ghost_count[4];
    satcd_vec2 path[2][2];      /* centroid of A / B at t = 0 and t = 1 */
} scene;

static void place_polygon(const satcd_polygon *p, satcd_xf xf, satcd_vec2 *v, satcd_vec2 *n)
{
    for (int i = 0; i < p->count; ++i) {
        v[i] = satcd_xf_point(xf, satcd_polygon_vertex(p, i));
        n[i] = satcd_rotate(xf.q, satcd_polygon_normal(p, i));
    }
}

static satcd_vec2 mean_point(const satcd_vec2 *v, int n)
{
    satcd_vec2 sum = satcd_v2(0.0f, 0.0f);
    for (int i = 0; i < n; ++i) sum = satcd_add(sum, v[i]);
    return satcd_scale(1.0f / (float)n, sum);
}

static void scene_from_trace(scene *sc, const satcd_trace *t, const satcd_polygon *a, satcd_xf xa,
                             const satcd_polygon *b, satcd_xf xb)
{
    memset(sc, 0, sizeof *sc);
    sc->a_count = a->count;
    sc->b_count = b->count;
    place_polygon(a, xa, sc->av, sc->an);
    place_polygon(b, xb, sc->bv, sc->bn);
    sc->b_center = satcd_xf_point(xb, b->centroid);
    int count = t->axis_count < SATCD_TRACE_MAX_AXES ? t->axis_count : SATCD_TRACE_MAX_AXES;
    for (int i = 0; i < count; ++i) {
        const satcd_trace_axis *src = &t->axes[i];
        scene_axis *dst = &sc->axes[sc->axis_count++];
        dst->n = src->axis;
        dst->a_min = src->a_min, dst->a_max = src->a_max;
        dst->b_min = src->b_min, dst->b_max = src->b_max;
        dst->separation = src->separation;
        dst->shape = src->shape;
        dst->feature = src->edge;
    }
    sc->chosen = t->chosen >= 0 && t->chosen < sc->axis_count ? t->chosen : -1;
    sc->separation = t->separation;
    sc->mtv = t->mtv;
    sc->manifold = t->manifold;
    sc->reference_is_b = t->reference_shape == 1;
    sc->faces = t->reference_shape >= 0;
    sc->ref1 = t->reference_v1, sc->ref2 = t->reference_v2;
    sc->inc1 = t->incident_v1, sc->inc2 = t->incident_v2;
}

static void ghost_polygon(scene *sc, int slot, const satcd_polygon *p, satcd_xf xf)
{
    satcd_vec2 unused[MAX_V];
    place_polygon(p, xf, sc->ghost[slot], unused);
    sc->ghost_count[slot] = p->count;
}

static satcd_xf moved(satcd_xf xf, satcd_vec2 v, float t)
{
    xf.p = satcd_mul_add(xf.p, t, v);
    return xf;
}

/*
 * The pair where it first touches (or at the start when it never does), plus
 * the motion around it. False when the trace refuses the placement (a NaN or
 * infinite transform or velocity): there is nothing to draw.
 */
static bool scene_from_sweep(scene *sc, satcd_trace *t, const satcd_polygon *a, satcd_xf xa, satcd_vec2 va,
                             const satcd_polygon *b, satcd_xf xb, satcd_vec2 vb)
{
    satcd_toi toi = satcd_sweep_polygons(a, xa, va, b, xb, vb);
    float at = toi.hit ? toi.t : 0.0f;
    if (satcd_trace_polygons(a, moved(xa, va, at), b, moved(xb, vb, at), t) != SATCD_OK) return false;
    scene_from_trace(sc, t, a, moved(xa, va, at), b, moved(xb, vb, at));
    sc->sweep = true;
    sc->toi = toi;
    if (at > 0.0f) {
        ghost_polygon(sc, 0, a, xa);
        ghost_polygon(sc, 1, b, xb);
    }
    ghost_polygon(sc, 2, a, moved(xa, va, 1.0f));
    ghost_polygon(sc, 3, b, moved(xb, vb, 1.0f));
    sc->path[0][0] = satcd_xf_point(xa, a->centroid);
    sc->path[0][1] = satcd_xf_point(moved(xa, va, 1.0f), a->centroid);
    sc->path[1][0] = satcd_xf_point(xb, b->centroid);
    sc->path[1][1] = satcd_xf_point(moved(xb, vb, 1.0f), b->centroid);
    return true;
}

/* Polygon A's interval on n and the disc's, with the gap between them. */
static void disc_axis(scene_axis *ax, const scene *sc, satcd_vec2 n)
{
    float lo = FLT_MAX, hi = -FLT_MAX;
    for (int i = 0; i < sc->a_count; ++i) {
        float d = satcd_dot(sc->av[i], n);
        lo = d < lo ? d : lo;
        hi = d > hi ? d : hi;
    }
    float c = satcd_dot(sc->b_center, n);
    ax->n = n;
    ax->a_min = lo, ax->a_max = hi;
    ax->b_min = c - sc->b_radius, ax->b_max = c + sc->b_radius;
    ax->separation = ax->b_min - ax->a_max;
}

static int nearest_vertex(const satcd_vec2 *v, int n, satcd_vec2 p)
{
    int best = 0;
    for (int i = 1; i < n; ++i) {
        if (satcd_length_sq(satcd_sub(v[i], p)) < satcd_length_sq(satcd_sub(v[best], p))) best = i;
    }
    return best;
}

static void scene_from_polygon_circle(scene *sc, const satcd_polygon *a, satcd_xf xa,
                                      const satcd_circle *b, satcd_xf xb)
{
    memset(sc, 0, sizeof *sc);
    sc->a_count = a->count;
    place_polygon(a, xa, sc->av, sc->an);
    sc->b_center = satcd_xf_point(xb, b->center);
    sc->b_radius = b->radius;
    for (int i = 0; i < a->count; ++i) {
        scene_axis *ax = &sc->axes[sc->axis_count++];
        disc_axis(ax, sc, sc->an[i]);
        ax->feature = i;
    }
    int k = nearest_vertex(sc->av, sc->a_count, sc->b_center);
    satcd_vec2 toward = satcd_normalize(satcd_sub(sc->b_center, sc->av[k]));
    if (satcd_length_sq(toward) > 0.0f) {
        scene_axis *ax = &sc->axes[sc->axis_count++];
        disc_axis(ax, sc, toward);
        ax->feature = k;
        ax->vertex = true;
    }
    sc->chosen = 0;
    for (int i = 1; i < sc->axis_count; ++i) {
        if (sc->axes[i].separation > sc->axes[sc->chosen].separation) sc->chosen = i;
    }
    sc->separation = satcd_separation_polygon_circle(a, xa, b, xb);
    sc->mtv = satcd_mtv_polygon_circle(a, xa, b, xb);
    sc->manifold = satcd_collide_polygon_circle(a, xa, b, xb, 0.0f);
}

/* ------------------------------------------------------------------ view */

/* Picture layout, in pixels; world y grows upward, picture y downward. */
typedef struct view {
    double width, height;
    double scale;            /* pixels per world unit */
    double left, top;        /* picture position of world (min_x, max_y) */
    double min_x, max_y;
    double caption_h;        /* caption strip height */
    double scene_bottom;     /* picture y where the legend strip starts */
    satcd_vec2 center;       /* world centre of the shapes */
    float radius;            /* world radius of the shapes around center */
    float ring0, ring_step;  /* world distance of axis k from center: ring0 + k * ring_step */
    bool axes, normals, labels, legend;
    int legend_rows;
} view;

typedef struct bounds { double lo_x, lo_y, hi_x, hi_y; } bounds;

static void grow(bounds *b, satcd_vec2 p)
{
    b->lo_x = p.x < b->lo_x ? p.x : b->lo_x;
    b->lo_y = p.y < b->lo_y ? p.y : b->lo_y;
    b->hi_x = p.x > b->hi_x ? p.x : b->hi_x;
    b->hi_y = p.y > b->hi_y ? p.y : b->hi_y;
}

static bounds shape_bounds(const scene *sc)
{
    bounds b = {DBL_MAX, DBL_MAX, -DBL_MAX, -DBL_MAX};
    for (int i = 0; i < sc->a_count; ++i) grow(&b, sc->av[i]);
    for (int i = 0; i < sc->b_count; ++i) grow(&b, sc->bv[i]);
    if (sc->b_count == 0) {
        grow(&b, satcd_v2(sc->b_center.x - sc->b_radius, sc->b_center.y - sc->b_radius));
        grow(&b, satcd_v2(sc->b_center.x + sc->b_radius, sc->b_center.y + sc->b_radius));
    }
    for (int g = 0; g < 4; ++g) {
        for (int i = 0; i < sc->ghost_count[g]; ++i) grow(&b, sc->ghost[g][i]);
    }
    for (int i = 0; i < sc->manifold.count; ++i) grow(&b, sc->manifold.points[i].point);
    for (int i = 0; sc->mtv.hit && i < sc->manifold.count; ++i)
        grow(&b, satcd_mul_add(sc->manifold.points[i].point, sc->mtv.depth, sc->mtv.normal));
    if (sc->mtv.hit) grow(&b, satcd_mul_add(sc->b_center, sc->mtv.depth, sc->mtv.normal));
    return b;
}

/* World end points of axis k's drawn segment: its span covers both intervals. */
static void axis_segment(const view *v, const scene_axis *ax, int k, satcd_vec2 *p0, satcd_vec2 *p1)
{
    float lo = ax->a_min < ax->b_min ? ax->a_min : ax->b_min;
    float hi = ax->a_max > ax->b_max ? ax->a_max : ax->b_max;
    float c = satcd_dot(v->center, ax->n);
    float overhang = 0.08f * v->radius;
    satcd_vec2 base = satcd_mul_add(v->center, v->ring0 + (float)k * v->ring_step, satcd_left_perp(ax->n));
    *p0 = satcd_mul_add(base, lo - c - overhang, ax->n);
    *p1 = satcd_mul_add(base, hi - c + overhang, ax->n);
}

/* World point at coordinate t on axis k, shifted sideways by `side` pixels. */
static satcd_vec2 axis_point(const view *v, const scene_axis *ax, int k, float t, double side)
{
    float c = satcd_dot(v->center, ax->n);
    float ring = v->ring0 + (float)k * v->ring_step + (float)(side / v->scale);
    satcd_vec2 base = satcd_mul_add(v->center, ring, satcd_left_perp(ax->n));
    return satcd_mul_add(base, t - c, ax->n);
}

static view make_view(const scene *sc, const satcd_draw_style *st)
{
    view v;
    memset(&v, 0, sizeof v);
    v.axes = st->axes, v.normals = st->normals, v.labels = st->labels, v.legend = st->legend;
    v.width = st->width < 160.0f ? 160.0 : (st->width > 8192.0f ? 8192.0 : (double)st->width);
    if (!(v.width == v.width)) v.width = 720.0;
    bounds b = shape_bounds(sc);
    v.center = satcd_v2((float)(0.5 * (b.lo_x + b.hi_x)), (float)(0.5 * (b.lo_y + b.hi_y)));
    double half_w = 0.5 * (b.hi_x - b.lo_x), half_h = 0.5 * (b.hi_y - b.lo_y);
    v.radius = (float)sqrt(half_w * half_w + half_h * half_h);
    if (!(v.radius > 0.0f)) v.radius = 1.0f;
    v.ring0 = 1.05f * v.radius;
    float step = 0.6f * v.radius / (float)(sc->axis_count > 0 ? sc->axis_count : 1);
    v.ring_step = step < 0.1f * v.radius ? step : 0.1f * v.radius;
    if (v.axes) {
        for (int k = 0; k < sc->axis_count; ++k) {
            satcd_vec2 p0, p1;
            axis_segment(&v, &sc->axes[k], k, &p0, &p1);
            grow(&b, p0);
            grow(&b, p1);
        }
    }
    double margin_x = v.labels ? 84.0 : 20.0, margin_y = v.labels ? 28.0 : 20.0;
    double ew = b.hi_x - b.lo_x, eh = b.hi_y - b.lo_y;
    if (!(ew > 0.0)) ew = 1.0;
    if (!(eh > 0.0)) eh = 1.0;
    double sx = (v.width - 2.0 * margin_x) / ew, sy = (1.1 * v.width - 2.0 * margin_y) / eh;
    v.scale = sx < sy ? sx : sy;
    v.caption_h = 52.0;
    v.min_x = b.lo_x, v.max_y = b.hi_y;
    v.left = 0.5 * (v.width - ew * v.scale);
    v.top = v.caption_h + margin_y;
    v.scene_bottom = v.top + eh * v.scale + margin_y;
    v.legend_rows = sc->sweep ? 4 : 3;
    v.height = v.scene_bottom + (v.legend ? 14.0 + 24.0 * v.legend_rows : 0.0);
    return v;
}

static double px(const view *v, satcd_vec2 p) { return v->left + ((double)p.x - v->min_x) * v->scale; }
static double py(const view *v, satcd_vec2 p) { return v->top + (v->max_y - (double)p.y) * v->scale; }

/* --------------------------------------------------------------- drawing */

#define COLOR_A "#1f77b4"
#define COLOR_B "#ff7f0e"
#define COLOR_SEPARATING "#2ca02c"
#define COLOR_OVERLAPPING "#8c8c8c"
#define COLOR_CHOSEN "#d62728"
#define COLOR_MTV "#d62728"
#define COLOR_REFERENCE "#9467bd"
#define COLOR_INCIDENT "#8c564b"
#define COLOR_CONTACT "#111111"
#define COLOR_TOI "#17becf"

static void line(sink *s, double x0, double y0, double x1, double y1, const char *color, double width,
                 const char *extra)
{
    emit(s, "<line x1=\"%p\" y1=\"%p\" x2=\"%p\" y2=\"%p\" stroke=\"%s\" stroke-width=\"%p\"%s/>\n",
         x0, y0, x1, y1, color, width, extra);
}

/* A line from picture point (x0, y0) to (x1, y1) with a filled head of `head` pixels. */
static void arrow(sink *s, double x0, double y0, double x1, double y1, const char *color, double width,
                  double head)
{
    double dx = x1 - x0, dy = y1 - y0, len = sqrt(dx * dx + dy * dy);
    if (!(len > 1e-9)) return;
    double ux = dx / len, uy = dy / len;
    double h = head < 0.6 * len ? head : 0.6 * len;
    double bx = x1 - h * ux, by = y1 - h * uy;
    line(s, x0, y0, bx, by, color, width, "");
    emit(s, "<polygon points=\"%p,%p %p,%p %p,%p\" fill=\"%s\"/>\n", x1, y1, bx - 0.45 * h * uy,
         by + 0.45 * h * ux, bx + 0.45 * h * uy, by - 0.45 * h * ux, color);
}

static void text(sink *s, double x, double y, const char *anchor, const char *color, const char *extra,
                 const char *content)
{
    emit(s, "<text x=\"%p\" y=\"%p\" text-anchor=\"%s\" fill=\"%s\"%s>%e</text>\n", x, y, anchor, color, extra,
         content);
}

/* Small text formatting into a fixed buffer (labels), locale-free like the rest. */
typedef struct label { char text[96]; } label;

static label make_label(const char *fmt, ...)
{
    label l;
    sink s = {l.text, sizeof l.text, 0, NULL, false};
    va_list ap;
    va_start(ap, fmt);
    const char *run = fmt;
    for (const char *c = fmt; *c != '\0'; ++c) {
        if (*c != '%') continue;
        put(&s, run, (size_t)(c - run));
        ++c;
        if (*c == 's') put_str(&s, va_arg(ap, const char *));
        else if (*c == 'd') put_number(&s, (double)va_arg(ap, int), 0);
        else if (*c == 'v') put_number(&s, va_arg(ap, double), 4);
        else if (*c == 'r') put_number(&s, va_arg(ap, double), 3);
        run = c + 1;
    }
    put_str(&s, run);
    va_end(ap);
    l.text[s.len < sizeof l.text ? s.len : sizeof l.text - 1] = '\0';
    return l;
}

static const char *axis_color(const scene *sc, int k)
{
    if (k == sc->chosen) return COLOR_CHOSEN;
    return sc->axes[k].separation > 0.0f ? COLOR_SEPARATING : COLOR_OVERLAPPING;
}

static label axis_name(const scene_axis *ax)
{
    if (ax->vertex) return make_label("vA%d", ax->feature);
    return make_label("%s%d", ax->shape == 0 ? "A" : "B", ax->feature);
}

/* How many axes before k point the same way as axis k (within about 25 degrees). */
static int parallel_rank(const scene *sc, int k)
{
    int rank = 0;
    for (int j = 0; j < k; ++j) {
        if (satcd_dot(sc->axes[j].n, sc->axes[k].n) > 0.9f) ++rank;
    }
    return rank;
}

static void draw_axis(sink *s, const view *v, const scene *sc, int k)
{
    const scene_axis *ax = &sc->axes[k];
    bool chosen = k == sc->chosen;
    const char *color = axis_color(sc, k);
    label name = axis_name(ax);
    emit(s, "<g class=\"axis %s%s\" data-shape=\"%s\" data-edge=\"%d\" data-vertex=\"%s\" data-separation=\"%v\">\n",
         ax->separation > 0.0f ? "separating" : "overlapping", chosen ? " chosen" : "", ax->shape == 0 ? "A" : "B",
         ax->feature, ax->vertex ? "true" : "false", (double)ax->separation);
    satcd_vec2 p0, p1;
    axis_segment(v, ax, k, &p0, &p1);
    arrow(s, px(v, p0), py(v, p0), px(v, p1), py(v, p1), color, chosen ? 2.2 : 1.1, chosen ? 10.0 : 7.0);
    /* A's interval on the side toward the shapes, B's on the far side, so an overlap shows as two parallel bars. */
    satcd_vec2 a0 = axis_point(v, ax, k, ax->a_min, -3.0), a1 = axis_point(v, ax, k, ax->a_max, -3.0);
    satcd_vec2 b0 = axis_point(v, ax, k, ax->b_min, 3.0), b1 = axis_point(v, ax, k, ax->b_max, 3.0);
    line(s, px(v, a0), py(v, a0), px(v, a1), py(v, a1), COLOR_A, 4.0, " stroke-opacity=\"0.85\"");
    line(s, px(v, b0), py(v, b0), px(v, b1), py(v, b1), COLOR_B, 4.0, " stroke-opacity=\"0.85\"");
    if (v->labels) {
        /* Parallel axes sit on neighbouring rings with their tips side by side: label every other one at its tail. */
        bool tail = parallel_rank(sc, k) % 2 == 1;
        satcd_vec2 at = tail ? p0 : p1, out = tail ? satcd_neg(ax->n) : ax->n;
        label l = make_label("%s %v", name.text, (double)ax->separation);
        double tx = px(v, at) + 8.0 * out.x, ty = py(v, at) - 8.0 * out.y + 4.0;
        const char *anchor = out.x > 0.3f ? "start" : (out.x < -0.3f ? "end" : "middle");
        text(s, tx, ty, anchor, color, chosen ? " font-weight=\"bold\" font-size=\"11\"" : " font-size=\"10\"", l.text);
    }
    put_str(s, "</g>\n");
}

static void draw_polygon(sink *s, const view *v, const satcd_vec2 *pts, const satcd_vec2 *normals, int n,
                         const char *name, const char *color)
{
    emit(s, "<g class=\"shape\" data-shape=\"%s\">\n<polygon points=\"", name);
    for (int i = 0; i < n; ++i) emit(s, "%s%p,%p", i ? " " : "", px(v, pts[i]), py(v, pts[i]));
    emit(s, "\" fill=\"%s\" fill-opacity=\"0.18\" stroke=\"%s\" stroke-width=\"2\" stroke-linejoin=\"round\"/>\n",
         color, color);
    satcd_vec2 c = mean_point(pts, n);
    for (int i = 0; i < n; ++i) {
        double x = px(v, pts[i]), y = py(v, pts[i]);
        emit(s, "<circle cx=\"%p\" cy=\"%p\" r=\"3\" fill=\"%s\"/>\n", x, y, color);
        if (v->normals) {
            satcd_vec2 mid = satcd_lerp(pts[i], pts[(i + 1) % n], 0.5f);
            double mx = px(v, mid), my = py(v, mid);
            arrow(s, mx, my, mx + 20.0 * normals[i].x, my - 20.0 * normals[i].y, color, 1.2, 6.0);
        }
        if (v->labels) {
            satcd_vec2 out = satcd_normalize(satcd_sub(pts[i], c));
            label l = make_label("%d", i);
            text(s, x + 11.0 * out.x, y - 11.0 * out.y + 3.5, "middle", color, " font-size=\"10\"", l.text);
        }
    }
    text(s, px(v, c), py(v, c) + 6.0, "middle", color, " font-size=\"18\" font-weight=\"bold\"", name);
    put_str(s, "</g>\n");
}

static void draw_circle(sink *s, const view *v, satcd_vec2 c, float r, const char *name, const char *color)
{
    emit(s, "<g class=\"shape\" data-shape=\"%s\">\n", name);
    emit(s, "<circle cx=\"%p\" cy=\"%p\" r=\"%p\" fill=\"%s\" fill-opacity=\"0.18\" stroke=\"%s\" stroke-width=\"2\"/>\n",
         px(v, c), py(v, c), (double)r * v->scale, color, color);
    emit(s, "<circle cx=\"%p\" cy=\"%p\" r=\"3\" fill=\"%s\"/>\n", px(v, c), py(v, c), color);
    text(s, px(v, c), py(v, c) - 8.0, "middle", color, " font-size=\"18\" font-weight=\"bold\"", name);
    put_str(s, "</g>\n");
}

static void draw_faces(sink *s, const view *v, const scene *sc)
{
    if (!sc->faces) return;
    put_str(s, "<g class=\"faces\">\n");
    line(s, px(v, sc->ref1), py(v, sc->ref1), px(v, sc->ref2), py(v, sc->ref2), COLOR_REFERENCE, 5.0,
         " stroke-opacity=\"0.75\" stroke-linecap=\"round\" class=\"reference\"");
    line(s, px(v, sc->inc1), py(v, sc->inc1), px(v, sc->inc2), py(v, sc->inc2), COLOR_INCIDENT, 5.0,
         " stroke-opacity=\"0.75\" stroke-dasharray=\"7 4\" class=\"incident\"");
    put_str(s, "</g>\n");
}

static void draw_mtv(sink *s, const view *v, const scene *sc)
{
    if (!sc->mtv.hit || sc->sweep) return; /* at a time of impact the depth is only rounding */
    /* From the contacts when there are some (they show where the push acts), else from B's centre. */
    satcd_vec2 from = sc->b_center;
    if (sc->manifold.count == 2) from = satcd_lerp(sc->manifold.points[0].point, sc->manifold.points[1].point, 0.5f);
    else if (sc->manifold.count == 1) from = sc->manifold.points[0].point;
    satcd_vec2 to = satcd_mul_add(from, sc->mtv.depth, sc->mtv.normal);
    emit(s, "<g class=\"mtv\" data-depth=\"%v\">\n", (double)sc->mtv.depth);
    arrow(s, px(v, from), py(v, from), px(v, to), py(v, to), COLOR_MTV, 3.0, 12.0);
    if (v->labels) {
        label l = make_label("MTV %v", (double)sc->mtv.depth);
        satcd_vec2 n = sc->mtv.normal;
        const char *anchor = n.y > 0.3f || n.y < -0.3f ? "start" : (n.x > 0.0f ? "start" : "end");
        double tx = px(v, to) + (n.y > 0.3f || n.y < -0.3f ? 8.0 : 6.0 * n.x);
        double ty = py(v, to) - 6.0 * n.y + (n.y < -0.3f ? 10.0 : (n.y > 0.3f ? 0.0 : -6.0));
        text(s, tx, ty, anchor, COLOR_MTV, " font-size=\"12\" font-weight=\"bold\"", l.text);
    }
    put_str(s, "</g>\n");
}

static void draw_contacts(sink *s, const view *v, const scene *sc)
{
    for (int i = 0; i < sc->manifold.count; ++i) {
        const satcd_contact *c = &sc->manifold.points[i];
        emit(s, "<g class=\"contact\" data-index=\"%d\" data-depth=\"%v\" data-id=\"%x\">\n", i, (double)c->depth,
             (unsigned)c->id);
        /* Dotted depth bar from the incident point to the reference face it lies behind. */
        float toward_face = sc->reference_is_b ? -c->depth : c->depth;
        satcd_vec2 face = satcd_mul_add(c->point, toward_face, sc->manifold.normal);
        line(s, px(v, c->point), py(v, c->point), px(v, face), py(v, face), COLOR_CONTACT, 1.5,
             " stroke-dasharray=\"2 2\"");
        emit(s, "<circle cx=\"%p\" cy=\"%p\" r=\"4.5\" fill=\"%s\" stroke=\"white\" stroke-width=\"1.5\"/>\n",
             px(v, c->point), py(v, c->point), COLOR_CONTACT);
        if (v->labels) {
            /* Label beside the point, away from the other contact, along the reference face. */
            satcd_vec2 side = satcd_left_perp(sc->manifold.normal);
            if (sc->manifold.count == 2) {
                satcd_vec2 other = sc->manifold.points[1 - i].point;
                satcd_vec2 away = satcd_normalize(satcd_sub(c->point, other));
                if (satcd_length_sq(away) > 0.0f) side = away;
            }
            label l = make_label("d=%v", (double)c->depth);
            const char *anchor = side.x > 0.3f ? "start" : (side.x < -0.3f ? "end" : "middle");
            text(s, px(v, c->point) + 9.0 * side.x, py(v, c->point) - 12.0 * side.y + 4.0, anchor, COLOR_CONTACT,
                 " font-size=\"10\" font-weight=\"bold\"", l.text);
        }
        put_str(s, "</g>\n");
    }
}

/* Start and end outlines (dashed), the centroids' paths, and the first contact with its normal. */
static void draw_sweep(sink *s, const view *v, const scene *sc)
{
    static const char *colors[4] = {COLOR_A, COLOR_B, COLOR_A, COLOR_B};
    put_str(s, "<g class=\"motion\">\n");
    for (int g = 0; g < 4; ++g) {
        if (sc->ghost_count[g] == 0) continue;
        put_str(s, "<polygon points=\"");
        for (int i = 0; i < sc->ghost_count[g]; ++i)
            emit(s, "%s%p,%p", i ? " " : "", px(v, sc->ghost[g][i]), py(v, sc->ghost[g][i]));
        emit(s, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.3\" stroke-opacity=\"0.6\" stroke-dasharray=\"%s\"/>\n",
             colors[g], g < 2 ? "2 3" : "7 4");
    }
    for (int k = 0; k < 2; ++k) {
        satcd_vec2 p0 = sc->path[k][0], p1 = sc->path[k][1];
        arrow(s, px(v, p0), py(v, p0), px(v, p1), py(v, p1), k == 0 ? COLOR_A : COLOR_B, 1.2, 8.0);
    }
    put_str(s, "</g>\n");
    emit(s, "<g class=\"toi\" data-hit=\"%s\" data-t=\"%v\">\n", sc->toi.hit ? "true" : "false", (double)sc->toi.t);
    if (sc->toi.hit) {
        double x = px(v, sc->toi.point), y = py(v, sc->toi.point);
        arrow(s, x, y, x + 36.0 * sc->toi.normal.x, y - 36.0 * sc->toi.normal.y, COLOR_TOI, 2.5, 9.0);
        emit(s, "<polygon points=\"%p,%p %p,%p %p,%p %p,%p\" fill=\"%s\" stroke=\"white\" stroke-width=\"1\"/>\n", x,
             y - 7.0, x + 7.0, y, x, y + 7.0, x - 7.0, y, COLOR_TOI);
        if (v->labels) {
            label l = make_label("t=%v", (double)sc->toi.t);
            text(s, x - 10.0, y - 10.0, "end", COLOR_TOI, " font-size=\"12\" font-weight=\"bold\"", l.text);
        }
    }
    put_str(s, "</g>\n");
}

static const char *relation_word(float separation)
{
    return separation > 0.0f ? "separated" : (separation < 0.0f ? "overlapping" : "touching");
}

static void draw_caption(sink *s, const view *v, const scene *sc, const char *title)
{
    double y = 22.0;
    if (title != NULL) {
        text(s, 12.0, y, "start", "#222222", " font-size=\"15\" font-weight=\"bold\" class=\"title\"", title);
        y += 20.0;
    }
    label l;
    if (sc->sweep && sc->toi.hit) {
        l = make_label("sweep: first contact at t = %v, normal (%r, %r); drawn at that time", (double)sc->toi.t,
                       (double)sc->toi.normal.x, (double)sc->toi.normal.y);
    } else if (sc->sweep) {
        l = make_label("sweep: no contact for t in [0, 1]; drawn at t = 0, separation %v", (double)sc->separation);
    } else if (sc->mtv.hit) {
        l = make_label("%s: separation %v, MTV %v along (%r, %r), %d contact%s%s", relation_word(sc->separation),
                       (double)sc->separation, (double)sc->mtv.depth, (double)sc->mtv.normal.x,
                       (double)sc->mtv.normal.y, sc->manifold.count, sc->manifold.count == 1 ? "" : "s",
                       sc->mtv.b_in_a ? ", B inside A" : (sc->mtv.a_in_b ? ", A inside B" : ""));
    } else {
        l = make_label("%s: separation %v, %d contact%s", relation_word(sc->separation), (double)sc->separation,
                       sc->manifold.count, sc->manifold.count == 1 ? "" : "s");
    }
    text(s, 12.0, y, "start", "#222222", " font-size=\"13\" class=\"summary\"", l.text);
    (void)v;
}

/* Compass showing that world +y is up on the picture. */
static void draw_compass(sink *s, const view *v)
{
    double x = v->width - 40.0, y = v->scene_bottom - 14.0;
    put_str(s, "<g class=\"compass\">\n");
    arrow(s, x, y, x + 26.0, y, "#444444", 1.2, 6.0);
    arrow(s, x, y, x, y - 26.0, "#444444", 1.2, 6.0);
    text(s, x + 30.0, y + 4.0, "start", "#444444", " font-size=\"10\"", "x");
    text(s, x, y - 30.0, "middle", "#444444", " font-size=\"10\"", "y");
    put_str(s, "</g>\n");
}

/* One legend entry: a swatch (line, dashed line, arrow, bar or dot) and its text. */
static void legend_entry(sink *s, double x, double y, const char *kind, const char *color, const char *what)
{
    if (strcmp(kind, "dot") == 0) {
        emit(s, "<circle cx=\"%p\" cy=\"%p\" r=\"4.5\" fill=\"%s\"/>\n", x + 14.0, y - 4.0, color);
    } else if (strcmp(kind, "arrow") == 0) {
        arrow(s, x, y - 4.0, x + 28.0, y - 4.0, color, 2.5, 9.0);
    } else if (strcmp(kind, "fill") == 0) {
        emit(s, "<rect x=\"%p\" y=\"%p\" width=\"28\" height=\"12\" fill=\"%s\" fill-opacity=\"0.18\" stroke=\"%s\" stroke-width=\"2\"/>\n",
             x, y - 10.0, color, color);
    } else {
        line(s, x, y - 4.0, x + 28.0, y - 4.0, color, strcmp(kind, "bar") == 0 ? 4.0 : 2.0,
             strcmp(kind, "dash") == 0 ? " stroke-dasharray=\"7 4\"" : "");
    }
    text(s, x + 36.0, y, "start", "#222222", " font-size=\"11\"", what);
}

static void draw_legend(sink *s, const view *v, const scene *sc)
{
    bool circle = sc->b_count == 0;
    static const struct { const char *kind, *color, *what; } entries[] = {
        {"fill", COLOR_A, "shape A, its interval"},
        {"fill", COLOR_B, "shape B, its interval"},
        {"line", COLOR_SEPARATING, "separating axis"},
        {"line", COLOR_OVERLAPPING, "overlapping axis"},
        {"line", COLOR_CHOSEN, "chosen axis (max separation)"},
        {"arrow", COLOR_MTV, "MTV (push B out)"},
        {"bar", COLOR_REFERENCE, "reference edge"},
        {"dash", COLOR_INCIDENT, "incident edge"},
        {"dot", COLOR_CONTACT, "contact point, depth d"},
        {"dash", "#777777", "start (fine) / end (coarse)"},
        {"arrow", COLOR_TOI, "first contact, normal"},
    };
    double col = (v->width - 24.0) / 3.0;
    put_str(s, "<g class=\"legend\">\n");
    emit(s, "<rect x=\"6\" y=\"%p\" width=\"%p\" height=\"%p\" fill=\"#f7f7f7\" stroke=\"#dddddd\"/>\n",
         v->scene_bottom + 2.0, v->width - 12.0, 6.0 + 24.0 * v->legend_rows);
    int slot = 0;
    for (size_t i = 0; i < sizeof entries / sizeof entries[0]; ++i) {
        if (circle && (i == 6 || i == 7)) continue; /* no faces in a polygon-circle picture */
        if (!sc->sweep && i >= 9) continue;
        if (sc->sweep && i == 5) continue; /* no MTV drawn in a sweep */
        legend_entry(s, 14.0 + col * (slot % 3), v->scene_bottom + 24.0 + 24.0 * (slot / 3), entries[i].kind,
                     entries[i].color, entries[i].what);
        ++slot;
    }
    put_str(s, "</g>\n");
}

static void render(sink *s, const scene *sc, const satcd_draw_style *style_or_null)
{
    satcd_draw_style style = style_or_null != NULL ? *style_or_null : satcd_draw_style_default();
    view v = make_view(sc, &style);
    emit(s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%p\" height=\"%p\" viewBox=\"0 0 %p %p\" "
            "font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\" font-size=\"12\">\n",
         v.width, v.height, v.width, v.height);
    emit(s, "<rect class=\"background\" x=\"0\" y=\"0\" width=\"%p\" height=\"%p\" fill=\"white\"/>\n", v.width,
         v.height);
    draw_caption(s, &v, sc, style.title);
    if (v.axes) {
        put_str(s, "<g class=\"axes\">\n");
        for (int k = 0; k < sc->axis_count; ++k) {
            if (k != sc->chosen) draw_axis(s, &v, sc, k);
        }
        if (sc->chosen >= 0) draw_axis(s, &v, sc, sc->chosen); /* on top */
        put_str(s, "</g>\n");
    }
    draw_polygon(s, &v, sc->av, sc->an, sc->a_count, "A", COLOR_A);
    if (sc->b_count > 0) draw_polygon(s, &v, sc->bv, sc->bn, sc->b_count, "B", COLOR_B);
    else draw_circle(s, &v, sc->b_center, sc->b_radius, "B", COLOR_B);
    if (sc->sweep) draw_sweep(s, &v, sc);
    draw_faces(s, &v, sc);
    draw_mtv(s, &v, sc);
    put_str(s, "<g class=\"contacts\">\n");
    draw_contacts(s, &v, sc);
    put_str(s, "</g>\n");
    draw_compass(s, &v);
    if (v.legend) draw_legend(s, &v, sc);
    put_str(s, "</svg>\n");
}

/* ------------------------------------------------------------ public API */

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
    scene_from_trace(&sc, trace, a, xa, b, xb);
    render(&s, &sc, style);
    return finish_buffer(&s);
}

bool satcd_draw_trace_svg_file(const satcd_trace *trace, const satcd_polygon *a, satcd_xf xa,
                               const satcd_polygon *b, satcd_xf xb, const satcd_draw_style *style, FILE *file)
{
    if (file == NULL || !trace_args(trace, a, b)) return false;
    sink s = {NULL, 0, 0, file, false};
    scene sc;
    scene_from_trace(&sc, trace, a, xa, b, xb);
    render(&s, &sc, style);
    return !s.failed;
}

size_t satcd_draw_polygon_circle_svg(const satcd_polygon *a, satcd_xf xa, const satcd_circle *b, satcd_xf xb,
                                     const satcd_draw_style *style, char *buf, size_t cap)
{
    sink s = {buf, buf != NULL ? cap : 0, 0, NULL, false};
    if (s.cap > 0) buf[0] = '\0';
    if (!satcd_polygon_is_valid(a) || !satcd_circle_is_valid(b)) return 0;
    scene sc;
    scene_from_polygon_circle(&sc, a, xa, b, xb);
    render(&s, &sc, style);
    return finish_buffer(&s);
}

bool satcd_draw_polygon_circle_svg_file(const satcd_polygon *a, satcd_xf xa, const satcd_circle *b, satcd_xf xb,
                                        const satcd_draw_style *style, FILE *file)
{
    if (file == NULL || !satcd_polygon_is_valid(a) || !satcd_circle_is_valid(b)) return false;
    sink s = {NULL, 0, 0, file, false};
    scene sc;
    scene_from_polygon_circle(&sc, a, xa, b, xb);
    render(&s, &sc, style);
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
    if (!scene_from_sweep(&sc, &t, a, xa, va, b, xb, vb)) return 0;
    render(&s, &sc, style);
    return finish_buffer(&s);
}

bool satcd_draw_sweep_svg_file(const satcd_polygon *a, satcd_xf xa, satcd_vec2 va, const satcd_polygon *b,
                               satcd_xf xb, satcd_vec2 vb, const satcd_draw_style *style, FILE *file)
{
    if (file == NULL || !satcd_polygon_is_valid(a) || !satcd_polygon_is_valid(b)) return false;
    sink s = {NULL, 0, 0, file, false};
    scene sc;
    satcd_trace t;
    if (!scene_from_sweep(&sc, &t, a, xa, va, b, xb, vb)) return false;
    render(&s, &sc, style);
    return !s.failed;
}
