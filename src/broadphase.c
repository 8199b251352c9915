/*
 * The broad phase: sort and sweep within horizontal bands.
 *
 * The plane is cut into bands of height band_height along y. A proxy whose
 * box spans at most MAX_SPAN bands has one entry in each of them; a taller
 * one is "big" and is tested against every proxy instead. Entries are kept
 * sorted by (band, lower x) from one update to the next, so after a frame
 * of small moves an insertion sort restores the order in about linear time,
 * and entries that change band are sorted apart and merged in. The pairs
 * are found by sweeping each band along x. A pair present in several bands
 * is reported only in the band of the higher of its two lower y bounds,
 * which both boxes span: that entry is marked "first" when the band is its
 * proxy's lowest, and a pair is reported when either entry is first.
 *
 * Queries read the structure as the last update left it, skip the proxies
 * moved since (they are on the moved list) and test those directly, so
 * they answer for the current boxes without changing anything.
 * docs/design.md says why this structure, docs/perf/broadphase.md measures it.
 *
 * The SATCD__ block sizes and thresholds below may be set at build time,
 * smaller, so that a fuzz run over a few proxies reaches the code paths of
 * scenes of many thousands (.ci/steps/60-robustness.sh); the results do not
 * depend on them.
 */
#include <satcd/broadphase.h>
#include <satcd/status.h> /* SATCD_MAX_COORDINATE */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "broadphase_internal.h"
#include "task_internal.h"

enum { STATE_NONE, STATE_BANDS, STATE_BIG };
enum { FLAG_LIVE = 1, FLAG_MOVED = 2 };

/* Taller boxes would make many entries each; they are few in a game scene. */
#define MAX_SPAN 16
/* Band indices stay far inside int64 even for coordinates near the bound. */
#define BAND_LIMIT 4.0e18

/* What the update reads of a proxy, together: the entries reach their proxies in band order, not id order. */
typedef struct proxy_data {
    satcd_aabb box;
    int64_t b0, b1; /* band range of the entries of a STATE_BANDS proxy */
    int64_t next_b0, next_b1; /* during an update: the band range of the moved box */
    float entry_lx; /* the lower x of the box in its entries (STATE_BANDS): their place in the order */
    uint8_t flags, state;
} proxy_data;

typedef struct entry {
    int64_t band;
    float lx, ux, ly, uy; /* the proxy's box at the last update */
    int32_t id;
    int32_t first; /* band is the proxy's lowest; -1 during an update: the entry is to go */
} entry;

/* A run of an update's moved proxies: the entries they gain, where those go in bp->fresh, whether the big list changes. */
typedef struct moved_run {
    int64_t gained;
    int32_t fresh_at;
    bool big_changed;
} moved_run;

/* Entries [start, end) of an update, whole bands: what their refresh found. */
typedef struct chunk {
    int32_t start, end;
    int32_t gone;  /* entries marked to go */
    double widest; /* the widest box of the others */
} chunk;

struct satcd_broadphase {
    satcd_allocator alloc;
    int32_t capacity; /* per-proxy arrays hold this many ids */
    int32_t used;     /* ids ever handed out: [0, used) */
    int32_t live;
    int32_t free_head; /* last removed id, -1 when none */

    proxy_data *proxies;
    uint64_t *user;
    int32_t *next_free;
    int32_t *moved; /* ids changed since the last update, each once */
    int32_t moved_count;
    int32_t *big; /* live STATE_BIG ids at the last update */
    int32_t big_count;
    int32_t *counts; /* 2 (capacity + 1), for sorting the pairs by b and by a */

    entry *entries, *spare, *fresh;
    int32_t entry_count;
    size_t entry_cap, spare_cap, fresh_cap;

    satcd_pair *found, *by_b; /* the pairs found; by_b: found in b order, on the way to (a, b) order */
    size_t found_count, found_cap, by_b_cap;
    bool found_valid; /* found is the whole list as of the last update */
    satcd_pair *news;   /* during a revision: the moved proxies' pairs */
    size_t news_cap;
    double max_width;   /* at least the width of every entry's box */
    size_t *block_counts; /* pairs per sweep block at the last parallel sweep */
    size_t *block_slots;  /* where each block's pairs go in found: block b in [slots[b], slots[b + 1]) */
    int32_t *outgrown;    /* the blocks of a parallel sweep whose pairs did not fit their slots */
    size_t block_cap, slot_cap, outgrown_cap;
    size_t *sort_places;  /* the parallel pair sort's places by chunk and range */
    size_t sort_places_cap;
    chunk *chunks;        /* during an update: the entries cut at band starts, refreshed and sorted apart */
    moved_run *runs;      /* during an update: the moved list cut into runs */
    size_t chunk_cap, run_cap;
    int32_t counted_blocks; /* blocks of the last parallel sweep, 0 before the first */
    bool moved_sorted;      /* during a revision: the moved list is in the order of its entries */

    double band_height, inv_band_height;
    int32_t live_at_choice; /* live proxies when band_height was chosen */
};

static void *default_alloc(size_t bytes, void *ctx)
{
    (void)ctx;
    return malloc(bytes);
}

static void default_free(void *p, void *ctx)
{
    (void)ctx;
    free(p);
}

/* Replace *p by a block of new_n elements starting with its first old_n; false if memory runs out. */
static bool grow_to(satcd_broadphase *bp, void **p, size_t old_n, size_t new_n, size_t elem)
{
    if (new_n > SIZE_MAX / elem) return false;
    void *q = bp->alloc.alloc(new_n * elem, bp->alloc.ctx);
    if (!q) return false;
    if (*p) {
        memcpy(q, *p, old_n * elem);
        bp->alloc.free(*p, bp->alloc.ctx);
    }
    *p = q;
    return true;
}

/* Grow *p to hold need elements of size elem (keeping its contents); false if memory runs out. */
static bool reserve(satcd_broadphase *bp, void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap) return true;
    size_t grown = satcd__grown_capacity(*cap, need, SIZE_MAX / elem);
    if (grown == 0 || !grow_to(bp, p, *cap, grown, elem)) return false;
    *cap = grown;
    return true;
}

static bool box_is_valid(satcd_aabb b)
{
    const float m = SATCD_MAX_COORDINATE;
    /* Written so that NaN fails every comparison. */
    return b.lower.x <= b.upper.x && b.lower.y <= b.upper.y && b.lower.x >= -m && b.lower.y >= -m &&
           b.upper.x <= m && b.upper.y <= m;
}

static bool boxes_overlap(satcd_aabb a, satcd_aabb b)
{
    return a.lower.x <= b.upper.x && b.lower.x <= a.upper.x && a.lower.y <= b.upper.y && b.lower.y <= a.upper.y;
}

static bool is_live(const satcd_broadphase *bp, int32_t id)
{
    return bp && id >= 0 && id < bp->used && (bp->proxies[id].flags & FLAG_LIVE);
}

satcd_broadphase *satcd_broadphase_create(const satcd_allocator *alloc)
{
    satcd_allocator a = {default_alloc, default_free, NULL};
    if (alloc) {
        if (!alloc->alloc || !alloc->free) return NULL;
        a = *alloc;
    }
    satcd_broadphase *bp = a.alloc(sizeof *bp, a.ctx);
    if (!bp) return NULL;
    memset(bp, 0, sizeof *bp);
    bp->alloc = a;
    bp->free_head = -1;
    bp->band_height = 1.0;
    bp->inv_band_height = 1.0;
    return bp;
}

static void release(satcd_broadphase *bp, void *p)
{
    if (p) bp->alloc.free(p, bp->alloc.ctx);
}

void satcd_broadphase_destroy(satcd_broadphase *bp)
{
    if (!bp) return;
    void *blocks[] = {bp->proxies, bp->user,    bp->next_free, bp->moved,  bp->big,    bp->counts,
                      bp->entries, bp->spare,   bp->fresh,     bp->found,  bp->by_b, bp->block_counts, bp->block_slots,
                      bp->outgrown, bp->chunks, bp->runs, bp->news, bp->sort_places};
    for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; ++i) release(bp, blocks[i]);
    bp->alloc.free(bp, bp->alloc.ctx);
}

/*
 * Every per-id array to hold at least need ids; false past
 * SATCD__MAX_PROXIES or when memory runs out. On failure nothing a caller
 * sees has changed.
 */
static bool reserve_ids(satcd_broadphase *bp, int32_t need)
{
    if (need <= bp->capacity) return true;
    size_t old_n = (size_t)bp->capacity;
    size_t n = satcd__grown_capacity(old_n, (size_t)need, SATCD__MAX_PROXIES);
    if (n == 0) return false;
    bool ok = grow_to(bp, (void **)&bp->proxies, old_n, n, sizeof *bp->proxies) &&
              grow_to(bp, (void **)&bp->user, old_n, n, sizeof *bp->user) &&
              grow_to(bp, (void **)&bp->next_free, old_n, n, sizeof *bp->next_free) &&
              grow_to(bp, (void **)&bp->moved, old_n, n, sizeof *bp->moved) &&
              grow_to(bp, (void **)&bp->big, old_n, n, sizeof *bp->big) &&
              grow_to(bp, (void **)&bp->counts, 2 * (old_n + 1), 2 * (n + 1), sizeof *bp->counts);
    /* Arrays that grew before a failure keep their old contents and are simply grown again next time. */
    if (ok) bp->capacity = (int32_t)n;
    return ok;
}

