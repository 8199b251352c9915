#!/usr/bin/env python3
"""Write the seed corpus of the fuzz targets (corpus/constructors, corpus/queries, corpus/broadphase).

The files are committed; this script documents how they were made and
regenerates them. Input layouts are described at the top of
fuzz_constructors.c, fuzz_queries.c and fuzz_broadphase.c; fuzz_common.h decodes coordinates:
encoding 0 raw float32 bits, 1 int8 * 0.25, 2 int8 * a raw float32 scale.
"""
import math
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
NAN, INF = float("nan"), float("inf")


def f32(x):
    return struct.pack("<f", x)


def i8(x):
    return struct.pack("<b", x)


def raw(points):
    return b"".join(f32(x) + f32(y) for x, y in points)


def grid(points):
    return b"".join(i8(x) + i8(y) for x, y in points)


CONSTRUCTORS = {}
QUERIES = {}

# ---- constructors: [encoding][scale?][which][flags][count] coordinates ----
MAKE, HULL, REGULAR, BOX, CIRCLE, LONG_MAKE, LONG_HULL, DECOMPOSE, CAPSULE = 0, 1, 2, 3, 4, 5, 6, 7, 8
square = [(-1, -1), (1, -1), (1, 1), (-1, 1)]


def ctor_raw(which, count, pts, flags=0):
    return bytes([0, which, flags, count]) + raw(pts)


def ctor_grid(which, count, pts, flags=0):
    return bytes([1, which, flags, count]) + grid(pts)


def ctor_scaled(scale, which, count, pts):
    return bytes([2]) + f32(scale) + bytes([which, 0, count]) + grid(pts)


CONSTRUCTORS["make_square_ccw"] = ctor_raw(MAKE, 4, square)
CONSTRUCTORS["make_square_cw"] = ctor_raw(MAKE, 4, square[::-1])
CONSTRUCTORS["make_triangle_grid"] = ctor_grid(MAKE, 3, [(0, 0), (8, 0), (0, 8)])
CONSTRUCTORS["make_nan"] = ctor_raw(MAKE, 4, [(-1, -1), (NAN, -1), (1, 1), (-1, 1)])
CONSTRUCTORS["make_inf"] = ctor_raw(MAKE, 4, [(-1, -1), (INF, -1), (1, -INF), (-1, 1)])
CONSTRUCTORS["make_denormal"] = ctor_raw(MAKE, 4, [(x * 1e-40, y * 1e-40) for x, y in square])
CONSTRUCTORS["make_tiny"] = ctor_raw(MAKE, 4, [(x * 1e-30, y * 1e-30) for x, y in square])
CONSTRUCTORS["make_negative_zero"] = ctor_raw(MAKE, 3, [(-0.0, -0.0), (1, -0.0), (-0.0, 1)])
CONSTRUCTORS["make_huge"] = ctor_raw(MAKE, 4, [(x * 1e15, y * 1e15) for x, y in square])
CONSTRUCTORS["make_out_of_range"] = ctor_raw(MAKE, 4, [(x * 1e16, y * 1e16) for x, y in square])
CONSTRUCTORS["make_far_unit"] = ctor_raw(MAKE, 4, [(x + 1e7, y - 1e7) for x, y in square])
CONSTRUCTORS["make_duplicates"] = ctor_grid(MAKE, 6, [(0, 0), (0, 0), (8, 0), (8, 0), (8, 8), (0, 0)])
CONSTRUCTORS["make_collinear"] = ctor_grid(
    MAKE, 16, [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (4, 1), (4, 2), (4, 3), (4, 4), (3, 4), (2, 4), (1, 4), (0, 4), (0, 3), (0, 2), (0, 1)])
CONSTRUCTORS["make_all_collinear"] = ctor_grid(MAKE, 4, [(0, 0), (1, 1), (2, 2), (3, 3)])
CONSTRUCTORS["make_bowtie"] = ctor_grid(MAKE, 4, [(0, 0), (4, 4), (4, 0), (0, 4)])
CONSTRUCTORS["make_concave"] = ctor_grid(MAKE, 5, [(0, 0), (8, 0), (4, 2), (8, 8), (0, 8)])
CONSTRUCTORS["make_16gon"] = ctor_raw(
    MAKE, 16, [(math.cos(2 * math.pi * i / 16), math.sin(2 * math.pi * i / 16)) for i in range(16)])
