#include "versussweep.h"

#include "collisiongeometry.h"
#include "operations/versusplacement.h"
#include "validation.h"

#include "collision/sweep.h"

#include <memory>
#include <vector>

namespace hitsmith {

namespace {

std::vector<collision::Interval> toIntervals(const QList<DxInterval> &list) {
    std::vector<collision::Interval> result;
    for (const DxInterval &i : list)
        result.push_back({i.lo, i.hi});
    return result;
}

} // namespace

QList<DxInterval> versusTunnel(const DocumentData &data, FrameRef attacker, FrameRef defender,
                               double dy, Facing facing, const VersusLayers &layers) {
    if (attacker.frame < 1)
        return {};
    const VersusLayerFilter filter(data, layers);
    return versusTunnel(
        data, attacker, defender, dy, facing, filter,
        versusRange(data, {attacker.sprite, attacker.frame - 1}, defender, dy, facing, filter),
        versusRange(data, attacker, defender, dy, facing, filter));
}

QList<DxInterval> versusTunnel(const DocumentData &data, FrameRef attacker, FrameRef defender,
                               double dy, Facing facing, const VersusLayerFilter &filter,
                               const QList<DxInterval> &before, const QList<DxInterval> &now) {
    if (attacker.frame < 1)
        return {};
    const Sprite &sprite = data.sprites.at(attacker.sprite);
    const Frame &from = sprite.frames.at(attacker.frame - 1);
    const Frame &to = sprite.frames.at(attacker.frame);
    const QPointF rootFrom = sprite.rootPosition(attacker.frame - 1);
    const QPointF rootTo = sprite.rootPosition(attacker.frame);
    const Frame &d = data.sprites.at(defender.sprite).frames.at(defender.frame);

    std::vector<std::unique_ptr<CollisionGeometry>> defenderShapes;
    QStringList defenderLayers;
    for (const Shape &shape : d.shapes) {
        if (!isCollidable(shape))
            continue;
        auto &g = defenderShapes.emplace_back(std::make_unique<CollisionGeometry>());
        toCollisionGeometry(placeDefenderShape(shape, d, {0.0, dy}, facing), 0, *g);
        defenderLayers << shape.layer;
    }
    std::vector<collision::Interval> swept;
    for (const Shape &shape : to.shapes) {
        const qsizetype i = from.indexOfShape(shape.id);
        if (shape.id.isEmpty() || i < 0 || !isCollidable(shape) || !isCollidable(from.shapes[i]))
            continue;
        const Shape &previous = from.shapes[i];
        CollisionGeometry a, b;
        toCollisionGeometry(placeAttackerShape(previous, from, rootFrom), 0, a);
        toCollisionGeometry(placeAttackerShape(shape, to, rootTo), 0, b);
        for (std::size_t k = 0; k < defenderShapes.size(); ++k) {
            const QString &layer = defenderLayers[qsizetype(k)];
            if (!filter.allows(previous.layer, layer) || !filter.allows(shape.layer, layer))
                continue;
            if (const auto hit = collision::sweptRangeX(a.input, b.input, defenderShapes[k]->input))
                swept.push_back(*hit);
        }
    }
    std::vector<collision::Interval> connects = toIntervals(before);
    const std::vector<collision::Interval> more = toIntervals(now);
    connects.insert(connects.end(), more.begin(), more.end());
    QList<DxInterval> result;
    for (const collision::Interval &i :
         collision::subtractIntervals(collision::mergeIntervals(std::move(swept)), connects))
        result.append({i.lo, i.hi});
    return result;
}

} // namespace hitsmith
