/*
 * AVX2 backend (x86-64, built with -mavx2 and deliberately without -mfma).
 * Eight lanes per register; edge separations run over axes, eight at a time
 * (four in a 128-bit register when no more remain), so every lane is one
 * axis and no horizontal reduction is needed. Each lane does exactly the
 * scalar reference's operations in its order, so results are bitwise
 * identical to scalar.c.
 */
#include <immintrin.h>

#include "simd.h"

#if !defined(SATCD_SIMD_BACKEND_AVX2)
#error "avx2.c is built only as the configured AVX2 backend (cmake/Simd.cmake)"
#endif

const char *satcd__simd_name(void) { return "avx2"; }

void satcd__simd_transform(const float *x, const float *y, int count, satcd_xf xf,
                           float *ox, float *oy)
{
    const __m256 c = _mm256_set1_ps(xf.q.c), s = _mm256_set1_ps(xf.q.s);
    const __m256 tx = _mm256_set1_ps(xf.p.x), ty = _mm256_set1_ps(xf.p.y);
    for (int i = 0; i < count; i += 8) {
        __m256 px = _mm256_loadu_ps(x + i), py = _mm256_loadu_ps(y + i);
        _mm256_storeu_ps(ox + i, _mm256_add_ps(_mm256_sub_ps(_mm256_mul_ps(c, px), _mm256_mul_ps(s, py)), tx));
        _mm256_storeu_ps(oy + i, _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(s, px), _mm256_mul_ps(c, py)), ty));
    }
}

void satcd__simd_rotate(const float *x, const float *y, int count, satcd_rot q,
                        float *ox, float *oy)
{
    const __m256 c = _mm256_set1_ps(q.c), s = _mm256_set1_ps(q.s);
    for (int i = 0; i < count; i += 8) {
        __m256 px = _mm256_loadu_ps(x + i), py = _mm256_loadu_ps(y + i);
        _mm256_storeu_ps(ox + i, _mm256_sub_ps(_mm256_mul_ps(c, px), _mm256_mul_ps(s, py)));
        _mm256_storeu_ps(oy + i, _mm256_add_ps(_mm256_mul_ps(s, px), _mm256_mul_ps(c, py)));
    }
}

/* Eight axes: unit normals and points on them. */
typedef struct axes8 {
    __m256 nx, ny, px, py;
} axes8;

/* Four axes, for the last block of a small polygon. */
typedef struct axes4 {
    __m128 nx, ny, px, py;
} axes4;

/* (x - p.x) * n.x + (y - p.y) * n.y, lane by lane, as the scalar reference rounds it. */
static __m256 gap8(const axes8 *a, __m256 x, __m256 y)
{
    return _mm256_add_ps(_mm256_mul_ps(_mm256_sub_ps(x, a->px), a->nx),
                         _mm256_mul_ps(_mm256_sub_ps(y, a->py), a->ny));
}

static __m128 gap4(const axes4 *a, __m128 x, __m128 y)
{
    return _mm_add_ps(_mm_mul_ps(_mm_sub_ps(x, a->px), a->nx), _mm_mul_ps(_mm_sub_ps(y, a->py), a->ny));
}

/*
 * Minimum gap of the point set per axis, zero made positive. VMINPS returns
 * its first operand exactly when it compares less than the second, which
 * is the scalar reference's `d < best ? d : best`, NaNs included.
 */
static __m256 min_gap8(const axes8 *a, const float *vx, const float *vy, int vcount)
{
    __m256 best = gap8(a, _mm256_broadcast_ss(vx), _mm256_broadcast_ss(vy));
    for (int j = 1; j < vcount; ++j) {
        best = _mm256_min_ps(gap8(a, _mm256_broadcast_ss(vx + j), _mm256_broadcast_ss(vy + j)), best);
    }
    return _mm256_add_ps(best, _mm256_setzero_ps());
}

static __m128 min_gap4(const axes4 *a, const float *vx, const float *vy, int vcount)
{
    __m128 best = gap4(a, _mm_broadcast_ss(vx), _mm_broadcast_ss(vy));
    for (int j = 1; j < vcount; ++j) {
        best = _mm_min_ps(gap4(a, _mm_broadcast_ss(vx + j), _mm_broadcast_ss(vy + j)), best);
    }
    return _mm_add_ps(best, _mm_setzero_ps());
}

int satcd__simd_edge_separations(const float *nx, const float *ny, const float *px, const float *py,
                                 int ncount, const float *vx, const float *vy, int vcount,
                                 float stop, float *out)
{
    int i = 0;
    while (i < ncount) {
        int reached;
        if (ncount - i > 4) {
            axes8 a = {_mm256_loadu_ps(nx + i), _mm256_loadu_ps(ny + i), _mm256_loadu_ps(px + i),
                       _mm256_loadu_ps(py + i)};
            __m256 s = min_gap8(&a, vx, vy, vcount);
            _mm256_storeu_ps(out + i, s);
            reached = _mm256_movemask_ps(_mm256_cmp_ps(s, _mm256_set1_ps(stop), _CMP_GE_OQ));
            i += 8;
        } else {
            axes4 a = {_mm_loadu_ps(nx + i), _mm_loadu_ps(ny + i), _mm_loadu_ps(px + i), _mm_loadu_ps(py + i)};
            __m128 s = min_gap4(&a, vx, vy, vcount);
            _mm_storeu_ps(out + i, s);
            reached = _mm_movemask_ps(_mm_cmpge_ps(s, _mm_set1_ps(stop)));
            i += 4;
        }
        /* Padding lanes repeat lane 0 and only occur in the last block: stopping there changes nothing. */
        if (reached) break;
    }
    return i < ncount ? i : ncount;
}

bool satcd__simd_all_behind(const float *nx, const float *ny, const float *px, const float *py,
                            int ncount, const float *vx, const float *vy, int vcount)
{
    const __m256 zero = _mm256_setzero_ps();
    for (int i = 0; i < ncount; i += 8) {
        axes8 a = {_mm256_loadu_ps(nx + i), _mm256_loadu_ps(ny + i), _mm256_loadu_ps(px + i),
                   _mm256_loadu_ps(py + i)};
        __m256 ahead = _mm256_setzero_ps();
        for (int j = 0; j < vcount; ++j) {
            __m256 d = gap8(&a, _mm256_broadcast_ss(vx + j), _mm256_broadcast_ss(vy + j));
            ahead = _mm256_or_ps(ahead, _mm256_cmp_ps(d, zero, _CMP_GT_OQ));
        }
        if (_mm256_movemask_ps(ahead)) return false;
    }
    return true;
}
