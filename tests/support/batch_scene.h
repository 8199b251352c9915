/*
 * A scene of bodies for the batch tests: every body has a polygon, a
 * circle and a capsule of about the same size, so one list of index pairs
 * serves every kind of batch. The pairs are random pairs of nearby bodies
 * in both orders, plus every pair of a set of boxes placed edge to edge,
 * corner to corner and along a common line (touching and collinear faces),
 * all around an offset (0 or far from the origin).
 */
#ifndef SATCD_TEST_BATCH_SCENE_H
#define SATCD_TEST_BATCH_SCENE_H

#include <satcd/satcd.h>

typedef struct batch_scene {
    int bodies;
    satcd_polygon *polygon_store;
    satcd_circle *circle_store;
    satcd_capsule *capsule_store;
    const satcd_polygon **polygons; /* by body */
    const satcd_circle **circles;   /* by body */
    const satcd_capsule **capsules; /* by body */
    satcd_xf *xfs;                  /* by body */
    satcd_pair *pairs;
    int pair_count;
} batch_scene;

/* `bodies` random bodies (at least 16) around (offset, offset) and `pairs` random pairs, plus the boxes' pairs. */
bool batch_scene_init(batch_scene *s, uint64_t seed, int bodies, int pairs, float offset);
void batch_scene_free(batch_scene *s);

#endif
