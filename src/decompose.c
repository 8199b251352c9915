/*
 * Convex decomposition of a simple polygon, in four steps:
 *
 * 1. The outline is cleaned as it is read (repeated and collinear points
 *    dropped, with the tolerance and the rules of satcd_polygon_make),
 *    checked to be simple and turned counter-clockwise.
 * 2. Ear clipping triangulates it, always clipping the fattest ear left
 *    whose diagonal passes no vertex within the tolerance, so that slivers
 *    are cut only where the outline leaves no other ear.
 * 3. Hertel-Mehlhorn: the triangles, held as a half-edge structure, are
 *    merged across a diagonal whenever both of its ends stay convex and the
 *    union stays within the vertex capacity.
 * 4. A second split, made without the triangulation: every reflex corner
 *    is resolved by diagonals, those that resolve two reflex corners at
 *    once first. Hertel-Mehlhorn can leave two pieces per reflex corner
 *    (its merges depend on the triangulation); this one leaves one where a
 *    single diagonal resolves the corner. The split with fewer pieces is
 *    kept.
 * 5. Every piece is built with satcd_polygon_make, once to check them all
 *    and once into the output, so that a refusal writes nothing.
 *
 * Every turn that decides the topology is an exact orientation test, so a
 * clipped ear never holds a vertex and a merge never makes a reflex corner,
 * whatever the rounding. Only the cleanup tolerance and the choice of the
 * ear to clip are computed in rounded arithmetic: neither decides validity.
 */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include <satcd/decompose.h>

#include "orient_internal.h"
#include "polygon_internal.h"

#define MAX_V SATCD_MAX_POLYGON_VERTICES

/* 4-byte words of scratch a vertex needs: see workspace. */
#define WORDS_PER_VERTEX 20
#define BYTES_PER_VERTEX (WORDS_PER_VERTEX * sizeof(float))

/*
 * The arrays of one decomposition, carved from the scratch buffer. The
 * outline has at most cap vertices, so at most cap - 2 triangles and
 * 3 (cap - 2) half-edges. Half-edge 3t + k of triangle t runs from its
 * corner k to corner k + 1 (counter-clockwise); once triangles merge, its
 * successor is the next half-edge around the merged piece.
 */
typedef struct workspace {
    int cap;
    double tol;      /* the cleanup tolerance */
    satcd_vec2 *v;   /* the cleaned outline, counter-clockwise once oriented */
    int *src;        /* the input index of each outline vertex */
    int *prev;       /* the outline still to clip, as a ring */
    int *next;
    int *edge_twin;  /* the half-edge across the edge from vertex i to next[i]; -1 on the outline */
    float *rank;     /* rank of the ear at vertex i (see ear_rank); < 0 when i is no ear */
    int *he_origin;
    int *he_next;
    int *he_twin;    /* -1 on the outline, and once merged away */
    int *he_face;    /* the piece (its first triangle) on the left */
    int *face_rep;   /* one half-edge of piece t; -1 once merged into another */
    /*
     * The second split (step 4), in the words of src, prev, next and
     * edge_twin, which the reading and the ear clipping no longer need by
     * then: diagonal k joins cut_a[k] and cut_b[k]; the corner of vertex i
     * still wider than a half-turn lies between its neighbours gap_lo[i]
     * and gap_hi[i] (in ring order from i), gap_lo[i] = -1 when there is none.
     */
    int *cut_a;
    int *cut_b;
    int *gap_lo;
    int *gap_hi;
} workspace;

/* The input outline and its cleanup tolerance. */
typedef struct outline {
    const satcd_vec2 *p;
    int count;
    double tol;
} outline;

static void carve(workspace *w, void *scratch, size_t size)
{
    uintptr_t base = (uintptr_t)scratch, aligned = (base + sizeof(float) - 1) & ~(uintptr_t)(sizeof(float) - 1);
    size_t usable = size > aligned - base ? size - (aligned - base) : 0;
    size_t cap = usable / BYTES_PER_VERTEX;
    w->cap = cap > INT_MAX / 3 ? INT_MAX / 3 : (int)cap;
    float *f = (float *)aligned;
    size_t n = (size_t)w->cap;
    w->v = (satcd_vec2 *)f;
    f += 2 * n;
    int *i = (int *)f;
    w->src = i, i += n;
    w->prev = i, i += n;
    w->next = i, i += n;
    w->edge_twin = i, i += n;
    w->he_origin = i, i += 3 * n;
    w->he_next = i, i += 3 * n;
    w->he_twin = i, i += 3 * n;
    w->he_face = i, i += 3 * n;
    w->face_rep = i, i += n;
    w->rank = (float *)i;
    w->cut_a = w->src;
    w->cut_b = w->prev;
    w->gap_lo = w->next;
    w->gap_hi = w->edge_twin;
}

