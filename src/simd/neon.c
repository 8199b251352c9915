/*
 * NEON backend (aarch64 Advanced SIMD). Four lanes per register; edge
 * separations run over axes, eight at a time in two registers (four when no
 * more remain), so every lane is one axis and no horizontal reduction is
 * needed. Each lane does exactly the scalar reference's operations in its
 * order, so results are bitwise identical to scalar.c: products and sums are
 * separate vmulq_f32 / vaddq_f32 (never vmlaq_f32 or vfmaq_f32, which may be
 * fused), and the minimum is a compare-and-select, not vminq_f32, whose NaN
 * and signed-zero rules differ from `d < best ? d : best`.
 */
#include <arm_neon.h>

#include "simd.h"

#if !defined(SATCD_SIMD_BACKEND_NEON)
#error "neon.c is built only as the configured NEON backend (cmake/Simd.cmake)"
#endif

const char *satcd__simd_name(void) { return "neon"; }

void satcd__simd_transform(const float *x, const float *y, int count, satcd_xf xf,
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

void satcd__simd_rotate(const float *x, const float *y, int count, satcd_rot q,
                        float *ox, float *oy)
{
    const float32x4_t c = vdupq_n_f32(q.c), s = vdupq_n_f32(q.s);
    for (int i = 0; i < count; i += 4) {
        float32x4_t px = vld1q_f32(x + i), py = vld1q_f32(y + i);
        vst1q_f32(ox + i, vsubq_f32(vmulq_f32(c, px), vmulq_f32(s, py)));
        vst1q_f32(oy + i, vaddq_f32(vmulq_f32(s, px), vmulq_f32(c, py)));
    }
}

/* Four axes: unit normals and points on them. */
typedef struct axes4 {
    float32x4_t nx, ny, px, py;
} axes4;

static axes4 load_axes(const float *nx, const float *ny, const float *px, const float *py, int i)
{
    axes4 a = {vld1q_f32(nx + i), vld1q_f32(ny + i), vld1q_f32(px + i), vld1q_f32(py + i)};
    return a;
}

/* (x - p.x) * n.x + (y - p.y) * n.y, lane by lane, as the scalar reference rounds it. */
static float32x4_t gap(const axes4 *a, float32x4_t x, float32x4_t y)
{
    return vaddq_f32(vmulq_f32(vsubq_f32(x, a->px), a->nx), vmulq_f32(vsubq_f32(y, a->py), a->ny));
}

/* `d < best ? d : best`, lane by lane. */
static float32x4_t min_keep(float32x4_t d, float32x4_t best) { return vbslq_f32(vcltq_f32(d, best), d, best); }

/* Minimum gap of the point set per axis, zero made positive. */
static float32x4_t min_gap4(const axes4 *a, const float *vx, const float *vy, int vcount)
{
    float32x4_t best = gap(a, vdupq_n_f32(vx[0]), vdupq_n_f32(vy[0]));
    for (int j = 1; j < vcount; ++j) best = min_keep(gap(a, vdupq_n_f32(vx[j]), vdupq_n_f32(vy[j])), best);
    return vaddq_f32(best, vdupq_n_f32(0.0f));
}

/*
 * The same for eight axes at once: two chains per half over alternate
 * points, four in all for the pipeline. The point arrays are padded with
 * copies of point 0 (simd.h), so rounding the count up to even reads only
 * such a copy, which changes no minimum; the entries are never NaN, and the
 * final + 0 settles the one tie the order could change, -0 against +0.
 */
static void min_gap8(const axes4 *a, const axes4 *b, const float *vx, const float *vy, int vcount,
                     float32x4_t *out_a, float32x4_t *out_b)
{
    float32x4_t x = vdupq_n_f32(vx[0]), y = vdupq_n_f32(vy[0]);
    float32x4_t a0 = gap(a, x, y), b0 = gap(b, x, y);
    x = vdupq_n_f32(vx[1]), y = vdupq_n_f32(vy[1]);
    float32x4_t a1 = gap(a, x, y), b1 = gap(b, x, y);
    for (int j = 2; j < vcount; j += 2) {
        x = vdupq_n_f32(vx[j]), y = vdupq_n_f32(vy[j]);
        a0 = min_keep(gap(a, x, y), a0);
        b0 = min_keep(gap(b, x, y), b0);
        x = vdupq_n_f32(vx[j + 1]), y = vdupq_n_f32(vy[j + 1]);
        a1 = min_keep(gap(a, x, y), a1);
        b1 = min_keep(gap(b, x, y), b1);
    }
    *out_a = vaddq_f32(min_keep(a0, a1), vdupq_n_f32(0.0f));
    *out_b = vaddq_f32(min_keep(b0, b1), vdupq_n_f32(0.0f));
}

static bool any_lane(uint32x4_t mask) { return vmaxvq_u32(mask) != 0u; }

/* One bit per lane of an all-ones / all-zeros lane mask, lane 0 lowest. */
static int lane_bits(uint32x4_t mask)
{
    const uint32x4_t weights = {1u, 2u, 4u, 8u};
    return (int)vaddvq_u32(vandq_u32(mask, weights));
}

/*
 * One block of axes from i on (eight, or four when no more than four
 * remain) into out + i. Returns the lanes written; *reached gets a bit per
 * lane whose entry is >= stop.
 */
static int separations_block(const float *nx, const float *ny, const float *px, const float *py, int i,
                             int ncount, const float *vx, const float *vy, int vcount, float stop,
                             float *out, int *reached)
{
    const float32x4_t limit = vdupq_n_f32(stop);
    if (ncount - i > 4) {
        axes4 a = load_axes(nx, ny, px, py, i), b = load_axes(nx, ny, px, py, i + 4);
        float32x4_t sa, sb;
        min_gap8(&a, &b, vx, vy, vcount, &sa, &sb);
        vst1q_f32(out + i, sa);
        vst1q_f32(out + i + 4, sb);
        uint32x4_t ra = vcgeq_f32(sa, limit), rb = vcgeq_f32(sb, limit);
        *reached = any_lane(vorrq_u32(ra, rb)) ? lane_bits(ra) | lane_bits(rb) << 4 : 0;
        return 8;
    }
    axes4 a = load_axes(nx, ny, px, py, i);
    float32x4_t sa = min_gap4(&a, vx, vy, vcount);
    vst1q_f32(out + i, sa);
    uint32x4_t ra = vcgeq_f32(sa, limit);
    *reached = any_lane(ra) ? lane_bits(ra) : 0;
    return 4;
}

int satcd__simd_edge_separations(const float *nx, const float *ny, const float *px, const float *py,
                                 int ncount, const float *vx, const float *vy, int vcount,
                                 float stop, float *out)
{
    int i = 0, reached = 0;
    /* Padding lanes repeat lane 0 and only occur in the last block: stopping there changes nothing. */
    while (i < ncount && !reached) i += separations_block(nx, ny, px, py, i, ncount, vx, vy, vcount, stop, out, &reached);
    return i < ncount ? i : ncount;
}

/*
 * Largest of s[0, count) (count a positive multiple of 4; never NaN, zeros
 * +0, so the maximum is one exact value) and its lowest index.
 */
static float max_lowest(const float *s, int count, int *index)
{
    float32x4_t m = vld1q_f32(s);
    for (int i = 4; i < count; i += 4) m = vmaxq_f32(m, vld1q_f32(s + i));
    const float32x4_t top = vdupq_n_f32(vmaxvq_f32(m));
    int mask = 0;
    for (int i = 0; i < count; i += 4) mask |= lane_bits(vceqq_f32(vld1q_f32(s + i), top)) << i;
    *index = __builtin_ctz((unsigned)mask);
    return s[*index];
}

float satcd__simd_max_separation(const float *nx, const float *ny, const float *px, const float *py,
                                 int ncount, const float *vx, const float *vy, int vcount,
                                 float stop, int *axis)
{
    float s[SATCD_MAX_POLYGON_VERTICES];
    int i = 0;
    while (i < ncount) {
        int reached, lanes = separations_block(nx, ny, px, py, i, ncount, vx, vy, vcount, stop, s, &reached);
        if (reached) {
            /* Earlier blocks held no such entry, and a padding lane never precedes lane 0. */
            *axis = i + __builtin_ctz((unsigned)reached);
            return s[*axis];
        }
        i += lanes;
    }
    return max_lowest(s, i, axis);
}

bool satcd__simd_all_behind(const float *nx, const float *ny, const float *px, const float *py,
                            int ncount, const float *vx, const float *vy, int vcount)
{
    const float32x4_t zero = vdupq_n_f32(0.0f);
    for (int i = 0; i < ncount; i += 4) {
        axes4 a = load_axes(nx, ny, px, py, i);
        uint32x4_t ahead = vdupq_n_u32(0u);
        for (int j = 0; j < vcount; ++j) {
            ahead = vorrq_u32(ahead, vcgtq_f32(gap(&a, vdupq_n_f32(vx[j]), vdupq_n_f32(vy[j])), zero));
        }
        if (any_lane(ahead)) return false;
    }
    return true;
}
