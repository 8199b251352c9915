/*
 * Workload generation. A private PCG32 generator (not the test support's)
 * keeps the pairs fixed even when other parts of the project change their
 * random streams; only cosf/sinf of the platform's libm can move a bit.
 */
#include "workload.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define BENCH_TWO_PI 6.28318530717958647692f

typedef struct bench_rng {
    uint64_t state;
    uint64_t inc;
} bench_rng;

static uint32_t rng_u32(bench_rng *r)
{
    uint64_t old = r->state;
    r->state = old * 6364136223846793005ull + r->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

static bench_rng rng_seed(uint64_t seed)
{
    bench_rng r = {0u, (seed << 1u) | 1u};
    rng_u32(&r);
    r.state += seed;
    rng_u32(&r);
    return r;
}

/* Uniform in [lo, hi): 24 random bits, exact in float. */
static float rng_range(bench_rng *r, float lo, float hi)
{
    float unit = (float)(rng_u32(r) >> 8) * (1.0f / 16777216.0f);
    return lo + (hi - lo) * unit;
}

/* The random draws of one pair; positions follow from them and a scale. */
typedef struct pair_draw {
    float radius_a, radius_b;
    float angle_a, angle_b;
    satcd_vec2 position_a;
    satcd_vec2 direction; /* unit, A to B */
    float u;              /* set 'a' and motion: distance fraction in [0, 1) */
    float depth;          /* set 'b': target MTV depth */
    satcd_vec2 velocity_a, velocity_b; /* motion: per frame */
    float spin_a, spin_b;              /* motion: radians per frame */
} pair_draw;

static pair_draw draw_pair(bench_rng *r, char name)
{
    pair_draw d;
    memset(&d, 0, sizeof d);
    d.radius_a = rng_range(r, 0.5f, 1.5f);
    d.radius_b = rng_range(r, 0.5f, 1.5f);
    d.angle_a = rng_range(r, 0.0f, BENCH_TWO_PI);
    d.angle_b = rng_range(r, 0.0f, BENCH_TWO_PI);
    d.position_a.x = rng_range(r, -20.0f, 20.0f);
    d.position_a.y = rng_range(r, -20.0f, 20.0f);
    float theta = rng_range(r, 0.0f, BENCH_TWO_PI);
    d.direction = satcd_v2(cosf(theta), sinf(theta));
    if (name == 'b') {
        d.depth = rng_range(r, BENCH_SET_B_DEPTH_MIN, BENCH_SET_B_DEPTH_MAX);
    } else {
        d.u = rng_range(r, 0.0f, 1.0f);
    }
    if (name == 'm') {
        /* Slow drift (at most 0.6 length units over the sequence) and spin. */
        float ta = rng_range(r, 0.0f, BENCH_TWO_PI), tb = rng_range(r, 0.0f, BENCH_TWO_PI);
        float sa = rng_range(r, 0.0f, 0.001f), sb = rng_range(r, 0.0f, 0.001f);
        d.velocity_a = satcd_v2(sa * cosf(ta), sa * sinf(ta));
        d.velocity_b = satcd_v2(sb * cosf(tb), sb * sinf(tb));
        d.spin_a = rng_range(r, -0.01f, 0.01f);
        d.spin_b = rng_range(r, -0.01f, 0.01f);
    }
    return d;
}

static satcd_xf place_b(const pair_draw *d, float distance)
{
    return satcd_xf_make(satcd_mul_add(d->position_a, distance, d->direction), d->angle_b);
}

/* Set 'a' and motion: B at scale * u * (rA + rB) from A. */
static void place_scaled(bench_set *s, const pair_draw *draws, float scale)
{
    for (int i = 0; i < s->count; ++i) {
        const pair_draw *d = &draws[i];
        s->xa[i] = satcd_xf_make(d->position_a, d->angle_a);
        s->xb[i] = place_b(d, scale * d->u * (d->radius_a + d->radius_b));
    }
}

static double overlap_fraction(const bench_set *s, int pairs)
{
    int hits = 0;
    for (int i = 0; i < pairs; ++i) {
        int k = i % s->count;
        hits += satcd_overlap_polygons(&s->a[k], s->xa[i], &s->b[k], s->xb[i]);
    }
    return (double)hits / (double)pairs;
}

/* The distance scale that gives frame 0 an overlap fraction of BENCH_SET_A_OVERLAP. */
static float calibrate_scale(bench_set *s, const pair_draw *draws)
{
    float lo = 0.5f, hi = 8.0f; /* fraction(lo) > target > fraction(hi) */
    for (int it = 0; it < 30; ++it) {
        float mid = 0.5f * (lo + hi);
        place_scaled(s, draws, mid);
        if (overlap_fraction(s, s->count) > BENCH_SET_A_OVERLAP) lo = mid;
        else hi = mid;
    }
    return 0.5f * (lo + hi);
}

static float depth_at(const bench_set *s, int i, const pair_draw *d, float distance)
{
    return -satcd_separation_polygons(&s->a[i], s->xa[i], &s->b[i], place_b(d, distance));
}

/*
 * Set 'b': bisect the distance until the MTV depth equals the target. The
 * depth is concave along the ray (distance to the boundary of a convex
 * Minkowski difference), >= target at distance 0 (two regular n-gons on
 * one centre overlap by at least the sum of their inradii, >= 0.5) and
 * negative at rA + rB, so the crossing is unique. Returns the error.
 */
static float place_at_depth(bench_set *s, int i, const pair_draw *d)
{
    float lo = 0.0f, hi = d->radius_a + d->radius_b;
    if (depth_at(s, i, d, lo) < d->depth) return INFINITY;
    for (int it = 0; it < 40; ++it) {
        float mid = 0.5f * (lo + hi);
        if (depth_at(s, i, d, mid) >= d->depth) lo = mid;
        else hi = mid;
    }
    s->xb[i] = place_b(d, lo);
    return fabsf(depth_at(s, i, d, lo) - d->depth);
}

/* Motion: frame f moves each shape by f steps of its velocity and spin. */
static void place_frames(bench_set *s, const pair_draw *draws)
{
    for (int f = 1; f < s->frames; ++f) {
        float t = (float)f;
        for (int i = 0; i < s->count; ++i) {
            const pair_draw *d = &draws[i];
            satcd_xf a0 = s->xa[i], b0 = s->xb[i];
            s->xa[f * s->count + i] = satcd_xf_make(satcd_mul_add(a0.p, t, d->velocity_a), d->angle_a + t * d->spin_a);
            s->xb[f * s->count + i] = satcd_xf_make(satcd_mul_add(b0.p, t, d->velocity_b), d->angle_b + t * d->spin_b);
        }
    }
}

static void *alloc_aligned(size_t bytes)
{
    size_t rounded = (bytes + 63u) & ~(size_t)63u;
    return aligned_alloc(64, rounded);
}

void bench_set_free(bench_set *set)
{
    free(set->a);
    free(set->b);
    free(set->xa);
    free(set->xb);
    memset(set, 0, sizeof *set);
}

static uint64_t seed_of(char name, int sides) { return 0x5a7cd000u + (uint64_t)(unsigned char)name * 64u + (uint64_t)sides; }

int bench_set_make(bench_set *out, char name, int sides, int count)
{
    memset(out, 0, sizeof *out);
    if (count < 1 || sides < 3 || sides > SATCD_MAX_POLYGON_VERTICES) return -1;
    out->name = name;
    out->sides = sides;
    out->count = count;
    out->frames = name == 'm' ? BENCH_MOTION_FRAMES : 1;
    size_t transforms = (size_t)count * (size_t)out->frames;
    out->a = alloc_aligned(sizeof(satcd_polygon) * (size_t)count);
    out->b = alloc_aligned(sizeof(satcd_polygon) * (size_t)count);
    out->xa = alloc_aligned(sizeof(satcd_xf) * transforms);
    out->xb = alloc_aligned(sizeof(satcd_xf) * transforms);
    pair_draw *draws = malloc(sizeof(pair_draw) * (size_t)count);
    int status = -1;
    if (!out->a || !out->b || !out->xa || !out->xb || !draws) goto done;

    bench_rng rng = rng_seed(seed_of(name, sides));
    for (int i = 0; i < count; ++i) {
        draws[i] = draw_pair(&rng, name);
        if (satcd_polygon_regular(&out->a[i], sides, draws[i].radius_a) != SATCD_OK) goto done;
        if (satcd_polygon_regular(&out->b[i], sides, draws[i].radius_b) != SATCD_OK) goto done;
        out->xa[i] = satcd_xf_make(draws[i].position_a, draws[i].angle_a);
    }
    if (name == 'b') {
        for (int i = 0; i < count; ++i) {
            float err = place_at_depth(out, i, &draws[i]);
            if (!(err <= 1e-3f)) goto done;
            out->depth_error = err > out->depth_error ? err : out->depth_error;
        }
    } else {
        out->distance_scale = calibrate_scale(out, draws);
        place_scaled(out, draws, out->distance_scale);
        place_frames(out, draws);
    }
    out->overlap_fraction = overlap_fraction(out, count * out->frames);
    status = 0;
done:
    free(draws);
    if (status != 0) bench_set_free(out);
    return status;
}
