#pragma once

// A self-owning shape for tests: ShapeInput only views its polygon points, so tables and
// generators hold these instead.

#include "collision/geometry.h"

#include <QMetaType>

#include <vector>

namespace hitsmith::collision::test {

struct ShapeSpec {
    GeometryKind type = GeometryKind::Polygon;
    std::vector<Vec2> points;
    Vec2 center;
    Vec2 size;
    double angleDegrees = 0.0;
    double radius = 0.0;
    std::uint16_t layer = 0;

    ShapeInput input() const {
        ShapeInput in;
        in.type = type;
        in.points = points;
        in.center = center;
        in.size = size;
        in.angleDegrees = angleDegrees;
        in.radius = radius;
        in.layer = layer;
        return in;
    }
    ShapeSpec translated(Vec2 d) const {
        ShapeSpec s = *this;
        s.center += d;
        for (Vec2 &p : s.points)
            p += d;
        return s;
    }
};

inline ShapeSpec polygon(std::vector<Vec2> points) {
    ShapeSpec s;
    s.type = GeometryKind::Polygon;
    s.points = std::move(points);
    return s;
}

inline ShapeSpec reversed(ShapeSpec s) {
    std::vector<Vec2> r(s.points.rbegin(), s.points.rend());
    s.points = std::move(r);
    return s;
}

/// Axis-aligned box [x0, x1] x [y0, y1] as a polygon, clockwise on a y-down screen.
inline ShapeSpec box(double x0, double y0, double x1, double y1) {
    return polygon({{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}});
}

inline ShapeSpec rect(Vec2 center, Vec2 size, double angleDegrees = 0.0) {
    ShapeSpec s;
    s.type = GeometryKind::Rect;
    s.center = center;
    s.size = size;
    s.angleDegrees = angleDegrees;
    return s;
}

inline ShapeSpec circle(Vec2 center, double radius) {
    ShapeSpec s;
    s.type = GeometryKind::Circle;
    s.center = center;
    s.radius = radius;
    return s;
}

/// A capsule: every point within radius of the segment from p to q.
inline ShapeSpec capsule(Vec2 p, Vec2 q, double radius) {
    ShapeSpec s;
    s.type = GeometryKind::Capsule;
    s.points = {p, q};
    s.radius = radius;
    return s;
}

} // namespace hitsmith::collision::test

Q_DECLARE_METATYPE(hitsmith::collision::test::ShapeSpec)