static void mark_moved(satcd_broadphase *bp, int32_t id)
{
    if (bp->proxies[id].flags & FLAG_MOVED) return;
    bp->proxies[id].flags |= FLAG_MOVED;
    bp->moved[bp->moved_count++] = id;
}

int32_t satcd_broadphase_add(satcd_broadphase *bp, satcd_aabb box, uint64_t user_data)
{
    if (!bp || !box_is_valid(box)) return -1;
    int32_t id = bp->free_head;
    if (id >= 0) {
        bp->free_head = bp->next_free[id];
    } else {
        if ((size_t)bp->used >= SATCD__MAX_PROXIES || !reserve_ids(bp, bp->used + 1)) return -1;
        id = bp->used++;
        bp->proxies[id].flags = 0;
        bp->proxies[id].state = STATE_NONE;
    }
    bp->proxies[id].box = box;
    bp->user[id] = user_data;
    bp->proxies[id].flags |= FLAG_LIVE;
    bp->live++;
    mark_moved(bp, id);
    return id;
}

bool satcd_broadphase_move(satcd_broadphase *bp, int32_t proxy, satcd_aabb box)
{
    if (!is_live(bp, proxy) || !box_is_valid(box)) return false;
    bp->proxies[proxy].box = box;
    mark_moved(bp, proxy);
    return true;
}

void satcd_broadphase_remove(satcd_broadphase *bp, int32_t proxy)
{
    if (!is_live(bp, proxy)) return;
    bp->proxies[proxy].flags &= (uint8_t)~FLAG_LIVE;
    bp->live--;
    mark_moved(bp, proxy);
    bp->next_free[proxy] = bp->free_head;
    bp->free_head = proxy;
}

uint64_t satcd_broadphase_user_data(const satcd_broadphase *bp, int32_t proxy)
{
    return is_live(bp, proxy) ? bp->user[proxy] : 0;
}

/* ---- bands ---- */

static int64_t band_of(const satcd_broadphase *bp, double y)
{
    double t = y * bp->inv_band_height;
    if (t > BAND_LIMIT) t = BAND_LIMIT;
    if (t < -BAND_LIMIT) t = -BAND_LIMIT;
    /* floor(t), without a library call: the conversion truncates toward zero. */
    int64_t k = (int64_t)t;
    return (double)k > t ? k - 1 : k;
}

/* v[0, n) ascending, by insertion: a few hundred heights, sorted only when the bands are chosen again. */
static void sort_heights(float *v, int n)
{
    for (int i = 1; i < n; ++i) {
        float x = v[i];
        int j = i;
        for (; j > 0 && v[j - 1] > x; --j) v[j] = v[j - 1];
        v[j] = x;
    }
}

/* The y extent of the boxes that the band-height sample reads. */
static double sampled_height_span(const satcd_broadphase *bp, int32_t stride)
{
    double lo = INFINITY, hi = -INFINITY;
    for (int32_t id = 0, seen = 0; id < bp->used; ++id) {
        if (!(bp->proxies[id].flags & FLAG_LIVE) || seen++ % stride != 0) continue;
        lo = fmin(lo, bp->proxies[id].box.lower.y);
        hi = fmax(hi, bp->proxies[id].box.upper.y);
    }
    return hi > lo ? hi - lo : 0.0;
}

/*
 * Twice the median box height of a sample of the live proxies (or of the
 * tallest quarter when most boxes are flat): bands about two boxes tall
 * keep both the entries per box and the entries per band few.
 */
static double choose_band_height(const satcd_broadphase *bp)
{
    enum { SAMPLE = 512 };
    float heights[SAMPLE];
    int n = 0;
    int32_t stride = bp->live / SAMPLE + 1;
    for (int32_t id = 0, seen = 0; id < bp->used && n < SAMPLE; ++id) {
        if (!(bp->proxies[id].flags & FLAG_LIVE)) continue;
        if (seen++ % stride == 0) heights[n++] = bp->proxies[id].box.upper.y - bp->proxies[id].box.lower.y;
    }
    if (n == 0) return 1.0;
    sort_heights(heights, n);
    double h = heights[n / 2];
    if (!(h > 0.0)) h = heights[n - 1 - n / 4];
    h *= 2.0;
    /* Flat or point-like boxes: no fewer bands than a millionth of the scene's height would give. */
    double floor_h = sampled_height_span(bp, stride) * 1e-6;
    if (h < floor_h) h = floor_h;
    /* Keep 1 / h finite and the band indices within range. */
    return h < 1e-30 ? 1e-30 : h;
}

/* Start over with a new band height: every live proxy re-enters as if just added. */
static void rechoose_bands(satcd_broadphase *bp)
{
    bp->band_height = choose_band_height(bp);
    bp->inv_band_height = 1.0 / bp->band_height;
    bp->live_at_choice = bp->live;
    bp->entry_count = 0;
    bp->big_count = 0;
    for (int32_t id = 0; id < bp->used; ++id) {
        bp->proxies[id].state = STATE_NONE;
        if (bp->proxies[id].flags & FLAG_LIVE) mark_moved(bp, id);
    }
}

static bool needs_new_bands(const satcd_broadphase *bp)
{
    int64_t now = bp->live, then = bp->live_at_choice;
    return then == 0 ? now > 0 : (now > 2 * then || 2 * now < then);
}

/* Entries a moved proxy gains: its new bands that its old entries do not cover. */
static int32_t bands_gained(const satcd_broadphase *bp, int32_t id, int64_t lo, int64_t hi)
{
    int32_t n = (int32_t)(hi - lo + 1);
    if (bp->proxies[id].state != STATE_BANDS) return n;
    int64_t a = lo > bp->proxies[id].b0 ? lo : bp->proxies[id].b0;
    int64_t b = hi < bp->proxies[id].b1 ? hi : bp->proxies[id].b1;
    return b >= a ? n - (int32_t)(b - a + 1) : n;
}

static entry make_entry(const satcd_broadphase *bp, int32_t id, int64_t band)
{
    satcd_aabb b = bp->proxies[id].box;
    entry e = {band, b.lower.x, b.upper.x, b.lower.y, b.upper.y, id, band == bp->proxies[id].b0};
    return e;
}

/* Moved proxies per run of the update's first two loops. */
#ifndef SATCD__MOVED_RUN
#define SATCD__MOVED_RUN 4096
#endif

static int32_t moved_runs(int32_t count) { return (int32_t)(((int64_t)count + SATCD__MOVED_RUN - 1) / SATCD__MOVED_RUN); }

/* The moved proxies [*i0, *i1) of run r. */
static void moved_run_range(const satcd_broadphase *bp, int32_t r, int32_t *i0, int32_t *i1)
{
    *i0 = r * SATCD__MOVED_RUN;
    *i1 = bp->moved_count - *i0 > SATCD__MOVED_RUN ? *i0 + SATCD__MOVED_RUN : bp->moved_count;
}

/* The new band ranges of run r's moved proxies, and the entries they gain (up to MAX_SPAN each, in 64 bits). */
static void count_run(satcd_broadphase *bp, moved_run *run, int32_t r)
{
    int32_t i0, i1;
    moved_run_range(bp, r, &i0, &i1);
    int64_t total = 0;
    for (int32_t i = i0; i < i1; ++i) {
        int32_t id = bp->moved[i];
        proxy_data *p = &bp->proxies[id];
        if (!(p->flags & FLAG_LIVE)) continue;
        p->next_b0 = band_of(bp, p->box.lower.y);
        p->next_b1 = band_of(bp, p->box.upper.y);
        if (p->next_b1 - p->next_b0 < MAX_SPAN) total += bands_gained(bp, id, p->next_b0, p->next_b1);
    }
    run->gained = total;
}

/*
 * Run r's moved proxies settled in their new band ranges, their new
 * entries in bp->fresh from run->fresh_at; run->big_changed set when one
 * was big or becomes big.
 */
