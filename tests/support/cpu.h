/*
 * What the running x86-64 CPU and operating system support, read here with
 * CPUID and XGETBV directly: the tests' own answer, independent of the
 * library's dispatch (which asks __builtin_cpu_supports).
 */
#ifndef SATCD_TEST_CPU_H
#define SATCD_TEST_CPU_H

#include <stdbool.h>

/* True when the CPU runs the backend named "scalar", "sse41" or "avx2"; false for any other name. */
bool cpu_runs_backend(const char *name);

/* The best of "avx2", "sse41" and "scalar" that the CPU runs. */
const char *cpu_best_backend(void);

#endif /* SATCD_TEST_CPU_H */
