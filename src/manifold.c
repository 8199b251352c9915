/*
 * Contact manifolds by reference-face / incident-face clipping.
 *
 * The reference face is the face of least penetration; between two nearly
 * equal faces a rule on the shapes decides (manifold_internal.h), so that
 * the choice does not depend on the argument order. The incident face is
 * the other polygon's edge most opposed to it. The incident edge is clipped
 * to the reference edge's two side planes and each end keeps its own depth
 * below the reference face. A contact id names the features (reference
 * edge, incident vertex), never whether the end was clipped nor which of a
 * vertex's two edges was the incident one, so a resting box whose corner
 * sits within rounding of a side plane, or a box rocking on its corner,
 * keeps its ids.
 */

#include <stddef.h>

#include <satcd/manifold.h>

#include "manifold_internal.h"

/* The clipping kernel writes its points into contacts: the two must agree field by field. */
_Static_assert(sizeof(satcd__clip_point) == sizeof(satcd_contact) &&
                   offsetof(satcd__clip_point, x) == offsetof(satcd_contact, point.x) &&
                   offsetof(satcd__clip_point, y) == offsetof(satcd_contact, point.y) &&
                   offsetof(satcd__clip_point, depth) == offsetof(satcd_contact, depth) &&
                   offsetof(satcd__clip_point, id) == offsetof(satcd_contact, id),
               "satcd__clip_point must have the layout of satcd_contact");

/*
 * Contacts as the clipping kernel's output: the layouts agree (above) and
 * the kernel writes only whole bytes (kernel_types.h), so the contacts are
 * then read as what they are.
 */
static satcd__clip_point *as_clip_points(satcd_contact *contacts) { return (satcd__clip_point *)(void *)contacts; }

/*
 * The clipped end nearest the reference face, whatever its gap, as one
 * contact at depth 0 or more; 0 when the edge w1-w2 lies wholly beyond a
 * side plane.
 */
static int nearest_clipped_end(satcd_xf xa, const satcd__faces *f, satcd_vec2 w1, satcd_vec2 w2,
                               const uint32_t ids[2], satcd_contact out[2])
{
    int count = satcd__simd_clip(f->v1, f->v2, f->normal, w1, w2, xa, FLT_MAX, ids[0], ids[1], as_clip_points(out));
    if (count == 2 && out[1].depth > out[0].depth) out[0] = out[1];
    out[0].depth = out[0].depth > 0.0f ? out[0].depth : 0.0f;
    return count > 0 ? 1 : 0;
}

/* The ids of the incident edge's two ends: the reference edge and each end's vertex. */
static void end_ids(const satcd__faces *f, int incident_count, uint32_t ids[2])
{
    ids[0] = satcd_contact_id(f->reference_edge, f->incident_edge, f->flip);
    ids[1] = satcd_contact_id(f->reference_edge, satcd__next(f->incident_edge, incident_count), f->flip);
}

/* Vertex i of the polygon that holds the incident edge, in A's frame. */
static satcd_vec2 incident_vertex(const satcd__pair *pair, const satcd__placed *placed_b, bool flip, int i)
{
    return flip ? satcd__lane_vertex(pair->a, i) : satcd__lane(placed_b->x, placed_b->y, i);
}

/*
 * Move f's incident edge, index and ends, to the other edge at its deeper
 * vertex, the edge to clip when the incident edge lies wholly beyond a
 * side plane (its deeper vertex at the reference face's corner, the edge
 * leaving it away from the face).
 */
static void to_neighbouring_edge(const satcd__pair *pair, const satcd__placed *placed_b, satcd__faces *f)
{
    int n = f->flip ? pair->a->count : pair->b->count;
    bool first_deeper = satcd_dot(f->normal, satcd_sub(f->w1, f->w2)) <= 0.0f;
    int edge = first_deeper ? (f->incident_edge + n - 1) % n : satcd__next(f->incident_edge, n);
    satcd_vec2 w1 = first_deeper ? incident_vertex(pair, placed_b, f->flip, edge) : f->w2;
    satcd_vec2 w2 = first_deeper ? f->w1 : incident_vertex(pair, placed_b, f->flip, satcd__next(edge, n));
    f->incident_edge = edge;
    f->w1 = w1;
    f->w2 = w2;
}

