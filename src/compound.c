/*
 * Compound bodies: overlap, manifolds and distance piece pair by piece
 * pair through the generic shape queries, and the push-out of the whole
 * body (see the MTV section below and docs/design.md).
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <satcd/compound.h>

/* A body placed in the world: a compound's pieces, or one shape as a body of one piece. */
typedef struct body {
    const satcd_shape *shapes;
    const satcd_xf *locals; /* NULL: every piece at the identity */
    int count;
    satcd_xf xf;
} body;

static bool compound_body(const satcd_compound *c, satcd_xf xf, body *out)
{
    if (!satcd_compound_is_valid(c) || !satcd_xf_is_finite(xf)) return false;
    out->shapes = c->shapes;
    out->locals = c->locals;
    out->count = c->count;
    out->xf = xf;
    return true;
}

static bool shape_body(const satcd_shape *s, satcd_xf xf, body *out)
{
    if (s == NULL || !satcd_xf_is_finite(xf)) return false;
    out->shapes = s;
    out->locals = NULL;
    out->count = 1;
    out->xf = xf;
    return true;
}

/* inner placed within outer. */
static satcd_xf compose(satcd_xf outer, satcd_xf inner)
{
    satcd_xf x;
    x.p = satcd_xf_point(outer, inner.p);
    x.q = satcd_rot_mul(outer.q, inner.q);
    return x;
}

static satcd_xf piece_local(const body *b, int i) { return b->locals != NULL ? b->locals[i] : satcd_xf_identity(); }

static bool piece_usable(const body *b, int i)
{
    return satcd_shape_is_valid(&b->shapes[i]) && (b->locals == NULL || satcd_xf_is_finite(b->locals[i]));
}

/* Piece i placed in the frame `frame` (the world, or A's frame). */
static satcd_xf piece_in(const body *b, int i, satcd_xf frame) { return compose(frame, piece_local(b, i)); }

bool satcd_compound_is_valid(const satcd_compound *c)
{
    return c != NULL && c->shapes != NULL && c->count >= 1 && c->count <= SATCD_COMPOUND_MAX_PIECES;
}

satcd_aabb satcd_compound_aabb(const satcd_compound *c, satcd_xf xf)
{
    satcd_aabb box = {xf.p, xf.p};
    body b;
    if (!compound_body(c, xf, &b)) return box;
    bool any = false;
    for (int i = 0; i < b.count; ++i) {
        if (!piece_usable(&b, i)) continue;
        satcd_aabb p = satcd_shape_aabb(&b.shapes[i], piece_in(&b, i, xf));
        box = any ? (satcd_aabb){satcd_min(box.lower, p.lower), satcd_max(box.upper, p.upper)} : p;
        any = true;
    }
    return box;
}

/* ---- the pieces placed, with their boxes ---- */

typedef struct placed {
    int count;
    bool usable[SATCD_COMPOUND_MAX_PIECES];
    satcd_xf xf[SATCD_COMPOUND_MAX_PIECES];
    satcd_aabb box[SATCD_COMPOUND_MAX_PIECES];
} placed;

static void place(const body *b, satcd_xf frame, placed *out)
{
    out->count = b->count;
    for (int i = 0; i < b->count; ++i) {
        out->usable[i] = piece_usable(b, i);
        out->xf[i] = piece_in(b, i, frame);
        if (out->usable[i]) out->box[i] = satcd_shape_aabb(&b->shapes[i], out->xf[i]);
    }
}

static bool boxes_meet(satcd_aabb a, satcd_aabb b, float margin)
{
    return a.lower.x <= b.upper.x + margin && b.lower.x <= a.upper.x + margin && a.lower.y <= b.upper.y + margin &&
           b.lower.y <= a.upper.y + margin;
}

