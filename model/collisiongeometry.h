#pragma once

#include "shape.h"

#include "collision/geometry.h"

#include <cstdint>
#include <span>
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

/// Many shapes laid out for one bulk World::addAll: every polygon's points in one pool (one
/// allocation, not one per shape). Not copyable, for the same reason as CollisionGeometry.
class CollisionBatch {
public:
    CollisionBatch() = default;
    CollisionBatch(const CollisionBatch &) = delete;
    CollisionBatch &operator=(const CollisionBatch &) = delete;

    /// Room for `shapes` shapes with `points` polygon vertices in all.
    void reserve(std::size_t shapes, std::size_t points);
    /// Appends a shape on the given collision layer.
    void append(const Shape &shape, std::uint16_t layer);
    /// Appends the shape when isCollidable(shape) holds (a polygon is checked on its points as
    /// converted for the pool, so it is converted once); returns whether it did.
    bool appendIfCollidable(const Shape &shape, std::uint16_t layer);
    /// The inputs, in append order; their points view the pool.
    std::span<const collision::ShapeInput> inputs();

private:
    std::vector<collision::Vec2> mPoints;
    std::vector<collision::ShapeInput> mInputs;
    std::vector<std::size_t> mPointOffsets; // per input: where its points start in mPoints
    bool mResolved = false;
};

} // namespace hitsmith
