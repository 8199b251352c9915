/*
 * libFuzzer target for the constructors: satcd_polygon_make,
 * satcd_polygon_hull, satcd_polygon_regular, satcd_polygon_box and
 * satcd_circle_make, satcd_capsule_make, fed the fuzz bytes as coordinates (NaN, infinities,
 * denormals, -0.0, huge and tiny values, repeated and collinear points).
 * Make and hull also get long outlines: a few fuzzed corners with up to
 * LONG_POINTS points in all along their edges, so that the cleanup of
 * inputs far longer than a polygon's capacity is fuzzed too.
 *
 * Input layout: [encoding (+ scale)] [constructor] [flags] [count] coords...
 * For a long outline: [constructor 5 (make) or 6 (hull)] [flags] [corners]
 * [points per edge] [closing] coords of the corners...
 * For decompose: [constructor 7] [flags] [count] [output slots] coords...
 * For a capsule: [constructor 8] [flags] p1 p2 radius; an accepted capsule
 * then meets a copy of itself moved by a fuzzed offset in every capsule
 * query (sweeps by a fuzzed velocity), and a fuzzed ray: no NaN, depths and distances never negative.
 * Invariants (abort on violation): a refused input leaves the output
 * byte-identical; an accepted polygon passes fuzz_check_polygon and holds
 * every input point within the cleanup tolerance; accepted pieces pass it
 * too and their areas add up to the outline's; the status is the one
 * the documentation promises for NULL, non-finite and out-of-range input.
 */
#include "fuzz_common.h"
#include "../support/outline_truth.h"

#define MAX_HULL_POINTS 255
#define MAX_CORNERS 32
#define LONG_POINTS 1200
#define MAX_OUTLINE 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Any point not finite, or any coordinate beyond SATCD_MAX_COORDINATE. */
static satcd_status expected_point_error(const satcd_vec2 *v, int n)
{
    for (int i = 0; i < n; ++i) {
        if (!satcd_vec2_is_finite(v[i])) return SATCD_ERR_NOT_FINITE;
    }
    for (int i = 0; i < n; ++i) {
        if (fabsf(v[i].x) > SATCD_MAX_COORDINATE || fabsf(v[i].y) > SATCD_MAX_COORDINATE) return SATCD_ERR_OUT_OF_RANGE;
    }
    return SATCD_OK;
}

/*
 * Every input point lies inside the polygon, up to `tolerances` times the
 * cleanup tolerance plus float rounding at the coordinates' magnitude and
 * the underflow floor of lengths. A dropped point may sit that far outside:
 * for the hull at most twice; for make three times, where a repeated point
 * beside a dropped collinear one meets the ring's wrap (checked at 4).
 * Computed in double with the exact edge directions.
 */
static void check_holds_points(const satcd_polygon *p, const satcd_vec2 *in, int n, double tolerances)
{
    double lo_x = in[0].x, hi_x = in[0].x, lo_y = in[0].y, hi_y = in[0].y;
    for (int i = 1; i < n; ++i) {
        lo_x = fmin(lo_x, in[i].x), hi_x = fmax(hi_x, in[i].x);
        lo_y = fmin(lo_y, in[i].y), hi_y = fmax(hi_y, in[i].y);
    }
    double extent = fmax(hi_x - lo_x, hi_y - lo_y);
    /* 1e-18: lengths below about 1e-19 underflow in float (docs/robustness.md). */
    double bound = tolerances * SATCD_POLYGON_TOLERANCE_REL * extent + 16.0 * FLT_EPSILON * fuzz_max_abs(in, n) + 1e-18;
    for (int i = 0; i < p->count; ++i) {
        int j = (i + 1) % p->count;
        satcd_vec2 vi = satcd_polygon_vertex(p, i), vj = satcd_polygon_vertex(p, j);
        double ex = (double)vj.x - vi.x, ey = (double)vj.y - vi.y;
        double len = hypot(ex, ey);
        for (int k = 0; k < n; ++k) {
            double gap = (((double)in[k].x - vi.x) * ey - ((double)in[k].y - vi.y) * ex) / len;
            FUZZ_CHECK(gap <= bound);
        }
    }
}

/* On refusal, the output must still hold the fill pattern. */
static void check_untouched(const void *out, size_t size)
{
    const uint8_t *b = out;
    for (size_t i = 0; i < size; ++i) FUZZ_CHECK(b[i] == 0xA5);
}