/*
 * The deeper end of f's incident edge, moved along the reference face onto
 * the side plane it lies beyond, as one contact at depth 0 or more, if it
 * lies beyond by no more than `reach`; else 0. The side planes are
 * measured from the face's first vertex, so an end near the second lies
 * beyond it or not by the rounding of the face's length: a polygon smaller
 * than that rounding, overlapping near the face's end, can lie wholly
 * beyond a side plane of every face it overlaps. Moving the end along the
 * face leaves its depth as it was.
 */
static int deeper_end_on_face(satcd_xf xa, const satcd__faces *f, float reach, const uint32_t ids[2],
                              satcd_contact out[2])
{
    float g1 = satcd_dot(f->normal, satcd_sub(f->w1, f->v1)), g2 = satcd_dot(f->normal, satcd_sub(f->w2, f->v1));
    bool second = g2 < g1;
    satcd_vec2 w = second ? f->w2 : f->w1, t = satcd_left_perp(f->normal);
    float s = satcd_dot(t, satcd_sub(w, f->v1)), hi = satcd_dot(t, satcd_sub(f->v2, f->v1));
    float bound = s < 0.0f ? 0.0f : (s > hi ? hi : s), gap = second ? g2 : g1;
    if (!(fabsf(bound - s) <= reach)) return 0;
    out[0].point = satcd_xf_point(xa, satcd_mul_add(w, bound - s, t));
    out[0].depth = gap < 0.0f ? -gap : 0.0f;
    out[0].id = ids[second ? 1 : 0];
    return 1;
}

/*
 * A pair the face kernels found overlapping whose incident edge kept no
 * clipped end within the margin. The face kernels read each face in the
 * other polygon's frame and the clipping works in A's, so the two round a
 * gap differently: a pair that overlaps only within rounding can clip to
 * ends a rounding error above the face, and the nearest of them is the
 * contact. Where the incident edge lies wholly beyond a side plane, the
 * other edge at its deeper vertex is clipped instead, and where that one
 * does too, the first edge's deeper end moved onto the side plane is the
 * contact if it lay beyond it by no more than the rounding of positions
 * along the face (deeper_end_on_face), the fallback band's measure.
 */
static int overlap_contact(const satcd__pair *pair, const satcd__placed *placed_b, satcd_xf xa, satcd__faces *f,
                           satcd_contact out[2])
{
    int n = f->flip ? pair->a->count : pair->b->count;
    uint32_t ids[2];
    end_ids(f, n, ids);
    int kept = nearest_clipped_end(xa, f, f->w1, f->w2, ids, out);
    if (kept > 0) return kept;
    satcd__faces first = *f;
    to_neighbouring_edge(pair, placed_b, f);
    end_ids(f, n, ids);
    kept = nearest_clipped_end(xa, f, f->w1, f->w2, ids, out);
    if (kept > 0) return kept;
    *f = first;
    end_ids(f, n, ids);
    return deeper_end_on_face(xa, f, 16.0f * FLT_EPSILON * (pair->a->radius + pair->b->radius), ids, out);
}

/* The ends of f's incident edge, or else of the other edge at its deeper vertex, clipped within the margin. */
static int clip_either_edge(const satcd__pair *pair, const satcd__placed *placed_b, satcd_xf xa, satcd__faces *f,
                            float margin, satcd_contact out[2])
{
    int n = f->flip ? pair->a->count : pair->b->count;
    uint32_t ids[2];
    end_ids(f, n, ids);
    int kept = satcd__simd_clip(f->v1, f->v2, f->normal, f->w1, f->w2, xa, margin, ids[0], ids[1], as_clip_points(out));
    if (kept > 0) return kept;
    to_neighbouring_edge(pair, placed_b, f);
    end_ids(f, n, ids);
    return satcd__simd_clip(f->v1, f->v2, f->normal, f->w1, f->w2, xa, margin, ids[0], ids[1], as_clip_points(out));
}