CONSTRUCTORS["make_17_points"] = ctor_grid(MAKE, 17, [(i, i * i % 7) for i in range(17)])
CONSTRUCTORS["make_two_points"] = ctor_grid(MAKE, 2, [(0, 0), (1, 0)])
CONSTRUCTORS["make_sliver"] = ctor_raw(MAKE, 4, [(-1, -1e-4), (1, -1e-4), (1, 1e-4), (-1, 1e-4)])
CONSTRUCTORS["make_null_out"] = ctor_raw(MAKE, 4, square, flags=0xF1)
CONSTRUCTORS["make_null_points"] = ctor_raw(MAKE, 4, square, flags=0xF2)
CONSTRUCTORS["make_scaled_tiny"] = ctor_scaled(1e-38, MAKE, 4, [(0, 0), (100, 0), (100, 100), (0, 100)])
CONSTRUCTORS["make_scaled_near_circle"] = ctor_scaled(
    1e-3, MAKE, 16, [(round(120 * math.cos(2 * math.pi * i / 16)), round(120 * math.sin(2 * math.pi * i / 16))) for i in range(16)])
CONSTRUCTORS["hull_circle_40"] = ctor_grid(
    HULL, 40, [(round(100 * math.cos(2 * math.pi * i / 40)), round(100 * math.sin(2 * math.pi * i / 40))) for i in range(40)])
CONSTRUCTORS["hull_cloud"] = ctor_grid(HULL, 24, [((i * 37) % 61 - 30, (i * 53) % 59 - 29) for i in range(24)])
CONSTRUCTORS["hull_square_edges"] = ctor_grid(
    HULL, 20, [(x, -10) for x in range(-10, 10, 4)] + [(10, y) for y in range(-10, 10, 4)] +
    [(x, 10) for x in range(10, -10, -4)] + [(-10, y) for y in range(10, -10, -4)])
CONSTRUCTORS["hull_one_point"] = ctor_grid(HULL, 5, [(3, 3)] * 5)
CONSTRUCTORS["hull_line"] = ctor_grid(HULL, 6, [(i, 2 * i) for i in range(6)])
CONSTRUCTORS["hull_nan"] = ctor_raw(HULL, 4, [(0, 0), (1, 0), (NAN, NAN), (0, 1)])


# Long outlines: [encoding][which][flags][corners][points per edge / 4][closing] corner coordinates.
def ctor_long(which, per_edge_quarter, closing, pts, enc=1, scale=None):
    head = bytes([enc]) + (f32(scale) if enc == 2 else b"") + bytes([which, 0, len(pts), per_edge_quarter, closing])
    return head + (raw(pts) if enc == 0 else grid(pts))


hexagon = [(round(100 * math.cos(2 * math.pi * i / 6)), round(100 * math.sin(2 * math.pi * i / 6))) for i in range(6)]
CONSTRUCTORS["long_make_hexagon"] = ctor_long(LONG_MAKE, 40, 1, hexagon)
CONSTRUCTORS["long_make_hexagon_cw"] = ctor_long(LONG_MAKE, 12, 0, hexagon[::-1])
CONSTRUCTORS["long_make_far_square"] = ctor_long(LONG_MAKE, 60, 1, [(x * 1e5 + 1e6, y * 1e5 - 1e6) for x, y in square], enc=0)
CONSTRUCTORS["long_make_16gon"] = ctor_long(
    LONG_MAKE, 18, 1, [(round(120 * math.cos(2 * math.pi * i / 16)), round(120 * math.sin(2 * math.pi * i / 16))) for i in range(16)])
CONSTRUCTORS["long_make_17gon"] = ctor_long(
    LONG_MAKE, 17, 0, [(math.cos(2 * math.pi * i / 17), math.sin(2 * math.pi * i / 17)) for i in range(17)], enc=0)
CONSTRUCTORS["long_make_concave"] = ctor_long(LONG_MAKE, 50, 1, [(0, 0), (80, 0), (40, 20), (80, 80), (0, 80)])
CONSTRUCTORS["long_make_line"] = ctor_long(LONG_MAKE, 100, 0, [(0, 0), (50, 50)])
CONSTRUCTORS["long_make_scaled_tiny"] = ctor_long(LONG_MAKE, 30, 1, hexagon, enc=2, scale=1e-30)
CONSTRUCTORS["long_hull_hexagon"] = ctor_long(LONG_HULL, 40, 1, hexagon)
CONSTRUCTORS["long_hull_star"] = ctor_long(
    LONG_HULL, 20, 0, [(round((100 if i % 2 else 40) * math.cos(math.pi * i / 8)), round((100 if i % 2 else 40) * math.sin(math.pi * i / 8))) for i in range(16)])
