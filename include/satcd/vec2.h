/**
 * @file vec2.h
 * @brief 2D vectors, rotations, rigid transforms and boxes: value types with
 * small inline math.
 *
 * Convention: y up, angles counter-clockwise, lengths in the caller's units.
 * Every helper here is a pure function of its arguments.
 */
#ifndef SATCD_VEC2_H
#define SATCD_VEC2_H

#include <math.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A 2D vector or point (caller's length unit). */
typedef struct satcd_vec2 {
    float x; /**< x coordinate */
    float y; /**< y coordinate */
} satcd_vec2;

/** A rotation stored as cosine and sine of its counter-clockwise angle. */
typedef struct satcd_rot {
    float c; /**< cosine of the angle */
    float s; /**< sine of the angle */
} satcd_rot;

/** A rigid transform: rotate by @c q, then translate by @c p (local to world). */
typedef struct satcd_xf {
    satcd_vec2 p; /**< translation: the local origin in world coordinates */
    satcd_rot q;  /**< rotation from local to world */
} satcd_xf;

/** An axis-aligned box, @c lower <= @c upper componentwise. */
typedef struct satcd_aabb {
    satcd_vec2 lower; /**< minimum corner */
    satcd_vec2 upper; /**< maximum corner */
} satcd_aabb;

/** Make a vector. */
static inline satcd_vec2 satcd_v2(float x, float y) { satcd_vec2 v = {x, y}; return v; }
/** a + b */
static inline satcd_vec2 satcd_add(satcd_vec2 a, satcd_vec2 b) { return satcd_v2(a.x + b.x, a.y + b.y); }
/** a - b */
static inline satcd_vec2 satcd_sub(satcd_vec2 a, satcd_vec2 b) { return satcd_v2(a.x - b.x, a.y - b.y); }
/** -a */
static inline satcd_vec2 satcd_neg(satcd_vec2 a) { return satcd_v2(-a.x, -a.y); }
/** s * a */
static inline satcd_vec2 satcd_scale(float s, satcd_vec2 a) { return satcd_v2(s * a.x, s * a.y); }
/** a + s * b */
static inline satcd_vec2 satcd_mul_add(satcd_vec2 a, float s, satcd_vec2 b) { return satcd_v2(a.x + s * b.x, a.y + s * b.y); }
/** Dot product. */
static inline float satcd_dot(satcd_vec2 a, satcd_vec2 b) { return a.x * b.x + a.y * b.y; }
/** z component of the 3D cross product of (a, 0) and (b, 0): > 0 when b is counter-clockwise of a. */
static inline float satcd_cross(satcd_vec2 a, satcd_vec2 b) { return a.x * b.y - a.y * b.x; }
/** a rotated by +90 degrees (counter-clockwise). */
static inline satcd_vec2 satcd_left_perp(satcd_vec2 a) { return satcd_v2(-a.y, a.x); }
/** a rotated by -90 degrees (clockwise): the outward normal direction of a CCW edge a. */
static inline satcd_vec2 satcd_right_perp(satcd_vec2 a) { return satcd_v2(a.y, -a.x); }
/** Squared length. */
static inline float satcd_length_sq(satcd_vec2 a) { return a.x * a.x + a.y * a.y; }
/** Euclidean length. */
static inline float satcd_length(satcd_vec2 a) { return sqrtf(a.x * a.x + a.y * a.y); }
/** Euclidean distance between two points. */
static inline float satcd_distance_points(satcd_vec2 a, satcd_vec2 b) { return satcd_length(satcd_sub(b, a)); }
/** Linear interpolation a + t (b - a). */
static inline satcd_vec2 satcd_lerp(satcd_vec2 a, satcd_vec2 b, float t) { return satcd_v2(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)); }
/** Componentwise minimum. */
static inline satcd_vec2 satcd_min(satcd_vec2 a, satcd_vec2 b) { return satcd_v2(a.x < b.x ? a.x : b.x, a.y < b.y ? a.y : b.y); }
/** Componentwise maximum. */
static inline satcd_vec2 satcd_max(satcd_vec2 a, satcd_vec2 b) { return satcd_v2(a.x > b.x ? a.x : b.x, a.y > b.y ? a.y : b.y); }
/** True when both components are finite (not NaN, not infinite). */
static inline bool satcd_vec2_is_finite(satcd_vec2 a) { return isfinite(a.x) && isfinite(a.y); }

