#include "rootmotion.h"

#include "collisiongeometry.h"
#include "validation.h"

#include "collision/polygon_check.h"
#include "collision/rounded.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>
#include <vector>

namespace hitsmith::operations {

QPointF shownOffset(const Sprite &sprite, int frame, int shown) {
    const QPointF there = sprite.frames.at(frame).origin.value_or(QPointF());
    const QPointF here = sprite.frames.at(shown).origin.value_or(QPointF());
    return here - there + sprite.rootPosition(frame) - sprite.rootPosition(shown);
}

bool hasRootMotion(const Sprite &sprite) {
    return std::any_of(sprite.frames.cbegin(), sprite.frames.cend(),
                       [](const Frame &f) { return !f.motion.isNull(); });
}

QPolygonF sweptHull(const Shape &from, const Shape &to) {
    if (!isCollidable(from) || !isCollidable(to))
        return {};
    // The shapes as the tunnel takes them: a point set grown by a radius (collision/rounded.h).
    std::vector<collision::Vec2> points;
    for (const Shape *shape : {&from, &to}) {
        CollisionGeometry geometry;
        toCollisionGeometry(*shape, 0, geometry);
        const std::optional<collision::Rounded> rounded = collision::roundedOf(geometry.input);
        if (!rounded)
            return {};
        for (const collision::Vec2 p : rounded->points) {
            if (rounded->radius <= 0.0) {
                points.push_back(p);
                continue;
            }
            for (int k = 0; k < kSweepArcSegments; ++k) {
                const double a = 2.0 * std::numbers::pi * k / kSweepArcSegments;
                points.push_back(
                    {p.x + rounded->radius * std::cos(a), p.y + rounded->radius * std::sin(a)});
            }
        }
    }
    const std::vector<collision::Vec2> hull = collision::convexHull(points);
    if (hull.size() < 3)
        return {};
    QPolygonF polygon;
    polygon.reserve(qsizetype(hull.size()));
    for (const collision::Vec2 p : hull)
        polygon.append({p.x, p.y});
    return polygon;
}

QList<SweptArea> sweptAreas(const Sprite &sprite, int frame, const QList<int> &shapes) {
    QList<SweptArea> result;
    if (frame < 1 || frame >= sprite.frames.size())
        return result;
    const Frame &from = sprite.frames[frame - 1];
    const Frame &to = sprite.frames[frame];
    const QPointF shift = shownOffset(sprite, frame - 1, frame);
    for (const int index : shapes) {
        if (index < 0 || index >= to.shapes.size())
            continue;
        const Shape &shape = to.shapes[index];
        const qsizetype i = from.indexOfShape(shape.id);
        if (shape.id.isEmpty() || i < 0)
            continue;
        Shape previous = from.shapes[i];
        previous.translate(shift);
        QPolygonF hull = sweptHull(previous, shape);
        if (!hull.isEmpty())
            result.append({index, std::move(hull)});
    }
    return result;
}

} // namespace hitsmith::operations
