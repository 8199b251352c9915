# Robustness: extreme inputs, NULL and misuse, threads, and the fuzz targets'
# corpus replayed as ordinary tests (any compiler, valgrind, sanitizers).
option(SATCD_BUILD_FUZZERS "Build the libFuzzer targets in tests/fuzz (clang only)" OFF)

satcd_add_test(test_extreme test_extreme.c)
satcd_add_test(test_misuse test_misuse.c LIBS satcd::draw)

find_package(Threads REQUIRED)
satcd_add_test(test_threads test_threads.c LIBS Threads::Threads)
satcd_add_test(test_broadphase_threads test_broadphase_threads.c support/task_pool.c LIBS Threads::Threads)
satcd_add_test(test_batch_threads test_batch_threads.c support/task_pool.c LIBS Threads::Threads)

foreach(target constructors queries broadphase)
    add_executable(fuzz_replay_${target} fuzz/fuzz_${target}.c fuzz/fuzz_replay.c)
    target_link_libraries(fuzz_replay_${target} PRIVATE satcd::satcd)
    satcd_set_warnings(fuzz_replay_${target})
    add_test(NAME fuzz_replay_${target}
             COMMAND fuzz_replay_${target} ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/corpus/${target})
endforeach()

if(SATCD_BUILD_FUZZERS)
    add_subdirectory(fuzz)
endif()
