#pragma once

// Swings between frames: the area a convex shape sweeps from one frame to the next, taken as the
// convex hull of the shape at both frames (two rectangles or polygons: the hull of their
// vertices; two circles: a capsule, the hull of two discs), and the exact defender offsets dx at
// which it meets a defender shape. Same conventions as range.h: the defender b slides along x
// by dx, intervals are closed, endpoints exact to rounding.

#include "range.h"

#include <optional>
#include <span>
#include <vector>

namespace hitsmith::collision {

/// The offsets dx at which b translated by (dx, 0) overlaps or touches the convex hull of
/// `from` and `to` (both convex); nullopt when it never does or a shape is invalid.
std::optional<Interval> sweptRangeX(const ShapeInput &from, const ShapeInput &to,
                                    const ShapeInput &b);

/// The parts of `from` (disjoint, ascending) that no interval of `minus` covers, as closed
/// intervals (the closure of the set difference), ascending: a piece of `from` that `minus`
/// does not meet is kept whole, the pieces cut from one it meets have positive length.
std::vector<Interval> subtractIntervals(std::span<const Interval> from,
                                        std::span<const Interval> minus);

} // namespace hitsmith::collision
