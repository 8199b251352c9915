/*
 * The capsule pair machinery. A capsule is its core segment grown by its
 * radius, so every pair reduces, in A's frame, to two cores (A's a polygon,
 * a segment or a point; B's a segment or a point) and the sum of the radii.
 * Apart cores: the gap is their Euclidean distance less the radii, along
 * the line of the closest points (or the face normal when a closest point
 * lies inside a face). Touching or crossing cores: the push-out is the least
 * overlap over the face normals of both cores, which are the faces of their
 * Minkowski difference, plus the radii; this is exact also for a core
 * segment deep inside a polygon.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "capsule_internal.h"

/* The polygon's lanes: its vertices relative to its anchor. */
static void polygon_core(const satcd_polygon *p, satcd__core *out)
{
    out->count = p->count;
    out->radius = 0.0f;
    for (int i = 0; i < p->count; ++i) {
        out->v[i] = satcd__lane_vertex(p, i);
        out->n[i] = satcd_polygon_normal(p, i);
    }
    out->center = satcd_sub(p->centroid, p->anchor);
    out->reach = p->reach;
}

static void segment_core(satcd_vec2 p1, satcd_vec2 p2, float radius, satcd__core *out)
{
    out->radius = radius;
    out->v[0] = p1;
    out->v[1] = p2;
    satcd_vec2 n = satcd_normalize(satcd_right_perp(satcd_sub(p2, p1)));
    out->count = satcd_length_sq(n) > 0.0f ? 2 : 1;
    out->n[0] = n;
    out->n[1] = satcd_neg(n);
    /* Slack as a polygon's reach has it (satcd_polygon): relative to the size and to the centre's offset. */
    out->center = satcd_lerp(p1, p2, 0.5f);
    float half = 0.5f * satcd_distance_points(p1, p2);
    out->reach = (half + radius) * (1.0f + 0x1p-12f) + 0x1p-17f * (fabsf(out->center.x) + fabsf(out->center.y));
}

/*
 * The point of A's frame that A's core is stored relative to, per axis the
 * coordinate of p where q lies within a factor 2 of it (p - q is then exact
 * by Sterbenz's lemma), else 0: a capsule given in world coordinates far
 * from the origin is computed on short coordinates, as a polygon is on its
 * anchor (satcd_polygon). A capsule around its origin keeps 0. Two discs
 * (p1 == p2, or a circle) keep 0 as well: they then answer as the circle
 * queries do, to the bit, and their one difference of centres loses
 * nothing at the offset, where a point's distance to a segment would.
 */
static float anchor_on_axis(float p, float q)
{
    bool positive = p > 0.0f && q > 0.0f && q <= 2.0f * p && p <= 2.0f * q;
    bool negative = p < 0.0f && q < 0.0f && q >= 2.0f * p && p >= 2.0f * q;
    return positive || negative ? p : 0.0f;
}

static bool is_disc(const satcd_capsule *c) { return c->p1.x == c->p2.x && c->p1.y == c->p2.y; }

static satcd_vec2 capsule_anchor(const satcd_capsule *c, bool other_is_disc)
{
    if (other_is_disc && is_disc(c)) return satcd_v2(0.0f, 0.0f);
    return satcd_v2(anchor_on_axis(c->p1.x, c->p2.x), anchor_on_axis(c->p1.y, c->p2.y));
}

/* The capsule placed by rel (its frame into A's) and re-based onto A's anchor. */
static void capsule_core(const satcd_capsule *c, satcd_xf rel, satcd_vec2 anchor, satcd__core *out)
{
    segment_core(satcd__rebased_offset(rel, anchor, c->p1), satcd__rebased_offset(rel, anchor, c->p2), c->radius, out);
}

static void circle_core(const satcd_circle *c, satcd_xf rel, satcd_vec2 anchor, satcd__core *out)
{
    satcd_vec2 p = satcd__rebased_offset(rel, anchor, c->center);
    segment_core(p, p, c->radius, out);
}

