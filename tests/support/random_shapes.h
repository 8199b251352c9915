/*
 * Deterministic random shapes for tests and tools: a small PCG32 generator
 * (same sequence on every platform and compiler) and random convex
 * polygons, circles and transforms built through the public constructors.
 */
#ifndef SATCD_TEST_RANDOM_SHAPES_H
#define SATCD_TEST_RANDOM_SHAPES_H

#include <stdint.h>

#include <satcd/satcd.h>

typedef struct random_source {
    uint64_t state;
    uint64_t inc;
} random_source;

/* Seed a generator; equal seeds give equal sequences everywhere. */
random_source random_source_seeded(uint64_t seed);
/* Next 32 random bits. */
uint32_t random_bits(random_source *r);
/* Uniform float in [0, 1). */
float random_unit(random_source *r);
/* Uniform float in [lo, hi). */
float random_float(random_source *r, float lo, float hi);
/* Uniform int in [lo, hi]. */
int random_int(random_source *r, int lo, int hi);
/*
 * A vector with both coordinates uniform in [lo, hi), x drawn first. Draw
 * two values through this or one per statement, never two in one call's
 * arguments or one initializer list: C leaves the order of those open, so
 * each compiler would build different cases.
 */
satcd_vec2 random_vec2(random_source *r, float lo, float hi);

/*
 * A random convex polygon with 3..max_vertices vertices around the local
 * origin, sized about `radius`: sorted random angles on a jittered circle,
 * then the convex hull. Never fails (retries until the hull is valid).
 */
satcd_polygon random_convex_polygon(random_source *r, int max_vertices, float radius);
/* A regular n-gon of the given radius (vertex 0 on +x). */
satcd_polygon regular_polygon(int sides, float radius);
/* A transform with position uniform in [-extent, extent]^2 and a uniform rotation. */
satcd_xf random_transform(random_source *r, float extent);
/* A transform at `position` with a uniform random rotation. */
satcd_xf random_transform_at(random_source *r, satcd_vec2 position);

/*
 * A random capsule about `radius` long with its centre near the local
 * origin: 15% bare segments (radius 0), 7% discs (p1 == p2), the rest
 * with a radius of 0.05 to 0.8 of `radius`.
 */
satcd_capsule random_capsule_sized(random_source *r, float radius);
/* A random circle of radius 0.05 to 1 times `radius`, its centre within 0.3 `radius` of the origin. */
satcd_circle random_circle_sized(random_source *r, float radius);
/*
 * A random shape of the given kind sized about `radius`; a polygon is
 * written to *polygon, which the shape then points at.
 */
satcd_shape random_shape_of_kind(random_source *r, satcd_shape_type type, satcd_polygon *polygon, float radius);

#endif