static void settle_run(satcd_broadphase *bp, moved_run *run, int32_t r)
{
    int32_t i0, i1, n = run->fresh_at;
    moved_run_range(bp, r, &i0, &i1);
    run->big_changed = false;
    for (int32_t i = i0; i < i1; ++i) {
        int32_t id = bp->moved[i];
        proxy_data *p = &bp->proxies[id];
        p->flags &= (uint8_t)~FLAG_MOVED;
        run->big_changed |= p->state == STATE_BIG;
        if (!(p->flags & FLAG_LIVE)) {
            p->state = STATE_NONE;
            continue;
        }
        int64_t lo = p->next_b0, hi = p->next_b1;
        if (hi - lo >= MAX_SPAN) {
            p->state = STATE_BIG;
            run->big_changed = true;
            continue;
        }
        p->entry_lx = p->box.lower.x; /* refresh_chunk gives every entry this box */
        bool had = p->state == STATE_BANDS;
        int64_t old_lo = p->b0, old_hi = p->b1;
        /* The common case of a small move, and a branch the predictor gets right, unlike the loop below. */
        if (had && lo == old_lo && hi == old_hi) continue;
        p->state = STATE_BANDS;
        p->b0 = lo;
        p->b1 = hi;
        for (int64_t k = lo; k <= hi; ++k)
            if (!had || k < old_lo || k > old_hi) bp->fresh[n++] = make_entry(bp, id, k);
    }
}

/* A loop over the runs of the moved list: step (count_run or settle_run) on each. */
typedef struct moved_job {
    satcd_broadphase *bp;
    moved_run *runs;
    void (*step)(satcd_broadphase *bp, moved_run *run, int32_t r);
} moved_job;

static void moved_runs_task(int start, int end, uint32_t worker, void *ctx)
{
    (void)worker;
    moved_job *job = ctx;
    for (int r = start; r < end; ++r) job->step(job->bp, &job->runs[r], r);
}

static double entry_width(float lx, float ux) { return (double)ux - (double)lx; }

static bool entry_before(const entry *a, const entry *b)
{
    return a->band < b->band || (a->band == b->band && (a->lx < b->lx || (a->lx == b->lx && a->id < b->id)));
}

/* Insertion sort: the entries are in the order of the last update, nearly sorted after small moves. */
static void insertion_sort(entry *e, int32_t n)
{
    for (int32_t i = 1; i < n; ++i) {
        if (!entry_before(&e[i], &e[i - 1])) continue;
        entry x = e[i];
        int32_t j = i;
        do {
            e[j] = e[j - 1];
            --j;
        } while (j > 0 && entry_before(&x, &e[j - 1]));
        e[j] = x;
    }
}

/* Entries per chunk of an update: enough for the cut at a band start to be rare, few enough to share the work. */
#ifndef SATCD__UPDATE_CHUNK
#define SATCD__UPDATE_CHUNK 2048
#endif

static int32_t update_chunks(int32_t count) { return (int32_t)(((int64_t)count + SATCD__UPDATE_CHUNK - 1) / SATCD__UPDATE_CHUNK); }

/* The first entry at or after `from` whose band is at least `band`. */
static int32_t band_start(const entry *e, int32_t from, int32_t n, int64_t band)
{
    int32_t lo = from, hi = n;
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        if (e[mid].band < band) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* The chunks of an update: SATCD__UPDATE_CHUNK entries each, each end moved on to the start of a band. */
static int32_t cut_chunks(satcd_broadphase *bp)
{
    const entry *e = bp->entries;
    int32_t n = bp->entry_count, count = 0, at = 0;
    while (at < n) {
        int32_t end = n - at > SATCD__UPDATE_CHUNK ? at + SATCD__UPDATE_CHUNK : n;
        if (end < n && e[end].band == e[end - 1].band) end = band_start(e, end, n, e[end].band + 1);
        bp->chunks[count++] = (chunk){at, end, 0, 0.0};
        at = end;
    }
    return count;
}

/*
 * A chunk's entries brought up to date: those whose proxy left their band
 * (or died) marked to go, the others given their proxy's box, then sorted
 * by insertion (the order of the last update, nearly sorted after small
 * moves; an entry keeps its band, so the chunks sort apart).
 */
static void refresh_chunk(const satcd_broadphase *bp, chunk *c)
{
    entry *e = bp->entries;
    for (int32_t i = c->start; i < c->end; ++i) {
        const proxy_data *p = &bp->proxies[e[i].id];
        if (!(p->flags & FLAG_LIVE) || p->state != STATE_BANDS || e[i].band < p->b0 || e[i].band > p->b1) {
            e[i].first = -1;
            c->gone++;
            continue;
        }
        e[i] = make_entry(bp, e[i].id, e[i].band);
        double w = entry_width(e[i].lx, e[i].ux);
        c->widest = w > c->widest ? w : c->widest;
    }
    insertion_sort(e + c->start, c->end - c->start);
}

typedef struct refresh_job {
    const satcd_broadphase *bp;
    chunk *chunks;
} refresh_job;

static void refresh_chunks(int start, int end, uint32_t worker, void *ctx)
{
    (void)worker;
    refresh_job *job = ctx;
    for (int c = start; c < end; ++c) refresh_chunk(job->bp, &job->chunks[c]);
}

/* a[0, na) and b[0, nb), each sorted, merged into out; a's entries that are to go left out. */
static int32_t merge_entries(const entry *a, int32_t na, const entry *b, int32_t nb, entry *out)
{
    int32_t i = 0, j = 0, k = 0;
    while (i < na && j < nb) {
        if (a[i].first < 0) {
            ++i;
            continue;
        }
        out[k++] = entry_before(&b[j], &a[i]) ? b[j++] : a[i++];
    }
    for (; i < na; ++i)
        if (a[i].first >= 0) out[k++] = a[i];
    while (j < nb) out[k++] = b[j++];
    return k;
}

enum { SORT_RUN = 16 };

/*
 * e[0, n) sorted, tmp (room for n) as scratch: runs of SORT_RUN by
 * insertion, then merged pairwise between e and tmp. Not the C library's
 * qsort, which may allocate behind the allocator hook.
 */
static void sort_entries(entry *e, entry *tmp, int32_t n)
{
    for (int32_t i = 0; i < n; i += SORT_RUN) insertion_sort(e + i, n - i < SORT_RUN ? n - i : SORT_RUN);
    entry *src = e, *dst = tmp;
    for (int64_t w = SORT_RUN; w < n; w *= 2) {
        for (int64_t lo = 0; lo < n; lo += 2 * w) {
            int64_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            merge_entries(src + lo, (int32_t)(mid - lo), src + mid, (int32_t)(hi - mid), dst + lo);
        }
        entry *t = src;
        src = dst;
        dst = t;
    }
    if (src != e) memcpy(e, src, (size_t)n * sizeof *e);
}

/* Two buffers and their capacities exchanged: a result written into the spare one becomes the current one. */
static void swap_buffers(void **a, size_t *a_cap, void **b, size_t *b_cap)
{
    void *t = *a;
    size_t cap = *a_cap;
    *a = *b;
    *a_cap = *b_cap;
    *b = t;
    *b_cap = cap;
}

/* The fresh entries sorted and merged into the entries, dead ones dropped (through the spare array, which they swap with). */
static void merge_fresh(satcd_broadphase *bp, int32_t fresh_count)
{
    sort_entries(bp->fresh, bp->spare, fresh_count);
    bp->entry_count = merge_entries(bp->entries, bp->entry_count, bp->fresh, fresh_count, bp->spare);
    swap_buffers((void **)&bp->entries, &bp->entry_cap, (void **)&bp->spare, &bp->spare_cap);
}

static void collect_big(satcd_broadphase *bp)
{
    bp->big_count = 0;
    for (int32_t id = 0; id < bp->used; ++id)
        if ((bp->proxies[id].flags & FLAG_LIVE) && bp->proxies[id].state == STATE_BIG) bp->big[bp->big_count++] = id;
}

/* Room for the update: the fresh entries and the merge; false if memory runs out. */
static bool update_room(satcd_broadphase *bp, int64_t gained)
{
    if (!satcd__entries_fit(bp->entry_count, gained)) return false;
    size_t need = (size_t)bp->entry_count + (size_t)gained;
    return reserve(bp, (void **)&bp->fresh, &bp->fresh_cap, (size_t)gained, sizeof(entry)) &&
           reserve(bp, (void **)&bp->spare, &bp->spare_cap, need, sizeof(entry)) &&
           reserve(bp, (void **)&bp->entries, &bp->entry_cap, need, sizeof(entry)) &&
           reserve(bp, (void **)&bp->chunks, &bp->chunk_cap, (size_t)update_chunks(bp->entry_count), sizeof(chunk));
}

/*
 * The moved proxies settled, in runs on the tasks: their entries gained
 * counted first, room made, then each run's written at its place in
 * bp->fresh. Sets *fresh to their count and *big_changed; false, with no
 * proxy settled, if memory runs out.
 */
static bool settle_moved(satcd_broadphase *bp, const satcd_task_system *tasks, int workers, int32_t *fresh,
                         bool *big_changed)
{
    int32_t runs = moved_runs(bp->moved_count);
    if (!reserve(bp, (void **)&bp->runs, &bp->run_cap, (size_t)runs, sizeof(moved_run))) return false;
    moved_job job = {bp, bp->runs, count_run};
    satcd__run_task(tasks, moved_runs_task, runs, runs / (4 * workers) + 1, &job);
    int64_t gained = 0;
    for (int32_t r = 0; r < runs; ++r) gained += bp->runs[r].gained;
    if (!update_room(bp, gained)) return false;
    *fresh = 0;
    for (int32_t r = 0; r < runs; ++r) {
        bp->runs[r].fresh_at = *fresh;
        *fresh += (int32_t)bp->runs[r].gained;
    }
    job.step = settle_run;
    satcd__run_task(tasks, moved_runs_task, runs, runs / (4 * workers) + 1, &job);
    bp->moved_count = 0;
    *big_changed = false;
    for (int32_t r = 0; r < runs; ++r) *big_changed |= bp->runs[r].big_changed;
    return true;
}

/* The entries refreshed and sorted in chunks on the tasks; returns how many are to go; max_width their widest. */
static int64_t refresh_entries(satcd_broadphase *bp, const satcd_task_system *tasks, int workers)
{
    int32_t chunks = cut_chunks(bp);
    refresh_job job = {bp, bp->chunks};
    satcd__run_task(tasks, refresh_chunks, chunks, chunks / (4 * workers) + 1, &job);
    int64_t gone = 0;
    bp->max_width = 0.0;
    for (int32_t c = 0; c < chunks; ++c) {
        gone += bp->chunks[c].gone;
        bp->max_width = bp->chunks[c].widest > bp->max_width ? bp->chunks[c].widest : bp->max_width;
    }
    return gone;
}

/*
 * Bring the entries up to date with every change since the last update,
 * the moved proxies and the entries in runs and chunks on the tasks;
 * false if memory runs out.
 */
static bool update(satcd_broadphase *bp, const satcd_task_system *tasks)
{
    if (needs_new_bands(bp)) rechoose_bands(bp);
    if (bp->moved_count == 0) return true;
    int workers = satcd__tasks_parallel(tasks) ? tasks->worker_count : 1;
    int32_t fresh;
    bool big_changed;
    if (!settle_moved(bp, tasks, workers, &fresh, &big_changed)) return false;
    int64_t gone = refresh_entries(bp, tasks, workers);
    for (int32_t i = 0; i < fresh; ++i) {
        double w = entry_width(bp->fresh[i].lx, bp->fresh[i].ux);
        bp->max_width = w > bp->max_width ? w : bp->max_width;
    }
    if (fresh > 0 || gone > 0) merge_fresh(bp, fresh);
    /* The big list changes only with a big proxy moved (a removal is a move), or with new bands, which empty it. */
    if (big_changed) collect_big(bp);
    return true;
}

/* ---- pairs ---- */

/*
 * The pairs whose sweep starts at entries [i0, i1): each entry against the
 * entries after it in its band up to its upper x. Writes those that fit
 * below cap at out + at; returns at plus the number found.
 */
static size_t sweep_range(const entry *e, int32_t n, int32_t i0, int32_t i1, satcd_pair *out, size_t at, size_t cap)
{
    /* Every candidate is written, and counted only if it is a pair: the y test is a coin toss the predictor loses. */
    satcd_pair spill;
    for (int32_t i = i0; i < i1; ++i) {
        const entry *p = &e[i];
        for (int32_t j = i + 1; j < n && e[j].band == p->band && e[j].lx <= p->ux; ++j) {
            const entry *q = &e[j];
            satcd_pair *to = at < cap ? &out[at] : &spill;
            to->a = p->id < q->id ? p->id : q->id;
            to->b = p->id < q->id ? q->id : p->id;
            at += (size_t)((q->ly <= p->uy) & (p->ly <= q->uy) & ((p->first | q->first) != 0));
        }
    }
    return at;
}

/* The pairs with a big proxy: each big one against every live proxy, two big ones once. */
static size_t big_pairs(const satcd_broadphase *bp, satcd_pair *out, size_t at, size_t cap)
{
    for (int32_t k = 0; k < bp->big_count; ++k) {
        int32_t a = bp->big[k];
        satcd_aabb box = bp->proxies[a].box;
        for (int32_t b = 0; b < bp->used; ++b) {
            if (b == a || !(bp->proxies[b].flags & FLAG_LIVE) || !boxes_overlap(box, bp->proxies[b].box)) continue;
            if (bp->proxies[b].state == STATE_BIG && b < a) continue;
            if (at < cap) {
                out[at].a = a < b ? a : b;
                out[at].b = a < b ? b : a;
            }
            ++at;
        }
    }
    return at;
}

static bool pair_before(satcd_pair x, satcd_pair y) { return x.a < y.a || (x.a == y.a && x.b < y.b); }

/* a[0, na) and b[0, nb), each sorted, merged into out. */
static void merge_pairs(const satcd_pair *a, size_t na, const satcd_pair *b, size_t nb, satcd_pair *out)
{
    size_t i = 0, j = 0, k = 0;
    while (i < na && j < nb) out[k++] = pair_before(b[j], a[i]) ? b[j++] : a[i++];
    while (i < na) out[k++] = a[i++];
    while (j < nb) out[k++] = b[j++];
}

/* p[0, n) sorted in (a, b) order, tmp (room for n) as scratch, as sort_entries does. */
static void sort_pairs(satcd_pair *p, satcd_pair *tmp, size_t n)
{
    for (size_t r = 0; r < n; r += SORT_RUN) {
        size_t end = n - r < SORT_RUN ? n : r + SORT_RUN;
        for (size_t i = r + 1; i < end; ++i) {
            satcd_pair x = p[i];
            size_t j = i;
            for (; j > r && pair_before(x, p[j - 1]); --j) p[j] = p[j - 1];
            p[j] = x;
        }
    }
    satcd_pair *src = p, *dst = tmp;
    for (size_t w = SORT_RUN; w < n; w *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * w) {
            size_t mid = n - lo > w ? lo + w : n, hi = n - lo > 2 * w ? lo + 2 * w : n;
            merge_pairs(src + lo, mid - lo, src + mid, hi - mid, dst + lo);
        }
        satcd_pair *t = src;
        src = dst;
        dst = t;
    }
    if (src != p) memcpy(p, src, n * sizeof *p);
}

