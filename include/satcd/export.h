/**
 * @file export.h
 * @brief SATCD_API marks the functions exported from the shared library.
 *
 * The library is built with hidden visibility, so only declarations marked
 * SATCD_API are exported. The same header serves the static and the shared
 * library: on ELF platforms the attribute is harmless for static linking; on
 * Windows a consumer of the static library defines SATCD_STATIC.
 */
#ifndef SATCD_EXPORT_H
#define SATCD_EXPORT_H

#include <satcd/config.h>

#if defined(_WIN32) || defined(__CYGWIN__)
#  if defined(SATCD_STATIC)
#    define SATCD_API
#  elif defined(SATCD_BUILDING_LIBRARY)
#    define SATCD_API __declspec(dllexport)
#  else
#    define SATCD_API __declspec(dllimport)
#  endif
#elif defined(__GNUC__) || defined(__clang__)
#  define SATCD_API __attribute__((visibility("default")))
#else
#  define SATCD_API
#endif

#endif /* SATCD_EXPORT_H */
