/**
 * @file polygon.h
 * @brief Convex polygons: construction, validation, convex hulls, bounds.
 *
 * A polygon is built once in its local frame and placed in the world by a
 * satcd_xf at each query. Vertices are counter-clockwise (y up) and each edge
 * i runs from vertex i to vertex i+1 with a cached outward unit normal.
 */
#ifndef SATCD_POLYGON_H
#define SATCD_POLYGON_H

#include <satcd/export.h>
#include <satcd/status.h>
#include <satcd/vec2.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Vertex capacity of a polygon. */
#define SATCD_MAX_POLYGON_VERTICES 16

/**
 * Relative tolerance of polygon cleanup. With @e extent the larger side of
 * the input's bounding box, two points closer than
 * SATCD_POLYGON_TOLERANCE_REL * extent are one point, and a vertex closer
 * than that to the line through its neighbours is dropped as collinear
 * (while the vertices dropped before it between those neighbours stay
 * that close too, so that drops along a gentle curve do not add up).
 * Relative, so that a polygon in millimetres and one in kilometres are
 * cleaned alike.
 */
#define SATCD_POLYGON_TOLERANCE_REL 1e-5f

/** Alignment of a declaration to @p n bytes (alignas in C++, _Alignas in C). */
#if defined(__cplusplus)
#  define SATCD_ALIGN(n) alignas(n)
#else
#  define SATCD_ALIGN(n) _Alignas(n)
#endif

/**
 * A convex polygon in its local frame. Build it only with the constructors;
 * treat the fields as read-only.
 *
 * Storage is structure-of-arrays so the SIMD backends load lanes directly.
 * Lanes from @c count up to the capacity repeat vertex 0 and normal 0, so a
 * kernel may read whole lanes without changing any minimum or maximum. The
 * scalars come first: the bounding-circle test that dismisses most far
 * pairs reads them with the first lanes of @c vx, and a polygon of up to 8
 * vertices lies within its first 256 bytes.
 *
 * The lanes are 32-byte aligned, and so is the struct: the compiler may
 * read them with aligned loads. Locals, globals and arrays of the type
 * are aligned by the compiler; memory from malloc is only aligned to
 * 16 bytes, so allocate polygons with
 * aligned_alloc(_Alignof(satcd_polygon), n * sizeof(satcd_polygon))
 * (or posix_memalign, or C++'s new, which honours the alignment).
 */
typedef struct satcd_polygon {
    satcd_vec2 centroid; /**< area centroid, local frame */
    float radius;        /**< largest distance from the centroid to a vertex */
    int count;           /**< number of vertices, 3..SATCD_MAX_POLYGON_VERTICES; 0 for an empty polygon */
    /**
     * Every unit direction u has an edge normal n with dot(u, n) >= cover
     * (the cosine of half the widest angle between neighbouring normals,
     * rounded down; 0.92 for a regular octagon). With the radius it bounds
     * the face separation from below, so a query can dismiss a pair whose
     * bounding circles are far apart without looking at an edge.
     */
    float cover;
    /**
     * The radius as the bounding-circle test uses it, with the slack that
     * covers a query's rounding: radius (1 + 2^-12) + 2^-17 (|centroid.x| +
     * |centroid.y|), rounded up. Stored so that a query need not form it.
     */
    float reach;
    /**
     * The point of the local frame that the vertex lanes vx, vy are stored
     * relative to, so that a polygon given in world coordinates far from
     * the origin is computed on short coordinates, as precisely as one
     * built around its own origin. Per axis, the centroid's coordinate when
     * every vertex lies within a factor 2 of it (each difference is then
     * exact, so anchor + lane gives back the vertex to the bit); 0 otherwise
     * (the polygon then spans at least half of its largest coordinate, and
     * its coordinates are already as short as lanes get). (0, 0) for a
     * polygon built around its origin.
     */
    satcd_vec2 anchor;
    SATCD_ALIGN(32) float vx[SATCD_MAX_POLYGON_VERTICES]; /**< vertex x minus anchor.x, CCW (satcd_polygon_vertex adds it back) */
    SATCD_ALIGN(32) float vy[SATCD_MAX_POLYGON_VERTICES]; /**< vertex y minus anchor.y, CCW */
    SATCD_ALIGN(32) float nx[SATCD_MAX_POLYGON_VERTICES]; /**< outward unit normal of edge i (vertex i to i+1), x */
    SATCD_ALIGN(32) float ny[SATCD_MAX_POLYGON_VERTICES]; /**< outward unit normal of edge i, y */
} satcd_polygon;

/**
 * Vertex @p i of @p p in its local frame (0 <= i < p->count), exactly as
 * given to the constructor (after cleaning); (0, 0) for a NULL @p p.
 */
static inline satcd_vec2 satcd_polygon_vertex(const satcd_polygon *p, int i)
{
    satcd_vec2 v = {0.0f, 0.0f};
    if (p != 0) v.x = p->vx[i] + p->anchor.x, v.y = p->vy[i] + p->anchor.y;
    return v;
}

