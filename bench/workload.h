/*
 * Benchmark workloads: pairs of regular n-gons generated from fixed seeds,
 * so every run on every machine times the same pairs.
 *
 *   set 'a': B at a random direction from A, at a distance scaled so that
 *            about 30% of the pairs overlap;
 *   set 'b': every pair overlaps, with an MTV depth uniform in [0.01, 0.25];
 *   motion:  pairs drawn like set 'a' that drift and spin slowly over a
 *            number of frames, for the per-pair axis cache.
 */
#ifndef SATCD_BENCH_WORKLOAD_H
#define SATCD_BENCH_WORKLOAD_H

#include <stdint.h>

#include <satcd/satcd.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Pairs per static set and per motion frame, frames per motion sequence. */
#define BENCH_SET_PAIRS 20000
#define BENCH_MOTION_PAIRS 2000
#define BENCH_MOTION_FRAMES 300

/* Target overlap fraction of set 'a' and depth range of set 'b'. */
#define BENCH_SET_A_OVERLAP 0.30
#define BENCH_SET_B_DEPTH_MIN 0.01f
#define BENCH_SET_B_DEPTH_MAX 0.25f

/*
 * A list of pairs: pair i is polygon a[i] placed by xa[i] against polygon
 * b[i] placed by xb[i]. For a motion sequence the transforms of frame f are
 * xa[f * count + i] and xb[f * count + i].
 */
typedef struct bench_set {
    char name;              /* 'a', 'b' or 'm' (motion) */
    int sides;              /* n of the regular n-gons */
    int count;              /* pairs */
    int frames;             /* 1 for a static set */
    satcd_polygon *a, *b;   /* count polygons each, local frame */
    satcd_xf *xa, *xb;      /* count * frames transforms each */
    double overlap_fraction; /* measured by satcd over every pair (and frame) */
    float distance_scale;   /* set 'a' and motion: the calibrated scale */
    float depth_error;      /* set 'b': largest |MTV depth - target| */
} bench_set;

/* Generate a set ('a', 'b' or 'm') of n-gon pairs. Returns 0 on success. */
int bench_set_make(bench_set *out, char name, int sides, int count);

/* Release what bench_set_make allocated. */
void bench_set_free(bench_set *set);

#ifdef __cplusplus
}
#endif

#endif
