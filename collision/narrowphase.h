#pragma once

// Exact pair tests between convex shapes. Every function is pure: shapes in, value out, no
// allocation, no state. A hit reports the minimum translation vector (MTV): moving shape b by
// depth * normal separates the pair; depth >= 0 and |normal| == 1 (to rounding).
//
// Failure cases and tolerances:
// - Shapes whose gap is at most kTouchTolerance count as touching: a hit of depth 0.
// - Edges shorter than kMinEdgeLength have no usable normal and give no axis; a polygon without a
//   usable edge hits nothing.
// - When the MTV direction is undefined (concentric circles, a circle centred exactly on a
//   rectangle's centre), ties go to the first candidate axis: +x of shape a's frame.
// - Invalid input (see ShapeInput) gives std::nullopt, never a crash or an endless loop; so do
//   coordinates so large that the arithmetic overflows (a non-finite result is no hit).
// - Polygons must be convex; a concave polygon gives the result for an unspecified convex shape
//   between it and its hull. Cost is O(n_a * n_b) for two polygons; there is no vertex limit.

#include "geometry.h"

#include <optional>

namespace hitsmith::collision {

/// Largest gap (frame pixels) at which two shapes still count as touching (a hit of depth 0).
inline constexpr double kTouchTolerance = 1e-9;

/// Edges shorter than this (frame pixels) are skipped as separating axes.
inline constexpr double kMinEdgeLength = 1e-12;

/// Tests any two shapes (dispatching through the [type][type] table); nullopt when they neither
/// overlap nor touch, or when either is invalid.
std::optional<Contact> collide(const ShapeInput &a, const ShapeInput &b);

/// Tests two prepared shapes through the [type][type] table; the fast path for repeated tests.
std::optional<Contact> collide(const PreparedShape &a, const PreparedShape &b);

/// Convex polygon against convex polygon: SAT over every edge normal of both, early exit on the
/// first separating axis.
std::optional<Contact> collidePolygons(const PolygonView &a, const PolygonView &b);

/// Convex polygon against rectangle (the rectangle's corners are computed on the stack).
std::optional<Contact> collidePolygonRect(const PolygonView &a, const OrientedRect &b);

/// Convex polygon against circle: edge normals, then the axis to the nearest boundary point
/// (a vertex when the centre lies in a vertex region).
std::optional<Contact> collidePolygonCircle(const PolygonView &a, const Circle &b);

/// Rectangle against rectangle: an axis-aligned fast path, else the two axes of each rectangle.
std::optional<Contact> collideRects(const OrientedRect &a, const OrientedRect &b);

/// Rectangle against circle, solved in the rectangle's frame (including its vertex regions).
std::optional<Contact> collideRectCircle(const OrientedRect &a, const Circle &b);

/// Circle against circle.
std::optional<Contact> collideCircles(const Circle &a, const Circle &b);

/// The same contact seen from the other shape: the normal reversed.
constexpr Contact flipped(Contact c) {
    return {c.depth, -c.normal};
}

} // namespace hitsmith::collision
