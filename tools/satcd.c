/*
 * satcd: the library from the command line.
 *
 *   satcd collide A B [options]   relation, separation, MTV, containment,
 *                                 manifold and the per-axis table of a pair
 *   satcd sweep A B [options]     time of impact of two translating polygons
 *                                 (or of a polygon and a capsule, either
 *                                 one as A, or of two capsules)
 *   satcd decompose OUTLINE       the convex pieces of a concave outline
 *   satcd demo [DIR]              illustrative cases and their pictures
 *
 * Exit status: 0 success, 1 a file could not be written, 2 bad usage or
 * bad input (the message names the shape and the reason).
 *
 * The tool never calls setlocale, so it runs in the "C" locale and every
 * number it reads or prints uses a '.' decimal separator.
 */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef _WIN32
#include <direct.h>
#define make_directory(path) _mkdir(path)
#else
#include <sys/stat.h>
#define make_directory(path) mkdir(path, 0777)
#endif

#include <satcd/draw.h>
#include <satcd/satcd.h>

#define EXIT_WRITE 1
#define EXIT_USAGE 2
#define MAX_TABLE_AXES (SATCD_TRACE_MAX_AXES + 1)

static const char usage_text[] =
    "usage: satcd collide A [B] [options]\n"
    "       satcd sweep A [B] --velocity-b DX,DY [--velocity-a DX,DY] [options]\n"
    "       satcd decompose OUTLINE [--json] [--svg FILE] [--title TEXT]\n"
    "       satcd demo [DIR]\n"
    "       satcd --version | --help\n"
    "\n"
    "collide: A and B are convex polygons given as vertex lists in either winding,\n"
    "  \"x,y x,y x,y ...\" (3 to 16 points), e.g. \"0,0 2,0 1,2\".\n"
    "  --circle-b X,Y,R   B is a circle of radius R centred at (X, Y) (omit B)\n"
    "  --capsule-b \"X1,Y1 X2,Y2 R\"\n"
    "                     B is a capsule: the points within R of the segment from\n"
    "                     (X1, Y1) to (X2, Y2); R = 0 is the bare segment (omit B).\n"
    "                     Also prints the distance and closest points.\n"
    "  --compound-b OUTLINE\n"
    "                     B is the convex pieces of a simple outline \"x,y x,y ...\"\n"
    "                     (concave or not, as decompose splits it), one body (omit B);\n"
    "                     prints one manifold per piece pair in contact.\n"
    "  --capsule-a \"X1,Y1 X2,Y2 R\"\n"
    "                     A is a capsule (the one polygon given is then B).\n"
    "                     With --capsule-a or --compound-b the generic queries answer\n"
    "                     the pair: no per-axis table.\n"
    "  --move-b DX,DY     translate B by (DX, DY)\n"
    "  --rotate-b DEG     rotate B counter-clockwise by DEG degrees about its centroid\n"
    "                     (a capsule's midpoint, a compound's box centre)\n"
    "  --tolerance T      touching band for the relation (default 0)\n"
    "  --margin M         manifold margin: keep contacts up to M apart (default 0)\n"
    "  --json             machine-readable output\n"
    "  --svg FILE         write a picture of the test (SVG, y up)\n"
    "  --title TEXT       caption of the picture\n"
    "sweep: A moves by velocity-a * t and B by velocity-b * t, t in [0, 1], without\n"
    "  rotating; prints the first time of contact, its normal and point. Takes\n"
    "  --capsule-a, --capsule-b, --move-b, --rotate-b, --json, --svg and --title as\n"
    "  collide does (with --capsule-a the generic sweep answers the pair).\n"
    "decompose: OUTLINE is a simple polygon, concave or not, in either winding and of\n"
    "  any length, \"x,y x,y ...\"; prints its convex pieces (each a polygon A or B\n"
    "  could be) and with --svg draws them piece by piece.\n"
    "demo: runs a few illustrative cases and writes their pictures to DIR\n"
    "  (default ./satcd-demo).\n"
    "\n"
    "Exit status: 0 success, 1 a file could not be written, 2 bad usage or input.\n";

/* Print "satcd: <message>" to stderr and return EXIT_USAGE. */
static int fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("satcd: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return EXIT_USAGE;
}

/* ---------------------------------------------------------------- parsing */

/* Parse exactly `n` comma-separated finite numbers from the whole of `text`. */
static bool parse_numbers(const char *text, float *out, int n)
{
    const char *p = text;
    for (int i = 0; i < n; ++i) {
        char *end;
        errno = 0;
        double v = strtod(p, &end);
        if (end == p || errno == ERANGE || !isfinite(v) || fabs(v) > (double)FLT_MAX) return false;
        out[i] = (float)v;
        p = end;
        if (i + 1 < n) {
            if (*p != ',') return false;
            ++p;
        }
    }
    return *p == '\0';
}

/*
 * Split a vertex list on blanks and parse each "x,y" into points, which
 * holds max_points; messages start with `name` ("polygon A", "outline").
 */
static bool parse_vertices(const char *name, const char *text, satcd_vec2 *points, int max_points, int *count)
{
    *count = 0;
    const char *p = text;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == ';') ++p;
        if (*p == '\0') break;
        const char *start = p;
        while (*p != '\0' && *p != ' ' && *p != '\t' && *p != '\n' && *p != ';') ++p;
        char token[128];
        size_t len = (size_t)(p - start);
        if (*count >= max_points) {
            fail("%s: more than %d points given", name, max_points);
            return false;
        }
        float xy[2];
        if (len >= sizeof token || (memcpy(token, start, len), token[len] = '\0', !parse_numbers(token, xy, 2))) {
            fail("%s: vertex %d \"%.*s\" is not a point x,y of two finite numbers", name, *count + 1,
                 (int)(len < 40 ? len : 40), start);
            return false;
        }
        points[(*count)++] = satcd_v2(xy[0], xy[1]);
    }
    if (*count == 0) {
        fail("%s: no vertices given (expected \"x,y x,y x,y ...\")", name);
        return false;
    }
    return true;
}

/*
 * Build a polygon from a vertex list of any length: the library cleans
 * repeated and collinear points away before it counts vertices. Every
 * point "x,y" takes at least three characters, so a list holds fewer
 * points than half its length plus one.
 */
static bool make_polygon(const char *name, const char *text, satcd_polygon *out)
{
    int max_points = (int)(strlen(text) / 2 + 1);
    satcd_vec2 *points = malloc((size_t)max_points * sizeof *points);
    if (points == NULL) {
        fail("polygon %s: out of memory for %d points", name, max_points);
        return false;
    }
    int count;
    char what[32];
    snprintf(what, sizeof what, "polygon %s", name);
    bool parsed = parse_vertices(what, text, points, max_points, &count);
    satcd_status st = parsed ? satcd_polygon_make(out, points, count) : SATCD_OK;
    free(points);
    if (!parsed) return false;
    if (st != SATCD_OK) {
        fail("polygon %s is invalid: %s (%d point%s given)", name, satcd_status_string(st), count,
             count == 1 ? "" : "s");
        return false;
    }
    return true;
}

/* ----------------------------------------------------------- outlines */

/* An outline and its pieces, on the heap: an outline may be of any length. */
typedef struct decomposition {
    satcd_vec2 *points;
    int count;
    satcd_polygon *pieces;
    int piece_count;
} decomposition;

