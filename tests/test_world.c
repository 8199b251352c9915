/*
 * Shapes given in world coordinates far from the origin: polygons built
 * (satcd_polygon_hull, as of scanned points) from vertices around an offset
 * of 1e3, 1e4, 1e5 and 1e6, and circles with their centres there, against
 * truth computed in double from the very floats the library was given
 * (tests/support/truth.c, and GEOS for the distance). Every query: overlap
 * (plain and cached), separation, relation, MTV, manifold, distance, ray,
 * sweep, trace, polygon-circle and circle-circle.
 *
 * Placements, each on random pairs of every kind (tests/support/pairs.h):
 *  - world:      both shapes at identity, as a level editor gives them;
 *  - translated: both moved by small random translations;
 *  - mixed:      A in world coordinates at identity, B built around its
 *                own origin and placed there by a rotated transform;
 *  - turned:     both turned by one random rotation about a point next to
 *                them (the transform's rotation acts about the frame's
 *                origin, 1e3..1e6 away, so its translation is large).
 *
 * Bounds. A length the library computes between the shapes (separation,
 * depth, distance, a face's gap, a time of impact times the speed) is
 * within FLOAT_BAND_REL x scale of the truth, scale being the pair's extent
 * relative to A's first vertex (truth_scale, at least 1): the bound of shapes
 * built around their own origin, whatever the offset. Turned pairs add
 * 8 eps x offset (the measured worst lies between 2 and 4): a rotation
 * stored in float is unit only to within eps, and about a point that far
 * it moves each turned coordinate by eps times the offset, which no float
 * computation of the turned shapes avoids. A point the library returns in world coordinates
 * (contact, closest point, ray hit) is in addition rounded to a float at
 * the offset: 2 eps x its magnitude.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "geos_shapes.h"
#include "pairs.h"
#include "random_shapes.h"
#include "truth.h"
#include "workload.h"

#define PAIRS 2000
#define MAX_REPORTS 10
#define EPS 1.1920928955078125e-7

enum { WORLD, TRANSLATED, MIXED, TURNED, PLACEMENTS };
static const char *const placement_names[PLACEMENTS] = {"world", "translated", "mixed", "turned"};
enum { Q_SEP, Q_DEPTH, Q_DIST, Q_CONTACT, Q_RAY, Q_SWEEP, Q_TRACE, Q_DISC, Q_DISCS, Q_POINT, QUERIES };
static const char *const query_names[QUERIES] = {"separation", "MTV depth", "distance",    "contact depth",
                                                 "ray",        "sweep",     "trace",       "poly-circle",
                                                 "circles",    "world points"};

static int failures;

typedef struct world_stats {
    double worst[QUERIES]; /* |error| / scale */
    int checked[QUERIES];
    int pairs, refused;
} world_stats;

/* One pair as the test hands it to the library. */
typedef struct world_pair {
    satcd_polygon a, b;
    satcd_xf xa, xb;
    truth_polygon wa, wb;
    double scale, band, point_slack;
} world_pair;

static void record(world_stats *st, int q, double err, double bound, double scale, int i, const char *what)
{
    st->checked[q]++;
    if (isfinite(err)) st->worst[q] = fmax(st->worst[q], err / scale); /* infinite: a wrong answer, not an error size */
    if (err > bound && failures++ < MAX_REPORTS)
        printf("  pair %d, %s: error %.3g exceeds the bound %.3g\n", i, what, err, bound);
}

/* p placed by xf, rounded to float world points, plus the offset (ox, oy): the hull of those. */
static bool world_polygon(const satcd_polygon *p, satcd_xf xf, double ox, double oy, satcd_polygon *out)
{
    truth_polygon w;
    truth_world(p, xf, &w);
    satcd_vec2 pts[SATCD_MAX_POLYGON_VERTICES];
    for (int i = 0; i < w.n; ++i) pts[i] = satcd_v2((float)(w.x[i] + ox), (float)(w.y[i] + oy));
    return satcd_polygon_hull(out, pts, w.n) == SATCD_OK;
}

