/*
 * Properties of the polygon queries on 10,000 random pairs (fixed seed),
 * spread around touching (tests/support/pairs.h):
 *  1. pushing B by depth * normal * (1 + 1e-4) separates the pair;
 *  2. in 8 random directions, the least push that separates (found by
 *     bisection) is never shorter than the MTV depth, and along the MTV
 *     normal it is the depth;
 *  3. swapping A and B negates the normal and keeps the depth;
 *  4. translating both by (1e5, -1e5) keeps the answers: bit for bit when
 *     the positions are multiples of 2^-7 (the translation is then exact),
 *     within the float band of the double truth otherwise;
 *  5. rotating both about the origin keeps them;
 *  6. overlap == (separation < 0) == mtv.hit, with no tolerance, on every
 *     query made here;
 *  7. scaling the whole scene by 2^-10 or 2^10 (exact in float) scales
 *     every length answer exactly: no absolute epsilon anywhere.
 * Tolerances are the float band FLOAT_BAND_REL x scale (see truth.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>

#include "pairs.h"
#include "truth.h"
#include "workload.h"

#define PAIRS 10000
#define SEED 0x5a7cd002u
#define DIRECTIONS 8
#define MAX_REPORTS 10

static int failures;
static int consistency_checks;

static void mismatch(int pair, const char *what, double got, double want)
{
    if (failures++ < MAX_REPORTS) printf("  pair %d: %s: got %.9g, want %.9g\n", pair, what, got, want);
}

typedef struct answers {
    float sep;
    bool overlap;
    satcd_mtv mtv;
} answers;

/* Every query of one configuration; property 6 is checked on each. */
static answers ask(int pair, const satcd_polygon *a, satcd_xf xa, const satcd_polygon *b, satcd_xf xb)
{
    answers r;
    r.sep = satcd_separation_polygons(a, xa, b, xb);
    r.overlap = satcd_overlap_polygons(a, xa, b, xb);
    r.mtv = satcd_mtv_polygons(a, xa, b, xb);
    consistency_checks++;
    if (r.overlap != (r.sep < 0.0f)) mismatch(pair, "overlap != (separation < 0)", r.overlap, r.sep < 0.0f);
    if (r.mtv.hit != r.overlap) mismatch(pair, "mtv.hit != overlap", r.mtv.hit, r.overlap);
    if (r.mtv.hit && r.mtv.depth != -r.sep) mismatch(pair, "mtv.depth != -separation", r.mtv.depth, -r.sep);
    float gap = r.sep > 0.0f && r.sep <= 1e-3f ? satcd_distance_polygons(a, xa, b, xb).distance : r.sep;
    if (satcd_relate_polygons(a, xa, b, xb, 1e-3f) != satcd_relation_of(gap, 1e-3f))
        mismatch(pair, "relation disagrees with the signed distance", 0, 1);
    return r;
}

typedef struct stats {
    int overlapping, pushed_strictly_apart, swap_checked, swap_near_ties, bisections;
    int far_exact, rotated, units_exact;
    double worst_push_sep;      /* most negative separation after the push, / scale */
    double worst_bisect_short;  /* largest (depth - bisected push) / scale, <= band */
    double worst_along_normal;  /* |least push along the MTV normal - depth| / scale */
    double worst_swap_depth, worst_swap_angle;
    double worst_far_truth, worst_far_shift; /* / scale; shift: vs the near-origin answer (absolute) */
    double worst_rot_truth, worst_rot_shift, worst_rot_angle;
} stats;

static satcd_xf moved(satcd_xf xf, double dx, double dy)
{
    xf.p.x = (float)(xf.p.x + dx);
    xf.p.y = (float)(xf.p.y + dy);
    return xf;
}

