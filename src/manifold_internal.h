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

/* The best face of each polygon: index and separation. */
typedef struct satcd__best_faces {
    float sa, sb;
    int ea, eb;
} satcd__best_faces;

/* Half-width of the band within which the two best faces are equally good references. */
static inline float satcd__reference_band(const satcd__pair *pair)
{
    float ra = pair->a->radius, rb = pair->b->radius;
    return SATCD_REFERENCE_BIAS_REL * (ra < rb ? ra : rb);
}

/*
 * Whether B's face eb takes the reference from A's face ea when the two lie
 * within the band: by the shapes as placed (qa, qb their world rotations),
 * never by which was passed as A, so that the pair passed the other way
 * round makes the same choice. Each world normal is turned by its own
 * polygon's rotation alone, the same bits in either order. The larger
 * polygon holds the reference; between equal radii, the face whose world
 * normal points further along (1, 2). The two faces' normals are nearly
 * opposite, so that direction decides firmly unless they lie near
 * (-2, 1), far from the vertical and horizontal contacts of stacked and
 * side-by-side boxes, which keep their reference under small rotations.
 */
static inline bool satcd__b_takes_tie(const satcd__pair *pair, satcd_rot qa, int ea, satcd_rot qb, int eb)
{
    const satcd_polygon *a = pair->a, *b = pair->b;
    if (a->radius != b->radius) return b->radius > a->radius;
    satcd_vec2 na = satcd_rotate(qa, satcd_polygon_normal(a, ea));
    satcd_vec2 nb = satcd_rotate(qb, satcd_polygon_normal(b, eb));
    float ka = 2.0f * na.y + na.x, kb = 2.0f * nb.y + nb.x;
    if (ka != kb) return kb > ka;
    return nb.x > na.x;
}

/* Whether B holds the reference face: the clearly better face, or the tie rule within the band. */
static inline bool satcd__reference_is_b(const satcd__pair *pair, satcd_rot qa, satcd_rot qb, const satcd__best_faces *c)
{
    float band = satcd__reference_band(pair);
    if (c->sb > c->sa + band) return true;
    if (c->sa > c->sb + band) return false;
    return satcd__b_takes_tie(pair, qa, c->ea, qb, c->eb);
}

/*
 * Each polygon's best face; false when the pair is farther apart than
 * margin. B's faces before A's: either order gives the same answer, but
 * the choice's path from a face of B (its edge read from the placed copy,
 * the search over A's normals) runs longer than the path from a face of A,
 * and the faces kernel issued first finishes first, so the longer path
 * starts earlier (docs/perf/log.md, change 12).
 */
SATCD__KERNEL bool satcd__best_faces_within(const satcd__pair *pair, float margin, satcd__best_faces *out)
{
    /*
     * The kernel may stop at the first face at or above `beyond`, a value
     * strictly above the margin (margin >= 0): the pair is then too far apart.
     */
    float beyond = margin * (1.0f + FLT_EPSILON) + FLT_MIN;
    out->sb = satcd__pair_max_b(pair, beyond, &out->eb);
    if (out->sb > margin) return false;
    out->sa = satcd__pair_max_a(pair, beyond, &out->ea);
    return out->sa <= margin;
}

/* The faces with A's edge `ea` as reference and B's edge `ib` incident. */
SATCD__KERNEL void satcd__faces_on_a(const satcd__pair *pair, const satcd__placed *placed_b, int ea, int ib,
                                     satcd__faces *out)
{
    const satcd_polygon *a = pair->a, *b = pair->b;
    out->flip = false;
    out->reference_edge = ea;
    out->v1 = satcd__lane_vertex(a, ea);
    out->v2 = satcd__lane_vertex(a, satcd__next(ea, a->count));
    out->normal = satcd_polygon_normal(a, ea);
    out->incident_edge = ib;
    out->w1 = satcd__lane(placed_b->x, placed_b->y, ib);
    out->w2 = satcd__lane(placed_b->x, placed_b->y, satcd__next(ib, b->count));
}

/* The faces with B's edge `eb` as reference and A's edge `ia` incident. */
SATCD__KERNEL void satcd__faces_on_b(const satcd__pair *pair, const satcd__placed *placed_b, int eb, int ia,
                                     satcd__faces *out)
{
    const satcd_polygon *a = pair->a, *b = pair->b;
    out->flip = true;
    out->reference_edge = eb;
    out->v1 = satcd__lane(placed_b->x, placed_b->y, eb);
    out->v2 = satcd__lane(placed_b->x, placed_b->y, satcd__next(eb, b->count));
    out->normal = satcd__lane(placed_b->nx, placed_b->ny, eb);
    out->incident_edge = ia;
    out->w1 = satcd__lane_vertex(a, ia);
    out->w2 = satcd__lane_vertex(a, satcd__next(ia, a->count));
}

/* The incident edge for a reference face on A (edge ea) or on B (edge eb). */
static inline int satcd__incident_on_b(const satcd__pair *pair, const satcd__placed *placed_b, int ea)
{
    return satcd__lowest_along(placed_b->nx, placed_b->ny, pair->b->count, satcd_polygon_normal(pair->a, ea));
}
static inline int satcd__incident_on_a(const satcd__pair *pair, const satcd__placed *placed_b, int eb)
{
    return satcd__lowest_along(pair->a->nx, pair->a->ny, pair->a->count, satcd__lane(placed_b->nx, placed_b->ny, eb));
}

/*
 * Choose the faces from each polygon's best (satcd__best_faces_within). qa
 * and qb are the world rotations of A and B (for the tie rule). Needs B
 * placed in A's frame (satcd__pair_place_b), which a query does only once
 * the face kernels have found the pair within the margin: a pair they find
 * apart then never places B. Inline, so that the faces stay in registers on
 * their way to the clipping.
 */
SATCD__KERNEL void satcd__choose_faces(const satcd__pair *pair, const satcd__placed *placed_b,
                                       const satcd__best_faces *c, satcd_rot qa, satcd_rot qb, satcd__faces *out)
{
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
        ib = satcd__incident_on_b(pair, placed_b, c->ea);
        ia = satcd__incident_on_a(pair, placed_b, c->eb);
    }
    bool flip = satcd__reference_is_b(pair, qa, qb, c);
    out->separation = c->sa > c->sb ? c->sa : c->sb;
    if (!flip) {
        if (!satcd__simd_searches_ahead()) ib = satcd__incident_on_b(pair, placed_b, c->ea);
        satcd__faces_on_a(pair, placed_b, c->ea, ib, out);
    } else {
        if (!satcd__simd_searches_ahead()) ia = satcd__incident_on_a(pair, placed_b, c->eb);
        satcd__faces_on_b(pair, placed_b, c->eb, ia, out);
    }
}

/*
 * The faces of the manifold at margin 0 (manifold.c): those chosen, or
 * those an overlapping pair fell back to when the chosen ones kept no
 * contact; false when the pair is apart. For the trace, which must show
 * the faces the manifold used.
 */
bool satcd__manifold_faces(const satcd__pair *pair, const satcd__placed *placed_b, satcd_xf xa, satcd_rot qb,
                           satcd__faces *f);

#endif
