/*
 * satcd_ab: two builds of the shared library, loaded into one process and
 * timed on the same pairs, repetition by repetition in random order.
 *
 *   satcd_ab LIB_A LIB_B [--reps N] [--sizes 200,1000,20000] [--sides 8]
 *
 * On a machine whose speed drifts from moment to moment, two builds timed
 * by separate processes minutes apart differ by more than most changes
 * do; timed alternately in one process, each pair of repetitions meets the
 * same moment, and the ratio of the two is what a change did. For each set
 * ('a' and 'b', of 8-gons or of --sides vertices), number of pairs and query it prints the fastest
 * repetition of each build and the median of the per-repetition ratios
 * B/A with its quartiles. "manifold, chained" feeds each pair's depth into
 * the next pair's transform (times 0), so no pair starts before the one
 * before it ends: when it takes as long as the plain loop, consecutive
 * pairs do not overlap in the processor and only a shorter chain of
 * dependent steps makes a pair faster.
 *
 * Each build makes its own copy of the polygons with its own
 * satcd_polygon_make, from the vertices of the set, so the two may store a
 * polygon differently (its size at most this program's sizeof).
 *
 * First it checks that the two builds return the same bits on every pair
 * of both sets (overlap and manifold); a change meant to be only faster
 * must pass this. Exit status: 0 when they agree, 1 when they do not, 2 on
 * a usage or loading error.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, dlopen */

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <satcd/satcd.h>

#include "workload.h"

typedef satcd_manifold (*collide_fn)(const satcd_polygon *, satcd_xf, const satcd_polygon *, satcd_xf, float);
typedef bool (*overlap_fn)(const satcd_polygon *, satcd_xf, const satcd_polygon *, satcd_xf);

typedef satcd_status (*make_fn)(satcd_polygon *, const satcd_vec2 *, int);
typedef const char *(*name_fn)(void);

enum { SET_COUNT = 2 };

typedef struct build {
    const char *path;
    collide_fn collide;
    overlap_fn overlap;
    make_fn make;
    name_fn backend;
    satcd_polygon *a[SET_COUNT], *b[SET_COUNT]; /* the sets' polygons, made by this build */
} build;

enum { QUERY_OVERLAP, QUERY_MANIFOLD, QUERY_CHAINED, QUERY_COUNT };
static const char *const query_names[QUERY_COUNT] = {"overlap", "manifold", "manifold, chained"};

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Keeps a result alive without a branch the compiler could fold. */
static volatile float sink;

/* ns per pair of one repetition: the first n pairs, enough passes to fill about 20,000 calls. */
static double time_query(const build *lib, const bench_set *s, int k, int n, int query)
{
    const satcd_polygon *pa = lib->a[k], *pb = lib->b[k];
    int passes = (20000 + n - 1) / n;
    float acc = 0.0f;
    double t0 = now_s();
    for (int p = 0; p < passes; ++p) {
        for (int i = 0; i < n; ++i) {
            if (query == QUERY_OVERLAP) {
                acc += (float)lib->overlap(&pa[i], s->xa[i], &pb[i], s->xb[i]);
            } else if (query == QUERY_MANIFOLD) {
                satcd_manifold m = lib->collide(&pa[i], s->xa[i], &pb[i], s->xb[i], 0.0f);
                acc += (float)m.count + m.points[0].depth;
            } else {
                satcd_xf xb = s->xb[i];
                xb.p.x += acc;
                satcd_manifold m = lib->collide(&pa[i], s->xa[i], &pb[i], xb, 0.0f);
                acc = 0.0f * (m.points[0].depth + m.points[1].depth);
            }
        }
    }
    double dt = now_s() - t0;
    sink = acc;
    return dt / ((double)passes * n) * 1e9;
}

