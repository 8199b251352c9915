/*
 * Rendering: a scene mapped to picture coordinates and written as SVG, one
 * labelled group per shape, candidate axis and contact, with a caption, a
 * compass and a legend.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render.h"
#include "view.h"

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
#define COLOR_CLOSEST "#444444"

static void line(sink *s, double x0, double y0, double x1, double y1, const char *color, double width,
                 const char *extra)
{
    satcd__emit(s, "<line x1=\"%p\" y1=\"%p\" x2=\"%p\" y2=\"%p\" stroke=\"%s\" stroke-width=\"%p\"%s/>\n",
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
    satcd__emit(s, "<polygon points=\"%p,%p %p,%p %p,%p\" fill=\"%s\"/>\n", x1, y1, bx - 0.45 * h * uy,
         by + 0.45 * h * ux, bx + 0.45 * h * uy, by - 0.45 * h * ux, color);
}

static void text(sink *s, double x, double y, const char *anchor, const char *color, const char *extra,
                 const char *content)
{
    satcd__emit(s, "<text x=\"%p\" y=\"%p\" text-anchor=\"%s\" fill=\"%s\"%s>%e</text>\n", x, y, anchor, color, extra,
         content);
}

static const char *axis_color(const scene *sc, int k)
{
    if (k == sc->chosen) return COLOR_CHOSEN;
    return sc->axes[k].separation > 0.0f ? COLOR_SEPARATING : COLOR_OVERLAPPING;
}

static label axis_name(const scene_axis *ax)
{
    if (ax->vertex) return satcd__label("vA%d", ax->feature);
    return satcd__label("%s%d", ax->shape == 0 ? "A" : "B", ax->feature);
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
    satcd__emit(s, "<g class=\"axis %s%s\" data-shape=\"%s\" data-edge=\"%d\" data-vertex=\"%s\" data-separation=\"%v\">\n",
         ax->separation > 0.0f ? "separating" : "overlapping", chosen ? " chosen" : "", ax->shape == 0 ? "A" : "B",
         ax->feature, ax->vertex ? "true" : "false", (double)ax->separation);
    satcd_vec2 p0, p1;
    satcd__axis_segment(v, ax, k, &p0, &p1);
    arrow(s, px(v, p0), py(v, p0), px(v, p1), py(v, p1), color, chosen ? 2.2 : 1.1, chosen ? 10.0 : 7.0);
    /* A's interval on the side toward the shapes, B's on the far side, so an overlap shows as two parallel bars. */
    satcd_vec2 a0 = satcd__axis_point(v, ax, k, ax->a_min, -3.0), a1 = satcd__axis_point(v, ax, k, ax->a_max, -3.0);
    satcd_vec2 b0 = satcd__axis_point(v, ax, k, ax->b_min, 3.0), b1 = satcd__axis_point(v, ax, k, ax->b_max, 3.0);
    line(s, px(v, a0), py(v, a0), px(v, a1), py(v, a1), COLOR_A, 4.0, " stroke-opacity=\"0.85\"");
    line(s, px(v, b0), py(v, b0), px(v, b1), py(v, b1), COLOR_B, 4.0, " stroke-opacity=\"0.85\"");
    if (v->labels) {
        /* Parallel axes sit on neighbouring rings with their tips side by side: label every other one at its tail. */
        bool tail = parallel_rank(sc, k) % 2 == 1;
        satcd_vec2 at = tail ? p0 : p1, out = tail ? satcd_neg(ax->n) : ax->n;
        label l = satcd__label("%s %v", name.text, (double)ax->separation);
        double tx = px(v, at) + 8.0 * out.x, ty = py(v, at) - 8.0 * out.y + 4.0;
        const char *anchor = out.x > 0.3f ? "start" : (out.x < -0.3f ? "end" : "middle");
        text(s, tx, ty, anchor, color, chosen ? " font-weight=\"bold\" font-size=\"11\"" : " font-size=\"10\"", l.text);
    }
    satcd__put_str(s, "</g>\n");
}

