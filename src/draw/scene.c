/*
 * Scenes: the inputs of a picture turned into world-space items (outlines,
 * normals, candidate axes with both intervals, MTV, faces, contacts).
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include <satcd/capsule.h>
#include <satcd/distance.h>
#include <satcd/sat.h>
#include <satcd/shape.h>

#include "scene.h"

void satcd__place_polygon(const satcd_polygon *p, satcd_xf xf, satcd_vec2 *v, satcd_vec2 *n)
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
    satcd__place_polygon(a, xa, sc->av, sc->an);
    satcd__place_polygon(b, xb, sc->bv, sc->bn);
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

void satcd__ghost_polygon(scene *sc, int slot, const satcd_polygon *p, satcd_xf xf)
{
    satcd_vec2 unused[MAX_V];
    satcd__place_polygon(p, xf, sc->ghost[slot], unused);
    sc->ghost_count[slot] = p->count;
}

satcd_xf satcd__moved(satcd_xf xf, satcd_vec2 v, float t)
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
    if (satcd_trace_polygons(a, satcd__moved(xa, va, at), b, satcd__moved(xb, vb, at), t) != SATCD_OK) return false;
    satcd__scene_from_trace(sc, t, a, satcd__moved(xa, va, at), b, satcd__moved(xb, vb, at));
    sc->sweep = true;
    sc->toi = toi;
    if (at > 0.0f) {
        satcd__ghost_polygon(sc, 0, a, xa);
        satcd__ghost_polygon(sc, 1, b, xb);
    }
    satcd__ghost_polygon(sc, 2, a, satcd__moved(xa, va, 1.0f));
    satcd__ghost_polygon(sc, 3, b, satcd__moved(xb, vb, 1.0f));
    sc->path[0][0] = satcd_xf_point(xa, a->centroid);
    sc->path[0][1] = satcd_xf_point(satcd__moved(xa, va, 1.0f), a->centroid);
    sc->path[1][0] = satcd_xf_point(xb, b->centroid);
    sc->path[1][1] = satcd_xf_point(satcd__moved(xb, vb, 1.0f), b->centroid);
    return true;
}

/* Polygon A's interval on n. */
static void a_interval(scene_axis *ax, const scene *sc, satcd_vec2 n)
{
    float lo = FLT_MAX, hi = -FLT_MAX;
    for (int i = 0; i < sc->a_count; ++i) {
        float d = satcd_dot(sc->av[i], n);
        lo = d < lo ? d : lo;
        hi = d > hi ? d : hi;
    }
    ax->n = n;
    ax->a_min = lo, ax->a_max = hi;
}

