/*
 * A scene of moving boxes for the broad-phase tests, with its own record of
 * which ids are live and their boxes, and the brute-force truth computed
 * from that record: every pair of live boxes tested directly, the ray
 * tested against each box by clipping in double.
 */
#ifndef SATCD_TEST_BOX_SCENE_H
#define SATCD_TEST_BOX_SCENE_H

#include <stdbool.h>
#include <stdint.h>

#include <satcd/satcd.h>

#include "random_shapes.h"

typedef struct box_scene {
    satcd_broadphase *bp;
    random_source rng;
    int capacity;       /* ids the record holds */
    bool *live;         /* by id */
    satcd_aabb *box;    /* by id */
    satcd_vec2 *velocity;
    float offset;       /* the scene's centre on both axes */
    float extent;       /* half width of the region boxes move in */
    float grid;         /* > 0: coordinates snapped to multiples of it, so boxes touch */
} box_scene;

/* An empty scene around (offset, offset); the caller owns scene->bp's allocator choice (NULL: malloc). */
bool box_scene_init(box_scene *s, uint64_t seed, int capacity, float offset, float extent, float grid);
void box_scene_free(box_scene *s);

/* A random box of the scene's mix: mostly small, some zero-size, some huge. */
satcd_aabb box_scene_random_box(box_scene *s);
/* Add one box (to the broad phase and the record); returns its id or -1. */
int32_t box_scene_add(box_scene *s);
/* Remove a random live proxy, if any. */
void box_scene_remove_random(box_scene *s);
/*
 * One frame: every live box moves by its velocity (bouncing off the region),
 * a few teleport, a few are added and removed, as the rates say (per mille).
 */
void box_scene_step(box_scene *s, int add_rate, int remove_rate, int teleport_rate);
/* A frame of a scene mostly at rest: each live box moves with probability move_rate / 1000 (teleport_rate as above). */
void box_scene_step_some(box_scene *s, int move_rate, int add_rate, int remove_rate, int teleport_rate);
/* Every n-th live box (by id) moved into a square of side 2 around the centre, overlapping one another. */
void box_scene_crowd(box_scene *s, int n);

/* Every overlapping or touching pair of live boxes, a < b, sorted; returns the count (writes up to cap). */
int box_scene_brute_pairs(const box_scene *s, satcd_pair *out, int cap);
/* Whether the segment meets the closed box (clipped in double). */
bool box_scene_ray_meets(satcd_ray ray, satcd_aabb b);

#endif