static satcd_vec2 mean_point(const satcd_vec2 *v, int n)
{
    satcd_vec2 sum = satcd_v2(0.0f, 0.0f);
    for (int i = 0; i < n; ++i) sum = satcd_add(sum, v[i]);
    return satcd_scale(1.0f / (float)n, sum);
}

static void draw_polygon(sink *s, const view *v, const satcd_vec2 *pts, const satcd_vec2 *normals, int n,
                         const char *name, const char *color)
{
    satcd__emit(s, "<g class=\"shape\" data-shape=\"%s\">\n<polygon points=\"", name);
    for (int i = 0; i < n; ++i) satcd__emit(s, "%s%p,%p", i ? " " : "", px(v, pts[i]), py(v, pts[i]));
    satcd__emit(s, "\" fill=\"%s\" fill-opacity=\"0.18\" stroke=\"%s\" stroke-width=\"2\" stroke-linejoin=\"round\"/>\n",
         color, color);
    satcd_vec2 c = mean_point(pts, n);
    for (int i = 0; i < n; ++i) {
        double x = px(v, pts[i]), y = py(v, pts[i]);
        satcd__emit(s, "<circle cx=\"%p\" cy=\"%p\" r=\"3\" fill=\"%s\"/>\n", x, y, color);
        if (v->normals) {
            satcd_vec2 mid = satcd_lerp(pts[i], pts[(i + 1) % n], 0.5f);
            double mx = px(v, mid), my = py(v, mid);
            arrow(s, mx, my, mx + 20.0 * normals[i].x, my - 20.0 * normals[i].y, color, 1.2, 6.0);
        }
        if (v->labels) {
            satcd_vec2 out = satcd_normalize(satcd_sub(pts[i], c));
            label l = satcd__label("%d", i);
            text(s, x + 11.0 * out.x, y - 11.0 * out.y + 3.5, "middle", color, " font-size=\"10\"", l.text);
        }
    }
    text(s, px(v, c), py(v, c) + 6.0, "middle", color, " font-size=\"18\" font-weight=\"bold\"", name);
    satcd__put_str(s, "</g>\n");
}

static void draw_circle(sink *s, const view *v, satcd_vec2 c, float r, const char *name, const char *color)
{
    satcd__emit(s, "<g class=\"shape\" data-shape=\"%s\" data-kind=\"circle\" data-radius=\"%v\">\n", name, (double)r);
    satcd__emit(s, "<circle cx=\"%p\" cy=\"%p\" r=\"%p\" fill=\"%s\" fill-opacity=\"0.18\" stroke=\"%s\" stroke-width=\"2\"/>\n",
         px(v, c), py(v, c), (double)r * v->scale, color, color);
    satcd__emit(s, "<circle cx=\"%p\" cy=\"%p\" r=\"3\" fill=\"%s\"/>\n", px(v, c), py(v, c), color);
    text(s, px(v, c), py(v, c) - 8.0, "middle", color, " font-size=\"18\" font-weight=\"bold\"", name);
    satcd__put_str(s, "</g>\n");
}

/*
 * The outline of the capsule around p1-p2 (picture path: both sides and the
 * two end arcs; a line for a segment, a circle for a disc) with `attrs`.
 */
static void capsule_outline(sink *s, const view *v, satcd_vec2 p1, satcd_vec2 p2, float radius, const char *attrs)
{
    double x1 = px(v, p1), y1 = py(v, p1), x2 = px(v, p2), y2 = py(v, p2), r = (double)radius * v->scale;
    double dx = x2 - x1, dy = y2 - y1, len = sqrt(dx * dx + dy * dy);
    if (!(len > 1e-9)) {
        satcd__emit(s, "<circle cx=\"%p\" cy=\"%p\" r=\"%p\"%s/>\n", x1, y1, r, attrs);
        return;
    }
    if (!(r > 0.0)) {
        satcd__emit(s, "<line x1=\"%p\" y1=\"%p\" x2=\"%p\" y2=\"%p\"%s/>\n", x1, y1, x2, y2, attrs);
        return;
    }
    /* Side offsets along the picture normal; each end arc, drawn with sweep flag 0, bulges away from the other end. */
    double nx = -dy / len * r, ny = dx / len * r;
    satcd__emit(s, "<path d=\"M %p %p L %p %p A %p %p 0 0 0 %p %p L %p %p A %p %p 0 0 0 %p %p Z\"%s/>\n", x1 + nx,
                y1 + ny, x2 + nx, y2 + ny, r, r, x2 - nx, y2 - ny, x1 - nx, y1 - ny, r, r, x1 + nx, y1 + ny, attrs);
}

