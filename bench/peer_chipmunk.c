/*
 * Chipmunk 7 as a peer: cpShapesCollide (GJK + EPA, its only pair query, so
 * it stands in for both overlap and manifold) on the same pairs.
 *
 * Chipmunk keeps world-space vertices in each shape, refreshed once per
 * step by cpShapeUpdate; that refresh is done here outside the timing, which
 * favours Chipmunk (satcd and Box2D transform their shapes inside every
 * query). On a cold set its shapes are allocated in satcd's slot order, so
 * that they are scattered over the heap alike.
 */
#include <chipmunk/chipmunk.h>
#include <chipmunk/chipmunk_structs.h>

#include <stdlib.h>

#include "bench.h"
#include "cold.h"

/* Pair i is a[i] against b[i]; on a cold set both point into pool, the shapes by slot. */
typedef struct chipmunk_set {
    int count;
    cpShape **a, **b;
    cpShape **pool;
    int pool_size;
} chipmunk_set;

/* World-space vertices and normals by xf. */
static void place(cpShape *shape, satcd_xf xf)
{
    cpShapeUpdate(shape, cpTransformNewTranspose(xf.q.c, -xf.q.s, xf.p.x, xf.q.s, xf.q.c, xf.p.y));
}

static cpShape *to_chipmunk(const satcd_polygon *p, satcd_xf xf)
{
    cpVect verts[SATCD_MAX_POLYGON_VERTICES];
    for (int i = 0; i < p->count; ++i) {
        satcd_vec2 v = satcd_polygon_vertex(p, i);
        verts[i] = cpv(v.x, v.y);
    }
    /* Raw: the vertices are already convex and counter-clockwise. No skin radius. */
    cpShape *shape = cpPolyShapeNewRaw(NULL, p->count, verts, 0.0);
    if (shape) place(shape, xf);
    return shape;
}

static void release(void *prepared)
{
    chipmunk_set *s = prepared;
    if (!s) return;
    for (int k = 0; s->pool && k < s->pool_size; ++k)
        if (s->pool[k]) cpShapeFree(s->pool[k]);
    free(s->pool);
    for (int i = 0; i < s->count && !s->pool; ++i) {
        if (s->a && s->a[i]) cpShapeFree(s->a[i]);
        if (s->b && s->b[i]) cpShapeFree(s->b[i]);
    }
    free(s->a);
    free(s->b);
    free(s);
}

static void *prepare(const bench_set *set)
{
    chipmunk_set *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->count = set->count;
    s->a = calloc((size_t)set->count, sizeof *s->a);
    s->b = calloc((size_t)set->count, sizeof *s->b);
    if (!s->a || !s->b) {
        release(s);
        return NULL;
    }
    for (int i = 0; i < set->count; ++i) {
        s->a[i] = to_chipmunk(&set->a[i], set->xa[i]);
        s->b[i] = to_chipmunk(&set->b[i], set->xb[i]);
        if (!s->a[i] || !s->b[i]) {
            release(s);
            return NULL;
        }
    }
    return s;
}

static bool manifold_one(const void *prepared, int i)
{
    const chipmunk_set *s = prepared;
    return cpShapesCollide(s->a[i], s->b[i]).count > 0;
}

static double manifold_all(const void *prepared)
{
    const chipmunk_set *s = prepared;
    double sum = 0.0;
    for (int i = 0; i < s->count; ++i) {
        cpContactPointSet set = cpShapesCollide(s->a[i], s->b[i]);
        sum += set.count;
        if (set.count > 0) sum += set.points[0].distance;
    }
    return sum;
}

const bench_peer bench_peer_chipmunk = {
    "chipmunk", prepare, release, NULL, manifold_all, NULL, manifold_one,
};

/* Each slot's shape in world space by the transform of the one pair it belongs to. */
static bool fill_cold_pool(chipmunk_set *s, const bench_cold *c)
{
    for (int k = 0; k < c->pool_size; ++k) {
        s->pool[k] = to_chipmunk(&c->pool[k], satcd_xf_identity());
        if (!s->pool[k]) return false;
    }
    for (int i = 0; i < c->count; ++i) {
        s->a[i] = s->pool[c->ia[i]];
        s->b[i] = s->pool[c->ib[i]];
        place(s->a[i], c->xa[i]);
        place(s->b[i], c->xb[i]);
    }
    return true;
}

static void *prepare_cold(const bench_cold *c)
{
    chipmunk_set *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->count = c->count;
    s->pool_size = c->pool_size;
    s->a = calloc((size_t)c->count, sizeof *s->a);
    s->b = calloc((size_t)c->count, sizeof *s->b);
    s->pool = calloc((size_t)c->pool_size, sizeof *s->pool);
    if (!s->a || !s->b || !s->pool || !fill_cold_pool(s, c)) {
        release(s);
        return NULL;
    }
    return s;
}

/* Each shape's struct, and its planes where they do not fit in it. */
static void flush_cold(const void *prepared)
{
    const chipmunk_set *s = prepared;
    for (int k = 0; k < s->pool_size; ++k) {
        const struct cpPolyShape *poly = (const struct cpPolyShape *)(const void *)s->pool[k];
        bench_flush(poly, sizeof *poly);
        if (poly->planes != poly->_planes) bench_flush(poly->planes, 2 * sizeof(struct cpSplittingPlane) * (size_t)poly->count);
    }
    bench_flush(s->a, sizeof *s->a * (size_t)s->count);
    bench_flush(s->b, sizeof *s->b * (size_t)s->count);
}

const bench_cold_peer bench_cold_peer_chipmunk = {
    "chipmunk", prepare_cold, release, NULL, manifold_all, NULL, manifold_one, flush_cold,
};
