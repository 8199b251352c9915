/* Construction helpers shared by polygon.c and hull.c. */
#ifndef SATCD_POLYGON_INTERNAL_H
#define SATCD_POLYGON_INTERNAL_H

#include <satcd/polygon.h>

/* SATCD_OK, SATCD_ERR_NOT_FINITE or SATCD_ERR_OUT_OF_RANGE for the first bad point. */
satcd_status satcd__check_points(const satcd_vec2 *points, int count);

/* The larger side of the points' bounding box (count >= 1): the scale of every cleanup tolerance. */
float satcd__extent_of(const satcd_vec2 *points, int count);

/* True when every point is within tol of the line through the two farthest apart (n >= 2). */
bool satcd__all_collinear(const satcd_vec2 *points, int n, float tol);

/*
 * Fill out from a hull ring: 3..SATCD_MAX_POLYGON_VERTICES corners of an
 * exact convex hull in counter-clockwise order, neighbours more than the
 * cleanup tolerance apart. Such a ring is strictly convex and simple by
 * construction; only a zero float area (a polygon so small its squared
 * size underflows) is refused, SATCD_ERR_DEGENERATE, as satcd_polygon_make
 * refuses it.
 */
satcd_status satcd__polygon_from_hull_ring(satcd_polygon *out, const satcd_vec2 *ring, int n);

#endif
