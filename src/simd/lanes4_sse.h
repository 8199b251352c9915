/*
 * Four float lanes in SSE registers: the operations the shared 4-lane
 * kernels (kernels4.h) are written in, for the SSE4.1 backend. Each is one
 * instruction, or the shortest sequence for a horizontal step; the NEON
 * backend defines the same set (lanes4_neon.h) with the same results.
 */
#ifndef SATCD_SIMD_LANES4_SSE_H
#define SATCD_SIMD_LANES4_SSE_H

#include <smmintrin.h>
#include <stdbool.h>

typedef __m128 satcd__f4; /* four floats */
typedef __m128 satcd__m4; /* four lane masks, all ones or all zeros */

static inline satcd__f4 f4_set1(float v) { return _mm_set1_ps(v); }
static inline satcd__f4 f4_zero(void) { return _mm_setzero_ps(); }
static inline satcd__f4 f4_load(const float *p) { return _mm_loadu_ps(p); }
static inline void f4_store(float *p, satcd__f4 v) { _mm_storeu_ps(p, v); }
static inline satcd__f4 f4_add(satcd__f4 a, satcd__f4 b) { return _mm_add_ps(a, b); }
static inline satcd__f4 f4_sub(satcd__f4 a, satcd__f4 b) { return _mm_sub_ps(a, b); }
static inline satcd__f4 f4_mul(satcd__f4 a, satcd__f4 b) { return _mm_mul_ps(a, b); }
static inline satcd__f4 f4_max(satcd__f4 a, satcd__f4 b) { return _mm_max_ps(a, b); }

/* `d < best ? d : best` in each lane: MINPS returns its second operand unless the first is less. */
static inline satcd__f4 f4_min_keep(satcd__f4 d, satcd__f4 best) { return _mm_min_ps(d, best); }

/* Lane 0. */
static inline float f4_first(satcd__f4 v) { return _mm_cvtss_f32(v); }

/* The maximum (minimum) of the four lanes, in every lane. */
static inline satcd__f4 f4_spread_max(satcd__f4 m)
{
    m = _mm_max_ps(m, _mm_shuffle_ps(m, m, _MM_SHUFFLE(1, 0, 3, 2)));
    return _mm_max_ps(m, _mm_shuffle_ps(m, m, _MM_SHUFFLE(2, 3, 0, 1)));
}

static inline satcd__f4 f4_spread_min(satcd__f4 m)
{
    m = _mm_min_ps(m, _mm_shuffle_ps(m, m, _MM_SHUFFLE(1, 0, 3, 2)));
    return _mm_min_ps(m, _mm_shuffle_ps(m, m, _MM_SHUFFLE(2, 3, 0, 1)));
}

/* One bit per lane where a >= b (a == b), lane 0 lowest. */
static inline int f4_ge_bits(satcd__f4 a, satcd__f4 b) { return _mm_movemask_ps(_mm_cmpge_ps(a, b)); }
static inline int f4_eq_bits(satcd__f4 a, satcd__f4 b) { return _mm_movemask_ps(_mm_cmpeq_ps(a, b)); }

static inline satcd__m4 m4_none(void) { return _mm_setzero_ps(); }
static inline satcd__m4 f4_gt(satcd__f4 a, satcd__f4 b) { return _mm_cmpgt_ps(a, b); }
static inline satcd__m4 m4_or(satcd__m4 a, satcd__m4 b) { return _mm_or_ps(a, b); }
static inline bool m4_any(satcd__m4 m) { return _mm_movemask_ps(m) != 0; }

#endif /* SATCD_SIMD_LANES4_SSE_H */
