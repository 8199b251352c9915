/*
 * What a picture shows, in world coordinates, built from a trace, a sweep or
 * a polygon-circle or polygon-capsule pair (scene.c).
 */
#ifndef SATCD_DRAW_SCENE_H
#define SATCD_DRAW_SCENE_H

#include <stdbool.h>

#include <satcd/capsule.h>
#include <satcd/compound.h>
#include <satcd/draw.h>
#include <satcd/manifold.h>
#include <satcd/polygon.h>
#include <satcd/circle.h>
#include <satcd/shape.h>
#include <satcd/sweep.h>
#include <satcd/trace.h>

#define MAX_V SATCD_MAX_POLYGON_VERTICES
#define MAX_AXES (SATCD_TRACE_MAX_AXES + 1)
#define SCENE_MAX_PIECES SATCD_DRAW_MAX_PIECES

/* One candidate axis with both projection intervals, world frame. */
typedef struct scene_axis {
    satcd_vec2 n;       /* unit axis, world */
    float a_min, a_max; /* A's projection */
    float b_min, b_max; /* B's projection */
    float separation;   /* signed gap on this axis */
    int shape;          /* 0: from A, 1: from B */
    int feature;        /* edge index, or vertex index when vertex */
    bool vertex;        /* axis from a vertex of A toward B's centre */
} scene_axis;

/* Everything a picture shows, in world coordinates. */
typedef struct scene {
    satcd_vec2 av[MAX_V], an[MAX_V];
    int a_count;          /* 0 when A is a circle or a capsule */
    bool a_round;         /* A is a capsule around a_core[0]-a_core[1] (a circle: both its centre) */
    satcd_vec2 a_core[2];
    float a_radius;
    /* A pair of any kinds (a_round, a compound B): no candidate axes and no faces are drawn. */
    bool any_kinds;
    /*
     * B a compound of b_pieces pieces of any kinds (b_count 0), placed by
     * b_xf, with one manifold per touching piece pair. The pieces are read
     * from the caller's compound while drawing rather than copied: a copy
     * of hundreds of placed outlines would put tens of kilobytes more on
     * the stack. A manifold is 44 bytes, so keeping all of them costs
     * about 11 KB.
     */
    int b_pieces;
    const satcd_compound *b_compound;
    satcd_xf b_xf;
    satcd_manifold piece_manifolds[SCENE_MAX_PIECES];
    int piece_manifold_count;
    satcd_vec2 bv[MAX_V], bn[MAX_V];
    int b_count;          /* 0 when B is a circle or a capsule */
    satcd_vec2 b_center;  /* B's centroid, the circle's centre or the capsule's midpoint */
    float b_radius;       /* circle or capsule radius; 0 for a polygon */
    bool b_capsule;       /* B is a capsule around the segment b_core[0]-b_core[1] */
    satcd_vec2 b_core[2];
    bool closest;         /* the pair is apart and closest_a, closest_b are its closest points */
    satcd_vec2 closest_a, closest_b;
    scene_axis axes[MAX_AXES];
    int axis_count;
    int chosen;           /* axis of the largest separation, -1 none */
    float separation;
    satcd_mtv mtv;
    satcd_manifold manifold;
    bool reference_is_b;  /* the contacts' depths are measured from B's face */
    bool faces;           /* reference and incident edges known */
    satcd_vec2 ref1, ref2, inc1, inc2;
    /* Sweeps: outlines at the start and the end, centroid paths, first contact. */
    bool sweep;
    satcd_toi toi;
    satcd_vec2 ghost[4][MAX_V]; /* A at t = 0, B at t = 0, A at t = 1, B at t = 1 */
    int ghost_count[4];
    satcd_vec2 path[2][2];      /* centroid of A / B at t = 0 and t = 1 */
    bool ghost_round[4];        /* slot g (as ghost) is a circle or capsule around ghost_core[g], A's or B's radius */
    satcd_vec2 ghost_core[4][2];
} scene;

/* The traced pair; t must have been recorded from a, xa, b, xb. */
void satcd__scene_from_trace(scene *sc, const satcd_trace *t, const satcd_polygon *a, satcd_xf xa,
                             const satcd_polygon *b, satcd_xf xb);

/*
 * The swept pair where it first touches (or at the start when it never
 * does), with its start and end outlines and centroid paths; t is scratch.
 * False when the placement is refused (a transform or velocity not finite).
 */
bool satcd__scene_from_sweep(scene *sc, satcd_trace *t, const satcd_polygon *a, satcd_xf xa, satcd_vec2 va,
                             const satcd_polygon *b, satcd_xf xb, satcd_vec2 vb);

/* p placed by xf: world vertices v and edge normals n. */
void satcd__place_polygon(const satcd_polygon *p, satcd_xf xf, satcd_vec2 *v, satcd_vec2 *n);

/* p placed by xf as ghost outline `slot` (0, 2: A at t = 0, 1; 1, 3: B). */
void satcd__ghost_polygon(scene *sc, int slot, const satcd_polygon *p, satcd_xf xf);

/* xf moved by v * t. */
satcd_xf satcd__moved(satcd_xf xf, satcd_vec2 v, float t);

/* A polygon and a circle with the candidate axes of their test. */
void satcd__scene_from_polygon_circle(scene *sc, const satcd_polygon *a, satcd_xf xa,
                                      const satcd_circle *b, satcd_xf xb);

/*
 * A polygon and a capsule: the polygon's edge normals, the segment's normal
 * and the axes from the polygon's vertex nearest each end, the library's
 * MTV, contacts (margin 0) and, when apart, closest points.
 */
void satcd__scene_from_polygon_capsule(scene *sc, const satcd_polygon *a, satcd_xf xa,
                                       const satcd_capsule *b, satcd_xf xb);

/* The swept polygon-capsule pair where it first touches (or at the start), with its motion. */
void satcd__scene_from_capsule_sweep(scene *sc, const satcd_polygon *a, satcd_xf xa, satcd_vec2 va,
                                     const satcd_capsule *b, satcd_xf xb, satcd_vec2 vb);

/*
 * Two swept shapes of any kinds (satcd_sweep) where they first touch (or
 * at the start when they never do), drawn as satcd__scene_from_shapes
 * draws them, with their start and end outlines and the paths of their
 * centres.
 */
void satcd__scene_from_shapes_sweep(scene *sc, const satcd_shape *a, satcd_xf xa, satcd_vec2 va, const satcd_shape *b,
                                    satcd_xf xb, satcd_vec2 vb);

/* Two shapes of any kinds: the library's MTV, contacts (margin 0) and, when apart, closest points. */
void satcd__scene_from_shapes(scene *sc, const satcd_shape *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb);

/*
 * A shape and a compound of pieces of any kinds, as
 * satcd__scene_from_shapes (the compound queries, their normals pointing
 * from A to B); false when B has more than SCENE_MAX_PIECES pieces, an
 * invalid piece or a local transform that is not finite. The scene keeps
 * a pointer to b: b must outlive it.
 */
bool satcd__scene_from_shape_compound(scene *sc, const satcd_shape *a, satcd_xf xa, const satcd_compound *b,
                                      satcd_xf xb);

/* World transform of piece k of compound c placed by xf (its local transform, or the identity without locals). */
satcd_xf satcd__piece_xf(const satcd_compound *c, satcd_xf xf, int k);

#endif /* SATCD_DRAW_SCENE_H */
