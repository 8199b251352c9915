#include "random_shapes.h"

#include <math.h>
#include <stdlib.h>

rs_rng rs_seed(uint64_t seed)
{
    rs_rng r = {0u, (seed << 1u) | 1u};
    rs_u32(&r);
    r.state += 0x853c49e6748fea9bULL ^ seed;
    rs_u32(&r);
    return r;
}

uint32_t rs_u32(rs_rng *r)
{
    uint64_t old = r->state;
    r->state = old * 6364136223846793005ULL + r->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

float rs_unit(rs_rng *r) { return (float)(rs_u32(r) >> 8) * (1.0f / 16777216.0f); }

float rs_range(rs_rng *r, float lo, float hi) { return lo + (hi - lo) * rs_unit(r); }

int rs_int(rs_rng *r, int lo, int hi) { return lo + (int)(rs_u32(r) % (uint32_t)(hi - lo + 1)); }

static int cmp_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

satcd_polygon rs_polygon(rs_rng *r, int max_vertices, float radius)
{
    for (;;) {
        int n = rs_int(r, 3, max_vertices);
        float angles[SATCD_MAX_POLYGON_VERTICES];
        satcd_vec2 pts[SATCD_MAX_POLYGON_VERTICES];
        for (int i = 0; i < n; ++i) angles[i] = rs_range(r, 0.0f, 6.2831853f);
        qsort(angles, (size_t)n, sizeof angles[0], cmp_float);
        for (int i = 0; i < n; ++i) {
            float rad = radius * rs_range(r, 0.6f, 1.0f);
            pts[i] = satcd_v2(rad * cosf(angles[i]), rad * sinf(angles[i]));
        }
        satcd_polygon p;
        if (satcd_polygon_hull(&p, pts, n) == SATCD_OK) return p;
    }
}

satcd_polygon rs_regular(int sides, float radius)
{
    satcd_polygon p;
    if (satcd_polygon_regular(&p, sides, radius) != SATCD_OK) abort();
    return p;
}

satcd_xf rs_xf(rs_rng *r, float extent)
{
    /* One draw per statement, y first: the sequence must not depend on the
       compiler's order of evaluating arguments. */
    float y = rs_range(r, -extent, extent);
    float x = rs_range(r, -extent, extent);
    return rs_xf_at(r, satcd_v2(x, y));
}

satcd_xf rs_xf_at(rs_rng *r, satcd_vec2 position)
{
    return satcd_xf_make(position, rs_range(r, -3.14159265f, 3.14159265f));
}
