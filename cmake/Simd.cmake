# SATCD_SIMD picks the SIMD backend at configure time. The choice becomes
# private sources and flags of the library (never of its consumers or of the
# tests), and is recorded in the generated satcd/config.h so consumers see
# what was built.
#
#   AUTO    the best backend the target compiler supports: AVX2, else SSE41,
#           else SCALAR on x86-64; NEON on aarch64; SCALAR elsewhere.
#           Note that AVX2 (chosen by AUTO on x86-64) means the library needs
#           a CPU with AVX2 to run.
#   SCALAR  portable C, the reference every other backend matches bit for bit
#   SSE41   x86-64, -msse4.1
#   AVX2    x86-64, -mavx2 (no -mfma: fused multiply-add would change results)
#   NEON    aarch64 (Advanced SIMD is part of the base architecture)
#   DISPATCH x86-64: SCALAR, SSE41 and AVX2 all in one library, the best one
#           the running CPU supports chosen at the first query (src/dispatch/);
#           SATCD_SIMD_FORCE=scalar|sse41|avx2 in the environment forces a
#           lower one. Runs on every x86-64 CPU. On aarch64 it means NEON,
#           elsewhere SCALAR: there is nothing to choose between.
#
# An unavailable choice is a configure-time error.
#
# Results for the rest of the build:
#   SATCD_SIMD_BACKEND_NAME  what config.h records: a backend, or "dispatch"
#   SATCD_SIMD_DISPATCH      ON when several backends are compiled in
#   SATCD_SIMD_BACKENDS      the backends compiled in (upper case)
#   SATCD_SIMD_DEFINITION_<B>, SATCD_SIMD_FLAGS_<B>  for each of them
#   SATCD_SIMD_DEFINITION, SATCD_SIMD_FLAGS  for sources that inline the
#           kernels of one backend outside the per-backend objects (tests):
#           the fixed backend, or under DISPATCH the scalar baseline, which
#           runs everywhere.
include(CheckCSourceCompiles)

set(SATCD_SIMD "AUTO" CACHE STRING "SIMD backend: AUTO, SCALAR, SSE41, AVX2, NEON or DISPATCH")
set_property(CACHE SATCD_SIMD PROPERTY STRINGS AUTO SCALAR SSE41 AVX2 NEON DISPATCH)

