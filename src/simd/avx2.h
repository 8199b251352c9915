/*
 * AVX2 backend (x86-64, built with -mavx2 and deliberately without -mfma).
 * Eight lanes per register; edge separations run over axes, eight at a time
 * (the arrays are padded to whole blocks of eight), so every lane is one
 * axis and the minimum over points needs no horizontal step (only the
 * maximum over axes does). Each lane does exactly the scalar reference's
 * operations in its order, so results are bitwise identical to scalar.h.
 */
#ifndef SATCD_SIMD_AVX2_H
#define SATCD_SIMD_AVX2_H

#include <immintrin.h>
#include <stdbool.h>

#include <satcd/vec2.h>

#include "kernel_types.h"
#include "sse_clip.h"
#include "sse_xf.h"

static inline const char *satcd__simd_name(void) { return "avx2"; }

/* One 8-lane product, sum and horizontal minimum: cheap enough to run for both candidates. */
static inline bool satcd__simd_searches_ahead(void) { return true; }

/*
 * The loops below are written as a first block, always present (every
 * array is padded to at least one block of 8 lanes), and a loop for the
 * rest: a polygon of up to 8 vertices, the common case, then runs straight
 * through without the loop's setup.
 */
static inline void kernel_transform8(const float *x, const float *y, satcd_xf xf, float *ox, float *oy)
{
    const __m256 c = _mm256_set1_ps(xf.q.c), s = _mm256_set1_ps(xf.q.s);
    __m256 px = _mm256_loadu_ps(x), py = _mm256_loadu_ps(y);
    _mm256_storeu_ps(ox, _mm256_add_ps(_mm256_sub_ps(_mm256_mul_ps(c, px), _mm256_mul_ps(s, py)), _mm256_set1_ps(xf.p.x)));
    _mm256_storeu_ps(oy, _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(s, px), _mm256_mul_ps(c, py)), _mm256_set1_ps(xf.p.y)));
}

static inline void satcd__simd_transform(const float *x, const float *y, int count, satcd_xf xf,
                                         float *ox, float *oy)
{
    kernel_transform8(x, y, xf, ox, oy);
    for (int i = 8; i < count; i += 8) kernel_transform8(x + i, y + i, xf, ox + i, oy + i);
}

static inline void kernel_rotate8(const float *x, const float *y, satcd_rot q, float *ox, float *oy)
{
    const __m256 c = _mm256_set1_ps(q.c), s = _mm256_set1_ps(q.s);
    __m256 px = _mm256_loadu_ps(x), py = _mm256_loadu_ps(y);
    _mm256_storeu_ps(ox, _mm256_sub_ps(_mm256_mul_ps(c, px), _mm256_mul_ps(s, py)));
    _mm256_storeu_ps(oy, _mm256_add_ps(_mm256_mul_ps(s, px), _mm256_mul_ps(c, py)));
}

static inline void satcd__simd_rotate(const float *x, const float *y, int count, satcd_rot q,
                                      float *ox, float *oy)
{
    kernel_rotate8(x, y, q, ox, oy);
    for (int i = 8; i < count; i += 8) kernel_rotate8(x + i, y + i, q, ox + i, oy + i);
}

/* Eight axes in the points' frame: turned normals and face offsets (simd.h). */
typedef struct kernel_axes8 {
    __m256 mx, my, off;
} kernel_axes8;

static inline kernel_axes8 kernel_load_axes8(const satcd__axes *ax, int i)
{
    const __m256 c = _mm256_set1_ps(ax->q.c), s = _mm256_set1_ps(ax->q.s);
    __m256 nx = _mm256_loadu_ps(ax->nx + i), ny = _mm256_loadu_ps(ax->ny + i);
    kernel_axes8 a;
    a.mx = _mm256_sub_ps(_mm256_mul_ps(c, nx), _mm256_mul_ps(s, ny));
    a.my = _mm256_add_ps(_mm256_mul_ps(s, nx), _mm256_mul_ps(c, ny));
    a.off = _mm256_add_ps(_mm256_mul_ps(_mm256_sub_ps(_mm256_loadu_ps(ax->px + i), _mm256_set1_ps(ax->t.x)), nx),
                          _mm256_mul_ps(_mm256_sub_ps(_mm256_loadu_ps(ax->py + i), _mm256_set1_ps(ax->t.y)), ny));
    return a;
}

/* m.x * x + m.y * y, lane by lane, as the scalar reference rounds it. */
static inline __m256 kernel_dot8(const kernel_axes8 *a, __m256 x, __m256 y)
{
    return _mm256_add_ps(_mm256_mul_ps(a->mx, x), _mm256_mul_ps(a->my, y));
}

/* Four more points, x[0..3] and y[0..3], into the four running minima. */
static inline void kernel_min_more4(const kernel_axes8 *a, const float *vx, const float *vy, __m256 m[4])
{
    for (int k = 0; k < 4; ++k)
        m[k] = _mm256_min_ps(kernel_dot8(a, _mm256_broadcast_ss(vx + k), _mm256_broadcast_ss(vy + k)), m[k]);
}

