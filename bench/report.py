#!/usr/bin/env python3
"""Benchmark report: Markdown tables and an SVG bar chart from Google Benchmark JSON.

Takes one JSON file per satcd build (one SIMD backend each, written by
satcd_bench --benchmark_out=FILE --benchmark_out_format=json) and, if given,
the instruction counts of callgrind.py. Writes one table per query and set:
ns per pair for every backend, the peers (Box2D 2.4, Chipmunk 7) and the
speed-up of satcd over each peer. Every ratio divides two timings of the same
run (same binary, same minute), so machine noise shared by both cancels.

The headline is the cold-cache mode (bench/cold.h: pairs drawn from a
scattered pool of 200,000 polygons per n, flushed from every cache before
each timed pass), beside the warm sets a and b of the same shapes and placements.

Timing: the "min" aggregate of the repetitions when present, else the median,
else the mean of the plain runs; CPU time divided by the pairs per iteration.

The generated text replaces what lies between the markers
<!-- report:begin --> and <!-- report:end --> of the output file, so the
hand-written text around them survives a rerun; an existing file without
the markers is refused, a new file gets only the report.

usage: report.py RUN.json [RUN.json ...] --out docs/benchmarks.md
                 [--svg docs/images/benchmarks.svg] [--callgrind CG.json]
"""
import argparse
import datetime
import json
import os
import re
import sys

BEGIN, END = "<!-- report:begin -->", "<!-- report:end -->"
QUERIES = ["overlap", "manifold", "mtv", "separation"]
PEERS = [("box2d", "Box2D 2.4"), ("chipmunk", "Chipmunk 7")]
TIME_SCALE = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
SET_TITLES = {
    "a": "set a (about 30% of the pairs overlap)",
    "b": "set b (every pair overlaps, MTV depth 0.01 to 0.25)",
}
COLD_TITLES = {"cold-a": "cold set a (placed as set a)", "cold-b": "cold set b (placed as set b)"}
# Speed-up targets: (query, set, n, peer) -> minimum ratio per backend kind.
TARGETS = [
    ("manifold", "a", 8, "box2d", "satcd_collide_polygons vs b2CollidePolygons"),
    ("manifold", "b", 8, "box2d", "satcd_collide_polygons vs b2CollidePolygons"),
    ("overlap", "a", 8, "box2d", "satcd_overlap_polygons vs b2TestOverlap"),
    ("overlap", "b", 8, "box2d", "satcd_overlap_polygons vs b2TestOverlap"),
]


def target_for(query, backend):
    if query == "overlap":
        return 5.0
    return 1.5 if backend == "scalar" else 3.0


class Run:
    """One JSON file: its context and ns per pair of every benchmark."""

    def __init__(self, path):
        with open(path) as f:
            data = json.load(f)
        self.path = path
        self.context = data.get("context", {})
        self.backend = self.context.get("satcd_backend", os.path.basename(path))
        self.statistic = None
        self.ns = {}        # (query, set, n, impl) -> ns per pair
        self.counters = {}  # (query, set, n, impl) -> benchmark entry
        self.repetitions = 1
        chosen = {}
        rank = {"min": 0, "median": 1, "": 2}
        for b in data.get("benchmarks", []):
            agg = b.get("aggregate_name", "") if b.get("run_type") == "aggregate" else ""
            if agg not in rank:
                continue
            name = b.get("run_name", b["name"])
            parts = name.split("/")
            if len(parts) != 4:
                continue
            key = (parts[0], parts[1], int(parts[2]), parts[3])
            pairs = float(b.get("pairs", 0)) or 1.0
            ns = float(b["cpu_time"]) * TIME_SCALE.get(b.get("time_unit", "ns"), 1.0) / pairs
            self.repetitions = max(self.repetitions, int(b.get("repetitions", 1)))
            if agg == "":
                # Plain runs: average the repetitions that were reported.
                prev = chosen.get(key)
                if prev and prev[0] == rank[""]:
                    n = prev[2] + 1
                    chosen[key] = (rank[""], (prev[1] * prev[2] + ns) / n, n, b)
                elif not prev:
                    chosen[key] = (rank[""], ns, 1, b)
                continue
            if key not in chosen or rank[agg] < chosen[key][0]:
                chosen[key] = (rank[agg], ns, 1, b)
        names = {0: "min", 1: "median", 2: "mean"}
        for key, (r, ns, _, b) in chosen.items():
            self.ns[key] = ns
            self.counters[key] = b
            self.statistic = names[r] if self.statistic is None else self.statistic
        if not self.ns:
            raise SystemExit(f"{path}: no satcd_bench results")

    def sides(self):
        # Polygon sizes of the polygon sets; the compound set's count of pieces is no polygon size.
        return sorted({k[2] for k in self.ns if k[1] in SET_TITLES})


