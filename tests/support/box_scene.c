#include "box_scene.h"

#include <math.h>
#include <stdlib.h>

bool box_scene_init(box_scene *s, uint64_t seed, int capacity, float offset, float extent, float grid)
{
    s->bp = satcd_broadphase_create(NULL);
    s->rng = random_source_seeded(seed);
    s->capacity = capacity;
    s->live = calloc((size_t)capacity, sizeof *s->live);
    s->box = calloc((size_t)capacity, sizeof *s->box);
    s->velocity = calloc((size_t)capacity, sizeof *s->velocity);
    s->offset = offset;
    s->extent = extent;
    s->grid = grid;
    return s->bp && s->live && s->box && s->velocity;
}

void box_scene_free(box_scene *s)
{
    satcd_broadphase_destroy(s->bp);
    free(s->live);
    free(s->box);
    free(s->velocity);
}

static float snap(const box_scene *s, float v)
{
    return s->grid > 0.0f ? s->grid * roundf(v / s->grid) : v;
}

static satcd_aabb box_at(const box_scene *s, float cx, float cy, float hw, float hh)
{
    satcd_aabb b = {{snap(s, cx - hw), snap(s, cy - hh)}, {snap(s, cx + hw), snap(s, cy + hh)}};
    return b;
}

satcd_aabb box_scene_random_box(box_scene *s)
{
    random_source *r = &s->rng;
    float cx = s->offset + random_float(r, -s->extent, s->extent);
    float cy = s->offset + random_float(r, -s->extent, s->extent);
    int kind = random_int(r, 0, 99);
    if (kind < 5) return box_at(s, cx, cy, 0.0f, 0.0f);                       /* a point */
    if (kind < 8) return box_at(s, cx, cy, random_float(r, 0.1f, 3.0f), 0.0f); /* a flat box */
    /* The sizes drawn one statement at a time: C leaves the order of a call's arguments open. */
    float w, h;
    if (kind < 10) { /* huge */
        w = random_float(r, 0.0f, 4.0f * s->extent);
        h = random_float(r, 0.0f, 4.0f * s->extent);
    } else if (kind < 12) { /* tall */
        w = random_float(r, 0.1f, 1.0f);
        h = random_float(r, 5.0f, 40.0f);
    } else {
        w = random_float(r, 0.05f, 2.0f);
        h = random_float(r, 0.05f, 2.0f);
    }
    return box_at(s, cx, cy, w, h);
}

int32_t box_scene_add(box_scene *s)
{
    satcd_aabb b = box_scene_random_box(s);
    int32_t id = satcd_broadphase_add(s->bp, b, 0);
    if (id < 0 || id >= s->capacity) return -1;
    s->live[id] = true;
    s->box[id] = b;
    float v = 0.2f * s->extent / 60.0f;
    float vx = random_float(&s->rng, -v, v);
    float vy = random_float(&s->rng, -v, v);
    s->velocity[id] = satcd_v2(vx, vy);
    return id;
}

static int random_live(box_scene *s)
{
    int n = 0;
    for (int i = 0; i < s->capacity; ++i) n += s->live[i];
    if (n == 0) return -1;
    int k = random_int(&s->rng, 0, n - 1);
    for (int i = 0; i < s->capacity; ++i)
        if (s->live[i] && k-- == 0) return i;
    return -1;
}

void box_scene_remove_random(box_scene *s)
{
    int id = random_live(s);
    if (id < 0) return;
    satcd_broadphase_remove(s->bp, id);
    s->live[id] = false;
}

void box_scene_crowd(box_scene *s, int n)
{
    for (int id = 0; id < s->capacity; id += n) {
        if (!s->live[id]) continue;
        float x = s->offset + (float)(id % 7) * 0.1f, y = s->offset - (float)(id % 5) * 0.1f;
        satcd_aabb b = {{x - 0.5f, y - 0.5f}, {x + 0.5f, y + 0.5f}};
        if (satcd_broadphase_move(s->bp, id, b)) s->box[id] = b;
    }
}