/*
 * bp->found in (a, b) order, in place: two counting sorts over the ids,
 * by b into bp->by_b, then by a back into bp->found; the second keeps
 * the first's order within each a. Both histograms come from one pass.
 */
static void sort_found(satcd_broadphase *bp)
{
    size_t ids = (size_t)bp->used, n = bp->found_count;
    if (n == 0) return; /* counts may not exist yet */
    int32_t *start_a = bp->counts, *start_b = bp->counts + ids + 1;
    satcd_pair *found = bp->found, *tmp = bp->by_b;
    memset(bp->counts, 0, 2 * (ids + 1) * sizeof *bp->counts);
    for (size_t i = 0; i < n; ++i) {
        start_a[found[i].a + 1]++;
        start_b[found[i].b + 1]++;
    }
    for (size_t k = 0; k < ids; ++k) {
        start_a[k + 1] += start_a[k];
        start_b[k + 1] += start_b[k];
    }
    /* Each count is now where its id's run starts; a scatter advances it to where the run ends. */
    for (size_t i = 0; i < n; ++i) tmp[start_b[found[i].b]++] = found[i];
    for (size_t i = 0; i < n; ++i) found[start_a[tmp[i].a]++] = tmp[i];
}

/* ---- the pair sort on the tasks ---- */

/* Pairs per chunk of the parallel sort's scatter; a list of fewer than two chunks is sorted serially. */
#ifndef SATCD__PAIR_CHUNK
#define SATCD__PAIR_CHUNK 16384
#endif

/*
 * found sorted on the tasks in three loops. The pairs are cut into chunks
 * and the ids into ranges of 2^shift (a pair's range is a >> shift): each
 * chunk counts its pairs by range; each chunk scatters its pairs into tmp,
 * range by range, after the earlier chunks' pairs of the same range; then
 * each range is sorted back into found by a, with counts of its own ids
 * only, and each a's run by b. No worker writes where another reads.
 */
typedef struct pair_sort {
    satcd_pair *found, *tmp;
    size_t count;
    int shift, ranges, chunks;
    size_t *places;  /* [c * ranges + r]: chunk c's pairs of range r, counted, then where the next goes; then the range starts */
    int32_t *counts; /* worker w's counts of its range's ids at w * (2^shift + 1) */
} pair_sort;

static void pair_chunk_span(const pair_sort *s, int c, size_t *i0, size_t *i1)
{
    *i0 = (size_t)c * SATCD__PAIR_CHUNK;
    *i1 = s->count - *i0 > SATCD__PAIR_CHUNK ? *i0 + SATCD__PAIR_CHUNK : s->count;
}

static void count_pair_chunks(int start, int end, uint32_t worker, void *ctx)
{
    (void)worker;
    pair_sort *s = ctx;
    for (int c = start; c < end; ++c) {
        size_t *place = s->places + (size_t)c * (size_t)s->ranges, i0, i1;
        pair_chunk_span(s, c, &i0, &i1);
        memset(place, 0, (size_t)s->ranges * sizeof *place);
        for (size_t i = i0; i < i1; ++i) place[s->found[i].a >> s->shift]++;
    }
}

