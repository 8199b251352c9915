/*
 * Determinism hash: runs a fixed-seed stream of random queries through every
 * public query and hashes the bit pattern of every output field (FNV-1a 64,
 * field by field, so struct padding never enters). The same hash is expected
 * from every SIMD backend, every compiler, every optimisation level and
 * every platform.
 *
 * Inputs are built without transcendental functions: libm's sinf/cosf are
 * not correctly rounded and differ between platforms, while + - * / and
 * sqrtf are exact IEEE operations. Rotations are normalised random vectors,
 * polygons are hulls of random points in a disc. (satcd_polygon_regular
 * uses cos/sin and is therefore left out.) A fifth of the pairs are given
 * again in world coordinates up to 3e5 from the origin, so that the
 * anchored lanes (satcd_polygon) go through every backend too. Every
 * capsule query (polygon-capsule, capsule-capsule, capsule-circle) runs on
 * capsules from a generator of their own, a fifth of them again in world
 * coordinates. Every third pair also runs the generic shape queries
 * (satcd_shape) on every ordered pair of kinds, and every sixth the
 * compound queries (satcd_compound) on bodies of those shapes.
 *
 *   satcd_hash_queries                 print "<hash> <queries> <backend>"
 *   satcd_hash_queries --expect FILE   also fail unless FILE holds the same hash
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <satcd/satcd.h>

#include "random_shapes.h"

#define PAIRS 12000
#define MOVING_STEPS 8
#define CLOUDS 6000

typedef struct hasher {
    uint64_t h;
    long queries;
} hasher;

static void hash_byte(hasher *s, uint8_t b)
{
    s->h ^= b;
    s->h *= 0x100000001b3ULL;
}

static void hash_u32(hasher *s, uint32_t u)
{
    for (int k = 0; k < 4; ++k) hash_byte(s, (uint8_t)(u >> (8 * k)));
}

static void hash_int(hasher *s, int v) { hash_u32(s, (uint32_t)v); }
static void hash_bool(hasher *s, bool v) { hash_byte(s, v ? 1u : 0u); }

static void hash_float(hasher *s, float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    hash_u32(s, u);
}

static void hash_vec2(hasher *s, satcd_vec2 v)
{
    hash_float(s, v.x);
    hash_float(s, v.y);
}

static void hash_mtv(hasher *s, satcd_mtv m)
{
    hash_bool(s, m.hit);
    hash_vec2(s, m.normal);
    hash_float(s, m.depth);
    hash_bool(s, m.a_in_b);
    hash_bool(s, m.b_in_a);
}

static void hash_manifold(hasher *s, const satcd_manifold *m)
{
    hash_int(s, m->count);
    hash_vec2(s, m->normal);
    for (int i = 0; i < m->count && i < 2; ++i) {
        hash_vec2(s, m->points[i].point);
        hash_float(s, m->points[i].depth);
        hash_u32(s, m->points[i].id);
    }
}

/* Every lane, padding included: the padding is part of the documented layout. */
static void hash_polygon(hasher *s, const satcd_polygon *p)
{
    hash_int(s, p->count);
    for (int i = 0; i < SATCD_MAX_POLYGON_VERTICES; ++i) {
        hash_float(s, satcd_polygon_vertex(p, i).x);
        hash_float(s, satcd_polygon_vertex(p, i).y);
        hash_float(s, satcd_polygon_normal(p, i).x);
        hash_float(s, satcd_polygon_normal(p, i).y);
    }
    hash_vec2(s, p->centroid);
    hash_vec2(s, p->anchor);
    hash_float(s, p->radius);
}

static void hash_trace(hasher *s, const satcd_trace *t)
{
    hash_int(s, t->axis_count);
    for (int i = 0; i < t->axis_count && i < SATCD_TRACE_MAX_AXES; ++i) {
        const satcd_trace_axis *a = &t->axes[i];
        hash_int(s, a->shape);
        hash_int(s, a->edge);
        hash_vec2(s, a->axis);
        hash_float(s, a->a_min);
        hash_float(s, a->a_max);
        hash_float(s, a->b_min);
        hash_float(s, a->b_max);
        hash_float(s, a->separation);
        hash_float(s, a->push);
    }
    hash_int(s, t->chosen);
    hash_float(s, t->separation);
    hash_mtv(s, t->mtv);
    hash_int(s, t->reference_shape);
    hash_int(s, t->reference_edge);
    hash_int(s, t->incident_edge);
    hash_vec2(s, t->reference_v1);
    hash_vec2(s, t->reference_v2);
    hash_vec2(s, t->incident_v1);
    hash_vec2(s, t->incident_v2);
    hash_manifold(s, &t->manifold);
}

