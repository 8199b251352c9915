#!/usr/bin/env bash
# Compare the working tree's library with REF's (default HEAD) in one
# process (bench/ab.c): bench/ab.sh [REF] [satcd_ab options...]
# Both are built as shared libraries, Release, in a temporary folder
# removed afterwards: the tree with the backend in SATCD_SIMD (default
# AUTO), REF with the one in SATCD_SIMD_REF (default: the same), so that
# two backends can be compared too.
# Exit status: satcd_ab's (1 when the two builds return different bits).
set -euo pipefail
cd "$(dirname "$0")/.."
ref=${1:-HEAD}
[ $# -gt 0 ] && shift
simd=${SATCD_SIMD:-AUTO}
simd_ref=${SATCD_SIMD_REF:-$simd}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$tmp/ref-src"
git archive "$ref" | tar -x -C "$tmp/ref-src"
library() { # source folder, build folder, backend
    cmake -S "$1" -B "$2" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=ON -DSATCD_SIMD="$3" \
        -DSATCD_BUILD_TESTS=OFF -DSATCD_BUILD_TOOLS=OFF -DSATCD_BUILD_EXAMPLES=OFF >/dev/null
    cmake --build "$2" --target satcd >/dev/null
}
library "$tmp/ref-src" "$tmp/ref" "$simd_ref"
library . "$tmp/work" "$simd"
cmake -S . -B "$tmp/tool" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSATCD_BUILD_BENCH=ON \
    -DSATCD_BUILD_TESTS=OFF -DSATCD_BUILD_TOOLS=OFF -DSATCD_BUILD_EXAMPLES=OFF >/dev/null
cmake --build "$tmp/tool" --target satcd_ab >/dev/null
echo "A: $ref ($(git rev-parse --short "$ref")), backend $simd_ref; B: the working tree, backend $simd"
"$tmp/tool/bench/satcd_ab" "$tmp/ref/libsatcd.so" "$tmp/work/libsatcd.so" "$@"