static satcd_xf translation(float x, float y)
{
    satcd_xf xf = satcd_xf_identity();
    xf.p = satcd_v2(x, y);
    return xf;
}

/*
 * The turn by q about the point (cx, cy), as a transform of frames whose
 * origin is the world's: x -> q (x - c) + c.
 */
static satcd_xf turn_about(satcd_rot q, double cx, double cy)
{
    satcd_xf xf = {{0.0f, 0.0f}, q};
    xf.p.x = (float)(cx - ((double)q.c * cx - (double)q.s * cy));
    xf.p.y = (float)(cy - ((double)q.s * cx + (double)q.c * cy));
    return xf;
}

static bool make_pair(random_source *r, int placement, double offset, world_pair *w)
{
    random_pair p;
    random_pair_draw(r, &p);
    double ox = offset, oy = -0.625 * offset;
    if (!world_polygon(&p.a, p.xa, ox, oy, &w->a)) return false;
    w->xa = w->xb = satcd_xf_identity();
    if (placement == MIXED) {
        w->b = p.b;
        w->xb = p.xb;
        w->xb.p = satcd_v2((float)(p.xb.p.x + ox), (float)(p.xb.p.y + oy));
    } else if (!world_polygon(&p.b, p.xb, ox, oy, &w->b)) {
        return false;
    }
    if (placement == TRANSLATED) {
        float ax = random_float(r, -2.0f, 2.0f), ay = random_float(r, -2.0f, 2.0f); /* one draw per statement */
        float bx = random_float(r, -1e-3f, 1e-3f), by = random_float(r, -1e-3f, 1e-3f);
        w->xa = translation(ax, ay);
        w->xb = translation(ax + bx, ay + by);
    } else if (placement == TURNED) {
        satcd_rot q = satcd_rot_make(random_float(r, -3.14159f, 3.14159f));
        w->xa = w->xb = turn_about(q, ox, oy);
    }
    truth_world(&w->a, w->xa, &w->wa);
    truth_world(&w->b, w->xb, &w->wb);
    w->scale = truth_scale(&w->wa, &w->wb);
    double turned = placement == TURNED ? 8.0 * EPS * hypot(ox, oy) : 0.0;
    w->band = FLOAT_BAND_REL * w->scale + turned;
    w->point_slack = 2.0 * EPS * hypot(ox, oy) * 1.5;
    return true;
}

static double point_to_union(const world_pair *w, satcd_vec2 p)
{
    return fmin(truth_boundary_distance(&w->wa, p.x, p.y), truth_boundary_distance(&w->wb, p.x, p.y));
}