/*
 * Two draws per point, in separate statements: the order in which a call's
 * arguments are evaluated is unspecified and does differ between compilers.
 */
static satcd_vec2 uniform_point(random_source *r, float lo_x, float hi_x, float lo_y, float hi_y)
{
    float x = random_float(r, lo_x, hi_x);
    float y = random_float(r, lo_y, hi_y);
    return satcd_v2(x, y);
}

/* A point with coordinates step * [lo, hi] integers. */
static satcd_vec2 grid_point(random_source *r, float step_x, float step_y, int lo, int hi)
{
    float x = step_x * (float)random_int(r, lo, hi);
    float y = step_y * (float)random_int(r, lo, hi);
    return satcd_v2(x, y);
}

/* A uniformly random direction, without trig: a normalised point of the unit disc. */
static satcd_rot random_rot(random_source *r)
{
    for (;;) {
        float x = random_float(r, -1.0f, 1.0f), y = random_float(r, -1.0f, 1.0f);
        float d2 = x * x + y * y;
        if (d2 > 1e-4f && d2 <= 1.0f) {
            satcd_vec2 u = satcd_normalize(satcd_v2(x, y));
            satcd_rot q = {u.x, u.y};
            return q;
        }
    }
}

/* Mostly random rotations; sometimes exact quarter turns, where ties and touching are common. */
static satcd_xf random_xf(random_source *r, float extent)
{
    satcd_xf xf;
    xf.p = uniform_point(r, -extent, extent, -extent, extent);
    if (random_int(r, 0, 7) == 0) {
        static const satcd_rot quarter[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
        xf.q = quarter[random_int(r, 0, 3)];
        xf.p = grid_point(r, 0.5f, 0.5f, -8, 8);
    } else {
        xf.q = random_rot(r);
    }
    return xf;
}

/* A random point in the disc of the given radius. */
static satcd_vec2 disc_point(random_source *r, float radius)
{
    for (;;) {
        float x = random_float(r, -1.0f, 1.0f), y = random_float(r, -1.0f, 1.0f);
        if (x * x + y * y <= 1.0f) return satcd_v2(radius * x, radius * y);
    }
}

/* A random convex polygon: the hull of 3..16 points in a disc, or sometimes a box. */
static satcd_polygon random_polygon(random_source *r)
{
    if (random_int(r, 0, 5) == 0) {
        satcd_vec2 half = grid_point(r, 0.5f, 0.5f, 1, 4);
        return satcd_polygon_box(half.x, half.y);
    }
    float radius = random_float(r, 0.3f, 3.0f);
    for (;;) {
        satcd_vec2 pts[SATCD_MAX_POLYGON_VERTICES];
        int n = random_int(r, 3, SATCD_MAX_POLYGON_VERTICES);
        for (int i = 0; i < n; ++i) pts[i] = disc_point(r, radius);
        satcd_polygon p;
        if (satcd_polygon_hull(&p, pts, n) == SATCD_OK) return p;
    }
}

static satcd_circle random_circle(random_source *r)
{
    satcd_circle c;
    satcd_vec2 center = random_int(r, 0, 3) == 0 ? satcd_v2(0, 0) : disc_point(r, 1.0f);
    if (satcd_circle_make(&c, center, random_float(r, 0.1f, 2.5f)) != SATCD_OK) abort();
    return c;
}

static void polygon_pair_queries(hasher *s, const satcd_polygon *a, satcd_xf xa,
                                 const satcd_polygon *b, satcd_xf xb, float margin)
{
    hash_bool(s, satcd_overlap_polygons(a, xa, b, xb));
    hash_float(s, satcd_separation_polygons(a, xa, b, xb));
    hash_int(s, (int)satcd_relate_polygons(a, xa, b, xb, 1e-3f));
    hash_mtv(s, satcd_mtv_polygons(a, xa, b, xb));
    satcd_manifold m = satcd_collide_polygons(a, xa, b, xb, margin);
    hash_manifold(s, &m);
    satcd_trace t;
    memset(&t, 0, sizeof t);
    hash_int(s, (int)satcd_trace_polygons(a, xa, b, xb, &t));
    hash_trace(s, &t);
    satcd_distance d = satcd_distance_polygons(a, xa, b, xb);
    hash_float(s, d.distance);
    hash_vec2(s, d.point_a);
    hash_vec2(s, d.point_b);
    hash_vec2(s, d.normal);
    /* A ray from beside B across A, and B swept over A and beyond. */
    satcd_ray ray = {satcd_add(xb.p, satcd_v2(5.0f, 3.0f)), satcd_scale(2.0f, satcd_sub(xa.p, xb.p))};
    ray.translation = satcd_sub(ray.translation, satcd_v2(5.0f, 3.0f));
    satcd_ray_hit hit = satcd_raycast_polygon(a, xa, ray);
    hash_bool(s, hit.hit);
    hash_float(s, hit.fraction);
    hash_vec2(s, hit.point);
    hash_vec2(s, hit.normal);
    satcd_toi toi = satcd_sweep_polygons(a, xa, satcd_v2(0, 0), b, xb, satcd_scale(2.0f, satcd_sub(xa.p, xb.p)));
    hash_bool(s, toi.hit);
    hash_float(s, toi.t);
    hash_vec2(s, toi.normal);
    hash_vec2(s, toi.point);
    s->queries += 9;
}

/* p as placed by xf, given again in world coordinates moved by offset: the hull of those points. */
static satcd_polygon in_world(const satcd_polygon *p, satcd_xf xf, satcd_vec2 offset)
{
    satcd_vec2 pts[SATCD_MAX_POLYGON_VERTICES];
    for (int i = 0; i < p->count; ++i) pts[i] = satcd_add(satcd_xf_point(xf, satcd_polygon_vertex(p, i)), offset);
    satcd_polygon w;
    if (satcd_polygon_hull(&w, pts, p->count) != SATCD_OK) w = *p;
    return w;
}

static void circle_queries(hasher *s, const satcd_polygon *a, satcd_xf xa, const satcd_circle *ca,
                           const satcd_circle *cb, satcd_xf xb, float margin)
{
    hash_float(s, satcd_separation_polygon_circle(a, xa, cb, xb));
    hash_int(s, (int)satcd_relate_polygon_circle(a, xa, cb, xb, 1e-3f));
    hash_mtv(s, satcd_mtv_polygon_circle(a, xa, cb, xb));
    satcd_manifold m = satcd_collide_polygon_circle(a, xa, cb, xb, margin);
    hash_manifold(s, &m);
    hash_float(s, satcd_separation_circles(ca, xa, cb, xb));
    hash_int(s, (int)satcd_relate_circles(ca, xa, cb, xb, 1e-3f));
    hash_mtv(s, satcd_mtv_circles(ca, xa, cb, xb));
    m = satcd_collide_circles(ca, xa, cb, xb, margin);
    hash_manifold(s, &m);
    s->queries += 8;
}

/* A distance (flag false), a time of impact or a ray hit: a flag, a scalar and two vectors. */
static void hash_answer(hasher *s, bool flag, float value, satcd_vec2 u, satcd_vec2 v)
{
    hash_bool(s, flag);
    hash_float(s, value);
    hash_vec2(s, u);
    hash_vec2(s, v);
}

static void hash_distance(hasher *s, satcd_distance d)
{
    hash_answer(s, false, d.distance, d.point_a, d.point_b);
    hash_vec2(s, d.normal);
}

/* Distances, sweeps and a ray cast of the circle pairs; motions from their own generator `m`. */
static void circle_motion_queries(hasher *s, random_source *m, const satcd_polygon *a, satcd_xf xa,
                                  const satcd_circle *ca, const satcd_circle *cb, satcd_xf xb)
{
    satcd_vec2 va = disc_point(m, 8.0f), vb = disc_point(m, 8.0f);
    hash_distance(s, satcd_distance_polygon_circle(a, xa, cb, xb));
    hash_distance(s, satcd_distance_circles(ca, xa, cb, xb));
    satcd_toi t = satcd_sweep_polygon_circle(a, xa, va, cb, xb, vb);
    hash_answer(s, t.hit, t.t, t.normal, t.point);
    t = satcd_sweep_circles(ca, xa, va, cb, xb, vb);
    hash_answer(s, t.hit, t.t, t.normal, t.point);
    satcd_ray ray = {xa.p, satcd_sub(satcd_add(xb.p, disc_point(m, 2.0f)), xa.p)};
    satcd_ray_hit h = satcd_raycast_circle(cb, xb, ray);
    hash_answer(s, h.hit, h.fraction, h.point, h.normal);
    s->queries += 5;
}

/* A capsule of random ends in a disc: sometimes a bare segment, sometimes a disc (both ends at one point). */
static satcd_capsule random_capsule(random_source *r)
{
    satcd_capsule c;
    satcd_vec2 p1 = disc_point(r, 1.5f), p2 = disc_point(r, 1.5f);
    int kind = random_int(r, 0, 5);
    float radius = kind == 0 ? 0.0f : random_float(r, 0.05f, 1.0f);
    if (kind == 1) p2 = p1;
    if (satcd_capsule_make(&c, p1, p2, radius) != SATCD_OK) abort();
    return c;
}

static void hash_toi(hasher *s, satcd_toi t) { hash_answer(s, t.hit, t.t, t.normal, t.point); }

/* Every capsule query of the pairs polygon-capsule, capsule-capsule and capsule-circle; motions from `m`. */
static void capsule_queries(hasher *s, random_source *m, const satcd_polygon *a, satcd_xf xa, const satcd_capsule *ka,
                            const satcd_capsule *kb, const satcd_circle *cb, satcd_xf xb, float margin)
{
    satcd_vec2 va = disc_point(m, 8.0f), vb = disc_point(m, 8.0f);
    hash_int(s, (int)satcd_relate_polygon_capsule(a, xa, kb, xb, 1e-3f));
    hash_mtv(s, satcd_mtv_polygon_capsule(a, xa, kb, xb));
    satcd_manifold man = satcd_collide_polygon_capsule(a, xa, kb, xb, margin);
    hash_manifold(s, &man);
    hash_distance(s, satcd_distance_polygon_capsule(a, xa, kb, xb));
    hash_toi(s, satcd_sweep_polygon_capsule(a, xa, va, kb, xb, vb));
    hash_int(s, (int)satcd_relate_capsules(ka, xa, kb, xb, 1e-3f));
    hash_mtv(s, satcd_mtv_capsules(ka, xa, kb, xb));
    man = satcd_collide_capsules(ka, xa, kb, xb, margin);
    hash_manifold(s, &man);
    hash_distance(s, satcd_distance_capsules(ka, xa, kb, xb));
    hash_toi(s, satcd_sweep_capsules(ka, xa, va, kb, xb, vb));
    hash_int(s, (int)satcd_relate_capsule_circle(ka, xa, cb, xb, 1e-3f));
    hash_mtv(s, satcd_mtv_capsule_circle(ka, xa, cb, xb));
    man = satcd_collide_capsule_circle(ka, xa, cb, xb, margin);
    hash_manifold(s, &man);
    hash_distance(s, satcd_distance_capsule_circle(ka, xa, cb, xb));
    hash_toi(s, satcd_sweep_capsule_circle(ka, xa, va, cb, xb, vb));
    satcd_ray ray = {xa.p, satcd_sub(satcd_add(xb.p, disc_point(m, 2.0f)), xa.p)};
    satcd_ray_hit h = satcd_raycast_capsule(kb, xb, ray);
    hash_answer(s, h.hit, h.fraction, h.point, h.normal);
    satcd_aabb box = satcd_capsule_aabb(kb, xb);
    hash_vec2(s, box.lower);
    hash_vec2(s, box.upper);
    s->queries += 17;
}

/* c as placed by xf, given again in world coordinates moved by offset. */
static satcd_capsule capsule_in_world(const satcd_capsule *c, satcd_xf xf, satcd_vec2 offset)
{
    satcd_capsule w;
    satcd_vec2 p1 = satcd_add(satcd_xf_point(xf, c->p1), offset), p2 = satcd_add(satcd_xf_point(xf, c->p2), offset);
    if (satcd_capsule_make(&w, p1, p2, c->radius) != SATCD_OK) w = *c;
    return w;
}

/* The capsule pairs given again in world coordinates far from the origin, at identity: anchored cores. */
static void capsule_world_queries(hasher *s, random_source *m, const satcd_polygon *a, satcd_xf xa,
                                  const satcd_capsule *ka, const satcd_capsule *kb, const satcd_circle *cb,
                                  satcd_xf xb, float margin)
{
    satcd_vec2 offset = grid_point(m, 1024.0f, 512.0f, 1, 300);
    satcd_polygon wa = in_world(a, xa, offset);
    satcd_capsule wka = capsule_in_world(ka, xa, offset), wkb = capsule_in_world(kb, xb, offset);
    satcd_circle wc;
    if (satcd_circle_make(&wc, satcd_add(satcd_xf_point(xb, cb->center), offset), cb->radius) != SATCD_OK) abort();
    capsule_queries(s, m, &wa, satcd_xf_identity(), &wka, &wkb, &wc, satcd_xf_identity(), margin);
}

/* Every generic pair query of shapes a and b; motions from `m`. */
static void generic_pair_queries(hasher *s, random_source *m, const satcd_shape *a, satcd_xf xa,
                                 const satcd_shape *b, satcd_xf xb, float margin)
{
    satcd_vec2 va = disc_point(m, 8.0f), vb = disc_point(m, 8.0f);
    hash_bool(s, satcd_overlap(a, xa, b, xb));
    hash_int(s, (int)satcd_relate(a, xa, b, xb, 1e-3f));
    hash_mtv(s, satcd_mtv(a, xa, b, xb));
    satcd_manifold mf = satcd_collide(a, xa, b, xb, margin);
    hash_manifold(s, &mf);
    hash_distance(s, satcd_distance(a, xa, b, xb));
    hash_toi(s, satcd_sweep(a, xa, va, b, xb, vb));
    s->queries += 6;
}

/* The bounding box of a generic shape and a ray from `from` across it. */
static void generic_shape_queries(hasher *s, random_source *m, const satcd_shape *a, satcd_xf xa, satcd_vec2 from)
{
    satcd_aabb box = satcd_shape_aabb(a, xa);
    hash_vec2(s, box.lower);
    hash_vec2(s, box.upper);
    satcd_ray ray = {from, satcd_sub(satcd_add(xa.p, disc_point(m, 2.0f)), from)};
    satcd_ray_hit h = satcd_raycast(a, xa, ray);
    hash_answer(s, h.hit, h.fraction, h.point, h.normal);
    s->queries += 2;
}

/* Every ordered pair of kinds, A drawn from {a, a capsule, ca} and B from {b, a capsule, cb}. */
static void generic_queries(hasher *s, random_source *m, const satcd_polygon *a, const satcd_circle *ca, satcd_xf xa,
                            const satcd_polygon *b, const satcd_circle *cb, satcd_xf xb, float margin)
{
    satcd_shape sa[3] = {satcd_shape_of_polygon(a), satcd_shape_of_capsule(random_capsule(m)), satcd_shape_of_circle(*ca)};
    satcd_shape sb[3] = {satcd_shape_of_polygon(b), satcd_shape_of_capsule(random_capsule(m)), satcd_shape_of_circle(*cb)};
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) generic_pair_queries(s, m, &sa[i], xa, &sb[j], xb, margin);
        generic_shape_queries(s, m, &sa[i], xa, xb.p);
    }
}