static void draw_capsule(sink *s, const view *v, const satcd_vec2 *c, float radius, const char *name, const char *color)
{
    satcd__emit(s, "<g class=\"shape\" data-shape=\"%s\" data-kind=\"capsule\" data-radius=\"%v\">\n", name,
                (double)radius);
    char attrs[160];
    snprintf(attrs, sizeof attrs, " fill=\"%s\" fill-opacity=\"0.18\" stroke=\"%s\" stroke-width=\"2\"", color, color);
    capsule_outline(s, v, c[0], c[1], radius, attrs);
    line(s, px(v, c[0]), py(v, c[0]), px(v, c[1]), py(v, c[1]), color, 1.0, " stroke-dasharray=\"4 3\" class=\"core\"");
    for (int e = 0; e < 2; ++e) {
        satcd__emit(s, "<circle cx=\"%p\" cy=\"%p\" r=\"3\" fill=\"%s\"/>\n", px(v, c[e]), py(v, c[e]), color);
        if (v->labels) {
            satcd_vec2 out = satcd_normalize(satcd_sub(c[e], c[1 - e]));
            label l = satcd__label("p%d", e + 1);
            text(s, px(v, c[e]) + 11.0 * out.x, py(v, c[e]) - 11.0 * out.y + 3.5, "middle", color, " font-size=\"10\"", l.text);
        }
    }
    satcd_vec2 mid = satcd_lerp(c[0], c[1], 0.5f);
    text(s, px(v, mid), py(v, mid) - 8.0, "middle", color, " font-size=\"18\" font-weight=\"bold\"", name);
    satcd__put_str(s, "</g>\n");
}

/* A circle or a capsule: a circle when both ends of the core are one point. */
static void draw_round(sink *s, const view *v, const satcd_vec2 *core, float radius, const char *name, const char *color)
{
    if (core[0].x == core[1].x && core[0].y == core[1].y) draw_circle(s, v, core[0], radius, name, color);
    else draw_capsule(s, v, core, radius, name, color);
}

static void draw_a(sink *s, const view *v, const scene *sc)
{
    if (sc->a_round) draw_round(s, v, sc->a_core, sc->a_radius, "A", COLOR_A);
    else draw_polygon(s, v, sc->av, sc->an, sc->a_count, "A", COLOR_A);
}

/* Piece k of compound B, named Bk, drawn in its own shape where the compound places it. */
static void draw_piece(sink *s, const view *v, const scene *sc, int k)
{
    const satcd_shape *piece = &sc->b_compound->shapes[k];
    satcd_xf xf = satcd__piece_xf(sc->b_compound, sc->b_xf, k);
    label name = satcd__label("B%d", k);
    if (piece->type == SATCD_SHAPE_POLYGON) {
        satcd_vec2 pts[MAX_V], normals[MAX_V];
        satcd__place_polygon(piece->polygon, xf, pts, normals);
        draw_polygon(s, v, pts, normals, piece->polygon->count, name.text, COLOR_B);
    } else if (piece->type == SATCD_SHAPE_CIRCLE) {
        draw_circle(s, v, satcd_xf_point(xf, piece->circle.center), piece->circle.radius, name.text, COLOR_B);
    } else {
        satcd_vec2 core[2] = {satcd_xf_point(xf, piece->capsule.p1), satcd_xf_point(xf, piece->capsule.p2)};
        draw_capsule(s, v, core, piece->capsule.radius, name.text, COLOR_B);
    }
}

