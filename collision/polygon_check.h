#pragma once

// Convexity checking and convex hulls for user-drawn polygons. Header-only on purpose: both are
// small, run on a handful of vertices per edit, and the model layer calls them on every drag.

#include "vec2.h"

#include <algorithm>
#include <cmath>
#include <span>
#include <vector>

namespace hitsmith::collision {

/// Why a polygon cannot be used for collision; None when it can.
enum class PolygonIssue {
    None,             ///< convex, non-degenerate, finite
    NonFinite,        ///< a coordinate is NaN or infinite (vertex names which)
    TooFewVertices,   ///< fewer than 3 distinct vertices
    TooLarge,         ///< a coordinate is beyond kMaxCoordinate (vertex names which)
    ZeroArea,         ///< every vertex on one line
    SelfIntersecting, ///< two edges cross, or the outline folds back (vertex, otherVertex name
                      ///< them)
    NotConvex,        ///< the outline turns the wrong way at vertex
};

/// The result of checkConvexPolygon: the first issue found and the vertex it is at (-1: none).
struct PolygonCheck {
    PolygonIssue issue = PolygonIssue::None;
    int vertex = -1;      ///< offending vertex index, when one is to blame
    int otherVertex = -1; ///< for SelfIntersecting: start vertex of the second crossing edge
    bool isValid() const { return issue == PolygonIssue::None; }
};

/// Largest coordinate magnitude (pixels) geometry is computed with; beyond it squared lengths
/// lose all precision (and overflow near 1e154), so such polygons are refused, not misjudged.
inline constexpr double kMaxCoordinate = 1e15;
/// Collinearity tolerance: turns with |sin(angle)| below this count as straight.
inline constexpr double kCollinearSine = 1e-9;
/// Zero-area tolerance: largest distance from the line, relative to the polygon's extent.
inline constexpr double kRelativeAreaEpsilon = 1e-12;
/// Up to this many vertices every pair of edges is tested for a crossing (O(n^2): exact edge
/// numbers for hand-drawn outlines). Above it a polygon whose turns all agree is checked by its
/// total turning instead (O(n)), so a 1,000,000-vertex import validates in well under a second.
inline constexpr int kPairwiseCrossingLimit = 1024;

namespace detail {

inline bool segmentsCross(Vec2 p1, Vec2 p2, Vec2 q1, Vec2 q2) {
    // Closed segments intersect (touching counts); used on non-adjacent edges only.
    const auto orient = [](Vec2 a, Vec2 b, Vec2 c) {
        const double v = cross(b - a, c - a);
        return (v > 0) - (v < 0);
    };
    const auto onSegment = [](Vec2 a, Vec2 b, Vec2 p) {
        return std::min(a.x, b.x) <= p.x && p.x <= std::max(a.x, b.x) &&
               std::min(a.y, b.y) <= p.y && p.y <= std::max(a.y, b.y);
    };
    const int o1 = orient(p1, p2, q1), o2 = orient(p1, p2, q2);
    const int o3 = orient(q1, q2, p1), o4 = orient(q1, q2, p2);
    if (o1 != o2 && o3 != o4)
        return true;
    return (o1 == 0 && onSegment(p1, p2, q1)) || (o2 == 0 && onSegment(p1, p2, q2)) ||
           (o3 == 0 && onSegment(q1, q2, p1)) || (o4 == 0 && onSegment(q1, q2, p2));
}

/// A cheap screen that runs before the full check: true only for polygons that are surely fine
/// (finite, in range, every turn the same way and clearly not straight, the edge directions
/// going round exactly once, not flat: strictly convex and simple). False says nothing. It also
/// accepts a clearly convex polygon far from the origin, whose winding the full check can lose
/// to rounding.
inline bool isClearlyConvex(std::span<const Vec2> p) {
    const std::size_t n = p.size();
    if (n < 3)
        return false;
    // One pass over the edges does the range check, the turns and the search for the vertex
    // farthest from vertex 0 (it runs for every polygon of a document being opened); the
    // arithmetic is the same as the full check's wherever the two must agree.
    const auto inRange = [](Vec2 v) {
        return isFinite(v) && std::abs(v.x) <= kMaxCoordinate && std::abs(v.y) <= kMaxCoordinate;
    };
    // Twice the collinearity tolerance, compared in squares (no square roots), so rounding can
    // never let through a turn the full check calls straight.
    constexpr double kLimit = 4.0 * kCollinearSine * kCollinearSine;
    Vec2 in = p[0] - p[n - 1];
    double inLength = lengthSquared(in);
    bool positive = false;
    int xFlips = 0;
    double lastX = 0; // the x component of the last edge before edge 0 that has one
    for (std::size_t k = n; k-- > 0 && lastX == 0;)
        lastX = p[k + 1 < n ? k + 1 : 0].x - p[k].x;
    std::size_t far = 0;
    double farLength = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t j = i + 1 < n ? i + 1 : 0;
        if (!inRange(p[j]))
            return false; // every vertex is checked before anything is accepted
        const Vec2 out = p[j] - p[i];
        const double outLength = lengthSquared(out);
        const double c = cross(in, out);
        if (!(c * c > kLimit * inLength * outLength))
            return false; // straight, folded back or a zero-length edge: let the full check say
        if (i == 0)
            positive = c > 0;
        else if ((c > 0) != positive)
            return false;
        // Every turn is less than half a turn, so each sign change of the edges' x component is
        // one crossing of the vertical: two crossings mean the outline winds exactly once.
        if (out.x != 0) {
            if ((out.x > 0) != (lastX > 0))
                ++xFlips;
            lastX = out.x;
        }
        if (j != 0) {
            const double length = lengthSquared(p[j] - p[0]);
            if (length > farLength) {
                far = j;
                farLength = length;
            }
        }
        in = out;
        inLength = outLength;
    }
    if (xFlips != 2)
        return false;
    // Tiny edges can turn sharply on an outline that is flat as a whole: the full check's
    // zero-area test (some vertex clearly off the line through vertex 0 and the farthest one),
    // the same arithmetic on the same points (there are no repeats here).
    const Vec2 axis = p[far] - p[0];
    const double flat = kRelativeAreaEpsilon * lengthSquared(axis);
    for (std::size_t i = 0; i < n; ++i)
        if (std::abs(cross(axis, p[i] - p[0])) > flat)
            return true;
    return false;
}

/// The full check behind checkConvexPolygon, without the fast screen (for tests that compare).
inline PolygonCheck checkConvexPolygonFully(std::span<const Vec2> input);

} // namespace detail

