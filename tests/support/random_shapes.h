/*
 * Deterministic random shapes for tests and tools: a small PCG32 generator
 * (same sequence on every platform and compiler) and random convex
 * polygons, circles and transforms built through the public constructors.
 */
#ifndef SATCD_TEST_RANDOM_SHAPES_H
#define SATCD_TEST_RANDOM_SHAPES_H

#include <stdint.h>

#include <satcd/satcd.h>

typedef struct rs_rng {
    uint64_t state;
    uint64_t inc;
} rs_rng;

/* Seed a generator; equal seeds give equal sequences everywhere. */
rs_rng rs_seed(uint64_t seed);
/* Next 32 random bits. */
uint32_t rs_u32(rs_rng *r);
/* Uniform float in [0, 1). */
float rs_unit(rs_rng *r);
/* Uniform float in [lo, hi). */
float rs_range(rs_rng *r, float lo, float hi);
/* Uniform int in [lo, hi]. */
int rs_int(rs_rng *r, int lo, int hi);

/*
 * A random convex polygon with 3..max_vertices vertices around the local
 * origin, sized about `radius`: sorted random angles on a jittered circle,
 * then the convex hull. Never fails (retries until the hull is valid).
 */
satcd_polygon rs_polygon(rs_rng *r, int max_vertices, float radius);
/* A regular n-gon of the given radius (vertex 0 on +x). */
satcd_polygon rs_regular(int sides, float radius);
/* A transform with position uniform in [-extent, extent]^2 and a uniform rotation. */
satcd_xf rs_xf(rs_rng *r, float extent);
/* A transform at `position` with a uniform random rotation. */
satcd_xf rs_xf_at(rs_rng *r, satcd_vec2 position);

#endif