static void draw_b(sink *s, const view *v, const scene *sc)
{
    for (int k = 0; k < sc->b_pieces; ++k) draw_piece(s, v, sc, k);
    if (sc->b_pieces > 0) return;
    if (sc->b_count > 0) draw_polygon(s, v, sc->bv, sc->bn, sc->b_count, "B", COLOR_B);
    else if (sc->b_capsule) draw_capsule(s, v, sc->b_core, sc->b_radius, "B", COLOR_B);
    else draw_circle(s, v, sc->b_center, sc->b_radius, "B", COLOR_B);
}

/* The closest points of a pair that is apart, joined, with the distance. */
static void draw_closest(sink *s, const view *v, const scene *sc)
{
    if (!sc->closest) return;
    satcd_vec2 a = sc->closest_a, b = sc->closest_b;
    satcd__emit(s, "<g class=\"distance\" data-distance=\"%v\">\n", (double)sc->separation);
    line(s, px(v, a), py(v, a), px(v, b), py(v, b), COLOR_CLOSEST, 1.5, " stroke-dasharray=\"3 3\"");
    for (int k = 0; k < 2; ++k) {
        satcd_vec2 p = k == 0 ? a : b;
        satcd__emit(s, "<circle cx=\"%p\" cy=\"%p\" r=\"3.5\" fill=\"white\" stroke=\"%s\" stroke-width=\"1.5\"/>\n",
                    px(v, p), py(v, p), COLOR_CLOSEST);
    }
    if (v->labels) {
        satcd_vec2 mid = satcd_lerp(a, b, 0.5f);
        label l = satcd__label("distance %v", (double)sc->separation);
        text(s, px(v, mid) + 8.0, py(v, mid) - 6.0, "start", COLOR_CLOSEST, " font-size=\"11\" font-weight=\"bold\"", l.text);
    }
    satcd__put_str(s, "</g>\n");
}

static void draw_faces(sink *s, const view *v, const scene *sc)
{
    if (!sc->faces) return;
    satcd__put_str(s, "<g class=\"faces\">\n");
    line(s, px(v, sc->ref1), py(v, sc->ref1), px(v, sc->ref2), py(v, sc->ref2), COLOR_REFERENCE, 5.0,
         " stroke-opacity=\"0.75\" stroke-linecap=\"round\" class=\"reference\"");
    line(s, px(v, sc->inc1), py(v, sc->inc1), px(v, sc->inc2), py(v, sc->inc2), COLOR_INCIDENT, 5.0,
         " stroke-opacity=\"0.75\" stroke-dasharray=\"7 4\" class=\"incident\"");
    satcd__put_str(s, "</g>\n");
}

static void draw_mtv(sink *s, const view *v, const scene *sc)
{
    if (!sc->mtv.hit || sc->sweep) return; /* at a time of impact the depth is only rounding */
    /* From the contacts when there are some (they show where the push acts), else from B's centre. */
    satcd_vec2 from = sc->b_center;
    if (sc->manifold.count == 2) from = satcd_lerp(sc->manifold.points[0].point, sc->manifold.points[1].point, 0.5f);
    else if (sc->manifold.count == 1) from = sc->manifold.points[0].point;
    satcd_vec2 to = satcd_mul_add(from, sc->mtv.depth, sc->mtv.normal);
    satcd__emit(s, "<g class=\"mtv\" data-depth=\"%v\">\n", (double)sc->mtv.depth);
    arrow(s, px(v, from), py(v, from), px(v, to), py(v, to), COLOR_MTV, 3.0, 12.0);
    if (v->labels) {
        label l = satcd__label("MTV %v", (double)sc->mtv.depth);
        satcd_vec2 n = sc->mtv.normal;
        const char *anchor = n.y > 0.3f || n.y < -0.3f ? "start" : (n.x > 0.0f ? "start" : "end");
        double tx = px(v, to) + (n.y > 0.3f || n.y < -0.3f ? 8.0 : 6.0 * n.x);
        double ty = py(v, to) - 6.0 * n.y + (n.y < -0.3f ? 10.0 : (n.y > 0.3f ? 0.0 : -6.0));
        text(s, tx, ty, anchor, COLOR_MTV, " font-size=\"12\" font-weight=\"bold\"", l.text);
    }
    satcd__put_str(s, "</g>\n");
}

