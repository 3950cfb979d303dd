#include "interpolate.h"

#include <cmath>
#include <utility>

namespace hitsmith::operations {

namespace {

double lerp(double a, double b, double t) {
    // (1 - t) a + t b, not a + t (b - a): exact at both ends.
    return (1 - t) * a + t * b;
}

QPointF lerp(QPointF a, QPointF b, double t) {
    return {lerp(a.x(), b.x(), t), lerp(a.y(), b.y(), t)};
}

/// a turned towards b by fraction t of the shorter way round, in degrees.
double lerpAngle(double a, double b, double t) {
    if (t == 1)
        return b;
    double delta = std::fmod(b - a, 360.0);
    if (delta > 180)
        delta -= 360;
    else if (delta <= -180)
        delta += 360;
    return a + delta * t;
}

} // namespace

bool canInterpolate(const Shape &a, const Shape &b) {
    if (a.type != b.type)
        return false;
    return a.type != ShapeType::Polygon || a.points.size() == b.points.size();
}

Shape interpolated(const Shape &a, const Shape &b, double t) {
    if (t == 0)
        return a;
    Shape result = a;
    if (t == 1) {
        // The geometry of b exactly; who the shape is stays a's.
        result.points = b.points;
        result.center = b.center;
        result.size = b.size;
        result.angle = b.angle;
        result.radius = b.radius;
        return result;
    }
    for (qsizetype i = 0; i < result.points.size() && i < b.points.size(); ++i)
        result.points[i] = lerp(a.points[i], b.points[i], t);
    result.center = lerp(a.center, b.center, t);
    result.size =
        QSizeF(lerp(a.size.width(), b.size.width(), t), lerp(a.size.height(), b.size.height(), t));
    result.angle = lerpAngle(a.angle, b.angle, t);
    result.radius = lerp(a.radius, b.radius, t);
    return result;
}

Inbetweens inbetweens(const Frame &first, const Frame &second, int count) {
    Inbetweens result;
    QList<QPair<const Shape *, const Shape *>> pairs;
    for (const Shape &a : first.shapes) {
        const qsizetype j = second.indexOfShape(a.id);
        if (j < 0)
            result.onlyInFirst << a.id;
        else if (!canInterpolate(a, second.shapes[j]))
            result.mismatched << a.id;
        else
            pairs.append(qMakePair(&a, &second.shapes[j]));
    }
    for (const Shape &b : second.shapes) {
        if (first.indexOfShape(b.id) < 0)
            result.onlyInSecond << b.id;
    }
    for (int k = 1; k <= count; ++k) {
        const double t = double(k) / (count + 1);
        QList<Shape> shapes;
        for (const auto &[a, b] : pairs)
            shapes << interpolated(*a, *b, t);
        result.frames << shapes;
    }
    return result;
}

Frame withShapes(Frame frame, const QList<Shape> &shapes) {
    for (const Shape &shape : shapes) {
        const qsizetype i = frame.indexOfShape(shape.id);
        if (i >= 0)
            frame.shapes[i] = shape;
        else
            frame.shapes << shape;
    }
    return frame;
}

QList<Shape> keepingFrameData(const Frame &frame, QList<Shape> shapes) {
    for (Shape &shape : shapes) {
        const qsizetype i = frame.indexOfShape(shape.id);
        if (i < 0)
            continue;
        const Shape &there = frame.shapes[i];
        shape.layer = there.layer;
        shape.properties = there.properties;
        shape.extra = there.extra;
    }
    return shapes;
}

QList<IdClash> interpolationOverwrites(const Sprite &sprite, int firstKey, int secondKey) {
    if (firstKey > secondKey)
        std::swap(firstKey, secondKey);
    QList<IdClash> clashes;
    if (firstKey < 0 || secondKey >= sprite.frames.size())
        return clashes;
    const Inbetweens between =
        inbetweens(sprite.frames[firstKey], sprite.frames[secondKey], secondKey - firstKey - 1);
    for (int k = 0; k < between.frames.size(); ++k) {
        const int target = firstKey + 1 + k;
        const Frame &frame = sprite.frames[target];
        for (const Shape &shape : keepingFrameData(frame, between.frames[k])) {
            const qsizetype i = frame.indexOfShape(shape.id);
            if (i >= 0 && frame.shapes[i] != shape)
                clashes.append({target, shape.id});
        }
    }
    return clashes;
}

} // namespace hitsmith::operations
