# Robustness: extreme inputs, NULL and misuse, threads, and the fuzz targets'
# corpus replayed as ordinary tests (any compiler, valgrind, sanitizers).
satcd_add_test(test_extreme test_extreme.c)
