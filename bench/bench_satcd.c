/* satcd benchmark bodies: one query over every pair, summed into a checksum. */
#include "bench.h"

double bench_satcd_overlap(const bench_set *s)
{
    int hits = 0;
    for (int i = 0; i < s->count; ++i) hits += satcd_overlap_polygons(&s->a[i], s->xa[i], &s->b[i], s->xb[i]);
    return (double)hits;
}

double bench_satcd_separation(const bench_set *s)
{
    float sum = 0.0f;
    for (int i = 0; i < s->count; ++i) sum += satcd_separation_polygons(&s->a[i], s->xa[i], &s->b[i], s->xb[i]);
    return (double)sum;
}

double bench_satcd_mtv(const bench_set *s)
{
    float sum = 0.0f;
    for (int i = 0; i < s->count; ++i) {
        satcd_mtv m = satcd_mtv_polygons(&s->a[i], s->xa[i], &s->b[i], s->xb[i]);
        sum += m.depth + m.normal.x;
    }
    return (double)sum;
}

double bench_satcd_manifold(const bench_set *s)
{
    float sum = 0.0f;
    for (int i = 0; i < s->count; ++i) {
        satcd_manifold m = satcd_collide_polygons(&s->a[i], s->xa[i], &s->b[i], s->xb[i], 0.0f);
        sum += (float)m.count + m.points[0].depth;
    }
    return (double)sum;
}

double bench_satcd_motion_cached(const bench_set *s, long *cache_hits)
{
    satcd_sat_cache caches[BENCH_MOTION_PAIRS]; /* one per pair, fresh for each run */
    int pairs = s->count < BENCH_MOTION_PAIRS ? s->count : BENCH_MOTION_PAIRS;
    for (int i = 0; i < pairs; ++i) caches[i] = (satcd_sat_cache)SATCD_SAT_CACHE_INIT;
    long hits = 0, settled = 0;
    for (int f = 0; f < s->frames; ++f) {
        const satcd_xf *xa = s->xa + (long)f * s->count, *xb = s->xb + (long)f * s->count;
        for (int i = 0; i < pairs; ++i) {
            hits += satcd_overlap_polygons_cached(&s->a[i], xa[i], &s->b[i], xb[i], &caches[i]);
            settled += caches[i].hit;
        }
    }
    if (cache_hits) *cache_hits = settled;
    return (double)hits;
}

double bench_satcd_motion_plain(const bench_set *s)
{
    long hits = 0;
    for (int f = 0; f < s->frames; ++f) {
        const satcd_xf *xa = s->xa + (long)f * s->count, *xb = s->xb + (long)f * s->count;
        for (int i = 0; i < s->count; ++i) hits += satcd_overlap_polygons(&s->a[i], xa[i], &s->b[i], xb[i]);
    }
    return (double)hits;
}

bool bench_satcd_overlap_one(const bench_set *s, int i)
{
    return satcd_overlap_polygons(&s->a[i], s->xa[i], &s->b[i], s->xb[i]);
}

float bench_satcd_separation_one(const bench_set *s, int i)
{
    return satcd_separation_polygons(&s->a[i], s->xa[i], &s->b[i], s->xb[i]);
}

bool bench_satcd_manifold_one(const bench_set *s, int i)
{
    return satcd_collide_polygons(&s->a[i], s->xa[i], &s->b[i], s->xb[i], 0.0f).count > 0;
}
