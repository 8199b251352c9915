/*
 * The relation of two transforms in plain C: the reference form of
 * satcd__simd_relate (simd.h), which the scalar and NEON backends use as it
 * is. The SSE backends compute the same in lanes (sse_xf.h).
 */
#ifndef SATCD_SIMD_SCALAR_XF_H
#define SATCD_SIMD_SCALAR_XF_H

#include <math.h>
#include <stdbool.h>

#include <satcd/vec2.h>

static inline bool satcd__simd_relate(satcd_xf xa, satcd_xf xb, float bound, satcd_xf *rel, satcd_vec2 *a_in_b)
{
    float sum = ((fabsf(xa.p.x) + fabsf(xa.p.y)) + (fabsf(xb.p.x) + fabsf(xb.p.y))) +
                ((fabsf(xa.q.c) + fabsf(xa.q.s)) + (fabsf(xb.q.c) + fabsf(xb.q.s)));
    if (!(sum <= bound)) return false;
    *rel = satcd_xf_inv_mul(xa, xb);
    *a_in_b = satcd_neg(satcd_inv_rotate(rel->q, rel->p));
    return true;
}

#endif /* SATCD_SIMD_SCALAR_XF_H */
