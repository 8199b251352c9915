/*
 * Layout: the scene's bounds, with room for the candidate axes drawn on
 * rings around the shapes, scaled to the picture width. World y grows
 * upward, picture y downward.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "view.h"

typedef struct bounds { double lo_x, lo_y, hi_x, hi_y; } bounds;

static void grow(bounds *b, satcd_vec2 p)
{
    b->lo_x = p.x < b->lo_x ? p.x : b->lo_x;
    b->lo_y = p.y < b->lo_y ? p.y : b->lo_y;
    b->hi_x = p.x > b->hi_x ? p.x : b->hi_x;
    b->hi_y = p.y > b->hi_y ? p.y : b->hi_y;
}

static void grow_disc(bounds *b, satcd_vec2 c, float r)
{
    grow(b, satcd_v2(c.x - r, c.y - r));
    grow(b, satcd_v2(c.x + r, c.y + r));
}

static bounds shape_bounds(const scene *sc)
{
    bounds b = {DBL_MAX, DBL_MAX, -DBL_MAX, -DBL_MAX};
    for (int i = 0; i < sc->a_count; ++i) grow(&b, sc->av[i]);
    for (int i = 0; i < sc->b_count; ++i) grow(&b, sc->bv[i]);
    for (int e = 0; sc->a_round && e < 2; ++e) grow_disc(&b, sc->a_core[e], sc->a_radius);
    if (sc->b_pieces > 0) {
        satcd_aabb box = satcd_compound_aabb(sc->b_compound, sc->b_xf);
        grow(&b, box.lower);
        grow(&b, box.upper);
    }
    if (sc->b_capsule) {
        grow_disc(&b, sc->b_core[0], sc->b_radius);
        grow_disc(&b, sc->b_core[1], sc->b_radius);
    } else if (sc->b_count == 0 && sc->b_pieces == 0) {
        grow_disc(&b, sc->b_center, sc->b_radius);
    }
    for (int g = 0; g < 4; ++g) {
        for (int i = 0; i < sc->ghost_count[g]; ++i) grow(&b, sc->ghost[g][i]);
    }
    for (int g = 0; g < 4; ++g) {
        float radius = g % 2 == 0 ? sc->a_radius : sc->b_radius;
        for (int e = 0; sc->ghost_round[g] && e < 2; ++e) grow_disc(&b, sc->ghost_core[g][e], radius);
    }
    for (int i = 0; i < sc->manifold.count; ++i) grow(&b, sc->manifold.points[i].point);
    for (int i = 0; sc->mtv.hit && i < sc->manifold.count; ++i)
        grow(&b, satcd_mul_add(sc->manifold.points[i].point, sc->mtv.depth, sc->mtv.normal));
    if (sc->mtv.hit) grow(&b, satcd_mul_add(sc->b_center, sc->mtv.depth, sc->mtv.normal));
    return b;
}

/* World end points of axis k's drawn segment: its span covers both intervals. */
void satcd__axis_segment(const view *v, const scene_axis *ax, int k, satcd_vec2 *p0, satcd_vec2 *p1)
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
satcd_vec2 satcd__axis_point(const view *v, const scene_axis *ax, int k, float t, double side)
{
    float c = satcd_dot(v->center, ax->n);
    float ring = v->ring0 + (float)k * v->ring_step + (float)(side / v->scale);
    satcd_vec2 base = satcd_mul_add(v->center, ring, satcd_left_perp(ax->n));
    return satcd_mul_add(base, t - c, ax->n);
}

view satcd__view_make(const scene *sc, const satcd_draw_style *st)
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
            satcd__axis_segment(&v, &sc->axes[k], k, &p0, &p1);
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
