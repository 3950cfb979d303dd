#include "shapeoperations.h"

#include "collision/polygon_check.h"

#include <algorithm>
#include <vector>

namespace hitsmith::operations {

std::optional<Shape> replacedByConvexHull(const Shape &shape) {
    if (shape.type != ShapeType::Polygon)
        return std::nullopt;
    std::vector<collision::Vec2> points;
    points.reserve(shape.points.size());
    for (const QPointF &p : shape.points)
        points.push_back({p.x(), p.y()});
    const std::vector<collision::Vec2> hull = collision::convexHull(points);
    if (hull.size() < 3)
        return std::nullopt;
    Shape result = shape;
    result.points.clear();
    for (const collision::Vec2 &v : hull)
        result.points.append(QPointF(v.x, v.y));
    return result;
}

std::optional<Shape> withoutVertex(const Shape &shape, int index) {
    return withoutVertices(shape, {index});
}

std::optional<Shape> withoutVertices(const Shape &shape, const QList<int> &indices) {
    if (shape.type != ShapeType::Polygon)
        return std::nullopt;
    QList<int> valid;
    for (int index : indices) {
        if (index >= 0 && index < shape.points.size() && !valid.contains(index))
            valid.append(index);
    }
    if (valid.isEmpty() || shape.points.size() - valid.size() < 3)
        return std::nullopt;
    // Highest first, so earlier indices stay where they were.
    std::sort(valid.begin(), valid.end(), std::greater<int>());
    Shape result = shape;
    for (int index : valid)
        result.points.removeAt(index);
    return result;
}

QList<Shape> translated(QList<Shape> shapes, QPointF offset) {
    for (Shape &shape : shapes)
        shape.translate(offset);
    return shapes;
}

bool hasSameGeometry(const Shape &a, const Shape &b) {
    return a.type == b.type && a.points == b.points && a.center == b.center && a.size == b.size &&
           a.radius == b.radius && a.angle == b.angle;
}

} // namespace hitsmith::operations
