// Google Benchmark driver. The bodies are C (bench_satcd.c, peer_*.c); this
// file only generates the workloads, checks that every peer agrees with
// satcd on every pair, registers one benchmark per (query, set, n, library)
// and records the machine in the JSON context.
//
// Extra options (taken out before Google Benchmark sees the rest):
//   --check-only            run the agreement checks and exit
//   --pairs=N               pairs per static set (default 20000)
//   --sides=3,4,...         polygon sizes (default 3,4,6,8,16)
//   --broadphase=N,...      broad-phase scene sizes (default 1000,10000,100000;
//                           empty: none)
//   --pipeline=N,...        pipeline scene sizes (broad and narrow phase; default
//                           1000,10000,100000; empty: none)
//   --cold=3,4,...          polygon sizes of the cold-cache sets (cold.h; default
//                           3,4,6,8; empty: none)
//   --cold-pool=N           polygons in each cold set's pool (default 200000)
//   --callgrind=Q:S:N:LIB   run one body once inside bench_callgrind_region,
//                           e.g. manifold:a:8:satcd, overlap:b:8:box2d,
//                           cached:m:8:satcd; for valgrind --toggle-collect
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include "bench.h"
#include "broadphase.h"
#include "capsule.h"
#include "cold.h"
#include "compound.h"
#include "pipeline.h"
#include "task_pool.h"

#ifdef SATCD_BENCH_HAVE_BOX2D
extern "C" const bench_peer bench_peer_box2d;
extern "C" const bench_cold_peer bench_cold_peer_box2d;
#endif
#ifdef SATCD_BENCH_HAVE_BOX2D_V3
extern "C" const bench_cold_peer bench_cold_peer_box2d_v3;
#endif
#ifdef SATCD_BENCH_HAVE_CHIPMUNK
extern "C" const bench_peer bench_peer_chipmunk;
extern "C" const bench_cold_peer bench_cold_peer_chipmunk;
extern "C" const char *cpVersionString;
#endif

namespace {

// Disagreements with |satcd separation| at most this far from touching are
// counted apart: GJK-based peers decide touching pairs with their own
// tolerances (Box2D's b2TestOverlap: distance < 10 FLT_EPSILON in world
// coordinates up to 21).
constexpr float kTouchingBand = 1e-4f;

// Chipmunk's release build still prints "High EPA iterations" warnings on
// stderr (about 0.5% of the n = 16 pairs). Its calls run with stderr sent to
// /dev/null, switched once around a whole loop, never per pair.
class QuietStderr {
public:
    explicit QuietStderr(bool on) : saved_(-1)
    {
        if (!on) return;
        std::fflush(stderr);
        int null = open("/dev/null", O_WRONLY);
        if (null < 0) return;
        saved_ = dup(2);
        dup2(null, 2);
        close(null);
    }
    ~QuietStderr()
    {
        if (saved_ < 0) return;
        std::fflush(stderr);
        dup2(saved_, 2);
        close(saved_);
    }
    QuietStderr(const QuietStderr &) = delete;
    QuietStderr &operator=(const QuietStderr &) = delete;

private:
    int saved_;
};

bool is_noisy(const char *peer) { return std::strcmp(peer, "chipmunk") == 0; }

// The peers compiled in, for the warm sets and for the cold ones.
struct PeerLists {
    std::vector<const bench_peer *> warm;
    std::vector<const bench_cold_peer *> cold;
};

PeerLists compiled_peers()
{
    PeerLists out;
#ifdef SATCD_BENCH_HAVE_BOX2D
    out.warm.push_back(&bench_peer_box2d);
    out.cold.push_back(&bench_cold_peer_box2d);
#endif
#ifdef SATCD_BENCH_HAVE_BOX2D_V3
    out.cold.push_back(&bench_cold_peer_box2d_v3);
#endif
#ifdef SATCD_BENCH_HAVE_CHIPMUNK
    out.warm.push_back(&bench_peer_chipmunk);
    out.cold.push_back(&bench_cold_peer_chipmunk);
#endif
    return out;
}

struct Options {
    bool check_only = false;
    int pairs = BENCH_SET_PAIRS;
    std::vector<int> sides{3, 4, 6, 8, 16};
    std::vector<int> broadphase{1000, 10000, 100000};
    std::vector<int> pipeline{1000, 10000, 100000};
    std::vector<int> cold{3, 4, 6, 8};
    int cold_pool = BENCH_COLD_POOL;
    std::string callgrind;
};

// One generated set with each peer's own copy of it.
struct PreparedSet {
    bench_set set{};
    bench_batch batch{};  // static sets: the pairs as bodies and index pairs
    std::vector<std::pair<const bench_peer *, void *>> peers;
    ~PreparedSet()
    {
        for (auto &p : peers) p.first->release(p.second);
        bench_batch_free(&batch);
        bench_set_free(&set);
    }
};

struct Case {
    std::string query, set, impl;
    int sides;
    long items;  // queries per run of the body
    std::function<double()> body;
    std::function<double()> cache_hit_rate;  // motion cached only
    std::function<void()> flush{};           // cold sets: evicts what a pass reads, before each timed pass
    std::string name() const { return query + "/" + set + "/" + std::to_string(sides) + "/" + impl; }
};

std::vector<int> parse_sides(const char *text)
{
    std::vector<int> out;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) out.push_back(std::atoi(item.c_str()));
    return out;
}

Options take_options(int *argc, char **argv)
{
    Options o;
    int kept = 1;
    for (int i = 1; i < *argc; ++i) {
        const char *a = argv[i];
        if (std::strcmp(a, "--check-only") == 0) o.check_only = true;
        else if (std::strncmp(a, "--pairs=", 8) == 0) o.pairs = std::atoi(a + 8);
        else if (std::strncmp(a, "--sides=", 8) == 0) o.sides = parse_sides(a + 8);
        else if (std::strncmp(a, "--broadphase=", 13) == 0) o.broadphase = parse_sides(a + 13);
        else if (std::strncmp(a, "--pipeline=", 11) == 0) o.pipeline = parse_sides(a + 11);
        else if (std::strncmp(a, "--cold=", 7) == 0) o.cold = parse_sides(a + 7);
        else if (std::strncmp(a, "--cold-pool=", 12) == 0) o.cold_pool = std::atoi(a + 12);
        else if (std::strncmp(a, "--callgrind=", 12) == 0) o.callgrind = a + 12;
        else argv[kept++] = argv[i];
    }
    *argc = kept;
    return o;
}

