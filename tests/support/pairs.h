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
#include <stdint.h>

#include "random_shapes.h"
#include "truth.h"

typedef enum pair_kind {
    PAIR_APART,       /* separation in [0.01, 1] */
    PAIR_OVERLAP,     /* centroids between coincident and 98% of the touching distance */
    PAIR_NEAR,        /* separation in [-1e-3, 1e-3] (a fifth of them aimed at exactly 0) */
    PAIR_CONTAIN,     /* a small polygon near the centre of a large one */
    PAIR_TOUCH_EXACT, /* axis-aligned boxes whose faces or corners touch exactly */
    PAIR_KIND_COUNT
} pair_kind;

typedef struct random_pair {
    satcd_polygon a, b;
    satcd_xf xa, xb;
    pair_kind kind;
    bool parallel; /* both shapes have parallel faces and quarter-turn rotations */
} random_pair;

/* Name of a kind, for reports. */
const char *pair_kind_name(pair_kind k);
/* The next random pair. */
void random_pair_draw(random_source *r, random_pair *out);
/*
 * The pair with every length (local vertices, positions) multiplied by 2^k,
 * exact in float; false if a constructor refuses the scaled polygons.
 */
bool random_pair_scaled(const random_pair *p, int k, random_pair *out);

/*
 * A seeded sequence of random pairs, drawn one after the other from one
 * generator: equal seeds and counts give the same pairs everywhere.
 */
typedef struct random_pair_sequence {
    random_source source;
    int count; /* pairs the sequence yields */
    int drawn; /* pairs yielded so far */
} random_pair_sequence;

/*
 * One pair of a sequence with what every property test derives from it
 * first: both shapes placed in the world in double, their scale and the
 * float band at that scale.
 */
typedef struct random_pair_case {
    int index; /* 0 for the first pair of the sequence */
    random_pair pair;
    truth_polygon world_a, world_b;
    double scale; /* truth_scale of the two world shapes */
    double band;  /* FLOAT_BAND_REL x scale */
} random_pair_case;

/* A sequence of `count` pairs from the generator seeded with `seed`. */
random_pair_sequence random_pair_sequence_seeded(uint64_t seed, int count);
/* The next case into *out; false (and *out untouched) once all `count` are drawn. */
bool random_pair_next(random_pair_sequence *s, random_pair_case *out);

#endif
