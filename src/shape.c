/*
 * The generic shape: each query puts its pair in the order the typed
 * functions are named in (polygon, capsule, circle), calls the typed
 * function and, when it had to swap, turns the answer back to read A to B.
 */
#include <float.h>
#include <string.h>

#include <satcd/shape.h>

/* The pairs the typed functions exist for, first kind no later than the second. */
typedef enum pair_kind {
    PAIR_POLYGONS,
    PAIR_POLYGON_CAPSULE,
    PAIR_POLYGON_CIRCLE,
    PAIR_CAPSULES,
    PAIR_CAPSULE_CIRCLE,
    PAIR_CIRCLES
} pair_kind;

/* A pair in typed order: p first, q second. */
typedef struct ordered_pair {
    pair_kind kind;
    bool swapped; /* p is the caller's B */
    const satcd_shape *p, *q;
    satcd_xf xp, xq;
    satcd_vec2 vp, vq;
} ordered_pair;

/* Position of a kind in the typed functions' names; -1 for an unknown type value. */
static int kind_rank(const satcd_shape *s)
{
    switch (s->type) {
    case SATCD_SHAPE_POLYGON: return 0;
    case SATCD_SHAPE_CAPSULE: return 1;
    case SATCD_SHAPE_CIRCLE: return 2;
    default: return -1;
    }
}

static const pair_kind pair_of_ranks[3][3] = {
    {PAIR_POLYGONS, PAIR_POLYGON_CAPSULE, PAIR_POLYGON_CIRCLE},
    {PAIR_POLYGON_CAPSULE, PAIR_CAPSULES, PAIR_CAPSULE_CIRCLE},
    {PAIR_POLYGON_CIRCLE, PAIR_CAPSULE_CIRCLE, PAIR_CIRCLES},
};

/* False for a NULL shape or an unknown type value: the caller answers "absent". */
static bool order_pair(const satcd_shape *a, satcd_xf xa, satcd_vec2 va, const satcd_shape *b, satcd_xf xb,
                       satcd_vec2 vb, ordered_pair *o)
{
    if (a == NULL || b == NULL) return false;
    int ra = kind_rank(a), rb = kind_rank(b);
    if (ra < 0 || rb < 0) return false;
    o->kind = pair_of_ranks[ra][rb];
    o->swapped = ra > rb;
    o->p = o->swapped ? b : a;
    o->q = o->swapped ? a : b;
    o->xp = o->swapped ? xb : xa;
    o->xq = o->swapped ? xa : xb;
    o->vp = o->swapped ? vb : va;
    o->vq = o->swapped ? va : vb;
    return true;
}

static bool order_static_pair(const satcd_shape *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb,
                              ordered_pair *o)
{
    satcd_vec2 still = {0.0f, 0.0f};
    return order_pair(a, xa, still, b, xb, still, o);
}

/* The typed argument of each kind: polygons are held by pointer, the others by value. */
#define AS_polygon(s) ((s)->polygon)
#define AS_capsule(s) (&(s)->capsule)
#define AS_circle(s) (&(s)->circle)

/* CALL(name, kind_p, kind_q) for the pair's typed function satcd_<query>_<name>. */
#define DISPATCH(o, CALL)                                                                                     \
    switch ((o).kind) {                                                                                       \
    case PAIR_POLYGONS: CALL(polygons, polygon, polygon); break;                                              \
    case PAIR_POLYGON_CAPSULE: CALL(polygon_capsule, polygon, capsule); break;                                \
    case PAIR_POLYGON_CIRCLE: CALL(polygon_circle, polygon, circle); break;                                   \
    case PAIR_CAPSULES: CALL(capsules, capsule, capsule); break;                                              \
    case PAIR_CAPSULE_CIRCLE: CALL(capsule_circle, capsule, circle); break;                                   \
    case PAIR_CIRCLES: CALL(circles, circle, circle); break;                                                  \
    }

/* Negation that keeps an exact zero +0, so an empty answer stays all zero bytes. */
static satcd_vec2 turned(satcd_vec2 n) { return satcd_v2(0.0f - n.x, 0.0f - n.y); }

bool satcd_shape_is_valid(const satcd_shape *s)
{
    if (s == NULL) return false;
    switch (s->type) {
    case SATCD_SHAPE_POLYGON: return satcd_polygon_is_valid(s->polygon);
    case SATCD_SHAPE_CAPSULE: return satcd_capsule_is_valid(&s->capsule);
    case SATCD_SHAPE_CIRCLE: return satcd_circle_is_valid(&s->circle);
    default: return false;
    }
}