static void free_decomposition(decomposition *d)
{
    free(d->points);
    free(d->pieces);
}

/* Parse and split the outline; count - 2 slots always suffice. */
static int decompose_outline(const char *text, decomposition *d)
{
    memset(d, 0, sizeof *d);
    int max_points = (int)(strlen(text) / 2 + 1);
    d->points = malloc((size_t)max_points * sizeof *d->points);
    if (d->points == NULL) return fail("outline: out of memory for %d points", max_points);
    if (!parse_vertices("outline", text, d->points, max_points, &d->count)) return EXIT_USAGE;
    int slots = d->count > 3 ? d->count - 2 : 1;
    size_t scratch_size = satcd_decompose_scratch_size(d->count);
    void *scratch = malloc(scratch_size > 0 ? scratch_size : 1);
    d->pieces = aligned_alloc(_Alignof(satcd_polygon), (size_t)slots * sizeof *d->pieces); /* over-aligned lanes */
    satcd_status st = scratch != NULL && d->pieces != NULL
                          ? satcd_decompose_scratch(d->points, d->count, d->pieces, slots, &d->piece_count, scratch,
                                                    scratch_size)
                          : SATCD_OK;
    bool allocated = scratch != NULL && d->pieces != NULL;
    free(scratch);
    if (!allocated) return fail("outline: out of memory for %d points", d->count);
    if (st != SATCD_OK)
        return fail("outline is invalid: %s (%d point%s given)", satcd_status_string(st), d->count,
                    d->count == 1 ? "" : "s");
    return 0;
}

/* ------------------------------------------------------------------ cases */

/*
 * A pair to collide: A (a polygon, or a capsule) at the identity, B (a
 * polygon, a circle, a capsule, or a compound of an outline's convex
 * pieces) placed by xb.
 */
typedef struct pair_case {
    satcd_polygon a;
    satcd_capsule a_capsule;
    bool a_is_capsule;
    satcd_polygon b;
    satcd_circle circle;
    satcd_capsule capsule;
    bool b_is_circle, b_is_capsule, b_is_compound;
    decomposition outline;  /* B's outline and pieces when B is a compound */
    satcd_shape *piece_shapes;
    satcd_xf *piece_locals;
    satcd_compound compound;
    satcd_xf xa, xb;
} pair_case;

/* A pair that only the generic queries answer: no per-axis table, no trace. */
static bool any_kinds(const pair_case *pc) { return pc->a_is_capsule || pc->b_is_compound; }

static satcd_shape shape_a(const pair_case *pc)
{
    return pc->a_is_capsule ? satcd_shape_of_capsule(pc->a_capsule) : satcd_shape_of_polygon(&pc->a);
}

static satcd_shape shape_b(const pair_case *pc)
{
    if (pc->b_is_capsule) return satcd_shape_of_capsule(pc->capsule);
    if (pc->b_is_circle) return satcd_shape_of_circle(pc->circle);
    return satcd_shape_of_polygon(&pc->b);
}

static void free_case(pair_case *pc)
{
    free_decomposition(&pc->outline);
    free(pc->piece_shapes);
    free(pc->piece_locals);
    pc->piece_shapes = NULL, pc->piece_locals = NULL;
}

/* B rotated by `degrees` about `pivot` (its centroid or centre), then moved by `move`. */
static satcd_xf place_b(satcd_vec2 pivot, float degrees, satcd_vec2 move)
{
    satcd_xf xf;
    xf.q = satcd_rot_make(degrees * 3.14159265358979f / 180.0f);
    if (degrees == 0.0f) xf.q = satcd_rot_identity();
    xf.p = satcd_add(satcd_sub(pivot, satcd_rotate(xf.q, pivot)), move);
    return xf;
}

/* What a collide prints: every query on the pair. */
typedef struct report {
    satcd_relation relation;
    float tolerance, margin;
    float separation;
    bool overlap;
    satcd_mtv mtv;
    satcd_manifold manifold;
    satcd_trace trace;          /* polygon pairs only */
    satcd_distance distance;    /* capsules and pairs of any kinds only */
    satcd_manifold *piece_manifolds; /* a compound B: one manifold per touching piece pair */
    int piece_manifold_count;
    satcd_trace_axis axes[MAX_TABLE_AXES];
    int axis_count, chosen;
    int segment_axis;           /* capsules: the first of the segment's two face rows, or -1 */
} report;

/* Polygon-circle axes: A's edge normals, then the axis from A's vertex nearest the centre. */
static void circle_axes(const pair_case *pc, report *r)
{
    satcd_vec2 c = satcd_xf_point(pc->xb, pc->circle.center);
    float rad = pc->circle.radius;
    satcd_vec2 v[SATCD_MAX_POLYGON_VERTICES];
    int near = 0;
    for (int i = 0; i < pc->a.count; ++i) {
        v[i] = satcd_xf_point(pc->xa, satcd_polygon_vertex(&pc->a, i));
        if (satcd_length_sq(satcd_sub(c, v[i])) < satcd_length_sq(satcd_sub(c, v[near]))) near = i;
    }
    r->axis_count = 0;
    for (int k = 0; k <= pc->a.count; ++k) {
        satcd_vec2 n = k < pc->a.count ? satcd_rotate(pc->xa.q, satcd_polygon_normal(&pc->a, k))
                                       : satcd_normalize(satcd_sub(c, v[near]));
        if (satcd_length_sq(n) == 0.0f) continue;
        satcd_trace_axis *ax = &r->axes[r->axis_count++];
        memset(ax, 0, sizeof *ax);
        ax->shape = 0;
        ax->edge = k < pc->a.count ? k : near;
        ax->axis = n;
        ax->a_min = FLT_MAX, ax->a_max = -FLT_MAX;
        for (int i = 0; i < pc->a.count; ++i) {
            float d = satcd_dot(v[i], n);
            ax->a_min = d < ax->a_min ? d : ax->a_min;
            ax->a_max = d > ax->a_max ? d : ax->a_max;
        }
        ax->b_min = satcd_dot(c, n) - rad, ax->b_max = satcd_dot(c, n) + rad;
        ax->separation = ax->b_min - ax->a_max;
        ax->push = -ax->separation;
    }
    r->chosen = 0;
    for (int k = 1; k < r->axis_count; ++k) {
        if (r->axes[k].separation > r->axes[r->chosen].separation) r->chosen = k;
    }
}

/* A's interval on n, B's [b_lo, b_hi] and the gap: one row of the axis table. */
static void add_axis(report *r, const pair_case *pc, int edge, satcd_vec2 n, float b_lo, float b_hi)
{
    satcd_trace_axis *ax = &r->axes[r->axis_count++];
    memset(ax, 0, sizeof *ax);
    ax->edge = edge;
    ax->axis = n;
    ax->a_min = FLT_MAX, ax->a_max = -FLT_MAX;
    for (int i = 0; i < pc->a.count; ++i) {
        float d = satcd_dot(satcd_xf_point(pc->xa, satcd_polygon_vertex(&pc->a, i)), n);
        ax->a_min = d < ax->a_min ? d : ax->a_min;
        ax->a_max = d > ax->a_max ? d : ax->a_max;
    }
    ax->b_min = b_lo, ax->b_max = b_hi;
    ax->separation = b_lo - ax->a_max;
    ax->push = -ax->separation;
}