CONSTRUCTORS["long_hull_32_corners"] = ctor_long(
    LONG_HULL, 9, 0, [(round(120 * math.cos(2 * math.pi * i / 32)), round(120 * math.sin(2 * math.pi * i / 32))) for i in range(32)])
# Decompose (a constructor byte of 7 modulo 16): [encoding][scale?][7][flags][count][output slots: 0xFF all, 0xFE a NULL count] coordinates.
def ctor_decompose(pts, slots=0xFF, enc=1, flags=0, scale=None):
    head = bytes([enc]) + (f32(scale) if enc == 2 else b"") + bytes([DECOMPOSE, flags, len(pts), slots])
    return head + (raw(pts) if enc == 0 else grid(pts))


l_shape = [(0, 0), (40, 0), (40, 20), (20, 20), (20, 40), (0, 40)]
comb = [(0, 0), (70, 0), (70, 60), (60, 60), (60, 20), (50, 20), (50, 60), (40, 60), (40, 20), (30, 20), (30, 60),
        (20, 60), (20, 20), (10, 20), (10, 60), (0, 60)]
star = [(round((100 if i % 2 else 45) * math.cos(math.pi * i / 12)), round((100 if i % 2 else 45) * math.sin(math.pi * i / 12)))
        for i in range(24)]
spiral = [((1 + a / 6.2832) * math.cos(a), (1 + a / 6.2832) * math.sin(a)) for a in [i * 0.35 for i in range(30)]]
spiral += [((0.55 + a / 6.2832) * math.cos(a), (0.55 + a / 6.2832) * math.sin(a)) for a in [i * 0.35 for i in range(29, -1, -1)]]
CONSTRUCTORS["decompose_l"] = ctor_decompose(l_shape)
CONSTRUCTORS["decompose_l_cw_closed"] = ctor_decompose(l_shape[::-1] + [l_shape[-1]])
CONSTRUCTORS["decompose_comb"] = ctor_decompose(comb)
CONSTRUCTORS["decompose_star"] = ctor_decompose(star)
CONSTRUCTORS["decompose_spiral_far"] = ctor_decompose([(x * 100 + 1e4, y * 100 - 1e4) for x, y in spiral], enc=0)
CONSTRUCTORS["decompose_collinear"] = ctor_decompose([(0, 0), (10, 0), (20, 0), (40, 0), (40, 10), (40, 20), (30, 20), (20, 20),
                                                      (20, 30), (20, 40), (10, 40), (0, 40), (0, 20)])
CONSTRUCTORS["decompose_bowtie"] = ctor_decompose([(0, 0), (40, 40), (40, 0), (0, 40)])
CONSTRUCTORS["decompose_touching"] = ctor_decompose([(0, 0), (40, 0), (40, 40), (20, 0), (0, 40)])
CONSTRUCTORS["decompose_nan"] = ctor_decompose([(0, 0), (4, 0), (NAN, 2), (2, 2), (2, 4), (0, 4)], enc=0)
CONSTRUCTORS["decompose_one_slot"] = ctor_decompose(l_shape, slots=1)
CONSTRUCTORS["decompose_null_count"] = ctor_decompose(l_shape, slots=0xFE)
CONSTRUCTORS["decompose_null_out"] = ctor_decompose(l_shape, flags=0xF1)
CONSTRUCTORS["decompose_tiny"] = ctor_decompose(comb, enc=2, scale=1e-30)
CONSTRUCTORS["decompose_huge"] = ctor_decompose(star, enc=2, scale=1e13)
CONSTRUCTORS["decompose_notch"] = ctor_decompose([(0, 0), (4, 0), (4, 4), (2, 4 - 3e-4), (0, 4)], enc=0)

