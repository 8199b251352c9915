// satcd's shapes and transforms as Box2D 2.4's, shared by the Box2D peers.
#ifndef SATCD_BENCH_BOX2D_CONVERT_H
#define SATCD_BENCH_BOX2D_CONVERT_H

#include <box2d/box2d.h>

#include <satcd/satcd.h>

// The same vertices, with the skin radius set to 0 so that both libraries
// answer for the same sharp polygon. At most b2_maxPolygonVertices (8).
inline b2PolygonShape bench_to_box2d(const satcd_polygon &p)
{
    b2Vec2 points[b2_maxPolygonVertices];
    for (int i = 0; i < p.count; ++i) {
        satcd_vec2 v = satcd_polygon_vertex(&p, i);
        points[i].Set(v.x, v.y);
    }
    b2PolygonShape shape;
    shape.Set(points, p.count);
    shape.m_radius = 0.0f;
    return shape;
}

inline b2Transform bench_to_box2d(satcd_xf xf)
{
    b2Transform out;
    out.p.Set(xf.p.x, xf.p.y);
    out.q.c = xf.q.c;  // the same rotation, bit for bit (no sinf/cosf round trip)
    out.q.s = xf.q.s;
    return out;
}

#endif