static bool bodies_overlap(const body *a, const body *b)
{
    placed pa, pb;
    place(a, a->xf, &pa);
    place(b, b->xf, &pb);
    for (int i = 0; i < pa.count; ++i) {
        for (int j = 0; pa.usable[i] && j < pb.count; ++j) {
            if (!pb.usable[j] || !boxes_meet(pa.box[i], pb.box[j], 0.0f)) continue;
            if (satcd_overlap(&a->shapes[i], pa.xf[i], &b->shapes[j], pb.xf[j])) return true;
        }
    }
    return false;
}

static int bodies_collide(const body *a, const body *b, float margin, satcd_manifold *out, int capacity)
{
    placed pa, pb;
    place(a, a->xf, &pa);
    place(b, b->xf, &pb);
    float reach = margin > 0.0f ? margin : 0.0f;
    int n = 0;
    for (int i = 0; i < pa.count; ++i) {
        for (int j = 0; pa.usable[i] && j < pb.count; ++j) {
            if (!pb.usable[j] || !boxes_meet(pa.box[i], pb.box[j], reach)) continue;
            satcd_manifold m = satcd_collide(&a->shapes[i], pa.xf[i], &b->shapes[j], pb.xf[j], margin);
            if (m.count == 0) continue;
            for (int k = 0; k < m.count; ++k) m.points[k].id = satcd_compound_contact_id(m.points[k].id, i, j);
            if (out != NULL && n < capacity) out[n] = m;
            ++n;
        }
    }
    return n;
}

/* Euclidean gap between two boxes. */
static float box_gap(satcd_aabb a, satcd_aabb b)
{
    float dx = fmaxf(0.0f, fmaxf(a.lower.x - b.upper.x, b.lower.x - a.upper.x));
    float dy = fmaxf(0.0f, fmaxf(a.lower.y - b.upper.y, b.lower.y - a.upper.y));
    return sqrtf(dx * dx + dy * dy);
}

static satcd_distance bodies_distance(const body *a, const body *b)
{
    satcd_distance best;
    memset(&best, 0, sizeof best);
    best.distance = FLT_MAX;
    placed pa, pb;
    place(a, a->xf, &pa);
    place(b, b->xf, &pb);
    for (int i = 0; i < pa.count; ++i) {
        for (int j = 0; pa.usable[i] && j < pb.count; ++j) {
            if (!pb.usable[j] || box_gap(pa.box[i], pb.box[j]) > best.distance) continue;
            satcd_distance d = satcd_distance(&a->shapes[i], pa.xf[i], &b->shapes[j], pb.xf[j]);
            if (d.distance < best.distance) best = d;
        }
    }
    return best;
}

/*
 * ---- the MTV of the whole body ----
 *
 * B moved by t overlaps piece pair (i, j) exactly when t lies in the
 * interior of M = A_i - B_j, the Minkowski difference: a convex core (the
 * hull of the differences of the pieces' core points: polygon vertices,
 * segment ends, circle centres) rounded by the sum of their radii. The
 * pushes that leave every pair apart or touching are the closed complement
 * F of the union of the M's, and the MTV is the point of F nearest the
 * origin. That point lies on the boundary of the union, either inside one
 * boundary element of one M (the foot of the origin on an edge line moved
 * out by the radius, the nearest point of a rounded corner's circle, or a
 * bare corner) or where the boundaries of two M's cross (line and line,
 * line and circle, circle and circle). Every such point is a candidate;
 * the nearest candidate outside every M is the MTV.
 *
 * Searching directions alone (each pair's axes and MTV normals, the
 * longest push over the pairs along each) misses the crossings: a box in
 * the inner corner of an L overlaps both arms, no single axis clears both
 * cheaply, and the shortest push is diagonal, towards the point where the
 * two arms' M's cross.
 *
 * Only pairs whose Minkowski box meets the square of half-width rho (the
 * shortest push that clears the bodies' bounding boxes, itself a valid
 * push) can hold a candidate nearer than rho or contain one. All of it is
 * done in double, in A's frame.
 */

