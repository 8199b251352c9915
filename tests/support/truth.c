#include "truth.h"

#include <float.h>
#include <math.h>

void truth_place(const satcd_polygon *p, double px, double py, double c, double s, truth_polygon *out)
{
    out->n = p->count;
    for (int i = 0; i < p->count; ++i) {
        satcd_vec2 v = satcd_polygon_vertex(p, i);
        double lx = v.x, ly = v.y;
        out->x[i] = c * lx - s * ly + px;
        out->y[i] = s * lx + c * ly + py;
    }
    /* Normals from the placed vertices, not from the library's cached ones. */
    for (int i = 0; i < p->count; ++i) {
        int j = (i + 1) % p->count;
        double ex = out->x[j] - out->x[i], ey = out->y[j] - out->y[i];
        double len = sqrt(ex * ex + ey * ey);
        out->nx[i] = ey / len;
        out->ny[i] = -ex / len;
    }
}

void truth_world(const satcd_polygon *p, satcd_xf xf, truth_polygon *out)
{
    truth_place(p, xf.p.x, xf.p.y, xf.q.c, xf.q.s, out);
}

void truth_centroid(const satcd_polygon *p, satcd_xf xf, double *cx, double *cy)
{
    double lx = p->centroid.x, ly = p->centroid.y;
    *cx = (double)xf.q.c * lx - (double)xf.q.s * ly + xf.p.x;
    *cy = (double)xf.q.s * lx + (double)xf.q.c * ly + xf.p.y;
}

double truth_face_gap(const truth_polygon *ref, int i, const truth_polygon *other)
{
    double best = DBL_MAX;
    for (int j = 0; j < other->n; ++j) {
        double d = ref->nx[i] * (other->x[j] - ref->x[i]) + ref->ny[i] * (other->y[j] - ref->y[i]);
        best = d < best ? d : best;
    }
    return best;
}

/* Record one candidate face (gap g, A-to-B normal n) in the running answer. */
static void consider(truth_sat *t, double g, double nx, double ny, bool *first)
{
    if (*first || g > t->sep) {
        bool same_normal = !*first && truth_angle(nx, ny, t->nx, t->ny) <= 1e-9;
        if (!*first && !same_normal) t->runner_up = t->sep > t->runner_up ? t->sep : t->runner_up;
        t->sep = g;
        t->nx = nx;
        t->ny = ny;
        *first = false;
    } else if (truth_angle(nx, ny, t->nx, t->ny) > 1e-9 && g > t->runner_up) {
        t->runner_up = g;
    }
}

truth_sat truth_sat_pair(const truth_polygon *a, const truth_polygon *b)
{
    truth_sat t = {0.0, -DBL_MAX, -DBL_MAX, 0.0, 0.0, -DBL_MAX};
    bool first = true;
    for (int i = 0; i < a->n; ++i) {
        double g = truth_face_gap(a, i, b);
        t.sep_a = g > t.sep_a ? g : t.sep_a;
        consider(&t, g, a->nx[i], a->ny[i], &first);
    }
    for (int i = 0; i < b->n; ++i) {
        double g = truth_face_gap(b, i, a);
        t.sep_b = g > t.sep_b ? g : t.sep_b;
        consider(&t, g, -b->nx[i], -b->ny[i], &first);
    }
    return t;
}

double truth_push_along(const truth_polygon *a, const truth_polygon *b, double ux, double uy)
{
    double hi = -DBL_MAX, lo = DBL_MAX;
    for (int i = 0; i < a->n; ++i) {
        double d = a->x[i] * ux + a->y[i] * uy;
        hi = d > hi ? d : hi;
    }
    for (int i = 0; i < b->n; ++i) {
        double d = b->x[i] * ux + b->y[i] * uy;
        lo = d < lo ? d : lo;
    }
    return hi - lo;
}

/* Distance from (x, y) to the segment (x0, y0)-(x1, y1); *t gets the clamped parameter. */
static double segment_distance(double x0, double y0, double x1, double y1, double x, double y, double *t)
{
    double ex = x1 - x0, ey = y1 - y0;
    double u = ((x - x0) * ex + (y - y0) * ey) / (ex * ex + ey * ey);
    u = u < 0.0 ? 0.0 : (u > 1.0 ? 1.0 : u);
    *t = u;
    double dx = x0 + u * ex - x, dy = y0 + u * ey - y;
    return sqrt(dx * dx + dy * dy);
}

