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

#endif