/* The compound queries of A = {a, a capsule, ca} (placed by random local transforms) against b and B = {b, cb}. */
static void compound_queries(hasher *s, random_source *m, const satcd_polygon *a, const satcd_circle *ca, satcd_xf xa,
                             const satcd_polygon *b, const satcd_circle *cb, satcd_xf xb, float margin)
{
    satcd_shape sa[3] = {satcd_shape_of_polygon(a), satcd_shape_of_capsule(random_capsule(m)), satcd_shape_of_circle(*ca)};
    satcd_shape sb[2] = {satcd_shape_of_polygon(b), satcd_shape_of_circle(*cb)};
    satcd_xf la[3], lb[2];
    for (int i = 0; i < 3; ++i) la[i] = random_xf(m, 1.5f);
    for (int i = 0; i < 2; ++i) lb[i] = random_xf(m, 1.5f);
    satcd_compound ka = {sa, la, 3}, kb = {sb, lb, 2};
    hash_bool(s, satcd_overlap_compound(&ka, xa, &sb[0], xb));
    hash_mtv(s, satcd_mtv_compound(&ka, xa, &sb[0], xb));
    hash_distance(s, satcd_distance_compound(&ka, xa, &sb[0], xb));
    hash_bool(s, satcd_overlap_compounds(&ka, xa, &kb, xb));
    hash_mtv(s, satcd_mtv_compounds(&ka, xa, &kb, xb));
    hash_distance(s, satcd_distance_compounds(&ka, xa, &kb, xb));
    satcd_manifold out[6];
    int n = satcd_collide_compounds(&ka, xa, &kb, xb, margin, out, 6);
    hash_int(s, n);
    for (int k = 0; k < n && k < 6; ++k) hash_manifold(s, &out[k]);
    satcd_aabb box = satcd_compound_aabb(&ka, xa);
    hash_vec2(s, box.lower);
    hash_vec2(s, box.upper);
    s->queries += 8;
}

