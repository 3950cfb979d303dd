#include "shape.h"

#include <QTransform>

namespace hitsmith {

QString shapeTypeName(ShapeType type) {
    switch (type) {
    case ShapeType::Polygon:
        return QStringLiteral("polygon");
    case ShapeType::Rect:
        return QStringLiteral("rect");
    case ShapeType::Circle:
        return QStringLiteral("circle");
    case ShapeType::Point:
        return QStringLiteral("point");
    case ShapeType::Capsule:
        return QStringLiteral("capsule");
    }
    return {};
}

Shape Shape::polygon(const QString &id, const QList<QPointF> &points, const QString &layer) {
    Shape shape;
    shape.id = id;
    shape.layer = layer;
    shape.type = ShapeType::Polygon;
    shape.points = points;
    return shape;
}

Shape Shape::rect(const QString &id, QPointF center, QSizeF size, double angle,
                  const QString &layer) {
    Shape shape;
    shape.id = id;
    shape.layer = layer;
    shape.type = ShapeType::Rect;
    shape.center = center;
    shape.size = size;
    shape.angle = angle;
    return shape;
}

Shape Shape::circle(const QString &id, QPointF center, double radius, const QString &layer) {
    Shape shape;
    shape.id = id;
    shape.layer = layer;
    shape.type = ShapeType::Circle;
    shape.center = center;
    shape.radius = radius;
    return shape;
}

Shape Shape::capsule(const QString &id, QPointF a, QPointF b, double radius, const QString &layer) {
    Shape shape;
    shape.id = id;
    shape.layer = layer;
    shape.type = ShapeType::Capsule;
    shape.points = {a, b};
    shape.radius = radius;
    return shape;
}

Shape Shape::point(const QString &id, QPointF position, const QString &layer) {
    Shape shape;
    shape.id = id;
    shape.layer = layer;
    shape.type = ShapeType::Point;
    shape.center = position;
    return shape;
}

QPolygonF Shape::outline() const {
    switch (type) {
    case ShapeType::Polygon:
        return QPolygonF(points);
    case ShapeType::Rect: {
        const double hw = size.width() / 2.0, hh = size.height() / 2.0;
        // QTransform::rotate turns clockwise on a y-down screen, as the format defines.
        const QTransform toFrame = QTransform::fromTranslate(center.x(), center.y()).rotate(angle);
        return toFrame.map(
            QPolygonF({QPointF(-hw, -hh), QPointF(hw, -hh), QPointF(hw, hh), QPointF(-hw, hh)}));
    }
    case ShapeType::Circle:
    case ShapeType::Point:
    case ShapeType::Capsule:
        return {};
    }
    return {};
}

QRectF Shape::boundingRect() const {
    if (type == ShapeType::Circle)
        return {center.x() - radius, center.y() - radius, 2 * radius, 2 * radius};
    if (type == ShapeType::Point)
        return {center, QSizeF(0, 0)};
    if (type == ShapeType::Capsule) {
        if (points.isEmpty())
            return {};
        const QRectF ends = QPolygonF(points).boundingRect();
        return ends.adjusted(-radius, -radius, radius, radius);
    }
    return outline().boundingRect();
}

void Shape::translate(QPointF offset) {
    if (type == ShapeType::Polygon || type == ShapeType::Capsule) {
        for (QPointF &p : points)
            p += offset;
    } else {
        center += offset;
    }
}

static bool exactlyEqual(QPointF a, QPointF b) {
    return a.x() == b.x() && a.y() == b.y();
}

bool Shape::operator==(const Shape &o) const {
    if (id != o.id || layer != o.layer || type != o.type || points.size() != o.points.size() ||
        !exactlyEqual(center, o.center) || size.width() != o.size.width() ||
        size.height() != o.size.height() || angle != o.angle || radius != o.radius ||
        extra != o.extra || properties != o.properties)
        return false;
    for (qsizetype i = 0; i < points.size(); ++i) {
        if (!exactlyEqual(points[i], o.points[i]))
            return false;
    }
    return true;
}

} // namespace hitsmith
