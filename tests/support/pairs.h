/*
 * Deterministic random polygon pairs for the property tests, spread around
 * touching: clearly apart, clearly overlapping, within 1e-3 of touching,
 * one inside the other, and exactly touching axis-aligned boxes (dyadic
 * coordinates, so float and double see the very same contact). Shapes mix
 * random hulls of 3..16 vertices with boxes and regular polygons, whose
 * parallel faces make near-ties between axes. Random numbers are drawn one
 * per statement, so the sequence does not depend on the compiler's order of
 * evaluating arguments.
 */
#ifndef SATCD_TEST_PAIRS_H
#define SATCD_TEST_PAIRS_H

#include <stdbool.h>

#include "random_shapes.h"

typedef enum pg_kind {
    PG_APART,       /* separation in [0.01, 1] */
    PG_OVERLAP,     /* centroids between coincident and 98% of the touching distance */
    PG_NEAR,        /* separation in [-1e-3, 1e-3] (a fifth of them aimed at exactly 0) */
    PG_CONTAIN,     /* a small polygon near the centre of a large one */
    PG_TOUCH_EXACT, /* axis-aligned boxes whose faces or corners touch exactly */
    PG_KIND_COUNT
} pg_kind;

typedef struct pg_pair {
    satcd_polygon a, b;
    satcd_xf xa, xb;
    pg_kind kind;
    bool parallel; /* both shapes have parallel faces and quarter-turn rotations */
} pg_pair;

/* Name of a kind, for reports. */
const char *pg_kind_name(pg_kind k);
/* The next random pair. */
void pg_random_pair(rs_rng *r, pg_pair *out);
/*
 * The pair with every length (local vertices, positions) multiplied by 2^k,
 * exact in float; false if a constructor refuses the scaled polygons.
 */
bool pg_scaled(const pg_pair *p, int k, pg_pair *out);

#endif
