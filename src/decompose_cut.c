/*
 * The second split of satcd_decompose: cuts from the reflex corners, with
 * a new vertex where a cut ends inside an edge.
 *
 * A reflex corner is resolved by a cut along the extension of one of its
 * two edges, run to the first edge it meets: on both sides of the cut the
 * corner then turns by at most a half-turn. Where the cut ends within the
 * tolerance of a vertex, it ends at that vertex; elsewhere it makes a new
 * one. Every cut resolves its reflex corner and makes no new one, so r
 * reflex corners give at most r + 1 pieces: at most twice the lower bound
 * of ceil(r / 2) + 1 that every convex split has, on any outline. Splits
 * without new vertices cannot promise that (some outlines need about
 * 2 r pieces when cuts must end at vertices). Cuts that neither side needs
 * are then removed, the two pieces merged, as Hertel-Mehlhorn removes
 * diagonals.
 *
 * A new vertex is the cut's true end rounded to float, then moved by a few
 * float steps until exact orientation tests put it on the edge it was made
 * on or on its inner side, and leave the cut's corner resolved on both
 * sides. So a piece never leaves the piece it was cut from, and pieces
 * never overlap; rounding only leaves slivers a few float steps wide
 * between a new vertex and its edge.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "decompose_internal.h"
#include "orient_internal.h"

#define MAX_V SATCD_MAX_POLYGON_VERTICES

/* Float steps a new vertex may move from its rounded position, in x and in y. */
#define NUDGE_STEPS 3

void satcd__cuts_init(satcd__cuts *c, const satcd_vec2 *v, int n, double tol, void *scratch, size_t words)
{
    size_t cap = words / SATCD__CUT_WORDS_PER_VERTEX;
    int k = cap < (size_t)n ? (int)cap : n;
    c->v = v, c->n = n, c->tol = tol;
    c->extra = (satcd_vec2 *)scratch;
    c->extras = 0, c->extra_cap = k;
    int *i = (int *)(c->extra + k);
    c->next = i, i += 4 * k;
    c->point = i, i += 4 * k;
    c->twin = i;
    c->nodes = 0, c->node_cap = 4 * k;
}

static satcd_vec2 point_of(const satcd__cuts *c, int p) { return p < c->n ? c->v[p] : c->extra[p - c->n]; }

static satcd_vec2 at(const satcd__cuts *c, int node) { return point_of(c, c->point[node]); }

/* The node before u around its piece. */
static int before(const satcd__cuts *c, int u)
{
    int p = u;
    while (c->next[p] != u) p = c->next[p];
    return p;
}

static int turn_at(const satcd__cuts *c, int u) { return satcd__orient(at(c, before(c, u)), at(c, u), at(c, c->next[u])); }

static double distance_d(satcd_vec2 a, satcd_vec2 b) { return hypot((double)b.x - a.x, (double)b.y - a.y); }

static int new_node(satcd__cuts *c, int point)
{
    int k = c->nodes++;
    c->point[k] = point;
    c->twin[k] = -1;
    return k;
}

static void set_twins(satcd__cuts *c, int a, int b)
{
    c->twin[a] = b;
    if (b >= 0) c->twin[b] = a;
}

/* ---- a cut ---- */

/*
 * A cut from corner u (between nodes a and b): to node to, or, when to is
 * -1, to the new vertex end inside the edge of node edge.
 */
typedef struct cut {
    int u, a, b;
    int to, edge;
    satcd_vec2 end;
    double end_x, end_y; /* the end before rounding */
    double length;
} cut;

/* The first edge of u's piece that the ray from u along (dx, dy) meets, at *t rays; -1 when none. */
static int first_edge_hit(const satcd__cuts *c, const cut *k, double dx, double dy, double *t)
{
    satcd_vec2 o = at(c, k->u);
    int best = -1;
    for (int e = k->b; e != k->a; e = c->next[e]) {
        satcd_vec2 x = at(c, e), y = at(c, c->next[e]);
        double ex = (double)y.x - x.x, ey = (double)y.y - x.y;
        double wx = (double)x.x - o.x, wy = (double)x.y - o.y;
        double denom = dx * ey - dy * ex;
        if (denom == 0.0) continue;
        double along = (wx * ey - wy * ex) / denom, s = (wx * dy - wy * dx) / denom;
        if (along > 0.0 && s >= 0.0 && s <= 1.0 && (best < 0 || along < *t)) best = e, *t = along;
    }
    return best;
}

