/*
 * The split of satcd_decompose by cuts from the reflex corners
 * (decompose_cut.c), run on the outline decompose.c has cleaned.
 */
#ifndef SATCD_DECOMPOSE_INTERNAL_H
#define SATCD_DECOMPOSE_INTERNAL_H

#include <stddef.h>

#include <satcd/polygon.h>
#include <satcd/status.h>
#include <satcd/vec2.h>

/*
 * 4-byte words of scratch the cut split needs per vertex of outline
 * capacity: 2 for its new vertices (each cut makes at most one, and there
 * are fewer cuts than vertices) and 3 for each of the 4 nodes a vertex
 * can need (the outline's own node, and at most 3 more per cut).
 */
#define SATCD__CUT_WORDS_PER_VERTEX 14

/*
 * The pieces, as rings of nodes. A node is a corner of one piece; the
 * edge from it to the next node of its piece is its edge.
 */
typedef struct satcd__cuts {
    const satcd_vec2 *v; /* the cleaned outline, counter-clockwise */
    int n;
    double tol;          /* the cleanup tolerance */
    satcd_vec2 *extra;   /* the new vertices: point n + k is extra[k] */
    int extras, extra_cap;
    int *next;           /* the next node around the node's piece */
    int *point;          /* the node's point; -1 once merged away */
    int *twin;           /* the node whose edge is this node's edge reversed (a cut); -1 on the outline */
    int nodes, node_cap;
} satcd__cuts;

/*
 * Set up the cut split of the n-vertex outline v, counter-clockwise, in
 * scratch of words 4-byte words (4-byte aligned), at most
 * SATCD__CUT_WORDS_PER_VERTEX of them per vertex used.
 */
void satcd__cuts_init(satcd__cuts *c, const satcd_vec2 *v, int n, double tol, void *scratch, size_t words);

/*
 * Cut the outline into convex pieces and merge back across the cuts the
 * pieces do not need; *pieces receives how many satcd__cuts_write will
 * write. SATCD_ERR_DEGENERATE when a reflex corner found no cut that
 * exact tests accept, or the scratch ran out.
 */
satcd_status satcd__cuts_split(satcd__cuts *c, int *pieces);

/*
 * Build the pieces with satcd_polygon_make into out[0 .. *count - 1], or,
 * when out is NULL, only check that each builds. Pieces over the vertex
 * capacity are written as fans. Returns the first refusal.
 */
satcd_status satcd__cuts_write(const satcd__cuts *c, satcd_polygon *out, int *count);

#endif