std::unique_ptr<PreparedSet> make_set(char name, int sides, int pairs, bool with_peers)
{
    auto out = std::make_unique<PreparedSet>();
    if (bench_set_make(&out->set, name, sides, pairs) != 0) {
        std::fprintf(stderr, "error: cannot generate set %c for n = %d\n", name, sides);
        std::exit(2);
    }
    if (name != 'm' && (bench_batch_make(&out->batch, &out->set) != 0 || !bench_batch_agrees(&out->batch))) {
        std::fprintf(stderr, "error: the batch calls on set %c for n = %d differ from the single-pair calls\n", name,
                     sides);
        std::exit(1);
    }
    if (with_peers) {
        for (const bench_peer *p : compiled_peers().warm) {
            void *prepared = p->prepare(&out->set);
            if (prepared) out->peers.emplace_back(p, prepared);
        }
    }
    return out;
}

// Every case of one set: satcd's queries, then each prepared peer's.
void add_cases(PreparedSet &ps, std::vector<Case> &cases)
{
    const bench_set *s = &ps.set;
    int n = s->sides;
    long pairs = s->count;
    if (s->name == 'm') {
        long items = pairs * s->frames;
        auto hits = std::make_shared<long>(0);
        cases.push_back({"cached", "m", "satcd", n, items,
                         [s, hits] { return bench_satcd_motion_cached(s, hits.get()); },
                         [hits, items] { return double(*hits) / double(items); }});
        cases.push_back({"plain", "m", "satcd", n, items, [s] { return bench_satcd_motion_plain(s); }, nullptr});
        return;
    }
    std::string set(1, s->name);
    cases.push_back({"overlap", set, "satcd", n, pairs, [s] { return bench_satcd_overlap(s); }, nullptr});
    cases.push_back({"separation", set, "satcd", n, pairs, [s] { return bench_satcd_separation(s); }, nullptr});
    cases.push_back({"mtv", set, "satcd", n, pairs, [s] { return bench_satcd_mtv(s); }, nullptr});
    cases.push_back({"manifold", set, "satcd", n, pairs, [s] { return bench_satcd_manifold(s); }, nullptr});
    bench_batch *batch = &ps.batch;
    cases.push_back({"manifold_loop", set, "satcd", n, pairs, [batch] { return bench_batch_manifold_loop(batch); },
                     nullptr});
    cases.push_back({"manifold_batch", set, "satcd", n, pairs, [batch] { return bench_batch_manifold(batch); },
                     nullptr});
    cases.push_back({"overlap_loop", set, "satcd", n, pairs, [batch] { return bench_batch_overlap_loop(batch); },
                     nullptr});
    cases.push_back({"overlap_batch", set, "satcd", n, pairs, [batch] { return bench_batch_overlap(batch); },
                     nullptr});
    for (const auto &pp : ps.peers) {
        const bench_peer *p = pp.first;
        const void *prepared = pp.second;
        if (p->overlap)
            cases.push_back({"overlap", set, p->name, n, pairs, [p, prepared] { return p->overlap(prepared); }, nullptr});
        cases.push_back({"manifold", set, p->name, n, pairs, [p, prepared] { return p->manifold(prepared); }, nullptr});
    }
}

// Disagreements of one peer query with satcd over one set.
struct Agreement {
    long pairs = 0, touching = 0, real = 0;
};

// satcd's answers on pair i of a set (warm or cold), for the agreement checks.
struct SatcdAnswers {
    int count;
    std::function<float(int)> separation;
    std::function<bool(int)> overlap, manifold;
};

Agreement compare(const SatcdAnswers &s, const std::function<bool(int)> &peer, bool touching_counts)
{
    Agreement out;
    for (int i = 0; i < s.count; ++i) {
        float sep = s.separation(i);
        bool ours = touching_counts ? s.manifold(i) : s.overlap(i);
        ++out.pairs;
        if (peer(i) == ours) continue;
        if (std::fabs(sep) <= kTouchingBand) ++out.touching;
        else ++out.real;
    }
    return out;
}

// One peer's overlap and manifold queries (where it has them) against satcd's on every pair of a set named
// `set` (a, b, cold-a, ...); returns the real disagreements.
long check_peer(const SatcdAnswers &ours, const std::string &set, int sides, const char *peer,
                bool (*overlap_one)(const void *, int), bool (*manifold_one)(const void *, int), const void *prepared)
{
    struct Query { const char *name; bool (*one)(const void *, int); bool touching_counts; };
    // A manifold (Box2D, Chipmunk) reports touching pairs too, as satcd_collide_polygons does with margin 0;
    // b2TestOverlap is compared with satcd_overlap_polygons.
    const Query queries[] = {{"overlap", overlap_one, false}, {"manifold", manifold_one, true}};
    long real = 0;
    for (const Query &q : queries) {
        if (!q.one) continue;
        QuietStderr quiet(is_noisy(peer));
        Agreement a = compare(ours, [&](int i) { return q.one(prepared, i); }, q.touching_counts);
        std::printf("  set %-6s n=%-2d %-8s %-8s pairs %6ld  disagree: touching %ld, real %ld\n", set.c_str(), sides,
                    peer, q.name, a.pairs, a.touching, a.real);
        std::string key = "agreement/" + set + "/" + std::to_string(sides) + "/" + peer + "/" + q.name;
        benchmark::AddCustomContext(key, std::to_string(a.pairs) + " pairs, " + std::to_string(a.touching) +
                                             " touching, " + std::to_string(a.real) + " real");
        real += a.real;
    }
    return real;
}

