/*
 * Independent double-precision geometry of placed polygons: the truth the
 * property tests compare the float library against. Nothing here calls the
 * library's queries; only the polygons' local vertices are read, and they
 * are placed in the world in double from the float transform, so the truth
 * describes exactly the shapes the library was given.
 */
#ifndef SATCD_TEST_TRUTH_H
#define SATCD_TEST_TRUTH_H

#include <stdbool.h>

#include <satcd/satcd.h>

/*
 * Width of the float band around touching, relative to the pair's scale
 * (truth_scale): twice the float32 epsilon of every coordinate would be
 * 2.4e-7; the library's measured worst error is 2.5e-7 x scale; the band
 * is eight times that. Inside it, float answers may go either way.
 */
#define FLOAT_BAND_REL 2e-6

/* A convex polygon in world coordinates, counter-clockwise, double precision. */
typedef struct truth_polygon {
    int n;
    double x[SATCD_MAX_POLYGON_VERTICES], y[SATCD_MAX_POLYGON_VERTICES];
    double nx[SATCD_MAX_POLYGON_VERTICES], ny[SATCD_MAX_POLYGON_VERTICES]; /* outward unit normal of edge i */
} truth_polygon;

/* p placed by (px, py) and the rotation (c, s), all in double. */
void truth_place(const satcd_polygon *p, double px, double py, double c, double s, truth_polygon *out);
/* p placed by the float transform xf, evaluated in double. */
void truth_world(const satcd_polygon *p, satcd_xf xf, truth_polygon *out);
/* The world centroid of p placed by xf (double). */
void truth_centroid(const satcd_polygon *p, satcd_xf xf, double *cx, double *cy);

/* Signed gap of `other` beyond face i of `ref`: min over other's vertices of n_i . (w - v_i). */
double truth_face_gap(const truth_polygon *ref, int i, const truth_polygon *other);

/* The separating-axis answer of a pair, computed in double. */
typedef struct truth_sat {
    double sep;        /* max face gap over both polygons (A's faces, then B's) */
    double sep_a;      /* max over A's faces */
    double sep_b;      /* max over B's faces */
    double nx, ny;     /* A-to-B unit normal of the best face */
    double runner_up;  /* best gap among faces whose A-to-B normal differs from (nx, ny) by > 1e-9 rad */
} truth_sat;
truth_sat truth_sat_pair(const truth_polygon *a, const truth_polygon *b);

/* Polygon against a disc, in double. */
typedef struct truth_disc {
    double sep;       /* Euclidean gap when apart, minus the push-out depth when overlapping */
    double nx, ny;    /* unit normal from the polygon toward the disc */
    bool inside;      /* the centre lies inside the polygon (or on it) */
    double tie;       /* inside: best minus second-best face gap of the centre; outside: the gap to the boundary */
} truth_disc;
truth_disc truth_disc_pair(const truth_polygon *p, double cx, double cy, double r);

/* Length of the push of B along unit u that separates: max_a a.u - min_b b.u. */
double truth_push_along(const truth_polygon *a, const truth_polygon *b, double ux, double uy);

/* Euclidean distance from (x, y) to the boundary of p. */
double truth_boundary_distance(const truth_polygon *p, double x, double y);
/* True when (x, y) lies inside p or on its boundary, within tol. */
bool truth_contains(const truth_polygon *p, double x, double y, double tol);

/*
 * Euclidean distance between two disjoint polygons by brute force over
 * vertex-edge pairs. *face_vertex is true when a closest pair projects
 * strictly inside an edge (the distance is then a face gap).
 */
double truth_distance(const truth_polygon *a, const truth_polygon *b, bool *face_vertex);

/* Largest absolute coordinate of both polygons relative to a's first vertex, at least 1. */
double truth_scale(const truth_polygon *a, const truth_polygon *b);

/* Angle in radians between two unit vectors. */
double truth_angle(double ax, double ay, double bx, double by);

#endif