truth_disc truth_disc_pair(const truth_polygon *p, double cx, double cy, double r)
{
    truth_disc d = {0.0, 0.0, 0.0, false, 0.0};
    double best = -DBL_MAX, second = -DBL_MAX;
    int face = 0;
    for (int i = 0; i < p->n; ++i) {
        double g = p->nx[i] * (cx - p->x[i]) + p->ny[i] * (cy - p->y[i]);
        if (g > best) second = best, best = g, face = i;
        else if (g > second) second = g;
    }
    d.inside = best <= 0.0;
    if (d.inside) { /* the nearest face line is the way out */
        d.sep = best - r;
        d.nx = p->nx[face];
        d.ny = p->ny[face];
        d.tie = best - second;
        return d;
    }
    double qx = 0.0, qy = 0.0, dist = DBL_MAX, t;
    for (int i = 0; i < p->n; ++i) {
        int j = (i + 1) % p->n;
        double e = segment_distance(p->x[i], p->y[i], p->x[j], p->y[j], cx, cy, &t);
        if (e < dist) {
            dist = e;
            qx = p->x[i] + t * (p->x[j] - p->x[i]);
            qy = p->y[i] + t * (p->y[j] - p->y[i]);
        }
    }
    d.sep = dist - r;
    d.nx = (cx - qx) / dist;
    d.ny = (cy - qy) / dist;
    d.tie = dist;
    return d;
}

double truth_boundary_distance(const truth_polygon *p, double x, double y)
{
    double best = DBL_MAX, t;
    for (int i = 0; i < p->n; ++i) {
        int j = (i + 1) % p->n;
        double d = segment_distance(p->x[i], p->y[i], p->x[j], p->y[j], x, y, &t);
        best = d < best ? d : best;
    }
    return best;
}

bool truth_contains(const truth_polygon *p, double x, double y, double tol)
{
    for (int i = 0; i < p->n; ++i) {
        if (p->nx[i] * (x - p->x[i]) + p->ny[i] * (y - p->y[i]) > tol) return false;
    }
    return true;
}

/* Closest vertex of `pts` to the edges of `edges`: distance, and whether it projects inside an edge. */
static void vertex_edge(const truth_polygon *pts, const truth_polygon *edges, double *best, bool *face_vertex)
{
    for (int v = 0; v < pts->n; ++v) {
        for (int i = 0; i < edges->n; ++i) {
            int j = (i + 1) % edges->n;
            double t;
            double d = segment_distance(edges->x[i], edges->y[i], edges->x[j], edges->y[j], pts->x[v], pts->y[v], &t);
            bool interior = t > 1e-9 && t < 1.0 - 1e-9;
            if (d < *best * (1.0 - 1e-12)) {
                *best = d;
                *face_vertex = interior;
            } else if (d <= *best * (1.0 + 1e-12) && interior) {
                *face_vertex = true;
            }
        }
    }
}

double truth_distance(const truth_polygon *a, const truth_polygon *b, bool *face_vertex)
{
    double best = DBL_MAX;
    *face_vertex = false;
    vertex_edge(a, b, &best, face_vertex);
    vertex_edge(b, a, &best, face_vertex);
    return best;
}

double truth_scale(const truth_polygon *a, const truth_polygon *b)
{
    double s = 1.0;
    for (int i = 0; i < a->n; ++i) {
        s = fmax(s, fmax(fabs(a->x[i] - a->x[0]), fabs(a->y[i] - a->y[0])));
    }
    for (int i = 0; i < b->n; ++i) {
        s = fmax(s, fmax(fabs(b->x[i] - a->x[0]), fabs(b->y[i] - a->y[0])));
    }
    return s;
}

double truth_angle(double ax, double ay, double bx, double by)
{
    return fabs(atan2(ax * by - ay * bx, ax * bx + ay * by));
}