static void scatter_pair_chunks(int start, int end, uint32_t worker, void *ctx)
{
    (void)worker;
    pair_sort *s = ctx;
    for (int c = start; c < end; ++c) {
        size_t *place = s->places + (size_t)c * (size_t)s->ranges, i0, i1;
        pair_chunk_span(s, c, &i0, &i1);
        for (size_t i = i0; i < i1; ++i) s->tmp[place[s->found[i].a >> s->shift]++] = s->found[i];
    }
}

/* One a's pairs p[0, n) in b order; most runs are a few pairs, a big proxy's may be long. */
static void sort_pair_run(satcd_pair *p, satcd_pair *tmp, size_t n)
{
    if (n > SORT_RUN) {
        sort_pairs(p, tmp, n);
        return;
    }
    for (size_t i = 1; i < n; ++i) {
        satcd_pair x = p[i];
        size_t j = i;
        for (; j > 0 && x.b < p[j - 1].b; --j) p[j] = p[j - 1];
        p[j] = x;
    }
}

static void sort_pair_ranges(int start, int end, uint32_t worker, void *ctx)
{
    pair_sort *s = ctx;
    size_t width = (size_t)1 << s->shift;
    int32_t *count = s->counts + worker * (width + 1);
    const size_t *range_start = s->places + (size_t)s->chunks * (size_t)s->ranges;
    for (int r = start; r < end; ++r) {
        size_t lo = range_start[r], hi = range_start[r + 1];
        int32_t base = (int32_t)((size_t)r << s->shift);
        memset(count, 0, (width + 1) * sizeof *count);
        for (size_t i = lo; i < hi; ++i) count[s->tmp[i].a - base + 1]++;
        for (size_t k = 0; k < width; ++k) count[k + 1] += count[k];
        /* Each count is where its a's run starts; the scatter leaves it where the run ends. */
        for (size_t i = lo; i < hi; ++i) s->found[lo + (size_t)count[s->tmp[i].a - base]++] = s->tmp[i];
        size_t run = lo;
        for (size_t k = 0; k < width && run < hi; ++k) {
            size_t run_end = lo + (size_t)count[k];
            if (run_end - run > 1) sort_pair_run(s->found + run, s->tmp + run, run_end - run);
            run = run_end;
        }
    }
}

/*
 * The shift for about 8 ranges per worker, or -1 when the sort should run
 * serially: too few pairs, or the workers' counts would not fit bp->counts.
 */
static int pair_sort_shift(const satcd_broadphase *bp, int workers)
{
    if (bp->found_count < 2 * (size_t)SATCD__PAIR_CHUNK) return -1;
    size_t target = 8 * (size_t)workers, ids = (size_t)bp->used;
    int shift = 0;
    while (((ids - 1) >> shift) + 1 > target) ++shift;
    size_t need = (size_t)workers * (((size_t)1 << shift) + 1);
    return ((ids - 1) >> shift) > 0 && need <= 2 * ((size_t)bp->capacity + 1) ? shift : -1;
}

/* sort_found on the tasks, or serially where pair_sort_shift says so; false if memory runs out. */
static bool sort_found_parallel(satcd_broadphase *bp, const satcd_task_system *tasks)
{
    int shift = pair_sort_shift(bp, tasks->worker_count);
    if (shift < 0) {
        sort_found(bp);
        return true;
    }
    pair_sort s = {bp->found, bp->by_b, bp->found_count, shift, 0, 0, NULL, bp->counts};
    s.ranges = (int)(((size_t)bp->used - 1) >> shift) + 1;
    s.chunks = (int)((s.count + SATCD__PAIR_CHUNK - 1) / SATCD__PAIR_CHUNK);
    size_t cells = (size_t)s.chunks * (size_t)s.ranges + (size_t)s.ranges + 1;
    if (!reserve(bp, (void **)&bp->sort_places, &bp->sort_places_cap, cells, sizeof *bp->sort_places)) return false;
    s.places = bp->sort_places;
    satcd__run_task(tasks, count_pair_chunks, s.chunks, 1, &s);
    size_t at = 0, *range_start = s.places + (size_t)s.chunks * (size_t)s.ranges;
    for (int r = 0; r < s.ranges; ++r) {
        range_start[r] = at;
        for (int c = 0; c < s.chunks; ++c) {
            size_t *place = &s.places[(size_t)c * (size_t)s.ranges + (size_t)r], n = *place;
            *place = at;
            at += n;
        }
    }
    range_start[s.ranges] = at;
    satcd__run_task(tasks, scatter_pair_chunks, s.chunks, 1, &s);
    satcd__run_task(tasks, sort_pair_ranges, s.ranges, 1, &s);
    return true;
}

/* ---- parallel sweep ---- */

typedef struct sweep_job {
    const entry *entries;
    int32_t count;
    const int32_t *list; /* the blocks to sweep, item i is block list[i]; NULL: item i is block i */
    const size_t *slots; /* item i's pairs go in [slots[i], slots[i + 1]) */
    size_t *block_counts;
    satcd_pair *out;
} sweep_job;

/* Each item's block's pairs into its slot, as many as fit; every block's count, whether they fit or not. */
static void sweep_blocks(int start, int end, uint32_t worker, void *ctx)
{
    (void)worker;
    sweep_job *job = ctx;
    for (int i = start; i < end; ++i) {
        int b = job->list ? job->list[i] : i;
        int32_t i0, i1;
        satcd__sweep_block_range(b, job->count, &i0, &i1);
        size_t at = job->slots[i];
        job->block_counts[b] = sweep_range(job->entries, job->count, i0, i1, job->out, at, job->slots[i + 1]) - at;
    }
}

/*
 * Slots for the blocks, from the last sweep's count of each block with an
 * eighth and 16 to spare (the boxes move little from frame to frame).
 * False if memory runs out.
 */
static bool plan_slots(satcd_broadphase *bp, int blocks)
{
    if (!reserve(bp, (void **)&bp->block_slots, &bp->slot_cap, (size_t)blocks + 1, sizeof *bp->block_slots)) return false;
    size_t total = 0, known = 0;
    for (int32_t b = 0; b < bp->counted_blocks; ++b) known += bp->block_counts[b];
    size_t average = bp->counted_blocks > 0 ? known / (size_t)bp->counted_blocks : 0;
    for (int b = 0; b < blocks; ++b) {
        size_t last = b < bp->counted_blocks ? bp->block_counts[b] : average;
        bp->block_slots[b] = total;
        size_t room = last + last / 8 + 16;
        if (room > SIZE_MAX / 2 - total) return false;
        total += room;
    }
    bp->block_slots[blocks] = total;
    return reserve(bp, (void **)&bp->found, &bp->found_cap, total, sizeof *bp->found);
}

/*
 * The pairs of the blocks that fit their slots moved down to one run from
 * the start of found; the others listed in outgrown, with slots after that
 * run of their exact counts (found grown to hold them). Returns how many
 * are listed, or -1 if memory runs out.
 */
static int close_slots(satcd_broadphase *bp, int blocks)
{
    size_t at = 0;
    int outgrown = 0;
    for (int b = 0; b < blocks; ++b) {
        size_t n = bp->block_counts[b];
        if (n > bp->block_slots[b + 1] - bp->block_slots[b]) {
            bp->outgrown[outgrown++] = b;
            continue;
        }
        if (n && at != bp->block_slots[b]) memmove(&bp->found[at], &bp->found[bp->block_slots[b]], n * sizeof *bp->found);
        at += n;
    }
    bp->found_count = at;
    for (int i = 0; i < outgrown; ++i) {
        size_t n = bp->block_counts[bp->outgrown[i]];
        if (n > SIZE_MAX / 2 - at) return -1;
        bp->block_slots[i] = at;
        at += n;
    }
    bp->block_slots[outgrown] = at;
    return reserve(bp, (void **)&bp->found, &bp->found_cap, at, sizeof *bp->found) ? outgrown : -1;
}

/*
 * The sweep in blocks on the tasks: each block writes into a slot sized
 * from its count at the last frame; the blocks that outgrew theirs are
 * swept again, alone, into slots of the counts just taken, after the
 * others' pairs (the list is sorted afterwards, so where a block's pairs
 * go does not change it).
 */
static bool sweep_parallel(satcd_broadphase *bp, const satcd_task_system *tasks)
{
    int blocks = satcd__sweep_blocks(bp->entry_count);
    if (!reserve(bp, (void **)&bp->block_counts, &bp->block_cap, (size_t)blocks, sizeof *bp->block_counts) ||
        !reserve(bp, (void **)&bp->outgrown, &bp->outgrown_cap, (size_t)blocks, sizeof *bp->outgrown) ||
        !plan_slots(bp, blocks))
        return false;
    sweep_job job = {bp->entries, bp->entry_count, NULL, bp->block_slots, bp->block_counts, bp->found};
    int min_range = blocks / (4 * tasks->worker_count) + 1;
    satcd__run_task(tasks, sweep_blocks, blocks, min_range, &job);
    bp->counted_blocks = blocks;
    int outgrown = close_slots(bp, blocks);
    if (outgrown < 0) return false;
    job.list = bp->outgrown;
    job.out = bp->found;
    satcd__run_task(tasks, sweep_blocks, outgrown, outgrown / (4 * tasks->worker_count) + 1, &job);
    bp->found_count = bp->block_slots[outgrown];
    return true;
}

