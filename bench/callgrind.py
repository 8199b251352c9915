#!/usr/bin/env python3
"""Instructions per pair, counted by valgrind's callgrind.

Runs the benchmark binary once per query in its --callgrind mode, which
calls one benchmark body inside bench_callgrind_region; callgrind counts only
that region (--toggle-collect), so workload generation and peer setup are
left out. Instruction counts do not depend on the machine's load, which makes
them the repeatable numbers of docs/benchmarks.md.

usage: callgrind.py OUT.json BINARY [BINARY ...] [--pairs N] [--sides 8] [--queries Q:S:LIB,...]

With several binaries (one per SIMD backend), satcd's queries are counted in
each and the peers' only in the first.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

DEFAULT_QUERIES = [
    "overlap:a:satcd", "overlap:a:box2d", "manifold:a:satcd", "manifold:a:box2d", "manifold:a:chipmunk",
    "overlap:b:satcd", "overlap:b:box2d", "manifold:b:satcd", "manifold:b:box2d", "manifold:b:chipmunk",
    "mtv:a:satcd", "mtv:b:satcd",
]


def count(binary, query, set_name, sides, lib, pairs):
    """Instructions in bench_callgrind_region and the queries it ran."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        spec = f"{query}:{set_name}:{sides}:{lib}"
        cmd = ["valgrind", "--tool=callgrind", "--toggle-collect=bench_callgrind_region",
               f"--callgrind-out-file={out}", binary, f"--callgrind={spec}", f"--pairs={pairs}"]
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode != 0:
            sys.stderr.write(run.stdout + run.stderr)
            raise SystemExit(f"callgrind run failed: {spec}")
        items = re.search(r"callgrind \S+ items (\d+) checksum \S+ backend (\S+)", run.stdout)
        with open(out) as f:
            totals = re.search(r"^totals:\s*(\d+)", f.read(), re.M)
        if not items or not totals:
            raise SystemExit(f"cannot read the callgrind result of {spec}")
        return int(totals.group(1)), int(items.group(1)), items.group(2)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("binaries", nargs="+")
    ap.add_argument("--pairs", type=int, default=20000)
    ap.add_argument("--sides", type=int, default=8)
    ap.add_argument("--queries", default=",".join(DEFAULT_QUERIES))
    args = ap.parse_args()

    results = []
    for b, binary in enumerate(args.binaries):
        for item in args.queries.split(","):
            query, set_name, lib = item.split(":")
            if b > 0 and lib != "satcd":
                continue
            instructions, items, backend = count(binary, query, set_name, args.sides, lib, args.pairs)
            per = instructions / items
            print(f"{query}/{set_name}/{args.sides}/{lib} ({backend}): {per:.0f} instructions per pair ({items} pairs)")
            results.append({"query": query, "set": set_name, "sides": args.sides, "impl": lib, "backend": backend,
                            "instructions": instructions, "pairs": items, "per_pair": per})
    with open(args.out, "w") as f:
        json.dump({"callgrind": results}, f, indent=1)


if __name__ == "__main__":
    main()