def fmt_ns(v):
    if v is None:
        return "-"
    return f"{v:.1f}" if v < 100 else f"{v:.0f}"


def fmt_ratio(num, den):
    if num is None or den is None or den == 0:
        return "-"
    return f"{num / den:.2f}x"


def machine_section(runs, callgrind):
    c = runs[0].context
    lines = [
        f"- Date of the report: {datetime.datetime.utcnow().strftime('%Y-%m-%d %H:%M UTC')}; "
        f"runs from {', '.join(sorted({r.context.get('date', '?')[:16] for r in runs}))}",
        f"- CPU: {c.get('cpu_model', 'unknown')}, {c.get('num_cpus', '?')} logical CPUs"
        f" at {c.get('mhz_per_cpu', '?')} MHz (as reported), host {c.get('host_name', '?')}",
        f"- Compilers: C {c.get('c_compiler', '?')}, C++ {c.get('cxx_compiler', '?')};"
        f" satcd build {c.get('build_flags', '?').strip()}",
        f"- satcd {c.get('satcd_version', '?')}, backends: "
        + ", ".join(f"`{r.backend}` ({os.path.basename(r.path)})" for r in runs),
        f"- Peers: Box2D {c.get('box2d_version', 'not built')} and Chipmunk {c.get('chipmunk_version', 'not built')}"
        " (Debian packages, as shipped)",
        f"- Statistic: {runs[0].statistic} of {runs[0].repetitions} repetition(s), CPU time per pair",
    ]
    if callgrind:
        lines.append("- Instruction counts: valgrind --tool=callgrind, builds without AVX-512 flags"
                     " (SIMD flags: at most -mavx2)")
    return "\n".join(lines)


def peer_table(runs, query, set_name, sides):
    backends = [r.backend for r in runs]
    head = ["n"] + [f"satcd {b}" for b in backends]
    head += [name for _, name in PEERS]
    for peer, name in PEERS:
        head += [f"vs {name.split()[0]} ({b})" for b in backends]
    rows = ["| " + " | ".join(head) + " |", "|" + "---:|" * len(head)]
    for n in sides:
        row = [str(n)]
        row += [fmt_ns(r.ns.get((query, set_name, n, "satcd"))) for r in runs]
        for peer, _ in PEERS:
            row.append(fmt_ns(peer_ns(runs[0], query, set_name, n, peer)))
        for peer, _ in PEERS:
            for r in runs:
                row.append(fmt_ratio(peer_ns(r, query, set_name, n, peer), r.ns.get((query, set_name, n, "satcd"))))
        rows.append("| " + " | ".join(row) + " |")
    return "\n".join(rows)


def peer_ns(run, query, set_name, n, peer):
    """A peer's time; Chipmunk's one query (cpShapesCollide) also stands for overlap."""
    v = run.ns.get((query, set_name, n, peer))
    if v is None and peer == "chipmunk" and query == "overlap":
        v = run.ns.get(("manifold", set_name, n, peer))
    return v