// Check every peer query against satcd on every pair; returns the number of
// real disagreements (outside the touching band).
long check_agreement(const std::vector<std::unique_ptr<PreparedSet>> &sets)
{
    long real = 0;
    std::printf("peer agreement with satcd (touching band |separation| <= %g):\n", double(kTouchingBand));
    for (const auto &ps : sets) {
        const bench_set *s = &ps->set;
        SatcdAnswers ours{s->count, [s](int i) { return bench_satcd_separation_one(s, i); },
                          [s](int i) { return bench_satcd_overlap_one(s, i); },
                          [s](int i) { return bench_satcd_manifold_one(s, i); }};
        for (const auto &pp : ps->peers)
            real += check_peer(ours, std::string(1, s->name), s->sides, pp.first->name, pp.first->overlap_one,
                               pp.first->manifold_one, pp.second);
    }
    return real;
}

// ---- cold caches: a scattered pool of 200,000 polygons per set and n, pairs in random order (cold.h) ----

struct ColdSet {
    bench_cold c{};
    bench_batch batch{};  // the pool's polygons as bodies in visiting order, for the batch against the loop
    std::vector<std::pair<const bench_cold_peer *, void *>> peers;
    ColdSet(char name, int sides, int pool)
    {
        if (bench_cold_make(&c, name, sides, pool) != 0 || bench_batch_make_cold(&batch, &c) != 0 ||
            !bench_batch_agrees(&batch)) {
            std::fprintf(stderr, "error: cannot make the cold set %c for n = %d, or its batch differs from the loop\n", name, sides);
            std::exit(2);
        }
        for (const bench_cold_peer *p : compiled_peers().cold) {
            void *prepared = p->prepare(&c);
            if (prepared) peers.emplace_back(p, prepared);
        }
    }
    ~ColdSet()
    {
        for (auto &p : peers) p.first->release(p.second);
        bench_batch_free(&batch);
        bench_cold_free(&c);
    }
    ColdSet(const ColdSet &) = delete;
    ColdSet &operator=(const ColdSet &) = delete;
    std::string set() const { return std::string("cold-") + c.name; }
};

std::vector<std::unique_ptr<ColdSet>> make_cold_sets(const Options &o)
{
    std::vector<std::unique_ptr<ColdSet>> out;
    for (int n : o.cold)
        for (char name : {'a', 'b'}) out.push_back(std::make_unique<ColdSet>(name, n, o.cold_pool));
    return out;
}

void describe_cold(const std::vector<std::unique_ptr<ColdSet>> &sets)
{
    if (sets.empty()) return;
    int lines = bench_cold_lines_spanned(sizeof(satcd_polygon), alignof(satcd_polygon), 64);
    char polygon[160];
    std::snprintf(polygon, sizeof polygon, "satcd_polygon %zu bytes, aligned to %zu: at most %d cache lines of 64 bytes",
                  sizeof(satcd_polygon), alignof(satcd_polygon), lines);
    const char *flush = bench_flush_works()
                            ? "flushed from every cache before each timed pass"
                            : "not flushed (no flush instruction known here): cold only where the pool exceeds the last-level cache";
    std::printf("cold sets (a pool per set and n, shuffled slots, pairs in random order, %s; %s):\n", flush, polygon);
    benchmark::AddCustomContext("cold/polygon", polygon);
    benchmark::AddCustomContext("cold/flush", flush);
    for (const auto &cs : sets) {
        const bench_cold *c = &cs->c;
        char line[200];
        std::snprintf(line, sizeof line, "%d pairs over a pool of %d polygons (%.1f MB), overlap fraction %.4f",
                      c->count, c->pool_size, double(sizeof(satcd_polygon)) * c->pool_size / 1e6, c->overlap_fraction);
        std::printf("  set %s n=%-2d %s\n", cs->set().c_str(), c->sides, line);
        benchmark::AddCustomContext("cold/workload/" + cs->set() + "/" + std::to_string(c->sides), line);
    }
}

long check_cold_agreement(const std::vector<std::unique_ptr<ColdSet>> &sets)
{
    long real = 0;
    for (const auto &cs : sets) {
        const bench_cold *c = &cs->c;
        SatcdAnswers ours{c->count, [c](int i) { return bench_cold_satcd_separation_one(c, i); },
                          [c](int i) { return bench_cold_satcd_overlap_one(c, i); },
                          [c](int i) { return bench_cold_satcd_manifold_one(c, i); }};
        for (const auto &pp : cs->peers)
            real += check_peer(ours, cs->set(), c->sides, pp.first->name, pp.first->overlap_one, pp.first->manifold_one,
                               pp.second);
    }
    return real;
}

void add_cold_cases(const std::vector<std::unique_ptr<ColdSet>> &sets, std::vector<Case> &cases)
{
    for (const auto &cs : sets) {
        const bench_cold *c = &cs->c;
        std::string set = cs->set();
        bench_batch *batch = &cs->batch;
        auto flush = [c] { bench_cold_flush(c); };
        auto flush_batch = [batch, c] { bench_batch_flush_cold(batch, c); };
        cases.push_back({"manifold", set, "satcd", c->sides, c->count, [c] { return bench_cold_satcd_manifold(c); }, nullptr, flush});
        cases.push_back({"overlap", set, "satcd", c->sides, c->count, [c] { return bench_cold_satcd_overlap(c); }, nullptr, flush});
        cases.push_back({"manifold_loop", set, "satcd", c->sides, c->count,
                         [batch] { return bench_batch_manifold_loop(batch); }, nullptr, flush_batch});
        cases.push_back({"manifold_batch", set, "satcd", c->sides, c->count,
                         [batch] { return bench_batch_manifold(batch); }, nullptr, flush_batch});
        cases.push_back({"floor_serial", set, "memory", c->sides, c->count, [c] { return bench_cold_floor_serial(c); }, nullptr, flush});
        cases.push_back({"floor_parallel", set, "memory", c->sides, c->count, [c] { return bench_cold_floor_parallel(c); }, nullptr, flush});
        for (const auto &pp : cs->peers) {
            const bench_cold_peer *p = pp.first;
            const void *prepared = pp.second;
            auto flush_peer = [p, prepared] { p->flush(prepared); };
            if (p->overlap)
                cases.push_back({"overlap", set, p->name, c->sides, c->count, [p, prepared] { return p->overlap(prepared); }, nullptr, flush_peer});
            cases.push_back({"manifold", set, p->name, c->sides, c->count, [p, prepared] { return p->manifold(prepared); }, nullptr, flush_peer});
        }
    }
}

