#pragma once

#include <cmath>

namespace hitsmith::collision {

/// A point or direction in frame pixels; y grows downwards, as on screen.
struct Vec2 {
    double x = 0.0;
    double y = 0.0;

    constexpr Vec2 operator+(Vec2 o) const { return {x + o.x, y + o.y}; }
    constexpr Vec2 operator-(Vec2 o) const { return {x - o.x, y - o.y}; }
    constexpr Vec2 operator-() const { return {-x, -y}; }
    constexpr Vec2 operator*(double s) const { return {x * s, y * s}; }
    constexpr Vec2 operator/(double s) const { return {x / s, y / s}; }
    constexpr Vec2 &operator+=(Vec2 o) {
        x += o.x;
        y += o.y;
        return *this;
    }
    constexpr Vec2 &operator-=(Vec2 o) {
        x -= o.x;
        y -= o.y;
        return *this;
    }
    constexpr bool operator==(const Vec2 &) const = default;
};

/// Dot product.
constexpr double dot(Vec2 a, Vec2 b) {
    return a.x * b.x + a.y * b.y;
}
/// z of the 3D cross product; > 0 when b turns clockwise from a on a y-down screen.
constexpr double cross(Vec2 a, Vec2 b) {
    return a.x * b.y - a.y * b.x;
}
/// Squared length.
constexpr double lengthSquared(Vec2 v) {
    return dot(v, v);
}
/// Euclidean length.
inline double length(Vec2 v) {
    return std::hypot(v.x, v.y);
}
/// Both coordinates are finite (no NaN, no infinity).
inline bool isFinite(Vec2 v) {
    return std::isfinite(v.x) && std::isfinite(v.y);
}

} // namespace hitsmith::collision