/*
 * The larger and the smaller of two floats with no NaN among them, inline:
 * fmaxf and fminf are library calls on x86-64.
 */
static float larger(float x, float y) { return x > y ? x : y; }
static float smaller(float x, float y) { return x < y ? x : y; }

static int core_edges(const satcd__core *c) { return c->count >= 3 ? c->count : 1; }

static bool crosses(satcd_vec2 a0, satcd_vec2 a1, satcd_vec2 b0, satcd_vec2 b1)
{
    float o1 = satcd_cross(satcd_sub(a1, a0), satcd_sub(b0, a0)), o2 = satcd_cross(satcd_sub(a1, a0), satcd_sub(b1, a0));
    float o3 = satcd_cross(satcd_sub(b1, b0), satcd_sub(a0, b0)), o4 = satcd_cross(satcd_sub(b1, b0), satcd_sub(a1, b0));
    return ((o1 > 0.0f && o2 < 0.0f) || (o1 < 0.0f && o2 > 0.0f)) && ((o3 > 0.0f && o4 < 0.0f) || (o3 < 0.0f && o4 > 0.0f));
}

static bool inside_polygon(const satcd__core *a, satcd_vec2 p)
{
    if (a->count < 3) return false;
    for (int i = 0; i < a->count; ++i) {
        if (satcd_dot(satcd_sub(p, a->v[i]), a->n[i]) > 0.0f) return false;
    }
    return true;
}

typedef struct closest {
    float d2;
    satcd_vec2 pa, pb;
    int edge;      /* A's edge holding pa */
    bool a_inner;  /* pa lies strictly inside that edge */
    bool b_inner;  /* pb lies strictly inside B's segment */
} closest;

static void consider(closest *c, satcd_vec2 pa, satcd_vec2 pb, int edge, bool a_inner, bool b_inner)
{
    float d2 = satcd_length_sq(satcd_sub(pb, pa));
    if (d2 < c->d2) {
        c->d2 = d2;
        c->pa = pa;
        c->pb = pb;
        c->edge = edge;
        c->a_inner = a_inner;
        c->b_inner = b_inner;
    }
}

/* Closest points of A's edge i and B's core, or d2 0 when they cross. */
static void edge_closest(const satcd__core *a, int i, const satcd__core *b, closest *c)
{
    satcd_vec2 a0 = a->v[i], a1 = a->count > 1 ? a->v[satcd__next(i, a->count)] : a0;
    satcd_vec2 b0 = b->v[0], b1 = b->count > 1 ? b->v[1] : b0;
    if (crosses(a0, a1, b0, b1)) {
        consider(c, a0, a0, i, false, false);
        return;
    }
    float t;
    satcd_vec2 q = satcd__closest_on_segment(b0, a0, a1, &t);
    consider(c, q, b0, i, t > 0.0f && t < 1.0f && a->count > 1, false);
    if (b->count > 1) {
        q = satcd__closest_on_segment(b1, a0, a1, &t);
        consider(c, q, b1, i, t > 0.0f && t < 1.0f && a->count > 1, false);
    }
    q = satcd__closest_on_segment(a0, b0, b1, &t);
    consider(c, a0, q, i, false, t > 0.0f && t < 1.0f && b->count > 1);
    if (a->count > 1) {
        q = satcd__closest_on_segment(a1, b0, b1, &t);
        consider(c, a1, q, i, false, t > 0.0f && t < 1.0f && b->count > 1);
    }
}

/* Overlap of the cores along unit n (A to B), measured from point o for precision. */
static float overlap_along(const satcd__core *a, const satcd__core *b, satcd_vec2 n, satcd_vec2 o)
{
    float hi = -FLT_MAX, lo = FLT_MAX;
    for (int i = 0; i < a->count; ++i) hi = larger(hi, satcd_dot(satcd_sub(a->v[i], o), n));
    for (int j = 0; j < b->count; ++j) lo = smaller(lo, satcd_dot(satcd_sub(b->v[j], o), n));
    return hi - lo;
}

