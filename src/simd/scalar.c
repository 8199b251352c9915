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