/* xf moved by offset. */
static satcd_xf shifted(satcd_xf xf, satcd_vec2 offset)
{
    xf.p = satcd_add(xf.p, offset);
    return xf;
}

/*
 * The pair given again in world coordinates far from the origin (vertices
 * and circle centre), at identity or moved by a small translation: the
 * queries then run on the polygons' anchored lanes.
 */
static void world_queries(hasher *s, random_source *r, const satcd_polygon *a, satcd_xf xa, const satcd_polygon *b,
                          satcd_xf xb, const satcd_circle *cb, float margin)
{
    satcd_vec2 offset = grid_point(r, 1024.0f, 512.0f, 1, 300);
    satcd_polygon wa = in_world(a, xa, offset), wb = in_world(b, xb, offset);
    satcd_xf at = satcd_xf_identity(), moved = satcd_xf_identity();
    if (random_int(r, 0, 1)) moved.p = uniform_point(r, -0.5f, 0.5f, -0.5f, 0.5f);
    satcd_circle wc;
    if (satcd_circle_make(&wc, satcd_add(satcd_xf_point(xb, cb->center), offset), cb->radius) != SATCD_OK) abort();
    satcd_circle whole = {satcd_add(xa.p, offset), a->radius};
    polygon_pair_queries(s, &wa, at, &wb, moved, margin);
    polygon_pair_queries(s, &wa, at, b, shifted(xb, offset), margin);
    circle_queries(s, &wa, at, &whole, &wc, moved, margin);
    hash_polygon(s, &wa);
}

