/*
 * SSE4.1 backend (x86-64, built with -msse4.1): the shared 4-lane kernels
 * (kernels4.h) in SSE registers, and the transforms related and the
 * incident edge clipped in SSE lanes as the AVX2 backend does (sse_xf.h,
 * sse_clip.h). Bitwise identical to scalar.h.
 */
#ifndef SATCD_SIMD_SSE41_H
#define SATCD_SIMD_SSE41_H

#include <stdbool.h>

#include "lanes4_sse.h"
#include "kernels4.h"
#include "sse_clip.h"
#include "sse_xf.h"

static inline const char *satcd__simd_name(void) { return "sse41"; }

/* A second search costs about what the mispredictions it saves do: the plain order (docs/perf/log.md). */
static inline bool satcd__simd_searches_ahead(void) { return false; }

#endif /* SATCD_SIMD_SSE41_H */