/**
 * Unit vector along @p a; the zero vector, or one shorter than 1e-18 (whose
 * squared length would lose precision in float's subnormal range), gives
 * (0, 0) rather than NaN or a vector that is not unit.
 */
static inline satcd_vec2 satcd_normalize(satcd_vec2 a)
{
    float len = satcd_length(a);
    if (!(len > 1e-18f)) return satcd_v2(0.0f, 0.0f);
    float inv = 1.0f / len;
    return satcd_v2(inv * a.x, inv * a.y);
}

/** The identity rotation. */
static inline satcd_rot satcd_rot_identity(void) { satcd_rot q = {1.0f, 0.0f}; return q; }
/** Rotation by @p radians counter-clockwise. */
static inline satcd_rot satcd_rot_make(float radians) { satcd_rot q = {cosf(radians), sinf(radians)}; return q; }
/** Counter-clockwise angle of @p q in radians, in [-pi, pi]. */
static inline float satcd_rot_angle(satcd_rot q) { return atan2f(q.s, q.c); }
/** Rotate vector @p v by @p q. */
static inline satcd_vec2 satcd_rotate(satcd_rot q, satcd_vec2 v) { return satcd_v2(q.c * v.x - q.s * v.y, q.s * v.x + q.c * v.y); }
/** Rotate vector @p v by the inverse of @p q. */
static inline satcd_vec2 satcd_inv_rotate(satcd_rot q, satcd_vec2 v) { return satcd_v2(q.c * v.x + q.s * v.y, -q.s * v.x + q.c * v.y); }
/** Composition q * r: rotate by r, then by q. */
static inline satcd_rot satcd_rot_mul(satcd_rot q, satcd_rot r)
{
    satcd_rot out = {q.c * r.c - q.s * r.s, q.s * r.c + q.c * r.s};
    return out;
}
/** Composition inv(q) * r: the rotation of r relative to q. */
static inline satcd_rot satcd_rot_inv_mul(satcd_rot q, satcd_rot r)
{
    satcd_rot out = {q.c * r.c + q.s * r.s, q.c * r.s - q.s * r.c};
    return out;
}

/** The identity transform. */
static inline satcd_xf satcd_xf_identity(void) { satcd_xf xf = {{0.0f, 0.0f}, {1.0f, 0.0f}}; return xf; }
/** Transform placing a shape at @p position rotated by @p radians. */
static inline satcd_xf satcd_xf_make(satcd_vec2 position, float radians)
{
    satcd_xf xf;
    xf.p = position;
    xf.q = satcd_rot_make(radians);
    return xf;
}
/** Local point to world: q v + p. */
static inline satcd_vec2 satcd_xf_point(satcd_xf xf, satcd_vec2 v)
{
    return satcd_v2(xf.q.c * v.x - xf.q.s * v.y + xf.p.x, xf.q.s * v.x + xf.q.c * v.y + xf.p.y);
}
/** World point to local: inv(q) (v - p). */
static inline satcd_vec2 satcd_xf_inv_point(satcd_xf xf, satcd_vec2 v)
{
    return satcd_inv_rotate(xf.q, satcd_sub(v, xf.p));
}
/**
 * The transform of frame B relative to frame A: inv(A) * B. Queries use it
 * to work in A's local frame, where coordinates stay small.
 */
static inline satcd_xf satcd_xf_inv_mul(satcd_xf a, satcd_xf b)
{
    satcd_xf out;
    out.q = satcd_rot_inv_mul(a.q, b.q);
    out.p = satcd_inv_rotate(a.q, satcd_sub(b.p, a.p));
    return out;
}
/** True when every component of the transform is finite. */
static inline bool satcd_xf_is_finite(satcd_xf xf)
{
    return satcd_vec2_is_finite(xf.p) && isfinite(xf.q.c) && isfinite(xf.q.s);
}

/** True when the two boxes overlap or touch. */
static inline bool satcd_aabb_overlap(satcd_aabb a, satcd_aabb b)
{
    return !(b.lower.x > a.upper.x || b.lower.y > a.upper.y || a.lower.x > b.upper.x || a.lower.y > b.upper.y);
}

#ifdef __cplusplus
}
#endif

#endif /* SATCD_VEC2_H */