/* Call make or hull on pts and check what the documentation promises of the status and the result. */
static void check_points_call(const satcd_vec2 *pts, int n, uint8_t flags, bool hull)
{
    satcd_polygon poly;
    memset(&poly, 0xA5, sizeof poly);
    satcd_polygon *out = (flags & 1) ? NULL : &poly;
    const satcd_vec2 *src = (flags & 2) ? NULL : pts;
    satcd_status st = hull ? satcd_polygon_hull(out, src, n) : satcd_polygon_make(out, src, n);
    FUZZ_CHECK(st >= SATCD_OK && st < SATCD_STATUS_COUNT);
    FUZZ_CHECK(satcd_status_string(st) != NULL);
    if (out == NULL || src == NULL) {
        FUZZ_CHECK(st == SATCD_ERR_NULL);
    } else if (n < 3) {
        FUZZ_CHECK(st == SATCD_ERR_TOO_FEW_POINTS);
    } else if (expected_point_error(pts, n) != SATCD_OK) {
        FUZZ_CHECK(st == expected_point_error(pts, n));
    }
    if (st != SATCD_OK) {
        check_untouched(&poly, sizeof poly);
        return;
    }
    fuzz_check_polygon(&poly, pts, n);
    check_holds_points(&poly, pts, n, hull ? 2.0 : 4.0);
}

static void fuzz_points(fuzz_bytes *in, uint8_t flags, bool hull)
{
    satcd_vec2 pts[MAX_HULL_POINTS];
    int n = hull ? fuzz_u8(in) % (MAX_HULL_POINTS + 1) : fuzz_u8(in) % (SATCD_MAX_POLYGON_VERTICES + 4);
    for (int i = 0; i < n; ++i) pts[i] = fuzz_point(in);
    check_points_call(pts, n, flags, hull);
}

/*
 * A long outline: up to MAX_CORNERS fuzzed corners, each followed by
 * points along its edge to the next (rounded once to float, so within
 * rounding of the edge), every fourth repeated, and the first corner
 * repeated at the end when asked.
 */
static void fuzz_long_outline(fuzz_bytes *in, uint8_t flags, bool hull)
{
    static satcd_vec2 pts[LONG_POINTS];
    satcd_vec2 corner[MAX_CORNERS];
    int k = fuzz_u8(in) % (MAX_CORNERS + 1);
    int per_edge = fuzz_u8(in) * 4;
    bool closed = fuzz_u8(in) & 1;
    for (int i = 0; i < k; ++i) corner[i] = fuzz_point(in);
    if (k > 0 && per_edge > (LONG_POINTS - 1) / k - 1) per_edge = (LONG_POINTS - 1) / k - 1;
    int n = 0;
    for (int i = 0; i < k; ++i) {
        satcd_vec2 p = corner[i], q = corner[(i + 1) % k];
        pts[n++] = p;
        for (int j = 1; j <= per_edge; ++j) {
            double t = (double)j / (per_edge + 1);
            pts[n] = j % 4 == 0 ? pts[n - 1]
                                : satcd_v2((float)(p.x + t * ((double)q.x - p.x)), (float)(p.y + t * ((double)q.y - p.y)));
            ++n;
        }
    }
    if (closed && k > 0) pts[n++] = corner[0];
    check_points_call(pts, n, flags, hull);
}

static void fuzz_regular(fuzz_bytes *in, uint8_t flags)
{
    int sides = (int8_t)fuzz_u8(in);
    float radius = fuzz_coord(in);
    satcd_polygon poly;
    memset(&poly, 0xA5, sizeof poly);
    satcd_status st = satcd_polygon_regular((flags & 1) ? NULL : &poly, sides, radius);
    if (flags & 1) FUZZ_CHECK(st == SATCD_ERR_NULL);
    else if (sides < 3) FUZZ_CHECK(st == SATCD_ERR_TOO_FEW_POINTS);
    else if (sides > SATCD_MAX_POLYGON_VERTICES) FUZZ_CHECK(st == SATCD_ERR_TOO_MANY_POINTS);
    else if (!isfinite(radius)) FUZZ_CHECK(st == SATCD_ERR_NOT_FINITE);
    else if (!(radius > 0.0f)) FUZZ_CHECK(st == SATCD_ERR_BAD_RADIUS);
    else if (radius > SATCD_MAX_COORDINATE) FUZZ_CHECK(st == SATCD_ERR_OUT_OF_RANGE);
    if (st != SATCD_OK) {
        check_untouched(&poly, sizeof poly);
        return;
    }
    satcd_vec2 v[SATCD_MAX_POLYGON_VERTICES];
    for (int i = 0; i < poly.count; ++i) v[i] = satcd_polygon_vertex(&poly, i);
    fuzz_check_polygon(&poly, v, poly.count);
    for (int i = 0; i < poly.count; ++i) {
        double r = hypot(v[i].x, v[i].y);
        FUZZ_CHECK(fabs(r - radius) <= 1e-5 * radius);
    }
}

