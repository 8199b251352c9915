#!/usr/bin/env bash
# Benchmarks: build satcd_bench (Release) against Box2D 2.4 and Chipmunk 7,
# check every peer against satcd on every pair (warm sets and the cold-cache
# sets of 200,000 scattered polygons per n) and the pipeline's touching
# pairs against Box2D's at 1,000 bodies, run every benchmark once,
# count instructions of one query under callgrind, turn the JSON into the
# report, measure the run-to-run spread of the targets (in temporary
# files: the committed docs are not touched), report the DISPATCH build
# beside the fixed one and its overhead against the fixed build of the
# backend it chose, compare two builds of the library in one process and
# time the reference-face branch's cost.
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$(date +%s)

echo "--- bench: installing Google Benchmark, Box2D 2.4, Chipmunk 7, g++, valgrind"
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y -qq --no-install-recommends \
        libbenchmark-dev libbox2d-dev libchipmunk-dev g++ cmake ninja-build valgrind python3 >/dev/null; then
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends \
        libbenchmark-dev libbox2d-dev libchipmunk-dev g++ cmake ninja-build valgrind python3 >/dev/null
fi

build=build/ci-bench
out=$(mktemp -d)
rm -rf "$build"
echo "--- bench: configure and build (Release, scalar backend, -Werror)"
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSATCD_BUILD_BENCH=ON \
    -DSATCD_BUILD_TESTS=OFF -DSATCD_BUILD_EXAMPLES=OFF -DSATCD_BUILD_TOOLS=OFF \
    -DSATCD_SIMD=SCALAR -DSATCD_WERROR=ON >"$out/configure.log" || { cat "$out/configure.log"; exit 1; }
grep -E "satcd bench:" "$out/configure.log"
if ! grep -q "Box2D .* peer" "$out/configure.log" || ! grep -q "Chipmunk peer" "$out/configure.log"; then
    echo "FAIL: a peer library was not found"; exit 1
fi
cmake --build "$build" -j2 --target satcd_bench

bench="$build/bench/satcd_bench"
echo "--- bench: peer agreement on every pair, then every benchmark once (short pass)"
# satcd_bench exits non-zero on any disagreement with a peer outside the touching band.
# The pipeline (broad and narrow phase) runs at 1,000 bodies only, to keep the step short.
"$bench" --pipeline=1000 --benchmark_min_time=0.01 --benchmark_out="$out/scalar.json" --benchmark_out_format=json \
    | tee "$out/run.txt" | grep -E "disagree|overlap fraction|MTV depth|broadphase(_rest)? [0-9]|pipeline [0-9]|capsules of|cold sets"
grep -q "broadphase 100000 boxes, .* lists equal" "$out/run.txt" || { echo "FAIL: no broad-phase agreement check"; exit 1; }
grep -q "broadphase_rest 100000 boxes, 1000 moving, .* lists equal" "$out/run.txt" ||
    { echo "FAIL: no agreement check of the broad phase at rest"; exit 1; }
grep -q "pipeline 1000 bodies, .* 0 other pairs: agree" "$out/run.txt" || { echo "FAIL: no pipeline agreement check"; exit 1; }
# Cold caches: Box2D's overlap and manifold and Chipmunk's manifold checked on every pair of 2 sets x 4 n.
[ "$(grep -cE "set cold-[ab] +n=[3468] .*disagree: touching [0-9]+, real 0$" "$out/run.txt")" -eq 24 ] ||
    { echo "FAIL: the cold-cache agreement checks are incomplete"; exit 1; }
# A pool that fits in the last-level cache would stay there from pass to pass: each pass starts flushed.
grep -q "^cold sets (.*, flushed from every cache before each timed pass;" "$out/run.txt" ||
    { echo "FAIL: the cold sets are not flushed from the caches before each pass"; exit 1; }
[ "$(grep -c "capsules of set [ab] n=[48] .* contacts from Box2D only" "$out/run.txt")" -eq 12 ] ||
    { echo "FAIL: the capsule comparison with Box2D is incomplete"; exit 1; }
