/*
 * SSE4.1 backend (x86-64, built with -msse4.1). Four lanes per register;
 * edge separations run over axes, eight at a time in two registers (four
 * when no more remain), so every lane is one axis and the minimum over
 * points needs no horizontal step (only the maximum over axes does). Each
 * lane does exactly the scalar reference's operations in its order, so
 * results are bitwise identical to scalar.h.
 */
#ifndef SATCD_SIMD_SSE41_H
#define SATCD_SIMD_SSE41_H

#include <smmintrin.h>
#include <stdbool.h>

#include <satcd/vec2.h>

#include "kernel_types.h"
#include "sse_clip.h"
#include "sse_xf.h"

static inline const char *satcd__simd_name(void) { return "sse41"; }

/* A second search costs about what the mispredictions it saves do: the plain order (docs/perf/log.md). */
static inline bool satcd__simd_searches_ahead(void) { return false; }

static inline void satcd__simd_transform(const float *x, const float *y, int count, satcd_xf xf,
                                         float *ox, float *oy)
{
    const __m128 c = _mm_set1_ps(xf.q.c), s = _mm_set1_ps(xf.q.s);
    const __m128 tx = _mm_set1_ps(xf.p.x), ty = _mm_set1_ps(xf.p.y);
    for (int i = 0; i < count; i += 4) {
        __m128 px = _mm_loadu_ps(x + i), py = _mm_loadu_ps(y + i);
        _mm_storeu_ps(ox + i, _mm_add_ps(_mm_sub_ps(_mm_mul_ps(c, px), _mm_mul_ps(s, py)), tx));
        _mm_storeu_ps(oy + i, _mm_add_ps(_mm_add_ps(_mm_mul_ps(s, px), _mm_mul_ps(c, py)), ty));
    }
}

static inline void satcd__simd_rotate(const float *x, const float *y, int count, satcd_rot q,
                                      float *ox, float *oy)
{
    const __m128 c = _mm_set1_ps(q.c), s = _mm_set1_ps(q.s);
    for (int i = 0; i < count; i += 4) {
        __m128 px = _mm_loadu_ps(x + i), py = _mm_loadu_ps(y + i);
        _mm_storeu_ps(ox + i, _mm_sub_ps(_mm_mul_ps(c, px), _mm_mul_ps(s, py)));
        _mm_storeu_ps(oy + i, _mm_add_ps(_mm_mul_ps(s, px), _mm_mul_ps(c, py)));
    }
}

/* Four axes in the points' frame: turned normals and face offsets (simd.h). */
typedef struct kernel_axes4 {
    __m128 mx, my, off;
} kernel_axes4;

static inline kernel_axes4 kernel_load_axes(const satcd__axes *ax, int i)
{
    const __m128 c = _mm_set1_ps(ax->q.c), s = _mm_set1_ps(ax->q.s);
    __m128 nx = _mm_loadu_ps(ax->nx + i), ny = _mm_loadu_ps(ax->ny + i);
    kernel_axes4 a;
    a.mx = _mm_sub_ps(_mm_mul_ps(c, nx), _mm_mul_ps(s, ny));
    a.my = _mm_add_ps(_mm_mul_ps(s, nx), _mm_mul_ps(c, ny));
    a.off = _mm_add_ps(_mm_mul_ps(_mm_sub_ps(_mm_loadu_ps(ax->px + i), _mm_set1_ps(ax->t.x)), nx),
                       _mm_mul_ps(_mm_sub_ps(_mm_loadu_ps(ax->py + i), _mm_set1_ps(ax->t.y)), ny));
    return a;
}

/* m.x * x + m.y * y, lane by lane, as the scalar reference rounds it. */
static inline __m128 kernel_dot(const kernel_axes4 *a, __m128 x, __m128 y)
{
    return _mm_add_ps(_mm_mul_ps(a->mx, x), _mm_mul_ps(a->my, y));
}

/* The least dot of the point set, less the offset, zero made positive. */
static inline __m128 kernel_settle(const kernel_axes4 *a, __m128 low)
{
    return _mm_add_ps(_mm_sub_ps(low, a->off), _mm_setzero_ps());
}

/* Separations of four axes. */
static inline __m128 kernel_min_gap4(const kernel_axes4 *a, const float *vx, const float *vy, int vcount)
{
    __m128 best = kernel_dot(a, _mm_set1_ps(vx[0]), _mm_set1_ps(vy[0]));
    for (int j = 1; j < vcount; ++j) best = _mm_min_ps(kernel_dot(a, _mm_set1_ps(vx[j]), _mm_set1_ps(vy[j])), best);
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
                                   __m128 *out_a, __m128 *out_b)
{
    __m128 x = _mm_set1_ps(vx[0]), y = _mm_set1_ps(vy[0]);
    __m128 a0 = kernel_dot(a, x, y), b0 = kernel_dot(b, x, y);
    x = _mm_set1_ps(vx[1]), y = _mm_set1_ps(vy[1]);
    __m128 a1 = kernel_dot(a, x, y), b1 = kernel_dot(b, x, y);
    for (int j = 2; j < vcount; j += 2) {
        x = _mm_set1_ps(vx[j]), y = _mm_set1_ps(vy[j]);
        a0 = _mm_min_ps(kernel_dot(a, x, y), a0);
        b0 = _mm_min_ps(kernel_dot(b, x, y), b0);
        x = _mm_set1_ps(vx[j + 1]), y = _mm_set1_ps(vy[j + 1]);
        a1 = _mm_min_ps(kernel_dot(a, x, y), a1);
        b1 = _mm_min_ps(kernel_dot(b, x, y), b1);
    }
    *out_a = kernel_settle(a, _mm_min_ps(a0, a1));
    *out_b = kernel_settle(b, _mm_min_ps(b0, b1));
}

