#include "versusplacement.h"

namespace hitsmith {

namespace {

Shape transformed(const Shape &shape, QPointF origin, QPointF offset, bool mirror) {
    const auto map = [&](QPointF p) {
        const QPointF local = p - origin;
        return QPointF(mirror ? -local.x() : local.x(), local.y()) + offset;
    };
    Shape result = shape;
    for (QPointF &p : result.points)
        p = map(p);
    result.center = map(shape.center);
    if (mirror)
        result.angle = shape.angle == 0.0 ? 0.0 : -shape.angle; // no -0 in saved files
    return result;
}

} // namespace

Shape placeAttackerShape(const Shape &shape, const Frame &frame, QPointF position) {
    return transformed(shape, frame.origin.value_or(QPointF()), position, false);
}

Shape placeDefenderShape(const Shape &shape, const Frame &frame, QPointF offset, Facing facing) {
    return transformed(shape, frame.origin.value_or(QPointF()), offset, facing == Facing::Opposite);
}

} // namespace hitsmith