# satcd 4 queries and 4 batch-or-loop, Box2D 2 (n <= 8), Chipmunk 1, cached + plain; broad phase 3 sizes x (satcd, 2 threads, rebuilt, Box2D)
# and at rest 3 sizes x (satcd, Box2D);
# pipeline 1 size x (satcd, 2 threads, scene step, satcd and Box2D broad phase alone, Box2D); capsules of sets a and b
# at n = 4 and 8: polygon-capsule by satcd and Box2D's edge and rounded forms, capsule-capsule (once per set) by satcd
# and Box2D's rounded form; the 12-piece compound: overlap, MTV and manifold; the cold sets a and b at
# n = 3, 4, 6, 8: satcd's manifold and overlap, its batch manifold and the loop beside it, Box2D's two, Chipmunk's one,
# and the memory floor (serial and parallel)
cold=$(( 9 * 2 * 4 ))
expected=$(( 5 * 8 * 2 + 4 * 2 * 2 + 5 * 2 + 5 * 2 + 3 * 4 + 3 * 2 + 6 + 4 * 3 + 2 * 2 + 3 + cold ))
count() { python3 -c "import json,re,sys; print(sum(bool(re.search(sys.argv[2], b['name'])) for b in json.load(open(sys.argv[1]))['benchmarks']))" "$out/scalar.json" "$1"; }
ran=$(count .) ran_cold=$(count /cold-)
echo "benchmarks run: $ran (expected $expected), of them cold-cache: $ran_cold (expected $cold)"
[ "$ran" -eq "$expected" ] || { echo "FAIL: not every benchmark ran"; exit 1; }
[ "$ran_cold" -eq "$cold" ] || { echo "FAIL: not every cold-cache benchmark ran"; exit 1; }

echo "--- bench: callgrind instruction count (one query, 500 pairs)"
python3 bench/callgrind.py "$out/callgrind.json" "$bench" --pairs 500 --queries manifold:b:satcd,manifold:b:box2d

echo "--- bench: report (into a copy of docs/benchmarks.md: only the block between its report markers changes)"
cp docs/benchmarks.md "$out/benchmarks.md"
python3 bench/report.py "$out/scalar.json" --callgrind "$out/callgrind.json" --out "$out/benchmarks.md" --svg "$out/benchmarks.svg"
grep -q "satcd_collide_polygons vs b2CollidePolygons" "$out/benchmarks.md" || { echo "FAIL: report has no target table"; exit 1; }
[ "$(grep -cE '^\| [3468] \| [0-9.]+x \| [0-9.]+x \| [0-9.]+x \| [0-9.]+x \|$' "$out/benchmarks.md")" -eq 12 ] ||
    { echo "FAIL: the report lacks a cold and warm ratio for every n (manifold, batch manifold and overlap)"; exit 1; }
grep -q "<svg" "$out/benchmarks.svg" || { echo "FAIL: no chart"; exit 1; }
# The hand-written text outside the report block must come through unchanged.
outside() { sed '/<!-- report:begin -->/,/<!-- report:end -->/d' "$1"; }
cmp -s <(outside docs/benchmarks.md) <(outside "$out/benchmarks.md") ||
    { echo "FAIL: report.py changed the page outside its markers"; exit 1; }
grep -q '^## Reproduce' "$out/benchmarks.md" || { echo "FAIL: the page lost its hand-written part"; exit 1; }
sed -n '/^## Speed-up targets/,/^!\[/p' "$out/benchmarks.md"

echo "--- bench: the DISPATCH build beside the fixed one (8-gons, short pass), in one report"
cmake -S . -B "$build-dispatch" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSATCD_BUILD_BENCH=ON \
    -DSATCD_BUILD_TESTS=OFF -DSATCD_BUILD_EXAMPLES=OFF -DSATCD_BUILD_TOOLS=OFF \
    -DSATCD_SIMD=DISPATCH -DSATCD_WERROR=ON >"$out/configure-dispatch.log" || { cat "$out/configure-dispatch.log"; exit 1; }
