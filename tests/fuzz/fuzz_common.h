/*
 * Shared pieces of the libFuzzer targets: a byte reader that turns fuzz
 * data into floats (raw bit patterns, or small grid values that make
 * repeated and collinear points likely), the invariant check that aborts
 * with a message, and the invariants of a constructed polygon.
 *
 * Every target is also built with fuzz_replay.c as an ordinary program that
 * replays the committed corpus, so the invariants run in the normal test
 * suite, under valgrind and under the sanitizers.
 */
#ifndef SATCD_FUZZ_COMMON_H
#define SATCD_FUZZ_COMMON_H

#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <satcd/satcd.h>

/* Abort (so libFuzzer records a crash) with the violated invariant. */
#define FUZZ_CHECK(cond)                                                                 \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            fprintf(stderr, "%s:%d: invariant violated: %s\n", __FILE__, __LINE__, #cond); \
            abort();                                                                     \
        }                                                                                \
    } while (0)

/* The fuzz input, consumed front to back; reads past the end give zeros. */
typedef struct fuzz_bytes {
    const uint8_t *data;
    size_t size;
    size_t pos;
    int encoding;  /* 0: raw float bits, 1: int8 grid / 4, 2: int8 grid * scale */
    float scale;
} fuzz_bytes;

static inline uint8_t fuzz_u8(fuzz_bytes *in)
{
    return in->pos < in->size ? in->data[in->pos++] : 0;
}

static inline float fuzz_raw_float(fuzz_bytes *in)
{
    uint8_t b[4]; /* one read per statement: an initializer list's order is unspecified */
    for (int i = 0; i < 4; ++i) b[i] = fuzz_u8(in);
    float f;
    memcpy(&f, b, sizeof f);
    return f;
}

/* Pick how the coordinates that follow are encoded (first byte of an input). */
static inline void fuzz_begin(fuzz_bytes *in, const uint8_t *data, size_t size)
{
    in->data = data;
    in->size = size;
    in->pos = 0;
    in->encoding = fuzz_u8(in) % 3;
    in->scale = in->encoding == 2 ? fuzz_raw_float(in) : 0.25f;
}

/* One coordinate in the input's encoding. */
static inline float fuzz_coord(fuzz_bytes *in)
{
    if (in->encoding == 0) return fuzz_raw_float(in);
    return (float)(int8_t)fuzz_u8(in) * in->scale;
}

static inline satcd_vec2 fuzz_point(fuzz_bytes *in)
{
    float x = fuzz_coord(in);
    return satcd_v2(x, fuzz_coord(in));
}

/* Largest magnitude among n points. */
static inline double fuzz_max_abs(const satcd_vec2 *v, int n)
{
    double m = 0.0;
    for (int i = 0; i < n; ++i) {
        m = fmax(m, fabs((double)v[i].x));
        m = fmax(m, fabs((double)v[i].y));
    }
    return m;
}

/* Largest vertex coordinate magnitude of a polygon, local frame. */
static inline double fuzz_polygon_max_abs(const satcd_polygon *p)
{
    double m = 0.0;
    for (int i = 0; i < p->count; ++i) {
        satcd_vec2 v = satcd_polygon_vertex(p, i);
        m = fmax(m, fmax(fabs((double)v.x), fabs((double)v.y)));
    }
    return m;
}

/*
 * Invariants of an accepted polygon: 3..16 vertices, every vertex one of
 * the n input points, strictly CCW turns, unit normals perpendicular to
 * their edges and pointing outward, lanes past count copying lane 0, a
 * finite centroid, a finite positive radius, and an anchor that is 0 or
 * within a factor 2 of every vertex on each axis.
 */
static inline void fuzz_check_polygon(const satcd_polygon *p, const satcd_vec2 *in, int n)
{
    int c = p->count;
    FUZZ_CHECK(c >= 3 && c <= SATCD_MAX_POLYGON_VERTICES);
    for (int i = 0; i < c; ++i) {
        satcd_vec2 v = satcd_polygon_vertex(p, i);
        bool found = false;
        for (int k = 0; k < n && !found; ++k) found = in[k].x == v.x && in[k].y == v.y;
        FUZZ_CHECK(found);
    }
    for (int i = c; i < SATCD_MAX_POLYGON_VERTICES; ++i) {
        satcd_vec2 v = satcd_polygon_vertex(p, i), v0 = satcd_polygon_vertex(p, 0);
        satcd_vec2 u = satcd_polygon_normal(p, i), u0 = satcd_polygon_normal(p, 0);
        FUZZ_CHECK(memcmp(&v, &v0, sizeof v) == 0 && memcmp(&u, &u0, sizeof u) == 0);
    }
    for (int i = 0; i < c; ++i) {
        int j = (i + 1) % c, k = (i + 2) % c;
        /* Exact in double: products of floats are exact, the sums nearly so. */
        satcd_vec2 vi = satcd_polygon_vertex(p, i), vj = satcd_polygon_vertex(p, j), vk = satcd_polygon_vertex(p, k);
        double e0x = (double)vj.x - vi.x, e0y = (double)vj.y - vi.y;
        double e1x = (double)vk.x - vj.x, e1y = (double)vk.y - vj.y;
        FUZZ_CHECK(e0x * e1y - e0y * e1x > 0.0);
        double len = hypot(e0x, e0y);
        satcd_vec2 ni = satcd_polygon_normal(p, i);
        double nx = ni.x, ny = ni.y;
        FUZZ_CHECK(isfinite(nx) && isfinite(ny));
        FUZZ_CHECK(fabs(hypot(nx, ny) - 1.0) < 1e-5);
        FUZZ_CHECK(fabs(nx * e0x + ny * e0y) <= 1e-5 * len);  /* perpendicular */
        FUZZ_CHECK(nx * e0y - ny * e0x > 0.0);               /* outward: right of a CCW edge */
    }
    FUZZ_CHECK(isfinite(p->centroid.x) && isfinite(p->centroid.y));
    FUZZ_CHECK(isfinite(p->radius) && p->radius > 0.0f);
    /* The anchor, per axis: 0, or within a factor 2 of every vertex (so that the lanes are exact). */
    for (int i = 0; i < c; ++i) {
        satcd_vec2 v = satcd_polygon_vertex(p, i), a = p->anchor;
        FUZZ_CHECK(a.x == 0.0f || (v.x / a.x >= 0.5f && v.x / a.x <= 2.0f));
        FUZZ_CHECK(a.y == 0.0f || (v.y / a.y >= 0.5f && v.y / a.y <= 2.0f));
    }
}

#endif /* SATCD_FUZZ_COMMON_H */
