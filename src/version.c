/* Version and build facts of the linked library. */
#include <satcd/version.h>

#if SATCD_SIMD_DISPATCH
#include "dispatch/queries.h"
#else
#include "simd/simd.h"
#endif

const char *satcd_version(void) { return SATCD_VERSION_STRING; }

#if SATCD_SIMD_DISPATCH
const char *satcd_simd_backend(void) { return satcd__backend_in_use()->name(); }
#else
const char *satcd_simd_backend(void) { return satcd__simd_name(); }
#endif