/*
 * B slides across A in small steps, rotating by a fixed increment: the axis
 * cache sees hits and misses, and the manifold cache keeps or moves its
 * reference face.
 */
static void moving_sequence(hasher *s, random_source *r, const satcd_polygon *a, satcd_xf xa, const satcd_polygon *b)
{
    satcd_sat_cache cache = SATCD_SAT_CACHE_INIT;
    satcd_manifold_cache faces;
    memset(&faces, 0, sizeof faces);
    satcd_xf xb = random_xf(r, 6.0f);
    satcd_vec2 step = satcd_scale(-0.25f, xb.p);
    satcd_vec2 small = satcd_normalize(satcd_v2(1.0f, random_float(r, -0.1f, 0.1f))); /* a small fixed turn */
    satcd_rot dq = {small.x, small.y};
    for (int k = 0; k < MOVING_STEPS; ++k) {
        hash_bool(s, satcd_overlap_polygons_cached(a, xa, b, xb, &cache));
        hash_int(s, cache.axis);
        hash_int(s, cache.hit);
        hash_int(s, cache.valid);
        satcd_manifold m = satcd_collide_polygons_cached(a, xa, b, xb, 0.05f, 0.01f, &faces);
        hash_manifold(s, &m);
        hash_int(s, faces.valid);
        hash_int(s, faces.reference_is_b);
        hash_int(s, faces.reference_edge);
        xb.p = satcd_add(xb.p, step);
        xb.q = satcd_rot_mul(dq, xb.q);
        s->queries += 2;
    }
}