#define HULL_MAX (2 * SATCD_MAX_POLYGON_VERTICES)

typedef struct dpoint {
    double x, y;
} dpoint;

typedef struct mink {
    int n;                       /* core vertices, CCW; 1: a point, 2: a segment */
    dpoint v[HULL_MAX];
    dpoint normal[HULL_MAX];     /* unit outward normal of edge v[i] to v[i + 1] */
    double r;                    /* rounding radius */
} mink;

typedef struct search {
    int count;
    mink m[SATCD_COMPOUND_MAX_NEAR_PAIRS];
    double rho, eps;
    dpoint best;
    double best2;
} search;

/* The core points of a piece placed by x, in double; returns their count and sets the radius. */
static int shape_core(const satcd_shape *s, satcd_xf x, dpoint *out, double *radius)
{
    satcd_vec2 pts[SATCD_MAX_POLYGON_VERTICES];
    int n = 0;
    *radius = 0.0;
    if (s->type == SATCD_SHAPE_POLYGON) {
        for (n = 0; n < s->polygon->count; ++n) pts[n] = satcd_polygon_vertex(s->polygon, n);
    } else if (s->type == SATCD_SHAPE_CAPSULE) {
        pts[0] = s->capsule.p1, pts[1] = s->capsule.p2, n = 2;
        *radius = s->capsule.radius;
    } else {
        pts[0] = s->circle.center, n = 1;
        *radius = s->circle.radius;
    }
    for (int k = 0; k < n; ++k) {
        out[k].x = (double)x.q.c * pts[k].x - (double)x.q.s * pts[k].y + x.p.x;
        out[k].y = (double)x.q.s * pts[k].x + (double)x.q.c * pts[k].y + x.p.y;
    }
    return n;
}

/* sqrt is correctly rounded everywhere, hypot is not: the same bits on every platform. */
static double length2d(double x, double y) { return sqrt(x * x + y * y); }

static bool point_before(dpoint a, dpoint b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }

/* Point i of the heap p[0, n) moved down to its place. */
static void sift_down(dpoint *p, int i, int n)
{
    for (int c = 2 * i + 1; c < n; i = c, c = 2 * i + 1) {
        if (c + 1 < n && point_before(p[c], p[c + 1])) ++c;
        if (!point_before(p[i], p[c])) return;
        dpoint t = p[i];
        p[i] = p[c];
        p[c] = t;
    }
}

/* p[0, n) in (x, y) order by a heap sort: in place, where the C library's qsort may allocate on this query path. */
static void sort_points(dpoint *p, int n)
{
    for (int i = n / 2 - 1; i >= 0; --i) sift_down(p, i, n);
    for (int end = n - 1; end > 0; --end) {
        dpoint t = p[0];
        p[0] = p[end];
        p[end] = t;
        sift_down(p, 0, end);
    }
}

static double turn(dpoint o, dpoint a, dpoint b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }

/* Convex hull (monotone chain, CCW, collinear points dropped) of p[0..n), in place into out; returns its count. */
static int hull(dpoint *p, int n, dpoint *out)
{
    sort_points(p, n);
    int k = 0;
    for (int i = 0; i < n; ++i) {
        while (k >= 2 && turn(out[k - 2], out[k - 1], p[i]) <= 0.0) --k;
        out[k++] = p[i];
    }
    for (int i = n - 2, lower = k + 1; i >= 0; --i) {
        while (k >= lower && turn(out[k - 2], out[k - 1], p[i]) <= 0.0) --k;
        out[k++] = p[i];
    }
    return k > 1 ? k - 1 : k; /* the last point repeats the first */
}

/*
 * Drop each corner of the ring v[0..n) within 1e-9 of the ring's scale of
 * the corner kept before it; returns the count kept. An edge that short
 * (the two ends of a segment a few ulps long, swept around a corner) gets
 * a normal from differences that carry the coordinates' rounding, off by
 * as much as a tenth of a radian, and its line then passes through the
 * difference's inside: the inside test would call points there outside.
 */