/* Separations of the eight axes from i on, in two halves (lanes past the count repeat axis 0). */
static inline void kernel_axes_block(const satcd__axes *ax, int i, const float *vx, const float *vy, int vcount,
                                     __m128 *lo, __m128 *hi)
{
    kernel_axes4 a = kernel_load_axes(ax, i), b = kernel_load_axes(ax, i + 4);
    kernel_min_gap8(&a, &b, vx, vy, vcount, lo, hi);
}

static inline int kernel_at_least(__m128 lo, __m128 hi, __m128 limit)
{
    return _mm_movemask_ps(_mm_cmpge_ps(lo, limit)) | _mm_movemask_ps(_mm_cmpge_ps(hi, limit)) << 4;
}

/*
 * One block of axes from i on (eight, or four when no more than four
 * remain) into out + i. Returns the lanes written; *reached gets a bit per
 * lane whose entry is >= stop.
 */
static inline int kernel_separations_block(const satcd__axes *ax, int i, const float *vx, const float *vy, int vcount,
                                           float stop, float *out, int *reached)
{
    const __m128 limit = _mm_set1_ps(stop);
    if (ax->count - i > 4) {
        __m128 sa, sb;
        kernel_axes_block(ax, i, vx, vy, vcount, &sa, &sb);
        _mm_storeu_ps(out + i, sa);
        _mm_storeu_ps(out + i + 4, sb);
        *reached = kernel_at_least(sa, sb, limit);
        return 8;
    }
    kernel_axes4 a = kernel_load_axes(ax, i);
    __m128 sa = kernel_min_gap4(&a, vx, vy, vcount);
    _mm_storeu_ps(out + i, sa);
    *reached = _mm_movemask_ps(_mm_cmpge_ps(sa, limit));
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
static inline unsigned kernel_equal_to(__m128 lo, __m128 hi, __m128 m)
{
    return (unsigned)(_mm_movemask_ps(_mm_cmpeq_ps(lo, m)) | _mm_movemask_ps(_mm_cmpeq_ps(hi, m)) << 4);
}

/* Lane k (0..7) of the pair of registers. */
static inline float kernel_lane_of(__m128 lo, __m128 hi, int k)
{
    _Alignas(16) float s[8];
    _mm_store_ps(s, lo);
    _mm_store_ps(s + 4, hi);
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
    const __m128 limit = _mm_set1_ps(stop);
    __m128 s0, s1, s2, s3;
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
    __m128 m = _mm_max_ps(_mm_max_ps(s0, s1), _mm_max_ps(s2, s3));
    m = _mm_max_ps(m, _mm_shuffle_ps(m, m, _MM_SHUFFLE(1, 0, 3, 2)));
    m = _mm_max_ps(m, _mm_shuffle_ps(m, m, _MM_SHUFFLE(2, 3, 0, 1)));
    *axis = __builtin_ctz(kernel_equal_to(s0, s1, m) | kernel_equal_to(s2, s3, m) << 8);
    return _mm_cvtss_f32(m);
}

/* The stop test of the maximum kernel alone: no horizontal step when no entry reaches stop. */
SATCD__KERNEL bool satcd__simd_reaches(const satcd__axes *ax, const float *vx, const float *vy, int vcount, float stop)
{
    const __m128 limit = _mm_set1_ps(stop);
    __m128 lo, hi;
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
    const __m128 zero = _mm_setzero_ps();
    for (int i = 0; i < ax->count; i += 4) {
        kernel_axes4 a = kernel_load_axes(ax, i);
        __m128 ahead = _mm_setzero_ps();
        for (int j = 0; j < vcount; ++j) {
            __m128 gap = _mm_sub_ps(kernel_dot(&a, _mm_set1_ps(vx[j]), _mm_set1_ps(vy[j])), a.off);
            ahead = _mm_or_ps(ahead, _mm_cmpgt_ps(gap, zero));
        }
        if (_mm_movemask_ps(ahead)) return false;
    }
    return true;
}

static inline __m128 kernel_dot4(const float *x, const float *y, __m128 ux, __m128 uy)
{
    return _mm_add_ps(_mm_mul_ps(_mm_loadu_ps(x), ux), _mm_mul_ps(_mm_loadu_ps(y), uy));
}

/* Eight dot products at once; the padding lanes repeat lane 0 and never win over it. */
SATCD__KERNEL int satcd__simd_lowest_along(const float *x, const float *y, int count, float dx, float dy)
{
    const __m128 ux = _mm_set1_ps(dx), uy = _mm_set1_ps(dy);
    __m128 d0 = kernel_dot4(x, y, ux, uy), d1 = kernel_dot4(x + 4, y + 4, ux, uy), d2 = d0, d3 = d1;
    if (count > 8) d2 = kernel_dot4(x + 8, y + 8, ux, uy), d3 = kernel_dot4(x + 12, y + 12, ux, uy);
    __m128 m = _mm_min_ps(_mm_min_ps(d0, d1), _mm_min_ps(d2, d3));
    m = _mm_min_ps(m, _mm_shuffle_ps(m, m, _MM_SHUFFLE(1, 0, 3, 2)));
    m = _mm_min_ps(m, _mm_shuffle_ps(m, m, _MM_SHUFFLE(2, 3, 0, 1)));
    return __builtin_ctz(kernel_equal_to(d0, d1, m) | kernel_equal_to(d2, d3, m) << 8);
}

#endif /* SATCD_SIMD_SSE41_H */
