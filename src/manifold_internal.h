/* The reference/incident choice, shared by manifold.c and trace.c. */
#ifndef SATCD_MANIFOLD_INTERNAL_H
#define SATCD_MANIFOLD_INTERNAL_H

#include "sat_internal.h"

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

/*
 * Choose the faces; false when the pair is farther apart than margin. Needs
 * B's vertices placed (satcd__pair_place); turns B's normals itself once
 * A's faces leave the pair within the margin.
 */
bool satcd__choose_faces(satcd__pair *pair, float margin, satcd__faces *out);

#endif