static void capsule_axis(report *r, const pair_case *pc, int edge, satcd_vec2 n, const satcd_vec2 *ends)
{
    float d0 = satcd_dot(ends[0], n), d1 = satcd_dot(ends[1], n), rad = pc->capsule.radius;
    add_axis(r, pc, edge, n, (d0 < d1 ? d0 : d1) - rad, (d0 > d1 ? d0 : d1) + rad);
}

/*
 * Polygon-capsule axes: A's edge normals, the segment's two faces (each
 * normal negated: read from A to B), then the axis from A's vertex nearest
 * each end to it.
 */
static void capsule_axes(const pair_case *pc, report *r)
{
    satcd_vec2 ends[2] = {satcd_xf_point(pc->xb, pc->capsule.p1), satcd_xf_point(pc->xb, pc->capsule.p2)};
    r->axis_count = 0;
    for (int k = 0; k < pc->a.count; ++k) capsule_axis(r, pc, k, satcd_rotate(pc->xa.q, satcd_polygon_normal(&pc->a, k)), ends);
    satcd_vec2 side = satcd_normalize(satcd_right_perp(satcd_sub(ends[1], ends[0])));
    for (int j = 0; j < 2 && satcd_length_sq(side) > 0.0f; ++j) {
        capsule_axis(r, pc, j, j == 0 ? satcd_neg(side) : side, ends);
        r->axes[r->axis_count - 1].shape = 1;
        r->segment_axis = pc->a.count;
    }
    for (int e = 0; e < (r->segment_axis >= 0 ? 2 : 1); ++e) {
        int near = 0;
        for (int i = 1; i < pc->a.count; ++i) {
            satcd_vec2 vi = satcd_xf_point(pc->xa, satcd_polygon_vertex(&pc->a, i));
            satcd_vec2 vn = satcd_xf_point(pc->xa, satcd_polygon_vertex(&pc->a, near));
            if (satcd_length_sq(satcd_sub(ends[e], vi)) < satcd_length_sq(satcd_sub(ends[e], vn))) near = i;
        }
        satcd_vec2 n = satcd_normalize(satcd_sub(ends[e], satcd_xf_point(pc->xa, satcd_polygon_vertex(&pc->a, near))));
        if (satcd_length_sq(n) > 0.0f) capsule_axis(r, pc, near, n, ends);
    }
    r->chosen = 0;
    for (int k = 1; k < r->axis_count; ++k) {
        if (r->axes[k].separation > r->axes[r->chosen].separation) r->chosen = k;
    }
}

static void capsule_queries(const pair_case *pc, float tolerance, float margin, report *r)
{
    r->relation = satcd_relate_polygon_capsule(&pc->a, pc->xa, &pc->capsule, pc->xb, tolerance);
    r->mtv = satcd_mtv_polygon_capsule(&pc->a, pc->xa, &pc->capsule, pc->xb);
    r->manifold = satcd_collide_polygon_capsule(&pc->a, pc->xa, &pc->capsule, pc->xb, margin);
    r->distance = satcd_distance_polygon_capsule(&pc->a, pc->xa, &pc->capsule, pc->xb);
    r->separation = r->mtv.hit ? -r->mtv.depth : r->distance.distance;
    r->overlap = r->mtv.hit;
    capsule_axes(pc, r);
}

/* The relation from the push-out and the distance: overlapping beyond the tolerance, touching within it. */
static satcd_relation relation_of(const report *r)
{
    if (r->mtv.hit && r->mtv.depth > r->tolerance) return SATCD_OVERLAPPING;
    return r->mtv.hit || r->distance.distance <= r->tolerance ? SATCD_TOUCHING : SATCD_SEPARATED;
}

/* A against compound B: A as a body of one piece, so that the compound pair queries read from A to B. */
static void compound_queries(const pair_case *pc, const satcd_shape *a, report *r)
{
    satcd_xf identity = satcd_xf_identity();
    satcd_compound body_a = {a, &identity, 1};
    r->mtv = satcd_mtv_compounds(&body_a, pc->xa, &pc->compound, pc->xb);
    r->distance = satcd_distance_compounds(&body_a, pc->xa, &pc->compound, pc->xb);
    r->relation = relation_of(r);
    int count = satcd_collide_compounds(&body_a, pc->xa, &pc->compound, pc->xb, r->margin, NULL, 0);
    r->piece_manifolds = calloc((size_t)(count > 0 ? count : 1), sizeof *r->piece_manifolds);
    if (r->piece_manifolds == NULL) return;
    r->piece_manifold_count =
        satcd_collide_compounds(&body_a, pc->xa, &pc->compound, pc->xb, r->margin, r->piece_manifolds, count);
}

/* Queries of a pair of any kinds, through the generic shape and compound functions. */
static void generic_queries(const pair_case *pc, report *r)
{
    satcd_shape a = shape_a(pc), b = shape_b(pc);
    if (pc->b_is_compound) {
        compound_queries(pc, &a, r);
    } else {
        r->relation = satcd_relate(&a, pc->xa, &b, pc->xb, r->tolerance);
        r->mtv = satcd_mtv_shapes(&a, pc->xa, &b, pc->xb);
        r->manifold = satcd_collide(&a, pc->xa, &b, pc->xb, r->margin);
        r->distance = satcd_distance_shapes(&a, pc->xa, &b, pc->xb);
    }
    r->separation = r->mtv.hit ? -r->mtv.depth : r->distance.distance;
    r->overlap = r->mtv.hit;
    r->chosen = -1;
}

static void run_queries(const pair_case *pc, float tolerance, float margin, report *r)
{
    memset(r, 0, sizeof *r);
    r->tolerance = tolerance, r->margin = margin;
    r->segment_axis = -1;
    if (any_kinds(pc)) {
        generic_queries(pc, r);
        return;
    }
    if (pc->b_is_capsule) {
        capsule_queries(pc, tolerance, margin, r);
        return;
    }
    if (pc->b_is_circle) {
        r->separation = satcd_separation_polygon_circle(&pc->a, pc->xa, &pc->circle, pc->xb);
        r->relation = satcd_relate_polygon_circle(&pc->a, pc->xa, &pc->circle, pc->xb, tolerance);
        r->mtv = satcd_mtv_polygon_circle(&pc->a, pc->xa, &pc->circle, pc->xb);
        r->manifold = satcd_collide_polygon_circle(&pc->a, pc->xa, &pc->circle, pc->xb, margin);
        r->overlap = r->mtv.hit;
        circle_axes(pc, r);
        return;
    }
    r->separation = satcd_separation_polygons(&pc->a, pc->xa, &pc->b, pc->xb);
    r->relation = satcd_relate_polygons(&pc->a, pc->xa, &pc->b, pc->xb, tolerance);
    r->overlap = satcd_overlap_polygons(&pc->a, pc->xa, &pc->b, pc->xb);
    r->mtv = satcd_mtv_polygons(&pc->a, pc->xa, &pc->b, pc->xb);
    r->manifold = satcd_collide_polygons(&pc->a, pc->xa, &pc->b, pc->xb, margin);
    satcd_trace_polygons(&pc->a, pc->xa, &pc->b, pc->xb, &r->trace);
    r->axis_count = r->trace.axis_count;
    memcpy(r->axes, r->trace.axes, sizeof r->trace.axes);
    r->chosen = r->trace.chosen;
}

