/* Scalar reference backend: the definition every other backend must match bit for bit. */
#ifndef SATCD_SIMD_SCALAR_H
#define SATCD_SIMD_SCALAR_H

#include <float.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <satcd/vec2.h>

#include "kernel_types.h"
#include "scalar_xf.h"

static inline const char *satcd__simd_name(void) { return "scalar"; }

/* A search is a loop over the normals: a second one, run ahead, costs more than the mispredictions it saves. */
static inline bool satcd__simd_searches_ahead(void) { return false; }

static inline void satcd__simd_transform(const float *x, const float *y, int count, satcd_xf xf,
                                         float *ox, float *oy)
{
    for (int i = 0; i < count; ++i) {
        float px = x[i], py = y[i];
        ox[i] = (xf.q.c * px - xf.q.s * py) + xf.p.x;
        oy[i] = (xf.q.s * px + xf.q.c * py) + xf.p.y;
    }
}

static inline void satcd__simd_rotate(const float *x, const float *y, int count, satcd_rot q,
                                      float *ox, float *oy)
{
    for (int i = 0; i < count; ++i) {
        float px = x[i], py = y[i];
        ox[i] = q.c * px - q.s * py;
        oy[i] = q.s * px + q.c * py;
    }
}

/*
 * The axes in the points' frame: each normal turned by ax->q, and the
 * offset of its face line, for lanes [0, lanes) (lanes past ax->count read
 * the padding, copies of axis 0).
 */
static inline void kernel_place_axes(const satcd__axes *ax, int lanes, float *mx, float *my, float *off)
{
    for (int i = 0; i < lanes; ++i) {
        float nx = ax->nx[i], ny = ax->ny[i];
        mx[i] = ax->q.c * nx - ax->q.s * ny;
        my[i] = ax->q.s * nx + ax->q.c * ny;
        off[i] = (ax->px[i] - ax->t.x) * nx + (ax->py[i] - ax->t.y) * ny;
    }
}

/*
 * Every axis's minimum at once: the loop over points outside, the loop over
 * axes inside, so each axis keeps its own running minimum and the inner loop
 * has no dependence between iterations (a compiler runs it in vector lanes
 * where the target has them; the operations per lane are those of the
 * reference, and a minimum is exact in any order). The axes are rounded
 * up to four, the width of the narrowest vector unit (SSE2, NEON); the
 * padded lanes compute copies of axis 0. Every product is finite, so
 * starting from FLT_MAX changes no minimum. The offset is subtracted after
 * the minimum: rounding is monotonic, so min_j (a_j - o) == (min_j a_j) - o.
 */
static inline void kernel_axis_minima(const satcd__axes *ax, const float *vx, const float *vy, int vcount, float *low)
{
    int lanes = 4 * ((ax->count + 3) / 4);
    float mx[SATCD__SIMD_MAX_LANES], my[SATCD__SIMD_MAX_LANES], off[SATCD__SIMD_MAX_LANES];
    kernel_place_axes(ax, lanes, mx, my, off);
    low[0] = FLT_MAX; /* lanes >= 4: stated for the compiler, which cannot tell */
    for (int i = 0; i < lanes; ++i) low[i] = FLT_MAX;
    for (int j = 0; j < vcount; ++j) {
        float x = vx[j], y = vy[j];
        for (int i = 0; i < lanes; ++i) {
            float d = mx[i] * x + my[i] * y;
            low[i] = d < low[i] ? d : low[i];
        }
    }
    for (int i = 0; i < lanes; ++i) low[i] = (low[i] - off[i]) + 0.0f;
}

static inline int satcd__simd_edge_separations(const satcd__axes *ax, const float *vx, const float *vy, int vcount,
                                               float stop, float *out)
{
    float low[SATCD__SIMD_MAX_LANES];
    kernel_axis_minima(ax, vx, vy, vcount, low);
    for (int i = 0; i < ax->count; ++i) {
        out[i] = low[i];
        if (out[i] >= stop) return i + 1;
    }
    return ax->count;
}