/*
 * Touching or crossing cores: the least overlap over both cores' face
 * normals. With `lo` (B's separation from each of A's faces), a face whose
 * overlap is known to exceed `bound` (-lo[i] > bound) is not measured.
 */
static void crossing_pair(const satcd__core *a, const satcd__core *b, const float *lo, float bound,
                          satcd__round_pair *out)
{
    float best = FLT_MAX;
    out->normal = satcd_v2(1.0f, 0.0f);
    out->face = -1;
    int faces = a->count >= 2 ? a->count : 0;
    for (int i = 0; i < faces; ++i) {
        if (lo != NULL && -lo[i] > bound) continue;
        float s = overlap_along(a, b, a->n[i], a->v[i]);
        if (s < best) best = s, out->normal = a->n[i], out->face = i;
    }
    for (int j = 0; b->count == 2 && j < 2; ++j) {
        satcd_vec2 n = satcd_neg(b->n[j]);
        float s = overlap_along(a, b, n, b->v[0]);
        if (s < best) best = s, out->normal = n, out->face = -1;
    }
    if (best == FLT_MAX) best = 0.0f; /* two points at one place */
    out->separation = -(larger(best, 0.0f) + a->radius) - b->radius;
}

/*
 * Apart cores: along the face normal when a closest point lies inside a
 * face that faces B, else along the closest points. A face of a polygon
 * that does not face B (dot(d, n) <= 0) can hold the closest point only
 * within rounding, where a sliver's two long faces lie within rounding of
 * each other: its normal would point away from B and give a separation
 * below minus the radii.
 */
static void apart_pair(const satcd__core *a, const satcd__core *b, const closest *c, satcd__round_pair *out)
{
    satcd_vec2 d = satcd_sub(c->pb, c->pa);
    out->face = -1;
    int f = c->edge;
    if (c->a_inner && a->count == 2 && satcd_dot(d, a->n[0]) < 0.0f) f = 1;
    if (c->a_inner && satcd_dot(d, a->n[f]) > 0.0f) {
        out->normal = a->n[f];
        out->face = f;
        out->separation = (satcd_dot(d, out->normal) - a->radius) - b->radius;
        return;
    }
    if (c->b_inner) {
        out->normal = satcd_dot(d, b->n[0]) < 0.0f ? b->n[0] : b->n[1];
        out->normal = satcd_neg(out->normal);
        out->separation = (satcd_dot(d, out->normal) - a->radius) - b->radius;
        return;
    }
    float len = satcd_length(d);
    satcd_vec2 dir = satcd_normalize(d);
    out->normal = satcd_length_sq(dir) > 0.0f ? dir : satcd_v2(1.0f, 0.0f);
    out->separation = (len - a->radius) - b->radius;
}

bool satcd__cores_beyond(const satcd__core *a, const satcd__core *b, float margin)
{
    satcd_vec2 d = satcd_sub(b->center, a->center);
    float reach = ((a->reach + b->reach) + margin * (1.0f + 0x1p-12f)) + 0x1p-17f * (fabsf(d.x) + fabsf(d.y));
    return satcd_length_sq(d) > reach * reach;
}

/* Every pair by the closest points of every edge: the definition the faster paths below must agree with. */
static satcd__round_pair full_solve(const satcd__core *a, const satcd__core *b)
{
    satcd__round_pair out;
    memset(&out, 0, sizeof out);
    closest c = {FLT_MAX, {0.0f, 0.0f}, {0.0f, 0.0f}, 0, false, false};
    if (inside_polygon(a, b->v[0]) || inside_polygon(a, b->v[b->count - 1])) c.d2 = 0.0f;
    for (int i = 0; i < core_edges(a) && c.d2 > 0.0f; ++i) edge_closest(a, i, b, &c);
    out.pa = c.pa;
    out.pb = c.pb;
    out.apart = c.d2 > 0.0f;
    if (out.apart) apart_pair(a, b, &c, &out);
    else crossing_pair(a, b, NULL, FLT_MAX, &out);
    return out;
}

