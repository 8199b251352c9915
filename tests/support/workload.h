/*
 * How many random cases a property test runs. Natively the full count;
 * under valgrind a tenth: there the run checks memory accesses, the code
 * paths are the same, and every instruction costs 50 to 100 times more.
 */
#ifndef SATCD_TEST_WORKLOAD_H
#define SATCD_TEST_WORKLOAD_H

#if defined(__has_include)
#  if __has_include(<valgrind/valgrind.h>)
#    include <valgrind/valgrind.h>
#    define WORKLOAD_UNDER_VALGRIND() (RUNNING_ON_VALGRIND != 0)
#  endif
#endif
#ifndef WORKLOAD_UNDER_VALGRIND
#  define WORKLOAD_UNDER_VALGRIND() 0
#endif

/* `full` natively, full / 10 under valgrind. */
static inline int workload_cases(int full) { return WORKLOAD_UNDER_VALGRIND() ? full / 10 : full; }

#endif