/* One face of the pair: which polygon holds it, its index, its separation. */
typedef struct face_key {
    bool on_b;
    int edge;
    float separation;
} face_key;

/*
 * Whether face x is tried before face y as another reference: the larger
 * separation first; between equal ones of the two polygons, the tie rule
 * of the reference choice (manifold_internal.h), and on one polygon the
 * lower index. Nothing here depends on which polygon was passed as A.
 */
static bool tried_before(const satcd__pair *pair, satcd_rot qa, satcd_rot qb, face_key x, face_key y)
{
    if (x.separation != y.separation) return x.separation > y.separation;
    if (x.on_b == y.on_b) return x.edge < y.edge;
    bool b_first = satcd__b_takes_tie(pair, qa, x.on_b ? y.edge : x.edge, qb, x.on_b ? x.edge : y.edge);
    return x.on_b == b_first;
}

/*
 * How far below the best a face's separation may lie and the face still
 * serve as a reference when the chosen one clips to nothing: the reference
 * band (satcd__reference_band), widened by what the face kernels' rounding
 * can move a separation. They measure a face from its first vertex, so its
 * normal's rounding of a few float epsilons moves the face's line by as
 * much times the distance to the other polygon's vertices, at most twice
 * the radii summed for a pair that overlaps. The band alone is relative to
 * the smaller polygon: where a long face of a large polygon meets its
 * neighbour at a near-straight angle beside a small one, the neighbour
 * that holds the overlap past the chosen face's end can lie below the best
 * by more than the band, and an overlapping pair would get no contact.
 */
static float fallback_band(const satcd__pair *pair)
{
    return satcd__reference_band(pair) + 16.0f * FLT_EPSILON * (pair->a->radius + pair->b->radius);
}

/*
 * The faces of the pair, but the reference f already tried, whose
 * separation lies within the fallback band of the best: references as good
 * as the chosen one within rounding and the choice's bias. In the order
 * tried_before gives, nearest the best first.
 */
static int other_faces(const satcd__pair *pair, satcd_rot qa, satcd_rot qb, const satcd__faces *f,
                       face_key keys[2 * SATCD__MAX_V])
{
    float sep[2][SATCD__MAX_V] = {{0.0f}, {0.0f}};
    satcd__pair_separations_a(pair, FLT_MAX, sep[0]);
    satcd__pair_separations_b(pair, FLT_MAX, sep[1]);
    float band = fallback_band(pair);
    int n = 0;
    for (int side = 0; side < 2; ++side) {
        int count = side ? pair->b->count : pair->a->count;
        for (int e = 0; e < count; ++e) {
            if ((side == 1) == f->flip && e == f->reference_edge) continue;
            if (!(sep[side][e] >= f->separation - band)) continue;
            face_key k = {side == 1, e, sep[side][e]};
            int at = n++;
            for (; at > 0 && tried_before(pair, qa, qb, k, keys[at - 1]); --at) keys[at] = keys[at - 1];
            keys[at] = k;
        }
    }
    return n;
}

/* Face `k` as the reference, with the other polygon's edge most opposed to it as the incident edge. */
static void faces_of(const satcd__pair *pair, const satcd__placed *placed_b, face_key k, float separation,
                     satcd__faces *f)
{
    if (k.on_b) satcd__faces_on_b(pair, placed_b, k.edge, satcd__incident_on_a(pair, placed_b, k.edge), f);
    else satcd__faces_on_a(pair, placed_b, k.edge, satcd__incident_on_b(pair, placed_b, k.edge), f);
    f->separation = separation;
}

/*
 * An overlapping pair whose incident edge kept nothing within the margin.
 * Tried in turn, the first that keeps a contact within the margin wins:
 * the other incident edge at the deeper vertex; each other face within the
 * fallback band of the best as the reference, nearest the best first (a
 * polygon with two nearly collinear faces can have the chosen one's side
 * plane cut off the incident edge that its neighbour holds). Only a pair
 * none of them serves, one that overlaps within rounding, gets the
 * nearest clipped end at depth 0 (overlap_contact): tried first, that end
 * could lie well above the face of a pair that clearly overlaps. f ends as
 * the faces of the contacts. Called only on this rare branch.
 */
