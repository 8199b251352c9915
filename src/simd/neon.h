/*
 * NEON backend (aarch64 Advanced SIMD). Four lanes per register; edge
 * separations run over axes, eight at a time in two registers (four when no
 * more remain), so every lane is one axis and no horizontal reduction is
 * needed. Each lane does exactly the scalar reference's operations in its
 * order, so results are bitwise identical to scalar.h: products and sums are
 * separate vmulq_f32 / vaddq_f32 (never vmlaq_f32 or vfmaq_f32, which may be
 * fused), and the minimum is a compare-and-select, not vminq_f32, whose NaN
 * and signed-zero rules differ from `d < best ? d : best`.
 */
#ifndef SATCD_SIMD_NEON_H
#define SATCD_SIMD_NEON_H

#include <arm_neon.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <satcd/vec2.h>

#include "kernel_types.h"
#include "scalar_xf.h"

static inline const char *satcd__simd_name(void) { return "neon"; }

/* Not measured on hardware: the plain order. */
static inline bool satcd__simd_searches_ahead(void) { return false; }

static inline void satcd__simd_transform(const float *x, const float *y, int count, satcd_xf xf,
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

static inline void satcd__simd_rotate(const float *x, const float *y, int count, satcd_rot q,
                                      float *ox, float *oy)
{
    const float32x4_t c = vdupq_n_f32(q.c), s = vdupq_n_f32(q.s);
    for (int i = 0; i < count; i += 4) {
        float32x4_t px = vld1q_f32(x + i), py = vld1q_f32(y + i);
        vst1q_f32(ox + i, vsubq_f32(vmulq_f32(c, px), vmulq_f32(s, py)));
        vst1q_f32(oy + i, vaddq_f32(vmulq_f32(s, px), vmulq_f32(c, py)));
    }
}

/* Four axes in the points' frame: turned normals and face offsets (simd.h). */
typedef struct kernel_axes4 {
    float32x4_t mx, my, off;
} kernel_axes4;

static inline kernel_axes4 kernel_load_axes(const satcd__axes *ax, int i)
{
    const float32x4_t c = vdupq_n_f32(ax->q.c), s = vdupq_n_f32(ax->q.s);
    float32x4_t nx = vld1q_f32(ax->nx + i), ny = vld1q_f32(ax->ny + i);
    kernel_axes4 a;
    a.mx = vsubq_f32(vmulq_f32(c, nx), vmulq_f32(s, ny));
    a.my = vaddq_f32(vmulq_f32(s, nx), vmulq_f32(c, ny));
    a.off = vaddq_f32(vmulq_f32(vsubq_f32(vld1q_f32(ax->px + i), vdupq_n_f32(ax->t.x)), nx),
                      vmulq_f32(vsubq_f32(vld1q_f32(ax->py + i), vdupq_n_f32(ax->t.y)), ny));
    return a;
}

/* m.x * x + m.y * y, lane by lane, as the scalar reference rounds it. */
static inline float32x4_t kernel_dot(const kernel_axes4 *a, float32x4_t x, float32x4_t y)
{
    return vaddq_f32(vmulq_f32(a->mx, x), vmulq_f32(a->my, y));
}

/* The least dot of the point set, less the offset, zero made positive. */
static inline float32x4_t kernel_settle(const kernel_axes4 *a, float32x4_t low)
{
    return vaddq_f32(vsubq_f32(low, a->off), vdupq_n_f32(0.0f));
}

/* `d < best ? d : best`, lane by lane. */
static inline float32x4_t kernel_min_keep(float32x4_t d, float32x4_t best) { return vbslq_f32(vcltq_f32(d, best), d, best); }

/* Separations of four axes. */
static inline float32x4_t kernel_min_gap4(const kernel_axes4 *a, const float *vx, const float *vy, int vcount)
{
    float32x4_t best = kernel_dot(a, vdupq_n_f32(vx[0]), vdupq_n_f32(vy[0]));
    for (int j = 1; j < vcount; ++j) best = kernel_min_keep(kernel_dot(a, vdupq_n_f32(vx[j]), vdupq_n_f32(vy[j])), best);
    return kernel_settle(a, best);
}

/*
 * The same for eight axes at once: two chains per half over alternate
 * points, four in all for the pipeline. The point arrays are padded with
 * copies of point 0 (simd.h), so rounding the count up to even reads only
 * such a copy, which changes no minimum; the entries are never NaN, and the
 * final + 0 settles the one tie the order could change, -0 against +0.
 */
static inline void kernel_min_gap8(const kernel_axes4 *a, const kernel_axes4 *b, const float *vx, const float *vy, int vcount,
                                   float32x4_t *out_a, float32x4_t *out_b)
{
    float32x4_t x = vdupq_n_f32(vx[0]), y = vdupq_n_f32(vy[0]);
    float32x4_t a0 = kernel_dot(a, x, y), b0 = kernel_dot(b, x, y);
    x = vdupq_n_f32(vx[1]), y = vdupq_n_f32(vy[1]);
    float32x4_t a1 = kernel_dot(a, x, y), b1 = kernel_dot(b, x, y);
    for (int j = 2; j < vcount; j += 2) {
        x = vdupq_n_f32(vx[j]), y = vdupq_n_f32(vy[j]);
        a0 = kernel_min_keep(kernel_dot(a, x, y), a0);
        b0 = kernel_min_keep(kernel_dot(b, x, y), b0);
        x = vdupq_n_f32(vx[j + 1]), y = vdupq_n_f32(vy[j + 1]);
        a1 = kernel_min_keep(kernel_dot(a, x, y), a1);
        b1 = kernel_min_keep(kernel_dot(b, x, y), b1);
    }
    *out_a = kernel_settle(a, kernel_min_keep(a0, a1));
    *out_b = kernel_settle(b, kernel_min_keep(b0, b1));
}

static inline bool kernel_any_lane(uint32x4_t mask) { return vmaxvq_u32(mask) != 0u; }

/* One bit per lane of an all-ones / all-zeros lane mask, lane 0 lowest. */
static inline int kernel_lane_bits(uint32x4_t mask)
{
    const uint32x4_t weights = {1u, 2u, 4u, 8u};
    return (int)vaddvq_u32(vandq_u32(mask, weights));
}

/* Separations of the eight axes from i on, in two halves (lanes past the count repeat axis 0). */
static inline void kernel_axes_block(const satcd__axes *ax, int i, const float *vx, const float *vy, int vcount,
                                     float32x4_t *lo, float32x4_t *hi)
{
    kernel_axes4 a = kernel_load_axes(ax, i), b = kernel_load_axes(ax, i + 4);
    kernel_min_gap8(&a, &b, vx, vy, vcount, lo, hi);
}

static inline int kernel_at_least(float32x4_t lo, float32x4_t hi, float32x4_t limit)
{
    return kernel_lane_bits(vcgeq_f32(lo, limit)) | kernel_lane_bits(vcgeq_f32(hi, limit)) << 4;
}

/*
 * One block of axes from i on (eight, or four when no more than four
 * remain) into out + i. Returns the lanes written; *reached gets a bit per
 * lane whose entry is >= stop.
 */
static inline int kernel_separations_block(const satcd__axes *ax, int i, const float *vx, const float *vy, int vcount,
                                           float stop, float *out, int *reached)
{
    const float32x4_t limit = vdupq_n_f32(stop);
    if (ax->count - i > 4) {
        float32x4_t sa, sb;
        kernel_axes_block(ax, i, vx, vy, vcount, &sa, &sb);
        vst1q_f32(out + i, sa);
        vst1q_f32(out + i + 4, sb);
        *reached = kernel_at_least(sa, sb, limit);
        return 8;
    }
    kernel_axes4 a = kernel_load_axes(ax, i);
    float32x4_t sa = kernel_min_gap4(&a, vx, vy, vcount);
    vst1q_f32(out + i, sa);
    *reached = kernel_lane_bits(vcgeq_f32(sa, limit));
    return 4;
}

static inline int satcd__simd_edge_separations(const satcd__axes *ax, const float *vx, const float *vy, int vcount,
                                               float stop, float *out)
{
    int i = 0, reached = 0;
    /* Padding lanes repeat lane 0 and only occur in the last block: stopping there changes nothing. */
    while (i < ax->count && !reached) i += kernel_separations_block(ax, i, vx, vy, vcount, stop, out, &reached);
    return i < ax->count ? i : ax->count;
}

/* Lanes equal to m, as bits. */
static inline unsigned kernel_equal_to(float32x4_t lo, float32x4_t hi, float32x4_t m)
{
    return (unsigned)(kernel_lane_bits(vceqq_f32(lo, m)) | kernel_lane_bits(vceqq_f32(hi, m)) << 4);
}

/* Lane k (0..7) of the pair of registers. */
static inline float kernel_lane_of(float32x4_t lo, float32x4_t hi, int k)
{
    float s[8];
    vst1q_f32(s, lo);
    vst1q_f32(s + 4, hi);
    return s[k];
}

/*
 * At most two blocks of eight (the capacity is 16), kept in registers: the
 * stop test per block, then one horizontal maximum and the lowest lane
 * equal to it. Exact: the entries are never NaN and their zeros are +0.
 */
static inline float satcd__simd_max_separation(const satcd__axes *ax, const float *vx, const float *vy, int vcount,
                                               float stop, int *axis)
{
    const float32x4_t limit = vdupq_n_f32(stop);
    float32x4_t s0, s1, s2, s3;
    kernel_axes_block(ax, 0, vx, vy, vcount, &s0, &s1);
    s2 = s0, s3 = s1;
    int reached = kernel_at_least(s0, s1, limit);
    if (reached) {
        /* A padding lane never precedes lane 0, which it copies. */
        *axis = __builtin_ctz((unsigned)reached);
        return kernel_lane_of(s0, s1, *axis);
    }
    if (ax->count > 8) {
        kernel_axes_block(ax, 8, vx, vy, vcount, &s2, &s3);
        reached = kernel_at_least(s2, s3, limit);
        if (reached) {
            *axis = 8 + __builtin_ctz((unsigned)reached);
            return kernel_lane_of(s2, s3, *axis - 8);
        }
    }
    const float32x4_t m = vdupq_n_f32(vmaxvq_f32(vmaxq_f32(vmaxq_f32(s0, s1), vmaxq_f32(s2, s3))));
    *axis = __builtin_ctz(kernel_equal_to(s0, s1, m) | kernel_equal_to(s2, s3, m) << 8);
    return vgetq_lane_f32(m, 0);
}

/* The stop test of the maximum kernel alone: no horizontal step when no entry reaches stop. */
SATCD__KERNEL bool satcd__simd_reaches(const satcd__axes *ax, const float *vx, const float *vy, int vcount, float stop)
{
    const float32x4_t limit = vdupq_n_f32(stop);
    float32x4_t lo, hi;
    kernel_axes_block(ax, 0, vx, vy, vcount, &lo, &hi);
    int reached = kernel_at_least(lo, hi, limit);
    if (!reached && ax->count > 8) {
        kernel_axes_block(ax, 8, vx, vy, vcount, &lo, &hi);
        reached = kernel_at_least(lo, hi, limit);
    }
    return reached != 0;
}

static inline bool satcd__simd_all_behind(const satcd__axes *ax, const float *vx, const float *vy, int vcount)
{
    const float32x4_t zero = vdupq_n_f32(0.0f);
    for (int i = 0; i < ax->count; i += 4) {
        kernel_axes4 a = kernel_load_axes(ax, i);
        uint32x4_t ahead = vdupq_n_u32(0u);
        for (int j = 0; j < vcount; ++j) {
            float32x4_t gap = vsubq_f32(kernel_dot(&a, vdupq_n_f32(vx[j]), vdupq_n_f32(vy[j])), a.off);
            ahead = vorrq_u32(ahead, vcgtq_f32(gap, zero));
        }
        if (kernel_any_lane(ahead)) return false;
    }
    return true;
}

static inline float32x4_t kernel_dot4(const float *x, const float *y, float32x4_t ux, float32x4_t uy)
{
    return vaddq_f32(vmulq_f32(vld1q_f32(x), ux), vmulq_f32(vld1q_f32(y), uy));
}

/* Eight dot products at once; the padding lanes repeat lane 0 and never win over it. */
static inline int satcd__simd_lowest_along(const float *x, const float *y, int count, float dx, float dy)
{
    const float32x4_t ux = vdupq_n_f32(dx), uy = vdupq_n_f32(dy);
    float32x4_t d0 = kernel_dot4(x, y, ux, uy), d1 = kernel_dot4(x + 4, y + 4, ux, uy), d2 = d0, d3 = d1;
    if (count > 8) d2 = kernel_dot4(x + 8, y + 8, ux, uy), d3 = kernel_dot4(x + 12, y + 12, ux, uy);
    const float32x4_t m = vdupq_n_f32(vminvq_f32(vminq_f32(vminq_f32(d0, d1), vminq_f32(d2, d3))));
    return __builtin_ctz(kernel_equal_to(d0, d1, m) | kernel_equal_to(d2, d3, m) << 8);
}

/*
 * The clipping kernel: lane 0 is the incident edge's first end, lane 1 its
 * second, lane 2 the reference edge's far end (for hi). Both ends are
 * computed whole and the cases selected by masks (vbslq), as in the SSE
 * kernel; vdivq_f32 rounds like the scalar division.
 */
static inline int satcd__simd_clip(satcd_vec2 v1, satcd_vec2 v2, satcd_vec2 n, satcd_vec2 w1, satcd_vec2 w2,
                                   satcd_xf xf, float margin, uint32_t id, satcd__clip_point out[2])
{
    const float xs[4] = {w1.x, w2.x, v2.x, v2.x}, ys[4] = {w1.y, w2.y, v2.y, v2.y};
    const float32x4_t x = vld1q_f32(xs), y = vld1q_f32(ys);
    const float32x4_t v1x = vdupq_n_f32(v1.x), v1y = vdupq_n_f32(v1.y), nx = vdupq_n_f32(n.x), ny = vdupq_n_f32(n.y);

    float32x4_t dx = vsubq_f32(x, v1x), dy = vsubq_f32(y, v1y);
    float32x4_t s = vaddq_f32(vmulq_f32(vdupq_n_f32(-n.y), dx), vmulq_f32(nx, dy));
    float32x4_t so = vrev64q_f32(s), hi = vdupq_laneq_f32(s, 2);
    /* Each end's gap and world point, computed while the cases are sorted out. */
    float32x4_t g = vaddq_f32(vmulq_f32(nx, dx), vmulq_f32(ny, dy)), go = vrev64q_f32(g);
    const float32x4_t c = vdupq_n_f32(xf.q.c), sn = vdupq_n_f32(xf.q.s);
    float32x4_t wx = vaddq_f32(vsubq_f32(vmulq_f32(c, x), vmulq_f32(sn, y)), vdupq_n_f32(xf.p.x));
    float32x4_t wy = vaddq_f32(vaddq_f32(vmulq_f32(sn, x), vmulq_f32(c, y)), vdupq_n_f32(xf.p.y));
    float32x4_t owx = vrev64q_f32(wx), owy = vrev64q_f32(wy);

    uint32x4_t below = vcltq_f32(s, vdupq_n_f32(0.0f));
    uint32x4_t outside = vorrq_u32(below, vcgtq_f32(s, hi));
    float32x4_t bound = vbslq_f32(below, vdupq_n_f32(0.0f), hi);
    uint32x4_t crosses = vbslq_u32(below, vcgeq_f32(so, bound), vcleq_f32(so, bound));
    /* Only a cut lane divides; there the ends lie on opposite sides of the bound, so the divisor is not 0. */
    uint32x4_t cut = vandq_u32(outside, crosses);
    float32x4_t u = vdivq_f32(vsubq_f32(bound, s), vbslq_f32(cut, vsubq_f32(so, s), vdupq_n_f32(1.0f)));
    float32x4_t gap = vbslq_f32(outside, vaddq_f32(g, vmulq_f32(u, vsubq_f32(go, g))), g);
    float32x4_t px = vbslq_f32(outside, vaddq_f32(wx, vmulq_f32(u, vsubq_f32(owx, wx))), wx);
    float32x4_t py = vbslq_f32(outside, vaddq_f32(wy, vmulq_f32(u, vsubq_f32(owy, wy))), wy);

    uint32x4_t present = vorrq_u32(vmvnq_u32(outside), crosses);
    uint32x4_t keep = vbicq_u32(present, vcgtq_f32(gap, vdupq_n_f32(margin)));

    float32x4_t depth = vnegq_f32(gap);
    const uint32_t id_lanes[4] = {id, id | 0x10000u, 0u, 0u};
    float32x4_t ids = vreinterpretq_f32_u32(vld1q_u32(id_lanes));

    /* Contacts as (x, y, depth, id): the first end's, the second end's. */
    float32x4_t xy = vzip1q_f32(px, py), di = vzip1q_f32(depth, ids);
    uint32x4_t first = vreinterpretq_u32_f32(vcombine_f32(vget_low_f32(xy), vget_low_f32(di)));
    uint32x4_t second = vreinterpretq_u32_f32(vcombine_f32(vget_high_f32(xy), vget_high_f32(di)));
    uint32x4_t keep1 = vdupq_laneq_u32(keep, 0), keep2 = vdupq_laneq_u32(keep, 1);
    uint32x4_t contact[2] = {vbslq_u32(keep1, first, vandq_u32(keep2, second)),
                             vandq_u32(vandq_u32(keep1, keep2), second)};
    memcpy(out, contact, sizeof contact);
    return (int)(vgetq_lane_u32(keep, 0) & 1u) + (int)(vgetq_lane_u32(keep, 1) & 1u);
}

#endif /* SATCD_SIMD_NEON_H */