void describe_workload(const std::vector<std::unique_ptr<PreparedSet>> &sets)
{
    std::printf("workload (fixed seeds):\n");
    for (const auto &ps : sets) {
        const bench_set *s = &ps->set;
        char line[200];
        if (s->name == 'b')
            std::snprintf(line, sizeof line, "%d pairs, overlap fraction %.4f, MTV depth within %.2g of its target",
                          s->count, s->overlap_fraction, double(s->depth_error));
        else
            std::snprintf(line, sizeof line, "%d pairs x %d frame(s), overlap fraction %.4f (distance scale %.4f)",
                          s->count, s->frames, s->overlap_fraction, double(s->distance_scale));
        std::printf("  set %c n=%-2d %s\n", s->name, s->sides, line);
        benchmark::AddCustomContext(std::string("workload/") + s->name + "/" + std::to_string(s->sides), line);
    }
}

// The CPU model line of /proc/cpuinfo and whether it has AVX2 / AVX-512.
std::string cpu_model()
{
    std::FILE *f = std::fopen("/proc/cpuinfo", "r");
    if (!f) return "unknown";
    std::string model = "unknown", features;
    char line[4096];
    while (std::fgets(line, sizeof line, f)) {
        std::string l(line);
        auto value = [&] { return l.substr(l.find(':') + 2, l.size() - l.find(':') - 3); };
        if (model == "unknown" && l.rfind("model name", 0) == 0) model = value();
        if (features.empty() && l.rfind("flags", 0) == 0) features = " " + value() + " ";
    }
    std::fclose(f);
    std::string simd;
    for (const char *flag : {"sse4_1", "avx2", "avx512f"})
        if (features.find(std::string(" ") + flag + " ") != std::string::npos) simd += std::string(" ") + flag;
    return model + " (" + (simd.empty() ? std::string("no SSE4.1/AVX") : simd.substr(1)) + ")";
}

void describe_build()
{
    benchmark::AddCustomContext("cpu_model", cpu_model());
    benchmark::AddCustomContext("satcd_version", satcd_version());
    // A DISPATCH build is named by the backend it chose, marked as dispatched,
    // so that the report shows it beside the fixed build of that backend.
    benchmark::AddCustomContext("satcd_backend", SATCD_SIMD_DISPATCH ? std::string("dispatch-") + satcd_simd_backend()
                                                                     : std::string(satcd_simd_backend()));
    benchmark::AddCustomContext("c_compiler", SATCD_BENCH_C_COMPILER);
    benchmark::AddCustomContext("cxx_compiler", SATCD_BENCH_CXX_COMPILER);
    benchmark::AddCustomContext("build_flags", SATCD_BENCH_BUILD_FLAGS);
#ifdef SATCD_BENCH_HAVE_BOX2D
    // The package version: Box2D 2.4.1 still says 2.4.0 in b2_version.
    benchmark::AddCustomContext("box2d_version", SATCD_BENCH_BOX2D_VERSION);
#endif
#ifdef SATCD_BENCH_HAVE_CHIPMUNK
    benchmark::AddCustomContext("chipmunk_version", cpVersionString);
#endif
}

double min_of(const std::vector<double> &v) { return *std::min_element(v.begin(), v.end()); }

void register_case(const Case &c)
{
    auto *b = benchmark::RegisterBenchmark(c.name().c_str(), [c](benchmark::State &state) {
        QuietStderr quiet(is_noisy(c.impl.c_str()));
        for (auto _ : state) {
            if (c.flush) {
                state.PauseTiming();
                c.flush();
                state.ResumeTiming();
            }
            double r = c.body();
            benchmark::DoNotOptimize(r);
        }
        state.SetItemsProcessed(state.iterations() * c.items);
        state.counters["pairs"] = double(c.items);
        if (c.cache_hit_rate) state.counters["cache_hit_rate"] = c.cache_hit_rate();
    });
    b->ComputeStatistics("min", min_of);
}

// ---- capsules: satcd's capsule manifolds next to Box2D's closest equivalents ----

// Capsules made from one polygon set, with Box2D's copies when it can hold the polygons.
struct CapsuleSet {
    bench_capsule_set set{};
    void *box2d = nullptr;
    CapsuleSet(const bench_set *base, bool with_box2d)
    {
        if (bench_capsule_set_make(&set, base) != 0) {
            std::fprintf(stderr, "error: cannot make the capsules of set %c n = %d\n", base->name, base->sides);
            std::exit(2);
        }
#ifdef SATCD_BENCH_HAVE_BOX2D
        if (with_box2d) box2d = bench_box2d_capsules_prepare(&set);
#else
        (void)with_box2d;
#endif
    }
    ~CapsuleSet()
    {
#ifdef SATCD_BENCH_HAVE_BOX2D
        if (box2d) bench_box2d_capsules_release(box2d);
#endif
        bench_capsule_set_free(&set);
    }
    CapsuleSet(const CapsuleSet &) = delete;
    CapsuleSet &operator=(const CapsuleSet &) = delete;
};

// The polygon sets that get capsules: sets a and b of 4- and 8-gons (Box2D holds both).
std::vector<std::unique_ptr<CapsuleSet>> make_capsule_sets(const std::vector<std::unique_ptr<PreparedSet>> &sets)
{
    std::vector<std::unique_ptr<CapsuleSet>> out;
    for (const auto &ps : sets) {
        const bench_set *s = &ps->set;
        if ((s->name == 'a' || s->name == 'b') && (s->sides == 4 || s->sides == 8))
            out.push_back(std::make_unique<CapsuleSet>(s, true));
    }
    return out;
}

// Capsule-capsule pairs do not depend on n: they are timed on the first set of each name only.
bool first_of_its_name(const std::vector<std::unique_ptr<CapsuleSet>> &sets, size_t k)
{
    for (size_t j = 0; j < k; ++j)
        if (sets[j]->set.base->name == sets[k]->set.base->name) return false;
    return true;
}