/*
 * Separation per axis: the least dot of the point set, less the offset.
 * Four independent minima over every fourth point, then a tree: the point
 * arrays are padded with copies of point 0 (simd.h), so rounding the count
 * up to a multiple of four reads only such copies, which change no
 * minimum. The order of the minima does not matter, as the entries are
 * never NaN, except for the sign of a zero: VMINPS may resolve -0 against
 * +0 either way. Comparisons do not see that sign; a value that is stored
 * or returned gets + 0 first, which makes it +0 (kernel_axes_block, and the
 * one value satcd__simd_max_separation returns).
 */
static inline __m256 kernel_min_gap8_signed(const kernel_axes8 *a, const float *vx, const float *vy, int vcount)
{
    __m256 m[4];
    for (int k = 0; k < 4; ++k) m[k] = kernel_dot8(a, _mm256_broadcast_ss(vx + k), _mm256_broadcast_ss(vy + k));
    /* Points 4 to 7 straight through; a loop only for polygons of more than 8 vertices. */
    if (vcount > 4) {
        kernel_min_more4(a, vx + 4, vy + 4, m);
        for (int j = 8; j < vcount; j += 4) kernel_min_more4(a, vx + j, vy + j, m);
    }
    __m256 low = _mm256_min_ps(_mm256_min_ps(m[0], m[1]), _mm256_min_ps(m[2], m[3]));
    return _mm256_sub_ps(low, a->off);
}

/* Separations of the eight axes from i on (lanes past the count repeat axis 0), a zero's sign left to the order. */
static inline __m256 kernel_axes_block_signed(const satcd__axes *ax, int i, const float *vx, const float *vy, int vcount)
{
    kernel_axes8 a = kernel_load_axes8(ax, i);
    return kernel_min_gap8_signed(&a, vx, vy, vcount);
}

/* The same, zeros made positive: for separations that are stored. */
static inline __m256 kernel_axes_block(const satcd__axes *ax, int i, const float *vx, const float *vy, int vcount)
{
    return _mm256_add_ps(kernel_axes_block_signed(ax, i, vx, vy, vcount), _mm256_setzero_ps());
}

/*
 * The same pointer, no longer provably equal to it: the second block of a
 * polygon of more than 8 axes then loads its own broadcasts, where the
 * compiler would otherwise keep the first block's in registers for it and
 * spill them to the stack on every query, second block or not.
 */
static inline const float *kernel_opaque(const float *p)
{
    __asm__("" : "+r"(p));
    return p;
}

static inline int kernel_at_least(__m256 s, __m256 limit) { return _mm256_movemask_ps(_mm256_cmp_ps(s, limit, _CMP_GE_OQ)); }

/*
 * One block of eight axes from i on into out + i (every array, out
 * included, holds whole blocks: simd.h). Returns a bit per lane whose entry
 * is >= stop.
 */
static inline int kernel_separations_block(const satcd__axes *ax, int i, const float *vx, const float *vy, int vcount,
                                           float stop, float *out)
{
    __m256 s = kernel_axes_block(ax, i, vx, vy, vcount);
    _mm256_storeu_ps(out + i, s);
    return kernel_at_least(s, _mm256_set1_ps(stop));
}

static inline int satcd__simd_edge_separations(const satcd__axes *ax, const float *vx, const float *vy, int vcount,
                                               float stop, float *out)
{
    int i = 0, reached = 0;
    /* Padding lanes repeat lane 0 and only occur in the last block: stopping there changes nothing. */
    for (; i < ax->count && !reached; i += 8) reached = kernel_separations_block(ax, i, vx, vy, vcount, stop, out);
    return i < ax->count ? i : ax->count;
}

/* Lane k of s. */
static inline float kernel_lane_of(__m256 s, int k)
{
    return _mm_cvtss_f32(_mm256_castps256_ps128(_mm256_permutevar8x32_ps(s, _mm256_set1_epi32(k))));
}

/* The maximum (or minimum) of the eight lanes of m, in every lane. */
static inline __m256 kernel_spread_max(__m256 m)
{
    m = _mm256_max_ps(m, _mm256_permute2f128_ps(m, m, 1));
    m = _mm256_max_ps(m, _mm256_permute_ps(m, _MM_SHUFFLE(1, 0, 3, 2)));
    return _mm256_max_ps(m, _mm256_permute_ps(m, _MM_SHUFFLE(2, 3, 0, 1)));
}

static inline __m256 kernel_spread_min(__m256 m)
{
    m = _mm256_min_ps(m, _mm256_permute2f128_ps(m, m, 1));
    m = _mm256_min_ps(m, _mm256_permute_ps(m, _MM_SHUFFLE(1, 0, 3, 2)));
    return _mm256_min_ps(m, _mm256_permute_ps(m, _MM_SHUFFLE(2, 3, 0, 1)));
}