def cold_sides(runs):
    return sorted({k[2] for r in runs for k in r.ns if k[1] in COLD_TITLES})


def cold_ratio_table(runs, sides, query, satcd_query=None):
    """Box2D time / satcd time of a query per n (satcd's by satcd_query, default the same): cold and warm, sets a
    and b, every backend."""
    satcd_query = satcd_query or query
    sets = [("cold-a", "cold a"), ("cold-b", "cold b"), ("a", "warm a"), ("b", "warm b")]
    head = ["n"] + [f"{label} ({r.backend})" for r in runs for _, label in sets]
    rows = ["| " + " | ".join(head) + " |", "|" + "---:|" * len(head)]
    for n in sides:
        row = [str(n)]
        for r in runs:
            row += [fmt_ratio(r.ns.get((query, s, n, "box2d")), r.ns.get((satcd_query, s, n, "satcd")))
                    for s, _ in sets]
        rows.append("| " + " | ".join(row) + " |")
    return "\n".join(rows)


def cold_workload(runs):
    """One line per cold set: its pool, and the overlap fraction at every n."""
    c = runs[0].context
    out = [f"- {c['cold/polygon']}" if "cold/polygon" in c else None]
    for s in COLD_TITLES:
        keys = sorted((k for k in c if k.startswith(f"cold/workload/{s}/")), key=lambda k: int(k.split("/")[-1]))
        if not keys:
            continue
        pool = c[keys[0]].split(", overlap fraction")[0]
        fractions = ", ".join(f"n={k.split('/')[-1]}: {c[k].split('overlap fraction ')[-1]}" for k in keys)
        out.append(f"- {s}: {pool}; overlap fraction {fractions}")
    return "\n".join(x for x in out if x)


def cold_section(runs):
    sides = cold_sides(runs)
    if not sides:
        return []
    parts = ["## Cold caches against warm: Box2D 2.4 time / satcd time", "",
             "Above 1: satcd is faster; the two times of a ratio come from the same process. Cold: every pair's "
             "polygons are read from memory (a scattered pool, flushed from every cache before each pass), the pairs in random "
             "order; warm: sets a and b of 20,000 pairs, read in order.", "",
             "### Contact manifold (`satcd_collide_polygons` vs `b2CollidePolygons`)", "",
             cold_ratio_table(runs, sides, "manifold"), "",
             "### Batch contact manifold (`satcd_batch_collide_polygons`, per pair, vs `b2CollidePolygons`)", "",
             "The pairs as a scene's narrow phase hands them over: index pairs into arrays of shape pointers and "
             "transforms; the batch fetches the pairs ahead, which a single-pair call cannot.", "",
             cold_ratio_table(runs, sides, "manifold", "manifold_batch"), "",
             "### Overlap (`satcd_overlap_polygons` vs `b2TestOverlap`)", "",
             cold_ratio_table(runs, sides, "overlap"), "", cold_workload(runs), ""]
    for s in COLD_TITLES:
        parts += [f"### Contact manifold, {COLD_TITLES[s]}, ns per pair", "",
                  peer_table(runs, "manifold", s, sides), ""]
    return parts


def satcd_only_table(runs, sides):
    backends = [r.backend for r in runs]
    head = ["n"]
    for q in ("mtv", "separation"):
        for s in ("a", "b"):
            head += [f"{q} {s} ({b})" for b in backends]
    rows = ["| " + " | ".join(head) + " |", "|" + "---:|" * len(head)]
    for n in sides:
        row = [str(n)]
        for q in ("mtv", "separation"):
            for s in ("a", "b"):
                row += [fmt_ns(r.ns.get((q, s, n, "satcd"))) for r in runs]
        rows.append("| " + " | ".join(row) + " |")
    return "\n".join(rows)


