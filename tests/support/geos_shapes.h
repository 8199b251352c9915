/* The test shapes as GEOS geometries (reentrant C API), for independent truth. */
#ifndef SATCD_TEST_GEOS_SHAPES_H
#define SATCD_TEST_GEOS_SHAPES_H

#define GEOS_USE_ONLY_R_API
#include <geos_c.h>

#include "truth.h"

/* A GEOS context whose errors abort the test (no silent exception values). */
GEOSContextHandle_t geos_context(void);
/* The closed ring of p as a GEOS polygon; free with GEOSGeom_destroy_r. */
GEOSGeometry *geos_polygon(GEOSContextHandle_t h, const truth_polygon *p);
/* A GEOS point. */
GEOSGeometry *geos_point(GEOSContextHandle_t h, double x, double y);
/*
 * A disc as a buffered point with `quadrant_segments` segments per quarter
 * circle: an inscribed polygon whose chords fall short of the circle by at
 * most r * (1 - cos(pi / (4 * quadrant_segments))).
 */
GEOSGeometry *geos_disc(GEOSContextHandle_t h, double x, double y, double r, int quadrant_segments);
/*
 * A capsule as a buffered segment (inscribed, like geos_disc: short of the
 * true capsule by at most r * (1 - cos(pi / (4 * quadrant_segments)))); the
 * bare segment when r is 0, a disc when the ends coincide.
 */
GEOSGeometry *geos_capsule(GEOSContextHandle_t h, double x1, double y1, double x2, double y2, double r,
                           int quadrant_segments);
/* A GEOS predicate result as a boolean; aborts on a GEOS exception (2). */
int geos_predicate(char result);

#endif
