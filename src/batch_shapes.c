/*
 * The batch calls on shapes of any kind (satcd/batch.h). Each pair goes
 * to the generic query, which picks the typed query of the pair's kinds,
 * so the bits are the generic call's. Compiled once: the generic queries
 * already reach the chosen backend of a dispatching library.
 */
#include <satcd/batch.h>
#include <satcd/shape.h>

#include "batch_internal.h"

SATCD__BATCH_COLLIDE_TASK(collide_shapes_task, satcd_shape, satcd_shape, satcd_collide)
SATCD__BATCH_OVERLAP_TASK(overlap_shapes_task, satcd_shape, satcd_overlap)

void satcd_batch_collide_shapes_parallel(const satcd_shape *const *shapes, const satcd_xf *xfs,
                                         const satcd_pair *pairs, int count, float margin, satcd_manifold *out,
                                         const satcd_task_system *tasks)
{
    satcd__run_batch(collide_shapes_task, satcd__make_job(shapes, shapes, xfs, pairs, margin, out), count, tasks);
}

void satcd_batch_overlap_shapes_parallel(const satcd_shape *const *shapes, const satcd_xf *xfs,
                                         const satcd_pair *pairs, int count, bool *out,
                                         const satcd_task_system *tasks)
{
    satcd__run_batch(overlap_shapes_task, satcd__make_job(shapes, shapes, xfs, pairs, 0.0f, out), count, tasks);
}

void satcd_batch_collide_shapes(const satcd_shape *const *shapes, const satcd_xf *xfs, const satcd_pair *pairs,
                                int count, float margin, satcd_manifold *out)
{
    satcd_batch_collide_shapes_parallel(shapes, xfs, pairs, count, margin, out, NULL);
}

void satcd_batch_overlap_shapes(const satcd_shape *const *shapes, const satcd_xf *xfs, const satcd_pair *pairs,
                                int count, bool *out)
{
    satcd_batch_overlap_shapes_parallel(shapes, xfs, pairs, count, out, NULL);
}
