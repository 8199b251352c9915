/*
 * Convex decomposition of a simple polygon, in five steps:
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
 * 4. The cut split (decompose_cut.c) splits the cleaned outline again,
 *    with new vertices where cuts end inside edges. Hertel-Mehlhorn's
 *    merges depend on the triangulation and can leave two pieces per
 *    reflex corner; the cuts leave at most one. The split with fewer
 *    pieces is kept; the cuts work in the triangulation's memory, so
 *    when Hertel-Mehlhorn's is kept it is built again.
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

#include "decompose_internal.h"
#include "orient_internal.h"
#include "polygon_internal.h"

#define MAX_V SATCD_MAX_POLYGON_VERTICES

/* 4-byte words of scratch a vertex needs: see workspace. */
#define WORDS_PER_VERTEX 20
#define BYTES_PER_VERTEX (WORDS_PER_VERTEX * sizeof(float))

/* The cut split works in the scratch after the outline (see wrote_cut_pieces). */
_Static_assert(SATCD__CUT_WORDS_PER_VERTEX <= WORDS_PER_VERTEX - 2, "the cut split fits the scratch");

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
            if (satcd__segments_meet(v[i], v[i + 1], v[j], v[(j + 1) % n])) return true;
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
        if (satcd__in_closed_triangle(va, vb, vc, w->v[k])) return -1.0f;
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

/* ---- 4. the pieces ---- */

static satcd_status make_piece(const workspace *w, int f, satcd_polygon *out)
{
    satcd_vec2 corner[MAX_V];
    int n = 0, k = w->face_rep[f];
    do corner[n++] = origin_of(w, k), k = w->he_next[k];
    while (k != w->face_rep[f]);
    return satcd_polygon_make(out, corner, n);
}

/* Build every piece once to check it, then, when all pass and fit, into out. */
static satcd_status write_pieces(const workspace *w, int triangles, satcd_polygon *out, int max_out, int *count_out)
{
    int pieces = 0;
    for (int f = 0; f < triangles; ++f) {
        if (w->face_rep[f] < 0) continue;
        satcd_polygon probe;
        satcd_status st = make_piece(w, f, &probe);
        if (st != SATCD_OK) return st;
        ++pieces;
    }
    if (pieces > max_out) return SATCD_ERR_CAPACITY;
    int k = 0;
    for (int f = 0; f < triangles; ++f) {
        if (w->face_rep[f] >= 0) (void)make_piece(w, f, &out[k++]);
    }
    *count_out = k;
    return SATCD_OK;
}

static int live_pieces(const workspace *w, int triangles)
{
    int pieces = 0;
    for (int f = 0; f < triangles; ++f) pieces += w->face_rep[f] >= 0;
    return pieces;
}

/*
 * The cut split (decompose_cut.c), in the scratch after the outline: the
 * triangulation's arrays, which it overwrites. Written, and true, when it
 * has fewer pieces than Hertel-Mehlhorn's and they all build.
 */
static bool wrote_cut_pieces(workspace *w, int n, int fewer_than, satcd_polygon *out, int max_out, int *count_out,
                             satcd_status *st)
{
    satcd__cuts c;
    satcd__cuts_init(&c, w->v, n, w->tol, w->src, (size_t)(WORDS_PER_VERTEX - 2) * (size_t)w->cap);
    int pieces, built;
    if (satcd__cuts_split(&c, &pieces) != SATCD_OK || pieces >= fewer_than) return false;
    if (satcd__cuts_write(&c, NULL, &built) != SATCD_OK) return false;
    if (built > max_out) {
        *st = SATCD_ERR_CAPACITY;
        return true;
    }
    *st = satcd__cuts_write(&c, out, count_out);
    return true;
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
    merge_pieces(&w, n - 2);
    int merged = live_pieces(&w, n - 2);
    if (merged > 1) {
        if (wrote_cut_pieces(&w, n, merged, out, max_out, count_out, &st)) return st;
        (void)triangulate(&w, n); /* as before: the same outline gives the same triangles */
        merge_pieces(&w, n - 2);
    }
    return write_pieces(&w, n - 2, out, max_out, count_out);
}

satcd_status satcd_decompose(const satcd_vec2 *points, int count, satcd_polygon *out, int max_out, int *count_out)
{
    float scratch[SATCD_DECOMPOSE_STACK_VERTICES * WORDS_PER_VERTEX];
    return satcd_decompose_scratch(points, count, out, max_out, count_out, scratch, sizeof scratch);
}
