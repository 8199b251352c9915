/*
 * Linked into a test whose own code is compiled for one backend's
 * instruction set (SATCD_TEST_NEEDS_BACKEND): before main, which may already
 * use those instructions, a CPU without them ends the test as skipped
 * (exit status 77, CTest's SKIP_RETURN_CODE) instead of a crash.
 */
#include <stdio.h>
#include <unistd.h>

#include "cpu.h"

__attribute__((constructor)) static void skip_without_backend(void)
{
    if (cpu_runs_backend(SATCD_TEST_NEEDS_BACKEND)) return;
    printf("skipped: this CPU does not run the %s backend\n", SATCD_TEST_NEEDS_BACKEND);
    fflush(stdout);
    _exit(77);
}