size_t satcd_decompose_scratch_size(int count)
{
    if (count < 0) return 0;
    size_t n = count < 3 ? 3u : (size_t)count;
    if (n > (SIZE_MAX - sizeof(float)) / BYTES_PER_VERTEX) return 0;
    return n * BYTES_PER_VERTEX + sizeof(float) - 1;
}

/*
 * ---- 1. cleanup, simplicity, winding ----
 *
 * The rules are satcd_polygon_make's, but not its code: polygon.c decides
 * them in float on a ring of at most a few hundred points, with a streaming
 * bound built on those float predicates, and its simplicity test is a float
 * one that leaves a spike doubling back to its convexity check. Here every
 * predicate is in double or exact, on an outline of any length, and a
 * spike is a self-intersection. Shared, one of the two would change its
 * answers.
 */

static double distance_d(satcd_vec2 a, satcd_vec2 b) { return hypot((double)b.x - a.x, (double)b.y - a.y); }

/* Distance of r from the line through p and q (p != q). */
static double gap_from_line(satcd_vec2 p, satcd_vec2 q, satcd_vec2 r)
{
    double dx = (double)q.x - p.x, dy = (double)q.y - p.y;
    return fabs(dx * ((double)r.y - p.y) - dy * ((double)r.x - p.x)) / hypot(dx, dy);
}

/* r projects onto the segment p q, not beyond an end. */
static bool projects_between(satcd_vec2 p, satcd_vec2 q, satcd_vec2 r)
{
    double dx = (double)q.x - p.x, dy = (double)q.y - p.y;
    return ((double)r.x - p.x) * dx + ((double)r.y - p.y) * dy >= 0.0 &&
           ((double)r.x - q.x) * dx + ((double)r.y - q.y) * dy <= 0.0;
}

/* Every input point after input point src_a (at a) and before src_b (at b) lies within tol of the line a b. */
static bool span_within(const outline *o, satcd_vec2 a, int src_a, satcd_vec2 b, int src_b)
{
    for (int j = (src_a + 1) % o->count; j != src_b; j = (j + 1) % o->count) {
        if (gap_from_line(a, b, o->p[j]) > o->tol) return false;
    }
    return true;
}

/*
 * Vertex i may go as collinear between its neighbours a and b: it lies
 * between them, they stay more than tol apart, and every input point they
 * now span (those dropped before included) is within tol of their line,
 * so that drops along a gentle curve cannot add up.
 */
static bool droppable(const workspace *w, const outline *o, int a, int i, int b)
{
    return distance_d(w->v[a], w->v[b]) > o->tol && projects_between(w->v[a], w->v[b], w->v[i]) &&
           span_within(o, w->v[a], w->src[a], w->v[b], w->src[b]);
}

/*
 * The outline's last point k, read when the workspace is full, goes at the
 * wrap anyway: a repeat of the first vertex, or collinear between the last
 * vertex kept and the first (as clean_wrap would drop it).
 */
static bool last_goes_at_wrap(const workspace *w, const outline *o, int n, int k)
{
    if (k != o->count - 1 || n < 2) return false;
    satcd_vec2 a = w->v[n - 1], i = o->p[k], b = w->v[0];
    if (distance_d(i, b) <= o->tol) return true;
    return distance_d(a, b) > o->tol && projects_between(a, b, i) && span_within(o, a, w->src[n - 1], b, w->src[0]);
}

/* The last vertex kept may go as collinear between the one before it and input point k, not yet kept. */
static bool last_droppable(const workspace *w, const outline *o, int n, int k)
{
    satcd_vec2 a = w->v[n - 2], i = w->v[n - 1], b = o->p[k];
    return distance_d(a, b) > o->tol && projects_between(a, b, i) && span_within(o, a, w->src[n - 2], b, k);
}

static void drop_first(workspace *w, int n)
{
    memmove(w->v, w->v + 1, (size_t)(n - 1) * sizeof *w->v);
    memmove(w->src, w->src + 1, (size_t)(n - 1) * sizeof *w->src);
}

/* Drop the collinear vertices the reading could not judge: those beside the wrap. */
static int clean_wrap(workspace *w, const outline *o, int n, bool *dropped)
{
    while (n >= 3) {
        if (droppable(w, o, n - 2, n - 1, 0)) {
            --n;
        } else if (droppable(w, o, n - 1, 0, 1)) {
            drop_first(w, n);
            --n;
        } else {
            break;
        }
        *dropped = true;
    }
    return n;
}

