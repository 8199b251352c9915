/* CPUID leaf 1 and 7 feature bits, and the AVX state the OS saves (XCR0). */
#include "cpu.h"

#include <string.h>

#include <cpuid.h>

static bool has_sse41(void)
{
    unsigned a, b, c, d;
    return __get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 19));
}

/* AVX2 needs the instructions (leaf 7 EBX bit 5, leaf 1 AVX) and an OS that saves the YMM state. */
static bool has_avx2(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return false;
    const unsigned osxsave = 1u << 27, avx = 1u << 28;
    if ((c & (osxsave | avx)) != (osxsave | avx)) return false;
    unsigned xcr0_lo, xcr0_hi;
    __asm__ volatile("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
    (void)xcr0_hi;
    if ((xcr0_lo & 6u) != 6u) return false; /* XMM and YMM state */
    return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & (1u << 5));
}

bool cpu_runs_backend(const char *name)
{
    if (strcmp(name, "scalar") == 0) return true;
    if (strcmp(name, "sse41") == 0) return has_sse41();
    if (strcmp(name, "avx2") == 0) return has_avx2();
    return false;
}

const char *cpu_best_backend(void)
{
    if (has_avx2()) return "avx2";
    if (has_sse41()) return "sse41";
    return "scalar";
}
