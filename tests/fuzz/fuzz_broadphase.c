/*
 * libFuzzer target for the broad phase: a sequence of operations (add,
 * move, remove, pairs, box query, ray cast) decoded from the fuzz bytes,
 * each checked against a record of the live boxes kept here.
 *
 * Input: [encoding byte][scale, encoding 2 only] then operations, each an
 * opcode byte followed by its fields: add and move read a box (lower x,
 * lower y, upper x, upper y), move and remove an id byte, pairs a
 * capacity byte, query a box, ray cast an origin and a translation. An
 * opcode byte with its top bit set lists the pairs through a task system
 * of 3 workers that runs a task's ranges, last first, when it is finished
 * (the parallel sweep's slots, their regrowth and their closing).
 *
 * Invariants (abort on violation): add returns -1 exactly for a box with a
 * NaN, an infinity, lower > upper or a bound beyond SATCD_MAX_COORDINATE,
 * and otherwise an id not live before; move fails exactly for such boxes
 * and ids not live; pairs returns the brute-force count and writes exactly
 * the first min(count, capacity) brute-force pairs in (a, b) order, on
 * the task system as without it; a query
 * reports each overlapping live box once and nothing else; so does a ray
 * cast, against a clip of the segment in double.
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_IDS 256
#define MAX_PAIRS (MAX_IDS * (MAX_IDS - 1) / 2)

typedef struct record {
    bool live[MAX_IDS];
    satcd_aabb box[MAX_IDS];
    int reported[MAX_IDS];
} record;

static bool valid_box(satcd_aabb b)
{
    float c[4] = {b.lower.x, b.lower.y, b.upper.x, b.upper.y};
    for (int i = 0; i < 4; ++i)
        if (!isfinite(c[i]) || fabsf(c[i]) > SATCD_MAX_COORDINATE) return false;
    return b.lower.x <= b.upper.x && b.lower.y <= b.upper.y;
}

static bool overlap(satcd_aabb a, satcd_aabb b)
{
    return a.lower.x <= b.upper.x && b.lower.x <= a.upper.x && a.lower.y <= b.upper.y && b.lower.y <= a.upper.y;
}

static bool clip(double o, double d, double lo, double hi, double *t0, double *t1)
{
    if (d == 0.0) return lo <= o && o <= hi;
    double ta = (lo - o) / d, tb = (hi - o) / d;
    *t0 = fmax(*t0, fmin(ta, tb));
    *t1 = fmin(*t1, fmax(ta, tb));
    return *t0 <= *t1;
}

static bool ray_meets(satcd_ray r, satcd_aabb b)
{
    double t0 = 0.0, t1 = 1.0;
    return clip(r.origin.x, r.translation.x, b.lower.x, b.upper.x, &t0, &t1) &&
           clip(r.origin.y, r.translation.y, b.lower.y, b.upper.y, &t0, &t1);
}

static satcd_aabb read_box(fuzz_bytes *in)
{
    satcd_aabb b;
    b.lower = fuzz_point(in);
    b.upper = fuzz_point(in);
    return b;
}

static bool note(int32_t proxy, void *ctx)
{
    record *r = ctx;
    FUZZ_CHECK(proxy >= 0 && proxy < MAX_IDS && r->live[proxy]);
    r->reported[proxy]++;
    return true;
}

typedef struct backwards_task {
    satcd_task_fn *fn;
    int items, min_range;
    void *ctx;
} backwards_task;

static void *backwards_enqueue(satcd_task_fn *fn, int item_count, int min_range, void *task_ctx, void *user_ctx)
{
    backwards_task *t = user_ctx;
    FUZZ_CHECK(t->fn == NULL && item_count > 0 && min_range > 0);
    *t = (backwards_task){fn, item_count, min_range, task_ctx};
    return t;
}

static void backwards_finish(void *handle, void *user_ctx)
{
    backwards_task *t = user_ctx;
    FUZZ_CHECK(handle == t && t->fn != NULL);
    int ranges = (t->items + t->min_range - 1) / t->min_range;
    for (int k = ranges - 1; k >= 0; --k) {
        int start = k * t->min_range, end = start + t->min_range < t->items ? start + t->min_range : t->items;
        t->fn(start, end, (uint32_t)(k % 3), t->ctx);
    }
    t->fn = NULL;
}

static void check_pairs(satcd_broadphase *bp, const record *r, int capacity, bool on_tasks)
{
    static satcd_pair got[MAX_PAIRS + 1];
    int n = 0;
    got[capacity < MAX_PAIRS ? capacity : MAX_PAIRS] = (satcd_pair){-5, -5};
    backwards_task task = {NULL, 0, 0, NULL};
    satcd_task_system tasks = {3, backwards_enqueue, backwards_finish, &task};
    int count = satcd_broadphase_pairs_parallel(bp, got, capacity, on_tasks ? &tasks : NULL);
    for (int a = 0; a < MAX_IDS; ++a) {
        for (int b = a + 1; b < MAX_IDS && r->live[a]; ++b) {
            if (!r->live[b] || !overlap(r->box[a], r->box[b])) continue;
            if (n < capacity) FUZZ_CHECK(got[n].a == a && got[n].b == b);
            ++n;
        }
    }
    FUZZ_CHECK(count == n);
    if (capacity < MAX_PAIRS) FUZZ_CHECK(got[capacity].a == -5); /* nothing past capacity */
}

