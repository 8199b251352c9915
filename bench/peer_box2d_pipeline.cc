// Box2D 2.4's side of the pipeline benchmark: its broad phase used as its
// world uses it (peer_box2d_broadphase.cc), then b2CollidePolygons on every
// pair whose tight boxes overlap. A world runs the narrow phase on every
// pair of its contact list whose fat boxes overlap, a superset: the pairs
// left out here only make Box2D's frame cheaper.
#include <box2d/box2d.h>

#include <algorithm>
#include <vector>

#include "box2d_convert.h"
#include "pipeline.h"

struct bench_pipe_box2d {
    bench_bp_box2d *broadphase;
    std::vector<b2PolygonShape> shape;
    std::vector<b2Transform> xf;  // each body's transform, as b2Body keeps it
    int candidates = 0;           // the last frame's pairs of overlapping tight boxes
};

namespace {

bool touches(const bench_pipe_box2d *b, satcd_pair p)
{
    b2Manifold m;
    b2CollidePolygons(&m, &b->shape[p.a], b->xf[p.a], &b->shape[p.b], b->xf[p.b]);
    return m.pointCount > 0;
}

}  // namespace

extern "C" bench_pipe_box2d *bench_pipe_box2d_make(const bench_pipe_scene *s)
{
    auto *b = new bench_pipe_box2d;
    b->broadphase = bench_bp_box2d_make(&s->bp);
    for (int i = 0; i < s->bp.count; ++i) b->shape.push_back(bench_to_box2d(s->shape[i]));
    b->xf.resize(static_cast<size_t>(s->bp.count));
    return b;
}

extern "C" void bench_pipe_box2d_free(bench_pipe_box2d *b)
{
    bench_bp_box2d_free(b->broadphase);
    delete b;
}

extern "C" int bench_pipe_box2d_frame(bench_pipe_box2d *b, const bench_pipe_scene *s)
{
    for (int i = 0; i < s->bp.count; ++i) b->xf[i] = bench_to_box2d(s->xf[i]);
    b->candidates = bench_bp_box2d_frame(b->broadphase, &s->bp);
    const satcd_pair *pairs = bench_bp_box2d_touching(b->broadphase);
    int touching = 0;
    for (int k = 0; k < b->candidates; ++k) touching += touches(b, pairs[k]);
    return touching;
}

extern "C" void bench_pipe_box2d_touching(const bench_pipe_box2d *b, satcd_pair *out)
{
    const satcd_pair *pairs = bench_bp_box2d_touching(b->broadphase);
    satcd_pair *end = std::copy_if(pairs, pairs + b->candidates, out, [b](satcd_pair p) { return touches(b, p); });
    std::sort(out, end, [](satcd_pair p, satcd_pair q) { return p.a != q.a ? p.a < q.a : p.b < q.b; });
}
