/* Scalar reference backend: the definition every other backend must match bit for bit. */
#ifndef SATCD_SIMD_SCALAR_H
#define SATCD_SIMD_SCALAR_H

static inline const char *satcd__simd_name(void) { return "scalar"; }

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

static inline int satcd__simd_edge_separations(const float *nx, const float *ny, const float *px, const float *py,
                                               int ncount, const float *vx, const float *vy, int vcount,
                                               float stop, float *out)
{
    for (int i = 0; i < ncount; ++i) {
        float best = (vx[0] - px[i]) * nx[i] + (vy[0] - py[i]) * ny[i];
        for (int j = 1; j < vcount; ++j) {
            float d = (vx[j] - px[i]) * nx[i] + (vy[j] - py[i]) * ny[i];
            best = d < best ? d : best;
        }
        out[i] = best + 0.0f;
        if (out[i] >= stop) return i + 1;
    }
    return ncount;
}

static inline float kernel_gap(const float *nx, const float *ny, const float *px, const float *py, int i,
                               const float *vx, const float *vy, int j)
{
    return (vx[j] - px[i]) * nx[i] + (vy[j] - py[i]) * ny[i];
}

/* Exact minimum kernel_gap of the points on axis i (zero made positive), and in *deepest the point that gives it. */
static inline float kernel_axis_minimum(const float *nx, const float *ny, const float *px, const float *py, int i,
                                        const float *vx, const float *vy, int vcount, int *deepest)
{
    float low = kernel_gap(nx, ny, px, py, i, vx, vy, 0);
    int at = 0;
    for (int j = 1; j < vcount; ++j) {
        float d = kernel_gap(nx, ny, px, py, i, vx, vy, j);
        at = d < low ? j : at;
        low = d < low ? d : low;
    }
    *deepest = at;
    return low + 0.0f;
}

/*
 * Best first, then bound. The kernel_gap of any one point bounds an axis's
 * minimum from above. First pass: a cheap bound per axis from a point found
 * by walking forward from the previous axis's point while the kernel_gap falls
 * (on a convex polygon the deepest point moves forward as the normal turns,
 * so the walk is short and usually ends on the exact minimum; where
 * rounding stops it early the value is still a bound). Second pass: the
 * exact minimum only of axes whose bound could still win (a tie goes to the
 * lower index), starting with the largest bound. The answer is the exact
 * one of simd.h whatever the walk finds: every bound is a true kernel_gap.
 */
static inline float satcd__simd_max_separation(const float *nx, const float *ny, const float *px, const float *py,
                                               int ncount, const float *vx, const float *vy, int vcount,
                                               float stop, int *axis)
{
    float bound[SATCD_MAX_POLYGON_VERTICES];
    int at;
    bound[0] = kernel_axis_minimum(nx, ny, px, py, 0, vx, vy, vcount, &at);
    int top = 0;
    for (int i = 1; i < ncount; ++i) {
        float g = kernel_gap(nx, ny, px, py, i, vx, vy, at);
        for (int steps = 1; steps < vcount; ++steps) {
            int next = at + 1 < vcount ? at + 1 : 0;
            float h = kernel_gap(nx, ny, px, py, i, vx, vy, next);
            if (!(h < g)) break;
            g = h, at = next;
        }
        bound[i] = g;
        top = g > bound[top] ? i : top;
    }
    /* Axis 0's bound is already exact. The first axis at or beyond stop, if any. */
    if (bound[top] >= stop) {
        for (int i = 0; i < ncount; ++i) {
            if (!(bound[i] >= stop)) continue;
            float e = i == 0 ? bound[0] : kernel_axis_minimum(nx, ny, px, py, i, vx, vy, vcount, &at);
            if (e >= stop) {
                *axis = i;
                return e;
            }
            bound[i] = e;
        }
    }
    float best = top == 0 ? bound[0] : kernel_axis_minimum(nx, ny, px, py, top, vx, vy, vcount, &at);
    int best_axis = top;
    for (int i = 0; i < ncount; ++i) {
        if (i == top || bound[i] < best || (bound[i] == best && i > best_axis)) continue;
        float e = i == 0 ? bound[0] : kernel_axis_minimum(nx, ny, px, py, i, vx, vy, vcount, &at);
        if (e > best || (e == best && i < best_axis)) best = e, best_axis = i;
    }
    *axis = best_axis;
    return best;
}

static inline bool satcd__simd_all_behind(const float *nx, const float *ny, const float *px, const float *py,
                                          int ncount, const float *vx, const float *vy, int vcount)
{
    for (int i = 0; i < ncount; ++i) {
        for (int j = 0; j < vcount; ++j) {
            float d = (vx[j] - px[i]) * nx[i] + (vy[j] - py[i]) * ny[i];
            if (d > 0.0f) return false;
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

#endif /* SATCD_SIMD_SCALAR_H */
