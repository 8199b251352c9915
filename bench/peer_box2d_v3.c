/*
 * Box2D v3 as an optional peer on the cold sets: b2CollidePolygons on its
 * own b2Polygon pool in satcd's slots, the pairs in the same order. Box2D
 * v3 is not packaged; it is built from its sources outside this repository
 * and found through SATCD_BENCH_BOX2D_V3_DIR (bench/CMakeLists.txt).
 *
 * Its manifold takes B's transform relative to A's, formed here inside
 * the timing as its contact update forms it. It keeps speculative points
 * for pairs apart by up to its speculative distance, so a pair counts as
 * touching when a point's separation is at most 0.
 */
#include <box2d/collision.h>
#include <box2d/math_functions.h>

#include <stdlib.h>

#include "cold.h"

typedef struct v3_cold {
    b2Polygon *pool;
    b2Transform *xa, *xb;
    const int *ia, *ib;
    int count;
} v3_cold;

static b2Transform to_v3_xf(satcd_xf xf)
{
    b2Transform out = {{xf.p.x, xf.p.y}, {xf.q.c, xf.q.s}};
    return out;
}

/* The same vertices, skin radius 0; false when Box2D cannot hold them. */
static bool to_v3_polygon(const satcd_polygon *p, b2Polygon *out)
{
    b2Vec2 points[B2_MAX_POLYGON_VERTICES];
    if (p->count > B2_MAX_POLYGON_VERTICES) return false;
    for (int i = 0; i < p->count; ++i) {
        satcd_vec2 v = satcd_polygon_vertex(p, i);
        points[i] = (b2Vec2){v.x, v.y};
    }
    b2Hull hull = b2ComputeHull(points, p->count);
    if (hull.count != p->count) return false;
    *out = b2MakePolygon(&hull, 0.0f);
    return true;
}

static void release_cold(void *prepared)
{
    v3_cold *c = prepared;
    if (!c) return;
    free(c->pool);
    free(c->xa);
    free(c->xb);
    free(c);
}

static void *prepare_cold(const bench_cold *c)
{
    v3_cold *out = calloc(1, sizeof *out);
    if (!out) return NULL;
    out->pool = malloc(sizeof(b2Polygon) * (size_t)c->pool_size);
    out->xa = malloc(sizeof(b2Transform) * (size_t)c->count);
    out->xb = malloc(sizeof(b2Transform) * (size_t)c->count);
    bool ok = out->pool && out->xa && out->xb;
    for (int k = 0; ok && k < c->pool_size; ++k) ok = to_v3_polygon(&c->pool[k], &out->pool[k]);
    for (int i = 0; ok && i < c->count; ++i) {
        out->xa[i] = to_v3_xf(c->xa[i]);
        out->xb[i] = to_v3_xf(c->xb[i]);
    }
    out->ia = c->ia;
    out->ib = c->ib;
    out->count = c->count;
    if (!ok) {
        release_cold(out);
        return NULL;
    }
    return out;
}

static void flush_cold(const void *prepared)
{
    const v3_cold *c = prepared;
    size_t pool = 2 * (size_t)c->count, pairs = (size_t)c->count;
    bench_flush(c->pool, sizeof(b2Polygon) * pool);
    bench_flush(c->xa, sizeof(b2Transform) * pairs);
    bench_flush(c->xb, sizeof(b2Transform) * pairs);
    bench_flush(c->ia, sizeof(int) * pairs);
    bench_flush(c->ib, sizeof(int) * pairs);
}

static b2LocalManifold collide(const v3_cold *c, int i)
{
    b2Transform relative = b2InvMulTransforms(c->xa[i], c->xb[i]);
    return b2CollidePolygons(&c->pool[c->ia[i]], &c->pool[c->ib[i]], relative);
}

static bool manifold_one(const void *prepared, int i)
{
    b2LocalManifold m = collide(prepared, i);
    for (int k = 0; k < m.pointCount; ++k)
        if (m.points[k].separation <= 0.0f) return true;
    return false;
}

static double manifold_all(const void *prepared)
{
    const v3_cold *c = prepared;
    float sum = 0.0f;
    for (int i = 0; i < c->count; ++i) {
        b2LocalManifold m = collide(c, i);
        sum += (float)m.pointCount + m.normal.x;
    }
    return (double)sum;
}

const bench_cold_peer bench_cold_peer_box2d_v3 = {
    "box2d_v3", prepare_cold, release_cold, NULL, manifold_all, NULL, manifold_one, flush_cold,
};