/*
 * A polygon core against a segment or point core, axis by axis: the
 * separating axes of two convex cores are their face normals, so the
 * largest separation over A's normals and B's normal tells apart cores,
 * crossing cores and cores within rounding of touching before any closest
 * point is formed.
 */
typedef struct axes {
    float h[2][SATCD__MAX_V]; /* dot(b_j - v_i, n_i): B's end j over A's face i */
    float lo[SATCD__MAX_V];   /* the nearer of them: B's separation from face i */
    float d[SATCD__MAX_V];    /* dot(v_k - b_0, n_b): A's vertex k over B's line (B a segment) */
    float e[SATCD__MAX_V];    /* dot(v_k - v_f, n_f): A's vertex k below the best face f (f >= 0) */
    float best;               /* the largest separation over every axis */
    int face;                 /* A's face giving it, or -1 for B's normal */
    int a_face;               /* A's face of the largest separation over A's normals */
    float slack;              /* more than the rounding of any dot product of the pair */
} axes;

/* Coordinates of both cores lie within this of the frame's origin. */
static float pair_scale(const satcd__core *a, const satcd__core *b)
{
    return ((fabsf(a->center.x) + fabsf(a->center.y)) + a->reach) + ((fabsf(b->center.x) + fabsf(b->center.y)) + b->reach);
}

static void faces_of_a(const satcd__core *a, const satcd__core *b, axes *x)
{
    int last = b->count - 1;
    x->best = -FLT_MAX;
    x->face = 0;
    for (int i = 0; i < a->count; ++i) {
        x->h[0][i] = satcd_dot(satcd_sub(b->v[0], a->v[i]), a->n[i]);
        x->h[1][i] = satcd_dot(satcd_sub(b->v[last], a->v[i]), a->n[i]);
        x->lo[i] = smaller(x->h[0][i], x->h[1][i]);
        if (x->lo[i] > x->best) x->best = x->lo[i], x->face = i;
    }
    x->a_face = x->face;
}

static void normal_of_b(const satcd__core *a, const satcd__core *b, axes *x)
{
    if (b->count < 2) return;
    float lo = FLT_MAX, hi = -FLT_MAX;
    for (int k = 0; k < a->count; ++k) {
        x->d[k] = satcd_dot(satcd_sub(a->v[k], b->v[0]), b->n[0]);
        lo = smaller(lo, x->d[k]);
        hi = larger(hi, x->d[k]);
    }
    float s = larger(lo, -hi);
    if (s > x->best) x->best = s, x->face = -1;
}

static void measure_axes(const satcd__core *a, const satcd__core *b, axes *x)
{
    x->slack = 0x1p-14f * pair_scale(a, b);
    faces_of_a(a, b, x);
    normal_of_b(a, b, x);
    if (x->face < 0) return;
    int f = x->face;
    for (int k = 0; k < a->count; ++k) x->e[k] = satcd_dot(satcd_sub(a->v[k], a->v[f]), a->n[f]);
}

/* Crossing cores: crossing_pair's answer, measuring a face's full overlap only where it can be the least. */
static void crossing_by_axes(const satcd__core *a, const satcd__core *b, const axes *x, satcd__round_pair *out)
{
    /*
     * Face i's overlap is hi - lo[i] with hi >= 0 (A's own vertex i lies at
     * 0), so never below -lo[i] (float subtraction is monotone); the best
     * face's overlap bounds the least, and a face whose bound exceeds it
     * can neither win nor tie. In index order with the same strict test,
     * the face chosen is crossing_pair's.
     */
    crossing_pair(a, b, x->lo, overlap_along(a, b, a->n[x->a_face], a->v[x->a_face]), out);
}

