/*
 * Convex hull of a point cloud by gift wrapping: O(n h) with h at most
 * SATCD_MAX_POLYGON_VERTICES, no sorting and so no allocation or copy of the
 * input. The wrapped ring then goes through satcd_polygon_make, so a hull
 * is cleaned and validated exactly like a hand-made polygon.
 */
#include <stddef.h>

#include <satcd/polygon.h>

#include "polygon_internal.h"

/* The point that every other point lies left of, seen from p[from]; collinear ties go to the farthest. */
static int wrap_next(const satcd_vec2 *p, int count, int from, float tol)
{
    satcd_vec2 o = p[from];
    int next = -1;
    float next_len = 0.0f;
    for (int i = 0; i < count; ++i) {
        float len = satcd_distance_points(o, p[i]);
        if (len <= tol) continue;
        if (next < 0) {
            next = i, next_len = len;
            continue;
        }
        float side = satcd_cross(satcd_sub(p[next], o), satcd_sub(p[i], o));
        bool right = side < -tol * next_len;
        bool collinear_farther = !right && side <= tol * next_len && len > next_len;
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
    int n = 0, cur = start;
    for (;;) {
        if (n == SATCD_MAX_POLYGON_VERTICES) return SATCD_ERR_TOO_MANY_POINTS;
        ring[n++] = points[cur];
        int next = wrap_next(points, count, cur, tol);
        if (next < 0) return SATCD_ERR_TOO_FEW_POINTS; /* every point within tol of one */
        if (satcd_distance_points(points[next], points[start]) <= tol) break;
        cur = next;
    }
    if (n < 3) return SATCD_ERR_DEGENERATE; /* the wrap went out and straight back: collinear */
    return satcd_polygon_make(out, ring, n);
}
