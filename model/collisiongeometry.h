#pragma once

#include "shape.h"

#include "collision/geometry.h"

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

/// Fills geometry from a model shape on the given collision layer.
void toCollisionGeometry(const Shape &shape, std::uint16_t layer, CollisionGeometry &geometry);

} // namespace hitsmith