static const char *relation_name(satcd_relation rel)
{
    return rel == SATCD_OVERLAPPING ? "overlapping" : (rel == SATCD_TOUCHING ? "touching" : "separated");
}

static const char *axis_source(const pair_case *pc, const report *r, const satcd_trace_axis *ax, int index)
{
    if (pc->b_is_capsule && r->segment_axis >= 0 && index - r->segment_axis < 2 && index >= r->segment_axis)
        return "B side";
    if (pc->b_is_capsule && index >= pc->a.count) return "A vertex";
    if (pc->b_is_circle && index == pc->a.count) return "A vertex";
    return ax->shape == 0 ? "A edge" : "B edge";
}

/* ------------------------------------------------------------ text output */

static void print_manifold(FILE *out, const satcd_manifold *m, const char *name, float margin)
{
    fprintf(out, "%s %d contact%s (margin %g)", name, m->count, m->count == 1 ? "" : "s", (double)margin);
    if (m->count > 0) fprintf(out, ", normal (%.9g, %.9g)", (double)(m->normal.x + 0.0f), (double)(m->normal.y + 0.0f));
    fputc('\n', out);
    for (int i = 0; i < m->count; ++i) {
        const satcd_contact *c = &m->points[i];
        fprintf(out, "  contact %d: point (%.9g, %.9g)  depth %.9g  id 0x%05x\n", i, (double)c->point.x,
                (double)c->point.y, (double)c->depth, (unsigned)c->id);
    }
}

static void print_axes(FILE *out, const pair_case *pc, const report *r)
{
    if (any_kinds(pc)) {
        fprintf(out, "axes:        not listed (the generic queries answer this pair)\n");
        return;
    }
    fprintf(out, "axes (separation > 0 separates; * marks the largest):\n");
    fprintf(out, "    #  source   idx  axis                    A interval              B interval              separation\n");
    for (int k = 0; k < r->axis_count; ++k) {
        const satcd_trace_axis *ax = &r->axes[k];
        fprintf(out, "  %c%2d  %-8s %3d  (%9.5f, %9.5f)  [%9.5f, %9.5f]  [%9.5f, %9.5f]  %.9g\n",
                k == r->chosen ? '*' : ' ', k, axis_source(pc, r, ax, k), ax->edge, (double)(ax->axis.x + 0.0f),
                (double)(ax->axis.y + 0.0f), (double)(ax->a_min + 0.0f), (double)(ax->a_max + 0.0f),
                (double)(ax->b_min + 0.0f), (double)(ax->b_max + 0.0f), (double)(ax->separation + 0.0f));
    }
}

static void print_text(FILE *out, const pair_case *pc, const report *r)
{
    fprintf(out, "relation:    %s (tolerance %g)\n", relation_name(r->relation), (double)r->tolerance);
    fprintf(out, "separation:  %.9g\n", (double)r->separation);
    if (r->mtv.hit) {
        fprintf(out, "MTV:         depth %.9g along (%.9g, %.9g)  (move B by depth * normal)\n",
                (double)r->mtv.depth, (double)r->mtv.normal.x, (double)r->mtv.normal.y);
    } else {
        fprintf(out, "MTV:         none (no overlap)\n");
    }
    fprintf(out, "containment: A in B: %s, B in A: %s\n", r->mtv.a_in_b ? "yes" : "no", r->mtv.b_in_a ? "yes" : "no");
    if (pc->b_is_capsule || any_kinds(pc)) {
        const satcd_distance *d = &r->distance;
        fprintf(out, "distance:    %.9g, closest points A (%.9g, %.9g) B (%.9g, %.9g)\n", (double)d->distance,
                (double)d->point_a.x, (double)d->point_a.y, (double)d->point_b.x, (double)d->point_b.y);
    }
    if (pc->b_is_compound) {
        fprintf(out, "pieces:      B is %d convex pieces; %d piece pair%s in contact\n", pc->compound.count,
                r->piece_manifold_count, r->piece_manifold_count == 1 ? "" : "s");
        for (int k = 0; k < r->piece_manifold_count; ++k) {
            char name[48];
            snprintf(name, sizeof name, "manifold %d:", k);
            print_manifold(out, &r->piece_manifolds[k], name, r->margin);
        }
    } else {
        print_manifold(out, &r->manifold, "manifold:   ", r->margin);
    }
    print_axes(out, pc, r);
}

/* ------------------------------------------------------------ JSON output */

static void json_vec(FILE *out, satcd_vec2 v) { fprintf(out, "[%.9g, %.9g]", (double)v.x, (double)v.y); }

static void json_polygon(FILE *out, const satcd_polygon *p, satcd_xf xf)
{
    fputs("{\"type\": \"polygon\", \"vertices\": [", out);
    for (int i = 0; i < p->count; ++i) {
        if (i) fputs(", ", out);
        json_vec(out, satcd_xf_point(xf, satcd_polygon_vertex(p, i)));
    }
    fputs("]}", out);
}

static void json_capsule(FILE *out, const satcd_capsule *c, satcd_xf xf)
{
    fputs("{\"type\": \"capsule\", \"p1\": ", out);
    json_vec(out, satcd_xf_point(xf, c->p1));
    fputs(", \"p2\": ", out);
    json_vec(out, satcd_xf_point(xf, c->p2));
    fprintf(out, ", \"radius\": %.9g}", (double)c->radius);
}

static void json_compound(FILE *out, const pair_case *pc)
{
    fputs("{\"type\": \"compound\", \"pieces\": [", out);
    for (int k = 0; k < pc->compound.count; ++k) {
        if (k) fputs(", ", out);
        json_polygon(out, pc->compound.shapes[k].polygon, pc->xb);
    }
    fputs("]}", out);
}

/* A as JSON, whatever its kind. */
static void json_a(FILE *out, const pair_case *pc)
{
    if (pc->a_is_capsule) json_capsule(out, &pc->a_capsule, pc->xa);
    else json_polygon(out, &pc->a, pc->xa);
}

/* B as JSON, whatever its kind. */
static void json_b(FILE *out, const pair_case *pc)
{
    if (pc->b_is_capsule) json_capsule(out, &pc->capsule, pc->xb);
    else if (pc->b_is_compound) json_compound(out, pc);
    else json_polygon(out, &pc->b, pc->xb);
}

static void json_manifold(FILE *out, const satcd_manifold *m, float margin)
{
    fprintf(out, "{\"margin\": %.9g, \"normal\": ", (double)margin);
    json_vec(out, m->normal);
    fputs(", \"contacts\": [", out);
    for (int i = 0; i < m->count; ++i) {
        const satcd_contact *c = &m->points[i];
        fputs(i ? ", {\"point\": " : "{\"point\": ", out);
        json_vec(out, c->point);
        fprintf(out, ", \"depth\": %.9g, \"id\": %u}", (double)c->depth, (unsigned)c->id);
    }
    fputs("]}", out);
}

static void json_manifolds(FILE *out, const pair_case *pc, const report *r)
{
    if (!pc->b_is_compound) {
        fputs("  \"manifold\": ", out);
        json_manifold(out, &r->manifold, r->margin);
        fputs(",\n", out);
        return;
    }
    fputs("  \"manifolds\": [", out);
    for (int k = 0; k < r->piece_manifold_count; ++k) {
        fputs(k ? ",\n    " : "\n    ", out);
        json_manifold(out, &r->piece_manifolds[k], r->margin);
    }
    fputs("\n  ],\n", out);
}