void add_capsule_cases(const std::vector<std::unique_ptr<CapsuleSet>> &sets, std::vector<Case> &cases)
{
    for (size_t k = 0; k < sets.size(); ++k) {
        const bench_capsule_set *c = &sets[k]->set;
        const void *box2d = sets[k]->box2d;
        std::string set(1, c->base->name);
        int n = c->base->sides;
        long pairs = c->base->count;
        bool capsules = first_of_its_name(sets, k);
        cases.push_back({"capsule_manifold", set, "satcd", n, pairs, [c] { return bench_satcd_polygon_capsule_manifold(c); }, nullptr});
        if (capsules)
            cases.push_back({"capsules_manifold", set, "satcd", n, pairs, [c] { return bench_satcd_capsules_manifold(c); }, nullptr});
#ifdef SATCD_BENCH_HAVE_BOX2D
        if (!box2d) continue;
        cases.push_back({"capsule_manifold", set, "box2d_edge", n, pairs, [box2d] { return bench_box2d_edge_polygon_manifold(box2d); }, nullptr});
        cases.push_back({"capsule_manifold", set, "box2d_rounded", n, pairs, [box2d] { return bench_box2d_rounded_polygon_manifold(box2d); }, nullptr});
        if (capsules)
            cases.push_back({"capsules_manifold", set, "box2d_rounded", n, pairs, [box2d] { return bench_box2d_rounded_capsules_manifold(box2d); }, nullptr});
#else
        (void)box2d;
#endif
    }
}

// ---- compounds: the 12-piece comb against boxes ----

void add_compound_cases(const bench_compound_set *c, std::vector<Case> &cases)
{
    long pairs = c->count;
    int n = c->body.count;
    cases.push_back({"compound_overlap", "comb", "satcd", n, pairs, [c] { return bench_satcd_compound_overlap(c); }, nullptr});
    cases.push_back({"compound_mtv", "comb", "satcd", n, pairs, [c] { return bench_satcd_compound_mtv(c); }, nullptr});
    cases.push_back({"compound_manifold", "comb", "satcd", n, pairs, [c] { return bench_satcd_compound_manifold(c); }, nullptr});
}

// Where Box2D's capsule-like manifolds and satcd's differ, pair by pair.
struct CapsuleDifference {
    long pairs = 0, box2d_only = 0, satcd_only = 0;
    float widest_gap = 0.0f;    // largest satcd separation of a pair only Box2D has contacts for
    float deepest_miss = 0.0f;  // most negative satcd separation of a pair only satcd has contacts for
};

/*
 * Box2D's answers against satcd's on every capsule pair, reported and not
 * failed on: Box2D's rounded shapes keep contacts while the face separation
 * of their cores is within the radii, which a pair apart at a corner still
 * is (speculative contacts), and its edge-polygon manifold drops some pairs
 * whose clipped incident face is too short. satcd's capsule answers are
 * checked against exact geometry and GEOS by its tests.
 */
void report_capsule_agreement(const std::vector<std::unique_ptr<CapsuleSet>> &sets)
{
    for (const auto &cs : sets) {
        const bench_capsule_set *c = &cs->set;
        char line[200];
        std::snprintf(line, sizeof line, "%d pairs, overlap fraction polygon-capsule %.4f, capsule-capsule %.4f",
                      c->base->count, c->overlap_polygon_capsule, c->overlap_capsules);
        std::printf("  capsules of set %c n=%-2d %s\n", c->base->name, c->base->sides, line);
        // Keys of their own: report.py reads workload/ and agreement/ keys as the polygon sets'.
        benchmark::AddCustomContext(std::string("capsules/workload/") + c->base->name + "/" + std::to_string(c->base->sides), line);
#ifdef SATCD_BENCH_HAVE_BOX2D
        if (!cs->box2d) continue;
        struct Query {
            const char *name;
            bool (*theirs)(const void *, int);
            bool (*ours)(const bench_capsule_set *, int);
            float (*separation)(const bench_capsule_set *, int);
        };
        const Query queries[] = {
            {"box2d_edge/capsule", bench_box2d_edge_polygon_one, bench_satcd_polygon_capsule_one, bench_satcd_polygon_capsule_separation},
            {"box2d_rounded/capsule", bench_box2d_rounded_polygon_one, bench_satcd_polygon_capsule_one, bench_satcd_polygon_capsule_separation},
            {"box2d_rounded/capsules", bench_box2d_rounded_capsules_one, bench_satcd_capsules_one, bench_satcd_capsules_separation},
        };
        for (const Query &q : queries) {
            CapsuleDifference d;
            for (int i = 0; i < c->base->count; ++i) {
                ++d.pairs;
                bool theirs = q.theirs(cs->box2d, i), ours = q.ours(c, i);
                if (theirs == ours) continue;
                float sep = q.separation(c, i);
                if (theirs) ++d.box2d_only, d.widest_gap = std::max(d.widest_gap, sep);
                else ++d.satcd_only, d.deepest_miss = std::min(d.deepest_miss, sep);
            }
            char what[200];
            std::snprintf(what, sizeof what, "%ld pairs, contacts from Box2D only %ld (satcd gap up to %.3g), from satcd only %ld (depth up to %.3g)",
                          d.pairs, d.box2d_only, double(d.widest_gap), d.satcd_only, double(0.0f - d.deepest_miss));
            std::printf("  capsules of set %c n=%-2d %-22s %s\n", c->base->name, c->base->sides, q.name, what);
            benchmark::AddCustomContext(std::string("capsules/agreement/") + c->base->name + "/" + std::to_string(c->base->sides) + "/" + q.name, what);
        }
#endif
    }
}

// ---- broad phase: one frame per iteration, satcd (serial, 2 threads, rebuilt) and Box2D ----

// Frames compared pair for pair between satcd and Box2D before anything is timed.
constexpr int kBroadphaseCheckFrames = 20;

// A scene made, stepped and freed by its C functions.
template <class T, int (*make)(T *, int), void (*release)(T *), void (*advance)(T *)>
struct SceneOf {
    T s{};
    explicit SceneOf(int n)
    {
        if (make(&s, n) != 0) {
            std::fprintf(stderr, "error: cannot make a scene of %d bodies\n", n);
            std::exit(2);
        }
    }
    ~SceneOf() { release(&s); }
    SceneOf(const SceneOf &) = delete;
    SceneOf &operator=(const SceneOf &) = delete;
    void step() { advance(&s); }
};

