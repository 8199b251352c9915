/*
 * Contact manifolds by reference-face / incident-face clipping.
 *
 * The reference face is the face of least penetration, with a bias toward
 * A so that two nearly equal faces do not trade places from frame to frame.
 * The incident face is the other polygon's edge most opposed to it. The
 * incident edge is clipped to the reference edge's two side planes and each
 * end keeps its own depth below the reference face. A contact id names the
 * features (reference edge, incident edge, which incident end), never
 * whether the end was clipped, so a resting box whose corner sits within
 * rounding of a side plane keeps its ids.
 */

#include <satcd/manifold.h>

#include "manifold_internal.h"

/* Incident end `end`, at point p in A's frame, as a contact of the given depth. */
static satcd_contact make_contact(satcd_xf xa, const satcd__faces *f, satcd_vec2 p, int end, float depth)
{
    satcd_contact c;
    c.point = satcd_xf_point(xa, p);
    c.depth = depth;
    c.id = satcd_contact_id(f->reference_edge, f->incident_edge, end, f->flip);
    return c;
}

/*
 * Clip the incident edge (satcd__simd_clip): its surviving ends, in end
 * order, as the manifold's contacts. The clipping writes them straight into
 * the result, which the compiler then builds where the caller receives it:
 * contacts assembled elsewhere would be taken apart into their fields and
 * stored piece by piece.
 */
static satcd_manifold clip_faces(satcd_xf xa, const satcd__faces *f, float margin)
{
    satcd_manifold m;
    uint32_t id = satcd_contact_id(f->reference_edge, f->incident_edge, 0, f->flip);
    m.count = satcd__simd_clip(f->v1, f->v2, f->normal, f->w1, f->w2, xa, margin, id, m.points);
    if (m.count == 0 && f->separation < 0.0f) {
        /*
         * Overlapping, yet the clip kept nothing: keep the deeper incident
         * vertex. The face kernels read each face in the other polygon's
         * frame and the clipping works in A's, so the two round a gap
         * differently: a pair that overlaps only within rounding can clip to
         * nothing, its vertex a rounding error outside. Its depth is then 0.
         */
        float d1 = satcd_dot(f->normal, satcd_sub(f->w1, f->v1));
        float d2 = satcd_dot(f->normal, satcd_sub(f->w2, f->v1));
        float gap = d2 < d1 ? d2 : d1;
        m.points[0] = make_contact(xa, f, d2 < d1 ? f->w2 : f->w1, d2 < d1 ? 1 : 0, gap < 0.0f ? -gap : 0.0f);
        m.count = 1;
    }
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

satcd_manifold satcd_collide_polygons(const satcd_polygon *a, satcd_xf xa,
                                      const satcd_polygon *b, satcd_xf xb, float margin)
{
    margin = satcd__clean_margin(margin);
    satcd__pair pair;
    satcd__placed placed_b;
    satcd__faces f;
    if (!satcd__pair_init_within(&pair, a, xa, b, xb, margin)) return no_contact();
    satcd__pair_place_b(&pair, &placed_b);
    if (!satcd__choose_faces(&pair, &placed_b, margin, &f)) return no_contact();
    return clip_faces(xa, &f, margin);
}
