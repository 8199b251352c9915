/**
 * @file decompose.h
 * @brief Concave bodies: a simple polygon split into convex pieces.
 *
 * The queries take convex polygons; a concave outline (level geometry, a
 * vehicle hull, a CAD part) is split once, at load time, into convex
 * pieces that tile it, each a satcd_polygon in the outline's own frame.
 */
#ifndef SATCD_DECOMPOSE_H
#define SATCD_DECOMPOSE_H

#include <stddef.h>

#include <satcd/export.h>
#include <satcd/polygon.h>
#include <satcd/status.h>
#include <satcd/vec2.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Longest outline, in vertices once cleaned, that satcd_decompose splits
 * with its own stack memory (about 20 KB of it, see
 * satcd_decompose_scratch_size). Longer outlines need
 * satcd_decompose_scratch and a buffer from the caller.
 */
#define SATCD_DECOMPOSE_STACK_VERTICES 256

/**
 * Split a simple polygon (no holes, either winding) into at most
 * @p max_out convex pieces, each within SATCD_MAX_POLYGON_VERTICES.
 *
 * The outline is cleaned as satcd_polygon_make cleans one, with the same
 * tolerance (SATCD_POLYGON_TOLERANCE_REL times the larger side of the
 * outline's bounding box): repeated points, the closing point that repeats
 * the first, and points within the tolerance of the line through their
 * neighbours are dropped. The cleaned outline is then split two ways, and
 * the split with fewer pieces is kept (the first on a tie):
 * - ear clipping, the fattest ear first (preferring ears whose diagonal
 *   passes no vertex within the tolerance), then neighbouring triangles
 *   merged across their shared diagonal while the union stays convex and
 *   within the vertex capacity (Hertel-Mehlhorn). Its pieces' vertices
 *   are the cleaned outline's.
 * - cuts from the reflex vertices: each along one of the vertex's edges
 *   extended, or along the bisector between them, to the first edge it
 *   meets; where that is not within the tolerance of a vertex, the cut
 *   makes a new vertex there. Cuts that neither side needs are then
 *   removed while the union stays convex and within the capacity, and a
 *   piece over the capacity is written as a fan. A new vertex is the cut's
 *   end rounded to float and moved, by at most the tolerance, onto the
 *   edge or just inside it.
 * Every turn the split depends on (ear convexity, a vertex inside an ear,
 * a merged or cut corner, a cut meeting an edge) is decided by an exact
 * orientation test on the float coordinates, so rounding never makes a
 * piece overlap another or leave the outline. The pieces are built with
 * satcd_polygon_make: valid and counter-clockwise. Together they cover
 * the outline exactly, up to the collinear points that the cleanup of the
 * outline and of each piece drops and the slivers between a new vertex
 * and its edge (each at most the tolerance from the boundary kept).
 *
 * Any split into convex pieces has at least ceil(r / 2) + 1 pieces for r
 * reflex vertices. The cuts give at most r + 1 (each resolves a reflex
 * vertex and makes none), so at most twice that bound, where the vertex
 * capacity does not split further; where exact tests refuse every cut of
 * some reflex vertex (rounding leaves no float point for its end), the
 * Hertel-Mehlhorn split is kept, which has at most 2 r + 1. There are
 * never more pieces than the cleaned vertex count minus 2 (one triangle
 * each): @p max_out = @p count - 2 always suffices.
 * docs/perf/decompose.md gives the counts measured on random outlines.
 *
 * No memory is allocated: the outline is cleaned as it is read into
 * SATCD_DECOMPOSE_STACK_VERTICES vertices of stack. Time grows as the
 * square of the cleaned vertex count (the simplicity check, the ears and
 * the cuts, each checked against the edges of the piece it splits).
 *
 * @param points   the outline, @p count points in order, either winding
 * @param count    number of points (any number; the closing point may repeat the first)
 * @param out      receives the pieces, out[0 .. *count_out - 1]
 * @param max_out  number of polygons @p out holds
 * @param count_out receives the number of pieces written
 * @return SATCD_OK, or the reason the input was refused: SATCD_ERR_NULL
 * (@p points, @p out or @p count_out is NULL), SATCD_ERR_TOO_FEW_POINTS
 * (count < 3, or fewer than 3 distinct points), SATCD_ERR_NOT_FINITE,
 * SATCD_ERR_OUT_OF_RANGE, SATCD_ERR_DEGENERATE (all points within the
 * tolerance of one line, or a part of the outline so thin that a piece
 * holding it would be), SATCD_ERR_SELF_INTERSECTING (edges cross or touch,
 * two vertices closer than the tolerance, an edge doubling back on the
 * one before), SATCD_ERR_TOO_MANY_POINTS (more than
 * SATCD_DECOMPOSE_STACK_VERTICES vertices once cleaned) or
 * SATCD_ERR_CAPACITY (more pieces than @p max_out). On any error nothing
 * is written to @p out or @p count_out.
 */
SATCD_API satcd_status satcd_decompose(const satcd_vec2 *points, int count, satcd_polygon *out, int max_out,
                                       int *count_out);

/**
 * Bytes of scratch memory satcd_decompose_scratch needs for an outline of
 * @p count points (its cleaned vertex count is at most @p count): a little
 * over 80 bytes a point. 0 when @p count < 0 or the size does not fit in
 * a size_t.
 */
SATCD_API size_t satcd_decompose_scratch_size(int count);

/**
 * satcd_decompose for outlines of any length, working in @p scratch
 * (@p scratch_size bytes, any alignment, contents ignored and overwritten)
 * instead of the stack. With @p scratch_size at least
 * satcd_decompose_scratch_size(@p count) no outline is refused for its
 * length; with less, SATCD_ERR_TOO_MANY_POINTS when the cleaned outline
 * does not fit. The result is the one satcd_decompose gives for an outline
 * both accept.
 *
 * @return the statuses of satcd_decompose; SATCD_ERR_NULL also for a NULL
 * @p scratch. On any error nothing is written to @p out or @p count_out.
 */
SATCD_API satcd_status satcd_decompose_scratch(const satcd_vec2 *points, int count, satcd_polygon *out, int max_out,
                                               int *count_out, void *scratch, size_t scratch_size);

#ifdef __cplusplus
}
#endif

#endif /* SATCD_DECOMPOSE_H */
