/* The broad-phase scene and satcd's side of its benchmark (broadphase.h). */
#include "broadphase.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

float bench_bp_next_unit(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    *state = x;
    return (float)(x >> 40) / (float)(1u << 24);
}

int bench_bp_scene_make(bench_bp_scene *s, int n)
{
    uint64_t seed = 0x9e3779b97f4a7c15ull ^ (uint64_t)n;
    s->count = n;
    s->moving = n;
    s->side = sqrtf(2.0f * (float)n);
    s->box = malloc((size_t)n * sizeof *s->box);
    s->velocity = malloc((size_t)n * sizeof *s->velocity);
    s->moved_by = calloc((size_t)n, sizeof *s->moved_by);
    if (!s->box || !s->velocity || !s->moved_by) return 1;
    for (int i = 0; i < n; ++i) {
        float hw = 0.25f + 0.5f * bench_bp_next_unit(&seed), hh = 0.25f + 0.5f * bench_bp_next_unit(&seed);
        float cx = hw + (s->side - 2.0f * hw) * bench_bp_next_unit(&seed);
        float cy = hh + (s->side - 2.0f * hh) * bench_bp_next_unit(&seed);
        float speed = 2.0f / 60.0f * bench_bp_next_unit(&seed), angle = 6.2831853f * bench_bp_next_unit(&seed);
        s->box[i] = (satcd_aabb){{cx - hw, cy - hh}, {cx + hw, cy + hh}};
        s->velocity[i] = satcd_v2(speed * cosf(angle), speed * sinf(angle));
    }
    return 0;
}

int bench_bp_scene_make_resting(bench_bp_scene *s, int n)
{
    int status = bench_bp_scene_make(s, n);
    s->moving = n / 100;
    return status;
}

void bench_bp_scene_free(bench_bp_scene *s)
{
    free(s->box);
    free(s->velocity);
    free(s->moved_by);
}

void bench_bp_scene_step(bench_bp_scene *s)
{
    for (int i = 0; i < s->moving; ++i) {
        satcd_aabb *b = &s->box[i];
        satcd_vec2 *v = &s->velocity[i];
        if ((b->lower.x < 0.0f && v->x < 0.0f) || (b->upper.x > s->side && v->x > 0.0f)) v->x = -v->x;
        if ((b->lower.y < 0.0f && v->y < 0.0f) || (b->upper.y > s->side && v->y > 0.0f)) v->y = -v->y;
        b->lower = satcd_add(b->lower, *v);
        b->upper = satcd_add(b->upper, *v);
        s->moved_by[i] = *v;
    }
}

int bench_bp_satcd_make(bench_bp_satcd *b, const bench_bp_scene *s)
{
    b->bp = satcd_broadphase_create(NULL);
    b->capacity = 16 * s->count;
    b->pairs = malloc((size_t)b->capacity * sizeof *b->pairs);
    b->count = 0;
    if (!b->bp || !b->pairs) return 1;
    for (int i = 0; i < s->count; ++i)
        if (satcd_broadphase_add(b->bp, s->box[i], (uint64_t)i) != i) return 1;
    return satcd_broadphase_pairs(b->bp, b->pairs, b->capacity) < 0;
}

void bench_bp_satcd_free(bench_bp_satcd *b)
{
    satcd_broadphase_destroy(b->bp);
    free(b->pairs);
}

int bench_bp_satcd_frame(bench_bp_satcd *b, const bench_bp_scene *s, const satcd_task_system *tasks)
{
    for (int i = 0; i < s->moving; ++i) satcd_broadphase_move(b->bp, i, s->box[i]);
    b->count = satcd_broadphase_pairs_parallel(b->bp, b->pairs, b->capacity, tasks);
    return b->count;
}

int bench_bp_satcd_rebuild(bench_bp_satcd *b, const bench_bp_scene *s)
{
    satcd_broadphase_destroy(b->bp);
    b->bp = satcd_broadphase_create(NULL);
    for (int i = 0; i < s->count; ++i) satcd_broadphase_add(b->bp, s->box[i], (uint64_t)i);
    b->count = satcd_broadphase_pairs(b->bp, b->pairs, b->capacity);
    return b->count;
}