/* The contacts of manifold m, numbered from first. */
static void draw_manifold(sink *s, const view *v, const scene *sc, const satcd_manifold *m, int first)
{
    for (int i = 0; i < m->count; ++i) {
        const satcd_contact *c = &m->points[i];
        satcd__emit(s, "<g class=\"contact\" data-index=\"%d\" data-depth=\"%v\" data-id=\"%x\">\n", first + i,
                    (double)c->depth, (unsigned)c->id);
        /* Dotted depth bar from the incident point to the reference face it lies behind (known for polygon pairs). */
        if (!sc->any_kinds) {
            float toward_face = sc->reference_is_b ? -c->depth : c->depth;
            satcd_vec2 face = satcd_mul_add(c->point, toward_face, m->normal);
            line(s, px(v, c->point), py(v, c->point), px(v, face), py(v, face), COLOR_CONTACT, 1.5,
                 " stroke-dasharray=\"2 2\"");
        }
        satcd__emit(s, "<circle cx=\"%p\" cy=\"%p\" r=\"4.5\" fill=\"%s\" stroke=\"white\" stroke-width=\"1.5\"/>\n",
             px(v, c->point), py(v, c->point), COLOR_CONTACT);
        if (v->labels) {
            /* Label beside the point, away from the other contact, along the reference face. */
            satcd_vec2 side = satcd_left_perp(m->normal);
            if (m->count == 2) {
                satcd_vec2 other = m->points[1 - i].point;
                satcd_vec2 away = satcd_normalize(satcd_sub(c->point, other));
                if (satcd_length_sq(away) > 0.0f) side = away;
            }
            label l = satcd__label("d=%v", (double)c->depth);
            const char *anchor = side.x > 0.3f ? "start" : (side.x < -0.3f ? "end" : "middle");
            text(s, px(v, c->point) + 9.0 * side.x, py(v, c->point) - 12.0 * side.y + 4.0, anchor, COLOR_CONTACT,
                 " font-size=\"10\" font-weight=\"bold\"", l.text);
        }
        satcd__put_str(s, "</g>\n");
    }
}

static void draw_contacts(sink *s, const view *v, const scene *sc)
{
    draw_manifold(s, v, sc, &sc->manifold, 0);
    for (int k = 0, first = sc->manifold.count; k < sc->piece_manifold_count; ++k) {
        draw_manifold(s, v, sc, &sc->piece_manifolds[k], first);
        first += sc->piece_manifolds[k].count;
    }
}

