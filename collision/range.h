#pragma once

// Reach along x: for a shape a that stays put and a shape b slid horizontally by dx (its y fixed),
// the exact set of dx at which they overlap or touch. This is the intersection of the line y = 0
// with the Minkowski difference a - b (every a_i - b_j), so it is computed from the geometry,
// not by sampling: a convex hull of vertex differences for polygons and rectangles, rounded by
// the radii when circles are involved (a circle is its centre plus a radius).
//
// Semantics match the narrowphase (narrowphase.h): intervals are closed, so touching counts as a
// hit. The narrowphase's kTouchTolerance (1e-9 px) is not added: endpoints are the exact
// geometric ones, to rounding. Invalid shapes (see ShapeInput) have no interval.

#include "geometry.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

namespace hitsmith::collision {

/// A closed interval [lo, hi] of horizontal offsets; lo <= hi.
struct Interval {
    double lo = 0.0; ///< smallest offset
    double hi = 0.0; ///< largest offset
    /// Exact comparison.
    constexpr bool operator==(const Interval &) const = default;
};

/// The offsets dx at which b translated by (dx, 0) overlaps or touches a (both convex);
/// nullopt when it never does or either shape is invalid.
std::optional<Interval> overlapRangeX(const ShapeInput &a, const ShapeInput &b);

/// Sorts intervals and merges those that overlap or touch; the result is disjoint and ascending.
std::vector<Interval> mergeIntervals(std::vector<Interval> intervals);

/// Whether shapes on layers (a of the first set, b of the second) are tested against each other.
using LayerPairFilter = std::function<bool(std::uint16_t a, std::uint16_t b)>;

/// The union over every allowed pair (one shape of `fixed`, one of `moving`) of their
/// overlapRangeX, merged: the offsets at which at least one allowed pair overlaps or touches.
std::vector<Interval> unionRangeX(std::span<const ShapeInput> fixed,
                                  std::span<const ShapeInput> moving,
                                  const LayerPairFilter &allowed);

} // namespace hitsmith::collision