static inline float satcd__simd_max_separation(const satcd__axes *ax, const float *vx, const float *vy, int vcount,
                                               float stop, int *axis)
{
    float low[SATCD__SIMD_MAX_LANES];
    kernel_axis_minima(ax, vx, vy, vcount, low);
    float best = low[0];
    int best_axis = 0;
    for (int i = 1; i < ax->count && best < stop; ++i) {
        best_axis = low[i] > best ? i : best_axis;
        best = low[i] > best ? low[i] : best;
    }
    *axis = best_axis;
    return best;
}

static inline bool satcd__simd_reaches(const satcd__axes *ax, const float *vx, const float *vy, int vcount, float stop)
{
    float low[SATCD__SIMD_MAX_LANES];
    kernel_axis_minima(ax, vx, vy, vcount, low);
    bool reached = false;
    for (int i = 0; i < ax->count; ++i) reached |= low[i] >= stop;
    return reached;
}

static inline bool satcd__simd_all_behind(const satcd__axes *ax, const float *vx, const float *vy, int vcount)
{
    float mx[SATCD__SIMD_MAX_LANES], my[SATCD__SIMD_MAX_LANES], off[SATCD__SIMD_MAX_LANES];
    kernel_place_axes(ax, ax->count, mx, my, off);
    for (int i = 0; i < ax->count; ++i) {
        for (int j = 0; j < vcount; ++j) {
            if ((mx[i] * vx[j] + my[i] * vy[j]) - off[i] > 0.0f) return false;
        }
    }
    return true;
}

static inline int satcd__simd_lowest_along(const float *x, const float *y, int count, float dx, float dy)
{
    int best = 0;
    float best_dot = x[0] * dx + y[0] * dy;
    for (int i = 1; i < count; ++i) {
        float d = x[i] * dx + y[i] * dy;
        best = d < best_dot ? i : best;
        best_dot = d < best_dot ? d : best_dot;
    }
    return best;
}

/*
 * Where incident end e (coordinate s_end along the reference edge, the
 * other end at s_other, the edge's span [0, hi]) lies: inside the side
 * planes (0), cut at one of them at *u along the way to the other end (1),
 * or gone, the whole incident edge beyond that side plane (-1).
 */
static inline int kernel_clip_end(float s_end, float s_other, float hi, float *u)
{
    float bound;
    if (s_end < 0.0f) bound = 0.0f;
    else if (s_end > hi) bound = hi;
    else return 0;
    bool crosses = (s_end < bound) ? (s_other >= bound) : (s_other <= bound);
    if (!crosses) return -1;
    *u = (bound - s_end) / (s_other - s_end);
    return 1;
}

static inline int satcd__simd_clip(satcd_vec2 v1, satcd_vec2 v2, satcd_vec2 n, satcd_vec2 w1, satcd_vec2 w2,
                                   satcd_xf xf, float margin, uint32_t id0, uint32_t id1, satcd__clip_point out[2])
{
    satcd_vec2 t = satcd_left_perp(n);
    float hi = satcd_dot(t, satcd_sub(v2, v1));
    satcd_vec2 w[2] = {w1, w2};
    float s[2] = {satcd_dot(t, satcd_sub(w1, v1)), satcd_dot(t, satcd_sub(w2, v1))};
    float g[2] = {satcd_dot(n, satcd_sub(w1, v1)), satcd_dot(n, satcd_sub(w2, v1))};
    const satcd__clip_point none = {0.0f, 0.0f, 0.0f, 0u};
    int kept = 0;
    memcpy(&out[0], &none, sizeof none);
    memcpy(&out[1], &none, sizeof none);
    for (int e = 0; e < 2; ++e) {
        float u = 0.0f;
        int where = kernel_clip_end(s[e], s[1 - e], hi, &u);
        if (where < 0) continue;
        float gap = where == 0 ? g[e] : g[e] + u * (g[1 - e] - g[e]);
        if (gap > margin) continue;
        /* World points only for the ends kept (the vector backends compute both, and select). */
        satcd_vec2 world = satcd_xf_point(xf, w[e]);
        satcd_vec2 point = where == 0 ? world : satcd_lerp(world, satcd_xf_point(xf, w[1 - e]), u);
        const satcd__clip_point c = {point.x, point.y, -gap, e == 0 ? id0 : id1};
        memcpy(&out[kept++], &c, sizeof c);
    }
    return kept;
}

#endif /* SATCD_SIMD_SCALAR_H */