static bool sweep_serial(satcd_broadphase *bp)
{
    size_t n = sweep_range(bp->entries, bp->entry_count, 0, bp->entry_count, bp->found, 0, bp->found_cap);
    if (n > bp->found_cap) {
        if (!reserve(bp, (void **)&bp->found, &bp->found_cap, n, sizeof *bp->found)) return false;
        n = sweep_range(bp->entries, bp->entry_count, 0, bp->entry_count, bp->found, 0, bp->found_cap);
    }
    bp->found_count = n;
    return true;
}

static bool add_big_pairs(satcd_broadphase *bp)
{
    size_t n = big_pairs(bp, bp->found, bp->found_count, bp->found_cap);
    if (n > bp->found_cap) {
        if (!reserve(bp, (void **)&bp->found, &bp->found_cap, n, sizeof *bp->found)) return false;
        n = big_pairs(bp, bp->found, bp->found_count, bp->found_cap);
    }
    bp->found_count = n;
    return true;
}

/* ---- a revision: few proxies moved ---- */

static bool entry_before_key(const void *items, int32_t i, const void *key)
{
    return entry_before(&((const entry *)items)[i], key);
}

/* The first of e[from, n) that is not before *key. */
static int32_t entry_lower_bound(const entry *e, int32_t from, int32_t n, const entry *key)
{
    return satcd__lower_bound(e, from, n, entry_before_key, key);
}

/* entry_lower_bound searched from hint (satcd__lower_bound_near; below 0: no hint). */
static int32_t entry_lower_bound_near(const entry *e, int32_t from, int32_t n, int32_t hint, const entry *key)
{
    return satcd__lower_bound_near(e, from, n, hint, entry_before_key, key);
}

/*
 * Entries from which a revision takes the moved proxies in the order of
 * their entries: fewer fit a core's own cache, where a search from the
 * start costs no more than one from the last place.
 */
#ifndef SATCD__SORTED_REVISION_ENTRIES
#define SATCD__SORTED_REVISION_ENTRIES 65536
#endif

/*
 * The moved list in the order of its proxies' entries (lowest band, then
 * last lower x), so that each search of a revision starts where the last
 * one ended: nearby, in lines already read. Keys and scratch in bp->spare.
 */
static void sort_moved(satcd_broadphase *bp)
{
    entry *keys = bp->spare, *tmp = bp->spare + bp->moved_count;
    for (int32_t i = 0; i < bp->moved_count; ++i) {
        int32_t id = bp->moved[i];
        const proxy_data *p = &bp->proxies[id];
        bool had = p->state == STATE_BANDS, live = (p->flags & FLAG_LIVE) != 0;
        int64_t band = had ? p->b0 : live ? p->next_b0 : 0;
        float lx = had ? p->entry_lx : live ? p->box.lower.x : 0.0f;
        keys[i] = (entry){band, lx, 0.0f, 0.0f, 0.0f, id, 0};
    }
    sort_entries(keys, tmp, bp->moved_count);
    for (int32_t i = 0; i < bp->moved_count; ++i) bp->moved[i] = keys[i].id;
}

/* Where the entry (band, lx, id) is, searched from hint, or -1 when there is none. */
static int32_t find_entry(const satcd_broadphase *bp, int64_t band, float lx, int32_t id, int32_t hint)
{
    entry key = {band, lx, 0.0f, 0.0f, 0.0f, id, 0};
    int32_t at = entry_lower_bound_near(bp->entries, 0, bp->entry_count, hint, &key);
    const entry *e = &bp->entries[at];
    return at < bp->entry_count && e->band == band && e->lx == lx && e->id == id ? at : -1;
}

/*
 * Whether the moved proxies are few enough to revise the last list rather
 * than sweep again: a valid last list, at most 2 or 1 in 16 of the live
 * proxies moved (each costs a few searches of the entries, a full update a
 * pass over them all), no new band height, and no moved proxy big before or
 * after (a big one's pairs come from a pass over every proxy). Sets the
 * moved proxies' next band ranges.
 */
static bool few_moved(satcd_broadphase *bp)
{
    bool many = bp->moved_count > 2 && (int64_t)bp->moved_count * 16 > bp->live;
    if (!bp->found_valid || many || needs_new_bands(bp)) return false;
    for (int32_t i = 0; i < bp->moved_count; ++i) {
        proxy_data *p = &bp->proxies[bp->moved[i]];
        if (p->state == STATE_BIG) return false;
        if (!(p->flags & FLAG_LIVE)) continue;
        p->next_b0 = band_of(bp, p->box.lower.y);
        p->next_b1 = band_of(bp, p->box.upper.y);
        if (p->next_b1 - p->next_b0 >= MAX_SPAN) return false;
    }
    return true;
}

/*
 * Room for the revised entries (bp->fresh: the new ones, then copies of
 * the dropped ones); false, nothing changed, when memory runs out.
 */
static bool revision_room(satcd_broadphase *bp)
{
    size_t bound = (size_t)bp->moved_count * MAX_SPAN, need = (size_t)bp->entry_count + bound;
    return satcd__entries_fit(bp->entry_count, (int64_t)bound) &&
           reserve(bp, (void **)&bp->fresh, &bp->fresh_cap, 2 * bound, sizeof(entry)) &&
           reserve(bp, (void **)&bp->spare, &bp->spare_cap, need, sizeof(entry)) &&
           reserve(bp, (void **)&bp->entries, &bp->entry_cap, need, sizeof(entry));
}

/* The moved proxies' ids as bits, in the pair sort's counts (free until the next sort). */
static uint32_t *revised_bits(const satcd_broadphase *bp) { return (uint32_t *)(void *)bp->counts; }

static bool is_revised(const satcd_broadphase *bp, int32_t id)
{
    return (revised_bits(bp)[(uint32_t)id >> 5] >> ((uint32_t)id & 31u)) & 1u;
}

static void mark_revised(satcd_broadphase *bp)
{
    uint32_t *bits = revised_bits(bp);
    memset(bits, 0, ((size_t)bp->used + 31) / 32 * sizeof *bits);
    for (int32_t i = 0; i < bp->moved_count; ++i) {
        uint32_t id = (uint32_t)bp->moved[i];
        bits[id >> 5] |= 1u << (id & 31u);
    }
}

/* Entry i given its proxy's new box, then moved to its place in the order (a small move: a short way). */
static void reposition(entry *e, int32_t n, int32_t i, satcd_aabb box)
{
    e[i].lx = box.lower.x;
    e[i].ux = box.upper.x;
    e[i].ly = box.lower.y;
    e[i].uy = box.upper.y;
    entry x = e[i];
    for (; i > 0 && entry_before(&x, &e[i - 1]); --i) e[i] = e[i - 1];
    for (; i + 1 < n && entry_before(&e[i + 1], &x); ++i) e[i] = e[i + 1];
    e[i] = x;
}

/*
 * Moved proxy id's entries brought up to date: in place when it keeps its
 * bands, else its old ones to go (a copy of each at
 * dropped[(*dropped_count)++]) and its new ones in bp->fresh from
 * fresh_at; returns the new fresh count, or -1 if an old entry is not
 * where its band and last lower x put it. hints[0] and hints[1]: where
 * the last proxy's entries of its lowest two bands were (below 0: none,
 * the moved list is not in entry order).
 */
static int32_t revise_proxy(satcd_broadphase *bp, int32_t id, int32_t fresh_at, entry *dropped,
                            int32_t *dropped_count, int32_t hints[2])
{
    proxy_data *p = &bp->proxies[id];
    p->flags &= (uint8_t)~FLAG_MOVED;
    bool live = (p->flags & FLAG_LIVE) != 0, had = p->state == STATE_BANDS;
    bool same = live && had && p->next_b0 == p->b0 && p->next_b1 == p->b1;
    if (had) {
        for (int64_t k = p->b0; k <= p->b1; ++k) {
            int32_t *hint = &hints[k == p->b0 ? 0 : 1];
            int32_t at = find_entry(bp, k, p->entry_lx, id, *hint);
            if (at < 0) return -1;
            if (*hint >= 0 && k <= p->b0 + 1) *hint = at;
            if (same) {
                reposition(bp->entries, bp->entry_count, at, p->box);
                continue;
            }
            dropped[(*dropped_count)++] = bp->entries[at];
        }
    }
    if (!live) {
        p->state = STATE_NONE;
        return fresh_at;
    }
    p->entry_lx = p->box.lower.x;
    double w = entry_width(p->box.lower.x, p->box.upper.x);
    bp->max_width = w > bp->max_width ? w : bp->max_width;
    if (same) return fresh_at;
    p->state = STATE_BANDS;
    p->b0 = p->next_b0;
    p->b1 = p->next_b1;
    for (int64_t k = p->b0; k <= p->b1; ++k) bp->fresh[fresh_at++] = make_entry(bp, id, k);
    return fresh_at;
}