/*
 * Apart cores: the closest pass of full_solve, skipping each candidate
 * whose distance is bounded from below, past rounding, by more than a
 * distance already known (`known`, one candidate's own, or the best so
 * far). A skipped candidate could neither win nor tie, and the others are
 * met in full_solve's order under its strict test, so the closest points
 * are full_solve's. The bounds: every point of A's edge i lies at most
 * max(e_i, e_i+1) along the best face's normal and every point of B at
 * least its separation; B's end j lies h_j from face i's line; vertex k
 * lies |d_k| from B's line.
 */
typedef struct pruning {
    const axes *x;
    float known; /* a candidate's squared distance */
} pruning;

static bool may_beat(const pruning *p, const closest *c, float bound)
{
    float lower = bound - p->x->slack;
    return !(lower > 0.0f) || lower * lower <= smaller(p->known, c->d2) * (1.0f + 0x1p-10f);
}

/* Lower bound on the distance of A's edge from vertex k to vertex l and any point of B. */
static float edge_bound(const satcd__core *b, const axes *x, int k, int l)
{
    float bound = 0.0f;
    if (x->face >= 0) bound = x->best - larger(x->e[k], x->e[l]);
    if (b->count == 2 && x->d[k] > 0.0f && x->d[l] > 0.0f) bound = larger(bound, smaller(x->d[k], x->d[l]));
    if (b->count == 2 && x->d[k] < 0.0f && x->d[l] < 0.0f) bound = larger(bound, -larger(x->d[k], x->d[l]));
    return bound;
}

static float vertex_bound(const satcd__core *b, const axes *x, int k)
{
    float bound = x->face >= 0 ? x->best - x->e[k] : 0.0f;
    return b->count == 2 ? larger(bound, fabsf(x->d[k])) : bound;
}

static void vertex_closest(const satcd__core *a, int k, int edge, const satcd__core *b, const pruning *p, closest *c)
{
    if (!may_beat(p, c, vertex_bound(b, p->x, k))) return;
    satcd_vec2 b0 = b->v[0], b1 = b->count > 1 ? b->v[1] : b0;
    float t;
    satcd_vec2 q = satcd__closest_on_segment(a->v[k], b0, b1, &t);
    consider(c, a->v[k], q, edge, false, t > 0.0f && t < 1.0f && b->count > 1);
}

static void end_closest(const satcd__core *a, int i, const satcd__core *b, int j, float bound, const pruning *p,
                        closest *c)
{
    if (!may_beat(p, c, larger(bound, p->x->h[j][i]))) return;
    float t;
    satcd_vec2 q = satcd__closest_on_segment(b->v[j], a->v[i], a->v[satcd__next(i, a->count)], &t);
    consider(c, q, b->v[j], i, t > 0.0f && t < 1.0f, false);
}

/*
 * edge_closest's candidates of edge i in its order. Vertex i was met as
 * the far end of edge i - 1 (or, for i = 0, is met here), with the same
 * squared distance, which the strict test then never takes again.
 */
static void pruned_edge_closest(const satcd__core *a, int i, const satcd__core *b, const pruning *p, closest *c)
{
    int next = satcd__next(i, a->count);
    float bound = edge_bound(b, p->x, i, next);
    end_closest(a, i, b, 0, bound, p, c);
    if (b->count > 1) end_closest(a, i, b, 1, bound, p, c);
    if (i == 0) vertex_closest(a, 0, 0, b, p, c);
    if (next != 0) vertex_closest(a, next, i, b, p, c);
}

/*
 * One candidate's squared distance as the pass computes it: B's nearer end
 * onto the best face, or the vertex nearest B's line onto B.
 */