def motion_table(runs, sides):
    """One row per n: the cache hit rate (the same bits on every backend), then each backend's times."""
    backends = [r.backend for r in runs]
    head = ["n", "cache hit rate"]
    for b in backends:
        head += [f"cached ({b})", f"plain ({b})", f"plain / cached ({b})"]
    rows = ["| " + " | ".join(head) + " |", "|" + "---:|" * len(head)]
    for n in sides:
        times = [(r.ns.get(("cached", "m", n, "satcd")), r.ns.get(("plain", "m", n, "satcd"))) for r in runs]
        if all(c is None and p is None for c, p in times):
            continue
        hit = next((r.counters[k]["cache_hit_rate"] for r in runs for k in [("cached", "m", n, "satcd")]
                    if "cache_hit_rate" in r.counters.get(k, {})), None)
        row = [str(n), f"{100 * float(hit):.1f}%" if hit is not None else "-"]
        for cached, plain in times:
            row += [fmt_ns(cached), fmt_ns(plain), fmt_ratio(plain, cached)]
        rows.append("| " + " | ".join(row) + " |")
    return "\n".join(rows)


def targets_section(runs):
    rows = ["| target | set | backend | speed-up | goal | met |", "|---|---|---|---:|---:|---|"]
    for query, set_name, n, peer, label in TARGETS:
        for r in runs:
            ours, theirs = r.ns.get((query, set_name, n, "satcd")), r.ns.get((query, set_name, n, peer))
            if ours is None or theirs is None:
                continue
            goal = target_for(query, r.backend)
            ratio = theirs / ours
            rows.append(f"| {label}, n={n} | {set_name} | {r.backend} | {ratio:.2f}x | {goal:.1f}x | "
                        f"{'yes' if ratio >= goal else '**no**'} |")
    return "\n".join(rows)


def agreement_section(runs):
    """One row per set, peer and query; one column per n: disagreements, touching / real."""
    c = runs[0].context
    counts, pairs = {}, set()
    for k in c:
        if not k.startswith("agreement/"):
            continue
        _, s, n, peer, query = k.split("/")
        m = re.match(r"(\d+) pairs, (\d+) touching, (\d+) real", c[k])
        if m:
            counts[(s, peer, query, int(n))] = f"{m.group(2)} / {m.group(3)}"
            pairs.add(m.group(1))
    if not counts:
        return "(no peer was built)"
    sides = sorted({k[3] for k in counts})
    lines = [f"Disagreements with satcd out of {' / '.join(sorted(pairs))} pairs per n: touching "
             "(satcd's separation within 1e-4 of zero) / real (any real one fails the run).", "",
             "| set | peer | query | " + " | ".join(f"n={n}" for n in sides) + " |",
             "|---|---|---|" + "---:|" * len(sides)]
    for s, peer, query in sorted({k[:3] for k in counts}):
        lines.append(f"| {s} | {peer} | {query} | "
                     + " | ".join(counts.get((s, peer, query, n), "-") for n in sides) + " |")
    return "\n".join(lines)


def workload_section(runs):
    """One line per set: what its pairs are at every n, "n=3: ...; n=4: ..."."""
    c = runs[0].context
    # workload/<set>/<n> for the polygon sets, workload/<kind>/<set>/<n> for the sets built from them (capsules).
    keys = sorted((k.split("/") for k in c if k.startswith("workload/")),
                  key=lambda p: (len(p), p[-3] if len(p) > 3 else "", p[-2], int(p[-1])))
    lines = {}
    for p in keys:
        label = f"{p[1] + ' of ' if len(p) > 3 else ''}set {p[-2]}"
        lines.setdefault(label, []).append(f"n={p[-1]}: {c['/'.join(p)]}")
    return "\n".join(f"- {label}: {'; '.join(items)}" for label, items in lines.items())