/* The segment from u to end meets no edge of u's piece but those in skip. */
static bool clear_of_edges(const satcd__cuts *c, const cut *k, satcd_vec2 end, const int skip[4])
{
    satcd_vec2 o = at(c, k->u);
    int e = k->u;
    do {
        if (e != skip[0] && e != skip[1] && e != skip[2] && e != skip[3] &&
            satcd__segments_meet(o, end, at(c, e), at(c, c->next[e])))
            return false;
        e = c->next[e];
    } while (e != k->u);
    return true;
}

/* The cut's end leaves u turning by at most a half-turn on both sides. */
static bool resolves(const satcd__cuts *c, const cut *k, satcd_vec2 end)
{
    satcd_vec2 u = at(c, k->u);
    return satcd__orient(at(c, k->a), u, end) >= 0 && satcd__orient(end, u, at(c, k->b)) >= 0;
}

static bool valid_to_node(const satcd__cuts *c, const cut *k)
{
    if (k->to == k->a || k->to == k->b || k->to == k->u) return false;
    satcd_vec2 end = at(c, k->to);
    int skip[4] = {k->a, k->u, before(c, k->to), k->to};
    return resolves(c, k, end) && clear_of_edges(c, k, end, skip);
}

/*
 * A new vertex s on the edge x y (of node e) for the cut from u: on the edge
 * or inside it, not within the tolerance of x or y, a convex corner on both
 * sides, the corners at x and y no sharper than before, and no vertex of
 * the piece in the sliver x y s.
 */
static bool fits_edge(const satcd__cuts *c, const cut *k, satcd_vec2 s)
{
    int e = k->edge, f = c->next[e];
    satcd_vec2 x = at(c, e), y = at(c, f), u = at(c, k->u);
    if (satcd__orient(x, y, s) < 0 || distance_d(s, x) <= c->tol || distance_d(s, y) <= c->tol) return false;
    if (satcd__orient(x, s, u) <= 0 || satcd__orient(u, s, y) <= 0 || !resolves(c, k, s)) return false;
    satcd_vec2 w = at(c, before(c, e)), z = at(c, c->next[f]);
    if (satcd__orient(w, x, y) >= 0 && satcd__orient(w, x, s) < 0) return false;
    if (satcd__orient(x, y, z) >= 0 && satcd__orient(s, y, z) < 0) return false;
    if (satcd__orient(x, y, s) == 0) return true;
    for (int g = c->next[f]; g != e; g = c->next[g]) {
        if (satcd__in_closed_triangle(x, y, s, at(c, g))) return false;
    }
    return true;
}

/*
 * Move k->end by up to NUDGE_STEPS float steps in x and in y until it fits
 * its edge, the nearest first, and no further than the tolerance from the
 * true end (so the sliver it leaves is no wider than what the cleanup may
 * drop). The step is the float spacing at the end's larger coordinate, on
 * both axes: near an axis the smaller coordinate's own spacing is far too
 * fine to cross the rounding of an edge there.
 */
static bool place_end(const satcd__cuts *c, cut *k)
{
    satcd_vec2 rounded = k->end;
    float larger = fmaxf(fabsf(rounded.x), fabsf(rounded.y));
    double step = (double)nextafterf(larger, INFINITY) - larger;
    for (int ring = 0; ring <= NUDGE_STEPS; ++ring) {
        for (int i = -ring; i <= ring; ++i) {
            for (int j = -ring; j <= ring; ++j) {
                if (i != -ring && i != ring && j != -ring && j != ring) continue;
                satcd_vec2 s = {(float)(rounded.x + i * step), (float)(rounded.y + j * step)};
                if (hypot(s.x - k->end_x, s.y - k->end_y) <= c->tol && fits_edge(c, k, s)) {
                    k->end = s;
                    return true;
                }
            }
        }
    }
    return false;
}

static bool valid_to_edge(const satcd__cuts *c, cut *k)
{
    if (!isfinite(k->end.x) || !isfinite(k->end.y) || !place_end(c, k)) return false;
    int skip[4] = {k->a, k->u, k->edge, k->edge};
    return clear_of_edges(c, k, k->end, skip);
}

