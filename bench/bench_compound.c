/* The compound benchmark set and satcd's compound queries over it. */
#include "compound.h"

#include <stdlib.h>
#include <string.h>

#include "random_shapes.h"

/* A comb: a spine 1 high and 20 long with ten teeth 1 wide and 2 high, 1 apart: 12 pieces once split. */
static int comb_outline(satcd_vec2 *out)
{
    int n = 0;
    out[n++] = satcd_v2(0, 0);
    out[n++] = satcd_v2(20, 0);
    for (int t = 9; t >= 0; --t) {
        float x = 2.0f * (float)t;
        out[n++] = satcd_v2(x + 2.0f, 3.0f);
        out[n++] = satcd_v2(x + 1.0f, 3.0f);
        out[n++] = satcd_v2(x + 1.0f, 1.0f);
        out[n++] = satcd_v2(x, 1.0f);
    }
    return n;
}

int bench_compound_set_make(bench_compound_set *out, int count)
{
    memset(out, 0, sizeof *out);
    satcd_vec2 outline[64];
    int n = comb_outline(outline), pieces = 0;
    if (satcd_decompose(outline, n, out->pieces, BENCH_COMPOUND_MAX_PIECES, &pieces) != SATCD_OK) return 1;
    for (int i = 0; i < pieces; ++i) out->shapes[i] = satcd_shape_of_polygon(&out->pieces[i]);
    out->body = (satcd_compound){out->shapes, NULL, pieces};
    out->box = satcd_polygon_box(0.6f, 0.4f);
    out->b = satcd_shape_of_polygon(&out->box);
    out->count = count;
    out->xa = malloc(sizeof(satcd_xf) * (size_t)count);
    out->xb = malloc(sizeof(satcd_xf) * (size_t)count);
    if (out->xa == NULL || out->xb == NULL) return 1;
    random_source r = random_source_seeded(0xc0b0u);
    int hits = 0;
    for (int i = 0; i < count; ++i) {
        out->xa[i] = random_transform(&r, 100.0f);
        float x = random_float(&r, -1.0f, 21.0f);
        satcd_vec2 local = satcd_v2(x, random_float(&r, -1.0f, 4.0f));
        out->xb[i] = random_transform_at(&r, satcd_xf_point(out->xa[i], local));
        hits += satcd_overlap_compound(&out->body, out->xa[i], &out->b, out->xb[i]);
    }
    out->overlap = (double)hits / count;
    return 0;
}

void bench_compound_set_free(bench_compound_set *s)
{
    free(s->xa);
    free(s->xb);
    s->xa = s->xb = NULL;
}

double bench_satcd_compound_overlap(const bench_compound_set *s)
{
    int hits = 0;
    for (int i = 0; i < s->count; ++i) hits += satcd_overlap_compound(&s->body, s->xa[i], &s->b, s->xb[i]);
    return hits;
}

double bench_satcd_compound_mtv(const bench_compound_set *s)
{
    float sum = 0.0f;
    for (int i = 0; i < s->count; ++i) sum += satcd_mtv_compound(&s->body, s->xa[i], &s->b, s->xb[i]).depth;
    return (double)sum;
}

double bench_satcd_compound_manifold(const bench_compound_set *s)
{
    satcd_manifold m[BENCH_COMPOUND_MAX_PIECES];
    long sum = 0;
    for (int i = 0; i < s->count; ++i)
        sum += satcd_collide_compound(&s->body, s->xa[i], &s->b, s->xb[i], 0.0f, m, BENCH_COMPOUND_MAX_PIECES);
    return (double)sum;
}
