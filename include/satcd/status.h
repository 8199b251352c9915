/**
 * @file status.h
 * @brief Status codes returned by the constructors and satcd_decompose.
 */
#ifndef SATCD_STATUS_H
#define SATCD_STATUS_H

#include <satcd/export.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Largest coordinate or radius magnitude a constructor accepts. Beyond it
 * the products a query forms could overflow float.
 */
#define SATCD_MAX_COORDINATE 1e15f

/** Why a constructor refused its input. On any status but SATCD_OK the output is left untouched. */
typedef enum satcd_status {
    SATCD_OK = 0,                /**< success */
    SATCD_ERR_NULL,              /**< a required pointer is NULL */
    SATCD_ERR_NOT_FINITE,        /**< a coordinate, extent or radius is NaN or infinite */
    SATCD_ERR_TOO_FEW_POINTS,    /**< fewer than 3 distinct points (or fewer than 3 sides) */
    SATCD_ERR_TOO_MANY_POINTS,   /**< more than SATCD_MAX_POLYGON_VERTICES vertices once cleaned (or regular sides) */
    SATCD_ERR_DEGENERATE,        /**< all points collinear, or zero area */
    SATCD_ERR_NOT_CONVEX,        /**< a simple polygon that is not convex */
    SATCD_ERR_SELF_INTERSECTING, /**< edges cross or touch: bow-tie, star, repeated vertex */
    SATCD_ERR_BAD_RADIUS,        /**< a radius or extent is not > 0 */
    SATCD_ERR_OUT_OF_RANGE,      /**< a coordinate or radius exceeds SATCD_MAX_COORDINATE in magnitude */
    SATCD_ERR_CAPACITY,          /**< the result needs more output slots than the caller gave */
    SATCD_STATUS_COUNT           /**< number of status codes (not a status) */
} satcd_status;

/** A short English message for @p s (never NULL; "unknown status" for out-of-range values). */
SATCD_API const char *satcd_status_string(satcd_status s);

#ifdef __cplusplus
}
#endif

#endif /* SATCD_STATUS_H */
