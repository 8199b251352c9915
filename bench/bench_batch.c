/*
 * The batch narrow phase against a loop of single-pair calls over the same
 * data: a set's pairs as bodies (pair i is bodies 2i and 2i + 1) with
 * arrays of shape pointers and transforms by body and a list of index
 * pairs, as a scene hands them over after its broad phase; for a cold
 * set, the bodies are the pool's scattered polygons in visiting order.
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"

/* Arrays for `count` pairs of bodies 2i and 2i + 1; 0 on success. */
static int allocate(bench_batch *out, int count)
{
    memset(out, 0, sizeof *out);
    size_t bodies = 2 * (size_t)count, pairs = (size_t)count;
    out->shapes = malloc(bodies * sizeof *out->shapes);
    out->xfs = malloc(bodies * sizeof *out->xfs);
    out->pairs = malloc(pairs * sizeof *out->pairs);
    out->manifolds = malloc(pairs * sizeof *out->manifolds);
    out->hits = malloc(pairs * sizeof *out->hits);
    if (!out->shapes || !out->xfs || !out->pairs || !out->manifolds || !out->hits) {
        bench_batch_free(out);
        return 1;
    }
    for (int i = 0; i < count; ++i) out->pairs[i] = (satcd_pair){2 * i, 2 * i + 1};
    out->count = count;
    return 0;
}

int bench_batch_make(bench_batch *out, const bench_set *s)
{
    if (allocate(out, s->count) != 0) return 1;
    for (int i = 0; i < s->count; ++i) {
        out->shapes[2 * i] = &s->a[i];
        out->shapes[2 * i + 1] = &s->b[i];
        out->xfs[2 * i] = s->xa[i];
        out->xfs[2 * i + 1] = s->xb[i];
    }
    return 0;
}

int bench_batch_make_cold(bench_batch *out, const bench_cold *c)
{
    if (allocate(out, c->count) != 0) return 1;
    for (int i = 0; i < c->count; ++i) {
        out->shapes[2 * i] = &c->pool[c->ia[i]];
        out->shapes[2 * i + 1] = &c->pool[c->ib[i]];
        out->xfs[2 * i] = c->xa[i];
        out->xfs[2 * i + 1] = c->xb[i];
    }
    return 0;
}

void bench_batch_flush_cold(const bench_batch *b, const bench_cold *c)
{
    size_t bodies = 2 * (size_t)b->count, pairs = (size_t)b->count;
    bench_cold_flush(c);
    bench_flush(b->shapes, bodies * sizeof *b->shapes);
    bench_flush(b->xfs, bodies * sizeof *b->xfs);
    bench_flush(b->pairs, pairs * sizeof *b->pairs);
    bench_flush(b->manifolds, pairs * sizeof *b->manifolds);
}

void bench_batch_free(bench_batch *b)
{
    free(b->shapes);
    free(b->xfs);
    free(b->pairs);
    free(b->manifolds);
    free(b->hits);
    memset(b, 0, sizeof *b);
}

static double manifold_checksum(const satcd_manifold *m, int count)
{
    float sum = 0.0f;
    for (int i = 0; i < count; ++i) sum += (float)m[i].count + m[i].points[0].depth;
    return (double)sum;
}

static double hit_count(const bool *hits, int count)
{
    int n = 0;
    for (int i = 0; i < count; ++i) n += hits[i];
    return (double)n;
}

double bench_batch_manifold(bench_batch *b)
{
    satcd_batch_collide_polygons(b->shapes, b->xfs, b->pairs, b->count, 0.0f, b->manifolds);
    return manifold_checksum(b->manifolds, b->count);
}

double bench_batch_manifold_loop(bench_batch *b)
{
    for (int i = 0; i < b->count; ++i) {
        satcd_pair p = b->pairs[i];
        b->manifolds[i] = satcd_collide_polygons(b->shapes[p.a], b->xfs[p.a], b->shapes[p.b], b->xfs[p.b], 0.0f);
    }
    return manifold_checksum(b->manifolds, b->count);
}

double bench_batch_overlap(bench_batch *b)
{
    satcd_batch_overlap_polygons(b->shapes, b->xfs, b->pairs, b->count, b->hits);
    return hit_count(b->hits, b->count);
}

double bench_batch_overlap_loop(bench_batch *b)
{
    for (int i = 0; i < b->count; ++i) {
        satcd_pair p = b->pairs[i];
        b->hits[i] = satcd_overlap_polygons(b->shapes[p.a], b->xfs[p.a], b->shapes[p.b], b->xfs[p.b]);
    }
    return hit_count(b->hits, b->count);
}

bool bench_batch_agrees(bench_batch *b)
{
    size_t n = (size_t)b->count;
    satcd_manifold *m = malloc(n * sizeof *m);
    bool *hits = malloc(n * sizeof *hits);
    bool same = m && hits;
    if (same) {
        bench_batch_manifold_loop(b);
        memcpy(m, b->manifolds, n * sizeof *m);
        bench_batch_overlap_loop(b);
        memcpy(hits, b->hits, n * sizeof *hits);
        bench_batch_manifold(b);
        bench_batch_overlap(b);
        same = memcmp(m, b->manifolds, n * sizeof *m) == 0 && memcmp(hits, b->hits, n * sizeof *hits) == 0;
    }
    free(m);
    free(hits);
    return same;
}