/* Start and end outlines (dashed), the centroids' paths, and the first contact with its normal. */
static void draw_sweep(sink *s, const view *v, const scene *sc)
{
    static const char *colors[4] = {COLOR_A, COLOR_B, COLOR_A, COLOR_B};
    satcd__put_str(s, "<g class=\"motion\">\n");
    for (int g = 0; g < 4; ++g) {
        if (sc->ghost_count[g] == 0) continue;
        satcd__put_str(s, "<polygon points=\"");
        for (int i = 0; i < sc->ghost_count[g]; ++i)
            satcd__emit(s, "%s%p,%p", i ? " " : "", px(v, sc->ghost[g][i]), py(v, sc->ghost[g][i]));
        satcd__emit(s, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.3\" stroke-opacity=\"0.6\" stroke-dasharray=\"%s\"/>\n",
             colors[g], g < 2 ? "2 3" : "7 4");
    }
    for (int g = 0; g < 4; ++g) {
        if (!sc->ghost_round[g]) continue;
        char attrs[160];
        snprintf(attrs, sizeof attrs, " fill=\"none\" stroke=\"%s\" stroke-width=\"1.3\" stroke-opacity=\"0.6\" stroke-dasharray=\"%s\"",
                 colors[g], g < 2 ? "2 3" : "7 4");
        capsule_outline(s, v, sc->ghost_core[g][0], sc->ghost_core[g][1], g % 2 == 0 ? sc->a_radius : sc->b_radius,
                        attrs);
    }
    for (int k = 0; k < 2; ++k) {
        satcd_vec2 p0 = sc->path[k][0], p1 = sc->path[k][1];
        arrow(s, px(v, p0), py(v, p0), px(v, p1), py(v, p1), k == 0 ? COLOR_A : COLOR_B, 1.2, 8.0);
    }
    satcd__put_str(s, "</g>\n");
    satcd__emit(s, "<g class=\"toi\" data-hit=\"%s\" data-t=\"%v\">\n", sc->toi.hit ? "true" : "false", (double)sc->toi.t);
    if (sc->toi.hit) {
        double x = px(v, sc->toi.point), y = py(v, sc->toi.point);
        arrow(s, x, y, x + 36.0 * sc->toi.normal.x, y - 36.0 * sc->toi.normal.y, COLOR_TOI, 2.5, 9.0);
        satcd__emit(s, "<polygon points=\"%p,%p %p,%p %p,%p %p,%p\" fill=\"%s\" stroke=\"white\" stroke-width=\"1\"/>\n", x,
             y - 7.0, x + 7.0, y, x, y + 7.0, x - 7.0, y, COLOR_TOI);
        if (v->labels) {
            label l = satcd__label("t=%v", (double)sc->toi.t);
            text(s, x - 10.0, y - 10.0, "end", COLOR_TOI, " font-size=\"12\" font-weight=\"bold\"", l.text);
        }
    }
    satcd__put_str(s, "</g>\n");
}

/* Contacts of the pair: its manifold's, or those of every piece pair of a compound. */
static int contact_count(const scene *sc)
{
    int n = sc->manifold.count;
    for (int k = 0; k < sc->piece_manifold_count; ++k) n += sc->piece_manifolds[k].count;
    return n;
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
    int contacts = contact_count(sc);
    if (sc->sweep && sc->toi.hit) {
        l = satcd__label("sweep: first contact at t = %v, normal (%r, %r); drawn at that time", (double)sc->toi.t,
                       (double)sc->toi.normal.x, (double)sc->toi.normal.y);
    } else if (sc->sweep) {
        l = satcd__label("sweep: no contact for t in [0, 1]; drawn at t = 0, separation %v", (double)sc->separation);
    } else if (sc->mtv.hit) {
        l = satcd__label("%s: separation %v, MTV %v along (%r, %r), %d contact%s%s", relation_word(sc->separation),
                       (double)sc->separation, (double)sc->mtv.depth, (double)sc->mtv.normal.x,
                       (double)sc->mtv.normal.y, contacts, contacts == 1 ? "" : "s",
                       sc->mtv.b_in_a ? ", B inside A" : (sc->mtv.a_in_b ? ", A inside B" : ""));
    } else {
        l = satcd__label("%s: separation %v, %d contact%s", relation_word(sc->separation), (double)sc->separation,
                       contacts, contacts == 1 ? "" : "s");
    }
    text(s, 12.0, y, "start", "#222222", " font-size=\"13\" class=\"summary\"", l.text);
    (void)v;
}

/* Compass showing that world +y is up on the picture. */
static void draw_compass(sink *s, const view *v)
{
    double x = v->width - 40.0, y = v->scene_bottom - 14.0;
    satcd__put_str(s, "<g class=\"compass\">\n");
    arrow(s, x, y, x + 26.0, y, "#444444", 1.2, 6.0);
    arrow(s, x, y, x, y - 26.0, "#444444", 1.2, 6.0);
    text(s, x + 30.0, y + 4.0, "start", "#444444", " font-size=\"10\"", "x");
    text(s, x, y - 30.0, "middle", "#444444", " font-size=\"10\"", "y");
    satcd__put_str(s, "</g>\n");
}

