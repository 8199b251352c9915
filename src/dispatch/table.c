/*
 * One backend's table of queries, compiled into each per-backend object of
 * a dispatching library (names.h, force-included, gives the table and every
 * query in it this backend's suffix).
 */
#include "dispatch/queries.h"
#include "simd/simd.h"

#define SATCD__QUERY_ENTRY(type, name, params, args) .name##_fn = name,
#define SATCD__BATCH_ENTRY(name, params, args) .name##_fn = name,
const satcd__backend satcd__backend_table = {
    .name = satcd__simd_name,
    SATCD__QUERIES(SATCD__QUERY_ENTRY)
    SATCD__BATCHES(SATCD__BATCH_ENTRY)
};
