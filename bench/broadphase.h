/*
 * The broad-phase benchmark: N boxes moving in a square at constant
 * density (two units of area per box, sides 0.5 to 1.5, speeds up to 2
 * units per second at 60 frames per second, bouncing off the walls), one
 * frame per iteration: every box moves, then the pairs are listed. The
 * scene at rest is the same with 1 box in 100 moving, the rest still (a
 * level's static pieces, sleeping bodies).
 */
#ifndef SATCD_BENCH_BROADPHASE_H
#define SATCD_BENCH_BROADPHASE_H

#include <stdint.h>

#include <satcd/satcd.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bench_bp_scene {
    int count;
    int moving;             /* boxes [0, moving) move each frame, the others stay */
    float side;             /* the square is [0, side]^2 */
    satcd_aabb *box;        /* this frame's boxes */
    satcd_vec2 *velocity;   /* per frame */
    satcd_vec2 *moved_by;   /* this frame's displacement */
} bench_bp_scene;

/* The scenes' xorshift generator, uniform in [0, 1): the same scene on every run and machine. */
float bench_bp_next_unit(uint64_t *state);

/* A scene of n boxes from a fixed seed; 0 on success. */
int bench_bp_scene_make(bench_bp_scene *s, int n);
/* The same scene with only n / 100 boxes moving. */
int bench_bp_scene_make_resting(bench_bp_scene *s, int n);
void bench_bp_scene_free(bench_bp_scene *s);
/* Advance one frame. */
void bench_bp_scene_step(bench_bp_scene *s);

/* satcd's broad phase on a scene: every box added, in order (proxy i is box i). */
typedef struct bench_bp_satcd {
    satcd_broadphase *bp;
    satcd_pair *pairs;
    int capacity;
    int count;
} bench_bp_satcd;

int bench_bp_satcd_make(bench_bp_satcd *b, const bench_bp_scene *s);
void bench_bp_satcd_free(bench_bp_satcd *b);
/* One frame: move every moving proxy to its box, list the pairs (tasks may be NULL); returns the count. */
int bench_bp_satcd_frame(bench_bp_satcd *b, const bench_bp_scene *s, const satcd_task_system *tasks);
/* The same frame from scratch: a new broad phase, every box added, the pairs listed. */
int bench_bp_satcd_rebuild(bench_bp_satcd *b, const bench_bp_scene *s);

/* Box2D 2.4's b2BroadPhase used as its world uses it (peer_box2d_broadphase.cc). */
typedef struct bench_bp_box2d bench_bp_box2d;
bench_bp_box2d *bench_bp_box2d_make(const bench_bp_scene *s);
void bench_bp_box2d_free(bench_bp_box2d *b);
/* One frame (MoveProxy for the moving boxes, as a world moves its awake bodies); returns how many pairs of tight boxes overlap. */
int bench_bp_box2d_frame(bench_bp_box2d *b, const bench_bp_scene *s);
/* This frame's pairs in Box2D's order (as many as the frame returned), valid until the next frame. */
const satcd_pair *bench_bp_box2d_touching(const bench_bp_box2d *b);
/* This frame's pairs sorted by (a, b), into out (room for the count); for the agreement check. */
void bench_bp_box2d_sorted(const bench_bp_box2d *b, satcd_pair *out);

#ifdef __cplusplus
}
#endif

#endif