/* The lowest lane of s whose entry equals m's lanes. */
static inline int kernel_first_equal8(__m256 s, __m256 m)
{
    return __builtin_ctz((unsigned)_mm256_movemask_ps(_mm256_cmp_ps(s, m, _CMP_EQ_OQ)));
}

/* The lowest index, lanes of s0 first (0..7) then of s1 (8..15), whose entry equals m's lanes. */
static inline int kernel_first_equal(__m256 s0, __m256 s1, __m256 m)
{
    unsigned at = (unsigned)_mm256_movemask_ps(_mm256_cmp_ps(s0, m, _CMP_EQ_OQ)) |
                  (unsigned)_mm256_movemask_ps(_mm256_cmp_ps(s1, m, _CMP_EQ_OQ)) << 8;
    return __builtin_ctz(at);
}

/*
 * At most two blocks of eight (the capacity is 16), kept in registers: the
 * stop test per block, then one horizontal maximum and the lowest lane
 * equal to it. Exact: the entries are never NaN, equal lanes compare equal
 * whatever the signs of their zeros, and the value returned gets the + 0
 * the lanes were spared, on the path every manifold waits for.
 */
SATCD__KERNEL float satcd__simd_max_separation(const satcd__axes *ax, const float *vx, const float *vy, int vcount,
                                               float stop, int *axis)
{
    const __m256 limit = _mm256_set1_ps(stop);
    __m256 s0 = kernel_axes_block_signed(ax, 0, vx, vy, vcount);
    int reached = kernel_at_least(s0, limit);
    if (reached) {
        /* A padding lane never precedes lane 0, which it copies. */
        *axis = __builtin_ctz((unsigned)reached);
        return kernel_lane_of(s0, *axis) + 0.0f;
    }
    if (ax->count <= 8) {
        __m256 m = kernel_spread_max(s0);
        *axis = kernel_first_equal8(s0, m);
        return _mm256_cvtss_f32(m) + 0.0f;
    }
    __m256 s1 = kernel_axes_block_signed(ax, 8, kernel_opaque(vx), kernel_opaque(vy), vcount);
    reached = kernel_at_least(s1, limit);
    if (reached) {
        *axis = 8 + __builtin_ctz((unsigned)reached);
        return kernel_lane_of(s1, *axis - 8) + 0.0f;
    }
    __m256 m = kernel_spread_max(_mm256_max_ps(s0, s1));
    *axis = kernel_first_equal(s0, s1, m);
    return _mm256_cvtss_f32(m) + 0.0f;
}

/* The stop test of the maximum kernel alone: no horizontal step when no entry reaches stop. */
SATCD__KERNEL bool satcd__simd_reaches(const satcd__axes *ax, const float *vx, const float *vy, int vcount, float stop)
{
    const __m256 limit = _mm256_set1_ps(stop);
    int reached = kernel_at_least(kernel_axes_block_signed(ax, 0, vx, vy, vcount), limit);
    if (!reached && ax->count > 8)
        reached = kernel_at_least(kernel_axes_block_signed(ax, 8, kernel_opaque(vx), kernel_opaque(vy), vcount), limit);
    return reached != 0;
}

static inline bool satcd__simd_all_behind(const satcd__axes *ax, const float *vx, const float *vy, int vcount)
{
    const __m256 zero = _mm256_setzero_ps();
    for (int i = 0; i < ax->count; i += 8) {
        kernel_axes8 a = kernel_load_axes8(ax, i);
        __m256 ahead = _mm256_setzero_ps();
        for (int j = 0; j < vcount; ++j) {
            __m256 gap = _mm256_sub_ps(kernel_dot8(&a, _mm256_broadcast_ss(vx + j), _mm256_broadcast_ss(vy + j)), a.off);
            ahead = _mm256_or_ps(ahead, _mm256_cmp_ps(gap, zero, _CMP_GT_OQ));
        }
        if (_mm256_movemask_ps(ahead)) return false;
    }
    return true;
}

/* Eight dot products at once; the padding lanes repeat lane 0 and never win over it. */
SATCD__KERNEL int satcd__simd_lowest_along(const float *x, const float *y, int count, float dx, float dy)
{
    const __m256 ux = _mm256_set1_ps(dx), uy = _mm256_set1_ps(dy);
    __m256 d0 = _mm256_add_ps(_mm256_mul_ps(_mm256_loadu_ps(x), ux), _mm256_mul_ps(_mm256_loadu_ps(y), uy));
    if (count <= 8) return kernel_first_equal8(d0, kernel_spread_min(d0));
    __m256 d1 = _mm256_add_ps(_mm256_mul_ps(_mm256_loadu_ps(x + 8), ux), _mm256_mul_ps(_mm256_loadu_ps(y + 8), uy));
    return kernel_first_equal(d0, d1, kernel_spread_min(_mm256_min_ps(d0, d1)));
}

#endif /* SATCD_SIMD_AVX2_H */