/* Polygon A's interval on n and the disc's, with the gap between them. */
static void disc_axis(scene_axis *ax, const scene *sc, satcd_vec2 n)
{
    a_interval(ax, sc, n);
    float c = satcd_dot(sc->b_center, n);
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

/* The axis of the largest separation. */
static void choose_axis(scene *sc)
{
    sc->chosen = 0;
    for (int i = 1; i < sc->axis_count; ++i) {
        if (sc->axes[i].separation > sc->axes[sc->chosen].separation) sc->chosen = i;
    }
}

void satcd__scene_from_polygon_circle(scene *sc, const satcd_polygon *a, satcd_xf xa,
                                      const satcd_circle *b, satcd_xf xb)
{
    memset(sc, 0, sizeof *sc);
    sc->a_count = a->count;
    satcd__place_polygon(a, xa, sc->av, sc->an);
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
    choose_axis(sc);
    sc->separation = satcd_separation_polygon_circle(a, xa, b, xb);
    sc->mtv = satcd_mtv_polygon_circle(a, xa, b, xb);
    sc->manifold = satcd_collide_polygon_circle(a, xa, b, xb, 0.0f);
}

/* Polygon A's interval on n and capsule B's, with the gap between them. */
static void capsule_axis(scene_axis *ax, const scene *sc, satcd_vec2 n)
{
    a_interval(ax, sc, n);
    float d0 = satcd_dot(sc->b_core[0], n), d1 = satcd_dot(sc->b_core[1], n);
    ax->b_min = (d0 < d1 ? d0 : d1) - sc->b_radius, ax->b_max = (d0 > d1 ? d0 : d1) + sc->b_radius;
    ax->separation = ax->b_min - ax->a_max;
}

/* The candidate axes of a polygon-capsule pair: A's normals, the segment's faces, A's vertex to each end. */
static void capsule_axes(scene *sc)
{
    for (int i = 0; i < sc->a_count; ++i) {
        scene_axis *ax = &sc->axes[sc->axis_count++];
        capsule_axis(ax, sc, sc->an[i]);
        ax->feature = i;
    }
    /* The segment's two faces, turned to point from A to B as the library reads them. */
    satcd_vec2 side = satcd_normalize(satcd_right_perp(satcd_sub(sc->b_core[1], sc->b_core[0])));
    for (int j = 0; j < 2 && satcd_length_sq(side) > 0.0f; ++j) {
        scene_axis *ax = &sc->axes[sc->axis_count++];
        capsule_axis(ax, sc, j == 0 ? satcd_neg(side) : side);
        ax->shape = 1;
        ax->feature = j;
    }
    for (int e = 0; e < 2; ++e) {
        int k = nearest_vertex(sc->av, sc->a_count, sc->b_core[e]);
        satcd_vec2 toward = satcd_normalize(satcd_sub(sc->b_core[e], sc->av[k]));
        if (satcd_length_sq(toward) == 0.0f || (e == 1 && sc->b_core[1].x == sc->b_core[0].x &&
                                                 sc->b_core[1].y == sc->b_core[0].y))
            continue;
        scene_axis *ax = &sc->axes[sc->axis_count++];
        capsule_axis(ax, sc, toward);
        ax->feature = k;
        ax->vertex = true;
    }
    choose_axis(sc);
}

void satcd__scene_from_polygon_capsule(scene *sc, const satcd_polygon *a, satcd_xf xa, const satcd_capsule *b,
                                       satcd_xf xb)
{
    memset(sc, 0, sizeof *sc);
    sc->a_count = a->count;
    satcd__place_polygon(a, xa, sc->av, sc->an);
    sc->b_capsule = true;
    sc->b_core[0] = satcd_xf_point(xb, b->p1);
    sc->b_core[1] = satcd_xf_point(xb, b->p2);
    sc->b_center = satcd_lerp(sc->b_core[0], sc->b_core[1], 0.5f);
    sc->b_radius = b->radius;
    capsule_axes(sc);
    sc->mtv = satcd_mtv_polygon_capsule(a, xa, b, xb);
    sc->manifold = satcd_collide_polygon_capsule(a, xa, b, xb, 0.0f);
    satcd_distance d = satcd_distance_polygon_capsule(a, xa, b, xb);
    sc->separation = sc->mtv.hit ? -sc->mtv.depth : d.distance;
    sc->closest = d.distance > 0.0f;
    sc->closest_a = d.point_a, sc->closest_b = d.point_b;
}

void satcd__scene_from_capsule_sweep(scene *sc, const satcd_polygon *a, satcd_xf xa, satcd_vec2 va,
                                     const satcd_capsule *b, satcd_xf xb, satcd_vec2 vb)
{
    satcd_toi toi = satcd_sweep_polygon_capsule(a, xa, va, b, xb, vb);
    float at = toi.hit ? toi.t : 0.0f;
    satcd__scene_from_polygon_capsule(sc, a, satcd__moved(xa, va, at), b, satcd__moved(xb, vb, at));
    sc->closest = false; /* at the time of impact the gap is only rounding */
    sc->sweep = true;
    sc->toi = toi;
    if (at > 0.0f) satcd__ghost_polygon(sc, 0, a, xa);
    satcd__ghost_polygon(sc, 2, a, satcd__moved(xa, va, 1.0f));
    for (int g = 0; g < 2; ++g) {
        satcd_xf x = satcd__moved(xb, vb, (float)g);
        sc->ghost_round[1 + 2 * g] = g == 1 || at > 0.0f;
        sc->ghost_core[1 + 2 * g][0] = satcd_xf_point(x, b->p1);
        sc->ghost_core[1 + 2 * g][1] = satcd_xf_point(x, b->p2);
    }
    sc->path[0][0] = satcd_xf_point(xa, a->centroid);
    sc->path[0][1] = satcd_xf_point(satcd__moved(xa, va, 1.0f), a->centroid);
    sc->path[1][0] = satcd_lerp(sc->ghost_core[1][0], sc->ghost_core[1][1], 0.5f);
    sc->path[1][1] = satcd_lerp(sc->ghost_core[3][0], sc->ghost_core[3][1], 0.5f);
}

/* Shape a placed by xa as scene's A: a polygon's outline, or a circle or capsule around its core. */
static void place_a(scene *sc, const satcd_shape *a, satcd_xf xa)
{
    if (a->type == SATCD_SHAPE_POLYGON) {
        sc->a_count = a->polygon->count;
        satcd__place_polygon(a->polygon, xa, sc->av, sc->an);
        return;
    }
    sc->a_round = true;
    if (a->type == SATCD_SHAPE_CIRCLE) {
        sc->a_core[0] = sc->a_core[1] = satcd_xf_point(xa, a->circle.center);
        sc->a_radius = a->circle.radius;
    } else {
        sc->a_core[0] = satcd_xf_point(xa, a->capsule.p1);
        sc->a_core[1] = satcd_xf_point(xa, a->capsule.p2);
        sc->a_radius = a->capsule.radius;
    }
}

/* Shape b placed by xb as scene's B. */
static void place_b(scene *sc, const satcd_shape *b, satcd_xf xb)
{
    if (b->type == SATCD_SHAPE_POLYGON) {
        sc->b_count = b->polygon->count;
        satcd__place_polygon(b->polygon, xb, sc->bv, sc->bn);
        sc->b_center = satcd_xf_point(xb, b->polygon->centroid);
    } else if (b->type == SATCD_SHAPE_CIRCLE) {
        sc->b_center = satcd_xf_point(xb, b->circle.center);
        sc->b_radius = b->circle.radius;
    } else {
        sc->b_capsule = true;
        sc->b_core[0] = satcd_xf_point(xb, b->capsule.p1);
        sc->b_core[1] = satcd_xf_point(xb, b->capsule.p2);
        sc->b_center = satcd_lerp(sc->b_core[0], sc->b_core[1], 0.5f);
        sc->b_radius = b->capsule.radius;
    }
}

/* Shape s placed by xf as ghost outline `slot` (0, 2: A at t = 0, 1; 1, 3: B); returns its centre. */
static satcd_vec2 ghost_shape(scene *sc, int slot, const satcd_shape *s, satcd_xf xf)
{
    if (s->type == SATCD_SHAPE_POLYGON) {
        satcd__ghost_polygon(sc, slot, s->polygon, xf);
        return satcd_xf_point(xf, s->polygon->centroid);
    }
    sc->ghost_round[slot] = true;
    bool circle = s->type == SATCD_SHAPE_CIRCLE;
    sc->ghost_core[slot][0] = satcd_xf_point(xf, circle ? s->circle.center : s->capsule.p1);
    sc->ghost_core[slot][1] = satcd_xf_point(xf, circle ? s->circle.center : s->capsule.p2);
    return satcd_lerp(sc->ghost_core[slot][0], sc->ghost_core[slot][1], 0.5f);
}

static void set_distance(scene *sc, satcd_distance d)
{
    sc->separation = sc->mtv.hit ? -sc->mtv.depth : d.distance;
    sc->closest = !sc->mtv.hit && d.distance > 0.0f;
    sc->closest_a = d.point_a, sc->closest_b = d.point_b;
}

void satcd__scene_from_shapes(scene *sc, const satcd_shape *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb)
{
    memset(sc, 0, sizeof *sc);
    sc->any_kinds = true;
    sc->chosen = -1;
    place_a(sc, a, xa);
    place_b(sc, b, xb);
    sc->mtv = satcd_mtv_shapes(a, xa, b, xb);
    sc->manifold = satcd_collide(a, xa, b, xb, 0.0f);
    set_distance(sc, satcd_distance_shapes(a, xa, b, xb));
}

satcd_xf satcd__piece_xf(const satcd_compound *c, satcd_xf xf, int k)
{
    if (c->locals == NULL) return xf;
    satcd_xf xp = {satcd_xf_point(xf, c->locals[k].p), satcd_rot_mul(xf.q, c->locals[k].q)};
    return xp;
}

/* Every piece drawable: valid, and placed by a finite local transform. */
static bool pieces_drawable(const satcd_compound *b)
{
    if (b->count > SCENE_MAX_PIECES) return false;
    for (int k = 0; k < b->count; ++k) {
        if (!satcd_shape_is_valid(&b->shapes[k])) return false;
        if (b->locals == NULL) continue;
        satcd_xf x = b->locals[k];
        if (!satcd_vec2_is_finite(x.p) || !isfinite(x.q.c) || !isfinite(x.q.s)) return false;
    }
    return true;
}

void satcd__scene_from_shapes_sweep(scene *sc, const satcd_shape *a, satcd_xf xa, satcd_vec2 va, const satcd_shape *b,
                                    satcd_xf xb, satcd_vec2 vb)
{
    satcd_toi toi = satcd_sweep(a, xa, va, b, xb, vb);
    float at = toi.hit ? toi.t : 0.0f;
    satcd__scene_from_shapes(sc, a, satcd__moved(xa, va, at), b, satcd__moved(xb, vb, at));
    sc->closest = false; /* at the time of impact the gap is only rounding */
    sc->sweep = true;
    sc->toi = toi;
    for (int g = 0; g < 4; ++g) {
        bool is_a = g % 2 == 0, end = g >= 2;
        satcd_xf x = satcd__moved(is_a ? xa : xb, is_a ? va : vb, end ? 1.0f : 0.0f);
        satcd_vec2 centre = ghost_shape(sc, g, is_a ? a : b, x);
        sc->path[g % 2][end ? 1 : 0] = centre;
    }
    /* Drawn at t = 0 (no hit, or a hit at the start), the solid shapes are the start: no start outlines. */
    if (at == 0.0f) {
        sc->ghost_count[0] = sc->ghost_count[1] = 0;
        sc->ghost_round[0] = sc->ghost_round[1] = false;
    }
}

bool satcd__scene_from_shape_compound(scene *sc, const satcd_shape *a, satcd_xf xa, const satcd_compound *b,
                                      satcd_xf xb)
{
    if (!pieces_drawable(b)) return false;
    memset(sc, 0, sizeof *sc);
    sc->any_kinds = true;
    sc->chosen = -1;
    place_a(sc, a, xa);
    sc->b_pieces = b->count;
    sc->b_compound = b;
    sc->b_xf = xb;
    satcd_aabb box = satcd_compound_aabb(b, xb);
    sc->b_center = satcd_lerp(box.lower, box.upper, 0.5f);
    /* A as a body of one piece, so that the compound pair queries read from A to B. */
    satcd_xf identity = satcd_xf_identity();
    satcd_compound body_a = {a, &identity, 1};
    sc->mtv = satcd_mtv_compounds(&body_a, xa, b, xb);
    int count = satcd_collide_compounds(&body_a, xa, b, xb, 0.0f, sc->piece_manifolds, SCENE_MAX_PIECES);
    sc->piece_manifold_count = count < SCENE_MAX_PIECES ? count : SCENE_MAX_PIECES;
    set_distance(sc, satcd_distance_compounds(&body_a, xa, b, xb));
    return true;
}
