/*
 * Scenes: the inputs of a picture turned into world-space items (outlines,
 * normals, candidate axes with both intervals, MTV, faces, contacts).
 */
#include <float.h>
#include <string.h>

#include <satcd/sat.h>

#include "scene.h"

static void place_polygon(const satcd_polygon *p, satcd_xf xf, satcd_vec2 *v, satcd_vec2 *n)
{
    for (int i = 0; i < p->count; ++i) {
        v[i] = satcd_xf_point(xf, satcd_polygon_vertex(p, i));
        n[i] = satcd_rotate(xf.q, satcd_polygon_normal(p, i));
    }
}

void satcd__scene_from_trace(scene *sc, const satcd_trace *t, const satcd_polygon *a, satcd_xf xa,
                             const satcd_polygon *b, satcd_xf xb)
{
    memset(sc, 0, sizeof *sc);
    sc->a_count = a->count;
    sc->b_count = b->count;
    place_polygon(a, xa, sc->av, sc->an);
    place_polygon(b, xb, sc->bv, sc->bn);
    sc->b_center = satcd_xf_point(xb, b->centroid);
    int count = t->axis_count < SATCD_TRACE_MAX_AXES ? t->axis_count : SATCD_TRACE_MAX_AXES;
    for (int i = 0; i < count; ++i) {
        const satcd_trace_axis *src = &t->axes[i];
        scene_axis *dst = &sc->axes[sc->axis_count++];
        dst->n = src->axis;
        dst->a_min = src->a_min, dst->a_max = src->a_max;
        dst->b_min = src->b_min, dst->b_max = src->b_max;
        dst->separation = src->separation;
        dst->shape = src->shape;
        dst->feature = src->edge;
    }
    sc->chosen = t->chosen >= 0 && t->chosen < sc->axis_count ? t->chosen : -1;
    sc->separation = t->separation;
    sc->mtv = t->mtv;
    sc->manifold = t->manifold;
    sc->reference_is_b = t->reference_shape == 1;
    sc->faces = t->reference_shape >= 0;
    sc->ref1 = t->reference_v1, sc->ref2 = t->reference_v2;
    sc->inc1 = t->incident_v1, sc->inc2 = t->incident_v2;
}

static void ghost_polygon(scene *sc, int slot, const satcd_polygon *p, satcd_xf xf)
{
    satcd_vec2 unused[MAX_V];
    place_polygon(p, xf, sc->ghost[slot], unused);
    sc->ghost_count[slot] = p->count;
}

static satcd_xf moved(satcd_xf xf, satcd_vec2 v, float t)
{
    xf.p = satcd_mul_add(xf.p, t, v);
    return xf;
}

/*
 * The pair where it first touches (or at the start when it never does), plus
 * the motion around it. False when the trace refuses the placement (a NaN or
 * infinite transform or velocity): there is nothing to draw.
 */
bool satcd__scene_from_sweep(scene *sc, satcd_trace *t, const satcd_polygon *a, satcd_xf xa, satcd_vec2 va,
                             const satcd_polygon *b, satcd_xf xb, satcd_vec2 vb)
{
    satcd_toi toi = satcd_sweep_polygons(a, xa, va, b, xb, vb);
    float at = toi.hit ? toi.t : 0.0f;
    if (satcd_trace_polygons(a, moved(xa, va, at), b, moved(xb, vb, at), t) != SATCD_OK) return false;
    satcd__scene_from_trace(sc, t, a, moved(xa, va, at), b, moved(xb, vb, at));
    sc->sweep = true;
    sc->toi = toi;
    if (at > 0.0f) {
        ghost_polygon(sc, 0, a, xa);
        ghost_polygon(sc, 1, b, xb);
    }
    ghost_polygon(sc, 2, a, moved(xa, va, 1.0f));
    ghost_polygon(sc, 3, b, moved(xb, vb, 1.0f));
    sc->path[0][0] = satcd_xf_point(xa, a->centroid);
    sc->path[0][1] = satcd_xf_point(moved(xa, va, 1.0f), a->centroid);
    sc->path[1][0] = satcd_xf_point(xb, b->centroid);
    sc->path[1][1] = satcd_xf_point(moved(xb, vb, 1.0f), b->centroid);
    return true;
}

/* Polygon A's interval on n and the disc's, with the gap between them. */
static void disc_axis(scene_axis *ax, const scene *sc, satcd_vec2 n)
{
    float lo = FLT_MAX, hi = -FLT_MAX;
    for (int i = 0; i < sc->a_count; ++i) {
        float d = satcd_dot(sc->av[i], n);
        lo = d < lo ? d : lo;
        hi = d > hi ? d : hi;
    }
    float c = satcd_dot(sc->b_center, n);
    ax->n = n;
    ax->a_min = lo, ax->a_max = hi;
    ax->b_min = c - sc->b_radius, ax->b_max = c + sc->b_radius;
    ax->separation = ax->b_min - ax->a_max;
}

static int nearest_vertex(const satcd_vec2 *v, int n, satcd_vec2 p)
{
    int best = 0;
    for (int i = 1; i < n; ++i) {
        if (satcd_length_sq(satcd_sub(v[i], p)) < satcd_length_sq(satcd_sub(v[best], p))) best = i;
    }
    return best;
}

void satcd__scene_from_polygon_circle(scene *sc, const satcd_polygon *a, satcd_xf xa,
                                      const satcd_circle *b, satcd_xf xb)
{
    memset(sc, 0, sizeof *sc);
    sc->a_count = a->count;
    place_polygon(a, xa, sc->av, sc->an);
    sc->b_center = satcd_xf_point(xb, b->center);
    sc->b_radius = b->radius;
    for (int i = 0; i < a->count; ++i) {
        scene_axis *ax = &sc->axes[sc->axis_count++];
        disc_axis(ax, sc, sc->an[i]);
        ax->feature = i;
    }
    int k = nearest_vertex(sc->av, sc->a_count, sc->b_center);
    satcd_vec2 toward = satcd_normalize(satcd_sub(sc->b_center, sc->av[k]));
    if (satcd_length_sq(toward) > 0.0f) {
        scene_axis *ax = &sc->axes[sc->axis_count++];
        disc_axis(ax, sc, toward);
        ax->feature = k;
        ax->vertex = true;
    }
    sc->chosen = 0;
    for (int i = 1; i < sc->axis_count; ++i) {
        if (sc->axes[i].separation > sc->axes[sc->chosen].separation) sc->chosen = i;
    }
    sc->separation = satcd_separation_polygon_circle(a, xa, b, xb);
    sc->mtv = satcd_mtv_polygon_circle(a, xa, b, xb);
    sc->manifold = satcd_collide_polygon_circle(a, xa, b, xb, 0.0f);
}