/*
 * Read the outline into w->v, cleaning as it goes: a point within tol of
 * the last one kept is skipped, and before each new point is kept, the
 * last one goes while it is collinear between its neighbours, so that an
 * outline that fits once cleaned is never refused for a point about to be
 * dropped. Returns the vertex count, or -1 when the outline does not fit;
 * *dropped tells whether a collinear vertex went (so that an outline left
 * with fewer than 3 had 3 distinct points).
 */
static int read_outline(workspace *w, const outline *o, bool *dropped)
{
    int n = 0;
    *dropped = false;
    for (int i = 0; i < o->count; ++i) {
        if (n > 0 && distance_d(w->v[n - 1], o->p[i]) <= o->tol) continue;
        while (n >= 2 && last_droppable(w, o, n, i)) {
            --n;
            *dropped = true;
        }
        if (n == w->cap) {
            if (!last_goes_at_wrap(w, o, n, i)) return -1;
            if (distance_d(o->p[i], w->v[0]) > o->tol) *dropped = true;
            break;
        }
        w->v[n] = o->p[i], w->src[n++] = i;
    }
    while (n > 1 && distance_d(w->v[n - 1], w->v[0]) <= o->tol) --n;
    return clean_wrap(w, o, n, dropped);
}

/* Closed segments p0 p1 and q0 q1 share a point (exact). */
static bool segments_meet(satcd_vec2 p0, satcd_vec2 p1, satcd_vec2 q0, satcd_vec2 q1)
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

/* The sign of a - b, exactly. */
static int compare(float a, float b) { return (a > b) - (a < b); }

/* Edge a b goes back along edge b c: collinear, a and c on the same side of b. */
static bool doubles_back(satcd_vec2 a, satcd_vec2 b, satcd_vec2 c)
{
    return satcd__orient(a, b, c) == 0 && compare(a.x, b.x) == compare(c.x, b.x) && compare(a.y, b.y) == compare(c.y, b.y);
}

/* Two edges that share no vertex meet. */
static bool edges_meet(const satcd_vec2 *v, int n)
{
    for (int i = 0; i + 2 < n; ++i) {
        int last = i == 0 ? n - 2 : n - 1; /* edge n - 1 shares vertex 0 with edge 0 */
        for (int j = i + 2; j <= last; ++j) {
            if (segments_meet(v[i], v[i + 1], v[j], v[(j + 1) % n])) return true;
        }
    }
    return false;
}

/* No two vertices within tol, no edge doubling back on the one before, no two other edges meeting. */
static bool is_simple(const satcd_vec2 *v, int n, double tol)
{
    for (int i = 0; i < n; ++i) {
        if (doubles_back(v[(i + n - 1) % n], v[i], v[(i + 1) % n])) return false;
        for (int j = i + 1; j < n; ++j) {
            if (distance_d(v[i], v[j]) <= tol) return false;
        }
    }
    return !edges_meet(v, n);
}

