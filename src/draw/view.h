/*
 * A picture's layout: where the scene lies in pixels and where each
 * candidate axis is drawn (view.c).
 */
#ifndef SATCD_DRAW_VIEW_H
#define SATCD_DRAW_VIEW_H

#include <satcd/draw.h>

#include "scene.h"

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

/* The layout of scene sc drawn in style st. */
view satcd__view_make(const scene *sc, const satcd_draw_style *st);

/* World end points of axis k's drawn segment: its span covers both intervals. */
void satcd__axis_segment(const view *v, const scene_axis *ax, int k, satcd_vec2 *p0, satcd_vec2 *p1);

/* World point at coordinate t on axis k, shifted sideways by `side` pixels. */
satcd_vec2 satcd__axis_point(const view *v, const scene_axis *ax, int k, float t, double side);

/* Picture coordinates of a world point. */
static inline double px(const view *v, satcd_vec2 p) { return v->left + ((double)p.x - v->min_x) * v->scale; }
static inline double py(const view *v, satcd_vec2 p) { return v->top + (v->max_y - (double)p.y) * v->scale; }

#endif /* SATCD_DRAW_VIEW_H */