using Scene = SceneOf<bench_bp_scene, bench_bp_scene_make, bench_bp_scene_free, bench_bp_scene_step>;
using RestScene = SceneOf<bench_bp_scene, bench_bp_scene_make_resting, bench_bp_scene_free, bench_bp_scene_step>;

// satcd's side of a frame benchmark, made and freed by its C functions.
template <class B, class S, int (*make)(B *, const S *), void (*release)(B *)>
struct SatcdOf {
    B b{};
    explicit SatcdOf(const S *s)
    {
        if (make(&b, s) != 0) {
            std::fprintf(stderr, "error: satcd setup failed\n");
            std::exit(2);
        }
    }
    ~SatcdOf() { release(&b); }
    SatcdOf(const SatcdOf &) = delete;
    SatcdOf &operator=(const SatcdOf &) = delete;
};

using Satcd = SatcdOf<bench_bp_satcd, bench_bp_scene, bench_bp_satcd_make, bench_bp_satcd_free>;

struct Pool {
    task_pool *pool;
    explicit Pool(int threads) : pool(task_pool_create(threads))
    {
        if (!pool) {
            std::fprintf(stderr, "error: cannot start %d threads\n", threads);
            std::exit(2);
        }
    }
    ~Pool() { task_pool_destroy(pool); }
    Pool(const Pool &) = delete;
    Pool &operator=(const Pool &) = delete;
};

bool same_pairs(const satcd_pair *a, const satcd_pair *b, int n)
{
    for (int i = 0; i < n; ++i)
        if (a[i].a != b[i].a || a[i].b != b[i].b) return false;
    return true;
}

// satcd serial, on 2 threads, rebuilt, and Box2D over the same frames: every list equal. Returns false on any difference.
template <class SceneT>
bool check_broadphase(int n, const char *kind)
{
    SceneT scene(n);
    Satcd serial(&scene.s), threaded(&scene.s), rebuilt(&scene.s);
    Pool pool(2);
    long pairs = 0;
    bool ok = true;
#ifdef SATCD_BENCH_HAVE_BOX2D
    bench_bp_box2d *box2d = bench_bp_box2d_make(&scene.s);
    std::vector<satcd_pair> theirs;
#endif
    for (int f = 0; f < kBroadphaseCheckFrames && ok; ++f) {
        scene.step();
        int count = bench_bp_satcd_frame(&serial.b, &scene.s, nullptr);
        ok = count >= 0 && count <= serial.b.capacity;
        ok = ok && bench_bp_satcd_frame(&threaded.b, &scene.s, task_pool_system(pool.pool)) == count &&
             same_pairs(serial.b.pairs, threaded.b.pairs, count);
        ok = ok && bench_bp_satcd_rebuild(&rebuilt.b, &scene.s) == count && same_pairs(serial.b.pairs, rebuilt.b.pairs, count);
#ifdef SATCD_BENCH_HAVE_BOX2D
        ok = ok && bench_bp_box2d_frame(box2d, &scene.s) == count;
        theirs.resize(static_cast<size_t>(count > 0 ? count : 0));
        if (ok) bench_bp_box2d_sorted(box2d, theirs.data());
        ok = ok && same_pairs(serial.b.pairs, theirs.data(), count);
#endif
        pairs += count;
    }
#ifdef SATCD_BENCH_HAVE_BOX2D
    bench_bp_box2d_free(box2d);
#endif
    char line[200];
    std::snprintf(line, sizeof line, "%d boxes, %d moving, %d frames, %.2f pairs per box per frame, lists %s", n,
                  scene.s.moving, kBroadphaseCheckFrames, double(pairs) / kBroadphaseCheckFrames / n, ok ? "equal" : "DIFFER");
    std::printf("  %s %s\n", kind, line);
    benchmark::AddCustomContext(std::string(kind) + "/" + std::to_string(n), line);
    return ok;
}

// One frame per iteration of a scene (Scene or PipeScene): the scene steps, then the runner
// made by frame(&scene.s) runs; "pairs" is the mean of what the runner returns. The first
// `warmup` frames run untimed, so that every run times frames past the same start.
template <class SceneT, class Frame>
void register_frame_case(const std::string &kind, int n, const std::string &impl, Frame frame, int warmup = 0)
{
    std::string name = kind + "/" + std::to_string(n) + "/" + impl;
    auto *b = benchmark::RegisterBenchmark(name.c_str(), [n, frame, warmup](benchmark::State &state) {
        SceneT scene(n);
        auto runner = frame(&scene.s);
        for (int f = 0; f < warmup; ++f) {
            scene.step();
            benchmark::DoNotOptimize(runner->run(&scene.s));
        }
        long pairs = 0;
        for (auto _ : state) {
            scene.step();
            int count = runner->run(&scene.s);
            benchmark::DoNotOptimize(count);
            pairs += count;
        }
        state.SetItemsProcessed(state.iterations() * n);
        state.counters["boxes"] = n;
        state.counters["pairs"] = state.iterations() ? double(pairs) / double(state.iterations()) : 0.0;
    });
    b->Unit(benchmark::kMillisecond);
    b->ComputeStatistics("min", min_of);
}

template <class Frame>
void register_broadphase_case(int n, const std::string &impl, Frame frame)
{
    register_frame_case<Scene>("broadphase", n, impl, frame);
}

struct SatcdRunner {
    Satcd satcd;
    std::unique_ptr<Pool> pool;
    bool rebuild;
    SatcdRunner(const bench_bp_scene *s, int threads, bool rebuild_each_frame)
        : satcd(s), pool(threads > 1 ? std::make_unique<Pool>(threads) : nullptr), rebuild(rebuild_each_frame)
    {
    }
    int run(const bench_bp_scene *s)
    {
        if (rebuild) return bench_bp_satcd_rebuild(&satcd.b, s);
        return bench_bp_satcd_frame(&satcd.b, s, pool ? task_pool_system(pool->pool) : nullptr);
    }
};

