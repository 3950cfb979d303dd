#pragma once

#include "shape.h"

#include "collision/geometry.h"
#include "collision/polygon_check.h"

#include <cmath>
#include <cstdint>
#include <vector>

namespace hitsmith {

/// A shape's geometry laid out for the collision library; owns the polygon's points that
/// input.points views, so keep it alive while input is used (and do not copy it: the copy's
/// input would view the original's points).
struct CollisionGeometry {
    std::vector<collision::Vec2> points;
    collision::ShapeInput input;

    CollisionGeometry() = default;
    CollisionGeometry(const CollisionGeometry &) = delete;
    CollisionGeometry &operator=(const CollisionGeometry &) = delete;
};

/// isCollidable's rule for a rectangle, a circle or a capsule (validateShape's checks, without
/// naming the problem), inline: opening a document asks it for every such shape. |v| <=
/// kMaxCoordinate is false for NaN and for infinities, so the range checks are the finiteness
/// checks too.
inline bool isCollidableRectOrCircle(const Shape &shape) {
    constexpr double kMax = collision::kMaxCoordinate;
    const bool centreOk = std::abs(shape.center.x()) <= kMax && std::abs(shape.center.y()) <= kMax;
    if (shape.type == ShapeType::Rect)
        return centreOk && shape.size.width() > 0 && shape.size.width() <= kMax &&
               shape.size.height() > 0 && shape.size.height() <= kMax && std::isfinite(shape.angle);
    if (shape.type == ShapeType::Capsule)
        return shape.points.size() == 2 && std::abs(shape.points[0].x()) <= kMax &&
               std::abs(shape.points[0].y()) <= kMax && std::abs(shape.points[1].x()) <= kMax &&
               std::abs(shape.points[1].y()) <= kMax && shape.radius > 0 && shape.radius <= kMax;
    return shape.type == ShapeType::Circle && centreOk && shape.radius > 0 && shape.radius <= kMax;
}

/// Fills geometry from a model shape on the given collision layer.
void toCollisionGeometry(const Shape &shape, std::uint16_t layer, CollisionGeometry &geometry);

} // namespace hitsmith
