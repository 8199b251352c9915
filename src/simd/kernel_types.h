/*
 * What the kernels of every backend take and give (simd.h describes the
 * functions): the faces of a polygon as a satcd__axes, a clipped contact as
 * a satcd__clip_point, and the padding and capacity of every lane array.
 * Below the manifold layer: the kernels know vec2.h and nothing above it,
 * and manifold.c turns their output into satcd_contact.
 */
#ifndef SATCD_SIMD_KERNEL_TYPES_H
#define SATCD_SIMD_KERNEL_TYPES_H

#include <stdbool.h>
#include <stdint.h>

#include <satcd/vec2.h>

/*
 * For the few vector kernels a query calls at more than one place: inlined
 * even there, where a call would pass ten arguments, four of them on the
 * stack, for a kernel only a few times longer.
 */
#if defined(__GNUC__) || defined(__clang__)
#define SATCD__KERNEL static inline __attribute__((always_inline))
#else
#define SATCD__KERNEL static inline
#endif

/* Every array a kernel reads is padded to a multiple of this many lanes. */
#define SATCD_SIMD_PAD 8

/* The most lanes of one array: a polygon's vertex capacity (pair_internal.h checks it). */
#define SATCD__SIMD_MAX_LANES 16

static inline int satcd__padded_count(int count)
{
    return (count + SATCD_SIMD_PAD - 1) & ~(SATCD_SIMD_PAD - 1);
}

/*
 * A polygon's faces, read against another polygon's vertices: its local
 * normals (nx, ny) and a point on each face (px, py), count of them,
 * padded; the rotation q that turns its frame into the other's, and the
 * other's origin t in its frame. The kernels turn the normals themselves,
 * so neither polygon's vertices are moved: each is read where it is stored.
 */
typedef struct satcd__axes {
    const float *nx, *ny, *px, *py;
    int count;
    satcd_rot q;
    satcd_vec2 t;
} satcd__axes;

/*
 * One end of a clipped incident edge, as the clipping kernel writes it: four
 * 32-bit fields, so that a vector backend stores it as one 4-lane register
 * (x, y, depth, id). It has the layout of satcd_contact (manifold.c checks
 * it), and every kernel writes it only as whole bytes (a vector store or
 * memcpy), never field by field: manifold.c hands the kernel its
 * manifold's contacts to write, and the points land where the caller
 * receives them without a copy.
 */
typedef struct satcd__clip_point {
    float x, y;
    float depth;
    uint32_t id;
} satcd__clip_point;

_Static_assert(sizeof(satcd__clip_point) == 4 * sizeof(float), "a clipped point must be four 32-bit fields, unpadded");

#endif /* SATCD_SIMD_KERNEL_TYPES_H */
