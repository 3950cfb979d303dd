#include "mirror.h"

#include <algorithm>

namespace hitsmith::operations {

namespace {

QPointF mirroredPoint(QPointF p, MirrorAxis axis, QPointF pivot) {
    if (axis == MirrorAxis::Horizontal)
        return {2 * pivot.x() - p.x(), p.y()};
    return {p.x(), 2 * pivot.y() - p.y()};
}

} // namespace

QPointF mirrorPivot(const Frame &frame, QSizeF imageSize) {
    if (frame.origin)
        return *frame.origin;
    if (frame.source)
        return {frame.source->width() / 2, frame.source->height() / 2};
    if (imageSize.isEmpty())
        return {};
    return {imageSize.width() / 2, imageSize.height() / 2};
}

Shape mirrored(const Shape &shape, MirrorAxis axis, QPointF pivot) {
    Shape result = shape;
    switch (shape.type) {
    case ShapeType::Polygon:
        // A mirror reverses the winding; reversing all but the first vertex restores it and
        // keeps vertex 0 where the author put it.
        for (QPointF &p : result.points)
            p = mirroredPoint(p, axis, pivot);
        if (result.points.size() > 2)
            std::reverse(result.points.begin() + 1, result.points.end());
        break;
    case ShapeType::Rect:
        result.center = mirroredPoint(shape.center, axis, pivot);
        result.angle = shape.angle == 0 ? 0.0 : -shape.angle; // no "-0" in files
        break;
    case ShapeType::Circle:
    case ShapeType::Point:
        result.center = mirroredPoint(shape.center, axis, pivot);
        break;
    case ShapeType::Capsule: // both ends mirrored, in place: end 0 stays end 0
        for (QPointF &p : result.points)
            p = mirroredPoint(p, axis, pivot);
        break;
    }
    return result;
}

Frame mirrored(const Frame &frame, MirrorAxis axis, QPointF pivot) {
    Frame result = frame;
    for (Shape &shape : result.shapes)
        shape = mirrored(shape, axis, pivot);
    return result;
}

ImageFlip toggled(ImageFlip flip, MirrorAxis axis) {
    const bool h = flip == ImageFlip::Horizontal || flip == ImageFlip::Both;
    const bool v = flip == ImageFlip::Vertical || flip == ImageFlip::Both;
    const bool newH = axis == MirrorAxis::Horizontal ? !h : h;
    const bool newV = axis == MirrorAxis::Vertical ? !v : v;
    if (newH && newV)
        return ImageFlip::Both;
    if (newH)
        return ImageFlip::Horizontal;
    return newV ? ImageFlip::Vertical : ImageFlip::None;
}

Sprite mirroredCopy(const Sprite &sprite, MirrorAxis axis, QSizeF imageSize,
                    const QString &newName) {
    Sprite result = sprite;
    result.name = newName;
    result.flip = toggled(sprite.flip, axis);
    const bool horizontal = axis == MirrorAxis::Horizontal;
    for (Frame &frame : result.frames) {
        QPointF pivot;
        if (frame.source) {
            pivot = {frame.source->width() / 2, frame.source->height() / 2};
            // The cell's pixels are at the mirrored place of the flipped image.
            QRectF &cell = *frame.source;
            if (horizontal && !imageSize.isEmpty())
                cell.moveLeft(imageSize.width() - cell.right());
            else if (!horizontal && !imageSize.isEmpty())
                cell.moveTop(imageSize.height() - cell.bottom());
        } else if (!imageSize.isEmpty()) {
            pivot = {imageSize.width() / 2, imageSize.height() / 2};
        } else {
            pivot = frame.origin.value_or(QPointF());
        }
        if (frame.origin)
            frame.origin = mirroredPoint(*frame.origin, axis, pivot);
        frame = mirrored(frame, axis, pivot);
    }
    return result;
}

QString mirroredSpriteName(const QString &name, const QStringList &taken) {
    static const std::pair<QLatin1String, QLatin1String> swaps[] = {
        {QLatin1String("right"), QLatin1String("left")},
        {QLatin1String("left"), QLatin1String("right")},
        {QLatin1String("Right"), QLatin1String("Left")},
        {QLatin1String("Left"), QLatin1String("Right")},
        {QLatin1String("RIGHT"), QLatin1String("LEFT")},
        {QLatin1String("LEFT"), QLatin1String("RIGHT")}};
    QString base = name + QLatin1String("-left");
    for (const auto &[from, to] : swaps) {
        if (!name.endsWith(from))
            continue;
        // A word of its own: "knight-right", "knightRight", "right"; not "bright".
        const qsizetype at = name.size() - from.size();
        if (at == 0 || QStringLiteral("-_ .").contains(name.at(at - 1)) ||
            QChar(from.front()).isUpper()) {
            base = name.left(name.size() - from.size()) + to;
            break;
        }
    }
    QString candidate = base;
    for (int n = 2; taken.contains(candidate); ++n)
        candidate = QStringLiteral("%1-%2").arg(base).arg(n);
    return candidate;
}

} // namespace hitsmith::operations
