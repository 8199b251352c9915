/*
 * Compound benchmark: one concave body, a comb of ten teeth split by
 * satcd_decompose into 12 convex pieces, against boxes placed around and
 * into it; satcd's compound overlap, MTV and manifolds over the pairs.
 */
#ifndef SATCD_BENCH_COMPOUND_H
#define SATCD_BENCH_COMPOUND_H

#include <satcd/satcd.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BENCH_COMPOUND_MAX_PIECES 32

typedef struct bench_compound_set {
    satcd_polygon pieces[BENCH_COMPOUND_MAX_PIECES];
    satcd_shape shapes[BENCH_COMPOUND_MAX_PIECES];
    satcd_compound body;
    satcd_polygon box;
    satcd_shape b;
    int count;          /* pairs */
    satcd_xf *xa, *xb;  /* count each */
    double overlap;     /* fraction of pairs that overlap, measured by satcd */
} bench_compound_set;

/* The comb, its pieces and `count` box placements. Returns 0 on success. */
int bench_compound_set_make(bench_compound_set *out, int count);
void bench_compound_set_free(bench_compound_set *s);

/* satcd_overlap_compound, satcd_mtv_compound and satcd_collide_compound over every pair. */
double bench_satcd_compound_overlap(const bench_compound_set *s);
double bench_satcd_compound_mtv(const bench_compound_set *s);
double bench_satcd_compound_manifold(const bench_compound_set *s);

#ifdef __cplusplus
}
#endif

#endif
