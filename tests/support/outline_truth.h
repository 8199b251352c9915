/*
 * Where a point lies against a simple outline, in double: the truth the
 * decomposition checks hold a piece's new corners to. Header only, so that
 * the fuzz targets, which link nothing but the library, share it.
 */
#ifndef SATCD_TEST_OUTLINE_TRUTH_H
#define SATCD_TEST_OUTLINE_TRUTH_H

#include <math.h>
#include <stdbool.h>

#include <satcd/vec2.h>

/* Distance from p to the segment a b. */
static inline double outline_segment_gap(satcd_vec2 p, satcd_vec2 a, satcd_vec2 b)
{
    double ex = (double)b.x - a.x, ey = (double)b.y - a.y, px = (double)p.x - a.x, py = (double)p.y - a.y;
    double len2 = ex * ex + ey * ey, t = len2 > 0.0 ? (px * ex + py * ey) / len2 : 0.0;
    t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
    return hypot(px - t * ex, py - t * ey);
}

/* p lies inside the outline in[0 .. n - 1] (even-odd crossings) or within tol of its boundary. */
static inline bool outline_contains(satcd_vec2 p, const satcd_vec2 *in, int n, double tol)
{
    bool inside = false;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        if (outline_segment_gap(p, in[j], in[i]) <= tol) return true;
        if ((in[i].y > p.y) != (in[j].y > p.y)) {
            double x = in[j].x + ((double)p.y - in[j].y) * ((double)in[i].x - in[j].x) / ((double)in[i].y - in[j].y);
            if ((double)p.x < x) inside = !inside;
        }
    }
    return inside;
}

#endif