static void print_json(FILE *out, const pair_case *pc, const report *r)
{
    fputs("{\n  \"a\": ", out);
    json_a(out, pc);
    fputs(",\n  \"b\": ", out);
    if (pc->b_is_capsule || pc->b_is_compound) {
        json_b(out, pc);
    } else if (pc->b_is_circle) {
        fputs("{\"type\": \"circle\", \"center\": ", out);
        json_vec(out, satcd_xf_point(pc->xb, pc->circle.center));
        fprintf(out, ", \"radius\": %.9g}", (double)pc->circle.radius);
    } else {
        json_polygon(out, &pc->b, pc->xb);
    }
    fprintf(out, ",\n  \"relation\": \"%s\",\n  \"tolerance\": %.9g,\n  \"separation\": %.9g,\n  \"overlap\": %s,\n",
            relation_name(r->relation), (double)r->tolerance, (double)r->separation, r->overlap ? "true" : "false");
    fprintf(out, "  \"mtv\": {\"hit\": %s, \"normal\": ", r->mtv.hit ? "true" : "false");
    json_vec(out, r->mtv.normal);
    fprintf(out, ", \"depth\": %.9g, \"a_in_b\": %s, \"b_in_a\": %s},\n", (double)r->mtv.depth,
            r->mtv.a_in_b ? "true" : "false", r->mtv.b_in_a ? "true" : "false");
    if (pc->b_is_capsule || any_kinds(pc)) {
        fprintf(out, "  \"distance\": {\"distance\": %.9g, \"point_a\": ", (double)r->distance.distance);
        json_vec(out, r->distance.point_a);
        fputs(", \"point_b\": ", out);
        json_vec(out, r->distance.point_b);
        fputs(", \"normal\": ", out);
        json_vec(out, r->distance.normal);
        fputs("},\n", out);
    }
    json_manifolds(out, pc, r);
    fputs("  \"axes\": [", out);
    for (int k = 0; k < r->axis_count; ++k) {
        const satcd_trace_axis *ax = &r->axes[k];
        bool vertex = (pc->b_is_circle && k == pc->a.count) || (pc->b_is_capsule && k >= pc->a.count && ax->shape == 0);
        fprintf(out, "%s\n    {\"shape\": \"%s\", \"%s\": %d, \"axis\": ", k ? "," : "", ax->shape == 0 ? "A" : "B",
                vertex ? "vertex" : "edge", ax->edge);
        json_vec(out, ax->axis);
        fprintf(out, ", \"a\": [%.9g, %.9g], \"b\": [%.9g, %.9g], \"separation\": %.9g}", (double)ax->a_min,
                (double)ax->a_max, (double)ax->b_min, (double)ax->b_max, (double)ax->separation);
    }
    fprintf(out, "\n  ],\n  \"chosen_axis\": %d", r->chosen);
    if (!pc->b_is_circle && !pc->b_is_capsule && !any_kinds(pc)) {
        const satcd_trace *t = &r->trace;
        if (t->reference_shape >= 0) {
            fprintf(out, ",\n  \"reference\": {\"shape\": \"%s\", \"edge\": %d, \"v1\": ", t->reference_shape ? "B" : "A",
                    t->reference_edge);
            json_vec(out, t->reference_v1);
            fputs(", \"v2\": ", out);
            json_vec(out, t->reference_v2);
            fprintf(out, "},\n  \"incident\": {\"shape\": \"%s\", \"edge\": %d, \"v1\": ", t->reference_shape ? "A" : "B",
                    t->incident_edge);
            json_vec(out, t->incident_v1);
            fputs(", \"v2\": ", out);
            json_vec(out, t->incident_v2);
            fputs("}", out);
        } else {
            fputs(",\n  \"reference\": null,\n  \"incident\": null", out);
        }
    }
    fputs("\n}\n", out);
}

/* -------------------------------------------------------------- pictures */

/* Open a picture for writing; NULL (with a message) when it cannot be. */
static FILE *open_picture(const char *path)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL) fprintf(stderr, "satcd: cannot write %s: %s\n", path, strerror(errno));
    return f;
}

/* Close a picture that was drawn (ok) or not: 0, or EXIT_WRITE with a message. */
static int close_picture(FILE *f, bool ok, const char *path)
{
    if (fclose(f) != 0) ok = false;
    if (ok) return 0;
    fprintf(stderr, "satcd: cannot write %s\n", path);
    return EXIT_WRITE;
}

static int write_svg(const char *path, const pair_case *pc, const report *r, const char *title)
{
    FILE *f = open_picture(path);
    if (f == NULL) return EXIT_WRITE;
    satcd_draw_style style = satcd_draw_style_default();
    style.title = title;
    bool ok;
    satcd_shape a = shape_a(pc), b = shape_b(pc);
    if (pc->b_is_compound) ok = satcd_draw_shape_compound_svg_file(&a, pc->xa, &pc->compound, pc->xb, &style, f);
    else if (pc->a_is_capsule) ok = satcd_draw_shapes_svg_file(&a, pc->xa, &b, pc->xb, &style, f);
    else if (pc->b_is_capsule) ok = satcd_draw_polygon_capsule_svg_file(&pc->a, pc->xa, &pc->capsule, pc->xb, &style, f);
    else if (pc->b_is_circle) ok = satcd_draw_polygon_circle_svg_file(&pc->a, pc->xa, &pc->circle, pc->xb, &style, f);
    else ok = satcd_draw_trace_svg_file(&r->trace, &pc->a, pc->xa, &pc->b, pc->xb, &style, f);
    return close_picture(f, ok, path);
}

/* ---------------------------------------------------------------- collide */

typedef struct collide_options {
    const char *a_text, *b_text, *circle_text, *capsule_text, *move_text, *rotate_text, *svg_path, *title;
    const char *capsule_a_text;
    const char *compound_text; /* collide only */
    float tolerance, margin;
    bool json;
    bool sweep;              /* the sweep command: velocities instead of circle, tolerance, margin */
    float velocity_a[2], velocity_b[2];
} collide_options;

/* The value of option argv[*i], advancing *i; NULL (with a message) when missing. */
static const char *option_value(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc) {
        fail("option %s needs a value", argv[*i]);
        return NULL;
    }
    return argv[++*i];
}