CONSTRUCTORS["regular_3"] = bytes([0, REGULAR, 0, 3]) + f32(1.0)
CONSTRUCTORS["regular_16"] = bytes([0, REGULAR, 0, 16]) + f32(2.5)
CONSTRUCTORS["regular_17"] = bytes([0, REGULAR, 0, 17]) + f32(1.0)
CONSTRUCTORS["regular_negative_sides"] = bytes([0, REGULAR, 0, 0xFF]) + f32(1.0)
CONSTRUCTORS["regular_nan"] = bytes([0, REGULAR, 0, 8]) + f32(NAN)
CONSTRUCTORS["regular_zero"] = bytes([0, REGULAR, 0, 8]) + f32(-0.0)
CONSTRUCTORS["regular_huge"] = bytes([0, REGULAR, 0, 8]) + f32(1e16)
CONSTRUCTORS["regular_denormal"] = bytes([0, REGULAR, 0, 8]) + f32(1e-41)
CONSTRUCTORS["box_unit"] = bytes([0, BOX, 0]) + f32(1.0) + f32(1.0)
CONSTRUCTORS["box_sliver"] = bytes([0, BOX, 0]) + f32(1.0) + f32(1e-4)
CONSTRUCTORS["box_too_thin"] = bytes([0, BOX, 0]) + f32(1.0) + f32(1e-7)
CONSTRUCTORS["box_denormal"] = bytes([0, BOX, 0]) + f32(1e-40) + f32(1e-40)
CONSTRUCTORS["box_nan"] = bytes([0, BOX, 0]) + f32(NAN) + f32(1.0)
CONSTRUCTORS["box_zero"] = bytes([0, BOX, 0]) + f32(0.0) + f32(1.0)
CONSTRUCTORS["box_huge"] = bytes([0, BOX, 0]) + f32(1e15) + f32(1e15)
CONSTRUCTORS["circle_unit"] = bytes([0, CIRCLE, 0]) + raw([(0.5, -0.5)]) + f32(1.0)
CONSTRUCTORS["circle_nan"] = bytes([0, CIRCLE, 0]) + raw([(NAN, 0)]) + f32(1.0)
CONSTRUCTORS["circle_zero_radius"] = bytes([0, CIRCLE, 0]) + raw([(0, 0)]) + f32(0.0)
CONSTRUCTORS["circle_negative"] = bytes([0, CIRCLE, 0]) + raw([(0, 0)]) + f32(-1.0)
CONSTRUCTORS["circle_huge"] = bytes([0, CIRCLE, 0]) + raw([(1e16, 0)]) + f32(1.0)
CONSTRUCTORS["circle_null"] = bytes([0, CIRCLE, 0xF1]) + raw([(0, 0)]) + f32(1.0)
# capsule: p1, p2, radius, then the offset of the copy it meets and a ray (origin, translation).
CAPSULE_TAIL = raw([(0.5, 0.25), (-3, 0.1), (6, 0)])
CONSTRUCTORS["capsule_unit"] = bytes([0, CAPSULE, 0]) + raw([(-1, 0), (1, 0)]) + f32(0.5) + CAPSULE_TAIL
CONSTRUCTORS["capsule_segment"] = bytes([0, CAPSULE, 0]) + raw([(-1, -1), (1, 1)]) + f32(0.0) + CAPSULE_TAIL
CONSTRUCTORS["capsule_disc"] = bytes([0, CAPSULE, 0]) + raw([(0.5, 0.5), (0.5, 0.5)]) + f32(0.75) + CAPSULE_TAIL
CONSTRUCTORS["capsule_point"] = bytes([0, CAPSULE, 0]) + raw([(0.5, 0.5), (0.5, 0.5)]) + f32(0.0)
CONSTRUCTORS["capsule_nan"] = bytes([0, CAPSULE, 0]) + raw([(NAN, 0), (1, 0)]) + f32(0.5)
CONSTRUCTORS["capsule_inf_radius"] = bytes([0, CAPSULE, 0]) + raw([(0, 0), (1, 0)]) + f32(INF)
CONSTRUCTORS["capsule_negative"] = bytes([0, CAPSULE, 0]) + raw([(0, 0), (1, 0)]) + f32(-0.5)
CONSTRUCTORS["capsule_huge"] = bytes([0, CAPSULE, 0]) + raw([(0, 0), (1e16, 0)]) + f32(0.5)
CONSTRUCTORS["capsule_far"] = bytes([0, CAPSULE, 0]) + raw([(-1e15, 1e15), (1e15, -1e15)]) + f32(1e15) + raw([(1e15, 0), (-1e15, 0), (2e15, 1)])
CONSTRUCTORS["capsule_null"] = bytes([0, CAPSULE, 0xF1]) + raw([(0, 0), (1, 0)]) + f32(0.5)

