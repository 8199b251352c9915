/*
 * The clipping kernel in 128-bit SSE4.1 lanes, shared by the SSE4.1 and
 * AVX2 backends. Lane 0 is the incident edge's first end, lane 1 its second
 * (lane 2 carries the reference edge's far end, for hi). Both ends are
 * computed whole and the cases selected by masks: which case holds is as
 * good as random from pair to pair, so the branches of the scalar
 * reference would mispredict often. Each lane does the reference's
 * operations in its order, so results are bitwise identical to scalar.h.
 */
#ifndef SATCD_SIMD_SSE_CLIP_H
#define SATCD_SIMD_SSE_CLIP_H

#include <smmintrin.h>
#include <stdint.h>

#include <satcd/vec2.h>

#include "kernel_types.h"
#include "sse_xf.h"

static inline int satcd__simd_clip(satcd_vec2 v1, satcd_vec2 v2, satcd_vec2 n, satcd_vec2 w1, satcd_vec2 w2,
                                   satcd_xf xf, float margin, uint32_t id0, uint32_t id1, satcd__clip_point out[2])
{
    const __m128 x = _mm_setr_ps(w1.x, w2.x, v2.x, v2.x), y = _mm_setr_ps(w1.y, w2.y, v2.y, v2.y);
    const __m128 v1x = _mm_set1_ps(v1.x), v1y = _mm_set1_ps(v1.y), nx = _mm_set1_ps(n.x), ny = _mm_set1_ps(n.y);

    /* Coordinates along the edge: each end's, the other end's, and hi. */
    __m128 dx = _mm_sub_ps(x, v1x), dy = _mm_sub_ps(y, v1y);
    __m128 s = _mm_add_ps(_mm_mul_ps(_mm_set1_ps(-n.y), dx), _mm_mul_ps(nx, dy));
    __m128 so = _mm_shuffle_ps(s, s, _MM_SHUFFLE(3, 2, 0, 1));
    __m128 hi = _mm_shuffle_ps(s, s, _MM_SHUFFLE(2, 2, 2, 2));
    /* Each end's gap and world point, computed while the cases are sorted out. */
    __m128 g = _mm_add_ps(_mm_mul_ps(nx, dx), _mm_mul_ps(ny, dy));
    __m128 go = _mm_shuffle_ps(g, g, _MM_SHUFFLE(3, 2, 0, 1));
    const __m128 t = xf_lanes(xf);
    const __m128 c = _mm_shuffle_ps(t, t, _MM_SHUFFLE(2, 2, 2, 2)), sn = _mm_shuffle_ps(t, t, _MM_SHUFFLE(3, 3, 3, 3));
    __m128 wx = _mm_add_ps(_mm_sub_ps(_mm_mul_ps(c, x), _mm_mul_ps(sn, y)), _mm_shuffle_ps(t, t, _MM_SHUFFLE(0, 0, 0, 0)));
    __m128 wy = _mm_add_ps(_mm_add_ps(_mm_mul_ps(sn, x), _mm_mul_ps(c, y)), _mm_shuffle_ps(t, t, _MM_SHUFFLE(1, 1, 1, 1)));
    __m128 owx = _mm_shuffle_ps(wx, wx, _MM_SHUFFLE(3, 2, 0, 1)), owy = _mm_shuffle_ps(wy, wy, _MM_SHUFFLE(3, 2, 0, 1));

    __m128 below = _mm_cmplt_ps(s, _mm_setzero_ps());
    __m128 outside = _mm_or_ps(below, _mm_cmpgt_ps(s, hi));
    __m128 bound = _mm_andnot_ps(below, hi);
    __m128 crosses = _mm_blendv_ps(_mm_cmple_ps(so, bound), _mm_cmpge_ps(so, bound), below);
    /* Only a cut lane divides; there the ends lie on opposite sides of the bound, so the divisor is not 0. */
    __m128 cut = _mm_and_ps(outside, crosses);
    __m128 u = _mm_div_ps(_mm_sub_ps(bound, s), _mm_blendv_ps(_mm_set1_ps(1.0f), _mm_sub_ps(so, s), cut));
    __m128 gap = _mm_blendv_ps(g, _mm_add_ps(g, _mm_mul_ps(u, _mm_sub_ps(go, g))), outside);
    __m128 px = _mm_blendv_ps(wx, _mm_add_ps(wx, _mm_mul_ps(u, _mm_sub_ps(owx, wx))), outside);
    __m128 py = _mm_blendv_ps(wy, _mm_add_ps(wy, _mm_mul_ps(u, _mm_sub_ps(owy, wy))), outside);

    __m128 present = _mm_or_ps(_mm_andnot_ps(outside, _mm_castsi128_ps(_mm_set1_epi32(-1))), crosses);
    __m128 keep = _mm_andnot_ps(_mm_cmpgt_ps(gap, _mm_set1_ps(margin)), present);

    __m128 depth = _mm_xor_ps(gap, _mm_set1_ps(-0.0f));
    __m128 ids = _mm_castsi128_ps(_mm_setr_epi32((int)id0, (int)id1, 0, 0));

    /* Contacts as (x, y, depth, id): the first end's, the second end's. */
    __m128 xy = _mm_unpacklo_ps(px, py), di = _mm_unpacklo_ps(depth, ids);
    __m128 first = _mm_movelh_ps(xy, di), second = _mm_movehl_ps(di, xy);
    __m128 keep1 = _mm_shuffle_ps(keep, keep, _MM_SHUFFLE(0, 0, 0, 0));
    __m128 keep2 = _mm_shuffle_ps(keep, keep, _MM_SHUFFLE(1, 1, 1, 1));
    _mm_storeu_ps((float *)&out[0], _mm_blendv_ps(_mm_and_ps(keep2, second), first, keep1));
    _mm_storeu_ps((float *)&out[1], _mm_and_ps(_mm_and_ps(keep1, keep2), second));
    int kept = _mm_movemask_ps(keep);
    return (kept & 1) + ((kept >> 1) & 1);
}

#endif /* SATCD_SIMD_SSE_CLIP_H */
