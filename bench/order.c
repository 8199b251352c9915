/*
 * satcd_order: what the reference-face branch of satcd_collide_polygons
 * costs when its outcome cannot be learned.
 *
 *   satcd_order [--set a|b] [--pairs N] [--reps N]
 *
 * Which polygon holds the reference face is as good as random from pair
 * to pair, and over 20,000 pairs the processor cannot learn the sequence
 * (over a few hundred repeated pairs it can). This program times the
 * manifold on the set's 8-gon pairs twice per repetition, alternately and
 * in random order: once in the set's own order, once with the same pairs
 * sorted by the side that holds the reference face (B's bit of the
 * contact id), so that the branch goes one way for a run of pairs and
 * then the other. The work and the data read are the same; the difference
 * is what mispredicting that branch (and the branches that follow it)
 * costs. Prints the fastest repetition of each order and the median of
 * the per-repetition ratios with its quartiles.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <satcd/satcd.h>

#include "workload.h"

typedef struct pairs {
    satcd_polygon *a, *b;
    satcd_xf *xa, *xb;
} pairs;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static volatile float sink;

/* ns per pair of one pass over n pairs. */
static double time_pass(const pairs *p, int n)
{
    float acc = 0.0f;
    double t0 = now_s();
    for (int i = 0; i < n; ++i) {
        satcd_manifold m = satcd_collide_polygons(&p->a[i], p->xa[i], &p->b[i], p->xb[i], 0.0f);
        acc += (float)m.count + m.points[0].depth;
    }
    double dt = now_s() - t0;
    sink = acc;
    return dt / n * 1e9;
}

static bool reference_is_b(const bench_set *s, int i)
{
    satcd_manifold m = satcd_collide_polygons(&s->a[i], s->xa[i], &s->b[i], s->xb[i], 0.0f);
    return m.count > 0 && (m.points[0].id & SATCD_ID_REFERENCE_IS_B) != 0;
}

/* The first n pairs of s in the given order, copied into arrays of their own. */
static bool copy_pairs(pairs *out, const bench_set *s, const int *order, int n)
{
    out->a = aligned_alloc(64, sizeof(satcd_polygon) * (size_t)n);
    out->b = aligned_alloc(64, sizeof(satcd_polygon) * (size_t)n);
    out->xa = malloc(sizeof(satcd_xf) * (size_t)n);
    out->xb = malloc(sizeof(satcd_xf) * (size_t)n);
    if (out->a == NULL || out->b == NULL || out->xa == NULL || out->xb == NULL) return false;
    for (int i = 0; i < n; ++i) {
        out->a[i] = s->a[order[i]];
        out->b[i] = s->b[order[i]];
        out->xa[i] = s->xa[order[i]];
        out->xb[i] = s->xb[order[i]];
    }
    return true;
}

static void free_pairs(pairs *p)
{
    free(p->a);
    free(p->b);
    free(p->xa);
    free(p->xb);
}

static int compare_doubles(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

int main(int argc, char **argv)
{
    char set = 'b';
    int n = BENCH_SET_PAIRS, reps = 40;
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--set") == 0 && i + 1 < argc) {
            set = argv[++i][0];
        } else if (strcmp(argv[i], "--pairs") == 0 && i + 1 < argc) {
            n = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) {
            reps = atoi(argv[++i]);
        } else {
            n = -1;
        }
    }
    if ((set != 'a' && set != 'b') || n < 1 || n > BENCH_SET_PAIRS || reps < 1 || reps > 1000) {
        fprintf(stderr, "usage: satcd_order [--set a|b] [--pairs 1..%d] [--reps 1..1000]\n", BENCH_SET_PAIRS);
        return 2;
    }
    bench_set s;
    if (bench_set_make(&s, set, 8, BENCH_SET_PAIRS) != 0) {
        fprintf(stderr, "satcd_order: could not make set %c\n", set);
        return 2;
    }
    int *own = malloc(sizeof(int) * (size_t)n), *sorted = malloc(sizeof(int) * (size_t)n);
    bool *on_b_side = malloc(sizeof(bool) * (size_t)n);
    double *t_own = malloc(sizeof(double) * (size_t)reps), *t_sorted = malloc(sizeof(double) * (size_t)reps);
    double *ratio = malloc(sizeof(double) * (size_t)reps);
    pairs p_own, p_sorted;
    memset(&p_own, 0, sizeof p_own);
    memset(&p_sorted, 0, sizeof p_sorted);
    int status = 2;
    if (own == NULL || sorted == NULL || on_b_side == NULL || t_own == NULL || t_sorted == NULL || ratio == NULL)
        goto done;
    /* A's side first, then B's, each in the set's order. */
    int on_b = 0;
    for (int i = 0; i < n; ++i) {
        own[i] = i;
        on_b_side[i] = reference_is_b(&s, i);
        on_b += on_b_side[i];
    }
    for (int i = 0, next_a = 0, next_b = n - on_b; i < n; ++i) sorted[on_b_side[i] ? next_b++ : next_a++] = i;
    if (!copy_pairs(&p_own, &s, own, n) || !copy_pairs(&p_sorted, &s, sorted, n)) goto done;

    unsigned rng = 12345u;
    for (int r = 0; r < reps; ++r) {
        rng = rng * 1103515245u + 12345u;
        bool sorted_first = (rng >> 16) & 1u;
        if (sorted_first) t_sorted[r] = time_pass(&p_sorted, n);
        t_own[r] = time_pass(&p_own, n);
        if (!sorted_first) t_sorted[r] = time_pass(&p_sorted, n);
        ratio[r] = t_sorted[r] / t_own[r];
    }
    double best_own = t_own[0], best_sorted = t_sorted[0];
    for (int r = 1; r < reps; ++r) {
        best_own = t_own[r] < best_own ? t_own[r] : best_own;
        best_sorted = t_sorted[r] < best_sorted ? t_sorted[r] : best_sorted;
    }
    qsort(ratio, (size_t)reps, sizeof ratio[0], compare_doubles);
    printf("satcd %s (%s backend), set %c, %d pairs of 8-gons, B's face the reference in %d\n", satcd_version(),
           satcd_simd_backend(), set, n, on_b);
    printf("manifold, own order: %.1f ns per pair; ordered by reference side: %.1f ns; ordered/own: median %+.1f%% "
           "(quartiles %+.1f%% to %+.1f%%), %d repetitions\n",
           best_own, best_sorted, 100.0 * (ratio[reps / 2] - 1.0), 100.0 * (ratio[reps / 4] - 1.0),
           100.0 * (ratio[(3 * reps) / 4] - 1.0), reps);
    status = 0;
done:
    free_pairs(&p_own);
    free_pairs(&p_sorted);
    free(own);
    free(sorted);
    free(on_b_side);
    free(t_own);
    free(t_sorted);
    free(ratio);
    bench_set_free(&s);
    return status;
}