static int overlap_contacts(const satcd__pair *pair, const satcd__placed *placed_b, satcd_xf xa, satcd_rot qb,
                            satcd__faces *f, float margin, satcd_contact out[2])
{
    satcd__faces chosen = *f;
    int kept = clip_either_edge(pair, placed_b, xa, f, margin, out);
    if (kept > 0) return kept;
    face_key keys[2 * SATCD__MAX_V];
    int n = other_faces(pair, xa.q, qb, &chosen, keys);
    for (int i = 0; i < n; ++i) {
        faces_of(pair, placed_b, keys[i], chosen.separation, f);
        kept = clip_either_edge(pair, placed_b, xa, f, margin, out);
        if (kept > 0) return kept;
    }
    *f = chosen;
    return overlap_contact(pair, placed_b, xa, f, out);
}

/*
 * Clip the incident edge (satcd__simd_clip): its surviving ends, in end
 * order, as the manifold's contacts. The clipping writes them straight into
 * the result, which the compiler then builds where the caller receives it:
 * contacts assembled elsewhere would be taken apart into their fields and
 * stored piece by piece. Inlined into both manifold queries: called, it
 * would build its result on the stack and copy it.
 */
SATCD__KERNEL satcd_manifold clip_faces(const satcd__pair *pair, const satcd__placed *placed_b, satcd_xf xa,
                                        satcd_rot qb, satcd__faces *f, float margin)
{
    satcd_manifold m;
    uint32_t ids[2];
    end_ids(f, f->flip ? pair->a->count : pair->b->count, ids);
    m.count = satcd__simd_clip(f->v1, f->v2, f->normal, f->w1, f->w2, xa, margin, ids[0], ids[1], as_clip_points(m.points));
    if (m.count == 0 && f->separation < 0.0f) m.count = overlap_contacts(pair, placed_b, xa, qb, f, margin, m.points);
    m.normal = m.count > 0 ? satcd_rotate(xa.q, f->flip ? satcd_neg(f->normal) : f->normal) : satcd_v2(0.0f, 0.0f);
    return m;
}

/*
 * No contact. Returned as a value built in place: a local result zeroed
 * with memset and copied out costs a store-to-load stall on every pair the
 * bounding circles dismiss (its 16-byte loads straddle the 16-byte stores).
 */
static satcd_manifold no_contact(void)
{
    satcd_manifold m = {{0.0f, 0.0f}, 0, {{{0.0f, 0.0f}, 0.0f, 0u}, {{0.0f, 0.0f}, 0.0f, 0u}}};
    return m;
}

bool satcd__manifold_faces(const satcd__pair *pair, const satcd__placed *placed_b, satcd_xf xa, satcd_rot qb,
                           satcd__faces *f)
{
    satcd__best_faces c;
    if (!satcd__best_faces_within(pair, 0.0f, &c)) return false;
    satcd__choose_faces(pair, placed_b, &c, xa.q, qb, f);
    (void)clip_faces(pair, placed_b, xa, qb, f, 0.0f);
    return true;
}

satcd_manifold satcd_collide_polygons(const satcd_polygon *a, satcd_xf xa,
                                      const satcd_polygon *b, satcd_xf xb, float margin)
{
    margin = satcd__clean_margin(margin);
    satcd__pair pair;
    satcd__placed placed_b;
    satcd__best_faces c;
    satcd__faces f;
    if (!satcd__pair_init_within(&pair, a, xa, b, xb, margin)) return no_contact();
    if (!satcd__best_faces_within(&pair, margin, &c)) return no_contact();
    satcd__pair_place_b(&pair, &placed_b);
    satcd__choose_faces(&pair, &placed_b, &c, xa.q, xb.q, &f);
    return clip_faces(&pair, &placed_b, satcd__lanes_xf(a, xa), xb.q, &f, margin);
}