/* 1. The MTV push, a hair longer, leaves the pair at worst touching. */
static void check_push(stats *st, int i, const random_pair *p, const answers *r, double band, double scale)
{
    satcd_vec2 push = satcd_scale(r->mtv.depth * (1.0f + 1e-4f), r->mtv.normal);
    satcd_xf xb = p->xb;
    xb.p = satcd_add(xb.p, push);
    answers after = ask(i, &p->a, p->xa, &p->b, xb);
    st->worst_push_sep = fmin(st->worst_push_sep, after.sep / scale);
    if (after.sep < -band) mismatch(i, "still overlapping after the MTV push", after.sep, 0.0);
    st->pushed_strictly_apart += !after.overlap;
}

/* Least t at which B moved by t * (dx, dy) no longer overlaps, by bisection between 0 (overlapping) and far (apart). */
static double least_push(const random_pair *p, double dx, double dy, double far)
{
    double lo = 0.0, hi = far;
    for (int it = 0; it < 40; ++it) {
        double mid = 0.5 * (lo + hi);
        if (satcd_overlap_polygons(&p->a, p->xa, &p->b, moved(p->xb, mid * dx, mid * dy))) lo = mid;
        else hi = mid;
    }
    return hi;
}

/*
 * 2. The least separating push along each of 8 random directions is at
 * least the MTV depth; along the MTV normal itself it is the depth.
 */
static void check_bisection(stats *st, random_source *dirs, int i, const random_pair *p, const answers *r, double band,
                            double scale)
{
    double ca[2], cb[2];
    truth_centroid(&p->a, p->xa, &ca[0], &ca[1]);
    truth_centroid(&p->b, p->xb, &cb[0], &cb[1]);
    /* Beyond both bounding discs: apart. */
    double far = hypot(cb[0] - ca[0], cb[1] - ca[1]) + p->a.radius + p->b.radius + 1e-3;
    for (int k = 0; k < DIRECTIONS; ++k) {
        double ang = random_float(dirs, -3.14159265f, 3.14159265f);
        double t = least_push(p, cos(ang), sin(ang), far);
        st->bisections++;
        st->worst_bisect_short = fmax(st->worst_bisect_short, (r->mtv.depth - t) / scale);
        if (t < r->mtv.depth - band) mismatch(i, "bisection found a push shorter than the MTV depth", t, r->mtv.depth);
    }
    double along = least_push(p, r->mtv.normal.x, r->mtv.normal.y, far);
    st->worst_along_normal = fmax(st->worst_along_normal, fabs(along - r->mtv.depth) / scale);
    if (fabs(along - r->mtv.depth) > band) mismatch(i, "least push along the MTV normal is not the depth", along, r->mtv.depth);
}

/* 3. B against A: same depth, opposite normal (unless two different normals tie within the band). */
static void check_swap(stats *st, int i, const random_pair *p, const answers *r, const truth_sat *t, double band)
{
    answers s = ask(i, &p->b, p->xb, &p->a, p->xa);
    if (fabs(s.sep - r->sep) > band) mismatch(i, "separation not symmetric", s.sep, r->sep);
    if (!r->mtv.hit || !s.mtv.hit) {
        if (r->mtv.hit != s.mtv.hit && fabs(r->sep) > band) mismatch(i, "swap changes hit", s.mtv.hit, r->mtv.hit);
        return;
    }
    double derr = fabs((double)s.mtv.depth - r->mtv.depth);
    st->worst_swap_depth = fmax(st->worst_swap_depth, derr);
    if (derr > band) mismatch(i, "swap changes the depth", s.mtv.depth, r->mtv.depth);
    if (t->sep - t->runner_up <= band) {
        st->swap_near_ties++;
        return;
    }
    st->swap_checked++;
    double angle = truth_angle(-s.mtv.normal.x, -s.mtv.normal.y, r->mtv.normal.x, r->mtv.normal.y);
    st->worst_swap_angle = fmax(st->worst_swap_angle, angle);
    if (angle > 1e-4) mismatch(i, "swap does not negate the normal (angle, rad)", angle, 0.0);
}

/* Positions rounded to multiples of 2^-7, so that adding 1e5 (ulp 2^-7 there) is exact. */
static satcd_xf on_grid(satcd_xf xf)
{
    xf.p.x = roundf(xf.p.x * 128.0f) / 128.0f;
    xf.p.y = roundf(xf.p.y * 128.0f) / 128.0f;
    return xf;
}