# ---- queries: [encoding][scale?][kinds] shape A, xf A, shape B, xf B, [cache 4][tolerance][margin] ----
# polygon: [n-3] n points [radius if the hull is refused]; circle: centre, radius;
# xf: position (2 coordinates), cos and sin as raw float32.
POLY_POLY, POLY_CIRCLE, CIRCLE_CIRCLE = 0, 2, 3


def query_polygon(pts, enc):
    return bytes([len(pts) - 3]) + (raw(pts) if enc == 0 else grid(pts))


def query_circle(c, r, enc):
    return (raw([c]) + f32(r)) if enc == 0 else (grid([c]) + i8(r))


def query_xf(p, angle, enc):
    pos = raw([p]) if enc == 0 else grid([p])
    return pos + f32(math.cos(angle)) + f32(math.sin(angle))


def query_tail(enc, tol, margin):
    coords = (f32(tol) + f32(margin)) if enc == 0 else (i8(tol) + i8(margin))
    return bytes([0xFF, 0xFF, 0, 0]) + coords


def query(enc, kinds, a, xa, b, xb, tol=0, margin=0, scale=None):
    head = bytes([enc]) + (f32(scale) if enc == 2 else b"") + bytes([kinds])
    return head + a + xa + b + xb + query_tail(enc, tol, margin)


box1 = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
tri = [(-1, -1), (2, -1), (0, 2)]
QUERIES["boxes_overlap"] = query(0, POLY_POLY, query_polygon(box1, 0), query_xf((0, 0), 0, 0), query_polygon(box1, 0), query_xf((1.5, 0.25), 0, 0))
QUERIES["boxes_touch"] = query(0, POLY_POLY, query_polygon(box1, 0), query_xf((0, 0), 0, 0), query_polygon(box1, 0), query_xf((2, 0), 0, 0))
QUERIES["boxes_apart"] = query(0, POLY_POLY, query_polygon(box1, 0), query_xf((0, 0), 0, 0), query_polygon(box1, 0), query_xf((3, 1), 0.3, 0), 0.1, 2.0)
QUERIES["boxes_rotated"] = query(0, POLY_POLY, query_polygon(box1, 0), query_xf((5, 5), 0.7, 0), query_polygon(tri, 0), query_xf((6, 5.5), -1.2, 0), 0.01, 0.5)
QUERIES["contained"] = query(0, POLY_POLY, query_polygon([(x * 4, y * 4) for x, y in box1], 0), query_xf((0, 0), 0.1, 0),
                             query_polygon(tri, 0), query_xf((0.5, 0), 2.0, 0))
QUERIES["far_offset"] = query(0, POLY_POLY, query_polygon(box1, 0), query_xf((1e6, -1e6), 0.4, 0), query_polygon(tri, 0), query_xf((1e6 + 1.5, -1e6), 0.1, 0))
QUERIES["grid_hulls"] = query(1, POLY_POLY, query_polygon([(0, 0), (20, 0), (20, 20), (10, 30), (0, 20)], 1), query_xf((0, 0), 0, 1),
                              query_polygon([(-10, -10), (10, -10), (0, 10)], 1), query_xf((8, 8), 1.0, 1), 2, 8)
QUERIES["tiny_scaled"] = query(2, POLY_POLY, query_polygon([(-100, -100), (100, -100), (100, 100), (-100, 100)], 2), query_xf((0, 0), 0, 2),
                               query_polygon([(-100, -100), (100, -100), (0, 100)], 2), query_xf((50, 20), 0.5, 2), 0, 0, scale=1e-6)
QUERIES["sixteen_gons"] = query(0, POLY_POLY,
                                query_polygon([(math.cos(2 * math.pi * i / 16), math.sin(2 * math.pi * i / 16)) for i in range(16)], 0),
                                query_xf((0, 0), 0, 0),
                                query_polygon([(math.cos(2 * math.pi * i / 16), math.sin(2 * math.pi * i / 16)) for i in range(16)], 0),
                                query_xf((1.9, 0.1), 0.1, 0))