/* Overlap (plain and cached), separation, relation, MTV and trace against the double SAT. */
static void check_sat(world_stats *st, int i, const world_pair *w)
{
    truth_sat t = truth_sat_pair(&w->wa, &w->wb);
    float sep = satcd_separation_polygons(&w->a, w->xa, &w->b, w->xb);
    record(st, Q_SEP, fabs(sep - t.sep), w->band, w->scale, i, "separation");
    bool overlap = satcd_overlap_polygons(&w->a, w->xa, &w->b, w->xb);
    satcd_sat_cache cache = SATCD_SAT_CACHE_INIT;
    if (overlap != (sep < 0.0f) || satcd_overlap_polygons_cached(&w->a, w->xa, &w->b, w->xb, &cache) != overlap)
        record(st, Q_SEP, INFINITY, 0.0, 1.0, i, "overlap (plain or cached) disagrees with the separation");
    if (fabs(t.sep) > w->band && overlap != (t.sep < 0.0))
        record(st, Q_SEP, INFINITY, 0.0, 1.0, i, "overlap disagrees with the truth beyond the band");
    satcd_relation rel = satcd_relate_polygons(&w->a, w->xa, &w->b, w->xb, 0.0f);
    if (fabs(t.sep) > w->band && rel != (t.sep > 0.0 ? SATCD_SEPARATED : SATCD_OVERLAPPING))
        record(st, Q_SEP, INFINITY, 0.0, 1.0, i, "relation disagrees with the truth beyond the band");

    satcd_mtv m = satcd_mtv_polygons(&w->a, w->xa, &w->b, w->xb);
    if (m.hit) record(st, Q_DEPTH, fabs(m.depth + t.sep), w->band, w->scale, i, "MTV depth");

    satcd_trace tr;
    if (satcd_trace_polygons(&w->a, w->xa, &w->b, w->xb, &tr) != SATCD_OK) {
        record(st, Q_TRACE, INFINITY, 0.0, 1.0, i, "trace refused a valid pair");
        return;
    }
    double worst = fabs(tr.separation - t.sep);
    for (int k = 0; k < tr.axis_count; ++k) {
        const satcd_trace_axis *ax = &tr.axes[k];
        double truth = ax->shape == 0 ? truth_face_gap(&w->wa, ax->edge, &w->wb) : truth_face_gap(&w->wb, ax->edge, &w->wa);
        worst = fmax(worst, fabs(ax->separation - truth));
    }
    record(st, Q_TRACE, worst, w->band, w->scale, i, "trace separations");
}

/*
 * Contacts: on the boundary of one of the shapes, and no deeper than the
 * reference face allows: the reference is the best face of A or of B, so a
 * depth beyond the larger of their depths (-min(sep_a, sep_b)) is wrong.
 */
static void check_manifold(world_stats *st, int i, const world_pair *w)
{
    truth_sat t = truth_sat_pair(&w->wa, &w->wb);
    satcd_manifold m = satcd_collide_polygons(&w->a, w->xa, &w->b, w->xb, 0.0f);
    if (t.sep < -w->band && m.count == 0) record(st, Q_CONTACT, INFINITY, 0.0, 1.0, i, "overlap without contact");
    for (int k = 0; k < m.count; ++k) {
        double off = point_to_union(w, m.points[k].point);
        record(st, Q_POINT, off, w->band + w->point_slack, w->scale, i, "contact off both boundaries");
        double deeper = m.points[k].depth + fmin(t.sep_a, t.sep_b); /* > 0: deeper than either best face */
        record(st, Q_CONTACT, fmax(deeper, 0.0), w->band, w->scale, i, "contact deeper than the reference allows");
    }
}

/* Distance and closest points against GEOS, for pairs GEOS sees disjoint. */
static void check_distance(world_stats *st, int i, const world_pair *w, GEOSContextHandle_t h)
{
    GEOSGeometry *ga = geos_polygon(h, &w->wa), *gb = geos_polygon(h, &w->wb);
    double dist = -1.0;
    if (!geos_predicate(GEOSIntersects_r(h, ga, gb)) && !GEOSDistance_r(h, ga, gb, &dist)) dist = -1.0;
    GEOSGeom_destroy_r(h, ga);
    GEOSGeom_destroy_r(h, gb);
    if (dist < 0.0) return;
    satcd_distance d = satcd_distance_polygons(&w->a, w->xa, &w->b, w->xb);
    record(st, Q_DIST, fabs(d.distance - dist), w->band, w->scale, i, "distance against GEOS");
    double off = fmax(truth_boundary_distance(&w->wa, d.point_a.x, d.point_a.y),
                      truth_boundary_distance(&w->wb, d.point_b.x, d.point_b.y));
    record(st, Q_POINT, off, w->band + w->point_slack, w->scale, i, "closest point off its boundary");
}