static void move_one(box_scene *s, int id, bool teleport)
{
    satcd_aabb b = s->box[id];
    if (teleport) {
        b = box_scene_random_box(s);
    } else {
        satcd_vec2 v = s->velocity[id];
        float lo = s->offset - s->extent, hi = s->offset + s->extent;
        float cx = 0.5f * (b.lower.x + b.upper.x), cy = 0.5f * (b.lower.y + b.upper.y);
        if ((cx < lo && v.x < 0.0f) || (cx > hi && v.x > 0.0f)) v.x = -v.x;
        if ((cy < lo && v.y < 0.0f) || (cy > hi && v.y > 0.0f)) v.y = -v.y;
        s->velocity[id] = v;
        b.lower = satcd_add(b.lower, v);
        b.upper = satcd_add(b.upper, v);
        b.lower.x = snap(s, b.lower.x);
        b.lower.y = snap(s, b.lower.y);
        b.upper.x = snap(s, b.upper.x);
        b.upper.y = snap(s, b.upper.y);
    }
    if (satcd_broadphase_move(s->bp, id, b)) s->box[id] = b;
}

void box_scene_step(box_scene *s, int add_rate, int remove_rate, int teleport_rate)
{
    for (int id = 0; id < s->capacity; ++id)
        if (s->live[id]) move_one(s, id, random_int(&s->rng, 0, 999) < teleport_rate);
    for (int i = 0; i < s->capacity; ++i) {
        if (random_int(&s->rng, 0, 999) < add_rate) box_scene_add(s);
        if (random_int(&s->rng, 0, 999) < remove_rate) box_scene_remove_random(s);
    }
}

static bool overlap(satcd_aabb a, satcd_aabb b)
{
    return a.lower.x <= b.upper.x && b.lower.x <= a.upper.x && a.lower.y <= b.upper.y && b.lower.y <= a.upper.y;
}

int box_scene_brute_pairs(const box_scene *s, satcd_pair *out, int cap)
{
    int n = 0;
    for (int a = 0; a < s->capacity; ++a) {
        if (!s->live[a]) continue;
        for (int b = a + 1; b < s->capacity; ++b) {
            if (!s->live[b] || !overlap(s->box[a], s->box[b])) continue;
            if (n < cap) out[n] = (satcd_pair){a, b};
            ++n;
        }
    }
    return n;
}

/* Clip [t0, t1] to where o + t d lies in [lo, hi]. */
static bool clip(double o, double d, double lo, double hi, double *t0, double *t1)
{
    if (d == 0.0) return lo <= o && o <= hi;
    double ta = (lo - o) / d, tb = (hi - o) / d;
    *t0 = fmax(*t0, fmin(ta, tb));
    *t1 = fmin(*t1, fmax(ta, tb));
    return *t0 <= *t1;
}

bool box_scene_ray_meets(satcd_ray ray, satcd_aabb b)
{
    double t0 = 0.0, t1 = 1.0;
    return clip(ray.origin.x, ray.translation.x, b.lower.x, b.upper.x, &t0, &t1) &&
           clip(ray.origin.y, ray.translation.y, b.lower.y, b.upper.y, &t0, &t1);
}

void box_scene_step_some(box_scene *s, int move_rate, int add_rate, int remove_rate, int teleport_rate)
{
    for (int id = 0; id < s->capacity; ++id)
        if (s->live[id] && random_int(&s->rng, 0, 999) < move_rate)
            move_one(s, id, random_int(&s->rng, 0, 999) < teleport_rate);
    for (int i = 0; i < s->capacity; ++i) {
        if (random_int(&s->rng, 0, 999) < add_rate) box_scene_add(s);
        if (random_int(&s->rng, 0, 999) < remove_rate) box_scene_remove_random(s);
    }
}
