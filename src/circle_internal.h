/*
 * The reduction every circle query starts from, shared by circle.c (the
 * static queries) and circle_motion.c (time of impact): a polygon-disc or
 * disc-disc pair as one result in A's local frame.
 */
#ifndef SATCD_CIRCLE_INTERNAL_H
#define SATCD_CIRCLE_INTERNAL_H

#include <stdbool.h>

#include <satcd/circle.h>

/* Polygon versus disc, computed in the polygon's frame. */
typedef struct satcd__circle_round {
    float separation;  /* Euclidean gap when apart, minus the push-out depth when overlapping */
    satcd_vec2 normal; /* unit, polygon (or disc A) toward disc B, A's frame */
    satcd_vec2 center; /* B's centre in the frame of A's lanes (polygon: relative to its anchor) or in A's frame (disc) */
    int feature;       /* polygon edge or vertex closest to the centre */
    bool vertex;       /* feature is a vertex */
    bool inside;       /* the centre lies inside the polygon */
} satcd__circle_round;

/* Polygon a against the disc (c, r), c given in the frame of a's lanes (relative to its anchor, satcd_polygon). */
satcd__circle_round satcd__polygon_disc(const satcd_polygon *a, satcd_vec2 c, float r);
/* Disc a against disc b, in a's frame. */
satcd__circle_round satcd__disc_disc(const satcd_circle *a, satcd_xf xa, const satcd_circle *b, satcd_xf xb);

#endif /* SATCD_CIRCLE_INTERNAL_H */