/* Make a simple outline counter-clockwise: the turn at its lowest-leftmost vertex, always convex, tells. */
static void make_ccw(satcd_vec2 *v, int n)
{
    int k = 0;
    for (int i = 1; i < n; ++i) {
        if (v[i].x < v[k].x || (v[i].x == v[k].x && v[i].y < v[k].y)) k = i;
    }
    if (satcd__orient(v[(k + n - 1) % n], v[k], v[(k + 1) % n]) > 0) return;
    for (int i = 0, j = n - 1; i < j; ++i, --j) {
        satcd_vec2 t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
}

/* The cleaned, checked, counter-clockwise outline in w->v; its vertex count in *n. */
static satcd_status prepare_outline(workspace *w, const satcd_vec2 *points, int count, int *n)
{
    outline o = {points, count, (double)(SATCD_POLYGON_TOLERANCE_REL * satcd__extent_of(points, count))};
    w->tol = o.tol;
    bool dropped;
    *n = read_outline(w, &o, &dropped);
    if (*n < 0) return SATCD_ERR_TOO_MANY_POINTS;
    if (*n < 3) return dropped ? SATCD_ERR_DEGENERATE : SATCD_ERR_TOO_FEW_POINTS;
    if (satcd__all_collinear(w->v, *n, (float)o.tol)) return SATCD_ERR_DEGENERATE;
    if (!is_simple(w->v, *n, o.tol)) return SATCD_ERR_SELF_INTERSECTING;
    make_ccw(w->v, *n);
    return SATCD_OK;
}

/* ---- 2. ear clipping ---- */

static bool in_closed_triangle(satcd_vec2 a, satcd_vec2 b, satcd_vec2 c, satcd_vec2 p)
{
    return satcd__orient(a, b, p) >= 0 && satcd__orient(b, c, p) >= 0 && satcd__orient(c, a, p) >= 0;
}

/* Twice the area over the longest side squared: 0 for a sliver, largest for an equilateral triangle. */
static float fatness_of(satcd_vec2 a, satcd_vec2 b, satcd_vec2 c)
{
    double abx = (double)b.x - a.x, aby = (double)b.y - a.y, acx = (double)c.x - a.x, acy = (double)c.y - a.y;
    double bcx = acx - abx, bcy = acy - aby;
    double longest = fmax(abx * abx + aby * aby, fmax(acx * acx + acy * acy, bcx * bcx + bcy * bcy));
    return (float)((abx * acy - aby * acx) / longest);
}

/*
 * The rank of the ear at i, or -1 when i is no ear: a reflex or flat turn,
 * or a vertex in its closed triangle. The rank is the ear's fatness, plus 1
 * when no other vertex lies within tol of the diagonal it leaves: such a
 * vertex, exactly outside but within rounding of collinear (the bottoms of
 * a comb's gaps, rotated), would leave a sliver for a later ear.
 */
static float ear_rank(const workspace *w, int i)
{
    int a = w->prev[i], c = w->next[i];
    satcd_vec2 va = w->v[a], vb = w->v[i], vc = w->v[c];
    if (satcd__orient(va, vb, vc) <= 0) return -1.0f;
    bool clear = true;
    for (int k = w->next[c]; k != a; k = w->next[k]) {
        if (in_closed_triangle(va, vb, vc, w->v[k])) return -1.0f;
        if (clear && projects_between(va, vc, w->v[k]) && gap_from_line(va, vc, w->v[k]) <= w->tol) clear = false;
    }
    return fatness_of(va, vb, vc) + (clear ? 1.0f : 0.0f);
}

/* The best ranked ear of the ring through start, or -1 when there is none. */
static int best_ear(const workspace *w, int start)
{
    int best = -1, i = start;
    do {
        if (w->rank[i] >= 0.0f && (best < 0 || w->rank[i] > w->rank[best])) best = i;
        i = w->next[i];
    } while (i != start);
    return best;
}

static void link_twins(workspace *w, int h, int g)
{
    if (g < 0) return;
    w->he_twin[h] = g;
    w->he_twin[g] = h;
}

/*
 * Triangle t = (prev[b], b, next[b]) as three half-edges, each twinned with
 * the triangle already across it. The new edge from prev[b] to next[b] is
 * left for the triangle that will lie across it, unless this is the last.
 */
static void add_triangle(workspace *w, int t, int b, bool last)
{
    int a = w->prev[b], c = w->next[b], h = 3 * t;
    int corner[3] = {a, b, c};
    for (int k = 0; k < 3; ++k) {
        w->he_origin[h + k] = corner[k];
        w->he_next[h + k] = h + (k + 1) % 3;
        w->he_twin[h + k] = -1;
        w->he_face[h + k] = t;
    }
    w->face_rep[t] = h;
    link_twins(w, h, w->edge_twin[a]);
    link_twins(w, h + 1, w->edge_twin[b]);
    if (last) link_twins(w, h + 2, w->edge_twin[c]);
    else w->edge_twin[a] = h + 2;
}

static void rank_all(workspace *w, int start)
{
    int i = start;
    do w->rank[i] = ear_rank(w, i), i = w->next[i];
    while (i != start);
}

/* Triangulate the n-vertex outline into n - 2 triangles. */
static satcd_status triangulate(workspace *w, int n)
{
    for (int i = 0; i < n; ++i) {
        w->prev[i] = (i + n - 1) % n;
        w->next[i] = (i + 1) % n;
        w->edge_twin[i] = -1;
    }
    rank_all(w, 0);
    int start = 0;
    for (int t = 0; t < n - 3; ++t) {
        int b = best_ear(w, start);
        /*
         * Only the clipped ear's neighbours are ranked again: a vertex
         * further away can become an ear when a clipped tip was the only
         * vertex in its triangle, so an empty list is ranked afresh once.
         * A simple polygon always has an ear; none means a check above
         * passed an outline it should not have.
         */
        if (b < 0) rank_all(w, start), b = best_ear(w, start);
        if (b < 0) return SATCD_ERR_DEGENERATE;
        add_triangle(w, t, b, false);
        int a = w->prev[b], c = w->next[b];
        w->next[a] = c;
        w->prev[c] = a;
        w->rank[a] = ear_rank(w, a);
        w->rank[c] = ear_rank(w, c);
        start = a;
    }
    add_triangle(w, n - 3, w->next[start], true);
    return SATCD_OK;
}

/* ---- 3. Hertel-Mehlhorn merging ---- */

static int before(const workspace *w, int h)
{
    int p = h;
    while (w->he_next[p] != h) p = w->he_next[p];
    return p;
}

static int face_size(const workspace *w, int h)
{
    int n = 0, k = h;
    do ++n, k = w->he_next[k];
    while (k != h);
    return n;
}

static satcd_vec2 origin_of(const workspace *w, int h) { return w->v[w->he_origin[h]]; }

/* Removing diagonal h leaves both of its ends convex (or straight). */
static bool merge_keeps_convex(const workspace *w, int h)
{
    int t = w->he_twin[h];
    int after_h = w->he_next[h], after_t = w->he_next[t];
    return satcd__orient(origin_of(w, before(w, h)), origin_of(w, h), origin_of(w, w->he_next[after_t])) >= 0 &&
           satcd__orient(origin_of(w, before(w, t)), origin_of(w, t), origin_of(w, w->he_next[after_h])) >= 0;
}

/* Join the pieces on either side of diagonal h into the one on its left. */
static void merge_across(workspace *w, int h)
{
    int t = w->he_twin[h], f = w->he_face[h], g = w->he_face[t];
    int before_h = before(w, h), before_t = before(w, t), after_h = w->he_next[h];
    w->he_next[before_h] = w->he_next[t];
    w->he_next[before_t] = after_h;
    int k = after_h;
    do w->he_face[k] = f, k = w->he_next[k];
    while (k != after_h);
    w->face_rep[f] = after_h;
    w->face_rep[g] = -1;
    w->he_twin[h] = w->he_twin[t] = -1;
}

static void merge_pieces(workspace *w, int triangles)
{
    for (int h = 0; h < 3 * triangles; ++h) {
        int t = w->he_twin[h];
        if (t < h) continue; /* an outline edge, a removed diagonal, or one already tried from its other side */
        if (face_size(w, h) + face_size(w, t) - 2 > MAX_V) continue;
        if (merge_keeps_convex(w, h)) merge_across(w, h);
    }
}

/* ---- 4. a split that resolves the reflex corners ---- */

enum { OUTSIDE_GAP, NARROWS_GAP, RESOLVES_GAP };

#define FULL_TURN 6.283185307179586

static int ring_offset(int n, int from, int to) { return (to - from + n) % n; }

/* Angle at o from the direction of a counter-clockwise to that of b, in [0, 2 pi). */
static double angle_between(satcd_vec2 o, satcd_vec2 a, satcd_vec2 b)
{
    double ax = (double)a.x - o.x, ay = (double)a.y - o.y, bx = (double)b.x - o.x, by = (double)b.y - o.y;
    double t = atan2(ax * by - ay * bx, ax * bx + ay * by);
    return t < 0.0 ? t + FULL_TURN : t;
}

/* Vertex b lies strictly inside the corner of the outline at a. */
static bool inside_corner(const satcd_vec2 *v, int n, int a, int b)
{
    satcd_vec2 p = v[(a + n - 1) % n], q = v[a], r = v[(a + 1) % n], t = v[b];
    if (satcd__orient(p, q, r) >= 0) return satcd__orient(q, r, t) > 0 && satcd__orient(q, t, p) > 0;
    return !(satcd__orient(q, p, t) >= 0 && satcd__orient(q, t, r) >= 0);
}

/*
 * a b runs inside the outline, meets its boundary only at a and b, and
 * passes no other vertex within the tolerance (which would leave a sliver
 * that satcd_polygon_make refuses).
 */
static bool is_clear_diagonal(const workspace *w, int n, int a, int b)
{
    if (!inside_corner(w->v, n, a, b) || !inside_corner(w->v, n, b, a)) return false;
    satcd_vec2 p = w->v[a], q = w->v[b];
    for (int k = 0; k < n; ++k) {
        int k1 = (k + 1) % n;
        if (k != a && k != b && projects_between(p, q, w->v[k]) && gap_from_line(p, q, w->v[k]) <= w->tol) return false;
        if (k == a || k == b || k1 == a || k1 == b) continue;
        if (segments_meet(p, q, w->v[k], w->v[k1])) return false;
    }
    return true;
}

/* Diagonal a b crosses one of the cuts made: their ends interleave around the ring. */
static bool crosses_a_cut(const workspace *w, int n, int cuts, int a, int b)
{
    int ob = ring_offset(n, a, b);
    for (int k = 0; k < cuts; ++k) {
        int c = w->cut_a[k], d = w->cut_b[k];
        if (c == a || c == b || d == a || d == b) continue;
        if ((ring_offset(n, a, c) < ob) != (ring_offset(n, a, d) < ob)) return true;
    }
    return false;
}

/* What a cut from vertex i to j does to the corner of i that is wider than a half-turn. */
static int effect_at(const workspace *w, int n, int i, int j)
{
    int lo = w->gap_lo[i];
    if (lo < 0) return OUTSIDE_GAP;
    int hi = w->gap_hi[i], oj = ring_offset(n, i, j);
    if (oj <= ring_offset(n, i, lo) || oj >= ring_offset(n, i, hi)) return OUTSIDE_GAP;
    satcd_vec2 o = w->v[i];
    return satcd__orient(o, w->v[lo], w->v[j]) >= 0 && satcd__orient(o, w->v[j], w->v[hi]) >= 0 ? RESOLVES_GAP
                                                                                                : NARROWS_GAP;
}

/* The smaller of the two corners a cut from i to j leaves of i's wide corner (0 when it misses it). */
static double narrower_part(const workspace *w, int i, int j)
{
    satcd_vec2 o = w->v[i];
    return fmin(angle_between(o, w->v[w->gap_lo[i]], w->v[j]), angle_between(o, w->v[j], w->v[w->gap_hi[i]]));
}

/*
 * The rank of the cut a b for the wide corner at a, -1 when it does not
 * split that corner. Resolving both ends ranks first; a cut that narrows a
 * and resolves b ranks above one that resolves a alone, since a corner
 * too sharp for one diagonal takes two anyway and each had better end at
 * a reflex corner it resolves. Among equals, the cut whose smaller corner
 * is the widest (the fattest pieces).
 */
static double cut_rank(const workspace *w, int n, int a, int b, bool both_only)
{
    int at_a = effect_at(w, n, a, b);
    if (at_a == OUTSIDE_GAP) return -1.0;
    int at_b = effect_at(w, n, b, a);
    if (both_only && (at_a != RESOLVES_GAP || at_b != RESOLVES_GAP)) return -1.0;
    int level = 2 * at_a + (at_b == OUTSIDE_GAP ? 0 : at_b == NARROWS_GAP ? 1 : 3);
    double part = narrower_part(w, a, b);
    if (at_b != OUTSIDE_GAP) part = fmin(part, narrower_part(w, b, a));
    return 10.0 * level + part;
}

/* The best cut for the wide corner at a, or -1 when there is none. */
static int best_cut(const workspace *w, int n, int cuts, int a, bool both_only)
{
    int best = -1, end = ring_offset(n, a, w->gap_hi[a]);
    double best_rank = -1.0;
    for (int o = ring_offset(n, a, w->gap_lo[a]) + 1; o < end; ++o) {
        int b = (a + o) % n;
        double rank = cut_rank(w, n, a, b, both_only);
        /* The rank is cheap, the checks are not: only a better cut is checked. */
        if (rank <= best_rank || crosses_a_cut(w, n, cuts, a, b) || !is_clear_diagonal(w, n, a, b)) continue;
        best = b, best_rank = rank;
    }
    return best;
}

static void narrow_gap(workspace *w, int n, int i, int j)
{
    int effect = effect_at(w, n, i, j);
    if (effect == OUTSIDE_GAP) return;
    if (effect == RESOLVES_GAP) w->gap_lo[i] = -1;
    else if (satcd__orient(w->v[i], w->v[w->gap_lo[i]], w->v[j]) < 0) w->gap_hi[i] = j;
    else w->gap_lo[i] = j;
}

static void add_cut(workspace *w, int n, int *cuts, int a, int b)
{
    w->cut_a[*cuts] = a, w->cut_b[*cuts] = b, ++*cuts;
    narrow_gap(w, n, a, b);
    narrow_gap(w, n, b, a);
}

/* The vertex whose corner is the widest of those wider than a half-turn, or -1 when none is left. */
static int widest_gap(const workspace *w, int n)
{
    int widest = -1;
    double angle = 0.0;
    for (int i = 0; i < n; ++i) {
        if (w->gap_lo[i] < 0) continue;
        double a = angle_between(w->v[i], w->v[w->gap_lo[i]], w->v[w->gap_hi[i]]);
        if (a > angle) angle = a, widest = i;
    }
    return widest;
}

/*
 * Cut until no corner is wider than a half-turn: first, around the ring,
 * the reflex corners that a diagonal resolves together with another, then
 * the rest, the widest corner first (it has the fewest cuts to choose
 * from). False when a corner finds no clear cut (the split is then left
 * to Hertel-Mehlhorn).
 */
static bool resolve_corners(workspace *w, int n, int *cuts)
{
    *cuts = 0;
    for (int i = 0; i < n; ++i) {
        bool reflex = satcd__orient(w->v[(i + n - 1) % n], w->v[i], w->v[(i + 1) % n]) < 0;
        w->gap_lo[i] = reflex ? (i + 1) % n : -1;
        w->gap_hi[i] = (i + n - 1) % n;
    }
    for (int a = 0; a < n; ++a) {
        int b = w->gap_lo[a] >= 0 ? best_cut(w, n, *cuts, a, true) : -1;
        if (b >= 0) add_cut(w, n, cuts, a, b);
    }
    for (int a = widest_gap(w, n); a >= 0; a = widest_gap(w, n)) {
        int b = *cuts < n - 3 ? best_cut(w, n, *cuts, a, false) : -1;
        if (b < 0) return false;
        add_cut(w, n, cuts, a, b);
    }
    return true;
}

/*
 * The neighbours of vertex i on either side of j in ring order from i
 * (the outline's and those of the cuts but cut skip): the corners of the
 * pieces at i lie between neighbours next to each other in that order.
 */
static void neighbours_around(const workspace *w, int n, int cuts, int skip, int i, int j, int *before, int *after)
{
    int oj = ring_offset(n, i, j), lo = 1, hi = n - 1;
    for (int k = 0; k < cuts; ++k) {
        if (k == skip || (w->cut_a[k] != i && w->cut_b[k] != i)) continue;
        int o = ring_offset(n, i, w->cut_a[k] == i ? w->cut_b[k] : w->cut_a[k]);
        if (o < oj && o > lo) lo = o;
        if (o > oj && o < hi) hi = o;
    }
    *before = (i + lo) % n, *after = (i + hi) % n;
}

/* Cut k is needed: without it, one of its ends would be reflex. */
static bool cut_needed(const workspace *w, int n, int cuts, int k)
{
    int a = w->cut_a[k], b = w->cut_b[k], x, y;
    neighbours_around(w, n, cuts, k, a, b, &x, &y);
    if (satcd__orient(w->v[a], w->v[x], w->v[y]) < 0) return true;
    neighbours_around(w, n, cuts, k, b, a, &x, &y);
    return satcd__orient(w->v[b], w->v[x], w->v[y]) < 0;
}

/* Drop the cuts that later ones made needless (a merge never adds pieces, even where it passes the capacity). */
static int drop_needless_cuts(workspace *w, int n, int cuts)
{
    for (int k = 0; k < cuts;) {
        if (cut_needed(w, n, cuts, k)) {
            ++k;
            continue;
        }
        --cuts;
        w->cut_a[k] = w->cut_a[cuts], w->cut_b[k] = w->cut_b[cuts];
    }
    return cuts;
}

/* The vertex after v on the piece it was entered from u: the neighbour of v just before u around v. */
static int turn_from(const workspace *w, int n, int cuts, int u, int v)
{
    int before, after;
    neighbours_around(w, n, cuts, -1, v, u, &before, &after);
    return before;
}

/* The piece left of the step from u to first has u as its lowest vertex (so it is built from there, once). */
static bool starts_piece(const workspace *w, int n, int cuts, int u, int first)
{
    int prev = u, cur = first;
    for (int steps = 0; cur != u; ++steps) {
        if (cur < u || steps > n) return false;
        int next = turn_from(w, n, cuts, prev, cur);
        prev = cur, cur = next;
    }
    return true;
}

/*
 * Build the piece left of the step from u to first, in fans from u of at
 * most the vertex capacity each, into out (or only checked when out is
 * NULL). Returns the number of polygons, -1 when one is refused (*st says why).
 */
static int build_piece(const workspace *w, int n, int cuts, int u, int first, satcd_polygon *out, satcd_status *st)
{
    satcd_vec2 corner[MAX_V];
    int m = 1, built = 0, prev = u, cur = first;
    corner[0] = w->v[u];
    for (int steps = 0; steps <= n; ++steps) {
        corner[m++] = w->v[cur];
        int next = turn_from(w, n, cuts, prev, cur);
        if (m == MAX_V || next == u) {
            satcd_polygon probe;
            *st = satcd_polygon_make(out != NULL ? &out[built] : &probe, corner, m);
            if (*st != SATCD_OK) return -1;
            ++built;
            if (next == u) return built;
            corner[1] = corner[m - 1], m = 2;
        }
        prev = cur, cur = next;
    }
    *st = SATCD_ERR_DEGENERATE;
    return -1;
}

/* The first step from u along a piece: to the next outline vertex (k < 0), or along cut k when it starts or ends at u. */
static int step_from(const workspace *w, int n, int u, int k)
{
    if (k < 0) return (u + 1) % n;
    return w->cut_a[k] == u ? w->cut_b[k] : w->cut_b[k] == u ? w->cut_a[k] : -1;
}

/* Build every piece the cuts leave into out (or only check them when out is NULL); their number in *count. */
static satcd_status cut_pieces(const workspace *w, int n, int cuts, satcd_polygon *out, int *count)
{
    int total = 0;
    for (int u = 0; u < n; ++u) {
        for (int k = -1; k < cuts; ++k) {
            int first = step_from(w, n, u, k);
            if (first < 0 || !starts_piece(w, n, cuts, u, first)) continue;
            satcd_status st;
            int made = build_piece(w, n, cuts, u, first, out != NULL ? out + total : NULL, &st);
            if (made < 0) return st;
            total += made;
        }
    }
    *count = total;
    return SATCD_OK;
}

/* ---- 5. the pieces ---- */

static satcd_status make_piece(const workspace *w, int f, satcd_polygon *out)
{
    satcd_vec2 corner[MAX_V];
    int n = 0, k = w->face_rep[f];
    do corner[n++] = origin_of(w, k), k = w->he_next[k];
    while (k != w->face_rep[f]);
    return satcd_polygon_make(out, corner, n);
}

/* Build every merged piece into out (or only check them when out is NULL); their number in *count. */
static satcd_status merged_pieces(const workspace *w, int triangles, satcd_polygon *out, int *count)
{
    int k = 0;
    for (int f = 0; f < triangles; ++f) {
        if (w->face_rep[f] < 0) continue;
        satcd_polygon probe;
        satcd_status st = make_piece(w, f, out != NULL ? &out[k] : &probe);
        if (st != SATCD_OK) return st;
        ++k;
    }
    *count = k;
    return SATCD_OK;
}

/*
 * Split the cleaned outline both ways and write the split with fewer
 * pieces (Hertel-Mehlhorn's on a tie, or when the cuts leave a piece
 * satcd_polygon_make refuses), each piece checked before any is written.
 */
static satcd_status write_fewest(workspace *w, int n, satcd_polygon *out, int max_out, int *count_out)
{
    merge_pieces(w, n - 2);
    int merged = 0, cut = 0, cuts = 0;
    satcd_status merged_st = merged_pieces(w, n - 2, NULL, &merged);
    bool by_cuts = resolve_corners(w, n, &cuts);
    if (by_cuts) {
        cuts = drop_needless_cuts(w, n, cuts);
        by_cuts = cut_pieces(w, n, cuts, NULL, &cut) == SATCD_OK && (merged_st != SATCD_OK || cut < merged);
    }
    if (!by_cuts && merged_st != SATCD_OK) return merged_st;
    if ((by_cuts ? cut : merged) > max_out) return SATCD_ERR_CAPACITY;
    return by_cuts ? cut_pieces(w, n, cuts, out, count_out) : merged_pieces(w, n - 2, out, count_out);
}

satcd_status satcd_decompose_scratch(const satcd_vec2 *points, int count, satcd_polygon *out, int max_out,
                                     int *count_out, void *scratch, size_t scratch_size)
{
    if (points == NULL || out == NULL || count_out == NULL || scratch == NULL) return SATCD_ERR_NULL;
    if (count < 3) return SATCD_ERR_TOO_FEW_POINTS;
    satcd_status st = satcd__check_points(points, count);
    if (st != SATCD_OK) return st;
    workspace w;
    carve(&w, scratch, scratch_size);
    int n;
    st = prepare_outline(&w, points, count, &n);
    if (st == SATCD_OK) st = triangulate(&w, n);
    if (st != SATCD_OK) return st;
    return write_fewest(&w, n, out, max_out, count_out);
}

satcd_status satcd_decompose(const satcd_vec2 *points, int count, satcd_polygon *out, int max_out, int *count_out)
{
    float scratch[SATCD_DECOMPOSE_STACK_VERTICES * WORDS_PER_VERTEX];
    return satcd_decompose_scratch(points, count, out, max_out, count_out, scratch, sizeof scratch);
}