QUERIES["sliver_cross"] = query(0, POLY_POLY, query_polygon([(-1, -1e-4), (1, -1e-4), (1, 1e-4), (-1, 1e-4)], 0), query_xf((0, 0), 0, 0),
                                query_polygon([(-1, -1e-4), (1, -1e-4), (1, 1e-4), (-1, 1e-4)], 0), query_xf((0.2, 0), 1.5707964, 0))
QUERIES["nan_transform"] = query(0, POLY_POLY, query_polygon(box1, 0), query_xf((NAN, 0), 0, 0), query_polygon(box1, 0), raw([(1, 0)]) + f32(NAN) + f32(INF))
QUERIES["polygon_circle_inside"] = query(0, POLY_CIRCLE, query_polygon(box1, 0), query_xf((0, 0), 0.2, 0), query_circle((0, 0), 0.5, 0), query_xf((0.1, 0.2), 0, 0))
QUERIES["polygon_circle_vertex"] = query(0, POLY_CIRCLE, query_polygon(box1, 0), query_xf((0, 0), 0, 0), query_circle((0, 0), 0.5, 0), query_xf((1.3, 1.3), 0, 0), 0, 0.5)
QUERIES["polygon_circle_apart"] = query(0, POLY_CIRCLE, query_polygon(tri, 0), query_xf((3, 0), 1, 0), query_circle((1, 1), 0.5, 0), query_xf((-3, 0), 0, 0))
QUERIES["circles_concentric"] = query(0, CIRCLE_CIRCLE, query_circle((0, 0), 1, 0), query_xf((2, 2), 0.5, 0), query_circle((0, 0), 0.5, 0), query_xf((2, 2), 0, 0))
QUERIES["circles_grid"] = query(1, CIRCLE_CIRCLE, query_circle((1, 2), 8, 1), query_xf((0, 0), 0, 1), query_circle((-3, 0), 4, 1), query_xf((10, 0), 0, 1), 1, 4)


# Batch mode (kinds | 4): count (int8, % 9), 8 pairs of int8 indices (index k: A, B, NULL for k % 3 = 0, 1, 2), margin.
BATCH = 4


def batch_pairs(count, pairs, margin):
    pairs = (pairs + [(0, 1)] * 8)[:8]
    return i8(count) + b"".join(i8(a) + i8(b) for a, b in pairs) + f32(margin)


def query_batch(kinds, a, xa, b, xb, count, pairs, margin):
    return bytes([0, kinds | BATCH]) + a + xa + b + xb + batch_pairs(count, pairs, margin) + query_tail(0, 0, 0)


QUERIES["batch_bad_indices"] = query_batch(POLY_POLY, query_polygon(box1, 0), query_xf((0, 0), 0, 0), query_polygon(box1, 0),
                                           query_xf((1.5, 0.25), 0, 0), 8,
                                           [(0, 1), (-1, 1), (1, -128), (2, 1), (1, 0), (126, 127), (3, 4), (-5, -6)], 0.1)
QUERIES["batch_touching_circles"] = query_batch(CIRCLE_CIRCLE, query_circle((0, 0), 1, 0), query_xf((0, 0), 0, 0),
                                                query_circle((0, 0), 1, 0), query_xf((2, 0), 0, 0), 7,
                                                [(0, 1), (1, 0), (-1, 0), (0, 2), (127, 0), (3, 1), (0, 0)], 0.0)
QUERIES["batch_polygon_circle"] = query_batch(POLY_CIRCLE, query_polygon(tri, 0), query_xf((1e5, 1e5), 0.3, 0),
                                              query_circle((0, 0), 0.5, 0), query_xf((1e5 + 0.5, 1e5), 0, 0), 5,
                                              [(0, 1), (3, 4), (-2, 1), (0, -1), (126, 1)], 0.05)
QUERIES["batch_negative_count"] = query_batch(POLY_POLY, query_polygon(tri, 0), query_xf((0, 0), 0, 0), query_polygon(box1, 0),
                                              query_xf((0.5, 0), 0, 0), -3, [(0, 1)], 0.0)

# ---- broadphase: [encoding][scale?] then operations: opcode, fields ----
BROADPHASE = {}
ADD, MOVE, REMOVE, PAIRS, QUERY, RAY = range(6)


def bp_box(encoding, lx, ly, ux, uy):
    return (raw if encoding == 0 else grid)([(lx, ly), (ux, uy)])


