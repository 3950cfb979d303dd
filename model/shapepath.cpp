#include "shapepath.h"

#include <QTransform>

#include <cmath>

namespace hitsmith {

QPainterPath capsulePath(QPointF a, QPointF b, double radius) {
    QPainterPath path;
    if (!std::isfinite(radius) || radius <= 0)
        return path;
    const QPointF d = b - a;
    const double length = std::hypot(d.x(), d.y());
    if (!std::isfinite(length))
        return path;
    if (length == 0) {
        path.addEllipse(a, radius, radius);
        return path;
    }
    // Along +x from (0, 0) to (length, 0), then turned onto a..b: the far cap from 12 o'clock
    // through 3 to 6, the near cap from 6 through 9 to 12.
    const double r = radius;
    path.moveTo(0, -r);
    path.lineTo(length, -r);
    path.arcTo(QRectF(length - r, -r, 2 * r, 2 * r), 90, -180);
    path.lineTo(0, r);
    path.arcTo(QRectF(-r, -r, 2 * r, 2 * r), 270, -180);
    path.closeSubpath();
    QTransform toFrame;
    toFrame.translate(a.x(), a.y());
    toFrame.rotateRadians(std::atan2(d.y(), d.x()));
    return toFrame.map(path);
}

QPainterPath filledShapePath(const Shape &shape) {
    QPainterPath path;
    switch (shape.type) {
    case ShapeType::Circle:
        if (std::isfinite(shape.radius) && shape.radius > 0)
            path.addEllipse(shape.center, shape.radius, shape.radius);
        return path;
    case ShapeType::Capsule:
        if (shape.points.size() == 2)
            return capsulePath(shape.points[0], shape.points[1], shape.radius);
        return path;
    case ShapeType::Point:
        return path;
    case ShapeType::Polygon:
    case ShapeType::Rect:
        path.addPolygon(shape.outline());
        path.closeSubpath();
        return path;
    }
    return path;
}

} // namespace hitsmith