static int parse_collide(int argc, char **argv, bool sweep, collide_options *o)
{
    memset(o, 0, sizeof *o);
    o->sweep = sweep;
    for (int i = 2; i < argc; ++i) {
        const char *arg = argv[i];
        const char **slot = NULL;
        float *number = NULL, *pair = NULL;
        if (strcmp(arg, "--json") == 0) { o->json = true; continue; }
        if (sweep && strcmp(arg, "--velocity-a") == 0) pair = o->velocity_a;
        else if (sweep && strcmp(arg, "--velocity-b") == 0) pair = o->velocity_b;
        else if (!sweep && strcmp(arg, "--circle-b") == 0) slot = &o->circle_text;
        else if (strcmp(arg, "--capsule-b") == 0) slot = &o->capsule_text;
        else if (strcmp(arg, "--capsule-a") == 0) slot = &o->capsule_a_text;
        else if (!sweep && strcmp(arg, "--compound-b") == 0) slot = &o->compound_text;
        else if (strcmp(arg, "--move-b") == 0) slot = &o->move_text;
        else if (strcmp(arg, "--rotate-b") == 0) slot = &o->rotate_text;
        else if (strcmp(arg, "--svg") == 0) slot = &o->svg_path;
        else if (strcmp(arg, "--title") == 0) slot = &o->title;
        else if (!sweep && strcmp(arg, "--tolerance") == 0) number = &o->tolerance;
        else if (!sweep && strcmp(arg, "--margin") == 0) number = &o->margin;
        else if (arg[0] == '-' && arg[1] == '-')
            return fail("unknown option %s for %s (see satcd --help)", arg, sweep ? "sweep" : "collide");
        if (slot != NULL || number != NULL || pair != NULL) {
            const char *value = option_value(argc, argv, &i);
            if (value == NULL) return EXIT_USAGE;
            if (slot != NULL) *slot = value;
            else if (pair != NULL) {
                if (!parse_numbers(value, pair, 2)) return fail("%s: \"%s\" is not DX,DY (two finite numbers)", arg, value);
            }
            else if (!parse_numbers(value, number, 1) || *number < 0.0f)
                return fail("%s: \"%s\" is not a number >= 0", arg, value);
            continue;
        }
        if (o->a_text == NULL) o->a_text = arg;
        else if (o->b_text == NULL) o->b_text = arg;
        else return fail("%s takes two shapes; unexpected argument \"%s\"", sweep ? "sweep" : "collide", arg);
    }
    if (o->capsule_a_text != NULL) {
        /* A is the capsule: the one polygon given is B. */
        if (o->b_text != NULL)
            return fail("%s --capsule-a takes one polygon, B; unexpected argument \"%s\"", sweep ? "sweep" : "collide",
                        o->b_text);
        o->b_text = o->a_text, o->a_text = NULL;
    } else if (o->a_text == NULL) {
        return fail("%s needs polygon A (see satcd --help)", sweep ? "sweep" : "collide");
    }
    int bs = (o->b_text != NULL) + (o->circle_text != NULL) + (o->capsule_text != NULL) + (o->compound_text != NULL);
    if (sweep && bs == 0) return fail("sweep needs polygon B or --capsule-b \"X1,Y1 X2,Y2 R\"");
    if (bs == 0) return fail("collide needs polygon B, --circle-b X,Y,R, --capsule-b \"X1,Y1 X2,Y2 R\" or --compound-b OUTLINE");
    if (bs > 1) return fail("give one of polygon B, --circle-b, --capsule-b and --compound-b");
    return 0;
}

/* Capsule `name` from "X1,Y1 X2,Y2 R": two points and a radius; *pivot its midpoint. */
static int make_capsule(const char *name, const char *text, satcd_capsule *out, satcd_vec2 *pivot)
{
    char buf[256];
    size_t len = strlen(text);
    while (len > 0 && (text[len - 1] == ' ' || text[len - 1] == '\t')) --len;
    size_t cut = len;
    while (cut > 0 && text[cut - 1] != ' ' && text[cut - 1] != '\t') --cut;
    satcd_vec2 ends[2];
    int count = 0;
    float radius;
    if (len >= sizeof buf || cut == 0) return fail("%s: \"%s\" is not \"X1,Y1 X2,Y2 R\"", name, text);
    memcpy(buf, text, len);
    buf[len] = '\0';
    if (!parse_numbers(buf + cut, &radius, 1)) return fail("%s: radius \"%s\" is not a number", name, buf + cut);
    buf[cut] = '\0';
    if (!parse_vertices(name, buf, ends, 2, &count)) return EXIT_USAGE;
    if (count != 2) return fail("%s: \"%s\" is not \"X1,Y1 X2,Y2 R\" (two points and a radius)", name, text);
    satcd_status st = satcd_capsule_make(out, ends[0], ends[1], radius);
    if (st != SATCD_OK) return fail("%s is invalid: %s", name, satcd_status_string(st));
    *pivot = satcd_lerp(ends[0], ends[1], 0.5f);
    return 0;
}

/* Compound B: the outline's convex pieces, each at the identity in B's frame; *pivot the centre of its box. */
static int make_compound(const char *text, pair_case *pc, satcd_vec2 *pivot)
{
    int rc = decompose_outline(text, &pc->outline);
    if (rc != 0) return rc;
    int n = pc->outline.piece_count;
    pc->piece_shapes = malloc((size_t)n * sizeof *pc->piece_shapes);
    pc->piece_locals = malloc((size_t)n * sizeof *pc->piece_locals);
    if (pc->piece_shapes == NULL || pc->piece_locals == NULL) return fail("compound B: out of memory for %d pieces", n);
    for (int k = 0; k < n; ++k) {
        pc->piece_shapes[k] = satcd_shape_of_polygon(&pc->outline.pieces[k]);
        pc->piece_locals[k] = satcd_xf_identity();
    }
    pc->compound.shapes = pc->piece_shapes;
    pc->compound.locals = pc->piece_locals;
    pc->compound.count = n;
    if (!satcd_compound_is_valid(&pc->compound))
        return fail("compound B: %d pieces, more than a compound holds (%d)", n, SATCD_COMPOUND_MAX_PIECES);
    satcd_aabb box = satcd_compound_aabb(&pc->compound, satcd_xf_identity());
    *pivot = satcd_lerp(box.lower, box.upper, 0.5f);
    return 0;
}

/* B of whichever kind the options give; *pivot the point it turns about. */
static int make_b(const collide_options *o, pair_case *pc, satcd_vec2 *pivot)
{
    if (o->capsule_text != NULL) {
        pc->b_is_capsule = true;
        return make_capsule("capsule B", o->capsule_text, &pc->capsule, pivot);
    }
    if (o->compound_text != NULL) {
        pc->b_is_compound = true;
        return make_compound(o->compound_text, pc, pivot);
    }
    if (o->circle_text != NULL) {
        float xyr[3];
        if (!parse_numbers(o->circle_text, xyr, 3)) return fail("circle B: \"%s\" is not X,Y,R", o->circle_text);
        satcd_status st = satcd_circle_make(&pc->circle, satcd_v2(xyr[0], xyr[1]), xyr[2]);
        if (st != SATCD_OK) return fail("circle B is invalid: %s", satcd_status_string(st));
        pc->b_is_circle = true;
        *pivot = pc->circle.center;
        return 0;
    }
    if (!make_polygon("B", o->b_text, &pc->b)) return EXIT_USAGE;
    *pivot = pc->b.centroid;
    return 0;
}

static int build_case(const collide_options *o, pair_case *pc)
{
    memset(pc, 0, sizeof *pc);
    pc->xa = satcd_xf_identity();
    satcd_vec2 pivot = satcd_v2(0.0f, 0.0f);
    if (o->capsule_a_text != NULL) {
        pc->a_is_capsule = true;
        int rc = make_capsule("capsule A", o->capsule_a_text, &pc->a_capsule, &pivot);
        if (rc != 0) return rc;
    } else if (!make_polygon("A", o->a_text, &pc->a)) {
        return EXIT_USAGE;
    }
    float move[2] = {0.0f, 0.0f}, degrees = 0.0f;
    if (o->move_text != NULL && !parse_numbers(o->move_text, move, 2))
        return fail("--move-b: \"%s\" is not DX,DY (two finite numbers)", o->move_text);
    if (o->rotate_text != NULL && !parse_numbers(o->rotate_text, &degrees, 1))
        return fail("--rotate-b: \"%s\" is not an angle in degrees", o->rotate_text);
    int rc = make_b(o, pc, &pivot);
    if (rc != 0) return rc;
    pc->xb = place_b(pivot, degrees, satcd_v2(move[0], move[1]));
    return 0;
}

