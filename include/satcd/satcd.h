/**
 * @file satcd.h
 * @brief libsatcd: 2D collision detection between convex shapes by the
 * Separating Axis Theorem. Include this one header for the whole API of
 * libsatcd (satcd::satcd). The SVG pictures of satcd/draw.h are a library of
 * their own, libsatcd_draw (satcd::draw): include that header and link it
 * when you draw.
 */
#ifndef SATCD_SATCD_H
#define SATCD_SATCD_H

#include <satcd/config.h>
#include <satcd/export.h>
#include <satcd/version.h>
#include <satcd/status.h>
#include <satcd/vec2.h>
#include <satcd/polygon.h>
#include <satcd/circle.h>
#include <satcd/capsule.h>
#include <satcd/shape.h>
#include <satcd/compound.h>
#include <satcd/decompose.h>
#include <satcd/sat.h>
#include <satcd/manifold.h>
#include <satcd/trace.h>
#include <satcd/distance.h>
#include <satcd/ray.h>
#include <satcd/sweep.h>
#include <satcd/task.h>
#include <satcd/broadphase.h>
#include <satcd/batch.h>

#endif /* SATCD_SATCD_H */
