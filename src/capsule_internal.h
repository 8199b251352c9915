/*
 * The pair machinery of the capsule queries (capsule.c, capsule_sweep.c):
 * each pair as two cores in A's frame (capsule_core.c) and their one
 * signed separation with its normal.
 */
#ifndef SATCD_CAPSULE_INTERNAL_H
#define SATCD_CAPSULE_INTERNAL_H

#include <satcd/capsule.h>

#include "geometry_internal.h"

/* A core in A's frame: vertices with the outward normal of the face from vertex i to the next. */
typedef struct satcd__core {
    satcd_vec2 v[SATCD__MAX_V];
    satcd_vec2 n[SATCD__MAX_V];
    int count; /* >= 3 a polygon; 2 a segment (two faces, opposite normals); 1 a point (no face) */
    float radius;
    satcd_vec2 center; /* every point of the rounded core lies within reach of center, with rounding slack */
    float reach;
} satcd__core;

/* The pair's answer in A's frame. */
typedef struct satcd__round_pair {
    float separation;  /* Euclidean gap when apart, minus the push-out depth when overlapping */
    satcd_vec2 normal; /* unit, A to B */
    satcd_vec2 pa, pb; /* closest core points when the cores are apart */
    int face;          /* A's face whose normal is the normal, or -1 */
    bool apart;        /* the cores are apart (distance > 0) */
} satcd__round_pair;

/*
 * The cores' bounding circles are farther apart than margin (>= 0) by more
 * than any query's rounding: the pair's separation exceeds the margin, and
 * a query that needs no more than that can answer without the faces.
 */
bool satcd__cores_beyond(const satcd__core *a, const satcd__core *b, float margin);

/* The pair's separation, normal and closest core points. */
satcd__round_pair satcd__round_solve(const satcd__core *a, const satcd__core *b);
/*
 * satcd__round_solve's answer in *out, or false (out untouched) when the
 * pair's separation exceeds limit (>= 0, may be infinite) by more than any
 * query's rounding: a query that needs no more than that can answer
 * without the closest points.
 */
bool satcd__round_solve_within(const satcd__core *a, const satcd__core *b, float limit, satcd__round_pair *out);
/* B's core point deepest along -n, and its end index. */
satcd_vec2 satcd__round_deepest_b(const satcd__core *b, satcd_vec2 n, int *end);
/* Every point of `inner` lies in `outer`. */
bool satcd__contains(const satcd__core *outer, const satcd__core *inner);
/*
 * The three pair kinds as cores in the frame of A's anchor (the polygon's,
 * or the capsule's: A's frame shifted so that shapes given in world
 * coordinates far from the origin meet on short coordinates), with *frame
 * the transform that places those cores in the world (its rotation is
 * xa's); false when a shape or transform is unusable.
 */
bool satcd__polygon_capsule_cores(const satcd_polygon *a, satcd_xf xa, const satcd_capsule *b, satcd_xf xb,
                                  satcd__core *ca, satcd__core *cb, satcd_xf *frame);
bool satcd__capsules_cores(const satcd_capsule *a, satcd_xf xa, const satcd_capsule *b, satcd_xf xb,
                           satcd__core *ca, satcd__core *cb, satcd_xf *frame);
bool satcd__capsule_circle_cores(const satcd_capsule *a, satcd_xf xa, const satcd_circle *b, satcd_xf xb,
                                 satcd__core *ca, satcd__core *cb, satcd_xf *frame);

#endif