/* A point on one of three parallel lines: collinear runs for the hull. */
static satcd_vec2 three_lines_point(random_source *r)
{
    float x = random_float(r, -1.0f, 1.0f);
    float y = 0.25f * (float)random_int(r, -1, 1);
    return satcd_v2(x, y);
}

/* Hull and make of random clouds, degenerate ones included; failed calls must leave the output as it was. */
static void construction_queries(hasher *s, random_source *r)
{
    satcd_vec2 pts[SATCD_MAX_POLYGON_VERTICES + 4];
    int n = random_int(r, 1, SATCD_MAX_POLYGON_VERTICES + 4);
    int kind = random_int(r, 0, 3);
    for (int i = 0; i < n; ++i) {
        if (kind == 0) pts[i] = grid_point(r, 0.5f, 0.5f, -3, 3); /* duplicates, collinear runs */
        else if (kind == 1) pts[i] = three_lines_point(r);
        else pts[i] = disc_point(r, random_float(r, 0.01f, 100.0f));
    }
    satcd_polygon p;
    memset(&p, 0, sizeof p);
    hash_int(s, (int)satcd_polygon_hull(&p, pts, n));
    hash_polygon(s, &p);
    satcd_polygon q;
    memset(&q, 0, sizeof q);
    if (p.count >= 3 && random_int(r, 0, 1)) {
        /* The hull's own vertices, rotated in order: a valid convex input for make. */
        int shift = random_int(r, 0, p.count - 1);
        for (int i = 0; i < p.count; ++i) pts[i] = satcd_polygon_vertex(&p, (i + shift) % p.count);
        n = p.count;
    }
    hash_int(s, (int)satcd_polygon_make(&q, pts, n));
    hash_polygon(s, &q);
    s->queries += 2;
}