def bp_ops(encoding, ops, scale=None):
    out = bytes([encoding]) + (f32(scale) if encoding == 2 else b"")
    for op in ops:
        out += bytes([op[0]])
        code, args = op[0] % 6, op[1:]  # the target reads the opcode modulo 6
        if code == ADD or code == QUERY:
            out += bp_box(encoding, *args)
        elif code == MOVE:
            out += bytes([args[0] + 2]) + bp_box(encoding, *args[1:])
        elif code == REMOVE or code == PAIRS:
            out += bytes([args[0] + (2 if code == REMOVE else 0)])
        elif code == RAY:
            out += bp_box(encoding, *args)  # origin, translation
    return out


touching = [(ADD, 0, 0, 4, 4), (ADD, 4, 0, 8, 4), (ADD, 0, 4, 4, 8), (ADD, 4, 4, 8, 8), (ADD, 2, 2, 2, 2)]
BROADPHASE["touching_grid"] = bp_ops(1, touching + [(PAIRS, 255), (PAIRS, 2), (QUERY, 4, 4, 4, 4), (RAY, 0, 4, 8, 0)])
BROADPHASE["move_remove_reuse"] = bp_ops(1, touching + [(PAIRS, 255), (MOVE, 1, 20, 20, 24, 24), (REMOVE, 2),
                                                      (QUERY, -10, -10, 30, 30), (ADD, 1, 1, 3, 3), (PAIRS, 255),
                                                      (REMOVE, 0), (REMOVE, 0), (MOVE, 0, 0, 0, 1, 1), (MOVE, -1, 0, 0, 1, 1)])
BROADPHASE["bad_boxes"] = bp_ops(0, [(ADD, 0, 0, 1, 1), (ADD, NAN, 0, 1, 1), (ADD, 0, 0, INF, 1), (ADD, 1, 0, 0, 1),
                                     (ADD, -2e15, 0, 1, 1), (PAIRS, 255), (MOVE, 0, 0, NAN, 1, 1), (MOVE, 0, 1, 1, 0, 0),
                                     (QUERY, NAN, 0, 1, 1), (RAY, 0, 0, INF, 1), (PAIRS, 255)])
BROADPHASE["huge_and_far"] = bp_ops(0, [(ADD, -1e15, -1e15, 1e15, 1e15), (ADD, 1e5, 1e5, 1e5 + 1, 1e5 + 1),
                                        (ADD, -1e15, 0, 1e15, 0), (ADD, 1e15, 1e15, 1e15, 1e15), (ADD, 1e5, 1e5 + 1, 1e5 + 2, 1e5 + 3),
                                        (PAIRS, 255), (RAY, -1e15, -1e15, 2e15, 2e15), (RAY, 1e5 + 0.5, 1e5 - 1, 0, 5), (PAIRS, 1)])
BROADPHASE["tall_columns"] = bp_ops(2, [(ADD, i * 2, -100, i * 2 + 1, 100) for i in range(12)] +
                                    [(ADD, -30, i * 4, 30, i * 4 + 1) for i in range(-12, 12)] +
                                    [(PAIRS, 255), (RAY, -30, -30, 60, 60), (QUERY, 0, 0, 3, 3), (PAIRS, 10)], scale=0.5)
BROADPHASE["many_small"] = bp_ops(1, [(ADD, (i * 37) % 120 - 60, (i * 53) % 120 - 60, (i * 37) % 120 - 58, (i * 53) % 120 - 57)
                                      for i in range(80)] + [(PAIRS, 255)] +
                                  [(MOVE, i, (i * 41) % 120 - 60, (i * 29) % 120 - 60, (i * 41) % 120 - 59, (i * 29) % 120 - 59)
                                   for i in range(0, 80, 3)] + [(PAIRS, 255), (RAY, -60, -60, 120, 110), (QUERY, -5, -5, 5, 5)])

# Mostly point boxes: the bands are thin and far coordinates clamp into the outermost band.
BROADPHASE["points_and_far"] = bp_ops(0, [(ADD, 0, 0, 0, 0)] * 4 + [(ADD, 0, 0, 1e-37, 1e-37), (ADD, 1e5, 1e5, 1e5 + 1, 1e5 + 1),
                                          (ADD, -1e15, 1e15, 1e15, 1e15), (PAIRS, 255), (RAY, 1e5, 1e5 + 1, 1e5 + 1, 4e21),
                                          (RAY, 1e5, -1e15, 0, 2e15), (QUERY, 1e5, 1e5, 1e5, 1e5)])