satcd_aabb satcd_shape_aabb(const satcd_shape *s, satcd_xf xf)
{
    satcd_aabb none = {xf.p, xf.p};
    if (s == NULL) return none;
    switch (s->type) {
    case SATCD_SHAPE_POLYGON: return satcd_polygon_aabb(s->polygon, xf);
    case SATCD_SHAPE_CAPSULE: return satcd_capsule_aabb(&s->capsule, xf);
    case SATCD_SHAPE_CIRCLE: return satcd_circle_aabb(&s->circle, xf);
    default: return none;
    }
}

satcd_ray_hit satcd_raycast(const satcd_shape *s, satcd_xf xf, satcd_ray ray)
{
    satcd_ray_hit none;
    memset(&none, 0, sizeof none);
    if (s == NULL) return none;
    switch (s->type) {
    case SATCD_SHAPE_POLYGON: return satcd_raycast_polygon(s->polygon, xf, ray);
    case SATCD_SHAPE_CAPSULE: return satcd_raycast_capsule(&s->capsule, xf, ray);
    case SATCD_SHAPE_CIRCLE: return satcd_raycast_circle(&s->circle, xf, ray);
    default: return none;
    }
}

satcd_mtv satcd_mtv_shapes(const satcd_shape *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb)
{
    satcd_mtv m;
    memset(&m, 0, sizeof m);
    ordered_pair o;
    if (!order_static_pair(a, xa, b, xb, &o)) return m;
#define MTV_CALL(name, kp, kq) m = satcd_mtv_##name(AS_##kp(o.p), o.xp, AS_##kq(o.q), o.xq)
    DISPATCH(o, MTV_CALL)
#undef MTV_CALL
    if (o.swapped) {
        bool b_in_a = m.a_in_b;
        m.a_in_b = m.b_in_a;
        m.b_in_a = b_in_a;
        m.normal = turned(m.normal);
    }
    return m;
}

bool satcd_overlap(const satcd_shape *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb)
{
    ordered_pair o;
    if (!order_static_pair(a, xa, b, xb, &o)) return false;
    if (o.kind == PAIR_POLYGONS) return satcd_overlap_polygons(o.p->polygon, o.xp, o.q->polygon, o.xq);
    return satcd_mtv_shapes(a, xa, b, xb).hit;
}

satcd_relation satcd_relate(const satcd_shape *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb,
                            float tolerance)
{
    satcd_relation r = SATCD_SEPARATED;
    ordered_pair o;
    if (!order_static_pair(a, xa, b, xb, &o)) return r;
#define RELATE_CALL(name, kp, kq) r = satcd_relate_##name(AS_##kp(o.p), o.xp, AS_##kq(o.q), o.xq, tolerance)
    DISPATCH(o, RELATE_CALL)
#undef RELATE_CALL
    return r;
}

satcd_manifold satcd_collide(const satcd_shape *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb, float margin)
{
    satcd_manifold m;
    memset(&m, 0, sizeof m);
    ordered_pair o;
    if (!order_static_pair(a, xa, b, xb, &o)) return m;
#define COLLIDE_CALL(name, kp, kq) m = satcd_collide_##name(AS_##kp(o.p), o.xp, AS_##kq(o.q), o.xq, margin)
    DISPATCH(o, COLLIDE_CALL)
#undef COLLIDE_CALL
    if (o.swapped) {
        m.normal = turned(m.normal);
        for (int k = 0; k < m.count; ++k) m.points[k].id = satcd_contact_id_swapped(m.points[k].id);
    }
    return m;
}

satcd_distance satcd_distance_shapes(const satcd_shape *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb)
{
    satcd_distance d;
    memset(&d, 0, sizeof d);
    d.distance = FLT_MAX;
    ordered_pair o;
    if (!order_static_pair(a, xa, b, xb, &o)) return d;
#define DISTANCE_CALL(name, kp, kq) d = satcd_distance_##name(AS_##kp(o.p), o.xp, AS_##kq(o.q), o.xq)
    DISPATCH(o, DISTANCE_CALL)
#undef DISTANCE_CALL
    if (o.swapped) {
        d = (satcd_distance){d.distance, d.point_b, d.point_a, turned(d.normal)};
    }
    return d;
}

satcd_toi satcd_sweep(const satcd_shape *a, satcd_xf xa, satcd_vec2 va, const satcd_shape *b, satcd_xf xb,
                      satcd_vec2 vb)
{
    satcd_toi t;
    memset(&t, 0, sizeof t);
    ordered_pair o;
    if (!order_pair(a, xa, va, b, xb, vb, &o)) return t;
#define SWEEP_CALL(name, kp, kq) t = satcd_sweep_##name(AS_##kp(o.p), o.xp, o.vp, AS_##kq(o.q), o.xq, o.vq)
    DISPATCH(o, SWEEP_CALL)
#undef SWEEP_CALL
    if (o.swapped) t.normal = turned(t.normal);
    return t;
}
