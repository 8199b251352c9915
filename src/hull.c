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

/* The wrap from o, after the edge from back (relative to o; zero at the start). */
typedef struct wrap_step {
    satcd_vec2 o, back;
    int prev, start;
    float tol;
} wrap_step;

/*
 * A point the wrap may step to: not within tol of o, and not on the edge
 * just walked. Those lie at 180 degrees, where the sign of a cross product
 * is rounding noise and one of them taken as a candidate would make the
 * comparisons of the others inconsistent.
 */
static bool is_candidate(const wrap_step *w, const satcd_vec2 *p, int i)
{
    if (satcd_distance_points(w->o, p[i]) <= w->tol) return false;
    return w->prev < 0 || i == w->start || !on_walked_edge(w->back, satcd_sub(p[i], w->o), w->tol);
}

/* True when candidate i lies right of o -> p[next] beyond tolerance. */
static bool lies_right(const wrap_step *w, const satcd_vec2 *p, int next, int i)
{
    satcd_vec2 dn = satcd_sub(p[next], w->o), di = satcd_sub(p[i], w->o);
    float side = satcd_cross(dn, di);
    /* Two candidates on opposite sides of o, both nearly on one line through it (o itself
     * within tolerance of the hull edge between them): the exact sign decides. */
    if (satcd_dot(dn, di) < 0.0f) return side < 0.0f;
    return side < -w->tol * satcd_length(dn);
}

/* Candidate i lies within tolerance of the line o -> p[next], in the same direction and farther. */
static bool collinear_farther(const wrap_step *w, const satcd_vec2 *p, int next, int i)
{
    satcd_vec2 dn = satcd_sub(p[next], w->o), di = satcd_sub(p[i], w->o);
    float len = satcd_length(dn);
    return satcd_dot(dn, di) > 0.0f && fabsf(satcd_cross(dn, di)) <= w->tol * len && satcd_length(di) > len;
}

/*
 * The point that every other point lies left of, seen from o; collinear
 * ties go to the farthest. A tie can hand the lead to a point that an
 * earlier, rejected candidate lies right of (tolerance is not transitive),
 * so the choice is re-checked against every candidate until none lies
 * right of it beyond tolerance.
 */
static int wrap_next(const wrap_step *w, const satcd_vec2 *p, int count)
{
    int next = -1;
    for (int i = 0; i < count; ++i) {
        if (!is_candidate(w, p, i)) continue;
        if (next < 0 || lies_right(w, p, next, i) || collinear_farther(w, p, next, i)) next = i;
    }
    for (int pass = 0; next >= 0 && pass < count; ++pass) {
        int better = -1;
        for (int i = 0; i < count && better < 0; ++i) {
            if (i != next && is_candidate(w, p, i) && lies_right(w, p, next, i)) better = i;
        }
        if (better < 0) break;
        next = better;
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
        wrap_step w = {points[cur], prev >= 0 ? satcd_sub(points[prev], points[cur]) : satcd_v2(0.0f, 0.0f),
                       prev, start, tol};
        int next = wrap_next(&w, points, count);
        if (next < 0) return SATCD_ERR_TOO_FEW_POINTS; /* every point within tol of one */
        if (satcd_distance_points(points[next], points[start]) <= tol) break;
        if (n >= 2 && passes_through(points[cur], points[next], points[start], tol)) break;
        prev = cur;
        cur = next;
    }
    if (n < 3) return SATCD_ERR_DEGENERATE; /* the wrap went out and straight back: collinear */
    return satcd_polygon_make(out, ring, n);
}
