/**
 * @file draw.h
 * @brief SVG debug drawings of a pair query: both shapes, every candidate
 * axis with its two projection intervals, the MTV, the reference and
 * incident edges and the contacts; of a polygon and a circle or a capsule;
 * of shapes of any kinds, at rest or swept, and against a compound; and of
 * a concave outline's convex pieces.
 *
 * Drawing is kept apart from the queries: it reads a satcd_trace (or calls
 * the public queries for a polygon and a circle) and writes text. The
 * picture is y-up like the library (world +y points up on screen), with a
 * caption, a legend and one labelled group per candidate axis and per
 * contact:
 *
 * - `<g class="axis" data-shape="A|B" data-edge="i" data-separation="s">`
 *   per candidate axis (class also holds "separating", "overlapping" and
 *   "chosen" as they apply);
 * - `<g class="contact" data-depth="d" data-id="id">` per contact point;
 * - `<g class="toi" data-hit="true|false" data-t="t">` in a sweep picture.
 *
 * Numbers are formatted by the library itself, always with a '.' decimal
 * separator whatever the C locale. No allocation; the buffer variants
 * follow the snprintf convention so a caller can measure first.
 */
#ifndef SATCD_DRAW_H
#define SATCD_DRAW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <satcd/capsule.h>
#include <satcd/export.h>
#include <satcd/polygon.h>
#include <satcd/circle.h>
#include <satcd/compound.h>
#include <satcd/shape.h>
#include <satcd/sweep.h>
#include <satcd/trace.h>