static int merge_close(dpoint *v, int n)
{
    double scale = 0.0;
    for (int i = 0; i < n; ++i) scale = fmax(scale, fabs(v[i].x) + fabs(v[i].y));
    for (int i = 1; i < n; ++i) scale = fmax(scale, fabs(v[i].x - v[0].x) + fabs(v[i].y - v[0].y));
    double tol = 1e-9 * scale;
    int k = n > 0 ? 1 : 0;
    for (int i = 1; i < n; ++i) {
        if (fabs(v[i].x - v[k - 1].x) + fabs(v[i].y - v[k - 1].y) > tol) v[k++] = v[i];
    }
    while (k > 1 && fabs(v[k - 1].x - v[0].x) + fabs(v[k - 1].y - v[0].y) <= tol) --k;
    return k;
}

static void make_mink(const dpoint *a, int na, double ra, const dpoint *b, int nb, double rb, mink *m)
{
    dpoint diff[SATCD_MAX_POLYGON_VERTICES * SATCD_MAX_POLYGON_VERTICES], out[SATCD_MAX_POLYGON_VERTICES * SATCD_MAX_POLYGON_VERTICES + 1];
    int n = 0;
    for (int i = 0; i < na; ++i)
        for (int j = 0; j < nb; ++j) diff[n++] = (dpoint){a[i].x - b[j].x, a[i].y - b[j].y};
    n = merge_close(out, hull(diff, n, out));
    m->n = n > HULL_MAX ? HULL_MAX : n; /* cannot be more: a Minkowski sum has at most na + nb corners */
    m->r = ra + rb;
    for (int i = 0; i < m->n; ++i) m->v[i] = out[i];
    for (int i = 0; i < m->n; ++i) {
        dpoint p = m->v[i], q = m->v[(i + 1) % m->n];
        double ex = q.x - p.x, ey = q.y - p.y, len = length2d(ex, ey);
        m->normal[i] = len > 0.0 ? (dpoint){ey / len, -ex / len} : (dpoint){0.0, 0.0};
    }
}

static double segment_distance(dpoint p, dpoint a, dpoint b)
{
    double ex = b.x - a.x, ey = b.y - a.y, len2 = ex * ex + ey * ey;
    double t = len2 > 0.0 ? ((p.x - a.x) * ex + (p.y - a.y) * ey) / len2 : 0.0;
    t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    return length2d(p.x - a.x - t * ex, p.y - a.y - t * ey);
}

/* Signed distance from p to M: negative inside. */
static double mink_distance(const mink *m, dpoint p)
{
    if (m->n == 1) return length2d(p.x - m->v[0].x, p.y - m->v[0].y) - m->r;
    double inside = -INFINITY;
    for (int i = 0; m->n >= 3 && i < m->n; ++i)
        inside = fmax(inside, (p.x - m->v[i].x) * m->normal[i].x + (p.y - m->v[i].y) * m->normal[i].y);
    if (m->n >= 3 && inside <= 0.0) return inside - m->r;
    double d = INFINITY;
    for (int i = 0; i < m->n; ++i) d = fmin(d, segment_distance(p, m->v[i], m->v[(i + 1) % m->n]));
    return d - m->r;
}

/* Keep p if it is nearer than the best so far, within reach, and outside every M (to within eps). */
static void consider(search *s, dpoint p)
{
    double d2 = p.x * p.x + p.y * p.y;
    if (!(d2 < s->best2) || d2 > s->rho * s->rho) return;
    for (int k = 0; k < s->count; ++k)
        if (mink_distance(&s->m[k], p) < -s->eps) return;
    s->best = p;
    s->best2 = d2;
}

