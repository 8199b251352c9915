#!/usr/bin/env bash
# Robustness:
#  1. the whole test suite under AddressSanitizer + UndefinedBehaviorSanitizer
#     (the asan preset's flags and options), and the broad phase's tests
#     again with its block sizes set small;
#  2. the whole test suite under valgrind memcheck (--error-exitcode=1, full
#     leak check): every test executable runs through valgrind, so any error
#     fails its test;
#  3. the threads tests under ThreadSanitizer (clang): shared shapes, and
#     the broad phase's pairs and the batch narrow phase on a POSIX-threads
#     task system, the scene example on two threads (its brute-force check
#     on); and in a
#     SATCD_SIMD=DISPATCH build threads racing to the first query's choice
#     of backend;
#  4. each libFuzzer target for 60 s from a copy of its committed corpus
#     (clang, -fsanitize=fuzzer,address,undefined; the library instrumented
#     too, the broad phase's blocks small as in 1). Any crash or invariant
#     violation fails the step.
set -euo pipefail
cd "$(dirname "$0")/../.."
export DEBIAN_FRONTEND=noninteractive
root=build/ci-robustness
start=$(date +%s)
say() { echo "--- [60-robustness $(( $(date +%s) - start ))s] $*"; }

packages=(cmake ninja-build gcc clang libclang-rt-14-dev pkg-config libcmocka-dev libgeos-dev valgrind python3)
say "installing ${packages[*]}"
if ! apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null; then
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
fi
CLANG=$(command -v clang || command -v clang-14)
rm -rf "$root"
mkdir -p "$root"

say "1/4 ASan + UBSan: configure (asan preset flags), build, whole test suite"
cmake --preset asan -B "$root/asan" >/dev/null
cmake --build "$root/asan" -j2 >/dev/null
ASAN_OPTIONS=abort_on_error=1:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir "$root/asan" -j2 --output-on-failure --no-tests=error

# The broad phase's block sizes and thresholds set small (src/broadphase.c),
# so that the tests' and the fuzzer's scenes of a few hundred boxes reach the
# paths of scenes of many thousands: several runs of moved proxies, update
# chunks and sweep blocks, the pair sort on the tasks, the revision in entry
# order. The answers must not change.
small_blocks="-DSATCD__MOVED_RUN=3 -DSATCD__UPDATE_CHUNK=5 -DSATCD__PAIR_CHUNK=4 -DSATCD__SORTED_REVISION_ENTRIES=8 -DSATCD__SWEEP_BLOCK=4"
say "1/4 ASan + UBSan, the broad phase's blocks small: test_broadphase, test_broadphase_threads"
cmake --preset asan -B "$root/asan-small" -DCMAKE_C_FLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all $small_blocks" >/dev/null
cmake --build "$root/asan-small" -j2 --target test_broadphase test_broadphase_threads >/dev/null
for t in test_broadphase test_broadphase_threads; do
    ASAN_OPTIONS=abort_on_error=1:detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 "$root/asan-small/tests/$t"
done

say "2/4 valgrind memcheck: every test executable through valgrind --error-exitcode=1 --leak-check=full"
# CTest prefixes the emulator to every test registered by target name; a
# valgrind error makes the test exit with 1. tool_golden runs through a Python
# script, whose interpreter valgrind cannot check cleanly: it is left out
# here (its binary runs under ASan above).
cmake -S . -B "$root/valgrind" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    "-DCMAKE_CROSSCOMPILING_EMULATOR=valgrind;--error-exitcode=1;--leak-check=full;--errors-for-leak-kinds=definite,indirect;--show-leak-kinds=definite,indirect;-q" \
    >/dev/null
cmake --build "$root/valgrind" -j2 >/dev/null
ctest --test-dir "$root/valgrind" -j2 --output-on-failure --no-tests=error -E '^tool_golden$'
# Prove the wrapper is live: every test command starts with valgrind.
ctest --test-dir "$root/valgrind" --show-only=json-v1 -E '^tool_golden$' | python3 -c '
import json, sys
tests = json.load(sys.stdin)["tests"]
bare = [t["name"] for t in tests if not t["command"][0].endswith("valgrind")]
print(f"valgrind wraps {len(tests) - len(bare)} of {len(tests)} tests")
sys.exit(1 if bare or not tests else 0)'

say "3/4 ThreadSanitizer: test_threads (4 threads, every query kind, shared shapes), test_broadphase_threads and test_batch_threads (1, 2, 8 workers), the scene example on 2 threads"
cmake -S . -B "$root/tsan" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER="$CLANG" \
    -DCMAKE_C_FLAGS="-fsanitize=thread -fno-omit-frame-pointer" >/dev/null
cmake --build "$root/tsan" -j2 --target test_threads test_broadphase_threads test_batch_threads satcd_example_scene >/dev/null
for t in test_threads test_broadphase_threads test_batch_threads; do
    TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 "$root/tsan/tests/$t"
done
TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 "$root/tsan/examples/satcd_example_scene" \
    --bodies 400 --frames 20 --threads 2 --check
say "3/4 ThreadSanitizer, SATCD_SIMD=DISPATCH: threads racing to the first query (test_dispatch, each forced value), test_threads"
cmake -S . -B "$root/tsan-dispatch" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER="$CLANG" \
    -DSATCD_SIMD=DISPATCH -DCMAKE_C_FLAGS="-fsanitize=thread -fno-omit-frame-pointer" >/dev/null
cmake --build "$root/tsan-dispatch" -j2 --target test_dispatch test_threads >/dev/null
for force in "" scalar sse41 avx2; do
    SATCD_SIMD_FORCE=$force TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 "$root/tsan-dispatch/tests/test_dispatch"
done
TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 "$root/tsan-dispatch/tests/test_threads"

say "4/4 fuzzing: each target 60 s from a copy of tests/fuzz/corpus"
cmake -S . -B "$root/fuzz" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER="$CLANG" \
    -DSATCD_BUILD_FUZZERS=ON -DSATCD_BUILD_TOOLS=OFF -DSATCD_BUILD_EXAMPLES=OFF \
    -DCMAKE_C_FLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all $small_blocks" >/dev/null
cmake --build "$root/fuzz" -j2 --target fuzz_constructors fuzz_queries fuzz_broadphase >/dev/null
for target in constructors queries broadphase; do
    work="$root/fuzz/run-$target"
    mkdir -p "$work/corpus" "$work/artifacts"
    cp tests/fuzz/corpus/$target/* "$work/corpus/"
    say "fuzz_$target: 60 s"
    if ! ASAN_OPTIONS=abort_on_error=1:detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "$root/fuzz/tests/fuzz/fuzz_$target" -max_total_time=60 -print_final_stats=1 \
        -artifact_prefix="$work/artifacts/" "$work/corpus" >"$work/log.txt" 2>&1; then
        tail -n 60 "$work/log.txt"
        echo "fuzz_$target failed; reproducer in $work/artifacts/"
        exit 1
    fi
    grep -E 'stat::number_of_executed_units|stat::new_units_added' "$work/log.txt" | sed "s/^/fuzz_$target /"
done

say "all robustness checks passed"
