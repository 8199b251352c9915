/*
 * The kernels of the 4-lane backends (SSE4.1, NEON), written once in the
 * lane operations of lanes4_sse.h or lanes4_neon.h, whichever the backend
 * includes before this file. Edge separations run over axes, eight at a
 * time in two registers (four when no more remain), so every lane is one
 * axis and the minimum over points needs no horizontal step (only the
 * maximum over axes does). Each lane does exactly the scalar reference's
 * operations in its order, so results are bitwise identical to scalar.h.
 */
#ifndef SATCD_SIMD_KERNELS4_H
#define SATCD_SIMD_KERNELS4_H

#include <stdbool.h>

#include <satcd/vec2.h>

#include "kernel_types.h"

#if !defined(SATCD_SIMD_LANES4_SSE_H) && !defined(SATCD_SIMD_LANES4_NEON_H)
#error "kernels4.h needs the lane operations: include lanes4_sse.h or lanes4_neon.h first"
#endif

static inline void satcd__simd_transform(const float *x, const float *y, int count, satcd_xf xf,
                                         float *ox, float *oy)
{
    const satcd__f4 c = f4_set1(xf.q.c), s = f4_set1(xf.q.s);
    const satcd__f4 tx = f4_set1(xf.p.x), ty = f4_set1(xf.p.y);
    for (int i = 0; i < count; i += 4) {
        satcd__f4 px = f4_load(x + i), py = f4_load(y + i);
        f4_store(ox + i, f4_add(f4_sub(f4_mul(c, px), f4_mul(s, py)), tx));
        f4_store(oy + i, f4_add(f4_add(f4_mul(s, px), f4_mul(c, py)), ty));
    }
}

static inline void satcd__simd_rotate(const float *x, const float *y, int count, satcd_rot q,
                                      float *ox, float *oy)
{
    const satcd__f4 c = f4_set1(q.c), s = f4_set1(q.s);
    for (int i = 0; i < count; i += 4) {
        satcd__f4 px = f4_load(x + i), py = f4_load(y + i);
        f4_store(ox + i, f4_sub(f4_mul(c, px), f4_mul(s, py)));
        f4_store(oy + i, f4_add(f4_mul(s, px), f4_mul(c, py)));
    }
}

/* Four axes in the points' frame: turned normals and face offsets (simd.h). */
typedef struct kernel_axes4 {
    satcd__f4 mx, my, off;
} kernel_axes4;

static inline kernel_axes4 kernel_load_axes(const satcd__axes *ax, int i)
{
    const satcd__f4 c = f4_set1(ax->q.c), s = f4_set1(ax->q.s);
    satcd__f4 nx = f4_load(ax->nx + i), ny = f4_load(ax->ny + i);
    kernel_axes4 a;
    a.mx = f4_sub(f4_mul(c, nx), f4_mul(s, ny));
    a.my = f4_add(f4_mul(s, nx), f4_mul(c, ny));
    a.off = f4_add(f4_mul(f4_sub(f4_load(ax->px + i), f4_set1(ax->t.x)), nx),
                       f4_mul(f4_sub(f4_load(ax->py + i), f4_set1(ax->t.y)), ny));
    return a;
}

/* m.x * x + m.y * y, lane by lane, as the scalar reference rounds it. */
static inline satcd__f4 kernel_dot(const kernel_axes4 *a, satcd__f4 x, satcd__f4 y)
{
    return f4_add(f4_mul(a->mx, x), f4_mul(a->my, y));
}

/* The least dot of the point set, less the offset, zero made positive. */
static inline satcd__f4 kernel_settle(const kernel_axes4 *a, satcd__f4 low)
{
    return f4_add(f4_sub(low, a->off), f4_zero());
}

/* Separations of four axes. */
static inline satcd__f4 kernel_min_gap4(const kernel_axes4 *a, const float *vx, const float *vy, int vcount)
{
    satcd__f4 best = kernel_dot(a, f4_set1(vx[0]), f4_set1(vy[0]));
    for (int j = 1; j < vcount; ++j) best = f4_min_keep(kernel_dot(a, f4_set1(vx[j]), f4_set1(vy[j])), best);
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
                                   satcd__f4 *out_a, satcd__f4 *out_b)
{
    satcd__f4 x = f4_set1(vx[0]), y = f4_set1(vy[0]);
    satcd__f4 a0 = kernel_dot(a, x, y), b0 = kernel_dot(b, x, y);
    x = f4_set1(vx[1]), y = f4_set1(vy[1]);
    satcd__f4 a1 = kernel_dot(a, x, y), b1 = kernel_dot(b, x, y);
    for (int j = 2; j < vcount; j += 2) {
        x = f4_set1(vx[j]), y = f4_set1(vy[j]);
        a0 = f4_min_keep(kernel_dot(a, x, y), a0);
        b0 = f4_min_keep(kernel_dot(b, x, y), b0);
        x = f4_set1(vx[j + 1]), y = f4_set1(vy[j + 1]);
        a1 = f4_min_keep(kernel_dot(a, x, y), a1);
        b1 = f4_min_keep(kernel_dot(b, x, y), b1);
    }
    *out_a = kernel_settle(a, f4_min_keep(a0, a1));
    *out_b = kernel_settle(b, f4_min_keep(b0, b1));
}

