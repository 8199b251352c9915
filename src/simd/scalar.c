/* Scalar reference backend: the definition every other backend must match bit for bit. */
#include "simd.h"

const char *satcd__simd_name(void) { return "scalar"; }

void satcd__simd_transform(const float *x, const float *y, int count, satcd_xf xf,
                           float *ox, float *oy)
{
    for (int i = 0; i < count; ++i) {
        float px = x[i], py = y[i];
        ox[i] = (xf.q.c * px - xf.q.s * py) + xf.p.x;
        oy[i] = (xf.q.s * px + xf.q.c * py) + xf.p.y;
    }
}

void satcd__simd_rotate(const float *x, const float *y, int count, satcd_rot q,
                        float *ox, float *oy)
{
    for (int i = 0; i < count; ++i) {
        float px = x[i], py = y[i];
        ox[i] = q.c * px - q.s * py;
        oy[i] = q.s * px + q.c * py;
    }
}

int satcd__simd_edge_separations(const float *nx, const float *ny, const float *px, const float *py,
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

static float gap(const float *nx, const float *ny, const float *px, const float *py, int i,
                 const float *vx, const float *vy, int j)
{
    return (vx[j] - px[i]) * nx[i] + (vy[j] - py[i]) * ny[i];
}

/*
 * Branch and bound: an axis's gap at any one point bounds its minimum from
 * above, so an axis whose gap at a probe point is no larger than the best
 * so far can neither hold the maximum (a tie goes to the lower index) nor
 * reach `stop` (the best is below it), and is skipped. The probe is the
 * previous scanned axis's deepest point: on a convex polygon the support
 * point moves little from one edge normal to the next, so most axes that
 * cannot win are dismissed after one point instead of vcount.
 */
float satcd__simd_max_separation(const float *nx, const float *ny, const float *px, const float *py,
                                 int ncount, const float *vx, const float *vy, int vcount,
                                 float stop, int *axis)
{
    float best = 0.0f;
    int best_axis = -1, probe = 0;
    for (int i = 0; i < ncount; ++i) {
        float low = gap(nx, ny, px, py, i, vx, vy, probe);
        if (best_axis >= 0 && low <= best) continue;
        int deepest = probe;
        for (int j = 0; j < vcount; ++j) {
            float d = gap(nx, ny, px, py, i, vx, vy, j);
            if (d < low) low = d, deepest = j;
        }
        low += 0.0f;
        if (low >= stop) {
            *axis = i;
            return low;
        }
        if (best_axis < 0 || low > best) best = low, best_axis = i;
        probe = deepest;
    }
    *axis = best_axis;
    return best;
}

bool satcd__simd_all_behind(const float *nx, const float *ny, const float *px, const float *py,
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