/* The separation of one face: the least gap of the other polygon's vertices beyond it, in A's frame. */
static float face_separation(const satcd__pair *pair, const satcd__placed *placed_b, bool on_b, int edge)
{
    const satcd_polygon *a = pair->a, *b = pair->b;
    satcd_vec2 v = on_b ? satcd__lane(placed_b->x, placed_b->y, edge) : satcd__lane_vertex(a, edge);
    satcd_vec2 n = on_b ? satcd__lane(placed_b->nx, placed_b->ny, edge) : satcd_polygon_normal(a, edge);
    int count = on_b ? a->count : b->count;
    float least = FLT_MAX;
    for (int i = 0; i < count; ++i) {
        satcd_vec2 w = on_b ? satcd__lane_vertex(a, i) : satcd__lane(placed_b->x, placed_b->y, i);
        float gap = satcd_dot(n, satcd_sub(w, v));
        least = gap < least ? gap : least;
    }
    return least;
}

/*
 * Whether the cached reference face still serves: a face of this pair
 * whose separation falls short of the best face by no more than the
 * hysteresis.
 */
static bool cached_face_serves(const satcd__pair *pair, const satcd__placed *placed_b, const satcd__best_faces *c,
                               const satcd_manifold_cache *cache, float hysteresis)
{
    bool on_b = cache->reference_is_b != 0;
    if (!cache->valid || cache->reference_edge >= (on_b ? pair->b->count : pair->a->count)) return false;
    float best = c->sa > c->sb ? c->sa : c->sb;
    return face_separation(pair, placed_b, on_b, cache->reference_edge) + hysteresis >= best;
}

static float clean_hysteresis(float hysteresis) { return hysteresis > 0.0f ? hysteresis : 0.0f; }

satcd_manifold satcd_collide_polygons_cached(const satcd_polygon *a, satcd_xf xa,
                                             const satcd_polygon *b, satcd_xf xb,
                                             float margin, float hysteresis,
                                             satcd_manifold_cache *cache)
{
    if (cache == NULL) return satcd_collide_polygons(a, xa, b, xb, margin);
    satcd_xf rel;
    satcd_vec2 a_in_b;
    /* Bad input leaves the cache as it was; a pair found apart empties it. */
    if (!satcd__relate_usable(a, xa, b, xb, &rel, &a_in_b)) return no_contact();
    margin = satcd__clean_margin(margin);
    satcd__pair pair;
    satcd__placed placed_b;
    satcd__best_faces c;
    satcd__faces f;
    static const satcd_manifold_cache empty = {0u, 0u, 0u};
    if (!satcd__pair_relate_within(&pair, a, b, rel, a_in_b, margin)) return *cache = empty, no_contact();
    if (!satcd__best_faces_within(&pair, margin, &c)) return *cache = empty, no_contact();
    satcd__pair_place_b(&pair, &placed_b);
    bool flip = satcd__reference_is_b(&pair, xa.q, xb.q, &c);
    int edge = flip ? c.eb : c.ea;
    if (cached_face_serves(&pair, &placed_b, &c, cache, clean_hysteresis(hysteresis))) {
        flip = cache->reference_is_b != 0;
        edge = cache->reference_edge;
    }
    if (flip) satcd__faces_on_b(&pair, &placed_b, edge, satcd__incident_on_a(&pair, &placed_b, edge), &f);
    else satcd__faces_on_a(&pair, &placed_b, edge, satcd__incident_on_b(&pair, &placed_b, edge), &f);
    /*
     * The pair's largest face separation, as satcd__choose_faces gives it,
     * whichever face the cache kept: whether the pair overlaps, and so
     * whether clip_faces may fall back, is the pair's, and the kept face's
     * own (up to the hysteresis lower) would call a pair that is apart
     * overlapping.
     */
    f.separation = c.sa > c.sb ? c.sa : c.sb;
    satcd_manifold m = clip_faces(&pair, &placed_b, satcd__lanes_xf(a, xa), xb.q, &f, margin);
    cache->valid = 1u;
    cache->reference_is_b = f.flip ? 1u : 0u;
    cache->reference_edge = (uint8_t)f.reference_edge;
    return m;
}