# A scene mostly at rest: each frame one box of 48 moves, and the pairs are
# listed on tasks, so the list is revised rather than swept again (with the
# broad phase's blocks set small, as the fuzz run builds it, the revision in
# entry order and the pair sort on the tasks).
PAIRS_ON_TASKS = 0x81  # 129 % 6 is PAIRS, and the top bit lists them on tasks
rest = [(ADD, (i % 8) * 6 - 24, (i // 8) * 6 - 18, (i % 8) * 6 - 17, (i // 8) * 6 - 11) for i in range(48)]
rest.append((PAIRS_ON_TASKS, 255))
for frame in range(8):
    i = (frame * 7) % 48
    rest += [(MOVE, i, (i % 8) * 6 - 24 + frame, (i // 8) * 6 - 18, (i % 8) * 6 - 17 + frame, (i // 8) * 6 - 11),
             (PAIRS_ON_TASKS, 255)]
BROADPHASE["rest_few_moving"] = bp_ops(1, rest + [(REMOVE, 5), (PAIRS_ON_TASKS, 255)])

# Generic shapes: the bytes after the typed pair, which for boxes_overlap
# (zero-padded) takes its first 143 bytes. Each shape: [kind] then its
# coordinates (fuzz_queries.c, make_generic); then xa, xb, margin, va, vb.
G_POLYGON, G_CAPSULE, G_CIRCLE, G_BAD_TYPE, G_NULL_POLYGON, G_BAD_RADIUS, G_POINT_CAPSULE, G_SEGMENT = range(8)
TYPED_PREFIX = (QUERIES["boxes_overlap"] + bytes(143))[:143]


def g_polygon(pts):
    return bytes([G_POLYGON]) + query_polygon(pts, 0) + query_xf((0, 0), 0, 0)


def g_circle(c, r):
    return bytes([G_CIRCLE]) + query_circle(c, r, 0) + query_xf((0, 0), 0, 0)


def g_capsule(p1, p2, r):
    return bytes([G_CAPSULE]) + raw([p1, p2]) + f32(r)


def generic(a, b, pa, pb, margin=0.1, va=(4, 0), vb=(0, 0)):
    return TYPED_PREFIX + a + b + query_xf(pa, 0, 0) + query_xf(pb, 0.3, 0) + f32(margin) + raw([va, vb])


QUERIES["generic_circle_box"] = generic(g_circle((0, 0), 1), g_polygon(box1), (0, 0), (1.5, 0))
QUERIES["generic_box_capsule"] = generic(g_polygon(box1), g_capsule((-2, 1.2), (2, 1.2), 0.5), (0, 0), (0, 0))
QUERIES["generic_capsule_box"] = generic(g_capsule((-2, 1.2), (2, 1.2), 0.5), g_polygon(tri), (0, 0), (0.5, 0))
QUERIES["generic_circle_capsule"] = generic(g_circle((0, 0), 0.5), g_capsule((0, -1), (0, 1), 0.25), (0, 0), (0.6, 0))
QUERIES["generic_segment_circle"] = generic(bytes([G_SEGMENT]) + raw([(-1, 0), (1, 0)]), g_circle((0, 0), 0.5), (0, 0), (0, 0.25))
QUERIES["generic_bad_type"] = generic(bytes([G_BAD_TYPE + 0x80]), g_polygon(box1), (0, 0), (0.5, 0))
QUERIES["generic_null_polygon"] = generic(g_circle((0, 0), 1), bytes([G_NULL_POLYGON]), (0, 0), (0.5, 0))
QUERIES["generic_bad_radius"] = generic(bytes([G_BAD_RADIUS]) + raw([(0, 0)]) + f32(2), g_polygon(box1), (0, 0), (0.5, 0))
QUERIES["generic_point_capsule"] = generic(g_polygon(box1), bytes([G_POINT_CAPSULE]) + raw([(0, 0)]), (0, 0), (0.5, 0))

def write(kind, table):
    out = os.path.join(HERE, "corpus", kind)
    os.makedirs(out, exist_ok=True)
    for name, data in table.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)


write("constructors", CONSTRUCTORS)
write("queries", QUERIES)
write("broadphase", BROADPHASE)
print(f"wrote {len(CONSTRUCTORS)} constructor, {len(QUERIES)} query and {len(BROADPHASE)} broad-phase seeds", file=sys.stderr)
