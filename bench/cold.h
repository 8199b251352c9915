/*
 * The cold-cache workload: the bodies an engine keeps, scattered in memory
 * and out of every cache, and pairs among them in an order unrelated to
 * where they lie, as a broad phase hands them over.
 *
 * A pool of polygons is filled from the pairs of set 'a' or 'b'
 * (workload.h: the same shapes and placements, the distance scale of set
 * 'a' calibrated on these pairs), each polygon put in a slot drawn by a
 * random permutation of the pool, and the pairs are visited in a random
 * order. Each polygon belongs to one pair, so one pass over the pairs reads
 * the whole pool once, every read a slot far from the one before.
 * The transforms are a stream in visiting order, like a contact list.
 *
 * A pool far larger than one machine's last-level cache can fit in
 * another's (57.6 MB fits in a 480 MiB one), and a pass over a pool that
 * fits leaves it there for the next. So every timed pass starts with the
 * pool and the arrays of its case flushed from every level of cache
 * (bench_flush, outside the timing): the reads are from memory on any
 * machine.
 */
#ifndef SATCD_BENCH_COLD_H
#define SATCD_BENCH_COLD_H

#include <stdbool.h>
#include <stddef.h>

#include "workload.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Polygons in the pool of each cold set: 57.6 MB of 288-byte polygons, flushed from the caches before each pass. */
#define BENCH_COLD_POOL 200000

typedef struct bench_cold {
    char name;              /* 'a' or 'b': the set whose pairs fill the pool */
    int sides;
    int count;              /* pairs, half the pool */
    int pool_size;          /* polygons in the pool */
    satcd_polygon *pool;    /* aligned_alloc(_Alignof(satcd_polygon), ...) */
    int *ia, *ib;           /* pair i (in visiting order): slots of A and B */
    satcd_xf *xa, *xb;      /* pair i's transforms */
    double overlap_fraction; /* measured by satcd over every pair */
} bench_cold;

/* Fill a pool of pool_size (even, >= 2) n-gons from set name's pairs. Returns 0 on success. */
int bench_cold_make(bench_cold *out, char name, int sides, int pool_size);
void bench_cold_free(bench_cold *c);

/*
 * Evict every cache line of [p, p + bytes) from every level of cache
 * (x86's clflush, AArch64's dc civac), so that the next read of it comes
 * from memory; elsewhere nothing (bench_flush_works says which).
 */
void bench_flush(const void *p, size_t bytes);
bool bench_flush_works(void);

/* Flush the pool, the slots and the transforms of c: before each timed pass over it. */
void bench_cold_flush(const bench_cold *c);

/* One pass over every pair, summed into a checksum. */
double bench_cold_satcd_manifold(const bench_cold *c);
double bench_cold_satcd_overlap(const bench_cold *c);

/*
 * The memory floor of a pass (cold.c): each pair only reads the lines a
 * query reads first, serial (one round trip per pair) or with the pairs'
 * misses free to overlap.
 */
double bench_cold_floor_serial(const bench_cold *c);
double bench_cold_floor_parallel(const bench_cold *c);

/* Pair i's answers, for the peer agreement checks. */
bool bench_cold_satcd_manifold_one(const bench_cold *c, int i);
bool bench_cold_satcd_overlap_one(const bench_cold *c, int i);
float bench_cold_satcd_separation_one(const bench_cold *c, int i);

/*
 * Cache lines of `line` bytes that an object of `size` bytes spans at worst,
 * placed at any multiple of `align`: what reading all of it costs in a cold
 * pool.
 */
int bench_cold_lines_spanned(size_t size, size_t align, size_t line);

/* A peer's own copy of a cold set: its own pool in the same slots, the same visiting order. */
typedef struct bench_cold_peer {
    const char *name;
    void *(*prepare)(const bench_cold *c); /* NULL: the peer cannot hold these polygons */
    void (*release)(void *prepared);
    double (*overlap)(const void *prepared); /* NULL: no boolean-only query */
    double (*manifold)(const void *prepared);
    bool (*overlap_one)(const void *prepared, int i);
    bool (*manifold_one)(const void *prepared, int i);
    void (*flush)(const void *prepared); /* every byte a pass reads (bench_flush), before each timed pass */
} bench_cold_peer;

#ifdef __cplusplus
}
#endif

#endif