def callgrind_section(callgrind):
    """Instructions per pair: satcd per backend, each peer, and peer / satcd."""
    backends = []
    for e in callgrind:
        if e["impl"] == "satcd" and e.get("backend", "?") not in backends:
            backends.append(e.get("backend", "?"))
    value = {}
    rows_keys = []
    for e in callgrind:
        key = (e["query"], e["set"], e["sides"])
        if key not in rows_keys:
            rows_keys.append(key)
        col = ("satcd", e.get("backend", "?")) if e["impl"] == "satcd" else (e["impl"], None)
        value[key + col] = e["per_pair"]
    head = ["query", "set", "n"] + [f"satcd {b}" for b in backends] + [name for _, name in PEERS]
    for _, name in PEERS:
        head += [f"{name.split()[0]} / satcd {b}" for b in backends]
    rows = ["| " + " | ".join(head) + " |", "|---|---|" + "---:|" * (len(head) - 2)]
    fmt = lambda v: "-" if v is None else f"{v:.0f}"
    for key in rows_keys:
        row = [key[0], key[1], str(key[2])]
        row += [fmt(value.get(key + ("satcd", b))) for b in backends]
        row += [fmt(value.get(key + (peer, None))) for peer, _ in PEERS]
        for peer, _ in PEERS:
            row += [fmt_ratio(value.get(key + (peer, None)), value.get(key + ("satcd", b))) for b in backends]
        rows.append("| " + " | ".join(row) + " |")
    return "\n".join(rows)


