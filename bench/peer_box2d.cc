// Box2D 2.4 as a peer: b2CollidePolygons and b2TestOverlap on the same pairs.
// Its polygons hold at most b2_maxPolygonVertices (8) vertices, so larger
// sets are not prepared. The skin radius is set to 0 (box2d_convert.h).
// On a cold set it keeps its own b2PolygonShape pool in satcd's slots.
#include <box2d/box2d.h>

#include <vector>

#include "bench.h"
#include "cold.h"
#include "box2d_convert.h"

namespace {

struct Box2dSet {
    std::vector<b2PolygonShape> a, b;
    std::vector<b2Transform> xa, xb;
};

void *prepare(const bench_set *s)
{
    if (s->sides > b2_maxPolygonVertices) return nullptr;
    auto *out = new Box2dSet;
    for (int i = 0; i < s->count; ++i) {
        out->a.push_back(bench_to_box2d(s->a[i]));
        out->b.push_back(bench_to_box2d(s->b[i]));
        out->xa.push_back(bench_to_box2d(s->xa[i]));
        out->xb.push_back(bench_to_box2d(s->xb[i]));
    }
    return out;
}

void release(void *prepared) { delete static_cast<Box2dSet *>(prepared); }

bool overlap_one(const void *prepared, int i)
{
    const auto &s = *static_cast<const Box2dSet *>(prepared);
    return b2TestOverlap(&s.a[i], 0, &s.b[i], 0, s.xa[i], s.xb[i]);
}

bool manifold_one(const void *prepared, int i)
{
    const auto &s = *static_cast<const Box2dSet *>(prepared);
    b2Manifold m;
    b2CollidePolygons(&m, &s.a[i], s.xa[i], &s.b[i], s.xb[i]);
    return m.pointCount > 0;
}

double overlap_all(const void *prepared)
{
    const auto &s = *static_cast<const Box2dSet *>(prepared);
    int hits = 0;
    int n = static_cast<int>(s.a.size());
    for (int i = 0; i < n; ++i) hits += b2TestOverlap(&s.a[i], 0, &s.b[i], 0, s.xa[i], s.xb[i]);
    return hits;
}

double manifold_all(const void *prepared)
{
    const auto &s = *static_cast<const Box2dSet *>(prepared);
    float sum = 0.0f;
    int n = static_cast<int>(s.a.size());
    for (int i = 0; i < n; ++i) {
        b2Manifold m;
        m.localNormal.SetZero();  // left as is when the pair is apart
        b2CollidePolygons(&m, &s.a[i], s.xa[i], &s.b[i], s.xb[i]);
        sum += static_cast<float>(m.pointCount) + m.localNormal.x;
    }
    return sum;
}

// A cold set: Box2D's shapes in the same slots of a pool of their own, the pairs in the same order.
struct Box2dCold {
    std::vector<b2PolygonShape> pool;
    std::vector<b2Transform> xa, xb;
    const int *ia, *ib;
    int count;
};

void *prepare_cold(const bench_cold *c)
{
    if (c->sides > b2_maxPolygonVertices) return nullptr;
    auto *out = new Box2dCold;
    out->pool.reserve(static_cast<size_t>(c->pool_size));
    for (int k = 0; k < c->pool_size; ++k) out->pool.push_back(bench_to_box2d(c->pool[k]));
    for (int i = 0; i < c->count; ++i) {
        out->xa.push_back(bench_to_box2d(c->xa[i]));
        out->xb.push_back(bench_to_box2d(c->xb[i]));
    }
    out->ia = c->ia;
    out->ib = c->ib;
    out->count = c->count;
    return out;
}

void release_cold(void *prepared) { delete static_cast<Box2dCold *>(prepared); }

void flush_cold(const void *prepared)
{
    const auto &c = *static_cast<const Box2dCold *>(prepared);
    bench_flush(c.pool.data(), c.pool.size() * sizeof(b2PolygonShape));
    bench_flush(c.xa.data(), c.xa.size() * sizeof(b2Transform));
    bench_flush(c.xb.data(), c.xb.size() * sizeof(b2Transform));
    bench_flush(c.ia, sizeof(int) * static_cast<size_t>(c.count));
    bench_flush(c.ib, sizeof(int) * static_cast<size_t>(c.count));
}

bool overlap_cold_one(const void *prepared, int i)
{
    const auto &c = *static_cast<const Box2dCold *>(prepared);
    return b2TestOverlap(&c.pool[c.ia[i]], 0, &c.pool[c.ib[i]], 0, c.xa[i], c.xb[i]);
}

bool manifold_cold_one(const void *prepared, int i)
{
    const auto &c = *static_cast<const Box2dCold *>(prepared);
    b2Manifold m;
    b2CollidePolygons(&m, &c.pool[c.ia[i]], c.xa[i], &c.pool[c.ib[i]], c.xb[i]);
    return m.pointCount > 0;
}

double overlap_cold_all(const void *prepared)
{
    const auto &c = *static_cast<const Box2dCold *>(prepared);
    int hits = 0;
    for (int i = 0; i < c.count; ++i) hits += overlap_cold_one(prepared, i);
    return hits;
}

double manifold_cold_all(const void *prepared)
{
    const auto &c = *static_cast<const Box2dCold *>(prepared);
    float sum = 0.0f;
    for (int i = 0; i < c.count; ++i) {
        b2Manifold m;
        m.localNormal.SetZero();  // left as is when the pair is apart
        b2CollidePolygons(&m, &c.pool[c.ia[i]], c.xa[i], &c.pool[c.ib[i]], c.xb[i]);
        sum += static_cast<float>(m.pointCount) + m.localNormal.x;
    }
    return sum;
}

}  // namespace

extern "C" const bench_peer bench_peer_box2d = {
    "box2d", prepare, release, overlap_all, manifold_all, overlap_one, manifold_one,
};

extern "C" const bench_cold_peer bench_cold_peer_box2d = {
    "box2d", prepare_cold, release_cold, overlap_cold_all, manifold_cold_all, overlap_cold_one, manifold_cold_one, flush_cold,
};