static int command_collide(int argc, char **argv)
{
    collide_options o;
    int rc = parse_collide(argc, argv, false, &o);
    if (rc != 0) return rc;
    static pair_case pc;
    rc = build_case(&o, &pc);
    if (rc == 0) {
        static report r;
        run_queries(&pc, o.tolerance, o.margin, &r);
        if (o.json) print_json(stdout, &pc, &r);
        else print_text(stdout, &pc, &r);
        if (o.svg_path != NULL) rc = write_svg(o.svg_path, &pc, &r, o.title);
        free(r.piece_manifolds);
    }
    free_case(&pc);
    return rc;
}

/* -------------------------------------------------------------- decompose */

typedef struct decompose_options {
    const char *outline_text, *svg_path, *title;
    bool json;
} decompose_options;

static int parse_decompose(int argc, char **argv, decompose_options *o)
{
    memset(o, 0, sizeof *o);
    for (int i = 2; i < argc; ++i) {
        const char *arg = argv[i], **slot = NULL;
        if (strcmp(arg, "--json") == 0) { o->json = true; continue; }
        if (strcmp(arg, "--svg") == 0) slot = &o->svg_path;
        else if (strcmp(arg, "--title") == 0) slot = &o->title;
        else if (arg[0] == '-' && arg[1] == '-') return fail("unknown option %s for decompose", arg);
        if (slot != NULL) {
            if ((*slot = option_value(argc, argv, &i)) == NULL) return EXIT_USAGE;
        } else if (o->outline_text != NULL) {
            return fail("decompose takes one outline");
        } else {
            o->outline_text = arg;
        }
    }
    if (o->outline_text == NULL) return fail("decompose needs an outline \"x,y x,y x,y ...\"");
    return 0;
}

static void print_pieces(FILE *out, const decomposition *d)
{
    fprintf(out, "outline: %d points\npieces:  %d convex\n", d->count, d->piece_count);
    for (int i = 0; i < d->piece_count; ++i) {
        const satcd_polygon *p = &d->pieces[i];
        fprintf(out, "  piece %d: %d vertices ", i, p->count);
        for (int k = 0; k < p->count; ++k) fprintf(out, " %.9g,%.9g", (double)p->vx[k], (double)p->vy[k]);
        fputc('\n', out);
    }
}

static void print_pieces_json(FILE *out, const decomposition *d)
{
    fprintf(out, "{\n  \"points\": %d,\n  \"pieces\": [", d->count);
    for (int i = 0; i < d->piece_count; ++i) {
        fprintf(out, "%s\n    {\"vertices\": [", i == 0 ? "" : ",");
        for (int k = 0; k < d->pieces[i].count; ++k) {
            if (k > 0) fputs(", ", out);
            json_vec(out, satcd_polygon_vertex(&d->pieces[i], k));
        }
        fputs("]}", out);
    }
    fputs("\n  ]\n}\n", out);
}

static int write_pieces_svg(const char *path, const decomposition *d, const char *title)
{
    FILE *f = open_picture(path);
    if (f == NULL) return EXIT_WRITE;
    satcd_draw_style style = satcd_draw_style_default();
    style.title = title;
    bool ok = satcd_draw_pieces_svg_file(d->points, d->count, d->pieces, d->piece_count, &style, f);
    return close_picture(f, ok, path);
}

static int command_decompose(int argc, char **argv)
{
    decompose_options o;
    int rc = parse_decompose(argc, argv, &o);
    if (rc != 0) return rc;
    decomposition d;
    rc = decompose_outline(o.outline_text, &d);
    if (rc == 0) {
        if (o.json) print_pieces_json(stdout, &d);
        else print_pieces(stdout, &d);
        if (o.svg_path != NULL) rc = write_pieces_svg(o.svg_path, &d, o.title);
    }
    free_decomposition(&d);
    return rc;
}

/* ------------------------------------------------------------------ sweep */

static void print_sweep(FILE *out, const pair_case *pc, const collide_options *o, const satcd_toi *toi)
{
    satcd_vec2 va = satcd_v2(o->velocity_a[0], o->velocity_a[1]), vb = satcd_v2(o->velocity_b[0], o->velocity_b[1]);
    if (o->json) {
        fputs("{\n  \"a\": ", out);
        json_a(out, pc);
        fputs(",\n  \"b\": ", out);
        json_b(out, pc);
        fputs(",\n  \"velocity_a\": ", out);
        json_vec(out, va);
        fputs(",\n  \"velocity_b\": ", out);
        json_vec(out, vb);
        fprintf(out, ",\n  \"hit\": %s,\n  \"t\": %.9g,\n  \"normal\": ", toi->hit ? "true" : "false", (double)toi->t);
        json_vec(out, toi->normal);
        fputs(",\n  \"point\": ", out);
        json_vec(out, toi->point);
        fputs("\n}\n", out);
        return;
    }
    fprintf(out, "motion:      A by (%.9g, %.9g) * t, B by (%.9g, %.9g) * t, t in [0, 1]\n", (double)va.x, (double)va.y,
            (double)vb.x, (double)vb.y);
    if (!toi->hit) {
        fprintf(out, "impact:      none (no contact for t in [0, 1])\n");
        return;
    }
    fprintf(out, "impact:      t = %.9g%s\n", (double)toi->t, toi->t == 0.0f ? " (touching or overlapping at the start)" : "");
    fprintf(out, "normal:      (%.9g, %.9g)  (A to B)\n", (double)toi->normal.x, (double)toi->normal.y);
    fprintf(out, "point:       (%.9g, %.9g)\n", (double)toi->point.x, (double)toi->point.y);
}

static int write_sweep_svg(const char *path, const pair_case *pc, const collide_options *o)
{
    FILE *f = open_picture(path);
    if (f == NULL) return EXIT_WRITE;
    satcd_draw_style style = satcd_draw_style_default();
    style.title = o->title;
    satcd_vec2 va = satcd_v2(o->velocity_a[0], o->velocity_a[1]), vb = satcd_v2(o->velocity_b[0], o->velocity_b[1]);
    satcd_shape a = shape_a(pc), b = shape_b(pc);
    bool ok;
    if (pc->a_is_capsule) ok = satcd_draw_sweep_shapes_svg_file(&a, pc->xa, va, &b, pc->xb, vb, &style, f);
    else if (pc->b_is_capsule)
        ok = satcd_draw_sweep_polygon_capsule_svg_file(&pc->a, pc->xa, va, &pc->capsule, pc->xb, vb, &style, f);
    else ok = satcd_draw_sweep_svg_file(&pc->a, pc->xa, va, &pc->b, pc->xb, vb, &style, f);
    return close_picture(f, ok, path);
}

static satcd_toi sweep_pair(const pair_case *pc, const collide_options *o)
{
    satcd_vec2 va = satcd_v2(o->velocity_a[0], o->velocity_a[1]), vb = satcd_v2(o->velocity_b[0], o->velocity_b[1]);
    if (pc->a_is_capsule) {
        /* A capsule A: the generic sweep answers, as the generic queries answer collide. */
        satcd_shape a = shape_a(pc), b = shape_b(pc);
        return satcd_sweep(&a, pc->xa, va, &b, pc->xb, vb);
    }
    if (pc->b_is_capsule) return satcd_sweep_polygon_capsule(&pc->a, pc->xa, va, &pc->capsule, pc->xb, vb);
    return satcd_sweep_polygons(&pc->a, pc->xa, va, &pc->b, pc->xb, vb);
}

