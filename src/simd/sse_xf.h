/*
 * The relation of two transforms in SSE lanes, shared by the SSE4.1 and
 * AVX2 backends. A transform arrives in two registers, (p.x, p.y) and
 * (q.c, q.s); taken apart into scalars, its floats would pass through
 * memory and the integer registers at the start of every query, for work
 * that two registers do in a few lane operations. Each lane does the scalar reference's operations in its
 * order, so the results are bitwise identical to scalar.h.
 */
#ifndef SATCD_SIMD_SSE_XF_H
#define SATCD_SIMD_SSE_XF_H

#include <pmmintrin.h>
#include <smmintrin.h>
#include <stdbool.h>

#include <satcd/vec2.h>

/*
 * (p.x, p.y, q.c, q.s): the two registers side by side. MOVLHPS reads only
 * their low halves, so each is taken as it arrives. Written in C, GCC first
 * clears each register's upper half with a register-to-register MOVQ: an
 * instruction more, and valgrind (memcheck in CI, callgrind for the
 * instruction counts) cannot decode the form the assembler picks for it
 * when the source is xmm8 to xmm15.
 */
static inline __m128 xf_lanes(satcd_xf xf)
{
#if defined(__GNUC__) || defined(__clang__)
    double p, q;
    __builtin_memcpy(&p, &xf.p, sizeof p);
    __builtin_memcpy(&q, &xf.q, sizeof q);
    __m128 out;
#if defined(__AVX__)
    __asm__("vmovlhps {%2, %1, %0|%0, %1, %2}" : "=x"(out) : "x"(p), "x"(q));
#else
    __m128 low = _mm_castpd_ps(_mm_set_sd(p));
    __asm__("movlhps {%2, %0|%0, %2}" : "=x"(out) : "0"(low), "x"(q));
#endif
    return out;
#else
    return _mm_setr_ps(xf.p.x, xf.p.y, xf.q.c, xf.q.s);
#endif
}

/*
 * Each pair of lanes of v turned by the inverse of the rotation (c, s),
 * given as c and s in every lane: (c x + s y, c y - s x) as the reference
 * rounds it (satcd_inv_rotate: -s x + c y is the same sum).
 */
static inline __m128 xf_turn(__m128 c, __m128 s, __m128 v)
{
    __m128 cross = _mm_mul_ps(s, _mm_shuffle_ps(v, v, _MM_SHUFFLE(2, 3, 0, 1)));
    return _mm_add_ps(_mm_mul_ps(c, v), _mm_xor_ps(cross, _mm_setr_ps(0.0f, -0.0f, 0.0f, -0.0f)));
}

static inline bool satcd__simd_relate(satcd_xf xa, satcd_xf xb, float bound, satcd_xf *rel, satcd_vec2 *a_in_b)
{
    const __m128 a = xf_lanes(xa), b = xf_lanes(xb);
    const __m128 magnitude = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff));
    /* (|a.p.x| + |a.p.y|, |a.q.c| + |a.q.s|, |b.p.x| + |b.p.y|, |b.q.c| + |b.q.s|), then the reference's pairs */
    __m128 h = _mm_hadd_ps(_mm_and_ps(a, magnitude), _mm_and_ps(b, magnitude));
    __m128 g = _mm_add_ps(h, _mm_movehl_ps(h, h));
    if (!(_mm_cvtss_f32(_mm_add_ss(g, _mm_movehdup_ps(g))) <= bound)) return false;
    /* inv(a.q) (b.p - a.p) and inv(a.q) b.q in one: rel as (p.x, p.y, q.c, q.s) */
    __m128 r = xf_turn(_mm_shuffle_ps(a, a, _MM_SHUFFLE(2, 2, 2, 2)), _mm_shuffle_ps(a, a, _MM_SHUFFLE(3, 3, 3, 3)),
                       _mm_blend_ps(_mm_sub_ps(b, a), b, 0xc));
    /* -(inv(rel.q) rel.p): A's origin in B's frame */
    __m128 turned = xf_turn(_mm_shuffle_ps(r, r, _MM_SHUFFLE(2, 2, 2, 2)), _mm_shuffle_ps(r, r, _MM_SHUFFLE(3, 3, 3, 3)), r);
    __m128 o = _mm_xor_ps(turned, _mm_set1_ps(-0.0f));
    rel->p.x = _mm_cvtss_f32(r);
    rel->p.y = _mm_cvtss_f32(_mm_movehdup_ps(r));
    rel->q.c = _mm_cvtss_f32(_mm_movehl_ps(r, r));
    rel->q.s = _mm_cvtss_f32(_mm_shuffle_ps(r, r, _MM_SHUFFLE(3, 3, 3, 3)));
    a_in_b->x = _mm_cvtss_f32(o);
    a_in_b->y = _mm_cvtss_f32(_mm_movehdup_ps(o));
    return true;
}

#endif /* SATCD_SIMD_SSE_XF_H */