/* First entry parameter of the segment o + t d, t in [0, 1], into p (double); -1 for a miss. */
static double truth_ray(const truth_polygon *p, double ox, double oy, double dx, double dy)
{
    double lower = 0.0, upper = 1.0;
    for (int k = 0; k < p->n; ++k) {
        double gap = p->nx[k] * (p->x[k] - ox) + p->ny[k] * (p->y[k] - oy), rate = p->nx[k] * dx + p->ny[k] * dy;
        if (rate == 0.0) {
            if (gap < 0.0) return -1.0;
        } else if (rate < 0.0) {
            lower = fmax(lower, gap / rate);
        } else {
            upper = fmin(upper, gap / rate);
        }
    }
    return lower <= upper ? lower : -1.0;
}

/* A ray from beyond A toward B's centroid, and B swept toward A along the same line. */
static void check_motion(world_stats *st, int i, const world_pair *w, random_source *r)
{
    double cx, cy, ax, ay;
    truth_centroid(&w->b, w->xb, &cx, &cy);
    truth_centroid(&w->a, w->xa, &ax, &ay);
    float ang = random_float(r, -3.14159f, 3.14159f);
    double reach = 4.0 * (w->a.radius + w->b.radius) + 1.0;
    satcd_ray ray = {satcd_v2((float)(cx + reach * cos(ang)), (float)(cy + reach * sin(ang))), satcd_v2(0, 0)};
    ray.translation = satcd_v2((float)(cx - ray.origin.x), (float)(cy - ray.origin.y));
    ray.translation = satcd_scale(1.5f, ray.translation);
    double want = truth_ray(&w->wb, ray.origin.x, ray.origin.y, ray.translation.x, ray.translation.y);
    satcd_ray_hit hit = satcd_raycast_polygon(&w->b, w->xb, ray);
    double len = satcd_length(ray.translation);
    if (want >= 0.0 && hit.hit) record(st, Q_RAY, fabs(hit.fraction - want) * len, w->band, w->scale, i, "ray fraction");
    else if (hit.hit != (want >= 0.0)) record(st, Q_RAY, INFINITY, 0.0, 1.0, i, "ray hit disagrees with the truth");

    /*
     * B moved back from A along the line of their centroids by more than
     * both radii (so that the pair starts apart), then swept toward A over
     * twice that: at the time of impact the pair touches.
     */
    double ux = cx - ax, uy = cy - ay, ul = hypot(ux, uy), back = 2.0 * (w->a.radius + w->b.radius) + 1.0;
    if (!(ul > 0.0)) ux = 1.0, uy = 0.0, ul = 1.0;
    satcd_xf moved = w->xb;
    moved.p = satcd_v2((float)(moved.p.x + back * ux / ul), (float)(moved.p.y + back * uy / ul));
    satcd_vec2 vb = satcd_v2((float)(-2.0 * back * ux / ul), (float)(-2.0 * back * uy / ul));
    satcd_toi toi = satcd_sweep_polygons(&w->a, w->xa, satcd_v2(0, 0), &w->b, moved, vb);
    if (!toi.hit || toi.t <= 0.0f) {
        record(st, Q_SWEEP, INFINITY, 0.0, 1.0, i, "a sweep through A misses it or starts in contact");
        return;
    }
    truth_polygon wb;
    truth_place(&w->b, (double)moved.p.x + (double)toi.t * vb.x, (double)moved.p.y + (double)toi.t * vb.y, moved.q.c,
             moved.q.s, &wb);
    double at = truth_sat_pair(&w->wa, &wb).sep, slack = 2.0 * EPS * satcd_length(vb);
    record(st, Q_SWEEP, fabs(at), w->band + slack, w->scale, i, "separation at the time of impact");
}