/*
 * Every proxy to enter again, as after a new band height: the way back
 * should an entry not be where the order puts it.
 */
static void start_over(satcd_broadphase *bp)
{
    for (int32_t i = 0; i < bp->moved_count; ++i) bp->proxies[bp->moved[i]].flags &= (uint8_t)~FLAG_MOVED;
    bp->moved_count = 0;
    rechoose_bands(bp);
}

/*
 * The entries with the dropped ones left out and the fresh ones put in
 * (both sorted; each dropped one is a copy of an entry), through
 * the spare array: the runs between them are copied whole, each place
 * found by binary search, so that a revision of few proxies does not
 * compare every entry as a merge does.
 */
static void splice_entries(satcd_broadphase *bp, const entry *fresh, int32_t nf, const entry *dropped, int32_t nd)
{
    const entry *e = bp->entries;
    entry *out = bp->spare;
    int32_t n = bp->entry_count, at = 0, k = 0, f = 0, d = 0;
    int32_t f_at = nf > 0 ? entry_lower_bound(e, 0, n, &fresh[0]) : n;
    int32_t d_at = nd > 0 ? entry_lower_bound(e, 0, n, &dropped[0]) : n;
    while (f < nf || d < nd) {
        int32_t next = f_at < d_at ? f_at : d_at;
        memcpy(out + k, e + at, (size_t)(next - at) * sizeof *e);
        k += next - at;
        at = next;
        if (f < nf && f_at <= d_at) {
            out[k++] = fresh[f++];
            f_at = f < nf ? entry_lower_bound_near(e, at, n, at, &fresh[f]) : n;
        } else {
            ++at;
            ++d;
            d_at = d < nd ? entry_lower_bound_near(e, at, n, at, &dropped[d]) : n;
        }
    }
    memcpy(out + k, e + at, (size_t)(n - at) * sizeof *e);
    bp->entry_count = k + (n - at);
    swap_buffers((void **)&bp->entries, &bp->entry_cap, (void **)&bp->spare, &bp->spare_cap);
}

/* The entries brought up to date by the moved proxies alone; false (after start_over) if they were not in order. */
static bool revise_entries(satcd_broadphase *bp)
{
    entry *dropped = bp->fresh + (size_t)bp->moved_count * MAX_SPAN;
    int32_t fresh = 0, dropped_count = 0, first = bp->moved_sorted ? 0 : -1, hints[2] = {first, first};
    for (int32_t i = 0; i < bp->moved_count; ++i) {
        fresh = revise_proxy(bp, bp->moved[i], fresh, dropped, &dropped_count, hints);
        if (fresh < 0) {
            start_over(bp);
            return false;
        }
    }
    if (fresh == 0 && dropped_count == 0) return true;
    sort_entries(bp->fresh, bp->spare, fresh);
    sort_entries(dropped, bp->spare, dropped_count);
    splice_entries(bp, bp->fresh, fresh, dropped, dropped_count);
    return true;
}

/* A place in band order: a band and a lower x, in double. */
typedef struct band_place {
    int64_t band;
    double lx;
} band_place;

static bool entry_before_place(const void *items, int32_t i, const void *key)
{
    const entry *e = &((const entry *)items)[i];
    const band_place *p = key;
    return e->band < p->band || (e->band == p->band && (double)e->lx < p->lx);
}

/* The first entry of band k whose lower x is at least lx (as a double), searched from hint. */
static int32_t band_reach(const entry *e, int32_t n, int64_t k, double lx, int32_t hint)
{
    band_place key = {k, lx};
    return satcd__lower_bound_near(e, 0, n, hint, entry_before_place, &key);
}

/*
 * The pairs of moved proxy m, each once: the entries of its bands whose
 * boxes meet its box, counted in their lowest common band as the sweep
 * counts them (one of the two starts there); a pair of two moved proxies
 * from the lower id's side; and the big proxies its box meets. An entry
 * that reaches m's lower x starts at most max_width before it; the margin
 * of 2^-40 of the sizes covers the rounding of that bound in double.
 */
static size_t pairs_of_moved(const satcd_broadphase *bp, int32_t m, satcd_pair *out, size_t at, size_t cap,
                             int32_t hints[2])
{
    const proxy_data *p = &bp->proxies[m];
    satcd_aabb box = p->box;
    const entry *e = bp->entries;
    int32_t n = bp->entry_count;
    double from = ((double)box.lower.x - bp->max_width) - (fabs((double)box.lower.x) + bp->max_width) * 0x1p-40;
    for (int64_t k = p->b0; k <= p->b1; ++k) {
        int32_t *hint = &hints[k == p->b0 ? 0 : 1], j = band_reach(e, n, k, from, *hint);
        if (*hint >= 0 && k <= p->b0 + 1) *hint = j;
        for (; j < n && e[j].band == k && e[j].lx <= box.upper.x; ++j) {
            const entry *q = &e[j];
            bool meets = box.lower.x <= q->ux && q->ly <= box.upper.y && box.lower.y <= q->uy;
            bool counted_here = k == p->b0 || q->first;
            bool other_side = q->id < m && is_revised(bp, q->id);
            if (q->id == m || !meets || !counted_here || other_side) continue;
            if (at < cap) out[at] = (satcd_pair){m < q->id ? m : q->id, m < q->id ? q->id : m};
            ++at;
        }
    }
    for (int32_t t = 0; t < bp->big_count; ++t) {
        int32_t g = bp->big[t];
        if (!boxes_overlap(box, bp->proxies[g].box)) continue;
        if (at < cap) out[at] = (satcd_pair){m < g ? m : g, m < g ? g : m};
        ++at;
    }
    return at;
}

static size_t moved_pairs(const satcd_broadphase *bp, size_t cap)
{
    size_t at = 0;
    int32_t first = bp->moved_sorted ? 0 : -1, hints[2] = {first, first};
    for (int32_t i = 0; i < bp->moved_count; ++i) {
        int32_t id = bp->moved[i];
        if (bp->proxies[id].flags & FLAG_LIVE) at = pairs_of_moved(bp, id, bp->news, at, cap, hints);
    }
    return at;
}

/*
 * The last list found[0, nf) without the pairs of moved proxies, merged
 * with their new pairs news[0, nn) (sorted) into out: one pass over the list.
 */
static size_t merge_kept_pairs(const satcd_broadphase *bp, const satcd_pair *found, size_t nf, const satcd_pair *news,
                               size_t nn, satcd_pair *out)
{
    size_t j = 0, k = 0;
    for (size_t i = 0; i < nf; ++i) {
        satcd_pair q = found[i];
        if (is_revised(bp, q.a) || is_revised(bp, q.b)) continue;
        while (j < nn && pair_before(news[j], q)) out[k++] = news[j++];
        out[k++] = q;
    }
    while (j < nn) out[k++] = news[j++];
    return k;
}

/* The last list revised: the moved proxies' pairs found again, the others kept; false when memory runs out. */
static bool revise_pairs(satcd_broadphase *bp)
{
    size_t n = moved_pairs(bp, bp->news_cap);
    if (n > bp->news_cap) {
        if (!reserve(bp, (void **)&bp->news, &bp->news_cap, n, sizeof *bp->news)) return false;
        n = moved_pairs(bp, bp->news_cap);
    }
    if (n > (size_t)INT32_MAX - bp->found_count ||
        !reserve(bp, (void **)&bp->by_b, &bp->by_b_cap, bp->found_count + n, sizeof *bp->by_b))
        return false;
    sort_pairs(bp->news, bp->by_b, n);
    bp->found_count = merge_kept_pairs(bp, bp->found, bp->found_count, bp->news, n, bp->by_b);
    swap_buffers((void **)&bp->found, &bp->found_cap, (void **)&bp->by_b, &bp->by_b_cap);
    return true;
}

/*
 * When few proxies moved (few_moved), the entries and the last list
 * revised by them alone, in time that grows with the moves rather than
 * with the scene; false when the revision does not apply (nothing
 * changed), memory for the pairs runs out (the entries up to date) or the
 * entries were not in order (all to enter again), for the full update and
 * sweep to take over.
 */
static bool revise(satcd_broadphase *bp)
{
    if (!few_moved(bp) || !revision_room(bp)) return false;
    bp->moved_sorted = bp->entry_count >= SATCD__SORTED_REVISION_ENTRIES;
    if (bp->moved_sorted) sort_moved(bp);
    mark_revised(bp);
    if (!revise_entries(bp)) return false;
    bool ok = revise_pairs(bp);
    bp->moved_count = 0;
    return ok;
}