#ifdef __cplusplus
extern "C" {
#endif

/** What to draw and how large. Start from satcd_draw_style_default(). */
typedef struct satcd_draw_style {
    float width;       /**< picture width in pixels, clamped to [160, 8192]; the height follows the scene */
    bool axes;         /**< draw every candidate axis with both projection intervals along it */
    bool normals;      /**< draw each edge's outward unit normal as a short arrow */
    bool labels;       /**< vertex indices, axis names and separations, contact depths */
    bool legend;       /**< a legend strip at the bottom */
    const char *title; /**< first caption line (plain text, escaped on output); NULL for none */
} satcd_draw_style;

/** The default style: 720 pixels wide, everything drawn, no title. */
SATCD_API satcd_draw_style satcd_draw_style_default(void);

/**
 * Write an SVG picture of a traced polygon pair into @p buf.
 *
 * @p a, @p xa, @p b, @p xb must be the shapes and transforms @p trace was
 * recorded from (satcd_trace_polygons); the trace supplies the axes,
 * intervals, choice of axis, faces and contacts, the polygons their
 * outlines. @p style may be NULL for satcd_draw_style_default().
 *
 * Like snprintf: at most @p cap bytes are written, including a terminating
 * NUL whenever @p cap > 0, and @p buf may be NULL when @p cap is 0.
 *
 * @return the length of the whole document in bytes, excluding the NUL
 * (when it is >= @p cap the output was truncated; call again with a buffer
 * of the returned size plus one), or 0 when @p trace, @p a or @p b is NULL,
 * a polygon is invalid, or the trace's axis count is not a->count +
 * b->count (a trace of another pair).
 */
SATCD_API size_t satcd_draw_trace_svg(const satcd_trace *trace,
                                      const satcd_polygon *a, satcd_xf xa,
                                      const satcd_polygon *b, satcd_xf xb,
                                      const satcd_draw_style *style, char *buf, size_t cap);

/**
 * satcd_draw_trace_svg written to an open stream instead of a buffer.
 * @return true when the whole document was written; false on invalid input
 * (as satcd_draw_trace_svg, or @p file NULL) or a write error.
 */
SATCD_API bool satcd_draw_trace_svg_file(const satcd_trace *trace,
                                         const satcd_polygon *a, satcd_xf xa,
                                         const satcd_polygon *b, satcd_xf xb,
                                         const satcd_draw_style *style, FILE *file);

/**
 * Write an SVG picture of a polygon @p a and a circle @p b: both shapes, the
 * candidate axes of the polygon-circle test (the polygon's edge normals and
 * the axis from its vertex nearest the centre towards the centre) with both
 * projection intervals, the MTV (satcd_mtv_polygon_circle) and the contact
 * (satcd_collide_polygon_circle, margin 0). Buffer convention and return
 * value as satcd_draw_trace_svg; 0 when a shape is NULL or invalid.
 */
SATCD_API size_t satcd_draw_polygon_circle_svg(const satcd_polygon *a, satcd_xf xa,
                                               const satcd_circle *b, satcd_xf xb,
                                               const satcd_draw_style *style, char *buf, size_t cap);

/**
 * satcd_draw_polygon_circle_svg written to an open stream.
 * @return true when the whole document was written; false on invalid input
 * or a write error.
 */
SATCD_API bool satcd_draw_polygon_circle_svg_file(const satcd_polygon *a, satcd_xf xa,
                                                  const satcd_circle *b, satcd_xf xb,
                                                  const satcd_draw_style *style, FILE *file);

/**
 * Write an SVG picture of a swept pair (satcd_sweep_polygons): A moves by
 * @p va * t and B by @p vb * t for t in [0, 1]. The shapes are drawn solid
 * where they first touch (at t = 0 when they never do), with their
 * candidate axes and intervals there, their start and end positions dashed,
 * the paths of their centroids, and the contact point and normal of the
 * time of impact in a `<g class="toi" data-hit="..." data-t="...">` group.
 * Velocities are in length units per unit of t, world frame. Buffer
 * convention and return value as satcd_draw_trace_svg; 0 when a polygon is
 * NULL or invalid, or a transform or velocity is not finite.
 */
SATCD_API size_t satcd_draw_sweep_svg(const satcd_polygon *a, satcd_xf xa, satcd_vec2 va,
                                      const satcd_polygon *b, satcd_xf xb, satcd_vec2 vb,
                                      const satcd_draw_style *style, char *buf, size_t cap);

/**
 * satcd_draw_sweep_svg written to an open stream.
 * @return true when the whole document was written; false on invalid input
 * or a write error.
 */
SATCD_API bool satcd_draw_sweep_svg_file(const satcd_polygon *a, satcd_xf xa, satcd_vec2 va,
                                         const satcd_polygon *b, satcd_xf xb, satcd_vec2 vb,
                                         const satcd_draw_style *style, FILE *file);

/**
 * Write an SVG picture of a polygon @p a and a capsule @p b (a segment when
 * its radius is 0): both shapes (the capsule's core segment dashed inside
 * it, its ends labelled p1 and p2), the candidate axes of the pair with
 * both projection intervals (the polygon's edge normals, the segment's
 * normal oriented from A to B, and the axes from the polygon's vertex
 * nearest each end towards that end), the MTV (satcd_mtv_polygon_capsule),
 * the contacts (satcd_collide_polygon_capsule, margin 0) and, when the pair
 * is apart, its closest points (satcd_distance_polygon_capsule) in a
 * `<g class="distance" data-distance="d">` group. B's group carries
 * `data-kind="capsule"`. Buffer convention and return value as
 * satcd_draw_trace_svg; 0 when a shape is NULL or invalid or a transform
 * is not finite.
 */
SATCD_API size_t satcd_draw_polygon_capsule_svg(const satcd_polygon *a, satcd_xf xa,
                                                const satcd_capsule *b, satcd_xf xb,
                                                const satcd_draw_style *style, char *buf, size_t cap);

/**
 * satcd_draw_polygon_capsule_svg written to an open stream.
 * @return true when the whole document was written; false on invalid input
 * or a write error.
 */
SATCD_API bool satcd_draw_polygon_capsule_svg_file(const satcd_polygon *a, satcd_xf xa,
                                                   const satcd_capsule *b, satcd_xf xb,
                                                   const satcd_draw_style *style, FILE *file);

/**
 * Write an SVG picture of a swept polygon-capsule pair
 * (satcd_sweep_polygon_capsule), drawn as satcd_draw_sweep_svg draws two
 * polygons: the pair where it first touches (at t = 0 when it never does)
 * with its candidate axes as in satcd_draw_polygon_capsule_svg, the start
 * and end positions dashed, the paths of A's centroid and of the capsule's
 * midpoint, and the time of impact's `<g class="toi">` group. Velocities in
 * length units per unit of t, world frame. Buffer convention and return
 * value as satcd_draw_trace_svg; 0 when a shape is NULL or invalid, or a
 * transform or velocity is not finite.
 */
SATCD_API size_t satcd_draw_sweep_polygon_capsule_svg(const satcd_polygon *a, satcd_xf xa, satcd_vec2 va,
                                                      const satcd_capsule *b, satcd_xf xb, satcd_vec2 vb,
                                                      const satcd_draw_style *style, char *buf, size_t cap);

/**
 * satcd_draw_sweep_polygon_capsule_svg written to an open stream.
 * @return true when the whole document was written; false on invalid input
 * or a write error.
 */
SATCD_API bool satcd_draw_sweep_polygon_capsule_svg_file(const satcd_polygon *a, satcd_xf xa, satcd_vec2 va,
                                                         const satcd_capsule *b, satcd_xf xb, satcd_vec2 vb,
                                                         const satcd_draw_style *style, FILE *file);

/**
 * Write an SVG picture of two swept shapes of any kinds (satcd_sweep):
 * A moves by @p va * t and B by @p vb * t for t in [0, 1], without
 * rotating. The pair is drawn where it first touches (at t = 0 when it
 * never does) as satcd_draw_shapes_svg draws it (no candidate axes), with
 * each shape's start and end outlines dashed, the paths of their centres
 * (a polygon's centroid, a circle's centre, a capsule's midpoint) and the
 * time of impact's `<g class="toi" data-hit="..." data-t="...">` group.
 * Velocities in length units per unit of t, world frame. Buffer
 * convention and return value as satcd_draw_trace_svg; 0 when a shape is
 * NULL or invalid, or a transform or velocity is not finite.
 */
SATCD_API size_t satcd_draw_sweep_shapes_svg(const satcd_shape *a, satcd_xf xa, satcd_vec2 va, const satcd_shape *b,
                                             satcd_xf xb, satcd_vec2 vb, const satcd_draw_style *style, char *buf,
                                             size_t cap);

/**
 * satcd_draw_sweep_shapes_svg written to an open stream.
 * @return true when the whole document was written; false on invalid input
 * or a write error.
 */
SATCD_API bool satcd_draw_sweep_shapes_svg_file(const satcd_shape *a, satcd_xf xa, satcd_vec2 va, const satcd_shape *b,
                                                satcd_xf xb, satcd_vec2 vb, const satcd_draw_style *style, FILE *file);

/**
 * Write an SVG picture of a convex decomposition (satcd_decompose): the
 * @p count points of @p outline as a dashed ring and each of the
 * @p piece_count @p pieces filled in a colour of its own and numbered at
 * its centroid, one `<g class="piece" data-index="i" data-vertices="n">`
 * group per piece, in the outline's frame (y up). Of @p style only the
 * width, the labels and the title are read. Buffer convention and return
 * value as satcd_draw_trace_svg; 0 when @p outline or @p pieces is NULL,
 * a count is below 1, an outline point is not finite or a piece is
 * invalid.
 */
SATCD_API size_t satcd_draw_pieces_svg(const satcd_vec2 *outline, int count, const satcd_polygon *pieces,
                                       int piece_count, const satcd_draw_style *style, char *buf, size_t cap);

/**
 * satcd_draw_pieces_svg written to an open stream.
 * @return true when the whole document was written; false on invalid input
 * or a write error.
 */
SATCD_API bool satcd_draw_pieces_svg_file(const satcd_vec2 *outline, int count, const satcd_polygon *pieces,
                                          int piece_count, const satcd_draw_style *style, FILE *file);

/**
 * Most pieces a compound drawn by satcd_draw_shape_compound_svg may have:
 * as many as a compound holds (SATCD_COMPOUND_MAX_PIECES, 256), so every
 * valid compound can be drawn, a decomposed outline of a few hundred
 * corners among them.
 */
#define SATCD_DRAW_MAX_PIECES SATCD_COMPOUND_MAX_PIECES

/**
 * SVG picture of two shapes of any kinds (polygon, circle, capsule or
 * segment, either one as A): both shapes in the world frame (y up), the
 * MTV (satcd_mtv_shapes, drawn from the contacts), the contacts of
 * satcd_collide at margin 0 with their depths, and, when the shapes are
 * apart, the closest points of satcd_distance_shapes with the distance.
 * No candidate axes are drawn (the style's axes flag is not read). Buffer
 * convention and return value as satcd_draw_trace_svg; 0 when a shape is
 * NULL or invalid or a transform is not finite.
 */
SATCD_API size_t satcd_draw_shapes_svg(const satcd_shape *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb,
                                       const satcd_draw_style *style, char *buf, size_t cap);

/**
 * satcd_draw_shapes_svg written to an open stream.
 * @return true when the whole document was written; false on invalid input
 * or a write error.
 */
SATCD_API bool satcd_draw_shapes_svg_file(const satcd_shape *a, satcd_xf xa, const satcd_shape *b, satcd_xf xb,
                                          const satcd_draw_style *style, FILE *file);

/**
 * SVG picture of shape @p a against compound @p b, as satcd_draw_shapes_svg:
 * each of B's pieces drawn in its own shape (polygon, circle or capsule)
 * where the compound places it, one `<g class="shape" data-shape="Bk">`
 * group per piece k (labelled B0, B1, ...; a circle's and a capsule's group
 * also carry data-kind and data-radius), the compound's MTV and distance
 * and every piece pair's contacts (normals and the MTV pointing from A to
 * B: moving B by depth * normal separates). The pieces may be of any kinds
 * and mixed, at most SATCD_DRAW_MAX_PIECES of them. The picture's size
 * grows with the pieces (a few hundred bytes to a few kilobytes each):
 * measure first. Buffer convention and return value as
 * satcd_draw_trace_svg; 0 when a shape or the compound is NULL or invalid,
 * a piece is invalid or its local transform not finite, or a transform is
 * not finite.
 */
SATCD_API size_t satcd_draw_shape_compound_svg(const satcd_shape *a, satcd_xf xa, const satcd_compound *b,
                                               satcd_xf xb, const satcd_draw_style *style, char *buf, size_t cap);

/**
 * satcd_draw_shape_compound_svg written to an open stream.
 * @return true when the whole document was written; false on invalid input
 * or a write error.
 */
SATCD_API bool satcd_draw_shape_compound_svg_file(const satcd_shape *a, satcd_xf xa, const satcd_compound *b,
                                                  satcd_xf xb, const satcd_draw_style *style, FILE *file);

#ifdef __cplusplus
}
#endif

#endif /* SATCD_DRAW_H */