static void fuzz_box(fuzz_bytes *in)
{
    float hw = fuzz_coord(in), hh = fuzz_coord(in);
    satcd_polygon box = satcd_polygon_box(hw, hh);
    satcd_vec2 corners[4] = {{-hw, -hh}, {hw, -hh}, {hw, hh}, {-hw, hh}};
    if (box.count == 0) {
        /* Empty only for a bad extent, or corners that satcd_polygon_make refuses. */
        satcd_polygon probe;
        bool refused = !(hw > 0.0f && hh > 0.0f) || satcd_polygon_make(&probe, corners, 4) != SATCD_OK;
        FUZZ_CHECK(refused);
        return;
    }
    FUZZ_CHECK(hw > 0.0f && hh > 0.0f && box.count == 4);
    fuzz_check_polygon(&box, corners, 4);
}

static void fuzz_circle(fuzz_bytes *in, uint8_t flags)
{
    satcd_vec2 c = fuzz_point(in);
    float r = fuzz_coord(in);
    satcd_circle circle;
    memset(&circle, 0xA5, sizeof circle);
    satcd_status st = satcd_circle_make((flags & 1) ? NULL : &circle, c, r);
    satcd_status want = SATCD_OK;
    if (flags & 1) want = SATCD_ERR_NULL;
    else if (!satcd_vec2_is_finite(c) || !isfinite(r)) want = SATCD_ERR_NOT_FINITE;
    else if (!(r > 0.0f)) want = SATCD_ERR_BAD_RADIUS;
    else if (fabsf(c.x) > SATCD_MAX_COORDINATE || fabsf(c.y) > SATCD_MAX_COORDINATE || r > SATCD_MAX_COORDINATE)
        want = SATCD_ERR_OUT_OF_RANGE;
    FUZZ_CHECK(st == want);
    if (st != SATCD_OK) {
        check_untouched(&circle, sizeof circle);
        return;
    }
    FUZZ_CHECK(circle.center.x == c.x && circle.center.y == c.y && circle.radius == r);
    FUZZ_CHECK(satcd_circle_is_valid(&circle));
}

static satcd_status expected_capsule_status(satcd_vec2 p1, satcd_vec2 p2, float r)
{
    if (!satcd_vec2_is_finite(p1) || !satcd_vec2_is_finite(p2) || !isfinite(r)) return SATCD_ERR_NOT_FINITE;
    if (r < 0.0f) return SATCD_ERR_BAD_RADIUS;
    satcd_vec2 both[2] = {p1, p2};
    if (expected_point_error(both, 2) != SATCD_OK || r > SATCD_MAX_COORDINATE) return SATCD_ERR_OUT_OF_RANGE;
    if (r == 0.0f && p1.x == p2.x && p1.y == p2.y) return SATCD_ERR_DEGENERATE;
    return SATCD_OK;
}

