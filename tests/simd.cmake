# The compiled-in SIMD backends: their inline kernels, compiled into the
# test with each backend's definition and flags, against references written
# in the test; under DISPATCH, the run-time choice of backend; and the
# determinism hash of many random queries against the recorded value.
if(SATCD_SIMD_DISPATCH)
    # One kernel test per backend. Its code may use the backend's
    # instructions anywhere, so a baseline constructor (support/cpu_gate.c)
    # skips it on a CPU without them.
    add_library(satcd_test_cpu OBJECT support/cpu.c)
    satcd_set_warnings(satcd_test_cpu)
    foreach(_b ${SATCD_SIMD_BACKENDS})
        string(TOLOWER ${_b} _name)
        add_library(satcd_test_cpu_gate_${_name} OBJECT support/cpu_gate.c)
        target_compile_definitions(satcd_test_cpu_gate_${_name} PRIVATE SATCD_TEST_NEEDS_BACKEND="${_name}")
        satcd_set_warnings(satcd_test_cpu_gate_${_name})
        satcd_add_test(test_simd_kernels_${_name} test_simd_kernels.c
            $<TARGET_OBJECTS:satcd_test_cpu> $<TARGET_OBJECTS:satcd_test_cpu_gate_${_name}>)
        target_compile_definitions(test_simd_kernels_${_name} PRIVATE
            ${SATCD_SIMD_DEFINITION_${_b}} SATCD_TEST_KERNELS="${_name}")
        target_compile_options(test_simd_kernels_${_name} PRIVATE ${SATCD_SIMD_FLAGS_${_b}})
        set_tests_properties(test_simd_kernels_${_name} PROPERTIES SKIP_RETURN_CODE 77)
    endforeach()

    # The choice under each kind of SATCD_SIMD_FORCE value (the test reads
    # the value and the CPU and knows what to expect); "unset" removes it.
    find_package(Threads REQUIRED)
    satcd_add_test(test_dispatch test_dispatch.c $<TARGET_OBJECTS:satcd_test_cpu> LIBS Threads::Threads)
    foreach(_force unset "" scalar sse41 avx2 AVX2 avx512 neon)
        set(_test test_dispatch_force_${_force})
        if(_force STREQUAL "")
            set(_test test_dispatch_force_empty)
        endif()
        add_test(NAME ${_test} COMMAND test_dispatch)
        if(_force STREQUAL "unset")
            set_tests_properties(${_test} PROPERTIES ENVIRONMENT_MODIFICATION "SATCD_SIMD_FORCE=unset:")
        else()
            set_tests_properties(${_test} PROPERTIES ENVIRONMENT_MODIFICATION "SATCD_SIMD_FORCE=set:${_force}")
        endif()
    endforeach()
else()
    satcd_add_test(test_simd_kernels test_simd_kernels.c)
    target_compile_definitions(test_simd_kernels PRIVATE ${SATCD_SIMD_DEFINITION})
    target_compile_options(test_simd_kernels PRIVATE ${SATCD_SIMD_FLAGS})
endif()

add_executable(satcd_hash_queries determinism/hash_queries.c)
target_link_libraries(satcd_hash_queries PRIVATE satcd::satcd satcd_test_support)
satcd_set_warnings(satcd_hash_queries)
# The program compares its hash with the recorded one and fails on a difference.
add_test(NAME determinism_hash
         COMMAND satcd_hash_queries --expect ${CMAKE_CURRENT_SOURCE_DIR}/determinism/expected_hash.txt)