/** Outward unit normal of edge @p i (vertex i to i+1) of @p p, local frame; (0, 0) for a NULL @p p. */
static inline satcd_vec2 satcd_polygon_normal(const satcd_polygon *p, int i)
{
    satcd_vec2 n = {0.0f, 0.0f};
    if (p != 0) n.x = p->nx[i], n.y = p->ny[i];
    return n;
}

/**
 * Build a convex polygon from an outline of @p count points in either
 * winding, of any length.
 *
 * Repeated points and collinear points are dropped (tolerance
 * SATCD_POLYGON_TOLERANCE_REL times the input's extent), the winding is made
 * counter-clockwise and the outward normals, centroid and radius are cached.
 * Vertices are counted after that cleanup, so an outline of hundreds of
 * points that describes a hexagon (points along its edges, the closing
 * vertex repeated) gives the hexagon. No memory is allocated: an outline of
 * more than 4 x SATCD_MAX_POLYGON_VERTICES points is cleaned as it is read
 * into a bounded ring, each drop checked against every point it passes
 * over, and the whole ring is then cleaned as a short outline is. Along
 * straight edges a drop is vouched for by a bound on the points it passes
 * over, so time grows about linearly with @p count; a run that stays close
 * to the tolerance all along (a gentle curve) is read again at each point,
 * up to @p count times its length.
 *
 * @return SATCD_OK, or the reason the input was refused: SATCD_ERR_NULL,
 * SATCD_ERR_NOT_FINITE, SATCD_ERR_OUT_OF_RANGE, SATCD_ERR_TOO_FEW_POINTS
 * (count < 3, or fewer than 3 distinct points), SATCD_ERR_DEGENERATE,
 * SATCD_ERR_SELF_INTERSECTING, SATCD_ERR_TOO_MANY_POINTS (more than
 * SATCD_MAX_POLYGON_VERTICES vertices after cleanup, whether convex or not)
 * or SATCD_ERR_NOT_CONVEX. On any error @p out is left untouched.
 */
SATCD_API satcd_status satcd_polygon_make(satcd_polygon *out, const satcd_vec2 *points, int count);

/**
 * Build the convex hull of any number of points (a point cloud, any order).
 *
 * The exact hull is found first (exact orientation tests, so no point is
 * ever left outside by rounding). Its corners closer together than the
 * tolerance of satcd_polygon_make (SATCD_POLYGON_TOLERANCE_REL times the
 * cloud's extent) are merged, and corners are cut while every point stays
 * within that tolerance of the result. Every vertex of the result is one of
 * the input points and a corner of the exact hull; every input point lies
 * inside the result or within the tolerance of it (twice that in the rare
 * case where a merge meets the first corner).
 *
 * No memory is allocated. The exact corners are kept in a ring of 256;
 * when the exact hull has more (points dense along a nearly straight
 * edge), the part wrapped so far is merged and cut on the way, each cut
 * checked against every input point. Time is O(count x exact corners).
 *
 * @return SATCD_OK, SATCD_ERR_NULL, SATCD_ERR_NOT_FINITE,
 * SATCD_ERR_OUT_OF_RANGE, SATCD_ERR_TOO_FEW_POINTS (count < 3, or all
 * points within the tolerance of one), SATCD_ERR_DEGENERATE (all points
 * within the tolerance of one line) or SATCD_ERR_TOO_MANY_POINTS (more
 * than SATCD_MAX_POLYGON_VERTICES corners after cutting, or more than 128
 * corners still standing after the part wrapped so far was thinned). On
 * any error @p out is untouched.
 */
SATCD_API satcd_status satcd_polygon_hull(satcd_polygon *out, const satcd_vec2 *points, int count);

/**
 * An axis-aligned box centred on the local origin, with half extents
 * @p half_width (x) and @p half_height (y). Both must be finite and > 0;
 * otherwise the result is an empty polygon (count 0), which every query
 * treats as absent (no overlap, no contact).
 */
SATCD_API satcd_polygon satcd_polygon_box(float half_width, float half_height);

/**
 * A regular polygon with @p sides vertices on a circle of @p radius around
 * the local origin, vertex 0 on the +x axis.
 *
 * @return SATCD_OK, SATCD_ERR_NULL, SATCD_ERR_TOO_FEW_POINTS (sides < 3),
 * SATCD_ERR_TOO_MANY_POINTS, SATCD_ERR_NOT_FINITE or SATCD_ERR_BAD_RADIUS
 * (radius <= 0). On any error @p out is untouched.
 */
SATCD_API satcd_status satcd_polygon_regular(satcd_polygon *out, int sides, float radius);

/**
 * World-space bounding box of @p p placed by @p xf. An empty polygon or a
 * NULL pointer gives a box at xf.p of zero size.
 */
SATCD_API satcd_aabb satcd_polygon_aabb(const satcd_polygon *p, satcd_xf xf);

/** True when @p p is a usable polygon (not NULL, 3 or more vertices). */
static inline bool satcd_polygon_is_valid(const satcd_polygon *p)
{
    return p != 0 && p->count >= 3 && p->count <= SATCD_MAX_POLYGON_VERTICES;
}

#ifdef __cplusplus
}
#endif

#endif /* SATCD_POLYGON_H */
