#include "pairs.h"

#include <math.h>

const char *pair_kind_name(pair_kind k)
{
    static const char *names[PAIR_KIND_COUNT] = {"apart", "overlap", "near", "contain", "touch-exact"};
    return k >= 0 && k < PAIR_KIND_COUNT ? names[k] : "?";
}

/* An exact quarter-turn rotation (cosine and sine in {-1, 0, 1}). */
static satcd_rot quarter_turn(random_source *r)
{
    static const satcd_rot turns[4] = {{1.0f, 0.0f}, {0.0f, 1.0f}, {-1.0f, 0.0f}, {0.0f, -1.0f}};
    return turns[random_int(r, 0, 3)];
}

/* A shape of about `radius`; *parallel tells whether it has parallel faces. */
static satcd_polygon random_shape(random_source *r, float radius, bool *parallel)
{
    int pick = random_int(r, 0, 9);
    *parallel = false;
    if (pick == 0) {
        *parallel = true;
        float half_width = radius * random_float(r, 0.3f, 1.0f); /* one draw per statement: a fixed order */
        float half_height = radius * random_float(r, 0.3f, 1.0f);
        return satcd_polygon_box(half_width, half_height);
    }
    if (pick == 1) {
        static const int sides[3] = {4, 6, 8};
        *parallel = true;
        return regular_polygon(sides[random_int(r, 0, 2)], radius);
    }
    if (pick == 2) return random_convex_polygon(r, 5, radius);
    return random_convex_polygon(r, SATCD_MAX_POLYGON_VERTICES, radius);
}

/* Separation (double truth) with B's centroid at A's centroid + t * (dx, dy). */
typedef struct placement {
    const satcd_polygon *a, *b;
    truth_polygon wa;
    double cx, cy, dx, dy;
    satcd_rot qb;
} placement;

static void b_origin(const placement *pl, double t, double *px, double *py)
{
    double lx = pl->b->centroid.x, ly = pl->b->centroid.y;
    *px = pl->cx + t * pl->dx - ((double)pl->qb.c * lx - (double)pl->qb.s * ly);
    *py = pl->cy + t * pl->dy - ((double)pl->qb.s * lx + (double)pl->qb.c * ly);
}

static double separation_at(const placement *pl, double t)
{
    double px, py;
    b_origin(pl, t, &px, &py);
    truth_polygon wb;
    truth_place(pl->b, px, py, pl->qb.c, pl->qb.s, &wb);
    return truth_sat_pair(&pl->wa, &wb).sep;
}

/*
 * The offset t >= 0 where the separation reaches `target`. The separation
 * is a maximum of functions linear in t, hence convex, and negative at
 * t = 0 (both centroids are interior), so it crosses each target above
 * its value at 0 exactly once.
 */
static double offset_for(const placement *pl, double target)
{
    double lo = 0.0, hi = pl->a->radius + pl->b->radius + 1.0;
    while (separation_at(pl, hi) < target) hi *= 2.0;
    for (int i = 0; i < 80; ++i) {
        double mid = 0.5 * (lo + hi);
        if (separation_at(pl, mid) < target) lo = mid;
        else hi = mid;
    }
    return 0.5 * (lo + hi);
}

static satcd_xf place_b(const placement *pl, double t)
{
    double px, py;
    b_origin(pl, t, &px, &py);
    satcd_xf xb = {{(float)px, (float)py}, pl->qb};
    return xb;
}

static pair_kind random_kind(random_source *r)
{
    int k = random_int(r, 0, 19);
    if (k < 5) return PAIR_APART;
    if (k < 11) return PAIR_OVERLAP;
    if (k < 17) return PAIR_NEAR;
    if (k < 19) return PAIR_CONTAIN;
    return PAIR_TOUCH_EXACT;
}

/* Axis-aligned boxes with dyadic sizes and positions that touch exactly, face to face or corner to corner. */
static void touching_boxes(random_source *r, random_pair *out)
{
    float ha = 0.25f * (float)random_int(r, 1, 8), hb = 0.25f * (float)random_int(r, 1, 8);
    float ka = 0.25f * (float)random_int(r, 1, 8), kb = 0.25f * (float)random_int(r, 1, 8);
    out->a = satcd_polygon_box(ha, ka);
    out->b = satcd_polygon_box(hb, kb);
    float xa_x = 0.125f * (float)random_int(r, -32, 32);
    float xa_y = 0.125f * (float)random_int(r, -32, 32);
    satcd_xf xa = {{xa_x, xa_y}, {1.0f, 0.0f}};
    int reach = (int)(8.0f * (ka + kb));
    float slide = 0.125f * (float)random_int(r, -reach, reach); /* |slide| == ka + kb: corners touch */
    satcd_xf xb = {{xa.p.x + ha + hb, xa.p.y + slide}, {1.0f, 0.0f}};
    if (random_int(r, 0, 1)) { /* mirror: B on the left */
        xb.p.x = xa.p.x - ha - hb;
    }
    out->xa = xa;
    out->xb = xb;
    out->parallel = true;
}

