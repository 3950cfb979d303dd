#include "versus.h"

#include "collisiongeometry.h"
#include "operations/timing.h"
#include "operations/versusplacement.h"
#include "validation.h"

#include "collision/range.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <algorithm>
#include <memory>
#include <vector>

namespace hitsmith {

VersusLayerFilter::VersusLayerFilter(const DocumentData &data, const VersusLayers &layers)
    : mData(data)
    , mLayers(layers) {
    if (!layers)
        mAttack = operations::defaultAttackLayer(data.layerNames());
}

bool VersusLayerFilter::allows(const QString &attacker, const QString &defender) const {
    if (mLayers)
        return mLayers->contains(LayerPair{attacker, defender});
    if (!mAttack.isEmpty() && attacker != mAttack)
        return false;
    return mData.layersCollide(attacker, defender);
}

bool VersusLayerFilter::isAttackLayer(const QString &attacker) const {
    if (mLayers)
        return std::any_of(mLayers->cbegin(), mLayers->cend(),
                           [&](const LayerPair &pair) { return pair.first == attacker; });
    if (!mAttack.isEmpty())
        return attacker == mAttack;
    const QStringList names = mData.layerNames();
    return std::any_of(names.cbegin(), names.cend(),
                       [&](const QString &defender) { return allows(attacker, defender); });
}

bool VersusLayerFilter::hasAttack(const Frame &attacker) const {
    QStringList seen;
    for (const Shape &shape : attacker.shapes) {
        if (shape.type == ShapeType::Point || seen.contains(shape.layer))
            continue; // a point never attacks
        if (isAttackLayer(shape.layer))
            return true;
        seen << shape.layer;
    }
    return false;
}

QList<LayerPair> VersusLayerFilter::pairs() const {
    if (mLayers)
        return *mLayers;
    QList<LayerPair> result;
    const QStringList names = mData.layerNames();
    for (const QString &a : names)
        for (const QString &d : names)
            if (allows(a, d))
                result.append({a, d});
    return result;
}

FrameRef appendOpponentSprite(DocumentData &data, const DocumentData &opponent, FrameRef defender,
                              const QString &opponentFile) {
    Sprite sprite = opponent.sprites.at(defender.sprite);
    const QString base =
        QStringLiteral("%1 (%2)").arg(sprite.name, QFileInfo(opponentFile).fileName());
    sprite.name = base;
    for (int n = 2; data.indexOfSprite(sprite.name) >= 0; ++n)
        sprite.name = QStringLiteral("%1 %2").arg(base).arg(n);
    data.sprites.append(std::move(sprite));
    return FrameRef{int(data.sprites.size() - 1), defender.frame};
}

bool versusLayersAllowed(const DocumentData &data, const VersusLayers &layers,
                         const QString &attacker, const QString &defender) {
    return VersusLayerFilter(data, layers).allows(attacker, defender);
}

std::optional<QList<LayerPair>> parseVersusLayers(const QString &text, QString *error) {
    QList<LayerPair> pairs;
    for (const QString &item : text.split(u',')) {
        QStringList names = item.split(u':');
        for (QString &name : names)
            name = name.trimmed(); // "hitbox : hurtbox" names hitbox and hurtbox
        if (names.size() != 2 || names[0].isEmpty() || names[1].isEmpty()) {
            if (error)
                *error = QCoreApplication::translate(
                             "hitsmith::Versus",
                             "\"%1\" is not a layer pair (expected attacker:defender, e.g. "
                             "hitbox:hurtbox)")
                             .arg(item.trimmed());
            return std::nullopt;
        }
        pairs.append({names[0], names[1]});
    }
    return pairs;
}

QString formatVersusLayers(const QList<LayerPair> &pairs) {
    QStringList items;
    for (const LayerPair &pair : pairs)
        items << pair.first + u':' + pair.second;
    return items.join(QLatin1StringView(", "));
}

QList<DxInterval> versusRange(const DocumentData &data, FrameRef attacker, FrameRef defender,
                              double dy, Facing facing, const VersusLayers &layers) {
    return versusRange(data, attacker, defender, dy, facing, VersusLayerFilter(data, layers));
}

QList<DxInterval> versusRange(const DocumentData &data, FrameRef attacker, FrameRef defender,
                              double dy, Facing facing, const VersusLayerFilter &filter) {
    const Sprite &attackerSprite = data.sprites.at(attacker.sprite);
    const Frame &a = attackerSprite.frames.at(attacker.frame);
    const QPointF root = attackerSprite.rootPosition(attacker.frame);
    const Frame &d = data.sprites.at(defender.sprite).frames.at(defender.frame);
    // Layer names become indices, one numbering per side (a frame uses a few layers; numbering
    // shapes instead would overflow the 16-bit layer past 65,535 shapes).
    std::vector<std::unique_ptr<CollisionGeometry>> geometry;
    std::vector<collision::ShapeInput> fixed, moving;
    QStringList attackerLayers, defenderLayers;
    const auto indexOf = [](QStringList &names, const QString &layer) {
        qsizetype i = names.indexOf(layer);
        if (i < 0) {
            i = names.size();
            names << layer;
        }
        return std::uint16_t(i);
    };
    for (const Shape &shape : a.shapes) {
        if (!isCollidable(shape))
            continue;
        auto &g = geometry.emplace_back(std::make_unique<CollisionGeometry>());
        toCollisionGeometry(placeAttackerShape(shape, a, root),
                            indexOf(attackerLayers, shape.layer), *g);
        fixed.push_back(g->input);
    }
    for (const Shape &shape : d.shapes) {
        if (!isCollidable(shape))
            continue;
        auto &g = geometry.emplace_back(std::make_unique<CollisionGeometry>());
        toCollisionGeometry(placeDefenderShape(shape, d, {0.0, dy}, facing),
                            indexOf(defenderLayers, shape.layer), *g);
        moving.push_back(g->input);
    }
    const auto allowed = [&](std::uint16_t x, std::uint16_t y) {
        return filter.allows(attackerLayers[x], defenderLayers[y]);
    };
    QList<DxInterval> result;
    for (const collision::Interval &i : collision::unionRangeX(fixed, moving, allowed))
        result.append({i.lo, i.hi});
    return result;
}

} // namespace hitsmith
