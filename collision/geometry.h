#pragma once

#include "vec2.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>

namespace hitsmith::collision {

/// The kinds of shape the narrowphase knows; the values index the [type][type] pair table.
enum class GeometryKind : std::uint8_t { Polygon, Rect, Circle, Capsule };

/// Number of GeometryKind values.
inline constexpr int kGeometryKindCount = 4;

/// One shape as the caller holds it; only the fields of its type are read.
/// Polygon: `points`, convex, either winding, collinear vertices allowed, any count >= 3.
/// Rect: `center`, `size` (full width and height), `angleDegrees` (positive turns clockwise on a
/// y-down screen: the matrix [cos -sin; sin cos] applied in y-down coordinates, as QTransform).
/// Circle: `center`, `radius`.
/// Capsule: `points` (exactly 2: the ends of its segment), `radius` (every point within radius of
/// the segment; equal ends make a circle, radius 0 the bare segment).
/// Invalid input (non-finite numbers, fewer than 3 points or all points equal, negative sizes)
/// never crashes; it simply takes part in no pair. Degenerate but valid polygons (zero area,
/// repeated vertices) act as the segment or polygon they trace.
struct ShapeInput {
    GeometryKind type = GeometryKind::Polygon; ///< which fields below are read
    std::span<const Vec2> points;              ///< polygon vertices (viewed, not owned)
    Vec2 center;                               ///< rectangle or circle centre
    Vec2 size;                                 ///< rectangle width and height
    double angleDegrees = 0.0;                 ///< rectangle rotation, clockwise on screen
    double radius = 0.0;                       ///< circle or capsule radius
    std::uint16_t layer = 0;                   ///< collision layer (see World::setLayerFilter)
};

/// Minimum translation vector of an overlapping or touching pair: moving shape b by
/// depth * normal separates it from shape a. depth >= 0, normal has unit length.
struct Contact {
    double depth = 0.0; ///< penetration depth, >= 0 (0: touching)
    Vec2 normal;        ///< unit direction in which b leaves a
    /// Exact comparison.
    constexpr bool operator==(const Contact &) const = default;
};

/// Axis-aligned bounding box; min <= max on both axes for a valid shape.
struct Aabb {
    Vec2 min; ///< smallest x and y
    Vec2 max; ///< largest x and y
    /// Exact comparison.
    constexpr bool operator==(const Aabb &) const = default;
};

/// Whether two boxes overlap or lie within `tolerance` of each other.
constexpr bool overlaps(const Aabb &a, const Aabb &b, double tolerance = 0.0) {
    return a.min.x <= b.max.x + tolerance && b.min.x <= a.max.x + tolerance &&
           a.min.y <= b.max.y + tolerance && b.min.y <= a.max.y + tolerance;
}

/// A rotation as cosine and sine: v' = (c*x - s*y, s*x + c*y).
struct Rotation {
    double c = 1.0; ///< cosine
    double s = 0.0; ///< sine
    /// Exact comparison.
    constexpr bool operator==(const Rotation &) const = default;
};

/// Rotation for an angle in degrees, exact (0 and +-1) at every multiple of 90 degrees.
Rotation rotationFromDegrees(double degrees);

/// Applies a rotation to a vector.
constexpr Vec2 rotate(Rotation r, Vec2 v) {
    return {r.c * v.x - r.s * v.y, r.s * v.x + r.c * v.y};
}

/// Applies the inverse of a rotation to a vector.
constexpr Vec2 unrotate(Rotation r, Vec2 v) {
    return {r.c * v.x + r.s * v.y, -r.s * v.x + r.c * v.y};
}

/// A rectangle with its rotation resolved once; halfSize holds half the width and height.
struct OrientedRect {
    Vec2 center;       ///< centre
    Vec2 halfSize;     ///< half the width and height
    Rotation rotation; ///< rotation of the local axes
    /// The rectangle's local x axis in frame coordinates.
    constexpr Vec2 axisX() const { return {rotation.c, rotation.s}; }
    /// The rectangle's local y axis in frame coordinates.
    constexpr Vec2 axisY() const { return {-rotation.s, rotation.c}; }
    /// Whether the sides are parallel to the frame axes (rotation a multiple of 90 degrees).
    constexpr bool isAxisAligned() const { return rotation.s == 0.0 || rotation.c == 0.0; }
    /// Corner k in 0..3, in the order (-,-), (+,-), (+,+), (-,+) of the local axes.
    constexpr Vec2 corner(int k) const {
        const double sx = (k == 1 || k == 2) ? halfSize.x : -halfSize.x;
        const double sy = (k >= 2) ? halfSize.y : -halfSize.y;
        return center + rotate(rotation, {sx, sy});
    }
};

/// A circle.
struct Circle {
    Vec2 center;         ///< centre
    double radius = 0.0; ///< radius, >= 0
};

/// A capsule: every point within `radius` of the segment from `p` to `q` (p == q: a circle).
struct Capsule {
    Vec2 p;              ///< first end
    Vec2 q;              ///< second end
    double radius = 0.0; ///< radius, >= 0
};

/// Bounding box of a capsule.
inline Aabb boundsOf(const Capsule &c) {
    const double r = c.radius;
    return {{std::min(c.p.x, c.q.x) - r, std::min(c.p.y, c.q.y) - r},
            {std::max(c.p.x, c.q.x) + r, std::max(c.p.y, c.q.y) + r}};
}

/// Whether a capsule is usable in a pair: finite ends, finite radius >= 0.
inline bool isUsableCapsule(const Capsule &c) {
    return isFinite(c.p) && isFinite(c.q) && std::isfinite(c.radius) && c.radius >= 0.0;
}

/// A view of a convex polygon's vertices with its winding resolved once; the points are not
/// copied and must outlive the view.
struct PolygonView {
    const Vec2 *points = nullptr; ///< first vertex
    std::uint32_t count = 0;      ///< number of vertices
    /// +1 when the signed area sum(cross(p[i], p[i+1])) is >= 0, else -1; the outward normal of
    /// edge e is orientation * (e.y, -e.x).
    double orientation = 1.0;
    /// The vertices as a span.
    std::span<const Vec2> span() const { return {points, count}; }
};

/// Builds a rectangle from centre, full size and angle in degrees (as ShapeInput).
inline OrientedRect makeRect(Vec2 center, Vec2 size, double angleDegrees) {
    return {center, size * 0.5, rotationFromDegrees(angleDegrees)};
}

/// Bounding box of a rectangle. (Inline, as the next few: a document being opened prepares every
/// rectangle and circle, and the calls were a tenth of that.)
inline Aabb boundsOf(const OrientedRect &rect) {
    const double ex =
        std::abs(rect.rotation.c) * rect.halfSize.x + std::abs(rect.rotation.s) * rect.halfSize.y;
    const double ey =
        std::abs(rect.rotation.s) * rect.halfSize.x + std::abs(rect.rotation.c) * rect.halfSize.y;
    return {{rect.center.x - ex, rect.center.y - ey}, {rect.center.x + ex, rect.center.y + ey}};
}

/// Bounding box of a circle.
inline Aabb boundsOf(const Circle &circle) {
    const double r = circle.radius;
    return {{circle.center.x - r, circle.center.y - r}, {circle.center.x + r, circle.center.y + r}};
}

/// prepare()'s rule for a rectangle input, given makeRect's result for it.
inline bool isUsableRect(const ShapeInput &shape, const OrientedRect &rect) {
    return isFinite(shape.center) && isFinite(shape.size) && shape.size.x >= 0.0 &&
           shape.size.y >= 0.0 && std::isfinite(rect.rotation.c);
}

/// prepare()'s rule for a circle input.
inline bool isUsableCircle(const ShapeInput &shape) {
    return isFinite(shape.center) && std::isfinite(shape.radius) && shape.radius >= 0.0;
}

/// Builds a polygon view, computing its winding; the points must outlive the view.
PolygonView makePolygon(std::span<const Vec2> points);

/// A shape prepared for repeated pair tests: rotations and windings are resolved, geometry is
/// referenced (polygon points), not copied. Only the member named by `type` is meaningful.
struct PreparedShape {
    GeometryKind type = GeometryKind::Polygon; ///< which member of the union is meaningful
    /// False when the input was unusable (non-finite, too few points, negative size); an invalid
    /// shape hits nothing.
    bool valid = false;
    union {
        PolygonView polygon; ///< for GeometryKind::Polygon
        OrientedRect rect;   ///< for GeometryKind::Rect
        Circle circle;       ///< for GeometryKind::Circle
        Capsule capsule;     ///< for GeometryKind::Capsule
    };
    /// An invalid, empty polygon.
    PreparedShape()
        : polygon{} {}
};

/// Resolves a ShapeInput for pair tests; `valid` reports whether it can take part in a pair.
PreparedShape prepare(const ShapeInput &shape);

/// Bounding box of a prepared shape (all NaN-free only when the shape is valid).
Aabb boundsOf(const PreparedShape &shape);

/// Bounding box of a shape.
Aabb boundsOf(const ShapeInput &shape);

/// Bounding box of a polygon (an empty polygon gives a box of NaNs).
Aabb boundsOf(const PolygonView &polygon);

} // namespace hitsmith::collision
