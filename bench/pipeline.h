/*
 * The pipeline benchmark: a whole collision frame of N moving polygons
 * (boxes and regular 3- to 8-gons, 0.25 to 0.75 units across half, two
 * units of area per body, speeds up to 2 units per second and turns up to
 * 1 radian per second at 60 frames per second, bouncing off the walls of
 * a square). One frame: every body moves and turns, its box is computed,
 * the broad phase is updated and lists its candidate pairs, and the narrow
 * phase computes a manifold (margin 0) for every candidate; the output is
 * the number of pairs that touch.
 */
#ifndef SATCD_BENCH_PIPELINE_H
#define SATCD_BENCH_PIPELINE_H

#include <satcd/satcd.h>

#include "broadphase.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bench_pipe_scene {
    bench_bp_scene bp;            /* each body's box this frame, its velocity and displacement */
    satcd_polygon *shape;         /* local frame, centred on the body's position */
    const satcd_polygon **shapes; /* &shape[i], as the batch calls take them */
    satcd_xf *xf;                 /* this frame's placement */
    float *angle, *spin;          /* radians, radians per frame */
} bench_pipe_scene;

/* A scene of n bodies from a fixed seed; 0 on success. */
int bench_pipe_scene_make(bench_pipe_scene *s, int n);
void bench_pipe_scene_free(bench_pipe_scene *s);
/* Advance one frame: every body moves and turns, its box follows. */
void bench_pipe_scene_step(bench_pipe_scene *s);

/* satcd's side: its broad phase and the batch manifold of every candidate pair. */
typedef struct bench_pipe_satcd {
    bench_bp_satcd bp;
    satcd_manifold *manifolds; /* room for bp.capacity */
} bench_pipe_satcd;

int bench_pipe_satcd_make(bench_pipe_satcd *b, const bench_pipe_scene *s);
void bench_pipe_satcd_free(bench_pipe_satcd *b);
/* One frame (tasks may be NULL); returns how many candidate pairs touch, -1 on failure. */
int bench_pipe_satcd_frame(bench_pipe_satcd *b, const bench_pipe_scene *s, const satcd_task_system *tasks);
/* The last frame's touching pairs, sorted by (a, b), into out (room for what the frame returned). */
void bench_pipe_satcd_touching(const bench_pipe_satcd *b, satcd_pair *out);

/* Box2D 2.4's side (peer_box2d_pipeline.cc): its broad phase as in broadphase.h, then b2CollidePolygons. */
typedef struct bench_pipe_box2d bench_pipe_box2d;
bench_pipe_box2d *bench_pipe_box2d_make(const bench_pipe_scene *s);
void bench_pipe_box2d_free(bench_pipe_box2d *b);
/* One frame; returns how many candidate pairs touch. */
int bench_pipe_box2d_frame(bench_pipe_box2d *b, const bench_pipe_scene *s);
/* The last frame's touching pairs sorted by (a, b), found again, into out (room for what the frame returned). */
void bench_pipe_box2d_touching(const bench_pipe_box2d *b, satcd_pair *out);

#ifdef __cplusplus
}
#endif

#endif
