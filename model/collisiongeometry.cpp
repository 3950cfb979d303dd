#include "collisiongeometry.h"

#include "validation.h"

#include "collision/polygon_check.h"

namespace hitsmith {

void toCollisionGeometry(const Shape &shape, std::uint16_t layer, CollisionGeometry &g) {
    g.points.clear();
    g.input = {};
    switch (shape.type) {
    case ShapeType::Polygon:
        g.input.type = collision::GeometryKind::Polygon;
        g.points.reserve(shape.points.size());
        for (QPointF p : shape.points)
            g.points.push_back({p.x(), p.y()});
        break;
    case ShapeType::Rect:
        g.input.type = collision::GeometryKind::Rect;
        g.input.center = {shape.center.x(), shape.center.y()};
        g.input.size = {shape.size.width(), shape.size.height()};
        g.input.angleDegrees = shape.angle;
        break;
    case ShapeType::Circle:
        g.input.type = collision::GeometryKind::Circle;
        g.input.center = {shape.center.x(), shape.center.y()};
        g.input.radius = shape.radius;
        break;
    }
    g.input.points = g.points;
    g.input.layer = layer;
}

void CollisionBatch::reserve(std::size_t shapes, std::size_t points) {
    mInputs.reserve(shapes);
    mPointOffsets.reserve(shapes);
    mPoints.reserve(points);
}

void CollisionBatch::append(const Shape &shape, std::uint16_t layer) {
    collision::ShapeInput &input = mInputs.emplace_back();
    mPointOffsets.push_back(mPoints.size());
    mResolved = false;
    input.layer = layer;
    switch (shape.type) {
    case ShapeType::Polygon:
        input.type = collision::GeometryKind::Polygon;
        for (QPointF p : shape.points)
            mPoints.push_back({p.x(), p.y()});
        break;
    case ShapeType::Rect:
        input.type = collision::GeometryKind::Rect;
        input.center = {shape.center.x(), shape.center.y()};
        input.size = {shape.size.width(), shape.size.height()};
        input.angleDegrees = shape.angle;
        break;
    case ShapeType::Circle:
        input.type = collision::GeometryKind::Circle;
        input.center = {shape.center.x(), shape.center.y()};
        input.radius = shape.radius;
        break;
    }
}

bool CollisionBatch::appendIfCollidable(const Shape &shape, std::uint16_t layer) {
    if (shape.type != ShapeType::Polygon) {
        if (!isCollidable(shape))
            return false;
        append(shape, layer);
        return true;
    }
    const std::size_t start = mPoints.size();
    for (QPointF p : shape.points)
        mPoints.push_back({p.x(), p.y()});
    // validateShape's polygon rule (checkConvexPolygon on exactly these points), without
    // converting them a second time.
    if (!collision::checkConvexPolygon(std::span<const collision::Vec2>(mPoints).subspan(start))
             .isValid()) {
        mPoints.resize(start);
        return false;
    }
    collision::ShapeInput &input = mInputs.emplace_back();
    input.type = collision::GeometryKind::Polygon;
    input.layer = layer;
    mPointOffsets.push_back(start);
    mResolved = false;
    return true;
}

std::span<const collision::ShapeInput> CollisionBatch::inputs() {
    // The pool may have moved while growing, so the views are set only now.
    if (!mResolved) {
        for (std::size_t i = 0; i < mInputs.size(); ++i) {
            const std::size_t end = i + 1 < mInputs.size() ? mPointOffsets[i + 1] : mPoints.size();
            mInputs[i].points = std::span<const collision::Vec2>(mPoints.data() + mPointOffsets[i],
                                                                 end - mPointOffsets[i]);
        }
        mResolved = true;
    }
    return mInputs;
}

} // namespace hitsmith
