/* The reference/incident choice, shared by manifold.c and trace.c. */
#ifndef SATCD_MANIFOLD_INTERNAL_H
#define SATCD_MANIFOLD_INTERNAL_H

#include <float.h>

#include "pair_internal.h"

/* Reference and incident edges of a polygon pair, in A's frame. */
typedef struct satcd__faces {
    float separation;        /* largest face separation of the pair */
    bool flip;               /* B holds the reference edge */
    int reference_edge;
    int incident_edge;
    satcd_vec2 v1, v2;       /* reference edge, CCW order of its polygon */
    satcd_vec2 normal;       /* reference edge's outward unit normal */
    satcd_vec2 w1, w2;       /* incident edge, CCW order of its polygon */
} satcd__faces;

/* Point i of the lanes x, y. */
static inline satcd_vec2 satcd__lane(const float *x, const float *y, int i) { return satcd_v2(x[i], y[i]); }

/*
 * Choose the faces; false when the pair is farther apart than margin. Needs
 * B placed in A's frame (satcd__pair_place_b): the face kernels do not read
 * it, so placing B runs alongside them, and the choice then loads the faces
 * it needs. Inline, so that the faces stay in registers on their way to the
 * clipping.
 */
SATCD__KERNEL bool satcd__choose_faces(const satcd__pair *pair, const satcd__placed *placed_b, float margin,
                                       satcd__faces *out)
{
    const satcd_polygon *a = pair->a, *b = pair->b;
    /*
     * The kernel may stop at the first face at or above `beyond`, a value
     * strictly above the margin (margin >= 0): the pair is then too far apart.
     */
    float beyond = margin * (1.0f + FLT_EPSILON) + FLT_MIN;
    int ea, eb;
    /*
     * B's faces before A's: either order gives the same answer, but the
     * choice's path from a face of B (its edge read from the placed copy,
     * the search over A's normals) runs longer than the path from a face
     * of A, and the faces kernel issued first finishes first, so the
     * longer path starts earlier (docs/perf/log.md, change 12).
     */
    float sb = satcd__pair_max_b(pair, beyond, &eb);
    if (sb > margin) return false;
    float sa = satcd__pair_max_a(pair, beyond, &ea);
    if (sa > margin) return false;

    float bias = SATCD_REFERENCE_BIAS_REL * (a->radius < b->radius ? a->radius : b->radius);
    /*
     * Which polygon holds the reference face is as good as random from
     * pair to pair, and the branch below mispredicts about half the time
     * when the pairs do not repeat; everything after it is then thrown away
     * and done again. Where the incident search is a few vector operations
     * (satcd__simd_searches_ahead), both candidates' searches are issued
     * before the branch, so that they survive its mispredictions.
     */
    int ib = -1, ia = -1;
    if (satcd__simd_searches_ahead()) {
        ib = satcd__lowest_along(placed_b->nx, placed_b->ny, b->count, satcd_polygon_normal(a, ea));
        ia = satcd__lowest_along(a->nx, a->ny, a->count, satcd__lane(placed_b->nx, placed_b->ny, eb));
    }
    out->flip = sb > sa + bias;
    out->separation = sa > sb ? sa : sb;
    if (!out->flip) {
        out->reference_edge = ea;
        out->v1 = satcd_polygon_vertex(a, ea);
        out->v2 = satcd_polygon_vertex(a, satcd__next(ea, a->count));
        out->normal = satcd_polygon_normal(a, ea);
        if (!satcd__simd_searches_ahead()) ib = satcd__lowest_along(placed_b->nx, placed_b->ny, b->count, out->normal);
        out->incident_edge = ib;
        out->w1 = satcd__lane(placed_b->x, placed_b->y, ib);
        out->w2 = satcd__lane(placed_b->x, placed_b->y, satcd__next(ib, b->count));
    } else {
        out->reference_edge = eb;
        out->v1 = satcd__lane(placed_b->x, placed_b->y, eb);
        out->v2 = satcd__lane(placed_b->x, placed_b->y, satcd__next(eb, b->count));
        out->normal = satcd__lane(placed_b->nx, placed_b->ny, eb);
        if (!satcd__simd_searches_ahead()) ia = satcd__lowest_along(a->nx, a->ny, a->count, out->normal);
        out->incident_edge = ia;
        out->w1 = satcd_polygon_vertex(a, ia);
        out->w2 = satcd_polygon_vertex(a, satcd__next(ia, a->count));
    }
    return true;
}

#endif
