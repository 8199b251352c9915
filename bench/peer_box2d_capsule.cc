// Box2D 2.4's closest equivalents of satcd's capsule manifolds (capsule.h):
// b2CollideEdgeAndPolygon with a rounded edge, and b2CollidePolygons with
// rounded thin boxes. Box2D 2.4 has no capsule shape and no edge-edge
// manifold.
#include <box2d/box2d.h>

#include <vector>

#include "capsule.h"
#include "box2d_convert.h"

namespace {

struct Box2dCapsules {
    std::vector<b2PolygonShape> polygon, slab_a, slab_b;
    std::vector<b2EdgeShape> edge_b;
    std::vector<b2Transform> xa, xb;
};

// The capsule's core (along local x, as capsule.h builds it) as a slab, rounded by the rest of its radius.
b2PolygonShape slab(const satcd_capsule &c)
{
    b2PolygonShape shape;
    shape.SetAsBox(c.p2.x, BENCH_CAPSULE_SLAB);
    shape.m_radius = c.radius - BENCH_CAPSULE_SLAB;
    return shape;
}

b2EdgeShape edge(const satcd_capsule &c)
{
    b2EdgeShape shape;
    shape.SetTwoSided(b2Vec2(c.p1.x, c.p1.y), b2Vec2(c.p2.x, c.p2.y));
    shape.m_radius = c.radius;
    return shape;
}

const Box2dCapsules &of(const void *prepared) { return *static_cast<const Box2dCapsules *>(prepared); }

template <class Collide>
double sum_all(const Box2dCapsules &s, Collide collide)
{
    float sum = 0.0f;
    int n = static_cast<int>(s.xa.size());
    for (int i = 0; i < n; ++i) {
        b2Manifold m;
        m.pointCount = 0;
        m.localNormal.SetZero();  // left as is when the pair is apart
        collide(&m, i);
        sum += static_cast<float>(m.pointCount) + m.localNormal.x;
    }
    return sum;
}

void edge_polygon(const Box2dCapsules &s, b2Manifold *m, int i)
{
    b2CollideEdgeAndPolygon(m, &s.edge_b[i], s.xb[i], &s.polygon[i], s.xa[i]);
}

void rounded_polygon(const Box2dCapsules &s, b2Manifold *m, int i)
{
    b2CollidePolygons(m, &s.polygon[i], s.xa[i], &s.slab_b[i], s.xb[i]);
}

void rounded_capsules(const Box2dCapsules &s, b2Manifold *m, int i)
{
    b2CollidePolygons(m, &s.slab_a[i], s.xa[i], &s.slab_b[i], s.xb[i]);
}

template <void (*Collide)(const Box2dCapsules &, b2Manifold *, int)>
bool one(const void *prepared, int i)
{
    b2Manifold m;
    m.pointCount = 0;
    Collide(of(prepared), &m, i);
    return m.pointCount > 0;
}

template <void (*Collide)(const Box2dCapsules &, b2Manifold *, int)>
double all(const void *prepared)
{
    const Box2dCapsules &s = of(prepared);
    return sum_all(s, [&s](b2Manifold *m, int i) { Collide(s, m, i); });
}

}  // namespace

extern "C" void *bench_box2d_capsules_prepare(const bench_capsule_set *s)
{
    const bench_set *p = s->base;
    if (p->sides > b2_maxPolygonVertices) return nullptr;
    auto *out = new Box2dCapsules;
    for (int i = 0; i < p->count; ++i) {
        out->polygon.push_back(bench_to_box2d(p->a[i]));
        out->slab_a.push_back(slab(s->a[i]));
        out->slab_b.push_back(slab(s->b[i]));
        out->edge_b.push_back(edge(s->b[i]));
        out->xa.push_back(bench_to_box2d(p->xa[i]));
        out->xb.push_back(bench_to_box2d(p->xb[i]));
    }
    return out;
}

extern "C" void bench_box2d_capsules_release(void *prepared) { delete static_cast<Box2dCapsules *>(prepared); }

extern "C" double bench_box2d_edge_polygon_manifold(const void *prepared) { return all<edge_polygon>(prepared); }
extern "C" double bench_box2d_rounded_polygon_manifold(const void *prepared) { return all<rounded_polygon>(prepared); }
extern "C" double bench_box2d_rounded_capsules_manifold(const void *prepared) { return all<rounded_capsules>(prepared); }
extern "C" bool bench_box2d_edge_polygon_one(const void *prepared, int i) { return one<edge_polygon>(prepared, i); }
extern "C" bool bench_box2d_rounded_polygon_one(const void *prepared, int i) { return one<rounded_polygon>(prepared, i); }
extern "C" bool bench_box2d_rounded_capsules_one(const void *prepared, int i) { return one<rounded_capsules>(prepared, i); }