static int compare_doubles(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static double smallest(const double *v, int n)
{
    double m = v[0];
    for (int i = 1; i < n; ++i) m = v[i] < m ? v[i] : m;
    return m;
}

static void compare_timing(const build libs[2], const bench_set *s, int k, int n, int query, int reps,
                           unsigned *rng)
{
    double t[2][256], ratio[256];
    for (int r = 0; r < reps; ++r) {
        *rng = *rng * 1103515245u + 12345u;
        int first = (int)((*rng >> 16) & 1u);
        for (int j = 0; j < 2; ++j) {
            int v = first ^ j;
            t[v][r] = time_query(&libs[v], s, k, n, query);
        }
        ratio[r] = t[1][r] / t[0][r];
    }
    qsort(ratio, (size_t)reps, sizeof ratio[0], compare_doubles);
    printf("| %c | %5d | %-17s | %7.1f | %7.1f | %+6.1f%% | %+6.1f%% to %+6.1f%% |\n", s->name, n, query_names[query],
           smallest(t[0], reps), smallest(t[1], reps), 100.0 * (ratio[reps / 2] - 1.0),
           100.0 * (ratio[reps / 4] - 1.0), 100.0 * (ratio[(3 * reps) / 4] - 1.0));
    fflush(stdout);
}

/* Pairs of the set on which the two builds return different bits. */
static int count_differences(const build libs[2], const bench_set *s, int k)
{
    int differ = 0;
    const satcd_polygon *a0 = libs[0].a[k], *b0 = libs[0].b[k], *a1 = libs[1].a[k], *b1 = libs[1].b[k];
    for (int i = 0; i < s->count; ++i) {
        bool o0 = libs[0].overlap(&a0[i], s->xa[i], &b0[i], s->xb[i]);
        bool o1 = libs[1].overlap(&a1[i], s->xa[i], &b1[i], s->xb[i]);
        satcd_manifold m0 = libs[0].collide(&a0[i], s->xa[i], &b0[i], s->xb[i], 0.0f);
        satcd_manifold m1 = libs[1].collide(&a1[i], s->xa[i], &b1[i], s->xb[i], 0.0f);
        differ += o0 != o1 || memcmp(&m0, &m1, sizeof m0) != 0;
    }
    return differ;
}

/* The n polygons of src again, made by lib's constructor from their vertices; NULL on failure. */
static satcd_polygon *remake(const build *lib, const satcd_polygon *src, int n)
{
    satcd_polygon *out = aligned_alloc(64, ((sizeof(satcd_polygon) * (size_t)n) + 63u) & ~(size_t)63u);
    for (int i = 0; out != NULL && i < n; ++i) {
        satcd_vec2 points[SATCD_MAX_POLYGON_VERTICES];
        for (int j = 0; j < src[i].count; ++j) points[j] = satcd_polygon_vertex(&src[i], j);
        if (lib->make(&out[i], points, src[i].count) != SATCD_OK) {
            free(out);
            out = NULL;
        }
    }
    return out;
}

static bool load(build *lib, const char *path)
{
    /* RTLD_LOCAL and a full path: each build keeps its own symbols. */
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) {
        fprintf(stderr, "satcd_ab: %s\n", dlerror());
        return false;
    }
    lib->path = path;
    *(void **)&lib->collide = dlsym(h, "satcd_collide_polygons");
    *(void **)&lib->overlap = dlsym(h, "satcd_overlap_polygons");
    *(void **)&lib->make = dlsym(h, "satcd_polygon_make");
    *(void **)&lib->backend = dlsym(h, "satcd_simd_backend");
    if (lib->collide == NULL || lib->overlap == NULL || lib->make == NULL || lib->backend == NULL) {
        fprintf(stderr, "satcd_ab: %s does not export the satcd queries\n", path);
        return false;
    }
    return true;
}

static int parse_sizes(const char *text, int *sizes, int max)
{
    int n = 0;
    const char *p = text;
    while (*p != '\0' && n < max) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || v < 1 || v > BENCH_SET_PAIRS) return 0;
        sizes[n++] = (int)v;
        p = *end == ',' ? end + 1 : end;
        if (*end != ',' && *end != '\0') return 0;
    }
    return n;
}

int main(int argc, char **argv)
{
    int reps = 20, sizes[8] = {200, 1000, BENCH_SET_PAIRS}, size_count = 3, sides = 8;
    const char *paths[2] = {NULL, NULL};
    int path_count = 0;
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) {
            reps = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--sizes") == 0 && i + 1 < argc) {
            size_count = parse_sizes(argv[++i], sizes, 8);
        } else if (strcmp(argv[i], "--sides") == 0 && i + 1 < argc) {
            sides = atoi(argv[++i]);
        } else if (path_count < 2 && argv[i][0] != '-') {
            paths[path_count++] = argv[i];
        } else {
            path_count = -1;
            break;
        }
    }
    if (path_count != 2 || reps < 1 || reps > 256 || size_count == 0 || sides < 3 || sides > SATCD_MAX_POLYGON_VERTICES) {
        fprintf(stderr, "usage: satcd_ab LIB_A LIB_B [--reps N (1..256)] [--sizes 200,1000,20000] [--sides 3..16]\n");
        return 2;
    }
    build libs[2];
    memset(libs, 0, sizeof libs);
    if (!load(&libs[0], paths[0]) || !load(&libs[1], paths[1])) return 2;
    printf("A: %s (%s backend)\nB: %s (%s backend)\n\n", libs[0].path, libs[0].backend(), libs[1].path,
           libs[1].backend());

    bench_set sets[SET_COUNT];
    int differ = 0;
    for (int k = 0; k < SET_COUNT; ++k) {
        if (bench_set_make(&sets[k], k == 0 ? 'a' : 'b', sides, BENCH_SET_PAIRS) != 0) {
            fprintf(stderr, "satcd_ab: cannot make set %c\n", k == 0 ? 'a' : 'b');
            return 2;
        }
        for (int v = 0; v < 2; ++v) {
            libs[v].a[k] = remake(&libs[v], sets[k].a, sets[k].count);
            libs[v].b[k] = remake(&libs[v], sets[k].b, sets[k].count);
            if (libs[v].a[k] == NULL || libs[v].b[k] == NULL) {
                fprintf(stderr, "satcd_ab: %s cannot make the polygons of set %c\n", libs[v].path, sets[k].name);
                return 2;
            }
        }
        int d = count_differences(libs, &sets[k], k);
        printf("set %c: %d of %d pairs differ between A and B\n", sets[k].name, d, sets[k].count);
        differ += d;
    }
    printf("\n%d repetition%s of each, in random order; ns per pair (fastest repetition); B/A: median of the"
           " per-repetition ratios and its quartiles.\n\n",
           reps, reps == 1 ? "" : "s");
    printf("| set | pairs | query | A ns | B ns | B/A | quartiles |\n|---|---|---|---|---|---|---|\n");
    unsigned rng = 12345u;
    for (int k = 0; k < SET_COUNT; ++k)
        for (int z = 0; z < size_count; ++z)
            for (int q = 0; q < QUERY_COUNT; ++q) compare_timing(libs, &sets[k], k, sizes[z], q, reps, &rng);
    for (int k = 0; k < SET_COUNT; ++k) {
        bench_set_free(&sets[k]);
        for (int v = 0; v < 2; ++v) {
            free(libs[v].a[k]);
            free(libs[v].b[k]);
        }
    }
    return differ == 0 ? 0 : 1;
}