// A peer's side of a frame benchmark, made, run and freed by its C functions.
template <class S, class P, P *(*make)(const S *), void (*release)(P *), int (*frame)(P *, const S *)>
struct PeerRunner {
    P *b;
    explicit PeerRunner(const S *s) : b(make(s)) {}
    ~PeerRunner() { release(b); }
    PeerRunner(const PeerRunner &) = delete;
    PeerRunner &operator=(const PeerRunner &) = delete;
    int run(const S *s) { return frame(b, s); }
};

#ifdef SATCD_BENCH_HAVE_BOX2D
using Box2dRunner = PeerRunner<bench_bp_scene, bench_bp_box2d, bench_bp_box2d_make, bench_bp_box2d_free, bench_bp_box2d_frame>;
#endif

void register_broadphase(const std::vector<int> &sizes)
{
    for (int n : sizes) {
        register_broadphase_case(n, "satcd", [](const bench_bp_scene *s) { return std::make_unique<SatcdRunner>(s, 1, false); });
        register_broadphase_case(n, "satcd_2threads", [](const bench_bp_scene *s) { return std::make_unique<SatcdRunner>(s, 2, false); });
        register_broadphase_case(n, "satcd_rebuild", [](const bench_bp_scene *s) { return std::make_unique<SatcdRunner>(s, 1, true); });
#ifdef SATCD_BENCH_HAVE_BOX2D
        register_broadphase_case(n, "box2d", [](const bench_bp_scene *s) { return std::make_unique<Box2dRunner>(s); });
#endif
    }
    // The scene at rest: 1 box in 100 moving.
    for (int n : sizes) {
        register_frame_case<RestScene>("broadphase_rest", n, "satcd",
                                       [](const bench_bp_scene *s) { return std::make_unique<SatcdRunner>(s, 1, false); });
#ifdef SATCD_BENCH_HAVE_BOX2D
        register_frame_case<RestScene>("broadphase_rest", n, "box2d",
                                       [](const bench_bp_scene *s) { return std::make_unique<Box2dRunner>(s); });
#endif
    }
}

// ---- pipeline: broad phase and a manifold for every candidate pair, satcd (serial, 2 threads) and Box2D ----

constexpr int kPipelineCheckFrames = 10;
// Untimed frames before each pipeline run: a fat-box tree does little in the first frames after
// it is built, while the bodies are still inside their fat boxes; half a second of scene time
// brings every implementation to the cost it keeps.
constexpr int kPipelineWarmupFrames = 30;

using PipeScene = SceneOf<bench_pipe_scene, bench_pipe_scene_make, bench_pipe_scene_free, bench_pipe_scene_step>;

struct PipeSatcdRunner {
    SatcdOf<bench_pipe_satcd, bench_pipe_scene, bench_pipe_satcd_make, bench_pipe_satcd_free> satcd;
    std::unique_ptr<Pool> pool;
    PipeSatcdRunner(const bench_pipe_scene *s, int threads)
        : satcd(s), pool(threads > 1 ? std::make_unique<Pool>(threads) : nullptr)
    {
    }
    int run(const bench_pipe_scene *s)
    {
        return bench_pipe_satcd_frame(&satcd.b, s, pool ? task_pool_system(pool->pool) : nullptr);
    }
};

// The scene step alone (every body moved, turned and boxed), which every pipeline case includes.
struct PipeStepRunner {
    explicit PipeStepRunner(const bench_pipe_scene *) {}
    int run(const bench_pipe_scene *) { return 0; }
};

// The broad phase alone on the pipeline's scene: the candidate pairs, no manifold.
struct PipeBroadRunner {
    Satcd satcd;
    explicit PipeBroadRunner(const bench_pipe_scene *s) : satcd(&s->bp) {}
    int run(const bench_pipe_scene *s) { return bench_bp_satcd_frame(&satcd.b, &s->bp, nullptr); }
};

#ifdef SATCD_BENCH_HAVE_BOX2D
using PipeBox2dRunner =
    PeerRunner<bench_pipe_scene, bench_pipe_box2d, bench_pipe_box2d_make, bench_pipe_box2d_free, bench_pipe_box2d_frame>;

struct PipeBox2dBroadRunner {
    Box2dRunner box2d;
    explicit PipeBox2dBroadRunner(const bench_pipe_scene *s) : box2d(&s->bp) {}
    int run(const bench_pipe_scene *s) { return box2d.run(&s->bp); }
};
#endif

// The pairs in one of two sorted lists only, split by satcd's separation: within kTouchingBand of
// touching (grazing, where the libraries' roundings decide) or not (real).
void count_differences(const bench_pipe_scene *s, const std::vector<satcd_pair> &ours, const std::vector<satcd_pair> &theirs,
                       long *grazing, long *real)
{
    auto less = [](satcd_pair p, satcd_pair q) { return p.a != q.a ? p.a < q.a : p.b < q.b; };
    std::vector<satcd_pair> only;
    std::set_symmetric_difference(ours.begin(), ours.end(), theirs.begin(), theirs.end(), std::back_inserter(only), less);
    for (satcd_pair p : only) {
        float sep = satcd_separation_polygons(&s->shape[p.a], s->xf[p.a], &s->shape[p.b], s->xf[p.b]);
        ++*(std::fabs(sep) <= kTouchingBand ? grazing : real);
    }
}

// satcd serial, on 2 threads, and Box2D over the same frames: satcd's counts equal on every frame,
// and Box2D's touching pairs the same as satcd's but for grazing ones. Returns false otherwise.
bool check_pipeline(int n)
{
    PipeScene scene(n);
    PipeSatcdRunner serial(&scene.s, 1), threaded(&scene.s, 2);
    long touching = 0, candidates = 0, grazing = 0, real = 0;
    bool ok = true;
#ifdef SATCD_BENCH_HAVE_BOX2D
    PipeBox2dRunner box2d(&scene.s);
    std::vector<satcd_pair> ours, theirs;
#endif
    for (int f = 0; f < kPipelineCheckFrames && ok; ++f) {
        scene.step();
        int count = serial.run(&scene.s);
        ok = count >= 0 && threaded.run(&scene.s) == count;
#ifdef SATCD_BENCH_HAVE_BOX2D
        int box2d_count = box2d.run(&scene.s);
        ours.resize(static_cast<size_t>(ok ? count : 0));
        theirs.resize(static_cast<size_t>(box2d_count));
        bench_pipe_satcd_touching(&serial.satcd.b, ours.data());
        bench_pipe_box2d_touching(box2d.b, theirs.data());
        count_differences(&scene.s, ours, theirs, &grazing, &real);
        ok = ok && real == 0;
#endif
        touching += count;
        candidates += serial.satcd.b.bp.count;
    }
    char line[240];
    std::snprintf(line, sizeof line,
                  "%d bodies, %d frames, %.2f candidate and %.2f touching pairs per body per frame, "
                  "Box2D's touching pairs differ in %ld grazing and %ld other pairs: %s",
                  n, kPipelineCheckFrames, double(candidates) / kPipelineCheckFrames / n,
                  double(touching) / kPipelineCheckFrames / n, grazing, real, ok ? "agree" : "DIFFER");
    std::printf("  pipeline %s\n", line);
    benchmark::AddCustomContext("pipeline/" + std::to_string(n), line);
    return ok;
}