static float known_candidate(const satcd__core *a, const satcd__core *b, const axes *x)
{
    if (x->face >= 0) {
        int f = x->face, j = x->h[0][f] <= x->h[1][f] ? 0 : 1;
        satcd_vec2 q = satcd__closest_on_segment(b->v[j], a->v[f], a->v[satcd__next(f, a->count)], NULL);
        return satcd_length_sq(satcd_sub(b->v[j], q));
    }
    int k = 0;
    for (int i = 1; i < a->count; ++i) {
        if (fabsf(x->d[i]) < fabsf(x->d[k])) k = i;
    }
    satcd_vec2 q = satcd__closest_on_segment(a->v[k], b->v[0], b->v[1], NULL);
    return satcd_length_sq(satcd_sub(q, a->v[k]));
}

/*
 * full_solve's answer for a polygon core A, or false when an axis shows the
 * cores apart by more than limit past rounding: crossing and apart cores
 * told by the axes when they are clear of rounding, the closest pass then
 * only where it can matter; within rounding of touching, full_solve itself.
 */
static bool polygon_solve(const satcd__core *a, const satcd__core *b, float limit, satcd__round_pair *out)
{
    axes x;
    measure_axes(a, b, &x);
    if ((x.best - a->radius) - b->radius > limit + x.slack) return false;
    if (!(x.best > x.slack) && !(x.best < -x.slack)) return *out = full_solve(a, b), true;
    memset(out, 0, sizeof *out);
    if (x.best < -x.slack) {
        crossing_by_axes(a, b, &x, out);
        return true;
    }
    if (inside_polygon(a, b->v[0]) || inside_polygon(a, b->v[b->count - 1])) return *out = full_solve(a, b), true;
    pruning p = {&x, known_candidate(a, b, &x)};
    closest c = {FLT_MAX, {0.0f, 0.0f}, {0.0f, 0.0f}, 0, false, false};
    for (int i = 0; i < a->count; ++i) pruned_edge_closest(a, i, b, &p, &c);
    if (!(c.d2 > 0.0f)) return *out = full_solve(a, b), true;
    out->pa = c.pa;
    out->pb = c.pb;
    out->apart = true;
    apart_pair(a, b, &c, out);
    return true;
}

/* How far two points lie on one side of a line (their offsets d0, d1 from it), or < 0 when the line parts them. */
static float one_side(float d0, float d1) { return larger(smaller(d0, d1), -larger(d0, d1)); }

/*
 * Segment or point cores: the larger gap along either segment's normal
 * (each normal a separating axis) exceeds limit past rounding. Four dot
 * products, against the four projections of the closest pass.
 */
static bool segments_beyond(const satcd__core *a, const satcd__core *b, float limit)
{
    satcd_vec2 a1 = a->v[a->count - 1], b1 = b->v[b->count - 1];
    float gap = -FLT_MAX;
    if (a->count == 2) gap = one_side(satcd_dot(satcd_sub(b->v[0], a->v[0]), a->n[0]), satcd_dot(satcd_sub(b1, a->v[0]), a->n[0]));
    if (b->count == 2) gap = larger(gap, one_side(satcd_dot(satcd_sub(a->v[0], b->v[0]), b->n[0]), satcd_dot(satcd_sub(a1, b->v[0]), b->n[0])));
    return (gap - a->radius) - b->radius > limit + 0x1p-14f * pair_scale(a, b);
}

bool satcd__round_solve_within(const satcd__core *a, const satcd__core *b, float limit, satcd__round_pair *out)
{
    if (a->count >= 3) return polygon_solve(a, b, limit, out);
    if (segments_beyond(a, b, limit)) return false;
    *out = full_solve(a, b);
    return true;
}

satcd__round_pair satcd__round_solve(const satcd__core *a, const satcd__core *b)
{
    satcd__round_pair out;
    satcd__round_solve_within(a, b, INFINITY, &out);
    return out;
}

