#pragma once

// A convex shape as a point set plus a radius (the Minkowski sum of the points' hull and a
// disc): polygons and rectangles are their vertices with radius 0, a circle is its centre with
// its radius. range.cpp computes reaches on these; sweep.cpp builds swept hulls from them.

#include "geometry.h"
#include "range.h"

#include <optional>
#include <vector>

namespace hitsmith::collision {

/// The hull of `points`, grown by `radius` (>= 0).
struct Rounded {
    std::vector<Vec2> points; ///< any order; the hull is taken
    double radius = 0.0;      ///< >= 0
};

/// The shape as a Rounded; nullopt for an invalid shape (see ShapeInput).
std::optional<Rounded> roundedOf(const ShapeInput &shape);

/// The offsets dx at which b translated by (dx, 0) overlaps or touches a (as overlapRangeX).
std::optional<Interval> roundedRangeX(const Rounded &a, const Rounded &b);

} // namespace hitsmith::collision
