/*
 * Convex hull of a point cloud by gift wrapping: O(n h) with h at most
 * SATCD_MAX_POLYGON_VERTICES, no sorting and so no allocation or copy of the
 * input. The wrapped ring then goes through satcd_polygon_make, so a hull
 * is cleaned and validated exactly like a hand-made polygon.
 */
#include <math.h>
#include <stddef.h>

#include <satcd/polygon.h>

#include "polygon_internal.h"

/*
 * True when d (a point relative to the current vertex) lies within tol of
 * the previous edge's line, on the side of the previous vertex (back, also
 * relative to the current vertex): a point of the edge already walked.
 */
static bool on_walked_edge(satcd_vec2 back, satcd_vec2 d, float tol)
{
    return satcd_dot(back, d) > 0.0f && fabsf(satcd_cross(back, d)) <= tol * satcd_length(back);
}

/*
 * True when point s lies within tol of the segment from o to q: the wrap
 * has come back around to the start, which a collinear tie may step over.
 */
static bool passes_through(satcd_vec2 o, satcd_vec2 q, satcd_vec2 s, float tol)
{
    satcd_vec2 e = satcd_sub(q, o), d = satcd_sub(s, o);
    float along = satcd_dot(e, d);
    return along > 0.0f && along <= satcd_dot(e, e) && fabsf(satcd_cross(e, d)) <= tol * satcd_length(e);
}

/*
 * The point that every other point lies left of, seen from p[from];
 * collinear ties go to the farthest. Points on the edge just walked (from
 * p[prev], -1 at the start) are skipped: they lie at 180 degrees, where the
 * sign of a cross product is rounding noise and one of them taken as a
 * candidate would make the comparisons of the others inconsistent.
 */
static int wrap_next(const satcd_vec2 *p, int count, int from, int prev, int start, float tol)
{
    satcd_vec2 o = p[from];
    satcd_vec2 back = prev >= 0 ? satcd_sub(p[prev], o) : satcd_v2(0.0f, 0.0f);
    int next = -1;
    float next_len = 0.0f;
    for (int i = 0; i < count; ++i) {
        float len = satcd_distance_points(o, p[i]);
        if (len <= tol) continue;
        if (prev >= 0 && i != start && on_walked_edge(back, satcd_sub(p[i], o), tol)) continue;
        if (next < 0) {
            next = i, next_len = len;
            continue;
        }
        satcd_vec2 dn = satcd_sub(p[next], o), di = satcd_sub(p[i], o);
        float side = satcd_cross(dn, di);
        /* Two candidates on opposite sides of o, both nearly on one line through it (o itself
         * within tolerance of the hull edge between them): the exact sign decides, a
         * "collinear, farther" tie would walk the wrong way. */
        bool opposite = satcd_dot(dn, di) < 0.0f;
        bool right = opposite ? side < 0.0f : side < -tol * next_len;
        bool collinear_farther = !opposite && !right && side <= tol * next_len && len > next_len;
        if (right || collinear_farther) next = i, next_len = len;
    }
    return next;
}

satcd_status satcd_polygon_hull(satcd_polygon *out, const satcd_vec2 *points, int count)
{
    if (out == NULL || points == NULL) return SATCD_ERR_NULL;
    if (count < 3) return SATCD_ERR_TOO_FEW_POINTS;
    satcd_status st = satcd__check_points(points, count);
    if (st != SATCD_OK) return st;
    float tol = SATCD_POLYGON_TOLERANCE_REL * satcd__extent_of(points, count);

    int start = 0;
    for (int i = 1; i < count; ++i) {
        if (points[i].x < points[start].x || (points[i].x == points[start].x && points[i].y < points[start].y))
            start = i;
    }
    satcd_vec2 ring[SATCD_MAX_POLYGON_VERTICES];
    int n = 0, cur = start, prev = -1;
    for (;;) {
        if (n == SATCD_MAX_POLYGON_VERTICES) return SATCD_ERR_TOO_MANY_POINTS;
        ring[n++] = points[cur];
        int next = wrap_next(points, count, cur, prev, start, tol);
        if (next < 0) return SATCD_ERR_TOO_FEW_POINTS; /* every point within tol of one */
        if (satcd_distance_points(points[next], points[start]) <= tol) break;
        if (n >= 2 && passes_through(points[cur], points[next], points[start], tol)) break;
        prev = cur;
        cur = next;
    }
    if (n < 3) return SATCD_ERR_DEGENERATE; /* the wrap went out and straight back: collinear */
    return satcd_polygon_make(out, ring, n);
}
