/*
 * Convex hull of a point cloud in two steps, so that no tolerance ever
 * decides which way the wrap turns:
 *
 * 1. Gift wrapping with an exact orientation test gives the exact hull:
 *    every input point lies inside it or on it. O(n h) for h exact
 *    corners, no sorting, so no allocation or copy of the input.
 * 2. Corners closer than the cleanup tolerance are merged, and a corner is
 *    cut only while no input point lies more than the tolerance outside
 *    the new edge. The points outside it are those of the part cut off,
 *    the hull of the exact corners the cut passes over, so every input
 *    point ends within the tolerance of the result (twice that where a
 *    merge meets the start), however many cuts follow one another.
 *
 * The ring of corners is bounded: when the exact hull has more corners
 * than it holds, the chain wrapped so far is merged and cut as step 2 cuts
 * the whole ring, and the wrap goes on. As each cut is checked against
 * every point, not against the corners kept, nothing thinned away is
 * needed again.
 *
 * Whether the cloud is too thin for a polygon is decided on all of its
 * exact corners, so on all of its points. The corners left are a subset of
 * an exact convex ring, so they need no convexity test;
 * satcd__polygon_from_hull_ring caches the normals as satcd_polygon_make
 * does.
 */
#include <math.h>
#include <stddef.h>

#include <satcd/polygon.h>

#include "orient_internal.h"
#include "polygon_internal.h"

/* Corners the ring holds while the hull is wrapped: 2 KB of stack. */
#define MAX_EXACT_CORNERS 256

static bool same_point(satcd_vec2 a, satcd_vec2 b)
{
    return a.x == b.x && a.y == b.y;
}

/* For b on the ray from o through a: b lies beyond a. Float comparisons only, so exact. */
static bool farther_on_ray(satcd_vec2 o, satcd_vec2 a, satcd_vec2 b)
{
    if (a.x != o.x) return a.x > o.x ? b.x > a.x : b.x < a.x;
    return a.y > o.y ? b.y > a.y : b.y < a.y;
}

/*
 * The point that no other lies right of, seen from hull vertex o; among
 * points on that line, the farthest. From a strict hull vertex, points on
 * the line through o and a candidate all lie on o's one side, so the
 * ray test is enough. -1 when every point equals o.
 */
static int wrap_next(satcd_vec2 o, const satcd_vec2 *p, int count)
{
    int next = -1;
    for (int i = 0; i < count; ++i) {
        if (same_point(p[i], o)) continue;
        if (next < 0) {
            next = i;
            continue;
        }
        int side = satcd__orient(o, p[next], p[i]);
        if (side < 0 || (side == 0 && farther_on_ray(o, p[next], p[i]))) next = i;
    }
    return next;
}

/* The cloud a hull is built from, and the cleanup tolerance. */
typedef struct cloud {
    const satcd_vec2 *p;
    int count;
    float tol;
} cloud;

/*
 * Merge corners closer than tol: each one within tol of the last corner
 * kept is cut (its whole run, so every cut corner is within tol of the one
 * that stays). On a closed ring the last kept corner also goes at the wrap
 * if it is within tol of the first (its run then ends within 2 tol of it).
 */
static int merge_close(const satcd_vec2 *ring, int n, float tol, bool closed, bool *keep)
{
    int last = 0, kept = 1;
    keep[0] = true;
    for (int i = 1; i < n; ++i) {
        keep[i] = satcd_distance_points(ring[last], ring[i]) > tol;
        if (keep[i]) last = i, ++kept;
    }
    if (closed && last != 0 && satcd_distance_points(ring[last], ring[0]) <= tol) keep[last] = false, --kept;
    return kept;
}

/*
 * The corner between kept neighbours a and b may go: they stay more than tol
 * apart, and no point of the cloud lies more than tol outside the line
 * a -> b. The points outside that line are those of the part cut off, the
 * hull of the exact corners from a to b, so every point stays within tol
 * of the new edge. Asked of every point, it needs no exact corner that an
 * earlier merge or cut let go.
 */
static bool may_cut(const cloud *c, satcd_vec2 a, satcd_vec2 b)
{
    if (satcd_distance_points(a, b) <= c->tol) return false;
    double ex = (double)b.x - a.x, ey = (double)b.y - a.y, len = hypot(ex, ey);
    for (int i = 0; i < c->count; ++i) {
        /* Only a point right of the line (cross < 0) can lie outside it. */
        double cross = ex * ((double)c->p[i].y - a.y) - ey * ((double)c->p[i].x - a.x);
        if (cross < 0.0 && -cross / len > c->tol) return false;
    }
    return true;
}