/* Every pair from the entries, brought up to date first. */
static bool find_all(satcd_broadphase *bp, const satcd_task_system *tasks)
{
    if (!update(bp, tasks)) return false;
    bool swept = satcd__tasks_parallel(tasks) ? sweep_parallel(bp, tasks) : sweep_serial(bp);
    if (!swept || !add_big_pairs(bp) || bp->found_count > (size_t)INT32_MAX) return false;
    if (!reserve(bp, (void **)&bp->by_b, &bp->by_b_cap, bp->found_count, sizeof *bp->by_b)) return false;
    if (satcd__tasks_parallel(tasks)) return sort_found_parallel(bp, tasks);
    sort_found(bp);
    return true;
}

int satcd_broadphase_pairs_parallel(satcd_broadphase *bp, satcd_pair *out, int capacity,
                                    const satcd_task_system *tasks)
{
    if (!bp || capacity < 0 || (capacity > 0 && !out)) return -1;
    /* A scene at rest (no add, move or remove since the last list) has the same pairs. */
    if (!bp->found_valid || bp->moved_count > 0) {
        bool revised = revise(bp);
        bp->found_valid = false;
        if (!revised && !find_all(bp, tasks)) return -1;
        bp->found_valid = true;
    }
    size_t written = bp->found_count < (size_t)capacity ? bp->found_count : (size_t)capacity;
    if (written) memcpy(out, bp->found, written * sizeof *out);
    return (int)bp->found_count;
}

int satcd_broadphase_pairs(satcd_broadphase *bp, satcd_pair *out, int capacity)
{
    return satcd_broadphase_pairs_parallel(bp, out, capacity, NULL);
}

/* ---- queries ---- */

/* An entry that stands for its proxy's current box: neither moved nor removed since the update. */
static bool entry_is_current(const satcd_broadphase *bp, const entry *e)
{
    return !(bp->proxies[e->id].flags & FLAG_MOVED);
}

static bool entry_overlaps(const entry *e, satcd_aabb q)
{
    return e->lx <= q.upper.x && q.lower.x <= e->ux && e->ly <= q.upper.y && q.lower.y <= e->uy;
}

/* The big proxies and the moved ones, tested one by one; false when fn stopped. */
static bool query_loose(const satcd_broadphase *bp, bool (*hit)(const satcd_broadphase *, int32_t, const void *),
                        const void *shape, bool (*fn)(int32_t, void *), void *ctx)
{
    for (int32_t k = 0; k < bp->big_count; ++k) {
        int32_t id = bp->big[k];
        if (!(bp->proxies[id].flags & FLAG_MOVED) && hit(bp, id, shape) && !fn(id, ctx)) return false;
    }
    for (int32_t k = 0; k < bp->moved_count; ++k) {
        int32_t id = bp->moved[k];
        if ((bp->proxies[id].flags & FLAG_LIVE) && hit(bp, id, shape) && !fn(id, ctx)) return false;
    }
    return true;
}

static bool box_hit(const satcd_broadphase *bp, int32_t id, const void *shape)
{
    return boxes_overlap(bp->proxies[id].box, *(const satcd_aabb *)shape);
}

void satcd_broadphase_query(const satcd_broadphase *bp, satcd_aabb box, bool (*fn)(int32_t proxy, void *ctx),
                            void *ctx)
{
    if (!bp || !fn || !box_is_valid(box)) return;
    const entry *e = bp->entries;
    int32_t n = bp->entry_count;
    int64_t k0 = band_of(bp, box.lower.y), k1 = band_of(bp, box.upper.y);
    int32_t i = band_start(e, 0, n, k0);
    while (i < n && e[i].band <= k1) {
        int64_t k = e[i].band;
        for (; i < n && e[i].band == k && e[i].lx <= box.upper.x; ++i) {
            /* Reported in the band where the two boxes' overlap starts. */
            if (!(e[i].first || k == k0) || !entry_overlaps(&e[i], box) || !entry_is_current(bp, &e[i])) continue;
            if (!fn(e[i].id, ctx)) return;
        }
        i = band_start(e, i, n, k + 1);
    }
    query_loose(bp, box_hit, &box, fn, ctx);
}

/* ---- ray casts ---- */

/* A ray segment in double: origin, translation, and its y extent. */
typedef struct ray_d {
    double ox, oy, dx, dy;
    double y0, y1;
} ray_d;

/* The part t in [t0, t1] of the segment inside the closed box, slab by slab. */
static bool slab(double o, double d, double lo, double hi, double *t0, double *t1)
{
    if (d == 0.0) return o >= lo && o <= hi;
    double a = (lo - o) / d, b = (hi - o) / d;
    if (a > b) {
        double t = a;
        a = b;
        b = t;
    }
    if (a > *t0) *t0 = a;
    if (b < *t1) *t1 = b;
    return *t0 <= *t1;
}

static bool ray_hits_box(const ray_d *r, float lx, float ly, float ux, float uy)
{
    double t0 = 0.0, t1 = 1.0;
    return slab(r->ox, r->dx, lx, ux, &t0, &t1) && slab(r->oy, r->dy, ly, uy, &t0, &t1);
}

static bool ray_hit(const satcd_broadphase *bp, int32_t id, const void *shape)
{
    satcd_aabb b = bp->proxies[id].box;
    return ray_hits_box(shape, b.lower.x, b.lower.y, b.upper.x, b.upper.y);
}

/*
 * The x extent, widened, of the part of the segment in band k's y slab
 * (also widened): a superset of where the segment can meet a box that has
 * an entry in band k. Only a prefilter: every hit is confirmed by the slab
 * test, and the widening covers the rounding of band_of and of the slab test.
 */
static bool ray_band_x(const satcd_broadphase *bp, const ray_d *r, int64_t k, double *xlo, double *xhi)
{
    double h = bp->band_height, base = (double)k * h;
    /* The outermost bands also hold everything band_of clamps into them. */
    double y_lo = (double)k <= -BAND_LIMIT ? -INFINITY : base;
    double y_hi = (double)k >= BAND_LIMIT ? INFINITY : base + h;
    double m = 1e-3 * h + 1e-9 * fabs(base);
    double t0 = 0.0, t1 = 1.0;
    if (!slab(r->oy, r->dy, y_lo - m, y_hi + m, &t0, &t1)) return false;
    double xa = r->ox + r->dx * t0, xb = r->ox + r->dx * t1;
    double w = 1e-9 * (fabs(r->ox) + fabs(r->dx)) + 1e-30;
    *xlo = (xa < xb ? xa : xb) - w;
    *xhi = (xa < xb ? xb : xa) + w;
    return true;
}

/* Whether a band below k, among those of the proxy and the ray, already found this entry. */
static bool found_in_lower_band(const satcd_broadphase *bp, const ray_d *r, const entry *e, int64_t k, int64_t k0)
{
    int64_t from = bp->proxies[e->id].b0 > k0 ? bp->proxies[e->id].b0 : k0;
    for (int64_t j = from; j < k; ++j) {
        double xlo, xhi;
        if (ray_band_x(bp, r, j, &xlo, &xhi) && e->lx <= xhi && e->ux >= xlo) return true;
    }
    return false;
}

void satcd_broadphase_raycast(const satcd_broadphase *bp, satcd_ray ray, bool (*fn)(int32_t proxy, void *ctx),
                              void *ctx)
{
    if (!bp || !fn || !satcd_vec2_is_finite(ray.origin) || !satcd_vec2_is_finite(ray.translation)) return;
    ray_d r = {ray.origin.x, ray.origin.y, ray.translation.x, ray.translation.y, 0.0, 0.0};
    double ya = r.oy, yb = r.oy + r.dy;
    double m = 1e-3 * bp->band_height + 1e-9 * (fabs(ya) + fabs(yb));
    r.y0 = (ya < yb ? ya : yb) - m;
    r.y1 = (ya < yb ? yb : ya) + m;
    const entry *e = bp->entries;
    int32_t n = bp->entry_count;
    int64_t k0 = band_of(bp, r.y0), k1 = band_of(bp, r.y1);
    int32_t i = band_start(e, 0, n, k0);
    while (i < n && e[i].band <= k1) {
        int64_t k = e[i].band;
        double xlo, xhi;
        if (ray_band_x(bp, &r, k, &xlo, &xhi)) {
            for (; i < n && e[i].band == k && e[i].lx <= xhi; ++i) {
                const entry *c = &e[i];
                if (c->ux < xlo || !entry_is_current(bp, c) || !ray_hits_box(&r, c->lx, c->ly, c->ux, c->uy)) continue;
                if (!c->first && k != k0 && found_in_lower_band(bp, &r, c, k, k0)) continue;
                if (!fn(c->id, ctx)) return;
            }
        }
        i = band_start(e, i, n, k + 1);
    }
    query_loose(bp, ray_hit, &r, fn, ctx);
}
