# The compiled-in SIMD backend: its inline kernels, compiled into the test
# with the library's backend and flags, against references written in the
# test; and the determinism hash of many random queries against the
# recorded value.
satcd_add_test(test_simd_kernels test_simd_kernels.c)
target_compile_definitions(test_simd_kernels PRIVATE ${SATCD_SIMD_DEFINITION})
target_compile_options(test_simd_kernels PRIVATE ${SATCD_SIMD_FLAGS})

add_executable(satcd_hash_queries determinism/hash_queries.c)
target_link_libraries(satcd_hash_queries PRIVATE satcd::satcd satcd_test_support)
satcd_set_warnings(satcd_hash_queries)
# The program compares its hash with the recorded one and fails on a difference.
add_test(NAME determinism_hash
         COMMAND satcd_hash_queries --expect ${CMAKE_CURRENT_SOURCE_DIR}/determinism/expected_hash.txt)