/* Distance from p to the core (for a polygon core, 0 inside). */
static float core_distance(const satcd__core *c, satcd_vec2 p)
{
    if (inside_polygon(c, p)) return 0.0f;
    float best = FLT_MAX;
    for (int i = 0; i < core_edges(c); ++i) {
        satcd_vec2 v1 = c->count > 1 ? c->v[satcd__next(i, c->count)] : c->v[i];
        best = smaller(best, satcd_distance_points(p, satcd__closest_on_segment(p, c->v[i], v1, NULL)));
    }
    return best;
}

/* Every point of `inner` lies in `outer` (a capsule or disc; or a polygon). */
bool satcd__contains(const satcd__core *outer, const satcd__core *inner)
{
    for (int j = 0; j < inner->count; ++j) {
        if (outer->count >= 3) {
            for (int i = 0; i < outer->count; ++i) {
                if (satcd_dot(satcd_sub(inner->v[j], outer->v[i]), outer->n[i]) + inner->radius > 0.0f) return false;
            }
        } else if (core_distance(outer, inner->v[j]) + inner->radius > outer->radius) {
            return false;
        }
    }
    return true;
}

/* B's core point deepest along -n, and its end index. */
satcd_vec2 satcd__round_deepest_b(const satcd__core *b, satcd_vec2 n, int *end)
{
    *end = b->count > 1 && satcd_dot(b->v[1], n) < satcd_dot(b->v[0], n) ? 1 : 0;
    return b->v[*end];
}

/* The three pair kinds as cores in the frame of A's anchor; false when a shape or transform is unusable. */
bool satcd__polygon_capsule_cores(const satcd_polygon *a, satcd_xf xa, const satcd_capsule *b, satcd_xf xb,
                                  satcd__core *ca, satcd__core *cb, satcd_xf *frame)
{
    if (!satcd_polygon_is_valid(a) || !satcd_capsule_is_valid(b) || !satcd__xf_usable(xa, xb)) return false;
    polygon_core(a, ca);
    capsule_core(b, satcd_xf_inv_mul(xa, xb), a->anchor, cb);
    *frame = satcd__lanes_xf(a, xa);
    return true;
}

/* Capsule A's core relative to its anchor, and the transform that places it. */
static void anchored_capsule_core(const satcd_capsule *a, satcd_xf xa, bool b_is_disc, satcd__core *ca,
                                  satcd_vec2 *anchor, satcd_xf *frame)
{
    *anchor = capsule_anchor(a, b_is_disc);
    segment_core(satcd_sub(a->p1, *anchor), satcd_sub(a->p2, *anchor), a->radius, ca);
    *frame = xa;
    frame->p = satcd_xf_point(xa, *anchor);
}

bool satcd__capsules_cores(const satcd_capsule *a, satcd_xf xa, const satcd_capsule *b, satcd_xf xb,
                           satcd__core *ca, satcd__core *cb, satcd_xf *frame)
{
    if (!satcd_capsule_is_valid(a) || !satcd_capsule_is_valid(b) || !satcd__xf_usable(xa, xb)) return false;
    satcd_vec2 anchor;
    anchored_capsule_core(a, xa, is_disc(b), ca, &anchor, frame);
    capsule_core(b, satcd_xf_inv_mul(xa, xb), anchor, cb);
    return true;
}

bool satcd__capsule_circle_cores(const satcd_capsule *a, satcd_xf xa, const satcd_circle *b, satcd_xf xb,
                                 satcd__core *ca, satcd__core *cb, satcd_xf *frame)
{
    if (!satcd_capsule_is_valid(a) || !satcd_circle_is_valid(b) || !satcd__xf_usable(xa, xb)) return false;
    satcd_vec2 anchor;
    anchored_capsule_core(a, xa, true, ca, &anchor, frame);
    circle_core(b, satcd_xf_inv_mul(xa, xb), anchor, cb);
    return true;
}