/* One legend entry: a swatch (line, dashed line, arrow, bar or dot) and its text. */
static void legend_entry(sink *s, double x, double y, const char *kind, const char *color, const char *what)
{
    if (strcmp(kind, "dot") == 0) {
        satcd__emit(s, "<circle cx=\"%p\" cy=\"%p\" r=\"4.5\" fill=\"%s\"/>\n", x + 14.0, y - 4.0, color);
    } else if (strcmp(kind, "arrow") == 0) {
        arrow(s, x, y - 4.0, x + 28.0, y - 4.0, color, 2.5, 9.0);
    } else if (strcmp(kind, "fill") == 0) {
        satcd__emit(s, "<rect x=\"%p\" y=\"%p\" width=\"28\" height=\"12\" fill=\"%s\" fill-opacity=\"0.18\" stroke=\"%s\" stroke-width=\"2\"/>\n",
             x, y - 10.0, color, color);
    } else {
        line(s, x, y - 4.0, x + 28.0, y - 4.0, color, strcmp(kind, "bar") == 0 ? 4.0 : 2.0,
             strcmp(kind, "dash") == 0 ? " stroke-dasharray=\"7 4\"" : "");
    }
    text(s, x + 36.0, y, "start", "#222222", " font-size=\"11\"", what);
}

static void draw_legend(sink *s, const view *v, const scene *sc)
{
    bool circle = sc->b_count == 0 || sc->any_kinds; /* or a capsule, or any pair of kinds: no faces either */
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
        {"dash", COLOR_CLOSEST, "closest points, distance"},
    };
    double col = (v->width - 24.0) / 3.0;
    satcd__put_str(s, "<g class=\"legend\">\n");
    satcd__emit(s, "<rect x=\"6\" y=\"%p\" width=\"%p\" height=\"%p\" fill=\"#f7f7f7\" stroke=\"#dddddd\"/>\n",
         v->scene_bottom + 2.0, v->width - 12.0, 6.0 + 24.0 * v->legend_rows);
    int slot = 0;
    for (size_t i = 0; i < sizeof entries / sizeof entries[0]; ++i) {
        if (circle && (i == 6 || i == 7)) continue; /* no faces in a polygon-circle picture */
        if (sc->any_kinds && i >= 2 && i <= 4) continue; /* nor candidate axes for a pair of any kinds */
        if (i == 11 ? !sc->closest : !sc->sweep && i >= 9) continue;
        if (sc->sweep && i == 5) continue; /* no MTV drawn in a sweep */
        legend_entry(s, 14.0 + col * (slot % 3), v->scene_bottom + 24.0 + 24.0 * (slot / 3), entries[i].kind,
                     entries[i].color, entries[i].what);
        ++slot;
    }
    satcd__put_str(s, "</g>\n");
}

void satcd__render(sink *s, const scene *sc, const satcd_draw_style *style_or_null)
{
    satcd_draw_style style = style_or_null != NULL ? *style_or_null : satcd_draw_style_default();
    view v = satcd__view_make(sc, &style);
    satcd__begin_document(s, v.width, v.height);
    draw_caption(s, &v, sc, style.title);
    if (v.axes) {
        satcd__put_str(s, "<g class=\"axes\">\n");
        for (int k = 0; k < sc->axis_count; ++k) {
            if (k != sc->chosen) draw_axis(s, &v, sc, k);
        }
        if (sc->chosen >= 0) draw_axis(s, &v, sc, sc->chosen); /* on top */
        satcd__put_str(s, "</g>\n");
    }
    draw_a(s, &v, sc);
    draw_b(s, &v, sc);
    if (sc->sweep) draw_sweep(s, &v, sc);
    draw_faces(s, &v, sc);
    draw_mtv(s, &v, sc);
    draw_closest(s, &v, sc);
    satcd__put_str(s, "<g class=\"contacts\">\n");
    draw_contacts(s, &v, sc);
    satcd__put_str(s, "</g>\n");
    draw_compass(s, &v);
    if (v.legend) draw_legend(s, &v, sc);
    satcd__put_str(s, "</svg>\n");
}
