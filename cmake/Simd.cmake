# SATCD_SIMD picks the SIMD backend at configure time. The choice becomes
# private sources and flags of the library, and is recorded in the generated
# satcd/config.h so consumers see what was built.
set(SATCD_SIMD "AUTO" CACHE STRING "SIMD backend: AUTO, SCALAR, SSE41, AVX2 or NEON")
set_property(CACHE SATCD_SIMD PROPERTY STRINGS AUTO SCALAR SSE41 AVX2 NEON)

set(_satcd_simd ${SATCD_SIMD})
string(TOUPPER "${_satcd_simd}" _satcd_simd)
if(_satcd_simd STREQUAL "AUTO")
    set(_satcd_simd SCALAR)
endif()

if(_satcd_simd STREQUAL "SCALAR")
    set(SATCD_SIMD_SOURCES ${PROJECT_SOURCE_DIR}/src/simd/scalar.c)
    set(SATCD_SIMD_FLAGS "")
else()
    message(FATAL_ERROR "SATCD_SIMD=${SATCD_SIMD}: unknown or unavailable backend (choose AUTO, SCALAR, SSE41, AVX2 or NEON)")
endif()

string(TOLOWER "${_satcd_simd}" SATCD_SIMD_BACKEND_NAME)
foreach(_b SCALAR SSE41 AVX2 NEON)
    if(_satcd_simd STREQUAL _b)
        set(SATCD_SIMD_IS_${_b} 1)
    else()
        set(SATCD_SIMD_IS_${_b} 0)
    endif()
endforeach()
message(STATUS "satcd: SIMD backend ${SATCD_SIMD_BACKEND_NAME}")
