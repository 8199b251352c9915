/* The messages of the status codes every constructor returns. */
#include <satcd/status.h>

const char *satcd_status_string(satcd_status s)
{
    switch (s) {
    case SATCD_OK: return "ok";
    case SATCD_ERR_NULL: return "a required pointer is NULL";
    case SATCD_ERR_NOT_FINITE: return "a coordinate or radius is NaN or infinite";
    case SATCD_ERR_TOO_FEW_POINTS: return "fewer than 3 distinct points";
    case SATCD_ERR_TOO_MANY_POINTS: return "more vertices than SATCD_MAX_POLYGON_VERTICES";
    case SATCD_ERR_DEGENERATE: return "all points collinear or zero area";
    case SATCD_ERR_NOT_CONVEX: return "the polygon is not convex";
    case SATCD_ERR_SELF_INTERSECTING: return "edges cross or a vertex repeats";
    case SATCD_ERR_BAD_RADIUS: return "a radius or extent is not greater than zero";
    case SATCD_ERR_OUT_OF_RANGE: return "a coordinate or radius exceeds SATCD_MAX_COORDINATE";
    case SATCD_ERR_CAPACITY: return "more results than output slots";
    default: return "unknown status";
    }
}
