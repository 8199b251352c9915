/*
 * Polygon construction: validation, cleanup of repeated and collinear
 * points, winding normalisation, cached normals, centroid and radius.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include <satcd/polygon.h>

#include "polygon_internal.h"

#define MAX_V SATCD_MAX_POLYGON_VERTICES

/*
 * Points a ring holds while it is cleaned: an outline up to this long is
 * cleaned as a whole, a longer one as it is read. Four times the capacity,
 * so that a ring fills only when the outline keeps far more vertices than
 * a polygon holds.
 */
#define RING_CAP (4 * MAX_V)

satcd_status satcd__check_points(const satcd_vec2 *points, int count)
{
    for (int i = 0; i < count; ++i) {
        if (!satcd_vec2_is_finite(points[i])) return SATCD_ERR_NOT_FINITE;
    }
    for (int i = 0; i < count; ++i) {
        if (fabsf(points[i].x) > SATCD_MAX_COORDINATE || fabsf(points[i].y) > SATCD_MAX_COORDINATE)
            return SATCD_ERR_OUT_OF_RANGE;
    }
    return SATCD_OK;
}

/* The larger side of the points' bounding box: the scale of every tolerance. */
float satcd__extent_of(const satcd_vec2 *v, int n)
{
    satcd_vec2 lo = v[0], hi = v[0];
    for (int i = 1; i < n; ++i) {
        lo = satcd_min(lo, v[i]);
        hi = satcd_max(hi, v[i]);
    }
    float w = hi.x - lo.x, h = hi.y - lo.y;
    return w > h ? w : h;
}

static void remove_at(satcd_vec2 *v, int *n, int i)
{
    memmove(v + i, v + i + 1, (size_t)(*n - i - 1) * sizeof *v);
    --*n;
}

/* Drop each point within tol of its successor (cyclically). */
static void drop_repeated(satcd_vec2 *v, int *n, float tol)
{
    for (int i = 0; i < *n && *n > 1;) {
        satcd_vec2 next = v[(i + 1) % *n];
        if (satcd_distance_points(v[i], next) <= tol) remove_at(v, n, i + 1 < *n ? i + 1 : i);
        else ++i;
    }
}

/* Distance of r from the line through p along d, of length len > 0. */
static float distance_from_line(satcd_vec2 p, satcd_vec2 d, float len, satcd_vec2 r)
{
    return fabsf(satcd_cross(d, satcd_sub(r, p))) / len;
}

/* Distance of r from the line through p and q (p != q). */
static float line_distance(satcd_vec2 p, satcd_vec2 q, satcd_vec2 r)
{
    satcd_vec2 d = satcd_sub(q, p);
    return distance_from_line(p, d, satcd_length(d), r);
}

bool satcd__all_collinear(const satcd_vec2 *v, int n, float tol)
{
    int bi = 0, bj = 1;
    float best = -1.0f;
    for (int i = 0; i < n; ++i) {
        for (int j = i + 1; j < n; ++j) {
            float d = satcd_length_sq(satcd_sub(v[j], v[i]));
            if (d > best) best = d, bi = i, bj = j;
        }
    }
    if (!(best > 0.0f)) return true;
    for (int k = 0; k < n; ++k) {
        if (line_distance(v[bi], v[bj], v[k]) > tol) return false;
    }
    return true;
}

/* Orientation of r against the directed line p->q: > 0 left, < 0 right, 0 on it. */
static float orient(satcd_vec2 p, satcd_vec2 q, satcd_vec2 r)
{
    return satcd_cross(satcd_sub(q, p), satcd_sub(r, p));
}

static bool on_segment(satcd_vec2 p, satcd_vec2 q, satcd_vec2 r)
{
    return fminf(p.x, q.x) <= r.x && r.x <= fmaxf(p.x, q.x) && fminf(p.y, q.y) <= r.y && r.y <= fmaxf(p.y, q.y);
}

/* Closed segments p1p2 and q1q2 share a point. */
static bool segments_meet(satcd_vec2 p1, satcd_vec2 p2, satcd_vec2 q1, satcd_vec2 q2)
{
    float d1 = orient(q1, q2, p1), d2 = orient(q1, q2, p2);
    float d3 = orient(p1, p2, q1), d4 = orient(p1, p2, q2);
    if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
    return (d1 == 0 && on_segment(q1, q2, p1)) || (d2 == 0 && on_segment(q1, q2, p2)) ||
           (d3 == 0 && on_segment(p1, p2, q1)) || (d4 == 0 && on_segment(p1, p2, q2));
}

