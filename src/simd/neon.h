/*
 * NEON backend (aarch64 Advanced SIMD): the shared 4-lane kernels
 * (kernels4.h) in NEON registers, the transforms related in plain C as the
 * scalar reference does (scalar_xf.h), and the clipping kernel below.
 * Bitwise identical to scalar.h.
 */
#ifndef SATCD_SIMD_NEON_H
#define SATCD_SIMD_NEON_H

#include <arm_neon.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <satcd/vec2.h>

#include "kernel_types.h"
#include "lanes4_neon.h"
#include "kernels4.h"
#include "scalar_xf.h"

static inline const char *satcd__simd_name(void) { return "neon"; }

/* Not measured on hardware: the plain order. */
static inline bool satcd__simd_searches_ahead(void) { return false; }

/*
 * The clipping kernel: lane 0 is the incident edge's first end, lane 1 its
 * second, lane 2 the reference edge's far end (for hi). Both ends are
 * computed whole and the cases selected by masks (vbslq), as in the SSE
 * kernel; vdivq_f32 rounds like the scalar division.
 */
static inline int satcd__simd_clip(satcd_vec2 v1, satcd_vec2 v2, satcd_vec2 n, satcd_vec2 w1, satcd_vec2 w2,
                                   satcd_xf xf, float margin, uint32_t id0, uint32_t id1, satcd__clip_point out[2])
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
    const uint32_t id_lanes[4] = {id0, id1, 0u, 0u};
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
