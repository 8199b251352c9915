// Box2D 2.4's b2BroadPhase used the way its world uses it: a fat-box
// dynamic tree, MoveProxy for every moving body every frame (with the body's
// displacement, as b2Fixture::Synchronize passes it), UpdatePairs to find
// new pairs for the proxies that left their fat box, a persistent pair set
// (as the contact list: a pair is added once, found again through each
// body's own list) pruned by TestOverlap of the fat boxes, and the pairs
// whose tight boxes overlap taken as the output, as the narrow phase would.
#include <box2d/box2d.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "broadphase.h"

struct bench_bp_box2d {
    b2BroadPhase broadphase;
    std::vector<int32> proxy;                      // body -> proxy id
    std::vector<std::vector<int32>> edges;         // body -> bodies it has a pair with
    std::vector<std::pair<int32, int32>> pairs;    // the persistent set, a < b
    std::vector<satcd_pair> touching;              // this frame's tight-box pairs
    const bench_bp_scene *scene = nullptr;

    // UpdatePairs' callback: a new pair unless the body's list has it already.
    void AddPair(void *user_a, void *user_b)
    {
        auto a = static_cast<int32>(reinterpret_cast<intptr_t>(user_a));
        auto b = static_cast<int32>(reinterpret_cast<intptr_t>(user_b));
        if (a == b) return;
        if (a > b) std::swap(a, b);
        const auto &list = edges[a];
        if (std::find(list.begin(), list.end(), b) != list.end()) return;
        edges[a].push_back(b);
        edges[b].push_back(a);
        pairs.emplace_back(a, b);
    }
};

namespace {

b2AABB to_box2d(satcd_aabb b)
{
    b2AABB out;
    out.lowerBound.Set(b.lower.x, b.lower.y);
    out.upperBound.Set(b.upper.x, b.upper.y);
    return out;
}

void drop_edge(std::vector<int32> &list, int32 other)
{
    auto it = std::find(list.begin(), list.end(), other);
    *it = list.back();
    list.pop_back();
}

bool tight_overlap(satcd_aabb a, satcd_aabb b)
{
    return a.lower.x <= b.upper.x && b.lower.x <= a.upper.x && a.lower.y <= b.upper.y && b.lower.y <= a.upper.y;
}

}  // namespace

extern "C" bench_bp_box2d *bench_bp_box2d_make(const bench_bp_scene *s)
{
    auto *b = new bench_bp_box2d;
    b->edges.resize(s->count);
    for (int i = 0; i < s->count; ++i)
        b->proxy.push_back(b->broadphase.CreateProxy(to_box2d(s->box[i]), reinterpret_cast<void *>(intptr_t(i))));
    b->broadphase.UpdatePairs(b);
    return b;
}

extern "C" void bench_bp_box2d_free(bench_bp_box2d *b) { delete b; }

extern "C" int bench_bp_box2d_frame(bench_bp_box2d *b, const bench_bp_scene *s)
{
    for (int i = 0; i < s->moving; ++i) {
        b2Vec2 d(s->moved_by[i].x, s->moved_by[i].y);
        b->broadphase.MoveProxy(b->proxy[i], to_box2d(s->box[i]), d);
    }
    b->broadphase.UpdatePairs(b);
    b->touching.clear();
    for (size_t k = 0; k < b->pairs.size();) {
        auto [x, y] = b->pairs[k];
        if (!b->broadphase.TestOverlap(b->proxy[x], b->proxy[y])) {
            drop_edge(b->edges[x], y);
            drop_edge(b->edges[y], x);
            b->pairs[k] = b->pairs.back();
            b->pairs.pop_back();
            continue;
        }
        if (tight_overlap(s->box[x], s->box[y])) b->touching.push_back({x, y});
        ++k;
    }
    return static_cast<int>(b->touching.size());
}

extern "C" void bench_bp_box2d_sorted(const bench_bp_box2d *b, satcd_pair *out)
{
    std::vector<satcd_pair> v = b->touching;
    std::sort(v.begin(), v.end(), [](satcd_pair p, satcd_pair q) { return p.a != q.a ? p.a < q.a : p.b < q.b; });
    std::copy(v.begin(), v.end(), out);
}

extern "C" const satcd_pair *bench_bp_box2d_touching(const bench_bp_box2d *b) { return b->touching.data(); }