def svg_chart(runs, sides):
    """Grouped horizontal bars of ns per pair: overlap a/b and manifold a at n = 8, then manifold b for every n."""
    n8 = 8 if 8 in sides else sides[-1]
    series = [(f"satcd {r.backend}", r, "satcd") for r in runs] + [(name, runs[0], peer) for peer, name in PEERS]
    palette = ["#1f6feb", "#2da44e", "#8250df", "#cf222e", "#bf8700", "#6e7781"]
    groups = []
    for query, s in (("overlap", "a"), ("overlap", "b"), ("manifold", "a")):
        groups.append((f"{query} {s}, n={n8}", [(lab, peer_ns(r, query, s, n8, impl) if impl != "satcd"
                                                 else r.ns.get((query, s, n8, "satcd"))) for lab, r, impl in series]))
    for n in sides:
        groups.append((f"manifold b, n={n}", [(lab, peer_ns(r, "manifold", "b", n, impl) if impl != "satcd"
                                               else r.ns.get(("manifold", "b", n, "satcd"))) for lab, r, impl in series]))
    vmax = max((v for _, bars in groups for _, v in bars if v is not None), default=1.0)
    bar_h, gap, left, width = 11, 12, 150, 520
    legend_h = 22 * ((len(series) + 2) // 3) + 10
    height = 40 + legend_h + sum(len(bars) * bar_h + gap for _, bars in groups) + 30
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 90}" height="{height}" '
           f'font-family="sans-serif" font-size="11">',
           f'<rect width="100%" height="100%" fill="white"/>',
           f'<text x="10" y="20" font-size="14" font-weight="bold">ns per pair, lower is better '
           f'({runs[0].statistic} of repetitions; Chipmunk: cpShapesCollide for both queries)</text>']
    for i, (label, _, _) in enumerate(series):
        x, y = 10 + (i % 3) * 230, 38 + (i // 3) * 22
        out.append(f'<rect x="{x}" y="{y - 10}" width="12" height="12" fill="{palette[i % len(palette)]}"/>')
        out.append(f'<text x="{x + 18}" y="{y}">{label}</text>')
    y = 40 + legend_h
    for label, bars in groups:
        out.append(f'<text x="{left - 8}" y="{y + len(bars) * bar_h / 2 + 4:.0f}" text-anchor="end">{label}</text>')
        for i, (_, v) in enumerate(bars):
            if v is not None:
                w = max(1.0, width * v / vmax)
                out.append(f'<rect x="{left}" y="{y}" width="{w:.1f}" height="{bar_h - 2}" '
                           f'fill="{palette[i % len(palette)]}"/>')
                out.append(f'<text x="{left + w + 4:.1f}" y="{y + bar_h - 3}">{fmt_ns(v)}</text>')
            else:
                out.append(f'<text x="{left + 4}" y="{y + bar_h - 3}" fill="#6e7781">n/a</text>')
            y += bar_h
        y += gap
    out.append(f'<line x1="{left}" y1="{40 + legend_h - 4}" x2="{left}" y2="{y}" stroke="#444"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def report(runs, callgrind, svg_rel):
    sides = sorted(set().union(*(set(r.sides()) for r in runs)))
    parts = ["## Machine and build", "", machine_section(runs, callgrind), "",
             *cold_section(runs),
             "## Speed-up targets (8-gons), this run", "",
             "One process per backend: a single sample of ratios that move from process to process "
             "(`bench/spread.py` gives the median over several).", "", targets_section(runs), ""]
    if svg_rel:
        parts += [f"![ns per pair]({svg_rel})", ""]
    for query, title in (("overlap", "Overlap (boolean)"), ("manifold", "Contact manifold")):
        for s in ("a", "b"):
            parts += [f"## {title}, {SET_TITLES[s]}", "", "ns per pair; `vs` columns: peer time / satcd time "
                      "(above 1: satcd is faster), both measured in the same run; the peer columns show the first "
                      "run's figures. Box2D 2.4 holds at most 8 vertices: no Box2D figure for n = 16."
                      + (" Chipmunk has no boolean-only query: its column is cpShapesCollide."
                         if query == "overlap" else ""), "",
                      peer_table(runs, query, s, sides), ""]
    parts += ["## satcd only: MTV and separation (ns per pair)", "", satcd_only_table(runs, sides), "",
              "## Axis cache on a slowly moving sequence (2,000 pairs, 300 frames)", "",
              motion_table(runs, sides), ""]
    if callgrind:
        pairs = sorted({e["pairs"] for e in callgrind})
        parts += ["## Instructions per pair (callgrind, repeatable)", "",
                  f"Instructions executed by one pass of the query over a set of "
                  f"{' / '.join(str(p) for p in pairs)} pairs generated like the timed ones (same seeds; set a "
                  f"recalibrated to 30% overlap on those pairs), divided by the pairs.", "",
                  callgrind_section(callgrind), ""]
    parts += ["## Peer agreement on every pair", "", agreement_section(runs), "",
              "## Workload", "", workload_section(runs), ""]
    return "\n".join(parts)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("runs", nargs="+", help="satcd_bench JSON output, one per backend build")
    ap.add_argument("--out", required=True, help="Markdown file to write (between the report markers if present)")
    ap.add_argument("--svg", help="SVG chart to write")
    ap.add_argument("--callgrind", help="JSON written by callgrind.py")
    args = ap.parse_args()

    runs = [Run(p) for p in args.runs]
    callgrind = None
    if args.callgrind:
        with open(args.callgrind) as f:
            callgrind = json.load(f)["callgrind"]
    svg_rel = None
    if args.svg:
        sides = sorted(set().union(*(set(r.sides()) for r in runs)))
        with open(args.svg, "w") as f:
            f.write(svg_chart(runs, sides))
        svg_rel = os.path.relpath(os.path.abspath(args.svg), os.path.dirname(os.path.abspath(args.out)))
    body = report(runs, callgrind, svg_rel)

    if os.path.exists(args.out):
        with open(args.out) as f:
            old = f.read()
        if BEGIN not in old or END not in old:
            raise SystemExit(f"{args.out} has no {BEGIN} ... {END} block; not overwriting its text")
        text = old[:old.index(BEGIN) + len(BEGIN)] + "\n" + body + old[old.index(END):]
    else:
        text = f"# Benchmarks\n\n{BEGIN}\n{body}{END}\n"
    with open(args.out, "w") as f:
        f.write(text)
    print(f"wrote {args.out}" + (f" and {args.svg}" if args.svg else ""), file=sys.stderr)


if __name__ == "__main__":
    main()