/* Every capsule query of c against itself moved by a fuzzed offset: finite answers with their signs. */
static void capsule_queries(fuzz_bytes *in, const satcd_capsule *c)
{
    satcd_xf xa = satcd_xf_identity(), xb = {fuzz_point(in), {1.0f, 0.0f}};
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    satcd_circle disc = {{0.0f, 0.0f}, 1.0f};
    satcd_mtv m[3] = {satcd_mtv_capsules(c, xa, c, xb), satcd_mtv_polygon_capsule(&box, xa, c, xb),
                      satcd_mtv_capsule_circle(c, xa, &disc, xb)};
    satcd_distance d[3] = {satcd_distance_capsules(c, xa, c, xb), satcd_distance_polygon_capsule(&box, xa, c, xb),
                           satcd_distance_capsule_circle(c, xa, &disc, xb)};
    satcd_manifold k[3] = {satcd_collide_capsules(c, xa, c, xb, 0.5f), satcd_collide_polygon_capsule(&box, xa, c, xb, 0.5f),
                           satcd_collide_capsule_circle(c, xa, &disc, xb, 0.5f)};
    for (int i = 0; i < 3; ++i) {
        FUZZ_CHECK(!m[i].hit || (m[i].depth > 0.0f && isfinite(m[i].depth) && satcd_vec2_is_finite(m[i].normal)));
        FUZZ_CHECK(d[i].distance >= 0.0f && !isnan(d[i].distance));
        FUZZ_CHECK(k[i].count >= 0 && k[i].count <= 2);
        for (int j = 0; j < k[i].count; ++j) FUZZ_CHECK(!isnan(k[i].points[j].depth));
    }
    satcd_vec2 v = fuzz_point(in), still = {0.0f, 0.0f};
    satcd_toi t[3] = {satcd_sweep_capsules(c, xa, still, c, xb, v), satcd_sweep_polygon_capsule(&box, xa, v, c, xb, still),
                      satcd_sweep_capsule_circle(c, xa, still, &disc, xb, v)};
    for (int i = 0; i < 3; ++i) FUZZ_CHECK(!t[i].hit || (t[i].t >= 0.0f && t[i].t <= 1.0f));
    satcd_ray ray;
    ray.origin = fuzz_point(in);
    ray.translation = fuzz_point(in);
    satcd_ray_hit hit = satcd_raycast_capsule(c, xa, ray);
    FUZZ_CHECK(!hit.hit || (hit.fraction >= 0.0f && hit.fraction <= 1.0f && satcd_vec2_is_finite(hit.normal)));
    satcd_aabb box_c = satcd_capsule_aabb(c, xa);
    FUZZ_CHECK(box_c.lower.x <= box_c.upper.x && box_c.lower.y <= box_c.upper.y);
}

static void fuzz_capsule(fuzz_bytes *in, uint8_t flags)
{
    satcd_vec2 p1 = fuzz_point(in), p2 = fuzz_point(in);
    float r = fuzz_coord(in);
    satcd_capsule c;
    memset(&c, 0xA5, sizeof c);
    satcd_status st = satcd_capsule_make((flags & 1) ? NULL : &c, p1, p2, r);
    FUZZ_CHECK(st == ((flags & 1) ? SATCD_ERR_NULL : expected_capsule_status(p1, p2, r)));
    if (st != SATCD_OK) {
        check_untouched(&c, sizeof c);
        return;
    }
    FUZZ_CHECK(c.p1.x == p1.x && c.p1.y == p1.y && c.p2.x == p2.x && c.p2.y == p2.y && c.radius == r);
    FUZZ_CHECK(satcd_capsule_is_valid(&c));
    capsule_queries(in, &c);
}

static double shoelace(const satcd_vec2 *v, int n)
{
    double s = 0.0;
    for (int i = 0; i < n; ++i) {
        int j = (i + 1) % n;
        s += ((double)v[i].x - v[0].x) * ((double)v[j].y - v[0].y) - ((double)v[i].y - v[0].y) * ((double)v[j].x - v[0].x);
    }
    return 0.5 * s;
}

static double perimeter(const satcd_vec2 *v, int n)
{
    double s = 0.0;
    for (int i = 0; i < n; ++i) s += hypot((double)v[(i + 1) % n].x - v[i].x, (double)v[(i + 1) % n].y - v[i].y);
    return s;
}

/*
 * The pieces tile the outline up to the points the cleanups drop and the
 * slivers between a cut's new corner and the edge it ends on: each within
 * the tolerance of the edge kept, of the outline or of a piece, so
 * the areas differ by at most the tolerance times the outline's perimeter
 * and the pieces' perimeters, plus the rounding of the sums in double. The
 * tolerance has the constructors' floor of 1e-18 added: below it lengths
 * underflow in float, and points that close to a chord are on it
 * (docs/robustness.md, "Smallest lengths").
 */