cmake --build "$build-dispatch" -j2 --target satcd_bench
"$build-dispatch/bench/satcd_bench" --sides=8 --broadphase= --pipeline= --cold= --benchmark_min_time=0.01 \
    --benchmark_out="$out/dispatch.json" --benchmark_out_format=json >"$out/dispatch-run.txt"
chosen=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['context']['satcd_backend'])" "$out/dispatch.json")
echo "DISPATCH build chose: $chosen"
case "$chosen" in dispatch-scalar|dispatch-sse41|dispatch-avx2) ;; *) echo "FAIL: unexpected backend name $chosen"; exit 1 ;; esac
cp docs/benchmarks.md "$out/benchmarks-dispatch.md"
python3 bench/report.py "$out/scalar.json" "$out/dispatch.json" --out "$out/benchmarks-dispatch.md" --svg "$out/benchmarks-dispatch.svg"
grep -q "| 8 | [0-9.]* | [0-9.]* |" "$out/benchmarks-dispatch.md" || { echo "FAIL: no DISPATCH column beside the fixed build"; exit 1; }
grep -E "^\| target|dispatch-" "$out/benchmarks-dispatch.md" | head -8
fixed=${chosen#dispatch-}
fixed=$(echo "$fixed" | sed 's/sse41/SSE41/;s/avx2/AVX2/;s/scalar/SCALAR/')
echo "--- bench: dispatch overhead: the fixed $fixed build against DISPATCH in one process (bench/ab.sh: the same bits)"
SATCD_SIMD_REF=$fixed SATCD_SIMD=DISPATCH bench/ab.sh HEAD --reps 3 --sizes 200 | tee "$out/ab-dispatch.txt"
[ "$(grep -c '^set [ab]: 0 of 20000 pairs differ' "$out/ab-dispatch.txt")" -eq 2 ] || { echo "FAIL: DISPATCH differs from $fixed"; exit 1; }

echo "--- bench: run-to-run spread of the targets (two short processes, into a copy of docs/benchmarks.md)"
cp docs/benchmarks.md "$out/spread-doc.md"
python3 bench/spread.py "$bench" --runs 2 --repetitions 1 --min-time 0.01 --out "$out/spread-doc.md" | tee "$out/spread.md"
[ "$(grep -c '^| `satcd_' "$out/spread.md")" -eq 4 ] || { echo "FAIL: spread table incomplete"; exit 1; }
grep -q "2 processes per backend" "$out/spread-doc.md" || { echo "FAIL: spread table not placed in the document"; exit 1; }
echo "--- bench: two builds in one process (bench/ab.sh, HEAD's scalar backend against the tree's AVX2: the same bits)"
SATCD_SIMD_REF=SCALAR SATCD_SIMD=AVX2 bench/ab.sh HEAD --reps 1 --sizes 200 | tee "$out/ab.txt"
[ "$(grep -c '^set [ab]: 0 of 20000 pairs differ' "$out/ab.txt")" -eq 2 ] || { echo "FAIL: ab.sh saw a difference"; exit 1; }
[ "$(grep -c '^| [ab] |' "$out/ab.txt")" -eq 6 ] || { echo "FAIL: ab.sh timing table incomplete"; exit 1; }
echo "--- bench: the reference-face branch's cost (satcd_order, a short run)"
cmake --build "$build" -j2 --target satcd_order
"$build/bench/satcd_order" --set b --pairs 2000 --reps 2 | tee "$out/order.txt"
grep -qE '^manifold, own order: [0-9.]+ ns per pair; ordered by reference side: [0-9.]+ ns' "$out/order.txt" ||
    { echo "FAIL: satcd_order printed no timing"; exit 1; }
on_b=$(sed -n 's/.*B.s face the reference in \([0-9]*\)$/\1/p' "$out/order.txt")
[ -n "$on_b" ] && [ "$on_b" -gt 0 ] && [ "$on_b" -lt 2000 ] || { echo "FAIL: set b should put the reference on both sides"; exit 1; }
rm -rf "$out"
echo "--- bench: passed in $(( $(date +%s) - start )) s"
