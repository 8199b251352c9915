/* Capsule benchmark sets and satcd's capsule manifolds over them. */
#include "capsule.h"

#include <stdlib.h>
#include <string.h>

static satcd_capsule capsule_like(const satcd_polygon *p)
{
    satcd_capsule c;
    float half = 0.6f * p->radius;
    satcd_capsule_make(&c, satcd_v2(-half, 0.0f), satcd_v2(half, 0.0f), 0.4f * p->radius);
    return c;
}

int bench_capsule_set_make(bench_capsule_set *out, const bench_set *base)
{
    memset(out, 0, sizeof *out);
    out->base = base;
    out->a = malloc(sizeof(satcd_capsule) * (size_t)base->count);
    out->b = malloc(sizeof(satcd_capsule) * (size_t)base->count);
    if (out->a == NULL || out->b == NULL) {
        bench_capsule_set_free(out);
        return -1;
    }
    int hits_pc = 0, hits_cc = 0;
    for (int i = 0; i < base->count; ++i) {
        out->a[i] = capsule_like(&base->a[i]);
        out->b[i] = capsule_like(&base->b[i]);
        hits_pc += bench_satcd_polygon_capsule_separation(out, i) < 0.0f;
        hits_cc += bench_satcd_capsules_separation(out, i) < 0.0f;
    }
    out->overlap_polygon_capsule = (double)hits_pc / base->count;
    out->overlap_capsules = (double)hits_cc / base->count;
    return 0;
}

void bench_capsule_set_free(bench_capsule_set *s)
{
    free(s->a);
    free(s->b);
    memset(s, 0, sizeof *s);
}

double bench_satcd_polygon_capsule_manifold(const bench_capsule_set *s)
{
    const bench_set *p = s->base;
    float sum = 0.0f;
    for (int i = 0; i < p->count; ++i) {
        satcd_manifold m = satcd_collide_polygon_capsule(&p->a[i], p->xa[i], &s->b[i], p->xb[i], 0.0f);
        sum += (float)m.count + m.points[0].depth;
    }
    return (double)sum;
}

double bench_satcd_capsules_manifold(const bench_capsule_set *s)
{
    const bench_set *p = s->base;
    float sum = 0.0f;
    for (int i = 0; i < p->count; ++i) {
        satcd_manifold m = satcd_collide_capsules(&s->a[i], p->xa[i], &s->b[i], p->xb[i], 0.0f);
        sum += (float)m.count + m.points[0].depth;
    }
    return (double)sum;
}

bool bench_satcd_polygon_capsule_one(const bench_capsule_set *s, int i)
{
    const bench_set *p = s->base;
    return satcd_collide_polygon_capsule(&p->a[i], p->xa[i], &s->b[i], p->xb[i], 0.0f).count > 0;
}

bool bench_satcd_capsules_one(const bench_capsule_set *s, int i)
{
    const bench_set *p = s->base;
    return satcd_collide_capsules(&s->a[i], p->xa[i], &s->b[i], p->xb[i], 0.0f).count > 0;
}

/* The signed separation of a distance and an MTV: the gap when apart, minus the depth when overlapping. */
static float signed_separation(satcd_distance d, satcd_mtv m) { return m.hit ? -m.depth : d.distance; }

float bench_satcd_polygon_capsule_separation(const bench_capsule_set *s, int i)
{
    const bench_set *p = s->base;
    return signed_separation(satcd_distance_polygon_capsule(&p->a[i], p->xa[i], &s->b[i], p->xb[i]),
                             satcd_mtv_polygon_capsule(&p->a[i], p->xa[i], &s->b[i], p->xb[i]));
}

float bench_satcd_capsules_separation(const bench_capsule_set *s, int i)
{
    const bench_set *p = s->base;
    return signed_separation(satcd_distance_capsules(&s->a[i], p->xa[i], &s->b[i], p->xb[i]),
                             satcd_mtv_capsules(&s->a[i], p->xa[i], &s->b[i], p->xb[i]));
}