/* The cut from corner u along (dx, dy); false when exact tests refuse it. */
static bool cut_along(const satcd__cuts *c, int u, double dx, double dy, cut *k)
{
    k->u = u, k->a = before(c, u), k->b = c->next[u];
    satcd_vec2 o = at(c, u);
    double t = 0.0;
    int e = first_edge_hit(c, k, dx, dy, &t);
    if (e < 0) return false;
    double hx = o.x + t * dx, hy = o.y + t * dy;
    satcd_vec2 x = at(c, e), y = at(c, c->next[e]);
    k->length = t * hypot(dx, dy);
    k->edge = e;
    k->end = (satcd_vec2){(float)hx, (float)hy};
    k->end_x = hx, k->end_y = hy;
    double to_x = hypot(hx - x.x, hy - x.y), to_y = hypot(hx - y.x, hy - y.y);
    k->to = to_x <= c->tol ? e : to_y <= c->tol ? c->next[e] : -1;
    return k->to >= 0 ? valid_to_node(c, k) : valid_to_edge(c, k);
}

/*
 * Split u's piece along the cut. The piece after u keeps u; the piece
 * before it gets a copy of u. The two sides of the cut are twins.
 */
static void apply_cut(satcd__cuts *c, const cut *k)
{
    int u2 = new_node(c, c->point[k->u]);
    if (k->to >= 0) {
        int to2 = new_node(c, c->point[k->to]);
        c->next[to2] = c->next[k->to];
        set_twins(c, to2, c->twin[k->to]);
        c->next[k->to] = k->u;
        c->next[k->a] = u2;
        c->next[u2] = to2;
        set_twins(c, k->to, u2);
        return;
    }
    int e = k->edge, f = c->next[e], p = c->n + c->extras;
    c->extra[c->extras++] = k->end;
    int s1 = new_node(c, p), s2 = new_node(c, p);
    if (c->twin[e] >= 0) c->twin[c->twin[e]] = -1; /* the edge is split: its other side no longer matches */
    c->twin[e] = -1;
    c->next[e] = s1;
    c->next[s1] = k->u;
    c->next[s2] = f;
    c->next[k->a] = u2;
    c->next[u2] = s2;
    set_twins(c, s1, u2);
}

/*
 * Resolve reflex corner u by the shortest cut that exact tests accept,
 * along either edge extended or along the bisector between them. The
 * extensions leave u straight on one side; the bisector, in the middle of
 * the directions that resolve u, is the one whose new vertex can always be
 * placed when the others meet an edge at a grazing angle.
 */
static bool resolve(satcd__cuts *c, int u)
{
    if (c->nodes + 3 > c->node_cap || c->extras >= c->extra_cap) return false;
    satcd_vec2 o = at(c, u), a = at(c, before(c, u)), b = at(c, c->next[u]);
    double ax = (double)o.x - a.x, ay = (double)o.y - a.y, bx = (double)o.x - b.x, by = (double)o.y - b.y;
    double la = hypot(ax, ay), lb = hypot(bx, by);
    double dir[3][2] = {{ax, ay}, {bx, by}, {ax / la + bx / lb, ay / la + by / lb}};
    cut best = {.to = -1}, k;
    bool found = false;
    for (int d = 0; d < 3; ++d) {
        if (!cut_along(c, u, dir[d][0], dir[d][1], &k) || (found && k.length >= best.length)) continue;
        best = k;
        found = true;
    }
    if (found) apply_cut(c, &best);
    return found;
}

/* ---- merging back ---- */

/* Corners of u's piece that turn (not straight). */
static int corner_count(const satcd__cuts *c, int u)
{
    int n = 0, k = u;
    do n += turn_at(c, k) != 0, k = c->next[k];
    while (k != u);
    return n;
}

static bool same_ring(const satcd__cuts *c, int u, int v)
{
    int k = u;
    do {
        if (k == v) return true;
        k = c->next[k];
    } while (k != u);
    return false;
}

/*
 * Node i's edge p q and node j's edge q p are the two sides of a cut.
 * Removing it leaves p and q convex (or straight) and the union within
 * the vertex capacity.
 */