/* Separations of the eight axes from i on, in two halves (lanes past the count repeat axis 0). */
static inline void kernel_axes_block(const satcd__axes *ax, int i, const float *vx, const float *vy, int vcount,
                                     satcd__f4 *lo, satcd__f4 *hi)
{
    kernel_axes4 a = kernel_load_axes(ax, i), b = kernel_load_axes(ax, i + 4);
    kernel_min_gap8(&a, &b, vx, vy, vcount, lo, hi);
}

static inline int kernel_at_least(satcd__f4 lo, satcd__f4 hi, satcd__f4 limit)
{
    return f4_ge_bits(lo, limit) | f4_ge_bits(hi, limit) << 4;
}

/*
 * One block of axes from i on (eight, or four when no more than four
 * remain) into out + i. Returns the lanes written; *reached gets a bit per
 * lane whose entry is >= stop.
 */
static inline int kernel_separations_block(const satcd__axes *ax, int i, const float *vx, const float *vy, int vcount,
                                           float stop, float *out, int *reached)
{
    const satcd__f4 limit = f4_set1(stop);
    if (ax->count - i > 4) {
        satcd__f4 sa, sb;
        kernel_axes_block(ax, i, vx, vy, vcount, &sa, &sb);
        f4_store(out + i, sa);
        f4_store(out + i + 4, sb);
        *reached = kernel_at_least(sa, sb, limit);
        return 8;
    }
    kernel_axes4 a = kernel_load_axes(ax, i);
    satcd__f4 sa = kernel_min_gap4(&a, vx, vy, vcount);
    f4_store(out + i, sa);
    *reached = f4_ge_bits(sa, limit);
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
static inline unsigned kernel_equal_to(satcd__f4 lo, satcd__f4 hi, satcd__f4 m)
{
    return (unsigned)(f4_eq_bits(lo, m) | f4_eq_bits(hi, m) << 4);
}

/* Lane k (0..7) of the pair of registers. */
static inline float kernel_lane_of(satcd__f4 lo, satcd__f4 hi, int k)
{
    _Alignas(16) float s[8];
    f4_store(s, lo);
    f4_store(s + 4, hi);
    return s[k];
}

/*
 * At most two blocks of eight (the capacity is 16), kept in registers: the
 * stop test per block, then one horizontal maximum and the lowest lane
 * equal to it. Exact: the entries are never NaN and their zeros are +0.
 */
SATCD__KERNEL float satcd__simd_max_separation(const satcd__axes *ax, const float *vx, const float *vy, int vcount,
                                               float stop, int *axis)
{
    const satcd__f4 limit = f4_set1(stop);
    satcd__f4 s0, s1, s2, s3;
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
    const satcd__f4 m = f4_spread_max(f4_max(f4_max(s0, s1), f4_max(s2, s3)));
    *axis = __builtin_ctz(kernel_equal_to(s0, s1, m) | kernel_equal_to(s2, s3, m) << 8);
    return f4_first(m);
}

/* The stop test of the maximum kernel alone: no horizontal step when no entry reaches stop. */
SATCD__KERNEL bool satcd__simd_reaches(const satcd__axes *ax, const float *vx, const float *vy, int vcount, float stop)
{
    const satcd__f4 limit = f4_set1(stop);
    satcd__f4 lo, hi;
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
    const satcd__f4 zero = f4_zero();
    for (int i = 0; i < ax->count; i += 4) {
        kernel_axes4 a = kernel_load_axes(ax, i);
        satcd__m4 ahead = m4_none();
        for (int j = 0; j < vcount; ++j) {
            satcd__f4 gap = f4_sub(kernel_dot(&a, f4_set1(vx[j]), f4_set1(vy[j])), a.off);
            ahead = m4_or(ahead, f4_gt(gap, zero));
        }
        if (m4_any(ahead)) return false;
    }
    return true;
}

static inline satcd__f4 kernel_dot4(const float *x, const float *y, satcd__f4 ux, satcd__f4 uy)
{
    return f4_add(f4_mul(f4_load(x), ux), f4_mul(f4_load(y), uy));
}

/* Eight dot products at once; the padding lanes repeat lane 0 and never win over it. */
SATCD__KERNEL int satcd__simd_lowest_along(const float *x, const float *y, int count, float dx, float dy)
{
    const satcd__f4 ux = f4_set1(dx), uy = f4_set1(dy);
    satcd__f4 d0 = kernel_dot4(x, y, ux, uy), d1 = kernel_dot4(x + 4, y + 4, ux, uy), d2 = d0, d3 = d1;
    if (count > 8) d2 = kernel_dot4(x + 8, y + 8, ux, uy), d3 = kernel_dot4(x + 12, y + 12, ux, uy);
    const satcd__f4 m = f4_spread_min(f4_min_keep(f4_min_keep(d0, d1), f4_min_keep(d2, d3)));
    return __builtin_ctz(kernel_equal_to(d0, d1, m) | kernel_equal_to(d2, d3, m) << 8);
}

#endif /* SATCD_SIMD_KERNELS4_H */