# satcd_simd_probe(<backend> <flags> <header> <expression> <result-var>):
# does the target compiler build (and target) this backend's intrinsics?
function(satcd_simd_probe backend flags header expression result)
    set(CMAKE_REQUIRED_FLAGS "${flags}")
    set(CMAKE_REQUIRED_QUIET ON)
    check_c_source_compiles("
#include <${header}>
int main(void) { float v[8] = {0}; ${expression}; return (int)v[0]; }
" SATCD_HAVE_SIMD_${backend})
    set(${result} ${SATCD_HAVE_SIMD_${backend}} PARENT_SCOPE)
endfunction()

set(_satcd_simd_flags_SCALAR "")
set(_satcd_simd_flags_SSE41 "-msse4.1")
set(_satcd_simd_flags_AVX2 "-mavx2")
set(_satcd_simd_flags_NEON "")

satcd_simd_probe(SSE41 "${_satcd_simd_flags_SSE41}" smmintrin.h
    "_mm_storeu_ps(v, _mm_blendv_ps(_mm_loadu_ps(v), _mm_set1_ps(1.0f), _mm_setzero_ps()))" _satcd_have_SSE41)
satcd_simd_probe(AVX2 "${_satcd_simd_flags_AVX2}" immintrin.h
    "_mm256_storeu_ps(v, _mm256_castsi256_ps(_mm256_add_epi32(_mm256_castps_si256(_mm256_loadu_ps(v)), _mm256_set1_epi32(1))))"
    _satcd_have_AVX2)
satcd_simd_probe(NEON "${_satcd_simd_flags_NEON}" arm_neon.h
    "vst1q_f32(v, vbslq_f32(vcltq_f32(vld1q_f32(v), vdupq_n_f32(1.0f)), vld1q_f32(v), vdupq_n_f32(2.0f)))" _satcd_have_NEON)
# NEON here means the aarch64 instruction set (the kernels use aarch64-only
# intrinsics), not 32-bit ARM with optional NEON.
if(_satcd_have_NEON AND NOT CMAKE_SIZEOF_VOID_P EQUAL 8)
    set(_satcd_have_NEON FALSE)
endif()
# The x86 backends are 64-bit only as well: the 32-bit x87 ABI would round differently.
if(NOT CMAKE_SIZEOF_VOID_P EQUAL 8)
    set(_satcd_have_SSE41 FALSE)
    set(_satcd_have_AVX2 FALSE)
endif()
set(_satcd_have_SCALAR TRUE)

string(TOUPPER "${SATCD_SIMD}" _satcd_simd)
if(_satcd_simd STREQUAL "AUTO")
    set(_satcd_simd SCALAR)
    foreach(_b NEON AVX2 SSE41)
        if(_satcd_have_${_b})
            set(_satcd_simd ${_b})
            break()
        endif()
    endforeach()
endif()

set(SATCD_SIMD_DISPATCH OFF)
if(_satcd_simd STREQUAL "DISPATCH")
    if(_satcd_have_NEON)
        set(_satcd_simd NEON)
    elseif(NOT (CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$" AND CMAKE_SIZEOF_VOID_P EQUAL 8))
        set(_satcd_simd SCALAR)
    elseif(NOT (_satcd_have_SSE41 AND _satcd_have_AVX2 AND CMAKE_C_COMPILER_ID MATCHES "GNU|Clang"))
        # The choice reads the CPU with __builtin_cpu_supports and compiles
        # each backend with its own -m flags: GCC and Clang only.
        message(FATAL_ERROR "SATCD_SIMD=DISPATCH needs a GCC or Clang compiler that builds both "
            "the SSE41 and the AVX2 intrinsics (${CMAKE_C_COMPILER_ID} here). Choose AUTO or SCALAR.")
    else()
        set(SATCD_SIMD_DISPATCH ON)
    endif()
endif()

if(NOT _satcd_simd MATCHES "^(SCALAR|SSE41|AVX2|NEON|DISPATCH)$")
    message(FATAL_ERROR "SATCD_SIMD=${SATCD_SIMD}: unknown backend (choose AUTO, SCALAR, SSE41, AVX2, NEON or DISPATCH)")
endif()
if(NOT SATCD_SIMD_DISPATCH AND NOT _satcd_have_${_satcd_simd})
    message(FATAL_ERROR "SATCD_SIMD=${SATCD_SIMD}: the C compiler (${CMAKE_C_COMPILER_ID}, "
        "target ${CMAKE_SYSTEM_PROCESSOR}) cannot build this backend's intrinsics"
        " with flags '${_satcd_simd_flags_${_satcd_simd}}'. Choose AUTO or SCALAR.")
endif()

if(SATCD_SIMD_DISPATCH)
    set(SATCD_SIMD_BACKENDS SCALAR SSE41 AVX2)
else()
    set(SATCD_SIMD_BACKENDS ${_satcd_simd})
endif()
string(TOLOWER "${_satcd_simd}" SATCD_SIMD_BACKEND_NAME)
# The backends are headers of static inline kernels (src/simd/<name>.h):
# src/simd/simd.h includes the one SATCD_SIMD_BACKEND_<B> names, and
# whatever includes it is compiled with that backend's flags, so queries
# inline them.
foreach(_b ${SATCD_SIMD_BACKENDS})
    set(SATCD_SIMD_DEFINITION_${_b} SATCD_SIMD_BACKEND_${_b}=1)
    set(SATCD_SIMD_FLAGS_${_b} ${_satcd_simd_flags_${_b}})
endforeach()
if(SATCD_SIMD_DISPATCH)
    set(SATCD_SIMD_DEFINITION ${SATCD_SIMD_DEFINITION_SCALAR})
    set(SATCD_SIMD_FLAGS ${SATCD_SIMD_FLAGS_SCALAR})
else()
    set(SATCD_SIMD_DEFINITION ${SATCD_SIMD_DEFINITION_${_satcd_simd}})
    set(SATCD_SIMD_FLAGS ${SATCD_SIMD_FLAGS_${_satcd_simd}})
endif()
# config.h: 1 for each backend compiled in (exactly one unless DISPATCH).
foreach(_b SCALAR SSE41 AVX2 NEON)
    if(_b IN_LIST SATCD_SIMD_BACKENDS)
        set(SATCD_SIMD_IS_${_b} 1)
    else()
        set(SATCD_SIMD_IS_${_b} 0)
    endif()
endforeach()
if(SATCD_SIMD_DISPATCH)
    set(SATCD_SIMD_IS_DISPATCH 1)
else()
    set(SATCD_SIMD_IS_DISPATCH 0)
endif()
string(TOLOWER "${SATCD_SIMD_BACKENDS}" _satcd_simd_names)
string(REPLACE ";" ", " _satcd_simd_names "${_satcd_simd_names}")
message(STATUS "satcd: SIMD backend ${SATCD_SIMD_BACKEND_NAME} (compiled in: ${_satcd_simd_names})")