static bool same_answers(const answers *x, const answers *y)
{
    return x->sep == y->sep && x->overlap == y->overlap && x->mtv.hit == y->mtv.hit && x->mtv.depth == y->mtv.depth &&
           x->mtv.normal.x == y->mtv.normal.x && x->mtv.normal.y == y->mtv.normal.y &&
           x->mtv.a_in_b == y->mtv.a_in_b && x->mtv.b_in_a == y->mtv.b_in_a;
}

/* 4. Far from the origin: only the relative placement matters. */
static void check_far(stats *st, int i, const random_pair *p, const answers *r, double band, double scale)
{
    const double dx = 1e5, dy = -1e5;
    satcd_xf ga = on_grid(p->xa), gb = on_grid(p->xb);
    answers near = ask(i, &p->a, ga, &p->b, gb);
    answers far = ask(i, &p->a, moved(ga, dx, dy), &p->b, moved(gb, dx, dy));
    if (!same_answers(&near, &far)) mismatch(i, "exact translation by (1e5, -1e5) changes the answers", far.sep, near.sep);
    else st->far_exact++;

    /* Off the grid the translated positions round (ulp 2^-7 at 1e5); compare with the truth of what was given. */
    satcd_xf fa = moved(p->xa, dx, dy), fb = moved(p->xb, dx, dy);
    answers off = ask(i, &p->a, fa, &p->b, fb);
    truth_polygon wa, wb;
    truth_world(&p->a, fa, &wa);
    truth_world(&p->b, fb, &wb);
    double err = fabs(off.sep - truth_sat_pair(&wa, &wb).sep);
    st->worst_far_truth = fmax(st->worst_far_truth, err / scale);
    if (err > band) mismatch(i, "far from the origin: separation differs from the truth", off.sep, truth_sat_pair(&wa, &wb).sep);
    /* Each position coordinate moved by at most 2^-8 when rounded: the separation by at most 2 * sqrt(2) * 2^-8. */
    double shift = fabs((double)off.sep - r->sep);
    st->worst_far_shift = fmax(st->worst_far_shift, shift);
    if (shift > 2.0 * sqrt(2.0) / 256.0 + band) mismatch(i, "far from the origin: separation moved", off.sep, r->sep);
}

/* 5. Rotating the whole scene about the origin. */
static void check_rotation(stats *st, random_source *dirs, int i, const random_pair *p, const answers *r, const truth_sat *t,
                           double band, double scale)
{
    satcd_rot q = satcd_rot_make(random_float(dirs, -3.14159265f, 3.14159265f));
    satcd_xf ra = {satcd_rotate(q, p->xa.p), satcd_rot_mul(q, p->xa.q)};
    satcd_xf rb = {satcd_rotate(q, p->xb.p), satcd_rot_mul(q, p->xb.q)};
    answers rot = ask(i, &p->a, ra, &p->b, rb);
    truth_polygon wa, wb;
    truth_world(&p->a, ra, &wa);
    truth_world(&p->b, rb, &wb);
    double err = fabs(rot.sep - truth_sat_pair(&wa, &wb).sep);
    st->worst_rot_truth = fmax(st->worst_rot_truth, err / scale);
    if (err > band) mismatch(i, "rotated: separation differs from the truth", rot.sep, truth_sat_pair(&wa, &wb).sep);
    double shift = fabs((double)rot.sep - r->sep);
    st->worst_rot_shift = fmax(st->worst_rot_shift, shift / scale);
    if (shift > 2.0 * band) mismatch(i, "rotated: separation moved", rot.sep, r->sep);
    st->rotated++;
    if (!rot.mtv.hit || !r->mtv.hit || t->sep - t->runner_up <= 2.0 * band) return;
    satcd_vec2 expect = satcd_rotate(q, r->mtv.normal);
    double angle = truth_angle(rot.mtv.normal.x, rot.mtv.normal.y, expect.x, expect.y);
    st->worst_rot_angle = fmax(st->worst_rot_angle, angle);
    if (angle > 1e-4) mismatch(i, "rotated: normal not rotated with the scene (rad)", angle, 0.0);
}

