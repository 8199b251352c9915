# The compiled-in SIMD backend: kernels against references written in the test
# (internal symbols, so only when the library is linked statically), and the
# determinism hash of many random queries against the recorded value.
if(NOT BUILD_SHARED_LIBS)
    satcd_add_test(test_simd_kernels test_simd_kernels.c)
endif()

add_executable(satcd_hash_queries determinism/hash_queries.c)
target_link_libraries(satcd_hash_queries PRIVATE satcd::satcd satcd_test_support)
satcd_set_warnings(satcd_hash_queries)
# The program compares its hash with the recorded one and fails on a difference.
add_test(NAME determinism_hash
         COMMAND satcd_hash_queries --expect ${CMAKE_CURRENT_SOURCE_DIR}/determinism/expected_hash.txt)