/* The line of edge i moved out by the radius: normal . x = offset. */
static double line_offset(const mink *m, int i)
{
    return m->v[i].x * m->normal[i].x + m->v[i].y * m->normal[i].y + m->r;
}

static int edge_count(const mink *m) { return m->n >= 2 ? m->n : 0; }

/* The candidates inside one boundary element of M. */
static void single_candidates(search *s, const mink *m)
{
    for (int i = 0; i < edge_count(m); ++i) {
        double c = line_offset(m, i);
        consider(s, (dpoint){c * m->normal[i].x, c * m->normal[i].y});
    }
    for (int i = 0; i < m->n; ++i) {
        dpoint v = m->v[i];
        double len = length2d(v.x, v.y);
        if (m->r == 0.0) consider(s, v);
        else if (len > 0.0) consider(s, (dpoint){v.x - m->r * v.x / len, v.y - m->r * v.y / len});
        else consider(s, (dpoint){m->r, 0.0});
    }
}

static void line_line(search *s, dpoint n1, double c1, dpoint n2, double c2)
{
    double det = n1.x * n2.y - n1.y * n2.x;
    if (fabs(det) < 1e-12) return;
    consider(s, (dpoint){(c1 * n2.y - c2 * n1.y) / det, (n1.x * c2 - n2.x * c1) / det});
}

static void line_circle(search *s, dpoint n, double c, dpoint center, double r)
{
    double off = c - (n.x * center.x + n.y * center.y), h2 = r * r - off * off;
    if (h2 < 0.0) return;
    double h = sqrt(h2);
    dpoint f = {center.x + off * n.x, center.y + off * n.y};
    consider(s, (dpoint){f.x - h * n.y, f.y + h * n.x});
    consider(s, (dpoint){f.x + h * n.y, f.y - h * n.x});
}

static void circle_circle(search *s, dpoint c1, double r1, dpoint c2, double r2)
{
    double dx = c2.x - c1.x, dy = c2.y - c1.y, d = length2d(dx, dy);
    if (d == 0.0 || d > r1 + r2 || d < fabs(r1 - r2)) return;
    double along = (d * d + r1 * r1 - r2 * r2) / (2.0 * d), h = sqrt(fmax(0.0, r1 * r1 - along * along));
    dpoint f = {c1.x + along * dx / d, c1.y + along * dy / d};
    consider(s, (dpoint){f.x - h * dy / d, f.y + h * dx / d});
    consider(s, (dpoint){f.x + h * dy / d, f.y - h * dx / d});
}

/* Where the boundaries of P and Q cross. */
static void crossing_candidates(search *s, const mink *p, const mink *q)
{
    for (int i = 0; i < edge_count(p); ++i) {
        double ci = line_offset(p, i);
        for (int j = 0; j < edge_count(q); ++j) line_line(s, p->normal[i], ci, q->normal[j], line_offset(q, j));
        for (int j = 0; q->r > 0.0 && j < q->n; ++j) line_circle(s, p->normal[i], ci, q->v[j], q->r);
    }
    for (int i = 0; p->r > 0.0 && i < p->n; ++i) {
        for (int j = 0; j < edge_count(q); ++j) line_circle(s, q->normal[j], line_offset(q, j), p->v[i], p->r);
        for (int j = 0; q->r > 0.0 && j < q->n; ++j) circle_circle(s, p->v[i], p->r, q->v[j], q->r);
    }
}

/* The shortest push that clears the bodies' bounding boxes (A's frame), and its vector. */
static double box_push(satcd_aabb ua, satcd_aabb ub, dpoint *t)
{
    double push[4] = {(double)ua.upper.x - ub.lower.x, (double)ub.upper.x - ua.lower.x, (double)ua.upper.y - ub.lower.y,
                      (double)ub.upper.y - ua.lower.y};
    static const dpoint dir[4] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    int k = 0;
    for (int i = 1; i < 4; ++i)
        if (push[i] < push[k]) k = i;
    *t = (dpoint){push[k] * dir[k].x, push[k] * dir[k].y};
    return push[k];
}

