#include "geometry.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <numbers>

namespace hitsmith::collision {

Rotation rotationFromDegrees(double degrees) {
    if (!std::isfinite(degrees))
        return {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN()};
    // Reduce to a quarter turn plus a remainder in [-45, 45] so that multiples of 90 are exact
    // and a rectangle at 90 degrees is recognised as axis-aligned.
    // fmod returns an angle within one turn unchanged, and adding and taking away 2^52 rounds a
    // number in [0, 2^52) to the nearest integer, ties to even, as nearbyint does: the same
    // values without two library calls per rectangle of a document being opened.
    double r = std::abs(degrees) < 360.0 ? degrees : std::fmod(degrees, 360.0);
    if (r < 0.0)
        r += 360.0;
    constexpr double kRoundingShift = 4503599627370496.0; // 2^52
    const double quarter = (r / 90.0 + kRoundingShift) - kRoundingShift;
    const double rest = (r - quarter * 90.0) * (std::numbers::pi / 180.0);
    const double c = rest == 0.0 ? 1.0 : std::cos(rest);
    const double s = rest == 0.0 ? 0.0 : std::sin(rest);
    switch (static_cast<int>(quarter) & 3) {
    case 0:
        return {c, s};
    case 1:
        return {-s, c};
    case 2:
        return {-c, -s};
    default:
        return {s, -c};
    }
}

PolygonView makePolygon(std::span<const Vec2> points) {
    PolygonView view;
    view.points = points.data();
    view.count = static_cast<std::uint32_t>(
        std::min<std::size_t>(points.size(), std::numeric_limits<std::uint32_t>::max()));
    if (view.count == 0)
        return view;
    // Relative to the first vertex, for precision far from the origin.
    const Vec2 o = points[0];
    double area = 0.0;
    for (std::uint32_t i = 1; i + 1 < view.count; ++i)
        area += cross(points[i] - o, points[i + 1] - o);
    view.orientation = area >= 0.0 ? 1.0 : -1.0;
    return view;
}

PreparedShape prepare(const ShapeInput &shape) {
    PreparedShape p;
    p.type = shape.type;
    switch (shape.type) {
    case GeometryKind::Polygon: {
        std::construct_at(&p.polygon, makePolygon(shape.points));
        // At least 3 finite points, not all in one place (else no edge has a direction).
        bool finite = p.polygon.count >= 3;
        bool spread = false;
        for (const Vec2 &v : shape.points) {
            finite = finite && isFinite(v);
            spread = spread || !(v == shape.points[0]);
        }
        p.valid = finite && spread;
        break;
    }
    case GeometryKind::Rect:
        std::construct_at(&p.rect, makeRect(shape.center, shape.size, shape.angleDegrees));
        p.valid = isUsableRect(shape, p.rect);
        break;
    case GeometryKind::Circle:
        std::construct_at(&p.circle, Circle{shape.center, shape.radius});
        p.valid = isUsableCircle(shape);
        break;
    default:
        p.valid = false;
        break;
    }
    return p;
}

Aabb boundsOf(const PolygonView &polygon) {
    if (polygon.count == 0) {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        return {{nan, nan}, {nan, nan}};
    }
    Aabb box{polygon.points[0], polygon.points[0]};
    for (std::uint32_t i = 1; i < polygon.count; ++i) {
        const Vec2 v = polygon.points[i];
        box.min.x = std::min(box.min.x, v.x);
        box.min.y = std::min(box.min.y, v.y);
        box.max.x = std::max(box.max.x, v.x);
        box.max.y = std::max(box.max.y, v.y);
    }
    return box;
}

Aabb boundsOf(const PreparedShape &shape) {
    switch (shape.type) {
    case GeometryKind::Polygon:
        return boundsOf(shape.polygon);
    case GeometryKind::Rect:
        return boundsOf(shape.rect);
    case GeometryKind::Circle:
        return boundsOf(shape.circle);
    }
    const double nan = std::numeric_limits<double>::quiet_NaN();
    return {{nan, nan}, {nan, nan}};
}

Aabb boundsOf(const ShapeInput &shape) {
    return boundsOf(prepare(shape));
}

} // namespace hitsmith::collision