/*
 * The batch calls on one scene: bodies with a polygon and a circle each, a
 * fifth far from the origin, random index pairs among them (a few
 * negative). Their own random stream, so the queries above keep theirs.
 */
enum { BATCH_BODIES = 96, BATCH_PAIRS = 3000 };

static void batch_queries(hasher *s)
{
    random_source r = random_source_seeded(0x5eedba7cULL);
    static satcd_polygon polygons[BATCH_BODIES];
    static satcd_circle circles[BATCH_BODIES];
    const satcd_polygon *polygon_of[BATCH_BODIES];
    const satcd_circle *circle_of[BATCH_BODIES];
    satcd_xf xfs[BATCH_BODIES];
    for (int i = 0; i < BATCH_BODIES; ++i) {
        polygons[i] = random_polygon(&r);
        circles[i] = random_circle(&r);
        xfs[i] = random_xf(&r, 4.0f);
        if (i % 5 == 0) xfs[i].p = satcd_add(xfs[i].p, satcd_v2(-3.0e5f, 1.0e5f));
        polygon_of[i] = &polygons[i];
        circle_of[i] = &circles[i];
    }
    static satcd_pair pairs[BATCH_PAIRS];
    for (int i = 0; i < BATCH_PAIRS; ++i) {
        int a = random_int(&r, i % 97 == 0 ? -1 : 0, BATCH_BODIES - 1); /* a drawn first, on every compiler */
        pairs[i] = (satcd_pair){a, random_int(&r, 0, BATCH_BODIES - 1)};
    }
    static satcd_manifold m[BATCH_PAIRS];
    static bool hit[BATCH_PAIRS];
    satcd_batch_overlap_polygons(polygon_of, xfs, pairs, BATCH_PAIRS, hit);
    for (int i = 0; i < BATCH_PAIRS; ++i) hash_bool(s, hit[i]);
    satcd_batch_collide_polygons(polygon_of, xfs, pairs, BATCH_PAIRS, 0.1f, m);
    for (int i = 0; i < BATCH_PAIRS; ++i) hash_manifold(s, &m[i]);
    satcd_batch_collide_polygon_circle(polygon_of, circle_of, xfs, pairs, BATCH_PAIRS, 0.1f, m);
    for (int i = 0; i < BATCH_PAIRS; ++i) hash_manifold(s, &m[i]);
    satcd_batch_collide_circles(circle_of, xfs, pairs, BATCH_PAIRS, 0.1f, m);
    for (int i = 0; i < BATCH_PAIRS; ++i) hash_manifold(s, &m[i]);
    s->queries += 4 * BATCH_PAIRS;
}