static bool scaled_polygon(const satcd_polygon *p, int k, satcd_polygon *out)
{
    satcd_vec2 v[SATCD_MAX_POLYGON_VERTICES];
    for (int i = 0; i < p->count; ++i) {
        satcd_vec2 w = satcd_polygon_vertex(p, i);
        v[i] = satcd_v2(ldexpf(w.x, k), ldexpf(w.y, k));
    }
    return satcd_polygon_make(out, v, p->count) == SATCD_OK;
}

bool random_pair_scaled(const random_pair *p, int k, random_pair *out)
{
    *out = *p;
    out->xa.p = satcd_v2(ldexpf(p->xa.p.x, k), ldexpf(p->xa.p.y, k));
    out->xb.p = satcd_v2(ldexpf(p->xb.p.x, k), ldexpf(p->xb.p.y, k));
    return scaled_polygon(&p->a, k, &out->a) && scaled_polygon(&p->b, k, &out->b);
}

void random_pair_draw(random_source *r, random_pair *out)
{
    out->kind = random_kind(r);
    if (out->kind == PAIR_TOUCH_EXACT) {
        touching_boxes(r, out);
        return;
    }
    float ra = random_float(r, 0.5f, 2.0f);
    float rb = out->kind == PAIR_CONTAIN ? ra * random_float(r, 0.1f, 0.3f) : random_float(r, 0.5f, 2.0f);
    bool pa, pb;
    out->a = random_shape(r, ra, &pa);
    out->b = random_shape(r, rb, &pb);
    out->parallel = pa && pb && random_int(r, 0, 1);
    out->xa = random_transform(r, 4.0f);
    satcd_rot qb = random_transform(r, 0.0f).q;
    if (out->parallel) {
        out->xa.q = quarter_turn(r);
        qb = quarter_turn(r);
    }

    placement pl;
    pl.a = &out->a;
    pl.b = &out->b;
    truth_world(&out->a, out->xa, &pl.wa);
    truth_centroid(&out->a, out->xa, &pl.cx, &pl.cy);
    double angle = random_float(r, -3.14159265f, 3.14159265f);
    pl.dx = cos(angle);
    pl.dy = sin(angle);
    if (out->parallel && random_int(r, 0, 1)) { /* along an axis: faces meet face to face */
        pl.dx = (double)random_int(r, -1, 1);
        pl.dy = pl.dx == 0.0 ? (random_int(r, 0, 1) ? 1.0 : -1.0) : 0.0;
    }
    pl.qb = qb;

    double t;
    switch (out->kind) {
    case PAIR_APART: t = offset_for(&pl, random_float(r, 0.01f, 1.0f)); break;
    case PAIR_OVERLAP: t = offset_for(&pl, 0.0) * random_float(r, 0.0f, 0.98f); break;
    case PAIR_NEAR: t = offset_for(&pl, random_int(r, 0, 4) == 0 ? 0.0 : random_float(r, -1e-3f, 1e-3f)); break;
    default: t = random_float(r, 0.0f, 0.3f) * ra; break;
    }
    out->xb = place_b(&pl, t);
    if (out->kind == PAIR_CONTAIN && random_int(r, 0, 1)) { /* the small one as A */
        satcd_polygon tmp = out->a;
        satcd_xf xtmp = out->xa;
        out->a = out->b, out->xa = out->xb;
        out->b = tmp, out->xb = xtmp;
    }
}

random_pair_sequence random_pair_sequence_seeded(uint64_t seed, int count)
{
    random_pair_sequence s = {random_source_seeded(seed), count, 0};
    return s;
}

bool random_pair_next(random_pair_sequence *s, random_pair_case *out)
{
    if (s->drawn >= s->count) return false;
    out->index = s->drawn++;
    random_pair_draw(&s->source, &out->pair);
    truth_world(&out->pair.a, out->pair.xa, &out->world_a);
    truth_world(&out->pair.b, out->pair.xb, &out->world_b);
    out->scale = truth_scale(&out->world_a, &out->world_b);
    out->band = FLOAT_BAND_REL * out->scale;
    return true;
}
