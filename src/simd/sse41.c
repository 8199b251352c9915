/*
 * SSE4.1 backend (x86-64, built with -msse4.1). Four lanes per register;
 * edge separations run over axes, eight at a time in two registers (four
 * when no more remain), so every lane is one axis and no horizontal
 * reduction is needed. Each lane does exactly the scalar reference's
 * operations in its order, so results are bitwise identical to scalar.c.
 */
#include <smmintrin.h>

#include "simd.h"

#if !defined(SATCD_SIMD_BACKEND_SSE41)
#error "sse41.c is built only as the configured SSE41 backend (cmake/Simd.cmake)"
#endif

const char *satcd__simd_name(void) { return "sse41"; }

void satcd__simd_transform(const float *x, const float *y, int count, satcd_xf xf,
                           float *ox, float *oy)
{
    const __m128 c = _mm_set1_ps(xf.q.c), s = _mm_set1_ps(xf.q.s);
    const __m128 tx = _mm_set1_ps(xf.p.x), ty = _mm_set1_ps(xf.p.y);
    for (int i = 0; i < count; i += 4) {
        __m128 px = _mm_loadu_ps(x + i), py = _mm_loadu_ps(y + i);
        _mm_storeu_ps(ox + i, _mm_add_ps(_mm_sub_ps(_mm_mul_ps(c, px), _mm_mul_ps(s, py)), tx));
        _mm_storeu_ps(oy + i, _mm_add_ps(_mm_add_ps(_mm_mul_ps(s, px), _mm_mul_ps(c, py)), ty));
    }
}

void satcd__simd_rotate(const float *x, const float *y, int count, satcd_rot q,
                        float *ox, float *oy)
{
    const __m128 c = _mm_set1_ps(q.c), s = _mm_set1_ps(q.s);
    for (int i = 0; i < count; i += 4) {
        __m128 px = _mm_loadu_ps(x + i), py = _mm_loadu_ps(y + i);
        _mm_storeu_ps(ox + i, _mm_sub_ps(_mm_mul_ps(c, px), _mm_mul_ps(s, py)));
        _mm_storeu_ps(oy + i, _mm_add_ps(_mm_mul_ps(s, px), _mm_mul_ps(c, py)));
    }
}

/* Four axes: unit normals and points on them. */
typedef struct axes4 {
    __m128 nx, ny, px, py;
} axes4;

static axes4 load_axes(const float *nx, const float *ny, const float *px, const float *py, int i)
{
    axes4 a = {_mm_loadu_ps(nx + i), _mm_loadu_ps(ny + i), _mm_loadu_ps(px + i), _mm_loadu_ps(py + i)};
    return a;
}

/* (x - p.x) * n.x + (y - p.y) * n.y, lane by lane, as the scalar reference rounds it. */
static __m128 gap(const axes4 *a, __m128 x, __m128 y)
{
    return _mm_add_ps(_mm_mul_ps(_mm_sub_ps(x, a->px), a->nx), _mm_mul_ps(_mm_sub_ps(y, a->py), a->ny));
}

/*
 * Lane minimum with the scalar reference's rule `d < best ? d : best`:
 * MINPS returns its first operand exactly when it compares less than the
 * second, so even NaNs land where they do in scalar.c.
 */
static __m128 min_keep(__m128 d, __m128 best) { return _mm_min_ps(d, best); }

/* Minimum gap of the point set per axis, zero made positive. */
static __m128 min_gap4(const axes4 *a, const float *vx, const float *vy, int vcount)
{
    __m128 best = gap(a, _mm_set1_ps(vx[0]), _mm_set1_ps(vy[0]));
    for (int j = 1; j < vcount; ++j) best = min_keep(gap(a, _mm_set1_ps(vx[j]), _mm_set1_ps(vy[j])), best);
    return _mm_add_ps(best, _mm_setzero_ps());
}

/* The same for eight axes at once: two independent chains for the pipeline. */
static void min_gap8(const axes4 *a, const axes4 *b, const float *vx, const float *vy, int vcount,
                     __m128 *out_a, __m128 *out_b)
{
    __m128 x = _mm_set1_ps(vx[0]), y = _mm_set1_ps(vy[0]);
    __m128 best_a = gap(a, x, y), best_b = gap(b, x, y);
    for (int j = 1; j < vcount; ++j) {
        x = _mm_set1_ps(vx[j]);
        y = _mm_set1_ps(vy[j]);
        best_a = min_keep(gap(a, x, y), best_a);
        best_b = min_keep(gap(b, x, y), best_b);
    }
    *out_a = _mm_add_ps(best_a, _mm_setzero_ps());
    *out_b = _mm_add_ps(best_b, _mm_setzero_ps());
}

int satcd__simd_edge_separations(const float *nx, const float *ny, const float *px, const float *py,
                                 int ncount, const float *vx, const float *vy, int vcount,
                                 float stop, float *out)
{
    const __m128 limit = _mm_set1_ps(stop);
    int i = 0;
    while (i < ncount) {
        int reached;
        if (ncount - i > 4) {
            axes4 a = load_axes(nx, ny, px, py, i), b = load_axes(nx, ny, px, py, i + 4);
            __m128 sa, sb;
            min_gap8(&a, &b, vx, vy, vcount, &sa, &sb);
            _mm_storeu_ps(out + i, sa);
            _mm_storeu_ps(out + i + 4, sb);
            reached = _mm_movemask_ps(_mm_or_ps(_mm_cmpge_ps(sa, limit), _mm_cmpge_ps(sb, limit)));
            i += 8;
        } else {
            axes4 a = load_axes(nx, ny, px, py, i);
            __m128 sa = min_gap4(&a, vx, vy, vcount);
            _mm_storeu_ps(out + i, sa);
            reached = _mm_movemask_ps(_mm_cmpge_ps(sa, limit));
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
    const __m128 zero = _mm_setzero_ps();
    for (int i = 0; i < ncount; i += 4) {
        axes4 a = load_axes(nx, ny, px, py, i);
        __m128 ahead = _mm_setzero_ps();
        for (int j = 0; j < vcount; ++j) {
            ahead = _mm_or_ps(ahead, _mm_cmpgt_ps(gap(&a, _mm_set1_ps(vx[j]), _mm_set1_ps(vy[j])), zero));
        }
        if (_mm_movemask_ps(ahead)) return false;
    }
    return true;
}