static void check_reports(record *r, bool (*meets)(const void *, satcd_aabb), const void *shape, bool valid)
{
    for (int id = 0; id < MAX_IDS; ++id) {
        FUZZ_CHECK(r->reported[id] == (valid && r->live[id] && meets(shape, r->box[id]) ? 1 : 0));
        r->reported[id] = 0;
    }
}

static bool box_meets(const void *shape, satcd_aabb b) { return overlap(*(const satcd_aabb *)shape, b); }
static bool segment_meets(const void *shape, satcd_aabb b) { return ray_meets(*(const satcd_ray *)shape, b); }

static void do_add(satcd_broadphase *bp, record *r, fuzz_bytes *in)
{
    satcd_aabb b = read_box(in);
    int32_t id = satcd_broadphase_add(bp, b, (uint64_t)in->pos);
    FUZZ_CHECK((id >= 0) == valid_box(b));
    if (id < 0) return;
    if (id >= MAX_IDS) {
        satcd_broadphase_remove(bp, id);
        return;
    }
    FUZZ_CHECK(!r->live[id]);
    FUZZ_CHECK(satcd_broadphase_user_data(bp, id) == (uint64_t)in->pos);
    r->live[id] = true;
    r->box[id] = b;
}

static void do_move(satcd_broadphase *bp, record *r, fuzz_bytes *in)
{
    int32_t id = (int32_t)fuzz_u8(in) - 2; /* -2 and -1 too */
    satcd_aabb b = read_box(in);
    bool ok = satcd_broadphase_move(bp, id, b);
    bool live = id >= 0 && r->live[id];
    FUZZ_CHECK(ok == (live && valid_box(b)));
    if (ok) r->box[id] = b;
}

static void do_remove(satcd_broadphase *bp, record *r, fuzz_bytes *in)
{
    int32_t id = (int32_t)fuzz_u8(in) - 2;
    satcd_broadphase_remove(bp, id);
    if (id >= 0) r->live[id] = false;
    FUZZ_CHECK(satcd_broadphase_user_data(bp, id) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static record r;
    memset(&r, 0, sizeof r);
    fuzz_bytes in;
    fuzz_begin(&in, data, size);
    satcd_broadphase *bp = satcd_broadphase_create(NULL);
    FUZZ_CHECK(bp != NULL);
    while (in.pos < in.size) {
        uint8_t byte = fuzz_u8(&in), op = byte % 6;
        if (op == 0) do_add(bp, &r, &in);
        else if (op == 1) do_move(bp, &r, &in);
        else if (op == 2) do_remove(bp, &r, &in);
        else if (op == 3) check_pairs(bp, &r, fuzz_u8(&in), byte & 0x80);
        else if (op == 4) {
            satcd_aabb q = read_box(&in);
            satcd_broadphase_query(bp, q, note, &r);
            check_reports(&r, box_meets, &q, valid_box(q));
        } else {
            satcd_ray ray;
            ray.origin = fuzz_point(&in);
            ray.translation = fuzz_point(&in);
            satcd_broadphase_raycast(bp, ray, note, &r);
            bool valid = satcd_vec2_is_finite(ray.origin) && satcd_vec2_is_finite(ray.translation);
            check_reports(&r, segment_meets, &ray, valid);
        }
    }
    check_pairs(bp, &r, MAX_PAIRS, false);
    check_pairs(bp, &r, MAX_PAIRS, true);
    satcd_broadphase_destroy(bp);
    return 0;
}