/// Checks that points form a convex polygon (either winding, collinear vertices allowed).
/// Reports the first issue in the order of the PolygonIssue enum, except that above
/// kPairwiseCrossingLimit vertices a wrong turn is reported before a crossing, and a crossing
/// found by the turning check names only the vertex where the outline passes its start again
/// (otherVertex -1). O(n) for strictly convex polygons (the common case, screened by
/// detail::isClearlyConvex).
inline PolygonCheck checkConvexPolygon(std::span<const Vec2> input) {
    if (detail::isClearlyConvex(input))
        return {};
    return detail::checkConvexPolygonFully(input);
}

namespace detail {

inline PolygonCheck checkConvexPolygonFully(std::span<const Vec2> input) {
    const int count = static_cast<int>(input.size());
    for (int i = 0; i < count; ++i) {
        if (!isFinite(input[i]))
            return {PolygonIssue::NonFinite, i};
        if (std::abs(input[i].x) > kMaxCoordinate || std::abs(input[i].y) > kMaxCoordinate)
            return {PolygonIssue::TooLarge, i};
    }
    {
        std::vector<Vec2> distinct(input.begin(), input.end());
        std::sort(distinct.begin(), distinct.end(),
                  [](Vec2 a, Vec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
        distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
        if (distinct.size() < 3)
            return {PolygonIssue::TooFewVertices};
    }
    // A vertex repeating the one before it (an explicitly closed outline, a double click) is a
    // zero-length edge, harmless like a collinear vertex: check the outline without repeats and
    // report the caller's vertex numbers.
    std::vector<int> original;
    for (int i = 0; i < count; ++i) {
        if (input[i] != input[(i + count - 1) % count])
            original.push_back(i);
    }
    std::vector<Vec2> points;
    for (int i : original)
        points.push_back(input[i]);
    const int n = static_cast<int>(points.size());

    // Zero area means every vertex lies on one line: measure each vertex's distance from the
    // line through vertex 0 and the vertex farthest from it. (The signed area would also be zero
    // for a bow tie, which is self-intersecting, not flat.)
    int far = 0;
    for (int i = 1; i < n; ++i) {
        if (lengthSquared(points[i] - points[0]) > lengthSquared(points[far] - points[0]))
            far = i;
    }
    const Vec2 axis = points[far] - points[0];
    double twiceArea = 0;
    double maxOffset = 0;
    for (int i = 0; i < n; ++i) {
        twiceArea += cross(points[i], points[(i + 1) % n]);
        maxOffset = std::max(maxOffset, std::abs(cross(axis, points[i] - points[0])));
    }
    if (maxOffset <= kRelativeAreaEpsilon * lengthSquared(axis))
        return {PolygonIssue::ZeroArea};

    // A turn of (nearly) 180 degrees folds the outline back over itself.
    for (int i = 0; i < n; ++i) {
        const Vec2 in = points[i] - points[(i + n - 1) % n];
        const Vec2 out = points[(i + 1) % n] - points[i];
        const double c = cross(in, out);
        if (std::abs(c) <= kCollinearSine * length(in) * length(out) && dot(in, out) < 0)
            return {PolygonIssue::SelfIntersecting, original[i], original[i]};
    }
    for (int i = 0; i < n && n <= kPairwiseCrossingLimit; ++i) {
        for (int j = i + 2; j < n; ++j) {
            if (i == 0 && j == n - 1)
                continue; // adjacent through the closing edge
            if (detail::segmentsCross(points[i], points[(i + 1) % n], points[j],
                                      points[(j + 1) % n]))
                return {PolygonIssue::SelfIntersecting, original[i], original[j]};
        }
    }

    const double orientation = twiceArea > 0 ? 1.0 : -1.0;
    for (int i = 0; i < n; ++i) {
        const Vec2 in = points[i] - points[(i + n - 1) % n];
        const Vec2 out = points[(i + 1) % n] - points[i];
        const double c = cross(in, out);
        if (c * orientation < 0 && std::abs(c) > kCollinearSine * length(in) * length(out))
            return {PolygonIssue::NotConvex, original[i]};
    }
    if (n > kPairwiseCrossingLimit) {
        // Every turn goes the same way, so the outline turns through 2*pi*k: convex and simple
        // exactly when k == 1. k >= 2 (a star drawn twice round) sums to at least 4*pi.
        const auto turnAt = [&](int i) {
            const Vec2 in = points[i] - points[(i + n - 1) % n];
            const Vec2 out = points[(i + 1) % n] - points[i];
            return std::atan2(cross(in, out), dot(in, out)) * orientation;
        };
        double total = 0;
        for (int i = 0; i < n; ++i)
            total += turnAt(i);
        constexpr double kPi = 3.14159265358979323846;
        if (total > 3 * kPi) {
            double turned = 0;
            for (int i = 0; i < n; ++i) {
                turned += turnAt(i);
                if (turned > 2 * kPi * (1 + 1e-9))
                    return {PolygonIssue::SelfIntersecting, original[i], -1};
            }
        }
    }
    return {};
}

} // namespace detail

/// Convex hull of points (Andrew's monotone chain), without collinear or repeated points,
/// wound the same way as the input when the input has a clear winding. Non-finite points are
/// ignored. Fewer than 3 points come back unchanged but for the non-finite ones.
inline std::vector<Vec2> convexHull(std::span<const Vec2> points) {
    std::vector<Vec2> sorted;
    sorted.reserve(points.size());
    double twiceArea = 0;
    for (std::size_t i = 0; i < points.size(); ++i) {
        twiceArea += cross(points[i], points[(i + 1) % points.size()]);
        if (isFinite(points[i]))
            sorted.push_back(points[i]);
    }
    std::sort(sorted.begin(), sorted.end(),
              [](Vec2 a, Vec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    if (sorted.size() < 3)
        return sorted;

    std::vector<Vec2> hull(2 * sorted.size());
    std::size_t k = 0;
    for (std::size_t i = 0; i < sorted.size(); ++i) {
        while (k >= 2 && cross(hull[k - 1] - hull[k - 2], sorted[i] - hull[k - 2]) <= 0)
            --k;
        hull[k++] = sorted[i];
    }
    for (std::size_t i = sorted.size() - 1, lower = k + 1; i-- > 0;) {
        while (k >= lower && cross(hull[k - 1] - hull[k - 2], sorted[i] - hull[k - 2]) <= 0)
            --k;
        hull[k++] = sorted[i];
    }
    hull.resize(k - 1);
    // The chain winds with positive cross products; match the input's winding.
    if (twiceArea < 0)
        std::reverse(hull.begin(), hull.end());
    return hull;
}

} // namespace hitsmith::collision