/* 7. Units: scaling the whole scene by a power of two scales every length answer exactly (no absolute epsilon). */
static void check_units(stats *st, int i, const random_pair *p, const answers *r)
{
    static const int powers[2] = {-10, 10};
    for (int j = 0; j < 2; ++j) {
        int k = powers[j];
        random_pair q;
        if (!random_pair_scaled(p, k, &q)) {
            mismatch(i, "scaled polygon refused", k, 0);
            continue;
        }
        answers sc = ask(i, &q.a, q.xa, &q.b, q.xb);
        bool same = sc.sep == ldexpf(r->sep, k) && sc.overlap == r->overlap && sc.mtv.hit == r->mtv.hit &&
                    sc.mtv.depth == ldexpf(r->mtv.depth, k) && sc.mtv.normal.x == r->mtv.normal.x &&
                    sc.mtv.normal.y == r->mtv.normal.y && sc.mtv.a_in_b == r->mtv.a_in_b && sc.mtv.b_in_a == r->mtv.b_in_a;
        if (!same) mismatch(i, "scaling by a power of two changes the answers (k, scaled separation / 2^k)", k, ldexpf(sc.sep, -k));
        else st->units_exact++;
    }
}

static void random_pair_properties(void **state)
{
    (void)state;
    random_source dirs = random_source_seeded(SEED + 1u);
    stats st = {0};
    failures = 0;
    int pairs = workload_cases(PAIRS);
    random_pair_sequence sequence = random_pair_sequence_seeded(SEED, pairs);
    for (random_pair_case c; random_pair_next(&sequence, &c);) {
        int i = c.index;
        const random_pair *p = &c.pair;
        truth_sat t = truth_sat_pair(&c.world_a, &c.world_b);
        answers r = ask(i, &p->a, p->xa, &p->b, p->xb);
        if (r.mtv.hit) {
            st.overlapping++;
            check_push(&st, i, p, &r, c.band, c.scale);
            check_bisection(&st, &dirs, i, p, &r, c.band, c.scale);
        }
        check_swap(&st, i, p, &r, &t, c.band);
        check_far(&st, i, p, &r, c.band, c.scale);
        check_rotation(&st, &dirs, i, p, &r, &t, c.band, c.scale);
        check_units(&st, i, p, &r);
    }
    printf("pairs %d, overlapping %d, band %.0e x scale, consistency checks (property 6) %d\n", pairs,
           st.overlapping, FLOAT_BAND_REL, consistency_checks);
    printf("push: strictly apart after the push %d of %d, worst separation after it %.3g x scale\n",
           st.pushed_strictly_apart, st.overlapping, st.worst_push_sep);
    printf("bisection: %d directions, worst (depth - least push) %.3g x scale; along the MTV normal worst "
           "|least push - depth| %.3g x scale\n",
           st.bisections, st.worst_bisect_short, st.worst_along_normal);
    printf("swap: normals checked %d, near-ties skipped %d (two different face normals within the band), "
           "worst depth change %.3g, worst angle %.3g rad\n",
           st.swap_checked, st.swap_near_ties, st.worst_swap_depth, st.worst_swap_angle);
    printf("far (1e5, -1e5): bit-identical on the 2^-7 grid %d of %d; off the grid worst |sep - truth| %.3g x scale, "
           "worst shift from the input rounding %.3g\n",
           st.far_exact, pairs, st.worst_far_truth, st.worst_far_shift);
    printf("rotated %d: worst |sep - truth| %.3g x scale, worst shift %.3g x scale, worst normal angle %.3g rad\n",
           st.rotated, st.worst_rot_truth, st.worst_rot_shift, st.worst_rot_angle);
    printf("units: scaled by 2^-10 and 2^10, bit-identical (lengths scaled) %d of %d\n", st.units_exact, 2 * pairs);
    assert_int_equal(failures, 0);
    assert_true(st.overlapping > pairs * 2 / 5 && st.swap_checked > pairs * 2 / 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_pair_properties),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
