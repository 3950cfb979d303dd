#include "collisiongeometry.h"

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
    case ShapeType::Capsule: // its two ends in points, as the collision library reads them
        g.input.type = collision::GeometryKind::Capsule;
        g.points.reserve(shape.points.size());
        for (QPointF p : shape.points)
            g.points.push_back({p.x(), p.y()});
        g.input.radius = shape.radius;
        break;
    case ShapeType::Point: // never collided: an empty polygon, which the world never pairs
        break;
    }
    g.input.points = g.points;
    g.input.layer = layer;
}

} // namespace hitsmith
