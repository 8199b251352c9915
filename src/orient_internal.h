/*
 * The exact orientation predicate, and the exact tests built on it, shared
 * by the constructors that must never let rounding decide a turn (hull.c,
 * decompose.c, decompose_cut.c).
 */
#ifndef SATCD_ORIENT_INTERNAL_H
#define SATCD_ORIENT_INTERNAL_H

#include <math.h>
#include <stdbool.h>

#include <satcd/vec2.h>

/* a + b = s + e exactly (round to nearest, no overflow). */
static inline void satcd__two_sum(double a, double b, double *s, double *e)
{
    double x = a + b, bv = x - a, av = x - bv;
    *s = x;
    *e = (a - av) + (b - bv);
}

/*
 * Sign of (a - o) x (b - o), exact for float coordinates. Expanded, it is a
 * sum of six products of two floats, each exact in double; summed as a
 * floating-point expansion, whose largest nonzero part carries the sign.
 */
static inline int satcd__orient_exact(satcd_vec2 o, satcd_vec2 a, satcd_vec2 b)
{
    double term[6] = {(double)a.x * b.y, -(double)a.y * b.x, -(double)a.x * o.y,
                      (double)a.y * o.x, -(double)o.x * b.y, (double)o.y * b.x};
    double part[6];
    int n = 0;
    for (int t = 0; t < 6; ++t) {
        double q = term[t];
        for (int i = 0; i < n; ++i) satcd__two_sum(q, part[i], &q, &part[i]);
        part[n++] = q;
    }
    for (int i = n - 1; i >= 0; --i) {
        if (part[i] != 0.0) return part[i] > 0.0 ? 1 : -1;
    }
    return 0;
}

/*
 * Sign of (a - o) x (b - o) for float points: +1 when b lies left of the
 * directed line o -> a, -1 right of it, 0 exactly on it. In double when
 * the rounding error bound (for any double inputs) cannot flip it, exactly
 * otherwise.
 */
static inline int satcd__orient(satcd_vec2 o, satcd_vec2 a, satcd_vec2 b)
{
    const double bound = (3.0 + 16.0 * 0x1p-53) * 0x1p-53;
    double left = ((double)a.x - o.x) * ((double)b.y - o.y);
    double right = ((double)a.y - o.y) * ((double)b.x - o.x);
    double det = left - right;
    double limit = bound * (fabs(left) + fabs(right));
    if (det > limit) return 1;
    if (-det > limit) return -1;
    return satcd__orient_exact(o, a, b);
}

/* Closed segments p0 p1 and q0 q1 share a point (exact). */
static inline bool satcd__segments_meet(satcd_vec2 p0, satcd_vec2 p1, satcd_vec2 q0, satcd_vec2 q1)
{
    int a0 = satcd__orient(q0, q1, p0), a1 = satcd__orient(q0, q1, p1);
    if (a0 == 0 && a1 == 0) {
        /* On one line: they meet when their boxes do. */
        return fmaxf(p0.x, p1.x) >= fminf(q0.x, q1.x) && fmaxf(q0.x, q1.x) >= fminf(p0.x, p1.x) &&
               fmaxf(p0.y, p1.y) >= fminf(q0.y, q1.y) && fmaxf(q0.y, q1.y) >= fminf(p0.y, p1.y);
    }
    int b0 = satcd__orient(p0, p1, q0), b1 = satcd__orient(p0, p1, q1);
    return a0 * a1 <= 0 && b0 * b1 <= 0;
}

/* p lies in the closed counter-clockwise triangle a b c (exact). */
static inline bool satcd__in_closed_triangle(satcd_vec2 a, satcd_vec2 b, satcd_vec2 c, satcd_vec2 p)
{
    return satcd__orient(a, b, p) >= 0 && satcd__orient(b, c, p) >= 0 && satcd__orient(c, a, p) >= 0;
}

#endif
