/*
 * The queries a dispatching library (SATCD_SIMD=DISPATCH) compiles once per
 * backend: every public function whose source inlines the SIMD kernels.
 * SATCD__QUERIES(X) applies X(type, name, parameters, arguments) to each,
 * so that the table of one backend (table.c), its declarations and the
 * public functions that call through the table (dispatch.c) are written
 * once. dispatch.c defines each public name from this list with these
 * parameters, so the compiler checks the list against the public headers;
 * names.h renames the same functions in the per-backend objects.
 */
#ifndef SATCD_DISPATCH_QUERIES_H
#define SATCD_DISPATCH_QUERIES_H

#include <satcd/satcd.h>

#define SATCD__PAIR (const satcd_polygon *a, satcd_xf xa, const satcd_polygon *b, satcd_xf xb)
#define SATCD__PAIR_ARGS (a, xa, b, xb)

#define SATCD__QUERIES(X) \
    X(bool, satcd_overlap_polygons, SATCD__PAIR, SATCD__PAIR_ARGS) \
    X(float, satcd_separation_polygons, SATCD__PAIR, SATCD__PAIR_ARGS) \
    X(satcd_relation, satcd_relate_polygons, \
      (const satcd_polygon *a, satcd_xf xa, const satcd_polygon *b, satcd_xf xb, float tolerance), \
      (a, xa, b, xb, tolerance)) \
    X(satcd_mtv, satcd_mtv_polygons, SATCD__PAIR, SATCD__PAIR_ARGS) \
    X(bool, satcd_overlap_polygons_cached, \
      (const satcd_polygon *a, satcd_xf xa, const satcd_polygon *b, satcd_xf xb, satcd_sat_cache *cache), \
      (a, xa, b, xb, cache)) \
    X(satcd_manifold, satcd_collide_polygons, \
      (const satcd_polygon *a, satcd_xf xa, const satcd_polygon *b, satcd_xf xb, float margin), \
      (a, xa, b, xb, margin)) \
    X(satcd_manifold, satcd_collide_polygons_cached, \
      (const satcd_polygon *a, satcd_xf xa, const satcd_polygon *b, satcd_xf xb, float margin, float hysteresis, \
       satcd_manifold_cache *cache), \
      (a, xa, b, xb, margin, hysteresis, cache)) \
    X(satcd_status, satcd_trace_polygons, \
      (const satcd_polygon *a, satcd_xf xa, const satcd_polygon *b, satcd_xf xb, satcd_trace *out), \
      (a, xa, b, xb, out)) \
    X(satcd_distance, satcd_distance_polygons, SATCD__PAIR, SATCD__PAIR_ARGS) \
    X(satcd_toi, satcd_sweep_polygons, \
      (const satcd_polygon *a, satcd_xf xa, satcd_vec2 va, const satcd_polygon *b, satcd_xf xb, satcd_vec2 vb), \
      (a, xa, va, b, xb, vb))

/*
 * The batch calls (batch.c), which return nothing: SATCD__BATCHES(X)
 * applies X(name, parameters, arguments) to each. In the backend's object
 * each calls that backend's pair queries directly.
 */
#define SATCD__SHAPES_XFS(kind) const kind *const *shapes, const satcd_xf *xfs
#define SATCD__SHAPES2_XFS(kind_a, kind_b) const kind_a *const *shapes_a, const kind_b *const *shapes_b, const satcd_xf *xfs
#define SATCD__BATCH_ONE(X, name, kind) \
    X(name, (SATCD__SHAPES_XFS(kind), const satcd_pair *pairs, int count, float margin, satcd_manifold *out), \
      (shapes, xfs, pairs, count, margin, out)) \
    X(name##_parallel, \
      (SATCD__SHAPES_XFS(kind), const satcd_pair *pairs, int count, float margin, satcd_manifold *out, \
       const satcd_task_system *tasks), \
      (shapes, xfs, pairs, count, margin, out, tasks))
#define SATCD__BATCH_TWO(X, name, kind_a, kind_b) \
    X(name, (SATCD__SHAPES2_XFS(kind_a, kind_b), const satcd_pair *pairs, int count, float margin, satcd_manifold *out), \
      (shapes_a, shapes_b, xfs, pairs, count, margin, out)) \
    X(name##_parallel, \
      (SATCD__SHAPES2_XFS(kind_a, kind_b), const satcd_pair *pairs, int count, float margin, satcd_manifold *out, \
       const satcd_task_system *tasks), \
      (shapes_a, shapes_b, xfs, pairs, count, margin, out, tasks))

#define SATCD__BATCHES(X) \
    SATCD__BATCH_ONE(X, satcd_batch_collide_polygons, satcd_polygon) \
    X(satcd_batch_overlap_polygons, (SATCD__SHAPES_XFS(satcd_polygon), const satcd_pair *pairs, int count, bool *out), \
      (shapes, xfs, pairs, count, out)) \
    X(satcd_batch_overlap_polygons_parallel, \
      (SATCD__SHAPES_XFS(satcd_polygon), const satcd_pair *pairs, int count, bool *out, const satcd_task_system *tasks), \
      (shapes, xfs, pairs, count, out, tasks)) \
    SATCD__BATCH_TWO(X, satcd_batch_collide_polygon_circle, satcd_polygon, satcd_circle) \
    SATCD__BATCH_ONE(X, satcd_batch_collide_circles, satcd_circle) \
    SATCD__BATCH_TWO(X, satcd_batch_collide_polygon_capsule, satcd_polygon, satcd_capsule) \
    SATCD__BATCH_ONE(X, satcd_batch_collide_capsules, satcd_capsule) \
    SATCD__BATCH_TWO(X, satcd_batch_collide_capsule_circle, satcd_capsule, satcd_circle)

/* One backend's queries, and its name for satcd_simd_backend(). */
/*
 * Each query's function type first: a member declared as type (*fn) params
 * would put a return type such as satcd_mtv, also the name of a
 * function-like macro (satcd/shape.h), before a parenthesis.
 */
#define SATCD__QUERY_TYPE(type, name, params, args) typedef type name##_type params;
SATCD__QUERIES(SATCD__QUERY_TYPE)
#undef SATCD__QUERY_TYPE
#define SATCD__QUERY_MEMBER(type, name, params, args) name##_type *name##_fn;
#define SATCD__BATCH_MEMBER(name, params, args) void(*name##_fn) params;
typedef struct satcd__backend {
    const char *(*name)(void);
    SATCD__QUERIES(SATCD__QUERY_MEMBER)
    SATCD__BATCHES(SATCD__BATCH_MEMBER)
} satcd__backend;
#undef SATCD__QUERY_MEMBER
#undef SATCD__BATCH_MEMBER

/* The table table.c defines once per backend compiled in (names.h gives each its suffix). */
extern const satcd__backend satcd__backend_table_scalar, satcd__backend_table_sse41, satcd__backend_table_avx2;

/* The backend this process uses, chosen at the first call (dispatch.c). */
const satcd__backend *satcd__backend_in_use(void);

#endif /* SATCD_DISPATCH_QUERIES_H */
