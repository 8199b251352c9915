/* Construction helpers shared by polygon.c and hull.c. */
#ifndef SATCD_POLYGON_INTERNAL_H
#define SATCD_POLYGON_INTERNAL_H

#include <satcd/polygon.h>

/* SATCD_OK, SATCD_ERR_NOT_FINITE or SATCD_ERR_OUT_OF_RANGE for the first bad point. */
satcd_status satcd__check_points(const satcd_vec2 *points, int count);

/* The larger side of the points' bounding box (count >= 1): the scale of every cleanup tolerance. */
float satcd__extent_of(const satcd_vec2 *points, int count);

#endif
