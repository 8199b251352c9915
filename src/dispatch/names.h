/*
 * Force-included (-include) first into every source of a dispatching
 * library's per-backend objects, which CMake compiles once for each backend
 * with SATCD_DISPATCH_SUFFIX set to _scalar, _sse41 or _avx2: each public
 * query (and any function with external linkage those sources would share)
 * becomes a hidden symbol of that backend (satcd_collide_polygons_avx2 ...),
 * so the three copies link into one library, and a query that calls
 * another stays in its backend. dispatch.c defines the public names.
 *
 * SATCD_API is made empty here, before any public header: the renamed
 * definitions then take the objects' hidden default visibility and are not
 * exported, and calls into the sources compiled once (polygon
 * construction...) stay ordinary references.
 *
 * A function added to these sources with external linkage must be added
 * here (and a public one to queries.h): .ci/steps/30-simd.sh fails on any
 * global symbol of these objects without the backend's suffix.
 */
#ifndef SATCD_DISPATCH_NAMES_H
#define SATCD_DISPATCH_NAMES_H

#ifndef SATCD_DISPATCH_SUFFIX
#error "names.h is only for the per-backend objects of SATCD_SIMD=DISPATCH (cmake/Simd.cmake)"
#endif

#include <satcd/export.h>
#undef SATCD_API
#define SATCD_API

#define SATCD__PASTE(name, suffix) name##suffix
#define SATCD__PASTE_EXPANDED(name, suffix) SATCD__PASTE(name, suffix)
#define SATCD__IN_BACKEND(name) SATCD__PASTE_EXPANDED(name, SATCD_DISPATCH_SUFFIX)

/* The public queries (queries.h). */
#define satcd_overlap_polygons SATCD__IN_BACKEND(satcd_overlap_polygons)
#define satcd_separation_polygons SATCD__IN_BACKEND(satcd_separation_polygons)
#define satcd_relate_polygons SATCD__IN_BACKEND(satcd_relate_polygons)
#define satcd_mtv_polygons SATCD__IN_BACKEND(satcd_mtv_polygons)
#define satcd_overlap_polygons_cached SATCD__IN_BACKEND(satcd_overlap_polygons_cached)
#define satcd_collide_polygons SATCD__IN_BACKEND(satcd_collide_polygons)
#define satcd_collide_polygons_cached SATCD__IN_BACKEND(satcd_collide_polygons_cached)
#define satcd_trace_polygons SATCD__IN_BACKEND(satcd_trace_polygons)
#define satcd_distance_polygons SATCD__IN_BACKEND(satcd_distance_polygons)
#define satcd_sweep_polygons SATCD__IN_BACKEND(satcd_sweep_polygons)

/* The batch calls (queries.h, SATCD__BATCHES). */
#define satcd_batch_collide_polygons SATCD__IN_BACKEND(satcd_batch_collide_polygons)
#define satcd_batch_collide_polygons_parallel SATCD__IN_BACKEND(satcd_batch_collide_polygons_parallel)
#define satcd_batch_overlap_polygons SATCD__IN_BACKEND(satcd_batch_overlap_polygons)
#define satcd_batch_overlap_polygons_parallel SATCD__IN_BACKEND(satcd_batch_overlap_polygons_parallel)
#define satcd_batch_collide_polygon_circle SATCD__IN_BACKEND(satcd_batch_collide_polygon_circle)
#define satcd_batch_collide_polygon_circle_parallel SATCD__IN_BACKEND(satcd_batch_collide_polygon_circle_parallel)
#define satcd_batch_collide_circles SATCD__IN_BACKEND(satcd_batch_collide_circles)
#define satcd_batch_collide_circles_parallel SATCD__IN_BACKEND(satcd_batch_collide_circles_parallel)
#define satcd_batch_collide_polygon_capsule SATCD__IN_BACKEND(satcd_batch_collide_polygon_capsule)
#define satcd_batch_collide_polygon_capsule_parallel SATCD__IN_BACKEND(satcd_batch_collide_polygon_capsule_parallel)
#define satcd_batch_collide_capsules SATCD__IN_BACKEND(satcd_batch_collide_capsules)
#define satcd_batch_collide_capsules_parallel SATCD__IN_BACKEND(satcd_batch_collide_capsules_parallel)
#define satcd_batch_collide_capsule_circle SATCD__IN_BACKEND(satcd_batch_collide_capsule_circle)
#define satcd_batch_collide_capsule_circle_parallel SATCD__IN_BACKEND(satcd_batch_collide_capsule_circle_parallel)

/* Internal functions shared between these sources. */
#define satcd__manifold_faces SATCD__IN_BACKEND(satcd__manifold_faces)

/* This backend's table (table.c). */
#define satcd__backend_table SATCD__IN_BACKEND(satcd__backend_table)

#endif /* SATCD_DISPATCH_NAMES_H */
