#!/usr/bin/env python3
"""Run-to-run spread of the speed-up targets.

One satcd_bench process gives one ratio per target (satcd against Box2D on
the 8-gon sets, both timed in the same process). On a shared or virtual
machine the speed of the machine changes from moment to moment, and not
alike for both libraries: Box2D, which keeps more instructions in flight,
loses more when a neighbour takes a share of the core. So the repetitions
of every benchmark are interleaved at random
(--benchmark_enable_random_interleaving), each library's time is the
minimum over its repetitions, and both minima come from the same stretch
of time: the ratio of the two least disturbed timings. This script starts
each binary (one per SIMD backend) several times, in turn, and reports for
every target the median ratio over the processes and its range.

usage: spread.py BINARY [BINARY ...] [--runs 5] [--repetitions 20]
                 [--min-time 0.05] [--json OUT.json] [--out docs/benchmarks.md]

With --out, the table replaces what lies between the markers
<!-- spread:begin --> and <!-- spread:end --> of that file.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

BEGIN, END = "<!-- spread:begin -->", "<!-- spread:end -->"
# (query, set, title, goal for the scalar backend, goal for a SIMD backend)
TARGETS = [
    ("manifold", "a", "`satcd_collide_polygons`", 1.5, 3.0),
    ("manifold", "b", "`satcd_collide_polygons`", 1.5, 3.0),
    ("overlap", "a", "`satcd_overlap_polygons`", 5.0, 5.0),
    ("overlap", "b", "`satcd_overlap_polygons`", 5.0, 5.0),
]
FILTER = "(overlap|manifold)/[ab]/8/(satcd|box2d)$"


def one_run(binary, repetitions, min_time):
    """Backend name and {(query, set): box2d ns / satcd ns} of one process."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "run.json")
        # --broadphase= and --pipeline= (no sizes): those scenes are not built or checked here.
        cmd = [binary, "--sides=8", "--broadphase=", "--pipeline=", "--cold=", f"--benchmark_filter={FILTER}",
               f"--benchmark_repetitions={repetitions}", "--benchmark_report_aggregates_only=true",
               "--benchmark_enable_random_interleaving=true",
               f"--benchmark_min_time={min_time}", f"--benchmark_out={out}", "--benchmark_out_format=json"]
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode != 0:
            sys.stderr.write(run.stdout + run.stderr)
            raise SystemExit(f"benchmark run failed: {binary}")
        with open(out) as f:
            data = json.load(f)
    best = {}
    for b in data["benchmarks"]:
        if b.get("aggregate_name", "min") != "min" and repetitions > 1:
            continue
        name = b.get("run_name", b["name"])
        best[name] = min(best.get(name, float("inf")), b["cpu_time"])
    ratios = {}
    for query, set_name, *_ in TARGETS:
        satcd, box2d = best.get(f"{query}/{set_name}/8/satcd"), best.get(f"{query}/{set_name}/8/box2d")
        if satcd is None or box2d is None:
            raise SystemExit(f"{binary}: no satcd or Box2D timing for {query}/{set_name}/8")
        ratios[(query, set_name)] = box2d / satcd
    return data["context"].get("satcd_backend", os.path.basename(binary)), ratios


def table(results, runs):
    lines = [f"Speed-up over Box2D on 8-gons, {runs} processes per backend: median (lowest to highest).", "",
             "| query | set | " + " | ".join(results) + " | goal |",
             "|---|---|" + "---|" * len(results) + "---|"]
    for query, set_name, title, goal_scalar, goal_simd in TARGETS:
        cells = []
        for ratios in results.values():
            r = sorted(x[(query, set_name)] for x in ratios)
            cells.append(f"{statistics.median(r):.2f}x ({r[0]:.2f} to {r[-1]:.2f})")
        goal = f"{goal_scalar}x" if goal_scalar == goal_simd else f"{goal_scalar}x scalar, {goal_simd}x SIMD"
        lines.append(f"| {title} | {set_name} | " + " | ".join(cells) + f" | {goal} |")
    return "\n".join(lines) + "\n"


def replace_block(path, text):
    with open(path) as f:
        doc = f.read()
    if BEGIN not in doc or END not in doc:
        raise SystemExit(f"{path} has no {BEGIN} ... {END} block")
    head, rest = doc.split(BEGIN, 1)
    tail = rest.split(END, 1)[1]
    with open(path, "w") as f:
        f.write(head + BEGIN + "\n" + text + END + tail)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("binaries", nargs="+")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--repetitions", type=int, default=20)
    ap.add_argument("--min-time", default="0.05")
    ap.add_argument("--json")
    ap.add_argument("--out")
    args = ap.parse_args()
    if args.runs < 1 or args.repetitions < 1:
        raise SystemExit("--runs and --repetitions must be at least 1")

    results = {}
    for k in range(args.runs):
        for binary in args.binaries:
            backend, ratios = one_run(binary, args.repetitions, args.min_time)
            results.setdefault(backend, []).append(ratios)
            print(f"run {k + 1}/{args.runs} {backend}: " +
                  ", ".join(f"{q}/{s} {r:.2f}x" for (q, s), r in ratios.items()), file=sys.stderr)
    text = table(results, args.runs)
    print(text, end="")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({b: [{f"{q}/{s}": r for (q, s), r in x.items()} for x in runs]
                       for b, runs in results.items()}, f, indent=1)
    if args.out:
        replace_block(args.out, text)


if __name__ == "__main__":
    main()