/*
 * Cut corners while may_cut allows, never below a triangle. On an open
 * chain (a ring still being wrapped) the first corner and the last kept
 * one stay, as a neighbour of theirs is not known yet. Returns the
 * corners kept.
 */
static int cut_corners(const cloud *c, const satcd_vec2 *ring, int n, bool closed, bool *keep, int kept)
{
    int last = n - 1;
    while (!keep[last]) --last;
    for (bool cut = true; cut && kept > 3;) {
        cut = false;
        for (int i = 0; i < n && kept > 3; ++i) {
            if (!keep[i] || (!closed && (i == 0 || i == last))) continue;
            int a = (i + n - 1) % n, b = (i + 1) % n;
            while (!keep[a]) a = (a + n - 1) % n;
            while (!keep[b]) b = (b + 1) % n;
            if (may_cut(c, ring[a], ring[b])) {
                keep[i] = false;
                --kept;
                cut = true;
            }
        }
    }
    return kept;
}

/* Keep only the corners marked in keep, in order. Returns how many. */
static int compact(satcd_vec2 *ring, int n, const bool *keep)
{
    int k = 0;
    for (int i = 0; i < n; ++i) {
        if (keep[i]) ring[k++] = ring[i];
    }
    return k;
}

/* Merge and cut the open chain of a ring that is still being wrapped, to make room. Returns its new length. */
static int thin_open_chain(const cloud *c, satcd_vec2 *ring, int n)
{
    bool keep[MAX_EXACT_CORNERS];
    int kept = merge_close(ring, n, c->tol, false, keep);
    cut_corners(c, ring, n, false, keep, kept);
    return compact(ring, n, keep);
}

/*
 * The hull, counter-clockwise from the leftmost (then lowest) point, into
 * ring: every exact corner while they fit; when the ring fills, the chain
 * wrapped so far is merged and cut to make room, as the whole ring is at
 * the end. Returns its corner count (1 when every point is the same, 2
 * when all are collinear), or -1 when more than half the ring is left
 * after thinning: so many corners that no cut can stand between them, and
 * thinning again and again would only cost time.
 */
static int wrap_hull(const cloud *c, satcd_vec2 *ring)
{
    const satcd_vec2 *p = c->p;
    int start = 0;
    for (int i = 1; i < c->count; ++i) {
        if (p[i].x < p[start].x || (p[i].x == p[start].x && p[i].y < p[start].y)) start = i;
    }
    int n = 0;
    satcd_vec2 cur = p[start];
    for (;;) {
        if (n == MAX_EXACT_CORNERS) {
            n = thin_open_chain(c, ring, n);
            if (n > MAX_EXACT_CORNERS / 2) return -1;
        }
        ring[n++] = cur;
        int next = wrap_next(cur, p, c->count);
        if (next < 0 || same_point(p[next], p[start])) return n;
        cur = p[next];
    }
}

satcd_status satcd_polygon_hull(satcd_polygon *out, const satcd_vec2 *points, int count)
{
    if (out == NULL || points == NULL) return SATCD_ERR_NULL;
    if (count < 3) return SATCD_ERR_TOO_FEW_POINTS;
    satcd_status st = satcd__check_points(points, count);
    if (st != SATCD_OK) return st;
    cloud c = {points, count, SATCD_POLYGON_TOLERANCE_REL * satcd__extent_of(points, count)};

    satcd_vec2 ring[MAX_EXACT_CORNERS];
    bool keep[MAX_EXACT_CORNERS];
    int n = wrap_hull(&c, ring);
    if (n < 0) return SATCD_ERR_TOO_MANY_POINTS;
    int kept = merge_close(ring, n, c.tol, true, keep);
    if (kept == 1) return SATCD_ERR_TOO_FEW_POINTS;
    /*
     * Thinness is judged on every exact corner, so on all of the cloud's
     * points, as make judges its points; on a thinned ring, on corners
     * that every point lies within tol of.
     */
    if (kept == 2 || satcd__all_collinear(ring, n, c.tol)) return SATCD_ERR_DEGENERATE;
    if (cut_corners(&c, ring, n, true, keep, kept) > SATCD_MAX_POLYGON_VERTICES) return SATCD_ERR_TOO_MANY_POINTS;
    n = compact(ring, n, keep);
    return satcd__polygon_from_hull_ring(out, ring, n);
}