template <class Runner>
void register_pipeline_case(int n, const std::string &impl, int threads = 1)
{
    register_frame_case<PipeScene>(
        "pipeline", n, impl,
        [threads](const bench_pipe_scene *s) {
            if constexpr (std::is_same_v<Runner, PipeSatcdRunner>) return std::make_unique<Runner>(s, threads);
            else {
                (void)threads;  // only the satcd runner takes a thread count
                return std::make_unique<Runner>(s);
            }
        },
        kPipelineWarmupFrames);
}

void register_pipeline(const std::vector<int> &sizes)
{
    for (int n : sizes) {
        register_pipeline_case<PipeSatcdRunner>(n, "satcd");
        register_pipeline_case<PipeSatcdRunner>(n, "satcd_2threads", 2);
        register_pipeline_case<PipeStepRunner>(n, "scene_step");
        register_pipeline_case<PipeBroadRunner>(n, "satcd_broad");
#ifdef SATCD_BENCH_HAVE_BOX2D
        register_pipeline_case<PipeBox2dRunner>(n, "box2d");
        register_pipeline_case<PipeBox2dBroadRunner>(n, "box2d_broad");
#endif
    }
}

}  // namespace

// The only region valgrind --toggle-collect=bench_callgrind_region counts.
extern "C" __attribute__((noinline)) double bench_callgrind_region(const std::function<double()> *body)
{
    return (*body)();
}

namespace {

int run_callgrind(const Options &o)
{
    std::string spec = o.callgrind;
    for (char &ch : spec) ch = ch == ':' ? ' ' : ch;
    std::stringstream in(spec);
    std::string query, set, impl;
    int sides = 0;
    in >> query >> set >> sides >> impl;
    if (set.size() != 1 || sides < 3) {
        std::fprintf(stderr, "error: --callgrind=QUERY:SET:N:LIB, e.g. manifold:a:8:box2d\n");
        return 2;
    }
    int pairs = set == "m" ? BENCH_MOTION_PAIRS : o.pairs;
    auto ps = make_set(set[0], sides, pairs, impl != "satcd");
    std::vector<Case> cases;
    add_cases(*ps, cases);
    for (const Case &c : cases) {
        if (c.query != query || c.impl != impl) continue;
        double r;
        {
            QuietStderr quiet(is_noisy(c.impl.c_str()));
            r = bench_callgrind_region(&c.body);
        }
        std::printf("callgrind %s items %ld checksum %g backend %s\n", c.name().c_str(), c.items, r,
                    satcd_simd_backend());
        return 0;
    }
    std::fprintf(stderr, "error: no benchmark %s\n", o.callgrind.c_str());
    return 2;
}

}  // namespace

int main(int argc, char **argv)
{
    Options o = take_options(&argc, argv);
    if (!o.callgrind.empty()) return run_callgrind(o);

    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
    describe_build();

    std::vector<std::unique_ptr<PreparedSet>> sets;
    for (int n : o.sides) {
        sets.push_back(make_set('a', n, o.pairs, true));
        sets.push_back(make_set('b', n, o.pairs, true));
        if (!o.check_only) sets.push_back(make_set('m', n, BENCH_MOTION_PAIRS, false));
    }
    describe_workload(sets);
    long real = check_agreement(sets);
    auto cold_sets = make_cold_sets(o);
    describe_cold(cold_sets);
    real += check_cold_agreement(cold_sets);
    std::printf("capsules (Box2D: b2CollideEdgeAndPolygon with a rounded edge, b2CollidePolygons with rounded slabs):\n");
    auto capsule_sets = make_capsule_sets(sets);
    report_capsule_agreement(capsule_sets);
    if (real > 0) {
        std::fprintf(stderr, "error: %ld real disagreements with a peer library\n", real);
        return 1;
    }
    std::printf("broad-phase pair lists (satcd serial, 2 threads, rebuilt, Box2D) frame by frame:\n");
    for (int n : o.broadphase) {
        if (!check_broadphase<Scene>(n, "broadphase") || !check_broadphase<RestScene>(n, "broadphase_rest")) {
            std::fprintf(stderr, "error: broad-phase pair lists differ at %d boxes\n", n);
            return 1;
        }
    }
    std::printf("pipeline touching-pair counts (satcd serial, 2 threads, Box2D) frame by frame:\n");
    for (int n : o.pipeline) {
        if (!check_pipeline(n)) {
            std::fprintf(stderr, "error: pipeline touching-pair counts differ at %d bodies\n", n);
            return 1;
        }
    }
    if (o.check_only) return 0;

    std::vector<Case> cases;
    for (const auto &ps : sets) add_cases(*ps, cases);
    add_cold_cases(cold_sets, cases);
    add_capsule_cases(capsule_sets, cases);
    bench_compound_set comb;
    if (bench_compound_set_make(&comb, 2000) != 0) {
        std::fprintf(stderr, "error: cannot make the compound set\n");
        return 2;
    }
    std::printf("compound: a comb of %d pieces against %d boxes, overlap fraction %.4f\n", comb.body.count, comb.count,
                comb.overlap);
    add_compound_cases(&comb, cases);
    for (const Case &c : cases) register_case(c);
    register_broadphase(o.broadphase);
    register_pipeline(o.pipeline);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    bench_compound_set_free(&comb);
    return 0;
}
