/* The cold-cache workload (cold.h): a scattered pool of polygons and pairs among them in random order. */
#include "cold.h"

#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <emmintrin.h>
#endif

/* splitmix64: the shuffles need only well-mixed bits from a fixed seed. */
static uint64_t mix_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* A uniformly random permutation of 0..n-1 (Fisher-Yates); NULL when out of memory. */
static int *random_permutation(int n, uint64_t seed)
{
    int *p = malloc(sizeof(int) * (size_t)n);
    if (!p) return NULL;
    for (int i = 0; i < n; ++i) p[i] = i;
    for (int i = n - 1; i > 0; --i) {
        int j = (int)(mix_next(&seed) % (uint64_t)(i + 1));
        int t = p[i];
        p[i] = p[j];
        p[j] = t;
    }
    return p;
}

static bool allocate(bench_cold *c)
{
    size_t polygons = sizeof(satcd_polygon) * (size_t)c->pool_size;
    size_t align = _Alignof(satcd_polygon);
    c->pool = aligned_alloc(align, (polygons + align - 1u) / align * align);
    c->ia = malloc(sizeof(int) * (size_t)c->count);
    c->ib = malloc(sizeof(int) * (size_t)c->count);
    c->xa = malloc(sizeof(satcd_xf) * (size_t)c->count);
    c->xb = malloc(sizeof(satcd_xf) * (size_t)c->count);
    return c->pool && c->ia && c->ib && c->xa && c->xb;
}

/* Pair k of the set goes to visiting position order[k], its polygons to slots slot[2k] and slot[2k + 1]. */
static void scatter(bench_cold *c, const bench_set *s, const int *slot, const int *order)
{
    for (int k = 0; k < s->count; ++k) {
        int i = order[k];
        c->ia[i] = slot[2 * k];
        c->ib[i] = slot[2 * k + 1];
        c->pool[c->ia[i]] = s->a[k];
        c->pool[c->ib[i]] = s->b[k];
        c->xa[i] = s->xa[k];
        c->xb[i] = s->xb[k];
    }
}

bool bench_flush_works(void)
{
#if defined(__x86_64__) || defined(__i386__) || (defined(__aarch64__) && defined(__GNUC__))
    return true;
#else
    return false;
#endif
}

void bench_flush(const void *p, size_t bytes)
{
    const size_t line = 64; /* at most the line size of the machines this runs on; a smaller step only repeats */
    const char *first = (const char *)((uintptr_t)p & ~(uintptr_t)(line - 1u));
    const char *end = (const char *)p + bytes;
#if defined(__x86_64__) || defined(__i386__)
    for (const char *q = first; q < end; q += line) _mm_clflush(q);
    _mm_mfence();
#elif defined(__aarch64__) && defined(__GNUC__)
    for (const char *q = first; q < end; q += line) __asm__ volatile("dc civac, %0" : : "r"(q) : "memory");
    __asm__ volatile("dsb ish" : : : "memory");
#else
    (void)first;
    (void)end;
#endif
}

void bench_cold_flush(const bench_cold *c)
{
    bench_flush(c->pool, sizeof(satcd_polygon) * (size_t)c->pool_size);
    bench_flush(c->ia, sizeof(int) * (size_t)c->count);
    bench_flush(c->ib, sizeof(int) * (size_t)c->count);
    bench_flush(c->xa, sizeof(satcd_xf) * (size_t)c->count);
    bench_flush(c->xb, sizeof(satcd_xf) * (size_t)c->count);
}

void bench_cold_free(bench_cold *c)
{
    free(c->pool);
    free(c->ia);
    free(c->ib);
    free(c->xa);
    free(c->xb);
    memset(c, 0, sizeof *c);
}

