#!/usr/bin/env bash
# tests/check_dispatch_objects.sh BUILD_DIR: the objects of an x86-64
# SATCD_SIMD=DISPATCH build (CMake's object folders under BUILD_DIR),
# disassembled:
#  - outside the SSE4.1 and AVX2 kernel objects (the scalar kernels, polygon
#    construction, the dispatch itself ...) no instruction beyond SSE2 to
#    SSSE3: no VEX-encoded (AVX, AVX2) instruction, no ymm register, no
#    SSE4.1/SSE4.2 mnemonic; the SSE4.1 kernels no AVX; so the library runs
#    on every x86-64 CPU until the dispatch picks a backend;
#  - the checks are live: the AVX2 kernels do use ymm registers and VEX
#    instructions, the SSE4.1 kernels SSE4.1 mnemonics;
#  - every global symbol a kernel object defines carries its backend's
#    suffix (src/dispatch/names.h), so the copies cannot collide.
set -euo pipefail
build=$1
fail() { echo "FAIL: $*" >&2; exit 1; }

objects() {
    [ -d "$build/CMakeFiles/$1.dir" ] || fail "$build has no $1 objects: not a SATCD_SIMD=DISPATCH build"
    find "$build/CMakeFiles/$1.dir" -name "*.o" | sort
}
# Mnemonics of every instruction in the given objects, one a line.
mnemonics() { objdump -d --no-show-raw-insn "$@" | awk -F'\t' 'NF >= 2 && $1 ~ /^ *[0-9a-f]+:$/ {split($2, w, " "); print w[1]}'; }
sse4='^(blendv?p[sd]|pblendvb|pblendw|dpp[sd]|insertps|extractps|pinsr[bdq]|pextr[bdq]|pmax(sb|sd|ud|uw)|pmin(sb|sd|ud|uw)|pmuldq|pmulld|ptest|round[ps][sd]|mpsadbw|phminposuw|packusdw|pcmpeqq|pmov[sz]x[bwd][wdq]|movntdqa|pcmpgtq|pcmp[ei]str[im]|crc32[bwlq]?|popcnt)$'
vex='^v'

baseline=$(objects satcd; objects satcd_draw; objects satcd_kernels_scalar)
sse41=$(objects satcd_kernels_sse41)
avx2=$(objects satcd_kernels_avx2)
[ -n "$sse41" ] && [ -n "$avx2" ] && [ -n "$baseline" ] || fail "$build holds no DISPATCH objects"

# shellcheck disable=SC2086
{
    found=$(mnemonics $baseline | grep -E "$sse4|$vex" | sort | uniq -c || true)
    [ -z "$found" ] || fail "SSE4 or AVX instructions outside the SSE4.1 and AVX2 kernel objects:"$'\n'"$found"
    [ "$(objdump -d $baseline | grep -c '%ymm')" = 0 ] || fail "ymm registers outside the AVX2 kernel objects"
    found=$(mnemonics $sse41 | grep -E "$vex" | sort | uniq -c || true)
    [ -z "$found" ] || fail "AVX instructions in the SSE4.1 kernel objects:"$'\n'"$found"
    # (counted, not grep -q, which would end the pipe early under pipefail)
    [ "$(mnemonics $sse41 | grep -cE "$sse4")" -gt 0 ] || fail "no SSE4.1 instruction in the SSE4.1 kernels: the check is not live"
    [ "$(objdump -d $avx2 | grep -c '%ymm')" -gt 0 ] || fail "no ymm register in the AVX2 kernels: the check is not live"
    echo "instructions: $(echo $baseline | wc -w) baseline objects clean of SSE4 and AVX;" \
        "SSE4.1 kernels use $(mnemonics $sse41 | grep -cE "$sse4") SSE4 instructions, AVX2 kernels" \
        "$(objdump -d $avx2 | grep -c '%ymm') with ymm registers"
}

for b in scalar sse41 avx2; do
    # shellcheck disable=SC2046
    bad=$(nm -g --defined-only $(objects satcd_kernels_$b) | awk 'NF == 3 {print $3}' | grep -v "_${b}\$" || true)
    [ -z "$bad" ] || fail "satcd_kernels_$b defines global symbols without the _$b suffix (add them to src/dispatch/names.h):"$'\n'"$bad"
done
echo "symbols: every global symbol of the kernel objects carries its backend's suffix"
