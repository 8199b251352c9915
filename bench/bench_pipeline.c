/* The pipeline scene and satcd's side of its benchmark (pipeline.h). */
#include "pipeline.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Manifolds kept per body: the scenes list about one candidate pair per body. */
#define MANIFOLDS_PER_BODY 4

static float between(uint64_t *seed, float lo, float hi) { return lo + (hi - lo) * bench_bp_next_unit(seed); }

/* Every other body a box, the rest regular 3- to 8-gons (Box2D 2.4 holds at most 8 vertices). */
static int make_shape(satcd_polygon *out, int i, uint64_t *seed)
{
    if (i % 2 == 0) {
        *out = satcd_polygon_box(between(seed, 0.25f, 0.75f), between(seed, 0.25f, 0.75f));
        return !satcd_polygon_is_valid(out);
    }
    int sides = 3 + (int)(6.0f * bench_bp_next_unit(seed));
    return satcd_polygon_regular(out, sides, between(seed, 0.3f, 0.8f)) != SATCD_OK;
}

static int scene_alloc(bench_pipe_scene *s, int n)
{
    size_t un = (size_t)n;
    memset(s, 0, sizeof *s);
    s->bp.count = n;
    s->bp.moving = n;
    s->bp.side = sqrtf(2.0f * (float)n);
    s->bp.box = malloc(un * sizeof *s->bp.box);
    s->bp.velocity = malloc(un * sizeof *s->bp.velocity);
    s->bp.moved_by = calloc(un, sizeof *s->bp.moved_by);
    s->shape = malloc(un * sizeof *s->shape);
    s->shapes = malloc(un * sizeof *s->shapes);
    s->xf = malloc(un * sizeof *s->xf);
    s->angle = malloc(un * sizeof *s->angle);
    s->spin = malloc(un * sizeof *s->spin);
    return !(s->bp.box && s->bp.velocity && s->bp.moved_by && s->shape && s->shapes && s->xf && s->angle && s->spin);
}

int bench_pipe_scene_make(bench_pipe_scene *s, int n)
{
    if (scene_alloc(s, n) != 0) return 1;
    uint64_t seed = 0xd1b54a32d192ed03ull ^ (uint64_t)n;
    float side = s->bp.side;
    for (int i = 0; i < n; ++i) {
        if (make_shape(&s->shape[i], i, &seed) != 0) return 1;
        s->shapes[i] = &s->shape[i];
        float speed = between(&seed, 0.0f, 2.0f / 60.0f), heading = between(&seed, 0.0f, 6.2831853f);
        s->bp.velocity[i] = satcd_v2(speed * cosf(heading), speed * sinf(heading));
        s->angle[i] = between(&seed, 0.0f, 6.2831853f);
        s->spin[i] = between(&seed, -1.0f / 60.0f, 1.0f / 60.0f);
        satcd_vec2 at = satcd_v2(between(&seed, 1.0f, side - 1.0f), between(&seed, 1.0f, side - 1.0f));
        s->xf[i] = satcd_xf_make(at, s->angle[i]);
        s->bp.box[i] = satcd_polygon_aabb(&s->shape[i], s->xf[i]);
    }
    return 0;
}

void bench_pipe_scene_free(bench_pipe_scene *s)
{
    bench_bp_scene_free(&s->bp);
    free(s->shape);
    free((void *)s->shapes);
    free(s->xf);
    free(s->angle);
    free(s->spin);
}

/* A velocity component turned back into the square when the box has crossed a wall moving outwards. */
static float bounce(float v, float lower, float upper, float side)
{
    return (lower < 0.0f && v < 0.0f) || (upper > side && v > 0.0f) ? -v : v;
}

void bench_pipe_scene_step(bench_pipe_scene *s)
{
    float side = s->bp.side;
    for (int i = 0; i < s->bp.count; ++i) {
        satcd_aabb *box = &s->bp.box[i];
        satcd_vec2 *v = &s->bp.velocity[i];
        v->x = bounce(v->x, box->lower.x, box->upper.x, side);
        v->y = bounce(v->y, box->lower.y, box->upper.y, side);
        s->angle[i] += s->spin[i];
        s->xf[i] = satcd_xf_make(satcd_add(s->xf[i].p, *v), s->angle[i]);
        s->bp.moved_by[i] = *v;
        *box = satcd_polygon_aabb(&s->shape[i], s->xf[i]);
    }
}

int bench_pipe_satcd_make(bench_pipe_satcd *b, const bench_pipe_scene *s)
{
    b->manifolds = malloc((size_t)s->bp.count * MANIFOLDS_PER_BODY * sizeof *b->manifolds);
    return bench_bp_satcd_make(&b->bp, &s->bp) != 0 || b->manifolds == NULL;
}

void bench_pipe_satcd_free(bench_pipe_satcd *b)
{
    bench_bp_satcd_free(&b->bp);
    free(b->manifolds);
}

int bench_pipe_satcd_frame(bench_pipe_satcd *b, const bench_pipe_scene *s, const satcd_task_system *tasks)
{
    int count = bench_bp_satcd_frame(&b->bp, &s->bp, tasks);
    if (count < 0 || count > s->bp.count * MANIFOLDS_PER_BODY) return -1;
    satcd_batch_collide_polygons_parallel(s->shapes, s->xf, b->bp.pairs, count, 0.0f, b->manifolds, tasks);
    int touching = 0;
    for (int k = 0; k < count; ++k) touching += b->manifolds[k].count > 0;
    return touching;
}

void bench_pipe_satcd_touching(const bench_pipe_satcd *b, satcd_pair *out)
{
    for (int k = 0; k < b->bp.count; ++k)
        if (b->manifolds[k].count > 0) *out++ = b->bp.pairs[k];
}