static int compare_with_file(const char *path, const char *hash)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "cannot open %s\n", path);
        return 1;
    }
    char recorded[64] = {0};
    int got = fscanf(f, "%63s", recorded);
    fclose(f);
    if (got != 1 || strcmp(recorded, hash) != 0) {
        fprintf(stderr, "determinism hash %s differs from the recorded %s (%s)\n"
                        "If results changed deliberately, regenerate the file (see docs/determinism.md).\n",
                hash, got == 1 ? recorded : "(nothing)", path);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    hasher s = {0xcbf29ce484222325ULL, 0};
    random_source r = random_source_seeded(0x5eedc0deULL);
    random_source motion = random_source_seeded(0x5eedc1c1ULL);
    random_source capsules = random_source_seeded(0x5eedca95ULL);
    random_source generic = random_source_seeded(0x5eedc2c2ULL);
    for (int i = 0; i < PAIRS; ++i) {
        satcd_polygon a = random_polygon(&r), b = random_polygon(&r);
        satcd_xf xa = random_xf(&r, 3.0f), xb = random_xf(&r, 3.0f);
        if (i % 50 == 0) { /* far from the origin, where rounding is coarse */
            xa.p = satcd_add(xa.p, satcd_v2(4096.0f, -2048.0f));
            xb.p = satcd_add(xb.p, satcd_v2(4096.0f, -2048.0f));
        }
        float margin = random_int(&r, 0, 2) == 0 ? 0.0f : random_float(&r, 0.0f, 0.5f);
        polygon_pair_queries(&s, &a, xa, &b, xb, margin);
        polygon_pair_queries(&s, &a, xa, &a, xb, margin); /* same shape on both sides */
        satcd_circle ca = random_circle(&r), cb = random_circle(&r);
        circle_queries(&s, &a, xa, &ca, &cb, xb, margin);
        circle_motion_queries(&s, &motion, &a, xa, &ca, &cb, xb);
        satcd_capsule ka = random_capsule(&capsules), kb = random_capsule(&capsules);
        capsule_queries(&s, &capsules, &a, xa, &ka, &kb, &cb, xb, margin);
        if (i % 5 == 0) capsule_world_queries(&s, &capsules, &a, xa, &ka, &kb, &cb, xb, margin);
        if (i % 3 == 0) generic_queries(&s, &generic, &a, &ca, xa, &b, &cb, xb, margin);
        if (i % 6 == 1) compound_queries(&s, &generic, &a, &ca, xa, &b, &cb, xb, margin);
        if (i % 4 == 0) moving_sequence(&s, &r, &a, xa, &b);
        if (i % 5 == 0) world_queries(&s, &r, &a, xa, &b, xb, &cb, margin);
    }
    for (int i = 0; i < CLOUDS; ++i) construction_queries(&s, &r);
    batch_queries(&s);

    char hash[32];
    snprintf(hash, sizeof hash, "%016llx", (unsigned long long)s.h);
    printf("%s %ld %s\n", hash, s.queries, satcd_simd_backend());
    if (argc == 3 && strcmp(argv[1], "--expect") == 0) return compare_with_file(argv[2], hash);
    if (argc != 1) {
        fprintf(stderr, "usage: %s [--expect FILE]\n", argv[0]);
        return 2;
    }
    return 0;
}