static int command_sweep(int argc, char **argv)
{
    collide_options o;
    int rc = parse_collide(argc, argv, true, &o);
    if (rc != 0) return rc;
    static pair_case pc;
    rc = build_case(&o, &pc);
    if (rc != 0) return rc;
    satcd_toi toi = sweep_pair(&pc, &o);
    print_sweep(stdout, &pc, &o, &toi);
    return o.svg_path != NULL ? write_sweep_svg(o.svg_path, &pc, &o) : 0;
}

/* ------------------------------------------------------------------- demo */

typedef struct demo_case {
    const char *file, *title, *a, *b, *circle;
    float move_x, move_y, degrees;
    const char *capsule;
} demo_case;

static const demo_case demos[] = {
    {"resting-box", "A tilted box sinking into the ground: two contacts", "-1.8,-1 1.8,-1 1.8,0 -1.8,0",
     "-0.8,-0.8 0.8,-0.8 0.8,0.8 -0.8,0.8", NULL, 0.2f, 0.6f, 8.0f, NULL},
    {"separated", "Separated: one axis shows a gap", "0,0 2,0 1,1.8", "0,0 1.2,0 1.6,1 0.6,1.7 -0.4,1", NULL, 2.4f,
     0.6f, 0.0f, NULL},
    {"touching", "Touching: separation exactly 0", "0,0 2,0 2,1 0,1", "0,0 1,0 1,1 0,1", NULL, 2.0f, 0.4f, 0.0f, NULL},
    {"contained", "Containment: the push-out is longer than the interval overlap", "0,0 4,0 2,3",
     "-0.4,-0.4 0.4,-0.4 0.4,0.4 -0.4,0.4", NULL, 2.2f, 0.9f, 0.0f, NULL},
    {"corner", "A corner into a face: one contact", "0,0 3,0 3,2 0,2", "-0.7,-0.7 0.7,-0.7 0.7,0.7 -0.7,0.7", NULL,
     1.4f, 2.85f, 45.0f, NULL},
    {"circle", "Polygon and circle: edge normals plus the nearest-vertex axis", "0,0 2.5,0 3,1.5 1,2.5", NULL,
     "0,0,0.8", 3.15f, 2.2f, 0.0f, NULL},
    {"capsule", "A capsule lying on a box face, slightly tilted: two contacts", "-2,-1 2,-1 2,0 -2,0", NULL, NULL, 0.0f,
     0.0f, 6.0f, "-1.2,0.35 1.2,0.35 0.5"},
    {"segment", "A segment (radius 0) across a polygon: it overlaps what it crosses", "0,0 3,0 3.5,1.5 1,2.5", NULL,
     NULL, 0.0f, 0.0f, 0.0f, "-0.6,0.4 4.2,1.9 0"},
    {"capsule-apart", "A capsule apart from a polygon: the distance and closest points", "0,0 2.5,0 3,1.5 1,2.5", NULL,
     NULL, 0.0f, 0.0f, 0.0f, "3.6,0.2 4.4,2.6 0.4"},
};

static int run_demo(const demo_case *d, const char *dir)
{
    collide_options o;
    memset(&o, 0, sizeof o);
    char move[64], rotate[32];
    snprintf(move, sizeof move, "%.9g,%.9g", (double)d->move_x, (double)d->move_y);
    snprintf(rotate, sizeof rotate, "%.9g", (double)d->degrees);
    o.a_text = d->a, o.b_text = d->b, o.circle_text = d->circle, o.capsule_text = d->capsule;
    o.move_text = move, o.rotate_text = rotate;
    static pair_case pc;
    int rc = build_case(&o, &pc);
    if (rc != 0) return rc;
    static report r;
    run_queries(&pc, 0.0f, 0.0f, &r);
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.svg", dir, d->file);
    rc = write_svg(path, &pc, &r, d->title);
    if (rc != 0) return rc;
    printf("%-32s %-12s separation %+.4f  %s  %d contact%s\n", path, relation_name(r.relation), (double)r.separation,
           r.mtv.hit ? "MTV yes" : "MTV no ", r.manifold.count, r.manifold.count == 1 ? "" : "s");
    return 0;
}

/* A fast box that would jump over a thin wall between two frames: the sweep finds the hit. */
static int demo_sweep(const char *dir)
{
    collide_options o;
    memset(&o, 0, sizeof o);
    o.sweep = true;
    o.a_text = "0,-1.5 0.25,-1.5 0.25,1.5 0,1.5";
    o.b_text = "-0.4,-0.4 0.4,-0.4 0.4,0.4 -0.4,0.4";
    o.move_text = "-2.2,-0.3";
    o.velocity_b[0] = 5.0f, o.velocity_b[1] = 0.8f;
    o.title = "Sweep: a fast box would tunnel through a thin wall; the time of impact catches it";
    static pair_case pc;
    int rc = build_case(&o, &pc);
    if (rc != 0) return rc;
    satcd_toi toi = satcd_sweep_polygons(&pc.a, pc.xa, satcd_v2(0.0f, 0.0f), &pc.b, pc.xb,
                                         satcd_v2(o.velocity_b[0], o.velocity_b[1]));
    char path[1024];
    snprintf(path, sizeof path, "%s/sweep.svg", dir);
    o.svg_path = path;
    rc = write_sweep_svg(path, &pc, &o);
    if (rc != 0) return rc;
    printf("%-32s %-12s t %.4f\n", path, toi.hit ? "impact" : "no impact", (double)toi.t);
    return 0;
}

static int command_demo(int argc, char **argv)
{
    const char *dir = argc > 2 ? argv[2] : "satcd-demo";
    if (argc > 3) return fail("demo takes at most one directory");
    if (make_directory(dir) != 0 && errno != EEXIST) {
        fprintf(stderr, "satcd: cannot create directory %s: %s\n", dir, strerror(errno));
        return EXIT_WRITE;
    }
    printf("libsatcd %s (%s backend): writing pictures to %s/\n", satcd_version(), satcd_simd_backend(), dir);
    for (size_t i = 0; i < sizeof demos / sizeof demos[0]; ++i) {
        int rc = run_demo(&demos[i], dir);
        if (rc != 0) return rc;
    }
    int rc = demo_sweep(dir);
    if (rc != 0) return rc;
    printf("open the .svg files in a browser; blue is A, orange is B, y points up.\n");
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage_text, stderr);
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        fputs(usage_text, stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("satcd %s (%s backend)\n", satcd_version(), satcd_simd_backend());
        return 0;
    }
    if (strcmp(cmd, "collide") == 0) return command_collide(argc, argv);
    if (strcmp(cmd, "sweep") == 0) return command_sweep(argc, argv);
    if (strcmp(cmd, "decompose") == 0) return command_decompose(argc, argv);
    if (strcmp(cmd, "demo") == 0) return command_demo(argc, argv);
    fprintf(stderr, "satcd: unknown command \"%s\"\n\n%s", cmd, usage_text);
    return EXIT_USAGE;
}