int bench_cold_make(bench_cold *out, char name, int sides, int pool_size)
{
    memset(out, 0, sizeof *out);
    if ((name != 'a' && name != 'b') || pool_size < 2 || pool_size % 2 != 0) return -1;
    out->name = name;
    out->sides = sides;
    out->pool_size = pool_size;
    out->count = pool_size / 2;
    bench_set s;
    if (bench_set_make(&s, name, sides, out->count) != 0) return -1;
    uint64_t seed = 0xc01dull * 256u + (uint64_t)(unsigned char)name * 32u + (uint64_t)sides;
    int *slot = random_permutation(pool_size, seed);
    int *order = random_permutation(out->count, ~seed);
    int status = -1;
    if (slot && order && allocate(out)) {
        scatter(out, &s, slot, order);
        out->overlap_fraction = s.overlap_fraction;
        status = 0;
    }
    free(slot);
    free(order);
    bench_set_free(&s);
    if (status != 0) bench_cold_free(out);
    return status;
}

double bench_cold_satcd_manifold(const bench_cold *c)
{
    float sum = 0.0f;
    for (int i = 0; i < c->count; ++i) {
        satcd_manifold m = satcd_collide_polygons(&c->pool[c->ia[i]], c->xa[i], &c->pool[c->ib[i]], c->xb[i], 0.0f);
        sum += (float)m.count + m.points[0].depth;
    }
    return (double)sum;
}

double bench_cold_satcd_overlap(const bench_cold *c)
{
    int hits = 0;
    for (int i = 0; i < c->count; ++i)
        hits += satcd_overlap_polygons(&c->pool[c->ia[i]], c->xa[i], &c->pool[c->ib[i]], c->xb[i]);
    return (double)hits;
}

/*
 * The memory floor: each pair reads the first and the last line of its two
 * polygons (the header and the end of the lanes of 8 vertices) and its two
 * transforms, and does nothing else. In the serial form the next pair's
 * slots wait for this pair's data (through a zero the compiler cannot see),
 * so the pairs' misses cannot overlap: one round trip to memory per pair,
 * what a query pays when its own work leaves no room to start the next
 * pair's reads. The parallel form drops that wait, so the processor keeps
 * as many misses in flight as it can: what prefetching ahead can reach.
 */
static float floor_pair(const bench_cold *c, int i)
{
    const float *a = (const float *)(const void *)&c->pool[c->ia[i]];
    const float *b = (const float *)(const void *)&c->pool[c->ib[i]];
    const int last = 255 / (int)sizeof(float);
    return a[0] + a[last] + b[0] + b[last] + c->xa[i].p.x + c->xb[i].p.x;
}

double bench_cold_floor_serial(const bench_cold *c)
{
    volatile int zero_source = 0;
    const int zero = zero_source;
    float sum = 0.0f;
    int step = 0;
    for (int i = 0; i < c->count; ++i) {
        float f = floor_pair(c, i + step);
        unsigned bits;
        memcpy(&bits, &f, sizeof bits);
        step = (int)(bits & (unsigned)zero);
        sum += f;
    }
    return (double)sum;
}

double bench_cold_floor_parallel(const bench_cold *c)
{
    float sum = 0.0f;
    for (int i = 0; i < c->count; ++i) sum += floor_pair(c, i);
    return (double)sum;
}

bool bench_cold_satcd_manifold_one(const bench_cold *c, int i)
{
    return satcd_collide_polygons(&c->pool[c->ia[i]], c->xa[i], &c->pool[c->ib[i]], c->xb[i], 0.0f).count > 0;
}

bool bench_cold_satcd_overlap_one(const bench_cold *c, int i)
{
    return satcd_overlap_polygons(&c->pool[c->ia[i]], c->xa[i], &c->pool[c->ib[i]], c->xb[i]);
}

float bench_cold_satcd_separation_one(const bench_cold *c, int i)
{
    return satcd_separation_polygons(&c->pool[c->ia[i]], c->xa[i], &c->pool[c->ib[i]], c->xb[i]);
}

int bench_cold_lines_spanned(size_t size, size_t align, size_t line)
{
    size_t step = align > 0 ? align : 1;
    int worst = 0;
    for (size_t start = 0; start < line; start += step) {
        int lines = (int)((start + size + line - 1u) / line);
        worst = lines > worst ? lines : worst;
    }
    return worst;
}