/* A disc with its centre given in world coordinates, against A and against a second such disc. */
static void check_discs(world_stats *st, int i, const world_pair *w, random_source *r)
{
    double cx, cy;
    truth_centroid(&w->b, w->xb, &cx, &cy);
    float rad = random_float(r, 0.2f, 2.0f);
    satcd_circle c, d;
    if (satcd_circle_make(&c, satcd_v2((float)cx, (float)cy), rad) != SATCD_OK) fail();
    truth_disc t = truth_disc_pair(&w->wa, c.center.x, c.center.y, rad);
    float sep = satcd_separation_polygon_circle(&w->a, w->xa, &c, satcd_xf_identity());
    double band = w->band + FLOAT_BAND_REL * rad;
    record(st, Q_DISC, fabs(sep - t.sep), band, w->scale, i, "polygon-circle separation");
    satcd_mtv m = satcd_mtv_polygon_circle(&w->a, w->xa, &c, satcd_xf_identity());
    if (m.hit) record(st, Q_DISC, fabs(m.depth + t.sep), band, w->scale, i, "polygon-circle depth");
    satcd_manifold mf = satcd_collide_polygon_circle(&w->a, w->xa, &c, satcd_xf_identity(), 0.0f);
    if (mf.count == 1) {
        double off = fabs(hypot(mf.points[0].point.x - c.center.x, mf.points[0].point.y - c.center.y) - rad);
        record(st, Q_POINT, off, band + w->point_slack, w->scale, i, "polygon-circle contact off the circle");
    }
    double ax, ay;
    truth_centroid(&w->a, w->xa, &ax, &ay);
    if (satcd_circle_make(&d, satcd_v2((float)ax, (float)ay), w->a.radius) != SATCD_OK) fail();
    double between = hypot((double)c.center.x - d.center.x, (double)c.center.y - d.center.y) - rad - d.radius;
    float got = satcd_separation_circles(&d, satcd_xf_identity(), &c, satcd_xf_identity());
    record(st, Q_DISCS, fabs(got - between), band, w->scale, i, "circle-circle separation");
}

static void run_offset(double offset, world_stats st[PLACEMENTS], GEOSContextHandle_t h)
{
    for (int placement = 0; placement < PLACEMENTS; ++placement) {
        random_source rng = random_source_seeded(0x3011du + (uint64_t)placement * 977u + (uint64_t)log10(offset));
        int pairs = workload_cases(PAIRS);
        for (int i = 0; i < pairs; ++i) {
            world_pair w;
            if (!make_pair(&rng, placement, offset, &w)) {
                st[placement].refused++;
                continue;
            }
            st[placement].pairs++;
            check_sat(&st[placement], i, &w);
            check_manifold(&st[placement], i, &w);
            check_distance(&st[placement], i, &w, h);
            check_motion(&st[placement], i, &w, &rng);
            check_discs(&st[placement], i, &w, &rng);
        }
    }
}

static void print_offset(double offset, const world_stats st[PLACEMENTS])
{
    for (int placement = 0; placement < PLACEMENTS; ++placement) {
        printf("offset %.0e %-10s pairs %d (hull refused %d), worst |error| / scale:", offset,
               placement_names[placement], st[placement].pairs, st[placement].refused);
        for (int q = 0; q < QUERIES; ++q) printf(" %s %.2g (%d)", query_names[q], st[placement].worst[q], st[placement].checked[q]);
        printf("\n");
    }
}

static void world_vertices_far_from_the_origin(void **state)
{
    (void)state;
    GEOSContextHandle_t h = geos_context();
    failures = 0;
    const double offsets[] = {1e3, 1e4, 1e5, 1e6};
    for (int k = 0; k < 4; ++k) {
        world_stats st[PLACEMENTS];
        memset(st, 0, sizeof st);
        run_offset(offsets[k], st, h);
        print_offset(offsets[k], st);
        for (int placement = 0; placement < PLACEMENTS; ++placement) {
            assert_true(st[placement].pairs > workload_cases(PAIRS) * 9 / 10);
            for (int q = 0; q < QUERIES; ++q) assert_true(st[placement].checked[q] > 0);
        }
    }
    GEOS_finish_r(h);
    assert_int_equal(failures, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(world_vertices_far_from_the_origin),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
