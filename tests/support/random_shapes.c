#include "random_shapes.h"

#include <math.h>
#include <stdlib.h>

random_source random_source_seeded(uint64_t seed)
{
    random_source r = {0u, (seed << 1u) | 1u};
    random_bits(&r);
    r.state += 0x853c49e6748fea9bULL ^ seed;
    random_bits(&r);
    return r;
}

uint32_t random_bits(random_source *r)
{
    uint64_t old = r->state;
    r->state = old * 6364136223846793005ULL + r->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

float random_unit(random_source *r) { return (float)(random_bits(r) >> 8) * (1.0f / 16777216.0f); }

float random_float(random_source *r, float lo, float hi) { return lo + (hi - lo) * random_unit(r); }

int random_int(random_source *r, int lo, int hi) { return lo + (int)(random_bits(r) % (uint32_t)(hi - lo + 1)); }

satcd_vec2 random_vec2(random_source *r, float lo, float hi)
{
    satcd_vec2 v;
    v.x = random_float(r, lo, hi);
    v.y = random_float(r, lo, hi);
    return v;
}

static int cmp_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

satcd_polygon random_convex_polygon(random_source *r, int max_vertices, float radius)
{
    for (;;) {
        int n = random_int(r, 3, max_vertices);
        float angles[SATCD_MAX_POLYGON_VERTICES];
        satcd_vec2 pts[SATCD_MAX_POLYGON_VERTICES];
        for (int i = 0; i < n; ++i) angles[i] = random_float(r, 0.0f, 6.2831853f);
        qsort(angles, (size_t)n, sizeof angles[0], cmp_float);
        for (int i = 0; i < n; ++i) {
            float rad = radius * random_float(r, 0.6f, 1.0f);
            pts[i] = satcd_v2(rad * cosf(angles[i]), rad * sinf(angles[i]));
        }
        satcd_polygon p;
        if (satcd_polygon_hull(&p, pts, n) == SATCD_OK) return p;
    }
}

satcd_polygon regular_polygon(int sides, float radius)
{
    satcd_polygon p;
    if (satcd_polygon_regular(&p, sides, radius) != SATCD_OK) abort();
    return p;
}

satcd_xf random_transform(random_source *r, float extent)
{
    /* One draw per statement, y first: the sequence must not depend on the
       compiler's order of evaluating arguments. */
    float y = random_float(r, -extent, extent);
    float x = random_float(r, -extent, extent);
    return random_transform_at(r, satcd_v2(x, y));
}

satcd_xf random_transform_at(random_source *r, satcd_vec2 position)
{
    return satcd_xf_make(position, random_float(r, -3.14159265f, 3.14159265f));
}

satcd_capsule random_capsule_sized(random_source *r, float radius)
{
    float pick = random_unit(r), half = radius * random_float(r, 0.05f, 1.5f);
    float round = radius * random_float(r, 0.05f, 0.8f), ang = random_float(r, -3.14159265f, 3.14159265f);
    satcd_vec2 c = satcd_scale(radius, random_vec2(r, -0.5f, 0.5f));
    if (pick < 0.15f) round = 0.0f;
    else if (pick < 0.22f) half = 0.0f;
    satcd_vec2 d = satcd_v2(half * cosf(ang), half * sinf(ang));
    satcd_capsule out;
    if (satcd_capsule_make(&out, satcd_sub(c, d), satcd_add(c, d), round) != SATCD_OK)
        (void)satcd_capsule_make(&out, satcd_v2(-radius, 0.0f), satcd_v2(radius, 0.0f), 0.5f * radius);
    return out;
}

satcd_circle random_circle_sized(random_source *r, float radius)
{
    satcd_vec2 c = satcd_scale(radius, random_vec2(r, -0.3f, 0.3f));
    satcd_circle out;
    if (satcd_circle_make(&out, c, radius * random_float(r, 0.05f, 1.0f)) != SATCD_OK)
        (void)satcd_circle_make(&out, satcd_v2(0.0f, 0.0f), radius);
    return out;
}

satcd_shape random_shape_of_kind(random_source *r, satcd_shape_type type, satcd_polygon *polygon, float radius)
{
    switch (type) {
    case SATCD_SHAPE_CAPSULE: return satcd_shape_of_capsule(random_capsule_sized(r, radius));
    case SATCD_SHAPE_CIRCLE: return satcd_shape_of_circle(random_circle_sized(r, radius));
    default:
        *polygon = random_convex_polygon(r, 8, radius);
        return satcd_shape_of_polygon(polygon);
    }
}