/* A closed ring is simple when no vertex repeats and no two non-adjacent edges meet. */
static bool is_simple(const satcd_vec2 *v, int n, float tol)
{
    for (int i = 0; i < n; ++i) {
        for (int j = i + 1; j < n; ++j) {
            if (satcd_distance_points(v[i], v[j]) <= tol) return false;
        }
    }
    for (int i = 0; i < n; ++i) {
        for (int j = i + 2; j < n; ++j) {
            if (i == 0 && j == n - 1) continue; /* adjacent through the wrap */
            if (segments_meet(v[i], v[i + 1], v[j], v[(j + 1) % n])) return false;
        }
    }
    return true;
}

/* Twice the signed area, summed relative to v[0] to keep the terms small. */
static float twice_area(const satcd_vec2 *v, int n)
{
    float sum = 0.0f;
    for (int i = 1; i + 1 < n; ++i) sum += satcd_cross(satcd_sub(v[i], v[0]), satcd_sub(v[i + 1], v[0]));
    return sum;
}

static void reverse(satcd_vec2 *v, int n)
{
    for (int i = 0, j = n - 1; i < j; ++i, --j) {
        satcd_vec2 t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
}

/* True when r projects onto the segment p q (between its ends, not beyond). */
static bool projects_between(satcd_vec2 p, satcd_vec2 q, satcd_vec2 r)
{
    satcd_vec2 d = satcd_sub(q, p);
    return satcd_dot(satcd_sub(r, p), d) >= 0.0f && satcd_dot(satcd_sub(r, q), d) <= 0.0f;
}

/*
 * A ring of points cut from a source outline. Each point remembers its
 * index in the source, so that a drop is checked against every source
 * point it passes over, including those dropped before; step is +1 while
 * the ring runs the source's way, -1 once reversed.
 */
typedef struct clean_ring {
    satcd_vec2 v[RING_CAP];
    int src[RING_CAP];
    int n;
    const satcd_vec2 *source;
    int source_count;
    int step;
} clean_ring;

/* A ring over the whole of source (count <= RING_CAP), in its order. */
static void ring_of(clean_ring *r, const satcd_vec2 *source, int count)
{
    r->n = count;
    r->source = source;
    r->source_count = count;
    r->step = 1;
    for (int i = 0; i < count; ++i) r->v[i] = source[i], r->src[i] = i;
}

/* True when every source point strictly between ring points a and b (cyclic) lies within tol of the line through them. */
static bool span_within(const clean_ring *r, int a, int b, float tol)
{
    int m = r->source_count, end = r->src[b];
    satcd_vec2 d = satcd_sub(r->v[b], r->v[a]);
    float len = satcd_length(d);
    for (int j = (r->src[a] + r->step + m) % m; j != end; j = (j + r->step + m) % m) {
        if (distance_from_line(r->v[a], d, len, r->source[j]) > tol) return false;
    }
    return true;
}

/* Ring point i may go as collinear between ring points a and b, which stay more than tol apart. */
static bool collinear_between(const clean_ring *r, int a, int i, int b, float tol)
{
    return satcd_distance_points(r->v[a], r->v[b]) > tol && projects_between(r->v[a], r->v[b], r->v[i]) &&
           span_within(r, a, b, tol);
}

/* Reverse the ring's order; its source stays as it was. */
static void reverse_ring(clean_ring *r)
{
    reverse(r->v, r->n);
    for (int i = 0, j = r->n - 1; i < j; ++i, --j) {
        int t = r->src[i];
        r->src[i] = r->src[j];
        r->src[j] = t;
    }
    r->step = -r->step;
}

/*
 * Drop vertices within tol of the chord through their neighbours, until none
 * is, and only while every vertex already dropped between those neighbours
 * stays within tol of it too: drops that follow one another along a gentle
 * curve cannot add up. Only a vertex between its neighbours is collinear:
 * the tip of a spike that doubles back along its own edge is kept, so the
 * convexity check refuses the ring instead of silently cutting the spike off.
 */
static void drop_collinear(clean_ring *r, float tol)
{
    int count = r->n, kept = count;
    bool keep[RING_CAP];
    for (int i = 0; i < count; ++i) keep[i] = true;
    for (bool removed = true; removed && kept >= 3;) {
        removed = false;
        for (int i = 0; i < count && kept >= 3; ++i) {
            if (!keep[i]) continue;
            int a = i, b = i;
            do a = (a + count - 1) % count; while (!keep[a]);
            do b = (b + 1) % count; while (!keep[b]);
            if (collinear_between(r, a, i, b, tol)) {
                keep[i] = false;
                --kept;
                removed = true;
            }
        }
    }
    r->n = 0;
    for (int i = 0; i < count; ++i) {
        if (keep[i]) r->v[r->n] = r->v[i], r->src[r->n++] = r->src[i];
    }
}

/*
 * What a streamed outline knows of the run of source points from a ring
 * point (the anchor) to the chord's end, and of the repeats skipped after
 * that end: each lies within off of the chord and within reach of the
 * anchor. A chord from the anchor to the next point, turned from that one
 * by an angle theta, has every point of the run within
 * off + reach sin(theta), so while that stays within half the tolerance
 * the run need not be read again: reading it would find every point within
 * the tolerance, as float rounding moves a distance by less than a tenth of
 * it (4 eps of the reach, at most the extent's diagonal). Kept in double,
 * so that its own rounding does not add up.
 */
typedef struct run_bound {
    int anchor, end; /* source indices of the chord's ends; -1 when nothing is known */
    double chord_x, chord_y, off, reach;
} run_bound;

/* The largest distance of a source point strictly between ring points a and b from their line, and from a. */
static void span_extent(const clean_ring *r, int a, int b, float *worst, double *reach)
{
    int m = r->source_count, end = r->src[b];
    satcd_vec2 d = satcd_sub(r->v[b], r->v[a]);
    float len = satcd_length(d);
    *worst = 0.0f;
    *reach = 0.0;
    for (int j = (r->src[a] + r->step + m) % m; j != end; j = (j + r->step + m) % m) {
        satcd_vec2 q = r->source[j];
        *worst = fmaxf(*worst, distance_from_line(r->v[a], d, len, q));
        *reach = fmax(*reach, hypot((double)q.x - r->v[a].x, (double)q.y - r->v[a].y));
    }
}

/* What is known once the chord from ring point a to b holds its run within off of it, as far as reach from a. */
static run_bound bound_of(const clean_ring *r, int a, int b, double off, double reach)
{
    satcd_vec2 pa = r->v[a], pb = r->v[b];
    run_bound rb = {r->src[a], r->src[b], (double)pb.x - pa.x, (double)pb.y - pa.y, off, reach};
    return rb;
}

/*
 * The ring's second-last point is collinear between its neighbours, as
 * collinear_between decides. Right after a point is read (fresh), rb
 * vouches for the run when it can; otherwise the run is read, the middle
 * point first, as a corner fails there at once.
 */
static bool tail_collinear(const clean_ring *r, run_bound *rb, bool fresh, float tol)
{
    int a = r->n - 3, i = r->n - 2, b = r->n - 1;
    satcd_vec2 pa = r->v[a], pb = r->v[b];
    if (!(satcd_distance_points(pa, pb) > tol) || !projects_between(pa, pb, r->v[i])) return false;
    double len = hypot((double)pb.x - pa.x, (double)pb.y - pa.y);
    if (fresh && rb->anchor == r->src[a] && rb->end == r->src[i]) {
        double cross = rb->chord_x * ((double)pb.y - pa.y) - rb->chord_y * ((double)pb.x - pa.x);
        double reach = fmax(rb->reach, len);
        double off = rb->off + reach * fabs(cross) / (hypot(rb->chord_x, rb->chord_y) * len);
        if (off <= 0.5 * tol) {
            *rb = bound_of(r, a, b, off, reach);
            return true;
        }
    }
    satcd_vec2 d = satcd_sub(pb, pa);
    if (distance_from_line(pa, d, satcd_length(d), r->v[i]) > tol) return false;
    float worst;
    double reach;
    span_extent(r, a, b, &worst, &reach);
    if (!(worst <= tol)) return false;
    *rb = bound_of(r, a, b, (double)worst + 0.1 * tol, fmax(reach, len));
    return true;
}

/*
 * A point skipped as a repeat of the ring's last one, while rb holds the
 * chord that ends there, joins its run: its distance from the chord and
 * from the anchor.
 */
static void take_repeat(run_bound *rb, const clean_ring *r, satcd_vec2 q)
{
    if (r->n < 2 || rb->anchor != r->src[r->n - 2] || rb->end != r->src[r->n - 1]) return;
    satcd_vec2 a = r->v[r->n - 2];
    double qx = (double)q.x - a.x, qy = (double)q.y - a.y;
    double off = fabs(rb->chord_x * qy - rb->chord_y * qx) / hypot(rb->chord_x, rb->chord_y);
    rb->off = fmax(rb->off, off);
    rb->reach = fmax(rb->reach, hypot(qx, qy));
}

/*
 * Read an outline longer than RING_CAP into r, cleaning as it goes: a
 * point within tol of the last one kept is skipped, and after each point
 * the one before it goes while it is collinear between its neighbours (as
 * drop_collinear decides). The first two points, the last and the wrap
 * are left to the cleanup of the whole ring. False when the ring fills:
 * then at least RING_CAP - 3 points were each kept as a corner between
 * their neighbours. A drop is checked against the run of points it passes
 * over, read again only when run_bound cannot vouch for it.
 */
static bool stream_outline(clean_ring *r, const satcd_vec2 *points, int count, float tol)
{
    r->n = 0;
    r->source = points;
    r->source_count = count;
    r->step = 1;
    run_bound rb = {-1, -1, 0.0, 0.0, 0.0, 0.0};
    for (int i = 0; i < count; ++i) {
        if (r->n > 0 && satcd_distance_points(r->v[r->n - 1], points[i]) <= tol) {
            take_repeat(&rb, r, points[i]);
            continue;
        }
        if (r->n == RING_CAP) return false;
        r->v[r->n] = points[i], r->src[r->n++] = i;
        for (bool fresh = true; r->n > 3 && tail_collinear(r, &rb, fresh, tol); fresh = false) {
            r->v[r->n - 2] = r->v[r->n - 1], r->src[r->n - 2] = r->src[r->n - 1];
            --r->n;
        }
    }
    while (r->n > 1 && satcd_distance_points(r->v[r->n - 1], r->v[0]) <= tol) --r->n;
    return true;
}

static bool strictly_convex(const satcd_vec2 *v, int n)
{
    for (int i = 0; i < n; ++i) {
        satcd_vec2 e0 = satcd_sub(v[(i + 1) % n], v[i]);
        satcd_vec2 e1 = satcd_sub(v[(i + 2) % n], v[(i + 1) % n]);
        if (!(satcd_cross(e0, e1) > 0.0f)) return false;
    }
    return true;
}

/*
 * True when no vertex lies more than tol right of any edge. Left turns
 * alone do not make a ring convex: a ring that winds around twice (a
 * pentagram, or a needle that doubles back by a few ulps) turns left at
 * every vertex too.
 */
static bool winds_once(const satcd_vec2 *v, int n, float tol)
{
    for (int i = 0; i < n; ++i) {
        satcd_vec2 e = satcd_sub(v[(i + 1) % n], v[i]);
        float limit = -tol * satcd_length(e);
        for (int k = 0; k < n; ++k) {
            if (satcd_cross(e, satcd_sub(v[k], v[i])) < limit) return false;
        }
    }
    return true;
}

/* Unit outward normal of CCW edge e, scaled first so tiny edges do not underflow. */
static satcd_vec2 edge_normal(satcd_vec2 e)
{
    float m = fmaxf(fabsf(e.x), fabsf(e.y));
    return satcd_normalize(satcd_right_perp(satcd_scale(1.0f / m, e)));
}

/*
 * The anchor's coordinate on one axis (satcd_polygon): the centroid's c,
 * kept within the vertices' range [lo, hi], when that range lies on one
 * side of 0 within a factor 2 (lo >= hi / 2 > 0, or the mirror image).
 * Every vertex coordinate x then satisfies c / 2 <= x <= 2 c, so x - c is
 * exact (Sterbenz's lemma) and (x - c) + c is x again.
 */
static float anchor_on_axis(const float *x, int n, float c)
{
    float lo = x[0], hi = x[0];
    for (int i = 1; i < n; ++i) {
        lo = x[i] < lo ? x[i] : lo;
        hi = x[i] > hi ? x[i] : hi;
    }
    bool positive = lo > 0.0f && hi <= 2.0f * lo, negative = hi < 0.0f && lo >= 2.0f * hi;
    if (!positive && !negative) return 0.0f;
    return c < lo ? lo : (c > hi ? hi : c);
}

/* Store the vertex lanes relative to the anchor (exact differences, see anchor_on_axis). */
static void anchor_lanes(satcd_polygon *p)
{
    p->anchor = satcd_v2(anchor_on_axis(p->vx, p->count, p->centroid.x), anchor_on_axis(p->vy, p->count, p->centroid.y));
    for (int i = 0; i < p->count; ++i) {
        p->vx[i] -= p->anchor.x;
        p->vy[i] -= p->anchor.y;
    }
}

/* Fill every cached field of a cleaned, CCW, strictly convex ring. */
static void finish(satcd_polygon *out, const satcd_vec2 *v, int n)
{
    satcd_polygon p;
    memset(&p, 0, sizeof p);
    p.count = n;
    /* Double: the area-weighted sum grows as the cube of the coordinates and
     * overflows float for polygons a few 1e12 across. */
    double area2 = 0.0, acc_x = 0.0, acc_y = 0.0;
    for (int i = 0; i < n; ++i) {
        satcd_vec2 e = satcd_sub(v[(i + 1) % n], v[i]);
        satcd_vec2 nrm = edge_normal(e);
        p.vx[i] = v[i].x;
        p.vy[i] = v[i].y;
        p.nx[i] = nrm.x;
        p.ny[i] = nrm.y;
        if (i >= 1 && i + 1 < n) {
            double d1x = (double)v[i].x - v[0].x, d1y = (double)v[i].y - v[0].y;
            double d2x = (double)v[i + 1].x - v[0].x, d2y = (double)v[i + 1].y - v[0].y;
            double t = d1x * d2y - d1y * d2x;
            area2 += t;
            acc_x += t * (d1x + d2x);
            acc_y += t * (d1y + d2y);
        }
    }
    p.centroid = satcd_v2((float)(v[0].x + acc_x / (3.0 * area2)), (float)(v[0].y + acc_y / (3.0 * area2)));
    anchor_lanes(&p);
    for (int i = n; i < MAX_V; ++i) {
        p.vx[i] = p.vx[0];
        p.vy[i] = p.vy[0];
        p.nx[i] = p.nx[0];
        p.ny[i] = p.ny[0];
    }
    /* hypot: a float sum of squares underflows for polygons below about 1e-19 across. */
    for (int i = 0; i < n; ++i) {
        float r = (float)hypot((double)v[i].x - p.centroid.x, (double)v[i].y - p.centroid.y);
        p.radius = r > p.radius ? r : p.radius;
    }
    /* Rounded up, never below the exact value: the circle test may err only toward keeping a pair. */
    double reach = (double)p.radius * (1.0 + 0x1p-12) + 0x1p-17 * (fabs((double)p.centroid.x) + fabs((double)p.centroid.y));
    p.reach = nextafterf((float)reach, INFINITY);
    /* cos(theta / 2) = sqrt((1 + cos theta) / 2) for the angle theta between neighbouring normals. */
    double cover = 1.0;
    for (int i = 0; i < n; ++i) {
        int k = (i + 1) % n;
        double c = (double)p.nx[i] * p.nx[k] + (double)p.ny[i] * p.ny[k];
        double half = sqrt(fmax(0.0, 0.5 * (1.0 + c)));
        cover = half < cover ? half : cover;
    }
    /* Lowered past the normals' own rounding: a few float epsilons of direction move a cosine by less. */
    p.cover = (float)fmax(0.0, cover - 1e-6);
    *out = p;
}

/* Clean the outline's repeated points into r: as a whole when short (copied to buf), else as it is read. */
static bool read_outline(clean_ring *r, satcd_vec2 *buf, const satcd_vec2 *points, int count, float tol)
{
    if (count > RING_CAP) return stream_outline(r, points, count, tol);
    int n = count;
    memcpy(buf, points, (size_t)n * sizeof *buf);
    drop_repeated(buf, &n, tol);
    ring_of(r, buf, n);
    return true;
}

satcd_status satcd_polygon_make(satcd_polygon *out, const satcd_vec2 *points, int count)
{
    if (out == NULL || points == NULL) return SATCD_ERR_NULL;
    if (count < 3) return SATCD_ERR_TOO_FEW_POINTS;
    satcd_status st = satcd__check_points(points, count);
    if (st != SATCD_OK) return st;
    float tol = SATCD_POLYGON_TOLERANCE_REL * satcd__extent_of(points, count);

    satcd_vec2 buf[RING_CAP];
    clean_ring r;
    if (!read_outline(&r, buf, points, count, tol)) return SATCD_ERR_TOO_MANY_POINTS;
    if (r.n < 3) return SATCD_ERR_TOO_FEW_POINTS;
    if (satcd__all_collinear(r.v, r.n, tol)) return SATCD_ERR_DEGENERATE;
    if (!is_simple(r.v, r.n, tol)) return SATCD_ERR_SELF_INTERSECTING;

    float area2 = twice_area(r.v, r.n);
    if (area2 < 0.0f) reverse_ring(&r);
    drop_collinear(&r, tol);
    if (r.n < 3 || !(fabsf(area2) > 0.0f)) return SATCD_ERR_DEGENERATE;
    if (r.n > MAX_V) return SATCD_ERR_TOO_MANY_POINTS;
    if (!strictly_convex(r.v, r.n) || !winds_once(r.v, r.n, tol)) return SATCD_ERR_NOT_CONVEX;

    finish(out, r.v, r.n);
    return SATCD_OK;
}

satcd_status satcd__polygon_from_hull_ring(satcd_polygon *out, const satcd_vec2 *ring, int n)
{
    if (!(twice_area(ring, n) > 0.0f)) return SATCD_ERR_DEGENERATE;
    finish(out, ring, n);
    return SATCD_OK;
}

satcd_polygon satcd_polygon_box(float half_width, float half_height)
{
    satcd_polygon p;
    satcd_vec2 v[4] = {{-half_width, -half_height}, {half_width, -half_height},
                       {half_width, half_height}, {-half_width, half_height}};
    if (!(half_width > 0.0f && half_height > 0.0f) || satcd_polygon_make(&p, v, 4) != SATCD_OK) {
        memset(&p, 0, sizeof p);
    }
    return p;
}

satcd_status satcd_polygon_regular(satcd_polygon *out, int sides, float radius)
{
    if (out == NULL) return SATCD_ERR_NULL;
    if (sides < 3) return SATCD_ERR_TOO_FEW_POINTS;
    if (sides > MAX_V) return SATCD_ERR_TOO_MANY_POINTS;
    if (!isfinite(radius)) return SATCD_ERR_NOT_FINITE;
    if (!(radius > 0.0f)) return SATCD_ERR_BAD_RADIUS;
    if (radius > SATCD_MAX_COORDINATE) return SATCD_ERR_OUT_OF_RANGE;
    satcd_vec2 v[MAX_V];
    for (int i = 0; i < sides; ++i) {
        double a = 2.0 * 3.14159265358979323846 * (double)i / (double)sides;
        v[i] = satcd_v2(radius * (float)cos(a), radius * (float)sin(a));
    }
    return satcd_polygon_make(out, v, sides);
}

satcd_aabb satcd_polygon_aabb(const satcd_polygon *p, satcd_xf xf)
{
    satcd_aabb box = {xf.p, xf.p};
    if (!satcd_polygon_is_valid(p)) return box;
    box.lower = box.upper = satcd_xf_point(xf, satcd_polygon_vertex(p, 0));
    for (int i = 1; i < p->count; ++i) {
        satcd_vec2 w = satcd_xf_point(xf, satcd_polygon_vertex(p, i));
        box.lower = satcd_min(box.lower, w);
        box.upper = satcd_max(box.upper, w);
    }
    return box;
}
