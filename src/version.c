/* Version and build facts of the linked library. */
#include <satcd/version.h>

#include "simd/simd.h"

const char *satcd_version(void) { return SATCD_VERSION_STRING; }

const char *satcd_simd_backend(void) { return satcd__simd_name(); }
