/*
 * Four float lanes in NEON registers: the operations the shared 4-lane
 * kernels (kernels4.h) are written in, for the NEON backend, with the
 * results of the SSE set (lanes4_sse.h). Products and sums are separate
 * vmulq_f32 / vaddq_f32 (never vmlaq_f32 or vfmaq_f32, which may be fused),
 * and the running minimum is a compare-and-select, not vminq_f32, whose
 * NaN and signed-zero rules differ from `d < best ? d : best`.
 */
#ifndef SATCD_SIMD_LANES4_NEON_H
#define SATCD_SIMD_LANES4_NEON_H

#include <arm_neon.h>
#include <stdbool.h>

typedef float32x4_t satcd__f4; /* four floats */
typedef uint32x4_t satcd__m4;  /* four lane masks, all ones or all zeros */

static inline satcd__f4 f4_set1(float v) { return vdupq_n_f32(v); }
static inline satcd__f4 f4_zero(void) { return vdupq_n_f32(0.0f); }
static inline satcd__f4 f4_load(const float *p) { return vld1q_f32(p); }
static inline void f4_store(float *p, satcd__f4 v) { vst1q_f32(p, v); }
static inline satcd__f4 f4_add(satcd__f4 a, satcd__f4 b) { return vaddq_f32(a, b); }
static inline satcd__f4 f4_sub(satcd__f4 a, satcd__f4 b) { return vsubq_f32(a, b); }
static inline satcd__f4 f4_mul(satcd__f4 a, satcd__f4 b) { return vmulq_f32(a, b); }

/* The kernels take maxima only of entries that are never NaN and whose zeros are +0: any maximum agrees. */
static inline satcd__f4 f4_max(satcd__f4 a, satcd__f4 b) { return vmaxq_f32(a, b); }

/* `d < best ? d : best` in each lane. */
static inline satcd__f4 f4_min_keep(satcd__f4 d, satcd__f4 best) { return vbslq_f32(vcltq_f32(d, best), d, best); }

/* Lane 0. */
static inline float f4_first(satcd__f4 v) { return vgetq_lane_f32(v, 0); }

/*
 * The maximum (minimum) of the four lanes, in every lane. The minimum is
 * only compared for equality (a -0 and a +0 compare equal), so vminvq_f32's
 * choice between the two zeros does not show.
 */
static inline satcd__f4 f4_spread_max(satcd__f4 m) { return vdupq_n_f32(vmaxvq_f32(m)); }
static inline satcd__f4 f4_spread_min(satcd__f4 m) { return vdupq_n_f32(vminvq_f32(m)); }

/* One bit per lane of a lane mask, lane 0 lowest. */
static inline int m4_bits(satcd__m4 mask)
{
    const uint32x4_t weights = {1u, 2u, 4u, 8u};
    return (int)vaddvq_u32(vandq_u32(mask, weights));
}

/* One bit per lane where a >= b (a == b), lane 0 lowest. */
static inline int f4_ge_bits(satcd__f4 a, satcd__f4 b) { return m4_bits(vcgeq_f32(a, b)); }
static inline int f4_eq_bits(satcd__f4 a, satcd__f4 b) { return m4_bits(vceqq_f32(a, b)); }

static inline satcd__m4 m4_none(void) { return vdupq_n_u32(0u); }
static inline satcd__m4 f4_gt(satcd__f4 a, satcd__f4 b) { return vcgtq_f32(a, b); }
static inline satcd__m4 m4_or(satcd__m4 a, satcd__m4 b) { return vorrq_u32(a, b); }
static inline bool m4_any(satcd__m4 m) { return vmaxvq_u32(m) != 0u; }

#endif /* SATCD_SIMD_LANES4_NEON_H */