static satcd_aabb box_union(const placed *p)
{
    satcd_aabb u = {{FLT_MAX, FLT_MAX}, {-FLT_MAX, -FLT_MAX}};
    for (int i = 0; i < p->count; ++i) {
        if (!p->usable[i]) continue;
        u.lower = satcd_min(u.lower, p->box[i].lower);
        u.upper = satcd_max(u.upper, p->box[i].upper);
    }
    return u;
}

/* Whether the Minkowski box of boxes a and b meets the square of half-width rho about the origin. */
static bool within_reach(satcd_aabb a, satcd_aabb b, double rho)
{
    return (double)a.lower.x - b.upper.x <= rho && (double)a.upper.x - b.lower.x >= -rho &&
           (double)a.lower.y - b.upper.y <= rho && (double)a.upper.y - b.lower.y >= -rho;
}

/* The M of every pair within reach; false when there are more than the search holds. */
static bool near_pairs(const body *a, const placed *pa, const body *b, const placed *pb, search *s)
{
    dpoint ca[SATCD_MAX_POLYGON_VERTICES], cb[SATCD_MAX_POLYGON_VERTICES];
    double ra, rb, pad = s->rho * 1e-6;
    s->count = 0;
    for (int i = 0; i < pa->count; ++i) {
        if (!pa->usable[i]) continue;
        int na = shape_core(&a->shapes[i], pa->xf[i], ca, &ra);
        for (int j = 0; j < pb->count; ++j) {
            if (!pb->usable[j] || !within_reach(pa->box[i], pb->box[j], s->rho + pad)) continue;
            if (s->count == SATCD_COMPOUND_MAX_NEAR_PAIRS) return false;
            int nb = shape_core(&b->shapes[j], pb->xf[j], cb, &rb);
            make_mink(ca, na, ra, cb, nb, rb, &s->m[s->count++]);
        }
    }
    return true;
}

/* The shortest push-out (A's frame) of bodies a and b, placed in A's frame as pa and pb. */
static dpoint shortest_push(const body *a, const placed *pa, const body *b, const placed *pb, search *s)
{
    dpoint t;
    s->rho = box_push(box_union(pa), box_union(pb), &t);
    s->best = t;
    s->best2 = s->rho * s->rho;
    if (!near_pairs(a, pa, b, pb, s)) return t;
    double size = s->rho;
    for (int k = 0; k < s->count; ++k)
        for (int i = 0; i < s->m[k].n; ++i) size = fmax(size, fabs(s->m[k].v[i].x) + fabs(s->m[k].v[i].y) + s->m[k].r);
    s->eps = 1e-12 * size;
    s->best2 *= 1.0 + 1e-12; /* the box push itself, when nothing is nearer */
    for (int k = 0; k < s->count; ++k) single_candidates(s, &s->m[k]);
    for (int k = 0; k < s->count; ++k)
        for (int l = k + 1; l < s->count; ++l) crossing_candidates(s, &s->m[k], &s->m[l]);
    return s->best;
}

/*
 * The answer when the push found is too short to give a direction (a pair
 * overlapping within rounding): the MTV of the first pair that the
 * overlap test finds overlapping, or the least push along A's x axis.
 */
static satcd_mtv first_pair_mtv(const body *a, const body *b)
{
    placed pa, pb;
    place(a, a->xf, &pa);
    place(b, b->xf, &pb);
    for (int i = 0; i < pa.count; ++i) {
        for (int j = 0; pa.usable[i] && j < pb.count; ++j) {
            if (!pb.usable[j] || !satcd_overlap(&a->shapes[i], pa.xf[i], &b->shapes[j], pb.xf[j])) continue;
            satcd_mtv m = satcd_mtv(&a->shapes[i], pa.xf[i], &b->shapes[j], pb.xf[j]);
            if (m.hit) {
                m.a_in_b = m.b_in_a = false;
                return m;
            }
        }
    }
    satcd_mtv m = {true, satcd_rotate(a->xf.q, satcd_v2(1.0f, 0.0f)), FLT_MIN, false, false};
    return m;
}