static bool merge_fits(const satcd__cuts *c, int i, int j)
{
    int iq = c->next[i], jp = c->next[j];
    satcd_vec2 p = at(c, i), q = at(c, iq);
    int at_p = satcd__orient(at(c, before(c, i)), p, at(c, c->next[jp]));
    int at_q = satcd__orient(at(c, before(c, j)), q, at(c, c->next[iq]));
    if (at_p < 0 || at_q < 0) return false;
    int corners = corner_count(c, i) + corner_count(c, j);
    corners -= (turn_at(c, i) != 0) + (turn_at(c, iq) != 0) + (turn_at(c, j) != 0) + (turn_at(c, jp) != 0);
    corners += (at_p != 0) + (at_q != 0);
    return corners <= MAX_V;
}

static void merge_across(satcd__cuts *c, int i, int j)
{
    int iq = c->next[i], jp = c->next[j];
    c->next[i] = c->next[jp];
    set_twins(c, i, c->twin[jp]);
    c->next[j] = c->next[iq];
    set_twins(c, j, c->twin[iq]);
    c->point[iq] = c->point[jp] = -1;
    c->twin[iq] = c->twin[jp] = -1;
}

/* Until no cut is left that neither side needs: a merge hands its node the edge, and the twin, of the node it drops. */
static void merge_pieces(satcd__cuts *c)
{
    bool merged = true;
    while (merged) {
        merged = false;
        for (int i = 0; i < c->nodes; ++i) {
            int j = c->twin[i];
            if (j < i || c->point[i] < 0 || same_ring(c, i, j) || !merge_fits(c, i, j)) continue;
            merge_across(c, i, j);
            merged = true;
        }
    }
}

/* ---- the split ---- */

/* Cut every reflex corner; false when one found no cut or the scratch ran out. */
static bool cut_all(satcd__cuts *c)
{
    bool cut_one = true;
    while (cut_one) {
        cut_one = false;
        for (int u = 0; u < c->nodes; ++u) {
            if (c->point[u] < 0 || turn_at(c, u) >= 0) continue;
            if (!resolve(c, u)) return false;
            cut_one = true;
        }
    }
    return true;
}

/* u is the lowest node of its piece: the piece is counted and written from there. */
static bool starts_piece(const satcd__cuts *c, int u)
{
    if (c->point[u] < 0) return false;
    for (int k = c->next[u]; k != u; k = c->next[k]) {
        if (k < u) return false;
    }
    return true;
}

static int fan_count(int corners) { return corners <= MAX_V ? 1 : (corners - 2 + MAX_V - 3) / (MAX_V - 2); }

satcd_status satcd__cuts_split(satcd__cuts *c, int *pieces)
{
    if (c->n > c->extra_cap) return SATCD_ERR_DEGENERATE;
    for (int i = 0; i < c->n; ++i) {
        c->next[i] = (i + 1) % c->n;
        c->point[i] = i;
        c->twin[i] = -1;
    }
    c->nodes = c->n;
    if (!cut_all(c)) return SATCD_ERR_DEGENERATE;
    merge_pieces(c);
    int count = 0;
    for (int u = 0; u < c->nodes; ++u) {
        if (starts_piece(c, u)) count += fan_count(corner_count(c, u));
    }
    *pieces = count;
    return SATCD_OK;
}

/* ---- the pieces ---- */

static satcd_status emit(satcd_polygon *out, int *count, const satcd_vec2 *corner, int n)
{
    satcd_polygon probe;
    satcd_status st = satcd_polygon_make(out != NULL ? &out[*count] : &probe, corner, n);
    if (st == SATCD_OK) ++*count;
    return st;
}

/* The piece from u, its straight corners left out, as one polygon or a fan of them within the capacity. */
static satcd_status write_piece(const satcd__cuts *c, int u, satcd_polygon *out, int *count)
{
    satcd_vec2 corner[MAX_V];
    int n = 0, k = u;
    do {
        if (turn_at(c, k) != 0) {
            corner[n++] = at(c, k);
            if (n == MAX_V) {
                satcd_status st = emit(out, count, corner, n);
                if (st != SATCD_OK) return st;
                corner[1] = corner[MAX_V - 1];
                n = 2;
            }
        }
        k = c->next[k];
    } while (k != u);
    return n >= 3 ? emit(out, count, corner, n) : SATCD_OK;
}

satcd_status satcd__cuts_write(const satcd__cuts *c, satcd_polygon *out, int *count)
{
    *count = 0;
    for (int u = 0; u < c->nodes; ++u) {
        if (!starts_piece(c, u)) continue;
        satcd_status st = write_piece(c, u, out, count);
        if (st != SATCD_OK) return st;
    }
    return SATCD_OK;
}