static void check_pieces(const satcd_polygon *pieces, int count, const satcd_vec2 *in, int n)
{
    double lo_x = in[0].x, hi_x = in[0].x, lo_y = in[0].y, hi_y = in[0].y;
    for (int i = 1; i < n; ++i) {
        lo_x = fmin(lo_x, in[i].x), hi_x = fmax(hi_x, in[i].x);
        lo_y = fmin(lo_y, in[i].y), hi_y = fmax(hi_y, in[i].y);
    }
    double extent = fmax(hi_x - lo_x, hi_y - lo_y);
    double tol = SATCD_POLYGON_TOLERANCE_REL * extent + 1e-18;
    double area = 0.0, piece_edges = 0.0;
    for (int i = 0; i < count; ++i) {
        satcd_vec2 v[SATCD_MAX_POLYGON_VERTICES];
        for (int k = 0; k < pieces[i].count; ++k) v[k] = satcd_polygon_vertex(&pieces[i], k);
        /* Corners are input points, or cuts' ends on the outline's edges or inside it. */
        fuzz_check_polygon(&pieces[i], v, pieces[i].count);
        for (int k = 0; k < pieces[i].count; ++k) {
            bool input = false;
            for (int j = 0; j < n && !input; ++j) input = in[j].x == v[k].x && in[j].y == v[k].y;
            FUZZ_CHECK(input || outline_contains(v[k], in, n, tol));
        }
        area += shoelace(v, pieces[i].count);
        piece_edges += perimeter(v, pieces[i].count);
    }
    double terms = extent * extent * (n + 16.0 * count);
    double bound = tol * (perimeter(in, n) + piece_edges) + 1e-12 * terms;
    FUZZ_CHECK(fabs(area - fabs(shoelace(in, n))) <= bound);
}

/* satcd_decompose on up to MAX_OUTLINE fuzzed points, with too few output slots now and then. */
static void fuzz_decompose(fuzz_bytes *in, uint8_t flags)
{
    static satcd_polygon pieces[MAX_OUTLINE];
    satcd_vec2 pts[MAX_OUTLINE];
    int n = fuzz_u8(in) % (MAX_OUTLINE + 1);
    uint8_t slots = fuzz_u8(in);
    int max_out = slots == 0xFF ? MAX_OUTLINE : slots % (MAX_OUTLINE + 1);
    for (int i = 0; i < n; ++i) pts[i] = fuzz_point(in);
    memset(pieces, 0xA5, sizeof pieces);
    int count = -7;
    satcd_polygon *out = (flags & 1) ? NULL : pieces;
    const satcd_vec2 *src = (flags & 2) ? NULL : pts;
    satcd_status st = satcd_decompose(src, n, out, max_out, slots == 0xFE ? NULL : &count);
    FUZZ_CHECK(st >= SATCD_OK && st < SATCD_STATUS_COUNT);
    if (out == NULL || src == NULL || slots == 0xFE) FUZZ_CHECK(st == SATCD_ERR_NULL);
    else if (n < 3) FUZZ_CHECK(st == SATCD_ERR_TOO_FEW_POINTS);
    else if (expected_point_error(pts, n) != SATCD_OK) FUZZ_CHECK(st == expected_point_error(pts, n));
    if (st != SATCD_OK) {
        FUZZ_CHECK(count == -7);
        check_untouched(pieces, sizeof pieces);
        return;
    }
    FUZZ_CHECK(count >= 1 && count <= max_out && count <= n - 2);
    check_untouched(pieces + count, sizeof pieces - (size_t)count * sizeof pieces[0]);
    check_pieces(pieces, count, pts, n);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_bytes in;
    fuzz_begin(&in, data, size);
    /* Decompose and capsule came last: 7 and 8 modulo 16 pick them, so that the earlier seeds keep their meaning. */
    uint8_t byte = fuzz_u8(&in), which = byte % 16 == 7 || byte % 16 == 8 ? byte % 16 : byte % 7;
    /* NULL arguments only now and then, so most inputs reach the geometry. */
    uint8_t flags = fuzz_u8(&in);
    flags = (flags & 0xF0) == 0xF0 ? (uint8_t)(flags & 3) : 0;
    switch (which) {
    case 0: fuzz_points(&in, flags, false); break;
    case 1: fuzz_points(&in, flags, true); break;
    case 2: fuzz_regular(&in, flags); break;
    case 3: fuzz_box(&in); break;
    case 4: fuzz_circle(&in, flags); break;
    case 5: fuzz_long_outline(&in, flags, false); break;
    case 6: fuzz_long_outline(&in, flags, true); break;
    case 7: fuzz_decompose(&in, flags); break;
    default: fuzz_capsule(&in, flags); break;
    }
    return 0;
}
