/*
 * The one internal interface every hot loop goes through. Each backend
 * (scalar.h, sse41.h, avx2.h, neon.h) defines these functions as static
 * inline, so a query inlines its kernels; exactly one is included, chosen at
 * configure time (SATCD_SIMD_BACKEND_*, defined for the whole library,
 * which is compiled with the backend's flags).
 *
 * Every backend must return bitwise identical results: each lane performs
 * the same float operations in the same order as the scalar reference (no
 * FMA, -ffp-contract=off), minima are exact, and zeros are made positive so
 * the sign of a zero never depends on the order of a reduction.
 *
 * Inputs are finite (the queries check their arguments first, the
 * transforms by satcd__simd_relate itself), so no entry is ever NaN and a
 * minimum or maximum may be taken in any order.
 *
 * Every input array is readable up to satcd__padded_count(count) entries,
 * the lanes past `count` holding copies of lane 0, and every output array
 * has room for that many entries: a backend may load, compute and store
 * whole blocks, as long as the entries a caller reads are exact.
 */
#ifndef SATCD_SIMD_H
#define SATCD_SIMD_H

#include "kernel_types.h"

/*
 * The interface, as each backend header defines it (static inline):
 *
 * const char *satcd__simd_name(void)
 *     Name of the compiled-in backend.
 *
 * bool satcd__simd_searches_ahead(void)
 *     A constant: true when satcd__simd_lowest_along costs so little that
 *     the manifold runs it for both candidate reference faces before
 *     choosing between them (manifold_internal.h): the same answers, and
 *     over pairs whose choice cannot be predicted the work survives a
 *     mispredicted choice. False where two searches cost more than the
 *     mispredictions they save (docs/perf/log.md has the measurements).
 *
 * bool satcd__simd_relate(satcd_xf xa, satcd_xf xb, float bound,
 *                         satcd_xf *rel, satcd_vec2 *a_in_b)
 *     False, and nothing written, unless
 *         ((|xa.p.x| + |xa.p.y|) + (|xb.p.x| + |xb.p.y|)) +
 *         ((|xa.q.c| + |xa.q.s|) + (|xb.q.c| + |xb.q.s|)) <= bound
 *     (a NaN fails it). Otherwise true, the transform of B's frame into
 *     A's, inv(xa) xb as satcd_xf_inv_mul rounds it, in *rel, and A's
 *     origin in B's frame, -(inv(rel.q) rel.p) as satcd_inv_rotate
 *     rounds it, in *a_in_b. The scalar form is scalar_xf.h; the SSE
 *     backends compute all three in lanes (sse_xf.h).
 *
 * void satcd__simd_transform(const float *x, const float *y, int count,
 *                            satcd_xf xf, float *ox, float *oy)
 *     ox[i] = (c * x[i] - s * y[i]) + p.x
 *     oy[i] = (s * x[i] + c * y[i]) + p.y      for i in [0, count)
 *
 * void satcd__simd_rotate(const float *x, const float *y, int count,
 *                         satcd_rot q, float *ox, float *oy)
 *     ox[i] = c * x[i] - s * y[i]
 *     oy[i] = s * x[i] + c * y[i]              for i in [0, count)
 *
 * The face kernels take a polygon's faces as a satcd__axes (above) and
 * a point set (x, y), count >= 1, in another frame. Axis i has, turned into
 * the points' frame, the normal m_i, and the offset o_i of its face line
 * beyond the points' origin (t in the axes' frame):
 *     m_i = (q.c * nx[i] - q.s * ny[i],  q.s * nx[i] + q.c * ny[i])
 *     o_i = (px[i] - t.x) * nx[i] + (py[i] - t.y) * ny[i]
 * and point j lies at the signed gap (m_i.x * vx[j] + m_i.y * vy[j]) - o_i
 * beyond it. Each face's separation is the least gap of the point set,
 *     out[i] = ((min_j (m_i.x * vx[j] + m_i.y * vy[j])) - o_i) + 0.0f
 * (rounding is monotonic, so subtracting o_i after the minimum gives the
 * least of the rounded gaps exactly; the + 0 makes a zero positive).
 *
 * int satcd__simd_edge_separations(const satcd__axes *ax,
 *         const float *vx, const float *vy, int vcount, float stop, float *out)
 *     out[i] for every axis, in index order; the kernel may stop after any
 *     block in which some out[i] >= stop. Returns how many leading entries
 *     of out it wrote (ax->count unless it stopped).
 *
 * float satcd__simd_max_separation(const satcd__axes *ax,
 *         const float *vx, const float *vy, int vcount, float stop, int *axis)
 *     The largest out[i], and in *axis the lowest index that holds it. When
 *     some entry is >= stop, returns instead the first such entry and its
 *     index (a caller that only asks whether the pair is farther apart than
 *     stop needs no more), so a backend may stop at it. Both answers are
 *     exact, whatever order or pruning a backend uses: every backend returns
 *     the same bits. stop = FLT_MAX never stops.
 *
 * bool satcd__simd_reaches(const satcd__axes *ax,
 *         const float *vx, const float *vy, int vcount, float stop)
 *     True when some out[i] is >= stop: the question an overlap test asks,
 *     answered without the horizontal maximum and index that
 *     satcd__simd_max_separation adds.
 *
 * bool satcd__simd_all_behind(const satcd__axes *ax,
 *         const float *vx, const float *vy, int vcount)
 *     True when every point lies behind or on every axis:
 *         (m_i.x * vx[j] + m_i.y * vy[j]) - o_i <= 0   for all i, j
 *
 * int satcd__simd_lowest_along(const float *x, const float *y, int count,
 *                              float dx, float dy)
 *     The lowest index i in [0, count) of the least x[i] * dx + y[i] * dy
 *     (the product for x before the one for y, then the sum). Zeros of
 *     either sign compare equal, so the index does not depend on them.
 *
 * int satcd__simd_clip(satcd_vec2 v1, satcd_vec2 v2, satcd_vec2 n,
 *                      satcd_vec2 w1, satcd_vec2 w2, satcd_xf xf, float margin,
 *                      uint32_t id0, uint32_t id1, satcd__clip_point out[2])
 *     The incident edge w1-w2 clipped to the side planes of the reference
 *     edge v1-v2 (outward unit normal n), all in one frame. Along the edge,
 *         s(p) = -n.y * (p.x - v1.x) + n.x * (p.y - v1.y),   hi = s(v2);
 *     end e of the incident edge (point w_e, the other end w_o) is
 *         inside        when neither s(w_e) < 0 nor s(w_e) > hi,
 *         cut at        u = (b - s(w_e)) / (s(w_o) - s(w_e)), b = 0 when
 *                       s(w_e) < 0, else hi, when s(w_o) is on b's inner
 *                       side or on b,
 *         gone          otherwise.
 *     Each end has its gap g_e = n.x * (w_e.x - v1.x) + n.y * (w_e.y - v1.y)
 *     and its world point W_e, xf applied to w_e (rotation, then
 *     translation, as satcd_xf_point rounds it). An end inside has gap g_e
 *     at W_e; a cut end has gap g_e + u * (g_o - g_e) at W_e + u * (W_o - W_e),
 *     each coordinate so: both interpolate between the ends, so that they
 *     wait for the division only by a product and a sum. An end is kept
 *     when its gap is not above margin, as the point {x, y, -gap, id0}
 *     for w1 (e = 0) or {x, y, -gap, id1} for w2 (e = 1). out[0] and
 *     out[1] receive the kept points in end order, all-zero points after
 *     them, each written whole (kernel_types.h); returns how many were kept.
 *     The division is done only for an end that is cut, where its divisor
 *     is not 0: no division by zero or invalid operation is raised (a
 *     caller may run with floating-point traps enabled).
 */

#if defined(SATCD_SIMD_BACKEND_AVX2)
#include "avx2.h"
#elif defined(SATCD_SIMD_BACKEND_SSE41)
#include "sse41.h"
#elif defined(SATCD_SIMD_BACKEND_NEON)
#include "neon.h"
#elif defined(SATCD_SIMD_BACKEND_SCALAR)
#include "scalar.h"
#else
#error "no SIMD backend configured: SATCD_SIMD_BACKEND_* comes from cmake/Simd.cmake"
#endif

#endif /* SATCD_SIMD_H */
