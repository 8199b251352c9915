/*
 * NEON backend (aarch64 Advanced SIMD). Four lanes per register; edge
 * separations run over axes, eight at a time in two registers (four when no
 * more remain), so every lane is one axis and no horizontal reduction is
 * needed. Each lane does exactly the scalar reference's operations in its
 * order, so results are bitwise identical to scalar.c: products and sums are
 * separate vmulq_f32 / vaddq_f32 (never vmlaq_f32 or vfmaq_f32, which may be
 * fused), and the minimum is a compare-and-select, not vminq_f32, whose NaN
 * and signed-zero rules differ from `d < best ? d : best`.
 */
#include <arm_neon.h>

#include "simd.h"

#if !defined(SATCD_SIMD_BACKEND_NEON)
#error "neon.c is built only as the configured NEON backend (cmake/Simd.cmake)"
#endif

const char *satcd__simd_name(void) { return "neon"; }

void satcd__simd_transform(const float *x, const float *y, int count, satcd_xf xf,
                           float *ox, float *oy)
{
    const float32x4_t c = vdupq_n_f32(xf.q.c), s = vdupq_n_f32(xf.q.s);
    const float32x4_t tx = vdupq_n_f32(xf.p.x), ty = vdupq_n_f32(xf.p.y);
    for (int i = 0; i < count; i += 4) {
        float32x4_t px = vld1q_f32(x + i), py = vld1q_f32(y + i);
        vst1q_f32(ox + i, vaddq_f32(vsubq_f32(vmulq_f32(c, px), vmulq_f32(s, py)), tx));
        vst1q_f32(oy + i, vaddq_f32(vaddq_f32(vmulq_f32(s, px), vmulq_f32(c, py)), ty));
    }
}

void satcd__simd_rotate(const float *x, const float *y, int count, satcd_rot q,
                        float *ox, float *oy)
{
    const float32x4_t c = vdupq_n_f32(q.c), s = vdupq_n_f32(q.s);
    for (int i = 0; i < count; i += 4) {
        float32x4_t px = vld1q_f32(x + i), py = vld1q_f32(y + i);
        vst1q_f32(ox + i, vsubq_f32(vmulq_f32(c, px), vmulq_f32(s, py)));
        vst1q_f32(oy + i, vaddq_f32(vmulq_f32(s, px), vmulq_f32(c, py)));
    }
}

/* Four axes: unit normals and points on them. */
typedef struct axes4 {
    float32x4_t nx, ny, px, py;
} axes4;

static axes4 load_axes(const float *nx, const float *ny, const float *px, const float *py, int i)
{
    axes4 a = {vld1q_f32(nx + i), vld1q_f32(ny + i), vld1q_f32(px + i), vld1q_f32(py + i)};
    return a;
}

/* (x - p.x) * n.x + (y - p.y) * n.y, lane by lane, as the scalar reference rounds it. */
static float32x4_t gap(const axes4 *a, float32x4_t x, float32x4_t y)
{
    return vaddq_f32(vmulq_f32(vsubq_f32(x, a->px), a->nx), vmulq_f32(vsubq_f32(y, a->py), a->ny));
}

/* `d < best ? d : best`, lane by lane. */
static float32x4_t min_keep(float32x4_t d, float32x4_t best) { return vbslq_f32(vcltq_f32(d, best), d, best); }

/* Minimum gap of the point set per axis, zero made positive. */
static float32x4_t min_gap4(const axes4 *a, const float *vx, const float *vy, int vcount)
{
    float32x4_t best = gap(a, vdupq_n_f32(vx[0]), vdupq_n_f32(vy[0]));
    for (int j = 1; j < vcount; ++j) best = min_keep(gap(a, vdupq_n_f32(vx[j]), vdupq_n_f32(vy[j])), best);
    return vaddq_f32(best, vdupq_n_f32(0.0f));
}

/* The same for eight axes at once: two independent chains for the pipeline. */
static void min_gap8(const axes4 *a, const axes4 *b, const float *vx, const float *vy, int vcount,
                     float32x4_t *out_a, float32x4_t *out_b)
{
    float32x4_t x = vdupq_n_f32(vx[0]), y = vdupq_n_f32(vy[0]);
    float32x4_t best_a = gap(a, x, y), best_b = gap(b, x, y);
    for (int j = 1; j < vcount; ++j) {
        x = vdupq_n_f32(vx[j]);
        y = vdupq_n_f32(vy[j]);
        best_a = min_keep(gap(a, x, y), best_a);
        best_b = min_keep(gap(b, x, y), best_b);
    }
    *out_a = vaddq_f32(best_a, vdupq_n_f32(0.0f));
    *out_b = vaddq_f32(best_b, vdupq_n_f32(0.0f));
}

static bool any_lane(uint32x4_t mask) { return vmaxvq_u32(mask) != 0u; }

int satcd__simd_edge_separations(const float *nx, const float *ny, const float *px, const float *py,
                                 int ncount, const float *vx, const float *vy, int vcount,
                                 float stop, float *out)
{
    const float32x4_t limit = vdupq_n_f32(stop);
    int i = 0;
    while (i < ncount) {
        bool reached;
        if (ncount - i > 4) {
            axes4 a = load_axes(nx, ny, px, py, i), b = load_axes(nx, ny, px, py, i + 4);
            float32x4_t sa, sb;
            min_gap8(&a, &b, vx, vy, vcount, &sa, &sb);
            vst1q_f32(out + i, sa);
            vst1q_f32(out + i + 4, sb);
            reached = any_lane(vorrq_u32(vcgeq_f32(sa, limit), vcgeq_f32(sb, limit)));
            i += 8;
        } else {
            axes4 a = load_axes(nx, ny, px, py, i);
            float32x4_t sa = min_gap4(&a, vx, vy, vcount);
            vst1q_f32(out + i, sa);
            reached = any_lane(vcgeq_f32(sa, limit));
            i += 4;
        }
        /* Padding lanes repeat lane 0 and only occur in the last block: stopping there changes nothing. */
        if (reached) break;
    }
    return i < ncount ? i : ncount;
}

bool satcd__simd_all_behind(const float *nx, const float *ny, const float *px, const float *py,
                            int ncount, const float *vx, const float *vy, int vcount)
{
    const float32x4_t zero = vdupq_n_f32(0.0f);
    for (int i = 0; i < ncount; i += 4) {
        axes4 a = load_axes(nx, ny, px, py, i);
        uint32x4_t ahead = vdupq_n_u32(0u);
        for (int j = 0; j < vcount; ++j) {
            ahead = vorrq_u32(ahead, vcgtq_f32(gap(&a, vdupq_n_f32(vx[j]), vdupq_n_f32(vy[j])), zero));
        }
        if (any_lane(ahead)) return false;
    }
    return true;
}