static satcd_mtv bodies_mtv(const body *a, const body *b)
{
    satcd_mtv out;
    memset(&out, 0, sizeof out);
    if (!bodies_overlap(a, b)) return out;
    /* A's pieces in A's frame, B's placed relative to A: far from the origin the pair keeps its precision. */
    placed pa, pb;
    place(a, satcd_xf_identity(), &pa);
    place(b, satcd_xf_inv_mul(a->xf, b->xf), &pb);
    search s;
    dpoint t = shortest_push(a, &pa, b, &pb, &s);
    double len = length2d(t.x, t.y);
    float depth = (float)len;
    if (!(depth > 0.0f)) return first_pair_mtv(a, b);
    out.hit = true;
    out.depth = depth;
    out.normal = satcd_rotate(a->xf.q, satcd_v2((float)(t.x / len), (float)(t.y / len)));
    return out;
}

/* ---- the public queries ---- */

bool satcd_overlap_compound(const satcd_compound *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb)
{
    body ba, bb;
    return compound_body(a, xa, &ba) && shape_body(b, xb, &bb) && bodies_overlap(&ba, &bb);
}

bool satcd_overlap_compounds(const satcd_compound *a, satcd_xf xa, const satcd_compound *b, satcd_xf xb)
{
    body ba, bb;
    return compound_body(a, xa, &ba) && compound_body(b, xb, &bb) && bodies_overlap(&ba, &bb);
}

satcd_mtv satcd_mtv_compound(const satcd_compound *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb)
{
    body ba, bb;
    if (compound_body(a, xa, &ba) && shape_body(b, xb, &bb)) return bodies_mtv(&ba, &bb);
    satcd_mtv none;
    memset(&none, 0, sizeof none);
    return none;
}

satcd_mtv satcd_mtv_compounds(const satcd_compound *a, satcd_xf xa, const satcd_compound *b, satcd_xf xb)
{
    body ba, bb;
    if (compound_body(a, xa, &ba) && compound_body(b, xb, &bb)) return bodies_mtv(&ba, &bb);
    satcd_mtv none;
    memset(&none, 0, sizeof none);
    return none;
}

int satcd_collide_compound(const satcd_compound *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb, float margin,
                           satcd_manifold *out, int capacity)
{
    body ba, bb;
    if (!compound_body(a, xa, &ba) || !shape_body(b, xb, &bb)) return 0;
    return bodies_collide(&ba, &bb, margin, out, capacity);
}

int satcd_collide_compounds(const satcd_compound *a, satcd_xf xa, const satcd_compound *b, satcd_xf xb,
                            float margin, satcd_manifold *out, int capacity)
{
    body ba, bb;
    if (!compound_body(a, xa, &ba) || !compound_body(b, xb, &bb)) return 0;
    return bodies_collide(&ba, &bb, margin, out, capacity);
}

satcd_distance satcd_distance_compound(const satcd_compound *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb)
{
    body ba, bb;
    if (compound_body(a, xa, &ba) && shape_body(b, xb, &bb)) return bodies_distance(&ba, &bb);
    satcd_distance none;
    memset(&none, 0, sizeof none);
    none.distance = FLT_MAX;
    return none;
}

satcd_distance satcd_distance_compounds(const satcd_compound *a, satcd_xf xa, const satcd_compound *b,
                                        satcd_xf xb)
{
    body ba, bb;
    if (compound_body(a, xa, &ba) && compound_body(b, xb, &bb)) return bodies_distance(&ba, &bb);
    satcd_distance none;
    memset(&none, 0, sizeof none);
    none.distance = FLT_MAX;
    return none;
}
