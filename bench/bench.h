/*
 * The benchmark bodies and the peers, behind a C interface that the Google
 * Benchmark shim (shim.cc) registers. Each body runs one query over every
 * pair of a set once and returns a checksum, so no result can be optimised
 * away.
 */
#ifndef SATCD_BENCH_BENCH_H
#define SATCD_BENCH_BENCH_H

#include <stdbool.h>

#include "cold.h"
#include "workload.h"

#ifdef __cplusplus
extern "C" {
#endif

/* satcd queries, timed over every pair of a static set. */
double bench_satcd_overlap(const bench_set *s);
double bench_satcd_separation(const bench_set *s);
double bench_satcd_mtv(const bench_set *s);
double bench_satcd_manifold(const bench_set *s);

/*
 * A motion sequence, frame after frame: the cached query with one cache per
 * pair (reset at the start), and the plain query on the same sequence.
 * *cache_hits (may be NULL) receives how many queries the cached axis settled.
 */
double bench_satcd_motion_cached(const bench_set *s, long *cache_hits);
double bench_satcd_motion_plain(const bench_set *s);

/*
 * A set as a scene hands it to the narrow phase (bench_batch.c): shape
 * pointers and transforms by body (pair i: bodies 2i, 2i + 1), index
 * pairs, and room for the results.
 */
typedef struct bench_batch {
    const satcd_polygon **shapes;
    satcd_xf *xfs;
    satcd_pair *pairs;
    satcd_manifold *manifolds;
    bool *hits;
    int count;
} bench_batch;

int bench_batch_make(bench_batch *out, const bench_set *s); /* 0 on success */
int bench_batch_make_cold(bench_batch *out, const bench_cold *c); /* the same over a cold set's pool */
void bench_batch_free(bench_batch *b);
/* Flush a cold batch's arrays and its cold set (bench_cold_flush): before each timed pass. */
void bench_batch_flush_cold(const bench_batch *b, const bench_cold *c);
/* The batch calls, and a loop of single-pair calls over the same arrays. */
double bench_batch_manifold(bench_batch *b);
double bench_batch_manifold_loop(bench_batch *b);
double bench_batch_overlap(bench_batch *b);
double bench_batch_overlap_loop(bench_batch *b);
/* Whether the batch calls write what the loops write, byte for byte. */
bool bench_batch_agrees(bench_batch *b);

/* One pair's answers, for the peer agreement checks. */
bool bench_satcd_overlap_one(const bench_set *s, int i);
float bench_satcd_separation_one(const bench_set *s, int i);
bool bench_satcd_manifold_one(const bench_set *s, int i);

/*
 * A peer library prepared for one set: its own copies of the shapes (and,
 * where it keeps them, world-space vertices), built outside the timing.
 * prepare returns NULL when the peer cannot hold the set's polygons.
 */
typedef struct bench_peer {
    const char *name;
    void *(*prepare)(const bench_set *s);
    void (*release)(void *prepared);
    double (*overlap)(const void *prepared);      /* NULL: no boolean-only query */
    double (*manifold)(const void *prepared);
    bool (*overlap_one)(const void *prepared, int i);   /* NULL: no boolean-only query */
    bool (*manifold_one)(const void *prepared, int i);  /* true when it reports a contact */
} bench_peer;

/* The peers compiled in (Box2D 2.4, Chipmunk 7), NULL-terminated. */
extern const bench_peer *const bench_peers[];

#ifdef __cplusplus
}
#endif

#endif
