#include "geos_shapes.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static void on_error(const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    fputs("GEOS error: ", stderr);
    vfprintf(stderr, fmt, args);
    fputc('\n', stderr);
    va_end(args);
    abort();
}

GEOSContextHandle_t geos_context(void)
{
    GEOSContextHandle_t h = GEOS_init_r();
    if (h == NULL) abort();
    GEOSContext_setErrorHandler_r(h, on_error);
    return h;
}

GEOSGeometry *geos_polygon(GEOSContextHandle_t h, const truth_polygon *p)
{
    GEOSCoordSequence *seq = GEOSCoordSeq_create_r(h, (unsigned)p->n + 1u, 2u);
    for (int i = 0; i <= p->n; ++i) {
        int k = i % p->n;
        GEOSCoordSeq_setXY_r(h, seq, (unsigned)i, p->x[k], p->y[k]);
    }
    GEOSGeometry *ring = GEOSGeom_createLinearRing_r(h, seq);
    GEOSGeometry *poly = GEOSGeom_createPolygon_r(h, ring, NULL, 0u);
    if (poly == NULL) abort();
    return poly;
}

GEOSGeometry *geos_point(GEOSContextHandle_t h, double x, double y)
{
    GEOSGeometry *g = GEOSGeom_createPointFromXY_r(h, x, y);
    if (g == NULL) abort();
    return g;
}

GEOSGeometry *geos_disc(GEOSContextHandle_t h, double x, double y, double r, int quadrant_segments)
{
    GEOSGeometry *centre = geos_point(h, x, y);
    GEOSGeometry *disc = GEOSBuffer_r(h, centre, r, quadrant_segments);
    GEOSGeom_destroy_r(h, centre);
    if (disc == NULL) abort();
    return disc;
}

int geos_predicate(char result)
{
    if (result != 0 && result != 1) abort();
    return result;
}

GEOSGeometry *geos_capsule(GEOSContextHandle_t h, double x1, double y1, double x2, double y2, double r,
                           int quadrant_segments)
{
    if (x1 == x2 && y1 == y2) return geos_disc(h, x1, y1, r, quadrant_segments);
    GEOSCoordSequence *seq = GEOSCoordSeq_create_r(h, 2u, 2u);
    GEOSCoordSeq_setXY_r(h, seq, 0u, x1, y1);
    GEOSCoordSeq_setXY_r(h, seq, 1u, x2, y2);
    GEOSGeometry *line = GEOSGeom_createLineString_r(h, seq);
    if (line == NULL) abort();
    if (r == 0.0) return line;
    GEOSGeometry *capsule = GEOSBuffer_r(h, line, r, quadrant_segments);
    GEOSGeom_destroy_r(h, line);
    if (capsule == NULL) abort();
    return capsule;
}
